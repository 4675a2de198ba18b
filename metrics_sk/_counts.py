"""Count metrics: pure functions of a :class:`~metrics_sk.Confusion`.

Each formula here takes the confusion as its first argument and carries the metric's one
docstring. The ``Confusion`` method of the same name (declared in its class) calls it, and
so does the public function (``_dropins``, ``_onedal``) after building the confusion from
``(y_true, y_pred, sample_weight)``; both show the formula's docstring, the function's
with its inputs added (:func:`metrics_sk._api.documented_by`). Nothing here counts
samples: everything is computed from the per-class counts ``tp``, ``fp``, ``fn``, ``tn``
and, for MCC and kappa, the sparse matrix, in O(n_classes + non-zero cells).

The formulas reduce over classes along the last axis, so they also evaluate a *batch* of
confusions at once: a duck-type whose ``tp``, ``predicted`` and ``support`` have shape
``(R, K)`` and ``total`` shape ``(R,)`` (the bootstrap's replicates, see
``metrics_sk._bootstrap``, or the groups of a ``GroupedConfusion``) gives ``(R,)`` results;
the matrices have shape ``(R, K, K)`` and the result blocks hold such arrays. For one
``Confusion`` the results are unchanged floats and arrays.
"""

import warnings
from contextlib import nullcontext

import numpy as np
import scipy.sparse as sp

from ._sklearn_compat import UndefinedMetricWarning
from ._validation import check_labels_param, label_kind

_AVERAGES = (None, "micro", "macro", "weighted", "samples")

#: Largest dense K x K result (bytes) a metric makes; a larger one is refused.
_DENSE_LIMIT = 1 << 32

#: The count formulas by name, in definition order: each is a method of ``Confusion``
#: and the formula of the public function of the same name.
FORMULAS = {}


def formula(func=None, *, batch=True):
    """Register ``func`` (``func(c, **options)``) as the formula of a count metric;
    ``batch``: whether its value on a batch of confusions (see ``ConfusionBatch``) is one
    number or per-class array per confusion, which the bootstrap and the intervals use as
    is; False for matrices and result blocks, which also evaluate a batch (a leading batch
    axis) but are split per confusion (``GroupedConfusion``) or called per replicate."""
    if func is None:
        return lambda f: formula(f, batch=batch)
    func.batch = batch
    FORMULAS[func.__name__] = func
    return func


# -- division, warnings and averaging ------------------------------------------------
def _warn_ill_defined(metric, modifier, result_size):
    """scikit-learn's warning text for a 0/0 metric (``_warn_prf``)."""
    where = "due to" if result_size == 1 else "in labels with"
    warnings.warn(
        f"{metric} ill-defined and being set to 0.0 {where} no {modifier} samples. "
        "Use `zero_division` parameter to control this behavior.",
        UndefinedMetricWarning,
        stacklevel=3,
    )


def _divide(numerator, denominator, zero_division, metric, modifier, warn=True):
    """Element-wise ``numerator / denominator``; where the denominator is 0 the result is
    ``zero_division`` (0.0 for ``"warn"``, with an UndefinedMetricWarning)."""
    den = np.asarray(denominator)
    if np.count_nonzero(den) == den.size:  # no 0/0 (the usual case, without a mask)
        return np.true_divide(numerator, den, dtype=np.float64)  # (counts cast once)
    num = np.asarray(numerator, dtype=np.float64)
    den = den.astype(np.float64)
    mask = den == 0
    result = num / np.where(mask, 1.0, den)
    result[mask] = 0.0 if zero_division == "warn" else float(zero_division)
    if zero_division == "warn" and warn:
        _warn_ill_defined(metric, modifier, result.shape[-1])
    return result


def _as_float(value):
    """A float for one confusion; a float array over the replicates of a batch."""
    return float(value) if np.ndim(value) == 0 else np.asarray(value, dtype=np.float64)


def _dot(a, b):
    """``np.dot`` over the class axis (the last one), for one confusion or a batch."""
    if np.ndim(a) <= 1 and np.ndim(b) <= 1:
        return np.dot(a, b)
    return np.einsum("...k,...k->...", a, b)


def _class_sums(index, values, k):
    """Sum ``values`` (last axis: cells) into ``k`` classes by ``index`` (a batched bincount)."""
    if np.ndim(values) == 1:
        return np.bincount(index, weights=values, minlength=k)
    m = index.shape[0]
    return values @ sp.csr_array((np.ones(m), (np.arange(m), index)), shape=(m, k))


