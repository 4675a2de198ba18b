"""scikit-learn's set-wise precision, recall and F-score
(``precision_recall_fscore_support`` and its four scores).

Part of ``metrics_sk._formulas`` (see its docstring).
"""

import numpy as np

from .shared import (
    as_float,
    class_counts,
    _divide,
    sample_counts,
    _fbeta,
    formula,
    _present,
    reduce_average,
    set_wise_labels,
)


# -- scikit-learn's precision / recall / F family -----------------------------------------
def _prf(c, beta, labels, pos_label, average, warn_for, zero_division, scores=(0, 1, 2)):
    """Per-class (micro: summed) precision, recall, F-beta and support; of the three
    scores, those in ``scores`` (0, 1, 2) are computed, the others are None."""
    labels = set_wise_labels(c, average, labels, pos_label)
    samples = 0
    if average == "samples":  # per sample of a multilabel target, weighted by its weight
        tp, pred, true, weights, samples = sample_counts(c, labels)
    else:
        tp, pred, true = class_counts(c, labels)
    if average == "micro":
        tp, pred, true = (a.sum(-1, keepdims=True) for a in (tp, pred, true))
    f_wanted = 2 in scores
    precision = recall = f_score = None
    if 0 in scores or (f_wanted and beta == 0):
        precision = _divide(tp, pred, zero_division, "Precision is", "predicted",
                            warn="precision" in warn_for, samples=samples)
    if 1 in scores or (f_wanted and beta == np.inf):
        recall = _divide(tp, true, zero_division, "Recall is", "true",
                         warn="recall" in warn_for, samples=samples)
    if not f_wanted:
        pass
    elif beta == np.inf or beta == 0:
        f_score = recall if beta else precision
    else:
        f_score = _fbeta(tp, true, pred, beta, zero_division, warn="f-score" in warn_for,
                         samples=samples)
    if samples:  # (the averaging weights: the samples')
        true = weights
    return precision, recall, f_score, true, _present(c, labels, average)


@formula
def precision_recall_fscore_support(c, *, beta=1.0, labels=None, pos_label=1, average=None,
                                    warn_for=("precision", "recall", "f-score"),
                                    zero_division="warn"):
    r"""Compute precision, recall, F-beta and support of each class, or their average.

    Drop-in for :func:`sklearn.metrics.precision_recall_fscore_support`.

    Parameters
    ----------
    beta : float, default=1.0
        Weight of recall relative to precision.
    labels : array-like, default=None
        The classes to include (all classes by default), and their order when
        ``average=None``; a class without samples counts zero.
    pos_label : int, float, bool or str, default=1
        The positive class when ``average="binary"``.
    average : {'binary', 'micro', 'macro', 'weighted', 'samples'} or None, default=None
        How to combine the per-class values. ``'binary'``: the value of ``pos_label``;
        ``'micro'``: of the summed counts; ``'macro'``: the unweighted mean over classes;
        ``'weighted'``: the mean weighted by support; None: one value per class;
        ``'samples'``: the mean over the samples of a multilabel target.
    warn_for : tuple or set, default=('precision', 'recall', 'f-score')
        Which of the three warn when they are ill-defined.
    zero_division : {'warn', 0.0, 1.0, np.nan}, default='warn'
        Value of a 0/0 (``'warn'``: 0.0 with an ``UndefinedMetricWarning``).

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
    Per class :math:`P_k = tp_k/(tp_k+fp_k)`, :math:`R_k = tp_k/(tp_k+fn_k)` and
    :math:`F_k = (1+\beta^2)\,tp_k / ((1+\beta^2)\,tp_k + \beta^2 fn_k + fp_k)`.
    The per-class counts come from the sparse :class:`~metrics_sk.Confusion`;
    ``average="micro"`` sums them first, ``"macro"`` takes the unweighted mean over the
    classes, ``"weighted"`` weights each class by its support (the blog's weighted average,
    and CatBoost's ``TotalF1`` default), ``None`` returns one value per class, as
    scikit-learn does.

    References
    ----------
    .. [1] Sokolova, M. and Lapalme, G. (2009). A systematic analysis of performance
       measures for classification tasks. Information Processing & Management 45(4).

    Examples
    --------
    >>> from metrics_sk import Confusion, precision_recall_fscore_support
    >>> y_true = ["cat", "dog", "pig", "cat", "dog", "pig"]
    >>> y_pred = ["cat", "pig", "dog", "cat", "cat", "dog"]
    >>> p, r, f, _ = precision_recall_fscore_support(y_true, y_pred, average="macro")
    >>> round(p, 4), round(r, 4), round(f, 4)
    (0.2222, 0.3333, 0.2667)
    >>> c = Confusion.from_predictions([0, 1, 2, 0, 1, 2], [0, 2, 1, 0, 0, 1])
    >>> p, r, f, s = c.precision_recall_fscore_support()
    >>> r, s
    (array([1., 0., 0.]), array([2, 2, 2]))
    """
    *scores, true, present = _prf(c, beta, labels, pos_label, average, warn_for,
                                  zero_division)
    if average is None:
        if not c.is_multilabel and not np.any(c.tp):
            # scikit-learn's multi-class supports are floats when nothing is right
            true = true.astype(np.float64)
        return (*(reduce_average(s, None, true, present) for s in scores), true)
    return (*(reduce_average(s, average, true, present) for s in scores), None)


