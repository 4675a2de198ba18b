"""Every threshold: scikit-learn's ranking drop-ins from one sort per column.

``confusion_matrix_at_thresholds`` is the machine: the (weighted) negatives and positives
scoring at or above each distinct score, from one sort of the order-keeping keys of
:mod:`metrics_sk._auc` (:func:`~metrics_sk._auc.counts_at_thresholds`). ``roc_curve``,
``precision_recall_curve`` and ``det_curve`` are formulas of those cumulative counts;
``roc_auc_score`` is the Mann-Whitney kernel of ``_auc`` (one-vs-rest on its per-class
kernel, one-vs-one as Hand & Till), ``average_precision_score`` the step-wise area of the
precision-recall kernel, and ``top_k_accuracy_score`` a count of the classes outscoring
the true one.

As the other drop-ins (:mod:`metrics_sk._scores`): the inputs computed here are decided
before computing, by explicit predicates (:func:`_binary_inputs`, :func:`_class_inputs`):
plain 1-D targets, finite numeric scores of the right shape, non-negative weights, and
the classes scikit-learn computes without a warning. Every other input (NaN or infinite
scores, lengths that differ, one class only, multilabel targets, ...) is handed to
scikit-learn, so its values, warnings and errors are scikit-learn's.
"""

from numbers import Integral

import numpy as np
from scipy.integrate import trapezoid
from sklearn.metrics import _ranking as _sk
from sklearn.utils import check_array, check_consistent_length, column_or_1d
from sklearn.utils.validation import _num_samples

from . import _auc, _dask, _dask_ranking
from ._encoding import binary_classes, binary_score_inputs
from ._facts import CURVE_CONSTRAINTS, FACTS
from ._losses import _rows_sum_to_one, encode_targets
from ._params import checked
from ._scores import (
    _drop_in_inputs,
    _plain_scores,
    dask_one_vs_all,
)
from ._sklearn_compat import _deprecate_positional_args, sklearn_constraints
from ._validation import InputError, is_dask_collection, plain_targets, python_label_error



def _constraints(name):
    """The constraints of drop-in ``name`` (its facts, or the curves' table), with
    scikit-learn's own objects where it has them (its messages to the letter)."""
    own = FACTS[name].constraints if name in FACTS else CURVE_CONSTRAINTS[name]
    return {**own, **sklearn_constraints(name)}


# -- the boundary: which inputs are computed here ------------------------------------------
def _boundary(y_true, y_score, sample_weight):
    """The checks every ranking drop-in makes first, whatever computes it: one length for
    the three arrays and at least one sample (scikit-learn's own errors), and the checks
    of every score drop-in (:func:`metrics_sk._scores._drop_in_inputs`: masked entries,
    NaN or infinite weights). Returns the checked weights."""
    check_consistent_length(y_true, y_score, sample_weight)
    if isinstance(y_true, (list, tuple, np.ndarray)) and np.ndim(y_true) == 1 and (
            np.asarray(y_true).dtype.kind == "O"):
        _, error = python_label_error(np.asarray(y_true), "y_true")
        if isinstance(error, (TypeError, InputError)):  # None, objects, strings with numbers:
            raise error  # the type of this mistake in every metrics_sk function
    if _num_samples(y_true) == 0:
        check_array(np.asarray(y_true), ensure_2d=False, dtype=None)  # its "0 sample(s)"
    return _drop_in_inputs(y_true, y_score, "y_score", sample_weight)


def _weights(sample_weight, n):
    """Checked weights (None, or a non-negative float64 array of ``n``), or False when
    scikit-learn should have them (negative, scalar or misshapen weights)."""
    if sample_weight is None:
        return None
    if not (isinstance(sample_weight, np.ndarray) and sample_weight.ndim == 1
            and sample_weight.shape[0] == n):
        return False
    w = sample_weight.astype(np.float64, copy=False)
    return w if (w >= 0).all() else False


def _column(y_score, n, weights):
    """Finite numeric 1-D scores of ``n`` samples (any float dtype kept; integers whose
    float64 values are exact), or None."""
    if np.ndim(y_score) != 1 or np.asarray(y_score).dtype.kind not in "iuf":
        return None
    scores = _plain_scores(y_score, n, weights)
    if scores is None or (scores.dtype.kind in "iu" and scores.size
                          and np.abs(scores).max() >= 2 ** 53):
        return None
    return scores


def _binary_inputs(y_true, y_score, sample_weight, pos_label, *, two_classes=False):
    """``(is_pos, scores, weights)`` of a binary ranking computed here: plain 1-D targets
    with ``pos_label`` (or, when it is None, the greater of {0, 1} or {-1, 1}) and some
    other label, finite 1-D scores, non-negative weights giving both sides weight (zero
    weights left out, as scikit-learn does); ``two_classes``: exactly two labels. None
    for every other input."""
    y = plain_targets(y_true)
    if y is None:
        return None
    n = y.shape[0]
    weights = _weights(sample_weight, n)
    if weights is False:
        return None
    scores = _column(y_score, n, weights)
    if scores is None:
        return None
    try:  # the labels' checks of every binary scoring
        _, _, is_pos, scores, weights = binary_score_inputs(
            y, scores, weights, pos_label, arrays=False, two_classes=two_classes)
    except ValueError:
        return None  # (scikit-learn's outcome)
    return is_pos, scores, weights


