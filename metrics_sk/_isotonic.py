"""Isotonic regression of binary outcomes on scores: weighted pool-adjacent-violators (PAV).

Kernels on validated arrays (``is_pos`` boolean, ``scores`` finite floats, ``weights``
non-negative or None), for :func:`metrics_sk.score_decomposition` and the reliability
diagram.

The scores are sorted once and equal scores are pooled first into one tie block, as
scikit-learn's ``IsotonicRegression`` pools equal ``X``: unweighted, by the ranking
kernel :func:`~metrics_sk._auc.counts_at_thresholds` (one sort of integer keys, exact
counts per distinct score); weighted, one ``argsort`` and the sums per block
(``np.add.reduceat``, not differences of running sums).

PAV then runs on the tie blocks in numpy rounds: each round pools every maximal run of
adjacent blocks whose means do not increase, one ``np.add.reduceat`` per round. Pooling
such a run is safe: two neighbours with ``mean_b >= mean_b+1`` always share their fitted
value (were they in two level sets, the first set's last block would have a mean at
most its level and the second set's first block a mean at least its own, higher, level),
and the fit is unique. Rounds stop when the means strictly increase. When a round pools
few blocks (a cascade, e.g. one heavy low block after a long increasing run), the
remaining blocks are finished by the classic stack PAV, a Python loop over blocks.
"""

from typing import NamedTuple

import numpy as np

from ._auc import counts_at_thresholds

#: Stop the numpy rounds when a round removes fewer than this fraction of the blocks.
_MIN_ROUND_GAIN = 1 / 8


class IsotonicFit(NamedTuple):
    """The isotonic (non-decreasing) weighted least-squares fit of ``is_pos`` on scores.

    ``values`` are the distinct scores (of positive weight), ascending, and ``fitted``
    the fit at each; the level sets (maximal blocks of one fitted value, scores
    ``values[starts[b]:ends[b]]``) carry their weight of positives ``positives``, their
    weight ``weights`` and, with sample weights, their sum of squared weights ``squares``
    (None without: the weights are counts).
    """

    values: np.ndarray
    fitted: np.ndarray
    starts: np.ndarray
    ends: np.ndarray
    positives: np.ndarray
    weights: np.ndarray
    squares: object

    def at(self, scores):
        """The fit at ``scores`` (each at or above the lowest of ``values``): the fitted
        value of the greatest distinct score at or below each, a step function."""
        where = np.searchsorted(self.values, scores, side="right") - 1
        return self.fitted[np.maximum(where, 0)]


def tie_blocks(is_pos, scores, weights=None):
    """``(values, positives, weights, squares)`` per distinct score, ascending: the
    (weighted) count of positives, the weight and (weighted only) the sum of squared
    weights of the samples with that score. Zero weights are left out."""
    if weights is None:
        fps, tps, thresholds = counts_at_thresholds(is_pos, scores)  # exact integer counts
        total = fps + tps
        return (thresholds[::-1], np.diff(tps, prepend=0.0)[::-1],
                np.diff(total, prepend=0.0)[::-1], None)
    kept = weights != 0
    if not kept.all():
        is_pos, scores, weights = is_pos[kept], scores[kept], weights[kept]
    order = np.argsort(scores)  # not stable: 5x faster, and ties are pooled whatever their order
    ranked = scores[order]
    w = weights[order].astype(np.float64, copy=False)
    starts = np.concatenate(([0], np.flatnonzero(ranked[1:] != ranked[:-1]) + 1))
    if ranked.shape[0] == 0:
        empty = np.zeros(0)
        return ranked.astype(np.float64), empty, empty, empty
    # sums per block, not differences of running sums: exact whatever the weights' spread
    return (ranked[starts].astype(np.float64), np.add.reduceat(np.where(is_pos[order], w, 0.0), starts),
            np.add.reduceat(w, starts), np.add.reduceat(w * w, starts))


def _stack_pav(starts, sums, weights):
    """The classic PAV over blocks (a Python loop, amortised O(m)): ``(starts, sums,
    weights)`` of the pooled blocks."""
    out_start, out_sum, out_weight = [], [], []
    for start, s, w in zip(starts.tolist(), sums.tolist(), weights.tolist()):
        while out_sum and out_sum[-1] / out_weight[-1] >= s / w:  # previous mean >= this one
            s += out_sum.pop()
            w += out_weight.pop()
            start = out_start.pop()
        out_start.append(start)
        out_sum.append(s)
        out_weight.append(w)
    return (np.array(out_start, dtype=np.int64), np.array(out_sum, dtype=np.float64),
            np.array(out_weight, dtype=np.float64))


def pool_adjacent_violators(sums, weights, *extra):
    """Weighted PAV of blocks with ``sums`` (of outcomes) and ``weights`` (all > 0):
    ``(starts, sums, weights, *extra)`` of the level sets, ``starts`` indexing the input
    blocks, each ``extra`` array (e.g. sums of squared weights) summed over the level sets
    alike. The fitted value of a level set is ``sums / weights``."""
    starts = np.arange(sums.shape[0])
    while sums.shape[0] > 1:
        mean = sums / weights
        violates = mean[:-1] >= mean[1:]  # equal neighbours share a level: pooled too
        if not violates.any():
            break
        first = np.flatnonzero(np.concatenate(([True], ~violates)))
        gain = 1 - first.shape[0] / sums.shape[0]
        sums, weights = np.add.reduceat(sums, first), np.add.reduceat(weights, first)
        extra = tuple(np.add.reduceat(e, first) for e in extra)
        starts = starts[first]
        if gain < _MIN_ROUND_GAIN:
            pooled, sums, weights = _stack_pav(np.arange(sums.shape[0]), sums, weights)
            extra = tuple(np.add.reduceat(e, pooled) for e in extra)
            starts = starts[pooled]
            break
    return (starts, sums, weights, *extra)


def isotonic_fit(is_pos, scores, weights=None):
    """The :class:`IsotonicFit` of ``is_pos`` on ``scores`` (one sort, then PAV on the
    tie blocks). At least one sample of positive weight."""
    values, positives, total, squares = tie_blocks(is_pos, scores, weights)
    extra = () if squares is None else (squares,)
    starts, pos, weight, *more = pool_adjacent_violators(positives, total, *extra)
    ends = np.append(starts[1:], values.shape[0])
    level = np.minimum(pos / weight, 1.0)  # pos <= weight, but for a last-bit rounding
    fitted = np.repeat(level, ends - starts)
    return IsotonicFit(values, fitted, starts, ends, pos, weight, more[0] if more else None)
