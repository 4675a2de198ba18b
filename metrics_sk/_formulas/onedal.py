"""oneDAL's multi-class formulas: average accuracy, error rate, micro and macro precision,
recall and F-score.

Part of ``metrics_sk._formulas`` (see its docstring).
"""

import numpy as np

from .shared import (
    as_float,
    class_counts,
    _class_mean,
    _divide,
    _fbeta_from,
    formula,
    _mean,
    _present,
)


# -- oneDAL: multi-class ------------------------------------------------------------------------
def _onedal_counts(c, labels, total=True):
    """``tp, pred, true`` in float64, and (with ``total``) the total as a class axis."""
    tp, pred, true = class_counts(c, labels)
    tp, pred, true = tp.astype(np.float64), pred.astype(np.float64), true.astype(np.float64)
    if not total:
        return tp, pred, true, None
    return tp, pred, true, np.asarray(c.total, dtype=np.float64)[..., None]


@formula
def average_accuracy_score(c, *, labels=None, zero_division="warn"):
    r"""Compute oneDAL's average accuracy: the mean one-vs-rest accuracy over classes.

    This is **not** :func:`accuracy_score`: with every class counted it equals
    :math:`1 - 2(1 - acc)/l`, because each misclassified sample is a false negative of
    one class and a false positive of another.

    Parameters
    ----------
    labels : array-like of shape (n_classes,), default=None
        The classes :math:`C_1 \ldots C_l`. By default the sorted labels of the data (all
        classes of the confusion); pass every class (e.g. ``range(l)``) to count absent
        classes as oneDAL's ``nClasses`` does: a class without samples counts zero.
    zero_division : {'warn', 0.0, 1.0, np.nan}, default='warn'
        Value of a 0/0 ('warn': 0.0 with an ``UndefinedMetricWarning``; np.nan: oneDAL's).

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
    :math:`\frac{1}{l}\sum_{i=1}^{l} \frac{tp_i + tn_i}{tp_i + fn_i + fp_i + tn_i}`.

    References
    ----------
    .. [1] oneDAL, "Quality Metrics for Multi-class Classification Algorithms".
    .. [2] Sokolova, M. and Lapalme, G. (2009). A systematic analysis of performance
       measures for classification tasks. Information Processing & Management 45(4).

    Examples
    --------
    >>> from metrics_sk import average_accuracy_score
    >>> average_accuracy_score([0, 1, 2, 3], [0, 1, 3, 2])
    0.75
    >>> from metrics_sk import Confusion
    >>> c = Confusion.from_predictions([0, 1, 2, 0, 1, 2], [0, 2, 1, 0, 0, 1])
    >>> round(c.average_accuracy_score(), 4)
    0.5556
    """
    tp, pred, true, n = _onedal_counts(c, labels)
    wrong = (pred - tp) + (true - tp)
    return _mean(_divide(n - wrong, np.full_like(tp, n), zero_division,
                         "Average accuracy is", "", warn=True), _present(c, labels))


@formula
def error_rate(c, *, labels=None, zero_division="warn"):
    r"""Compute oneDAL's error rate: the mean one-vs-rest error over classes.

    It is ``1 - average accuracy``, and **not** :func:`zero_one_loss`: with every class
    counted it equals :math:`2(1 - acc)/l`.

    Parameters
    ----------
    labels : array-like of shape (n_classes,), default=None
        The classes :math:`C_1 \ldots C_l`. By default the sorted labels of the data (all
        classes of the confusion); pass every class (e.g. ``range(l)``) to count absent
        classes as oneDAL's ``nClasses`` does: a class without samples counts zero.
    zero_division : {'warn', 0.0, 1.0, np.nan}, default='warn'
        Value of a 0/0 ('warn': 0.0 with an ``UndefinedMetricWarning``; np.nan: oneDAL's).

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
    :math:`\frac{1}{l}\sum_{i=1}^{l} \frac{fp_i + fn_i}{tp_i + fn_i + fp_i + tn_i}`.

    References
    ----------
    .. [1] oneDAL, "Quality Metrics for Multi-class Classification Algorithms".
    .. [2] Sokolova, M. and Lapalme, G. (2009). A systematic analysis of performance
       measures for classification tasks. Information Processing & Management 45(4).

    Examples
    --------
    >>> from metrics_sk import error_rate
    >>> error_rate([0, 1, 2, 3], [0, 1, 3, 2])
    0.25
    >>> from metrics_sk import Confusion
    >>> c = Confusion.from_predictions([0, 1, 2, 0, 1, 2], [0, 2, 1, 0, 0, 1])
    >>> round(c.error_rate(), 4)
    0.4444
    """
    tp, pred, true, n = _onedal_counts(c, labels)
    wrong = (pred - tp) + (true - tp)
    return _mean(_divide(wrong, np.full_like(tp, n), zero_division, "Error rate is", ""),
                 _present(c, labels))


