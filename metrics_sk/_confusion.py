"""The one sparse confusion-matrix builder.

Every count-based metric in metrics_sk is a function of a :class:`Confusion`. Label
encoding, sample weights and the sparse/dense choice live here and nowhere else.

Storage: a CSR matrix of shape ``(L + 1, L + 1)`` (rows = actual, columns = predicted)
over every label ``L`` counted, plus one trailing *other* slot, always empty once counted
(the encoders put a label outside a given list there; the builder then counts the batch
over its own labels). ``labels=`` chooses the labels *reported* and their order: they
come first, the other labels met in the data follow (sorted). It never removes samples:
:attr:`~Confusion.labels`, ``tp``, ``fp``, ``fn``, ``support``, ``predicted`` and
:attr:`~Confusion.matrix` are over the reported labels (one-vs-rest counts over all the
samples, as scikit-learn's ``precision_recall_fscore_support(labels=...)``), while
``total`` and the whole-table metrics (accuracy, zero-one and Hamming loss, MCC, kappa
without ``labels``) are over every label counted, as scikit-learn computes them on the
same samples.
"""

import functools
import inspect
from itertools import repeat

import numpy as np
import scipy.sparse as sp

from . import _counts, _dask
from ._params import Checker, constraints_for
from ._sklearn_compat import _check_targets
from ._validation import (
    KIND_NAMES,
    check_labels_param,
    check_numeric_labels,
    check_python_labels,
    check_same_length,
    check_sample_weight,
    declared_order,
    is_dask_collection,
    label_array,
    label_kind,
    plain_integer_labels,
    refuse_masked,
)

# A dense bincount over the cells is used while it needs at most this many cells (or no
# more cells than samples); beyond, non-zero cells are found by sorting the cell keys.
_DENSE_CELLS = 1 << 22
_DENSE_STORE = 1 << 16  # a Confusion keeps its cells dense up to this many
_GROUP_MATRIX_CELLS = 1 << 12  # groups' K x K results in batches up to this size (K = 64)
_DENSE_KEYS = 1 << 16  # compact() counts keys of a range this wide (or 4 n) densely
_INT64, _UINT64 = np.dtype(np.int64), np.dtype(np.uint64)
_DENSE_SIDE = np.uint64(1 << 11)  # labels 0 .. 2047 of small arrays always fit a dense grid
_SMALL = 1 << 13  # up to this many samples, the range of the labels is found in one array
_CHUNK = 1 << 16  # samples per chunk of pair keys: 512 KiB of int64, cache-sized
_reduce_max = np.maximum.reduce  # (np.max without its dispatch: small arrays)


def _bincount(keys, weights, size):
    return np.bincount(keys, weights=weights, minlength=size)


def _sparse(dense):
    """The storage of a counted grid: kept dense while small (see ``_DENSE_STORE``)."""
    return dense if dense.size <= _DENSE_STORE else sp.csr_array(dense)


def _cells(true_codes, pred_codes, size, weights):
    """Sum ``weights`` (or count) per (true, pred) cell of a ``size`` x ``size`` grid;
    codes are integers in ``[0, size)``. Memory is O(n + non-zero cells)."""
    n = true_codes.shape[0]
    keys = np.multiply(true_codes, size, dtype=np.int64)
    keys += pred_codes
    if size * size <= max(_DENSE_CELLS, n):
        return _sparse(_bincount(keys, weights, size * size).reshape(size, size))
    if weights is None:
        keys.sort()
        starts = np.flatnonzero(np.concatenate(([True], keys[1:] != keys[:-1])))
        values = np.diff(np.append(starts, n))
        cells = keys[starts]
    else:
        cells, inverse = np.unique(keys, return_inverse=True)
        values = np.bincount(inverse, weights=weights)
    rows, cols = np.divmod(cells, size)
    indptr = np.concatenate(([0], np.cumsum(np.bincount(rows, minlength=size))))
    return sp.csr_array((values, cols, indptr), shape=(size, size))


def _other_used(cells, k):
    """Whether the other slot (row and column ``k``) of ``cells`` holds a count."""
    if sp.issparse(cells):
        return bool(cells[[k], :].nnz or cells[:, [k]].nnz)
    return bool(np.count_nonzero(cells[k]) or np.count_nonzero(cells[:, k]))


def _reduce_grid(grid, mapping, size):
    """Fold a dense R x R grid into ``size`` x ``size`` cells through ``mapping`` (R -> size);
    memory O(R**2 + non-zero cells), also for a large fixed label set."""
    rows, cols = np.nonzero(grid)
    cells = _cells(mapping[rows], mapping[cols], size, grid[rows, cols].astype(np.float64))
    return cells.astype(grid.dtype, copy=False)


def _pair_keys(t, p, lo, stride, out):
    """``(t - lo) * stride + (p - lo)`` into ``out`` (int64): the cell of each value pair.
    Each step wraps around in int64 at worst, and the result, below ``stride**2``, is exact."""
    if not lo:  # labels from 0: two passes
        np.multiply(t, stride, out=out)
        out += p
        return out
    np.subtract(t, lo, out=out)
    out *= stride
    out += p
    out -= lo
    return out


def _pair_grid(t, p, lo, span, weights):
    """Dense grid of the (true, pred) value pairs over the values ``lo .. lo + span - 1``,
    with an empty trailing row and column (the other slot): weight sums, and counts (the
    same array without weights), of shape ``(span + 1, span + 1)``. The pair keys are made
    and counted chunk by chunk, so they stay in the CPU cache instead of making a round
    trip through memory."""
    stride, n = span + 1, t.shape[0]
    size = stride * stride
    step = max(_CHUNK, 4 * size)  # the per-chunk grid addition stays a small cost
    if n <= step:  # one chunk
        if lo:
            keys = _pair_keys(t, p, lo, stride, np.empty(n, dtype=np.int64))
        else:  # labels from 0 (int64 codes): two passes, no buffer
            keys = t * stride
            keys += p
        counts = _bincount(keys, None, size).reshape(stride, stride)
        grid = counts if weights is None else _bincount(keys, weights, size).reshape(
            stride, stride)
        return grid, counts
    grid = np.zeros(size, dtype=np.int64 if weights is None else np.float64)
    counts = grid if weights is None else np.zeros(size, dtype=np.int64)
    buffer = np.empty(step, dtype=np.int64)
    for start in range(0, n, step):
        stop = min(start + step, n)
        keys = _pair_keys(t[start:stop], p[start:stop], lo, stride, buffer[:stop - start])
        if weights is not None:
            grid += _bincount(keys, weights[start:stop], size)
        counts += _bincount(keys, None, size)
    return grid.reshape(stride, stride), counts.reshape(stride, stride)


def _value_mapping(labels, lo, span, present):
    """Class index of each value ``lo .. lo + span - 1`` (``K``, the other slot, for a
    value outside ``labels``) and the label values."""
    if labels is None:
        values = np.flatnonzero(present) + lo
        return values, np.maximum(np.cumsum(present) - 1, 0)  # absent values never occur
    k = labels.size
    mapping = np.full(span, k, dtype=np.int64)
    inside = (labels >= lo) & (labels < lo + span)
    mapping[labels[inside].astype(np.int64) - lo] = np.flatnonzero(inside)
    return labels, mapping


def _label_values(values, dtype):
    """The integer label ``values`` in the inputs' common ``dtype``, or kept ``int64``
    where that dtype would round some of them (``uint64`` met with signed integers, floats
    beyond 2**53): labels stay exact and distinct, as their counts are."""
    cast = values.astype(dtype)
    if cast.dtype.kind == "f" and values.size and float(np.abs(values).max()) > 2**24:
        with np.errstate(invalid="ignore"):  # a float of 2**63 has no int64
            if not np.array_equal(cast.astype(np.int64), values):
                return values.astype(np.int64)
    return cast


def _count_numeric(t, p, labels, weights):
    """Integer-valued labels, in tiers by the value range ``span``:

    * the fixed ``labels`` are a sorted run ``a, a + 1, ...`` holding every value: the
      code of a value is ``value - a`` (a streaming :meth:`Confusion.update`);
    * ``span**2`` cells fit a dense grid: one bincount over (true, pred) value pairs, no
      sorting, no encoding;
    * ``span`` is O(n): a bincount per array finds the labels, a lookup table encodes
      them, and :func:`_cells` counts the non-zero cells;
    * wider (sparse ids such as 10**12): ``np.unique`` encodes them.
    """
    out_dtype = t.dtype if t.dtype == p.dtype else np.result_type(t.dtype, p.dtype)
    n = t.shape[0]
    if t.dtype != _INT64 or p.dtype != _INT64:
        if np.uint64 in (t.dtype, p.dtype) and max(int(t.max()), int(p.max())) >= 2**63:
            raise ValueError("labels above 2**63 - 1 are not supported.")
        # One dtype for the codes, whatever the label dtype: booleans are values, never
        # masks, and small integer types never overflow when shifted or multiplied.
        t, p = t.astype(np.int64, copy=False), p.astype(np.int64, copy=False)
    seen = None  # how often each value 0 .. hi occurs in t and p, when at hand
    both = np.concatenate((t, p)) if n <= _SMALL else None
    if both is not None and _reduce_max(both.view(_UINT64)) < _DENSE_SIDE:
        # small arrays of small labels (one test: a negative label is a huge uint64),
        # where the fixed cost of a reduction dominates: one bincount finds the range
        seen = np.bincount(both)
        hi = seen.shape[0] - 1
        low = 0  # a lower bound of the smallest label: exact unless labels= start above
        if labels is not None and labels.shape[0] and labels[0] > 0:
            low = int(np.argmax(seen != 0))
    elif both is not None:
        hi, low = int(both.max()), 0 if out_dtype.kind in "bu" else int(both.min())
    else:
        hi = max(int(t.max()), int(p.max()))
        low = 0 if out_dtype.kind in "bu" else min(int(t.min()), int(p.min()))
    lo = min(low, 0)  # a non-negative range starts at 0: no shift
    span = hi - lo + 1
    if labels is not None and labels.dtype.kind in "iu" and _is_run(labels) and (
            labels[0] <= low and hi <= labels[-1]):
        first = int(labels[0])
        t_codes, p_codes = (t - first, p - first) if first else (t, p)
        return labels, _cells(t_codes, p_codes, labels.shape[0] + 1, weights)
    if span * span <= max(_DENSE_CELLS, n):
        grid, counts = _pair_grid(t, p, lo, span, weights)
        if labels is None:
            if seen is not None and np.count_nonzero(seen) == span:  # every value occurs
                return np.arange(span, dtype=out_dtype), _sparse(grid)
            present = np.append(seen != 0, False) if seen is not None else (
                counts.any(axis=1) | counts.any(axis=0))
            values = _label_values(np.flatnonzero(present) + lo, out_dtype)
            if values.shape[0] == span:
                return values, _sparse(grid)
            present[-1] = True  # keep the (empty) other slot
            return values, _sparse(grid[np.ix_(present, present)])
        _, mapping = _value_mapping(labels, lo, span, None)
        return labels, _reduce_grid(grid[:span, :span], mapping, labels.size + 1)
    if span <= max(4 * n, _DENSE_CELLS):
        t0, p0 = (t - lo, p - lo) if lo else (t, p)
        present = None
        if labels is None:
            present = (_bincount(t0, None, span) > 0) | (_bincount(p0, None, span) > 0)
        values, mapping = _value_mapping(labels, lo, span, present)
        if labels is None and present.all():
            t_codes, p_codes = t0, p0
        else:
            t_codes, p_codes = mapping[t0], mapping[p0]
        if labels is None:
            values = _label_values(values, out_dtype)
        return values, _cells(t_codes, p_codes, values.size + 1, weights)
    both = np.concatenate((t, p))
    if labels is None:
        values, inverse = np.unique(both, return_inverse=True)
        values = _label_values(values, out_dtype)
        k = values.size
    else:
        values, k = labels, labels.size
        inverse = _fixed_codes(labels, both)
    return values, _cells(inverse[:n], inverse[n:], k + 1, weights)


def _fixed_codes(labels, values):
    """The position of each of the numeric ``values`` among the fixed ``labels`` (any
    order), ``len(labels)`` (the other slot) for a value that is not a label."""
    k = labels.size
    order = np.argsort(labels)
    sorted_labels = labels[order]
    pos = np.minimum(np.searchsorted(sorted_labels, values), k - 1)
    return np.where(sorted_labels[pos] == values, order[pos], k)


def _reported_first(labels, values):
    """``(full, where)``: the chosen ``labels`` followed by the other ``values`` (the
    labels counted, in their order) and the position in ``full`` of each of ``values``."""
    where = positions(labels, values)
    extra = where < 0
    if not extra.any():
        return labels, where
    where[extra] = labels.shape[0] + np.arange(np.count_nonzero(extra))
    return np.concatenate((labels, values[extra])), where