def _nanaverage(values, weights=None):
    """Average over the last (class) axis ignoring NaN, scikit-learn's ``_nanaverage``:
    NaN where every value is NaN; weights summing to zero give the plain mean. One value
    per confusion of a batch."""
    k = values.shape[-1]
    if values.ndim == 1 and k:  # one confusion: a NaN among the values makes the sum NaN
        if weights is None:
            total = np.add.reduce(values)
            if total == total:
                return float(total / k)
        else:
            w = np.asarray(weights, dtype=np.float64)
            total, weighted = np.add.reduce(w), np.add.reduce(values * w)
            if weighted == weighted and total != 0:
                return float(weighted / total)
    keep = ~np.isnan(values)
    if k and keep.all():  # the usual case, without masks
        if weights is None:
            return _as_float(values.sum(-1) / k)
        w = np.asarray(weights, dtype=np.float64)
        total = w.sum(-1)
        if np.all(total != 0):
            return _as_float((values * w).sum(-1) / total)
    kept = np.where(keep, values, 0.0)
    with np.errstate(invalid="ignore", divide="ignore"):
        average = kept.sum(-1) / keep.sum(-1)
        if weights is not None:
            w = np.where(keep, np.asarray(weights, dtype=np.float64), 0.0)
            total = w.sum(-1)
            average = np.where(total == 0, average, (kept * w).sum(-1) / total)
    return _as_float(average)


def _fbeta(tp, true, pred, beta, zero_division, metric="F-score is", warn=True):
    """F-beta from the counts, :math:`(1 + \\beta^2) tp / (\\beta^2 (tp + fn) + tp + fp)`
    (0/0 follows ``zero_division``); recall for an infinite beta, precision for 0."""
    if beta == np.inf:
        return _divide(tp, true, zero_division, metric, "true", warn=warn)
    if beta == 0:
        return _divide(tp, pred, zero_division, metric, "predicted", warn=warn)
    b2 = beta * beta
    return _divide(np.multiply(tp, 1 + b2, dtype=np.float64),
                   np.add(np.multiply(true, b2, dtype=np.float64), pred), zero_division,
                   metric, "true nor predicted", warn=warn)


def _fbeta_from(precision, recall, beta, zero_division, metric):
    """F-beta of (arrays of) precision and recall, oneDAL's macro form; 0/0 follows
    ``zero_division``."""
    if beta == np.inf:
        return np.asarray(recall, dtype=np.float64)
    b2 = beta * beta
    # (out of place: cheaper than in place on the one-element arrays of one confusion)
    numerator, denominator = (1 + b2) * precision * recall, b2 * precision + recall
    return _divide(numerator, denominator, zero_division, metric, "true nor predicted")


# -- selecting classes -----------------------------------------------------------------
EMPTY = ("The Confusion is empty: count samples with update() or pass labels= before "
         "computing a metric.")
#: A confusion (or matrix) whose cells sum to 0: a fraction of its total is undefined.
ZERO_TOTAL = ("The confusion is empty: its total (count or weight sum) is 0, so a fraction "
              "of it is undefined.")


def check_total(total, cells=None):
    """The one rule for a confusion whose total is 0 (no sample, or weights all zero):
    ``ValueError(ZERO_TOTAL)``; scikit-learn's ``ZeroDivisionError`` when negative weights
    (the drop-ins') cancel out in ``cells`` (numpy's average of weights summing to 0)."""
    if total == 0:
        if cells is not None and (np.asarray(cells.data if sp.issparse(cells) else cells)
                                  < 0).any():
            raise ZeroDivisionError("Weights sum to zero, can't be normalized")
        raise ValueError(ZERO_TOTAL)


def _class_counts(c, labels):
    """One-vs-rest ``tp, predicted, support`` of ``labels`` (all classes if None); a
    label the confusion has never seen has all-zero counts."""
    if labels is None:
        if c.n_classes == 0:
            raise ValueError(EMPTY)
        return c.tp, c.predicted, c.support
    if isinstance(labels, _PosLabel):  # checked: a label of another type is just unseen
        labels = np.array(labels)
    else:
        labels = check_labels_param(labels, label_kind(c.labels) if c.n_classes else None)
    idx = c.label_positions(labels)
    seen = idx >= 0
    safe = np.where(seen, idx, 0)
    tp, support, predicted, _ = _whole(c)  # (a label counted but not reported, too)
    return tuple(np.where(seen, a[..., safe] if a.shape[-1] else 0, 0).astype(a.dtype)
                 for a in (tp, predicted, support))


def _whole(c):
    """Diagonal, row sums, column sums and total over every label counted: the whole
    table of the samples, whatever labels the confusion reports (``labels=`` never
    removes samples; see ``metrics_sk/_confusion.py``)."""
    return c.whole_margins()


class _PosLabel(list):
    """``[pos_label]`` of a binary average, checked already: a ``pos_label`` absent from a
    one-class target (say the default 1 with string labels) is a class without samples,
    whose scores follow ``zero_division`` as in scikit-learn."""


def _data_labels(c):
    """``(labels, has)``: every label ``c`` counted and which of them are labels of the
    data (scikit-learn's ``unique_labels(y_true, y_pred)``): all of them, except labels
    chosen with ``labels=`` that no sample has (``labels=`` never removes samples, so a
    label met outside it is one; see ``metrics_sk/_confusion.py``)."""
    labels = getattr(c, "_labels", c.labels)
    has = np.ones(labels.shape[0], dtype=bool)
    fixed = getattr(c, "_fixed", None)
    if fixed:
        _, support, predicted, _ = _whole(c)
        chosen = (support[..., :fixed] != 0) | (predicted[..., :fixed] != 0)
        has[:fixed] = chosen.any(0) if chosen.ndim > 1 else chosen
    return labels, has


