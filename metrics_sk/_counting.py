"""Counting the cells of a confusion: (true, pred) label pairs to ``(labels, cells)``.

The cells of a confusion are a ``(L + 1) x (L + 1)`` table over every label counted
plus one trailing *other* slot (see ``metrics_sk/_confusion.py``). :func:`count_cells`
validates in-memory inputs and counts them with the kernel of their label kind: integer
labels by bincounts over value ranges (:func:`_numeric_cells`), the others by the
dictionary encoder of ``_encoding``. Dask collections are counted partition by partition
by ``_confusion.count_confusion_cells``, which calls :func:`count_cells` on each.

Cells of float weights are exact sums (``metrics_sk/_exact.py``), rounded once: when the
weights' float sums might round (:func:`float_sums_exact`), the batch is counted into
:class:`ExactCells`, whose exact integers add across batches, merges and Dask partitions
(``_confusion._add_cells``), so any batching gives the same cells to the last bit.
Integer weights and counts keep their exact int64 path.
"""

import numpy as np
import scipy.sparse as sp

from ._exact import exact_of, exact_totals_by, rounded_all
from ._encoding import (
    bincount,
    compact,
    dictionary_codes,
    encode,
    is_run,
    label_values,
    positions,
    reported_first,
    validated,
)
from ._validation import check_labels_param, label_kind, plain_integer_labels

# A dense bincount over the cells is used while it needs at most this many cells (or no
# more cells than samples); beyond, non-zero cells are found by sorting the cell keys.
DENSE_CELLS = 1 << 22
DENSE_STORE = 1 << 16  # a Confusion keeps its cells dense up to this many
_INT64, _UINT64 = np.dtype(np.int64), np.dtype(np.uint64)
_DENSE_SIDE = np.uint64(1 << 11)  # labels 0 .. 2047 of small arrays always fit a dense grid
_SMALL = 1 << 13  # up to this many samples, the range of the labels is found in one array
_CHUNK = 1 << 16  # samples per chunk of pair keys: 512 KiB of int64, cache-sized
_reduce_max = np.maximum.reduce  # (np.max without its dispatch: small arrays)
_reduce_min = np.minimum.reduce


def stored(dense):
    """The storage of a counted grid: kept dense while small (see ``DENSE_STORE``)."""
    return dense if dense.size <= DENSE_STORE else sp.csr_array(dense)


def cell_counts(true_codes, pred_codes, size, weights):
    """Sum ``weights`` (or count) per (true, pred) cell of a ``size`` x ``size`` grid;
    codes are integers in ``[0, size)``. Memory is O(n + non-zero cells)."""
    n = true_codes.shape[0]
    keys = np.multiply(true_codes, size, dtype=np.int64)
    keys += pred_codes
    if size * size <= max(DENSE_CELLS, n):
        return stored(bincount(keys, weights, size * size).reshape(size, size))
    if weights is None:
        keys.sort()
        starts = np.flatnonzero(np.concatenate(([True], keys[1:] != keys[:-1])))
        values = np.diff(np.append(starts, n))
        cells = keys[starts]
    else:
        cells, inverse = compact(keys)
        values = np.bincount(inverse, weights=weights)
    rows, cols = np.divmod(cells, size)
    indptr = np.concatenate(([0], np.cumsum(np.bincount(rows, minlength=size))))
    return sp.csr_array((values, cols, indptr), shape=(size, size))


def other_used(cells, k):
    """Whether the other slot (row and column ``k``) of ``cells`` holds a count."""
    if sp.issparse(cells):
        return bool(cells[[k], :].nnz or cells[:, [k]].nnz)
    return bool(np.count_nonzero(cells[k]) or np.count_nonzero(cells[:, k]))


