"""oneDAL's quality metrics for binary and multi-class classifiers.

Formulas: oneDAL's ``binary_confusion_matrix`` and ``multiclass_confusion_matrix``
kernels, and the one-vs-rest metrics of imbalanced-learn (specificity, G-mean) and
fairlearn's selection rate, which are metrics_sk's own functions too (not drop-ins). Each
body shows the route: the parameters checked once
(:func:`~metrics_sk._api.checked_metric`), the :class:`~metrics_sk.Confusion` built
(:func:`~metrics_sk._api.build_confusion`), then the formula of ``metrics_sk._counts`` of
the same name.

Unlike oneDAL, these take sample weights, any label type and a ``zero_division`` rule
(oneDAL itself returns IEEE NaN for 0/0: pass ``zero_division=np.nan`` for that).
"""

from . import _counts
from ._api import _declared_order, build_confusion, checked_metric, documented_by

_REF = """
    References
    ----------
    .. [1] oneDAL, "Quality Metrics for Multi-class Classification Algorithms".
    .. [2] Sokolova, M. and Lapalme, G. (2009). A systematic analysis of performance
       measures for classification tasks. Information Processing & Management 45(4).
"""

_PARAMS = """
    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,)
        True and predicted labels (any sortable type).
    labels : array-like of shape (n_classes,), default=None
        The classes :math:`C_1 \\ldots C_l`. By default the sorted labels of ``y_true`` and
        ``y_pred``; pass every class (e.g. ``range(l)``) to count absent classes as oneDAL's
        ``nClasses`` does.{beta}
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative sample weights (oneDAL has none: all 1).
    zero_division : {'warn', 0.0, 1.0, np.nan}, default='warn'
        Value of a 0/0 ('warn': 0.0 with an ``UndefinedMetricWarning``; np.nan: oneDAL's).
"""

_BETA = """
    beta : float, default=1.0
        Weight of recall relative to precision in the F-beta score."""


def _doc(declared):
    declared.__doc__ = (declared.__doc__.replace("{params}", _PARAMS.replace("{beta}", ""))
                        .replace("{params_beta}", _PARAMS.replace("{beta}", _BETA))
                        .replace("{refs}", _REF))
    return declared


@checked_metric
@_doc
def average_accuracy_score(y_true, y_pred, *, labels=None, sample_weight=None,
                           zero_division="warn"):
    """Compute oneDAL's average accuracy: the mean one-vs-rest accuracy over classes.

    This is **not** :func:`accuracy_score`: with every class counted it equals
    :math:`1 - 2(1 - acc)/l`, because each misclassified sample is a false negative of
    one class and a false positive of another.
    {params}
    Returns
    -------
    score : float
        The average accuracy, in [0, 1].

    See Also
    --------
    error_rate : One minus the average accuracy.
    accuracy_score : The fraction of correct predictions.

    Notes
    -----
    :math:`\\frac{1}{l}\\sum_{i=1}^{l} \\frac{tp_i + tn_i}{tp_i + fn_i + fp_i + tn_i}`.
    {refs}
    Examples
    --------
    >>> from metrics_sk import average_accuracy_score
    >>> average_accuracy_score([0, 1, 2, 3], [0, 1, 3, 2])
    0.75
    """
    c = build_confusion(y_true, y_pred, sample_weight)
    if labels is None:
        c = _declared_order(c, "average_accuracy_score", y_true, y_pred, dropin=False)
    return _counts.average_accuracy_score(c, labels=labels, zero_division=zero_division)


@checked_metric
@_doc
def error_rate(y_true, y_pred, *, labels=None, sample_weight=None, zero_division="warn"):
    """Compute oneDAL's error rate: the mean one-vs-rest error over classes.

    It is ``1 - average accuracy``, and **not** :func:`zero_one_loss`: with every class
    counted it equals :math:`2(1 - acc)/l`.
    {params}
    Returns
    -------
    error : float
        The error rate, in [0, 1].

    See Also
    --------
    average_accuracy_score : One minus the error rate.
    zero_one_loss : The fraction of misclassified samples.

    Notes
    -----
    :math:`\\frac{1}{l}\\sum_{i=1}^{l} \\frac{fp_i + fn_i}{tp_i + fn_i + fp_i + tn_i}`.
    {refs}
    Examples
    --------
    >>> from metrics_sk import error_rate
    >>> error_rate([0, 1, 2, 3], [0, 1, 3, 2])
    0.25
    """
    c = build_confusion(y_true, y_pred, sample_weight)
    if labels is None:
        c = _declared_order(c, "error_rate", y_true, y_pred, dropin=False)
    return _counts.error_rate(c, labels=labels, zero_division=zero_division)