def _native_labels(labels, classes):
    """The classes the columns follow: those of ``y_true`` (``labels`` None), or
    ``labels`` when sorted, distinct and holding every class of ``y_true``; None else."""
    if labels is None:
        return classes
    lab = np.asarray(labels)
    kinds = (lab.dtype.kind, classes.dtype.kind)
    if lab.ndim != 1 or not (set(kinds) <= set("biu") or set(kinds) <= set("US")):
        return None
    if lab.shape[0] < 2 or np.any(lab[1:] <= lab[:-1]) or not np.isin(classes, lab).all():
        return None
    return lab


def _class_inputs(y_true, y_score, sample_weight, labels, *, min_classes=3):
    """``(classes, codes, scores, weights)`` of a multi-class input computed here: plain
    1-D targets with at least ``min_classes`` classes (``labels`` or ``y_true``'s),
    finite 2-D scores with one column per class, non-negative weights; None else."""
    y = plain_targets(y_true)
    if y is None or np.ndim(y_score) != 2 or np.asarray(y_score).dtype.kind not in "iuf":
        return None
    n = y.shape[0]
    weights = _weights(sample_weight, n)
    if weights is False:
        return None
    scores = _plain_scores(y_score, n, weights)
    if scores is None:
        return None
    present, codes = encode_targets(y, None)
    classes = _native_labels(labels, present)
    if classes is None or classes.shape[0] < min_classes or (
            scores.shape[1] != classes.shape[0]):
        return None
    if labels is not None:
        classes, codes = encode_targets(y, classes)
    return classes, codes, scores, weights


def _multilabel_inputs(y_true, y_score, sample_weight):
    """``(is_pos, scores, weights)`` of a label indicator matrix computed here: a dense
    integer 0/1 ``y_true`` of at least two columns, each with positive and negative
    (weighted) samples, finite scores of its shape, non-negative weights; None else."""
    if np.ndim(y_true) != 2 or np.ndim(y_score) != 2 or isinstance(y_true, np.ma.MaskedArray):
        return None
    y = np.asarray(y_true)
    if y.dtype.kind not in "biu" or y.shape[1] < 2 or y.shape != np.shape(y_score):
        return None
    weights = _weights(sample_weight, y.shape[0])
    scores = None if weights is False else _plain_scores(y_score, y.shape[0], weights)
    if scores is None:
        return None
    is_pos = y == 1
    if not (is_pos | (y == 0)).all():
        return None
    w = np.ones(y.shape[0]) if weights is None else weights
    pos = w @ is_pos
    if not ((pos > 0) & (w.sum() - pos > 0)).all():  # a column with one class: its warning
        return None
    return is_pos, scores, weights


# -- confusion_matrix_at_thresholds and the curves: formulas of the cumulative counts ------
def _counts(native, y_score):
    """``(fps, tps, thresholds)`` of a native binary input, thresholds in the dtype of
    ``y_score`` as given (scikit-learn's: integer scores give integer thresholds; the
    native scores are floats holding them exactly)."""
    is_pos, scores, weights = native
    fps, tps, thresholds = _auc.counts_at_thresholds(is_pos, scores, weights)
    return fps, tps, thresholds.astype(np.asarray(y_score).dtype, copy=False)


def _curve_counts(y_true, y_score, sample_weight, pos_label, *, two_classes=False):
    """``(counts, sample_weight)`` of a binary curve: ``counts`` the ``(fps, tps,
    thresholds)`` of :func:`_counts`, from two passes on the workers for Dask inputs
    (:func:`metrics_sk._dask_ranking.dask_counts`), else from one sort of the checked
    inputs (:func:`_binary_inputs`); None for the inputs scikit-learn computes, with the
    checked ``sample_weight`` for its call."""
    routed = _dask_ranking.dask_counts(y_true, y_score, sample_weight, pos_label)
    if routed is not None:
        return routed[2:], sample_weight
    sample_weight = _boundary(y_true, y_score, sample_weight)
    native = _binary_inputs(y_true, y_score, sample_weight, pos_label, two_classes=two_classes)
    if native is None:
        return None, sample_weight
    return _counts(native, y_score), sample_weight


def _changes(values):
    """Where ``values`` change to or from each inner point (the ends always kept)."""
    return np.concatenate(([True], np.logical_or(np.diff(values[:-1]), np.diff(values[1:])),
                           [True]))


