"""scikit-learn drop-ins built on the shared confusion builder.

Same names, signatures, values, warnings and errors as ``sklearn.metrics`` (1.9) for
binary and multi-class targets; multilabel input is handed to scikit-learn itself.
Each body shows the route: the parameters checked once
(:func:`~metrics_sk._api.checked_metric`), multilabel input handed to scikit-learn, the
:class:`~metrics_sk.Confusion` built (:func:`~metrics_sk._api.build_confusion`), then the
formula of ``metrics_sk._counts`` of the same name.
"""

import warnings
from numbers import Integral, Real

import numpy as np
import sklearn.metrics as skm

from . import _counts
from ._api import _declared_order, _is_multilabel, build_confusion, checked_metric
from ._sklearn_compat import Interval, Options, StrOptions, validate_params

_TARGETS = {"y_true": ["array-like", "sparse matrix"], "y_pred": ["array-like", "sparse matrix"],
            "sample_weight": ["array-like", None]}
_SET_WISE = {
    **_TARGETS,
    "labels": ["array-like", None],
    "pos_label": [Real, str, "boolean", None],
    "average": [StrOptions({"micro", "macro", "samples", "weighted", "binary"}), None],
    "zero_division": [Options(Real, {0.0, 1.0}), "nan", StrOptions({"warn"})],
}
_BETA = {"beta": [Interval(Real, 0.0, None, closed="both")]}

_PRF_NOTES = """The per-class counts come from the shared sparse :class:`~metrics_sk.Confusion`;
    ``average="micro"`` sums them first, ``"macro"`` takes the unweighted mean over the
    classes, ``"weighted"`` weights each class by its support (the blog's weighted average,
    and CatBoost's ``TotalF1`` default), ``None`` returns one value per class.
"""


_PRF_PARAMS = """Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,)
        True and predicted labels.{beta}
    labels : array-like, default=None
        Classes to include, and their order when ``average=None``.
    pos_label : int, float, bool or str, default=1
        The positive class when ``average="binary"``.
    average : {'binary', 'micro', 'macro', 'weighted', 'samples'} or None, default='binary'
        How to combine the per-class values (``'samples'`` only for multilabel input).
    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights.
    zero_division : {'warn', 0.0, 1.0, np.nan}, default='warn'
        Value for a 0/0; ``'warn'`` gives 0.0 and an ``UndefinedMetricWarning``.
"""

_BETA = """
    beta : float
        Weight of recall relative to precision."""


def _prf_doc(declared):
    declared.__doc__ = (declared.__doc__.replace("{prf_notes}", _PRF_NOTES)
                        .replace("{prf_params}", _PRF_PARAMS.replace("{beta}", ""))
                        .replace("{prf_params_beta}", _PRF_PARAMS.replace("{beta}", _BETA)))
    return declared


@checked_metric
def confusion_matrix(y_true, y_pred, *, labels=None, sample_weight=None, normalize=None):
    """Compute the confusion matrix ``C[i, j]``: samples of class ``i`` predicted as ``j``.

    Drop-in for :func:`sklearn.metrics.confusion_matrix`, counted by the shared sparse
    builder; only the returned array is dense.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,)
        True and predicted labels.
    labels : array-like of shape (n_classes,), default=None
        Classes to index the matrix; samples of other labels are left out.
    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights.
    normalize : {'true', 'pred', 'all'}, default=None
        Normalize over true labels (rows), predicted labels (columns) or all samples.

    Returns
    -------
    C : ndarray of shape (n_classes, n_classes)
        Rows are true classes, columns predicted classes, in the order of ``labels``.

    See Also
    --------
    binary_confusion_matrix : The 2 x 2 layout of oneDAL, ``[[tp, fn], [fp, tn]]``.
    Confusion : The sparse matrix behind it.

    Notes
    -----
    :math:`C_{ij} = \\sum_s w_s [y_s = i][\\hat y_s = j]`.

    References
    ----------
    .. [1] Wikipedia, "Confusion matrix".

    Examples
    --------
    >>> from metrics_sk import confusion_matrix
    >>> confusion_matrix([2, 0, 2, 2, 0, 1], [0, 0, 2, 2, 0, 2])
    array([[2, 0, 0],
           [0, 0, 1],
           [1, 0, 2]])
    """
    if _is_multilabel(y_true) or _is_multilabel(y_pred):
        return skm.confusion_matrix(y_true, y_pred, labels=labels, sample_weight=sample_weight,
                                    normalize=normalize)
    c = build_confusion(y_true, y_pred, sample_weight, sklearn_compatible=True)
    if labels is None:
        c = _declared_order(c, "confusion_matrix", y_true, y_pred, per_class=True)
    return _counts.confusion_matrix(c, labels=labels, normalize=normalize)