def _micro(c, labels, zero_division, warn_for=("precision", "recall")):
    tp, pred, true, _ = _onedal_counts(c, labels, total=False)
    micro_tp = tp.sum(-1, keepdims=True)
    p = _divide(micro_tp, pred.sum(-1, keepdims=True), zero_division, "Micro precision is",
                "predicted", warn="precision" in warn_for)
    r = _divide(micro_tp, true.sum(-1, keepdims=True), zero_division, "Micro recall is", "true",
                warn="recall" in warn_for)
    return p, r


def _macro(c, labels, zero_division, warn_for=("precision", "recall")):
    tp, pred, true = class_counts(c, labels)  # (cast to float64 by the divisions)
    present = _present(c, labels)
    if present is None:
        both = np.array((pred, true))
        if np.count_nonzero(both) == both.size:  # no 0/0: both divisions and means at once
            p, r = _class_mean(np.true_divide(tp, both, dtype=np.float64))
            return p, r
    p = _divide(tp, pred, zero_division, "Macro precision is", "predicted",
                warn="precision" in warn_for)
    r = _divide(tp, true, zero_division, "Macro recall is", "true", warn="recall" in warn_for)
    return _class_mean(p, present), _class_mean(r, present)


@formula
def micro_precision_score(c, *, labels=None, zero_division="warn"):
    r"""Compute oneDAL's micro precision from the summed per-class counts.

    The true positives and predicted positives of all classes are summed before the
    division; with every label counted it equals the accuracy.

    Parameters
    ----------
    labels : array-like of shape (n_classes,), default=None
        The classes :math:`C_1 \ldots C_l`. By default the sorted labels of the data (all
        classes of the confusion); pass every class (e.g. ``range(l)``) to count absent
        classes as oneDAL's ``nClasses`` does: a class without samples counts zero.
    zero_division : {'warn', 0.0, 1.0, np.nan}, default='warn'
        Value of a 0/0 ('warn': 0.0 with an ``UndefinedMetricWarning``; np.nan: oneDAL's).

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
    :math:`Precision_\mu = \sum_i tp_i / \sum_i (tp_i + fp_i)`; with every label counted
    it equals :func:`accuracy_score` and ``precision_score(average="micro")``.

    References
    ----------
    .. [1] oneDAL, "Quality Metrics for Multi-class Classification Algorithms".
    .. [2] Sokolova, M. and Lapalme, G. (2009). A systematic analysis of performance
       measures for classification tasks. Information Processing & Management 45(4).

    Examples
    --------
    >>> from metrics_sk import micro_precision_score
    >>> micro_precision_score([0, 1, 2, 3], [0, 1, 3, 2])
    0.5
    >>> from metrics_sk import Confusion
    >>> c = Confusion.from_predictions([0, 1, 2, 0, 1, 2], [0, 2, 1, 0, 0, 1])
    >>> round(c.micro_precision_score(), 4)
    0.3333
    """
    return as_float(_micro(c, labels, zero_division, ("precision",))[0][..., 0])


