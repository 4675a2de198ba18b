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
from ._validation import check_beta, check_labels_param, check_zero_division, label_kind

_AVERAGES = (None, "micro", "macro", "weighted", "samples")


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
    result = num / np.where(mask, 1.0, den)
    if mask.any():
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


def _batch_nanaverage(values, weights):
    """:func:`_nanaverage` over the last axis of a batch ``(R, K)``."""
    keep = ~np.isnan(values)
    kept = np.where(keep, values, 0.0)
    with np.errstate(invalid="ignore", divide="ignore"):
        plain = kept.sum(-1) / keep.sum(-1)
        if weights is None:
            return plain
        w = np.where(keep, np.asarray(weights, dtype=np.float64), 0.0)
        total = w.sum(-1)
        return np.where(total == 0, plain, (kept * w).sum(-1) / total)


def _nanaverage(values, weights=None):
    """Average ignoring NaN (scikit-learn's ``_nanaverage``)."""
    if values.ndim > 1:
        return _batch_nanaverage(values, weights)
    if values.shape[0] == 0:
        return np.nan
    keep = ~np.isnan(values)
    if not keep.any():
        return np.nan
    if weights is None:
        return float(np.mean(values[keep]))
    w = np.asarray(weights, dtype=np.float64)[keep]
    if w.sum() == 0:
        return float(np.mean(values[keep]))
    return float(np.average(values[keep], weights=w))


def _fbeta_from(precision, recall, beta, zero_division, metric):
    """F-beta of (arrays of) precision and recall; 0/0 follows ``zero_division``."""
    if np.isposinf(beta):
        return np.asarray(recall, dtype=np.float64)
    b2 = beta * beta
    return _divide((1 + b2) * precision * recall, b2 * precision + recall, zero_division,
                   metric, "true nor predicted")


# -- selecting classes -----------------------------------------------------------------
def _class_counts(c, labels):
    """One-vs-rest ``tp, predicted, support`` of ``labels`` (all classes if None); a
    label the confusion has never seen has all-zero counts."""
    if labels is None:
        if c.n_classes == 0:
            raise ValueError("The Confusion is empty: count samples with update() or pass "
                             "labels= before computing a metric.")
        return c.tp, c.predicted, c.support
    labels = check_labels_param(labels, label_kind(c.labels) if c.n_classes else None)
    idx = c._index(labels)
    seen = idx >= 0
    safe = np.where(seen, idx, 0)
    return tuple(np.where(seen, a[..., safe] if a.shape[-1] else 0, 0).astype(a.dtype)
                 for a in (c.tp, c.predicted, c.support))


def _block(c):
    """Diagonal, row sums, column sums and total of :attr:`Confusion.matrix` (the counts
    among ``labels``, without the samples of any other label)."""
    k = c.n_classes
    cells = c._cells
    if cells[[k], :].nnz == 0 and cells[:, [k]].nnz == 0:
        return c.tp, c.support, c.predicted, c.total
    m = c.matrix  # a CSR array: its sums over an axis are 1-D arrays
    rows = np.asarray(m.sum(axis=1))
    return m.diagonal(), rows, np.asarray(m.sum(axis=0)), rows.sum(-1)


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
            return [pos_label]
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
def precision_recall_fscore_support(c, *, beta=1.0, labels=None, pos_label=1, average=None,
                                    warn_for=("precision", "recall", "f-score"),
                                    zero_division="warn"):
    """Precision, recall, F-beta and support; see :func:`metrics_sk.precision_recall_fscore_support`."""
    zero_division = check_zero_division(zero_division)
    beta = check_beta(beta)
    labels = _set_wise_labels(c, average, labels, pos_label)
    tp, pred, true = _class_counts(c, labels)
    if average == "micro":
        tp, pred, true = (a.sum(-1, keepdims=True) for a in (tp, pred, true))

    def div(num, den, metric, modifier):
        return _divide(num, den, zero_division, f"{metric.capitalize()} is"
                       if metric != "f-score" else "F-score is", modifier,
                       warn=metric in warn_for)

    precision = div(tp, pred, "precision", "predicted")
    recall = div(tp, true, "recall", "true")
    if np.isposinf(beta):
        f_score = recall
    elif beta == 0:
        f_score = precision
    else:
        b2 = beta**2
        f_score = div((1 + b2) * tp.astype(np.float64), b2 * true.astype(np.float64) + pred,
                      "f-score", "true nor predicted")
    if average is None:
        if not np.any(c.tp):  # scikit-learn's supports are floats when nothing is right
            true = true.astype(np.float64)
        return precision, recall, f_score, true
    return (_reduce(precision, average, true), _reduce(recall, average, true),
            _reduce(f_score, average, true), None)


