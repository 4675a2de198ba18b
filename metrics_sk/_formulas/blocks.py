"""oneDAL's result blocks: the binary confusion matrix, the binary and multi-class quality
metrics.

Part of ``metrics_sk._formulas`` (see its docstring).
"""

import numpy as np

from .matrix import confusion_matrix
from .onedal import (
    average_accuracy_score,
    error_rate,
    macro_fbeta_score,
    macro_precision_score,
    macro_recall_score,
    micro_fbeta_score,
    micro_precision_score,
    micro_recall_score,
)
from .onevsrest import _one_vs_rest
from .shared import as_float, _divide, _fbeta, formula


# -- oneDAL result blocks ------------------------------------------------------------------------
class QualityMetrics:
    """Named quality metrics in oneDAL's order, with the confusion matrix."""

    _fields = ()

    def __init__(self, confusion_matrix, values):
        # (a batch of confusions: the matrices and each value with a leading batch axis)
        self.confusion_matrix = confusion_matrix
        for name, value in zip(self._fields, values):
            setattr(self, name, value if type(value) is float else as_float(value))

    def as_dict(self):
        """Return the metrics as an ordered ``{name: value}`` dict (oneDAL's order).

        Returns
        -------
        values : dict of str to float
            Each metric's name and value, in oneDAL's order.
        """
        return {name: getattr(self, name) for name in self._fields}

    def as_array(self):
        """Return the metrics as a ``1 x n_metrics`` array, like oneDAL's result table.

        Returns
        -------
        values : ndarray of shape (1, n_metrics)
            The values in oneDAL's order.
        """
        return np.array([[getattr(self, name) for name in self._fields]])

    def __repr__(self):
        body = ", ".join(f"{k}={_short(v)}" for k, v in self.as_dict().items())
        return f"{type(self).__name__}({body})"


def _short(value):
    """A value of a result block as its repr shows it: a float to 6 significant digits;
    the values of a batch (one per threshold, replicate or group) as a list of those,
    elided in the middle past 10."""
    if np.ndim(value) == 0:
        return f"{value:.6g}"
    return np.array2string(np.asarray(value), separator=", ", threshold=10, edgeitems=3,
                           formatter={"float_kind": lambda v: f"{v:.6g}"})


class BinaryQualityMetrics(QualityMetrics):
    """Hold oneDAL's binary quality metrics and the confusion matrix.

    The result of :func:`~metrics_sk.binary_quality_metrics`: accuracy, precision,
    recall, fscore, specificity and AUC, with the matrix ``[[tp, fn], [fp, tn]]``.

    Parameters
    ----------
    confusion_matrix : ndarray
        The binary matrix of oneDAL, ``[[tp, fn], [fp, tn]]``.
    values : iterable of float
        The values, in the order of the attributes below.

    Attributes
    ----------
    confusion_matrix : ndarray of shape (2, 2)
        The matrix passed in.
    accuracy, precision, recall, fscore, specificity, auc : float
        The metrics, in oneDAL's order.

    See Also
    --------
    binary_quality_metrics : The function that computes them.

    Examples
    --------
    >>> from metrics_sk import binary_quality_metrics
    >>> m = binary_quality_metrics([1, 1, -1, -1, 1], [1, -1, -1, 1, 1])
    >>> m.as_dict()["specificity"], m.as_array().shape
    (0.5, (1, 6))
    """

    _fields = ("accuracy", "precision", "recall", "fscore", "specificity", "auc")


