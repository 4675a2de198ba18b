"""CatBoost's classification metrics from raw approxes, as ``catboost.utils.eval_metric``.

:func:`eval_metric` takes a CatBoost metric string such as ``"TotalF1:average=Macro"`` or
``"AUC:type=Mu;misclass_cost_matrix=0/1/2/1/0/1/2/1/0"`` and returns the list of floats
that CatBoost 1.2.10 returns, without CatBoost. It is a thin layer: it turns the approxes
into what a metric needs (a predicted class, probabilities or the raw scores) and calls
the shared builder (:class:`~metrics_sk.Confusion` with ``labels=range(K)``), the
shared count metrics and the score kernels of :mod:`metrics_sk._scores` and
:mod:`metrics_sk._auc`, passing CatBoost's conventions as parameters: recall 1 and
precision 0 for an empty denominator, F with ``P' = R' = 1`` defaults, TotalF1 macro over
all K columns, WKappa quadratic and -1 when undefined, AUC of an empty side 0, PR AUC
ties within 1e-8, per-object losses 0 when all weights are 0 (see the Notes of
:func:`eval_metric`).
"""

import warnings

import numpy as np

from . import _auc, _losses
from ._confusion import Confusion
from ._sklearn_compat import UndefinedMetricWarning
from ._validation import check_cost_matrix, check_same_length, check_sample_weight, label_array

__all__ = ["eval_metric", "parse_metric"]

_PRAUC_TIE_TOLERANCE = 1e-8  # CatBoost's PRAUC groups consecutive scores closer than this
_TARGET_BORDER = 0.5  # binary targets: positive iff target > 0.5


# -- metric strings -------------------------------------------------------------------
def parse_metric(metric):
    """Split a CatBoost metric string into its name and a ``{parameter: value}`` dict.

    Parameters
    ----------
    metric : str
        ``"Name"`` or ``"Name:param1=value1;...;paramN=valueN"``.

    Returns
    -------
    name : str
    params : dict of str to str

    Examples
    --------
    >>> from metrics_sk.catboost import parse_metric
    >>> parse_metric("AUC:type=Mu;misclass_cost_matrix=0/1/1/0")
    ('AUC', {'type': 'Mu', 'misclass_cost_matrix': '0/1/1/0'})
    """
    if not isinstance(metric, str):
        raise TypeError(f"metric must be a CatBoost metric string, got {type(metric).__name__}.")
    name, colon, rest = metric.partition(":")
    params = {}
    if colon:
        for item in rest.split(";"):
            key, equals, value = item.partition("=")
            if not key or not equals:
                raise ValueError(f"Invalid metric description {metric!r}: it should be in the "
                                 "form 'metric_name:param1=value1;...;paramN=valueN'.")
            if key in params:
                raise ValueError(f"Duplicated parameter {key!r} in metric {metric!r}.")
            params[key] = value
    return name, params


def _bool_param(value, key):
    lowered = value.lower()
    if lowered in ("true", "1", "yes"):
        return True
    if lowered in ("false", "0", "no"):
        return False
    raise ValueError(f"Parameter {key} must be true or false, got {value!r}.")


def _float_param(value, key):
    try:
        return float(value)
    except ValueError:
        raise ValueError(f"Parameter {key} must be a number, got {value!r}.") from None


def _choice(params, key, default, allowed, name, data):
    value = params.get(key, default)
    if value not in allowed:
        kind = "binary" if data.binary else "multi-class"
        raise ValueError(f"{name} {key}={value!r} is not available for a {kind} approx here; "
                         f"use one of {sorted(allowed)}.")
    return value


def _cost_matrix(value, n_classes):
    try:
        cells = [float(v) for v in value.split("/")]
    except ValueError:
        raise ValueError(f"Cannot parse misclass_cost_matrix {value!r}: values must be numbers "
                         "separated by '/'.") from None
    if len(cells) != n_classes * n_classes:
        raise ValueError(f"misclass_cost_matrix has {len(cells)} values; a {n_classes}-class "
                         f"approx needs {n_classes}x{n_classes} = {n_classes ** 2}.")
    return check_cost_matrix(np.reshape(cells, (n_classes, n_classes)), n_classes,
                             zero_diagonal=True)