@formula
def micro_recall_score(c, *, labels=None, zero_division="warn"):
    r"""Compute oneDAL's micro recall from the summed per-class counts.

    The true positives and actual positives of all classes are summed before the
    division; with every label counted it equals the accuracy.

    Parameters
    ----------
    labels : array-like of shape (n_classes,), default=None
        The classes :math:`C_1 \ldots C_l`. By default the sorted labels of the data (all
        classes of the confusion); pass every class (e.g. ``range(l)``) to count absent
        classes as oneDAL's ``nClasses`` does: a class without samples counts zero.
    zero_division : {'warn', 0.0, 1.0, np.nan}, default='warn'
        Value of a 0/0 ('warn': 0.0 with an ``UndefinedMetricWarning``; np.nan: oneDAL's).

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
    :math:`Recall_\mu = \sum_i tp_i / \sum_i (tp_i + fn_i)` (the accuracy, with every class
    counted).

    References
    ----------
    .. [1] oneDAL, "Quality Metrics for Multi-class Classification Algorithms".
    .. [2] Sokolova, M. and Lapalme, G. (2009). A systematic analysis of performance
       measures for classification tasks. Information Processing & Management 45(4).

    Examples
    --------
    >>> from metrics_sk import micro_recall_score
    >>> micro_recall_score([0, 1, 2, 3], [0, 1, 3, 2])
    0.5
    >>> from metrics_sk import Confusion
    >>> c = Confusion.from_predictions([0, 1, 2, 0, 1, 2], [0, 2, 1, 0, 0, 1])
    >>> round(c.micro_recall_score(), 4)
    0.3333
    """
    return as_float(_micro(c, labels, zero_division, ("recall",))[1][..., 0])


@formula
def micro_fbeta_score(c, *, labels=None, beta=1.0, zero_division="warn"):
    r"""Compute oneDAL's micro F-beta of micro precision and micro recall.

    With every label counted, micro precision and micro recall both equal the accuracy,
    and so does the micro F-beta for any beta.

    Parameters
    ----------
    labels : array-like of shape (n_classes,), default=None
        The classes :math:`C_1 \ldots C_l`. By default the sorted labels of the data (all
        classes of the confusion); pass every class (e.g. ``range(l)``) to count absent
        classes as oneDAL's ``nClasses`` does: a class without samples counts zero.
    beta : float, default=1.0
        Weight of recall relative to precision in the F-beta score.
    zero_division : {'warn', 0.0, 1.0, np.nan}, default='warn'
        Value of a 0/0 ('warn': 0.0 with an ``UndefinedMetricWarning``; np.nan: oneDAL's).

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
    :math:`(\beta^2+1)P_\mu R_\mu / (\beta^2 P_\mu + R_\mu)`.

    References
    ----------
    .. [1] oneDAL, "Quality Metrics for Multi-class Classification Algorithms".
    .. [2] Sokolova, M. and Lapalme, G. (2009). A systematic analysis of performance
       measures for classification tasks. Information Processing & Management 45(4).

    Examples
    --------
    >>> from metrics_sk import micro_fbeta_score
    >>> micro_fbeta_score([0, 1, 2, 3], [0, 1, 3, 2], beta=2)
    0.5
    >>> from metrics_sk import Confusion
    >>> c = Confusion.from_predictions([0, 1, 2, 0, 1, 2], [0, 2, 1, 0, 0, 1])
    >>> round(c.micro_fbeta_score(beta=2), 4)
    0.3333
    """
    p, r = _micro(c, labels, zero_division)
    return as_float(_fbeta_from(p, r, beta, zero_division, "Micro F-score is")[..., 0])


@formula
def macro_precision_score(c, *, labels=None, zero_division="warn"):
    r"""Compute oneDAL's macro precision: the unweighted mean of per-class precision.

    Every class counts the same, whatever its support.

    Parameters
    ----------
    labels : array-like of shape (n_classes,), default=None
        The classes :math:`C_1 \ldots C_l`. By default the sorted labels of the data (all
        classes of the confusion); pass every class (e.g. ``range(l)``) to count absent
        classes as oneDAL's ``nClasses`` does: a class without samples counts zero.
    zero_division : {'warn', 0.0, 1.0, np.nan}, default='warn'
        Value of a 0/0 ('warn': 0.0 with an ``UndefinedMetricWarning``; np.nan: oneDAL's).

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
    :math:`Precision_M = \frac{1}{l}\sum_i tp_i / (tp_i + fp_i)`; equals
    ``precision_score(average="macro")`` except that a NaN class (``zero_division=np.nan``)
    makes it NaN, as in oneDAL.

    References
    ----------
    .. [1] oneDAL, "Quality Metrics for Multi-class Classification Algorithms".
    .. [2] Sokolova, M. and Lapalme, G. (2009). A systematic analysis of performance
       measures for classification tasks. Information Processing & Management 45(4).

    Examples
    --------
    >>> from metrics_sk import macro_precision_score
    >>> macro_precision_score([0, 0, 0, 0, 0, 1], [0, 1, 1, 1, 1, 1])
    0.6
    >>> from metrics_sk import Confusion
    >>> c = Confusion.from_predictions([0, 1, 2, 0, 1, 2], [0, 2, 1, 0, 0, 1])
    >>> round(c.macro_precision_score(), 4)
    0.2222
    """
    return as_float(_macro(c, labels, zero_division, ("precision",))[0][..., 0])


