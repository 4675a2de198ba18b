"""Every metric by slice, in one pass: fairlearn's ``MetricFrame`` vocabulary on a
:class:`~metrics_sk.GroupedConfusion`.

fairlearn's ``MetricFrame`` calls a metric once per group; here the samples are counted
once into the confusions of all the groups (a group is one more axis of the cell key),
and every count formula evaluates all the groups at once. The values are the same: the
metric of each group's samples alone.
"""

import functools

import numpy as np

from ._confusion import Confusion
from ._dropins import recall_score
from ._onedal import specificity_score
from ._params import Checker
from ._registry import resolve
from ._sklearn_compat import StrOptions

_METHODS = ("between_groups", "to_overall")
_check_method = Checker("MetricFrame", {"method": [StrOptions(set(_METHODS))]})


def _as_metric(metric):
    """``(formula name, keyword arguments)`` of a count metric: a metric or scorer name, a
    metrics_sk count function, or a ``functools.partial`` of one."""
    kwargs = {}
    if isinstance(metric, functools.partial):
        metric, kwargs = metric.func, dict(metric.keywords)
    found = resolve(metric)
    if found is None or not found.count:
        raise ValueError(
            f"metrics must be count metrics of metrics_sk (a name such as 'f1_score', a "
            f"scorer name, a function or a functools.partial of one); got {metric!r}. "
            "Score metrics need the scores of each group: call them per group.")
    if isinstance(metric, str) and metric != found.name:  # a scorer name: its arguments
        from ._registry import SCORER_NAMES

        kwargs = {**SCORER_NAMES[metric][1], **kwargs}
    return found.name, kwargs


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

    Attributes
    ----------
    by_group : pandas.Series or pandas.DataFrame
        Each metric of each group's samples.
    overall : float or pandas.Series
        Each metric of all the samples.

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

    def __init__(self, grouped, metrics, single):
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


def metric_frame(y_true, y_pred, *, metrics, groups, sample_weight=None):
    """Every count metric for every group, counted in one pass (fairlearn's MetricFrame).

    The samples are counted once into the confusions of all the groups; each metric is
    then evaluated on all of them at once, with the values fairlearn's ``MetricFrame``
    gives by calling the metric once per group.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,)
        True and predicted labels.
    metrics : str, callable, functools.partial or dict
        A count metric (its name, a scorer name, the function or a ``functools.partial``
        of it with its arguments), or a dict of them (name -> metric).
    groups : array-like of shape (n_samples,), DataFrame or dict
        The group of each sample, or several group columns, crossed (fairlearn's
        ``sensitive_features``).
    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights.

    Returns
    -------
    MetricFrame
        With ``by_group``, ``overall``, ``group_min()``, ``group_max()``,
        ``difference(method)`` and ``ratio(method)``.

    See Also
    --------
    Confusion.from_predictions : With ``groups=``, the confusions of all the groups.

    Notes
    -----
    The confusion of group :math:`g` is :math:`C^{(g)}_{ij} = \\sum_s w_s [g_s = g]
    [y_s = i][\\hat y_s = j]`, counted for all groups in one pass over the samples; every
    count formula then evaluates all the groups at once. Values equal fairlearn's
    ``MetricFrame`` with the same metric computed per group.

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
    """
    single = not isinstance(metrics, dict)
    named = {_column_name(metrics): metrics} if single else dict(metrics)
    asked = {column: _as_metric(metric) for column, metric in named.items()}
    grouped = Confusion.from_predictions(y_true, y_pred, groups=groups,
                                         sample_weight=sample_weight)
    return MetricFrame(grouped, asked, single)


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
