"""Bootstrap confidence intervals, resampling confusion cells instead of samples.

Resampling ``n`` samples with replacement only changes how many samples fall in each
cell of the confusion matrix, and those cell counts are multinomial: ``Mult(n, cells / n)``
over the non-zero cells. So for a count metric without sample weights a bootstrap
replicate is one multinomial draw of a few numbers, not ``n`` indices; all replicates are
drawn at once, turned into per-class counts of shape ``(R, K)`` (a *batch*), and the count
formulas of ``metrics_sk._counts``, which reduce over the class axis, evaluate every
replicate in one vectorized call.

With sample weights the samples are grouped by (cell, weight) pairs, whose samples are
interchangeable: a replicate is a multinomial draw of the pair counts (exactly the law of
resampling the samples), and a cell's weight the sum of count x weight over its pairs;
with class or frequency weights it costs the number of pairs. With continuous weights
(about one pair per sample) the cell counts are drawn exactly and each cell's sum of
resampled weights exactly in small or skewed cells, by its moments (normal) in large
ones (see ``_CellSampler``). Any other metric
(score metrics such as log loss, or any callable with the scikit-learn signature) falls
back to evaluating it on resampled indices.
"""

import functools
import warnings
from collections import namedtuple
from dataclasses import dataclass

import numpy as np
import scipy.sparse as sp
from scipy.special import ndtr, ndtri


from ._batch import ConfusionBatch as _Replicates
from ._confusion import Confusion, count_sample_cells as count_samples
from ._encoding import compact
from ._params import INFERENCE, Checker
from ._registry import METRICS, SCORER_NAMES, resolve
from ._scores import encoded_inputs
from ._formulas import check_total
from ._validation import check_same_length, is_dask_collection, refuse_masked, refuse_zero_weights

ConfidenceInterval = namedtuple("ConfidenceInterval", ["low", "high"])
ConfidenceInterval.__doc__ = "Lower and upper bound of a confidence interval (as in scipy)."

_METHODS = ("percentile", "basic", "bca")

#: Count metrics (``Confusion`` methods) whose formulas evaluate a batch of replicates.
VECTORIZED = frozenset(name for name, m in METRICS.items() if m.count and m.batch)

# Most numbers held by one chunk of replicates (R x max(non-zero cells, classes)).
_CHUNK_ELEMENTS = 1 << 22


@dataclass(repr=False)
class BootstrapResult:
    """Result of :func:`bootstrap`, laid out as :class:`scipy.stats.bootstrap`'s.

    A record of the interval, the replicate values and their spread, with the metric's
    value on the data (``value``) and the interval method. Its repr shows the value,
    the interval, the method and the number of resamples, not the replicates.

    Parameters
    ----------
    confidence_interval : ConfidenceInterval
        The interval (see Attributes).
    bootstrap_distribution : ndarray
        The metric on each replicate.
    standard_error : float or ndarray
        The standard deviation of ``bootstrap_distribution``.
    value : float or ndarray, default=None
        The metric on the data (the point estimate).
    method : str, default='percentile'
        The interval method: ``'percentile'``, ``'basic'`` or ``'bca'``.

    Attributes
    ----------
    confidence_interval : ConfidenceInterval
        ``low`` and ``high`` bounds (floats, or arrays for a per-class metric).
    bootstrap_distribution : ndarray of shape (n_resamples,) or (n_classes, n_resamples)
        The metric on each replicate (replicates on the last axis).
    standard_error : float or ndarray
        Standard deviation of the bootstrap distribution (``ddof=1``).
    value : float or ndarray
        The metric on the data, as :class:`IntervalResult`'s ``value``.
    method : str
        The interval method.
    n_resamples : int
        The number of replicates.

    See Also
    --------
    bootstrap : The function that returns it.
    scipy.stats.bootstrap : The result layout it follows.

    Examples
    --------
    >>> from metrics_sk import bootstrap
    >>> res = bootstrap("accuracy_score", [0, 1, 1, 0, 1, 1, 0, 1], [0, 1, 0, 0, 1, 1, 1, 1],
    ...                 n_resamples=200, random_state=0)
    >>> res.value, res.n_resamples, res.bootstrap_distribution.shape
    (0.75, 200, (200,))
    >>> bool(res.confidence_interval.low <= res.value <= res.confidence_interval.high)
    True
    >>> res  # doctest: +ELLIPSIS
    BootstrapResult(value=0.75, confidence_interval=ConfidenceInterval(low=0.375, high=1.0),
                    method='percentile', n_resamples=200, standard_error=0.15...)
    """

    confidence_interval: ConfidenceInterval
    bootstrap_distribution: np.ndarray
    standard_error: object
    value: object = None
    method: str = "percentile"

    @property
    def n_resamples(self):
        """The number of replicates (the last axis of ``bootstrap_distribution``)."""
        return int(np.shape(self.bootstrap_distribution)[-1])

    def __repr__(self):
        def short(x):
            if np.ndim(x) == 0:
                return repr(x if x is None or isinstance(x, str) else float(x))
            with np.printoptions(precision=4, threshold=8, edgeitems=3):
                return np.array_repr(np.asarray(x))

        ci = self.confidence_interval
        return (f"BootstrapResult(value={short(self.value)}, confidence_interval="
                f"ConfidenceInterval(low={short(ci.low)}, high={short(ci.high)}), "
                f"method={self.method!r}, n_resamples={self.n_resamples}, "
                f"standard_error={short(self.standard_error)})")


