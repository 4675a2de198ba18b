"""Count metrics: pure functions of a :class:`~metrics_sk.Confusion`.

Each function here takes the confusion as its first argument and becomes a method of
``Confusion`` of the same name; the public module-level function builds the confusion
from ``(y_true, y_pred, sample_weight)`` and calls that method. Nothing here counts
samples: everything is computed from the per-class counts ``tp``, ``fp``, ``fn``, ``tn``
and, for MCC and kappa, the sparse matrix, in O(n_classes + non-zero cells).

The formulas reduce over classes along the last axis, so most of them also evaluate a
*batch* of confusions at once: a duck-type whose ``tp``, ``predicted`` and ``support`` have
shape ``(R, K)`` and ``total`` shape ``(R,)`` (the bootstrap's replicates, see
``metrics_sk._bootstrap``) gives ``(R,)`` results. For one ``Confusion`` the results are
unchanged floats.
"""

import warnings

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


def formula(func):
    """Register ``func`` (``func(c, **options)``) as the formula of a count metric."""
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
    num = np.asarray(numerator, dtype=np.float64)
    den = np.asarray(denominator, dtype=np.float64)
    mask = den == 0
    if not mask.any():
        return num / den
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
    keep = ~np.isnan(values)
    k = values.shape[-1]
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
    return _divide((1 + b2) * np.asarray(tp, dtype=np.float64),
                   b2 * np.asarray(true, dtype=np.float64) + pred, zero_division, metric,
                   "true nor predicted", warn=warn)


def _fbeta_from(precision, recall, beta, zero_division, metric):
    """F-beta of (arrays of) precision and recall, oneDAL's macro form; 0/0 follows
    ``zero_division``."""
    if beta == np.inf:
        return np.asarray(recall, dtype=np.float64)
    b2 = beta * beta
    return _divide((1 + b2) * precision * recall, b2 * precision + recall, zero_division,
                   metric, "true nor predicted")


# -- selecting classes -----------------------------------------------------------------
EMPTY = ("The Confusion is empty: count samples with update() or pass labels= before "
         "computing a metric.")


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
    idx = c._index(labels)
    seen = idx >= 0
    safe = np.where(seen, idx, 0)
    return tuple(np.where(seen, a[..., safe] if a.shape[-1] else 0, 0).astype(a.dtype)
                 for a in (c.tp, c.predicted, c.support))


def _block(c):
    """Diagonal, row sums, column sums and total of :attr:`Confusion.matrix` (the counts
    among ``labels``, without the samples of any other label)."""
    return c._block_margins()


class _PosLabel(list):
    """``[pos_label]`` of a binary average, checked already: a ``pos_label`` absent from a
    one-class target (say the default 1 with string labels) is a class without samples,
    whose scores follow ``zero_division`` as in scikit-learn."""


def _set_wise_labels(c, average, labels, pos_label, options=_AVERAGES):
    """scikit-learn's ``_check_set_wise_labels`` on a confusion: the target is binary when
    it has at most two labels."""
    if average not in options and average != "binary":
        raise ValueError("average has to be one of " + str(options))
    present = c.labels
    y_type = "binary" if present.shape[0] <= 2 else "multiclass"
    if average == "binary":
        if y_type == "binary":
            if present.shape[0] >= 2 and _position(c, pos_label) < 0:
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
    return int(c._index(np.array([label], dtype=object if kind is None else None))[0])


def _reduce(values, average, support):
    if average is None:
        return values
    return _nanaverage(values, support if average == "weighted" else None)


# -- scikit-learn's precision / recall / F family -----------------------------------------
def _prf(c, beta, labels, pos_label, average, warn_for, zero_division):
    """Per-class (micro: summed) precision, recall, F-beta and support."""
    labels = _set_wise_labels(c, average, labels, pos_label)
    tp, pred, true = _class_counts(c, labels)
    if average == "micro":
        tp, pred, true = (a.sum(-1, keepdims=True) for a in (tp, pred, true))
    precision = _divide(tp, pred, zero_division, "Precision is", "predicted",
                        warn="precision" in warn_for)
    recall = _divide(tp, true, zero_division, "Recall is", "true", warn="recall" in warn_for)
    if beta == np.inf or beta == 0:
        f_score = recall if beta else precision
    else:
        f_score = _fbeta(tp, true, pred, beta, zero_division, warn="f-score" in warn_for)
    return precision, recall, f_score, true


