"""Exactly rounded sums: the same bits whatever the order, the batching or the partitioning.

A float sum rounds after every addition, so its last bits depend on the order of the
terms: a stream of batches, the partitions of a Dask collection and one call over the
whole array each add in their own order. Here a sum is kept exactly instead, and
rounded once, at the end: the result is the float nearest to the true sum of the
terms, whatever the order in which they came.

Every finite float64 is an integer multiple of ``2**-1074`` (the smallest subnormal),
and every exact product of two one of ``2**-2252``: an exact sum is a Python integer
``N`` with value ``N * 2**-_UNIT`` (``_UNIT = 2260``). Merging two exact sums adds their
integers; :func:`rounded` divides by ``2**_UNIT`` once, correctly rounded (Python's
integer true division rounds to nearest, ties to even); :func:`ratio` divides two exact
sums, correctly rounded too. Infinite and NaN terms are kept aside: an exact sum holding one gives what a float sum would (inf,
-inf, or NaN for both or a NaN).

The vectorized step, :func:`exact_total`: a float's top 12 bits (its sign and biased
exponent) are a bin; per bin, ``np.bincount`` counts the floats and sums the high and the
low 26 bits of their 52-bit fractions, exactly (float64 sums of at most ``2**26``
integers below ``2**26`` stay below ``2**53``: the bins are flushed into a Python
integer every ``2**26`` floats). The few non-empty bins are then combined in Python
integers. Blocks of ``2**15`` floats keep the temporaries in cache: about 15 times
the cost of ``np.sum``, never a Python loop per term.

Sums that cross batches elsewhere use the same bins: :func:`exact_dot_of` sums exact
products (Dekker's product ``p`` and its error ``e``, ``p + e = a * b``; where a step
could under- or overflow, of the factors' fractions, with their exponents added as
shifts), :func:`exact_totals_by` sums per index (the cells of a confusion) with one
bincount per part over (index, exponent) bins, and :func:`ratio` divides two sums once.
"""

import math

import numpy as np

#: The exponent of the smallest subnormal float64: every finite float is a multiple.
_SCALE = 1074
#: An ExactSum counts units of ``2**-_UNIT``: every float, and every exact product of
#: two floats (a multiple of ``2**-2252``).
_UNIT = 2260
_FLOAT_SHIFT = _UNIT - _SCALE
#: :func:`exact_totals_by` with shifts: a float's biased exponent plus its shift plus
#: ``_OFF`` is a bin in ``[1, _SPAN)``, the sign adds ``_SPAN``; bin 0 holds the zeros.
_OFF, _SPAN = 2200, 6400
_TINY = 2.0**-968  # a float product at least this large has an exact float error term
_HUGE = 2.0**995  # factors below this split (Veltkamp) without overflow
_SPLITTER = 134217729.0  # 2**27 + 1
_HUGE_PRODUCT = 2.0**1020  # a float product below this (not inf) has an exact error term
_BINS = 1 << 22  # exact_totals_by: (index, exponent) bins of one bincount, at most
_FLUSH = 1 << 26  # float64 sums of so many integers below 2**26 are exact
_BLOCK = 1 << 15  # a block's temporaries stay in cache, and are not paged in afresh
_HALF = np.uint64((1 << 26) - 1)


class ExactSum:
    """The exact sum of some floats: merge with ``+``, round with ``float()``.

    ``total``: the sum as an integer multiple of ``2**-_UNIT``; ``special``: the sum of
    the infinite and NaN terms (a float: 0.0 when there were none).
    """

    __slots__ = ("total", "special")

    def __init__(self, total=0, special=0.0):
        self.total = total
        self.special = special

    def __add__(self, other):
        if not isinstance(other, ExactSum):
            return NotImplemented
        return ExactSum(self.total + other.total, self.special + other.special)

    def __float__(self):
        return rounded(self.total, self.special)

    def __eq__(self, other):
        return (isinstance(other, ExactSum) and self.total == other.total
                and (self.special == other.special
                     or (self.special != self.special and other.special != other.special)))

    __hash__ = None

    def __repr__(self):
        return f"ExactSum({float(self)!r})"