def _set_wise_labels(c, average, labels, pos_label, options=_AVERAGES):
    """scikit-learn's ``_check_set_wise_labels`` on a confusion: the target is binary when
    the data has at most two labels, whatever ``labels=`` chose (``average`` is checked at
    the boundary: ``metrics_sk._params``; ``options`` are the averages named in its
    error)."""
    counted, has = _data_labels(c)
    present = counted[has]
    y_type = "binary" if present.shape[0] <= 2 else "multiclass"
    if average == "binary":
        if y_type == "binary":
            where = _position(c, pos_label)
            if present.shape[0] >= 2 and (where < 0 or not has[where]):
                raise ValueError(
                    f"pos_label={pos_label} is not a valid label. It "
                    f"should be one of {present}"
                )
            return _PosLabel([pos_label])
        opts = list(options)
        opts.remove("samples")
        raise ValueError(
            "Target is %s but average='binary'. Please "
            "choose another average setting, one of %r." % (y_type, opts)
        )
    if pos_label not in (None, 1):
        warnings.warn(
            "Note that pos_label (set to %r) is ignored when "
            "average != 'binary' (got %r). You may use "
            "labels=[pos_label] to specify a single positive class." % (pos_label, average),
            UserWarning,
            stacklevel=3,
        )
    if average == "samples":
        raise ValueError(
            "Samplewise metrics are not available outside of multilabel classification."
        )
    return labels


def _position(c, label):
    kind = label_kind(c.labels)
    is_str = isinstance(label, (str, np.str_))
    if kind is not None and (kind == "str") != is_str:
        return -1
    return int(c.label_positions(np.array([label], dtype=object if kind is None else None))[0])


def _present(c, labels, average="macro"):
    """The labels each confusion of a batch has, where a metric averages over "the labels
    in the data" (no ``labels=``, a macro, weighted or per-class result); else None."""
    if labels is not None or average in ("micro", "binary"):
        return None
    return getattr(c, "present", None)


def _reduce(values, average, support, present=None):
    """``average`` of per-class ``values`` (None: the values), over the labels each
    confusion has (``present``)."""
    if present is not None:
        values = np.where(present, values, np.nan)
    if average is None:
        return values
    return _nanaverage(values, support if average == "weighted" else None)


# -- scikit-learn's precision / recall / F family -----------------------------------------
def _prf(c, beta, labels, pos_label, average, warn_for, zero_division, scores=(0, 1, 2)):
    """Per-class (micro: summed) precision, recall, F-beta and support; of the three
    scores, those in ``scores`` (0, 1, 2) are computed, the others are None."""
    labels = _set_wise_labels(c, average, labels, pos_label)
    tp, pred, true = _class_counts(c, labels)
    if average == "micro":
        tp, pred, true = (a.sum(-1, keepdims=True) for a in (tp, pred, true))
    f_wanted = 2 in scores
    precision = recall = f_score = None
    if 0 in scores or (f_wanted and beta == 0):
        precision = _divide(tp, pred, zero_division, "Precision is", "predicted",
                            warn="precision" in warn_for)
    if 1 in scores or (f_wanted and beta == np.inf):
        recall = _divide(tp, true, zero_division, "Recall is", "true",
                         warn="recall" in warn_for)
    if not f_wanted:
        pass
    elif beta == np.inf or beta == 0:
        f_score = recall if beta else precision
    else:
        f_score = _fbeta(tp, true, pred, beta, zero_division, warn="f-score" in warn_for)
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
        ``'samples'``: only for multilabel input (handed to scikit-learn).
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
        if not np.any(c.tp):  # scikit-learn's supports are floats when nothing is right
            true = true.astype(np.float64)
        return (*(_reduce(s, None, true, present) for s in scores), true)
    return (*(_reduce(s, average, true, present) for s in scores), None)


def _prf_one(c, index, warn_for, *, beta=1.0, labels=None, pos_label=1, average="binary",
             zero_division="warn"):
    """One of precision (0), recall (1) and F-beta (2), averaged."""
    values = _prf(c, beta, labels, pos_label, average, warn_for, zero_division, (index,))
    return _reduce(values[index], average, values[3], values[4])


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
        ``'samples'``: only for multilabel input (handed to scikit-learn).
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
        ``'samples'``: only for multilabel input (handed to scikit-learn).
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
        ``'samples'``: only for multilabel input (handed to scikit-learn).
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
        ``'samples'``: only for multilabel input (handed to scikit-learn).
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


# -- matrix metrics ----------------------------------------------------------------------------
def _normalized(c, value, total, normalize):
    if not normalize:
        return _as_float(value)
    if np.ndim(total) == 0:  # one confusion
        if total == 0:  # (the cells: negative weights that cancel out)
            check_total(total, c.nonzero_cells(True)[2])
        return float(value / total)
    with np.errstate(divide="ignore", invalid="ignore"):  # a batch: NaN where it is empty
        return _as_float(value / total)


