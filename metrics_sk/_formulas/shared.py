"""Shared pieces of the formulas: the registry of formulas, division, warnings, averaging,
the choice of classes.

Part of ``metrics_sk._formulas`` (see its docstring).
"""

import warnings

import numpy as np
import scipy.sparse as sp

from .._sklearn_compat import UndefinedMetricWarning
from .._validation import check_labels_param, label_kind


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
def _warn_ill_defined(metric, modifier, result_size, samples=False):
    """scikit-learn's warning text for a 0/0 metric (``_warn_prf``); ``samples``: the
    values are per sample (``average="samples"``), not per label."""
    axis, other = ("label", "sample") if samples else ("sample", "label")
    where = "due to" if result_size == 1 else f"in {other}s with"
    warnings.warn(
        f"{metric} ill-defined and being set to 0.0 {where} no {modifier} {axis}s. "
        "Use `zero_division` parameter to control this behavior.",
        UndefinedMetricWarning,
        stacklevel=3,
    )


def _divide(numerator, denominator, zero_division, metric, modifier, warn=True, samples=0):
    """Element-wise ``numerator / denominator``; where the denominator is 0 the result is
    ``zero_division`` (0.0 for ``"warn"``, with an UndefinedMetricWarning). ``samples``:
    the values are per sample (of a multilabel target's ``sample_sums``), of that many
    samples (the warning's wording)."""
    den = np.asarray(denominator)
    if np.count_nonzero(den) == den.size:  # no 0/0 (the usual case, without a mask)
        return np.true_divide(numerator, den, dtype=np.float64)  # (counts cast once)
    num = np.asarray(numerator, dtype=np.float64)
    den = den.astype(np.float64)
    mask = den == 0
    result = num / np.where(mask, 1.0, den)
    result[mask] = 0.0 if zero_division == "warn" else float(zero_division)
    if zero_division == "warn" and warn:
        _warn_ill_defined(metric, modifier, samples or result.shape[-1], bool(samples))
    return result


def as_float(value):
    """A float for one confusion; a float array over the replicates of a batch."""
    return float(value) if np.ndim(value) == 0 else np.asarray(value, dtype=np.float64)


def _dot(a, b):
    """``np.dot`` over the class axis (the last one), for one confusion or a batch."""
    if np.ndim(a) <= 1 and np.ndim(b) <= 1:
        return np.dot(a, b)
    return on_rows(lambda a, b: np.einsum("...k,...k->...", a, b), a, b,
                   axes=np.ndim(a) - 1)


def on_rows(func, *arrays, axes=None):
    """``func(*arrays)``, element-wise along the first ``axes`` axes (default: every
    axis of the first array), the batch's confusions: computed on one row when every
    array repeats one row along them (broadcast, stride 0: a threshold batch's supports
    and total, see floats()) and broadcast back (read-only); else as is."""
    arrays = [np.asarray(a) for a in arrays]
    axes = arrays[0].ndim if axes is None else axes
    if axes <= 0 or not all(a.ndim >= axes and not any(a.strides[:axes]) for a in arrays):
        return func(*arrays)
    shapes = {a.shape[:axes] for a in arrays}
    shape = shapes.pop() if len(shapes) == 1 else np.broadcast_shapes(*shapes)
    return np.broadcast_to(func(*(distinct_rows(a, axes) for a in arrays)), shape)


def distinct_rows(a, axes=None):
    """``a`` cut to one row along each of its first ``axes`` axes (default: all) that
    repeats one row (stride 0: broadcast): the same values, each once."""
    a = np.asarray(a)
    axes = a.ndim if axes is None else axes
    return a[tuple(slice(None, 1) if a.strides[i] == 0 else slice(None)
                   for i in range(axes))]


def floats(a):
    """``a`` (margins, counts) as float64: no copy of a float64 array, and a margin
    broadcast along the batch axis (the supports of a threshold batch,
    ``metrics_sk/_batch.py``) converted as its one row and broadcast again."""
    a = np.asarray(a)
    if a.dtype == np.float64:
        return a
    if a.ndim and 0 in a.strides and a.size > 1:
        return np.broadcast_to(distinct_rows(a).astype(np.float64), a.shape)
    return a.astype(np.float64)


