"""Score-based metrics: log losses, hinge loss, Brier and D^2 scores, AUC mu, one-vs-all
ROC AUC and PR AUC.

These take scores (probabilities or raw decision values), not predicted labels, so they
do not go through the :class:`~metrics_sk.Confusion`. Each public function validates
its inputs once at the boundary (:func:`prepare_scores`) and then calls a kernel on the encoded
arrays: the per-sample losses below and the ranking kernels in :mod:`metrics_sk._auc`.
:mod:`metrics_sk.catboost` calls the same kernels with CatBoost's conventions.

``log_loss``, ``hinge_loss``, ``brier_score_loss``, ``d2_brier_score`` and
``d2_log_loss_score`` are scikit-learn drop-ins: inputs that scikit-learn
accepts without a warning are computed here in one pass; every other input (one
scikit-learn would warn about or reject, multilabel targets, ...) is handed to
scikit-learn itself, so values, warnings and errors are scikit-learn's. Which inputs are
which is decided before computing, by explicit predicates (:func:`_native_log_loss`,
:func:`_native_brier`, :func:`_native_hinge`); no exception is caught to decide it.
"""

import functools
import warnings

import numpy as np
import sklearn.metrics as skm

import scipy.sparse as sp

from . import _auc, _dask_ranking
from ._encoding import encode, is_sorted
from ._formulas import reduce_average
from ._losses import (
    prepare_scores,
    _rows_sum_to_one,
    score_array,
    _warn_unaligned,
    average_losses,
    brier_losses,
    class_weights,
    d2_score,
    hinge_losses,
    log_losses,
    loss_sums,
    one_vs_all_losses,
)
from ._streaming import dask_route
from ._facts import FACTS
from ._params import checked
from ._sklearn_compat import UndefinedMetricWarning
from ._validation import (
    check_cost_matrix,
    check_same_length,
    check_sample_weight,
    label_kind,
    plain_targets,
    is_dask_collection,
    refuse_masked,
    refuse_zero_weights,
)

_LABELS_DOC = """labels : array-like of shape (n_classes,), default=None
        The class of each column of ``y_score``, in column order. By default the
        sorted classes of ``y_true``, which must then all occur."""


# -- scikit-learn drop-ins ---------------------------------------------------------------
# Which inputs the drop-ins compute themselves is decided before computing, by explicit
# predicates on the inputs: those scikit-learn accepts without a warning, in the layouts
# computed here. Every other input (one scikit-learn warns about, rejects, or handles in
# its own way: multilabel targets, lists of lists, object labels, unsorted labels=, ...)
# is handed to scikit-learn, so its values, warnings and errors are scikit-learn's. An
# error raised once an input is accepted is a real error, and propagates.
def _drop_in_inputs(y_true, scores, name, sample_weight):
    """The checks of a score drop-in before anything can hand its inputs to scikit-learn,
    for the mistakes every metrics_sk function refuses the same way (an ``InputError``):
    masked entries in any input, a ``y_true`` mixing strings and numbers; and a 1-D or 2-D
    ``sample_weight`` checked as everywhere (NaN or infinite weights are an error even
    where scikit-learn would return NaN). Returns the checked weights, or any other
    ``sample_weight`` unchanged."""
    for x, x_name in ((y_true, "y_true"), (scores, name), (sample_weight, "sample_weight")):
        refuse_masked(x, x_name)
    if sample_weight is not None and np.ndim(sample_weight) >= 1:
        return check_sample_weight(sample_weight, len(sample_weight), allow_negative=True)
    return sample_weight


def dask_one_vs_all(y_true, y_score, sample_weight, what):
    """The route of one-vs-all rankings with Dask inputs: ``(classes, sums)`` with one
    :class:`metrics_sk._dask_ranking.RankingSums` per class (``what``: the sums wanted),
    each class's column ranked against the others by the two passes of
    ``_dask_ranking`` (its labels found in one more pass first), when the inputs are a
    plain 1-D target of at least two classes, a 2-D float Dask array of scores with one
    column per class and non-negative weights giving each side of each class weight; None
    otherwise (the caller then gathers the inputs and computes them as arrays)."""
    if not is_dask_collection(y_score) or np.ndim(y_true) != 1 or np.ndim(y_score) != 2 or (
            not hasattr(y_score, "chunks")) or y_score.dtype.kind != "f" or (
            sample_weight is not None and np.ndim(sample_weight) != 1):
        return None
    found = _dask_ranking.labels_of(y_true)
    classes = None if found is None else plain_targets(found)
    if classes is None or classes.shape[0] < 2 or y_score.shape[1] != classes.shape[0]:
        return None
    sums = []
    for k, label in enumerate(classes.tolist()):
        ranking = _dask_ranking.binary_ranking(y_true == label, y_score[:, k], sample_weight)
        if ranking is None or ranking.labels.tolist() != [False, True]:
            return None
        n_pos, n_neg = ranking.side_totals(True)
        if not (n_pos > 0 and n_neg > 0):
            return None
        sums.append(ranking.sums(True, what))
    return classes, sums


def _plain_labels(labels, y):
    """Whether ``labels`` is None or sorted, distinct labels of ``y``'s kind (at least
    two): the columns then follow them, as scikit-learn's LabelBinarizer orders them."""
    if labels is None:
        return True
    lab = np.asarray(labels)
    if lab.ndim != 1 or lab.shape[0] < 2 or lab.dtype.kind not in "biuUS" or (
            label_kind(lab) != label_kind(y)):
        return False
    return is_sorted(lab)


def _plain_scores(y_score, n, weights):
    """``y_score`` (kept in its float dtype) and the weights when the scores are a finite
    numeric array of ``n`` rows and the weights (from :func:`_drop_in_inputs`) a 1-D
    array of ``n`` not all zero; None otherwise."""
    if sp.issparse(y_score) or np.ndim(y_score) not in (1, 2):
        return None
    scores = np.asarray(y_score)
    if scores.dtype.kind not in "iuf" or scores.shape[0] != n:
        return None
    if weights is not None and not (isinstance(weights, np.ndarray) and weights.ndim == 1
                                    and weights.shape[0] == n and weights.any()):
        return None
    scores = score_array(scores, "y_score", keep_float_dtype=True)
    if not np.isfinite(scores.min() + scores.max()):
        return None
    return scores


