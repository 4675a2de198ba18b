"""Ranking kernels: ROC AUC (weighted Mann-Whitney), AUC mu and trapezoidal PR AUC.

Pure numpy functions of already validated arrays: ``codes`` are class positions in
``[0, n_classes)``, ``scores`` are finite floats, ``weights`` are non-negative or None.
The public functions in :mod:`metrics_sk._scores` and :mod:`metrics_sk.catboost`
validate their inputs and call these; the conventions where the two differ (the value
of an AUC with an empty side, the tie tolerance of PR AUC, how AUC mu's score
differences are rounded) are parameters here.

Cost: each ranking is one sort and linear passes, never an O(n^2) step.

* Unweighted rankings (binary AUC, each pair of AUC mu, each column of one-vs-all ROC
  AUC, PR AUC below 8192 scores or with a tie tolerance) sort int64 keys
  ``2 k(s) + flag``: ``k`` maps the scores, scaled by a power of two into (-2, 2)
  (exact), to integers in the same order (equal scores, equal
  keys; -0.0 and 0.0 the same), and the lowest bit says whether the sample is a
  positive. One in-place ``np.sort`` of the keys (SIMD quicksort, as ``np.sort`` of the
  scores), then a pass: positives follow the negatives they tie with, so the negatives
  below or tied with each positive are its position minus its rank among positives;
  tied pairs are counted per group of equal keys only where a positive and a negative
  tie. PR AUC needs only the groups holding positives: the curve is flat elsewhere.
  Work buffers are allocated once per call, not once per pair or column (a fresh
  megabyte array costs more in page faults than a pass over it).
* Unweighted PR AUC of columns from 8192 scores, without tie tolerance, sorts only the
  positives: for each distinct positive score it needs the negatives at or above it and
  those equal to it. Each negative is placed among the positives through a table of
  4n to 8n buckets (at most 2^20) of the integer keys of the floats (their bits, negated
  for negative floats: an order-keeping map, -0.0 and 0.0 the same) over the range of
  the positives: a bucket without positives gives the count directly, a negative in a
  bucket with positives is compared with them (few: they are adjacent in sorted order),
  a binary search only past 8 of them. Exact (every comparison is on the floats
  themselves, the buckets only narrow them), and a gather, a bincount and linear passes
  instead of a sort of the column.
* Weighted rankings: one ``argsort`` of the scores (the weights must follow), then per
  group of tied scores the weight sums (``np.add.reduceat``, no cancellation):
  ``U = sum_g W+_g (W-_below(g) + W-_g / 2)``; PR AUC from cumulative weights.
* Scores spanning more than about 2^1000 (a tiny non-zero score next to a huge one)
  cannot be scaled exactly: then the binary AUC sorts each side and counts by binary
  search, and the key-sorting PR AUC takes the weighted path with unit weights (the
  bucket placer needs no scaling).
"""

import math

import numpy as np

from ._exact import exact_sum


def _dot(a, b):
    """``a . b`` by numpy's pairwise sum: a BLAS ``dot`` call can cost 100x more on a
    busy machine (its threads wait for cores) for the same O(n) work."""
    return float((a * b).sum())


def unit_scaled(weights):
    """``weights`` times the power of two that brings the largest ``|w|`` to [0.5, 1)
    (zeros stay zeros). Exact, and ratios of sums of products of the weights are
    unchanged bit for bit, unless a product under- or overflowed: then the scaled ones
    do not (equal weights of 1e-300, or 5e-324, give the unweighted values)."""
    return np.ldexp(weights, -weight_exponent(weights))


def weight_exponent(weights):
    """The exponent ``e`` with the largest ``|w|`` in [2**(e-1), 2**e) (0 when there is no
    non-zero weight): :func:`unit_scaled` divides the weights by ``2**e``."""
    return math.frexp(float(np.max(np.abs(weights), initial=0)))[1]


def _group_starts(ascending, tie_tolerance=0.0):
    """First index of each group of tied values of an ascending array: a new group
    starts where the gap to the previous value is above 0 (``tie_tolerance`` 0) or at
    least ``tie_tolerance``."""
    if tie_tolerance > 0:
        with np.errstate(over="ignore"):  # an infinite gap breaks, as it should
            breaks = ascending[1:] - ascending[:-1] >= tie_tolerance
    else:
        breaks = ascending[1:] != ascending[:-1]
    return np.concatenate(([0], np.flatnonzero(breaks) + 1))


def _shrink(values, limit, out=None):
    """``(values * scale, scale)`` with ``scale`` a power of two such that every
    ``|value * scale| < limit`` (a power of two), and the products exact; ``scale`` is 1
    when the values are already below. None when a non-zero value would lose digits
    (it would become subnormal: the values span more than about 2^1000)."""
    if values.size == 0:
        return values, 1.0
    top = max(float(values.max()), -float(values.min()))
    if top < limit:
        return values, 1.0
    shift = math.frexp(top)[1] - math.frexp(limit)[1] + 1  # top < 2^shift * limit
    tiny = math.ldexp(1.0, shift - 1022)  # |v| >= tiny stays normal after the scaling
    small = np.count_nonzero(values < tiny) - np.count_nonzero(values <= -tiny)
    if small and small != np.count_nonzero(values == 0):
        return None
    scale = math.ldexp(1.0, -shift)
    return np.multiply(values, scale, out=out), scale