def _prf_one(c, index, warn_for, *, beta=1.0, labels=None, pos_label=1, average="binary",
             zero_division="warn"):
    result = precision_recall_fscore_support(
        c, beta=beta, labels=labels, pos_label=pos_label, average=average,
        warn_for=warn_for, zero_division=zero_division)
    return result[index]


def precision_score(c, *, labels=None, pos_label=1, average="binary", zero_division="warn"):
    """Precision ``tp / (tp + fp)``; see :func:`metrics_sk.precision_score`."""
    return _prf_one(c, 0, ("precision",), labels=labels, pos_label=pos_label,
                    average=average, zero_division=zero_division)


def recall_score(c, *, labels=None, pos_label=1, average="binary", zero_division="warn"):
    """Recall ``tp / (tp + fn)``; see :func:`metrics_sk.recall_score`."""
    return _prf_one(c, 1, ("recall",), labels=labels, pos_label=pos_label,
                    average=average, zero_division=zero_division)


def fbeta_score(c, *, beta, labels=None, pos_label=1, average="binary", zero_division="warn"):
    """F-beta score; see :func:`metrics_sk.fbeta_score`."""
    return _prf_one(c, 2, ("f-score",), beta=beta, labels=labels, pos_label=pos_label,
                    average=average, zero_division=zero_division)


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


def accuracy_score(c, *, normalize=True):
    """Fraction (or weight) of correct predictions; see :func:`metrics_sk.accuracy_score`."""
    diag, _, _, total = _block(c)
    return _normalized(diag.sum(-1), total, normalize)


def zero_one_loss(c, *, normalize=True):
    """Fraction (or weight) of wrong predictions; see :func:`metrics_sk.zero_one_loss`."""
    diag, _, _, total = _block(c)
    if normalize:
        return 1 - _normalized(diag.sum(-1), total, True)
    return _as_float(total - diag.sum(-1))


def hamming_loss(c):
    """Fraction of wrong labels; see :func:`metrics_sk.hamming_loss`."""
    diag, _, _, total = _block(c)
    return _normalized(total - diag.sum(-1), total, True)  # not 1 - accuracy: exact 1/3


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
    coo = c.matrix.tocoo()
    if labels is None:
        return coo.row, coo.col, coo.data, c.n_classes
    labels = check_labels_param(labels, label_kind(c.labels) if c.n_classes else None)
    where = np.full(c.n_classes + 1, -1, dtype=np.int64)
    idx = c._index(labels)
    where[idx[idx >= 0]] = np.flatnonzero(idx >= 0)
    r, col = where[coo.row], where[coo.col]
    keep = (r >= 0) & (col >= 0)
    return r[keep], col[keep], coo.data[..., keep], labels.shape[0]


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


def cohen_kappa_score(c, *, labels=None, weights=None, replace_undefined_by=np.nan):
    """Cohen's kappa (unweighted, linear or quadratic), in O(K + non-zero cells); see
    :func:`metrics_sk.cohen_kappa_score`."""
    if weights not in (None, "linear", "quadratic"):
        raise ValueError(f"weights must be None, 'linear' or 'quadratic', got {weights!r}.")
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


def confusion_matrix(c, *, labels=None, normalize=None):
    """Dense confusion matrix over ``labels``; see :func:`metrics_sk.confusion_matrix`."""
    _check_some_label_true(c, labels, "At least one label specified must be in y_true")
    rows_i, cols_i, vals, k = _cells_in(c, labels)
    _warn_single_label(k)
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


def specificity_score(c, *, labels=None, pos_label=1, average="binary", zero_division="warn"):
    """Specificity ``tn / (tn + fp)``; see :func:`metrics_sk.specificity_score`."""
    zero_division = check_zero_division(zero_division)
    (tp, fp, true, tn), support = _one_vs_rest(c, labels, average, pos_label)
    spec = _divide(tn, tn + fp, zero_division, "Specificity is", "negative")
    return _reduce(spec, average if average != "binary" else "macro", support)


def balanced_auc_score(c, *, labels=None, pos_label=1, average="binary", zero_division="warn"):
    """oneDAL's binary "AUC", ``(TPR + TNR) / 2`` on hard labels; see
    :func:`metrics_sk.balanced_auc_score`."""
    zero_division = check_zero_division(zero_division)
    (tp, fp, true, tn), support = _one_vs_rest(c, labels, average, pos_label)
    tpr = _divide(tp, true, zero_division, "Recall is", "true")
    tnr = _divide(tn, tn + fp, zero_division, "Specificity is", "negative")
    return _reduce((tpr + tnr) / 2, average if average != "binary" else "macro", support)


