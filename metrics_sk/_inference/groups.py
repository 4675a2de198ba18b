"""Every metric by slice, in one pass: fairlearn's ``MetricFrame`` vocabulary on a
:class:`~metrics_sk.GroupedConfusion`.

fairlearn's ``MetricFrame`` calls a metric once per group; here the samples are counted
once into the confusions of all the groups (a group is one more axis of the cell key),
and every count formula evaluates all the groups at once. The values are the same: the
metric of each group's samples alone.
"""

import functools
import warnings

import numpy as np

from .._batch import ConfusionBatch
from .._confusion import Confusion
from .._dropins import recall_score
from .._facts import INTERVAL_METHODS
from .._multilabel import MultilabelConfusion, is_indicator
from .._onedal import specificity_score
from .._params import INFERENCE, Checker
from .._registry import count_metric_call
from .._sklearn_compat import StrOptions
from .resampling import (CHUNK_ELEMENTS, ConfidenceInterval, RowSampler, make_rng,
                         percentile_interval)
from .bootstrap import VECTORIZED, call_method, count_intervals
from .intervals import (
    Moved, delta_bounds, interval_family, proportion_bounds, rescaled, z_score,
)

_METHODS = ("between_groups", "to_overall")
_check_method = Checker("MetricFrame", {"method": [StrOptions(set(_METHODS))]})
_check_interval = Checker("metric_frame", INFERENCE["metric_frame"])


def _as_metric(metric):
    """``(formula name, keyword arguments)`` of a count metric: a metric or scorer name, a
    metrics_sk count function, or a ``functools.partial`` of one."""
    found = count_metric_call(metric)
    if found is None:
        raise ValueError(
            f"metrics must be count metrics of metrics_sk (a name such as 'f1_score', a "
            f"scorer name, a function or a functools.partial of one); got {metric!r}. "
            "Score metrics need the scores of each group: call them per group.")
    return found