def _native_log_loss(y_true, y_proba, labels, weights, function="log_loss"):
    """``(codes, proba)`` of the inputs computed here: those scikit-learn accepts without
    a warning; None for every other input (scikit-learn's). The inputs of scikit-learn's
    multi-class probability check (``_validate_multiclass_probabilistic_prediction``),
    shared by ``log_loss``, ``d2_log_loss_score`` and the 2-D inputs of the Brier scores
    (``function`` names the caller in the column-order warning)."""
    y = plain_targets(y_true)
    if y is None or not _plain_labels(labels, y):
        return None
    proba = _plain_scores(y_proba, y.shape[0], weights)
    if proba is None or proba.min() < 0 or proba.max() > 1:
        return None
    classes, (codes,) = encode(y, labels=labels, names=["y_true"])
    _warn_unaligned(y_proba, classes, "y_proba", function)
    k = classes.shape[0]
    if k < 2 or (codes == k).any():
        return None
    if proba.ndim == 2 and proba.shape[1] == 1:
        proba = proba[:, 0]
    if proba.ndim == 1:
        return (codes, proba) if k == 2 else None
    if proba.shape[1] != k or not _rows_sum_to_one(proba):
        return None
    return codes, proba


def _binary_pos_label(classes, pos_label):
    """The positive label of a 1-D probability, as scikit-learn's
    ``_validate_binary_probabilistic_prediction`` infers it (1 for labels in {0, 1} or
    {-1, 1}, else the greater label); None where scikit-learn raises (strings without
    ``pos_label``)."""
    if pos_label is not None:
        return pos_label
    if classes.dtype.kind in "OUS":
        return None
    if set(classes.tolist()) in ({0, 1}, {-1, 1}, {0}, {-1}, {1}):
        return 1
    return classes[-1]


def _native_brier(y_true, y_proba, pos_label, labels, weights, function):
    """``(codes, proba)`` of the Brier inputs computed here, None for scikit-learn's: a 1-D
    (or one-column) ``y_proba`` is the probability of ``pos_label`` of a binary target
    (codes: 1 for ``pos_label``, 0 for the other label; ``labels`` unused, as in
    scikit-learn), a 2-D one goes through :func:`_native_log_loss`'s multi-class check."""
    if np.ndim(y_proba) == 2 and np.shape(y_proba)[1] >= 2:
        native = _native_log_loss(y_true, y_proba, labels, weights, function)
        return None if native is None or native[1].ndim != 2 else native
    y = plain_targets(y_true)
    if y is None:
        return None
    proba = _plain_scores(y_proba, y.shape[0], weights)
    if proba is None or proba.min() < 0 or proba.max() > 1:
        return None
    classes, (codes,) = encode(y, names=["y_true"])
    pos = _binary_pos_label(classes, pos_label)
    if classes.shape[0] > 2 or pos is None:
        return None  # scikit-learn's error
    where = [i for i, c in enumerate(classes.tolist()) if c == pos]
    if not where and not (pos_label is None and pos == 1):
        return None  # a pos_label absent from y_true: scikit-learn's comparison
    is_pos = codes == where[0] if where else np.zeros(codes.shape[0], dtype=bool)
    return is_pos.astype(np.intp), proba.reshape(-1)


def _native_hinge(y_true, pred_decision, labels, weights):
    """``(codes, decisions)`` of the inputs computed here, None for scikit-learn's."""
    y = plain_targets(y_true)
    if y is None or not _plain_labels(labels, y) or np.asarray(pred_decision).dtype == bool:
        return None  # (scikit-learn keeps boolean decisions: its own results)
    decisions = _plain_scores(pred_decision, y.shape[0], weights)
    if decisions is None:
        return None
    classes, (codes,) = encode(y, labels=labels, names=["y_true"])
    _warn_unaligned(pred_decision, classes, "pred_decision", "hinge_loss")
    k = classes.shape[0]
    if k > 2:
        ok = decisions.ndim == 2 and decisions.shape[1] == k and not (codes == k).any()
        return (codes, decisions) if ok else None
    if labels is not None:  # binary: scikit-learn binarizes y_true alone
        classes, (codes,) = encode(y, names=["y_true"])
    if classes.shape[0] != 2 or not (decisions.ndim == 1 or decisions.shape[1] == 1):
        return None
    return codes, decisions.reshape(-1)