@checked_metric
@_prf_doc
def precision_recall_fscore_support(y_true, y_pred, *, beta=1.0, labels=None, pos_label=1,
                                    average=None,
                                    warn_for=("precision", "recall", "f-score"),
                                    sample_weight=None, zero_division="warn"):
    """Compute precision, recall, F-beta and support for each class, or their average.

    Drop-in for :func:`sklearn.metrics.precision_recall_fscore_support`.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,)
        True and predicted labels.
    beta : float, default=1.0
        Weight of recall relative to precision.
    labels : array-like, default=None
        Classes to include, and their order when ``average=None``.
    pos_label : int, float, bool or str, default=1
        The positive class when ``average="binary"``.
    average : {'binary', 'micro', 'macro', 'weighted', 'samples'} or None, default=None
        How to combine the per-class values.
    warn_for : tuple or set
        Which metrics warn when they are ill-defined.
    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights.
    zero_division : {'warn', 0.0, 1.0, np.nan}, default='warn'
        Value for a 0/0; ``'warn'`` gives 0.0 and an ``UndefinedMetricWarning``.

    Returns
    -------
    precision, recall, fbeta_score : float or ndarray of shape (n_classes,)
        The averaged values, or one per class when ``average=None``.
    support : None or ndarray of shape (n_classes,)
        The number (weight) of true samples of each class; None when averaged.

    See Also
    --------
    precision_score, recall_score, fbeta_score : One of the three values.
    macro_fbeta_score : The F-beta of macro precision and macro recall (oneDAL).

    Notes
    -----
    Per class, :math:`P = tp/(tp+fp)`, :math:`R = tp/(tp+fn)` and
    :math:`F_\\beta = (1+\\beta^2)\\,tp / ((1+\\beta^2)\\,tp + \\beta^2 fn + fp)`.
    {prf_notes}
    References
    ----------
    .. [1] Sokolova, M. and Lapalme, G. (2009). A systematic analysis of performance
       measures for classification tasks. Information Processing & Management 45(4).

    Examples
    --------
    >>> from metrics_sk import precision_recall_fscore_support
    >>> y_true = ["cat", "dog", "pig", "cat", "dog", "pig"]
    >>> y_pred = ["cat", "pig", "dog", "cat", "cat", "dog"]
    >>> p, r, f, _ = precision_recall_fscore_support(y_true, y_pred, average="macro")
    >>> round(p, 4), round(r, 4), round(f, 4)
    (0.2222, 0.3333, 0.2667)
    """
    if _is_multilabel(y_true) or _is_multilabel(y_pred):
        return skm.precision_recall_fscore_support(y_true, y_pred, beta=beta, labels=labels,
                                                   pos_label=pos_label, average=average,
                                                   warn_for=warn_for,
                                                   sample_weight=sample_weight,
                                                   zero_division=zero_division)
    c = build_confusion(y_true, y_pred, sample_weight, sklearn_compatible=True)
    if labels is None:
        c = _declared_order(c, "precision_recall_fscore_support", y_true, y_pred,
                            per_class=average is None)
    return _counts.precision_recall_fscore_support(c, beta=beta, labels=labels,
                                                   pos_label=pos_label, average=average,
                                                   warn_for=warn_for,
                                                   zero_division=zero_division)


