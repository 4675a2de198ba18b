"""Thresholds as a batch axis: every count metric at every threshold from one sort.

:func:`confusions_at_thresholds` (behind :meth:`Confusion.at_thresholds
<metrics_sk.Confusion.at_thresholds>`) turns the cumulative counts of
``_auc.counts_at_thresholds`` (one sort, the positives and negatives at or above each
distinct score) into a :class:`ThresholdBatch`: one more ``ConfusionBatch`` whose R
confusions are the 2 x 2 tables of the predictions ``y_score >= t``, R x 4 cells. Both
live in ``metrics_sk/_batch.py`` (below ``_confusion``, which builds the batch without
an upward import) and keep their names here. The formulas of ``_formulas`` evaluate it
unchanged. :func:`metric_at_thresholds` (scikit-learn's drop-in) evaluates a recognised
count metric on it; the operating points (``recall_at_precision`` and its kin) and
:func:`equal_error_rate` read the same counts.
"""

import inspect

import numpy as np
import sklearn.metrics
from sklearn.metrics import _ranking as _sk

from . import _auc, _dask_ranking, _formulas
from ._batch import (  # (ThresholdBatch and confusions_at_thresholds: public names here)
    ConfusionBatch,
    ThresholdBatch,
    confusions_at_thresholds,
    threshold_batch,
)
from ._confusion import Confusion
from ._curves import _boundary, _column, _weights
from ._encoding import binary_score_inputs
from ._facts import FACTS
from ._params import checked as checked_function
from ._sklearn_compat import sklearn_constraints
from ._validation import plain_targets


# -- metric_at_thresholds ---------------------------------------------------------------------
def _count_metric_name(metric_func):
    """The registry name of ``metric_func`` when it is a count metric of metrics_sk's
    (the public function of its name) or scikit-learn's (``sklearn.metrics.<name>``)
    that evaluates a batch at once; None for any other callable."""
    name = getattr(metric_func, "__name__", None)
    facts = FACTS.get(name) if isinstance(name, str) else None
    if facts is None or not facts.count:
        return None
    if not _formulas.FORMULAS[name].batch or name == "precision_recall_fscore_support":
        return None  # (matrices, blocks and tuples: per threshold, as scikit-learn)
    # metrics_sk's public function of that name (its module named, not imported: the
    # public functions' modules sit above this one) or scikit-learn's
    ours = getattr(metric_func, "__module__", None) in _PUBLIC_MODULES and getattr(
        metric_func, "__wrapped__", None) is not None
    if ours or metric_func is getattr(sklearn.metrics, name, None):
        return name
    return None


#: The modules of metrics_sk's public count functions.
_PUBLIC_MODULES = ("metrics_sk._dropins", "metrics_sk._onedal", "metrics_sk._decisions")


def _batched(y_true, y_score, sample_weight, name, params):
    """The values of count metric ``name`` at every threshold on the batch, or None when
    the input is not one this computes exactly as scikit-learn's loop does: plain 1-D
    ``y_true`` of 0/1 labels (scikit-learn predicts the integers 0 and 1 and never
    encodes ``y_true``), finite 1-D scores, non-negative weights, ``params`` among the
    metric's keyword parameters."""
    method = getattr(ConfusionBatch, name)
    if not set(params) <= set(inspect.signature(method).parameters) - {"self"}:
        return None
    y = plain_targets(y_true)
    if y is None or y.dtype.kind not in "biuf":
        return None
    n = y.shape[0]
    weights = _weights(sample_weight, n)
    scores = None if weights is False else _column(y_score, n, weights)
    if scores is None or not np.isin(y, (0, 1)).all():
        return None
    is_pos = y == 1
    if weights is not None:
        kept = weights != 0
        is_pos, scores, weights = is_pos[kept], scores[kept], weights[kept]
        if not kept.any():
            return None
    fps, tps, thresholds = _auc.counts_at_thresholds(is_pos, scores, weights,
                                                     integers=True)
    both = 0 < tps[-1] and 0 < fps[-1]
    batch = threshold_batch(np.array([0, 1]), 1, fps, tps, thresholds,
                            weighted=weights is not None, confusion_type=Confusion, both=both)
    values = getattr(batch, name)(**params)
    if not both and np.ndim(values) > 1:
        return None  # per-class values over labels that change with the threshold: ragged
    return np.asarray(values), thresholds.astype(np.asarray(y_score).dtype, copy=False)