def _prf_one(c, index, warn_for, *, beta=1.0, labels=None, pos_label=1, average="binary",
             zero_division="warn"):
    """One of precision (0), recall (1) and F-beta (2), averaged."""
    values = _prf(c, beta, labels, pos_label, average, warn_for, zero_division, (index,))
    return reduce_average(values[index], average, values[3], values[4])


@formula
def precision_score(c, *, labels=None, pos_label=1, average="binary", zero_division="warn"):
    r"""Compute the precision :math:`tp / (tp + fp)`: how many predicted positives are right.

    Drop-in for :func:`sklearn.metrics.precision_score`.

    Parameters
    ----------
    labels : array-like, default=None
        The classes to include (all classes by default), and their order when
        ``average=None``; a class without samples counts zero.
    pos_label : int, float, bool or str, default=1
        The positive class when ``average="binary"``.
    average : {'binary', 'micro', 'macro', 'weighted', 'samples'} or None, default='binary'
        How to combine the per-class values. ``'binary'``: the value of ``pos_label``;
        ``'micro'``: of the summed counts; ``'macro'``: the unweighted mean over classes;
        ``'weighted'``: the mean weighted by support; None: one value per class;
        ``'samples'``: the mean over the samples of a multilabel target.
    zero_division : {'warn', 0.0, 1.0, np.nan}, default='warn'
        Value of a 0/0 (``'warn'``: 0.0 with an ``UndefinedMetricWarning``).

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
    Averaged over the classes as in :func:`precision_recall_fscore_support`.

    References
    ----------
    .. [1] Sokolova, M. and Lapalme, G. (2009). A systematic analysis of performance
       measures for classification tasks. Information Processing & Management 45(4).

    Examples
    --------
    >>> from metrics_sk import Confusion, precision_score
    >>> precision_score([0, 1, 2, 0, 1, 2], [0, 2, 1, 0, 0, 1], average="macro")
    0.2222222222222222
    >>> c = Confusion.from_predictions([0, 1, 2, 0, 1, 2], [0, 2, 1, 0, 0, 1])
    >>> round(c.precision_score(average="macro"), 4)
    0.2222
    """
    return _prf_one(c, 0, ("precision",), labels=labels, pos_label=pos_label,
                    average=average, zero_division=zero_division)


@formula
def recall_score(c, *, labels=None, pos_label=1, average="binary", zero_division="warn"):
    r"""Compute the recall :math:`tp / (tp + fn)`: how many actual positives are found.

    Drop-in for :func:`sklearn.metrics.recall_score`.

    Parameters
    ----------
    labels : array-like, default=None
        The classes to include (all classes by default), and their order when
        ``average=None``; a class without samples counts zero.
    pos_label : int, float, bool or str, default=1
        The positive class when ``average="binary"``.
    average : {'binary', 'micro', 'macro', 'weighted', 'samples'} or None, default='binary'
        How to combine the per-class values. ``'binary'``: the value of ``pos_label``;
        ``'micro'``: of the summed counts; ``'macro'``: the unweighted mean over classes;
        ``'weighted'``: the mean weighted by support; None: one value per class;
        ``'samples'``: the mean over the samples of a multilabel target.
    zero_division : {'warn', 0.0, 1.0, np.nan}, default='warn'
        Value of a 0/0 (``'warn'``: 0.0 with an ``UndefinedMetricWarning``).

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
    Averaged over the classes as in :func:`precision_recall_fscore_support`.

    References
    ----------
    .. [1] Sokolova, M. and Lapalme, G. (2009). A systematic analysis of performance
       measures for classification tasks. Information Processing & Management 45(4).

    Examples
    --------
    >>> from metrics_sk import Confusion, recall_score
    >>> recall_score([0, 1, 2, 0, 1, 2], [0, 2, 1, 0, 0, 1], average="macro")
    0.3333333333333333
    >>> c = Confusion.from_predictions([0, 1, 2, 0, 1, 2], [0, 2, 1, 0, 0, 1])
    >>> round(c.recall_score(average="macro"), 4)
    0.3333
    """
    return _prf_one(c, 1, ("recall",), labels=labels, pos_label=pos_label,
                    average=average, zero_division=zero_division)


