"""Reliability diagram: the CORP (isotonic) or binned calibration curve of probabilities.

:class:`ReliabilityDisplay` draws, per model (and per class or top-label), the isotonic
recalibration of the predicted probabilities (the PAV fit of
:mod:`metrics_sk._isotonic`, the one :func:`~metrics_sk.score_decomposition` reads) as a
step function of ``p``, or the binned curve of :func:`~metrics_sk.calibration_curve`
(its per-bin sums, ``_calibration.curve_sums``), a Clopper-Pearson band per level set or
bin (:func:`clopper_pearson`, one helper), and a histogram of the probabilities under
the curve.
"""

from numbers import Integral, Real

import numpy as np
from scipy.stats import beta

from .._calibration import curve_sums
from .._decomposition import probability_columns
from .._isotonic import isotonic_fit
from .._params import Checker
from .._sklearn_compat import Interval, StrOptions

_CHECK = Checker("ReliabilityDisplay.from_predictions", {
    "method": [StrOptions({"corp", "uniform", "quantile"})],
    "n_bins": [Interval(Integral, 1, None, closed="left")],
    "multi_class": [StrOptions({"by_class", "top_label"})],
    "confidence": [Interval(Real, 0.0, 1.0, closed="neither"), None],
})

#: Height of the tallest histogram bar, in units of the probability axis.
_HISTOGRAM_HEIGHT = 0.2


def _import_pyplot():
    try:
        import matplotlib.pyplot as plt
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise ImportError(
            "ReliabilityDisplay needs matplotlib: pip install 'metrics_sk[plot]'.") from exc
    return plt


def clopper_pearson(positives, weights, squares, confidence):
    """``(lower, upper)`` Clopper-Pearson bounds of ``positives`` out of ``weights`` per
    level set. With sample weights (``squares``, the sums of squared weights), Kish's
    effective count ``n = W**2 / sum(w**2)`` and ``k = n * positives / W``."""
    n = weights if squares is None else weights ** 2 / squares
    k = np.clip(positives / weights, 0.0, 1.0) * n
    tail = (1 - confidence) / 2
    with np.errstate(invalid="ignore"):
        lower = np.where(k > 0, beta.ppf(tail, k, n - k + 1), 0.0)
        upper = np.where(k < n, beta.ppf(1 - tail, k + 1, n - k), 1.0)
    return np.nan_to_num(lower, nan=0.0), np.nan_to_num(upper, nan=1.0)


def _curve(is_pos, proba, weights, confidence):
    """``(prob_pred, prob_true, lower, upper)`` of one isotonic fit: the step function at
    the first score of each level set, and once more at the highest score."""
    fit = isotonic_fit(is_pos, proba, weights)
    level = fit.fitted[fit.starts]
    x = np.append(fit.values[fit.starts], fit.values[-1])
    y = np.append(level, level[-1])
    if confidence is None:
        return x, y, None, None
    lower, upper = clopper_pearson(fit.positives, fit.weights, fit.squares, confidence)
    return x, y, np.append(lower, lower[-1]), np.append(upper, upper[-1])


def _binned_curve(is_pos, proba, weights, confidence, n_bins, strategy):
    """``(prob_pred, prob_true, lower, upper)`` of the non-empty bins of
    :func:`~metrics_sk.calibration_curve` (weighted), the band from the same sums."""
    w, wy, wp, squares = curve_sums(is_pos, proba, weights, n_bins, strategy, squares=True)
    kept = w > 0
    w, wy, wp = w[kept], wy[kept], wp[kept]
    x, y = wp / w, wy / w
    if confidence is None:
        return x, y, None, None
    lower, upper = clopper_pearson(wy, w, None if squares is None else squares[kept],
                                   confidence)
    return x, y, lower, upper