# -- a batch of replicate confusions --------------------------------------------------------
# -- nested results: a number, an array, or dicts / tuples / lists of them -----------------
def _flatten(value, leaves):
    """Collect the numeric leaves of ``value``; return a function that rebuilds the layout
    from a list of per-leaf results."""
    if isinstance(value, dict):
        parts = {key: _flatten(v, leaves) for key, v in value.items()}
        return lambda out: {key: part(out) for key, part in parts.items()}
    if isinstance(value, (tuple, list)):
        parts = [_flatten(v, leaves) for v in value]
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


def _leaves(value):
    leaves = []
    _flatten(value, leaves)
    return leaves


# -- drawing replicates ----------------------------------------------------------------------
def _rng(random_state):
    """A numpy Generator from a checked ``random_state``."""
    if isinstance(random_state, np.random.RandomState):
        return np.random.default_rng(random_state.randint(np.iinfo(np.int64).max))
    return np.random.default_rng(random_state)


def nonzero_cells(confusion):
    """``(rows, cols, values)`` of the non-zero cells of ``confusion``, its *other* slot
    (row or column ``K``, see :mod:`metrics_sk._confusion`) included: the cells that
    :class:`_Replicates` takes."""
    cells = confusion._cells
    coo = cells.tocoo() if sp.issparse(cells) else sp.coo_array(cells)  # sparse or dense
    keep = coo.data > 0
    return coo.row[keep], coo.col[keep], coo.data[keep]