class MulticlassQualityMetrics(QualityMetrics):
    """Hold oneDAL's multi-class quality metrics and the confusion matrix.

    The result of :func:`~metrics_sk.multiclass_quality_metrics`: eight values in
    oneDAL's order, with the confusion matrix.

    Parameters
    ----------
    confusion_matrix : ndarray
        The confusion matrix, rows actual and columns predicted classes.
    values : iterable of float
        The values, in the order of the attributes below.

    Attributes
    ----------
    confusion_matrix : ndarray of shape (n_classes, n_classes)
        The matrix passed in.
    average_accuracy, error_rate, micro_precision, micro_recall, micro_fscore, \
macro_precision, macro_recall, macro_fscore : float
        The metrics, in oneDAL's order.

    See Also
    --------
    multiclass_quality_metrics : The function that computes them.

    Examples
    --------
    >>> from metrics_sk import multiclass_quality_metrics
    >>> m = multiclass_quality_metrics([0, 1, 2, 3], [0, 1, 3, 2])
    >>> list(m.as_dict())[:3]
    ['average_accuracy', 'error_rate', 'micro_precision']
    """

    _fields = ("average_accuracy", "error_rate", "micro_precision", "micro_recall",
               "micro_fscore", "macro_precision", "macro_recall", "macro_fscore")


@formula(batch=False)
def binary_confusion_matrix(c, *, pos_label=1):
    r"""Compute oneDAL's binary confusion matrix ``[[tp, fn], [fp, tn]]``.

    Rows are actual, columns predicted, the positive class first: scikit-learn's
    ``confusion_matrix`` with ``labels=[pos_label, negative]``.

    Parameters
    ----------
    pos_label : int, float, bool or str, default=1
        The class :math:`C_1`. oneDAL calls every label > 0 positive: with labels in
        {-1, +1} or {0, 1} the default ``pos_label=1`` is the same class.

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
    :math:`\begin{pmatrix} tp & fn \\ fp & tn \end{pmatrix}`.

    References
    ----------
    .. [1] oneDAL, "Quality Metrics for Binary Classification Algorithms".

    Examples
    --------
    >>> from metrics_sk import binary_confusion_matrix
    >>> binary_confusion_matrix([1, 1, -1, -1, 1], [1, -1, -1, 1, 1])
    array([[2, 1],
           [1, 1]])
    >>> from metrics_sk import Confusion
    >>> c = Confusion.from_predictions([1, 1, 0, 0, 1], [1, 0, 0, 1, 1])
    >>> c.binary_confusion_matrix()
    array([[2, 1],
           [1, 1]])
    """
    if c.n_classes > 2:
        raise ValueError(
            f"binary_confusion_matrix needs binary targets; got {c.n_classes} labels "
            f"{c.labels[:10]!r}. Use confusion_matrix for multi-class targets."
        )
    (tp, fp, true, tn), _ = _one_vs_rest(c, None, "binary", pos_label)
    # (a batch of confusions: shape (R, 2, 2); its margins may be float sums of integers)
    return np.stack([np.concatenate([tp, true - tp], -1), np.concatenate([fp, tn], -1)],
                    -2).astype(tp.dtype, copy=False)


@formula(batch=False)
def binary_quality_metrics(c, *, pos_label=1, beta=1.0, zero_division="warn"):
    r"""Compute oneDAL's binary quality metrics and confusion matrix.

    One call gives what oneDAL's binary quality metric set returns, from one count of the
    samples.

    Parameters
    ----------
    pos_label : int, float, bool or str, default=1
        The class :math:`C_1`. oneDAL calls every label > 0 positive: with labels in
        {-1, +1} or {0, 1} the default ``pos_label=1`` is the same class.
    beta : float, default=1.0
        Weight of recall relative to precision in the F-beta score.
    zero_division : {'warn', 0.0, 1.0, np.nan}, default='warn'
        Value of a 0/0 (``'warn'``: 0.0 with an ``UndefinedMetricWarning``;
        oneDAL's own kernel gives NaN: pass np.nan).

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
    fscore :math:`(\beta^2+1)tp/((\beta^2+1)tp + \beta^2 fn + fp)`, specificity
    :math:`tn/(fp+tn)`, AUC :math:`\frac{1}{2}(tp/(tp+fn) + tn/(tn+fp))` on hard labels
    (balanced accuracy, not a ranking ROC AUC).

    References
    ----------
    .. [1] oneDAL, "Quality Metrics for Binary Classification Algorithms".

    Examples
    --------
    >>> from metrics_sk import binary_quality_metrics
    >>> m = binary_quality_metrics([1, 1, -1, -1, 1], [1, -1, -1, 1, 1])
    >>> m.accuracy, round(m.precision, 4), round(m.auc, 4)
    (0.6, 0.6667, 0.5833)
    >>> from metrics_sk import Confusion
    >>> c = Confusion.from_predictions([1, 1, 0, 0, 1], [1, 0, 0, 1, 1])
    >>> m = c.binary_quality_metrics()
    >>> m.accuracy, round(m.auc, 4)
    (0.6, 0.5833)
    """
    cm = binary_confusion_matrix(c, pos_label=pos_label)
    # each count with a last axis of length 1 (after the batch axis of a batch)
    (tp, fn), (fp, tn) = np.moveaxis(cm.astype(np.float64)[..., None], (-3, -2), (0, 1))
    n = tp + fn + fp + tn
    accuracy = _divide(tp + tn, n, zero_division, "Accuracy is", "")
    precision = _divide(tp, tp + fp, zero_division, "Precision is", "predicted")
    recall = _divide(tp, tp + fn, zero_division, "Recall is", "true")
    fscore = recall if beta == np.inf else _fbeta(tp, tp + fn, tp + fp, beta, zero_division)
    specificity = _divide(tn, fp + tn, zero_division, "Specificity is", "negative")
    auc = (recall + specificity) / 2
    values = [a[..., 0] for a in (accuracy, precision, recall, fscore, specificity, auc)]
    return BinaryQualityMetrics(cm, values)


