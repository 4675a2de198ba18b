"""The resampling core of the inference subpackage: what the bootstrap, the paired
comparison, the analytic intervals' fallback and the per-group intervals share.

- the random state: :func:`make_rng`;
- the cell sampler: :class:`CellSampler` draws replicate confusions as multinomial counts
  of the non-zero cells (or of (cell, weight) pairs); :class:`RowSampler` draws those of a
  multilabel indicator as counts of its distinct rows; :func:`evaluate` /
  :func:`distribution` evaluate a statistic on them, batched when it can be;
- the nested results of a statistic: :func:`flatten`, :func:`leaves_of`;
- the percentile interval: :func:`quantile` (over the replicates that are not NaN),
  :func:`percentile_interval`, and the NaN-replicate rule, :func:`warn_nan_replicates`;
- the per-sample rows of a score metric: :class:`EncodedRows`, :func:`refuse_dask`.

The bootstrap's own story (why resampling cells is resampling samples) is told in
:mod:`metrics_sk._inference.bootstrap`.
"""

import warnings
from collections import namedtuple

import numpy as np
import scipy.sparse as sp

from .._batch import ConfusionBatch
from .._confusion import Confusion
from .._encoding import compact
from .._formulas import check_total
from .._validation import is_dask_collection

ConfidenceInterval = namedtuple("ConfidenceInterval", ["low", "high"])
ConfidenceInterval.__doc__ = "Lower and upper bound of a confidence interval (as in scipy)."


#: Most numbers held by one chunk of replicates (R x max(non-zero cells, classes)).
CHUNK_ELEMENTS = 1 << 22


# -- nested results: a number, an array, or dicts / tuples / lists of them -----------------
def flatten(value, leaves):
    """Collect the numeric leaves of ``value``; return a function that rebuilds the layout
    from a list of per-leaf results."""
    if isinstance(value, dict):
        parts = {key: flatten(v, leaves) for key, v in value.items()}
        return lambda out: {key: part(out) for key, part in parts.items()}
    if isinstance(value, (tuple, list)):
        parts = [flatten(v, leaves) for v in value]
        return lambda out: type(value)(part(out) for part in parts)
    if value is None:
        return lambda out: None
    arr = np.asarray(value)
    if arr.dtype.kind not in "biuf":
        raise ValueError(
            f"metric must return a number, an array of numbers, or dicts / tuples of them; "
            f"got {type(value).__name__}.")
    position = len(leaves)
    leaves.append(arr)
    return lambda out: out[position]


def leaves_of(value):
    leaves = []
    flatten(value, leaves)
    return leaves


# -- drawing replicates ----------------------------------------------------------------------
def make_rng(random_state):
    """A numpy Generator from a checked ``random_state``."""
    if isinstance(random_state, np.random.RandomState):
        return np.random.default_rng(random_state.randint(np.iinfo(np.int64).max))
    return np.random.default_rng(random_state)


def nonzero_cells(confusion):
    """``(rows, cols, values)`` of the non-zero cells of ``confusion``, its *other* slot
    (row or column ``K``, see :mod:`metrics_sk._confusion`) included: the cells that
    :class:`ConfusionBatch` takes."""
    cells = confusion._cells
    coo = cells.tocoo() if sp.issparse(cells) else sp.coo_array(cells)  # sparse or dense
    keep = coo.data > 0
    return coo.row[keep], coo.col[keep], coo.data[keep]