@checked_metric
@_prf_doc
def precision_score(y_true, y_pred, *, labels=None, pos_label=1, average="binary",
                    sample_weight=None, zero_division="warn"):
    """Compute the precision :math:`tp / (tp + fp)`: how many predicted positives are right.

    Drop-in for :func:`sklearn.metrics.precision_score`.

    {prf_params}
    Returns
    -------
    precision : float or ndarray of shape (n_classes,)
        The precision, in [0, 1]; one value per class when ``average=None``.

    See Also
    --------
    macro_precision_score, micro_precision_score : The same averages under oneDAL's names.
    precision_recall_fscore_support : Precision, recall and F-beta at once.

    Notes
    -----
    Precision per class :math:`P_k = tp_k / (tp_k + fp_k)`.
    {prf_notes}
    References
    ----------
    .. [1] Sokolova and Lapalme (2009), see :func:`precision_recall_fscore_support`.

    Examples
    --------
    >>> from metrics_sk import precision_score
    >>> precision_score([0, 1, 2, 0, 1, 2], [0, 2, 1, 0, 0, 1], average="macro")
    0.2222222222222222
    """
    if _is_multilabel(y_true) or _is_multilabel(y_pred):
        return skm.precision_score(y_true, y_pred, labels=labels, pos_label=pos_label,
                                   average=average, sample_weight=sample_weight,
                                   zero_division=zero_division)
    c = build_confusion(y_true, y_pred, sample_weight, sklearn_compatible=True)
    if labels is None:
        c = _declared_order(c, "precision_score", y_true, y_pred, per_class=average is None)
    return _counts.precision_score(c, labels=labels, pos_label=pos_label, average=average,
                                   zero_division=zero_division)


@checked_metric
@_prf_doc
def recall_score(y_true, y_pred, *, labels=None, pos_label=1, average="binary",
                 sample_weight=None, zero_division="warn"):
    """Compute the recall :math:`tp / (tp + fn)`: how many actual positives are found.

    Drop-in for :func:`sklearn.metrics.recall_score`.

    {prf_params}
    Returns
    -------
    recall : float or ndarray of shape (n_classes,)
        The recall, in [0, 1]; one value per class when ``average=None``.

    See Also
    --------
    macro_recall_score, micro_recall_score : The same averages under oneDAL's names.
    balanced_accuracy_score : The macro recall over the classes present in ``y_true``.

    Notes
    -----
    Recall per class :math:`R_k = tp_k / (tp_k + fn_k)`.
    {prf_notes}
    References
    ----------
    .. [1] Sokolova and Lapalme (2009), see :func:`precision_recall_fscore_support`.

    Examples
    --------
    >>> from metrics_sk import recall_score
    >>> recall_score([0, 1, 2, 0, 1, 2], [0, 2, 1, 0, 0, 1], average="macro")
    0.3333333333333333
    """
    if _is_multilabel(y_true) or _is_multilabel(y_pred):
        return skm.recall_score(y_true, y_pred, labels=labels, pos_label=pos_label,
                                average=average, sample_weight=sample_weight,
                                zero_division=zero_division)
    c = build_confusion(y_true, y_pred, sample_weight, sklearn_compatible=True)
    if labels is None:
        c = _declared_order(c, "recall_score", y_true, y_pred, per_class=average is None)
    return _counts.recall_score(c, labels=labels, pos_label=pos_label, average=average,
                                zero_division=zero_division)


