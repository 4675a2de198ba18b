"""Plots along the decision threshold: metrics against the threshold, and the decision curve
(need matplotlib, the optional extra ``plot``).

:class:`MetricThresholdCurveDisplay` evaluates every metric on ONE threshold batch
(:meth:`Confusion.at_thresholds <metrics_sk.Confusion.at_thresholds>`, the batch interface
of ``docs/design.rst``): the values are those of :func:`~metrics_sk.metric_at_thresholds`,
from one sort, with no loop over thresholds. :class:`DecisionCurveDisplay` draws what
:func:`~metrics_sk.decision_curve` returns, nothing recomputed.
"""

from inspect import signature
from numbers import Real

import numpy as np

from .._confusion import Confusion
from .._decisions import decision_curve
from .._registry import METRICS, count_metric_call
from .._params import Checker
from .._sklearn_compat import StrOptions, get_response_values_binary
from .plot import _import_pyplot

#: The options of the displays (the arrays are checked by the functions they call).
_OPTIONS = {"threshold": [Real, None], "name": [str, None],
            "response_method": [StrOptions({"auto", "predict_proba", "decision_function"})]}
_CHECK_METRIC = Checker("MetricThresholdCurveDisplay", _OPTIONS)
_CHECK_DECISION = Checker("DecisionCurveDisplay", _OPTIONS)


def _binary_scores(estimator, X, response_method, pos_label):
    """``(y_score, pos_label)`` of a fitted binary classifier, as scikit-learn's displays
    take them (the column of ``pos_label`` of ``predict_proba``, or ``decision_function``),
    with their errors (not a fitted binary classifier: ValueError, NotFittedError)."""
    return get_response_values_binary(estimator, X, response_method, pos_label=pos_label)


def _axes(ax, plt):
    if ax is None:
        fig, ax = plt.subplots(figsize=(6.4, 4.4), layout="constrained")
        return fig, ax
    if not isinstance(ax, plt.Axes):
        raise TypeError(f"ax must be a matplotlib Axes or None, got {type(ax).__name__} "
                        f"{ax!r:.60}.")
    return ax.figure, ax


# -- metric against threshold ------------------------------------------------------------------
def _metric_calls(metrics):
    """``[(label, method name, keyword arguments)]`` of ``metrics``: one metric (a metric or
    scorer name, a metrics_sk count function, a ``functools.partial`` of one, or a
    ``(metric, kwargs)`` pair) or a list or tuple of them."""
    one = (isinstance(metrics, str) or callable(metrics) or (
        isinstance(metrics, tuple) and len(metrics) == 2 and isinstance(metrics[1], dict)))
    specs = [metrics] if one else metrics
    if not isinstance(specs, (list, tuple)) or len(specs) == 0:
        raise ValueError(f"metrics must be a metric or a non-empty list of metrics, got "
                         f"{metrics!r}.")
    calls = []
    for spec in specs:
        extra = {}
        if isinstance(spec, tuple) and len(spec) == 2 and isinstance(spec[1], dict):
            spec, extra = spec
        found = count_metric_call(spec)
        if found is None or not METRICS[found[0]].batch or (
                found[0] == "precision_recall_fscore_support"):
            raise ValueError(
                f"metrics must be count metrics of metrics_sk with one value per "
                f"threshold (a name such as 'f1_score', a scorer name, the function, a "
                f"functools.partial of one or a (name, kwargs) pair); got {spec!r}. A "
                "score metric (roc_auc_score, log_loss...) has one value for all "
                "thresholds; matrices and tuples have no curve.")
        name, kwargs = found
        kwargs = {**kwargs, **extra}
        label = spec if isinstance(spec, str) else name
        if extra:
            label += "(" + ", ".join(f"{k}={v!r}" for k, v in extra.items()) + ")"
        calls.append((label, name, kwargs))
    return calls