@checked(FACTS["log_loss"].constraints)
@dask_route("log_loss")
def log_loss(y_true, y_proba=None, *, normalize=True, sample_weight=None, labels=None,
             y_pred="deprecated", from_logits=False):
    r"""Log loss (cross-entropy) from probabilities, or exactly from raw scores.

    Drop-in for :func:`sklearn.metrics.log_loss` (same values, warnings and errors), with
    one addition: ``from_logits=True`` takes raw scores (logits, e.g. CatBoost's raw
    ``MultiClass`` approxes) and computes the loss exactly, by log-sum-exp, without
    clipping. This is CatBoost's ``MultiClass`` metric.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels.
    y_proba : array-like of shape (n_samples, n_classes) or (n_samples,)
        By default **probabilities** (``predict_proba``), columns in the sorted order of
        the classes; a 1-D array is the probability of the greater class of a binary
        target. Values are clipped to ``[eps, 1 - eps]`` (``eps`` of their dtype);
        values outside [0, 1] are an error, and rows that do not sum to 1 give scikit-
        learn's warning. With ``from_logits=True``, **raw scores** (logits): one column
        per class, or for a binary target the log-odds of the greater class.
    normalize : bool, default=True
        Return the mean loss per sample; otherwise the sum.
    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights.
    labels : array-like, default=None
        All the classes, when ``y_true`` lacks some; columns follow their sorted order.
    y_pred : array-like, deprecated
        Former name of ``y_proba``, as in scikit-learn 1.9 (not with ``from_logits``).
    from_logits : bool, default=False
        Whether ``y_proba`` holds raw scores instead of probabilities.

    Returns
    -------
    loss : float
        The weighted mean (``normalize=False``: sum) of the negative log-likelihood of
        the true class.

    See Also
    --------
    one_vs_all_log_loss : Mean binary cross-entropy of each class against the rest.
    metrics_sk.catboost.eval_metric : CatBoost's ``MultiClass`` and ``Logloss``.

    Notes
    -----
    With probabilities :math:`p_{ik}`:
    :math:`L = -\frac{\sum_i w_i \log p_{i,t_i}}{\sum_i w_i}`. With logits :math:`a_{ik}`:
    :math:`L = \frac{\sum_i w_i (\log \sum_k e^{a_{ik}} - a_{i,t_i})}{\sum_i w_i}`,
    computed as :math:`\log \sum_k e^{a_{ik} - m_i} - (a_{i,t_i} - m_i)` with
    :math:`m_i = \max_k a_{ik}`, so that no probability is ever rounded to 0: the logits
    ``[800, -800, 0]`` with true class 1 give 1600, where clipped probabilities give
    36.04. With one column :math:`f_i`: :math:`\log(1 + e^{f_i}) - y_i f_i`.

    References
    ----------
    .. [1] C. M. Bishop (2006). Pattern Recognition and Machine Learning. Springer, p. 209.
    .. [2] CatBoost, "Multiclassification: objectives and metrics", MultiClass.

    Examples
    --------
    >>> from metrics_sk import log_loss
    >>> round(log_loss(["spam", "ham", "ham", "spam"],
    ...                [[.1, .9], [.9, .1], [.8, .2], [.35, .65]]), 5)
    0.21616
    >>> log_loss([1], [[800.0, -800.0, 0.0]], labels=[0, 1, 2], from_logits=True)
    1600.0
    """
    if not (isinstance(y_pred, str) and y_pred == "deprecated"):
        if from_logits:
            raise ValueError("y_pred is deprecated: pass the raw scores as y_proba with "
                             "from_logits=True.")
        return skm.log_loss(y_true, y_proba, normalize=normalize, sample_weight=sample_weight,
                            labels=labels, y_pred=y_pred)
    encoded = _log_loss_inputs(y_true, y_proba, normalize=normalize,
                               sample_weight=sample_weight, labels=labels,
                               from_logits=from_logits)
    if encoded is None:
        return skm.log_loss(y_true, y_proba, normalize=normalize, sample_weight=sample_weight,
                            labels=labels)
    return evaluate(encoded)


@checked(FACTS["hinge_loss"].constraints)
@dask_route("hinge_loss")
def hinge_loss(y_true, pred_decision, *, labels=None, sample_weight=None):
    r"""Average hinge loss; Crammer-Singer for several classes.

    Drop-in for :func:`sklearn.metrics.hinge_loss` (same values, warnings and errors),
    equal to CatBoost's ``HingeLoss``.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels.
    pred_decision : array-like of shape (n_samples,) or (n_samples, n_classes)
        **Raw decision values** (``decision_function``), one column per class in sorted
        class order, or for a binary target the decision of the greater class.
        Probabilities are accepted but give a different, rarely meaningful number.
    labels : array-like, default=None
        All the classes of a multi-class problem, when ``y_true`` lacks some.
    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights.

    Returns
    -------
    loss : float
        The weighted mean hinge loss.

    See Also
    --------
    metrics_sk.catboost.eval_metric : CatBoost's ``HingeLoss``.

    Notes
    -----
    Binary, with :math:`y_i = \pm 1`: :math:`\max(0, 1 - y_i f_i)`. Several classes, with
    decisions :math:`a_{ik}`: :math:`\max(0, 1 - (a_{i,t_i} - \max_{k \ne t_i} a_{ik}))`.
    The loss is the weighted mean over the samples.

    References
    ----------
    .. [1] K. Crammer and Y. Singer (2001). On the algorithmic implementation of
       multiclass kernel-based vector machines. JMLR 2, 265-292.

    Examples
    --------
    >>> from metrics_sk import hinge_loss
    >>> hinge_loss([-1, 1, 1], [-2.18, 2.36, 0.09])
    0.3033333333333333
    >>> round(hinge_loss([0, 2, 3], [[1.27, 0.03, -0.68, -1.40], [-1.45, -0.58, -0.38, -0.17],
    ...                             [-2.36, -0.79, -0.27, 0.24]], labels=[0, 1, 2, 3]), 4)
    0.5667
    """
    encoded = _hinge_inputs(y_true, pred_decision, labels=labels, sample_weight=sample_weight)
    if encoded is None:
        return skm.hinge_loss(y_true, pred_decision, labels=labels, sample_weight=sample_weight)
    return evaluate(encoded)