@formula
def fbeta_score(c, *, beta, labels=None, pos_label=1, average="binary", zero_division="warn"):
    r"""Compute the F-beta score, the weighted harmonic mean of precision and recall.

    Drop-in for :func:`sklearn.metrics.fbeta_score`. With ``average="macro"`` this is the
    mean of the per-class F, which is not oneDAL's macro F (see :func:`macro_fbeta_score`).

    Parameters
    ----------
    beta : float
        Weight of recall relative to precision.
    labels : array-like, default=None
        The classes to include (all classes by default), and their order when
        ``average=None``; a class without samples counts zero.
    pos_label : int, float, bool or str, default=1
        The positive class when ``average="binary"``.
    average : {'binary', 'micro', 'macro', 'weighted', 'samples'} or None, default='binary'
        How to combine the per-class values. ``'binary'``: the value of ``pos_label``;
        ``'micro'``: of the summed counts; ``'macro'``: the unweighted mean over classes;
        ``'weighted'``: the mean weighted by support; None: one value per class;
        ``'samples'``: the mean over the samples of a multilabel target.
    zero_division : {'warn', 0.0, 1.0, np.nan}, default='warn'
        Value of a 0/0 (``'warn'``: 0.0 with an ``UndefinedMetricWarning``).

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
    Per class :math:`F_k = (1+\beta^2)\,tp_k / ((1+\beta^2)\,tp_k + \beta^2 fn_k + fp_k)`.
    Averaged over the classes as in :func:`precision_recall_fscore_support`.

    References
    ----------
    .. [1] Sokolova, M. and Lapalme, G. (2009). A systematic analysis of performance
       measures for classification tasks. Information Processing & Management 45(4).

    Examples
    --------
    >>> from metrics_sk import Confusion, fbeta_score
    >>> round(fbeta_score([0, 1, 2, 0, 1, 2], [0, 2, 1, 0, 0, 1], beta=0.5,
    ...                   average="macro"), 4)
    0.2381
    >>> c = Confusion.from_predictions([0, 1, 2, 0, 1, 2], [0, 2, 1, 0, 0, 1])
    >>> round(c.fbeta_score(beta=0.5, average="macro"), 4)
    0.2381
    """
    return _prf_one(c, 2, ("f-score",), beta=beta, labels=labels, pos_label=pos_label,
                    average=average, zero_division=zero_division)


@formula
def f1_score(c, *, labels=None, pos_label=1, average="binary", zero_division="warn"):
    r"""Compute the F1 score, the harmonic mean of precision and recall.

    Drop-in for :func:`sklearn.metrics.f1_score`. ``average="weighted"``, ``"macro"``
    and ``"micro"`` are CatBoost's ``TotalF1`` averages (pass ``labels=range(K)`` for
    CatBoost's macro over all K classes).

    Parameters
    ----------
    labels : array-like, default=None
        The classes to include (all classes by default), and their order when
        ``average=None``; a class without samples counts zero.
    pos_label : int, float, bool or str, default=1
        The positive class when ``average="binary"``.
    average : {'binary', 'micro', 'macro', 'weighted', 'samples'} or None, default='binary'
        How to combine the per-class values. ``'binary'``: the value of ``pos_label``;
        ``'micro'``: of the summed counts; ``'macro'``: the unweighted mean over classes;
        ``'weighted'``: the mean weighted by support; None: one value per class;
        ``'samples'``: the mean over the samples of a multilabel target.
    zero_division : {'warn', 0.0, 1.0, np.nan}, default='warn'
        Value of a 0/0 (``'warn'``: 0.0 with an ``UndefinedMetricWarning``).

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
    Per class :math:`F_1 = 2\,tp / (2\,tp + fn + fp)`.
    Averaged over the classes as in :func:`precision_recall_fscore_support`.

    References
    ----------
    .. [1] Sokolova, M. and Lapalme, G. (2009). A systematic analysis of performance
       measures for classification tasks. Information Processing & Management 45(4).

    Examples
    --------
    >>> from metrics_sk import Confusion, f1_score
    >>> round(f1_score([0, 1, 2, 0, 1, 2], [0, 2, 1, 0, 0, 1], average="macro"), 4)
    0.2667
    >>> round(f1_score([0, 0, 0, 0, 0, 1], [0, 1, 1, 1, 1, 1], average="macro"), 4)
    0.3333
    >>> c = Confusion.from_predictions([0, 1, 2, 0, 1, 2], [0, 2, 1, 0, 0, 1])
    >>> round(c.f1_score(average="macro"), 4)
    0.2667
    """
    return fbeta_score(c, beta=1.0, labels=labels, pos_label=pos_label, average=average,
                       zero_division=zero_division)