@formula
def precision_recall_fscore_support(c, *, beta=1.0, labels=None, pos_label=1, average=None,
                                    warn_for=("precision", "recall", "f-score"),
                                    zero_division="warn"):
    """Precision, recall, F-beta and support; see :func:`metrics_sk.precision_recall_fscore_support`."""
    *scores, true = _prf(c, beta, labels, pos_label, average, warn_for, zero_division)
    if average is None:
        return (*scores, true)
    return (*(_reduce(s, average, true) for s in scores), None)


def _prf_one(c, index, warn_for, *, beta=1.0, labels=None, pos_label=1, average="binary",
             zero_division="warn"):
    """One of precision (0), recall (1) and F-beta (2), averaged."""
    values = _prf(c, beta, labels, pos_label, average, warn_for, zero_division)
    return _reduce(values[index], average, values[3])


@formula
def precision_score(c, *, labels=None, pos_label=1, average="binary", zero_division="warn"):
    """Precision ``tp / (tp + fp)``; see :func:`metrics_sk.precision_score`."""
    return _prf_one(c, 0, ("precision",), labels=labels, pos_label=pos_label,
                    average=average, zero_division=zero_division)


@formula
def recall_score(c, *, labels=None, pos_label=1, average="binary", zero_division="warn"):
    """Recall ``tp / (tp + fn)``; see :func:`metrics_sk.recall_score`."""
    return _prf_one(c, 1, ("recall",), labels=labels, pos_label=pos_label,
                    average=average, zero_division=zero_division)


@formula
def fbeta_score(c, *, beta, labels=None, pos_label=1, average="binary", zero_division="warn"):
    """F-beta score; see :func:`metrics_sk.fbeta_score`."""
    return _prf_one(c, 2, ("f-score",), beta=beta, labels=labels, pos_label=pos_label,
                    average=average, zero_division=zero_division)


@formula
def f1_score(c, *, labels=None, pos_label=1, average="binary", zero_division="warn"):
    """F1 score; see :func:`metrics_sk.f1_score`."""
    return fbeta_score(c, beta=1.0, labels=labels, pos_label=pos_label, average=average,
                       zero_division=zero_division)


# -- matrix metrics ----------------------------------------------------------------------------
def _normalized(value, total, normalize):
    if not normalize:
        return _as_float(value)
    if np.ndim(total) == 0 and total == 0:
        raise ZeroDivisionError("Weights sum to zero, can't be normalized")
    with np.errstate(divide="ignore", invalid="ignore"):  # a batch: NaN where it is empty
        return _as_float(value / total)


@formula
def accuracy_score(c, *, normalize=True):
    """Fraction (or weight) of correct predictions; see :func:`metrics_sk.accuracy_score`."""
    diag, _, _, total = _block(c)
    return _normalized(diag.sum(-1), total, normalize)


@formula
def zero_one_loss(c, *, normalize=True):
    """Fraction (or weight) of wrong predictions; see :func:`metrics_sk.zero_one_loss`."""
    diag, _, _, total = _block(c)
    if normalize:
        return 1 - _normalized(diag.sum(-1), total, True)
    return _as_float(total - diag.sum(-1))


@formula
def hamming_loss(c):
    """Fraction of wrong labels; see :func:`metrics_sk.hamming_loss`."""
    diag, _, _, total = _block(c)
    return _normalized(total - diag.sum(-1), total, True)  # not 1 - accuracy: exact 1/3