class ReliabilityDisplay:
    """Reliability diagram (CORP or binned), in the conventions of CalibrationDisplay.

    The curve is the isotonic regression of the outcomes on the predicted probabilities
    (pool-adjacent-violators, equal probabilities pooled first): the recalibrated
    probability as a step function of the predicted one, with no bins to choose
    (Dimitriadis, Gneiting and Jordan, 2021, "Stable reliability diagrams for
    probabilistic classifiers", PNAS 118(8)). A calibrated model follows the diagonal.
    Around each level of the step function, a Clopper-Pearson interval of the
    level set's positives out of its samples; under the curve, a histogram of the
    predicted probabilities (20 bins, the tallest scaled to 0.2). Several models go on one
    axes: call :meth:`plot` (or ``from_*``) with the same ``ax``.

    With ``method='uniform'`` or ``'quantile'`` the curve is instead the binned one of
    :func:`~metrics_sk.calibration_curve` (scikit-learn's ``CalibrationDisplay`` line,
    with weights): the fraction of positives against the mean predicted probability of
    each non-empty bin, with a Clopper-Pearson interval per bin.

    Made by :meth:`from_predictions` or :meth:`from_estimator`. A 2-D ``y_prob`` gives
    one curve per class (its column against the class), or with
    ``multi_class="top_label"`` one curve of the highest probability against whether
    its class is the true one; then the data attributes are lists, one entry per curve.

    Parameters
    ----------
    prob_true : ndarray or list of ndarray
        The recalibrated probability at each ``prob_pred`` (a step function, constant to
        the right of each point).
    prob_pred : ndarray or list of ndarray
        The predicted probabilities where the steps start, then the highest one.
    y_prob : ndarray or list of ndarray
        The predicted probabilities (of the histogram).
    lower : ndarray or list of ndarray, default=None
        Lower Clopper-Pearson bound at each ``prob_pred`` (None: no band).
    upper : ndarray or list of ndarray, default=None
        Upper bound, as ``lower``.
    sample_weight : ndarray, default=None
        Weights of the histogram.
    labels : list, default=None
        The class of each curve (None for one curve, or for top-label).
    name : str, default=None
        Name of the model, in the legend.
    pos_label : int, float, bool or str, default=None
        The positive class of a binary diagram, in the axis label.
    method : {'corp', 'uniform', 'quantile'}, default='corp'
        How the curve was estimated: a step function (``'corp'``) or one point per bin.

    Attributes
    ----------
    line_ : matplotlib Line2D or list of Line2D
        The curve(s).
    ax_ : matplotlib Axes
        The axes.
    figure_ : matplotlib Figure
        The figure.

    See Also
    --------
    score_decomposition : The miscalibration and discrimination of the same fit.
    sklearn.calibration.CalibrationDisplay : The binned reliability diagram.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from metrics_sk import ReliabilityDisplay
    >>> y = [0, 0, 1, 1, 1, 0]
    >>> p = [0.2, 0.7, 0.6, 0.9, 0.5, 0.1]
    >>> display = ReliabilityDisplay.from_predictions(y, p, name="model")
    >>> display.prob_pred.tolist(), display.prob_true.round(3).tolist()
    ([0.1, 0.5, 0.9, 0.9], [0.0, 0.667, 1.0, 1.0])
    """

    def __init__(self, prob_true, prob_pred, y_prob, *, lower=None, upper=None,
                 sample_weight=None, labels=None, name=None, pos_label=None, method="corp"):
        self.prob_true, self.prob_pred, self.y_prob = prob_true, prob_pred, y_prob
        self.method = method
        self.lower, self.upper = lower, upper
        self.sample_weight, self.labels = sample_weight, labels
        self.name, self.pos_label = name, pos_label

    def _curves(self):
        """One tuple ``(prob_true, prob_pred, y_prob, lower, upper, label)`` per curve."""
        if isinstance(self.prob_true, np.ndarray):
            return [(self.prob_true, self.prob_pred, self.y_prob, self.lower, self.upper,
                     None)]
        n = len(self.prob_true)
        none = [None] * n
        labels = self.labels if self.labels is not None else none
        return list(zip(self.prob_true, self.prob_pred, self.y_prob,
                        none if self.lower is None else self.lower,
                        none if self.upper is None else self.upper, labels))

    def plot(self, ax=None, *, name=None, ref_line=True, histogram=True, **kwargs):
        """Draw the curve(s), bands and histograms on ``ax`` (a new figure if None).

        Parameters
        ----------
        ax : matplotlib Axes, default=None
            Where to draw; pass the same one to put several models on one diagram.
        name : str, default=None
            Name in the legend (by default the display's ``name``).
        ref_line : bool, default=True
            Draw the diagonal of perfect calibration (once per axes).
        histogram : bool, default=True
            Draw the histogram of the predicted probabilities under the curve.
        **kwargs : dict
            Keyword arguments of :meth:`matplotlib.axes.Axes.plot` for the curve(s).

        Returns
        -------
        display : ReliabilityDisplay
            This display, with ``line_``, ``ax_`` and ``figure_`` set.
        """
        plt = _import_pyplot()
        if ax is None:
            _, ax = plt.subplots()
        name = self.name if name is None else name
        if ref_line and "Perfectly calibrated" not in ax.get_legend_handles_labels()[1]:
            ax.plot([0, 1], [0, 1], "k:", linewidth=1, label="Perfectly calibrated")
        lines = []
        binned = self.method != "corp"
        style = {"marker": "s"} if binned else {"drawstyle": "steps-post"}
        for prob_true, prob_pred, y_prob, lower, upper, label in self._curves():
            parts = [str(part) for part in (name, label) if part is not None]
            line_kw = {**style, "label": ": ".join(parts) or None, **kwargs}
            (line,) = ax.plot(prob_pred, prob_true, **line_kw)
            color = line.get_color()
            if lower is not None:
                ax.fill_between(prob_pred, lower, upper, step=None if binned else "post",
                                color=color, alpha=0.15, linewidth=0)
            if histogram:
                counts, edges = np.histogram(y_prob, bins=20, range=(0, 1),
                                             weights=self.sample_weight)
                top = counts.max()
                if top > 0:
                    ax.stairs(_HISTOGRAM_HEIGHT * counts / top, edges, fill=True,
                              color=color, alpha=0.2)
            lines.append(line)
        positive = "" if self.pos_label is None else f" (positive class: {self.pos_label})"
        ax.set(xlabel=f"Predicted probability{positive}",
               ylabel=("Fraction of positives" if binned else
                       "Recalibrated probability (CORP)"), xlim=(-0.02, 1.02),
               ylim=(-0.02, 1.02), aspect="equal")
        if ax.get_legend_handles_labels()[1]:
            ax.legend(loc="upper left")
        self.line_ = lines[0] if len(lines) == 1 else lines
        self.ax_, self.figure_ = ax, ax.figure
        return self

    @classmethod
    def from_predictions(cls, y_true, y_prob, *, method="corp", n_bins=5, pos_label=None,
                         multi_class="by_class", sample_weight=None, confidence=0.95,
                         name=None, ax=None, ref_line=True, histogram=True, **kwargs):
        """Plot the reliability diagram of predicted probabilities.

        Parameters
        ----------
        y_true : array-like of shape (n_samples,)
            True labels.
        y_prob : array-like of shape (n_samples,) or (n_samples, n_classes)
            Predicted probabilities: of the positive class (1-D), or one column per
            class in the order of the sorted classes of ``y_true`` (``predict_proba``'s).
        method : {'corp', 'uniform', 'quantile'}, default='corp'
            How the curve is estimated: ``'corp'``, the isotonic regression (no bins);
            ``'uniform'`` or ``'quantile'``, the bins of
            :func:`~metrics_sk.calibration_curve` with that ``strategy`` (weighted), one
            point per non-empty bin.
        n_bins : int, default=5
            Number of bins of a binned ``method`` (unused by ``'corp'``).
        pos_label : int, float, bool or str, default=None
            The positive class of a 1-D ``y_prob`` (by default the greater label).
        multi_class : {'by_class', 'top_label'}, default='by_class'
            With a 2-D ``y_prob``: one curve per class, or one of the highest
            probability against whether its class is the true one.
        sample_weight : array-like of shape (n_samples,), default=None
            Non-negative sample weights (of the fit, the bands and the histogram).
        confidence : float or None, default=0.95
            Level of the Clopper-Pearson band of each level set or bin (None: no band).
            With sample weights, Kish's effective count ``(sum w)**2 / sum w**2`` of the
            level set or bin, its weighted share of positives times that count as the
            successes.
        name : str, default=None
            Name of the model in the legend.
        ax : matplotlib Axes, default=None
            Where to draw (a new figure if None).
        ref_line : bool, default=True
            Draw the diagonal of perfect calibration.
        histogram : bool, default=True
            Draw the histogram of the predicted probabilities under the curve.
        **kwargs : dict
            Keyword arguments of :meth:`matplotlib.axes.Axes.plot` for the curve(s).

        Returns
        -------
        display : ReliabilityDisplay
            The display, drawn.
        """
        _CHECK({"method": method, "n_bins": n_bins, "multi_class": multi_class,
                "confidence": confidence})
        columns, weights = probability_columns(
            y_true, y_prob, pos_label=pos_label, sample_weight=sample_weight,
            top_label=multi_class == "top_label", name="y_prob")
        if method == "corp":
            curves = [_curve(is_pos, proba, weights, confidence)
                      for _, is_pos, proba in columns]
        else:
            float_weights = None if weights is None else weights.astype(np.float64)
            curves = [_binned_curve(is_pos, proba, float_weights, confidence, n_bins, method)
                      for _, is_pos, proba in columns]
        x, y, lower, upper = (list(v) for v in zip(*curves))
        probas = [proba for _, _, proba in columns]
        if np.ndim(y_prob) == 1:
            display = cls(y[0], x[0], probas[0], lower=lower[0], upper=upper[0],
                          sample_weight=weights, name=name, pos_label=columns[0][0],
                          method=method)
        else:
            labels = [label for label, _, _ in columns]
            if multi_class == "top_label":
                labels = ["top label"]
            display = cls(y, x, probas, lower=None if confidence is None else lower,
                          upper=None if confidence is None else upper,
                          sample_weight=weights, labels=labels, name=name, method=method)
        return display.plot(ax, ref_line=ref_line, histogram=histogram, **kwargs)

    @classmethod
    def from_estimator(cls, estimator, X, y, *, method="corp", n_bins=5, pos_label=None,
                       multi_class="by_class", sample_weight=None, confidence=0.95,
                       name=None, ax=None, ref_line=True, histogram=True, **kwargs):
        """Plot the reliability diagram of a fitted classifier's ``predict_proba(X)``.

        Parameters
        ----------
        estimator : fitted classifier
            With ``predict_proba`` and ``classes_``.
        X : array-like of shape (n_samples, n_features)
            Input of ``estimator.predict_proba``.
        y : array-like of shape (n_samples,)
            True labels.
        method : {'corp', 'uniform', 'quantile'}, default='corp'
            As in :meth:`from_predictions`.
        n_bins : int, default=5
            As in :meth:`from_predictions`.
        pos_label : int, float, bool or str, default=None
            The positive class of a binary classifier (by default its
            ``classes_[-1]``); its column of ``predict_proba`` is drawn.
        multi_class : {'by_class', 'top_label'}, default='by_class'
            As in :meth:`from_predictions` (for more than two classes).
        sample_weight : array-like of shape (n_samples,), default=None
            As in :meth:`from_predictions`.
        confidence : float or None, default=0.95
            As in :meth:`from_predictions`.
        name : str, default=None
            Name in the legend (by default the estimator's class name).
        ax : matplotlib Axes, default=None
            As in :meth:`from_predictions`.
        ref_line : bool, default=True
            As in :meth:`from_predictions`.
        histogram : bool, default=True
            As in :meth:`from_predictions`.
        **kwargs : dict
            As in :meth:`from_predictions`.

        Returns
        -------
        display : ReliabilityDisplay
            The display, drawn.
        """
        proba = estimator.predict_proba(X)
        classes = list(estimator.classes_)
        if proba.shape[1] == 2:
            if pos_label is None:
                pos_label = classes[-1]
            if pos_label not in classes:
                raise ValueError(f"pos_label={pos_label!r} is not a class of the estimator: "
                                 f"{classes}.")
            proba = proba[:, classes.index(pos_label)]
        name = type(estimator).__name__ if name is None else name
        return cls.from_predictions(y, proba, method=method, n_bins=n_bins,
                                    pos_label=pos_label,
                                    multi_class=multi_class, sample_weight=sample_weight,
                                    confidence=confidence, name=name, ax=ax,
                                    ref_line=ref_line, histogram=histogram, **kwargs)