class _Keys:
    """Work buffers for sorting the flagged keys of up to ``size`` scores (see the
    module docstring), reused for every pair or column of one call."""

    def __init__(self, size):
        self.keys = np.empty(size, np.int64)
        self.temp = np.empty(size, np.int64)
        self.mask = np.empty(size, np.bool_)
        self.index = None  # 0, 1, ..., size - 1 once a ROC AUC needs it

    def sort(self, values, flags=None, n_flagged=0):
        """Ascending keys ``2 k(v) + flag`` of ``values`` (all ``|v| < 2``), sorted in
        place in the buffer: ``flags`` a boolean mask, or the first ``n_flagged``."""
        m = values.shape[0]
        bits = values.view(np.int64)
        sign = np.right_shift(bits, 63, out=self.temp[:m])
        keys = np.bitwise_xor(bits, sign, out=self.keys[:m])
        np.subtract(keys, sign, out=keys)  # sign and magnitude -> two's complement
        np.left_shift(keys, 1, out=keys)  # |k| < 2^62: no overflow
        if flags is None:
            np.bitwise_or(keys[:n_flagged], 1, out=keys[:n_flagged])
        else:
            np.bitwise_or(keys, flags, out=keys)
        keys.sort()
        return keys

    def starts(self, keys, tie_tolerance=0.0, scale=1.0):
        """Mask of the first sorted key of each group of tied scores: equal scores, or
        (``tie_tolerance`` > 0) a gap to the previous score below ``tie_tolerance``."""
        m = keys.shape[0]
        value = np.right_shift(keys, 1, out=self.temp[:m])
        change = self.mask[:m]
        change[:1] = True
        if tie_tolerance > 0:
            score = _key_values(value, scale)
            with np.errstate(over="ignore"):
                np.greater_equal(score[1:] - score[:-1], tie_tolerance, out=change[1:])
        else:
            np.not_equal(value[1:], value[:-1], out=change[1:])
        return change

    def counts_at_thresholds(self, keys, scale=1.0, integers=False):
        """``(fps, tps, thresholds)`` from the sorted keys of a column (flag 1: positive):
        the negatives and positives at or above each distinct score, from the highest
        score down, and the scores (unscaled by ``scale``). ``keys`` may be overwritten.
        ``integers``: the counts as int64, the two rows of one ``(2, R)`` array (else
        float64, the same exact values)."""
        m = keys.shape[0]
        change = self.starts(keys)
        if change.all():  # every score distinct (continuous scores): a threshold per sample
            # (integer sums, then floats: a float cumsum is several times slower)
            flags = np.bitwise_and(keys[::-1], 1, out=self.temp[:m])
            if integers:
                fps, tps = np.empty((2, m), dtype=np.int64)
                np.cumsum(flags, out=tps)
                np.cumsum(np.subtract(1, flags, out=fps), out=fps)
            else:
                tps = np.cumsum(flags, out=flags).astype(np.float64)
                fps = np.arange(1.0, m + 1.0)
                np.subtract(fps, tps, out=fps)
            value = np.right_shift(keys, 1, out=keys)[::-1]
            return fps, tps, _key_values(value, scale, out=value.view(np.float64),
                                         mask=self.mask[:m])
        starts = np.flatnonzero(change)
        pos = np.add.reduceat(np.bitwise_and(keys, 1, out=self.temp[:m]), starts)[::-1]
        size = np.diff(starts, append=m)[::-1]
        fps, tps = np.empty((2, pos.shape[0]), dtype=np.int64 if integers else np.float64)
        np.cumsum(pos, out=tps)  # (integer sums, cast as they are stored)
        np.cumsum(size, out=fps)
        np.subtract(fps, tps, out=fps)
        return fps, tps, _key_values(keys[starts[::-1]] >> 1, scale)

    def twice_wins(self, keys, n_pos):
        """Twice the (positive, negative) pairs won by the positive, ties 1/2, from the
        sorted keys of both sides (flag 1: positive, ``n_pos`` of them)."""
        m = keys.shape[0]
        if self.index is None:
            self.index = np.arange(self.keys.shape[0])
        flags = np.bitwise_and(keys, 1, out=self.temp[:m])
        # a positive at position p has p - rank negatives below or tied with it
        below_or_tied = int(np.multiply(flags, self.index[:m], out=flags).sum()) \
            - n_pos * (n_pos - 1) // 2
        pair = np.bitwise_xor(keys[1:], keys[:-1], out=self.temp[:m - 1])
        if not np.equal(pair, 1, out=self.mask[:m - 1]).any():  # no negative 2k, positive 2k+1
            return 2 * below_or_tied
        starts = np.flatnonzero(self.starts(keys))
        pos = np.add.reduceat(np.bitwise_and(keys, 1, out=self.temp[:m]), starts)
        tied = pos * (np.diff(starts, append=m) - pos)  # per group: positives x negatives
        return 2 * below_or_tied - int(tied.sum())

    def pr_area(self, keys, tie_tolerance=0.0, scale=1.0, step=False):
        """Trapezoidal PR AUC (``step``: average precision) from the sorted keys of a
        column (flag 1: positive); NaN without positives."""
        m = keys.shape[0]
        positive = np.not_equal(np.bitwise_and(keys, 1, out=self.temp[:m]), 0,
                                out=self.mask[:m])
        at = np.flatnonzero(positive)  # ascending positions of the positives
        n_pos = at.shape[0]
        if n_pos == 0:
            return np.nan
        inner = at[1:] if at[0] == 0 else at
        if tie_tolerance == 0 and not ((keys[inner - 1] >> 1) == (keys[inner] >> 1)).any():
            first_rank = last_rank = np.arange(n_pos)  # each positive its own group
            first, end = at, at + 1
        else:
            change = self.starts(keys, tie_tolerance, scale)
            group = np.cumsum(change, out=self.temp[:m])[at] - 1  # group of each positive
            starts = np.append(np.flatnonzero(change), m)
            first_rank = np.flatnonzero(np.diff(group, prepend=-1))
            last_rank = np.append(first_rank[1:] - 1, n_pos - 1)
            group = group[first_rank]
            first, end = starts[group], starts[group + 1]
        return _rank_pr_area(n_pos, first_rank, last_rank, m - first, m - end, step)


def _key_values(value, scale, out=None, mask=None):
    """The scores back from their keys without the flag (``keys >> 1``, overwritten):
    two's complement -> sign and magnitude bits, divided by the ``scale`` of
    :func:`_shrink` (a power of two: exact). -0.0 comes back as 0.0. ``out``: where the
    scores go (``value.view(np.float64)``: in place); ``mask``: a boolean buffer of the
    length of ``value`` to use (else a new one)."""
    negative = np.less(value, 0, out=mask)
    np.negative(value, out=value, where=negative)  # (|value| < 2**62: no overflow)
    np.bitwise_or(value, np.int64(np.iinfo(np.int64).min), out=value, where=negative)
    return np.divide(value.view(np.float64), scale, out=out)