def _reduce_grid(grid, mapping, size):
    """Fold a dense R x R grid into ``size`` x ``size`` cells through ``mapping`` (R -> size);
    memory O(R**2 + non-zero cells), also for a large fixed label set."""
    rows, cols = np.nonzero(grid)
    cells = cell_counts(mapping[rows], mapping[cols], size, grid[rows, cols].astype(np.float64))
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
        counts = bincount(keys, None, size).reshape(stride, stride)
        grid = counts if weights is None else bincount(keys, weights, size).reshape(
            stride, stride)
        return grid, counts
    grid = np.zeros(size, dtype=np.int64 if weights is None else np.float64)
    counts = grid if weights is None else np.zeros(size, dtype=np.int64)
    buffer = np.empty(step, dtype=np.int64)
    for start in range(0, n, step):
        stop = min(start + step, n)
        keys = _pair_keys(t[start:stop], p[start:stop], lo, stride, buffer[:stop - start])
        if weights is not None:
            grid += bincount(keys, weights[start:stop], size)
        counts += bincount(keys, None, size)
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

def _numeric_cells(t, p, labels, weights):
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
    if labels is not None and labels.dtype.kind in "iu" and is_run(labels) and (
            labels[0] <= low and hi <= labels[-1]):
        first = int(labels[0])
        t_codes, p_codes = (t - first, p - first) if first else (t, p)
        return labels, cell_counts(t_codes, p_codes, labels.shape[0] + 1, weights)
    if span * span <= max(DENSE_CELLS, n):
        grid, counts = _pair_grid(t, p, lo, span, weights)
        if labels is None:
            if seen is not None and np.count_nonzero(seen) == span:  # every value occurs
                return np.arange(span, dtype=out_dtype), stored(grid)
            present = np.append(seen != 0, False) if seen is not None else (
                counts.any(axis=1) | counts.any(axis=0))
            values = label_values(np.flatnonzero(present) + lo, out_dtype)
            if values.shape[0] == span:
                return values, stored(grid)
            present[-1] = True  # keep the (empty) other slot
            return values, stored(grid[np.ix_(present, present)])
        _, mapping = _value_mapping(labels, lo, span, None)
        return labels, _reduce_grid(grid[:span, :span], mapping, labels.size + 1)
    if span <= max(4 * n, DENSE_CELLS):
        t0, p0 = (t - lo, p - lo) if lo else (t, p)
        present = None
        if labels is None:
            present = (bincount(t0, None, span) > 0) | (bincount(p0, None, span) > 0)
        values, mapping = _value_mapping(labels, lo, span, present)
        if labels is None and present.all():
            t_codes, p_codes = t0, p0
        else:
            t_codes, p_codes = mapping[t0], mapping[p0]
        if labels is None:
            values = label_values(values, out_dtype)
        return values, cell_counts(t_codes, p_codes, values.size + 1, weights)
    both = np.concatenate((t, p))
    if labels is None:
        values, inverse = compact(both)
        values = label_values(values, out_dtype)
        k = values.size
    else:
        values, k = labels, labels.size
        inverse = positions(labels, both, missing=k)
    return values, cell_counts(inverse[:n], inverse[n:], k + 1, weights)


def with_reported(labels, values, cells):
    """``(full, cells)`` of ``cells`` counted over ``values`` (with the other slot),
    moved to the label order of :func:`reported_first`: no sample is dropped."""
    full, where = reported_first(labels, values)
    size = full.shape[0] + 1
    if size == values.shape[0] + 1 and np.array_equal(where, np.arange(where.shape[0])):
        return full, cells
    where = np.append(where, size - 1)
    if not sp.issparse(cells) and size * size <= DENSE_STORE:
        out = np.zeros((size, size), dtype=cells.dtype)
        out[np.ix_(where, where)] = cells  # distinct positions
        return full, out
    coo = sp.coo_array(cells)
    return full, sp.csr_array((coo.data, (where[coo.row], where[coo.col])), shape=(size, size))



def _python_cells(t, p, labels, weights):
    """String or object labels: the dictionary encoder of ``_encoding``, then the cells."""
    values, (t_codes, p_codes) = dictionary_codes((t, p), labels, "y_true and y_pred")
    return values, cell_counts(t_codes, p_codes, values.shape[0] + 1, weights)


