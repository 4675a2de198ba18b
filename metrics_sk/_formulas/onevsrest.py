"""One-vs-rest rates: oneDAL's specificity and binary "AUC", imbalanced-learn's geometric
mean, fairlearn's selection rate.

Part of ``metrics_sk._formulas`` (see its docstring).
"""

import numpy as np

from .shared import (
    as_float,
    class_counts,
    _divide,
    formula,
    label_position,
    _mean,
    _present,
    reduce_average,
    set_wise_labels,
    whole_margins,
)


# -- oneDAL: specificity and binary "AUC" ------------------------------------------------------
def _one_vs_rest(c, labels, average, pos_label):
    labels = set_wise_labels(c, average, labels, pos_label)
    tp, pred, true = class_counts(c, labels)
    fp = pred - tp
    # (>= 0: float margins of integer sums beyond 2**53 can round the difference below)
    tn = np.maximum(np.asarray(c.total)[..., None] - true - fp, 0)
    if average == "micro":
        present = _present(c, labels)  # a class a confusion of a batch lacks adds no tn
        if present is not None:
            tn = np.where(present, tn, 0)
        return tuple(a.sum(-1, keepdims=True) for a in (tp, fp, true, tn)), true
    return (tp, fp, true, tn), true


@formula
def specificity_score(c, *, labels=None, pos_label=1, average="binary", zero_division="warn"):
    r"""Compute the specificity (true negative rate) :math:`tn / (tn + fp)`.

    Same signature as imbalanced-learn's ``specificity_score``; ``average`` as in
    :func:`precision_score` (``"weighted"`` weights classes by support).

    Parameters
    ----------
    labels : array-like, default=None
        The classes to include when ``average != "binary"`` (all of them by default), and
        their order when ``average=None``.; a class without samples
        counts zero.
    pos_label : int, float, bool or str, default=1
        The positive class when ``average="binary"``.
    average : {'binary', 'micro', 'macro', 'weighted'} or None, default='binary'
        ``'binary'``: the value of ``pos_label``; ``'micro'``: of the summed one-vs-rest
        counts; ``'macro'``: the unweighted mean over classes; ``'weighted'``: the mean
        weighted by support; None: one value per class.
    zero_division : {'warn', 0.0, 1.0, np.nan}, default='warn'
        Value of a 0/0 ('warn': 0.0 with an ``UndefinedMetricWarning``).

    Returns
    -------
    specificity : float or ndarray of shape (n_classes,)
        The specificity, in [0, 1]; per class when ``average=None``.

    See Also
    --------
    recall_score : The sensitivity (true positive rate).
    balanced_auc_score : The mean of sensitivity and specificity.

    Notes
    -----
    Per class :math:`tn_k / (tn_k + fp_k)`; ``micro`` is :math:`\sum tn / \sum(tn + fp)`.

    References
    ----------
    .. [1] oneDAL, "Quality Metrics for Binary Classification Algorithms".

    Examples
    --------
    >>> from metrics_sk import specificity_score
    >>> specificity_score([1, 1, 0, 0, 1], [1, 0, 0, 1, 1])
    0.5
    >>> from metrics_sk import Confusion
    >>> c = Confusion.from_predictions([1, 1, 0, 0, 1], [1, 0, 0, 1, 1])
    >>> c.specificity_score()
    0.5
    """
    (tp, fp, true, tn), support = _one_vs_rest(c, labels, average, pos_label)
    spec = _divide(tn, tn + fp, zero_division, "Specificity is", "negative")
    return reduce_average(spec, average if average != "binary" else "macro", support,
                   _present(c, labels, average))