def _mann_whitney_searched(pos, neg):
    """Twice the pairs won by the positive, ties 1/2: each side sorted, and one binary
    search per positive for the negatives below and tied with it (scores that
    :func:`_shrink` cannot scale)."""
    neg_sorted = np.sort(neg)
    pos_sorted = np.sort(pos)  # sorted needles make the binary searches cache-friendly
    left = np.searchsorted(neg_sorted, pos_sorted, "left")  # negatives below each positive
    tied = neg_sorted[np.minimum(left, neg_sorted.shape[0] - 1)] == pos_sorted
    twice = 2 * int(left.sum())
    if tied.any():  # + the negatives equal to each tied positive
        twice += int((np.searchsorted(neg_sorted, pos_sorted[tied], "right")
                      - left[tied]).sum())
    return twice


def _unweighted_auc(work, values, flags, n_pos, *, empty=np.nan):
    """ROC AUC of ``values`` (a buffer of the caller's: scaled in place) with the
    positives ``flags`` (a mask), or the first ``n_pos`` (``flags`` None)."""
    n = values.shape[0]
    if n_pos == 0 or n_pos == n:
        return empty
    shrunk = _shrink(values, 2.0, out=values)
    if shrunk is None:
        pos, neg = (values[:n_pos], values[n_pos:]) if flags is None else (
            values[flags], values[~flags])
        twice = _mann_whitney_searched(pos, neg)
    else:
        twice = work.twice_wins(work.sort(shrunk[0], flags, n_pos), n_pos)
    return auc_of_twice_wins(twice, n_pos, n - n_pos)


def _mann_whitney_weighted(pos, neg, pos_weight, neg_weight):
    """``sum_{p,n} w_p w_n ([s_p > s_n] + [s_p = s_n] / 2) / (W_pos W_neg)`` by one sort
    of both sides.

    In [0, 1] whatever the rounding: the denominator is the numerator's own sum with
    every positive group's factor replaced by the total negative weight ``W_neg`` (the
    last cumulative sum, at least each ``W-_below + W-_g / 2`` as rounded), and rounding
    is monotonic; equal to 1 exactly when every positive outscores every negative."""
    values = np.concatenate((pos, neg))
    order = np.argsort(values)
    ranked = values[order]
    is_pos = order < pos.shape[0]
    w = np.concatenate((pos_weight, neg_weight))[order]
    starts = _group_starts(ranked)
    w_pos = np.add.reduceat(np.where(is_pos, w, 0.0), starts)  # per group of ties
    w_neg = np.add.reduceat(np.where(is_pos, 0.0, w), starts)
    return groups_auc(w_pos, w_neg)


def groups_auc(w_pos, w_neg):
    """``sum_g W+_g (W-_below(g) + W-_g / 2) / (W_pos W_neg)`` from the weights of the
    positives and negatives of each group of tied scores, ascending (each side
    normalised to about 1 by the caller, as :func:`mann_whitney` does): the weighted ROC
    AUC of :func:`_mann_whitney_weighted`, in [0, 1] whatever the rounding."""
    neg_cum = np.cumsum(w_neg)
    neg_below = np.concatenate(([0.0], neg_cum[:-1]))
    return _dot(w_pos, neg_below + w_neg / 2) / _dot(w_pos, np.full_like(w_pos, neg_cum[-1]))


def mann_whitney(pos, neg, pos_weight=None, neg_weight=None, *, empty=np.nan):
    """Weighted probability that a positive outscores a negative, ties counted 1/2.

    ``sum_{p,n} w_p w_n ([s_p > s_n] + [s_p = s_n] / 2) / (W_pos W_neg)``, which is the
    area under the ROC curve. ``empty`` is returned when a side has no samples; a side
    whose weights sum to 0 gives NaN.
    """
    if pos.shape[0] == 0 or neg.shape[0] == 0:
        return empty
    if pos_weight is None and neg_weight is None:
        values = np.concatenate((pos, neg), dtype=np.float64)
        return _unweighted_auc(_Keys(values.shape[0]), values, None, pos.shape[0])
    if pos_weight is None:
        pos_weight = np.ones(pos.shape[0])
    if neg_weight is None:
        neg_weight = np.ones(neg.shape[0])
    # float64 weights (integer weights near the int64 limit would wrap), each side
    # normalised to about 1 (the product of the totals may overflow)
    pos_weight, neg_weight = (np.asarray(w, dtype=np.float64) for w in (pos_weight, neg_weight))
    pos_total, neg_total = pos_weight.sum(), neg_weight.sum()
    if pos_total == 0 or neg_total == 0:
        return np.nan
    return _mann_whitney_weighted(pos, neg, pos_weight / pos_total, neg_weight / neg_total)


def _merged_counts(first, second):
    """For sorted ``first`` and ``second``: how many of ``second`` are below each element
    of ``first``, and how many of ``first`` are at most each element of ``second``. One
    stable sort of the two runs (a merge; on ties ``first`` comes first)."""
    order = np.argsort(np.concatenate((first, second)), kind="stable")
    where = np.empty_like(order)
    where[order] = np.arange(order.size)
    return (where[:first.size] - np.arange(first.size),
            where[first.size:] - np.arange(second.size))


def placements(pos, neg, pos_weight=None, neg_weight=None, *, keep_order=True):
    """DeLong's placement values from one sort of each side (Sun and Xu, 2014).

    Returns ``(v10, v01)``: ``v10[i]``, the weighted fraction of the negatives that
    positive ``i`` outscores (ties 1/2), and ``v01[j]``, the weighted fraction of the
    positives that outscore negative ``j`` (ties 1/2). The AUC is the weighted mean of
    ``v10`` over the positives and of ``v01`` over the negatives. The values follow the
    input order, except with ``keep_order=False`` and no weights: then they follow the
    sorted scores, which saves the index sorts (a paired comparison needs the order, a
    variance does not). Both sides must be non-empty with a positive total weight.
    """
    keep_order = keep_order or pos_weight is not None or neg_weight is not None
    sides = []
    for values, weights in ((pos, pos_weight), (neg, neg_weight)):
        if keep_order:
            order = np.argsort(values)
            ordered = values[order]
        else:
            order, ordered = None, np.sort(values)
        # cumulative weights from 0; without weights the counts themselves
        cum = None if weights is None else np.concatenate(([0.0], np.cumsum(weights[order])))
        sides.append((order, ordered, cum))
    (p_order, p_sorted, p_cum), (n_order, n_sorted, n_cum) = sides
    neg_below, pos_at_most = _merged_counts(p_sorted, n_sorted)
    pos_below, neg_at_most = _merged_counts(n_sorted, p_sorted)
    if p_cum is None:
        v10 = (neg_below + neg_at_most) / (2.0 * n_sorted.shape[0])
        v01 = 1.0 - (pos_below + pos_at_most) / (2.0 * p_sorted.shape[0])
    else:
        v10 = (n_cum[neg_below] + n_cum[neg_at_most]) / (2.0 * n_cum[-1])
        v01 = 1.0 - (p_cum[pos_below] + p_cum[pos_at_most]) / (2.0 * p_cum[-1])
    if not keep_order:
        return v10, v01
    out10, out01 = np.empty_like(v10), np.empty_like(v01)
    out10[p_order], out01[n_order] = v10, v01
    return out10, out01