@formula
def accuracy_score(c, *, normalize=True):
    r"""Compute the accuracy: the fraction of correct predictions.

    Drop-in for :func:`sklearn.metrics.accuracy_score`; CatBoost's ``Accuracy``.

    Parameters
    ----------
    normalize : bool, default=True
        Return the fraction of correct predictions; False: their number (weight sum).

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
    :math:`\operatorname{tr}(C) / \sum_{ij} C_{ij}`.

    References
    ----------
    .. [1] Sokolova, M. and Lapalme, G. (2009). A systematic analysis of performance
       measures for classification tasks. Information Processing & Management 45(4).

    Examples
    --------
    >>> from metrics_sk import Confusion, accuracy_score
    >>> accuracy_score([0, 1, 2, 3], [0, 2, 1, 3])
    0.5
    >>> c = Confusion.from_predictions([0, 1, 2, 0, 1, 2], [0, 2, 1, 0, 0, 1])
    >>> round(c.accuracy_score(), 4), c.accuracy_score(normalize=False)
    (0.3333, 2.0)
    """
    diag, _, _, total = _whole(c)
    return _normalized(c, diag.sum(-1), total, normalize)


@formula
def zero_one_loss(c, *, normalize=True):
    r"""Compute the zero-one loss: the fraction (or weight) of misclassified samples.

    Drop-in for :func:`sklearn.metrics.zero_one_loss`; CatBoost's ``ZeroOneLoss``.

    Parameters
    ----------
    normalize : bool, default=True
        Return the fraction of misclassified samples; False: their number (weight sum).

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
    :math:`1 - \operatorname{tr}(C) / \sum C`, or :math:`\sum C - \operatorname{tr}(C)`.

    References
    ----------
    .. [1] Sokolova, M. and Lapalme, G. (2009). A systematic analysis of performance
       measures for classification tasks. Information Processing & Management 45(4).

    Examples
    --------
    >>> from metrics_sk import Confusion, zero_one_loss
    >>> zero_one_loss([1, 2, 3, 4], [2, 2, 3, 4])
    0.25
    >>> c = Confusion.from_predictions([0, 1, 2, 0, 1, 2], [0, 2, 1, 0, 0, 1])
    >>> round(c.zero_one_loss(), 4), c.zero_one_loss(normalize=False)
    (0.6667, 4.0)
    """
    diag, _, _, total = _whole(c)
    if normalize:
        return 1 - _normalized(c, diag.sum(-1), total, True)
    return _as_float(total - diag.sum(-1))


@formula
def hamming_loss(c):
    r"""Compute the Hamming loss: the fraction of wrong labels.

    Drop-in for :func:`sklearn.metrics.hamming_loss`; CatBoost's ``HammingLoss``. For
    single-label data it is 1 - accuracy.

    Returns
    -------
    loss : float
        The fraction of wrong labels, in [0, 1].

    See Also
    --------
    zero_one_loss : The fraction of wrong samples (equal for single-label data).

    Notes
    -----
    :math:`(\sum C - \operatorname{tr}(C)) / \sum C = 1 - \operatorname{tr}(C) / \sum C`.

    References
    ----------
    .. [1] Tsoumakas, G. and Katakis, I. (2007). Multi-label classification: an overview.

    Examples
    --------
    >>> from metrics_sk import Confusion, hamming_loss
    >>> hamming_loss([1, 2, 3, 4], [2, 2, 3, 4])
    0.25
    >>> c = Confusion.from_predictions([0, 1, 2, 0, 1, 2], [0, 2, 1, 0, 0, 1])
    >>> round(c.hamming_loss(), 4)
    0.6667
    """
    diag, _, _, total = _whole(c)
    return _normalized(c, total - diag.sum(-1), total, True)  # not 1 - accuracy: exact 1/3


@formula
def balanced_accuracy_score(c, *, adjusted=False):
    r"""Compute the balanced accuracy: the mean recall over the classes of ``y_true``.

    Drop-in for :func:`sklearn.metrics.balanced_accuracy_score`. For binary targets it
    equals oneDAL's binary "AUC" (:func:`balanced_auc_score`) and CatBoost's
    ``BalancedAccuracy``.

    Parameters
    ----------
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
    :math:`\frac{1}{|K|}\sum_{k \in K} tp_k / (tp_k + fn_k)` over the classes
    :math:`K` with support.

    References
    ----------
    .. [1] Brodersen, K. H. et al. (2010). The balanced accuracy and its posterior
       distribution. ICPR.

    Examples
    --------
    >>> from metrics_sk import Confusion, balanced_accuracy_score
    >>> balanced_accuracy_score([0, 1, 0, 0, 1, 0], [0, 1, 0, 0, 0, 1])
    0.625
    >>> c = Confusion.from_predictions([0, 1, 2, 0, 1, 2], [0, 2, 1, 0, 0, 1])
    >>> round(c.balanced_accuracy_score(), 4)
    0.3333
    """
    diag, rows, _, _ = _whole(c)
    _warn_single_label(diag.shape[-1])
    # scikit-learn drops the 0/0 classes only: with negative weights a row can sum to 0
    # under a non-zero diagonal, and that class's recall is +-inf.
    if diag.ndim == 1 and np.count_nonzero(rows) == rows.shape[0]:
        present = None  # every class has support (the usual case): no mask, no 0/0
    else:
        present = (rows != 0) | (diag != 0)
        if not present.all():
            warnings.warn("y_pred contains classes not in y_true", stacklevel=2)
    if present is not None and diag.ndim > 1:  # a batch of confusions
        n_present = present.sum(-1)
        with np.errstate(invalid="ignore", divide="ignore"):
            score = np.where(present, diag / rows, 0.0).sum(-1) / n_present
    else:  # (+-inf recalls and their mean: no warning)
        with nullcontext() if present is None else np.errstate(invalid="ignore",
                                                                divide="ignore"):
            per_class = diag / rows if present is None else diag[present] / rows[present]
            score = per_class.mean() if per_class.size else np.float64(np.nan)
        n_present = per_class.shape[0]
    if adjusted:
        chance = 1 / n_present
        score = (score - chance) / (1 - chance)
    return _as_float(score)