def _with_reported(labels, values, cells):
    """``(full, cells)`` of ``cells`` counted over ``values`` (with the other slot),
    moved to the label order of :func:`_reported_first`: no sample is dropped."""
    full, where = _reported_first(labels, values)
    size = full.shape[0] + 1
    if size == values.shape[0] + 1 and np.array_equal(where, np.arange(where.shape[0])):
        return full, cells
    where = np.append(where, size - 1)
    if not sp.issparse(cells) and size * size <= _DENSE_STORE:
        out = np.zeros((size, size), dtype=cells.dtype)
        out[np.ix_(where, where)] = cells  # distinct positions
        return full, out
    coo = sp.coo_array(cells)
    return full, sp.csr_array((coo.data, (where[coo.row], where[coo.col])), shape=(size, size))


def _count_python(t, p, labels, weights):
    """String or object labels: a dict encodes them in one pass over each array."""
    t_list, p_list = t.tolist(), p.tolist()
    t_set, p_set = set(t_list), set(p_list)
    if labels is None:
        try:
            ordered = sorted(t_set | p_set)
        except TypeError as exc:
            raise TypeError(f"labels of y_true and y_pred cannot be sorted: {exc}") from exc
        dtype = object if "O" in (t.dtype.kind, p.dtype.kind) else np.result_type(t.dtype, p.dtype)
        values = np.array(ordered, dtype=dtype)
    else:
        values, ordered = labels, labels.tolist()
    k = len(ordered)
    index = dict(zip(ordered, range(k)))
    n = len(t_list)
    t_codes = np.fromiter(map(index.get, t_list, repeat(k)), dtype=np.int64, count=n)
    p_codes = np.fromiter(map(index.get, p_list, repeat(k)), dtype=np.int64, count=n)
    return values, _cells(t_codes, p_codes, k + 1, weights)


def positions(haystack, wanted):
    """Positions of ``wanted`` labels in the label array ``haystack``; -1 where absent."""
    wanted = np.asarray(wanted)
    k = haystack.shape[0]
    if k and wanted.dtype.kind in "biuf" and haystack.dtype.kind in "biuf":
        order = np.argsort(haystack, kind="stable")
        ordered = haystack[order]
        pos = np.minimum(np.searchsorted(ordered, wanted), k - 1)
        return np.where(ordered[pos] == wanted, order[pos], -1)
    index = {v: i for i, v in enumerate(haystack.tolist())}
    return np.fromiter((index.get(v, -1) for v in wanted.tolist()), dtype=np.int64,
                       count=wanted.shape[0])


def _kind(arr, name):
    """The label kind of the unchecked array ``arr`` (:func:`label_kind`), an object
    array's after checking its distinct values."""
    kind = label_kind(arr)
    if arr.dtype.kind == "O":  # object array: look at the distinct values
        values = arr.tolist()
        try:
            values = set(values)
        except TypeError:  # unhashable: a signalling Decimal NaN, or sequences
            pass
        if isinstance(values, list) and any(isinstance(v, (list, tuple, np.ndarray))
                                            for v in values):  # legacy multilabel
            raise ValueError(
                f"{name} holds sequences, not labels: sequences of sequences (the legacy "
                "multi-label format) are not supported; pass a 1-D array of labels, or a "
                "binary indicator array for multilabel targets.") from None
        kind = check_python_labels(values, name)
    return kind


def _count_partition(t, p, w, labels, allow_negative_weights, allow_column):
    """The confusion of one partition (None when the partition is empty)."""
    if len(t) == 0 and len(p) == 0:
        return None
    values, cells = count(t, p, labels=labels, sample_weight=w,
                          allow_negative_weights=allow_negative_weights,
                          allow_column=allow_column)
    return Confusion._of(values, cells, fixed=_chosen(labels), weighted=w is not None,
                         counted=w is None)


def _count_dask(y_true, y_pred, *, labels, sample_weight, allow_negative_weights,
                allow_column):
    """``(labels, cells)`` of Dask inputs: one task per partition counts it (its labels
    found there), a tree of merges on the workers sums them (``metrics_sk._dask``)."""
    import dask

    check_labels_param(labels, None)  # its kind is checked against the data per partition
    parts = _dask.partitions((("y_true", y_true), ("y_pred", y_pred),
                              ("sample_weight", sample_weight)), allow_column=allow_column)
    count_one = dask.delayed(_count_partition, pure=False)  # fresh keys on every call
    merged = _dask.reduce_partitions(
        [count_one(t, p, w, labels, allow_negative_weights, allow_column) for t, p, w in parts])
    if merged is None:
        raise ValueError("Found empty input array (e.g., `y_true` or `y_pred`) while a "
                         "minimum of 1 sample is required.")
    return merged._labels, merged._cells


def _validated(arrays, names, labels, allow_column=False, sample_weight=None,
               allow_negative_weights=False):
    """The one check of label arrays that share one label space (the builder's and the
    encoder's): 1-D, one length (``sample_weight``'s too), one kind (numbers or strings),
    integer-valued. Returns ``(arrays, kind, labels, weights, dtype)``: numeric arrays
    come back as integer arrays (floats converted), ``labels`` is the checked ``labels=``
    (or None), ``weights`` the checked ``sample_weight`` and ``dtype`` the common dtype of
    the arrays before any conversion. Two arrays are a ``(y_true, y_pred)`` pair: where
    scikit-learn has a more specific error for them (continuous targets), it is raised."""
    arrs = [label_array(a, name, allow_column=allow_column) for a, name in zip(arrays, names)]
    check_same_length(*zip(names, arrs), ("sample_weight", sample_weight))
    weights = check_sample_weight(sample_weight, arrs[0].shape[0],
                                  allow_negative=allow_negative_weights)
    kinds = [_kind(a, name) for a, name in zip(arrs, names)]
    if len(set(kinds)) > 1:
        held = [f"{name} holds {KIND_NAMES[k]}" for name, k in zip(names, kinds)]
        mix = ValueError("Mix of label input types (string and number): "
                         f"{', '.join(held[:-1])} and {held[-1]}.")
        if len(arrays) == 2:
            try:  # scikit-learn's error where it has a more specific one
                _check_targets(*arrays)
            except ValueError as exc:
                if not str(exc).startswith("Mix of label input types"):
                    raise
        raise mix
    kind = kinds[0]
    labels = check_labels_param(labels, kind)
    dtype = np.result_type(*arrs)
    if kind == "num":  # (an object array's Python numbers are checked one by one by _kind)
        arrs = [a if a.dtype.kind in "Oiub" else check_numeric_labels(
                    a, name, *(arrays if len(arrays) == 2 else (arrs[0], a)))
                for a, name in zip(arrs, names)]
    return arrs, kind, labels, weights, dtype


def encode(*arrays, labels=None, names=None, keys=False):
    """The label encoder: labels of several arrays sharing one label space, to codes.

    Returns ``(values, codes)``: ``values`` the sorted distinct labels of all the arrays
    (or ``labels`` when given) and ``codes`` a list of int64 arrays, one per input, each
    sample's position in ``values``; with ``labels=``, a label outside ``labels`` gets
    code ``len(labels)`` (the *other* slot of :class:`Confusion`). With ``keys`` (one
    array of group keys, not class labels), floats are keys as they are (any number) and
    a missing key (NaN, None) is a ValueError, as fairlearn's ``MetricFrame`` refuses it.
    """
    names = names or [f"y{i}" for i in range(len(arrays))]
    if keys:
        arr = _key_array(arrays[0], names[0])
        missing = (np.isnan(arr).any() if arr.dtype.kind == "f" else np.isnat(arr).any()
                   if arr.dtype.kind in "mM" else arr.dtype.kind == "O"
                   and any(v is None or v != v for v in arr.tolist()))
        if missing:
            raise ValueError(f"{names[0]} contains missing values (NaN or None): a group "
                             "key must be a value; remove or replace them.")
        if arr.dtype.kind in "fmM":  # any number, dates and durations: keys as they are
            values, inverse = np.unique(arr, return_inverse=True)
            return values, [inverse.reshape(-1).astype(np.int64, copy=False)]
        if arr.dtype.kind == "O" and not _plain_keys(arr):
            return _object_keys(arr, names[0])
        arrays = (arr,)
    arrs, kind, labels, _, _ = _validated(arrays, names, labels)
    n = arrs[0].shape[0]
    huge = any(a.dtype == np.uint64 and a.size and a.max() >= 2**63 for a in arrs)
    if kind == "num" and not huge and all(a.dtype.kind != "O" for a in arrs):
        both = np.concatenate([a.astype(np.int64, copy=False) for a in arrs])
        if labels is None:
            values, inverse = compact(both)
            values = _label_values(values, np.result_type(*arrs))
        else:
            values, inverse = labels, _fixed_codes(labels, both)
        inverse = inverse.reshape(-1).astype(np.int64, copy=False)
        return values, [inverse[i * n:(i + 1) * n] for i in range(len(arrs))]
    lists = [a.tolist() for a in arrs]
    if labels is None:
        distinct = set().union(*map(set, lists))
        try:
            ordered = sorted(distinct)
        except TypeError as exc:
            raise TypeError(f"labels of {', '.join(names)} cannot be sorted: {exc}") from exc
        dtype = np.result_type(*arrs)
        if any(a.dtype.kind == "O" for a in arrs) or (huge and dtype.kind == "f"):
            dtype = object  # (uint64 beyond int64 met with signed integers: exact ints)
        values = np.array(ordered, dtype=dtype)
    else:
        values, ordered = labels, labels.tolist()
    k = len(ordered)
    index = dict(zip(ordered, range(k)))
    return values, [np.fromiter(map(index.get, lst, repeat(k)), dtype=np.int64, count=n)
                    for lst in lists]


def _key_array(column, name):
    """The group keys of ``column`` as a 1-D array holding the keys' own values: a list
    of mixed types, tuples or dates becomes an object array (not numpy's strings)."""
    if isinstance(column, (list, tuple)):
        arr = np.empty(len(column), dtype=object)
        for i, v in enumerate(column):  # (tuples stay tuples)
            arr[i] = v
        return arr if not _plain_keys(arr) else label_array(column, name)
    arr = np.asarray(column) if not sp.issparse(column) else column
    if isinstance(arr, np.ndarray) and arr.ndim == 1 and arr.dtype.kind in "OmM":
        return arr
    return label_array(column, name)


def _plain_keys(arr):
    """Whether the object array ``arr`` holds labels of one kind (all strings, or all
    integers and booleans): the label encoder's keys."""
    kinds = {str if isinstance(v, (str, np.str_)) else int
             if isinstance(v, (int, np.integer)) else None for v in arr.tolist()}
    return len(kinds) <= 1 and None not in kinds


def _object_keys(arr, name):
    """Keys of any hashable values (mixed types, tuples, dates), as fairlearn's
    ``MetricFrame`` groups them: sorted when they sort, else in the order met."""
    index = {}
    try:
        codes = np.fromiter((index.setdefault(v, len(index)) for v in arr.tolist()),
                            dtype=np.int64, count=arr.shape[0])
    except TypeError as exc:
        raise TypeError(f"{name} holds values that cannot be group keys: {exc}") from None
    found = list(index)
    try:
        order = sorted(range(len(found)), key=found.__getitem__)
    except TypeError:  # (mixed types: the order met)
        order = list(range(len(found)))
    values = np.empty(len(found), dtype=object)
    for i, j in enumerate(order):
        values[i] = found[j]
    rank = np.empty(len(found), dtype=np.int64)
    rank[order] = np.arange(len(found))
    return values, [rank[codes]]


def compact(keys):
    """Sorted distinct values of the int64 array ``keys`` and the position of each key among
    them: a bincount and a lookup table over a small range (no sort), else a sort. The one
    place that numbers labels, cells or (cell, weight) pairs by their distinct values."""
    if keys.shape[0] == 0:
        return keys[:0], np.zeros(0, dtype=np.int64)
    lo = int(keys.min())
    span = int(keys.max()) - lo + 1
    if span <= max(4 * keys.shape[0], _DENSE_KEYS):
        shifted = keys - lo if lo else keys
        present = _bincount(shifted, None, span) > 0
        if present.all():  # every value of the range occurs: the codes are the offsets
            return np.arange(lo, lo + span, dtype=keys.dtype), shifted
        return np.flatnonzero(present) + lo, (np.cumsum(present) - 1).take(shifted)
    values, inverse = np.unique(keys, return_inverse=True)
    return values, inverse.reshape(-1)


#: Bits of an integer weight summed per pass when integer weights are too large for
#: float64 sums to be exact: ``n * 2**22 < 2**53`` for ``n < 2**31``.
_SLICE_BITS = 22