@checked_function(sklearn_constraints("metric_at_thresholds") or {
    "y_true": ["array-like"], "y_score": ["array-like"], "metric_func": [callable],
    "sample_weight": ["array-like", None], "metric_params": [dict, None]})
def metric_at_thresholds(y_true, y_score, metric_func, *, sample_weight=None,
                         metric_params=None):
    """Compute ``metric_func`` at every threshold of binary scores.

    Drop-in for :func:`sklearn.metrics.metric_at_thresholds` (same values, thresholds and
    errors). A count metric of metrics_sk or scikit-learn (``f1_score``,
    ``matthews_corrcoef``, ``specificity_score``... recognised by identity) is evaluated
    on all thresholds at once, from one sort (:meth:`Confusion.at_thresholds
    <metrics_sk.Confusion.at_thresholds>`); any other callable is called once per
    threshold, as scikit-learn does.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels (0 and 1: the predictions are the integers 0 and 1).
    y_score : array-like of shape (n_samples,)
        Scores of the positive class.
    metric_func : callable
        Called as ``metric_func(y_true, y_pred, **metric_params)`` with
        ``y_pred = (y_score >= threshold).astype(np.int32)``.
    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights, passed to ``metric_func``; samples of weight 0 give no threshold.
    metric_params : dict, default=None
        Keyword arguments of ``metric_func``.

    Returns
    -------
    metric_values : ndarray of shape (n_thresholds,) or (n_thresholds, n_outputs)
        The metric at each threshold.
    thresholds : ndarray of shape (n_thresholds,)
        The distinct scores, decreasing.

    See Also
    --------
    Confusion.at_thresholds : Every count metric at every threshold.
    confusion_matrix_at_thresholds : The binary confusion counts at every threshold.

    Notes
    -----
    At the distinct score :math:`t_j` (decreasing), the predictions are
    :math:`\\hat y_i = [s_i \\ge t_j]`; for a count metric, :math:`TP_j` and :math:`FP_j`
    are cumulative sums of the sorted (weighted) positives and negatives,
    :math:`FN_j = P - TP_j`, :math:`TN_j = N - FP_j`, and the metric's formula is evaluated
    on all :math:`j` at once: O(n log n) instead of scikit-learn's O(n x n_thresholds).
    (A warning of an ill-defined value is then given once, not once per threshold.)

    References
    ----------
    .. [1] T. Fawcett (2006). An introduction to ROC analysis. Pattern Recognition
       Letters 27(8), 861-874.

    Examples
    --------
    >>> from metrics_sk import accuracy_score, metric_at_thresholds
    >>> values, thresholds = metric_at_thresholds([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8],
    ...                                           accuracy_score)
    >>> thresholds.tolist(), values.tolist()
    ([0.8, 0.4, 0.35, 0.1], [0.75, 0.5, 0.75, 0.5])
    """
    params = dict(metric_params or {})
    name = _count_metric_name(metric_func)
    if name is not None:
        _boundary(y_true, y_score, sample_weight)
        if sample_weight is not None:
            params.pop("sample_weight", None)
        done = _batched(y_true, y_score, sample_weight, name, params)
        if done is not None:
            return done
    return _sk.metric_at_thresholds(y_true, y_score, metric_func, sample_weight=sample_weight,
                                    metric_params=metric_params)


# -- operating points --------------------------------------------------------------------------
def _counts_of(y_true, y_score, pos_label, sample_weight, *, roc):
    """``(fps, tps, thresholds, N, P)``: the (weighted) negatives and positives at or
    above each threshold, decreasing; ``roc``: with the point ``+inf`` first (nothing
    predicted positive), as :func:`roc_curve` has it. Dask inputs: the counts from two
    passes on the workers (:func:`metrics_sk._dask_ranking.dask_counts`)."""
    routed = _dask_ranking.dask_counts(y_true, y_score, sample_weight, pos_label)
    if routed is not None:
        fps, tps, thresholds = routed[2:]
    else:
        _, _, is_pos, scores, weights = binary_score_inputs(y_true, y_score, sample_weight,
                                                            pos_label)
        fps, tps, thresholds = _auc.counts_at_thresholds(is_pos, scores, weights)
    if roc:
        fps, tps = np.r_[0.0, fps], np.r_[0.0, tps]
        thresholds = np.r_[np.inf, thresholds]
    return fps, tps, thresholds, fps[-1], tps[-1]