class _CellSampler:
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
            if confusion._weighted or (counts.dtype.kind == "f" and not np.all(
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
        step = max(1, _CHUNK_ELEMENTS // self.width)
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
        return _Replicates(self.confusion, self.rows, self.cols, counts)

    def confusion_of(self, counts):
        """One replicate as a real :class:`Confusion` (for metrics that do not vectorize)."""
        c = self.confusion
        size = c._labels.shape[0] + 1  # every label counted (see Confusion._whole)
        cells = sp.csr_array((counts, (self.rows, self.cols)), shape=(size, size))
        cells.eliminate_zeros()
        return Confusion._of(c._labels, cells, fixed=c._fixed, weighted=c._weighted)


def _evaluate(sampler, statistic, counts, shapes, vectorized):
    """The statistic's leaves on each replicate of ``counts``: a list of ``(r, *shape)``
    arrays. ``vectorized``: True (one batch call), False (one call per replicate) or None
    (try the batch, check it against single confusions, else fall back)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # ill-defined replicates are expected
        if vectorized is not False:
            try:
                replicates = sampler.replicates(counts)
                batch = _leaves(statistic(replicates))
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
                    single = _leaves(statistic(sampler.confusion_of(counts[i])))
                    ok = ok and all(np.allclose(b[i], s, equal_nan=True)
                                    for b, s in zip(batch, single))
            if ok:
                return batch, True
        per = [_leaves(statistic(sampler.confusion_of(row))) for row in counts]
    return [np.stack([p[j] for p in per]) for j in range(len(shapes))], False


def _distribution(sampler, statistic, n_resamples, rng, shapes, vectorized):
    parts = []
    for counts in sampler.chunks(n_resamples, rng):
        leaves, vectorized = _evaluate(sampler, statistic, counts, shapes, vectorized)
        parts.append(leaves)
    return [np.concatenate([p[j] for p in parts]) for j in range(len(shapes))], vectorized


# -- intervals ---------------------------------------------------------------------------------
def _quantile(dist, q):
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


def _warn_nan_replicates(dist):
    """Say how many replicates are NaN (the metric undefined on them): the intervals are
    those of the other replicates (:func:`_quantile`), or NaN when all are."""
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


def _interval(dist, estimate, jack, jack_weight, confidence_level, method):
    """Interval of one leaf: ``dist`` (R, *shape), ``estimate`` (*shape); ``jack``
    (m, *shape) leave-one-out values with multiplicities ``jack_weight`` for BCa. NaN
    replicates are dropped (with a warning that gives their share)."""
    _warn_nan_replicates(dist)
    alpha = (1 - confidence_level) / 2
    if method == "bca":
        with np.errstate(divide="ignore", invalid="ignore"):
            below = (dist < estimate).sum(0) + (dist <= estimate).sum(0)
            z0 = ndtri(below / (2 * (~np.isnan(dist)).sum(0)))
            w = jack_weight.reshape((-1,) + (1,) * (jack.ndim - 1)).astype(np.float64)
            mean = (w * jack).sum(0) / w.sum()
            u = mean - jack
            accel = (w * u**3).sum(0) / (6 * ((w * u**2).sum(0)) ** 1.5)
            levels = [ndtr(z0 + (z0 + z) / (1 - accel * (z0 + z)))
                      for z in (ndtri(alpha), ndtri(1 - alpha))]
        if not np.all(np.isfinite(levels)):
            warnings.warn("The BCa interval is undefined for some values (a degenerate "
                          "bootstrap or jackknife distribution); it is NaN there. "
                          "method='percentile' may help.", RuntimeWarning, stacklevel=4)
        low, high = (_quantile(dist, level) for level in levels)
    else:
        low, high = _quantile(dist, alpha), _quantile(dist, 1 - alpha)
        if method == "basic":
            low, high = 2 * estimate - high, 2 * estimate - low
    return low, high


def _scalar(x):
    x = np.asarray(x)
    return float(x) if x.ndim == 0 else x


def _results(estimates, dists, jacks, jack_weight, confidence_level, method):
    out = []
    for j, (est, dist) in enumerate(zip(estimates, dists)):
        est = est.astype(np.float64)
        dist = dist.astype(np.float64)
        low, high = _interval(dist, est, None if jacks is None else jacks[j], jack_weight,
                              confidence_level, method)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # (all NaN: said by _interval)
            se = (np.nanstd(dist, axis=0, ddof=1) if dist.shape[0] > 1
                  else np.full(est.shape, np.nan))
        out.append(BootstrapResult(ConfidenceInterval(_scalar(low), _scalar(high)),
                                   np.moveaxis(dist, 0, -1), _scalar(se), _scalar(est),
                                   method))
    return out


_CHECK_BOOTSTRAP = Checker("bootstrap", INFERENCE["bootstrap"])
_CHECK_INTERVALS = Checker("confidence_intervals", INFERENCE["confidence_intervals"])


def _count_intervals(sampler, statistic, n_resamples, confidence_level, method, rng,
                     vectorized):
    """Bootstrap the leaves of ``statistic`` over replicates of ``sampler``; returns the
    estimate's layout rebuilder and one :class:`BootstrapResult` per leaf."""
    leaves = []
    rebuild = _flatten(statistic(sampler.confusion), leaves)
    shapes = [leaf.shape for leaf in leaves]
    dists, vectorized = _distribution(sampler, statistic, n_resamples, rng, shapes, vectorized)
    jacks = jack_weight = None
    if method == "bca":
        counts, jack_weight = sampler.jackknife()
        parts = []
        step = max(1, _CHUNK_ELEMENTS // sampler.width)
        for start in range(0, counts.shape[0], step):
            part, vectorized = _evaluate(sampler, statistic, counts[start:start + step],
                                         shapes, vectorized)
            parts.append(part)
        jacks = [np.concatenate([p[j] for p in parts]) for j in range(len(shapes))]
    return rebuild, _results(leaves, dists, jacks, jack_weight, confidence_level, method)


def _sampler_from_samples(confusion, y_true, y_pred, sample_weight):
    """A weighted sampler: the cell of each sample among ``confusion``'s labels (a label
    outside them in the other slot), from the one encoding of the samples."""
    return weighted_sampler(count_samples(y_true, y_pred, labels=confusion.labels,
                                          sample_weight=sample_weight), confusion)


def weighted_sampler(samples, confusion=None):
    """The sampler of :class:`~metrics_sk._confusion.SampleCells` (their confusion by
    default): resamples the samples, by their cells and weights."""
    confusion = samples.confusion() if confusion is None else confusion
    n = samples.cell_of.shape[0]
    weights = np.ones(n) if samples.weights is None else samples.weights
    return _CellSampler(confusion, samples.cell_of,
                        np.ascontiguousarray(weights, dtype=np.float64),
                        cells=(samples.rows, samples.cols))


# -- public ------------------------------------------------------------------------------------
def confidence_intervals(confusion, statistic, *, y_true=None, y_pred=None, sample_weight=None,
                         n_resamples=1000, confidence_level=0.95, method="percentile",
                         random_state=None):
    """Bootstrap confidence intervals of every number a function of a confusion returns.

    The hook for reports: ``statistic`` maps a confusion to a number, an array, or nested
    dicts / tuples / lists of them (e.g. every count metric of a report), and the result
    has the same layout with each number replaced by its ``(low, high)`` interval; or it
    names count metrics. All numbers are computed on the same replicates. Without sample
    weights the replicates are drawn from ``confusion`` alone (multinomial over its
    cells), so a confusion built from a Dask collection or merged from batches needs no
    samples.

    Parameters
    ----------
    confusion : Confusion
        The counts of the data.
    statistic : callable, str or list of str
        ``statistic(confusion)``; it is also called on batches of replicates when it only
        uses the ``Confusion`` count methods listed in :data:`VECTORIZED` (checked on two
        replicates; otherwise it is called once per replicate). Or the name of a count
        metric (a function name such as ``"f1_score"`` or a scorer name such as
        ``"macro_fscore"``, whose fixed arguments it takes; the metric's defaults
        otherwise), or a list of names.
    y_true, y_pred, sample_weight : array-like of shape (n_samples,), default=None
        The samples behind ``confusion``; needed only with ``sample_weight`` (the
        replicates then resample samples and sum their weights per cell).
    n_resamples : int, default=1000
        Number of bootstrap replicates.
    confidence_level : float, default=0.95
        Confidence level of the intervals.
    method : {'percentile', 'basic', 'bca'}, default='percentile'
        Interval method, as in :func:`scipy.stats.bootstrap`.
    random_state : None, int, numpy Generator or RandomState, default=None
        Seed of the replicates.

    Returns
    -------
    intervals
        The layout of ``statistic(confusion)`` with each number (or array) replaced by a
        :class:`ConfidenceInterval` ``(low, high)``; for a metric name its interval, for
        a list of names a dict name -> interval.

    See Also
    --------
    bootstrap : One metric from samples, with the whole bootstrap distribution.

    Notes
    -----
    Without weights, drawing n samples with replacement is a multinomial draw over the
    confusion cells, :math:`C^* \\sim \\mathrm{Multinomial}(n, C / n)`; the percentile
    interval is :math:`[q_{\\alpha/2}, q_{1-\\alpha/2}]` of the statistic over the
    replicates, with :math:`\\alpha = 1 - \\text{confidence level}`.
    NaN replicates (the statistic undefined there) are dropped with a warning that gives
    their share, as in :func:`bootstrap`.

    References
    ----------
    .. [1] Efron, B. and Tibshirani, R. J. (1993). An Introduction to the Bootstrap.
       Chapman & Hall.

    Examples
    --------
    >>> from metrics_sk import Confusion, confidence_intervals
    >>> c = Confusion.from_matrix([[40, 10], [5, 45]])
    >>> ci = confidence_intervals(c, ["accuracy_score", "macro_fscore"], random_state=0)
    >>> sorted(ci), bool(ci["accuracy_score"].low < 0.85 < ci["accuracy_score"].high)
    (['accuracy_score', 'macro_fscore'], True)
    >>> ci = confidence_intervals(
    ...     c, lambda c: {"accuracy": c.accuracy_score(), "mcc": c.matthews_corrcoef()},
    ...     random_state=0)
    >>> bool(ci["accuracy"].low < 0.85 < ci["accuracy"].high)
    True
    """
    _CHECK_INTERVALS({"statistic": statistic, "y_true": y_true, "y_pred": y_pred,
                      "sample_weight": sample_weight, "n_resamples": n_resamples,
                      "confidence_level": confidence_level, "method": method,
                      "random_state": random_state})
    refuse_zero_weights(sample_weight)
    if not isinstance(confusion, Confusion):
        raise ValueError(f"confusion must be a Confusion, got {type(confusion).__name__}.")
    statistic, vectorized = _named_statistic(statistic)
    if sample_weight is not None:
        if y_true is None or y_pred is None:
            raise ValueError("sample_weight needs y_true and y_pred: weighted replicates "
                             "resample the samples.")
        sampler = _sampler_from_samples(confusion, y_true, y_pred, sample_weight)
    else:
        sampler = _CellSampler(confusion)
    rebuild, results = _count_intervals(sampler, statistic, n_resamples, confidence_level,
                                        method.lower(), _rng(random_state), vectorized)
    return rebuild([r.confidence_interval for r in results])


def _named_statistic(statistic):
    """``(callable, vectorized)`` of the ``statistic`` of :func:`confidence_intervals`: a
    callable as it is (batch capability probed), a count metric's name or a list of
    names as the metrics' ``Confusion`` methods (batch when all are)."""
    if callable(statistic):
        return statistic, None
    names = [statistic] if isinstance(statistic, str) else statistic
    if not isinstance(names, (list, tuple)) or not names or not all(
            isinstance(n, str) for n in names):
        raise ValueError(f"statistic must be callable, a metric name or a list of metric "
                         f"names, got {statistic!r}.")
    calls = {}
    for name in names:
        found = resolve(name)
        if not found.count:
            raise ValueError(f"statistic {name!r} is a score metric: confidence_intervals "
                             "resamples a confusion; use bootstrap(metric, y_true, y_score).")
        kwargs = SCORER_NAMES[name][1] if name in SCORER_NAMES and name not in METRICS else {}
        calls[name] = functools.partial(_call_method, getattr(Confusion, found.name), kwargs)
    vectorized = all(resolve(n).name in VECTORIZED for n in names)
    if isinstance(statistic, str):
        return calls[statistic], vectorized
    return functools.partial(_call_each, calls), vectorized


def _call_each(calls, confusion):
    return {name: call(confusion) for name, call in calls.items()}


def _resolve(metric):
    """``(name of a count metric or None, function)`` for a metric name (a function's or a
    scorer's) or a callable."""
    if isinstance(metric, str):
        found = resolve(metric)
        return (found.name if found.count else None), found.function
    if not callable(metric):
        raise ValueError(f"metric must be a metric name or a function, got {metric!r}.")
    found = resolve(metric)
    return (found.name if found is not None and found.count else None), metric


def bootstrap(metric, y_true, y_pred, *, n_resamples=1000, confidence_level=0.95,
              method="percentile", random_state=None, sample_weight=None, **kwargs):
    """Bootstrap confidence interval of a metric.

    For a count metric (everything computed from a :class:`~metrics_sk.Confusion`)
    without sample weights, resampling the ``n`` samples with replacement is a
    multinomial draw of the confusion cells, :math:`N^* \\sim \\mathrm{Mult}(n, N / n)`
    over the non-zero cells :math:`N`; all replicates are drawn at once and the metric is
    evaluated on all of them in one vectorized call (the metrics of :data:`VECTORIZED`;
    other count metrics are evaluated replicate by replicate). With ``sample_weight`` the
    (cell, weight) pairs are resampled, ``Mult(n, pair counts / n)``, the same law as
    resampling the samples (fast when the weights take few values, e.g. class weights);
    with continuous weights the cell counts are exact and a large cell's sum of resampled
    weights is drawn from a normal law with its moments (its mean and variance of weights
    times the count), where the sum's skewness and excess kurtosis are at most 0.05;
    small or skewed cells are drawn exactly.
    Any other metric is evaluated on resampled indices.

    Parameters
    ----------
    metric : str or callable
        A metrics_sk metric function or its name (``"f1_score"``,
        ``"macro_fbeta_score"``, ``"log_loss"``, ...), or any function with the
        scikit-learn signature ``metric(y_true, y_pred, *, sample_weight=None, **kwargs)``.
    y_true : array-like of shape (n_samples,)
        True labels.
    y_pred : array-like of shape (n_samples,) or (n_samples, n_classes)
        Predicted labels, or scores for a score metric.
    n_resamples : int, default=1000
        Number of bootstrap replicates.
    confidence_level : float, default=0.95
        Confidence level of the interval.
    method : {'percentile', 'basic', 'bca'}, default='percentile'
        As in :func:`scipy.stats.bootstrap`: the percentile interval, the basic (reverse
        percentile) interval, or the bias-corrected and accelerated interval of Efron
        (1987), whose acceleration comes from the jackknife (for count metrics: one
        leave-one-out confusion per non-zero cell, weighted by its count; for metrics
        evaluated on resampled indices: ``n`` more evaluations).
    random_state : None, int, numpy Generator or RandomState, default=None
        Seed of the replicates.
    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights.
    **kwargs
        Keyword arguments of ``metric`` (``average=``, ``labels=``, ``beta=``...). For a
        score metric pass ``labels=`` (every class), so that a replicate that happens to
        miss a rare class can still be scored.

    Returns
    -------
    BootstrapResult
        ``confidence_interval`` (``low``, ``high``), ``bootstrap_distribution`` (replicates
        on the last axis) and ``standard_error``, as :func:`scipy.stats.bootstrap`.

    See Also
    --------
    scipy.stats.bootstrap : The generic per-sample bootstrap.

    Notes
    -----
    The percentile interval is :math:`[\\hat\\theta^*_{(\\alpha/2)},
    \\hat\\theta^*_{(1-\\alpha/2)}]` with :math:`\\alpha = 1 - \\text{confidence level}`.
    The cost of a count metric without weights is O(n) to count once, then
    O(n_resamples x non-zero cells), independent of ``n``.

    A replicate on which the metric is NaN (undefined, e.g. Cohen's kappa of a resample
    with one class) is dropped: the interval and the standard error are those of the
    other replicates, and a ``RuntimeWarning`` gives the number and share of NaN
    replicates; when every replicate is NaN the interval is NaN (with a warning). The NaN
    replicates stay in ``bootstrap_distribution``. (:func:`scipy.stats.bootstrap` keeps
    them: its interval is then NaN, with a ``DegenerateDataWarning`` for BCa only.)
    A replicate that misses a class is evaluated as scikit-learn evaluates that resample:
    over the classes it has (a per-class value of a missing class is NaN), unless
    ``labels=`` fixes them.

    References
    ----------
    .. [1] Efron, B. and Tibshirani, R. (1993). An Introduction to the Bootstrap. Chapman
       & Hall.
    .. [2] Efron, B. (1987). Better bootstrap confidence intervals. JASA 82(397).

    Examples
    --------
    >>> import numpy as np
    >>> from metrics_sk import bootstrap
    >>> rng = np.random.default_rng(0)
    >>> y_true = rng.integers(0, 3, 1000)
    >>> y_pred = np.where(rng.random(1000) < 0.8, y_true, rng.integers(0, 3, 1000))
    >>> res = bootstrap("f1_score", y_true, y_pred, average="macro", random_state=0)
    >>> ci = res.confidence_interval
    >>> bool(0.8 < ci.low < ci.high < 0.9), res.bootstrap_distribution.shape
    (True, (1000,))
    """
    _CHECK_BOOTSTRAP({"n_resamples": n_resamples, "confidence_level": confidence_level,
                      "method": method, "random_state": random_state,
                      "sample_weight": sample_weight})
    refuse_zero_weights(sample_weight)
    method = method.lower()
    name, func = _resolve(metric)
    rng = _rng(random_state)
    if name is not None:
        from ._api import build_confusion

        method_of = getattr(Confusion, name)
        statistic = functools.partial(_call_method, method_of, kwargs)
        if sample_weight is None:
            sampler = _CellSampler(build_confusion(y_true, y_pred))
        else:  # the builder's one encoding gives the confusion and each sample's cell
            _refuse_dask(y_true, y_pred, sample_weight)
            sampler = weighted_sampler(count_samples(y_true, y_pred,
                                                     sample_weight=sample_weight))
        vectorized = name in VECTORIZED
        _, results = _count_intervals(sampler, statistic, n_resamples, confidence_level,
                                      method, rng, vectorized)
    else:
        results = _index_bootstrap(func, y_true, y_pred, sample_weight, kwargs, n_resamples,
                                   confidence_level, method, rng)
    if len(results) != 1:
        raise ValueError(f"metric returns {len(results)} values; bootstrap needs one number "
                         "or one array (use confidence_intervals for several).")
    return results[0]


def _call_method(method, kwargs, confusion):
    return method(confusion, **kwargs)


def _refuse_dask(*arrays):
    if any(is_dask_collection(a) for a in arrays):
        raise ValueError("bootstrap resamples samples here (sample weights or a score "
                         "metric), which needs in-memory arrays; compute the Dask "
                         "collections first.")


class _EncodedRows:
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


def _index_bootstrap(func, y_true, y_pred, sample_weight, kwargs, n_resamples,
                     confidence_level, method, rng):
    """The per-sample bootstrap: ``func`` on resampled indices."""
    _refuse_dask(y_true, y_pred, sample_weight)
    for name, given in (("y_true", y_true), ("y_pred", y_pred), ("sample_weight",
                                                                sample_weight)):
        refuse_masked(given, name)  # np.asarray below would drop the mask
    t, p = np.asarray(y_true), np.asarray(y_pred)
    w = None if sample_weight is None else np.asarray(sample_weight)
    for name, given, arr in (("y_true", y_true, t), ("y_pred", y_pred, p),
                             ("sample_weight", sample_weight, w)):
        if arr is not None and arr.ndim == 0:  # None, a number, a string, a dict
            raise TypeError(f"{name} must be an array-like with one entry per sample, got "
                            f"{type(given).__name__} {given!r:.60}.")
    check_same_length(("y_true", t), ("y_pred", p), ("sample_weight", w))
    n = t.shape[0]
    estimates = _leaves(func(t, p, **({} if w is None else {"sample_weight": w}), **kwargs))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        encoded = encoded_inputs(func, t, p, w, kwargs)
        resample = None if encoded is None else _EncodedRows(*encoded)

        def at(idx):
            rows = None if resample is None else resample.rows(idx)
            if rows is not None:
                return _leaves(resample.kernel(*rows))
            extra = {} if w is None else {"sample_weight": w[idx]}
            return _leaves(func(t[idx], p[idx], **extra, **kwargs))

        per = [at(rng.integers(0, n, n)) for _ in range(n_resamples)]
        dists = [np.stack([r[j] for r in per]) for j in range(len(estimates))]
        jacks = None
        if method == "bca":
            keep = np.ones(n, dtype=bool)
            rows = []
            for i in range(n):
                keep[i] = False
                rows.append(at(np.flatnonzero(keep)))
                keep[i] = True
            jacks = [np.stack([r[j] for r in rows]) for j in range(len(estimates))]
    return _results(estimates, dists, jacks, np.ones(n), confidence_level, method)