@formula
def balanced_auc_score(c, *, labels=None, pos_label=1, average="binary", zero_division="warn"):
    r"""Compute oneDAL's binary "AUC" :math:`\frac{1}{2}(TPR + TNR)` on hard labels.

    For binary targets it equals :func:`balanced_accuracy_score`; it is not a ranking
    ROC AUC. Per class (one-vs-rest) for multi-class targets with ``average``.

    Parameters
    ----------
    labels : array-like, default=None
        The classes to include when ``average != "binary"`` (all of them by default), and
        their order when ``average=None``.; a class without samples
        counts zero.
    pos_label : int, float, bool or str, default=1
        The positive class when ``average="binary"``.
    average : {'binary', 'micro', 'macro', 'weighted'} or None, default='binary'
        ``'binary'``: the value of ``pos_label``; ``'micro'``: of the summed one-vs-rest
        counts; ``'macro'``: the unweighted mean over classes; ``'weighted'``: the mean
        weighted by support; None: one value per class.
    zero_division : {'warn', 0.0, 1.0, np.nan}, default='warn'
        Value of a 0/0 ('warn': 0.0 with an ``UndefinedMetricWarning``).

    Returns
    -------
    auc : float or ndarray of shape (n_classes,)
        The balanced AUC, in [0, 1]; per class when ``average=None``.

    See Also
    --------
    balanced_accuracy_score : The mean recall over classes.
    one_vs_all_roc_auc_score : The ranking ROC AUC of scores, one class against the rest.

    Notes
    -----
    :math:`\frac{1}{2}\left(\frac{tp}{tp+fn} + \frac{tn}{tn+fp}\right)`; not a
    ranking ROC AUC.

    References
    ----------
    .. [1] oneDAL, "Quality Metrics for Binary Classification Algorithms".

    Examples
    --------
    >>> from metrics_sk import balanced_auc_score
    >>> round(balanced_auc_score([1, 1, 0, 0, 1], [1, 0, 0, 1, 1]), 4)
    0.5833
    >>> from metrics_sk import Confusion
    >>> c = Confusion.from_predictions([1, 1, 0, 0, 1], [1, 0, 0, 1, 1])
    >>> round(c.balanced_auc_score(), 4)
    0.5833
    """
    (tp, fp, true, tn), support = _one_vs_rest(c, labels, average, pos_label)
    tpr = _divide(tp, true, zero_division, "Recall is", "true")
    tnr = _divide(tn, tn + fp, zero_division, "Specificity is", "negative")
    return reduce_average((tpr + tnr) / 2, average if average != "binary" else "macro", support,
                   _present(c, labels, average))


