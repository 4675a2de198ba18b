"""Ranking kernels: ROC AUC (weighted Mann-Whitney), AUC mu and trapezoidal PR AUC.

Pure numpy functions of already validated arrays: ``codes`` are class positions in
``[0, n_classes)``, ``scores`` are finite floats, ``weights`` are non-negative or None.
The public functions in :mod:`metrics_sk._scores` and :mod:`metrics_sk.catboost`
validate their inputs and call these; the conventions where the two differ (the value
of an AUC with an empty side, the tie tolerance of PR AUC) are parameters here.

Cost: no O(n^2) step anywhere. A binary AUC sorts the negatives and the positives once
and counts, for each positive, the negatives below and tied with it by binary search.
"""

import numpy as np


def _bounds(sorted_values, needles):
    """For sorted ``needles``: how many of ``sorted_values`` are below each needle
    (``left``), and, for the needles equal to one of them (``tied``), how many are at
    most the needle (``right``). One binary search per needle, two only for ties."""
    left = np.searchsorted(sorted_values, needles, "left")
    last = sorted_values.shape[0] - 1
    tied = sorted_values[np.minimum(left, last)] == needles
    right = np.searchsorted(sorted_values, needles[tied], "right") if tied.any() else None
    return left, tied, right


def mann_whitney(pos, neg, pos_weight=None, neg_weight=None, *, empty=np.nan):
    """Weighted probability that a positive outscores a negative, ties counted 1/2.

    ``sum_{p,n} w_p w_n ([s_p > s_n] + [s_p = s_n] / 2) / (W_pos W_neg)``, which is the
    area under the ROC curve. ``empty`` is returned when a side has no samples; a side
    whose weights sum to 0 gives NaN.
    """
    if pos.shape[0] == 0 or neg.shape[0] == 0:
        return empty
    if pos_weight is None and neg_weight is None:
        neg_sorted = np.sort(neg)
        pos_sorted = np.sort(pos)  # sorted needles make the binary searches cache-friendly
        left, tied, right = _bounds(neg_sorted, pos_sorted)
        twice = 2 * int(left.sum())  # (below + at most) for every positive
        if right is not None:
            twice += int((right - left[tied]).sum())
        return float(twice / (2.0 * pos.shape[0] * neg.shape[0]))
    if pos_weight is None:
        pos_weight = np.ones(pos.shape[0])
    if neg_weight is None:
        neg_weight = np.ones(neg.shape[0])
    order = np.argsort(neg)
    neg_sorted = neg[order]
    cum_neg = np.concatenate(([0.0], np.cumsum(neg_weight[order])))
    order = np.argsort(pos)
    pos_sorted, pos_weight = pos[order], pos_weight[order]
    left, tied, right = _bounds(neg_sorted, pos_sorted)
    below = cum_neg[left]
    at_most = below.copy()
    if right is not None:
        at_most[tied] = cum_neg[right]
    pos_total, neg_total = pos_weight.sum(), cum_neg[-1]
    if pos_total == 0 or neg_total == 0:
        return np.nan
    # each side normalised first: the product of the totals may overflow float64
    return float(np.dot(pos_weight / pos_total, (below + at_most) / neg_total) / 2.0)


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
    """ROC AUC of column ``k`` of ``scores`` with class ``k`` positive, for every ``k``."""
    n_classes = scores.shape[1]
    out = np.empty(n_classes)
    for k in range(n_classes):
        pos, neg, pos_w, neg_w = _split(scores[:, k], codes == k, weights)
        out[k] = mann_whitney(pos, neg, pos_w, neg_w, empty=empty)
    return out


def auc_mu(codes, scores, weights=None, cost_matrix=None):
    """AUC mu (Kleiman and Page, 2019) with CatBoost's conventions.

    With ``D = scores @ cost_matrix.T`` (``D_r = sum_k M[r, k] a_k``), the pair ``i < j``
    ranks the samples of classes i (positive) and j by ``D_j - D_i``, negated when
    ``M[i, j] + M[j, i] < 0``; the pair is worth 1/2 when that sum is 0. A pair with a
    class that has no samples is worth 0. The result is ``2 / (K (K - 1))`` times the sum.
    Without a cost matrix (``M = 1 - I``) the pair score is ``a_i - a_j``.
    """
    n_classes = scores.shape[1]
    if cost_matrix is None:  # D_j - D_i = a_i - a_j: rank by a_i - a_j
        dot, pair_sign = scores, -np.ones((n_classes, n_classes))
    else:
        dot, pair_sign = scores @ cost_matrix.T, np.sign(cost_matrix + cost_matrix.T)
    members = [np.flatnonzero(codes == k) for k in range(n_classes)]
    blocks = [dot.take(rows, axis=0) for rows in members]  # the rows of D of each class
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
            pos = blocks[i][:, high] - blocks[i][:, low]
            neg = blocks[j][:, high] - blocks[j][:, low]
            total += mann_whitney(pos, neg, block_weights[i], block_weights[j])
    return 2.0 * total / (n_classes * (n_classes - 1))


def pr_auc(is_pos, scores, weights=None, *, tie_tolerance=0.0):
    """Area under the precision-recall curve by the trapezoid rule; NaN without positives.

    The curve has one point per group of tied scores, from the highest group down, plus
    ``(recall 0, precision 1)``; precision is 1 where nothing is predicted positive.
    Consecutive sorted scores closer than ``tie_tolerance`` are one group (CatBoost
    uses 1e-8); with 0 only equal scores are.
    """
    order = np.argsort(scores)[::-1]
    ranked = scores[order]
    pos = is_pos[order]
    w = np.ones(ranked.shape[0]) if weights is None else weights[order]
    tp = np.cumsum(np.where(pos, w, 0.0))
    fp = np.cumsum(np.where(pos, 0.0, w))
    if tp[-1] == 0:
        return np.nan
    gap = ranked[:-1] - ranked[1:]
    breaks = gap >= tie_tolerance if tie_tolerance > 0 else gap > 0
    ends = np.flatnonzero(np.append(breaks, True))
    tp, fp = tp[ends], fp[ends]
    predicted = tp + fp
    precision = np.divide(tp, predicted, out=np.ones_like(tp), where=predicted > 0)
    recall = np.concatenate(([0.0], tp / tp[-1]))
    precision = np.concatenate(([1.0], precision))
    return float(np.dot(np.diff(recall), precision[1:] + precision[:-1]) / 2)


def one_vs_all_pr_auc(codes, scores, weights=None, *, tie_tolerance=0.0):
    """PR AUC of column ``k`` of ``scores`` with class ``k`` positive, for every ``k``."""
    return np.array([pr_auc(codes == k, scores[:, k], weights, tie_tolerance=tie_tolerance)
                     for k in range(scores.shape[1])])
