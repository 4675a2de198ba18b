"""Ranking kernels: ROC AUC (weighted Mann-Whitney), AUC mu and trapezoidal PR AUC.

Pure numpy functions of already validated arrays: ``codes`` are class positions in
``[0, n_classes)``, ``scores`` are finite floats, ``weights`` are non-negative or None.
The public functions in :mod:`metrics_sk._scores` and :mod:`metrics_sk.catboost`
validate their inputs and call these; the conventions where the two differ (the value
of an AUC with an empty side, the tie tolerance of PR AUC, how AUC mu's score
differences are rounded) are parameters here.

Cost: each ranking is one sort and linear passes, never an O(n^2) step.

* Unweighted binary AUC: one ``np.sort`` of both sides' int64 sort keys with the side
  in the lowest bit, and the positions of the positives. Where a positive and a
  negative may tie, ``np.sort`` of each side and one binary search per positive for
  the negatives below and tied with it.
* Weighted binary AUC: one ``argsort`` of both sides (the weights must follow their
  scores), then per group of tied scores the weight sums (``np.add.reduceat``, no
  cancellation): ``U = sum_g W+_g (W-_below(g) + W-_g / 2)``.
* AUC mu: one binary AUC per pair of classes, on the two classes' rows only.
* PR AUC of a class: unweighted, ``np.sort`` of its column and of its positives' scores,
  and the positives at or above each threshold by binary search; weighted, one
  ``argsort`` of the column and cumulative weights.
"""

import numpy as np


def _dot(a, b):
    """``a . b`` by numpy's pairwise sum: a BLAS ``dot`` call can cost 100x more on a
    busy machine (its threads wait for cores) for the same O(n) work."""
    return float((a * b).sum())


def _group_starts(ascending, tie_tolerance=0.0):
    """First index of each group of tied values of an ascending array: a new group
    starts where the gap to the previous value is above 0 (``tie_tolerance`` 0) or at
    least ``tie_tolerance``."""
    gap = ascending[1:] - ascending[:-1]
    breaks = gap >= tie_tolerance if tie_tolerance > 0 else gap > 0
    return np.concatenate(([0], np.flatnonzero(breaks) + 1))


_LOW_63 = np.int64(0x7FFFFFFFFFFFFFFF)


def _sortable_keys(values):
    """int64 keys in the order of the float64 ``values`` (-0.0 and 0.0 the same key)."""
    bits = (values + 0.0).view(np.int64)
    return bits ^ ((bits >> 63) & _LOW_63)