def _exact_integer_cells(y_true, y_pred, labels, weights, signed=True, **kwargs):
    """Cells of integer ``weights`` whose sums float64 cannot hold exactly: the weights
    are summed in 22-bit slices (each exact in float64) and recombined in 64-bit
    integers, which wrap on overflow as scikit-learn's int64 ``confusion_matrix`` does
    (``signed``: int64 cells, else uint64)."""
    bits = weights if not signed else weights.astype(np.int64).view(np.uint64)
    mask = np.uint64((1 << _SLICE_BITS) - 1)
    total = None
    for shift in range(0, 64, _SLICE_BITS):
        part = ((bits >> np.uint64(shift)) & mask).astype(np.float64)
        cells = count(y_true, y_pred, labels=labels, sample_weight=part, **kwargs)[1]
        cells = cells.astype(np.uint64) * np.uint64(1 << shift)
        total = cells if total is None else total + cells
    return total.astype(np.int64) if signed else total


def _cells_fit_int64(y_true, y_pred, labels, weights, **kwargs):
    """Whether every cell's sum of the magnitudes of the integer ``weights`` is at most
    2**63 - 1 (then no int64 cell wraps around): their float64 sums decide, unless one is
    within their rounding error (n eps) of 2**63; then the exact sums (22-bit slices, recombined in uint64,
    exact below 2**64) do."""
    magnitude = np.abs(weights.astype(np.int64)).view(np.uint64)  # (|-2**63| = 2**63)
    rounded = count(y_true, y_pred, labels=labels, sample_weight=magnitude.astype(np.float64),
                    **kwargs)[1]
    largest = float(rounded.max())
    if abs(largest - 2.0**63) > 2.0**63 * max(1e-9, 2.3e-16 * weights.shape[0]):
        return largest < 2.0**63
    exact = _exact_integer_cells(y_true, y_pred, labels, magnitude, signed=False, **kwargs)
    return int(exact.max()) <= 2**63 - 1


def count(y_true, y_pred, *, labels=None, sample_weight=None, allow_negative_weights=False,
          allow_column=False, known=None, fixed=False, wrap=False):
    """Validate inputs and return ``(labels, cells)``: the sorted (or given) labels and the
    ``(K + 1) x (K + 1)`` counts (CSR, or dense when small) with the trailing other slot.

    With ``labels=`` the returned labels are ``labels`` followed by the other labels of
    the batch (sorted): every sample is counted (see the module docstring).

    ``known``: the (already checked) labels of a :class:`Confusion` being updated: the
    batch is counted over them when every label of the batch is among them (so that its
    counts add to the confusion's in place), and over its own labels when it brings a new
    one. ``fixed``: the confusion's labels were chosen with ``labels=`` (then a batch of
    another label kind is refused here).

    Integer weights are summed exactly in int64; when some sum would exceed 2**63 - 1
    they are refused (a ValueError naming ``sample_weight``), or with ``wrap`` (the
    drop-in ``confusion_matrix`` only) wrap around as scikit-learn's int64 sums do.

    Dask collections are counted where they live, one partition at a time, and merged in
    a tree (``metrics_sk._dask``); only the merged counts come back."""
    floats = False
    if sample_weight is None and plain_integer_labels(y_true, y_pred):
        # the cheap check passed: the checks below would return these arrays unchanged
        t, p, weights, kind_t = y_true, y_pred, None, "num"
        if labels is not None:
            labels = check_labels_param(labels, kind_t)
        if known is None:  # counted over their own labels (or labels=)
            values, cells = _count_numeric(t, p, labels, None)
            if labels is not None and _other_used(cells, values.shape[0]):
                values, cells = _with_reported(labels, *_count_numeric(t, p, None, None))
            return values, cells
    else:
        if any(is_dask_collection(a) for a in (y_true, y_pred, sample_weight)):
            return _count_dask(y_true, y_pred, labels=labels, sample_weight=sample_weight,
                               allow_negative_weights=allow_negative_weights,
                               allow_column=allow_column)
        (t, p), kind_t, labels, weights, out = _validated(
            (y_true, y_pred), ("y_true", "y_pred"), labels, allow_column, sample_weight,
            allow_negative_weights)
        # integer-valued float labels, now int64, keep their dtype (an object array's
        # numbers: checked by _kind)
        floats = kind_t == "num" and out.kind == "f" and "O" not in (t.dtype.kind,
                                                                       p.dtype.kind)
    int_weights = None
    if weights is not None and weights.dtype.kind in "biu":
        int_weights, weights = weights, weights.astype(np.float64)
    if kind_t == "num" and "O" not in (t.dtype.kind, p.dtype.kind):
        def tally(fixed):
            values, cells = _count_numeric(t, p, fixed, weights)
            if floats and fixed is None:
                values = _label_values(values, out)
            return values, cells
    else:
        def tally(fixed):
            return _count_python(t, p, fixed, weights)
    values = None
    if fixed and label_kind(known) != kind_t:  # a batch of another kind than labels=
        check_labels_param(known, kind_t)
    # (a zero or negative weight could hide a new label in the other slot's sums)
    positive = weights is None or bool((weights > 0).all())
    for given in (known, labels):
        if given is not None and positive and label_kind(given) in (kind_t, None):
            values, cells = tally(given)
            if not _other_used(cells, values.shape[0]):
                break
            values = None  # a new label: count the batch over its own labels
    if values is None:
        values, cells = tally(None)
        if labels is not None:  # the chosen labels first, the others after
            values, cells = _with_reported(labels, values, cells)
    if int_weights is not None:
        largest = float(np.abs(weights).max(initial=0)) * weights.shape[0]
        if largest >= 2.0**62 and not wrap and not _cells_fit_int64(
                y_true, y_pred, values, int_weights, allow_column=allow_column):
            raise ValueError("sample_weight: these integer weights sum beyond 2**63 - 1 "
                             "in a cell, which int64 counts cannot hold (they would wrap "
                             "around); pass them as floats (sums rounded to float64).")
        if largest >= 2.0**53:
            cells = _exact_integer_cells(y_true, y_pred, values, int_weights,
                                         allow_negative_weights=allow_negative_weights,
                                         allow_column=allow_column)
        cells = cells.astype(np.int64)
    return values, cells


def _checked(method):
    """Decorator of a count-metric method of :class:`Confusion` or
    :class:`GroupedConfusion`: its options are checked once against their constraints
    (``metrics_sk._params``, scikit-learn's errors), then the method runs."""
    check = Checker(method.__qualname__,
                    constraints_for(method.__name__,
                                    list(inspect.signature(method).parameters)[1:]))

    @functools.wraps(method)
    def checked(self, **options):
        check(options)
        return method(self, **options)

    return checked


def _counted(c):
    """``c`` (a confusion, or a batch the bootstrap evaluates through the methods) if it
    has counted a label: every metric alike refuses an empty one (no ZeroDivisionError, no
    NaN)."""
    if c.n_classes == 0:
        raise ValueError(_counts.EMPTY)
    return c