class MetricThresholdCurveDisplay:
    """Metrics against the decision threshold of binary scores.

    Every metric of ``metrics`` at every distinct score ``t`` of ``y_score``: the metric of
    the predictions ``pos_label`` where ``y_score >= t``. The values are those of
    :func:`~metrics_sk.metric_at_thresholds`, computed on one
    :meth:`Confusion.at_thresholds <metrics_sk.Confusion.at_thresholds>` batch (one sort
    of the scores for all metrics). The name is the one scikit-learn's proposal for this
    plot uses (a curve of a metric against the threshold).

    Made by :meth:`from_predictions` or :meth:`from_estimator`; or build one from the
    values and call :meth:`plot`.

    Parameters
    ----------
    thresholds : ndarray of shape (n_thresholds,)
        The thresholds (the distinct scores, decreasing).
    metric_values : dict of str to ndarray of shape (n_thresholds,)
        Each metric's values, by label.
    pos_label : int, float, bool or str, default=None
        The positive class (shown in the axis label).
    name : str, default=None
        The name of the model (the title).
    threshold : float, default=None
        A threshold to mark with a vertical line (e.g. a tuned one).

    Attributes
    ----------
    lines_ : dict of str to matplotlib.lines.Line2D
        The line of each metric.
    line_ : matplotlib.lines.Line2D
        The line of the first metric.
    threshold_line_ : matplotlib.lines.Line2D or None
        The vertical line at ``threshold``.
    ax_ : matplotlib.axes.Axes
        The axes.
    figure_ : matplotlib.figure.Figure
        The figure.

    See Also
    --------
    metric_at_thresholds : Any metric at every threshold.
    Confusion.at_thresholds : Every count metric at every threshold.
    DecisionCurveDisplay : The net benefit against the threshold probability.

    Notes
    -----
    At the distinct score :math:`t_j`, :math:`TP_j` and :math:`FP_j` are the (weighted)
    positives and negatives scoring at least :math:`t_j`, :math:`FN_j = P - TP_j`,
    :math:`TN_j = N - FP_j`, and each metric's formula takes all :math:`j` at once.

    References
    ----------
    .. [1] T. Fawcett (2006). An introduction to ROC analysis. Pattern Recognition
       Letters 27(8), 861-874.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from metrics_sk import MetricThresholdCurveDisplay
    >>> display = MetricThresholdCurveDisplay.from_predictions(
    ...     [0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8],
    ...     metrics=["f1_score", "precision_score", ("fbeta_score", {"beta": 2})])
    >>> display.thresholds.tolist()
    [0.8, 0.4, 0.35, 0.1]
    >>> for label, values in display.metric_values.items():
    ...     print(label, values.round(3).tolist())
    f1_score [0.667, 0.5, 0.8, 0.667]
    precision_score [1.0, 0.5, 0.667, 0.5]
    fbeta_score(beta=2) [0.556, 0.5, 0.909, 0.833]
    """

    def __init__(self, *, thresholds, metric_values, pos_label=None, name=None,
                 threshold=None):
        self.thresholds = np.asarray(thresholds)
        self.metric_values = dict(metric_values)
        self.pos_label = pos_label
        self.name = name
        self.threshold = threshold

    @classmethod
    def from_predictions(cls, y_true, y_score, *, metrics=("f1_score",), pos_label=None,
                         sample_weight=None, threshold=None, name=None, ax=None):
        """Plot metrics against the threshold of ``y_score``.

        Parameters
        ----------
        y_true : array-like of shape (n_samples,)
            True labels: exactly two classes.
        y_score : array-like of shape (n_samples,)
            Finite scores of the positive class.
        metrics : str, callable or tuple, or list of them, default=("f1_score",)
            Count metrics: a metric name (``"f1_score"``), a scorer name
            (``"macro_f2"``: its arguments), a metrics_sk count function, a
            ``functools.partial`` of one, or a ``(metric, kwargs)`` pair. Each must give
            one number per threshold. ``pos_label`` is passed to those that take it.
        pos_label : int, float, bool or str, default=None
            The positive class; None: 1 of {0, 1} or {-1, 1} labels.
        sample_weight : array-like of shape (n_samples,), default=None
            Non-negative sample weights.
        threshold : float, default=None
            A threshold to mark with a vertical line.
        name : str, default=None
            The name of the model (the title).
        ax : matplotlib Axes, default=None
            Where to draw; a new figure if None.

        Returns
        -------
        display : MetricThresholdCurveDisplay
            The display, drawn.

        Raises
        ------
        ValueError
            A metric that is not a count metric with one value per threshold, and the
            errors of :meth:`Confusion.at_thresholds
            <metrics_sk.Confusion.at_thresholds>` (the message names the argument).

        Examples
        --------
        >>> import matplotlib
        >>> matplotlib.use("Agg")
        >>> from metrics_sk import MetricThresholdCurveDisplay
        >>> display = MetricThresholdCurveDisplay.from_predictions(
        ...     ["a", "b", "b", "a"], [0.2, 0.9, 0.6, 0.7], pos_label="b",
        ...     metrics="recall_score", threshold=0.5)
        >>> display.metric_values["recall_score"].tolist()
        [0.5, 0.5, 1.0, 1.0]
        """
        _CHECK_METRIC({"threshold": threshold, "name": name})
        calls = _metric_calls(metrics)
        batch = Confusion.at_thresholds(y_true, y_score, pos_label=pos_label,
                                        sample_weight=sample_weight)
        values = {}
        for label, method, kwargs in calls:
            bound = getattr(batch, method)
            if "pos_label" not in kwargs and "pos_label" in signature(bound).parameters:
                kwargs = {**kwargs, "pos_label": batch.pos_label}
            value = np.asarray(bound(**kwargs), dtype=np.float64)
            if value.ndim != 1:
                raise ValueError(f"metrics: {label} gives {value.shape[1:]} values per "
                                 "threshold (per class?): choose an average.")
            values[label] = value
        display = cls(thresholds=batch.thresholds, metric_values=values,
                      pos_label=batch.pos_label, name=name, threshold=threshold)
        return display.plot(ax=ax)

    @classmethod
    def from_estimator(cls, estimator, X, y, *, metrics=("f1_score",),
                       response_method="auto", pos_label=None, sample_weight=None,
                       threshold=None, name=None, ax=None):
        """Plot metrics against the threshold of a fitted binary classifier's scores.

        Parameters
        ----------
        estimator : fitted classifier
            A binary classifier with ``predict_proba`` or ``decision_function``.
        X : array-like of shape (n_samples, n_features)
            The input of the estimator.
        y : array-like of shape (n_samples,)
            True labels.
        metrics : str, callable or tuple, or list of them, default=("f1_score",)
            As in :meth:`from_predictions`.
        response_method : {'auto', 'predict_proba', 'decision_function'}, default='auto'
            The scores used (``'auto'``: ``predict_proba``, else ``decision_function``).
        pos_label : int, float, bool or str, default=None
            The positive class; None: ``estimator.classes_[1]``.
        sample_weight : array-like of shape (n_samples,), default=None
            Non-negative sample weights.
        threshold : float, default=None
            A threshold to mark with a vertical line.
        name : str, default=None
            The name of the model; None: the estimator's class name.
        ax : matplotlib Axes, default=None
            Where to draw; a new figure if None.

        Returns
        -------
        display : MetricThresholdCurveDisplay
            The display, drawn.

        Examples
        --------
        >>> import matplotlib
        >>> matplotlib.use("Agg")
        >>> from sklearn.datasets import load_breast_cancer
        >>> from sklearn.linear_model import LogisticRegression
        >>> from metrics_sk import MetricThresholdCurveDisplay
        >>> X, y = load_breast_cancer(return_X_y=True)
        >>> model = LogisticRegression(max_iter=5000).fit(X, y)
        >>> display = MetricThresholdCurveDisplay.from_estimator(
        ...     model, X, y, metrics=["f1_score", "balanced_accuracy_score"])
        >>> display.ax_.get_title()
        'LogisticRegression'
        """
        _CHECK_METRIC({"threshold": threshold, "name": name,
                       "response_method": response_method})
        y_score, pos_label = _binary_scores(estimator, X, response_method, pos_label)
        return cls.from_predictions(
            y, y_score, metrics=metrics, pos_label=pos_label, sample_weight=sample_weight,
            threshold=threshold, name=type(estimator).__name__ if name is None else name,
            ax=ax)

    def plot(self, ax=None, *, name=None, threshold=None):
        """Draw the metrics against the threshold on ``ax``.

        Parameters
        ----------
        ax : matplotlib Axes, default=None
            Where to draw; a new figure if None.
        name : str, default=None
            The title; None: the display's ``name``.
        threshold : float, default=None
            A threshold to mark; None: the display's ``threshold``.

        Returns
        -------
        self : MetricThresholdCurveDisplay
            With ``lines_``, ``line_``, ``threshold_line_``, ``ax_`` and ``figure_``.
        """
        _CHECK_METRIC({"threshold": threshold, "name": name})
        plt = _import_pyplot()
        fig, ax = _axes(ax, plt)
        name = self.name if name is None else name
        threshold = self.threshold if threshold is None else threshold
        self.lines_ = {}
        for label, values in self.metric_values.items():
            (self.lines_[label],) = ax.plot(self.thresholds, values, label=label,
                                            drawstyle="steps-post")
        self.line_ = next(iter(self.lines_.values()), None)
        self.threshold_line_ = None
        if threshold is not None:
            self.threshold_line_ = ax.axvline(threshold, color="0.3", linestyle="--",
                                              linewidth=1, label=f"threshold {threshold:.3g}")
        positive = "" if self.pos_label is None else f" (predict {self.pos_label} at or above)"
        ax.set_xlabel("threshold" + positive, parse_math=False)
        ax.set_ylabel("metric")
        if name is not None:
            ax.set_title(name, parse_math=False)
        ax.grid(alpha=0.3)
        ax.legend(loc="best", fontsize=9)
        self.ax_, self.figure_ = ax, fig
        return self


