"""scikit-learn drop-ins built on the shared confusion builder.

Same names, signatures, values, warnings and errors as ``sklearn.metrics`` (1.9) for
binary and multi-class targets; multilabel input is handed to scikit-learn itself.
Each body is empty: :func:`~metrics_sk._api.count_metric` builds the
:class:`~metrics_sk.Confusion` and calls its method of the same name.
"""

import numpy as np
import sklearn.metrics as skm

from ._api import count_metric

_PRF_NOTES = """The per-class counts come from the shared sparse :class:`~metrics_sk.Confusion`;
    ``average="micro"`` sums them first, ``"macro"`` takes the unweighted mean over the
    classes, ``"weighted"`` weights each class by its support (the blog's weighted average,
    and CatBoost's ``TotalF1`` default), ``None`` returns one value per class.
"""


def _prf_doc(declared):
    declared.__doc__ = declared.__doc__.replace("{prf_notes}", _PRF_NOTES)
    return declared


@count_metric(sklearn=skm.confusion_matrix)
def confusion_matrix(y_true, y_pred, *, labels=None, sample_weight=None, normalize=None):
    """Confusion matrix ``C[i, j]``: samples of true class ``i`` predicted as ``j``.

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

    Notes
    -----
    :math:`C_{ij} = \\sum_s w_s [y_s = i][\\hat y_s = j]`.

    References
    ----------
    .. [1] Wikipedia, "Confusion matrix".

    See Also
    --------
    binary_confusion_matrix : oneDAL's 2 x 2 layout ``[[tp, fn], [fp, tn]]``.
    Confusion : the sparse matrix behind it.

    Examples
    --------
    >>> from metrics_sk import confusion_matrix
    >>> confusion_matrix([2, 0, 2, 2, 0, 1], [0, 0, 2, 2, 0, 2])
    array([[2, 0, 0],
           [0, 0, 1],
           [1, 0, 2]])
    """


@count_metric(sklearn=skm.precision_recall_fscore_support)
@_prf_doc
def precision_recall_fscore_support(y_true, y_pred, *, beta=1.0, labels=None, pos_label=1,
                                    average=None,
                                    warn_for=("precision", "recall", "f-score"),
                                    sample_weight=None, zero_division="warn"):
    """Precision, recall, F-beta and support for each class, or their average.

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
    support : None or ndarray of shape (n_classes,)

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


@count_metric(sklearn=skm.precision_score)
@_prf_doc
def precision_score(y_true, y_pred, *, labels=None, pos_label=1, average="binary",
                    sample_weight=None, zero_division="warn"):
    """Precision :math:`tp / (tp + fp)`: how many predicted positives are right.

    Drop-in for :func:`sklearn.metrics.precision_score`; parameters as in
    :func:`precision_recall_fscore_support`.

    Returns
    -------
    precision : float or ndarray of shape (n_classes,)

    Notes
    -----
    Precision per class :math:`P_k = tp_k / (tp_k + fp_k)`.
    {prf_notes}
    References
    ----------
    .. [1] Sokolova and Lapalme (2009), see :func:`precision_recall_fscore_support`.

    See Also
    --------
    macro_precision_score, micro_precision_score : oneDAL's names.

    Examples
    --------
    >>> from metrics_sk import precision_score
    >>> precision_score([0, 1, 2, 0, 1, 2], [0, 2, 1, 0, 0, 1], average="macro")
    0.2222222222222222
    """


@count_metric(sklearn=skm.recall_score)
@_prf_doc
def recall_score(y_true, y_pred, *, labels=None, pos_label=1, average="binary",
                 sample_weight=None, zero_division="warn"):
    """Recall :math:`tp / (tp + fn)`: how many actual positives are found.

    Drop-in for :func:`sklearn.metrics.recall_score`; parameters as in
    :func:`precision_recall_fscore_support`.

    Returns
    -------
    recall : float or ndarray of shape (n_classes,)

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