@checked_metric
@_prf_doc
def fbeta_score(y_true, y_pred, *, beta, labels=None, pos_label=1, average="binary",
                sample_weight=None, zero_division="warn"):
    """Compute the F-beta score, the weighted harmonic mean of precision and recall.

    Drop-in for :func:`sklearn.metrics.fbeta_score`. With ``average="macro"`` this is the
    mean of the per-class F, which is not oneDAL's macro F (see :func:`macro_fbeta_score`).

    {prf_params_beta}
    Returns
    -------
    fbeta_score : float or ndarray of shape (n_classes,)
        The F-beta score, in [0, 1]; one value per class when ``average=None``.

    See Also
    --------
    f1_score : The F-beta score with ``beta=1``.
    macro_fbeta_score : The F-beta of macro precision and macro recall (oneDAL).

    Notes
    -----
    :math:`F_\\beta = (1+\\beta^2)\\,tp / ((1+\\beta^2)\\,tp + \\beta^2 fn + fp)` per class.
    {prf_notes}
    References
    ----------
    .. [1] Sokolova and Lapalme (2009), see :func:`precision_recall_fscore_support`.

    Examples
    --------
    >>> from metrics_sk import fbeta_score
    >>> round(fbeta_score([0, 1, 2, 0, 1, 2], [0, 2, 1, 0, 0, 1], beta=0.5,
    ...                   average="macro"), 4)
    0.2381
    """
    if _is_multilabel(y_true) or _is_multilabel(y_pred):
        return skm.fbeta_score(y_true, y_pred, beta=beta, labels=labels, pos_label=pos_label,
                               average=average, sample_weight=sample_weight,
                               zero_division=zero_division)
    c = build_confusion(y_true, y_pred, sample_weight, sklearn_compatible=True)
    if labels is None:
        c = _declared_order(c, "fbeta_score", y_true, y_pred, per_class=average is None)
    return _counts.fbeta_score(c, beta=beta, labels=labels, pos_label=pos_label,
                               average=average, zero_division=zero_division)


@checked_metric
@_prf_doc
def f1_score(y_true, y_pred, *, labels=None, pos_label=1, average="binary",
             sample_weight=None, zero_division="warn"):
    """Compute the F1 score, the harmonic mean of precision and recall.

    Drop-in for :func:`sklearn.metrics.f1_score`. ``average="weighted"``, ``"macro"``
    and ``"micro"`` are CatBoost's ``TotalF1`` averages (pass ``labels=range(K)`` for
    CatBoost's macro over all K classes).

    {prf_params}
    Returns
    -------
    f1_score : float or ndarray of shape (n_classes,)
        The F1 score, in [0, 1]; one value per class when ``average=None``.

    See Also
    --------
    fbeta_score : The F-beta score for any beta.
    macro_fbeta_score : The F-beta of macro precision and macro recall (oneDAL).

    Notes
    -----
    :math:`F_1 = 2\\,tp / (2\\,tp + fn + fp)` per class.
    {prf_notes}
    References
    ----------
    .. [1] Sokolova and Lapalme (2009), see :func:`precision_recall_fscore_support`.

    Examples
    --------
    >>> from metrics_sk import f1_score
    >>> round(f1_score([0, 1, 2, 0, 1, 2], [0, 2, 1, 0, 0, 1], average="macro"), 4)
    0.2667
    >>> round(f1_score([0, 0, 0, 0, 0, 1], [0, 1, 1, 1, 1, 1], average="macro"), 4)
    0.3333
    """
    if _is_multilabel(y_true) or _is_multilabel(y_pred):
        return skm.f1_score(y_true, y_pred, labels=labels, pos_label=pos_label, average=average,
                            sample_weight=sample_weight, zero_division=zero_division)
    c = build_confusion(y_true, y_pred, sample_weight, sklearn_compatible=True)
    if labels is None:
        c = _declared_order(c, "f1_score", y_true, y_pred, per_class=average is None)
    return _counts.f1_score(c, labels=labels, pos_label=pos_label, average=average,
                            zero_division=zero_division)