@formula
def balanced_accuracy_score(c, *, adjusted=False):
    """Mean recall over the classes present in ``y_true``; see
    :func:`metrics_sk.balanced_accuracy_score`."""
    diag, rows, _, _ = _block(c)
    _warn_single_label(diag.shape[-1])
    # scikit-learn drops the 0/0 classes only: with negative weights a row can sum to 0
    # under a non-zero diagonal, and that class's recall is +-inf.
    present = (rows != 0) | (diag != 0)
    if not present.all():
        warnings.warn("y_pred contains classes not in y_true", stacklevel=2)
    if diag.ndim > 1:  # a batch of confusions
        n_present = present.sum(-1)
        with np.errstate(invalid="ignore", divide="ignore"):
            score = np.where(present, diag / rows, 0.0).sum(-1) / n_present
    else:
        with np.errstate(invalid="ignore", divide="ignore"):
            per_class = diag[present] / rows[present]
            score = per_class.mean() if per_class.size else np.float64(np.nan)
        n_present = per_class.shape[0]
    if adjusted:
        chance = 1 / n_present
        score = (score - chance) / (1 - chance)
    return _as_float(score)


@formula
def matthews_corrcoef(c):
    """Matthews correlation coefficient (Gorodkin's R_K); see :func:`metrics_sk.matthews_corrcoef`."""
    diag, t_sum, p_sum, n = (np.asarray(a, dtype=np.float64) for a in _block(c))
    _warn_single_label(diag.shape[-1])
    cov_ytyp = diag.sum(-1) * n - _dot(t_sum, p_sum)
    cov_ypyp = n**2 - _dot(p_sum, p_sum)
    cov_ytyt = n**2 - _dot(t_sum, t_sum)
    denominator = cov_ypyp * cov_ytyt
    zero = denominator == 0
    return _as_float(np.where(zero, 0.0, cov_ytyp / np.sqrt(np.where(zero, 1.0, denominator))))


def _cells_in(c, labels):
    """Non-zero cells ``(rows, cols, values)`` of the matrix over ``labels`` (positions in
    that order) and its size."""
    row, col, data = c._nonzero()
    if labels is None:
        return row, col, data, c.n_classes
    labels = check_labels_param(labels, label_kind(c.labels) if c.n_classes else None)
    where = np.full(c.n_classes + 1, -1, dtype=np.int64)
    idx = c._index(labels)
    where[idx[idx >= 0]] = np.flatnonzero(idx >= 0)
    r, col = where[row], where[col]
    keep = (r >= 0) & (col >= 0)
    return r[keep], col[keep], data[..., keep], labels.shape[0]


def _check_some_label_true(c, labels, message):
    """scikit-learn's check that ``labels`` shares a label with ``y_true``; it comes before
    the type check of ``labels``, so labels of another type fail here, as in scikit-learn."""
    if labels is not None:
        idx = c._index(check_labels_param(labels, None))
        if not (c.support[..., idx[idx >= 0]] > 0).any():
            raise ValueError(message)


def _warn_single_label(k):
    if k == 1:
        warnings.warn(
            "A single label was found in 'y_true' and 'y_pred'. For the confusion "
            "matrix to have the correct shape, use the 'labels' parameter to pass "
            "all known labels.", UserWarning, stacklevel=3)


def _pair_weight_sum(rows, cols, weights):
    """``sum_ij w(i, j) r_i c_j`` for kappa weights ``None | 'linear' | 'quadratic'`` in
    O(K): no K x K array."""
    idx = np.arange(rows.shape[-1], dtype=np.float64)
    n = rows.sum(-1)
    if weights is None:
        return n * cols.sum(-1) - _dot(rows, cols)
    if weights == "quadratic":
        shift = _dot(idx, rows) / np.where(n == 0, 1, n)  # 0 when there is nothing
        d = idx - shift[..., None]
        return (cols.sum(-1) * _dot(d * d, rows) + n * _dot(d * d, cols)
                - 2 * _dot(d, rows) * _dot(d, cols))
    c_cum = np.cumsum(cols, axis=-1)
    s_cum = np.cumsum(idx * cols, axis=-1)
    left = idx * c_cum - s_cum
    right = (s_cum[..., -1:] - s_cum) - idx * (c_cum[..., -1:] - c_cum)
    return _as_float(_dot(rows, left + right))