#: Bits of an integer weight summed per pass when integer weights are too large for
#: float64 sums to be exact: ``n * 2**22 < 2**53`` for ``n < 2**31``.
_SLICE_BITS = 22


def _plain(cells):
    """The float cells of :class:`ExactCells` (rounded), or ``cells``."""
    return cells.rounded if isinstance(cells, ExactCells) else cells


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
        cells = _plain(count_cells(y_true, y_pred, labels=labels, sample_weight=part,
                                   **kwargs)[1])
        cells = cells.astype(np.uint64) * np.uint64(1 << shift)
        total = cells if total is None else total + cells
    return total.astype(np.int64) if signed else total


def _cells_fit_int64(y_true, y_pred, labels, weights, **kwargs):
    """Whether every cell's sum of the magnitudes of the integer ``weights`` is at most
    2**63 - 1 (then no int64 cell wraps around): their float64 sums decide, unless one is
    within their rounding error (n eps) of 2**63; then the exact sums (22-bit slices, recombined in uint64,
    exact below 2**64) do."""
    magnitude = np.abs(weights.astype(np.int64)).view(np.uint64)  # (|-2**63| = 2**63)
    rounded = _plain(count_cells(y_true, y_pred, labels=labels,
                                 sample_weight=magnitude.astype(np.float64), **kwargs)[1])
    largest = float(rounded.max())
    if abs(largest - 2.0**63) > 2.0**63 * max(1e-9, 2.3e-16 * weights.shape[0]):
        return largest < 2.0**63
    exact = _exact_integer_cells(y_true, y_pred, labels, magnitude, signed=False, **kwargs)
    return int(exact.max()) <= 2**63 - 1


class ExactCells:
    """Cells of float weights with their exact sums.

    ``rounded``: the cells as a confusion stores them (dense while at most
    ``DENSE_STORE`` cells, else CSR), each the float nearest to its exact sum; ``keys``:
    the flat positions ``row * size + col`` of the non-zero cells, ascending; ``totals``:
    their exact sums (an object array of integers in units of ``2**-_exact._UNIT``).
    Never changed in place."""

    __slots__ = ("rounded", "keys", "totals")

    def __init__(self, rounded, keys, totals):
        self.rounded, self.keys, self.totals = rounded, keys, totals

    def __getstate__(self):
        return self.rounded, self.keys, self.totals

    def __setstate__(self, state):
        self.rounded, self.keys, self.totals = state


def exact_cells(keys, totals, size):
    """The :class:`ExactCells` of the exact ``totals`` at the ascending flat positions
    ``keys`` of a ``size`` x ``size`` table (zero totals dropped)."""
    nonzero = totals != 0
    if not nonzero.all():
        keys, totals = keys[nonzero], totals[nonzero]
    rows, cols = np.divmod(keys, size)
    values = rounded_all(totals)
    if size * size <= DENSE_STORE:
        rounded = np.zeros((size, size))
        rounded[rows, cols] = values
    else:
        indptr = np.concatenate(([0], np.cumsum(np.bincount(rows, minlength=size))))
        rounded = sp.csr_array((values, cols, indptr), shape=(size, size))
    return ExactCells(rounded, keys, totals)


def exact_parts(cells, size):
    """``(keys, totals)`` of :class:`ExactCells` or of plain cells (floats or integers,
    exact as they are): the flat positions of the non-zero cells, ascending, and their
    exact integers."""
    if isinstance(cells, ExactCells):
        return cells.keys, cells.totals
    coo = sp.coo_array(cells)
    keep = coo.data != 0
    keys = coo.row[keep].astype(np.int64) * size + coo.col[keep]
    order = np.argsort(keys, kind="stable")
    return keys[order], exact_of(coo.data[keep][order])