@_deprecate_positional_args(version="1.11")
@checked(_constraints("confusion_matrix_at_thresholds"))
def confusion_matrix_at_thresholds(y_true, y_score, *, pos_label=None, sample_weight=None):
    """Binary confusion matrix at every threshold, from one sort of the scores.

    Drop-in for :func:`sklearn.metrics.confusion_matrix_at_thresholds` (same values,
    warnings and errors).

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True binary labels (or multi-class labels with ``pos_label``).
    y_score : array-like of shape (n_samples,)
        Scores of the positive class: probabilities or decision values.
    pos_label : int, float, bool or str, default=None
        The positive class; None: 1 of {0, 1} or {-1, 1} labels.
    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights.

    Returns
    -------
    tns : ndarray of shape (n_thresholds,)
        True negatives at each threshold (predictions ``y_score >= threshold``).
    fps : ndarray of shape (n_thresholds,)
        False positives, non-decreasing.
    fns : ndarray of shape (n_thresholds,)
        False negatives.
    tps : ndarray of shape (n_thresholds,)
        True positives, non-decreasing.
    thresholds : ndarray of shape (n_thresholds,)
        The distinct scores, decreasing.

    See Also
    --------
    roc_curve : Rates from these counts.
    precision_recall_curve : Precision and recall from these counts.

    Notes
    -----
    With the scores sorted decreasingly, at the distinct score :math:`t_j`:
    :math:`TP_j = \\sum_{i: s_i \\ge t_j} w_i [y_i = 1]`,
    :math:`FP_j = \\sum_{i: s_i \\ge t_j} w_i [y_i = 0]`, :math:`FN_j = TP_{last} - TP_j`,
    :math:`TN_j = FP_{last} - FP_j`. Unweighted counts come from one sort of integer keys
    (score and class in one int64), the counts of each run of equal keys cumulated.

    References
    ----------
    .. [1] T. Fawcett (2006). An introduction to ROC analysis. Pattern Recognition
       Letters 27(8), 861-874.

    Examples
    --------
    >>> from metrics_sk import confusion_matrix_at_thresholds
    >>> tns, fps, fns, tps, thresholds = confusion_matrix_at_thresholds(
    ...     [0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> thresholds.tolist(), tps.tolist(), fps.tolist()
    ([0.8, 0.4, 0.35, 0.1], [1.0, 1.0, 2.0, 2.0], [0.0, 1.0, 1.0, 2.0])
    """
    counts, sample_weight = _curve_counts(y_true, y_score, sample_weight, pos_label)
    if counts is None:  # inputs scikit-learn computes
        return _sk.confusion_matrix_at_thresholds(y_true, y_score, pos_label=pos_label,
                                                  sample_weight=sample_weight)
    fps, tps, thresholds = counts
    return fps[-1] - fps, fps, tps[-1] - tps, tps, thresholds


@checked(_constraints("roc_curve"))
def roc_curve(y_true, y_score, *, pos_label=None, sample_weight=None, drop_intermediate=True):
    """Receiver operating characteristic (ROC) curve, from one sort of the scores.

    Drop-in for :func:`sklearn.metrics.roc_curve` (same values, warnings and errors).

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True binary labels.
    y_score : array-like of shape (n_samples,)
        Scores of the positive class.
    pos_label : int, float, bool or str, default=None
        The positive class; None: 1 of {0, 1} or {-1, 1} labels.
    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights.
    drop_intermediate : bool, default=True
        Drop the thresholds whose point is collinear with its neighbours.

    Returns
    -------
    fpr : ndarray of shape (n_thresholds + 1,)
        False positive rates, increasing.
    tpr : ndarray of shape (n_thresholds + 1,)
        True positive rates, increasing.
    thresholds : ndarray of shape (n_thresholds + 1,)
        Decreasing thresholds, the first ``inf`` (nothing predicted positive).

    See Also
    --------
    roc_auc_score : The area under this curve.
    confusion_matrix_at_thresholds : The counts behind it.

    Notes
    -----
    :math:`FPR_j = FP_j / FP_{last}` and :math:`TPR_j = TP_j / TP_{last}` of
    :func:`confusion_matrix_at_thresholds`, after the point (0, 0) at ``inf``.

    References
    ----------
    .. [1] T. Fawcett (2006). An introduction to ROC analysis. Pattern Recognition
       Letters 27(8), 861-874.

    Examples
    --------
    >>> from metrics_sk import roc_curve
    >>> fpr, tpr, thresholds = roc_curve([1, 1, 2, 2], [0.1, 0.4, 0.35, 0.8], pos_label=2)
    >>> fpr.tolist(), tpr.tolist()
    ([0.0, 0.0, 0.5, 0.5, 1.0], [0.0, 0.5, 0.5, 1.0, 1.0])
    """
    counts, sample_weight = _curve_counts(y_true, y_score, sample_weight, pos_label)
    if counts is None:  # inputs scikit-learn computes
        return _sk.roc_curve(y_true, y_score, pos_label=pos_label,
                             sample_weight=sample_weight,
                             drop_intermediate=drop_intermediate)
    return _roc_points(*counts, drop_intermediate)


def _roc_points(fps, tps, thresholds, drop_intermediate):
    """scikit-learn's ROC points of cumulative counts with both sides non-empty."""
    if drop_intermediate and fps.shape[0] > 2:
        keep = np.concatenate(([True], np.logical_or(np.diff(fps, 2), np.diff(tps, 2)),
                               [True]))
        fps, tps, thresholds = fps[keep], tps[keep], thresholds[keep]
    fps, tps = np.concatenate(([0.0], fps)), np.concatenate(([0.0], tps))
    thresholds = np.concatenate(([np.inf], thresholds.astype(np.float64, copy=False)))
    return fps / fps[-1], tps / tps[-1], thresholds