@formula
def matthews_corrcoef(c):
    r"""Compute the Matthews correlation coefficient (Gorodkin's :math:`R_K`).

    Drop-in for :func:`sklearn.metrics.matthews_corrcoef`; CatBoost's ``MCC``; for several
    classes, Gorodkin's :math:`R_K`. Computed from the diagonal, row and column sums in
    O(K), never a K x K array.

    Returns
    -------
    mcc : float
        In [-1, 1]; 0 when the denominator is 0.

    See Also
    --------
    cohen_kappa_score : Agreement corrected for chance.

    Notes
    -----
    With :math:`T = \sum C`, row sums :math:`r` and column sums :math:`c`:
    :math:`(\operatorname{tr}(C)\,T - r \cdot c) /
    \sqrt{(T^2 - c \cdot c)(T^2 - r \cdot r)}`.

    References
    ----------
    .. [1] Gorodkin, J. (2004). Comparing two K-category assignments by a K-category
       correlation coefficient. Computational Biology and Chemistry 28.

    Examples
    --------
    >>> from metrics_sk import Confusion, matthews_corrcoef
    >>> round(matthews_corrcoef([+1, +1, +1, -1], [+1, -1, +1, +1]), 4)
    -0.3333
    >>> c = Confusion.from_predictions([0, 1, 2, 0, 1, 2], [0, 2, 1, 0, 0, 1])
    >>> round(c.matthews_corrcoef(), 4)
    0.0
    """
    diag, t_sum, p_sum, n = (np.asarray(a, dtype=np.float64) for a in _whole(c))
    _warn_single_label(diag.shape[-1])
    # Scaled by the power of two that brings the total into [0.5, 1): exact, so the value
    # is bit for bit the unscaled one, but the squares below can neither overflow (weights
    # near 1e300 gave NaN) nor underflow (weights near 1e-300 gave 0).
    shift = -np.frexp(n)[1]
    diag, t_sum, p_sum = (np.ldexp(a, shift[..., None]) for a in (diag, t_sum, p_sum))
    n = np.ldexp(n, shift)
    cov_ytyp = diag.sum(-1) * n - _dot(t_sum, p_sum)
    cov_ypyp = n**2 - _dot(p_sum, p_sum)
    cov_ytyt = n**2 - _dot(t_sum, t_sum)
    denominator = cov_ypyp * cov_ytyt
    if np.ndim(denominator) == 0:  # one confusion
        return 0.0 if denominator == 0 else float(cov_ytyp / np.sqrt(denominator))
    zero = denominator == 0
    return _as_float(np.where(zero, 0.0, cov_ytyp / np.sqrt(np.where(zero, 1.0, denominator))))


def _cells_in(c, labels, whole=False):
    """Non-zero cells ``(rows, cols, values)`` of the matrix over ``labels`` (positions in
    that order) and its size; without ``labels``, of the matrix of the reported labels
    (``whole``: of every label counted, the whole table)."""
    if labels is None:
        row, col, data = c.nonzero_cells(whole)
        return row, col, data, _whole(c)[0].shape[-1] if whole else c.n_classes
    row, col, data = c.nonzero_cells(True)
    labels = check_labels_param(labels, label_kind(c.labels) if c.n_classes else None)
    where = np.full(_whole(c)[0].shape[-1] + 1, -1, dtype=np.int64)
    idx = c.label_positions(labels)
    where[idx[idx >= 0]] = np.flatnonzero(idx >= 0)
    r, col = where[row], where[col]
    keep = (r >= 0) & (col >= 0)
    return r[keep], col[keep], data[..., keep], labels.shape[0]