def _best(value, reached, thresholds, return_threshold):
    """The largest ``value`` where ``reached`` (0.0 where nowhere), and with
    ``return_threshold`` the largest threshold giving it (NaN where nowhere)."""
    if not reached.any():
        return (0.0, np.nan) if return_threshold else 0.0
    best = float(value[reached].max())
    if not return_threshold:
        return best
    return best, float(thresholds[np.flatnonzero(reached & (value == best))[0]])


def _precision(fps, tps, n, p):
    return tps / (tps + fps)  # (thresholds are scores: something is predicted positive)


def _recall(fps, tps, n, p):
    return tps / p


def _specificity(fps, tps, n, p):
    return (n - fps) / n


def _at(value, constraint, roc, y_true, y_score, minimum, pos_label, sample_weight,
        return_threshold):
    """The largest ``value`` (a rate of the counts) where ``constraint`` reaches
    ``minimum``, over the thresholds (``roc``: with ``+inf``)."""
    fps, tps, thresholds, n, p = _counts_of(y_true, y_score, pos_label, sample_weight, roc=roc)
    return _best(value(fps, tps, n, p), constraint(fps, tps, n, p) >= minimum, thresholds,
                 return_threshold)


_POINT_DOC = """Return the largest {value} where the {constraint} reaches ``{minimum}``.

    The largest {value} over the thresholds where the {constraint} is at least
    ``{minimum}``. The thresholds are the distinct scores{roc}; at each, the predictions
    are ``pos_label`` where ``y_score >= t``. 0.0 when no threshold reaches ``{minimum}``.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels: exactly two classes, each with weight.
    y_score : array-like of shape (n_samples,)
        Finite scores of the positive class.
    {minimum} : float in [0, 1]
        The least {constraint} accepted.
    pos_label : int, float, bool or str, default=None
        The positive class; None: 1 of {{0, 1}} or {{-1, 1}} labels.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative sample weights.
    return_threshold : bool, default=False
        Also return the largest threshold giving the value.

    Returns
    -------
    value : float
        The largest {value} where the {constraint} is at least ``{minimum}``.
    threshold : float
        Only with ``return_threshold``: the largest threshold ``t`` giving it (NaN when
        no threshold reaches ``{minimum}``).

    Raises
    ------
    ValueError
        ``{minimum}`` outside [0, 1], mismatched lengths, a 2-D, NaN or infinite
        ``y_score``, a ``y_true`` without two weighted classes: the message names the
        argument.

    See Also
    --------
    Confusion.at_thresholds : Every count metric at every threshold.
    {see_also}

    Notes
    -----
    With :math:`TP_t, FP_t` the (weighted) positives and negatives scoring at least
    :math:`t`, :math:`P, N` all positives and negatives: precision
    :math:`TP_t / (TP_t + FP_t)`, recall (sensitivity) :math:`TP_t / P`, specificity
    :math:`(N - FP_t) / N`; the value is :math:`\\\\max \\\\{{{formula}\\\\}}`, from one sort of the
    scores (O(n log n)).

    References
    ----------
    .. [1] T. Fawcett (2006). An introduction to ROC analysis. Pattern Recognition
       Letters 27(8), 861-874.

    Examples
    --------
    >>> from metrics_sk import {name}
    >>> y_true = [0, 0, 1, 1, 0, 1]
    >>> y_score = [0.1, 0.4, 0.35, 0.8, 0.7, 0.9]
    >>> {name}(y_true, y_score, {minimum}=0.6, return_threshold=True)
    {example}
    """


def _documented(name, value, constraint, minimum, roc, see_also, formula, example):
    def decorate(func):
        func.__doc__ = _POINT_DOC.format(
            name=name, value=value, constraint=constraint, minimum=minimum,
            roc=(" and ``+inf`` (nothing predicted positive), the points of "
                 ":func:`roc_curve`" if roc else
                 " (the thresholds of :func:`precision_recall_curve`; the precision is "
                 "undefined above the highest score)"),
            see_also=see_also, formula=formula, example=example)
        return func
    return decorate


@checked_function(FACTS["recall_at_precision"].constraints)
@_documented("recall_at_precision", "recall", "precision", "min_precision", False,
             "precision_recall_curve : Precision and recall at every threshold.",
             "\\\\mathrm{{recall}}_t : \\\\mathrm{{precision}}_t \\\\ge m",
             "(1.0, 0.35)")
def recall_at_precision(y_true, y_score, *, min_precision, pos_label=None,
                        sample_weight=None, return_threshold=False):
    return _at(_recall, _precision, False, y_true, y_score, min_precision, pos_label,
               sample_weight, return_threshold)


