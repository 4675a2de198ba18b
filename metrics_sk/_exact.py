"""Exactly rounded sums: the same bits whatever the order, the batching or the partitioning.

A float sum rounds after every addition, so its last bits depend on the order of the
terms: a stream of batches, the partitions of a Dask collection and one call over the
whole array each add in their own order. Here a sum is kept exactly instead, and
rounded once, at the end: the result is the float nearest to the true sum of the
terms, whatever the order in which they came.

Every finite float64 is an integer multiple of ``2**-1074`` (the smallest subnormal),
so an exact sum is a Python integer ``N`` with value ``N * 2**-1074``. Merging two
exact sums adds their integers; :func:`rounded` divides by ``2**1074`` once, correctly
rounded (Python's integer true division rounds to nearest, ties to even). Infinite and
NaN terms are kept aside: an exact sum holding one gives what a float sum would (inf,
-inf, or NaN for both or a NaN).

The vectorized step, :func:`exact_total`: a float's top 12 bits (its sign and biased
exponent) are a bin; per bin, ``np.bincount`` counts the floats and sums the high and the
low 26 bits of their 52-bit fractions, exactly (float64 sums of at most ``2**26``
integers below ``2**26`` stay below ``2**53``: the bins are flushed into a Python
integer every ``2**26`` floats). The few non-empty bins are then combined in Python
integers. Blocks of ``2**15`` floats keep the temporaries in cache: about 15 times
the cost of ``np.sum``, never a Python loop per term.
"""

import numpy as np

#: The exponent of the smallest subnormal float64: every finite float is a multiple.
_SCALE = 1074
_FLUSH = 1 << 26  # float64 sums of so many integers below 2**26 are exact
_BLOCK = 1 << 15  # a block's temporaries stay in cache, and are not paged in afresh
_HALF = np.uint64((1 << 26) - 1)


class ExactSum:
    """The exact sum of some floats: merge with ``+``, round with ``float()``.

    ``total``: the sum as an integer multiple of ``2**-1074``; ``special``: the sum of
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
    """The float nearest to ``total * 2**-1074`` (ties to even); ``special`` (an inf or a
    NaN, or 0.0) takes over when it is not 0.0. Beyond the largest float: ±inf."""
    if special != 0.0:
        return float(special)
    try:
        return total / (1 << _SCALE)
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
        return ExactSum(exact_total(values))
    special = float(np.sum(values[~finite]))
    return ExactSum(exact_total(values[finite]), special)