@checked(_constraints("precision_recall_curve"))
def precision_recall_curve(y_true, y_score, *, pos_label=None, sample_weight=None,
                           drop_intermediate=False):
    """Precision-recall pairs at every threshold, from one sort of the scores.

    Drop-in for :func:`sklearn.metrics.precision_recall_curve` (same values, warnings
    and errors).

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True binary labels.
    y_score : array-like of shape (n_samples,)
        Scores of the positive class.
    pos_label : int, float, bool or str, default=None
        The positive class; None: 1 of {0, 1} or {-1, 1} labels.
    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights.
    drop_intermediate : bool, default=False
        Drop the thresholds where the true positives do not change from both neighbours.

    Returns
    -------
    precision : ndarray of shape (n_thresholds + 1,)
        Precision at each threshold, then 1.
    recall : ndarray of shape (n_thresholds + 1,)
        Recall at each threshold (decreasing), then 0.
    thresholds : ndarray of shape (n_thresholds,)
        Increasing thresholds.

    See Also
    --------
    average_precision_score : The step-wise area under this curve.
    confusion_matrix_at_thresholds : The counts behind it.

    Notes
    -----
    :math:`P_j = TP_j / (TP_j + FP_j)` and :math:`R_j = TP_j / TP_{last}` of
    :func:`confusion_matrix_at_thresholds`, in increasing threshold order.

    References
    ----------
    .. [1] J. Davis and M. Goadrich (2006). The relationship between precision-recall and
       ROC curves. ICML, 233-240.

    Examples
    --------
    >>> from metrics_sk import precision_recall_curve
    >>> precision, recall, thresholds = precision_recall_curve(
    ...     [0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> precision.round(3).tolist(), recall.tolist()
    ([0.5, 0.667, 0.5, 1.0, 1.0], [1.0, 1.0, 0.5, 0.5, 0.0])
    """
    counts, sample_weight = _curve_counts(y_true, y_score, sample_weight, pos_label)
    if counts is None:  # inputs scikit-learn computes
        return _sk.precision_recall_curve(y_true, y_score, pos_label=pos_label,
                                          sample_weight=sample_weight,
                                          drop_intermediate=drop_intermediate)
    return _pr_points(*counts, drop_intermediate)


def _pr_points(fps, tps, thresholds, drop_intermediate):
    """scikit-learn's precision-recall points of cumulative counts with positives."""
    if drop_intermediate and fps.shape[0] > 2:
        keep = _changes(tps)
        fps, tps, thresholds = fps[keep], tps[keep], thresholds[keep]
    predicted = tps + fps
    precision = np.divide(tps, predicted, out=np.zeros_like(tps), where=predicted != 0)
    recall = tps / tps[-1]
    return (np.concatenate((precision[::-1], [1.0])), np.concatenate((recall[::-1], [0.0])),
            thresholds[::-1])


@checked(_constraints("det_curve"))
def det_curve(y_true, y_score, pos_label=None, sample_weight=None, drop_intermediate=False):
    """Detection error tradeoff (DET) curve, from one sort of the scores.

    Drop-in for :func:`sklearn.metrics.det_curve` (same values, warnings and errors).

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True binary labels.
    y_score : array-like of shape (n_samples,)
        Scores of the positive class.
    pos_label : int, float, bool or str, default=None
        The positive class; None: 1 of {0, 1} or {-1, 1} labels.
    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights.
    drop_intermediate : bool, default=False
        Drop the thresholds where the true positives do not change from both neighbours.

    Returns
    -------
    fpr : ndarray of shape (n_thresholds,)
        False positive rates, decreasing.
    fnr : ndarray of shape (n_thresholds,)
        False negative rates, increasing.
    thresholds : ndarray of shape (n_thresholds,)
        Increasing thresholds.

    See Also
    --------
    roc_curve : The true positive rate against the false positive rate.

    Notes
    -----
    :math:`FPR_j = FP_j / FP_{last}` and :math:`FNR_j = (TP_{last} - TP_j) / TP_{last}` of
    :func:`confusion_matrix_at_thresholds`, from the last threshold without false
    positives to the first without false negatives.

    References
    ----------
    .. [1] A. Martin et al. (1997). The DET curve in assessment of detection task
       performance. Eurospeech, 1895-1898.

    Examples
    --------
    >>> from metrics_sk import det_curve
    >>> fpr, fnr, thresholds = det_curve([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> fpr.tolist(), fnr.tolist()
    ([0.5, 0.5, 0.0], [0.0, 0.5, 0.5])
    """
    counts, sample_weight = _curve_counts(y_true, y_score, sample_weight, pos_label,
                                          two_classes=True)
    if counts is None:  # inputs scikit-learn computes
        return _sk.det_curve(y_true, y_score, pos_label=pos_label,
                             sample_weight=sample_weight,
                             drop_intermediate=drop_intermediate)
    fps, tps, thresholds = counts
    tps, fps = np.concatenate(([0.0], tps)), np.concatenate(([0.0], fps))
    thresholds = np.concatenate(([np.inf], thresholds.astype(np.float64, copy=False)))
    if drop_intermediate and fps.shape[0] > 2:
        keep = _changes(tps)
        fps, tps, thresholds = fps[keep], tps[keep], thresholds[keep]
    first = np.count_nonzero(fps <= fps[0]) - 1  # the last point without false positives
    last = np.count_nonzero(tps < tps[-1]) + 1  # the first without false negatives
    part = slice(first, last)
    return ((fps[part] / fps[-1])[::-1], ((tps[-1] - tps[part]) / tps[-1])[::-1],
            thresholds[part][::-1])