# -- inputs ---------------------------------------------------------------------------------
class _Data:
    """Validated inputs, stored as CatBoost stores them (labels and weights as float32)."""

    def __init__(self, y_true, approx, sample_weight):
        target = label_array(y_true, "y_true", allow_column=True)
        if target.dtype.kind not in "biuf":
            raise ValueError("y_true must hold numbers: class indices 0..K-1, or binary "
                             f"targets; got dtype {target.dtype}.")
        scores = _losses.score_array(approx, "approx")
        if scores.ndim == 2 and scores.shape[1] == 1:
            scores = scores[:, 0]
        if scores.ndim not in (1, 2):
            raise ValueError(f"approx must have shape (n_samples,) or (n_samples, n_classes); "
                             f"got shape {scores.shape}.")
        check_same_length(("y_true", target), ("approx", scores))
        weights = check_sample_weight(sample_weight, target.shape[0])
        _losses._finite_range(scores, "approx")
        self.target = target.astype(np.float32).astype(np.float64)
        if not np.isfinite(self.target).all():
            raise ValueError("Input y_true contains NaN or infinity.")
        self.weights = None if weights is None else weights.astype(np.float32).astype(np.float64)
        self.approx = scores
        self.binary = scores.ndim == 1
        self.n_classes = 2 if self.binary else scores.shape[1]

    @property
    def classes(self):
        """Multi-class true classes: the target truncated to an integer, as CatBoost does
        for every multi-class metric but the one-vs-all rankings."""
        classes = np.trunc(self.target).astype(np.int64)
        bad = (classes < 0) | (classes >= self.approx.shape[1])
        if bad.any():
            raise ValueError(f"y_true holds classes {sorted(set(classes[bad].tolist()))[:10]} "
                             f"outside 0..{self.approx.shape[1] - 1}, the columns of approx.")
        return classes

    @property
    def one_vs_all_classes(self):
        """The classes of one-vs-all AUC and PRAUC, whose positives of class k are the
        targets ``== k`` (CatBoost): a fractional target is a negative of every class."""
        classes = self.classes
        return np.where(classes == self.target, classes, -1)

    def confusion(self, params):
        """The weighted confusion over ``labels=range(K)`` of CatBoost's predicted classes:
        the first arg max of a multi-class approx, ``approx > logit(proba_border)`` for a
        binary one (``proba_border`` has no effect on a multi-class approx)."""
        border = _float_param(params.get("proba_border", "0.5"), "proba_border")
        if not 0 <= border <= 1:
            raise ValueError(f"proba_border must be in [0, 1], got {border}.")
        if self.binary:
            with np.errstate(divide="ignore"):
                logit = np.log(border) - np.log1p(-border)
            true, pred = self.target > _TARGET_BORDER, self.approx > logit
        else:
            true, pred = self.classes, self.approx.argmax(axis=1)
        return Confusion.from_predictions(true.astype(np.int64), pred.astype(np.int64),
                                          labels=range(self.n_classes),
                                          sample_weight=self.weights)

    def final_error(self, losses):
        """CatBoost's mean of per-object losses: 0 when all weights are 0."""
        if self.weights is not None and self.weights.sum() == 0:
            return 0.0
        return _losses.average_losses(losses, self.weights)


