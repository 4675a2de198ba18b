"""Exact ranking metrics of Dask collections in two passes, without gathering the scores.

A binary ranking (``y_true`` with at most two labels, float scores, optional weights) is
evaluated where its partitions live:

* **Pass 1** (:func:`binary_ranking`): each partition finds its labels and counts its
  samples per label and per score bucket (:func:`metrics_sk._auc.score_buckets`, the top
  :data:`BITS` bits of the order-keeping keys: a higher bucket holds only higher scores);
  the histograms are added in a tree on the workers (:func:`metrics_sk._dask.reduce_partitions`)
  and only they reach the client (a few megabytes).
* The client cuts the buckets into contiguous **ranges** of about :data:`RANGE_SIZE`
  samples (at least :data:`MIN_RANGES`), and knows for each range the positives and
  negatives above and below it.
* **Pass 2** (:meth:`BinaryRanking.sums`): each partition task splits its samples by
  range (a bucket -> range table); per range, one task gathers the pieces of every
  partition (worker to worker) and builds the range's exact table (positives and
  negatives per distinct score, one sort), then returns only its contribution given the
  counts above and below it: its part of twice the Mann-Whitney statistic (an exact
  integer), and the exactly rounded sums (:class:`metrics_sk._exact.ExactSum`) of its
  average precision and PR AUC terms (:func:`metrics_sk._auc.pr_terms`). The client adds
  the contributions (integers and exact sums: the order does not matter) and the public
  function applies the same formula as in memory: without weights the values equal the
  in-memory ones bit for bit, whatever the partitioning.

With weights the per-bucket and per-score weight sums are float sums (in partition
order), and the in-memory weighted kernels normalise and round in their own order: the
values equal the in-memory ones to rounding (a few units in the last place), not bit
for bit.

A range holds whole buckets: a bucket larger than a range (many tied or very close
scores) makes one larger range; the result stays exact.
"""

import numpy as np

from . import _auc
from ._dask import partitions, reduce_partitions
from ._encoding import binary_classes, binary_score_inputs, encode
from ._exact import ExactSum, exact_sum_of
from ._validation import is_dask_collection, plain_targets

#: Bits of the score buckets of pass 1 (2**BITS buckets per label).
BITS = 18
#: Samples per range of pass 2 (about): one worker task sorts a range.
RANGE_SIZE = 4_000_000
#: Ranges at least (a few per worker core), at most 255 (one byte per sample to split).
MIN_RANGES, MAX_RANGES = 8, 255


class Histogram:
    """Pass 1 of some partitions: ``labels`` (sorted, at most two), ``counts[label,
    bucket]`` (int64), ``weights[label, bucket]`` (float64 sums, or None), ``totals`` (the
    :class:`ExactSum` of the weights per label, or None); ``unfit``: why the inputs cannot
    take this route (more than two labels, non-finite scores, negative or non-finite
    weights), else None. Merge with ``+``."""

    __slots__ = ("labels", "counts", "weights", "totals", "unfit")

    def __init__(self, labels, counts, weights=None, totals=None, unfit=None):
        self.labels, self.counts, self.weights = labels, counts, weights
        self.totals, self.unfit = totals, unfit

    def __add__(self, other):
        if self.unfit or other.unfit:
            return Histogram(None, None, unfit=self.unfit or other.unfit)
        labels, (rows,) = encode(np.concatenate((self.labels, other.labels)),
                                 names=["y_true"])
        if labels.shape[0] > 2:
            return Histogram(None, None, unfit="more than two labels")
        counts = np.zeros((labels.shape[0], self.counts.shape[1]), np.int64)
        weighted = self.weights is not None
        weights = np.zeros(counts.shape) if weighted else None
        totals = [ExactSum() for _ in labels] if weighted else None
        for part, rows in ((self, rows[:self.labels.shape[0]]),
                           (other, rows[self.labels.shape[0]:])):
            counts[rows] += part.counts
            if weighted:
                weights[rows] += part.weights
                for row, total in zip(rows.tolist(), part.totals):
                    totals[row] = totals[row] + total
        return Histogram(labels, counts, weights, totals)


def _greater(y):
    """``(labels, is_greater)``: the sorted distinct labels of ``y`` (None when more than
    two) and the mask of the samples holding the greater one."""
    labels = binary_classes(y)
    if labels.shape[0] > 2:
        return None, None
    return labels, y == labels[-1]