@checked_metric
def accuracy_score(y_true, y_pred, *, normalize=True, sample_weight=None):
    """Compute the accuracy: the fraction of correct predictions.

    Drop-in for :func:`sklearn.metrics.accuracy_score`; CatBoost's ``Accuracy``.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,)
        True and predicted labels.
    normalize : bool, default=True
        Return the fraction of correct predictions; False: their number (weight sum).
    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights.

    Returns
    -------
    score : float
        The fraction (or number) of correct predictions.

    See Also
    --------
    zero_one_loss : The fraction (or number) of wrong predictions.
    balanced_accuracy_score : The mean recall over classes.

    Notes
    -----
    :math:`\\sum_k C_{kk} / \\sum_{ij} C_{ij}`.

    References
    ----------
    .. [1] Sokolova and Lapalme (2009).

    Examples
    --------
    >>> from metrics_sk import accuracy_score
    >>> accuracy_score([0, 1, 2, 3], [0, 2, 1, 3])
    0.5
    """
    if _is_multilabel(y_true) or _is_multilabel(y_pred):
        return skm.accuracy_score(y_true, y_pred, normalize=normalize,
                                  sample_weight=sample_weight)
    c = build_confusion(y_true, y_pred, sample_weight, sklearn_compatible=True)
    c = _declared_order(c, "accuracy_score", y_true, y_pred)
    return _counts.accuracy_score(c, normalize=normalize)


@checked_metric
def balanced_accuracy_score(y_true, y_pred, *, sample_weight=None, adjusted=False):
    """Compute the balanced accuracy: the mean recall over the classes of ``y_true``.

    Drop-in for :func:`sklearn.metrics.balanced_accuracy_score`. For binary targets it
    equals oneDAL's binary "AUC" (:func:`balanced_auc_score`) and CatBoost's
    ``BalancedAccuracy``.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,)
        True and predicted labels.
    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights.
    adjusted : bool, default=False
        Rescale so that chance scores 0 and perfect scores 1.

    Returns
    -------
    balanced_accuracy : float
        The balanced accuracy.

    See Also
    --------
    recall_score : Recall, whose macro average this is.
    balanced_auc_score : The binary "AUC" of oneDAL, equal for binary targets.

    Notes
    -----
    :math:`\\frac{1}{|K|}\\sum_{k \\in K} tp_k / (tp_k + fn_k)` over the classes
    :math:`K` with support.

    References
    ----------
    .. [1] Brodersen, K. H. et al. (2010). The balanced accuracy and its posterior
       distribution. ICPR.

    Examples
    --------
    >>> from metrics_sk import balanced_accuracy_score
    >>> balanced_accuracy_score([0, 1, 0, 0, 1, 0], [0, 1, 0, 0, 0, 1])
    0.625
    """
    if _is_multilabel(y_true) or _is_multilabel(y_pred):
        return skm.balanced_accuracy_score(y_true, y_pred, sample_weight=sample_weight,
                                           adjusted=adjusted)
    c = build_confusion(y_true, y_pred, sample_weight, sklearn_compatible=True)
    c = _declared_order(c, "balanced_accuracy_score", y_true, y_pred)
    return _counts.balanced_accuracy_score(c, adjusted=adjusted)


@checked_metric
def matthews_corrcoef(y_true, y_pred, *, sample_weight=None):
    """Compute the Matthews correlation coefficient (Gorodkin's :math:`R_K`).

    Drop-in for :func:`sklearn.metrics.matthews_corrcoef`; CatBoost's ``MCC``; for several
    classes, Gorodkin's :math:`R_K`. Computed from the diagonal, row and column sums in
    O(K), never a K x K array.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,)
        True and predicted labels.
    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights.

    Returns
    -------
    mcc : float
        In [-1, 1]; 0 when the denominator is 0.

    See Also
    --------
    cohen_kappa_score : Agreement corrected for chance.

    Notes
    -----
    With :math:`T = \\sum C`, row sums :math:`r` and column sums :math:`c`:
    :math:`(\\operatorname{tr}(C)\\,T - r \\cdot c) /
    \\sqrt{(T^2 - c \\cdot c)(T^2 - r \\cdot r)}`.

    References
    ----------
    .. [1] Gorodkin, J. (2004). Comparing two K-category assignments by a K-category
       correlation coefficient. Computational Biology and Chemistry 28.

    Examples
    --------
    >>> from metrics_sk import matthews_corrcoef
    >>> round(matthews_corrcoef([+1, +1, +1, -1], [+1, -1, +1, +1]), 4)
    -0.3333
    """
    if _is_multilabel(y_true) or _is_multilabel(y_pred):
        return skm.matthews_corrcoef(y_true, y_pred, sample_weight=sample_weight)
    c = build_confusion(y_true, y_pred, sample_weight, sklearn_compatible=True)
    c = _declared_order(c, "matthews_corrcoef", y_true, y_pred)
    return _counts.matthews_corrcoef(c)