def _check_some_label_true(c, labels, message, *, each=False):
    """scikit-learn's check that ``labels`` shares a label with ``y_true``; it comes before
    the type check of ``labels``, so labels of another type fail here, as in scikit-learn.

    A label is in ``y_true`` when its support is positive; for a drop-in given weights
    that are not all positive, when it occurs in ``y_true`` whatever its weight
    (``c.true_present``, set by :func:`metrics_sk._api.build_confusion`), as in
    scikit-learn. ``each``: in every confusion of a batch (else in any of them)."""
    if labels is not None:
        idx = c.label_positions(check_labels_param(labels, None))
        idx = idx[idx >= 0]
        present = c.true_present
        found = (_whole(c)[1][..., idx] > 0 if present is None else present[idx]).any(-1)
        if not (found.all() if each else found.any()):
            raise ValueError(message)


def _warn_single_label(k):
    """scikit-learn's warning for a matrix over one label (``k``: the number of labels of
    each confusion of a batch)."""
    if (k == 1) if np.ndim(k) == 0 else (np.asarray(k) == 1).any():
        warnings.warn(
            "A single label was found in 'y_true' and 'y_pred'. For the confusion "
            "matrix to have the correct shape, use the 'labels' parameter to pass "
            "all known labels.", UserWarning, stacklevel=3)


def _exclusive_cumsum(a):
    """``sum_{j < i} a_j`` along the last axis (0 for the first)."""
    out = np.zeros_like(a)
    np.cumsum(a[..., :-1], axis=-1, out=out[..., 1:])
    return out


def _pair_weight_sum(p, q, weights, idx=None):
    """``sum_ij w(i, j) p_i q_j`` for kappa weights ``None | 'linear' | 'quadratic'`` in
    O(K), no K x K array; ``p``, ``q`` are the row and column proportions.

    ``None`` and ``'linear'`` are sums of non-negative terms only, so no digit cancels at
    any weight ratio: ``sum_i p_i g_i`` with ``g_i = sum_{j != i} q_j`` (prefix sums from
    either side) or ``g_i = sum_j |i - j| q_j`` (prefix sums of those prefix sums).
    ``'quadratic'`` centres the class index on the mean of ``p``. ``idx``: the class
    positions of each confusion of a batch of groups (non-decreasing, the same for a class
    the group lacks as for the one before it); ``0, 1, ...`` by default."""
    grouped = idx is not None
    if idx is None:
        idx = np.arange(p.shape[-1], dtype=np.float64)
    if weights == "quadratic":
        d = idx - _dot(idx, p)[..., None]  # sum_i d_i p_i = 0 up to rounding
        return (q.sum(-1) * _dot(d * d, p) + p.sum(-1) * _dot(d * d, q)
                - 2 * _dot(d, p) * _dot(d, q))
    if weights == "linear" and grouped:  # positions with gaps: sum_j |idx_i - idx_j| q_j
        q_cum, s_cum = np.cumsum(q, axis=-1), np.cumsum(idx * q, axis=-1)
        return _dot(p, idx * q_cum - s_cum + (s_cum[..., -1:] - s_cum)
                    - idx * (q_cum[..., -1:] - q_cum))
    below = _exclusive_cumsum(q)  # sum_{j < i} q_j
    above = _exclusive_cumsum(q[..., ::-1])[..., ::-1]  # sum_{j > i} q_j
    if weights == "linear":  # sum_{j < i} (i - j) q_j = sum_{m <= i} below_m, same above
        below = np.cumsum(below, axis=-1)
        above = np.cumsum(above[..., ::-1], axis=-1)[..., ::-1]
    return _dot(p, below + above)