def _histogram_part(y, scores, weights, bits):
    """Pass 1 of one partition (None when it is empty)."""
    y, scores = np.asarray(y), np.asarray(scores)
    if y.shape[0] == 0:
        return None
    if scores.dtype.kind != "f" or not np.isfinite(scores).all():
        return Histogram(None, None, unfit="non-finite or non-float scores")
    if y.dtype.kind not in "biufUSO" or (y.dtype.kind == "f" and not np.isfinite(y).all()):
        return Histogram(None, None, unfit="labels the in-memory functions check")
    labels, is_hi = _greater(y)
    if labels is None:
        return Histogram(None, None, unfit="more than two labels")
    index = _auc.score_buckets(scores, bits).view(np.int64)
    if labels.shape[0] == 2:
        np.bitwise_or(index, np.left_shift(is_hi, bits, dtype=np.int64), out=index)
    size = labels.shape[0] << bits
    counts = np.bincount(index, minlength=size).reshape(labels.shape[0], -1)
    if weights is None:
        return Histogram(labels, counts)
    weights = np.asarray(weights, dtype=np.float64)
    if not (np.isfinite(weights).all() and (weights >= 0).all()):
        return Histogram(None, None, unfit="negative or non-finite weights")
    sums = np.bincount(index, weights=weights, minlength=size).reshape(labels.shape[0], -1)
    totals = [exact_sum_of(weights[~is_hi])] if labels.shape[0] == 2 else []
    totals.append(exact_sum_of(weights[is_hi]))
    return Histogram(labels, counts, sums, totals)


class RankingSums:
    """What pass 2 adds up for one positive label: ``n_pos``, ``n_neg`` (ints, or the
    rounded exact sums of the weights), ``twice`` (twice the pairs won by the positive,
    ties 1/2: an int, or a float rounded once from an exact sum with weights), and the
    rounded exact sums of the average precision terms (``ap``), of the PR AUC terms
    (``pr``) and of the PR AUC terms with the other label positive and the scores negated
    (``pr_other``, for a one-vs-all PR AUC); None for those not asked."""

    def __init__(self, n_pos, n_neg, twice=None, ap=None, pr=None, pr_other=None):
        self.n_pos, self.n_neg, self.twice = n_pos, n_neg, twice
        self.ap, self.pr, self.pr_other = ap, pr, pr_other