def _softmax(approx):
    e = np.exp(approx - approx.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


# -- metrics: each returns a list of floats ---------------------------------------------------
def _per_class(values, data):
    """K values for a multi-class approx; the value of class 1 for a binary one."""
    return [float(values[1])] if data.binary else [float(v) for v in values]


def _prf(index, zero_division, beta=1.0):
    """Precision (0 without predictions), recall (1 without positives), or F with those
    defaults for P and R: scikit-learn's formulas with CatBoost's zero division."""

    def metric(data, params):
        c = data.confusion(params)
        result = c.precision_recall_fscore_support(
            beta=beta, labels=range(data.n_classes), average=None, zero_division=zero_division)
        return _per_class(result[index], data)

    return metric


def _f_beta(data, params):
    if "beta" not in params:
        raise ValueError("Metric F requires beta as a parameter, e.g. 'F:beta=2'.")
    beta = _float_param(params["beta"], "beta")
    if not beta > 0:
        raise ValueError(f"F:beta must be a positive number, got {params['beta']!r}.")
    return _prf(2, 1, beta)(data, params)


def _total_f1(data, params):
    average = _choice(params, "average", "Weighted", {"Weighted", "Macro", "Micro"},
                      "TotalF1", data)
    c = data.confusion(params)
    if c.total == 0 and average != "Macro":
        return [np.nan]
    return [c.f1_score(labels=range(data.n_classes), average=average.lower(), zero_division=0)]


def _kappa(weights):
    def metric(data, params):
        c = data.confusion(params)
        if c.total == 0:
            return [np.nan]
        with warnings.catch_warnings():  # CatBoost's -1 for an undefined kappa is silent
            warnings.simplefilter("ignore", UndefinedMetricWarning)
            return [c.cohen_kappa_score(labels=range(data.n_classes), weights=weights,
                                        replace_undefined_by=-1.0)]

    return metric


def _accuracy(data, params):
    _choice(params, "type", "Classic", {"Classic"}, "Accuracy", data)
    c = data.confusion(params)
    return [c.accuracy_score() if c.total else 0.0]


def _zero_one_loss(data, params):
    c = data.confusion(params)
    return [c.zero_one_loss() if c.total else np.nan]


def _hamming_loss(data, params):
    c = data.confusion(params)
    return [c.hamming_loss() if c.total else 0.0]


def _mcc(data, params):
    return [data.confusion(params).matthews_corrcoef()]


def _balanced_accuracy(data, params):
    if not data.binary:
        raise ValueError("Balanced accuracy is used only for binary classification problems.")
    c = data.confusion(params)
    if c.tp.sum() == c.total:  # no error at all, empty classes included
        return [1.0]
    recall = c.recall_score(labels=range(2), average=None, zero_division=0)
    return [float(recall.mean())]


def _multiclass_log_loss(data, params):
    if data.binary:
        raise ValueError("MultiClass needs an approx of shape (n_samples, n_classes).")
    return [data.final_error(_losses.log_losses(data.classes, data.approx, from_logits=True))]


def _one_vs_all_log_loss(data, params):
    if data.binary:
        raise ValueError("MultiClassOneVsAll needs an approx of shape (n_samples, n_classes).")
    losses = _losses.one_vs_all_losses(data.classes, data.approx, from_logits=True)
    return [data.final_error(losses)]


def _logloss(data, params):
    if not data.binary:
        raise ValueError("Metric logloss supports only single-dimensional data: use MultiClass "
                         "for an approx of shape (n_samples, n_classes).")
    positive = (data.target > _TARGET_BORDER).astype(np.int64)
    return [data.final_error(_losses.log_losses(positive, data.approx, from_logits=True))]


def _hinge_loss(data, params):
    codes = (data.target > _TARGET_BORDER).astype(np.int64) if data.binary else data.classes
    return [data.final_error(_losses.hinge_losses(codes, data.approx))]


def _binary_auc(data):
    """Classic AUC: a target t in [0, 1] is a positive of weight t w and a negative of
    weight (1 - t) w (computed in float32, as CatBoost); 0 if a side is empty."""
    t = data.target
    if ((t < 0) | (t > 1)).any():
        raise ValueError("All target values should be in the segment [0, 1] for AUC.")
    pos, neg = t > 0, t < 1
    if data.weights is None and not (pos & neg).any():
        return [_auc.mann_whitney(data.approx[pos], data.approx[neg], empty=0.0)]
    w = np.ones_like(t) if data.weights is None else data.weights
    neg_share = (1 - t.astype(np.float32)).astype(np.float64)
    return [_auc.mann_whitney(data.approx[pos], data.approx[neg], (t * w)[pos],
                              (neg_share * w)[neg], empty=0.0)]


def _mu_dot_products(approx, cost_matrix):
    """AUC mu's ``D_r = sum_k M[r, k] a_k`` rounded as CatBoost's ``auc_mu.cpp`` rounds it,
    and the pair signs (:func:`metrics_sk._auc.mu_dot_products` without the rounding):
    summed class by class from 0, and without a cost matrix ``D_r = (sum_k a_k) - a_r``
    (signs +1), so a pair ranks by ``(S - a_j) - (S - a_i)``, where exact ties of
    ``a_i - a_j`` can break (:func:`~metrics_sk.roc_auc_mu_score` keeps them)."""
    n_classes = approx.shape[1]
    if cost_matrix is None:
        total = np.zeros(approx.shape[0])
        for k in range(n_classes):
            total += approx[:, k]
        return total[:, None] - approx, np.ones((n_classes, n_classes))
    dot = np.zeros(approx.shape)
    for r in range(n_classes):
        for k in range(n_classes):
            dot[:, r] += cost_matrix[r, k] * approx[:, k]
    return dot, np.sign(cost_matrix + cost_matrix.T)


def _roc_auc(data, params):
    if data.binary:
        if "misclass_cost_matrix" in params:
            raise ValueError("misclass_cost_matrix applies to multi-class AUC mu only.")
        _choice(params, "type", "Classic", {"Classic"}, "AUC", data)
        return _binary_auc(data)
    kind = _choice(params, "type", "Mu", {"Mu", "OneVsAll"}, "AUC", data)
    if kind == "OneVsAll":
        if "misclass_cost_matrix" in params:
            raise ValueError("misclass_cost_matrix applies to AUC:type=Mu only.")
        values = _auc.one_vs_all_auc(data.one_vs_all_classes, _softmax(data.approx),
                                     data.weights, empty=0.0)
        return [float(v) for v in values]
    matrix = None
    if "misclass_cost_matrix" in params:
        matrix = _cost_matrix(params["misclass_cost_matrix"], data.n_classes)
    return [_auc.auc_mu(data.classes, *_mu_dot_products(data.approx, matrix), data.weights)]


def _pr_auc(data, params):
    if data.binary:
        _choice(params, "type", "Classic", {"Classic"}, "PRAUC", data)
        values = [_auc.pr_auc(data.target == 1, data.approx, data.weights,
                              tie_tolerance=_PRAUC_TIE_TOLERANCE)]
    else:
        _choice(params, "type", "OneVsAll", {"OneVsAll"}, "PRAUC", data)
        values = _auc.one_vs_all_pr_auc(data.one_vs_all_classes, data.approx, data.weights,
                                        tie_tolerance=_PRAUC_TIE_TOLERANCE)
    if np.isnan(values).any():
        raise ValueError("No element of a positive class: PRAUC needs positive samples of "
                         "non-zero weight for every class.")
    return [float(v) for v in values]


_LOSS = frozenset({"hints", "use_weights"})
_COUNT = _LOSS | {"proba_border"}

#: CatBoost metric name -> (the parameters CatBoost accepts, implementation)
METRICS = {
    "MultiClass": (_LOSS, _multiclass_log_loss),
    "MultiClassOneVsAll": (_LOSS, _one_vs_all_log_loss),
    "Logloss": (_COUNT, _logloss),
    "Accuracy": (_COUNT | {"type"}, _accuracy),
    "Precision": (_COUNT, _prf(0, 0)),
    "Recall": (_COUNT, _prf(1, 1)),
    "F": (_COUNT | {"beta"}, _f_beta),
    "F1": (_COUNT, _prf(2, 1)),
    "TotalF1": (_COUNT | {"average"}, _total_f1),
    "MCC": (_COUNT, _mcc),
    "HingeLoss": (_COUNT | {"border"}, _hinge_loss),
    "HammingLoss": (_COUNT, _hamming_loss),
    "ZeroOneLoss": (_COUNT, _zero_one_loss),
    "Kappa": (_COUNT | {"border"}, _kappa(None)),
    "WKappa": (_COUNT | {"border"}, _kappa("quadratic")),
    "BalancedAccuracy": (_COUNT | {"border"}, _balanced_accuracy),
    "AUC": (_COUNT | {"type", "misclass_cost_matrix"}, _roc_auc),
    "PRAUC": (_COUNT | {"type"}, _pr_auc),
}
_NOT_SUPPORTED = frozenset({"border"})  # accepted by CatBoost, not implemented here


def _check_params(name, params, accepted):
    unknown = sorted(set(params) - accepted)
    if unknown:
        raise ValueError(f"{name} metric has no parameter {', '.join(map(repr, unknown))}; "
                         f"valid parameters are {', '.join(sorted(accepted))}.")
    unsupported = sorted(set(params) & _NOT_SUPPORTED)
    if unsupported:
        raise ValueError(f"Parameter {', '.join(map(repr, unsupported))} of {name} is accepted "
                         "by CatBoost but not supported by metrics_sk.")
    if "use_weights" in params:
        _bool_param(params["use_weights"], "use_weights")


def eval_metric(y_true, approx, metric, *, sample_weight=None):
    """Compute a CatBoost metric from raw approxes, as ``catboost.utils.eval_metric`` does.

    The metric string is parsed as CatBoost parses it, and the value follows CatBoost's
    own conventions for zero divisions and absent classes (docs/design.rst, CatBoost).

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        Targets, as CatBoost takes them: class indices ``0..K-1`` for a multi-class approx
        (floats are truncated, as CatBoost does, except in ``AUC:type=OneVsAll`` and
        ``PRAUC``, whose positives of class k are the targets equal to k), or binary
        targets (positive iff
        ``> 0.5``; ``Logloss`` and ``AUC`` accept any target in [0, 1], ``PRAUC`` counts
        only ``== 1`` as positive). Stored as float32, as in CatBoost.
    approx : array-like of shape (n_samples, n_classes) or (n_samples,)
        **Raw approxes** (``prediction_type="RawFormulaVal"``): a logit per class, or the
        log-odds of class 1 for a binary model. Never probabilities.
    metric : str
        A CatBoost metric string: ``MultiClass``, ``MultiClassOneVsAll``, ``Accuracy``,
        ``Precision``, ``Recall``, ``F:beta=...``, ``F1``,
        ``TotalF1[:average=Weighted|Macro|Micro]``, ``MCC``, ``HingeLoss``,
        ``HammingLoss``, ``ZeroOneLoss``, ``Kappa``, ``WKappa``,
        ``AUC[:type=Mu|OneVsAll][;misclass_cost_matrix=m00/m01/...]``,
        ``PRAUC[:type=OneVsAll]``, and for a binary approx ``Logloss``, ``AUC``,
        ``BalancedAccuracy``, ``PRAUC``. Parameters ``use_weights`` (no effect here: as
        in CatBoost's ``eval_metric``, given weights are always used), ``proba_border``
        (binary prediction threshold on the probability, default 0.5; no effect on a
        multi-class approx) and ``hints`` (ignored) are accepted where CatBoost accepts
        them.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative sample weights, rounded to float32 as in CatBoost.

    Returns
    -------
    values : list of float
        One value, or K for ``Precision``, ``Recall``, ``F``, ``F1``, ``PRAUC`` and
        ``AUC:type=OneVsAll`` on a multi-class approx.

    Raises
    ------
    ValueError
        For an unknown metric or parameter (the message names it), a parameter CatBoost
        accepts but metrics_sk does not implement (``border``, ``AUC:type=Ranking``), a
        multi-class target outside ``0..K-1`` (which CatBoost does not always check),
        NaN or infinite approxes, and ``PRAUC`` without positives ("No element of a
        positive class", as CatBoost).

    See Also
    --------
    catboost.utils.eval_metric : The original, which this reproduces.
    metrics_sk.roc_auc_mu_score, metrics_sk.one_vs_all_pr_auc_score : The shared kernels.

    Notes
    -----
    Predicted class: the first arg max of a multi-class approx (softmax is monotone and
    is not applied), ``approx > logit(proba_border)`` for a binary one. The count
    metrics use the weighted confusion over ``labels=range(K)`` (K = 2 for a binary
    approx), so every "per class" or "macro" value runs over all K columns:

    ======================  ==========================================================
    ``MultiClass``          :func:`~metrics_sk.log_loss` with ``from_logits=True``
    ``MultiClassOneVsAll``  :func:`~metrics_sk.one_vs_all_log_loss` from logits
    ``Logloss`` (binary)    log-sum-exp cross-entropy of the log-odds, target > 0.5
    ``Precision``           per class, 0 for a class never predicted
    ``Recall``              per class, 1 for a class absent from ``y_true``
    ``F``, ``F1``           per class, from P and R that default to 1 on 0/0
    ``TotalF1``             :func:`~metrics_sk.f1_score` weighted (default), macro
                            (over all K, 0 for an absent class) or micro
    ``MCC``                 :func:`~metrics_sk.matthews_corrcoef`, 0 on 0/0
    ``Kappa``, ``WKappa``   :func:`~metrics_sk.cohen_kappa_score`, WKappa quadratic;
                            -1 when undefined
    ``BalancedAccuracy``    mean recall of both classes, 0/0 as 0, 1 if no error
    ``HingeLoss``           :func:`~metrics_sk.hinge_loss` on raw approxes
    ``AUC`` (multi-class)   :func:`~metrics_sk.roc_auc_mu_score` on raw approxes (a pair
                            with an absent class counts 0), with CatBoost's rounding
                            of the score differences (below); with ``type=OneVsAll``
                            :func:`~metrics_sk.one_vs_all_roc_auc_score` of softmax
                            probabilities, 0 for an absent class
    ``AUC`` (binary)        ROC AUC of the raw approx; a target t in [0, 1] is a
                            positive of weight t and a negative of weight 1 - t
    ``PRAUC``               :func:`~metrics_sk.one_vs_all_pr_auc_score` on raw approxes,
                            scores within 1e-8 tied; binary: positives are target == 1
    ======================  ==========================================================

    AUC mu ranks a pair of classes i, j by a difference of ``D_r = sum_k M[r, k] a_k``
    computed as CatBoost computes it: summed class by class, and without a cost matrix
    as ``(S - a_j) - (S - a_i)`` with ``S = sum_k a_k``. Rounding there can break ties
    that are exact in ``a_i - a_j`` (or make new ones), so this can differ from
    :func:`~metrics_sk.roc_auc_mu_score`, which ranks exact differences; for instance
    ``eval_metric([0, 1], [[-1, -1.5, -.5], [-.4, -.9, -.3]], "AUC")`` is 0 here and in
    CatBoost, and ``roc_auc_mu_score`` gives 1/6.

    When all weights are 0, the per-object losses and ``Accuracy`` and ``HammingLoss``
    are 0; ``ZeroOneLoss``, ``Kappa``, ``WKappa``, ``TotalF1`` (weighted, micro) and
    ``AUC`` are NaN, as in CatBoost. CatBoost's softmax uses an approximate vectorised
    exp, so for ``AUC:type=OneVsAll`` two probabilities that are equal only up to
    rounding (for instance from integer approxes) may tie in one library and not in the
    other; equal rows and continuous approxes agree.

    References
    ----------
    .. [1] CatBoost, "Multiclassification: objectives and metrics".
    .. [2] ``catboost/libs/metrics`` (``metric.cpp``, ``caching_metric.cpp``,
       ``auc_mu.cpp``, ``kappa.cpp``), CatBoost 1.2.10.

    Examples
    --------
    >>> from metrics_sk.catboost import eval_metric
    >>> y = [0, 1, 2, 2]
    >>> approx = [[2.0, 0.5, -1.0], [0.1, 1.2, 0.3], [-0.5, 0.2, 0.9], [1.5, 0.0, 0.4]]
    >>> eval_metric(y, approx, "Accuracy")
    [0.75]
    >>> eval_metric(y, approx, "Recall")
    [1.0, 1.0, 0.5]
    >>> [round(v, 4) for v in eval_metric(y, approx, "TotalF1:average=Macro")]
    [0.7778]
    >>> eval_metric(y, approx, "AUC:type=Mu")
    [1.0]
    """
    name, params = parse_metric(metric)
    if name not in METRICS:
        raise ValueError(f"Unknown CatBoost metric {name!r}; supported: "
                         f"{', '.join(sorted(METRICS))}.")
    accepted, compute = METRICS[name]
    _check_params(name, params, accepted)
    return compute(_Data(y_true, approx, sample_weight), params)