@checked_metric
@_doc
def micro_precision_score(y_true, y_pred, *, labels=None, sample_weight=None,
                          zero_division="warn"):
    """Compute oneDAL's micro precision from the summed per-class counts.

    The true positives and predicted positives of all classes are summed before the
    division; with every label counted it equals the accuracy.
    {params}
    Returns
    -------
    score : float
        The micro precision, in [0, 1].

    See Also
    --------
    precision_score : Precision with ``average="micro"`` (scikit-learn's name).
    macro_precision_score : The unweighted mean of per-class precision.

    Notes
    -----
    :math:`Precision_\\mu = \\sum_i tp_i / \\sum_i (tp_i + fp_i)`; with every label counted
    it equals :func:`accuracy_score` and ``precision_score(average="micro")``.
    {refs}
    Examples
    --------
    >>> from metrics_sk import micro_precision_score
    >>> micro_precision_score([0, 1, 2, 3], [0, 1, 3, 2])
    0.5
    """
    c = build_confusion(y_true, y_pred, sample_weight)
    if labels is None:
        c = _declared_order(c, "micro_precision_score", y_true, y_pred, dropin=False)
    return _counts.micro_precision_score(c, labels=labels, zero_division=zero_division)


@checked_metric
@_doc
def micro_recall_score(y_true, y_pred, *, labels=None, sample_weight=None,
                       zero_division="warn"):
    """Compute oneDAL's micro recall from the summed per-class counts.

    The true positives and actual positives of all classes are summed before the
    division; with every label counted it equals the accuracy.
    {params}
    Returns
    -------
    score : float
        The micro recall, in [0, 1].

    See Also
    --------
    recall_score : Recall with ``average="micro"`` (scikit-learn's name).
    macro_recall_score : The unweighted mean of per-class recall.

    Notes
    -----
    :math:`Recall_\\mu = \\sum_i tp_i / \\sum_i (tp_i + fn_i)`.
    {refs}
    Examples
    --------
    >>> from metrics_sk import micro_recall_score
    >>> micro_recall_score([0, 1, 2, 3], [0, 1, 3, 2])
    0.5
    """
    c = build_confusion(y_true, y_pred, sample_weight)
    if labels is None:
        c = _declared_order(c, "micro_recall_score", y_true, y_pred, dropin=False)
    return _counts.micro_recall_score(c, labels=labels, zero_division=zero_division)


@checked_metric
@_doc
def micro_fbeta_score(y_true, y_pred, *, labels=None, beta=1.0, sample_weight=None,
                      zero_division="warn"):
    """Compute oneDAL's micro F-beta of micro precision and micro recall.

    With every label counted, micro precision and micro recall both equal the accuracy,
    and so does the micro F-beta for any beta.
    {params_beta}
    Returns
    -------
    score : float
        The micro F-beta score, in [0, 1].

    See Also
    --------
    fbeta_score : F-beta with ``average="micro"`` (scikit-learn's name).
    macro_fbeta_score : The F-beta of macro precision and macro recall.

    Notes
    -----
    :math:`(\\beta^2+1)P_\\mu R_\\mu / (\\beta^2 P_\\mu + R_\\mu)`.
    {refs}
    Examples
    --------
    >>> from metrics_sk import micro_fbeta_score
    >>> micro_fbeta_score([0, 1, 2, 3], [0, 1, 3, 2], beta=2)
    0.5
    """
    c = build_confusion(y_true, y_pred, sample_weight)
    if labels is None:
        c = _declared_order(c, "micro_fbeta_score", y_true, y_pred, dropin=False)
    return _counts.micro_fbeta_score(c, labels=labels, beta=beta, zero_division=zero_division)


@checked_metric
@_doc
def macro_precision_score(y_true, y_pred, *, labels=None, sample_weight=None,
                          zero_division="warn"):
    """Compute oneDAL's macro precision: the unweighted mean of per-class precision.

    Every class counts the same, whatever its support.
    {params}
    Returns
    -------
    score : float
        The macro precision, in [0, 1] (NaN if a class is NaN).

    See Also
    --------
    precision_score : Precision with ``average="macro"`` (scikit-learn's name).
    micro_precision_score : Precision of the summed counts.

    Notes
    -----
    :math:`Precision_M = \\frac{1}{l}\\sum_i tp_i / (tp_i + fp_i)`; equals
    ``precision_score(average="macro")`` except that a NaN class (``zero_division=np.nan``)
    makes it NaN, as in oneDAL.
    {refs}
    Examples
    --------
    >>> from metrics_sk import macro_precision_score
    >>> macro_precision_score([0, 0, 0, 0, 0, 1], [0, 1, 1, 1, 1, 1])
    0.6
    """
    c = build_confusion(y_true, y_pred, sample_weight)
    if labels is None:
        c = _declared_order(c, "macro_precision_score", y_true, y_pred, dropin=False)
    return _counts.macro_precision_score(c, labels=labels, zero_division=zero_division)