def add_exact(a, b):
    """The ``(keys, totals)`` of the cell-wise exact sum of two ``(keys, totals)``."""
    keys = np.concatenate((a[0], b[0]))
    totals = np.concatenate((a[1], b[1]))
    order = np.argsort(keys, kind="stable")
    keys, totals = keys[order], totals[order]
    if keys.shape[0] == 0:
        return keys, totals
    starts = np.flatnonzero(np.concatenate(([True], keys[1:] != keys[:-1])))
    return keys[starts], np.add.reduceat(totals, starts)


def remap_exact(cells, where, old_size, size):
    """:class:`ExactCells` ``cells`` moved to a ``size`` x ``size`` table: row and column
    ``i`` to ``where[i]`` (the other slot, last, to the last)."""
    full = np.append(where, size - 1)
    rows, cols = np.divmod(cells.keys, old_size)
    keys = full[rows].astype(np.int64) * size + full[cols]
    order = np.argsort(keys, kind="stable")
    return exact_cells(keys[order], cells.totals[order], size)


def added_exactly(x, y, total):
    """Whether every cell of ``total``, the float sum of cells ``x`` and ``y`` (dense or
    sparse), is the exact sum: the rounding error of each addition (Knuth's TwoSum) is
    zero."""
    if sp.issparse(total):
        x, y, total = (sp.csr_array(a, dtype=np.float64) for a in (x, y, total))
    else:
        x = x.toarray() if sp.issparse(x) else x
        y = y.toarray() if sp.issparse(y) else y
    with np.errstate(invalid="ignore", over="ignore"):
        back = total - x
        error = (x - (total - back)) + (y - back)
    if sp.issparse(error):
        return error.count_nonzero() == 0
    return not np.count_nonzero(error)


def float_sums_exact(weights, n):
    """Whether float64 bincounts of the float ``weights`` are exact whatever the order:
    every weight a multiple of ``2**-10`` (integers, halves, ...) and ``n`` of them below
    ``2**43`` in magnitude, so every partial sum fits 53 bits. Then the cells are exact
    sums as they are, at the cost of a float bincount."""
    largest = float(np.abs(weights).max(initial=0))
    if largest * max(n, 1) >= 2.0**43:
        return False
    scaled = weights * 1024.0
    return bool(np.array_equal(scaled, np.rint(scaled)))


def _pair_codes(t, p, values, size):
    """``code(t) * size + code(p)`` over the integer ``values`` (``size - 1``, the other
    slot, for a label outside them) by a lookup table over the range of integer ``t`` and
    ``p``; None where that does not apply (other labels, or a range much wider than the
    samples): then the label encoder numbers them."""
    if t.dtype.kind not in "iu" or p.dtype.kind not in "iu" or values.dtype.kind not in "iuf":
        return None
    n = t.shape[0]
    lo = min(int(_reduce_min(t)), int(_reduce_min(p)))
    hi = max(int(_reduce_max(t)), int(_reduce_max(p)))
    span = hi - lo + 1
    if span > max(4 * n, DENSE_CELLS) or hi >= 2**63 or (
            values.dtype.kind == "f" and max(-lo, hi) >= 2**53):  # (labels as rounded floats)
        return None
    lookup = np.full(span, size - 1, dtype=np.int64)
    inside = (values >= lo) & (values < lo + span)
    lookup[values[inside].astype(np.int64) - lo] = np.flatnonzero(inside)
    t, p = (a.astype(np.int64, copy=False) for a in (t, p))  # (int64 offsets: any dtypes)
    keys = lookup[t - lo if lo else t] * size
    keys += lookup[p - lo if lo else p]
    return keys


def _exact_float_cells(t, p, values, weights, size):
    """:class:`ExactCells` of float ``weights`` in the cells of the label pairs of ``t``
    and ``p`` over ``values`` (every label of the batch among them, or in the other slot):
    one more encoding of the batch, and the exact sums per cell
    (:func:`metrics_sk._exact.exact_totals_by`)."""
    keys = _pair_codes(t, p, values, size)
    if keys is None:
        _, (t_codes, p_codes) = encode(t, p, labels=values, names=["y_true", "y_pred"])
        keys = np.multiply(t_codes, size, dtype=np.int64)
        keys += p_codes
    if size * size <= max(DENSE_STORE, keys.shape[0]):
        totals = exact_totals_by(keys, weights, size * size)
        cells = np.flatnonzero(totals != 0)
        totals = totals[cells]
    else:
        cells, inverse = compact(keys)
        totals = exact_totals_by(inverse, weights, cells.shape[0])
    return exact_cells(cells.astype(np.int64), totals, size)