class Confusion:
    """Sparse, mergeable confusion matrix: the builder behind every count-based metric.

    Rows are actual classes, columns are predicted classes, both in the order of
    :attr:`labels`. Memory is O(number of labels + non-zero cells); a dense
    ``K x K`` array is made only by :meth:`to_dense`.

    Build one with :meth:`from_predictions` or :meth:`from_matrix`, or start empty with
    ``Confusion()`` and :meth:`update` it batch by batch. ``a + b`` merges two confusions
    (union of labels) without changing either. Every count-based metric of metrics_sk is
    also a method, with the same keyword parameters as the function of that name.

    ``labels=`` chooses which classes are reported and in which order (and adds classes
    absent from the data); it never removes samples. :attr:`labels`, ``tp``, ``fp``,
    ``fn``, ``support``, ``predicted``, :attr:`matrix` and the per-class values and their
    averages are over the chosen labels, with one-vs-rest counts over all the samples (as
    scikit-learn's ``precision_recall_fscore_support(labels=...)``); ``total`` and the
    whole-table metrics (accuracy, zero-one and Hamming loss, error rate, MCC, kappa
    without ``labels``) are over every sample, as scikit-learn computes them on the same
    samples. ``confusion_matrix(labels=...)`` and ``cohen_kappa_score(labels=...)`` keep
    the samples whose labels are both among their ``labels``, as scikit-learn's do.

    See Also
    --------
    confusion_matrix : The dense confusion matrix of scikit-learn, from label arrays.
    ConfusionDisplay : The heatmap of a confusion.

    Examples
    --------
    >>> from metrics_sk import Confusion
    >>> c = Confusion.from_predictions([0, 1, 2, 2], [0, 2, 1, 2])
    >>> c.labels
    array([0, 1, 2])
    >>> c.to_dense()
    array([[1, 0, 0],
           [0, 0, 1],
           [0, 1, 1]])
    >>> c.tp, c.fp, c.fn
    (array([1, 0, 1]), array([0, 1, 1]), array([0, 1, 1]))
    >>> c.macro_fbeta_score(beta=2)
    0.5
    >>> c + Confusion.from_predictions([3], [3])
    Confusion(n_classes=4, total=5, nonzero_cells=5)
    """

    #: Whether the cells are counts of samples (no weights, not a given matrix): then no
    #: sum of them reaches 2**53 and the margins need no check of their range.
    _counted = False

    def __init__(self):
        self._set(np.array([], dtype=np.int64), np.zeros((1, 1), dtype=np.int64), fixed=None)
        self._weighted = False
        self._counted = True

    @classmethod
    def _of(cls, labels, cells, *, fixed, weighted=False, counted=False):
        """A confusion holding ``cells`` over ``labels`` (trusted: from the builder);
        ``fixed``: the number of labels chosen with ``labels=`` (the first of ``labels``,
        the ones reported), None when every label counted is reported;
        ``weighted``: the cells are sample-weight sums, not counts; ``counted``: they are
        the builder's counts of samples (see ``_counted``)."""
        out = object.__new__(cls)._set(labels, cells, fixed=fixed)
        out._weighted = weighted
        out._counted = counted
        return out

    _is_batch = False  # (a ConfusionBatch is one; the formulas ask without computing)

    def _set(self, labels, cells, *, fixed):
        """Hold ``cells``, the ``(K + 1) x (K + 1)`` counts with the other slot: a dense
        array while it has at most ``_DENSE_STORE`` cells (an :meth:`update` is then one
        bincount added in place), a CSR array beyond (O(non-zero cells))."""
        self._labels = labels.view()  # read-only view: the caller's array stays writable
        self._labels.flags.writeable = False
        size = labels.shape[0] + 1
        dense = isinstance(cells, np.ndarray)
        if not dense:
            if size * size <= _DENSE_STORE:
                cells, dense = cells.toarray(), True
            elif not isinstance(cells, sp.csr_array):
                cells = sp.csr_array(cells)
        elif size * size > _DENSE_STORE:
            cells, dense = sp.csr_array(cells), False
        self._cells = cells
        self._sparse = not dense
        self._fixed = fixed  # the number of reported labels, None: all
        self._k = labels.shape[0] if fixed is None else fixed
        self._changed()
        return self

    def _changed(self):
        """Forget what was derived from the cells (after they changed in place)."""
        self._margins = self._matrix = None

    def _sums(self):
        """``(tp, support, predicted, total)``, computed once per change of the cells."""
        if self._margins is None:
            k = self._labels.shape[0]
            cells = self._cells
            if cells.dtype.kind == "i" and not self._counted and not _small_integers(
                    cells) and _float_total(cells) >= 2.0**53:
                # integer sums beyond 2**53: margins in float64, where formulas never wrap
                cells = cells.astype(np.float64)
            if self._sparse:
                diag = cells.diagonal()
                rows = np.asarray(cells.sum(axis=1)).ravel()
                cols = np.asarray(cells.sum(axis=0)).ravel()
            else:
                diag = cells.diagonal().copy()
                rows, cols = np.add.reduce(cells, 1), np.add.reduce(cells, 0)
            whole = diag[:k], rows[:k], cols[:k]
            for a in whole:
                a.flags.writeable = False
            total = np.add.reduce(rows)
            shown = self._k
            margins = whole if shown == k else tuple(a[:shown] for a in whole)
            self._margins = margins + (total,), whole + (total,)
        return self._margins[0]

    def _whole(self):
        """Diagonal, row sums, column sums and total over every label counted (the
        reported ones and the others): the whole table of the samples, as scikit-learn's
        functions without ``labels`` see it."""
        self._sums()
        return self._margins[1]

    def _nonzero(self, whole=False):
        """Non-zero cells ``(rows, cols, values)`` of the ``K x K`` block of the reported
        labels (``whole``: of the ``L x L`` table of every label counted)."""
        k = self._labels.shape[0] if whole else self._k
        if self._sparse:
            coo = (self._cells[:k, :k] if whole else self.matrix).tocoo()
            return coo.row, coo.col, coo.data
        block = self._cells[:k, :k]
        rows, cols = np.nonzero(block)
        return rows, cols, block[rows, cols]

    # -- construction -------------------------------------------------------------
    @classmethod
    def from_predictions(cls, y_true, y_pred, *, labels=None, sample_weight=None,
                         groups=None):
        """Count a confusion matrix from true and predicted labels.

        Parameters
        ----------
        y_true, y_pred : array-like of shape (n_samples,)
            True and predicted labels: integers, booleans, integer-valued floats or strings.
        labels : array-like of shape (n_classes,), default=None
            The classes, in the order of the rows and columns. By default the sorted
            union of the labels in ``y_true`` and ``y_pred`` (for an ordered categorical,
            such as a pandas ``Categorical(ordered=True)``, in its declared order). The
            classes reported; no sample is removed (see the class docstring): a sample
            of another label is outside :attr:`matrix` (as in scikit-learn's
            ``confusion_matrix(labels=...)``) but counts in ``total``, the one-vs-rest
            counts and the whole-table metrics.
        sample_weight : array-like of shape (n_samples,), default=None
            Non-negative weight of each sample; a sample adds its weight to its cell.
        groups : array-like of shape (n_samples,), DataFrame or dict, default=None
            The group of each sample (one array), or several group columns (a DataFrame's
            columns, a dict of arrays, a 2-D array), crossed. Then a
            :class:`GroupedConfusion` is returned: every count metric for every group at
            once.

        Returns
        -------
        Confusion or GroupedConfusion
        """
        if groups is not None:
            return count_groups(y_true, y_pred, groups, labels=labels,
                                sample_weight=sample_weight)
        values, cells = count(y_true, y_pred, labels=labels, sample_weight=sample_weight)
        c = cls._of(values, cells, fixed=_chosen(labels), weighted=sample_weight is not None,
                    counted=sample_weight is None)
        order = declared_order(y_true, y_pred) if labels is None else None
        return c if order is None else in_order(c, order)

    @classmethod
    def from_matrix(cls, matrix, labels=None):
        """Wrap an existing confusion matrix (dense or scipy sparse, rows = actual).

        Parameters
        ----------
        matrix : array-like or sparse matrix of shape (n_classes, n_classes)
            Non-negative finite counts or weight sums.
        labels : array-like of shape (n_classes,), default=None
            Class labels of the rows and columns; ``0 .. n_classes - 1`` by default.
        """
        refuse_masked(matrix, "matrix")
        m = sp.csr_array(matrix) if sp.issparse(matrix) else sp.csr_array(np.asarray(matrix))
        if m.ndim != 2 or m.shape[0] != m.shape[1]:
            raise ValueError(f"matrix must be square, got shape {m.shape}.")
        if m.dtype.kind == "c":  # scikit-learn's error for complex data, as for labels
            raise ValueError(f"Complex data not supported: matrix has dtype {m.dtype}.")
        if m.dtype.kind not in "biuf":
            raise TypeError(f"matrix must hold numbers, got dtype {m.dtype}.")
        data = m.data
        if data.dtype.kind == "f" and not np.isfinite(data).all():
            raise ValueError("matrix contains NaN or infinity.")
        if (data < 0).any():
            raise ValueError("matrix contains negative counts.")
        if data.dtype == np.uint64 and data.shape[0] and int(data.max()) >= 2**63:
            # integer cells are kept in int64: these would wrap around to negative counts
            raise ValueError("matrix holds counts above 2**63 - 1 that do not fit int64; "
                             "pass them as floats (matrix.astype(float)) or rescale them.")
        with np.errstate(over="ignore"):  # (in the cells' dtype, as the margins are summed)
            total = np.sum(data)
        if data.dtype.kind == "f" and not np.isfinite(total):
            # (non-negative cells: a finite total bounds every margin)
            raise ValueError(f"matrix sums to infinity (beyond the {data.dtype} range): its "
                             "total and margins would overflow; rescale it.")
        k = m.shape[0]
        if labels is None:
            values = np.arange(k)
        else:
            values = check_labels_param(labels, None)
            if values.size != k:
                raise ValueError(f"labels has {values.size} entries but matrix is {k} x {k}.")
        if m.dtype.kind in "bu":
            m = m.astype(np.int64)
        cells = sp.csr_array(sp.block_diag((m, sp.csr_array((1, 1), dtype=m.dtype)), format="csr"))
        return cls._of(values, cells, fixed=None if labels is None else k)

    # -- attributes ---------------------------------------------------------------
    @property
    def labels(self):
        """Class labels of the rows and columns (sorted, unless chosen with ``labels=``)."""
        k = self._k
        return self._labels if k == self._labels.shape[0] else self._labels[:k]

    @property
    def matrix(self):
        """The counts as a scipy CSR array of shape (K, K), rows = actual."""
        if self._matrix is None:
            k = self._k
            block = self._cells[:k, :k]
            self._matrix = block if sp.issparse(block) else sp.csr_array(block)
        return self._matrix

    @property
    def tp(self):
        """True positives of each class: the diagonal."""
        return self._sums()[0]

    @property
    def support(self):
        """Samples (weight) whose true label is each class: the row sums."""
        return self._sums()[1]

    @property
    def predicted(self):
        """Samples (weight) predicted as each class: the column sums."""
        return self._sums()[2]

    @property
    def fp(self):
        """False positives of each class: predicted as the class, truly another."""
        tp, _, predicted, _ = self._sums()
        return predicted - tp

    @property
    def fn(self):
        """False negatives of each class: truly the class, predicted as another."""
        tp, support, _, _ = self._sums()
        return support - tp

    @property
    def tn(self):
        """True negatives of each class: neither truly nor predicted the class."""
        tp, support, predicted, total = self._sums()
        # (>= 0: float margins of integer sums beyond 2**53 can round the difference below)
        return np.maximum(total - support - predicted + tp, 0)

    @property
    def total(self):
        """Number (or total weight) of all samples counted."""
        return self._sums()[3]

    @property
    def n_classes(self):
        """Number of reported classes (of :attr:`labels`)."""
        return self._k

    def to_dense(self):
        """Return the confusion matrix as a dense ``(K, K)`` numpy array.

        Returns
        -------
        matrix : ndarray of shape (n_classes, n_classes)
            Rows are actual classes, columns predicted ones, in the order of
            :attr:`labels`.
        """
        k = self._k
        block = self._cells[:k, :k]
        return block.toarray() if sp.issparse(block) else block.copy()

    def _index(self, labels):
        """Positions of ``labels`` among the labels counted (the reported ones first, see
        :meth:`_whole`); -1 where a label is unseen."""
        return positions(self._labels, labels)

    # -- merging ------------------------------------------------------------------
    def __add__(self, other):
        if not isinstance(other, Confusion):
            return NotImplemented
        return _merge(self, other)

    def __radd__(self, other):
        if isinstance(other, int) and other == 0:  # sum([c1, c2, ...])
            return self
        return NotImplemented

    def update(self, y_true, y_pred, sample_weight=None):
        """Count one more batch in place (labels fixed with ``labels=`` stay fixed).

        Parameters
        ----------
        y_true : array-like of shape (n_samples,)
            True labels of the batch.
        y_pred : array-like of shape (n_samples,)
            Predicted labels of the batch.
        sample_weight : array-like of shape (n_samples,), default=None
            Non-negative sample weights.

        Returns
        -------
        self : Confusion
            This confusion, with the batch added.
        """
        if self._labels.shape[0]:
            # Count the batch over the labels already known: when none is new (the usual
            # case after the first batches) the counts add in place.
            values, cells = count(y_true, y_pred, sample_weight=sample_weight,
                                  known=self._labels, fixed=self._fixed is not None)
            if values is self._labels:
                _add_into(self, cells)
                self._weighted |= sample_weight is not None
                self._counted &= sample_weight is None
                return self
        else:
            values, cells = count(y_true, y_pred, sample_weight=sample_weight)
        merged = _merge(self, Confusion._of(values, cells, fixed=None,
                                            counted=sample_weight is None))
        self._set(merged._labels, merged._cells, fixed=self._fixed)
        self._weighted |= sample_weight is not None
        self._counted = merged._counted
        return self

    def copy(self):
        """Return an independent copy (a later :meth:`update` of one leaves the other alone).

        Returns
        -------
        copy : Confusion
            A confusion with the same labels and counts.
        """
        return Confusion._of(self._labels.copy(), self._cells.copy(), fixed=self._fixed,
                             weighted=self._weighted, counted=self._counted)

    def __getstate__(self):
        return {"labels": self._labels, "cells": self._cells, "fixed": self._fixed,
                "weighted": self._weighted, "counted": self._counted}

    def __setstate__(self, state):
        labels, fixed = np.array(state["labels"]), state["fixed"]
        if isinstance(fixed, bool):  # (pickled before labels= kept every sample: no others)
            fixed = labels.shape[0] if fixed else None
        self._set(labels, state["cells"], fixed=fixed)
        self._weighted = state.get("weighted", False)
        self._counted = state.get("counted", False)

    def __eq__(self, other):
        if not isinstance(other, Confusion):
            return NotImplemented
        if not (self._labels.shape == other._labels.shape
                and bool(np.all(self._labels == other._labels))):
            return False
        a, b = self._cells, other._cells
        if sp.issparse(a) or sp.issparse(b):
            return (sp.csr_array(a) != sp.csr_array(b)).nnz == 0
        return bool(np.array_equal(a, b))

    __hash__ = None

    def __repr__(self):
        nonzero = self._cells.nnz if sp.issparse(self._cells) else np.count_nonzero(self._cells)
        return (f"Confusion(n_classes={self.n_classes}, total={self.total}, "
                f"nonzero_cells={nonzero})")

    def plot(self, ax=None, **kwargs):
        """Plot the confusion matrix as an annotated heatmap (needs matplotlib).

        Rows are actual classes, columns predicted classes. With more than
        ``max_classes`` classes only the most-confused ones are shown (see
        :meth:`ConfusionDisplay.from_confusion`).

        Parameters
        ----------
        ax : matplotlib Axes, default=None
            Where to draw; a new figure sized to the matrix if None.
        **kwargs : dict
            Keyword options of the plot: ``normalize`` (``{'true', 'pred', 'all'}`` or
            None), ``max_classes`` (int, default 30), ``cmap`` (default "Blues"),
            ``binary`` (bool: oneDAL's ``[[TP, FN], [FP, TN]]`` of ``pos_label``),
            ``pos_label`` (default 1), ``values_format`` (str) and ``colorbar`` (bool,
            default True).

        Returns
        -------
        display : ConfusionDisplay
            With ``ax_``, ``figure_``, ``im_``, ``text_``, the values shown
            (``confusion_matrix``) and their labels (``classes_``).

        Examples
        --------
        >>> import matplotlib
        >>> matplotlib.use("Agg")
        >>> from metrics_sk import Confusion
        >>> c = Confusion.from_predictions([1, 1, 0, 0, 1], [1, 0, 0, 1, 1])
        >>> c.plot(binary=True).confusion_matrix  # [[tp, fn], [fp, tn]]
        array([[2, 1],
               [1, 1]])
        """
        from ._display.plot import plot  # the one upward import: plotting needs matplotlib

        return plot(self, ax, **kwargs)

    # -- the count metrics: one method each, its formula and docstring in _counts ------
    @_checked
    def precision_recall_fscore_support(self, *, beta=1.0, labels=None, pos_label=1,
                                        average=None,
                                        warn_for=("precision", "recall", "f-score"),
                                        zero_division="warn"):
        return _counts.precision_recall_fscore_support(_counted(self), beta=beta,
                                                       labels=labels, pos_label=pos_label,
                                                       average=average, warn_for=warn_for,
                                                       zero_division=zero_division)
    precision_recall_fscore_support.__doc__ = _counts.precision_recall_fscore_support.__doc__

    @_checked
    def precision_score(self, *, labels=None, pos_label=1, average="binary",
                        zero_division="warn"):
        return _counts.precision_score(_counted(self), labels=labels, pos_label=pos_label,
                                       average=average, zero_division=zero_division)
    precision_score.__doc__ = _counts.precision_score.__doc__

    @_checked
    def recall_score(self, *, labels=None, pos_label=1, average="binary", zero_division="warn"):
        return _counts.recall_score(_counted(self), labels=labels, pos_label=pos_label,
                                    average=average, zero_division=zero_division)
    recall_score.__doc__ = _counts.recall_score.__doc__

    @_checked
    def fbeta_score(self, *, beta, labels=None, pos_label=1, average="binary",
                    zero_division="warn"):
        return _counts.fbeta_score(_counted(self), beta=beta, labels=labels,
                                   pos_label=pos_label, average=average,
                                   zero_division=zero_division)
    fbeta_score.__doc__ = _counts.fbeta_score.__doc__

    @_checked
    def f1_score(self, *, labels=None, pos_label=1, average="binary", zero_division="warn"):
        return _counts.f1_score(_counted(self), labels=labels, pos_label=pos_label,
                                average=average, zero_division=zero_division)
    f1_score.__doc__ = _counts.f1_score.__doc__

    @_checked
    def accuracy_score(self, *, normalize=True):
        return _counts.accuracy_score(_counted(self), normalize=normalize)
    accuracy_score.__doc__ = _counts.accuracy_score.__doc__

    @_checked
    def zero_one_loss(self, *, normalize=True):
        return _counts.zero_one_loss(_counted(self), normalize=normalize)
    zero_one_loss.__doc__ = _counts.zero_one_loss.__doc__

    @_checked
    def hamming_loss(self):
        return _counts.hamming_loss(_counted(self))
    hamming_loss.__doc__ = _counts.hamming_loss.__doc__

    @_checked
    def balanced_accuracy_score(self, *, adjusted=False):
        return _counts.balanced_accuracy_score(_counted(self), adjusted=adjusted)
    balanced_accuracy_score.__doc__ = _counts.balanced_accuracy_score.__doc__

    @_checked
    def matthews_corrcoef(self):
        return _counts.matthews_corrcoef(_counted(self))
    matthews_corrcoef.__doc__ = _counts.matthews_corrcoef.__doc__

    @_checked
    def cohen_kappa_score(self, *, labels=None, weights=None, replace_undefined_by=np.nan):
        return _counts.cohen_kappa_score(_counted(self), labels=labels, weights=weights,
                                         replace_undefined_by=replace_undefined_by)
    cohen_kappa_score.__doc__ = _counts.cohen_kappa_score.__doc__

    @_checked
    def confusion_matrix(self, *, labels=None, normalize=None):
        return _counts.confusion_matrix(_counted(self), labels=labels, normalize=normalize)
    confusion_matrix.__doc__ = _counts.confusion_matrix.__doc__

    @_checked
    def specificity_score(self, *, labels=None, pos_label=1, average="binary",
                          zero_division="warn"):
        return _counts.specificity_score(_counted(self), labels=labels, pos_label=pos_label,
                                         average=average, zero_division=zero_division)
    specificity_score.__doc__ = _counts.specificity_score.__doc__

    @_checked
    def balanced_auc_score(self, *, labels=None, pos_label=1, average="binary",
                           zero_division="warn"):
        return _counts.balanced_auc_score(_counted(self), labels=labels, pos_label=pos_label,
                                          average=average, zero_division=zero_division)
    balanced_auc_score.__doc__ = _counts.balanced_auc_score.__doc__

    @_checked
    def geometric_mean_score(self, *, labels=None, pos_label=1, average="multiclass",
                             correction=0.0):
        return _counts.geometric_mean_score(_counted(self), labels=labels,
                                            pos_label=pos_label, average=average,
                                            correction=correction)
    geometric_mean_score.__doc__ = _counts.geometric_mean_score.__doc__

    @_checked
    def selection_rate(self, *, pos_label=1):
        return _counts.selection_rate(_counted(self), pos_label=pos_label)
    selection_rate.__doc__ = _counts.selection_rate.__doc__

    @_checked
    def average_accuracy_score(self, *, labels=None, zero_division="warn"):
        return _counts.average_accuracy_score(_counted(self), labels=labels,
                                              zero_division=zero_division)
    average_accuracy_score.__doc__ = _counts.average_accuracy_score.__doc__

    @_checked
    def error_rate(self, *, labels=None, zero_division="warn"):
        return _counts.error_rate(_counted(self), labels=labels, zero_division=zero_division)
    error_rate.__doc__ = _counts.error_rate.__doc__

    @_checked
    def micro_precision_score(self, *, labels=None, zero_division="warn"):
        return _counts.micro_precision_score(_counted(self), labels=labels,
                                             zero_division=zero_division)
    micro_precision_score.__doc__ = _counts.micro_precision_score.__doc__

    @_checked
    def micro_recall_score(self, *, labels=None, zero_division="warn"):
        return _counts.micro_recall_score(_counted(self), labels=labels,
                                          zero_division=zero_division)
    micro_recall_score.__doc__ = _counts.micro_recall_score.__doc__

    @_checked
    def micro_fbeta_score(self, *, labels=None, beta=1.0, zero_division="warn"):
        return _counts.micro_fbeta_score(_counted(self), labels=labels, beta=beta,
                                         zero_division=zero_division)
    micro_fbeta_score.__doc__ = _counts.micro_fbeta_score.__doc__

    @_checked
    def macro_precision_score(self, *, labels=None, zero_division="warn"):
        return _counts.macro_precision_score(_counted(self), labels=labels,
                                             zero_division=zero_division)
    macro_precision_score.__doc__ = _counts.macro_precision_score.__doc__

    @_checked
    def macro_recall_score(self, *, labels=None, zero_division="warn"):
        return _counts.macro_recall_score(_counted(self), labels=labels,
                                          zero_division=zero_division)
    macro_recall_score.__doc__ = _counts.macro_recall_score.__doc__

    @_checked
    def macro_fbeta_score(self, *, labels=None, beta=1.0, zero_division="warn"):
        return _counts.macro_fbeta_score(_counted(self), labels=labels, beta=beta,
                                         zero_division=zero_division)
    macro_fbeta_score.__doc__ = _counts.macro_fbeta_score.__doc__

    @_checked
    def binary_confusion_matrix(self, *, pos_label=1):
        return _counts.binary_confusion_matrix(_counted(self), pos_label=pos_label)
    binary_confusion_matrix.__doc__ = _counts.binary_confusion_matrix.__doc__

    @_checked
    def binary_quality_metrics(self, *, pos_label=1, beta=1.0, zero_division="warn"):
        return _counts.binary_quality_metrics(_counted(self), pos_label=pos_label, beta=beta,
                                              zero_division=zero_division)
    binary_quality_metrics.__doc__ = _counts.binary_quality_metrics.__doc__

    @_checked
    def multiclass_quality_metrics(self, *, labels=None, beta=1.0, zero_division="warn"):
        return _counts.multiclass_quality_metrics(_counted(self), labels=labels, beta=beta,
                                                  zero_division=zero_division)
    multiclass_quality_metrics.__doc__ = _counts.multiclass_quality_metrics.__doc__