@checked_metric
@_doc
def macro_recall_score(y_true, y_pred, *, labels=None, sample_weight=None,
                       zero_division="warn"):
    """Compute oneDAL's macro recall: the unweighted mean of per-class recall.

    Every class counts the same, whatever its support.
    {params}
    Returns
    -------
    score : float
        The macro recall, in [0, 1] (NaN if a class is NaN).

    See Also
    --------
    recall_score : Recall with ``average="macro"`` (scikit-learn's name).
    micro_recall_score : Recall of the summed counts.

    Notes
    -----
    :math:`Recall_M = \\frac{1}{l}\\sum_i tp_i / (tp_i + fn_i)`.
    {refs}
    Examples
    --------
    >>> from metrics_sk import macro_recall_score
    >>> macro_recall_score([0, 0, 0, 0, 0, 1], [0, 1, 1, 1, 1, 1])
    0.6
    """
    c = build_confusion(y_true, y_pred, sample_weight)
    if labels is None:
        c = _declared_order(c, "macro_recall_score", y_true, y_pred, dropin=False)
    return _counts.macro_recall_score(c, labels=labels, zero_division=zero_division)


@checked_metric
@_doc
def macro_fbeta_score(y_true, y_pred, *, labels=None, beta=1.0, sample_weight=None,
                      zero_division="warn"):
    """Compute oneDAL's macro F-beta: the F-beta of macro precision and macro recall.

    This is **not** scikit-learn's ``fbeta_score(average="macro")``, which is the mean of
    the per-class F-beta. On ``y_true=[0, 0, 0, 0, 0, 1]``, ``y_pred=[0, 1, 1, 1, 1, 1]``
    oneDAL's macro F1 is 0.6 while scikit-learn's is 1/3.
    {params_beta}
    Returns
    -------
    score : float
        The macro F-beta score, in [0, 1].

    See Also
    --------
    fbeta_score : Scikit-learn's macro F, the mean of per-class F.
    micro_fbeta_score : The F-beta of micro precision and micro recall.

    Notes
    -----
    :math:`F_M = (\\beta^2+1) P_M R_M / (\\beta^2 P_M + R_M)`.
    {refs}
    Examples
    --------
    >>> from metrics_sk import macro_fbeta_score, f1_score
    >>> y_true, y_pred = [0, 0, 0, 0, 0, 1], [0, 1, 1, 1, 1, 1]
    >>> round(macro_fbeta_score(y_true, y_pred), 4)
    0.6
    >>> round(f1_score(y_true, y_pred, average="macro"), 4)
    0.3333
    """
    c = build_confusion(y_true, y_pred, sample_weight)
    if labels is None:
        c = _declared_order(c, "macro_fbeta_score", y_true, y_pred, dropin=False)
    return _counts.macro_fbeta_score(c, labels=labels, beta=beta, zero_division=zero_division)


@checked_metric
@_doc
def multiclass_quality_metrics(y_true, y_pred, *, labels=None, beta=1.0, sample_weight=None,
                               zero_division="warn"):
    """Compute oneDAL's multi-class quality metrics: the confusion matrix and eight values.

    One call gives what oneDAL's multi-class quality metric set returns, from one count
    of the samples.
    {params_beta}
    Returns
    -------
    result : MulticlassQualityMetrics
        Attributes ``confusion_matrix`` and, in oneDAL's order, ``average_accuracy``,
        ``error_rate``, ``micro_precision``, ``micro_recall``, ``micro_fscore``,
        ``macro_precision``, ``macro_recall``, ``macro_fscore``; ``as_dict()`` and
        ``as_array()`` (1 x 8, oneDAL's result table).

    See Also
    --------
    binary_quality_metrics : The quality metrics of a binary classifier (oneDAL).
    quality_report : A per-class report with these and scikit-learn's metrics.

    Notes
    -----
    See :func:`average_accuracy_score` ... :func:`macro_fbeta_score` for the formulas.
    {refs}
    Examples
    --------
    >>> from metrics_sk import multiclass_quality_metrics
    >>> m = multiclass_quality_metrics([0, 1, 2, 3], [0, 1, 3, 2])
    >>> m.average_accuracy, m.error_rate, m.macro_fscore
    (0.75, 0.25, 0.5)
    >>> m.as_array().shape
    (1, 8)
    """
    c = build_confusion(y_true, y_pred, sample_weight)
    if labels is None:
        c = _declared_order(c, "multiclass_quality_metrics", y_true, y_pred, dropin=False)
    return _counts.multiclass_quality_metrics(c, labels=labels, beta=beta,
                                              zero_division=zero_division)