def _split(values, mask, weights):
    """``values`` and ``weights`` where ``mask`` holds and where it does not."""
    if weights is None:
        return values[mask], values[~mask], None, None
    return values[mask], values[~mask], weights[mask], weights[~mask]


def one_vs_all_auc(codes, scores, weights=None, *, empty=np.nan):
    """ROC AUC of column ``k`` of ``scores`` with class ``k`` positive, for every ``k``.

    A sample whose code is outside ``[0, n_classes)`` is a negative of every class."""
    n, n_classes = scores.shape
    out = np.empty(n_classes)
    if weights is not None:
        for k in range(n_classes):
            pos, neg, pos_w, neg_w = _split(scores[:, k], codes == k, weights)
            out[k] = mann_whitney(pos, neg, pos_w, neg_w, empty=empty)
        return out
    work, is_pos, column = _Keys(n), np.empty(n, np.bool_), np.empty(n)
    for k in range(n_classes):
        np.equal(codes, k, out=is_pos)
        np.copyto(column, scores[:, k])  # one strided read, then contiguous passes
        out[k] = _unweighted_auc(work, column, is_pos, np.count_nonzero(is_pos),
                                 empty=empty)
    return out


def mu_dot_products(scores, cost_matrix=None):
    """AUC mu's ``D = scores @ cost_matrix.T`` (``D_r = sum_k M[r, k] a_k``) and the sign
    of each pair, ``sign(M[i, j] + M[j, i])``, for :func:`auc_mu`. Without a cost matrix
    ``D = scores`` with signs -1: pairs rank by ``a_i - a_j``, exactly."""
    if cost_matrix is None:
        n_classes = scores.shape[1]
        return scores, -np.ones((n_classes, n_classes))
    return scores @ cost_matrix.T, np.sign(cost_matrix + cost_matrix.T)