@checked(_constraints("auc"))
def auc(x, y):
    """Area under a curve by the trapezoidal rule.

    Drop-in for :func:`sklearn.metrics.auc` (same values and errors).

    Parameters
    ----------
    x : array-like of shape (n,)
        X coordinates, increasing or decreasing.
    y : array-like of shape (n,)
        Y coordinates.

    Returns
    -------
    auc : float
        The area, positive whichever the direction of ``x``.

    See Also
    --------
    roc_auc_score : The area under the ROC curve, without the curve.

    Notes
    -----
    :math:`A = \\left|\\sum_j (x_{j+1} - x_j)(y_{j+1} + y_j) / 2\\right|`, the sign
    given by the direction of ``x``.

    References
    ----------
    .. [1] "Trapezoidal rule", https://en.wikipedia.org/wiki/Trapezoidal_rule

    Examples
    --------
    >>> from metrics_sk import auc
    >>> auc([0.0, 0.5, 1.0], [0.0, 1.0, 1.0])
    0.75
    """
    check_consistent_length(x, y)
    x, y = column_or_1d(x), column_or_1d(y)
    if x.shape[0] < 2:
        return _sk.auc(x, y)  # scikit-learn's error
    dx = np.diff(x)
    direction = 1
    if np.any(dx < 0):
        if not np.all(dx <= 0):
            return _sk.auc(x, y)  # scikit-learn's error
        direction = -1
    return float(direction * trapezoid(y, x))


# -- the scores ----------------------------------------------------------------------------
def _averaged(values, average, support):
    """scikit-learn's average of per-class values: None, 'macro' or 'weighted'."""
    if average is None:
        return values
    if average == "weighted":
        if support.sum() == 0:
            return 0.0
        return float(np.average(values, weights=support))
    return float(np.mean(values))


def _support(codes, n_classes, weights):
    return np.bincount(codes, weights=weights, minlength=n_classes).astype(np.float64)


@checked(_constraints("average_precision_score"))
def average_precision_score(y_true, y_score, *, average="macro", pos_label=1,
                            sample_weight=None):
    """Average precision (AP): the step-wise area under the precision-recall curve.

    Drop-in for :func:`sklearn.metrics.average_precision_score` (same values, warnings
    and errors); binary targets and multi-class targets (one-vs-rest) are computed
    without sorting the negatives of large columns.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,) or (n_samples, n_classes)
        True binary labels, multi-class labels or a label indicator matrix.
    y_score : array-like of shape (n_samples,) or (n_samples, n_classes)
        Scores of the positive class, or one column per class.
    average : {'micro', 'samples', 'weighted', 'macro'} or None, default='macro'
        How per-class values are averaged (ignored for binary targets).
    pos_label : int, float, bool or str, default=1
        The positive class of a binary target.
    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights.

    Returns
    -------
    average_precision : float or ndarray
        The average precision, per class with ``average=None``.

    See Also
    --------
    precision_recall_curve : The curve.
    roc_auc_score : The area under the ROC curve.

    Notes
    -----
    :math:`AP = \\sum_j (R_j - R_{j-1}) P_j` over the distinct scores, from the highest
    down (:func:`precision_recall_curve`); only the scores held by positives move the
    recall, so only they are evaluated.

    References
    ----------
    .. [1] M. Zhu (2004). Recall, precision and average precision. University of
       Waterloo, working paper 2004-09.

    Examples
    --------
    >>> from metrics_sk import average_precision_score
    >>> round(average_precision_score([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]), 4)
    0.8333
    """
    routed = _dask_ranking.dask_binary_ranking(y_true, y_score, sample_weight, pos_label)
    if routed is not None:  # Dask: two passes on the workers (metrics_sk/_dask_ranking.py)
        ranking, pos_label = routed
        sums = ranking.sums(pos_label, ("ap",))
        return float(_auc.pr_of_terms(sums.ap, sums.n_pos, step=True))
    columns = (dask_one_vs_all(y_true, y_score, sample_weight, ("ap",)) if np.ndim(y_score) == 2
               and pos_label == 1 and average in ("macro", "weighted", None) else None)
    if columns is not None and columns[0].shape[0] >= 3:  # Dask, one-vs-rest: per column
        values = np.array([_auc.pr_of_terms(c.ap, c.n_pos, step=True) for c in columns[1]])
        return _averaged(values, average, np.array([c.n_pos for c in columns[1]], float))
    sample_weight = _boundary(y_true, y_score, sample_weight)
    native = None
    if np.ndim(y_score) == 1:
        native = _binary_inputs(y_true, y_score, sample_weight, pos_label, two_classes=True)
        if native is not None:
            return float(_auc.pr_auc(*native, step=True))
    elif pos_label == 1 and average in ("macro", "weighted", None):
        native = _class_inputs(y_true, y_score, sample_weight, None)
    if native is None:
        return _sk.average_precision_score(y_true, y_score, average=average,
                                           pos_label=pos_label, sample_weight=sample_weight)
    classes, codes, scores, weights = native
    if weights is not None:
        kept = weights != 0
        codes, scores, weights = codes[kept], scores[kept], weights[kept]
    values = _auc.one_vs_all_pr_auc(codes, scores, weights, step=True)
    return _averaged(values, average, _support(codes, classes.shape[0], weights))


