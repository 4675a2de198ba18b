"""oneDAL's quality metrics for binary and multi-class classifiers.

Formulas: oneDAL's ``binary_confusion_matrix`` and ``multiclass_confusion_matrix``
kernels (SEMANTICS.md section 3). Each body is empty: :func:`~metrics_sk._api.count_metric`
builds the :class:`~metrics_sk.Confusion` and calls its method of the same name.

Unlike oneDAL, these take sample weights, any label type and a ``zero_division`` rule
(oneDAL itself returns IEEE NaN for 0/0: pass ``zero_division=np.nan`` for that).
"""

from ._api import count_metric

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
        ``nClasses`` does.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative sample weights (oneDAL has none: all 1).
    zero_division : {'warn', 0.0, 1.0, np.nan}, default='warn'
        Value of a 0/0 ('warn': 0.0 with an ``UndefinedMetricWarning``; np.nan: oneDAL's).
"""


def _doc(declared):
    declared.__doc__ = declared.__doc__.replace("{params}", _PARAMS).replace("{refs}", _REF)
    return declared


@count_metric
@_doc
def average_accuracy_score(y_true, y_pred, *, labels=None, sample_weight=None,
                           zero_division="warn"):
    """oneDAL's average accuracy: the mean over classes of one-vs-rest accuracy.

    This is **not** :func:`accuracy_score`: it equals :math:`1 - 2(1 - acc)/l`.
    {params}
    Returns
    -------
    score : float

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


@count_metric
@_doc
def error_rate(y_true, y_pred, *, labels=None, sample_weight=None, zero_division="warn"):
    """oneDAL's error rate: the mean over classes of one-vs-rest error, ``1 - average accuracy``.

    This is **not** :func:`zero_one_loss`: it equals :math:`2(1 - acc)/l`.
    {params}
    Returns
    -------
    error : float

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


@count_metric
@_doc
def micro_precision_score(y_true, y_pred, *, labels=None, sample_weight=None,
                          zero_division="warn"):
    """oneDAL's micro precision :math:`\\sum tp_i / \\sum (tp_i + fp_i)` (= accuracy).
    {params}
    Returns
    -------
    score : float

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


@count_metric
@_doc
def micro_recall_score(y_true, y_pred, *, labels=None, sample_weight=None,
                       zero_division="warn"):
    """oneDAL's micro recall :math:`\\sum tp_i / \\sum (tp_i + fn_i)` (= accuracy).
    {params}
    Returns
    -------
    score : float

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


@count_metric
@_doc
def micro_fbeta_score(y_true, y_pred, *, labels=None, beta=1.0, sample_weight=None,
                      zero_division="warn"):
    """oneDAL's micro F-beta of micro precision and micro recall (= accuracy for any beta).
    {params}    beta : float, default=1.0
        Weight of recall relative to precision.

    Returns
    -------
    score : float

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


@count_metric
@_doc
def macro_precision_score(y_true, y_pred, *, labels=None, sample_weight=None,
                          zero_division="warn"):
    """oneDAL's macro precision: the unweighted mean of per-class precision.
    {params}
    Returns
    -------
    score : float

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


@count_metric
@_doc
def macro_recall_score(y_true, y_pred, *, labels=None, sample_weight=None,
                       zero_division="warn"):
    """oneDAL's macro recall: the unweighted mean of per-class recall.
    {params}
    Returns
    -------
    score : float

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


@count_metric
@_doc
def macro_fbeta_score(y_true, y_pred, *, labels=None, beta=1.0, sample_weight=None,
                      zero_division="warn"):
    """oneDAL's macro F-beta: the F-beta of macro precision and macro recall.

    This is **not** scikit-learn's ``fbeta_score(average="macro")``, which is the mean of
    the per-class F-beta. On ``y_true=[0, 0, 0, 0, 0, 1]``, ``y_pred=[0, 1, 1, 1, 1, 1]``
    oneDAL's macro F1 is 0.6 while scikit-learn's is 1/3.
    {params}    beta : float, default=1.0
        Weight of recall relative to precision.

    Returns
    -------
    score : float

    Notes
    -----
    :math:`F_M = (\\beta^2+1) P_M R_M / (\\beta^2 P_M + R_M)`.
    {refs}
    See Also
    --------
    fbeta_score : scikit-learn's macro F, the mean of per-class F.

    Examples
    --------
    >>> from metrics_sk import macro_fbeta_score, f1_score
    >>> y_true, y_pred = [0, 0, 0, 0, 0, 1], [0, 1, 1, 1, 1, 1]
    >>> round(macro_fbeta_score(y_true, y_pred), 4)
    0.6
    >>> round(f1_score(y_true, y_pred, average="macro"), 4)
    0.3333
    """


@count_metric
@_doc
def multiclass_quality_metrics(y_true, y_pred, *, labels=None, beta=1.0, sample_weight=None,
                               zero_division="warn"):
    """oneDAL's multi-class quality metrics: the confusion matrix and eight values.
    {params}    beta : float, default=1.0
        The beta of the micro and macro F-scores.

    Returns
    -------
    result : MulticlassQualityMetrics
        Attributes ``confusion_matrix`` and, in oneDAL's order, ``average_accuracy``,
        ``error_rate``, ``micro_precision``, ``micro_recall``, ``micro_fscore``,
        ``macro_precision``, ``macro_recall``, ``macro_fscore``; ``as_dict()`` and
        ``as_array()`` (1 x 8, oneDAL's result table).

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


_BINARY_PARAMS = """
    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,)
        True and predicted labels, at most two distinct values.
    pos_label : int, float, bool or str, default=1
        The class :math:`C_1`. oneDAL calls every label > 0 positive: with labels in
        {-1, +1} or {0, 1} the default ``pos_label=1`` is the same class.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative sample weights (oneDAL has none).