class MetricFrame:
    """Metrics by group, with fairlearn's ``MetricFrame`` vocabulary.

    Made by :func:`metric_frame`. With one metric, :attr:`by_group` is a Series and
    :attr:`overall` a number; with a dict of metrics, a DataFrame (a column per metric)
    and a Series.

    Parameters
    ----------
    grouped : GroupedConfusion
        The confusions of the groups.
    metrics : dict
        Column name -> ``(metric name, keyword arguments)``.
    single : bool
        Whether one metric was asked for (not a dict).

    intervals : dict, default=None
        Column name -> ``(low, high, method)`` arrays over the groups, when intervals
        were asked for.

    Attributes
    ----------
    by_group : pandas.Series or pandas.DataFrame
        Each metric of each group's samples.
    overall : float or pandas.Series
        Each metric of all the samples.
    confidence_interval : ConfidenceInterval or None
        ``low`` and ``high``, each laid out as :attr:`by_group`: the interval of each
        metric of each group (None unless ``metric_frame(..., confidence_level=...)``).
    interval_method : pandas.Series or pandas.DataFrame or None
        The method of each interval (``"wilson"``, ``"delta"``, ``"bootstrap"``, ...).

    See Also
    --------
    metric_frame : Count the groups and build the frame.

    Examples
    --------
    >>> from metrics_sk import metric_frame
    >>> mf = metric_frame([0, 1, 1, 0, 1, 0], [0, 1, 0, 0, 1, 1], metrics="accuracy_score",
    ...                   groups=["a", "a", "a", "b", "b", "b"])
    >>> mf.by_group.round(3).to_dict()
    {'a': 0.667, 'b': 0.667}
    >>> float(mf.difference())
    0.0
    """

    def __init__(self, grouped, metrics, single, intervals=None):
        import pandas as pd

        self.grouped = grouped
        columns, overall = {}, {}
        for column, (name, kwargs) in metrics.items():
            values = getattr(grouped, name)(**kwargs)
            if getattr(values, "ndim", 1) != 1:
                raise ValueError(f"metric {column!r} gives more than one number per group; "
                                 "metric_frame takes metrics that give one number.")
            columns[column] = values
            overall[column] = getattr(grouped.overall, name)(**kwargs)
        frame = pd.DataFrame(columns)
        self._single = single
        self.by_group = frame.iloc[:, 0].rename(next(iter(metrics))) if single else frame
        self.overall = (next(iter(overall.values())) if single else
                        pd.Series(overall, dtype=float))
        self.confidence_interval = self.interval_method = None
        if intervals is not None:
            low, high, used = ({column: parts[i] for column, parts in intervals.items()}
                               for i in range(3))
            self.confidence_interval = ConfidenceInterval(self._like(low), self._like(high))
            self.interval_method = self._like(used)

    def _like(self, columns):
        """Per-group arrays of each metric laid out as :attr:`by_group`."""
        import pandas as pd

        frame = pd.DataFrame(columns, index=self.by_group.index)
        return frame.iloc[:, 0].rename(self.by_group.name) if self._single else frame

    def _frame(self):
        return self.by_group.to_frame() if self._single else self.by_group

    def _out(self, series):
        return float(series.iloc[0]) if self._single else series

    def group_min(self):
        """The smallest value of each metric over the groups.

        Returns
        -------
        float or pandas.Series
            One value per metric (a number for one metric).
        """
        return self._out(self._frame().min())

    def group_max(self):
        """The largest value of each metric over the groups.

        Returns
        -------
        float or pandas.Series
            One value per metric (a number for one metric).
        """
        return self._out(self._frame().max())

    def difference(self, method="between_groups"):
        """The largest difference of each metric between groups, or to the overall value.

        Parameters
        ----------
        method : {'between_groups', 'to_overall'}, default='between_groups'
            ``group_max() - group_min()``, or the largest ``|group - overall|``.

        Returns
        -------
        float or pandas.Series
            One value per metric (a number for one metric).
        """
        _check_method({"method": method})
        frame = self._frame()
        if method == "between_groups":
            return self._out(frame.max() - frame.min())
        overall = self.overall if not self._single else [self.overall]
        return self._out((frame - np.asarray(overall, dtype=float)).abs().max())

    def ratio(self, method="between_groups"):
        """The smallest ratio of each metric between groups, or to the overall value.

        Parameters
        ----------
        method : {'between_groups', 'to_overall'}, default='between_groups'
            ``group_min() / group_max()``, or the smallest of ``group / overall`` and its
            inverse, whichever is at most 1.

        Returns
        -------
        float or pandas.Series
            One value per metric (a number for one metric).
        """
        _check_method({"method": method})
        frame = self._frame()
        if method == "between_groups":
            return self._out(frame.min() / frame.max())
        overall = self.overall if not self._single else [self.overall]
        with np.errstate(divide="ignore", invalid="ignore"):
            ratios = frame / np.asarray(overall, dtype=float)
            ratios = ratios.where(ratios <= 1, 1 / ratios)
        return self._out(ratios.min())

    def __repr__(self):
        return f"MetricFrame(n_groups={self.grouped.n_groups})\n{self.by_group!r}"