@checked_metric
def cohen_kappa_score(y1, y2, *, labels=None, weights=None, sample_weight=None,
                      replace_undefined_by=np.nan):
    """Compute Cohen's kappa, unweighted or with linear / quadratic disagreement weights.

    Drop-in for :func:`sklearn.metrics.cohen_kappa_score`. ``weights="quadratic"`` with
    ``labels=range(K)`` is CatBoost's ``WKappa`` (CatBoost returns -1 where this returns
    ``replace_undefined_by``). Computed in O(K + non-zero cells): the expected
    disagreement uses row and column sums with prefix sums, never a K x K array.

    Parameters
    ----------
    y1, y2 : array-like of shape (n_samples,)
        Labels of the two raters.
    labels : array-like of shape (n_classes,), default=None
        Classes, in the order that defines the distances :math:`|i - j|`.
    weights : {None, 'linear', 'quadratic'}, default=None
        Disagreement weights :math:`W_{ij}`: :math:`[i \\ne j]` (None), :math:`|i - j|` or
        :math:`(i - j)^2`.
    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights.
    replace_undefined_by : float in [-1, 1] or np.nan, default=np.nan
        Value returned when kappa is 0/0, with an ``UndefinedMetricWarning``.

    Returns
    -------
    kappa : float
        Kappa, at most 1 (1: complete agreement; 0: agreement by chance).

    See Also
    --------
    matthews_corrcoef : The correlation of the two labelings.

    Notes
    -----
    :math:`\\kappa = 1 - \\sum W \\circ O / \\sum W \\circ E` with
    :math:`E_{ij} = r_i c_j / \\sum O` and :math:`W_{ij} = [i \\ne j]`, :math:`|i-j|`
    or :math:`(i-j)^2`.

    References
    ----------
    .. [1] Cohen, J. (1960). A coefficient of agreement for nominal scales.
    .. [2] Cohen, J. (1968). Weighted kappa. Psychological Bulletin 70(4).

    Examples
    --------
    >>> from metrics_sk import cohen_kappa_score
    >>> round(cohen_kappa_score([0, 1, 2, 2, 0], [0, 2, 2, 2, 1]), 4)
    0.3750
    >>> round(cohen_kappa_score([0, 1, 2, 2, 0], [0, 2, 2, 2, 1], weights="quadratic"), 4)
    0.75
    """
    if _is_multilabel(y1) or _is_multilabel(y2):
        return skm.cohen_kappa_score(y1, y2, labels=labels, weights=weights,
                                     sample_weight=sample_weight,
                                     replace_undefined_by=replace_undefined_by)
    c = build_confusion(y1, y2, sample_weight, sklearn_compatible=True)
    if labels is None:
        c = _declared_order(c, "cohen_kappa_score", y1, y2, dropin=weights is None)
    return _counts.cohen_kappa_score(c, labels=labels, weights=weights,
                                     replace_undefined_by=replace_undefined_by)


@checked_metric
def hamming_loss(y_true, y_pred, *, sample_weight=None):
    """Compute the Hamming loss: the fraction of wrong labels.

    Drop-in for :func:`sklearn.metrics.hamming_loss`; CatBoost's ``HammingLoss``. For
    single-label data it is 1 - accuracy.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,)
        True and predicted labels.
    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights.

    Returns
    -------
    loss : float
        The fraction of wrong labels, in [0, 1].

    See Also
    --------
    zero_one_loss : The fraction of wrong samples (equal for single-label data).

    Notes
    -----
    :math:`1 - \\operatorname{tr}(C) / \\sum C`.

    References
    ----------
    .. [1] Tsoumakas, G. and Katakis, I. (2007). Multi-label classification: an overview.

    Examples
    --------
    >>> from metrics_sk import hamming_loss
    >>> hamming_loss([1, 2, 3, 4], [2, 2, 3, 4])
    0.25
    """
    if _is_multilabel(y_true) or _is_multilabel(y_pred):
        return skm.hamming_loss(y_true, y_pred, sample_weight=sample_weight)
    c = build_confusion(y_true, y_pred, sample_weight, sklearn_compatible=True)
    c = _declared_order(c, "hamming_loss", y_true, y_pred)
    return _counts.hamming_loss(c)