class _BatchMatrix:
    """The ``K x K`` block of R replicate confusions, as much of a CSR array as
    ``_counts`` uses: ``diagonal()``, ``sum(axis)`` and ``tocoo()``; results have a
    leading replicate axis."""

    def __init__(self, rows, cols, counts, k):
        self.row, self.col, self.data, self._k = rows, cols, counts, k

    def tocoo(self):
        return self

    def sum(self, axis):
        return _counts._class_sums(self.row if axis == 1 else self.col, self.data, self._k)

    def diagonal(self):
        on = self.row == self.col
        out = np.zeros((self.data.shape[0], self._k), dtype=self.data.dtype)
        out[:, self.row[on]] = self.data[:, on]
        return out


class ConfusionBatch:
    """R confusions over the labels of one :class:`Confusion`, given by their counts in
    the cells ``(rows, cols)`` (positions among its labels, ``K`` for the other slot):
    the batch the formulas of ``_counts`` evaluate at once (bootstrap replicates, groups).

    ``tp``, ``predicted`` and ``support`` have shape ``(R, K)``, ``total`` shape ``(R,)``;
    the count metrics are methods calling their formula, unchecked (the callers check
    parameters).
    ``present`` marks, per confusion, the labels it has (as true or predicted label): a
    metric over "the labels in the data" averages over those, as on that confusion's
    samples alone (scikit-learn on a bootstrap resample that misses a class does not see
    that class). With ``own_labels`` (the groups of a grouped confusion) that is all;
    otherwise (replicates of ``confusion``: bootstrap resamples, moved confusions) a label
    that ``confusion`` itself holds without samples (one of ``Confusion.from_matrix``)
    counts as it counts on ``confusion``; ``held`` (shape ``(R, K)``) gives instead the
    labels the origin of each confusion holds without weight (replicates of the groups of
    a grouped confusion: each group's own). Under a fixed ``labels=``, or when every
    confusion has every label, ``present`` is None.
    """

    _is_batch = True

    def __init__(self, confusion, rows, cols, counts, *, own_labels=False, seen=None,
                 held=None):
        k, size = confusion.n_classes, confusion._labels.shape[0]
        self._rows, self._cols, self._counts = rows, cols, counts
        self.labels = confusion.labels
        self.n_classes = k
        self._index = confusion._index
        self._labels, self._fixed = confusion._labels, confusion._fixed  # (every label)
        support = _counts._class_sums(rows, counts, size + 1)[:, :size]
        predicted = _counts._class_sums(cols, counts, size + 1)[:, :size]
        self.total = counts.sum(-1)
        on = rows == cols
        tp = np.zeros((counts.shape[0], size), dtype=counts.dtype)
        tp[:, rows[on]] = counts[:, on]  # distinct cells
        self._margins = tp, support, predicted, self.total
        self.tp, self.support, self.predicted = (
            a if k == size else a[:, :k] for a in (tp, support, predicted))
        inside = (rows < k) & (cols < k)
        self.matrix = _BatchMatrix(rows[inside], cols[inside], counts[:, inside], k)
        self._whole_cells = rows, cols, counts  # (the other slot is empty)
        self.present = None
        if confusion._fixed is None:
            # a label is in a confusion of the batch when one of its samples is, whatever
            # their weight
            seen = (counts != 0 if seen is None else seen).astype(np.float64)
            has = (_counts._class_sums(rows, seen, size + 1)[:, :size]
                   + _counts._class_sums(cols, seen, size + 1)[:, :size]) != 0
            if held is not None:  # labels each origin holds without weight count there
                has |= held
            elif not own_labels:  # a label ``confusion`` holds without samples counts there
                has |= (confusion.support == 0) & (confusion.predicted == 0)
            self.present = None if has.all() else has

    def _whole(self):
        return self._margins

    def _nonzero(self, whole=False):
        if whole:
            return self._whole_cells
        m = self.matrix
        return m.row, m.col, m.data

    # -- the count metrics, unchecked (the callers check the options) -------------------
    def precision_recall_fscore_support(self, *, beta=1.0, labels=None, pos_label=1,
                                        average=None,
                                        warn_for=("precision", "recall", "f-score"),
                                        zero_division="warn"):
        return _counts.precision_recall_fscore_support(self, beta=beta, labels=labels,
                                                       pos_label=pos_label, average=average,
                                                       warn_for=warn_for,
                                                       zero_division=zero_division)

    def precision_score(self, *, labels=None, pos_label=1, average="binary",
                        zero_division="warn"):
        return _counts.precision_score(self, labels=labels, pos_label=pos_label,
                                       average=average, zero_division=zero_division)

    def recall_score(self, *, labels=None, pos_label=1, average="binary", zero_division="warn"):
        return _counts.recall_score(self, labels=labels, pos_label=pos_label, average=average,
                                    zero_division=zero_division)

    def fbeta_score(self, *, beta, labels=None, pos_label=1, average="binary",
                    zero_division="warn"):
        return _counts.fbeta_score(self, beta=beta, labels=labels, pos_label=pos_label,
                                   average=average, zero_division=zero_division)

    def f1_score(self, *, labels=None, pos_label=1, average="binary", zero_division="warn"):
        return _counts.f1_score(self, labels=labels, pos_label=pos_label, average=average,
                                zero_division=zero_division)

    def accuracy_score(self, *, normalize=True):
        return _counts.accuracy_score(self, normalize=normalize)

    def zero_one_loss(self, *, normalize=True):
        return _counts.zero_one_loss(self, normalize=normalize)

    def hamming_loss(self):
        return _counts.hamming_loss(self)

    def balanced_accuracy_score(self, *, adjusted=False):
        return _counts.balanced_accuracy_score(self, adjusted=adjusted)

    def matthews_corrcoef(self):
        return _counts.matthews_corrcoef(self)

    def cohen_kappa_score(self, *, labels=None, weights=None, replace_undefined_by=np.nan):
        return _counts.cohen_kappa_score(self, labels=labels, weights=weights,
                                         replace_undefined_by=replace_undefined_by)

    def confusion_matrix(self, *, labels=None, normalize=None):
        return _counts.confusion_matrix(self, labels=labels, normalize=normalize)

    def specificity_score(self, *, labels=None, pos_label=1, average="binary",
                          zero_division="warn"):
        return _counts.specificity_score(self, labels=labels, pos_label=pos_label,
                                         average=average, zero_division=zero_division)

    def balanced_auc_score(self, *, labels=None, pos_label=1, average="binary",
                           zero_division="warn"):
        return _counts.balanced_auc_score(self, labels=labels, pos_label=pos_label,
                                          average=average, zero_division=zero_division)

    def geometric_mean_score(self, *, labels=None, pos_label=1, average="multiclass",
                             correction=0.0):
        return _counts.geometric_mean_score(self, labels=labels, pos_label=pos_label,
                                            average=average, correction=correction)

    def selection_rate(self, *, pos_label=1):
        return _counts.selection_rate(self, pos_label=pos_label)

    def average_accuracy_score(self, *, labels=None, zero_division="warn"):
        return _counts.average_accuracy_score(self, labels=labels, zero_division=zero_division)

    def error_rate(self, *, labels=None, zero_division="warn"):
        return _counts.error_rate(self, labels=labels, zero_division=zero_division)

    def micro_precision_score(self, *, labels=None, zero_division="warn"):
        return _counts.micro_precision_score(self, labels=labels, zero_division=zero_division)

    def micro_recall_score(self, *, labels=None, zero_division="warn"):
        return _counts.micro_recall_score(self, labels=labels, zero_division=zero_division)

    def micro_fbeta_score(self, *, labels=None, beta=1.0, zero_division="warn"):
        return _counts.micro_fbeta_score(self, labels=labels, beta=beta,
                                         zero_division=zero_division)

    def macro_precision_score(self, *, labels=None, zero_division="warn"):
        return _counts.macro_precision_score(self, labels=labels, zero_division=zero_division)

    def macro_recall_score(self, *, labels=None, zero_division="warn"):
        return _counts.macro_recall_score(self, labels=labels, zero_division=zero_division)

    def macro_fbeta_score(self, *, labels=None, beta=1.0, zero_division="warn"):
        return _counts.macro_fbeta_score(self, labels=labels, beta=beta,
                                         zero_division=zero_division)

    def binary_confusion_matrix(self, *, pos_label=1):
        return _counts.binary_confusion_matrix(self, pos_label=pos_label)

    def binary_quality_metrics(self, *, pos_label=1, beta=1.0, zero_division="warn"):
        return _counts.binary_quality_metrics(self, pos_label=pos_label, beta=beta,
                                              zero_division=zero_division)

    def multiclass_quality_metrics(self, *, labels=None, beta=1.0, zero_division="warn"):
        return _counts.multiclass_quality_metrics(self, labels=labels, beta=beta,
                                                  zero_division=zero_division)