def exact_total(values):
    """The exact sum of the finite float64 ``values`` (any shape), as the integer ``N``
    with sum ``N * 2**-1074``."""
    flat = np.ascontiguousarray(np.ravel(values), dtype=np.float64).view(np.uint64)
    n = flat.shape[0]
    block = min(n, _BLOCK)
    index = np.empty(block, np.uint64)
    part = np.empty(block, np.uint64)
    half = np.empty(block, np.float64)
    total = 0
    for start in range(0, n, _FLUSH):
        sums = np.zeros((3, 4096))  # per sign and biased exponent: count, high, low
        for first in range(start, min(start + _FLUSH, n), block):
            bits = flat[first:first + block]
            m = bits.shape[0]
            np.right_shift(bits, np.uint64(52), out=index[:m])  # sign and biased exponent
            sums[0] += np.bincount(index[:m], minlength=4096)
            np.right_shift(bits, np.uint64(26), out=part[:m])
            np.bitwise_and(part[:m], _HALF, out=part[:m])
            np.copyto(half[:m], part[:m], casting="unsafe")
            sums[1] += np.bincount(index[:m], weights=half[:m], minlength=4096)
            np.bitwise_and(bits, _HALF, out=part[:m])
            np.copyto(half[:m], part[:m], casting="unsafe")
            sums[2] += np.bincount(index[:m], weights=half[:m], minlength=4096)
        total += _combined(sums)
    return total


def _combined(sums):
    """The integer of per-bin sums: bin ``sign * 2048 + e`` holds the count, and the sums
    of the high and low 26 bits of the fractions, of the floats with that sign and
    biased exponent ``e``: ``m * 2**max(e - 1, 0)`` each, with ``m`` the fraction plus
    ``2**52`` where ``e > 0`` (normal floats)."""
    total = 0
    for b in np.flatnonzero(sums[0]).tolist():
        count, high, low = (int(v) for v in sums[:, b])
        e = b & 0x7FF
        mantissas = (high << 26) + low + (count << 52 if e else 0)
        total += (-mantissas if b & 0x800 else mantissas) << max(e - 1, 0)
    return total


def rounded(total, special=0.0):
    """The float nearest to ``total * 2**-_UNIT`` (ties to even); ``special`` (an inf or a
    NaN, or 0.0) takes over when it is not 0.0. Beyond the largest float: ±inf."""
    if special != 0.0:
        return float(special)
    try:
        return total / (1 << _UNIT)
    except OverflowError:
        return float("inf") if total > 0 else float("-inf")


def exact_sum(values):
    """The float nearest to the exact sum of ``values`` (float64, any shape): the same
    bits for any order of the same terms, and for any split of them into parts whose
    :class:`ExactSum` are added.

    Parameters
    ----------
    values : array-like of float
        The terms. Infinite or NaN terms give what ``np.sum`` gives.

    Returns
    -------
    float
        The correctly rounded sum.

    Examples
    --------
    >>> from metrics_sk._exact import exact_sum
    >>> exact_sum([1e16, 1.0, -1e16])  # np.sum gives 0.0
    1.0
    """
    return float(exact_sum_of(values))


def exact_sum_of(values):
    """The :class:`ExactSum` of ``values`` (float64, any shape): merge parts with ``+``."""
    values = np.asarray(values, dtype=np.float64)
    finite = np.isfinite(values)
    if finite.all():
        return ExactSum(exact_total(values) << _FLOAT_SHIFT)
    special = float(np.sum(values[~finite]))
    return ExactSum(exact_total(values[finite]) << _FLOAT_SHIFT, special)



def exact_dot_of(values, weights):
    """The :class:`ExactSum` of the exact products ``values[i] * weights[i]`` (finite
    float64, same shape): no product is rounded, underflows or overflows, so each term
    depends on its two factors alone (not on a scale chosen per batch), any split of the
    samples sums to the same bits, and a sum of products grouped otherwise (``sum_k W_k
    l_k`` for the weights ``W_k`` of the samples of loss ``l_k``) is equal.

    Examples
    --------
    >>> from metrics_sk._exact import exact_dot_of
    >>> float(exact_dot_of([0.5, 0.25], [5e-324, 5e-324]))  # the floats' 0.0 + 0.0
    5e-324
    """
    values = np.ravel(np.asarray(values, dtype=np.float64))
    weights = np.ravel(np.asarray(weights, dtype=np.float64))
    total, sums, done = 0, np.zeros((3, 4096)), 0
    for first in range(0, values.shape[0], _BLOCK):  # cache-sized blocks
        a, b = values[first:first + _BLOCK], weights[first:first + _BLOCK]
        parts, shifts = _products(a, b)
        if shifts is not None:  # (a block where a step could under- or overflow)
            zeros = np.zeros(a.shape[0], np.intp)
            total += sum(int(exact_totals_by(zeros, part, 1, shifts)[0]) for part in parts)
            continue
        if done + 2 * a.shape[0] > _FLUSH:  # keep the float64 bin sums exact
            total += _combined(sums) << _FLOAT_SHIFT
            sums[:], done = 0, 0
        for part in parts:
            bits = part.view(np.uint64)
            _bin_sums((bits >> np.uint64(52)).astype(np.intp), bits, 4096, sums)
        done += 2 * a.shape[0]
    return ExactSum(total + (_combined(sums) << _FLOAT_SHIFT))