@formula(batch=False)
def multiclass_quality_metrics(c, *, labels=None, beta=1.0, zero_division="warn"):
    r"""Compute oneDAL's multi-class quality metrics: the confusion matrix and eight values.

    One call gives what oneDAL's multi-class quality metric set returns, from one count
    of the samples.

    Parameters
    ----------
    labels : array-like of shape (n_classes,), default=None
        The classes :math:`C_1 \ldots C_l`. By default the sorted labels of the data (all
        classes of the confusion); pass every class (e.g. ``range(l)``) to count absent
        classes as oneDAL's ``nClasses`` does: a class without samples counts zero.
    beta : float, default=1.0
        The beta of the micro and macro F-scores.
    zero_division : {'warn', 0.0, 1.0, np.nan}, default='warn'
        Value of a 0/0 ('warn': 0.0 with an ``UndefinedMetricWarning``; np.nan: oneDAL's).

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
    See :func:`average_accuracy_score` ... :func:`macro_fbeta_score` (and the methods
    of the same names) for the formulas.

    References
    ----------
    .. [1] oneDAL, "Quality Metrics for Multi-class Classification Algorithms".
    .. [2] Sokolova, M. and Lapalme, G. (2009). A systematic analysis of performance
       measures for classification tasks. Information Processing & Management 45(4).

    Examples
    --------
    >>> from metrics_sk import multiclass_quality_metrics
    >>> m = multiclass_quality_metrics([0, 1, 2, 3], [0, 1, 3, 2])
    >>> m.average_accuracy, m.error_rate, m.macro_fscore
    (0.75, 0.25, 0.5)
    >>> m.as_array().shape
    (1, 8)
    >>> from metrics_sk import Confusion
    >>> c = Confusion.from_predictions([0, 1, 2, 0, 1, 2], [0, 2, 1, 0, 0, 1])
    >>> m = c.multiclass_quality_metrics()
    >>> round(m.average_accuracy, 4), round(m.macro_fscore, 4)
    (0.5556, 0.2667)
    """
    values = (
        average_accuracy_score(c, labels=labels, zero_division=zero_division),
        error_rate(c, labels=labels, zero_division=zero_division),
        micro_precision_score(c, labels=labels, zero_division=zero_division),
        micro_recall_score(c, labels=labels, zero_division=zero_division),
        micro_fbeta_score(c, labels=labels, beta=beta, zero_division=zero_division),
        macro_precision_score(c, labels=labels, zero_division=zero_division),
        macro_recall_score(c, labels=labels, zero_division=zero_division),
        macro_fbeta_score(c, labels=labels, beta=beta, zero_division=zero_division),
    )
    return MulticlassQualityMetrics(confusion_matrix(c, labels=labels), values)