@checked_metric
def zero_one_loss(y_true, y_pred, *, normalize=True, sample_weight=None):
    """Compute the zero-one loss: the fraction (or weight) of misclassified samples.

    Drop-in for :func:`sklearn.metrics.zero_one_loss`; CatBoost's ``ZeroOneLoss``.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,)
        True and predicted labels.
    normalize : bool, default=True
        Return the fraction of misclassified samples; False: their number (weight sum).
    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights.

    Returns
    -------
    loss : float
        The fraction (or number) of misclassified samples.

    See Also
    --------
    accuracy_score : One minus this loss (normalized).
    error_rate : The mean one-vs-rest error (oneDAL).

    Notes
    -----
    :math:`1 - \\operatorname{tr}(C) / \\sum C`, or :math:`\\sum C - \\operatorname{tr}(C)`.

    References
    ----------
    .. [1] Sokolova and Lapalme (2009).

    Examples
    --------
    >>> from metrics_sk import zero_one_loss
    >>> zero_one_loss([1, 2, 3, 4], [2, 2, 3, 4])
    0.25
    """
    if _is_multilabel(y_true) or _is_multilabel(y_pred):
        return skm.zero_one_loss(y_true, y_pred, normalize=normalize,
                                 sample_weight=sample_weight)
    c = build_confusion(y_true, y_pred, sample_weight, sklearn_compatible=True)
    c = _declared_order(c, "zero_one_loss", y_true, y_pred)
    return _counts.zero_one_loss(c, normalize=normalize)