@count_metric(sklearn=skm.fbeta_score)
@_prf_doc
def fbeta_score(y_true, y_pred, *, beta, labels=None, pos_label=1, average="binary",
                sample_weight=None, zero_division="warn"):
    """F-beta score, the weighted harmonic mean of precision and recall.

    Drop-in for :func:`sklearn.metrics.fbeta_score`; parameters as in
    :func:`precision_recall_fscore_support`. With ``average="macro"`` this is the mean
    of the per-class F, which is not oneDAL's macro F (see :func:`macro_fbeta_score`).

    Returns
    -------
    fbeta_score : float or ndarray of shape (n_classes,)

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


@count_metric(sklearn=skm.f1_score)
@_prf_doc
def f1_score(y_true, y_pred, *, labels=None, pos_label=1, average="binary",
             sample_weight=None, zero_division="warn"):
    """F1 score, the harmonic mean of precision and recall.

    Drop-in for :func:`sklearn.metrics.f1_score`. ``average="weighted"``, ``"macro"``
    and ``"micro"`` are CatBoost's ``TotalF1`` averages (pass ``labels=range(K)`` for
    CatBoost's macro over all K classes).

    Returns
    -------
    f1_score : float or ndarray of shape (n_classes,)

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


@count_metric(sklearn=skm.accuracy_score)
def accuracy_score(y_true, y_pred, *, normalize=True, sample_weight=None):
    """Accuracy: the fraction (or, with ``normalize=False``, the weight) of correct predictions.

    Drop-in for :func:`sklearn.metrics.accuracy_score`; CatBoost's ``Accuracy``.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,)
    normalize : bool, default=True
    sample_weight : array-like of shape (n_samples,), default=None

    Returns
    -------
    score : float

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


@count_metric(sklearn=skm.balanced_accuracy_score)
def balanced_accuracy_score(y_true, y_pred, *, sample_weight=None, adjusted=False):
    """Balanced accuracy: the mean recall over the classes present in ``y_true``.

    Drop-in for :func:`sklearn.metrics.balanced_accuracy_score`. For binary targets it
    equals oneDAL's binary "AUC" (:func:`balanced_auc_score`) and CatBoost's
    ``BalancedAccuracy``.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,)
    sample_weight : array-like of shape (n_samples,), default=None
    adjusted : bool, default=False
        Rescale so that chance scores 0 and perfect scores 1.

    Returns
    -------
    balanced_accuracy : float

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


@count_metric(sklearn=skm.matthews_corrcoef)
def matthews_corrcoef(y_true, y_pred, *, sample_weight=None):
    """Matthews correlation coefficient (Gorodkin's :math:`R_K` for several classes).

    Drop-in for :func:`sklearn.metrics.matthews_corrcoef`; CatBoost's ``MCC``. Computed
    from the diagonal, row and column sums in O(K), never a K x K array.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,)
    sample_weight : array-like of shape (n_samples,), default=None

    Returns
    -------
    mcc : float
        In [-1, 1]; 0 when the denominator is 0.

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


@count_metric(sklearn=skm.cohen_kappa_score)
def cohen_kappa_score(y1, y2, *, labels=None, weights=None, sample_weight=None,
                      replace_undefined_by=np.nan):
    """Cohen's kappa, unweighted or with linear / quadratic disagreement weights.

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
    sample_weight : array-like of shape (n_samples,), default=None
    replace_undefined_by : float in [-1, 1] or np.nan, default=np.nan
        Value returned when kappa is 0/0, with an ``UndefinedMetricWarning``.

    Returns
    -------
    kappa : float

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


@count_metric(sklearn=skm.hamming_loss)
def hamming_loss(y_true, y_pred, *, sample_weight=None):
    """Hamming loss: the fraction of wrong labels (for single-label data, 1 - accuracy).

    Drop-in for :func:`sklearn.metrics.hamming_loss`; CatBoost's ``HammingLoss``.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,)
    sample_weight : array-like of shape (n_samples,), default=None

    Returns
    -------
    loss : float

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


@count_metric(sklearn=skm.zero_one_loss)
def zero_one_loss(y_true, y_pred, *, normalize=True, sample_weight=None):
    """Zero-one loss: the fraction (or weight) of misclassified samples.

    Drop-in for :func:`sklearn.metrics.zero_one_loss`; CatBoost's ``ZeroOneLoss``.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,)
    normalize : bool, default=True
    sample_weight : array-like of shape (n_samples,), default=None

    Returns
    -------
    loss : float

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