@checked(FACTS["brier_score_loss"].constraints)
@dask_route("brier_score_loss")
def brier_score_loss(y_true, y_proba, *, sample_weight=None, pos_label=None, labels=None,
                     scale_by_half="auto"):
    r"""Brier score: mean squared difference between the probabilities and the outcome.

    Drop-in for :func:`sklearn.metrics.brier_score_loss` (same values, warnings and
    errors), binary and multi-class. A strictly proper scoring rule; lower is better.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels.
    y_proba : array-like of shape (n_samples,) or (n_samples, n_classes)
        **Probabilities** (``predict_proba``): a 1-D array is the probability of
        ``pos_label``; a 2-D array has one column per class, in the sorted order of the
        classes (or of ``labels``). Values outside [0, 1] are an error, and rows that do
        not sum to 1 give scikit-learn's warning.
    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights.
    pos_label : int, float, bool or str, default=None
        The positive class of a 1-D ``y_proba``. By default 1 when the labels are in
        {0, 1} or {-1, 1}, else the greater label (string labels need it).
    labels : array-like of shape (n_classes,), default=None
        The classes of a 2-D ``y_proba``, when ``y_true`` lacks some; sorted.
    scale_by_half : bool or 'auto', default='auto'
        Whether to halve the score, to lie in [0, 1] instead of [0, 2]; ``'auto'``
        halves it for a binary target (a 1-D ``y_proba`` or two columns) only.

    Returns
    -------
    score : float
        The weighted mean over the samples of the squared distance between the
        probability vector and the one-hot outcome (halved as ``scale_by_half`` says).

    See Also
    --------
    d2_brier_score : The fraction of the Brier score of the class frequencies explained.
    log_loss : The other strictly proper score of probabilities.

    Notes
    -----
    With probabilities :math:`p_{ik}` and :math:`y_{ik} = [t_i = k]`:

    .. math:: BS = \frac{\sum_i w_i \sum_k (y_{ik} - p_{ik})^2}{\sum_i w_i},

    in [0, 2]; halved, for a binary target, :math:`\frac{\sum_i w_i (y_i - p_i)^2}{\sum_i
    w_i}` with :math:`p_i` the probability of the positive class. The differences are
    squared as they are, so a near-perfect probability keeps its small loss.

    References
    ----------
    .. [1] G. W. Brier (1950). Verification of forecasts expressed in terms of
       probability. Monthly Weather Review 78(1), 1-3.

    Examples
    --------
    >>> from metrics_sk import brier_score_loss
    >>> round(brier_score_loss([0, 1, 1, 0], [0.1, 0.9, 0.8, 0.3]), 4)
    0.0375
    >>> round(brier_score_loss(["spam", "ham", "ham", "spam"], [0.1, 0.9, 0.8, 0.3],
    ...                        pos_label="ham"), 4)
    0.0375
    >>> round(brier_score_loss(["eggs", "ham", "spam"], [[0.8, 0.1, 0.1], [0.2, 0.7, 0.1],
    ...                        [0.2, 0.2, 0.6]]), 4)
    0.146
    """
    encoded = _brier_inputs(y_true, y_proba, sample_weight=sample_weight,
                            pos_label=pos_label, labels=labels, scale_by_half=scale_by_half)
    if encoded is None:
        return skm.brier_score_loss(y_true, y_proba, sample_weight=sample_weight,
                                    pos_label=pos_label, labels=labels,
                                    scale_by_half=scale_by_half)
    return evaluate(encoded)


@checked(FACTS["d2_brier_score"].constraints)
@dask_route("d2_brier_score")
def d2_brier_score(y_true, y_proba, *, sample_weight=None, pos_label=None, labels=None):
    r""":math:`D^2` of the Brier score: the fraction of the null model's Brier score explained.

    Drop-in for :func:`sklearn.metrics.d2_brier_score` (same values, warnings and
    errors), also called the Brier skill score. 1 is best, 0 is the null model (the
    class frequencies of ``y_true``, whatever the features); it can be negative.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels.
    y_proba : array-like of shape (n_samples,) or (n_samples, n_classes)
        **Probabilities**, as in :func:`brier_score_loss`.
    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights (also those of the class frequencies of the null model).
    pos_label : int, float, bool or str, default=None
        The positive class of a 1-D ``y_proba``, as in :func:`brier_score_loss`.
    labels : array-like of shape (n_classes,), default=None
        The classes of a 2-D ``y_proba``, when ``y_true`` lacks some; sorted.

    Returns
    -------
    d2 : float
        :math:`1 - BS / BS_0`; NaN with an ``UndefinedMetricWarning`` for fewer than two
        samples.

    See Also
    --------
    brier_score_loss : The Brier score itself.
    d2_log_loss_score : The same fraction for the log loss.

    Notes
    -----
    :math:`BS_0` is the Brier score of the constant prediction
    :math:`\pi_k = \sum_i w_i y_{ik} / \sum_i w_i`, the weighted class frequencies. A
    single class in ``y_true`` makes :math:`BS_0 = 0` (scikit-learn returns ``-inf``, or
    NaN for a perfect model, with NumPy's division warning).

    References
    ----------
    .. [1] G. W. Brier (1950). Verification of forecasts expressed in terms of
       probability. Monthly Weather Review 78(1), 1-3.

    Examples
    --------
    >>> from metrics_sk import d2_brier_score
    >>> round(d2_brier_score([0, 1, 1, 0], [0.1, 0.9, 0.8, 0.3]), 4)
    0.85
    """
    encoded = _d2_brier_inputs(y_true, y_proba, sample_weight=sample_weight,
                               pos_label=pos_label, labels=labels)
    if encoded is None:
        return skm.d2_brier_score(y_true, y_proba, sample_weight=sample_weight,
                                  pos_label=pos_label, labels=labels)
    return evaluate(encoded)


@checked(FACTS["d2_log_loss_score"].constraints)
@dask_route("d2_log_loss_score")
def d2_log_loss_score(y_true, y_proba=None, *, sample_weight=None, labels=None,
                      y_pred="deprecated"):
    r""":math:`D^2` of the log loss: the fraction of the null model's log loss explained.

    Drop-in for :func:`sklearn.metrics.d2_log_loss_score` (same values, warnings and
    errors). 1 is best, 0 is the null model (the class frequencies of ``y_true``); it can
    be negative.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels.
    y_proba : array-like of shape (n_samples, n_classes) or (n_samples,)
        **Probabilities**, as in :func:`log_loss` (clipped to ``[eps, 1 - eps]``).
    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights (also those of the class frequencies of the null model).
    labels : array-like, default=None
        All the classes, when ``y_true`` lacks some; columns follow their sorted order.
    y_pred : array-like, deprecated
        Former name of ``y_proba``, as in scikit-learn 1.9.

    Returns
    -------
    d2 : float
        :math:`1 - LL / LL_0`; NaN with an ``UndefinedMetricWarning`` for fewer than two
        samples.

    See Also
    --------
    log_loss : The log loss itself.
    d2_brier_score : The same fraction for the Brier score.

    Notes
    -----
    :math:`LL_0` is the log loss of the constant prediction
    :math:`\pi_k = \sum_i w_i y_{ik} / \sum_i w_i`, the weighted class frequencies:
    :math:`LL_0 = -\sum_k \pi_k \log \pi_k`, the entropy of the classes.

    Examples
    --------
    >>> from metrics_sk import d2_log_loss_score
    >>> round(d2_log_loss_score([0, 1, 1, 0], [0.1, 0.9, 0.8, 0.3]), 4)
    0.7149
    """
    if not (isinstance(y_pred, str) and y_pred == "deprecated"):
        return skm.d2_log_loss_score(y_true, y_proba, sample_weight=sample_weight,
                                     labels=labels, y_pred=y_pred)
    encoded = _d2_log_loss_inputs(y_true, y_proba, sample_weight=sample_weight, labels=labels)
    if encoded is None:
        return skm.d2_log_loss_score(y_true, y_proba, sample_weight=sample_weight,
                                     labels=labels)
    return evaluate(encoded)