def _class_blocks(dot, members):
    """The rows of ``dot`` of each class, transposed: ``blocks[c][r]`` is column ``r`` on
    the rows ``members[c]``, contiguous. Gathered and transposed a few thousand rows at a
    time, so that the gathered rows are still in cache when they are transposed."""
    rows = np.concatenate(members)
    transposed = np.empty((dot.shape[1], rows.shape[0]))
    chunk = max(64, 2 ** 16 // dot.shape[1])
    gathered = np.empty((min(chunk, rows.shape[0]), dot.shape[1]))
    for start in range(0, rows.shape[0], chunk):
        part = rows[start:start + chunk]
        transposed[:, start:start + part.shape[0]] = np.take(
            dot, part, axis=0, out=gathered[:part.shape[0]]).T
    ends = np.cumsum([block.shape[0] for block in members])
    return [transposed[:, end - block.shape[0]:end] for end, block in zip(ends, members)]


def auc_mu(codes, dot, pair_sign, weights=None):
    """AUC mu (Kleiman and Page, 2019) with CatBoost's conventions, from ``dot = D``.

    The pair ``i < j`` ranks the samples of classes i (positive) and j by
    ``D_j - D_i``, negated when ``pair_sign[i, j] < 0``; the pair is worth 1/2 when the
    sign is 0. A pair with a class that has no samples is worth 0. The result is
    ``2 / (K (K - 1))`` times the sum. ``dot`` and ``pair_sign`` come from
    :func:`mu_dot_products`, or from CatBoost's own rounding of ``D``.
    """
    n_classes = dot.shape[1]
    members = [np.flatnonzero(codes == k) for k in range(n_classes)]
    sizes = [rows.shape[0] for rows in members]
    blocks = _class_blocks(dot, members)
    block_weights = [None if weights is None else weights[rows] for rows in members]
    if weights is None:  # buffers for the largest pair
        largest = sum(sorted(sizes)[-2:])
        work, pair = _Keys(largest), np.empty(largest)
    total = 0.0
    for i in range(n_classes):
        for j in range(i + 1, n_classes):
            if sizes[i] == 0 or sizes[j] == 0:
                continue
            if pair_sign[i, j] == 0:
                total += 0.5
                continue
            high, low = (j, i) if pair_sign[i, j] > 0 else (i, j)  # rank by D_high - D_low
            if weights is None:
                values = pair[:sizes[i] + sizes[j]]
                np.subtract(blocks[i][high], blocks[i][low], out=values[:sizes[i]])
                np.subtract(blocks[j][high], blocks[j][low], out=values[sizes[i]:])
                total += _unweighted_auc(work, values, None, sizes[i])
            else:
                total += mann_whitney(blocks[i][high] - blocks[i][low],
                                      blocks[j][high] - blocks[j][low],
                                      block_weights[i], block_weights[j])
    return 2.0 * total / (n_classes * (n_classes - 1))


def _pr_area(tp, predicted, step=False):
    """Trapezoidal area of the precision-recall curve through ``(0, 1)`` and the points
    of cumulative ``tp`` and ``predicted`` (= tp + fp), from the highest threshold down.

    The recall steps are the true-positive weight of each point, divided once by their
    own (exactly rounded) sum: the area is then at most 1 whatever the rounding (each precision is at most
    1, rounding is monotonic), and exactly 1 when every precision is 1. ``step``: the
    average precision, ``sum_k (R_k - R_{k-1}) P_k``, instead of the trapezoids. The
    terms are summed exactly rounded (:func:`metrics_sk._exact.exact_sum`): any split of
    them (Dask ranges, ``metrics_sk/_dask_ranking.py``) gives the same bits."""
    precision = np.divide(tp, predicted, out=np.ones_like(tp), where=predicted > 0)
    steps = np.diff(tp, prepend=0.0)
    if step:
        return exact_sum(steps * precision) / exact_sum(steps)
    precision = np.concatenate(([1.0], precision))
    return exact_sum(steps * (precision[1:] + precision[:-1])) / (2 * exact_sum(steps))


def pr_terms(tp, tp_above, predicted, above, step=False):
    """The terms of the PR AUC (``step``: of the average precision) of the groups of tied
    scores holding positives: per group the positives at or above it (``tp``), strictly
    above it (``tp_above``), and the samples at or above it (``predicted``) and above it
    (``above``), integers or floats holding integers. The term of a group is its recall
    step (``tp - tp_above``, not yet divided by the positives) times its precision
    (``step``), or times the sum of its precision and that of the point above it.
    :func:`pr_of_terms` turns their exact sum into the area. Any set of groups can be
    evaluated apart (the counts are totals, not running sums) and the sums added."""
    tp, tp_above = np.asarray(tp, np.float64), np.asarray(tp_above, np.float64)
    precision = tp / np.asarray(predicted, np.float64)
    if step:
        return (tp - tp_above) * precision
    above = np.asarray(above, np.float64)
    precision_above = np.divide(tp_above, above, out=np.ones_like(above), where=above > 0)
    return (tp - tp_above) * (precision + precision_above)


def pr_of_terms(total, n_pos, step=False):
    """The PR AUC (``step``: average precision) from the exactly rounded sum ``total`` of
    :func:`pr_terms` over every group, ``n_pos`` the positives: the recall steps are
    divided by ``n_pos`` once, so that the area is at most 1, and exactly 1 when every
    precision is 1."""
    return total / n_pos if step else total / (2.0 * n_pos)


def auc_of_twice_wins(twice, n_pos, n_neg):
    """The unweighted ROC AUC from the exact integer ``twice`` (twice the pairs won by the
    positive, ties 1/2) and the sides' sizes."""
    return float(twice / (2.0 * n_pos * n_neg))


def _rank_pr_area(n_pos, first_rank, last_rank, predicted, above, step=False):
    """Trapezoidal PR AUC from the groups of tied scores holding positives, ascending:
    the ranks among the positives of each group's first and last positive, the samples
    at or above the group (``predicted``) and above it (``above``). Only these groups
    move the curve: for each, its point and the point before it (:func:`pr_terms`). The
    recall steps are counted (exact integers) and divided by ``n_pos`` once, so that the
    area is at most 1, and exactly 1 when every precision is 1. ``step``: the average
    precision (each group's recall step times its own precision), instead of the
    trapezoids. The terms are summed exactly rounded: any split of the groups (Dask
    ranges, ``metrics_sk/_dask_ranking.py``) gives the same bits."""
    terms = pr_terms(n_pos - first_rank, n_pos - 1 - last_rank, predicted, above, step)
    return pr_of_terms(exact_sum(terms), n_pos, step)


def pr_area_of_counts(fps, tps, step=False):
    """Trapezoidal PR AUC (``step``: average precision) from the cumulative counts of
    :func:`counts_at_thresholds` (from the highest score down; both sides non-empty):
    exact integer counts through :func:`_rank_pr_area` (the groups holding positives, in
    ascending order, as the unweighted kernels give them), float weights through
    :func:`_pr_area` (every group, from the highest down, as :func:`_weighted_pr_auc`)."""
    if tps.dtype.kind not in "iu":
        return _pr_area(tps, tps + fps, step)
    n_pos = int(tps[-1])
    moved = np.flatnonzero(np.diff(tps, prepend=0))[::-1]  # groups holding positives, ascending
    predicted = tps + fps
    tp, tp_above = tps[moved], np.where(moved > 0, tps[moved - 1], 0)
    above = np.where(moved > 0, predicted[moved - 1], 0)
    return _rank_pr_area(n_pos, n_pos - tp, n_pos - 1 - tp_above, predicted[moved], above,
                         step)


_MAGNITUDE = np.int64(0x7FFF_FFFF_FFFF_FFFF)


def _order_keys(values, out=None):
    """int64 keys in the order of the float ``values``, equal for equal values (-0.0 and
    0.0 too): the bits of ``|v|``, negated for a negative ``v``."""
    bits = values.view(np.int64)
    sign = np.right_shift(bits, 63)  # -1 for a negative float, else 0
    keys = np.bitwise_and(bits, _MAGNITUDE, out=out)
    np.bitwise_xor(keys, sign, out=keys)  # (k ^ -1) - -1 = -k, without a masked pass
    return np.subtract(keys, sign, out=keys)


def _place(ascending, values, start, most, steps=8):
    """How many of the distinct ``ascending`` values are at or below each of ``values``,
    given ``start`` of them below it and at most ``most`` of them between the value and
    the next above it (one bucket's): up to ``steps`` (>= 1) comparisons, then a binary
    search for what is left."""
    ascending = np.append(ascending, np.nan)  # never at or below a value
    step = ascending[start] <= values  # the first comparison without index arrays
    np.add(start, step, out=start, casting="unsafe")
    if most == 1:
        return start
    active = np.flatnonzero(step)
    for _ in range(min(most, steps) - 1):
        active = active[ascending[start[active]] <= values[active]]
        if active.shape[0] == 0:
            return start
        start[active] += 1
    if most > steps:
        start[active] = np.searchsorted(ascending[:-1], values[active], side="right")
    return start


_PLACE_FROM = 8192  # below, the fixed cost of the placer's steps outweighs a sort


class _Placer:
    """Work buffers for the unweighted PR AUC of columns of up to ``size`` scores without
    sorting the negatives (see the module docstring), reused for every column of a call."""

    def __init__(self, size):
        self.log_buckets = min(20, max(4, (4 * size).bit_length()))  # 4 MB at most
        index = np.int32 if size < 2 ** 31 else np.int64
        self.table = np.empty((1 << self.log_buckets) + 1, index)
        self.values = np.empty(size)
        self.keys = np.empty(size, np.int64)
        self.rank = np.empty(size, index)
        self.mask = np.empty(size, np.bool_)

    def _buckets(self, values, base, shift, positive, out=None):
        """Bucket of each value: its key minus ``base``, shifted right by ``shift``."""
        if positive:  # the keys are the bits: one pass fewer
            keys = np.subtract(values.view(np.uint64), np.uint64(base),
                               out=None if out is None else out.view(np.uint64))
        else:
            keys = _order_keys(values, out).view(np.uint64)
            np.subtract(keys, np.uint64(base % 2 ** 64), out=keys)  # below 2^64: exact
        return np.right_shift(keys, np.uint64(shift), out=keys).view(np.int64)

    def pr_area(self, is_pos, scores, step=False):
        """Trapezoidal PR AUC (``step``: average precision) of a column (``is_pos`` its
        positives), NaN without them."""
        positives = scores[is_pos]
        n_pos = positives.shape[0]
        if n_pos == 0:
            return np.nan
        positives.sort()
        change = np.empty(n_pos, np.bool_)
        change[0] = True
        np.not_equal(positives[1:], positives[:-1], out=change[1:])
        first_rank = np.flatnonzero(change)
        last_rank = np.append(first_rank[1:], n_pos) - 1
        distinct = positives[first_rank]  # ascending positive scores, one per group
        n_neg = scores.shape[0] - n_pos
        negatives = np.compress(np.logical_not(is_pos, out=self.mask[:scores.shape[0]]),
                                scores, out=self.values[:n_neg])
        # below every positive or above every positive: the same counts, fewer buckets
        with np.errstate(over="ignore"):  # beyond the largest float: infinite, fine
            low, high = np.nextafter(distinct[0], -np.inf), np.nextafter(distinct[-1], np.inf)
        np.clip(negatives, low, high, out=negatives)
        positive = bool(low > 0)
        base, top = (int(k) for k in _order_keys(np.array([low, high])))
        shift = max(0, (top - base).bit_length() - self.log_buckets)
        n_buckets = ((top - base) >> shift) + 1
        # table[b]: how many distinct positive scores lie in buckets below b, as -1 - that
        # where bucket b holds some (its negatives are compared with them)
        bucket = self._buckets(distinct, base, shift, positive)
        ends = np.flatnonzero(np.diff(bucket, append=n_buckets))
        table = self.table[:n_buckets + 1]
        table.fill(0)
        per_bucket = np.diff(ends, prepend=-1)
        table[bucket[ends] + 1] = per_bucket
        np.cumsum(table, out=table)
        table[bucket] = -1 - table[bucket]
        rank = np.take(table, self._buckets(negatives, base, shift, positive,
                                            out=self.keys[:n_neg]), out=self.rank[:n_neg])
        close = np.flatnonzero(np.less(rank, 0, out=self.mask[:n_neg]))
        near = negatives[close]
        rank[close] = placed = _place(distinct, near, -1 - rank[close],
                                      int(per_bucket.max()))
        # rank: how many distinct positive scores are at or below each negative
        at_or_above = np.cumsum(np.bincount(rank, minlength=distinct.shape[0] + 1)[:0:-1])[::-1]
        below = np.concatenate(([np.nan], distinct))[placed]  # never equal where none
        tied = np.bincount(placed[below == near] - 1, minlength=distinct.shape[0])
        tp, tp_above = n_pos - first_rank, n_pos - 1 - last_rank
        return _rank_pr_area(n_pos, first_rank, last_rank, tp + at_or_above,
                             tp_above + at_or_above - tied, step)


def _weighted_pr_auc(is_pos, scores, weights, tie_tolerance, step=False):
    """PR AUC from one ``argsort`` of the scores and cumulative weights."""
    n = scores.shape[0]
    order = np.argsort(scores)[::-1]
    ranked = scores[order]
    w = unit_scaled(weights)[order]  # (products of subnormal weights would lose digits)
    tp = np.cumsum(np.where(is_pos[order], w, 0.0))
    fp = np.cumsum(np.where(is_pos[order], 0.0, w))
    if tp[-1] == 0:
        return np.nan
    ends = _group_starts(ranked[::-1], tie_tolerance)  # ascending starts = descending ends
    ends = n - 1 - ends[::-1]
    return _pr_area(tp[ends], tp[ends] + fp[ends], step)


def _unweighted_pr_auc(work, is_pos, scores, tie_tolerance, step=False):
    """PR AUC of one column with the buffers of :func:`_pr_work`: a :class:`_Placer`, or
    one sort of the flagged keys (see :meth:`_Keys.pr_area`; ``scores`` is then a buffer
    of the caller's, scaled in place)."""
    if isinstance(work, _Placer):
        return work.pr_area(is_pos, scores, step)
    shrunk = _shrink(scores, 2.0, out=scores)
    if shrunk is None:
        return _weighted_pr_auc(is_pos, scores, np.ones(scores.shape[0]), tie_tolerance, step)
    return work.pr_area(work.sort(shrunk[0], is_pos), tie_tolerance, shrunk[1], step)


def _pr_work(size, tie_tolerance, step=False):
    """The work buffers of the PR AUC of columns of ``size`` scores: a :class:`_Placer`
    for large columns without tie tolerance, else a :class:`_Keys` (fewer steps). The
    average precision (``step``) always sorts the keys: on benchmarks/bench_thresholds.py's
    columns (10 % or 50 % positives, 10^6 scores) one key sort took 15-30 ms where the
    placer took 120-145 ms."""
    if step or tie_tolerance != 0 or size < _PLACE_FROM:
        return _Keys(size)
    return _Placer(size)


def pr_auc(is_pos, scores, weights=None, *, tie_tolerance=0.0, step=False):
    """Area under the precision-recall curve by the trapezoid rule; NaN without positives.

    The curve has one point per group of tied scores, from the highest group down, plus
    ``(recall 0, precision 1)``; precision is 1 where nothing is predicted positive.
    Consecutive sorted scores closer than ``tie_tolerance`` are one group (CatBoost
    uses 1e-8); with 0 only equal scores are. ``step``: the average precision
    ``sum_k (R_k - R_{k-1}) P_k`` over the same points instead of the trapezoids.
    """
    if weights is not None:
        return _weighted_pr_auc(is_pos, scores, weights, tie_tolerance, step)
    return _unweighted_pr_auc(_pr_work(scores.shape[0], tie_tolerance, step), is_pos,
                              scores.astype(np.float64), tie_tolerance, step)


def one_vs_all_pr_auc(codes, scores, weights=None, *, tie_tolerance=0.0, step=False):
    """PR AUC of column ``k`` of ``scores`` with class ``k`` positive, for every ``k``.

    A sample whose code is outside ``[0, n_classes)`` is a negative of every class."""
    n, n_classes = scores.shape
    if weights is not None:
        return np.array([_weighted_pr_auc(codes == k, scores[:, k], weights, tie_tolerance, step)
                         for k in range(n_classes)])
    work, is_pos, column = _pr_work(n, tie_tolerance, step), np.empty(n, np.bool_), np.empty(n)
    out = np.empty(n_classes)
    for k in range(n_classes):
        np.equal(codes, k, out=is_pos)
        np.copyto(column, scores[:, k])  # one strided read, then contiguous passes
        out[k] = _unweighted_pr_auc(work, is_pos, column, tie_tolerance, step)
    return out


def counts_at_thresholds(is_pos, scores, weights=None, *, integers=False):
    """``(fps, tps, thresholds)``: the (weighted) negatives and positives scoring at or
    above each distinct score, from the highest score down, and those scores; float64,
    or (``integers``, unweighted) int64 counts, the same exact values, ``fps`` and
    ``tps`` the two rows of one ``(2, R)`` array (a threshold batch's diagonal takes it
    over: ``metrics_sk/_batch.py``).

    Unweighted: one sort of the flagged keys (:meth:`_Keys.sort`), the counts per group of
    tied keys, cumulated (exact integers), the scores back from the keys. Weighted (zero
    weights already left out by the caller): one stable ``argsort`` from the highest score
    down (ties in input order, the weights follow), cumulative weights at each group's
    last sample."""
    n = scores.shape[0]
    if weights is None:
        work = _Keys(n)
        # a copy, scaled in place, in the buffer its keys replace (one array less to
        # allocate: a fresh megabyte costs more in page faults than a pass over it)
        values = work.keys.view(np.float64)
        np.copyto(values, scores)
        shrunk = _shrink(values, 2.0, out=values)
        if shrunk is not None:
            return work.counts_at_thresholds(work.sort(shrunk[0], is_pos), shrunk[1],
                                             integers)
        weights = np.ones(n)
    order = (n - 1 - np.argsort(scores[::-1], kind="stable"))[::-1]
    ranked = scores[order]
    w = np.asarray(weights, dtype=np.float64)[order]
    positive = is_pos[order]
    tps = np.cumsum(np.where(positive, w, 0.0))
    fps = np.cumsum(np.where(positive, 0.0, w))
    ends = np.append(np.flatnonzero(ranked[1:] != ranked[:-1]), n - 1)
    return fps[ends], tps[ends], ranked[ends].astype(np.float64)



def counts_at_or_above(fps, tps, thresholds, at):
    """``(fps, tps)`` of the predictions ``score >= t`` for each ``t`` of ``at``, from the
    counts of :func:`counts_at_thresholds` (``thresholds`` decreasing): a binary search
    among the distinct scores per ``t``, no pass over the samples; 0 above the highest."""
    j = np.searchsorted(-thresholds, -np.asarray(at, dtype=np.float64), side="right")
    last = np.maximum(j - 1, 0)  # the j distinct scores >= t are the first j
    return np.where(j > 0, fps[last], 0.0), np.where(j > 0, tps[last], 0.0)

# -- rankings from counts per bucket of scores (mergeable: streams and Dask partitions) ----
_TOP = np.uint64(1 << 63)


def score_buckets(scores, bits):
    """The bucket in ``[0, 2**bits)`` of each score (``1 <= bits <= 64``): the top ``bits``
    bits of a 64-bit unsigned key in the order of the float64 values (:func:`_order_keys`
    offset by ``2**63``), so that a higher bucket holds only higher scores, equal scores
    share a bucket, and -0.0 and 0.0 too. With 64 bits each distinct score is a bucket.
    Returns uint64 buckets."""
    keys = _order_keys(np.asarray(scores, dtype=np.float64)).view(np.uint64)
    np.bitwise_xor(keys, _TOP, out=keys)
    return np.right_shift(keys, np.uint64(64 - bits), out=keys)


def key_table(is_pos, scores, weights=None, bits=64):
    """``(keys, pos, neg)``: the buckets of :func:`score_buckets` holding some sample, in
    ascending order (uint64), and the weight of the positives and of the negatives in
    each (int64 counts without ``weights``, else float64 sums in input order). With 64
    bits, one row per distinct score: the exact state of a binary ranking, mergeable
    with :func:`merge_key_tables`."""
    keys, index = np.unique(score_buckets(scores, bits), return_inverse=True)
    m = keys.shape[0]
    if weights is None:
        total = np.bincount(index, minlength=m)
        pos = np.bincount(index[is_pos], minlength=m)
        return keys, pos, total - pos
    w = np.asarray(weights, dtype=np.float64)
    pos = np.bincount(index, weights=np.where(is_pos, w, 0.0), minlength=m)
    neg = np.bincount(index, weights=np.where(is_pos, 0.0, w), minlength=m)
    return keys, pos, neg


def bucket_floors(keys, bits):
    """The lowest float64 of each bucket of :func:`score_buckets` (uint64 ``keys``): with
    64 bits the scores themselves (-0.0 comes back as 0.0), else the bucket's lower edge
    (``-inf`` for a bucket starting below the finite floats)."""
    top = np.left_shift(np.asarray(keys, dtype=np.uint64), np.uint64(64 - bits))
    signed = np.bitwise_xor(top, _TOP).view(np.int64)  # _order_keys' int64 keys
    magnitude = np.minimum(np.abs(signed).view(np.uint64), _INF_BITS)  # (|int64 min|: 2**63)
    values = magnitude.view(np.float64)
    return np.where(signed < 0, -values, values)


_INF_BITS = np.float64(np.inf).view(np.uint64)


def merge_key_tables(*tables):
    """The table of :func:`key_table` of the union of the samples of ``tables`` (one
    bucket width): the keys merged, the weights of equal keys added (integers exactly;
    floats in the order of ``tables``)."""
    keys = np.concatenate([t[0] for t in tables])
    order = np.argsort(keys, kind="stable")
    keys = keys[order]
    starts = np.flatnonzero(np.concatenate(([keys.shape[0] > 0], keys[1:] != keys[:-1])))
    pos, neg = (np.add.reduceat(np.concatenate([t[i] for t in tables])[order], starts)
                if keys.shape[0] else np.concatenate([t[i] for t in tables])
                for i in (1, 2))
    return keys[starts], pos, neg


def table_twice_wins(pos, neg):
    """``(twice_wins, mixed)`` of a ranking given as the weights of its positives ``pos``
    and negatives ``neg`` per bucket, buckets in ascending order of the scores:
    ``twice_wins = sum_b pos_b (2 neg_below_b + neg_b)``, twice the pairs won by the
    positive with the pairs within a bucket counted 1/2, and ``mixed = sum_b pos_b
    neg_b``, the pairs within a bucket. When every bucket holding both a positive and a
    negative holds one distinct score, ``twice_wins / (2 P N)`` is the ROC AUC;
    otherwise it is within ``mixed / (2 P N)`` of it (a pair within a bucket may be won or
    lost). Integer counts give exact Python integers (Python-integer products when
    ``2 P N`` could pass the int64 range: beyond about 4.3e9 samples)."""
    below = np.cumsum(neg)
    below -= neg
    counts = pos.dtype.kind in "iu"
    if counts and 2 * int(pos.sum()) * int(neg.sum()) >= 2**63:
        pos, neg, below = (a.astype(object) for a in (pos, neg, below))
    if not counts:  # (a float ``@`` calls BLAS: see _dot)
        mixed = _dot(pos, neg)
        return 2 * _dot(pos, below) + mixed, mixed
    mixed = pos @ neg
    return int(2 * (pos @ below) + mixed), int(mixed)


# -- many weightings of one ranking (bootstrap replicates as integer weights) ---------------
class SortedRanking:
    """One sort of ``values`` with positives ``is_pos``, evaluated under many weightings
    ``weights`` of shape ``(R, n)`` (e.g. bootstrap replicates as multinomial counts used
    as integer weights) without sorting again: one gather and one cumulative sum per
    weighting, then the groups of tied values that hold positives (the ROC AUC sums over
    them, and only they move the precision-recall curve, as in :func:`_rank_pr_area`).

    :meth:`evaluate` gives, per row, :func:`_mann_whitney_weighted`'s ROC AUC and
    :func:`_weighted_pr_auc`'s PR AUC (tie tolerance 0); NaN where a side weighs 0.
    """

    def __init__(self, values, is_pos):
        order = np.argsort(values, kind="stable")
        self.order = order
        starts = _group_starts(values[order])  # ascending groups of ties
        group = np.zeros(order.shape[0], dtype=np.int64)
        group[starts[1:]] = 1
        group = np.cumsum(group)
        self.pos_cols = np.flatnonzero(is_pos[order])  # positives, ascending
        held, first = np.unique(group[self.pos_cols], return_index=True)
        self.pos_starts = first  # each positive group's first positive column
        self.below = starts[held] - 1  # last position below each positive group (-1: none)
        self.top = np.append(starts, order.shape[0])[held + 1] - 1  # its last position

    def evaluate(self, weights):
        """``(roc_auc, pr_auc)`` arrays of shape ``(R,)``."""
        w = weights[:, self.order]
        cum = np.cumsum(w, axis=1)
        total = cum[:, -1]
        if self.pos_cols.shape[0] == 0:
            nan = np.full(w.shape[0], np.nan)
            return nan, nan
        pos = np.add.reduceat(w[:, self.pos_cols], self.pos_starts, axis=1)  # per group
        pos_cum = np.cumsum(pos, axis=1)
        pos_total = pos_cum[:, -1]
        below = np.where(self.below >= 0, cum[:, np.maximum(self.below, 0)], 0.0)
        at_or_below = cum[:, self.top]
        pos_below = pos_cum - pos
        neg_below = below - pos_below
        neg_group = at_or_below - below - pos
        with np.errstate(divide="ignore", invalid="ignore"):
            roc = (pos * (neg_below + neg_group / 2)).sum(1) / (pos_total * (total - pos_total))
            # descending: the point of each positive group and the point just above it
            tp, predicted = pos_total[:, None] - pos_below, total[:, None] - below
            tp_above, above = pos_total[:, None] - pos_cum, total[:, None] - at_or_below
            precision = np.where(predicted > 0, tp / predicted, 1.0)
            precision_above = np.where(above > 0, tp_above / above, 1.0)
            pr = ((tp - tp_above) * (precision + precision_above)).sum(1) / (2 * pos_total)
        return roc, np.where(pos_total > 0, pr, np.nan)


def auc_mu_rankings(codes, dot, pair_sign):
    """The rankings of the pairs of :func:`auc_mu` (classes with samples, non-zero sign):
    ``(rows, SortedRanking)`` per pair, the number of pairs worth 1/2 and the factor
    ``2 / (K (K - 1))``: AUC mu of a weighting ``w`` is the factor times the sum of the
    pairs' ``roc_auc(w[:, rows])`` plus the halves."""
    n_classes = dot.shape[1]
    members = [np.flatnonzero(codes == k) for k in range(n_classes)]
    pairs, halves = [], 0
    for i in range(n_classes):
        for j in range(i + 1, n_classes):
            if members[i].shape[0] == 0 or members[j].shape[0] == 0:
                continue
            if pair_sign[i, j] == 0:
                halves += 1
                continue
            high, low = (j, i) if pair_sign[i, j] > 0 else (i, j)
            rows = np.concatenate((members[i], members[j]))
            values = dot[rows, high] - dot[rows, low]
            is_pos = np.arange(rows.shape[0]) < members[i].shape[0]
            pairs.append((rows, SortedRanking(values, is_pos)))
    return pairs, halves, 2.0 / (n_classes * (n_classes - 1))