def metric_frame(y_true, y_pred, *, metrics, groups, sample_weight=None,
                 confidence_level=None, method="analytic", n_resamples=1000,
                 random_state=None):
    """Every count metric for every group, counted in one pass (fairlearn's MetricFrame).

    The samples are counted once into the confusions of all the groups; each metric is
    then evaluated on all of them at once, with the values fairlearn's ``MetricFrame``
    gives by calling the metric once per group. With ``confidence_level``, each value
    also gets a confidence interval, computed for all the groups in one batch.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,) or (n_samples, n_labels)
        True and predicted labels (numpy, pandas, or Dask collections), or multilabel
        indicators (dense or scipy sparse; their intervals: ``method="bootstrap"``, each
        group's rows resampled, weighted or not).
    metrics : str, callable, functools.partial or dict
        A count metric (its name, a scorer name, the function or a ``functools.partial``
        of it with its arguments), or a dict of them (name -> metric).
    groups : array-like of shape (n_samples,), DataFrame or dict
        The group of each sample, or several group columns, crossed (fairlearn's
        ``sensitive_features``). A key is any sortable value (integers, floats,
        booleans, strings); a missing one (NaN, None) is refused, as fairlearn does.
    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights.
    confidence_level : float, default=None
        With a level in (0, 1), the interval of each metric of each group
        (:attr:`MetricFrame.confidence_interval`); None: no interval.
    method : {'analytic', 'bootstrap'}, default='analytic'
        ``"analytic"``: the default method of :func:`analytic_interval` for each metric
        (Wilson for proportions, the delta method on the logit scale, Fisher's z for MCC,
        kappa's standard error), and the percentile cell bootstrap for the groups where it
        is undefined (a value of 0 or 1, a standard error of 0). ``"bootstrap"``: the
        percentile cell bootstrap of every group (without sample weights).
    n_resamples : int, default=1000
        Bootstrap replicates per group.
    random_state : None, int, numpy Generator or RandomState, default=None
        Seed of the bootstrap replicates.

    Returns
    -------
    MetricFrame
        With ``by_group``, ``overall``, ``group_min()``, ``group_max()``,
        ``difference(method)``, ``ratio(method)``, and ``confidence_interval`` and
        ``interval_method`` when asked.

    See Also
    --------
    Confusion.from_predictions : With ``groups=``, the confusions of all the groups.
    analytic_interval : The interval of one metric on all the samples.

    Notes
    -----
    The confusion of group :math:`g` is :math:`C^{(g)}_{ij} = \\sum_s w_s [g_s = g]
    [y_s = i][\\hat y_s = j]`, counted for all groups in one pass over the samples; every
    count formula then evaluates all the groups at once. Values equal fairlearn's
    ``MetricFrame`` with the same metric computed per group.

    The intervals are those of :func:`analytic_interval` and :func:`bootstrap` on each
    group's samples alone, computed as one batch: the delta method differentiates the
    metric along every non-zero cell of every group in one batch of moved confusions, and
    the bootstrap draws :math:`C^{(g)*} \\sim \\mathrm{Mult}(n_g, C^{(g)} / n_g)` for
    all the groups at once (cost O(n_resamples x groups x cells), not O(n)).

    References
    ----------
    .. [1] Bird, S. et al. (2020). Fairlearn: A toolkit for assessing and improving
       fairness in AI. Microsoft Tech. Report MSR-TR-2020-32.

    Examples
    --------
    >>> from metrics_sk import metric_frame
    >>> y_true = [0, 1, 1, 0, 1, 0, 1, 1]
    >>> y_pred = [0, 1, 0, 0, 1, 1, 1, 0]
    >>> mf = metric_frame(y_true, y_pred, metrics={"acc": "accuracy_score",
    ...                   "rate": "selection_rate"}, groups=["a"] * 4 + ["b"] * 4)
    >>> mf.by_group.to_dict()
    {'acc': {'a': 0.75, 'b': 0.5}, 'rate': {'a': 0.25, 'b': 0.75}}
    >>> mf.difference().to_dict()
    {'acc': 0.25, 'rate': 0.5}
    >>> mf = metric_frame(y_true * 20, y_pred * 20, metrics="accuracy_score",
    ...                   groups=(["a"] * 4 + ["b"] * 4) * 20, confidence_level=0.95)
    >>> mf.confidence_interval.low.round(3).to_dict(), mf.interval_method.to_dict()
    ({'a': 0.645, 'b': 0.393}, {'a': 'wilson', 'b': 'wilson'})
    """
    single = not isinstance(metrics, dict)
    named = {_column_name(metrics): metrics} if single else dict(metrics)
    asked = {column: _as_metric(metric) for column, metric in named.items()}
    if confidence_level is not None:
        _check_interval({"n_resamples": n_resamples, "confidence_level": confidence_level,
                         "method": method, "random_state": random_state,
                         "sample_weight": sample_weight})
        if method == "bootstrap" and sample_weight is not None and not (
                is_indicator(y_true) or is_indicator(y_pred)):  # (rows carry weights)
            raise ValueError("method='bootstrap' resamples the cells of each group, which "
                             "holds weight sums with sample_weight; use method='analytic'.")
    if is_indicator(y_true) or is_indicator(y_pred):
        if confidence_level is not None and method != "bootstrap":
            raise ValueError("method: the intervals of the groups of a multilabel target "
                             "are the bootstrap's of each group's rows; pass "
                             "method='bootstrap'.")
        grouped = MultilabelConfusion.from_predictions(y_true, y_pred, groups=groups,
                                                       sample_weight=sample_weight)
        for column, (name, _) in asked.items():
            if not hasattr(grouped, name):
                raise ValueError(f"metrics: {column!r} ({name}) is not a metric of a "
                                 "multilabel target; those are precision, recall, F, "
                                 "Jaccard, accuracy, zero-one and Hamming loss.")
        frame = MetricFrame(grouped, asked, single)  # (one number per group, checked)
        if confidence_level is None:
            return frame
        return MetricFrame(grouped, asked, single, _multilabel_group_intervals(
            grouped, asked, confidence_level, n_resamples, make_rng(random_state)))
    grouped = Confusion.from_predictions(y_true, y_pred, groups=groups,
                                         sample_weight=sample_weight)
    if sample_weight is not None and not np.all(grouped.counts.sum(axis=1)):
        # a group whose weights are all 0: scikit-learn's metric on its samples raises
        # this, and so fairlearn's MetricFrame
        raise ValueError("Sample weights must contain at least one non-zero number.")
    frame = MetricFrame(grouped, asked, single)
    if confidence_level is None:
        return frame
    scaled = squares = grouped
    if sample_weight is not None:  # both in the unit of the largest weight (scale-free)
        scaled, squares = rescaled(grouped, (y_true, y_pred, sample_weight, groups))
    rng = make_rng(random_state)
    values = frame._frame()
    intervals = {}
    for column, (name, kwargs) in asked.items():
        value = values[column].to_numpy(dtype=np.float64)
        low, high, used = over_parts(scaled, squares, value, functools.partial(
            _group_intervals, name=name, kwargs=kwargs, confidence_level=confidence_level,
            method=method, n_resamples=n_resamples, rng=rng))
        _warn_fallback(name, used, method, n_resamples)
        intervals[column] = low, high, used
    return MetricFrame(grouped, asked, single, intervals)