# -- metrics_sk's own score metrics --------------------------------------------------------
@checked(FACTS["one_vs_all_log_loss"].constraints)
@dask_route("one_vs_all_log_loss")
def one_vs_all_log_loss(y_true, y_score, *, labels=None, sample_weight=None, from_logits=False):
    r"""Mean over the classes of the binary cross-entropy of each class against the rest.

    CatBoost's ``MultiClassOneVsAll``: each column is an independent sigmoid output for
    "this class or not"; the columns need not sum to 1.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels.
    y_score : array-like of shape (n_samples, n_classes)
        By default **probabilities** in [0, 1], clipped to ``[eps, 1 - eps]`` (values
        outside [0, 1] are an error). With ``from_logits=True``, **raw scores**: the
        log-odds of each class, computed exactly with a stable softplus.
    {labels}
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative sample weights.
    from_logits : bool, default=False
        Whether ``y_score`` holds log-odds instead of probabilities.

    Returns
    -------
    loss : float
        The weighted mean over samples and classes of the binary cross-entropy of each
        class against the rest.

    See Also
    --------
    log_loss : The multinomial (softmax) cross-entropy.

    Notes
    -----
    With :math:`K` classes and :math:`p_{ik} = \sigma(a_{ik})`:

    .. math::
        L = \frac{\sum_i w_i \frac{1}{K} \sum_k -[t_i = k] \log p_{ik}
            - [t_i \ne k] \log(1 - p_{ik})}{\sum_i w_i},

    from log-odds :math:`\frac{1}{K}\sum_k \log(1 + e^{a_{ik}}) - [t_i = k]\, a_{ik}`.

    References
    ----------
    .. [1] CatBoost, "Multiclassification: objectives and metrics", MultiClassOneVsAll.

    Examples
    --------
    >>> from metrics_sk import one_vs_all_log_loss
    >>> round(one_vs_all_log_loss([0, 1, 2], [[0.8, 0.3, 0.1], [0.2, 0.6, 0.3],
    ...                                       [0.1, 0.2, 0.7]]), 4)
    0.2734
    >>> round(one_vs_all_log_loss([0, 1], [[2.0, -1.0], [0.0, 1.0]], from_logits=True), 4)
    0.3616
    """
    return evaluate(_one_vs_all_log_loss_inputs(y_true, y_score, labels=labels,
                                                sample_weight=sample_weight,
                                                from_logits=from_logits))


@checked(FACTS["roc_auc_mu_score"].constraints)
def roc_auc_mu_score(y_true, y_score, *, labels=None, sample_weight=None, cost_matrix=None):
    r"""AUC mu: the multi-class AUC of Kleiman and Page, with a misclassification cost matrix.

    CatBoost's default multi-class ``AUC`` (``AUC:type=Mu``), with CatBoost's conventions.
    For each pair of classes it ranks the samples of the two classes by a score
    difference and takes the (weighted) ROC AUC; AUC mu is the mean over all pairs.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels.
    y_score : array-like of shape (n_samples, n_classes)
        One score per class. CatBoost ranks **raw scores** (``decision_function``,
        logits); probabilities are accepted too, but AUC mu is not invariant to the
        softmax, so the two give different values.
    {labels}
        A class of ``labels`` that does not occur in ``y_true`` makes each of its pairs
        count 0 (CatBoost's convention), with an ``UndefinedMetricWarning``.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative sample weights.
    cost_matrix : array-like of shape (n_classes, n_classes), default=None
        ``cost_matrix[i, j]`` is the cost of predicting class i when the truth is j
        (CatBoost's ``misclass_cost_matrix``); zero diagonal. Default: ``1 - I``.

    Returns
    -------
    auc : float
        AUC mu, in [0, 1] (0.5: chance).

    See Also
    --------
    one_vs_all_roc_auc_score : The ROC AUC of each class against the rest.
    sklearn.metrics.roc_auc_score : ``multi_class="ovo"`` is Hand and Till's AUC.

    Notes
    -----
    With :math:`M` the cost matrix, each sample gets :math:`D_r = \sum_k M_{rk}\, a_k`.
    For :math:`i < j`, :math:`A_{ij}` is the weighted ROC AUC (ties count 1/2) of
    :math:`s = D_j - D_i` with class :math:`i` positive and class :math:`j` negative
    (:math:`s = D_i - D_j` if :math:`M_{ij} + M_{ji} < 0`; :math:`A_{ij} = 1/2` if it is 0).
    With :math:`M = 1 - I`, :math:`s = a_i - a_j`. Then

    .. math:: \mathrm{AUC}_\mu = \frac{2}{K(K-1)} \sum_{i<j} A_{ij}.

    The differences are exact: equal :math:`a_i - a_j` tie and count 1/2. CatBoost
    computes :math:`(S - a_j) - (S - a_i)` with :math:`S = \sum_k a_k`, where rounding
    can break such ties; :func:`metrics_sk.catboost.eval_metric` reproduces that, so the
    two can differ slightly on scores with exact ties.

    Each pair is one sort of its two classes' scores: O(K n log n) in all.

    References
    ----------
    .. [1] R. Kleiman and D. Page (2019). AUC mu: A performance metric for multi-class
       machine learning models. ICML, PMLR 97.

    Examples
    --------
    >>> from metrics_sk import roc_auc_mu_score
    >>> y = [0, 1, 2, 0, 1, 2]
    >>> scores = [[2, 1, 0], [0, 2, 1], [1, 0, 2], [0, 1, 0], [1, 2, 0], [2, 0, 1]]
    >>> round(roc_auc_mu_score(y, scores), 4)
    0.875
    >>> round(roc_auc_mu_score(y, scores, cost_matrix=[[0, 1, 4], [1, 0, 1], [4, 1, 0]]), 4)
    0.7083
    """
    return evaluate(_roc_auc_mu_inputs(y_true, y_score, labels=labels,
                                       sample_weight=sample_weight, cost_matrix=cost_matrix))