def count_cells(y_true, y_pred, *, labels=None, sample_weight=None,
                allow_negative_weights=False, allow_column=False, known=None, fixed=False,
                wrap=False):
    """Validate inputs and return ``(labels, cells)``: the sorted (or given) labels and the
    ``(K + 1) x (K + 1)`` counts (CSR, or dense when small) with the trailing other slot.

    With ``labels=`` the returned labels are ``labels`` followed by the other labels of
    the batch (sorted): every sample is counted (see ``metrics_sk/_confusion.py``).

    ``known``: the (already checked) labels of a :class:`Confusion` being updated: the
    batch is counted over them when every label of the batch is among them (so that its
    counts add to the confusion's in place), and over its own labels when it brings a new
    one. ``fixed``: the confusion's labels were chosen with ``labels=`` (then a batch of
    another label kind is refused here).

    Integer weights are summed exactly in int64; when some sum would exceed 2**63 - 1
    they are refused (a ValueError naming ``sample_weight``), or with ``wrap`` (the
    drop-in ``confusion_matrix`` only) wrap around as scikit-learn's int64 sums do.

    In-memory inputs only: Dask collections go through ``_confusion.count_confusion_cells``
    (one call of this function per partition)."""
    floats = False
    if sample_weight is None and plain_integer_labels(y_true, y_pred):
        # the cheap check passed: the checks below would return these arrays unchanged
        t, p, weights, kind_t = y_true, y_pred, None, "num"
        if labels is not None:
            labels = check_labels_param(labels, kind_t)
        if known is None:  # counted over their own labels (or labels=)
            values, cells = _numeric_cells(t, p, labels, None)
            if labels is not None and other_used(cells, values.shape[0]):
                values, cells = with_reported(labels, *_numeric_cells(t, p, None, None))
            return values, cells
    else:
        (t, p), kind_t, labels, weights, out = validated(
            (y_true, y_pred), ("y_true", "y_pred"), labels, allow_column, sample_weight,
            allow_negative_weights)
        # integer-valued float labels, now int64, keep their dtype (an object array's
        # numbers: checked by kind_of)
        floats = kind_t == "num" and out.kind == "f" and "O" not in (t.dtype.kind,
                                                                       p.dtype.kind)
    int_weights = None
    if weights is not None and weights.dtype.kind in "biu":
        int_weights, weights = weights, weights.astype(np.float64)
    if kind_t == "num" and "O" not in (t.dtype.kind, p.dtype.kind):
        def tally(fixed):
            values, cells = _numeric_cells(t, p, fixed, weights)
            if floats and fixed is None:
                values = label_values(values, out)
            return values, cells
    else:
        def tally(fixed):
            return _python_cells(t, p, fixed, weights)
    values = None
    if fixed and label_kind(known) != kind_t:  # a batch of another kind than labels=
        check_labels_param(known, kind_t)
    # (a zero or negative weight could hide a new label in the other slot's sums)
    positive = weights is None or bool((weights > 0).all())
    for given in (known, labels):
        if given is not None and positive and label_kind(given) in (kind_t, None):
            values, cells = tally(given)
            if not other_used(cells, values.shape[0]):
                break
            values = None  # a new label: count the batch over its own labels
    if values is None:
        values, cells = tally(None)
        if labels is not None:  # the chosen labels first, the others after
            values, cells = with_reported(labels, values, cells)
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
    elif weights is not None and not float_sums_exact(weights, weights.shape[0]):
        # float weights whose float sums may round: the exact sums, rounded once
        cells = _exact_float_cells(t, p, values, weights, values.shape[0] + 1)
    return values, cells