def _multilabel_group_intervals(grouped, asked, confidence_level, n_resamples, rng):
    """The percentile row bootstrap of each group of a multilabel target (its samples'
    units resampled, as :func:`bootstrap` of its rows; every metric on the same
    replicates), group after group: ``{column: (low, high, method)}``."""
    statistic = functools.partial(_call_each, {
        column: functools.partial(call_method, getattr(MultilabelConfusion, name), kwargs)
        for column, (name, kwargs) in asked.items()})
    vectorized = all(name in VECTORIZED for name, _ in asked.values())
    bounds = {column: ([], []) for column in asked}
    for units in grouped.group_units():
        sampler = RowSampler(units.confusion(units.count), units)
        _, results = count_intervals(sampler, statistic, n_resamples, confidence_level,
                                     "percentile", rng, vectorized)
        for column, result in zip(asked, results):  # (a dict's leaves: in its order)
            bounds[column][0].append(result.confidence_interval.low)
            bounds[column][1].append(result.confidence_interval.high)
    return {column: (np.array(low, dtype=np.float64), np.array(high, dtype=np.float64),
                     np.full(grouped.n_groups, "bootstrap", dtype=object))
            for column, (low, high) in bounds.items()}


def _call_each(calls, confusion):
    return {column: call(confusion) for column, call in calls.items()}


def _warn_fallback(name, used, method, n_resamples):
    """Say for how many groups the analytic interval was undefined."""
    undefined = int(np.isin(used, ("bootstrap", "none")).sum())
    if method != "analytic" or not undefined:
        return
    what = (f"the percentile cell bootstrap ({n_resamples} replicates) is used there"
            if "none" not in used else
            "with sample weights their interval is NaN (bootstrap those groups' samples)")
    warnings.warn(f"The analytic interval of {name} is undefined for {undefined} of "
                  f"{used.shape[0]} groups (a value of 0 or 1, or a standard error of 0); "
                  f"{what}.", RuntimeWarning, stacklevel=3)