def _per_class(values, average, codes, weights, classes, what):
    """Warn about undefined (NaN) classes and average the rest."""
    support = np.bincount(codes, weights=weights, minlength=values.shape[0])
    return _per_class_support(values, average, support, classes, what)


def _per_class_support(values, average, support, classes, what):
    """:func:`_per_class` with the classes' (weighted) sizes ``support`` given."""
    undefined = np.isnan(values)
    if undefined.any():
        warnings.warn(
            f"{what} is undefined for classes {classes[undefined][:10].tolist()} (no positive "
            "or no negative sample in y_true, or zero weight); it is set to NaN and left out "
            "of averages.", UndefinedMetricWarning, stacklevel=6)
    return reduce_average(values, average, support)


@checked(FACTS["one_vs_all_roc_auc_score"].constraints)
def one_vs_all_roc_auc_score(y_true, y_score, *, labels=None, sample_weight=None,
                             average="macro"):
    r"""ROC AUC of each class against all the others, or their average.

    CatBoost's ``AUC:type=OneVsAll`` (which passes softmax probabilities). The macro
    average of probabilities is :func:`sklearn.metrics.roc_auc_score` with
    ``multi_class="ovr"``, computed several times faster.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels.
    y_score : array-like of shape (n_samples, n_classes)
        One score per class: **probabilities** (``predict_proba``) or raw scores. Each
        class ranks its own column only, so the value is invariant to any increasing
        transform of a column; probabilities and raw scores differ when the transform
        mixes columns (softmax).
    {labels}
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative sample weights.
    average : {'macro', 'weighted'} or None, default='macro'
        ``None``: one value per class; ``'macro'``: their mean; ``'weighted'``: their
        mean weighted by the (weighted) number of samples of each class. A class without
        positive or negative samples is NaN (with an ``UndefinedMetricWarning``) and is
        left out of the averages.

    Returns
    -------
    auc : float or ndarray of shape (n_classes,)
        The ROC AUC of each class against the rest, averaged unless ``average=None``.

    See Also
    --------
    roc_auc_mu_score : A multi-class AUC over pairs of classes.
    one_vs_all_pr_auc_score : The area under each class's precision-recall curve.

    Notes
    -----
    For class :math:`k` with scores :math:`s_i = a_{ik}`, positives :math:`P` (:math:`t_i
    = k`) and negatives :math:`N`:

    .. math:: A_k = \frac{\sum_{p \in P} \sum_{n \in N} w_p w_n ([s_p > s_n] +
              \tfrac12 [s_p = s_n])}{\sum_P w_p \sum_N w_n},

    the area under the ROC curve. It is computed with one sort per class and binary
    search, never O(n^2).

    References
    ----------
    .. [1] T. Fawcett (2006). An introduction to ROC analysis. Pattern Recognition
       Letters 27(8), 861-874.

    Examples
    --------
    >>> from metrics_sk import one_vs_all_roc_auc_score
    >>> y = [0, 1, 2, 0, 1, 2]
    >>> proba = [[.6, .3, .1], [.2, .5, .3], [.3, .2, .5], [.4, .4, .2], [.3, .4, .3],
    ...          [.5, .1, .4]]
    >>> one_vs_all_roc_auc_score(y, proba, average=None)
    array([0.875 , 0.9375, 1.    ])
    >>> round(one_vs_all_roc_auc_score(y, proba), 4)
    0.9375
    """
    columns = (dask_one_vs_all(y_true, y_score, sample_weight, ("twice",))
               if labels is None else None)
    if columns is not None:  # Dask: each class's column on the workers
        classes, sums = columns
        values = np.array([_auc.auc_of_twice_wins(c.twice, c.n_pos, c.n_neg) for c in sums])
        return _per_class_support(values, average, np.array([c.n_pos for c in sums]),
                                  classes, "ROC AUC")
    routed = _dask_ranking.dask_binary_ranking(y_true, y_score, sample_weight) if labels is None else None
    if routed is not None:  # Dask: a binary target's two classes, on the workers
        ranking, pos_label = routed
        sums = ranking.sums(pos_label, ("twice",))  # (the same pairs for either class)
        values = np.array([_auc.auc_of_twice_wins(sums.twice, sums.n_neg, sums.n_pos),
                           _auc.auc_of_twice_wins(sums.twice, sums.n_pos, sums.n_neg)])
        return _per_class_support(values, average, np.array([sums.n_neg, sums.n_pos]),
                                  ranking.labels, "ROC AUC")
    return evaluate(_one_vs_all_inputs(_auc.one_vs_all_auc, "ROC AUC", y_true, y_score,
                                       labels=labels, sample_weight=sample_weight,
                                       average=average))


