"""Bootstrap confidence intervals, resampling confusion cells instead of samples.

Resampling ``n`` samples with replacement only changes how many samples fall in each
cell of the confusion matrix, and those cell counts are multinomial: ``Mult(n, cells / n)``
over the non-zero cells. So for a count metric without sample weights a bootstrap
replicate is one multinomial draw of a few numbers, not ``n`` indices; all replicates are
drawn at once, turned into per-class counts of shape ``(R, K)`` (a *batch*), and the count
formulas of ``metrics_sk._formulas``, which reduce over the class axis, evaluate every
replicate in one vectorized call.

With sample weights the samples are grouped by (cell, weight) pairs, whose samples are
interchangeable: a replicate is a multinomial draw of the pair counts (exactly the law of
resampling the samples), and a cell's weight the sum of count x weight over its pairs;
with class or frequency weights it costs the number of pairs. With continuous weights
(about one pair per sample) the cell counts are drawn exactly and each cell's sum of
resampled weights exactly in small or skewed cells, by its moments (normal) in large
ones (see ``CellSampler``). A multilabel indicator's samples are interchangeable only
when their whole rows are: its replicates are multinomial counts of the distinct (row,
weight) units (``RowSampler``), summed per column into a batch of multilabel confusions.
Any other metric
(score metrics such as log loss, or any callable with the scikit-learn signature) falls
back to evaluating it on resampled indices.
"""

import functools
import warnings
from dataclasses import dataclass

import numpy as np
from scipy.special import ndtr, ndtri


from .._confusion import Confusion, count_sample_cells
from .._multilabel import MultilabelConfusion, checked_rows, is_indicator
from .._params import INFERENCE, Checker
from .._registry import METRICS, SCORER_NAMES, resolve
from .._scores import encoded_inputs
from .._validation import check_same_length, refuse_masked, refuse_zero_weights
from .resampling import (
    CHUNK_ELEMENTS,
    CellSampler,
    ConfidenceInterval,
    EncodedRows,
    RowSampler,
    evaluate_replicates,
    flatten,
    leaves_of,
    make_rng,
    percentile_interval,
    quantile,
    refuse_dask,
    replicate_distribution,
    as_scalar,
    warn_nan_replicates,
)


_METHODS = ("percentile", "basic", "bca")

#: Count metrics (``Confusion`` methods) whose formulas evaluate a batch of replicates.
VECTORIZED = frozenset(name for name, m in METRICS.items() if m.count and m.batch)



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


# -- intervals ---------------------------------------------------------------------------------
def interval_of(dist, estimate, jack, jack_weight, confidence_level, method):
    """Interval of one leaf: ``dist`` (R, *shape), ``estimate`` (*shape); ``jack``
    (m, *shape) leave-one-out values with multiplicities ``jack_weight`` for BCa. NaN
    replicates are dropped (with a warning that gives their share)."""
    warn_nan_replicates(dist)
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
        low, high = (quantile(dist, level) for level in levels)
    else:
        low, high = percentile_interval(dist, confidence_level)
        if method == "basic":
            low, high = 2 * estimate - high, 2 * estimate - low
    return low, high


def results_of(estimates, dists, jacks, jack_weight, confidence_level, method):
    out = []
    for j, (est, dist) in enumerate(zip(estimates, dists)):
        est = est.astype(np.float64)
        dist = dist.astype(np.float64)
        low, high = interval_of(dist, est, None if jacks is None else jacks[j], jack_weight,
                              confidence_level, method)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # (all NaN: said by interval_of)
            se = (np.nanstd(dist, axis=0, ddof=1) if dist.shape[0] > 1
                  else np.full(est.shape, np.nan))
        out.append(BootstrapResult(ConfidenceInterval(as_scalar(low), as_scalar(high)),
                                   np.moveaxis(dist, 0, -1), as_scalar(se), as_scalar(est),
                                   method))
    return out


_CHECK_BOOTSTRAP = Checker("bootstrap", INFERENCE["bootstrap"])
_CHECK_INTERVALS = Checker("confidence_intervals", INFERENCE["confidence_intervals"])