def exact_dots_by(index, values, weights, size):
    """:func:`exact_dot_of` per ``index`` (integers in ``[0, size)``): an object array of
    ``size`` integers in units of ``2**-_UNIT``, as :func:`exact_totals_by`."""
    parts, shifts = _products(values, weights)
    return sum(exact_totals_by(index, part, size, shifts) for part in parts)


def _two_product(a, b):
    """``(p, e)`` with ``p = fl(a * b)`` and ``p + e = a * b`` exactly (Dekker's product,
    Veltkamp's split), where no step under- or overflows."""
    p = a * b
    c = a * _SPLITTER
    a_high = c - (c - a)
    a_low = a - a_high
    c = b * _SPLITTER
    b_high = c - (c - b)
    b_low = b - b_high
    return p, ((a_high * b_high - p) + a_high * b_low + a_low * b_high) + a_low * b_low


def _products(values, weights):
    """``((p, e), None)``: the float products and their errors, whose sum is the exact
    product, where no step (nor the product itself) can under- or overflow; else
    ``((p, e), shifts)``: those of the factors' fractions (in ``[0.5, 1)``: a product in
    ``[0.25, 1)``) and the sums of their exponents."""
    values = np.ravel(np.asarray(values, dtype=np.float64))
    weights = np.ravel(np.asarray(weights, dtype=np.float64))
    with np.errstate(all="ignore"):
        product, error = _two_product(values, weights)
        size = np.abs(product)
        tiny = size < _TINY
    if max(np.abs(values).max(initial=0), np.abs(weights).max(initial=0)) < _HUGE and (
            size.max(initial=0) < _HUGE_PRODUCT) and not (
            tiny.any() and ((values[tiny] != 0) & (weights[tiny] != 0)).any()):
        return (product, error), None
    value_fraction, value_exponent = np.frexp(values)
    weight_fraction, weight_exponent = np.frexp(weights)
    return (_two_product(value_fraction, weight_fraction),
            value_exponent.astype(np.int64) + weight_exponent)