@formula
def cohen_kappa_score(c, *, labels=None, weights=None, replace_undefined_by=np.nan):
    """Cohen's kappa (unweighted, linear or quadratic), in O(K + non-zero cells); see
    :func:`metrics_sk.cohen_kappa_score`."""
    _check_some_label_true(
        c, labels, "At least one label in `labels` must be present in `y1` (even though "
        "`cohen_kappa_score` is otherwise agnostic to the order of `y1` and `y2`).")
    rows_i, cols_i, vals, k = _cells_in(c, labels)
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
    if weights is None:
        observed = vals[..., diff != 0].sum(-1)
    elif weights == "linear":
        observed = _dot(np.abs(diff), vals)
    else:
        observed = _dot(diff * diff, vals)
    with np.errstate(divide="ignore", invalid="ignore"):  # only a batch can have n == 0 here
        expected = _pair_weight_sum(row_sums, col_sums, weights) / n
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


@formula
def confusion_matrix(c, *, labels=None, normalize=None):
    """Dense confusion matrix over ``labels``; see :func:`metrics_sk.confusion_matrix`."""
    _check_some_label_true(c, labels, "At least one label specified must be in y_true")
    rows_i, cols_i, vals, k = _cells_in(c, labels)
    _warn_single_label(k)
    if k * k * 8 > _DENSE_LIMIT:
        raise ValueError(
            f"confusion_matrix would be a dense {k} x {k} array ({k * k * 8 / 2**30:.3g} "
            f"GiB) over {k} labels; use Confusion.from_predictions(...).matrix, a sparse "
            "matrix of the non-zero cells, or pass the labels you need with labels=.")
    cm = np.zeros((k, k), dtype=vals.dtype if vals.dtype.kind == "f" else np.int64)
    np.add.at(cm, (rows_i, cols_i), vals)
    with np.errstate(all="ignore"):
        if normalize == "true":
            cm = cm / cm.sum(axis=1, keepdims=True)
        elif normalize == "pred":
            cm = cm / cm.sum(axis=0, keepdims=True)
        elif normalize == "all":
            cm = cm / cm.sum()
        elif normalize is not None:
            raise ValueError(f"normalize must be one of 'true', 'pred', 'all' or None, "
                             f"got {normalize!r}.")
        cm = np.nan_to_num(cm)
    return cm


# -- oneDAL: specificity and binary "AUC" ------------------------------------------------------
def _one_vs_rest(c, labels, average, pos_label):
    labels = _set_wise_labels(c, average, labels, pos_label)
    tp, pred, true = _class_counts(c, labels)
    fp = pred - tp
    tn = np.asarray(c.total)[..., None] - true - fp
    if average == "micro":
        return tuple(a.sum(-1, keepdims=True) for a in (tp, fp, true, tn)), true
    return (tp, fp, true, tn), true


@formula
def specificity_score(c, *, labels=None, pos_label=1, average="binary", zero_division="warn"):
    """Specificity ``tn / (tn + fp)``; see :func:`metrics_sk.specificity_score`."""
    (tp, fp, true, tn), support = _one_vs_rest(c, labels, average, pos_label)
    spec = _divide(tn, tn + fp, zero_division, "Specificity is", "negative")
    return _reduce(spec, average if average != "binary" else "macro", support)


@formula
def balanced_auc_score(c, *, labels=None, pos_label=1, average="binary", zero_division="warn"):
    """oneDAL's binary "AUC", ``(TPR + TNR) / 2`` on hard labels; see
    :func:`metrics_sk.balanced_auc_score`."""
    (tp, fp, true, tn), support = _one_vs_rest(c, labels, average, pos_label)
    tpr = _divide(tp, true, zero_division, "Recall is", "true")
    tnr = _divide(tn, tn + fp, zero_division, "Specificity is", "negative")
    return _reduce((tpr + tnr) / 2, average if average != "binary" else "macro", support)


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
            return _as_float(np.exp(np.log(recall).mean(-1)))
    (tp, fp, true, tn), support = _one_vs_rest(c, labels, average, pos_label)
    sensitivity = _divide(tp, true, 0.0, "Sensitivity is", "true")
    specificity = _divide(tn, tn + fp, "warn", "Specificity is", "predicted")
    if average == "weighted":
        total = support.sum(-1)
        weights = np.where(total == 0, 1.0, support)  # no true sample: G-mean 0 below
        sensitivity = np.where(total == 0, 0.0, (sensitivity * weights).sum(-1) / weights.sum(-1))
        specificity = np.where(total == 0, 0.0, (specificity * weights).sum(-1) / weights.sum(-1))
    elif average is not None:
        sensitivity, specificity = sensitivity.mean(-1), specificity.mean(-1)
    return _as_float(np.sqrt(sensitivity * specificity)) if average is not None else np.sqrt(
        sensitivity * specificity)