def _mcclish(native, max_fpr):
    """scikit-learn's standardized partial AUC up to ``max_fpr`` (McClish, 1989)."""
    fpr, tpr, _ = _roc_points(*_auc.counts_at_thresholds(*native), True)
    stop = np.count_nonzero(fpr <= max_fpr)  # fpr is non-decreasing
    tpr = np.append(tpr[:stop], np.interp(max_fpr, fpr[stop - 1:stop + 1],
                                          tpr[stop - 1:stop + 1]))
    fpr = np.append(fpr[:stop], max_fpr)
    partial = float(trapezoid(tpr, fpr))
    min_area, max_area = 0.5 * max_fpr ** 2, max_fpr
    return 0.5 * (1 + (partial - min_area) / (max_area - min_area))


def _binary_auc(is_pos, scores, weights):
    """ROC AUC of one binary ranking: the Mann-Whitney kernel."""
    if weights is None:
        return float(_auc.mann_whitney(scores[is_pos], scores[~is_pos]))
    return float(_auc.mann_whitney(scores[is_pos], scores[~is_pos], weights[is_pos],
                                   weights[~is_pos]))


def _multilabel_auc(is_pos, scores, weights, average):
    """scikit-learn's ROC AUC of a label indicator matrix: per column ('micro': of all the
    cells as one ranking, each sample's weight on each of its cells)."""
    n_labels = is_pos.shape[1]
    if average == "micro":
        return _binary_auc(is_pos.ravel(), scores.ravel(),
                           None if weights is None else np.repeat(weights, n_labels))
    values = np.array([_binary_auc(is_pos[:, k], scores[:, k], weights)
                       for k in range(n_labels)])
    support = (np.ones(is_pos.shape[0]) if weights is None else weights) @ is_pos
    return _averaged(values, average, support)


def _hand_till(codes, scores, n_classes, average):
    """Hand & Till's one-vs-one ROC AUC: per pair of classes, the mean of the two AUCs of
    each class's own column on the pair's samples; pairs averaged ('weighted': by their
    share of the samples)."""
    members = [np.flatnonzero(codes == k) for k in range(n_classes)]
    present = [k for k in range(n_classes) if members[k].shape[0]]  # scikit-learn's pairs
    values, shares = [], []
    for i, a in enumerate(present):
        for b in present[i + 1:]:
            on_a, on_b = scores[members[a]], scores[members[b]]
            a_auc = _auc.mann_whitney(on_a[:, a], on_b[:, a])
            b_auc = _auc.mann_whitney(on_b[:, b], on_a[:, b])
            values.append((a_auc + b_auc) / 2)
            shares.append(members[a].shape[0] + members[b].shape[0])
    return float(np.average(values, weights=shares if average == "weighted" else None))


def _dask_rows_sum_to_one(y_score):
    """For a 2-D float Dask array: whether each row sums to 1 (:func:`_rows_sum_to_one`,
    one bool per partition computed on the workers); False for anything else."""
    if not (is_dask_collection(y_score) and hasattr(y_score, "chunks")
            and np.ndim(y_score) == 2 and y_score.dtype.kind == "f"):
        return False
    import dask

    task = dask.delayed(_rows_sum_to_one, pure=False)
    return all(dask.compute(*[task(block) for (block,) in _dask.partitions(
        (("y_score", y_score),), score="y_score")]))