@formula
def geometric_mean_score(c, *, labels=None, pos_label=1, average="multiclass",
                         correction=0.0):
    """Geometric mean of the per-class sensitivities (imbalanced-learn's G-mean).

    Drop-in for :func:`imblearn.metrics.geometric_mean_score`: with the default
    ``average="multiclass"``, the :math:`K`-th root of the product of the recalls of the
    :math:`K` classes (for two classes, :math:`\\sqrt{TPR \\cdot TNR}`); with another
    ``average``, the square root of the product of the averaged sensitivity and
    specificity (one value per class for ``average=None``).

    Parameters
    ----------
    labels : array-like, default=None
        The classes to include (all of them by default); a class absent from the data has
        sensitivity 0.
    pos_label : int, str or bool, default=1
        The positive class when ``average="binary"``.
    average : {'multiclass', 'binary', 'micro', 'macro', 'weighted'} or None, \
            default='multiclass'
        ``'multiclass'``: G-mean of the per-class recalls; otherwise how the per-class
        sensitivity and specificity are averaged before their G-mean.
    correction : float, default=0.0
        With ``average="multiclass"``, the value that replaces a recall of 0 (so that one
        missed class does not make the G-mean 0).

    Returns
    -------
    gmean : float or ndarray of shape (n_classes,)
        The G-mean; per class when ``average=None``.

    See Also
    --------
    specificity_score : The specificity (true negative rate) of each class.
    balanced_accuracy_score : The arithmetic mean of the per-class recalls.

    Notes
    -----
    :math:`G = \\left(\\prod_{k=1}^{K} R_k\\right)^{1/K}` with
    :math:`R_k = tp_k / (tp_k + fn_k)`; for the other averages
    :math:`G = \\sqrt{\\overline{TPR} \\cdot \\overline{TNR}}` with
    :math:`TNR_k = tn_k / (tn_k + fp_k)`. Like every count metric it is computed from the
    per-class counts of the :class:`~metrics_sk.Confusion`. With sample weights, the true
    negatives are weight sums (imbalanced-learn counts them as the number of samples
    minus weight sums, which mixes units).

    References
    ----------
    .. [1] Kubat, M. and Matwin, S. (1997). Addressing the curse of imbalanced training
       sets: one-sided selection. ICML.
    .. [2] Barandela, R., Sanchez, J. S., Garcia, V. and Rangel, E. (2003). Strategies for
       learning in class imbalance problems. Pattern Recognition 36(3), 849-851.

    Examples
    --------
    >>> from metrics_sk import geometric_mean_score
    >>> y_true = [0, 1, 2, 0, 1, 2]
    >>> y_pred = [0, 2, 1, 0, 0, 1]
    >>> geometric_mean_score(y_true, y_pred)
    0.0
    >>> round(geometric_mean_score(y_true, y_pred, correction=0.001), 4)
    0.01
    >>> round(geometric_mean_score(y_true, y_pred, average="macro"), 4)
    0.4714
    """
    if average == "multiclass":
        tp, _, true = class_counts(c, labels)
        recall = _divide(tp, true, "warn", "Recall is", "true")
        recall = np.where(recall == 0, correction, recall)
        with np.errstate(divide="ignore"):
            return as_float(np.exp(_mean(np.log(recall), _present(c, labels))))
    (tp, fp, true, tn), support = _one_vs_rest(c, labels, average, pos_label)
    sensitivity = _divide(tp, true, 0.0, "Sensitivity is", "true")
    specificity = _divide(tn, tn + fp, "warn", "Specificity is", "predicted")
    if average == "weighted":
        total = support.sum(-1)
        weights = np.where(total == 0, 1.0, support)  # no true sample: G-mean 0 below
        sensitivity = np.where(total == 0, 0.0, (sensitivity * weights).sum(-1) / weights.sum(-1))
        specificity = np.where(total == 0, 0.0, (specificity * weights).sum(-1) / weights.sum(-1))
    elif average is not None:
        present = _present(c, labels, average)
        sensitivity, specificity = _mean(sensitivity, present), _mean(specificity, present)
    return as_float(np.sqrt(sensitivity * specificity)) if average is not None else np.sqrt(
        sensitivity * specificity)


@formula
def selection_rate(c, *, pos_label=1):
    """Compute the selection rate: the fraction of samples predicted as ``pos_label``.

    fairlearn's ``selection_rate`` (the rate whose differences between groups is the
    demographic parity difference).

    Parameters
    ----------
    pos_label : int, str or bool, default=1
        The label that counts as selected. Like the other binary metrics, it must be one
        of the labels when there are two (an error otherwise); with one label only, a
        ``pos_label`` absent from the data has rate 0.

    Returns
    -------
    rate : float
        The (weighted) fraction of samples predicted as ``pos_label``.

    See Also
    --------
    metric_frame : The selection rate (and any count metric) of each group.
    demographic_parity_difference : Its largest difference between groups.

    Notes
    -----
    :math:`SR = \\sum_i C_{i,pos} / \\sum_{ij} C_{ij}`: the column sum of the positive
    label over the total.

    References
    ----------
    .. [1] Bird, S. et al. (2020). Fairlearn: A toolkit for assessing and improving
       fairness in AI. Microsoft Tech. Report MSR-TR-2020-32.

    Examples
    --------
    >>> from metrics_sk import selection_rate
    >>> selection_rate([0, 1, 1, 0], [1, 1, 0, 0])
    0.5
    """
    set_wise_labels(c, "binary", None, pos_label)  # a pos_label not among two labels
    where = label_position(c, pos_label)
    predicted = whole_margins(c)[2][..., where] if where >= 0 else np.zeros_like(c.total)
    with np.errstate(divide="ignore", invalid="ignore"):
        return as_float(np.asarray(predicted, dtype=np.float64) / c.total)