# -- oneDAL: multi-class ------------------------------------------------------------------------
def _onedal_counts(c, labels):
    tp, pred, true = (a.astype(np.float64) for a in _class_counts(c, labels))
    return tp, pred, true, np.asarray(c.total, dtype=np.float64)[..., None]


def _mean(values):
    """oneDAL's plain mean over classes (a NaN class makes the mean NaN)."""
    return _as_float(values.sum(-1) / values.shape[-1])


@formula
def average_accuracy_score(c, *, labels=None, zero_division="warn"):
    """oneDAL's average accuracy; see :func:`metrics_sk.average_accuracy_score`."""
    tp, pred, true, n = _onedal_counts(c, labels)
    wrong = (pred - tp) + (true - tp)
    return _mean(_divide(n - wrong, np.full_like(tp, n), zero_division,
                         "Average accuracy is", "", warn=True))


@formula
def error_rate(c, *, labels=None, zero_division="warn"):
    """oneDAL's error rate; see :func:`metrics_sk.error_rate`."""
    tp, pred, true, n = _onedal_counts(c, labels)
    wrong = (pred - tp) + (true - tp)
    return _mean(_divide(wrong, np.full_like(tp, n), zero_division, "Error rate is", ""))


def _micro(c, labels, zero_division, warn_for=("precision", "recall")):
    tp, pred, true, _ = _onedal_counts(c, labels)
    micro_tp = tp.sum(-1, keepdims=True)
    p = _divide(micro_tp, pred.sum(-1, keepdims=True), zero_division, "Micro precision is",
                "predicted", warn="precision" in warn_for)
    r = _divide(micro_tp, true.sum(-1, keepdims=True), zero_division, "Micro recall is", "true",
                warn="recall" in warn_for)
    return p, r


def _macro(c, labels, zero_division, warn_for=("precision", "recall")):
    tp, pred, true, _ = _onedal_counts(c, labels)
    p = _divide(tp, pred, zero_division, "Macro precision is", "predicted",
                warn="precision" in warn_for)
    r = _divide(tp, true, zero_division, "Macro recall is", "true", warn="recall" in warn_for)
    return np.asarray(_mean(p))[..., None], np.asarray(_mean(r))[..., None]


@formula
def micro_precision_score(c, *, labels=None, zero_division="warn"):
    """oneDAL's micro precision; see :func:`metrics_sk.micro_precision_score`."""
    return _as_float(_micro(c, labels, zero_division, ("precision",))[0][..., 0])


@formula
def micro_recall_score(c, *, labels=None, zero_division="warn"):
    """oneDAL's micro recall; see :func:`metrics_sk.micro_recall_score`."""
    return _as_float(_micro(c, labels, zero_division, ("recall",))[1][..., 0])


@formula
def micro_fbeta_score(c, *, labels=None, beta=1.0, zero_division="warn"):
    """oneDAL's micro F-beta; see :func:`metrics_sk.micro_fbeta_score`."""
    p, r = _micro(c, labels, zero_division)
    return _as_float(_fbeta_from(p, r, beta, zero_division, "Micro F-score is")[..., 0])


@formula
def macro_precision_score(c, *, labels=None, zero_division="warn"):
    """oneDAL's macro precision; see :func:`metrics_sk.macro_precision_score`."""
    return _as_float(_macro(c, labels, zero_division, ("precision",))[0][..., 0])


@formula
def macro_recall_score(c, *, labels=None, zero_division="warn"):
    """oneDAL's macro recall; see :func:`metrics_sk.macro_recall_score`."""
    return _as_float(_macro(c, labels, zero_division, ("recall",))[1][..., 0])


@formula
def macro_fbeta_score(c, *, labels=None, beta=1.0, zero_division="warn"):
    """oneDAL's macro F-beta (of macro precision and macro recall); see
    :func:`metrics_sk.macro_fbeta_score`."""
    p, r = _macro(c, labels, zero_division)
    return _as_float(_fbeta_from(p, r, beta, zero_division, "Macro F-score is")[..., 0])