@checked(_constraints("roc_auc_score"))
def roc_auc_score(y_true, y_score, *, average="macro", sample_weight=None, max_fpr=None,
                  multi_class="raise", labels=None):
    """Area under the ROC curve (ROC AUC): binary, one-vs-rest, one-vs-one, multilabel.

    Drop-in for :func:`sklearn.metrics.roc_auc_score` (same values, warnings and errors),
    computed by the Mann-Whitney kernel (one sort per ranking) instead of the curve.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,) or (n_samples, n_classes)
        True labels, or a label indicator matrix.
    y_score : array-like of shape (n_samples,) or (n_samples, n_classes)
        Scores of the greater class of a binary target; probabilities of each class of a
        multi-class target (rows summing to 1); one score per label of a multilabel one.
    average : {'micro', 'macro', 'samples', 'weighted'} or None, default='macro'
        How per-class values are averaged (ignored for binary targets).
    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights.
    max_fpr : float in (0, 1], default=None
        A binary target's standardized partial AUC up to this false positive rate.
    multi_class : {'raise', 'ovr', 'ovo'}, default='raise'
        One-vs-rest, or Hand & Till's one-vs-one, for multi-class targets.
    labels : array-like of shape (n_classes,), default=None
        The classes of the columns of ``y_score``, sorted; by default those of ``y_true``.

    Returns
    -------
    auc : float or ndarray
        The ROC AUC, per class with ``average=None``.

    See Also
    --------
    roc_curve : The curve.
    average_precision_score : The step-wise area under the precision-recall curve.

    Notes
    -----
    :math:`A = \\frac{\\sum_{p \\in P} \\sum_{n \\in N} w_p w_n ([s_p > s_n] +
    \\tfrac12 [s_p = s_n])}{\\sum_P w_p \\sum_N w_n}` (the Mann-Whitney U statistic,
    the trapezoidal area under the ROC curve). One-vs-one (Hand & Till):
    :math:`\\frac{2}{K(K-1)} \\sum_{a<b} (A(a|b) + A(b|a)) / 2`. With ``max_fpr``:
    McClish's :math:`\\frac12 (1 + \\frac{A_p - m^2/2}{m - m^2/2})`.

    References
    ----------
    .. [1] D. J. Hand and R. J. Till (2001). A simple generalisation of the area under the
       ROC curve for multiple class classification problems. Machine Learning 45, 171-186.
    .. [2] D. K. McClish (1989). Analyzing a portion of the ROC curve. Medical Decision
       Making 9(3), 190-195.

    Examples
    --------
    >>> from metrics_sk import roc_auc_score
    >>> roc_auc_score([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    0.75
    >>> y = [0, 1, 2, 0, 1, 2]
    >>> proba = [[.6, .3, .1], [.2, .5, .3], [.3, .2, .5], [.4, .4, .2], [.3, .4, .3],
    ...          [.5, .1, .4]]
    >>> round(roc_auc_score(y, proba, multi_class="ovr"), 4)
    0.9375
    """
    if multi_class == "ovo" and sample_weight is not None and np.ndim(y_score) == 2:
        # scikit-learn refuses weights with one-vs-one before it looks at the arrays
        return _sk.roc_auc_score(y_true, y_score, average=average, sample_weight=sample_weight,
                                 max_fpr=max_fpr, multi_class=multi_class, labels=labels)
    columns = (dask_one_vs_all(y_true, y_score, sample_weight, ("twice",))
               if multi_class == "ovr" and labels is None and (max_fpr is None or max_fpr == 1)
               and average in ("macro", "weighted", None) and np.ndim(y_true) == 1
               and _dask_rows_sum_to_one(y_score) else None)
    if columns is not None and columns[0].shape[0] >= 3:  # Dask, one-vs-rest: per column
        values = np.array([_auc.auc_of_twice_wins(c.twice, c.n_pos, c.n_neg)
                           for c in columns[1]])
        return _averaged(values, average, np.array([c.n_pos for c in columns[1]], float))
    routed = (_dask_ranking.dask_binary_ranking(y_true, y_score, sample_weight)
              if max_fpr is None or max_fpr == 1 else None)
    if routed is not None:  # Dask: two passes on the workers (metrics_sk/_dask_ranking.py)
        ranking, pos_label = routed
        sums = ranking.sums(pos_label, ("twice",))
        return _auc.auc_of_twice_wins(sums.twice, sums.n_pos, sums.n_neg)
    sample_weight = _boundary(y_true, y_score, sample_weight)
    native = None
    if np.ndim(y_score) == 1:  # binary: the greater class is the positive one
        y = plain_targets(y_true)
        classes = None if y is None else binary_classes(y)
        if classes is not None and classes.shape[0] == 2:
            native = _binary_inputs(y_true, y_score, sample_weight, classes.tolist()[1],
                                    two_classes=True)
        if native is not None:
            if max_fpr is None or max_fpr == 1:
                return _binary_auc(*native)
            return _mcclish(native, max_fpr)
    elif np.ndim(y_true) == 2 and (max_fpr is None or max_fpr == 1) and (
            average in ("micro", "macro", "weighted", None)):
        native = _multilabel_inputs(y_true, y_score, sample_weight)
        if native is not None:
            return _multilabel_auc(*native, average)
    elif (multi_class in ("ovr", "ovo") and (max_fpr is None or max_fpr == 1)
          and average in ("macro", "weighted") + ((None,) if multi_class == "ovr" else ())):
        native = _class_inputs(y_true, y_score, sample_weight, labels)
        if native is not None and not _rows_sum_to_one(native[2]):
            native = None
    if native is None:
        return _sk.roc_auc_score(y_true, y_score, average=average, sample_weight=sample_weight,
                                 max_fpr=max_fpr, multi_class=multi_class, labels=labels)
    classes, codes, scores, weights = native
    if multi_class == "ovo":
        return _hand_till(codes, scores, classes.shape[0], average)
    if weights is not None:
        kept = weights != 0
        codes, scores, weights = codes[kept], scores[kept], weights[kept]
    values = _auc.one_vs_all_auc(codes, scores, weights)
    if np.isnan(values).any():  # a class without samples: scikit-learn's warning
        return _sk.roc_auc_score(y_true, y_score, average=average, sample_weight=sample_weight,
                                 max_fpr=max_fpr, multi_class=multi_class, labels=labels)
    return _averaged(values, average, _support(codes, classes.shape[0], weights))