"""

_BINARY_REF = """
    References
    ----------
    .. [1] oneDAL, "Quality Metrics for Binary Classification Algorithms".
"""


def _binary_doc(declared):
    declared.__doc__ = (declared.__doc__.replace("{params}", _BINARY_PARAMS)
                        .replace("{refs}", _BINARY_REF))
    return declared


@count_metric
@_binary_doc
def binary_confusion_matrix(y_true, y_pred, *, pos_label=1, sample_weight=None):
    """oneDAL's binary confusion matrix ``[[tp, fn], [fp, tn]]``.

    Rows are actual, columns predicted, the positive class first: scikit-learn's
    ``confusion_matrix`` with ``labels=[pos_label, negative]``.
    {params}
    Returns
    -------
    matrix : ndarray of shape (2, 2)

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


@count_metric
@_binary_doc
def binary_quality_metrics(y_true, y_pred, *, pos_label=1, beta=1.0, sample_weight=None,
                           zero_division="warn"):
    """oneDAL's binary quality metrics and confusion matrix.
    {params}    beta : float, default=1.0
        The beta of the F-score.
    zero_division : {'warn', 0.0, 1.0, np.nan}, default='warn'
        Value of a 0/0 (oneDAL's own kernel gives NaN: pass np.nan).

    Returns
    -------
    result : BinaryQualityMetrics
        ``confusion_matrix`` (``[[tp, fn], [fp, tn]]``) and, in oneDAL's order,
        ``accuracy``, ``precision``, ``recall``, ``fscore``, ``specificity``, ``auc``;
        ``as_dict()``, ``as_array()`` (1 x 6).

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


@count_metric
def specificity_score(y_true, y_pred, *, labels=None, pos_label=1, average="binary",
                      sample_weight=None, zero_division="warn"):
    """Specificity (true negative rate) :math:`tn / (tn + fp)`.

    Same signature as imbalanced-learn's ``specificity_score``; ``average`` as in
    :func:`precision_score` (``"weighted"`` weights classes by support).

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,)
    labels : array-like, default=None
    pos_label : int, float, bool or str, default=1
    average : {'binary', 'micro', 'macro', 'weighted'} or None, default='binary'
    sample_weight : array-like of shape (n_samples,), default=None
    zero_division : {'warn', 0.0, 1.0, np.nan}, default='warn'

    Returns
    -------
    specificity : float or ndarray of shape (n_classes,)

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


@count_metric
def balanced_auc_score(y_true, y_pred, *, labels=None, pos_label=1, average="binary",
                       sample_weight=None, zero_division="warn"):
    """oneDAL's binary "AUC" :math:`\\frac{1}{2}(TPR + TNR)` on hard labels.

    For binary targets it equals :func:`balanced_accuracy_score`; it is not a ranking
    ROC AUC. Per class (one-vs-rest) for multi-class targets with ``average``.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,)
    labels : array-like, default=None
    pos_label : int, float, bool or str, default=1
    average : {'binary', 'micro', 'macro', 'weighted'} or None, default='binary'
    sample_weight : array-like of shape (n_samples,), default=None
    zero_division : {'warn', 0.0, 1.0, np.nan}, default='warn'

    Returns
    -------
    auc : float or ndarray of shape (n_classes,)

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