def _group_columns(groups):
    """``(names, columns)`` of ``groups``: one array, or several columns (a DataFrame's,
    a dict's, a 2-D array's), named as fairlearn names them (``sensitive_feature_<i>``
    when unnamed)."""
    if isinstance(groups, dict):
        names, columns = list(groups), list(groups.values())
    elif hasattr(groups, "columns") and getattr(groups, "ndim", 2) == 2:
        # a DataFrame (pandas or Dask): its columns, crossed
        names = [str(c) for c in groups.columns]
        columns = [groups[c] for c in groups.columns]
    elif not is_dask_collection(groups) and np.ndim(groups) == 2:
        arr = np.asarray(groups)
        names, columns = [None] * arr.shape[1], list(arr.T)
    else:
        names, columns = [getattr(groups, "name", None)], [groups]
    names = [f"sensitive_feature_{i}" if name is None else name for i, name in enumerate(names)]
    return names, columns


def _group_codes(groups, n):
    """Each sample's group, crossing the columns of ``groups``: ``(codes, keys, names)``
    with ``keys`` one array per column (the key of each group, groups in sorted order) and
    ``names`` the column names. Each column is encoded by the label encoder, and the
    crossed codes (when there are several columns) once more: no sort for integer keys."""
    names, columns = _group_columns(groups)
    length = np.broadcast_to(np.int8(0), (n,))  # stands for y_true in the length check
    code, values = None, []
    for column in columns:
        vals, (codes,) = encode(column, names=["groups"], keys=True)
        check_same_length(("y_true", length), ("groups", codes))
        code = codes if code is None else code * vals.shape[0] + codes
        values.append(vals)
    if len(values) == 1:  # the encoder's codes are the groups
        return code, values, names
    uniq, inverse = compact(code)
    keys = []
    for vals in reversed(values):
        uniq, part = np.divmod(uniq, vals.shape[0])
        keys.append(vals[part])
    return inverse, keys[::-1], names