# -- oneDAL: multi-class ------------------------------------------------------------------------
def _onedal_counts(c, labels):
    tp, pred, true = (a.astype(np.float64) for a in _class_counts(c, labels))
    return tp, pred, true, np.asarray(c.total, dtype=np.float64)[..., None]


def _mean(values):
    """oneDAL's plain mean over classes (a NaN class makes the mean NaN)."""
    return _as_float(np.mean(values, axis=-1))


def average_accuracy_score(c, *, labels=None, zero_division="warn"):
    """oneDAL's average accuracy; see :func:`metrics_sk.average_accuracy_score`."""
    zero_division = check_zero_division(zero_division)
    tp, pred, true, n = _onedal_counts(c, labels)
    wrong = (pred - tp) + (true - tp)
    return _mean(_divide(n - wrong, np.full_like(tp, n), zero_division,
                         "Average accuracy is", "", warn=True))


def error_rate(c, *, labels=None, zero_division="warn"):
    """oneDAL's error rate; see :func:`metrics_sk.error_rate`."""
    zero_division = check_zero_division(zero_division)
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


def micro_precision_score(c, *, labels=None, zero_division="warn"):
    """oneDAL's micro precision; see :func:`metrics_sk.micro_precision_score`."""
    return _as_float(_micro(c, labels, check_zero_division(zero_division),
                            ("precision",))[0][..., 0])


def micro_recall_score(c, *, labels=None, zero_division="warn"):
    """oneDAL's micro recall; see :func:`metrics_sk.micro_recall_score`."""
    return _as_float(_micro(c, labels, check_zero_division(zero_division),
                            ("recall",))[1][..., 0])


def micro_fbeta_score(c, *, labels=None, beta=1.0, zero_division="warn"):
    """oneDAL's micro F-beta; see :func:`metrics_sk.micro_fbeta_score`."""
    zero_division, beta = check_zero_division(zero_division), check_beta(beta)
    p, r = _micro(c, labels, zero_division)
    return _as_float(_fbeta_from(p, r, beta, zero_division, "Micro F-score is")[..., 0])


def macro_precision_score(c, *, labels=None, zero_division="warn"):
    """oneDAL's macro precision; see :func:`metrics_sk.macro_precision_score`."""
    return _as_float(_macro(c, labels, check_zero_division(zero_division),
                            ("precision",))[0][..., 0])


def macro_recall_score(c, *, labels=None, zero_division="warn"):
    """oneDAL's macro recall; see :func:`metrics_sk.macro_recall_score`."""
    return _as_float(_macro(c, labels, check_zero_division(zero_division),
                            ("recall",))[1][..., 0])


def macro_fbeta_score(c, *, labels=None, beta=1.0, zero_division="warn"):
    """oneDAL's macro F-beta (of macro precision and macro recall); see
    :func:`metrics_sk.macro_fbeta_score`."""
    zero_division, beta = check_zero_division(zero_division), check_beta(beta)
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


def binary_quality_metrics(c, *, pos_label=1, beta=1.0, zero_division="warn"):
    """oneDAL's binary quality metrics; see :func:`metrics_sk.binary_quality_metrics`."""
    zero_division = check_zero_division(zero_division)
    beta = check_beta(beta)
    cm = binary_confusion_matrix(c, pos_label=pos_label)
    (tp, fn), (fp, tn) = cm.astype(np.float64)
    n = tp + fn + fp + tn
    accuracy = _divide([tp + tn], [n], zero_division, "Accuracy is", "")
    precision = _divide([tp], [tp + fp], zero_division, "Precision is", "predicted")
    recall = _divide([tp], [tp + fn], zero_division, "Recall is", "true")
    b2 = beta * beta
    fscore = (recall if np.isposinf(beta) else
              _divide([(b2 + 1) * tp], [(b2 + 1) * tp + b2 * fn + fp], zero_division,
                      "F-score is", "true nor predicted"))
    specificity = _divide([tn], [fp + tn], zero_division, "Specificity is", "negative")
    auc = (recall + specificity) / 2
    values = [a[0] for a in (accuracy, precision, recall, fscore, specificity, auc)]
    return BinaryQualityMetrics(cm, values)


def multiclass_quality_metrics(c, *, labels=None, beta=1.0, zero_division="warn"):
    """oneDAL's multi-class quality metrics; see :func:`metrics_sk.multiclass_quality_metrics`."""
    zero_division = check_zero_division(zero_division)
    beta = check_beta(beta)
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