@checked(FACTS["one_vs_all_pr_auc_score"].constraints)
def one_vs_all_pr_auc_score(y_true, y_score, *, labels=None, sample_weight=None,
                            average="macro"):
    r"""Area under the precision-recall curve of each class against the others (trapezoid).

    CatBoost's ``PRAUC`` (``type=OneVsAll``), which interpolates the curve linearly. This
    is ``sklearn.metrics.auc(recall, precision)`` on ``precision_recall_curve``, **not**
    :func:`sklearn.metrics.average_precision_score` (a step sum, slightly lower).

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels.
    y_score : array-like of shape (n_samples, n_classes)
        One score per class: **probabilities** or raw scores (CatBoost passes raw
        approxes). As for ROC AUC, each class ranks its own column only.
    {labels}
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative sample weights.
    average : {'macro', 'weighted'} or None, default='macro'
        As in :func:`one_vs_all_roc_auc_score`; a class without positive samples is NaN
        (CatBoost raises "No element of a positive class").

    Returns
    -------
    auc : float or ndarray of shape (n_classes,)
        The PR AUC of each class against the rest, averaged unless ``average=None``.

    See Also
    --------
    one_vs_all_roc_auc_score : The ROC AUC of each class against the rest.

    Notes
    -----
    For class :math:`k`, take the thresholds at each distinct score, from the highest:
    :math:`P_m = TP_m / (TP_m + FP_m)`, :math:`R_m = TP_m / \sum_{t_i = k} w_i`
    (weighted counts), plus the point :math:`(R_0, P_0) = (0, 1)`. Then

    .. math:: \mathrm{PRAUC}_k = \sum_m (R_m - R_{m-1}) \frac{P_m + P_{m-1}}{2}.

    References
    ----------
    .. [1] J. Davis and M. Goadrich (2006). The relationship between precision-recall
       and ROC curves. ICML.
    .. [2] CatBoost, "Multiclassification: objectives and metrics", PRAUC.

    Examples
    --------
    >>> from metrics_sk import one_vs_all_pr_auc_score
    >>> y = ["cat", "dog", "dog", "bird", "cat", "bird", "dog"]
    >>> scores = [[.2, .7, .1], [.1, .3, .6], [.3, .2, .5], [.6, .3, .1], [.2, .5, .3],
    ...           [.4, .4, .2], [.1, .6, .3]]  # columns: bird, cat, dog
    >>> one_vs_all_pr_auc_score(y, scores, average=None).round(4)
    array([1.    , 0.7917, 0.9583])

    ``average_precision_score`` gives 0.8333 for "cat" and 0.9167 for "dog".
    """
    columns = dask_one_vs_all(y_true, y_score, sample_weight, ("pr",)) if labels is None else None
    if columns is not None:  # Dask: each class's column on the workers
        classes, sums = columns
        values = np.array([_auc.pr_of_terms(c.pr, c.n_pos) for c in sums])
        return _per_class_support(values, average, np.array([c.n_pos for c in sums]),
                                  classes, "PR AUC")
    routed = _dask_ranking.dask_binary_ranking(y_true, y_score, sample_weight) if labels is None else None
    if routed is not None:  # Dask: a binary target's two classes, on the workers
        ranking, pos_label = routed
        sums = ranking.sums(pos_label, ("pr", "pr_other"))
        values = np.array([_auc.pr_of_terms(sums.pr_other, sums.n_neg),
                           _auc.pr_of_terms(sums.pr, sums.n_pos)])
        return _per_class_support(values, average, np.array([sums.n_neg, sums.n_pos]),
                                  ranking.labels, "PR AUC")
    return evaluate(_one_vs_all_inputs(_auc.one_vs_all_pr_auc, "PR AUC", y_true, y_score,
                                       labels=labels, sample_weight=sample_weight,
                                       average=average))


# -- the inputs of each score metric, validated and encoded once ---------------------------
# Each ``_<metric>_inputs`` takes the arguments of its public function and returns
# ``(codes, scores, weights, kernel)``: the validated, encoded samples (rows in the order
# of the inputs) and the computation on them, ``kernel(codes, scores, weights)``; the
# drop-ins return None for the inputs scikit-learn computes. The public function is
# ``evaluate`` of it; :func:`metrics_sk.bootstrap` resamples the rows of the encoded
# samples instead of encoding every replicate again.
def evaluate(encoded):
    """The value of a score metric from its encoded inputs."""
    codes, scores, weights, kernel = encoded
    return kernel(codes, scores, weights)


def _log_loss_kernel(from_logits, normalize, codes, scores, weights):
    return average_losses(log_losses(codes, scores, from_logits=from_logits), weights,
                          normalize=normalize)


def _log_loss_inputs(y_true, y_proba, *, normalize=True, sample_weight=None, labels=None,
                     from_logits=False):
    if from_logits:
        codes, classes, logits, weights = prepare_scores(
            y_true, y_proba, labels, sample_weight, name="y_proba", allow_1d=True,
            allow_negative_weights=True, min_classes=2)
        if labels is not None and not is_sorted(classes):
            raise ValueError("labels must be sorted: the columns of y_proba follow the sorted "
                             "classes, as in scikit-learn's log_loss.")
        return codes, logits, weights, functools.partial(_log_loss_kernel, True, normalize)
    weights = _drop_in_inputs(y_true, y_proba, "y_proba", sample_weight)
    native = _native_log_loss(y_true, y_proba, labels, weights)
    if native is None:
        return None
    codes, proba = native
    return codes, proba, weights, functools.partial(_log_loss_kernel, False, normalize)


def _brier_kernel(scale, codes, scores, weights):
    return scale * average_losses(brier_losses(codes, scores), weights)


def _brier_inputs(y_true, y_proba, *, sample_weight=None, pos_label=None, labels=None,
                  scale_by_half="auto"):
    weights = _drop_in_inputs(y_true, y_proba, "y_proba", sample_weight)
    native = _native_brier(y_true, y_proba, pos_label, labels, weights, "brier_score_loss")
    if native is None:
        return None
    codes, proba = native
    if scale_by_half == "auto":
        scale_by_half = proba.ndim == 1 or proba.shape[1] < 3
    return codes, proba, weights, functools.partial(_brier_kernel,
                                                    0.5 if scale_by_half else 1.0)


def _d2_kernel(losses, n_classes, codes, scores, weights):
    """``1 - S / S_0``, ``S_0`` the score of the weighted class frequencies: the per-sample
    losses of the null model are those of each class's row, by the same kernel."""
    total, _ = loss_sums(losses(codes, scores), weights)
    return d2_score(total, class_weights(codes, weights, n_classes), losses)


def _few_or_one_class(codes, weights, n_classes):
    """Whether the D^2 scores are scikit-learn's: fewer than two samples (NaN), a single
    class with weight (a zero null score), negative weights (frequencies that are not)."""
    if codes.shape[0] < 2 or (weights is not None and (weights < 0).any()):
        return True
    return np.count_nonzero(np.bincount(codes, weights=weights, minlength=n_classes)) < 2


def _refuse_empty(y_true, y_proba):
    """Empty inputs are an error, as in every metrics_sk function (scikit-learn's D^2
    scores return NaN for them, as for one sample)."""
    if np.ndim(y_true) >= 1 and np.ndim(y_proba) >= 1 and 0 in (len(y_true), len(y_proba)):
        check_same_length(("y_true", y_true), ("y_proba", y_proba))