@formula
def cohen_kappa_score(c, *, labels=None, weights=None, replace_undefined_by=np.nan):
    r"""Compute Cohen's kappa, unweighted or with linear / quadratic disagreement weights.

    Drop-in for :func:`sklearn.metrics.cohen_kappa_score`. ``weights="quadratic"`` with
    ``labels=range(K)`` is CatBoost's ``WKappa`` (CatBoost returns -1 where this returns
    ``replace_undefined_by``). Computed in O(K + non-zero cells): the expected
    disagreement uses row and column sums with prefix sums, never a K x K array.

    Parameters
    ----------
    labels : array-like of shape (n_classes,), default=None
        Classes, in the order that defines the distances :math:`|i - j|`.
    weights : {None, 'linear', 'quadratic'}, default=None
        Disagreement weights :math:`W_{ij}`: :math:`[i \ne j]` (None), :math:`|i - j|` or
        :math:`(i - j)^2`.
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
    :math:`\kappa = 1 - \sum W \circ O / \sum W \circ E` with
    :math:`E_{ij} = r_i c_j / \sum O` and :math:`W_{ij} = [i \ne j]`, :math:`|i-j|`
    or :math:`(i-j)^2`.

    References
    ----------
    .. [1] Cohen, J. (1960). A coefficient of agreement for nominal scales.
    .. [2] Cohen, J. (1968). Weighted kappa. Psychological Bulletin 70(4).

    Examples
    --------
    >>> from metrics_sk import Confusion, cohen_kappa_score
    >>> round(cohen_kappa_score([0, 1, 2, 2, 0], [0, 2, 2, 2, 1]), 4)
    0.3750
    >>> round(cohen_kappa_score([0, 1, 2, 2, 0], [0, 2, 2, 2, 1], weights="quadratic"), 4)
    0.75
    >>> c = Confusion.from_predictions([0, 1, 2, 0, 1, 2], [0, 2, 1, 0, 0, 1])
    >>> round(c.cohen_kappa_score(weights="quadratic"), 4)
    0.5
    """
    _check_some_label_true(
        c, labels, "At least one label in `labels` must be present in `y1` (even though "
        "`cohen_kappa_score` is otherwise agnostic to the order of `y1` and `y2`).")
    rows_i, cols_i, vals, k = _cells_in(c, labels, whole=True)
    _warn_single_label(k)
    vals = vals.astype(np.float64)
    row_sums = _class_sums(rows_i, vals, k)
    col_sums = _class_sums(cols_i, vals, k)
    n = row_sums.sum(-1)
    if np.all(n == 0):
        warnings.warn(
            "`y2` contains no labels that are present in both `y1` and `labels`."
            "`cohen_kappa_score` is undefined and set to the value defined by "
            f"the `replace_undefined_by` param, which is set to {replace_undefined_by}.",
            UndefinedMetricWarning, stacklevel=2)
        return replace_undefined_by
    diff = (rows_i - cols_i).astype(np.float64)
    # In a batch, the positions of the labels each confusion has (a weighted kappa of a
    # group is its kappa over its own labels).
    present = _present(c, labels) if weights is not None else None
    idx = None
    if present is not None:
        idx = np.cumsum(present, axis=-1, dtype=np.float64) - 1
        diff = idx[..., rows_i] - idx[..., cols_i]
    if weights is None:
        observed = vals[..., diff != 0].sum(-1)
    elif weights == "linear":
        observed = _dot(np.abs(diff), vals)
    else:
        observed = _dot(diff * diff, vals)
    with np.errstate(divide="ignore", invalid="ignore"):  # only a batch can have n == 0 here
        # proportions, divided by the total (1 / n overflows for subnormal totals): no
        # overflow, no cancellation
        total = np.asarray(n)[..., None]
        expected = _pair_weight_sum(row_sums / total, col_sums / total, weights, idx)
        observed = observed / total[..., 0]
    if np.all(expected == 0):
        warnings.warn(
            "`y1`, `y2` and `labels` have only one label in common. "
            "`cohen_kappa_score` is undefined and set to the value defined by the "
            f"the `replace_undefined_by` param, which is set to {replace_undefined_by}.",
            UndefinedMetricWarning, stacklevel=2)
        return replace_undefined_by
    undefined = (n == 0) | (expected == 0)  # some replicates of a batch
    with np.errstate(divide="ignore", invalid="ignore"):
        kappa = 1 - observed / expected
    return _as_float(np.where(undefined, replace_undefined_by, kappa))


@formula(batch=False)
def confusion_matrix(c, *, labels=None, normalize=None):
    r"""Compute the confusion matrix ``C[i, j]``: samples of class ``i`` predicted as ``j``.

    Drop-in for :func:`sklearn.metrics.confusion_matrix`, counted by the sparse
    :class:`~metrics_sk.Confusion`; only the returned array is dense.

    Parameters
    ----------
    labels : array-like of shape (n_classes,), default=None
        Classes that index the matrix (all classes by default); samples of other labels
        are left out.
    normalize : {'true', 'pred', 'all'}, default=None
        Normalize over true labels (rows), predicted labels (columns) or all samples.

    Returns
    -------
    C : ndarray of shape (n_classes, n_classes)
        Rows are true classes, columns predicted classes, in the order of ``labels``.

    See Also
    --------
    binary_confusion_matrix : The 2 x 2 layout of oneDAL, ``[[tp, fn], [fp, tn]]``.
    Confusion : The sparse matrix behind it (:meth:`Confusion.to_dense`: all of it).

    Notes
    -----
    :math:`C_{ij} = \sum_s w_s [y_s = i][\hat y_s = j]`.

    References
    ----------
    .. [1] Wikipedia, "Confusion matrix".

    Examples
    --------
    >>> from metrics_sk import Confusion, confusion_matrix
    >>> confusion_matrix([2, 0, 2, 2, 0, 1], [0, 0, 2, 2, 0, 2])
    array([[2, 0, 0],
           [0, 0, 1],
           [1, 0, 2]])
    >>> c = Confusion.from_predictions([0, 1, 2, 0, 1, 2], [0, 2, 1, 0, 0, 1])
    >>> c.confusion_matrix(labels=[2, 0])
    array([[0, 0],
           [0, 2]])
    """
    batch = c.is_batch  # a batch of confusions: shape (R, k, k)
    _check_some_label_true(c, labels, "At least one label specified must be in y_true",
                           each=True)
    if labels is None:
        rows_i, cols_i, vals = c.nonzero_cells() if batch else (None, None, None)
        k = c.n_classes
        present = getattr(c, "present", None)  # the labels each group of a batch has
        sizes = k if present is None else present.sum(-1)
    else:
        rows_i, cols_i, vals, k = _cells_in(c, labels)
        sizes = k
    _warn_single_label(sizes)
    size = int(np.max(sizes, initial=0)) if np.ndim(sizes) else sizes
    if size * size * 8 > _DENSE_LIMIT:
        raise ValueError(
            f"confusion_matrix would be a dense {size} x {size} array "
            f"({size * size * 8 / 2**30:.3g} GiB) over {size} labels; use "
            "Confusion.from_predictions(...).matrix, a sparse matrix of the non-zero cells, "
            "or pass the labels you need with labels=.")
    if labels is None and not batch:  # every class, in the confusion's order
        cm = c.to_dense()
        if cm.dtype.kind != "f":
            cm = cm.astype(np.int64, copy=False)
    else:
        cm = np.zeros(vals.shape[:-1] + (k, k),
                      dtype=vals.dtype if vals.dtype.kind == "f" else np.int64)
        if batch:  # distinct cells (labels map to distinct positions)
            cm[:, rows_i, cols_i] = vals
        else:
            np.add.at(cm, (rows_i, cols_i), vals)
    if normalize is None:
        return cm
    with np.errstate(all="ignore"):
        if normalize == "true":
            cm = cm / cm.sum(axis=-1, keepdims=True)
        elif normalize == "pred":
            cm = cm / cm.sum(axis=-2, keepdims=True)
        elif normalize == "all":
            cm = cm / cm.sum(axis=(-2, -1), keepdims=True)
        else:
            raise ValueError(f"normalize must be one of 'true', 'pred', 'all' or None, "
                             f"got {normalize!r}.")
        cm = np.nan_to_num(cm)
    return cm