_BINARY_PARAMS = """
    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,)
        True and predicted labels, at most two distinct values.
    pos_label : int, float, bool or str, default=1
        The class :math:`C_1`. oneDAL calls every label > 0 positive: with labels in
        {-1, +1} or {0, 1} the default ``pos_label=1`` is the same class.{beta}
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative sample weights (oneDAL has none).
"""

_BINARY_REF = """
    References
    ----------
    .. [1] oneDAL, "Quality Metrics for Binary Classification Algorithms".
"""


def _binary_doc(declared):
    declared.__doc__ = (declared.__doc__.replace("{params}", _BINARY_PARAMS.replace("{beta}", ""))
                        .replace("{params_beta}", _BINARY_PARAMS.replace("{beta}", _BETA))
                        .replace("{refs}", _BINARY_REF))
    return declared


@checked_metric
@_binary_doc
def binary_confusion_matrix(y_true, y_pred, *, pos_label=1, sample_weight=None):
    """Compute oneDAL's binary confusion matrix ``[[tp, fn], [fp, tn]]``.

    Rows are actual, columns predicted, the positive class first: scikit-learn's
    ``confusion_matrix`` with ``labels=[pos_label, negative]``.
    {params}
    Returns
    -------
    matrix : ndarray of shape (2, 2)
        ``[[tp, fn], [fp, tn]]`` (weight sums with ``sample_weight``).

    See Also
    --------
    confusion_matrix : The matrix in scikit-learn's layout, for any number of classes.
    binary_quality_metrics : The binary metrics of oneDAL computed from this matrix.

    Notes
    -----
    :math:`\\begin{pmatrix} tp & fn \\\\ fp & tn \\end{pmatrix}`.
    {refs}
    Examples
    --------
    >>> from metrics_sk import binary_confusion_matrix
    >>> binary_confusion_matrix([1, 1, -1, -1, 1], [1, -1, -1, 1, 1])
    array([[2, 1],
           [1, 1]])
    """
    c = build_confusion(y_true, y_pred, sample_weight)
    c = _declared_order(c, "binary_confusion_matrix", y_true, y_pred, dropin=False)
    return _counts.binary_confusion_matrix(c, pos_label=pos_label)


@checked_metric
@_binary_doc
def binary_quality_metrics(y_true, y_pred, *, pos_label=1, beta=1.0, sample_weight=None,
                           zero_division="warn"):
    """Compute oneDAL's binary quality metrics and confusion matrix.

    One call gives what oneDAL's binary quality metric set returns, from one count of the
    samples.
    {params_beta}    zero_division : {'warn', 0.0, 1.0, np.nan}, default='warn'
        Value of a 0/0 (oneDAL's own kernel gives NaN: pass np.nan).

    Returns
    -------
    result : BinaryQualityMetrics
        ``confusion_matrix`` (``[[tp, fn], [fp, tn]]``) and, in oneDAL's order,
        ``accuracy``, ``precision``, ``recall``, ``fscore``, ``specificity``, ``auc``;
        ``as_dict()``, ``as_array()`` (1 x 6).

    See Also
    --------
    binary_confusion_matrix : The matrix alone.
    multiclass_quality_metrics : The quality metrics of a multi-class classifier (oneDAL).

    Notes
    -----
    accuracy :math:`(tp+tn)/n`, precision :math:`tp/(tp+fp)`, recall :math:`tp/(tp+fn)`,
    fscore :math:`(\\beta^2+1)tp/((\\beta^2+1)tp + \\beta^2 fn + fp)`, specificity
    :math:`tn/(fp+tn)`, AUC :math:`\\frac{1}{2}(tp/(tp+fn) + tn/(tn+fp))` on hard labels
    (balanced accuracy, not a ranking ROC AUC).
    {refs}
    Examples
    --------
    >>> from metrics_sk import binary_quality_metrics
    >>> m = binary_quality_metrics([1, 1, -1, -1, 1], [1, -1, -1, 1, 1])
    >>> m.accuracy, round(m.precision, 4), round(m.auc, 4)
    (0.6, 0.6667, 0.5833)
    """
    c = build_confusion(y_true, y_pred, sample_weight)
    c = _declared_order(c, "binary_quality_metrics", y_true, y_pred, dropin=False)
    return _counts.binary_quality_metrics(c, pos_label=pos_label, beta=beta,
                                          zero_division=zero_division)