class GroupedConfusion:
    """The confusions of groups of the samples, counted in one pass.

    Groups are slices, segments or sensitive groups: a group is one more axis of the cell
    key. Built by ``Confusion.from_predictions(y_true, y_pred, groups=...)``, or empty
    (``GroupedConfusion()``) and then :meth:`update`-d batch by batch. Every count metric
    is a method, with the parameters of the ``Confusion`` method of that name; it returns
    one value per group as a pandas Series indexed by group (a MultiIndex for crossed
    groups), a DataFrame with a column per class for per-class results. Each group's value
    is the metric of that group's samples alone (over the labels that group has, unless
    ``labels=`` fixes them). Memory is O(groups + non-zero cells of the groups + labels):
    the counts of the groups are a dense groups x distinct cells table while it is small
    (at most ``max(n_samples, 2**22)`` numbers), a sparse one beyond, evaluated in chunks
    of groups.

    ``a + b`` merges two grouped confusions (union of the groups and of the labels)
    without changing either; ``sum([...])`` works too; a grouped confusion pickles, so
    Dask partitions are counted and merged on the workers.

    Parameters
    ----------
    overall : Confusion, default=None
        The confusion of all the samples (None: empty).
    rows, cols : ndarray of shape (n_cells,), default=None
        The cells of the groups' counts (positions among the labels, the other slot last).
    counts : ndarray or scipy sparse array of shape (n_groups, n_cells), default=None
        The count (or weight) of each cell in each group.
    keys : list of ndarray, default=None
        The key of each group, one array per group column.
    names : list of str, default=None
        The names of the group columns.
    seen : ndarray or scipy sparse array of shape (n_groups, n_cells), default=None
        The number of samples of each cell in each group, when some weights are 0 (None:
        where ``counts`` is non-zero): a label is in a group when one of its samples is,
        whatever its weight, as scikit-learn finds the labels of the samples.

    See Also
    --------
    metric_frame : The metrics of the groups with fairlearn's vocabulary.
    Confusion.from_predictions : With ``groups=``, builds it.

    Examples
    --------
    >>> from metrics_sk import Confusion
    >>> g = Confusion.from_predictions([0, 1, 1, 0, 1], [0, 1, 0, 0, 1],
    ...                                groups=["a", "a", "a", "b", "b"])
    >>> g.accuracy_score().to_dict()
    {'a': 0.6666666666666666, 'b': 1.0}
    >>> g.update([1, 0], [1, 1], groups=["c", "a"])
    GroupedConfusion(n_groups=3, n_classes=2, total=7)
    >>> g.accuracy_score().to_dict()
    {'a': 0.5, 'b': 1.0, 'c': 1.0}
    """

    def __init__(self, overall=None, rows=None, cols=None, counts=None, keys=None,
                 names=None, seen=None):
        if overall is None:  # empty: no group, no label
            overall, keys = Confusion(), [np.array([], dtype=np.int64)]
            rows = cols = np.array([], dtype=np.int64)
            counts = np.zeros((0, 0), dtype=np.int64)
        self.overall, self.keys, self.names = overall, keys, names
        self._rows, self._cols, self._counts = rows, cols, counts
        self._seen = seen
        self._batch = None  # the batch of all the groups, when the counts are dense
        if not sp.issparse(counts):
            self._batch = ConfusionBatch(overall, rows, cols, counts, own_labels=True,
                                         seen=None if seen is None else seen != 0)

    def _parts(self, size=0):
        """``(start, stop, cells, part)``: the groups ``start:stop`` as a grouped confusion
        with dense counts over the ``cells`` they have; all the groups at once (``cells``
        None, ``part`` itself) when the counts are dense, chunks of at most
        ``_DENSE_CELLS`` numbers when they are sparse. ``size``: the numbers the formula
        makes per group (a matrix result), also kept to ``_DENSE_CELLS`` per chunk."""
        if self._batch is not None and self.n_groups * size <= _DENSE_CELLS:
            yield 0, self.n_groups, None, self
            return
        step = max(1, _DENSE_CELLS // max(self._rows.shape[0], size, 1))
        for start in range(0, self.n_groups, step):
            stop = min(start + step, self.n_groups)
            counts = (self._counts if self._seen is None else self._seen)[start:stop]
            cells = (np.unique(counts.indices) if sp.issparse(counts)
                     else np.flatnonzero(counts.any(0)))
            yield start, stop, cells, self._part(start, stop, cells)

    def _part(self, start, stop, cells):
        """The groups ``start:stop`` with dense counts over ``cells``."""
        dense, seen = (None if t is None else t[start:stop][:, cells]
                       for t in (self._counts, self._seen))
        dense, seen = (t.toarray() if sp.issparse(t) else t for t in (dense, seen))
        return GroupedConfusion(self.overall, self._rows[cells], self._cols[cells], dense,
                                [k[start:stop] for k in self.keys], self.names, seen)

    @property
    def n_groups(self):
        """Number of groups (of the combinations of group values that occur)."""
        return self.keys[0].shape[0]

    def index(self):
        """Return the groups as a pandas Index (a MultiIndex for several group columns).

        Returns
        -------
        pandas.Index
            One entry per group, in the order of the results.
        """
        import pandas as pd

        if len(self.keys) == 1:
            return pd.Index(self.keys[0], name=None if self.names is None else self.names[0],
                            tupleize_cols=False)
        return pd.MultiIndex.from_arrays(self.keys, names=self.names)

    def group(self, i):
        """Return the :class:`Confusion` of group ``i`` alone (over the labels it has).

        Parameters
        ----------
        i : int
            The position of the group in :meth:`index`.

        Returns
        -------
        Confusion
            The confusion of that group's samples.
        """
        counts, seen = (None if t is None else t[[i]] for t in (self._counts, self._seen))
        counts, seen = ((t.toarray() if sp.issparse(t) else t)[0]
                        for t in (counts, counts if seen is None else seen))
        keep = seen != 0  # (the cells of its samples, whatever their weight)
        rows, cols = self._rows[keep], self._cols[keep]
        k = self.overall._labels.shape[0]
        if self.overall._fixed is not None:  # every label counted, the chosen reported
            labels, where = self.overall._labels, np.arange(k + 1)
        else:
            has = np.zeros(k + 1, dtype=bool)
            has[rows], has[cols] = True, True
            has[k] = True
            labels = self.overall.labels[has[:k]]
            where = np.cumsum(has) - 1
        size = labels.shape[0] + 1
        if size * size <= _DENSE_STORE:  # the storage a Confusion keeps (see Confusion._set)
            cells = np.zeros((size, size), dtype=counts.dtype)
            cells[where[rows], where[cols]] = counts[keep]  # distinct cells
        else:
            cells = sp.csr_array((counts[keep], (where[rows], where[cols])),
                                 shape=(size, size))
        return Confusion._of(labels, cells, fixed=self.overall._fixed,
                             weighted=self.overall._weighted)

    def _wrap(self, value):
        import pandas as pd

        if isinstance(value, tuple):
            return tuple(None if v is None else self._wrap(v) for v in value)
        value = np.asarray(value)
        if value.ndim == 2:
            return pd.DataFrame(value, index=self.index(), columns=self.overall.labels)
        return pd.Series(value, index=self.index())

    # -- merging ------------------------------------------------------------------
    def __add__(self, other):
        if not isinstance(other, GroupedConfusion):
            return NotImplemented
        return _merge_groups(self, other)

    def __radd__(self, other):
        if isinstance(other, int) and other == 0:  # sum([g1, g2, ...])
            return self
        return NotImplemented

    def update(self, y_true, y_pred, *, groups, sample_weight=None):
        """Count one more batch in place, adding its new groups and labels.

        Labels fixed with ``labels=`` stay fixed.

        Parameters
        ----------
        y_true : array-like of shape (n_samples,)
            True labels of the batch.
        y_pred : array-like of shape (n_samples,)
            Predicted labels of the batch.
        groups : array-like of shape (n_samples,), DataFrame or dict
            The group of each sample of the batch, with the same group columns as the
            groups already counted.
        sample_weight : array-like of shape (n_samples,), default=None
            Non-negative sample weights.

        Returns
        -------
        self : GroupedConfusion
            This grouped confusion, with the batch added.
        """
        labels = self.overall.labels if self.overall._fixed is not None else None
        batch = count_groups(y_true, y_pred, groups, labels=labels, sample_weight=sample_weight)
        merged = _merge_groups(self, batch)
        self.__init__(**merged.__getstate__())
        return self

    def __getstate__(self):
        return {"overall": self.overall, "rows": self._rows, "cols": self._cols,
                "counts": self._counts, "keys": self.keys, "names": self.names,
                "seen": self._seen}

    def __setstate__(self, state):
        self.__init__(**state)

    def __eq__(self, other):
        """Same groups, same labels, same counts in every group (cells in any order)."""
        if not isinstance(other, GroupedConfusion):
            return NotImplemented
        if (self.names != other.names or self.overall != other.overall
                or self.n_groups != other.n_groups
                or not all(np.array_equal(a, b) for a, b in zip(self.keys, other.keys))):
            return False
        size = self.overall._labels.shape[0] + 1
        tables = []
        for g in (self, other):
            coo = sp.coo_array(g._counts)
            tables.append(sp.csr_array((coo.data, (coo.row, (g._rows * size + g._cols)[
                coo.col])), shape=(g.n_groups, size * size)))
        return (tables[0] != tables[1]).nnz == 0

    __hash__ = None

    def __repr__(self):
        return (f"GroupedConfusion(n_groups={self.n_groups}, n_classes="
                f"{self.overall.n_classes}, total={self.overall.total})")

    def _evaluate(self, formula, **options):
        """The value of a count ``formula`` for every group, evaluated on all groups at
        once (matrices and result blocks: split per group, see :func:`_each_group`)."""
        if formula.batch:
            if self._batch is not None:
                return self._wrap(formula(self._batch, **options))
            return self._wrap(_stacked([formula(part._batch, **options)
                                        for *_, part in self._parts()]))
        import pandas as pd

        return pd.Series(_each_group(self, formula, options), index=self.index(),
                         name=formula.__name__)

    # -- the count metrics: one method each, its formula and docstring in _counts ------
    @_checked
    def precision_recall_fscore_support(self, *, beta=1.0, labels=None, pos_label=1,
                                        average=None,
                                        warn_for=("precision", "recall", "f-score"),
                                        zero_division="warn"):
        return self._evaluate(_counts.precision_recall_fscore_support, beta=beta, labels=labels,
                              pos_label=pos_label, average=average, warn_for=warn_for,
                              zero_division=zero_division)
    precision_recall_fscore_support.__doc__ = _counts.precision_recall_fscore_support.__doc__

    @_checked
    def precision_score(self, *, labels=None, pos_label=1, average="binary",
                        zero_division="warn"):
        return self._evaluate(_counts.precision_score, labels=labels, pos_label=pos_label,
                              average=average, zero_division=zero_division)
    precision_score.__doc__ = _counts.precision_score.__doc__

    @_checked
    def recall_score(self, *, labels=None, pos_label=1, average="binary", zero_division="warn"):
        return self._evaluate(_counts.recall_score, labels=labels, pos_label=pos_label,
                              average=average, zero_division=zero_division)
    recall_score.__doc__ = _counts.recall_score.__doc__

    @_checked
    def fbeta_score(self, *, beta, labels=None, pos_label=1, average="binary",
                    zero_division="warn"):
        return self._evaluate(_counts.fbeta_score, beta=beta, labels=labels,
                              pos_label=pos_label, average=average, zero_division=zero_division)
    fbeta_score.__doc__ = _counts.fbeta_score.__doc__

    @_checked
    def f1_score(self, *, labels=None, pos_label=1, average="binary", zero_division="warn"):
        return self._evaluate(_counts.f1_score, labels=labels, pos_label=pos_label,
                              average=average, zero_division=zero_division)
    f1_score.__doc__ = _counts.f1_score.__doc__

    @_checked
    def accuracy_score(self, *, normalize=True):
        return self._evaluate(_counts.accuracy_score, normalize=normalize)
    accuracy_score.__doc__ = _counts.accuracy_score.__doc__

    @_checked
    def zero_one_loss(self, *, normalize=True):
        return self._evaluate(_counts.zero_one_loss, normalize=normalize)
    zero_one_loss.__doc__ = _counts.zero_one_loss.__doc__

    @_checked
    def hamming_loss(self):
        return self._evaluate(_counts.hamming_loss)
    hamming_loss.__doc__ = _counts.hamming_loss.__doc__

    @_checked
    def balanced_accuracy_score(self, *, adjusted=False):
        return self._evaluate(_counts.balanced_accuracy_score, adjusted=adjusted)
    balanced_accuracy_score.__doc__ = _counts.balanced_accuracy_score.__doc__

    @_checked
    def matthews_corrcoef(self):
        return self._evaluate(_counts.matthews_corrcoef)
    matthews_corrcoef.__doc__ = _counts.matthews_corrcoef.__doc__

    @_checked
    def cohen_kappa_score(self, *, labels=None, weights=None, replace_undefined_by=np.nan):
        return self._evaluate(_counts.cohen_kappa_score, labels=labels, weights=weights,
                              replace_undefined_by=replace_undefined_by)
    cohen_kappa_score.__doc__ = _counts.cohen_kappa_score.__doc__

    @_checked
    def confusion_matrix(self, *, labels=None, normalize=None):
        return self._evaluate(_counts.confusion_matrix, labels=labels, normalize=normalize)
    confusion_matrix.__doc__ = _counts.confusion_matrix.__doc__

    @_checked
    def specificity_score(self, *, labels=None, pos_label=1, average="binary",
                          zero_division="warn"):
        return self._evaluate(_counts.specificity_score, labels=labels, pos_label=pos_label,
                              average=average, zero_division=zero_division)
    specificity_score.__doc__ = _counts.specificity_score.__doc__

    @_checked
    def balanced_auc_score(self, *, labels=None, pos_label=1, average="binary",
                           zero_division="warn"):
        return self._evaluate(_counts.balanced_auc_score, labels=labels, pos_label=pos_label,
                              average=average, zero_division=zero_division)
    balanced_auc_score.__doc__ = _counts.balanced_auc_score.__doc__

    @_checked
    def geometric_mean_score(self, *, labels=None, pos_label=1, average="multiclass",
                             correction=0.0):
        return self._evaluate(_counts.geometric_mean_score, labels=labels, pos_label=pos_label,
                              average=average, correction=correction)
    geometric_mean_score.__doc__ = _counts.geometric_mean_score.__doc__

    @_checked
    def selection_rate(self, *, pos_label=1):
        return self._evaluate(_counts.selection_rate, pos_label=pos_label)
    selection_rate.__doc__ = _counts.selection_rate.__doc__

    @_checked
    def average_accuracy_score(self, *, labels=None, zero_division="warn"):
        return self._evaluate(_counts.average_accuracy_score, labels=labels,
                              zero_division=zero_division)
    average_accuracy_score.__doc__ = _counts.average_accuracy_score.__doc__

    @_checked
    def error_rate(self, *, labels=None, zero_division="warn"):
        return self._evaluate(_counts.error_rate, labels=labels, zero_division=zero_division)
    error_rate.__doc__ = _counts.error_rate.__doc__

    @_checked
    def micro_precision_score(self, *, labels=None, zero_division="warn"):
        return self._evaluate(_counts.micro_precision_score, labels=labels,
                              zero_division=zero_division)
    micro_precision_score.__doc__ = _counts.micro_precision_score.__doc__

    @_checked
    def micro_recall_score(self, *, labels=None, zero_division="warn"):
        return self._evaluate(_counts.micro_recall_score, labels=labels,
                              zero_division=zero_division)
    micro_recall_score.__doc__ = _counts.micro_recall_score.__doc__

    @_checked
    def micro_fbeta_score(self, *, labels=None, beta=1.0, zero_division="warn"):
        return self._evaluate(_counts.micro_fbeta_score, labels=labels, beta=beta,
                              zero_division=zero_division)
    micro_fbeta_score.__doc__ = _counts.micro_fbeta_score.__doc__

    @_checked
    def macro_precision_score(self, *, labels=None, zero_division="warn"):
        return self._evaluate(_counts.macro_precision_score, labels=labels,
                              zero_division=zero_division)
    macro_precision_score.__doc__ = _counts.macro_precision_score.__doc__

    @_checked
    def macro_recall_score(self, *, labels=None, zero_division="warn"):
        return self._evaluate(_counts.macro_recall_score, labels=labels,
                              zero_division=zero_division)
    macro_recall_score.__doc__ = _counts.macro_recall_score.__doc__

    @_checked
    def macro_fbeta_score(self, *, labels=None, beta=1.0, zero_division="warn"):
        return self._evaluate(_counts.macro_fbeta_score, labels=labels, beta=beta,
                              zero_division=zero_division)
    macro_fbeta_score.__doc__ = _counts.macro_fbeta_score.__doc__

    @_checked
    def binary_confusion_matrix(self, *, pos_label=1):
        return self._evaluate(_counts.binary_confusion_matrix, pos_label=pos_label)
    binary_confusion_matrix.__doc__ = _counts.binary_confusion_matrix.__doc__

    @_checked
    def binary_quality_metrics(self, *, pos_label=1, beta=1.0, zero_division="warn"):
        return self._evaluate(_counts.binary_quality_metrics, pos_label=pos_label, beta=beta,
                              zero_division=zero_division)
    binary_quality_metrics.__doc__ = _counts.binary_quality_metrics.__doc__

    @_checked
    def multiclass_quality_metrics(self, *, labels=None, beta=1.0, zero_division="warn"):
        return self._evaluate(_counts.multiclass_quality_metrics, labels=labels, beta=beta,
                              zero_division=zero_division)
    multiclass_quality_metrics.__doc__ = _counts.multiclass_quality_metrics.__doc__


def _each_group(grouped, formula, options):
    """The value of a matrix or result-block formula (not a batch formula) for each group,
    as a list: the formula evaluates batches of groups (a leading group axis) that make at
    most ``_DENSE_CELLS`` matrix cells, all the groups at once while ``groups x K**2`` is
    that small; one group at a time (over its own labels: O(its labels**2)) when one
    ``K x K`` matrix has more than ``_GROUP_MATRIX_CELLS`` cells (K > 64), where a
    matrix over all the labels costs more than the call and a group may have few of them. Each group's matrix is over the labels it has, as on its own samples; a group
    without any (all its weights zero) is an empty confusion, evaluated alone."""
    if grouped.n_groups == 0:
        return []
    k = grouped.overall.n_classes
    own = "labels" in inspect.signature(formula).parameters and options.get("labels") is None
    size = max(k, 0 if own else np.size(options.get("labels", 0))) ** 2
    if size > _GROUP_MATRIX_CELLS:
        return [formula(grouped.group(i), **options) for i in range(grouped.n_groups)]
    values = []
    for start, _, _, part in grouped._parts(size):
        batch = part._batch
        values += _split(formula(batch, **options), batch.present if own else None)
        if batch.present is not None:  # a group of zero weights alone has no label
            for i in np.flatnonzero(~batch.present.any(-1)):
                values[start + i] = formula(grouped.group(start + i), **options)
    return values


def _split(value, present):
    """The value of each confusion of a batch: ``value`` a batch of matrices (leading batch
    axis) or a result block of them, cut to the labels each has (``present``, None: all)."""
    if isinstance(value, _counts._QualityMetrics):
        fields = zip(*(getattr(value, name).tolist() for name in value._fields))
        return [type(value)(matrix, values) for matrix, values in
                zip(_split(value.confusion_matrix, present), fields)]
    if present is None:
        return list(value)
    return [matrix[np.ix_(has, has)] for matrix, has in zip(value, present)]



class SampleCells:
    """The cell of each sample of a :class:`Confusion`, from the one encoding of the samples
    (:func:`count_samples`): what the weighted bootstrap and the squared weights of the
    analytic intervals need besides the counts, without encoding the samples again.

    ``rows`` and ``cols`` are the non-zero cells (positions among ``labels``, ``K`` for the
    other slot), ``cell_of`` each sample's index among them, ``weights`` the checked sample
    weights (or None).
    """

    def __init__(self, labels, fixed, cells, cell_of, weights):
        self.labels, self.fixed = labels, fixed  # (every label counted; fixed: see Confusion._of)
        self.rows, self.cols = cells
        self.cell_of, self.weights = cell_of, weights

    def confusion(self, weights=None):
        """The :class:`Confusion` of per-sample ``weights`` (by default the samples' own)
        summed in the samples' cells."""
        weights = self.weights if weights is None else weights
        size = self.labels.shape[0] + 1
        counts = _bincount(self.cell_of, weights, self.rows.shape[0])
        matrix = sp.csr_array((counts, (self.rows, self.cols)), shape=(size, size))
        return Confusion._of(self.labels, matrix, fixed=self.fixed, weighted=weights is not None)


def count_samples(y_true, y_pred, *, labels=None, sample_weight=None):
    """The :class:`SampleCells` of the samples: one encoding, each sample's cell."""
    values, (t, p) = encode(y_true, y_pred, labels=labels, names=["y_true", "y_pred"])
    if labels is not None and (t.size and max(_reduce_max(t), _reduce_max(p)) == len(labels)):
        # a label outside labels=: encoded again over its own labels, then the chosen
        # labels first (no sample is dropped, see the module docstring)
        labels = values
        values, (t, p) = encode(y_true, y_pred, names=["y_true", "y_pred"])
        values, where = _reported_first(labels, values)
        t, p = where[t], where[p]
    weights = check_sample_weight(sample_weight, t.shape[0])
    size = values.shape[0] + 1
    cells, cell_of = compact(t * size + p)
    return SampleCells(values, _chosen(labels), np.divmod(cells, size), cell_of, weights)


def _stacked(results):
    """The results of the parts of a grouped confusion, one after the other."""
    first = results[0]
    if isinstance(first, tuple):
        return tuple(None if first[i] is None else _stacked([r[i] for r in results])
                     for i in range(len(first)))
    return np.concatenate([np.atleast_1d(r) for r in results])


def _group_table(group_of, cell_of, values, n_groups, n_cells, n):
    """The ``n_groups x n_cells`` counts, summing ``values`` (None: ones) at ``(group_of,
    cell_of)``: dense while it has at most ``max(n, _DENSE_CELLS)`` numbers (one bincount),
    a CSR array of the non-zero cells beyond."""
    if n_groups * n_cells <= max(n, _DENSE_CELLS):
        return _bincount(group_of * n_cells + cell_of, values,
                         n_groups * n_cells).reshape(n_groups, n_cells)
    data = np.ones(group_of.shape[0], dtype=np.int64) if values is None else values
    table = sp.csr_array((data, (group_of, cell_of)), shape=(n_groups, n_cells))
    table.sum_duplicates()
    return table


def _merge_groups(a, b):
    """Sum two grouped confusions over the union of their groups and of their labels;
    neither is changed. Cells and groups are matched by the label encoder, so the result
    is the grouped confusion of all their samples counted at once."""
    if a.n_groups == 0 and a.overall.total == 0:
        return GroupedConfusion(**_copied(b))
    if b.n_groups == 0 and b.overall.total == 0:
        return GroupedConfusion(**_copied(a))
    if a.names != b.names:
        raise ValueError(f"Cannot merge grouped confusions with different group columns: "
                         f"{a.names} and {b.names}.")
    for name, ka, kb in zip(a.names, a.keys, b.keys):
        if not all(k.dtype.kind in "biufSU" or k.dtype.kind == "O" and _plain_keys(k)
                   for k in (ka, kb)):
            continue  # keys of any values (dates, tuples, mixed): as they are
        kinds = _kind(ka, "groups"), _kind(kb, "groups")
        if kinds[0] != kinds[1]:  # numpy would turn the numbers into strings
            raise ValueError(f"Mix of label input types (string and number) in groups "
                             f"{name!r}: {KIND_NAMES[kinds[0]]} and {KIND_NAMES[kinds[1]]}.")
    overall = a.overall + b.overall  # the union of the labels (or a clear error)
    k = overall._labels.shape[0]
    size = k + 1
    cell_keys = []
    for x in (a, b):
        where = np.append(positions(overall._labels, x.overall._labels), k)
        cell_keys.append(where[x._rows] * size + where[x._cols])
    cells, cell_of = compact(np.concatenate(cell_keys))
    columns = {i: np.concatenate((ka, kb)) for i, (ka, kb) in enumerate(zip(a.keys, b.keys))}
    group_of, keys, _ = _group_codes(columns, a.n_groups + b.n_groups)
    sides = ((a, group_of[:a.n_groups], cell_of[:cell_keys[0].shape[0]]),
             (b, group_of[a.n_groups:], cell_of[cell_keys[0].shape[0]:]))
    n_groups, m = keys[0].shape[0], cells.shape[0]
    table = _merged_table([(x._counts, g, c) for x, g, c in sides], n_groups, m)
    seen = None
    if a._seen is not None or b._seen is not None:
        seen = _merged_table([(x._counts != 0 if x._seen is None else x._seen, g, c)
                              for x, g, c in sides], n_groups, m, np.int64)
    rows, cols = np.divmod(cells, size)
    return GroupedConfusion(overall, rows, cols, table, keys, a.names, seen)


def _merged_table(sides, n_groups, m, dtype=None):
    """The ``n_groups x m`` sum of the tables of ``sides``: ``(table, group of each row,
    cell of each column)``."""
    tables = [t for t, _, _ in sides]
    dtype = dtype or np.result_type(*(t.dtype for t in tables))
    if not any(sp.issparse(t) for t in tables) and n_groups * m <= max(
            sum(t.size for t in tables), _DENSE_CELLS):  # dense tables stay dense
        table = np.zeros((n_groups, m), dtype=dtype)
        for t, g, c in sides:
            table[np.ix_(g, c)] += t  # distinct places
        return table
    parts = []
    for t, g, c in sides:
        coo = sp.coo_array(t)
        parts.append((g[coo.row], c[coo.col], coo.data.astype(np.float64)))
    g, c, values = (np.concatenate(v) for v in zip(*parts))
    return _group_table(g, c, values, n_groups, m, values.shape[0]).astype(dtype)


def _copied(g):
    state = g.__getstate__()
    return {**state, "overall": state["overall"].copy(), "counts": state["counts"].copy(),
            "seen": None if state["seen"] is None else state["seen"].copy()}


def _count_groups_partition(t, p, w, labels, names, *columns):
    """The grouped confusion of one partition (None when it is empty)."""
    if len(t) == 0 and len(p) == 0:
        return None
    return count_groups(t, p, dict(zip(names, columns)), labels=labels, sample_weight=w)


def _count_groups_dask(y_true, y_pred, names, columns, *, labels, sample_weight):
    """The grouped confusion of Dask inputs: one task per partition counts it, a tree of
    merges on the workers sums them (``metrics_sk._dask``); only the merged counts (groups
    x cells) come back."""
    import dask

    check_labels_param(labels, None)
    group_names = ["groups"] if len(columns) == 1 else [f"groups[{n!r}]" for n in names]
    parts = _dask.partitions((("y_true", y_true), ("y_pred", y_pred),
                              ("sample_weight", sample_weight), *zip(group_names, columns)))
    count_one = dask.delayed(_count_groups_partition, pure=False)
    merged = _dask.reduce_partitions([count_one(t, p, w, labels, names, *cols)
                                      for t, p, w, *cols in parts])
    if merged is None:
        raise ValueError("Found empty input array (e.g., `y_true` or `y_pred`) while a "
                         "minimum of 1 sample is required.")
    return merged


def count_groups(y_true, y_pred, groups, *, labels=None, sample_weight=None):
    """The :class:`GroupedConfusion` of the samples: one pass over them, memory
    O(n + groups + non-zero cells + labels) (see ``_group_table``). Dask inputs (labels,
    weights or group columns) are counted partition by partition on the workers and merged
    there."""
    names, columns = _group_columns(groups)
    if any(is_dask_collection(a) for a in (y_true, y_pred, sample_weight, *columns)):
        return _count_groups_dask(y_true, y_pred, names, columns, labels=labels,
                                  sample_weight=sample_weight)
    samples = count_samples(y_true, y_pred, labels=labels, sample_weight=sample_weight)
    n = samples.cell_of.shape[0]
    g, keys, names = _group_codes(dict(zip(names, columns)), n)
    counts = _group_table(g, samples.cell_of, samples.weights, keys[0].shape[0],
                          samples.rows.shape[0], n)
    seen = None
    if samples.weights is not None and not (samples.weights > 0).all():
        # a class whose samples in a group weigh 0 is still a class of that group
        seen = _group_table(g, samples.cell_of, None, keys[0].shape[0],
                            samples.rows.shape[0], n)
    return GroupedConfusion(samples.confusion(), samples.rows, samples.cols, counts, keys,
                            names, seen)


def _small_integers(cells):
    """Whether every integer cell is below ``2**53 / n_cells`` in magnitude: then no sum of
    them reaches 2**53 (a cheaper test than summing them in float64)."""
    values = cells.data if sp.issparse(cells) else cells
    bound = 2**53 // max(values.size, 1)
    return not np.count_nonzero(np.abs(values) >= bound)


def _float_total(cells):
    """The sum of integer ``cells`` in float64 (never wraps around)."""
    return float(np.sum(cells.data if sp.issparse(cells) else cells, dtype=np.float64))


def _add_into(c, cells):
    """Add ``cells`` (same labels, same shape) to ``c``'s counts in place."""
    if c._sparse:
        c._cells = c._cells + cells
    elif sp.issparse(cells):
        c._cells = c._cells + cells.toarray()
    elif c._cells.dtype == cells.dtype or c._cells.dtype.kind == "f":
        c._cells += cells
    else:
        c._cells = c._cells + cells
    c._changed()


def _remap(c, where, size):
    cells = c._cells
    coo = cells.tocoo() if sp.issparse(cells) else sp.coo_array(cells)
    full = np.append(where, size - 1)
    return sp.csr_array((coo.data, (full[coo.row], full[coo.col])), shape=(size, size))


def _merge(a, b):
    """Sum two confusions over the union of their labels; neither is changed."""
    if a.n_classes == 0 and a.total == 0:
        return b.copy()
    if b.n_classes == 0 and b.total == 0:
        return a.copy()
    a_labels, b_labels = _common_labels(a._labels, b._labels)
    if a_labels is not a._labels or b_labels is not b._labels:
        a = Confusion._of(a_labels, a._cells, fixed=a._fixed, weighted=a._weighted,
                          counted=a._counted)
        b = Confusion._of(b_labels, b._cells, fixed=b._fixed, weighted=b._weighted,
                          counted=b._counted)
    if a._labels.shape == b._labels.shape and np.all(a._labels == b._labels):
        out = a.copy()
        if b._fixed is not None:  # the reported labels come first in both
            out._set(out._labels, out._cells, fixed=max(a._fixed or 0, b._fixed))
        out._weighted = a._weighted or b._weighted
        out._counted = a._counted and b._counted
        _add_into(out, b._cells)
        return out
    kinds = label_kind(a._labels), label_kind(b._labels)
    if a._labels.size and b._labels.size and kinds[0] != kinds[1]:  # whatever their containers
        raise ValueError("Cannot merge confusions whose labels are of different types: "
                         f"{KIND_NAMES[kinds[0]]} and {KIND_NAMES[kinds[1]]}.")
    fixed = None
    if a._fixed is None and b._fixed is None:
        pos_b = a._index(b._labels)
        extra = b._labels[pos_b < 0]
        if _is_sorted(a._labels) and _is_sorted(b._labels):
            union = np.union1d(a._labels, b._labels) if extra.size else a._labels
        else:
            union = np.concatenate((a._labels, extra))
    else:
        # labels= of either (both: a's, then b's others) are reported, first; every other
        # label counted follows, sorted (see the module docstring)
        chosen = [x.labels for x in (a, b) if x._fixed is not None]
        if len(chosen) == 2 and not (chosen[0].shape == chosen[1].shape and bool(
                np.all(chosen[0] == chosen[1]))) and (a._fixed < a._labels.shape[0]
                                                       or b._fixed < b._labels.shape[0]):
            raise ValueError(
                "Cannot merge confusions with different fixed label sets when samples have "
                "other labels: which labels to report is ambiguous. Build both with the "
                "same labels=.")
        if len(chosen) == 2:
            chosen = [chosen[0], chosen[1][positions(chosen[0], chosen[1]) < 0]]
        chosen = np.concatenate(chosen)
        counted = np.concatenate((a._labels, b._labels))
        try:
            counted = np.unique(counted)
        except TypeError:  # (object labels that do not sort: in the order met)
            counted = counted[np.sort(np.unique(positions(counted, counted)))]
        union, _ = _reported_first(chosen, counted)
        fixed = chosen.shape[0]
    size = union.shape[0] + 1
    cells = _remap(a, positions(union, a._labels), size) + _remap(b, positions(union, b._labels), size)
    return Confusion._of(union, cells, fixed=fixed, weighted=a._weighted or b._weighted,
                         counted=a._counted and b._counted)


def in_order(c, order):
    """``c`` with its labels in the order of ``order`` (e.g. the declared categories of an
    ordered categorical); labels absent from ``order`` keep their order, after it."""
    where = positions(np.asarray(order), c.labels)
    if np.all(where >= 0) and _is_sorted(where):
        return c
    rank = np.where(where >= 0, where, where.max(initial=0) + 1 + np.arange(where.shape[0]))
    perm = np.argsort(rank, kind="stable")  # new position -> old position
    labels = c.labels[perm]
    size = labels.shape[0] + 1
    out = Confusion._of(labels, _remap(c, np.argsort(perm), size), fixed=c._fixed,
                        weighted=c._weighted, counted=c._counted)
    return out


def _common_labels(a, b):
    """Numeric label arrays ``a`` and ``b`` in one dtype holding each label exactly.

    numpy's common type of int64 and uint64 (or of an integer and a float) is float64,
    which merges distinct integers beyond 2**53; such labels are compared as int64 (float
    labels are integer-valued), and a label int64 cannot hold is refused."""
    if a.dtype == b.dtype or not {a.dtype.kind, b.dtype.kind} <= set("biuf"):
        return a, b
    if np.result_type(a, b).kind != "f" or all(
            -(2.0**53) < float(x.min(initial=0)) and float(x.max(initial=0)) < 2.0**53
            for x in (a, b)):
        return a, b  # the common type is exact for these labels
    if not all(-(2.0**63) <= float(x.min(initial=0)) and float(x.max(initial=0)) < 2.0**63
               for x in (a, b)):
        raise ValueError("Cannot merge these confusions: their labels (integers beyond 2**53 "
                         "and others beyond the int64 range) have no exact common type.")
    return a.astype(np.int64), b.astype(np.int64)


def _is_run(values):
    """Whether sorted integer ``values`` are ``a, a + 1, ..., a + k - 1``."""
    k = values.shape[0]
    return k > 0 and int(values[-1]) - int(values[0]) == k - 1 and _is_sorted(values)


def _chosen(labels):
    """The ``fixed`` of a confusion counted with ``labels=``: how many labels it reports."""
    return None if labels is None else len(labels)


def _is_sorted(values):
    k = values.shape[0]
    return k < 2 or np.count_nonzero(values[1:] > values[:-1]) == k - 1