def class_total(a):
    """Sum over the class axis (the last one) in float64, for one confusion or a batch:
    ``floats(a).sum(-1)``; two classes (a threshold batch) by one addition of the two
    columns, converted as they are read (no float copy of ``a``)."""
    if np.ndim(a) > 1 and a.shape[-1] == 2:
        total = a[..., 0].astype(np.float64)
        total += a[..., 1]  # (converted as it is added)
        return total
    return floats(a).sum(-1)


def class_sums(index, values, k):
    """Sum ``values`` (last axis: cells) into ``k`` classes by ``index`` (a batched bincount)."""
    if np.ndim(values) == 1:
        return np.bincount(index, weights=values, minlength=k)
    m = index.shape[0]
    if m <= _FEW_CELLS:  # (a threshold batch: 4 cells, a million rows) one column at a time
        # cells stored column by column (a threshold batch's) give sums stored so too:
        # every column added is then contiguous, and so are the formulas' passes over them
        out = np.zeros(values.shape[:-1] + (k,),
                       order="F" if values.flags.f_contiguous else "C")
        for cell in range(m):
            out[..., index[cell]] += values[..., cell]
        return out
    return values @ sp.csr_array((np.ones(m), (np.arange(m), index)), shape=(m, k))


#: Up to this many cells :func:`class_sums` adds the columns one by one (the same sums, in
#: the same order, as the sparse product; without its per-call costs, which dominate for a
#: long batch of few cells).
_FEW_CELLS = 16


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
            return as_float(values.sum(-1) / k)
        w = np.asarray(weights, dtype=np.float64)
        total = w.sum(-1)
        if np.all(total != 0):
            return as_float((values * w).sum(-1) / total)
    kept = np.where(keep, values, 0.0)
    with np.errstate(invalid="ignore", divide="ignore"):
        average = kept.sum(-1) / keep.sum(-1)
        if weights is not None:
            w = np.where(keep, np.asarray(weights, dtype=np.float64), 0.0)
            total = w.sum(-1)
            average = np.where(total == 0, average, (kept * w).sum(-1) / total)
    return as_float(average)


def _fbeta(tp, true, pred, beta, zero_division, metric="F-score is", warn=True, samples=0):
    """F-beta from the counts, :math:`(1 + \\beta^2) tp / (\\beta^2 (tp + fn) + tp + fp)`
    (0/0 follows ``zero_division``); recall for an infinite beta, precision for 0."""
    if beta == np.inf:
        return _divide(tp, true, zero_division, metric, "true", warn=warn, samples=samples)
    if beta == 0:
        return _divide(tp, pred, zero_division, metric, "predicted", warn=warn,
                       samples=samples)
    b2 = beta * beta
    return _divide(np.multiply(tp, 1 + b2, dtype=np.float64),
                   np.add(np.multiply(true, b2, dtype=np.float64), pred), zero_division,
                   metric, "true nor predicted", warn=warn, samples=samples)


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


def class_counts(c, labels):
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
    tp, support, predicted, _ = whole_margins(c)  # (a label counted but not reported, too)
    return tuple(np.where(seen, a[..., safe] if a.shape[-1] else 0, 0).astype(a.dtype)
                 for a in (tp, predicted, support))


def whole_margins(c, repeated=False):
    """Diagonal, row sums, column sums and total over every label counted: the whole
    table of the samples, whatever labels the confusion reports (``labels=`` never
    removes samples; see ``metrics_sk/_confusion.py``). ``repeated``: a batch's margins
    that are the same in every confusion may come as one row broadcast along the batch
    (``ConfusionBatch.whole_margins``), for a formula that reads them through
    :func:`floats`, :func:`on_rows`, :func:`_dot` and :func:`class_total` only."""
    if repeated and c.is_batch and not c.is_multilabel:
        return c.whole_margins(repeated=True)
    return c.whole_margins()