def _count_rows(mask, out_dtype):
    """How many True per row of a 2-D boolean ``mask`` (its bytes summed: several times
    ``np.count_nonzero(axis=1)``'s speed)."""
    return np.add.reduce(mask.view(np.uint8), axis=1, dtype=out_dtype)


def _top_k_hits(codes, scores, k):
    """Whether the true class is among the ``k`` highest scores of each row, ties broken
    as scikit-learn's (a stable sort, reversed: of equal scores the later column ranks
    first): fewer than ``k`` other columns score higher, or as high from a later column.

    Two comparison passes over each block of rows (``>`` and ``>=`` its true score): a
    hit when at most ``k`` columns, itself included, reach it, a miss when ``k`` columns
    are above; only the rows between (ties decide) are compared with the columns'
    positions."""
    n, n_classes = scores.shape
    count = np.int16 if n_classes < 2 ** 15 else np.int64
    hits = np.empty(n, np.bool_)
    rows = max(1, 2 ** 20 // n_classes)  # a megabyte of comparisons at a time
    mask = np.empty((min(rows, n), n_classes), np.bool_)
    for start in range(0, n, rows):
        block = scores[start:start + rows]
        mine = codes[start:start + rows]
        own = np.take_along_axis(block, mine[:, None], axis=1)
        m = mask[:block.shape[0]]
        above = _count_rows(np.greater(block, own, out=m), count)
        at_least = _count_rows(np.greater_equal(block, own, out=m), count)
        hit = np.less_equal(at_least, k, out=hits[start:start + rows])
        tied = np.flatnonzero((above < k) & ~hit)  # ties decide
        if tied.shape[0]:
            later = np.arange(n_classes) > mine[tied, None]
            outranked = above[tied] + _count_rows((block[tied] == own[tied]) & later, count)
            hit[tied] = outranked < k
    return hits


@checked(_constraints("top_k_accuracy_score"))
def top_k_accuracy_score(y_true, y_score, *, k=2, normalize=True, sample_weight=None,
                         labels=None):
    """Top-k accuracy: how often the true class is among the ``k`` highest scores.

    Drop-in for :func:`sklearn.metrics.top_k_accuracy_score` (same values, warnings and
    errors), by counting the classes that outscore the true one instead of sorting rows.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels.
    y_score : array-like of shape (n_samples,) or (n_samples, n_classes)
        One score per class (columns in the order of ``labels`` or of the sorted classes of
        ``y_true``), or the score of the greater class of a binary target.
    k : int, default=2
        How many of the highest scores count as a hit.
    normalize : bool, default=True
        Return the (weighted) fraction of hits; otherwise their (weighted) number.
    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights.
    labels : array-like of shape (n_classes,), default=None
        The classes of the columns, sorted; by default those of ``y_true``.

    Returns
    -------
    score : float
        The (weighted) fraction or number of hits.

    See Also
    --------
    metrics_sk.accuracy_score : Top-1 accuracy of predicted labels.

    Notes
    -----
    Sample :math:`i` with true class :math:`t_i` is a hit when
    :math:`|\\{c: s_{ic} > s_{it_i}\\}| + |\\{c > t_i: s_{ic} = s_{it_i}\\}| < k` (of tied
    scores, the later column ranks first, as in scikit-learn);
    :math:`\\text{score} = \\sum_i w_i \\, \\text{hit}_i / \\sum_i w_i`.

    References
    ----------
    .. [1] scikit-learn User Guide, "Top-k accuracy score".

    Examples
    --------
    >>> from metrics_sk import top_k_accuracy_score
    >>> y_score = [[0.5, 0.2, 0.2], [0.3, 0.4, 0.2], [0.2, 0.4, 0.3], [0.7, 0.2, 0.1]]
    >>> top_k_accuracy_score([0, 1, 2, 2], y_score, k=2)
    0.75
    """
    sample_weight = _boundary(y_true, y_score, sample_weight)
    native = None
    if isinstance(k, Integral) and np.ndim(y_score) == 2:
        native = _class_inputs(y_true, y_score, sample_weight, labels)
        if native is not None and k >= native[0].shape[0]:
            native = None  # scikit-learn's warning
    if native is None:
        return _sk.top_k_accuracy_score(y_true, y_score, k=k, normalize=normalize,
                                        sample_weight=sample_weight, labels=labels)
    _, codes, scores, weights = native
    hits = _top_k_hits(codes, scores, k)
    if weights is None:
        total = float(np.count_nonzero(hits))
        return total / hits.shape[0] if normalize else total
    total = float(weights[hits].sum())
    if not normalize:
        return total
    # the misses summed apart: the fraction never rounds above 1 (one sum of all the
    # weights, in another order than the hits', can fall below the hits' sum)
    return total / (total + float(weights[~hits].sum()))