@checked_function(FACTS["precision_at_recall"].constraints)
@_documented("precision_at_recall", "precision", "recall", "min_recall", False,
             "precision_recall_curve : Precision and recall at every threshold.",
             "\\\\mathrm{{precision}}_t : \\\\mathrm{{recall}}_t \\\\ge m",
             "(1.0, 0.8)")
def precision_at_recall(y_true, y_score, *, min_recall, pos_label=None, sample_weight=None,
                        return_threshold=False):
    return _at(_precision, _recall, False, y_true, y_score, min_recall, pos_label,
               sample_weight, return_threshold)


@checked_function(FACTS["sensitivity_at_specificity"].constraints)
@_documented("sensitivity_at_specificity", "sensitivity (recall)", "specificity",
             "min_specificity", True, "roc_curve : The rates at every threshold.",
             "\\\\mathrm{{TPR}}_t : 1 - \\\\mathrm{{FPR}}_t \\\\ge m",
             "(0.6666666666666666, 0.8)")
def sensitivity_at_specificity(y_true, y_score, *, min_specificity, pos_label=None,
                               sample_weight=None, return_threshold=False):
    return _at(_recall, _specificity, True, y_true, y_score, min_specificity, pos_label,
               sample_weight, return_threshold)


@checked_function(FACTS["specificity_at_sensitivity"].constraints)
@_documented("specificity_at_sensitivity", "specificity", "sensitivity (recall)",
             "min_sensitivity", True, "roc_curve : The rates at every threshold.",
             "1 - \\\\mathrm{{FPR}}_t : \\\\mathrm{{TPR}}_t \\\\ge m",
             "(1.0, 0.8)")
def specificity_at_sensitivity(y_true, y_score, *, min_sensitivity, pos_label=None,
                               sample_weight=None, return_threshold=False):
    return _at(_specificity, _recall, True, y_true, y_score, min_sensitivity, pos_label,
               sample_weight, return_threshold)


@checked_function(FACTS["equal_error_rate"].constraints)
def equal_error_rate(y_true, y_score, *, pos_label=None, sample_weight=None):
    """Return the error rate where the false positive and false negative rates are equal.

    On the ROC points (the distinct scores and ``+inf``, where nothing is predicted
    positive: FPR = 0, FNR = 1), FPR - FNR grows from -1 to 1 as the threshold falls;
    the equal error rate is linearly interpolated between the two consecutive points
    where it changes sign (reaches 0).

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels: exactly two classes, each with weight.
    y_score : array-like of shape (n_samples,)
        Finite scores of the positive class.
    pos_label : int, float, bool or str, default=None
        The positive class; None: 1 of {0, 1} or {-1, 1} labels.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative sample weights.

    Returns
    -------
    float
        The rate where FPR = FNR, in [0, 1].

    Raises
    ------
    ValueError
        Mismatched lengths, a 2-D, NaN or infinite ``y_score``, a ``y_true`` without two
        weighted classes: the message names the argument.

    See Also
    --------
    det_curve : FPR and FNR at every threshold.
    roc_curve : FPR and TPR at every threshold.

    Notes
    -----
    With :math:`d_j = \\mathrm{FPR}_j - \\mathrm{FNR}_j` on the ROC points (non-decreasing)
    and :math:`j` the first point with :math:`d_j \\ge 0`:
    :math:`\\mathrm{EER} = \\mathrm{FPR}_{j-1} + a (\\mathrm{FPR}_j - \\mathrm{FPR}_{j-1})`,
    :math:`a = d_{j-1} / (d_{j-1} - d_j)` (the crossing of the segment with FPR = FNR).

    References
    ----------
    .. [1] A. Martin, G. Doddington, T. Kamm, M. Ordowski, M. Przybocki (1997). The DET
       curve in assessment of detection task performance. Eurospeech, 1895-1898.

    Examples
    --------
    >>> from metrics_sk import equal_error_rate
    >>> equal_error_rate([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    0.5
    """
    fps, tps, _, n, p = _counts_of(y_true, y_score, pos_label, sample_weight, roc=True)
    fpr, fnr = fps / n, (p - tps) / p
    d = fpr - fnr  # -1 at +inf, 1 at the lowest score
    j = int(np.argmax(d >= 0))
    a = d[j - 1] / (d[j - 1] - d[j])
    return float(fpr[j - 1] + a * (fpr[j] - fpr[j - 1]))