# -- decision curve ----------------------------------------------------------------------------
class DecisionCurveDisplay:
    """Decision curve: net benefit against the threshold probability.

    The net benefit of one or more models, of treating everyone and of treating no one.
    The values are :func:`~metrics_sk.decision_curve`'s. The y axis runs from -5% to 105%
    of the highest net benefit drawn (at most the prevalence): as decision curves are
    usually drawn (the ``dcurves`` plots cut the axis a little below 0 too), the very
    negative tail of "treat all" at high thresholds does not flatten the curves
    (``ax_.set_ylim`` changes it).

    Made by :meth:`from_predictions` or :meth:`from_estimator`; or build one from the
    values and call :meth:`plot`. Several models: a dict of scores, or ``plot`` on the
    same ``ax`` (the references are drawn once per axes).

    Parameters
    ----------
    thresholds : ndarray of shape (n_thresholds,)
        The threshold probabilities.
    net_benefit : dict of str to ndarray of shape (n_thresholds,)
        Each model's net benefit, by name.
    treat_all : ndarray of shape (n_thresholds,)
        The net benefit of treating everyone.
    treat_none : ndarray of shape (n_thresholds,), default=None
        The net benefit of treating no one (None: 0).

    Attributes
    ----------
    lines_ : dict of str to matplotlib.lines.Line2D
        The line of each model.
    line_ : matplotlib.lines.Line2D
        The line of the first model.
    treat_all_line_, treat_none_line_ : matplotlib.lines.Line2D or None
        The reference lines (None when the axes had them already).
    ax_ : matplotlib.axes.Axes
        The axes.
    figure_ : matplotlib.figure.Figure
        The figure.

    See Also
    --------
    decision_curve : The values drawn.
    net_benefit : The net benefit at one threshold.
    MetricThresholdCurveDisplay : Count metrics against the threshold.

    Notes
    -----
    :math:`NB(t) = TP(t)/n - FP(t)/n \\cdot t / (1 - t)` for the predictions
    :math:`s \\ge t`; treat all: :math:`\\pi - (1 - \\pi)\\, t / (1 - t)`; treat none: 0.

    References
    ----------
    .. [1] Vickers, A. J. and Elkin, E. B. (2006). Decision curve analysis: a novel
       method for evaluating prediction models. Medical Decision Making 26(6), 565-574.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from metrics_sk import DecisionCurveDisplay
    >>> y_true = [0, 0, 1, 1, 1, 0]
    >>> display = DecisionCurveDisplay.from_predictions(
    ...     y_true, {"A": [0.1, 0.4, 0.35, 0.8, 0.6, 0.7], "B": [0.2, 0.1, 0.9, 0.7, 0.5, 0.4]},
    ...     thresholds=[0.0, 0.25, 0.5])
    >>> {k: v.round(4).tolist() for k, v in display.net_benefit.items()}
    {'A': [0.5, 0.3889, 0.1667], 'B': [0.5, 0.4444, 0.5]}
    >>> display.treat_all.round(4).tolist()
    [0.5, 0.3333, 0.0]
    """

    def __init__(self, *, thresholds, net_benefit, treat_all, treat_none=None):
        self.thresholds = np.asarray(thresholds)
        self.net_benefit = dict(net_benefit)
        self.treat_all = np.asarray(treat_all)
        self.treat_none = (np.zeros_like(self.thresholds, dtype=np.float64)
                           if treat_none is None else np.asarray(treat_none))

    @classmethod
    def from_predictions(cls, y_true, y_score, *, thresholds=None, pos_label=None,
                         sample_weight=None, name=None, ax=None):
        """Plot the decision curve of predicted probabilities.

        Parameters
        ----------
        y_true : array-like of shape (n_samples,)
            True binary labels (or other labels with ``pos_label``).
        y_score : array-like of shape (n_samples,), or dict of str to array-like
            Predicted probabilities of the positive class; a dict: one model per entry,
            by name.
        thresholds : array-like of shape (n_thresholds,), default=None
            Threshold probabilities in [0, 1); None: 0.00, 0.01, ..., 0.99.
        pos_label : int, float, bool or str, default=None
            The positive class; None: 1 of {0, 1} or {-1, 1} labels.
        sample_weight : array-like of shape (n_samples,), default=None
            Sample weights.
        name : str, default=None
            The name of the model (one array of scores); None: ``"model"``.
        ax : matplotlib Axes, default=None
            Where to draw; a new figure if None.

        Returns
        -------
        display : DecisionCurveDisplay
            The display, drawn.

        Raises
        ------
        ValueError
            The errors of :func:`~metrics_sk.decision_curve`, an empty dict, or ``name``
            with a dict of scores.

        Examples
        --------
        >>> import matplotlib
        >>> matplotlib.use("Agg")
        >>> from metrics_sk import DecisionCurveDisplay
        >>> display = DecisionCurveDisplay.from_predictions(
        ...     [0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], thresholds=[0.3, 0.5], name="m")
        >>> display.net_benefit["m"].round(4).tolist()
        [0.3929, 0.25]
        """
        _CHECK_DECISION({"name": name})
        if isinstance(y_score, dict):
            if not y_score:
                raise ValueError("y_score is an empty dict: give at least one model.")
            if name is not None:
                raise ValueError("name is for one array of scores; a dict of scores is "
                                 "named by its keys.")
            scores = y_score
        else:
            scores = {"model" if name is None else name: y_score}
        curves = {str(key): decision_curve(y_true, value, thresholds=thresholds,
                                           pos_label=pos_label, sample_weight=sample_weight)
                  for key, value in scores.items()}
        first = next(iter(curves.values()))
        display = cls(thresholds=first.thresholds,
                      net_benefit={k: c.net_benefit for k, c in curves.items()},
                      treat_all=first.treat_all, treat_none=first.treat_none)
        return display.plot(ax=ax)

    @classmethod
    def from_estimator(cls, estimator, X, y, *, thresholds=None, pos_label=None,
                       sample_weight=None, name=None, ax=None):
        """Plot the decision curve of a fitted binary classifier's ``predict_proba``.

        Parameters
        ----------
        estimator : fitted classifier
            A binary classifier with ``predict_proba``.
        X : array-like of shape (n_samples, n_features)
            The input of the estimator.
        y : array-like of shape (n_samples,)
            True labels.
        thresholds : array-like of shape (n_thresholds,), default=None
            As in :meth:`from_predictions`.
        pos_label : int, float, bool or str, default=None
            The positive class; None: ``estimator.classes_[1]``.
        sample_weight : array-like of shape (n_samples,), default=None
            Sample weights.
        name : str, default=None
            The name of the model; None: the estimator's class name.
        ax : matplotlib Axes, default=None
            Where to draw; a new figure if None.

        Returns
        -------
        display : DecisionCurveDisplay
            The display, drawn.

        Examples
        --------
        >>> import matplotlib
        >>> matplotlib.use("Agg")
        >>> from sklearn.datasets import load_breast_cancer
        >>> from sklearn.linear_model import LogisticRegression
        >>> from metrics_sk import DecisionCurveDisplay
        >>> X, y = load_breast_cancer(return_X_y=True)
        >>> model = LogisticRegression(max_iter=5000).fit(X, y)
        >>> display = DecisionCurveDisplay.from_estimator(model, X, y)
        >>> list(display.net_benefit)
        ['LogisticRegression']
        """
        _CHECK_DECISION({"name": name})
        # net benefit is defined on probabilities: predict_proba only
        y_score, pos_label = _binary_scores(estimator, X, "predict_proba", pos_label)
        return cls.from_predictions(
            y, y_score, thresholds=thresholds, pos_label=pos_label,
            sample_weight=sample_weight,
            name=type(estimator).__name__ if name is None else name, ax=ax)

    def plot(self, ax=None, *, name=None):
        """Draw the decision curve on ``ax``.

        Parameters
        ----------
        ax : matplotlib Axes, default=None
            Where to draw; a new figure if None. An axes that shows "treat all" and
            "treat none" already (another display's) gets only the models' lines.
        name : str, default=None
            A new name for the model (one model only).

        Returns
        -------
        self : DecisionCurveDisplay
            With ``lines_``, ``line_``, ``treat_all_line_``, ``treat_none_line_``,
            ``ax_`` and ``figure_``.
        """
        _CHECK_DECISION({"name": name})
        plt = _import_pyplot()
        fig, ax = _axes(ax, plt)
        curves = self.net_benefit
        if name is not None:
            if len(curves) != 1:
                raise ValueError("name renames one model; this display has "
                                 f"{len(curves)}: {list(curves)}.")
            curves = {name: next(iter(curves.values()))}
        self.lines_ = {key: ax.plot(self.thresholds, values, label=key)[0]
                       for key, values in curves.items()}
        self.line_ = next(iter(self.lines_.values()))
        shown = {line.get_label() for line in ax.get_lines()}
        self.treat_all_line_ = self.treat_none_line_ = None
        if _TREAT_ALL not in shown:
            (self.treat_all_line_,) = ax.plot(self.thresholds, self.treat_all, color="0.45",
                                              linestyle="--", label=_TREAT_ALL)
            (self.treat_none_line_,) = ax.plot(self.thresholds, self.treat_none, color="0.1",
                                               linestyle=":", label=_TREAT_NONE)
        # the y range: -5% to 105% of the highest net benefit drawn on the axes
        top = max(float(np.nanmax(np.asarray(line.get_ydata(), dtype=np.float64)))
                  for line in ax.get_lines())
        top = top if top > 0 else 1.0
        ax.set_ylim(-0.05 * top, 1.05 * top)
        if self.thresholds.size > 1:
            ax.set_xlim(float(np.min(self.thresholds)), float(np.max(self.thresholds)))
        ax.set_xlabel("threshold probability")
        ax.set_ylabel("net benefit")
        ax.grid(alpha=0.3)
        ax.legend(loc="best", fontsize=9)
        self.ax_, self.figure_ = ax, fig
        return self


_TREAT_ALL, _TREAT_NONE = "treat all", "treat none"