def exact_matches(c):
    """Count (weight) of the samples predicted right as a whole: the diagonal's sum of a
    single-label confusion; a multilabel one (``metrics_sk/_multilabel.py``) counts the
    samples with every label right."""
    if c.is_multilabel:
        return c.exact_matches
    return whole_margins(c)[0].sum(-1)


def label_errors(c):
    """``(wrong, slots)``: the count (weight) of wrong labels and of labels predicted. A
    single-label sample has one label; a multilabel sample one per column, each wrong as
    a false positive or a false negative of its column: ``|t| + |p| - 2 |t & p|`` per
    sample, summed over the samples' histogram (``sample_sums``; from the margins,
    ``support + predicted - 2 tp`` cancels a small weight next to a large one)."""
    tp, support, predicted, total = whole_margins(c)
    if c.is_multilabel:
        a, t, p, _, weights = c.sample_sums()
        return (weights * (t + p - 2 * a)).sum(-1), total * tp.shape[-1]
    return total - tp.sum(-1), total


def sample_counts(c, labels=None):
    """``(tp, pred, true, weights, n_samples)`` per distinct sample of a multilabel
    confusion (``average="samples"``): ``|t & p|``, ``|p|``, ``|t|`` and the weights
    (counts) of the samples that have them. They are sums over every column counted:
    ``labels`` (checked) must be all of them, in order (the drop-ins count the columns
    of ``labels=`` only: ``metrics_sk/_dropins.py``)."""
    if labels is not None and not np.array_equal(c.label_positions(labels), c.labels):
        raise ValueError("average='samples' over some of the labels needs the samples, "
                         "which a confusion does not keep: pass labels= to the function "
                         "of y_true and y_pred.")
    a, t, p, _, weights = c.sample_sums()
    return a, p, t, weights, c.n_samples


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
        _, support, predicted, _ = whole_margins(c)
        chosen = (support[..., :fixed] != 0) | (predicted[..., :fixed] != 0)
        has[:fixed] = chosen.any(0) if chosen.ndim > 1 else chosen
    return labels, has


def set_wise_labels(c, average, labels, pos_label, options=_AVERAGES):
    """scikit-learn's ``_check_set_wise_labels`` on a confusion: the target is binary when
    the data has at most two labels, whatever ``labels=`` chose (``average`` is checked at
    the boundary: ``metrics_sk._params``; ``options`` are the averages named in its
    error)."""
    counted, has = _data_labels(c)
    present = counted[has]
    y_type = "binary" if present.shape[0] <= 2 else "multiclass"
    if c.is_multilabel:
        y_type = "multilabel-indicator"
    if average == "binary":
        if y_type == "binary":
            where = label_position(c, pos_label)
            if present.shape[0] >= 2 and (where < 0 or not has[where]):
                raise ValueError(
                    f"pos_label={pos_label} is not a valid label. It "
                    f"should be one of {present}"
                )
            return _PosLabel([pos_label])
        opts = list(options)
        if y_type == "multiclass" or "samples" not in opts:
            opts = [o for o in opts if o != "samples"]
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
    if average == "samples" and not c.is_multilabel:
        raise ValueError(
            "Samplewise metrics are not available outside of multilabel classification."
        )
    return labels


def label_position(c, label):
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


def reduce_average(values, average, support, present=None):
    """``average`` of per-class ``values`` (None: the values), over the labels each
    confusion has (``present``)."""
    if present is not None:
        values = np.where(present, values, np.nan)
    if average is None:
        return values
    return _nanaverage(values, support if average in ("weighted", "samples") else None)


def _class_mean(values, present=None):
    """oneDAL's plain mean over classes (a NaN class makes the mean NaN), keeping the
    class axis (of length 1); over the labels each confusion of a batch has (``present``)."""
    if present is None:
        return values.sum(-1, keepdims=True) / values.shape[-1]
    return (np.where(present, values, 0.0).sum(-1) / present.sum(-1))[..., None]


def _mean(values, present=None):
    """oneDAL's plain mean over classes: a float (an array over a batch)."""
    return as_float(_class_mean(values, present)[..., 0])