@formula
def macro_recall_score(c, *, labels=None, zero_division="warn"):
    r"""Compute oneDAL's macro recall: the unweighted mean of per-class recall.

    Every class counts the same, whatever its support.

    Parameters
    ----------
    labels : array-like of shape (n_classes,), default=None
        The classes :math:`C_1 \ldots C_l`. By default the sorted labels of the data (all
        classes of the confusion); pass every class (e.g. ``range(l)``) to count absent
        classes as oneDAL's ``nClasses`` does: a class without samples counts zero.
    zero_division : {'warn', 0.0, 1.0, np.nan}, default='warn'
        Value of a 0/0 ('warn': 0.0 with an ``UndefinedMetricWarning``; np.nan: oneDAL's).

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
    :math:`Recall_M = \frac{1}{l}\sum_i tp_i / (tp_i + fn_i)`.

    References
    ----------
    .. [1] oneDAL, "Quality Metrics for Multi-class Classification Algorithms".
    .. [2] Sokolova, M. and Lapalme, G. (2009). A systematic analysis of performance
       measures for classification tasks. Information Processing & Management 45(4).

    Examples
    --------
    >>> from metrics_sk import macro_recall_score
    >>> macro_recall_score([0, 0, 0, 0, 0, 1], [0, 1, 1, 1, 1, 1])
    0.6
    >>> from metrics_sk import Confusion
    >>> c = Confusion.from_predictions([0, 1, 2, 0, 1, 2], [0, 2, 1, 0, 0, 1])
    >>> round(c.macro_recall_score(), 4)
    0.3333
    """
    return as_float(_macro(c, labels, zero_division, ("recall",))[1][..., 0])


@formula
def macro_fbeta_score(c, *, labels=None, beta=1.0, zero_division="warn"):
    r"""Compute oneDAL's macro F-beta: the F-beta of macro precision and macro recall.

    This is **not** scikit-learn's ``fbeta_score(average="macro")``, which is the mean of
    the per-class F-beta. On ``y_true=[0, 0, 0, 0, 0, 1]``, ``y_pred=[0, 1, 1, 1, 1, 1]``
    oneDAL's macro F1 is 0.6 while scikit-learn's is 1/3.

    Parameters
    ----------
    labels : array-like of shape (n_classes,), default=None
        The classes :math:`C_1 \ldots C_l`. By default the sorted labels of the data (all
        classes of the confusion); pass every class (e.g. ``range(l)``) to count absent
        classes as oneDAL's ``nClasses`` does: a class without samples counts zero.
    beta : float, default=1.0
        Weight of recall relative to precision in the F-beta score.
    zero_division : {'warn', 0.0, 1.0, np.nan}, default='warn'
        Value of a 0/0 ('warn': 0.0 with an ``UndefinedMetricWarning``; np.nan: oneDAL's).

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
    :math:`F_M = (\beta^2+1) P_M R_M / (\beta^2 P_M + R_M)` with :math:`P_M`, :math:`R_M`
    the macro precision and recall.

    References
    ----------
    .. [1] oneDAL, "Quality Metrics for Multi-class Classification Algorithms".
    .. [2] Sokolova, M. and Lapalme, G. (2009). A systematic analysis of performance
       measures for classification tasks. Information Processing & Management 45(4).

    Examples
    --------
    >>> from metrics_sk import macro_fbeta_score, f1_score
    >>> y_true, y_pred = [0, 0, 0, 0, 0, 1], [0, 1, 1, 1, 1, 1]
    >>> round(macro_fbeta_score(y_true, y_pred), 4)
    0.6
    >>> round(f1_score(y_true, y_pred, average="macro"), 4)
    0.3333
    >>> from metrics_sk import Confusion
    >>> c = Confusion.from_predictions([0, 1, 2, 0, 1, 2], [0, 2, 1, 0, 0, 1])
    >>> round(c.macro_fbeta_score(), 4), round(c.f1_score(average="macro"), 4)
    (0.2667, 0.2667)
    """
    p, r = _macro(c, labels, zero_division)
    return as_float(_fbeta_from(p, r, beta, zero_division, "Macro F-score is")[..., 0])