class CellSampler:
    """Draws replicate confusions of one :class:`Confusion` as counts in its non-zero cells.

    Without per-sample data the cells are resampled: ``Mult(n, cells / n)``, over the
    non-zero cells of ``confusion`` or over given ``cells`` with integer ``counts`` (any
    table, e.g. the joint table of two models' predictions, ``confusion`` None). With
    ``cell_of`` (the cell of each sample) and ``weights``, the samples are grouped by
    (cell, weight) *pairs*: the samples of one pair are interchangeable, so a resample of
    the ``n`` samples is, exactly in law, a draw of the pair counts ``Mult(n, pairs / n)``,
    and a cell's weight is the sum over its pairs of count x weight. With few pairs (class
    or frequency weights) that is one small multinomial per replicate. With about as many
    pairs as samples (continuous weights) the cell counts are drawn exactly,
    ``M ~ Mult(n, n_c / n)`` (``n_c`` samples in cell ``c``), and then the sum of the
    ``M_c`` weights a resample draws with replacement from the cell's weights: exactly
    (``M_c`` uniform draws among them) in a small or skewed cell, and by its moments,
    ``Normal(M_c mean_c, M_c var_c)`` (the cell's mean and population variance of
    weights), in a cell of at least :attr:`NORMAL_MIN_SAMPLES` samples whose weight sum
    has a skewness ``|g_c| / sqrt(n_c)`` and an excess kurtosis ``|k_c| / n_c`` at most
    :attr:`NORMAL_MAX_SHAPE` (``g_c``, ``k_c``: those of the cell's weights), where the
    central limit theorem holds to that order (tests/test_bootstrap.py compares it with
    the per-sample bootstrap by a two-sample KS test).
    """

    #: Use the multinomial over pairs when there are at most n / this many pairs.
    PAIRS_PER_SAMPLE = 16
    #: A cell's weight sum is drawn from its moments when the cell has at least this many
    #: samples and the sum's skewness and excess kurtosis are at most NORMAL_MAX_SHAPE.
    NORMAL_MIN_SAMPLES = 200
    NORMAL_MAX_SHAPE = 0.05

    def __init__(self, confusion, cell_of=None, weights=None, cells=None, counts=None):
        self.confusion = confusion
        self.cell_of, self.weights = cell_of, weights
        if cell_of is None and counts is None:
            *cells, counts = nonzero_cells(confusion)
            if confusion.is_weighted or (counts.dtype.kind == "f" and not np.all(
                    counts == np.round(counts))):
                raise ValueError(
                    "confusion holds sample-weight sums, not counts: resampling its cells "
                    "needs the samples; pass y_true, y_pred and sample_weight.")
            total = float(np.sum(counts, dtype=np.float64))
            if total >= 2.0**62:  # numpy's multinomial draws take an int64 count
                raise ValueError(
                    f"confusion holds {total:.4g} samples, too many to resample (at most "
                    "2**62); use an analytic interval (metrics_sk.analytic_interval).")
            counts = counts.astype(np.int64)
        if cell_of is None:
            check_total(counts.sum())  # nothing to resample
            self.data = counts
            self.n = int(counts.sum())
        else:
            self.n = cell_of.shape[0]
            # At least one pair per distinct weight: many distinct weights (already among
            # the first n / 8), many pairs, not counted (continuous weights).
            bits = weights.view(np.int64)
            head = compact(bits[:self.n // 8 + 1])[0].shape[0]
            if head * self.PAIRS_PER_SAMPLE <= self.n:
                # the distinct weights, numbered by their bits (finite: one pattern each)
                values, code = compact(bits)
                if values.shape[0] * self.PAIRS_PER_SAMPLE <= self.n:
                    self._pairs(values, code)
        self.rows, self.cols = cells
        self.size = self.rows.shape[0]
        pairs = 0 if cell_of is None else getattr(self, "pair_count", cell_of).shape[0]
        self.continuous = cell_of is not None and pairs * self.PAIRS_PER_SAMPLE > self.n
        if self.continuous:
            pairs = self._cell_moments()  # numbers drawn per replicate
        self.width = max(self.size, 0 if confusion is None else confusion.n_classes, pairs,
                         1)  # numbers per replicate

    def _pairs(self, values=None, code=None):
        """The (cell, weight) pairs: ``pair_count``, ``pair_cell``, ``pair_weight``."""
        if values is None:
            values, code = compact(self.weights.view(np.int64))
        values = values.view(np.float64)
        keys, pair_of = compact(self.cell_of * values.shape[0] + code)
        self.pair_count = np.bincount(pair_of, minlength=keys.shape[0])
        self.pair_cell, self.pair_weight = np.divmod(keys, values.shape[0])
        self.pair_weight = values[self.pair_weight]

    def _cell_moments(self):
        """Each cell's number of samples, mean and variance of weights, and which cells
        are drawn exactly (their weights kept, sorted by cell); returns their samples."""
        cell_of, w = self.cell_of, self.weights
        n_c = np.bincount(cell_of, minlength=self.size)
        safe = np.maximum(n_c, 1)
        mean = np.bincount(cell_of, weights=w, minlength=self.size) / safe
        dev = w - mean[cell_of]
        power = dev * dev
        m2 = np.bincount(cell_of, weights=power, minlength=self.size) / safe
        m4 = np.bincount(cell_of, weights=power * power, minlength=self.size) / safe
        power *= dev
        m3 = np.bincount(cell_of, weights=power, minlength=self.size) / safe
        with np.errstate(divide="ignore", invalid="ignore"):
            skew = np.abs(m3) / m2**1.5 / np.sqrt(safe)
            kurt = np.abs(m4 / m2**2 - 3) / safe
        normal = (m2 == 0) | ((n_c >= self.NORMAL_MIN_SAMPLES)
                              & (skew <= self.NORMAL_MAX_SHAPE)
                              & (kurt <= self.NORMAL_MAX_SHAPE))
        self.cell_n, self.cell_mean, self.cell_var = n_c, mean, m2
        self.exact_cells = np.flatnonzero(~normal)
        # the weights of the exactly drawn cells, by cell
        exact_n = np.where(normal, 0, n_c)
        self.cell_start = np.concatenate(([0], np.cumsum(exact_n)[:-1]))
        kept = np.flatnonzero(~normal[cell_of]) if normal.any() else np.arange(self.n)
        self.sorted_weights = w[kept[np.argsort(cell_of[kept], kind="stable")]]
        return int(exact_n.sum())

    def _weighted(self, r, rng):
        """``(r, cells)`` weight sums of ``r`` resamples of the samples."""
        if not self.continuous:
            pairs = self.pair_count.shape[0]
            counts = rng.multinomial(self.n, self.pair_count / self.n, size=r)
            to_cells = sp.csr_array((self.pair_weight, (np.arange(pairs), self.pair_cell)),
                                    shape=(pairs, self.size))
            return np.asarray((to_cells.T @ counts.T).T, dtype=np.float64)
        counts = rng.multinomial(self.n, self.cell_n / self.n, size=r)
        out = counts * self.cell_mean + np.sqrt(counts * self.cell_var) * rng.standard_normal(
            counts.shape)
        replicate = np.arange(r)
        for c in self.exact_cells:
            m = counts[:, c]
            drawn = self.sorted_weights[self.cell_start[c] + rng.integers(
                0, self.cell_n[c], int(m.sum()))]
            out[:, c] = np.bincount(np.repeat(replicate, m), weights=drawn, minlength=r)
        return out

    def chunks(self, n_resamples, rng):
        """Yield count arrays of shape ``(r, non-zero cells)``, ``n_resamples`` rows in all."""
        step = max(1, CHUNK_ELEMENTS // self.width)
        for start in range(0, n_resamples, step):
            r = min(step, n_resamples - start)
            if self.cell_of is None:
                yield rng.multinomial(self.n, self.data / self.n, size=r)
            else:
                yield self._weighted(r, rng)

    def jackknife(self):
        """Leave-one-out confusions ``(counts (m, cells), multiplicity (m,))``: removing
        any one sample of the same cell (and weight) gives the same confusion."""
        if self.cell_of is None:
            base, (cells, mult) = self.data, (np.arange(self.size), self.data)
            drop = np.ones(self.size)
        else:
            base = np.bincount(self.cell_of, weights=self.weights, minlength=self.size)
            if not hasattr(self, "pair_count"):
                self._pairs()
            cells, drop, mult = self.pair_cell, self.pair_weight, self.pair_count
        out = np.repeat(base[None, :].astype(np.float64), cells.shape[0], axis=0)
        out[np.arange(cells.shape[0]), cells] -= drop
        return out, mult

    def replicates(self, counts):
        return ConfusionBatch(self.confusion, self.rows, self.cols, counts)

    def confusion_of(self, counts):
        """One replicate as a real :class:`Confusion` (for metrics that do not vectorize)."""
        c = self.confusion
        size = c.counted_labels.shape[0] + 1  # every label counted (see Confusion._whole)
        cells = sp.csr_array((counts, (self.rows, self.cols)), shape=(size, size))
        cells.eliminate_zeros()
        return Confusion.from_cells(c.counted_labels, cells, fixed=c.n_fixed,
                                    weighted=c.is_weighted)


class RowSampler:
    """Draws replicate multilabel confusions as counts of the samples' distinct (row,
    weight) units (:class:`~metrics_sk._multilabel.RowUnits`): resampling the ``n``
    samples is, exactly in law, ``Mult(n, unit counts / n)``. The samples of one cell of
    a single-label confusion are interchangeable; those of a multilabel indicator only
    when their whole rows are, so the unit is the row, not the cell. ``confusion`` is the
    multilabel confusion of the data (the point estimate); the replicates are
    :class:`~metrics_sk._multilabel.MultilabelBatch` es, which the formulas evaluate as
    they are, and the same interface as :class:`CellSampler`'s serves the bootstrap.

    With many units (more than ``n / INDICES_PER_UNIT``: rows rarely repeat) the ``n``
    sample indices of a replicate are drawn instead (``rng.integers(0, n, n)``), and
    counted by unit: the same law, in O(n) rather than O(units) binomial draws."""

    #: Draw sample indices when there are more units than n / this.
    INDICES_PER_UNIT = 8

    def __init__(self, confusion, units):
        self.confusion, self.units = confusion, units
        self.n, self.size = units.n, units.size
        self.width = max(units.size, units.map.shape[1], 1)  # numbers per replicate

    def chunks(self, n_resamples, rng):
        """Yield unit counts of shape ``(r, units)``, ``n_resamples`` rows in all."""
        step = max(1, CHUNK_ELEMENTS // self.width)
        units, n, m = self.units, self.n, self.size
        by_index = m * self.INDICES_PER_UNIT > n
        for start in range(0, n_resamples, step):
            r = min(step, n_resamples - start)
            if by_index:
                yield np.stack([np.bincount(units.unit_of[rng.integers(0, n, n)],
                                            minlength=m) for _ in range(r)])
            else:
                yield rng.multinomial(n, units.count / n, size=r)

    def jackknife(self):
        """Leave-one-out replicates ``(counts (units, units), multiplicity (units,))``:
        removing any sample of a unit gives the same replicate. The counts are made a
        slice at a time (they are ``units x units``)."""
        return _LeaveOneOut(self.units.count), self.units.count

    def replicates(self, counts):
        return self.units.batch(counts)

    def confusion_of(self, counts):
        """One replicate as a real multilabel confusion (for metrics that do not vectorize)."""
        return self.units.confusion(counts)


class _LeaveOneOut:
    """The ``m x m`` counts of the leave-one-out replicates of ``m`` units, by slices."""

    def __init__(self, count):
        self.count = count
        self.shape = (count.shape[0], count.shape[0])

    def __getitem__(self, rows):
        rows = np.arange(self.shape[0])[rows]
        out = np.repeat(self.count[None].astype(np.float64), rows.shape[0], axis=0)
        out[np.arange(rows.shape[0]), rows] -= 1
        return out


def evaluate_replicates(sampler, statistic, counts, shapes, vectorized):
    """The statistic's leaves on each replicate of ``counts``: a list of ``(r, *shape)``
    arrays. ``vectorized``: True (one batch call), False (one call per replicate) or None
    (try the batch, check it against single confusions, else fall back)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # ill-defined replicates are expected
        if vectorized is not False:
            try:
                replicates = sampler.replicates(counts)
                batch = leaves_of(statistic(replicates))
                ok = len(batch) == len(shapes) and all(
                    b.shape == (counts.shape[0],) + s for b, s in zip(batch, shapes))
            except Exception:
                if vectorized:
                    raise
                ok = False
            if ok and vectorized is None:
                # (checked on replicates with every label: one that misses a class is
                # evaluated over the classes it has, which confusion_of does not give)
                present = replicates.present
                full = np.arange(counts.shape[0]) if present is None else np.flatnonzero(
                    present.all(-1))
                for i in full[:2]:
                    single = leaves_of(statistic(sampler.confusion_of(counts[i])))
                    ok = ok and all(np.allclose(b[i], s, equal_nan=True)
                                    for b, s in zip(batch, single))
            if ok:
                return batch, True
        per = [leaves_of(statistic(sampler.confusion_of(row))) for row in counts]
    return [np.stack([p[j] for p in per]) for j in range(len(shapes))], False


def replicate_distribution(sampler, statistic, n_resamples, rng, shapes, vectorized):
    parts = []
    for counts in sampler.chunks(n_resamples, rng):
        leaves, vectorized = evaluate_replicates(sampler, statistic, counts, shapes, vectorized)
        parts.append(leaves)
    return [np.concatenate([p[j] for p in parts]) for j in range(len(shapes))], vectorized


def quantile(dist, q):
    """Linear-interpolated quantiles (numpy's default) of ``dist`` ``(R, *shape)`` at
    levels ``q`` (a scalar or one level per element), over the replicates that are not
    NaN (NaN where all are)."""
    ordered = np.sort(dist, axis=0)  # NaN sort last: the first r of each column are numbers
    r = dist.shape[0] - np.isnan(dist).sum(0)
    nan = r == 0
    pos = np.asarray(q, dtype=np.float64) * np.maximum(r - 1, 0)
    finite = np.isfinite(pos)
    pos = np.where(finite, pos, 0.0)
    lo = np.floor(pos).astype(np.int64)
    hi = np.minimum(lo + 1, np.maximum(r - 1, 0))
    frac = pos - lo
    a = np.take_along_axis(ordered, lo[None], axis=0)[0]
    b = np.take_along_axis(ordered, hi[None], axis=0)[0]
    return np.where(nan | ~finite, np.nan, a + (b - a) * frac)


def warn_nan_replicates(dist):
    """Say how many replicates are NaN (the metric undefined on them): the intervals are
    those of the other replicates (:func:`quantile`), or NaN when all are."""
    nan = np.isnan(dist).sum(0)
    worst = int(np.max(nan, initial=0))
    if worst == 0:
        return
    r = dist.shape[0]
    if worst == r:
        warnings.warn(f"The metric is NaN (undefined) on all {r} bootstrap replicates"
                      f"{'' if dist.ndim == 1 else ' for some elements'}: the interval is "
                      "NaN there.", RuntimeWarning, stacklevel=6)
    else:
        where = "" if dist.ndim == 1 else " (for the element with the most)"
        warnings.warn(f"The metric is NaN (undefined) on {worst} of the {r} bootstrap "
                      f"replicates ({worst / r:.1%}){where}: they are dropped, the interval "
                      "and standard error are those of the other replicates.",
                      RuntimeWarning, stacklevel=6)


def as_scalar(x):
    x = np.asarray(x)
    return float(x) if x.ndim == 0 else x


def refuse_dask(*arrays):
    if any(is_dask_collection(a) for a in arrays):
        raise ValueError("bootstrap resamples samples here (sample weights or a score "
                         "metric), which needs in-memory arrays; compute the Dask "
                         "collections first.")


class EncodedRows:
    """A score metric on resampled rows of its encoded inputs (from
    :func:`metrics_sk._scores.encoded_inputs`): the labels are encoded once, not once per
    replicate. :meth:`rows` is the explicit condition under which the value equals the
    function on the resampled raw samples (:meth:`rows`): encoding the replicate again
    would give the same codes and the same scikit-learn / metrics_sk decision."""

    def __init__(self, codes, scores, weights, kernel):
        self.codes, self.scores, self.weights, self.kernel = codes, scores, weights, kernel
        self.present = np.bincount(codes) > 0

    def rows(self, idx):
        """``(codes, scores, weights)`` of the rows ``idx`` when the replicate holds exactly
        the classes of the samples and weights that are not all zero, with a finite sum
        (the function on its raw samples then encodes and decides as on all of them);
        None otherwise."""
        codes = self.codes.take(idx)
        if not np.array_equal(np.bincount(codes, minlength=self.present.shape[0]) > 0,
                              self.present):
            return None
        weights = None if self.weights is None else self.weights.take(idx)
        if weights is not None and not (weights.any() and (
                weights.dtype.kind != "f" or np.isfinite(np.abs(weights).sum()))):
            return None
        return codes, self.scores.take(idx, axis=0), weights


def percentile_interval(dist, confidence_level):
    """``(low, high)``: the percentile interval of the replicates ``dist`` ``(R, *shape)``
    at ``confidence_level``, over the replicates that are not NaN (:func:`quantile`)."""
    alpha = (1 - confidence_level) / 2
    return quantile(dist, alpha), quantile(dist, 1 - alpha)