def exact_totals_by(index, values, size, shifts=None):
    """The exact sums of the finite float64 ``values`` (times ``2**shifts``, when given:
    then each value is 0 or normal, at least ``2**-110`` in magnitude (the product of two
    fractions or its error), and each shift at least -2146) per ``index``
    (integers in ``[0, size)``), as an object array of ``size`` Python integers in units
    of ``2**-_UNIT``: the bins of :func:`exact_total` per (index, sign and exponent)
    pair, with the exponents that occur numbered densely, so one bincount per part covers
    them.

    Examples
    --------
    >>> import numpy as np
    >>> from metrics_sk._exact import exact_totals_by, rounded_all
    >>> values = np.array([1e16, 2.5, 1.0, 1.0])  # np.sum(values[[0, 2, 3]]) is 1e16
    >>> rounded_all(exact_totals_by(np.array([0, 1, 0, 0]), values, 2)).tolist()
    [1.0000000000000002e+16, 2.5]
    """
    flat = np.ascontiguousarray(values, dtype=np.float64).reshape(-1).view(np.uint64)
    index = np.ravel(index)
    n = flat.shape[0]
    out = np.zeros(size, dtype=object)
    if n == 0:
        return out
    shifts = None if shifts is None else np.ravel(shifts)
    n_tops = 4096 if shifts is None else 2 * _SPAN
    block = 1 << 16  # blocks of the passes below: their temporaries stay in cache
    seen = np.zeros(n_tops, dtype=np.int64)
    for first in range(0, n, block):
        seen += np.bincount(_tops(flat, shifts, first, first + block), minlength=n_tops)
    ids = np.flatnonzero(seen)
    lookup = np.zeros(n_tops, dtype=np.int64)
    lookup[ids] = np.arange(ids.shape[0])
    width = ids.shape[0]
    step = max(1, min(width, max(_BINS, 2 * n) // max(size, 1)))
    if step == width:  # every (index, exponent) bin in one bincount, block by block
        bins = size * width
        block = max(block, 2 * bins)
        sums, done = np.zeros((3, bins)), 0
        for first in range(0, n, block):
            bits = flat[first:first + block]
            if done + bits.shape[0] > _FLUSH:  # keep the float64 bin sums exact
                _flush(sums, ids, width, shifts is not None, out)
                sums[:], done = 0, 0
            key = np.multiply(index[first:first + block], width, dtype=np.int64)
            key += lookup[_tops(flat, shifts, first, first + block)]
            _bin_sums(key, bits, bins, sums)
            done += bits.shape[0]
        _flush(sums, ids, width, shifts is not None, out)
        return out
    # many indices: a few exponents at a time
    exponent_id = lookup[_tops(flat, shifts, 0, n)]
    for first in range(0, width, step):
        mine = (exponent_id >= first) & (exponent_id < first + step)
        part_width = min(step, width - first)
        key = np.multiply(index[mine], part_width, dtype=np.int64)
        key += exponent_id[mine] - first
        _add_bins(key, flat[mine], size * part_width, ids[first:first + part_width],
                  part_width, shifts is not None, out)
    return out


def _tops(flat, shifts, start, stop):
    """The bin of each float of ``flat[start:stop]`` (their bits): its sign and biased
    exponent; with ``shifts``, the sign and the biased exponent plus the shift (bin 0: the
    zeros)."""
    bits = flat[start:stop]
    if shifts is None:
        return (bits >> np.uint64(52)).astype(np.intp)
    biased = ((bits >> np.uint64(52)) & np.uint64(0x7FF)).astype(np.intp)
    top = biased + shifts[start:stop] + _OFF
    top[biased == 0] = 0
    top += (bits >> np.uint64(63)).astype(np.intp) * _SPAN
    return top


def _bin_sums(key, bits, bins, sums):
    """Add the count and the sums of the fractions' two 26-bit halves of the floats
    ``bits`` per bin ``key`` into ``sums``."""
    sums[0] += np.bincount(key, minlength=bins)
    sums[1] += np.bincount(key, weights=((bits >> np.uint64(26)) & _HALF).astype(np.float64),
                           minlength=bins)
    sums[2] += np.bincount(key, weights=(bits & _HALF).astype(np.float64), minlength=bins)


def _add_bins(key, bits, bins, ids, width, shifted, out):
    """Count and sum the fractions' two halves of the floats ``bits`` per bin ``key``
    (index * width + exponent id), flushed into the integers ``out`` every ``_FLUSH``
    floats, while the float64 bin sums are exact."""
    for start in range(0, key.shape[0], _FLUSH):
        sums = np.zeros((3, bins))
        _bin_sums(key[start:start + _FLUSH], bits[start:start + _FLUSH], bins, sums)
        _flush(sums, ids, width, shifted, out)


def _flush(sums, ids, width, shifted, out):
    """Add the per-(index, exponent) bins ``sums`` into the integers ``out``."""
    nonzero = np.flatnonzero(sums[0])
    where, which = np.divmod(nonzero, width)
    for b, i, j in zip(nonzero.tolist(), where.tolist(), which.tolist()):
        count, high, low = (int(v) for v in sums[:, b])
        top = int(ids[j])
        if shifted:  # normal values times 2**shift, or zeros (bin 0)
            exponent, negative = top % _SPAN, top >= _SPAN
            if exponent == 0:
                continue
            mantissas = (high << 26) + low + (count << 52)
            shift = exponent - _OFF - 1075 + _UNIT
            # (negative for the error of a product: its low bits are zeros, the shift exact)
            mantissas = mantissas << shift if shift >= 0 else mantissas >> -shift
        else:
            e, negative = top & 0x7FF, top & 0x800
            mantissas = (high << 26) + low + (count << 52 if e else 0)
            mantissas <<= max(e - 1, 0) + _FLOAT_SHIFT
        out[i] += -mantissas if negative else mantissas


def rounded_all(totals):
    """The floats nearest to the integers ``totals`` (units of ``2**-_UNIT``), ±inf beyond
    the largest float: an array of the same shape."""
    return np.array([rounded(t) for t in np.ravel(totals).tolist()],
                    dtype=np.float64).reshape(np.shape(totals))


def exact_of(values):
    """The integers (units of ``2**-_UNIT``) of finite float or integer ``values``: an
    object array of the same shape, exact."""
    values = np.asarray(values)
    if values.dtype.kind in "biu":
        flat = [int(v) << _UNIT for v in values.ravel().tolist()]
    else:
        flat = []
        for v in values.astype(np.float64).ravel().tolist():
            fraction, exponent = math.frexp(v)
            flat.append(int(fraction * (1 << 53)) << (exponent - 53 + _UNIT))
    out = np.empty(values.shape, dtype=object)
    out.ravel()[:] = flat if flat else []
    return out


def ratio(numerator, denominator):
    """The float nearest to ``numerator / denominator`` of two :class:`ExactSum` (one
    rounding, whatever their size: no quotient of subnormal or infinite floats).
    ZeroDivisionError for a zero denominator."""
    if numerator.special != 0.0 or denominator.special != 0.0:
        return float(numerator) / float(denominator)
    try:
        return numerator.total / denominator.total
    except OverflowError:
        return math.inf if (numerator.total > 0) == (denominator.total > 0) else -math.inf