@validate_params({
    "y_true": ["array-like", "sparse matrix"], "y_pred": ["array-like", "sparse matrix"],
    "labels": ["array-like", None], "target_names": ["array-like", None],
    "sample_weight": ["array-like", None], "digits": [Interval(Integral, 0, None, closed="left")],
    "output_dict": ["boolean"],
    "zero_division": [Options(Real, {0.0, 1.0}), "nan", StrOptions({"warn"})],
}, prefer_skip_nested_validation=True)
def classification_report(y_true, y_pred, *, labels=None, target_names=None,
                          sample_weight=None, digits=2, output_dict=False,
                          zero_division="warn"):
    """Text report (or dict) of precision, recall, F1 and support per class.

    Drop-in for :func:`sklearn.metrics.classification_report`: same text, same dict,
    same warnings. The samples are counted once into a sparse
    :class:`~metrics_sk.Confusion`; the per-class rows and the averages are its
    :meth:`~metrics_sk.Confusion.precision_recall_fscore_support`, so a report of 500
    classes over millions of rows costs one pass over the inputs. Multilabel input is
    handed to scikit-learn. For every metric of the confusion (oneDAL's, MCC, kappa,
    intervals, HTML) see :func:`quality_report`.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,)
        True and predicted labels.
    labels : array-like of shape (n_labels,), default=None
        Classes in the report, in this order (all classes, sorted, if None).
    target_names : array-like of shape (n_labels,), default=None
        Names shown for ``labels`` (same order).
    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights.
    digits : int, default=2
        Decimals of the text report (the dict is not rounded).
    output_dict : bool, default=False
        Return a dict ``{name: {"precision", "recall", "f1-score", "support"}}`` instead.
    zero_division : {'warn', 0.0, 1.0, np.nan}, default='warn'
        Value for a 0/0; ``'warn'`` gives 0.0 and an ``UndefinedMetricWarning``.

    Returns
    -------
    report : str or dict
        Rows per class, then ``accuracy`` (or ``micro avg`` when ``labels`` leaves out a
        class), ``macro avg`` and ``weighted avg``.

    See Also
    --------
    quality_report : Every metric of the confusion, as text, HTML or a DataFrame.

    Notes
    -----
    Per class :math:`P_k = tp_k/(tp_k+fp_k)`, :math:`R_k = tp_k/(tp_k+fn_k)`,
    :math:`F_k = 2\\,tp_k/(2\\,tp_k+fn_k+fp_k)`; the macro average is the mean over the
    classes, the weighted average weights each class by its support
    :math:`tp_k + fn_k`, the micro average sums the counts first (= accuracy when every
    class is in the report).

    References
    ----------
    .. [1] scikit-learn, ``sklearn.metrics.classification_report``.

    Examples
    --------
    >>> from metrics_sk import classification_report
    >>> print(classification_report([0, 1, 2, 2, 2], [0, 0, 2, 2, 1],
    ...                             target_names=["class 0", "class 1", "class 2"]))
                  precision    recall  f1-score   support
    <BLANKLINE>
         class 0       0.50      1.00      0.67         1
         class 1       0.00      0.00      0.00         1
         class 2       1.00      0.67      0.80         3
    <BLANKLINE>
        accuracy                           0.60         5
       macro avg       0.50      0.56      0.49         5
    weighted avg       0.70      0.60      0.61         5
    <BLANKLINE>
    """
    if _is_multilabel(y_true) or _is_multilabel(y_pred):
        return skm.classification_report(
            y_true, y_pred, labels=labels, target_names=target_names,
            sample_weight=sample_weight, digits=digits, output_dict=output_dict,
            zero_division=zero_division)
    c = build_confusion(y_true, y_pred, sample_weight, sklearn_compatible=True)
    labels_given = labels is not None
    labels = np.asarray(labels) if labels_given else c.labels
    micro_is_accuracy = not labels_given or set(labels.tolist()) >= set(c.labels.tolist())
    if target_names is not None and len(labels) != len(target_names):
        if not labels_given:
            raise ValueError(
                f"Number of classes, {len(labels)}, does not match size of target_names, "
                f"{len(target_names)}. Try specifying the labels parameter")
        warnings.warn(f"labels size, {len(labels)}, does not match size of target_names, "
                      f"{len(target_names)}", stacklevel=2)
    if target_names is None:
        target_names = ["%s" % label for label in labels]
    headers = ["precision", "recall", "f1-score", "support"]
    p, r, f1, s = c.precision_recall_fscore_support(labels=labels, average=None,
                                                    zero_division=zero_division)
    rows = list(zip(target_names, p, r, f1, s))
    for average in ("micro", "macro", "weighted"):
        heading = "accuracy" if average == "micro" and micro_is_accuracy else f"{average} avg"
        avg_p, avg_r, avg_f1, _ = c.precision_recall_fscore_support(
            labels=labels, average=average, zero_division=zero_division)
        rows.append((heading, avg_p, avg_r, avg_f1, np.sum(s)))
    if output_dict:
        report = {row[0]: dict(zip(headers, map(float, row[1:]))) for row in rows}
        if "accuracy" in report:
            report["accuracy"] = report["accuracy"]["precision"]
        return report
    width = max(max(len(name) for name in target_names), len("weighted avg"), digits)
    text = "{:>{width}s} ".format("", width=width) + " {:>9}" * 4
    text = text.format(*headers) + "\n\n"
    row_fmt = "{:>{width}s} " + " {:>9.{digits}f}" * 3 + " {:>9}\n"
    for i, row in enumerate(rows):
        if i == len(target_names):
            text += "\n"
        if row[0] == "accuracy":
            text += ("{:>{width}s} " + " {:>9.{digits}}" * 2 + " {:>9.{digits}f} {:>9}\n").format(
                "accuracy", "", "", *row[3:], width=width, digits=digits)
        else:
            text += row_fmt.format(*row, width=width, digits=digits)
    return text