class BinaryRanking:
    """Pass 1 of a binary ranking on Dask (:func:`binary_ranking`): ``labels`` (sorted),
    and :meth:`sums` runs pass 2 for a positive label."""

    def __init__(self, parts, histogram):
        self.parts, self.histogram = parts, histogram
        self.labels = histogram.labels
        self.weighted = histogram.weights is not None

    def side_totals(self, pos_label):
        """``(positives, negatives)``: counts, or weight sums (rounded exact sums)."""
        row = self.labels.tolist().index(pos_label)
        if self.weighted:
            totals = [float(t) for t in self.histogram.totals]
        else:
            totals = self.histogram.counts.sum(1).tolist()
        pos = totals[row]
        return pos, sum(totals) - pos

    def _ranges(self, pos_label):
        """``(table, ranges)``: the range of each bucket (uint8) and per range the
        positive and negative counts (or weights) above and below it."""
        h = self.histogram
        row = self.labels.tolist().index(pos_label)
        per_bucket = h.counts.sum(0)
        n = int(per_bucket.sum())
        n_ranges = int(min(MAX_RANGES, max(MIN_RANGES, -(-n // RANGE_SIZE))))
        before = np.cumsum(per_bucket) - per_bucket
        table = before * n_ranges // n  # non-decreasing: ranges are runs of buckets
        filled = np.bincount(table, weights=per_bucket, minlength=n_ranges) > 0
        table = np.maximum(np.cumsum(filled) - 1, 0)[table].astype(np.uint8)
        n_ranges = int(np.count_nonzero(filled))
        sides = h.weights if self.weighted else h.counts  # (two labels: the caller's check)
        pos = np.bincount(table, weights=sides[row], minlength=n_ranges)
        neg = np.bincount(table, weights=sides[1 - row], minlength=n_ranges)
        if not self.weighted:  # (counts below 2**53: exact as floats)
            pos, neg = pos.astype(np.int64), neg.astype(np.int64)
        pos_above = pos[::-1].cumsum()[::-1] - pos
        neg_above = neg[::-1].cumsum()[::-1] - neg
        pos_below, neg_below = pos.cumsum() - pos, neg.cumsum() - neg
        ranges = [tuple(v.item() for v in (pos_above[r], neg_above[r], pos_below[r],
                                           neg_below[r])) for r in range(n_ranges)]
        return table, ranges

    def sums(self, pos_label, what):
        """Pass 2: the :class:`RankingSums` of the ranking with ``pos_label`` positive;
        ``what``: the names of the sums wanted (``"twice"``, ``"ap"``, ``"pr"``,
        ``"pr_other"``)."""
        results = self._per_range(pos_label, _range_part, tuple(what))
        n_pos, n_neg = self.side_totals(pos_label)
        totals = {}
        for name in what:
            parts = [r[name] for r in results]
            total = parts[0]
            for part in parts[1:]:
                total = total + part
            totals[name] = total if isinstance(total, int) else float(total)
        return RankingSums(n_pos, n_neg, **totals)

    def counts_at_thresholds(self, pos_label, integers=False):
        """Pass 2 for the curves: ``(fps, tps, thresholds)`` of the ranking with
        ``pos_label`` positive, as :func:`metrics_sk._auc.counts_at_thresholds` returns
        them in memory (the formulas of the curves then take them as they are): per
        distinct score of weighted samples, from the highest down, the negatives and
        positives at or above it (float64, or with ``integers`` and no weights int64, the
        two rows of one ``(2, R)`` array) and the score (float64, -0.0 as 0.0). Each range
        returns its slice, the counts above it added (:func:`_range_counts`); the client
        concatenates the slices from the highest range down. The table has a row per
        distinct score: a curve is that long; the samples never reach the client."""
        slices = self._per_range(pos_label, _range_counts)[::-1]
        size = sum(s[2].shape[0] for s in slices)
        # (concatenated into their final arrays: no second copy of the table)
        pair = np.empty((2, size), np.int64 if integers and not self.weighted else np.float64)
        for i in range(2):
            np.concatenate([s[i] for s in slices], out=pair[i], casting="unsafe")
        return pair[0], pair[1], np.concatenate([s[2] for s in slices])

    def _per_range(self, pos_label, task, *args):
        """Pass 2: ``task(counts, *args, *pieces)`` per range (its positives and
        negatives above and below it, then its samples from each partition, split on the
        workers by :func:`_split_part`), computed on the workers; the results in
        ascending range order."""
        import dask

        table, ranges = self._ranges(pos_label)
        n_ranges = len(ranges)
        table = dask.delayed(table)
        split = dask.delayed(_split_part, nout=n_ranges, pure=False)
        pieces = [split(y, s, w, pos_label, table, BITS, n_ranges) for y, s, w in self.parts]
        task = dask.delayed(task, pure=False)
        return list(dask.compute(*[task(ranges[r], *args, *[p[r] for p in pieces])
                                   for r in range(n_ranges)]))


def binary_ranking(y_true, y_score, sample_weight=None):
    """Pass 1 over aligned Dask (or array) inputs: a :class:`BinaryRanking`, or None when
    the inputs do not fit this route (more than two labels, non-float or non-finite
    scores, negative weights, no samples): the caller then gathers them."""
    import dask

    parts = partitions((("y_true", y_true), ("y_score", y_score),
                        ("sample_weight", sample_weight)))
    task = dask.delayed(_histogram_part, pure=False)
    histogram = reduce_partitions([task(y, s, w, BITS) for y, s, w in parts])
    if histogram is None or histogram.unfit:
        return None
    return BinaryRanking(parts, histogram)


class Labels:
    """The sorted distinct labels of some partitions (``values``); merge with ``+``."""

    def __init__(self, values):
        self.values = values

    def __add__(self, other):
        return Labels(encode(np.concatenate((self.values, other.values)), names=["y_true"])[0])


def _labels_part(y):
    y = np.asarray(y)
    return Labels(encode(y, names=["y_true"])[0]) if y.shape[0] else None


def labels_of(y_true):
    """The sorted distinct labels of a Dask ``y_true`` (one pass, merged in the tree on
    the workers), or None without samples."""
    import dask

    task = dask.delayed(_labels_part, pure=False)
    found = reduce_partitions([task(y) for (y,) in partitions((("y_true", y_true),))])
    return None if found is None else found.values


def _split_part(y, scores, weights, pos_label, table, bits, n_ranges):
    """Pass 2 of one partition: its samples split by range, ``(scores, is_pos,
    weights)`` per range (scores in their own dtype)."""
    y, scores = np.asarray(y), np.asarray(scores)
    which = table[_auc.score_buckets(scores, bits)]
    order = np.argsort(which, kind="stable")  # (one byte: a radix sort)
    ends = np.cumsum(np.bincount(which, minlength=n_ranges)).tolist()
    is_pos = (y == pos_label)[order]
    scores = scores[order]
    weights = None if weights is None else np.asarray(weights, np.float64)[order]
    out, start = [], 0
    for end in ends:
        out.append((scores[start:end], is_pos[start:end],
                    None if weights is None else weights[start:end]))
        start = end
    return out


def _table(scores, is_pos, weights):
    """``(keys, pos, neg)`` per distinct score of a range, ascending: the scores' 64-bit
    keys (:func:`metrics_sk._auc.score_buckets`), counts (int64) from one sort of flagged
    keys, or weight sums (float64)."""
    m = scores.shape[0]
    keys = _auc.score_buckets(scores, 64)
    if weights is None and m:
        low = keys.min()
        if int(keys.max()) - int(low) < 1 << 62:
            flagged = np.subtract(keys, low, out=keys).view(np.int64)
            np.left_shift(flagged, 1, out=flagged)
            np.bitwise_or(flagged, is_pos, out=flagged)
            flagged.sort()
            value = flagged >> 1
            starts = np.flatnonzero(np.concatenate(([True], value[1:] != value[:-1])))
            pos = np.add.reduceat(flagged & 1, starts)
            return (value[starts].view(np.uint64) + low, pos,
                    np.diff(starts, append=m) - pos)
    return _auc.key_table(is_pos, scores, weights)


def _contributions(pos, neg, pos_above, neg_above, neg_below, what, prefix):
    """The sums of one range, from its table (``pos``, ``neg`` per distinct score,
    ascending) and the counts above and below it; keys ``prefix + name``."""
    out = {}
    if "twice" in what:
        if pos.dtype.kind in "iu":
            twice, _ = _auc.table_twice_wins(pos, neg)
            out[prefix + "twice"] = twice + 2 * int(pos.sum()) * neg_below
        else:
            below = np.cumsum(neg) - neg + neg_below
            out[prefix + "twice"] = exact_sum_of(pos * (2 * below + neg))
    steps = [name for name in ("ap", "pr") if name in what]
    if steps:
        keep = pos > 0
        at_or_above = pos_above + (pos[::-1].cumsum()[::-1])
        predicted = at_or_above + neg_above + neg[::-1].cumsum()[::-1]
        tp, predicted = at_or_above[keep], predicted[keep]
        tp_above = tp - pos[keep]
        above = predicted - pos[keep] - neg[keep]
        for name in steps:
            out[prefix + name] = exact_sum_of(
                _auc.pr_terms(tp, tp_above, predicted, above, step=name == "ap"))
    return out


def _range_part(counts, what, *pieces):
    """Pass 2 of one range: its contribution to each sum of ``what``, given ``counts``,
    the positives and negatives above and below it."""
    pieces = [p for p in pieces if p[0].shape[0]]
    if not pieces:
        empty = {"twice": 0, "ap": ExactSum(), "pr": ExactSum(), "pr_other": ExactSum()}
        return {name: empty[name] for name in what}
    scores = np.concatenate([p[0] for p in pieces])
    is_pos = np.concatenate([p[1] for p in pieces])
    weights = None if pieces[0][2] is None else np.concatenate([p[2] for p in pieces])
    _, pos, neg = _table(scores, is_pos, weights)
    pos_above, neg_above, pos_below, neg_below = counts
    out = _contributions(pos, neg, pos_above, neg_above, neg_below, what, "")
    if "pr_other" in what:  # the other label positive, scores negated: the order reversed
        other = _contributions(neg[::-1], pos[::-1], neg_below, pos_below, None, ("pr",),
                               "")
        out["pr_other"] = other["pr"]
    return out


def _range_counts(counts, *pieces):
    """Pass 2 of one range for the curves: its slice of ``(fps, tps, thresholds)``, from
    its highest distinct score down (the samples of weight 0 left out, as in memory:
    they give no threshold), the negatives and positives above the range (``counts``)
    added to its own cumulated ones; the scores back from their keys
    (:func:`metrics_sk._auc.bucket_floors`)."""
    pos_above, neg_above, _, _ = counts
    pieces = [p for p in pieces if p[0].shape[0]]
    if pieces and pieces[0][2] is not None:
        pieces = [(s[w != 0], y[w != 0], w[w != 0]) for s, y, w in pieces]
    if not pieces:
        return np.zeros(0, np.int64), np.zeros(0, np.int64), np.zeros(0)
    scores = np.concatenate([p[0] for p in pieces])
    is_pos = np.concatenate([p[1] for p in pieces])
    weights = None if pieces[0][2] is None else np.concatenate([p[2] for p in pieces])
    keys, pos, neg = _table(scores, is_pos, weights)
    fps = np.cumsum(neg[::-1]) + neg_above
    tps = np.cumsum(pos[::-1]) + pos_above
    return fps, tps, _auc.bucket_floors(keys[::-1], 64)


# -- the route of the public functions: which Dask inputs take the two passes ----------
def dask_binary_ranking(y_true, y_score, sample_weight, pos_label=None):
    """The route of a binary ranking with Dask inputs (``_dask_ranking``): ``(ranking,
    pos_label)`` after its first pass, when the inputs are those the in-memory functions
    compute themselves (plain 1-D targets of two classes, ``pos_label`` one of them --
    None: the greater one --, finite 1-D float scores, non-negative weights giving both
    sides weight); None otherwise: the caller then gathers the inputs and computes them
    as arrays (the same values, warnings and errors)."""
    if not any(is_dask_collection(a) for a in (y_true, y_score, sample_weight)):
        return None
    if np.ndim(y_true) != 1 or np.ndim(y_score) != 1 or (
            sample_weight is not None and np.ndim(sample_weight) != 1) or (
            getattr(getattr(y_score, "dtype", None), "kind", None) != "f"):
        return None
    ranking = binary_ranking(y_true, y_score, sample_weight)
    labels = None if ranking is None else plain_targets(ranking.labels)
    if labels is None or labels.shape[0] != 2:
        return None
    if pos_label is None:
        pos_label = binary_classes(labels).tolist()[1]
    try:  # the labels' checks of every binary scoring, on the labels found
        classes, pos, _, _, _ = binary_score_inputs(labels, np.zeros(2), None, pos_label,
                                                    arrays=False, two_classes=True)
    except ValueError:
        return None
    pos_label = classes[pos]
    n_pos, n_neg = ranking.side_totals(pos_label)
    if not (n_pos > 0 and n_neg > 0):
        return None
    return ranking, pos_label


def dask_counts(y_true, y_score, sample_weight, pos_label, *, integers=False):
    """``(classes, pos, fps, tps, thresholds)`` of a binary ranking with Dask inputs, by
    the two passes on the workers (:meth:`metrics_sk._dask_ranking.BinaryRanking.
    counts_at_thresholds`: the counts of :func:`_counts`, thresholds in the dtype of
    ``y_score``; ``pos`` the position of ``pos_label`` among the two ``classes``), when
    the route takes the inputs (:func:`dask_binary_ranking`) and
    ``pos_label`` (None: 1 of {0, 1} or {-1, 1}, the rule of every binary scoring) is
    one of their two labels; None otherwise (the caller then computes in memory)."""
    routed = dask_binary_ranking(y_true, y_score, sample_weight, pos_label)
    if routed is None:
        return None
    ranking, positive = routed
    if pos_label is None:  # (the route takes the greater label: the curves' rule here)
        try:
            classes, pos, _, _, _ = binary_score_inputs(ranking.labels, np.zeros(2), None,
                                                        None, arrays=False)
        except ValueError:
            return None
        if classes[pos] != positive:
            return None
    pos = ranking.labels.tolist().index(positive)
    fps, tps, thresholds = ranking.counts_at_thresholds(positive, integers=integers)
    return (ranking.labels, pos, fps, tps,
            thresholds.astype(y_score.dtype, copy=False))