def _d2_brier_inputs(y_true, y_proba, *, sample_weight=None, pos_label=None, labels=None):
    _refuse_empty(y_true, y_proba)
    weights = _drop_in_inputs(y_true, y_proba, "y_proba", sample_weight)
    native = _native_brier(y_true, y_proba, pos_label, labels, weights, "d2_brier_score")
    if native is None:
        return None
    codes, proba = native
    k = 2 if proba.ndim == 1 else proba.shape[1]
    if _few_or_one_class(codes, weights, k):
        return None
    return codes, proba, weights, functools.partial(_d2_kernel, brier_losses, k)


def _d2_log_loss_inputs(y_true, y_proba, *, sample_weight=None, labels=None):
    _refuse_empty(y_true, y_proba)
    weights = _drop_in_inputs(y_true, y_proba, "y_proba", sample_weight)
    native = _native_log_loss(y_true, y_proba, labels, weights, "d2_log_loss_score")
    if native is None:
        return None
    codes, proba = native
    k = 2 if proba.ndim == 1 else proba.shape[1]
    if codes.shape[0] < 2 or (weights is not None and (weights < 0).any()):
        return None
    losses = functools.partial(log_losses, from_logits=False)
    return codes, proba, weights, functools.partial(_d2_kernel, losses, k)


def _hinge_kernel(codes, scores, weights):
    return average_losses(hinge_losses(codes, scores), weights)


def _hinge_inputs(y_true, pred_decision, *, labels=None, sample_weight=None):
    weights = _drop_in_inputs(y_true, pred_decision, "pred_decision", sample_weight)
    native = _native_hinge(y_true, pred_decision, labels, weights)
    return None if native is None else (*native, weights, _hinge_kernel)


def _one_vs_all_log_loss_kernel(from_logits, codes, scores, weights):
    return average_losses(one_vs_all_losses(codes, scores, from_logits=from_logits), weights)


def _one_vs_all_log_loss_inputs(y_true, y_score, *, labels=None, sample_weight=None,
                                from_logits=False):
    codes, _, scores, weights = prepare_scores(
        y_true, y_score, labels, sample_weight, probabilities=not from_logits,
        binary_columns="ranking" if from_logits else "probability")
    return codes, scores, weights, functools.partial(_one_vs_all_log_loss_kernel, from_logits)


def _roc_auc_mu_kernel(matrix, codes, scores, weights):
    return _auc.auc_mu(codes, *_auc.mu_dot_products(scores, matrix), weights)


def _roc_auc_mu_inputs(y_true, y_score, *, labels=None, sample_weight=None, cost_matrix=None):
    refuse_zero_weights(sample_weight)  # every pair undefined: scikit-learn's error
    codes, classes, scores, weights = prepare_scores(y_true, y_score, labels, sample_weight,
                                               binary_columns="ranking", min_classes=2)
    n_classes = classes.shape[0]
    matrix = None if cost_matrix is None else check_cost_matrix(cost_matrix, n_classes,
                                                                 zero_diagonal=True)
    absent = np.bincount(codes, minlength=n_classes) == 0
    if absent.any():
        warnings.warn(
            f"Classes {classes[absent][:10].tolist()} of labels do not occur in y_true: each "
            "of their pairs counts 0 in AUC mu (CatBoost's convention).",
            UndefinedMetricWarning, stacklevel=3)
    if weights is not None:
        weightless = (np.bincount(codes, weights=weights, minlength=n_classes) == 0) & ~absent
        if weightless.any():
            warnings.warn(
                f"Classes {classes[weightless][:10].tolist()} occur in y_true with zero total "
                "weight: their pairs are undefined and AUC mu is NaN (as in CatBoost).",
                UndefinedMetricWarning, stacklevel=3)
    return codes, scores, weights, functools.partial(_roc_auc_mu_kernel, matrix)


def _one_vs_all_kernel(kernel, what, classes, average, codes, scores, weights):
    return _per_class(kernel(codes, scores, weights), average, codes, weights, classes, what)


def _one_vs_all_inputs(kernel, what, y_true, y_score, *, labels=None, sample_weight=None,
                       average="macro"):
    refuse_zero_weights(sample_weight)  # every class undefined: roc_auc_score's error
    codes, classes, scores, weights = prepare_scores(y_true, y_score, labels, sample_weight,
                                               binary_columns="ranking")
    return codes, scores, weights, functools.partial(_one_vs_all_kernel, kernel, what,
                                                     classes, average)


def encoded_inputs(function, y_true, y_score, sample_weight, kwargs):
    """The encoded inputs of the public score metric ``function`` (see :func:`evaluate`);
    None for any other function, and for the inputs a drop-in hands to scikit-learn."""
    inputs = _INPUTS.get(function)
    if inputs is None or "y_pred" in kwargs:  # (log_loss's deprecated y_pred: its own path)
        return None
    return inputs(y_true, y_score, sample_weight=sample_weight, **kwargs)


#: Each public score metric's ``_<metric>_inputs`` (what :func:`encoded_inputs` looks up).
_INPUTS = {
    log_loss: _log_loss_inputs,
    hinge_loss: _hinge_inputs,
    brier_score_loss: _brier_inputs,
    d2_brier_score: _d2_brier_inputs,
    d2_log_loss_score: _d2_log_loss_inputs,
    one_vs_all_log_loss: _one_vs_all_log_loss_inputs,
    roc_auc_mu_score: _roc_auc_mu_inputs,
    one_vs_all_roc_auc_score: functools.partial(_one_vs_all_inputs, _auc.one_vs_all_auc,
                                                "ROC AUC"),
    one_vs_all_pr_auc_score: functools.partial(_one_vs_all_inputs, _auc.one_vs_all_pr_auc,
                                               "PR AUC"),
}


for _f in (one_vs_all_log_loss, roc_auc_mu_score, one_vs_all_roc_auc_score,
           one_vs_all_pr_auc_score):
    _f.__doc__ = _f.__doc__.replace("{labels}", _LABELS_DOC)
del _f