def _plain_average(values, weights=None, present=None):
    """scikit-learn's ``_average`` over the class axis: a NaN value makes the mean NaN
    (unlike the P/R/F averages); weights summing to 0 give the plain mean; over the labels
    each confusion of a batch has (``present``)."""
    values = np.asarray(values, dtype=np.float64)
    ones = np.ones(values.shape) if present is None else present.astype(np.float64)
    w = ones if weights is None else np.asarray(weights, dtype=np.float64) * ones
    if present is not None:
        values = np.where(present, values, 0.0)
    total = w.sum(-1, keepdims=True)
    w = np.where(total == 0, ones, w)
    return as_float((values * w).sum(-1) / w.sum(-1))


@formula
def jaccard_score(c, *, labels=None, pos_label=1, average="binary", zero_division="warn"):
    r"""Compute the Jaccard similarity coefficient :math:`tp / (tp + fp + fn)`.

    Drop-in for :func:`sklearn.metrics.jaccard_score`: the size of the intersection of
    the true and predicted sets over the size of their union, per class (or per label
    column of a multilabel indicator, or per sample with ``average="samples"``).

    Parameters
    ----------
    labels : array-like, default=None
        The classes to include (all classes by default), and their order when
        ``average=None``; a class without samples counts zero. For a multilabel target,
        column indices.
    pos_label : int, float, bool or str, default=1
        The positive class when ``average="binary"``.
    average : {'binary', 'micro', 'macro', 'weighted', 'samples'} or None, default='binary'
        How to combine the per-class values. ``'binary'``: the value of ``pos_label``;
        ``'micro'``: of the summed counts; ``'macro'``: the unweighted mean over classes;
        ``'weighted'``: the mean weighted by support; None: one value per class;
        ``'samples'``: the mean over the samples of a multilabel target.
    zero_division : {'warn', 0.0, 1.0, np.nan}, default='warn'
        Value of a 0/0, a class neither true nor predicted (``'warn'``: 0.0 with an
        ``UndefinedMetricWarning``).

    Returns
    -------
    score : float or ndarray of shape (n_classes,)
        The Jaccard index, in [0, 1]; one value per class when ``average=None``.

    See Also
    --------
    f1_score : :math:`F_1 = 2J / (1 + J)` per class.
    multilabel_confusion_matrix : The per-class counts behind it.

    Notes
    -----
    Per class :math:`J_k = tp_k / (tp_k + fp_k + fn_k)`. Unlike precision, recall and F,
    the averages do not skip NaN (``zero_division=np.nan``): a NaN class makes the macro
    mean NaN, as in scikit-learn.

    References
    ----------
    .. [1] Wikipedia, "Jaccard index".

    Examples
    --------
    >>> import numpy as np
    >>> from metrics_sk import Confusion, jaccard_score
    >>> round(jaccard_score([0, 1, 2, 0, 1, 2], [0, 2, 1, 0, 0, 1], average="macro"), 4)
    0.2222
    >>> y_true = np.array([[0, 1, 1], [1, 1, 0]])
    >>> y_pred = np.array([[1, 1, 1], [1, 0, 0]])
    >>> round(jaccard_score(y_true, y_pred, average="samples"), 4)
    0.5833
    >>> c = Confusion.from_predictions([0, 1, 2, 0, 1, 2], [0, 2, 1, 0, 0, 1])
    >>> round(c.jaccard_score(average="macro"), 4)
    0.2222
    """
    labels = set_wise_labels(c, average, labels, pos_label)
    samples = 0
    if average == "samples":
        tp, pred, true, weights, samples = sample_counts(c, labels)
    else:
        tp, pred, true = class_counts(c, labels)
        weights = true if average == "weighted" else None
    if average == "micro":
        tp, pred, true = (a.sum(-1, keepdims=True) for a in (tp, pred, true))
    jaccard = _divide(tp, true + pred - tp, zero_division, "Jaccard is", "true or predicted",
                      samples=samples)
    present = _present(c, labels, average)
    if average is None:
        return reduce_average(jaccard, None, true, present)
    return _plain_average(jaccard, weights, None if samples else present)