# -- oneDAL result blocks ------------------------------------------------------------------------
class _QualityMetrics:
    """Named quality metrics in oneDAL's order, with the confusion matrix."""

    _fields = ()

    def __init__(self, confusion_matrix, values):
        self.confusion_matrix = confusion_matrix
        for name, value in zip(self._fields, values):
            setattr(self, name, float(value))

    def as_dict(self):
        """The metrics as an ordered ``{name: value}`` dict (oneDAL's order)."""
        return {name: getattr(self, name) for name in self._fields}

    def as_array(self):
        """The metrics as a ``1 x n_metrics`` array, like oneDAL's result table."""
        return np.array([[getattr(self, name) for name in self._fields]])

    def __repr__(self):
        body = ", ".join(f"{k}={v:.6g}" for k, v in self.as_dict().items())
        return f"{type(self).__name__}({body})"


class BinaryQualityMetrics(_QualityMetrics):
    """oneDAL's binary quality metrics: accuracy, precision, recall, fscore, specificity,
    AUC, and the confusion matrix ``[[tp, fn], [fp, tn]]``.

    Examples
    --------
    >>> from metrics_sk import binary_quality_metrics
    >>> m = binary_quality_metrics([1, 1, -1, -1, 1], [1, -1, -1, 1, 1])
    >>> m.as_dict()["specificity"], m.as_array().shape
    (0.5, (1, 6))
    """

    _fields = ("accuracy", "precision", "recall", "fscore", "specificity", "auc")


class MulticlassQualityMetrics(_QualityMetrics):
    """oneDAL's multi-class quality metrics in oneDAL's order, and the confusion matrix.

    Examples
    --------
    >>> from metrics_sk import multiclass_quality_metrics
    >>> m = multiclass_quality_metrics([0, 1, 2, 3], [0, 1, 3, 2])
    >>> list(m.as_dict())[:3]
    ['average_accuracy', 'error_rate', 'micro_precision']
    """

    _fields = ("average_accuracy", "error_rate", "micro_precision", "micro_recall",
               "micro_fscore", "macro_precision", "macro_recall", "macro_fscore")


@formula
def binary_confusion_matrix(c, *, pos_label=1):
    """oneDAL's 2 x 2 matrix ``[[tp, fn], [fp, tn]]``; see :func:`metrics_sk.binary_confusion_matrix`."""
    if c.n_classes > 2:
        raise ValueError(
            f"binary_confusion_matrix needs binary targets; got {c.n_classes} labels "
            f"{c.labels[:10]!r}. Use confusion_matrix for multi-class targets."
        )
    labels = _set_wise_labels(c, "binary", None, pos_label)
    tp, pred, true = _class_counts(c, labels)
    tp, fp, fn = tp[0], pred[0] - tp[0], true[0] - tp[0]
    return np.array([[tp, fn], [fp, c.total - tp - fp - fn]])


@formula
def binary_quality_metrics(c, *, pos_label=1, beta=1.0, zero_division="warn"):
    """oneDAL's binary quality metrics; see :func:`metrics_sk.binary_quality_metrics`."""
    cm = binary_confusion_matrix(c, pos_label=pos_label)
    (tp, fn), (fp, tn) = cm.astype(np.float64)
    n = tp + fn + fp + tn
    accuracy = _divide([tp + tn], [n], zero_division, "Accuracy is", "")
    precision = _divide([tp], [tp + fp], zero_division, "Precision is", "predicted")
    recall = _divide([tp], [tp + fn], zero_division, "Recall is", "true")
    fscore = recall if beta == np.inf else _fbeta([tp], [tp + fn], [tp + fp], beta,
                                                     zero_division)
    specificity = _divide([tn], [fp + tn], zero_division, "Specificity is", "negative")
    auc = (recall + specificity) / 2
    values = [a[0] for a in (accuracy, precision, recall, fscore, specificity, auc)]
    return BinaryQualityMetrics(cm, values)


@formula
def multiclass_quality_metrics(c, *, labels=None, beta=1.0, zero_division="warn"):
    """oneDAL's multi-class quality metrics; see :func:`metrics_sk.multiclass_quality_metrics`."""
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