def count_intervals(sampler, statistic, n_resamples, confidence_level, method, rng,
                     vectorized):
    """Bootstrap the leaves of ``statistic`` over replicates of ``sampler``; returns the
    estimate's layout rebuilder and one :class:`BootstrapResult` per leaf."""
    leaves = []
    rebuild = flatten(statistic(sampler.confusion), leaves)
    shapes = [leaf.shape for leaf in leaves]
    dists, vectorized = replicate_distribution(sampler, statistic, n_resamples, rng, shapes, vectorized)
    jacks = jack_weight = None
    if method == "bca":
        counts, jack_weight = sampler.jackknife()
        parts = []
        step = max(1, CHUNK_ELEMENTS // sampler.width)
        for start in range(0, counts.shape[0], step):
            part, vectorized = evaluate_replicates(sampler, statistic, counts[start:start + step],
                                         shapes, vectorized)
            parts.append(part)
        jacks = [np.concatenate([p[j] for p in parts]) for j in range(len(shapes))]
    return rebuild, results_of(leaves, dists, jacks, jack_weight, confidence_level, method)


def sampler_from_samples(confusion, y_true, y_pred, sample_weight):
    """A weighted sampler: the cell of each sample among ``confusion``'s labels (a label
    outside them in the other slot), from the one encoding of the samples."""
    return weighted_sampler(count_sample_cells(y_true, y_pred, labels=confusion.labels,
                                          sample_weight=sample_weight), confusion)


def weighted_sampler(samples, confusion=None):
    """The sampler of :class:`~metrics_sk._confusion.SampleCells` (their confusion by
    default): resamples the samples, by their cells and weights."""
    confusion = samples.confusion() if confusion is None else confusion
    n = samples.cell_of.shape[0]
    weights = np.ones(n) if samples.weights is None else samples.weights
    return CellSampler(confusion, samples.cell_of,
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
    confusion : Confusion or MultilabelConfusion
        The counts of the data. A :class:`MultilabelConfusion` needs its samples
        (``y_true``, ``y_pred``, ``sample_weight``): its replicates resample rows.
    statistic : callable, str or list of str
        ``statistic(confusion)``; it is also called on batches of replicates when it only
        uses the ``Confusion`` count methods listed in :data:`VECTORIZED` (checked on two
        replicates; otherwise it is called once per replicate). Or the name of a count
        metric (a function name such as ``"f1_score"`` or a scorer name such as
        ``"macro_fscore"``, whose fixed arguments it takes; the metric's defaults
        otherwise), or a list of names.
    y_true, y_pred, sample_weight : array-like of shape (n_samples,), default=None
        The samples behind ``confusion``; needed only with ``sample_weight`` (the
        replicates then resample samples and sum their weights per cell), or for a
        :class:`MultilabelConfusion` (its indicators, shape ``(n_samples, n_labels)``).
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
    if isinstance(confusion, MultilabelConfusion):
        statistic, vectorized = _named_statistic(statistic, MultilabelConfusion)
        sampler = _multilabel_sampler_of(confusion, y_true, y_pred, sample_weight)
        rebuild, results = count_intervals(sampler, statistic, n_resamples,
                                           confidence_level, method.lower(),
                                           make_rng(random_state), vectorized)
        return rebuild([r.confidence_interval for r in results])
    if not isinstance(confusion, Confusion):
        raise ValueError("confusion must be a Confusion or a MultilabelConfusion, got "
                         f"{type(confusion).__name__}.")
    statistic, vectorized = _named_statistic(statistic)
    if sample_weight is not None:
        if y_true is None or y_pred is None:
            raise ValueError("sample_weight needs y_true and y_pred: weighted replicates "
                             "resample the samples.")
        sampler = sampler_from_samples(confusion, y_true, y_pred, sample_weight)
    else:
        sampler = CellSampler(confusion)
    rebuild, results = count_intervals(sampler, statistic, n_resamples, confidence_level,
                                        method.lower(), make_rng(random_state), vectorized)
    return rebuild([r.confidence_interval for r in results])


def _multilabel_sampler_of(confusion, y_true, y_pred, sample_weight):
    """The :class:`RowSampler` of ``confusion`` (a :class:`MultilabelConfusion`) from
    its samples, which its replicates need: the rows, not only the margins."""
    if y_true is None or y_pred is None:
        raise ValueError("A MultilabelConfusion's replicates resample its samples' rows: "
                         "pass y_true and y_pred (and sample_weight) to "
                         "confidence_intervals.")
    counted, units = checked_rows(y_true, y_pred, sample_weight)
    if not (counted.n_labels == confusion.n_labels and counted.n_samples
            == confusion.n_samples and all(np.allclose(a, b) for a, b in zip(
                counted.whole_margins(), confusion.whole_margins()))):
        raise ValueError("confusion is not the MultilabelConfusion of y_true, y_pred and "
                         "sample_weight: its counts differ.")
    return RowSampler(confusion, units)


def _named_statistic(statistic, cls=Confusion):
    """``(callable, vectorized)`` of the ``statistic`` of :func:`confidence_intervals`: a
    callable as it is (batch capability probed), a count metric's name or a list of
    names as the metrics' methods of ``cls`` (batch when all are)."""
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
        method_of = getattr(cls, found.name, None)
        if method_of is None:
            raise ValueError(f"statistic {name!r} is not a metric of a {cls.__name__}.")
        calls[name] = functools.partial(call_method, method_of, kwargs)
    vectorized = all(resolve(n).name in VECTORIZED for n in names)
    if isinstance(statistic, str):
        return calls[statistic], vectorized
    return functools.partial(_call_each, calls), vectorized


def _call_each(calls, confusion):
    return {name: call(confusion) for name, call in calls.items()}


def resolve_metric(metric):
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
    y_true : {array-like, sparse matrix} of shape (n_samples,) or (n_samples, n_labels)
        True labels, or a multilabel indicator (dense or scipy sparse: its rows are
        resampled, see Notes).
    y_pred : {array-like, sparse matrix} of shape (n_samples,) or (n_samples, n_classes)
        Predicted labels (a multilabel indicator for one), or scores for a score metric.
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

    For a multilabel indicator a replicate resamples rows: the samples are kept once per
    distinct (row, weight) pair, and a replicate is a multinomial draw of these pairs'
    counts (``n`` row indices when rows rarely repeat), summed per column into a batch
    of multilabel confusions; every average (``'samples'`` too), Jaccard, Hamming loss
    and subset accuracy. A replicate made of zero-weight samples only is NaN (scikit-learn
    refuses its weights).

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
    name, func = resolve_metric(metric)
    rng = make_rng(random_state)
    if name is not None and (is_indicator(y_true) or is_indicator(y_pred)):
        method_of = getattr(MultilabelConfusion, name, None)
        if method_of is not None:  # (else its function gives scikit-learn's error)
            sampler, kwargs = _multilabel_sampler(y_true, y_pred, sample_weight, kwargs)
            _, results = count_intervals(
                sampler, functools.partial(call_method, method_of, kwargs), n_resamples,
                confidence_level, method, rng, name in VECTORIZED)
            return _one(results)
        name = None
    if name is not None:
        from .._api import build_confusion

        method_of = getattr(Confusion, name)
        statistic = functools.partial(call_method, method_of, kwargs)
        if sample_weight is None:
            sampler = CellSampler(build_confusion(y_true, y_pred))
        else:  # the builder's one encoding gives the confusion and each sample's cell
            refuse_dask(y_true, y_pred, sample_weight)
            sampler = weighted_sampler(count_sample_cells(y_true, y_pred,
                                                     sample_weight=sample_weight))
        vectorized = name in VECTORIZED
        _, results = count_intervals(sampler, statistic, n_resamples, confidence_level,
                                      method, rng, vectorized)
    else:
        results = index_bootstrap(func, y_true, y_pred, sample_weight, kwargs, n_resamples,
                                   confidence_level, method, rng)
    return _one(results)


def _one(results):
    if len(results) != 1:
        raise ValueError(f"metric returns {len(results)} values; bootstrap needs one number "
                         "or one array (use confidence_intervals for several).")
    return results[0]


def _multilabel_sampler(y_true, y_pred, sample_weight, kwargs):
    """``(sampler, kwargs)`` of a multilabel-indicator pair: its rows resampled. With
    ``average="samples"`` and ``labels=``, each sample sums over those columns only, as
    the drop-ins count them: only they are kept (and ``labels`` is dropped)."""
    columns = None
    if kwargs.get("average") == "samples" and kwargs.get("labels") is not None:
        columns = kwargs["labels"]
        kwargs = {k: v for k, v in kwargs.items() if k != "labels"}
    confusion, units = checked_rows(y_true, y_pred, sample_weight, columns)
    return RowSampler(confusion, units), kwargs


def call_method(method, kwargs, confusion):
    return method(confusion, **kwargs)


def index_bootstrap(func, y_true, y_pred, sample_weight, kwargs, n_resamples,
                     confidence_level, method, rng):
    """The per-sample bootstrap: ``func`` on resampled indices."""
    refuse_dask(y_true, y_pred, sample_weight)
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
    estimates = leaves_of(func(t, p, **({} if w is None else {"sample_weight": w}), **kwargs))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        encoded = encoded_inputs(func, t, p, w, kwargs)
        resample = None if encoded is None else EncodedRows(*encoded)

        def at(idx):
            rows = None if resample is None else resample.rows(idx)
            if rows is not None:
                return leaves_of(resample.kernel(*rows))
            extra = {} if w is None else {"sample_weight": w[idx]}
            return leaves_of(func(t[idx], p[idx], **extra, **kwargs))

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
    return results_of(estimates, dists, jacks, np.ones(n), confidence_level, method)