_OVR_PARAMS = """
    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,)
        True and predicted labels.
    labels : array-like, default=None
        The classes to include when ``average != "binary"`` (all of them by default), and
        their order when ``average=None``.
    pos_label : int, float, bool or str, default=1
        The positive class when ``average="binary"``.
    average : {'binary', 'micro', 'macro', 'weighted'} or None, default='binary'
        ``'binary'``: the value of ``pos_label``; ``'micro'``: of the summed one-vs-rest
        counts; ``'macro'``: the unweighted mean over classes; ``'weighted'``: the mean
        weighted by support; None: one value per class.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative sample weights.
    zero_division : {'warn', 0.0, 1.0, np.nan}, default='warn'
        Value of a 0/0 ('warn': 0.0 with an ``UndefinedMetricWarning``).
"""


def _ovr_doc(declared):
    declared.__doc__ = declared.__doc__.replace("{params}", _OVR_PARAMS)
    return declared


@checked_metric
@_ovr_doc
def specificity_score(y_true, y_pred, *, labels=None, pos_label=1, average="binary",
                      sample_weight=None, zero_division="warn"):
    """Compute the specificity (true negative rate) :math:`tn / (tn + fp)`.

    Same signature as imbalanced-learn's ``specificity_score``; ``average`` as in
    :func:`precision_score` (``"weighted"`` weights classes by support).
    {params}
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
    Per class :math:`tn_k / (tn_k + fp_k)`; ``micro`` is :math:`\\sum tn / \\sum(tn + fp)`.

    References
    ----------
    .. [1] oneDAL, "Quality Metrics for Binary Classification Algorithms".

    Examples
    --------
    >>> from metrics_sk import specificity_score
    >>> specificity_score([1, 1, 0, 0, 1], [1, 0, 0, 1, 1])
    0.5
    """
    c = build_confusion(y_true, y_pred, sample_weight)
    if labels is None:
        c = _declared_order(c, "specificity_score", y_true, y_pred, dropin=False)
    return _counts.specificity_score(c, labels=labels, pos_label=pos_label, average=average,
                                     zero_division=zero_division)


@checked_metric
@_ovr_doc
def balanced_auc_score(y_true, y_pred, *, labels=None, pos_label=1, average="binary",
                       sample_weight=None, zero_division="warn"):
    """Compute oneDAL's binary "AUC" :math:`\\frac{1}{2}(TPR + TNR)` on hard labels.

    For binary targets it equals :func:`balanced_accuracy_score`; it is not a ranking
    ROC AUC. Per class (one-vs-rest) for multi-class targets with ``average``.
    {params}
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
    :math:`\\frac{1}{2}\\left(\\frac{tp}{tp+fn} + \\frac{tn}{tn+fp}\\right)`.

    References
    ----------
    .. [1] oneDAL, "Quality Metrics for Binary Classification Algorithms".

    Examples
    --------
    >>> from metrics_sk import balanced_auc_score
    >>> round(balanced_auc_score([1, 1, 0, 0, 1], [1, 0, 0, 1, 1]), 4)
    0.5833
    """
    c = build_confusion(y_true, y_pred, sample_weight)
    if labels is None:
        c = _declared_order(c, "balanced_auc_score", y_true, y_pred, dropin=False)
    return _counts.balanced_auc_score(c, labels=labels, pos_label=pos_label, average=average,
                                      zero_division=zero_division)


# -- imbalanced-learn's G-mean and fairlearn's selection rate (the grouped functions of
# fairlearn's are in _groups, a layer above the registry)
@checked_metric
@documented_by(_counts.geometric_mean_score)
def geometric_mean_score(y_true, y_pred, *, labels=None, pos_label=1, average="multiclass",
                         correction=0.0, sample_weight=None):
    c = build_confusion(y_true, y_pred, sample_weight)
    if labels is None:
        c = _declared_order(c, "geometric_mean_score", y_true, y_pred, dropin=False)
    return _counts.geometric_mean_score(c, labels=labels, pos_label=pos_label,
                                        average=average, correction=correction)


@checked_metric
@documented_by(_counts.selection_rate)
def selection_rate(y_true, y_pred, *, pos_label=1, sample_weight=None):
    c = build_confusion(y_true, y_pred, sample_weight)
    c = _declared_order(c, "selection_rate", y_true, y_pred, dropin=False)
    return _counts.selection_rate(c, pos_label=pos_label)