class _GroupsMoved(Moved):
    """The delta method's batch for every group at once: each group's confusion moved up
    and down along each of its non-zero cells (``_intervals._Moved`` of one confusion);
    the standard error is summed per group."""

    def __init__(self, grouped, squares):
        batch = grouped.batch
        counts = batch.counts.astype(np.float64)
        self.grouped, self.origin = grouped, counts
        self.group_of, self.cell_of = np.nonzero(counts)
        self.counts = counts[self.group_of, self.cell_of]
        self.squares = squares.batch.counts[self.group_of, self.cell_of].astype(np.float64)
        # a step small against the row and column sums the cell adds to (the other slot's
        # sums are the total, as for one confusion)
        support, predicted = (np.column_stack((a, batch.total))
                              for a in (batch.support, batch.predicted))
        rows, cols = batch.rows[self.cell_of], batch.cols[self.cell_of]
        self.step = 1e-5 * np.maximum(np.minimum(support[self.group_of, rows],
                                                 predicted[self.group_of, cols]), 1.0)
        self.chunk = max(1, CHUNK_ELEMENTS // (2 * max(counts.shape[1], 1)))
        self._kept = None

    def _batches(self):
        for start in range(0, self.counts.size, self.chunk):
            idx = np.arange(start, min(start + self.chunk, self.counts.size))
            g, j, r = self.group_of[idx], self.cell_of[idx], np.arange(idx.size)
            moved = self.origin[np.concatenate((g, g))]
            moved[r, j] += self.step[idx]
            moved[idx.size + r, j] -= self.step[idx]
            yield idx, _group_batch(self.grouped, moved, np.concatenate((g, g)))

    def _sum(self, squared):
        return np.bincount(self.group_of, weights=self.squares * squared,
                           minlength=self.grouped.n_groups)


def _group_batch(grouped, counts, group_of):
    """Confusions on the cells of ``grouped`` with ``counts`` (a moved or resampled
    confusion of the group ``group_of``), each over the labels it has, as the group's own
    replicates: a resample that misses a class of its group is evaluated without it (as
    scikit-learn on those samples); a label its group holds without weight counts as it
    counts on the group."""
    batch = grouped.batch
    held = (batch.support == 0) & (batch.predicted == 0)
    if batch.present is not None:
        held &= batch.present
    return ConfusionBatch(grouped.overall, batch.rows, batch.cols, counts,
                          held=held[group_of])


def _bootstrap_groups(grouped, statistic, which, n_resamples, confidence_level, rng):
    """Percentile cell-bootstrap bounds of the groups ``which``: each group's replicates
    are ``Mult(n_g, C_g / n_g)`` draws, all drawn and evaluated in batches of groups."""
    counts = grouped.batch.counts[which].astype(np.int64)
    n, m = counts.sum(1), counts.shape[1]
    low, high = np.full(which.size, np.nan), np.full(which.size, np.nan)
    step = max(1, CHUNK_ELEMENTS // (n_resamples * max(m, grouped.overall.n_classes, 1)))
    for start in range(0, which.size, step):
        part = slice(start, start + step)
        c, size = counts[part], n[part]
        draws = rng.multinomial(size, c / size[:, None], size=(n_resamples, c.shape[0]))
        reps = _group_batch(grouped, draws.reshape(-1, m), np.tile(which[part], n_resamples))
        with warnings.catch_warnings(), np.errstate(all="ignore"):
            warnings.simplefilter("ignore")  # replicates where the metric is undefined
            f = np.asarray(statistic(reps), dtype=np.float64).reshape(n_resamples, -1)
            low[part], high[part] = percentile_interval(f, confidence_level)
    return low, high


def over_parts(grouped, squares, values, bounds):
    """``bounds(part, part_squares, part_values)`` over the parts of the groups with dense
    counts (all the groups at once while the table is small): its arrays, concatenated."""
    pieces = [bounds(part, squares if cells is None else squares._part(start, stop, cells),
                     values[start:stop])
              for start, stop, cells, part in grouped._parts()]
    return tuple(np.concatenate(p) for p in zip(*pieces))


def analytic_group_bounds(grouped, squares, values, *, name, kwargs, confidence_level):
    """``(low, high, method)`` arrays of the analytic interval of one metric over the
    groups of a dense part, in one batch (each group's Wilson, Clopper-Pearson, delta,
    Fisher-z or kappa bounds, as :func:`~metrics_sk.analytic_interval` of the group's
    confusion gives them); ``method`` is ``'bootstrap'`` where they are undefined."""
    def statistic(batch):
        return getattr(batch, name)(**kwargs)

    n_groups = grouped.n_groups
    chosen = INTERVAL_METHODS.get(interval_family(name, grouped.overall, kwargs), ("delta",))[0]
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")  # the values have said what is ill-defined
        if chosen in ("wilson", "clopper_pearson"):
            low, high, _, _ = proportion_bounds(grouped.batch, squares.batch, name,
                                                kwargs, chosen, confidence_level)
            return low, high, np.full(n_groups, chosen, dtype=object)
        se = _GroupsMoved(grouped, squares).standard_error(statistic)
        low, high = delta_bounds(name, chosen, values, se, z_score(confidence_level))
    todo = ~(np.isfinite(low) & np.isfinite(high) & (se > 0))
    return low, high, np.where(todo, "bootstrap", chosen).astype(object)


def _group_intervals(grouped, squares, values, *, name, kwargs, confidence_level, method,
                     n_resamples, rng):
    """``(low, high, method)`` arrays of one metric over the groups, in one batch."""
    def statistic(batch):
        return getattr(batch, name)(**kwargs)

    n_groups = grouped.n_groups
    if method == "analytic":
        low, high, used = analytic_group_bounds(grouped, squares, values, name=name,
                                                kwargs=kwargs,
                                                confidence_level=confidence_level)
    else:
        low, high = np.full(n_groups, np.nan), np.full(n_groups, np.nan)
        used = np.full(n_groups, "bootstrap", dtype=object)
    todo = used == "bootstrap"
    if todo.any() and method == "analytic" and grouped.overall.is_weighted:
        used[todo] = "none"  # the cells hold weight sums: no cell bootstrap
        return low, high, used
    if todo.any():
        which = np.flatnonzero(todo)
        low[which], high[which] = _bootstrap_groups(grouped, statistic, which, n_resamples,
                                                    confidence_level, rng)
    return low, high, used


def _column_name(metric):
    if isinstance(metric, str):
        return metric
    func = metric.func if isinstance(metric, functools.partial) else metric
    return getattr(func, "__name__", "metric")


def demographic_parity_difference(y_true, y_pred, *, sensitive_features,
                                  method="between_groups", sample_weight=None):
    """Compute the largest difference of the selection rate between groups.

    fairlearn's ``demographic_parity_difference``: 0 when every group is predicted
    positive at the same rate.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,)
        True and predicted labels (binary, positive label 1).
    sensitive_features : array-like, DataFrame or dict
        The group of each sample.
    method : {'between_groups', 'to_overall'}, default='between_groups'
        As :meth:`MetricFrame.difference`.
    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights.

    Returns
    -------
    float
        The difference.

    See Also
    --------
    selection_rate : The rate of positive predictions.

    Notes
    -----
    :math:`\\max_g SR_g - \\min_g SR_g` with :math:`SR_g` the fraction of group
    :math:`g` predicted positive.

    References
    ----------
    .. [1] Agarwal, A. et al. (2018). A reductions approach to fair classification. ICML.

    Examples
    --------
    >>> from metrics_sk import demographic_parity_difference
    >>> demographic_parity_difference([0, 1, 1, 0], [1, 1, 0, 0],
    ...                               sensitive_features=["a", "a", "b", "b"])
    1.0
    """
    return metric_frame(y_true, y_pred, metrics="selection_rate", groups=sensitive_features,
                        sample_weight=sample_weight).difference(method)


def equalized_odds_difference(y_true, y_pred, *, sensitive_features,
                              method="between_groups", sample_weight=None):
    """Compute the larger of the true and false positive rates' differences between groups.

    fairlearn's ``equalized_odds_difference``: 0 when every group has the same true and
    false positive rates.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,)
        True and predicted labels (binary, positive label 1).
    sensitive_features : array-like, DataFrame or dict
        The group of each sample.
    method : {'between_groups', 'to_overall'}, default='between_groups'
        As :meth:`MetricFrame.difference`.
    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights.

    Returns
    -------
    float
        The larger difference.

    See Also
    --------
    demographic_parity_difference : The same for the selection rate.

    Notes
    -----
    :math:`\\max(\\Delta TPR, \\Delta FPR)` over the groups, with
    :math:`TPR = tp / (tp + fn)` (recall) and :math:`FPR = fp / (fp + tn)`
    (1 - specificity) of the positive class 1.

    References
    ----------
    .. [1] Hardt, M., Price, E. and Srebro, N. (2016). Equality of opportunity in
       supervised learning. NeurIPS.

    Examples
    --------
    >>> from metrics_sk import equalized_odds_difference
    >>> equalized_odds_difference([0, 1, 0, 1], [0, 1, 1, 1],
    ...                           sensitive_features=["a", "a", "b", "b"])
    1.0
    """
    # TNR = 1 - FPR, and a group without negatives has FPR 0 (fairlearn's): TNR 1
    mf = metric_frame(y_true, y_pred, groups=sensitive_features, sample_weight=sample_weight,
                      metrics={"tpr": functools.partial(recall_score, zero_division=0.0),
                               "tnr": functools.partial(specificity_score,
                                                        zero_division=1.0)})
    return float(mf.difference(method).max())