# -- oneDAL: specificity and binary "AUC" ------------------------------------------------------
def _one_vs_rest(c, labels, average, pos_label):
    labels = _set_wise_labels(c, average, labels, pos_label)
    tp, pred, true = _class_counts(c, labels)
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
    return _reduce(spec, average if average != "binary" else "macro", support,
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
    return _reduce((tpr + tnr) / 2, average if average != "binary" else "macro", support,
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
        tp, _, true = _class_counts(c, labels)
        recall = _divide(tp, true, "warn", "Recall is", "true")
        recall = np.where(recall == 0, correction, recall)
        with np.errstate(divide="ignore"):
            return _as_float(np.exp(_mean(np.log(recall), _present(c, labels))))
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
    return _as_float(np.sqrt(sensitivity * specificity)) if average is not None else np.sqrt(
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
    _set_wise_labels(c, "binary", None, pos_label)  # a pos_label not among two labels
    where = _position(c, pos_label)
    predicted = _whole(c)[2][..., where] if where >= 0 else np.zeros_like(c.total)
    with np.errstate(divide="ignore", invalid="ignore"):
        return _as_float(np.asarray(predicted, dtype=np.float64) / c.total)


# -- oneDAL: multi-class ------------------------------------------------------------------------
def _onedal_counts(c, labels, total=True):
    """``tp, pred, true`` in float64, and (with ``total``) the total as a class axis."""
    tp, pred, true = _class_counts(c, labels)
    tp, pred, true = tp.astype(np.float64), pred.astype(np.float64), true.astype(np.float64)
    if not total:
        return tp, pred, true, None
    return tp, pred, true, np.asarray(c.total, dtype=np.float64)[..., None]


def _class_mean(values, present=None):
    """oneDAL's plain mean over classes (a NaN class makes the mean NaN), keeping the
    class axis (of length 1); over the labels each confusion of a batch has (``present``)."""
    if present is None:
        return values.sum(-1, keepdims=True) / values.shape[-1]
    return (np.where(present, values, 0.0).sum(-1) / present.sum(-1))[..., None]


def _mean(values, present=None):
    """oneDAL's plain mean over classes: a float (an array over a batch)."""
    return _as_float(_class_mean(values, present)[..., 0])


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
    tp, pred, true = _class_counts(c, labels)  # (cast to float64 by the divisions)
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
    return _as_float(_micro(c, labels, zero_division, ("precision",))[0][..., 0])


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
    return _as_float(_micro(c, labels, zero_division, ("recall",))[1][..., 0])


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
    return _as_float(_fbeta_from(p, r, beta, zero_division, "Micro F-score is")[..., 0])


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
    return _as_float(_macro(c, labels, zero_division, ("precision",))[0][..., 0])


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
    return _as_float(_macro(c, labels, zero_division, ("recall",))[1][..., 0])


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
    return _as_float(_fbeta_from(p, r, beta, zero_division, "Macro F-score is")[..., 0])


# -- oneDAL result blocks ------------------------------------------------------------------------
class _QualityMetrics:
    """Named quality metrics in oneDAL's order, with the confusion matrix."""

    _fields = ()

    def __init__(self, confusion_matrix, values):
        # (a batch of confusions: the matrices and each value with a leading batch axis)
        self.confusion_matrix = confusion_matrix
        for name, value in zip(self._fields, values):
            setattr(self, name, value if type(value) is float else _as_float(value))

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
        body = ", ".join(f"{k}={v:.6g}" for k, v in self.as_dict().items())
        return f"{type(self).__name__}({body})"


class BinaryQualityMetrics(_QualityMetrics):
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


class MulticlassQualityMetrics(_QualityMetrics):
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