def _merged_wins(pos, neg):
    """Twice the pairs won by the positive, from one sort of both sides, or None where
    a positive and a negative may tie.

    Each score's sortable key carries the side in its lowest bit (0 positive, 1
    negative), so one ``np.sort`` of int64 keys merges the two sides. A positive and a
    negative whose keys differ only in that bit (equal scores, or one ulp apart) would
    be ordered by side, not by score: then this gives up (None)."""
    keys = np.concatenate((_sortable_keys(pos) & ~np.int64(1), _sortable_keys(neg) | 1))
    keys.sort()
    if np.any((keys[1:] - keys[:-1] == 1) & (keys[:-1] & 1 == 0)):
        return None
    pos_at = np.flatnonzero(keys & 1 == 0)  # a positive at m has m - rank negatives below
    n_pos = pos_at.shape[0]
    return 2 * (int(pos_at.sum()) - n_pos * (n_pos - 1) // 2)


def _mann_whitney_counts(pos, neg):
    """Twice the number of (positive, negative) pairs won by the positive, ties 1/2."""
    merged = _merged_wins(pos, neg)
    if merged is not None:
        return merged
    neg_sorted = np.sort(neg)
    pos_sorted = np.sort(pos)  # sorted needles make the binary searches cache-friendly
    left = np.searchsorted(neg_sorted, pos_sorted, "left")  # negatives below each positive
    tied = neg_sorted[np.minimum(left, neg_sorted.shape[0] - 1)] == pos_sorted
    twice = 2 * int(left.sum())
    if tied.any():  # + the negatives equal to each tied positive
        twice += int((np.searchsorted(neg_sorted, pos_sorted[tied], "right")
                      - left[tied]).sum())
    return twice


def _mann_whitney_weighted(pos, neg, pos_weight, neg_weight):
    """``sum_{p,n} w_p w_n ([s_p > s_n] + [s_p = s_n] / 2)`` by one sort of both sides."""
    values = np.concatenate((pos, neg))
    order = np.argsort(values)
    ranked = values[order]
    is_pos = order < pos.shape[0]
    w = np.concatenate((pos_weight, neg_weight))[order]
    starts = _group_starts(ranked)
    w_pos = np.add.reduceat(np.where(is_pos, w, 0.0), starts)  # per group of ties
    w_neg = np.add.reduceat(np.where(is_pos, 0.0, w), starts)
    neg_below = np.concatenate(([0.0], np.cumsum(w_neg)[:-1]))
    return _dot(w_pos, neg_below + w_neg / 2)


def mann_whitney(pos, neg, pos_weight=None, neg_weight=None, *, empty=np.nan):
    """Weighted probability that a positive outscores a negative, ties counted 1/2.

    ``sum_{p,n} w_p w_n ([s_p > s_n] + [s_p = s_n] / 2) / (W_pos W_neg)``, which is the
    area under the ROC curve. ``empty`` is returned when a side has no samples; a side
    whose weights sum to 0 gives NaN.
    """
    if pos.shape[0] == 0 or neg.shape[0] == 0:
        return empty
    if pos_weight is None and neg_weight is None:
        return float(_mann_whitney_counts(pos, neg) / (2.0 * pos.shape[0] * neg.shape[0]))
    if pos_weight is None:
        pos_weight = np.ones(pos.shape[0])
    if neg_weight is None:
        neg_weight = np.ones(neg.shape[0])
    # float64 weights (integer weights near the int64 limit would wrap), each side
    # normalised to sum 1 (the product of the totals may overflow)
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
    n_classes = scores.shape[1]
    out = np.empty(n_classes)
    for k in range(n_classes):
        pos, neg, pos_w, neg_w = _split(scores[:, k], codes == k, weights)
        out[k] = mann_whitney(pos, neg, pos_w, neg_w, empty=empty)
    return out


def mu_dot_products(scores, cost_matrix=None):
    """AUC mu's ``D = scores @ cost_matrix.T`` (``D_r = sum_k M[r, k] a_k``) and the sign
    of each pair, ``sign(M[i, j] + M[j, i])``, for :func:`auc_mu`. Without a cost matrix
    ``D = scores`` with signs -1: pairs rank by ``a_i - a_j``, exactly."""
    if cost_matrix is None:
        n_classes = scores.shape[1]
        return scores, -np.ones((n_classes, n_classes))
    return scores @ cost_matrix.T, np.sign(cost_matrix + cost_matrix.T)


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
    # the rows of D of each class, one contiguous row per column of D
    blocks = [np.ascontiguousarray(dot.take(rows, axis=0).T) for rows in members]
    block_weights = [None if weights is None else weights[rows] for rows in members]
    total = 0.0
    for i in range(n_classes):
        for j in range(i + 1, n_classes):
            if members[i].shape[0] == 0 or members[j].shape[0] == 0:
                continue
            if pair_sign[i, j] == 0:
                total += 0.5
                continue
            high, low = (j, i) if pair_sign[i, j] > 0 else (i, j)  # rank by D_high - D_low
            pos = blocks[i][high] - blocks[i][low]
            neg = blocks[j][high] - blocks[j][low]
            total += mann_whitney(pos, neg, block_weights[i], block_weights[j])
    return 2.0 * total / (n_classes * (n_classes - 1))


def _pr_area(tp, predicted):
    """Trapezoidal area of the precision-recall curve through ``(0, 1)`` and the points
    of cumulative ``tp`` and ``predicted`` (= tp + fp), from the highest threshold down."""
    precision = np.divide(tp, predicted, out=np.ones_like(tp), where=predicted > 0)
    recall = np.concatenate(([0.0], tp / tp[-1]))
    precision = np.concatenate(([1.0], precision))
    return _dot(np.diff(recall), precision[1:] + precision[:-1]) / 2


def pr_auc(is_pos, scores, weights=None, *, tie_tolerance=0.0):
    """Area under the precision-recall curve by the trapezoid rule; NaN without positives.

    The curve has one point per group of tied scores, from the highest group down, plus
    ``(recall 0, precision 1)``; precision is 1 where nothing is predicted positive.
    Consecutive sorted scores closer than ``tie_tolerance`` are one group (CatBoost
    uses 1e-8); with 0 only equal scores are.
    """
    n = scores.shape[0]
    if weights is None:
        ranked = np.sort(scores)
        positives = np.sort(scores[is_pos])
        if positives.shape[0] == 0:
            return np.nan
        starts = _group_starts(ranked, tie_tolerance)
        # the group of each positive: one binary search per positive (sorted needles)
        # for its place in the column, one for the group holding that place
        at = np.searchsorted(ranked, positives, "left")
        group = np.searchsorted(starts, at, "right") - 1
        per_group = np.bincount(group, minlength=starts.shape[0])[::-1]  # highest first
        tp = np.cumsum(per_group, dtype=np.float64)  # positives at or above each group
        return _pr_area(tp, (n - starts[::-1]).astype(np.float64))
    order = np.argsort(scores)[::-1]
    ranked = scores[order]
    w = weights[order]
    tp = np.cumsum(np.where(is_pos[order], w, 0.0))
    fp = np.cumsum(np.where(is_pos[order], 0.0, w))
    if tp[-1] == 0:
        return np.nan
    ends = _group_starts(ranked[::-1], tie_tolerance)  # ascending starts = descending ends
    ends = n - 1 - ends[::-1]
    return _pr_area(tp[ends], tp[ends] + fp[ends])


def one_vs_all_pr_auc(codes, scores, weights=None, *, tie_tolerance=0.0):
    """PR AUC of column ``k`` of ``scores`` with class ``k`` positive, for every ``k``.

    A sample whose code is outside ``[0, n_classes)`` is a negative of every class."""
    return np.array([pr_auc(codes == k, scores[:, k], weights, tie_tolerance=tie_tolerance)
                     for k in range(scores.shape[1])])
