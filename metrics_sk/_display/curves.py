"""ROC, precision-recall and DET displays: scikit-learn's, plus every class, a band, a threshold.

``RocCurveDisplay``, ``PrecisionRecallDisplay`` and ``DetCurveDisplay`` take scikit-learn's
names and arguments (``from_estimator``, ``from_predictions``, ``plot(ax=...)``, ``name``,
``pos_label``, ``curve_kwargs``, ``plot_chance_level``, ``despine``; the attributes
``fpr``, ``tpr``, ``roc_auc``, ``precision``, ``recall``, ``average_precision``, ``fnr``,
``line_``, ``ax_``, ``figure_``, ``chance_level_``), so an import can be swapped. Their
extras:

- a 2-D ``y_score`` (or a multi-class estimator) draws every class one-vs-rest in one
  axes, the legend giving each class and its AUC (AP);
- ``confidence_level`` draws a bootstrap band: the samples are resampled with
  replacement, every curve is recomputed on the replicate and read on a fixed grid of the
  x axis (:meth:`_CurveDisplay._on_grid`), and the band is the pointwise percentile
  interval of the resampling core (:mod:`metrics_sk._inference.resampling`);
- ``threshold`` marks the operating point of the predictions ``y_score >= threshold``
  on each curve, from the confusion at every threshold.

The curves are metrics_sk's drop-ins (:func:`~metrics_sk.roc_curve`,
:func:`~metrics_sk.precision_recall_curve`, :func:`~metrics_sk.det_curve`), the numbers of
the legend its :func:`~metrics_sk.roc_auc_score` and
:func:`~metrics_sk.average_precision_score`, the operating points its
:func:`~metrics_sk.confusion_matrix_at_thresholds`: nothing is computed a second way.
"""

import warnings

import numpy as np
from scipy.stats import norm
from sklearn.utils import check_array, check_consistent_length
from sklearn.utils.multiclass import type_of_target

from .._encoding import encode
from .._curves import (
    average_precision_score,
    confusion_matrix_at_thresholds,
    det_curve,
    precision_recall_curve,
    roc_auc_score,
    roc_curve,
)
from .._inference.resampling import make_rng, percentile_interval, warn_nan_replicates
from .._params import CURVES, Checker
from .._sklearn_compat import (
    check_pos_label_consistency,
    get_response_values,
    get_response_values_binary,
    num_samples,
    safe_indexing,
    validate_style_kwargs,
)
from .plot import _import_pyplot

_RESPONSES = ["predict_proba", "decision_function"]  # response_method="auto", in this order


class _Curve:
    """One curve: its points, its number for the legend and the binary target and scores
    it was computed from (kept for the band and the operating point)."""

    def __init__(self, x, y, summary, is_pos, score, weights, name, label=None):
        self.x, self.y, self.summary, self.name, self.label = x, y, summary, name, label
        self.is_pos, self.score, self.weights = is_pos, score, weights


class _CurveDisplay:
    """What the three displays share: the one-vs-rest curves, the band, the operating
    point and the drawing. A subclass names its axes and computes one binary curve."""

    _x = _y = _summary_name = None  # attribute names of the x and y values, the legend's
    _metric = None  # the legend's number: "AUC", "AP" or None
    _xlabel = _ylabel = ""
    _legend_loc = "lower right"
    _line_defaults = {}
    _grid = np.linspace(0.0, 1.0, 101)

    # -- what a subclass defines --------------------------------------------------------
    @staticmethod
    def _compute(y_true, score, weights, drop_intermediate, pos_label=1):
        """``(x, y)`` of the binary curve of ``pos_label`` in ``y_true`` (the drop-in's)."""
        raise NotImplementedError

    @staticmethod
    def _summary(y_true, score, weights, pos_label=1):
        """The legend's number of the curve (None: no number)."""
        return None

    @staticmethod
    def _rates(tn, fp, fn, tp):
        """``(x, y)`` of the confusion ``tn, fp, fn, tp`` of one threshold."""
        raise NotImplementedError

    @staticmethod
    def _on_grid(x, y, grid):
        """The curve's y at each x of ``grid``: the line drawn, read at the grid (linear
        between points, as matplotlib draws it; a ROC curve's x increase)."""
        return np.interp(grid, x, y)

    @staticmethod
    def _to_axes(x, y):
        """The coordinates drawn of rates ``x, y`` (DET: normal deviates)."""
        return x, y

    # -- construction -----------------------------------------------------------------------
    @classmethod
    def _from_curves(cls, curves, pos_label, name, classes=None):
        """The display of ``curves`` (one: plain values, as scikit-learn's; several:
        lists), named ``name``; ``classes``: the class of each curve (one-vs-rest)."""
        pick = (lambda v: v[0]) if len(curves) == 1 else (lambda v: v)
        return cls._make(pick([c.x for c in curves]), pick([c.y for c in curves]),
                         pick([c.summary for c in curves]),
                         pick([_weighted_mean(c.is_pos, c.weights) for c in curves]),
                         name=name, pos_label=pos_label, classes=classes)

    @classmethod
    def _make(cls, x, y, summary, prevalence, **kwargs):
        """The display of these values (a subclass names them)."""
        raise NotImplementedError

    @classmethod
    def _curves(cls, y_true, y_score, *, sample_weight, drop_intermediate, pos_label, name,
                labels, caller):
        """The curves of ``y_score``: one (1-D scores, scikit-learn's checks and errors)
        or one per class one-vs-rest (2-D scores, columns in the order of ``labels`` or
        of the sorted classes of ``y_true``). Returns ``(curves, pos_label)``."""
        if np.ndim(y_score) == 2:
            return cls._class_curves(y_true, y_score, sample_weight, drop_intermediate,
                                     pos_label, name, labels, caller), None
        if type_of_target(y_true) != "binary":  # scikit-learn's check and message
            raise ValueError(f"The target y is not binary. Got "
                             f"{type_of_target(y_true)} type of target.")
        check_consistent_length(y_true, y_score, sample_weight)
        pos_label = check_pos_label_consistency(pos_label, y_true)
        curve = cls._one(y_true, y_score, sample_weight, drop_intermediate, name, pos_label)
        return [curve], pos_label

    @classmethod
    def _class_curves(cls, y_true, y_score, sample_weight, drop_intermediate, pos_label,
                      name, labels, caller):
        y = check_array(y_true, ensure_2d=False, dtype=None, input_name="y_true")
        if y.ndim != 1:
            raise ValueError(f"y_true must be 1-D with a 2-D y_score, got shape {y.shape}.")
        scores = check_array(y_score, input_name="y_score")
        check_consistent_length(y, scores, sample_weight)
        classes, (codes,) = encode(y, labels=None if labels is None else np.asarray(labels),
                                   names=["y_true"])
        if labels is not None and (codes == classes.shape[0]).any():
            raise ValueError("'y_true' contains labels not in parameter 'labels'.")
        if classes.ndim != 1 or classes.shape[0] != scores.shape[1]:
            raise ValueError(
                f"y_score has {scores.shape[1]} columns but there are {classes.shape[0]} "
                f"{'classes in y_true' if labels is None else 'labels'}: {caller} needs one "
                "column of scores per class (pass labels= to name the classes of the "
                "columns).")
        columns = range(classes.shape[0])
        if pos_label is not None:  # the one-vs-rest curve of that class only
            columns = [j for j in columns if classes[j] == pos_label]
            if not columns:
                raise ValueError(f"pos_label={pos_label!r} is not a class of the columns; "
                                 f"the classes are {classes.tolist()}.")
        curves = []
        for j in columns:
            label = str(classes[j]) if name is None else f"{name}: {classes[j]}"
            y01 = (codes == j).astype(np.int8)
            curves.append(cls._one(y01, scores[:, j], sample_weight, drop_intermediate,
                                   label))
            curves[-1].label = classes[j]
        return curves

    @classmethod
    def _one(cls, y_true, score, sample_weight, drop_intermediate, name, pos_label=1):
        """The curve of ``pos_label`` in ``y_true`` computed as scikit-learn's display
        computes it (the drop-ins with ``y_true`` and ``pos_label``: their values,
        warnings and errors), and its 0/1 target for the band and the operating point."""
        x, y = cls._compute(y_true, score, sample_weight, drop_intermediate, pos_label)
        summary = cls._summary(y_true, score, sample_weight, pos_label)
        weights = None if sample_weight is None else np.asarray(sample_weight, dtype=float)
        y01 = (np.asarray(y_true) == pos_label).astype(np.int8)  # a new array
        return _Curve(x, y, summary, y01, np.asarray(score), weights, name)

    @classmethod
    def _build(cls, y_true, y_score, *, sample_weight, drop_intermediate, pos_label, name,
               labels, confidence_level, n_resamples, random_state, threshold):
        """The display of ``y_score`` (not drawn), with its band and operating points."""
        caller = f"{cls.__name__}.from_predictions"
        Checker(caller, CURVES)({"confidence_level": confidence_level,
                                 "n_resamples": n_resamples, "random_state": random_state,
                                 "threshold": threshold, "labels": labels})
        two_d = np.ndim(y_score) == 2
        curves, pos_label = cls._curves(
            y_true, y_score, sample_weight=sample_weight,
            drop_intermediate=drop_intermediate, pos_label=pos_label,
            name=name if two_d or name is not None else "Classifier", labels=labels,
            caller=caller)
        classes = [c.label for c in curves] if two_d else None
        display = cls._from_curves(curves, pos_label, [c.name for c in curves]
                                   if two_d else curves[0].name, classes)
        if confidence_level is not None:
            display.band = cls._bands(curves, confidence_level, n_resamples, random_state)
            display.confidence_level = confidence_level
        if threshold is not None:
            display.operating_point = [cls._point(c, threshold) for c in curves]
            display.threshold = threshold
        return display

    @classmethod
    def _cv_display(cls, cv_results, X, y, *, sample_weight, drop_intermediate,
                    response_method, pos_label, name):
        """The display of the test folds of ``cross_validate(..., return_estimator=True,
        return_indices=True)``: one curve per fold, each fold's estimator on its test
        samples (scikit-learn's checks and errors)."""
        _check_cv_results(cv_results, X, y, sample_weight)
        curves = []
        for estimator, test in zip(cv_results["estimator"], cv_results["indices"]["test"]):
            y_score, fold_label = get_response_values_binary(
                estimator, safe_indexing(X, test), response_method=response_method,
                pos_label=pos_label)
            weights = None if sample_weight is None else safe_indexing(sample_weight, test)
            curves.append(cls._one(safe_indexing(y, test), y_score, weights,
                                   drop_intermediate, None, fold_label))
        return cls._from_curves(curves, fold_label, name)

    @classmethod
    def _point(cls, curve, threshold):
        """``(x, y)`` of the predictions ``score >= threshold``: the confusion of the
        smallest distinct score at or above ``threshold`` (none: nothing predicted
        positive)."""
        tns, fps, fns, tps, thresholds = confusion_matrix_at_thresholds(
            curve.is_pos, curve.score, sample_weight=curve.weights)
        at = np.flatnonzero(thresholds >= threshold)
        if at.size:
            i = at[-1]  # thresholds are decreasing
            cells = tns[i], fps[i], fns[i], tps[i]
        else:
            cells = tns[0] + fps[0], 0.0, fns[0] + tps[0], 0.0
        return tuple(float(v) for v in cls._rates(*cells))

    @classmethod
    def _bands(cls, curves, confidence_level, n_resamples, random_state):
        """``[(grid, low, high)]`` per curve: the pointwise percentile interval of the
        curves of ``n_resamples`` resamples of the samples (with replacement, the same
        resample for every class). A replicate missing one side of a class is NaN for
        that class, and left out."""
        rng = make_rng(random_state)
        n = curves[0].is_pos.shape[0]
        grid = cls._grid
        dist = np.full((n_resamples, len(curves), grid.shape[0]), np.nan)
        undefined = np.zeros((n_resamples, len(curves)))
        for r in range(n_resamples):
            idx = rng.integers(0, n, n)
            for k, c in enumerate(curves):
                y01 = c.is_pos[idx]
                w = None if c.weights is None else c.weights[idx]
                mass = y01 if w is None else y01 * w
                rest = (1 - y01) if w is None else (1 - y01) * w
                if not (mass.sum() > 0 and rest.sum() > 0):
                    undefined[r, k] = np.nan
                    continue
                x, y = cls._compute(y01, c.score[idx], w, True)
                dist[r, k] = cls._on_grid(x, y, grid)
        warn_nan_replicates(undefined)
        low, high = percentile_interval(dist, confidence_level)
        return [(grid, low[k], high[k]) for k in range(len(curves))]

    # -- drawing ----------------------------------------------------------------------------
    def _xy(self):
        """The x and y values of every curve, as lists."""
        return _as_list(getattr(self, self._x)), _as_list(getattr(self, self._y))

    def _draw(self, ax, name, curve_kwargs, plot_chance_level, chance_level_kw, despine,
              kwargs):
        """Draw every curve with scikit-learn's rules for several curves (one legend entry
        of the mean and standard deviation unless ``curve_kwargs`` is a list); the curves
        of the classes of a one-vs-rest display each get their own entry and colour."""
        plt = _import_pyplot(f"{type(self).__name__}.plot")
        if kwargs:
            if curve_kwargs:
                raise ValueError("Cannot provide both `curve_kwargs` and `kwargs`. Pass all "
                                 "matplotlib arguments to `curve_kwargs` as a dictionary.")
            if self._kwargs_deprecated:
                warnings.warn("`**kwargs` is deprecated and will be removed in 1.11. Pass "
                              "all matplotlib arguments to `curve_kwargs` as a dictionary "
                              "instead.", FutureWarning, stacklevel=3)
            curve_kwargs = kwargs
        if ax is None:
            _, ax = plt.subplots()
        self.ax_, self.figure_ = ax, ax.figure
        xs, ys = self._xy()
        names = _as_list(self.name if name is None else name)
        summaries = _as_list(getattr(self, self._summary_name) if self._summary_name
                             else None)
        self._check_lengths(names)
        n = len(xs)
        one_vs_rest = self.classes is not None
        if one_vs_rest and not isinstance(curve_kwargs, list):
            curve_kwargs = [curve_kwargs or {}] * n  # a legend entry per class
        styles = _curve_styles(n, names, summaries, self._metric, curve_kwargs,
                               dict(self._line_defaults) if one_vs_rest or n == 1 else
                               {**self._line_defaults, **_FOLD_DEFAULTS})
        self.line_ = []
        for x, y, style in zip(xs, ys, styles):
            self.line_.extend(ax.plot(*self._to_axes(np.asarray(x), np.asarray(y)),
                                      **style))
        colors = [line.get_color() for line in self.line_]
        self._draw_band(ax, colors)
        self._draw_points(ax, colors)
        self._draw_chance_level(ax, plot_chance_level, chance_level_kw or {}, colors)
        if n == 1:
            self.line_ = self.line_[0]
        info = f" (Positive label: {self.pos_label})" if self.pos_label is not None else ""
        ax.set(xlabel=self._xlabel + info, ylabel=self._ylabel + info)
        self._set_axes(ax)
        if despine:
            for side in ("top", "right"):
                ax.spines[side].set_visible(False)
            for side in ("bottom", "left"):
                ax.spines[side].set_bounds(*self._spine_bounds)
        if any(h.get_label() and not h.get_label().startswith("_")
               for h in ax.get_legend_handles_labels()[0]):
            ax.legend(loc=self._legend_loc)
        return self

    def _check_lengths(self, names):
        """scikit-learn's check: the curves' values (and a list of names of more than
        one) are lists of one length."""
        given = {f"self.{a}": _as_list(getattr(self, a)) for a in self._required}
        optional = {f"self.{a}": _as_list(getattr(self, a)) for a in self._optional}
        if isinstance(names, list) and len(names) != 1:
            optional["'name' (or self.name)"] = names
        given.update({k: v for k, v in optional.items() if isinstance(v, list)})
        if len({len(v) for v in given.values()}) > 1:
            keys = list(given)
            listed = " and ".join([", ".join(keys[:-1]), keys[-1]])
            or_plot = " (or `plot`)" if "'name' (or self.name)" in given else ""
            lengths = ", ".join(f"{k}: {len(v)}" for k, v in given.items())
            raise ValueError(f"{listed} from `{type(self).__name__}` initialization"
                             f"{or_plot}, should all be lists of the same length. Got: "
                             f"{lengths}")

    _spine_bounds = (0, 1)
    _kwargs_deprecated = False  # scikit-learn deprecates **kwargs of plot (PR only)

    def _set_axes(self, ax):
        ax.set(xlim=(-0.01, 1.01), ylim=(-0.01, 1.01), aspect="equal")

    def _draw_band(self, ax, colors):
        band = getattr(self, "band", None)
        self.band_ = None
        if band is None:
            return
        level = getattr(self, "confidence_level", None)
        label = None if level is None else f"{level:.0%} bootstrap band"
        self.band_ = []
        for k, ((grid, low, high), color) in enumerate(zip(band, colors)):
            keep = np.isfinite(low) & np.isfinite(high)
            gx, _ = self._to_axes(grid[keep], grid[keep])
            _, lo = self._to_axes(grid[keep], low[keep])
            _, hi = self._to_axes(grid[keep], high[keep])
            self.band_.append(ax.fill_between(
                gx, lo, hi, color=color, alpha=0.2, linewidth=0,
                label=label if k == 0 and len(band) == 1 else None))
        if len(self.band_) == 1:
            self.band_ = self.band_[0]

    def _draw_points(self, ax, colors):
        points = getattr(self, "operating_point", None)
        self.operating_point_ = None
        if points is None:
            return
        t = getattr(self, "threshold", None)
        label = None if t is None else f"threshold = {t:g}"
        self.operating_point_ = []
        for k, ((x, y), color) in enumerate(zip(points, colors)):
            px, py = self._to_axes(np.array([x]), np.array([y]))
            self.operating_point_.extend(ax.plot(
                px, py, "o", color=color, markeredgecolor="k", markersize=7, zorder=3,
                label=label if k == 0 else None))
        if len(self.operating_point_) == 1:
            self.operating_point_ = self.operating_point_[0]

    def _draw_chance_level(self, ax, plot_chance_level, chance_level_kw, colors):
        self.chance_level_ = None
        if plot_chance_level:
            style = validate_style_kwargs(
                {"label": self._chance_label, "color": "k", "linestyle": "--"},
                chance_level_kw)
            (self.chance_level_,) = ax.plot(*self._chance_xy, **style)

    _chance_label = "Chance level"
    _chance_xy = ((0, 1), (0, 1))


def _as_list(values):
    """A list of curves (or of numbers) from one array (or one number), None kept."""
    if values is None or isinstance(values, list):
        return values
    return [values]


def _weighted_mean(y01, weights):
    if weights is None:
        return float(y01.mean())
    return float(np.dot(y01, weights) / weights.sum())


#: scikit-learn's style of several curves of one model (cross-validation folds).
_FOLD_DEFAULTS = {"alpha": 0.5, "linestyle": "--", "color": "blue"}


def _curve_styles(n, names, values, metric, curve_kwargs, defaults):
    """The matplotlib keywords of each curve, with scikit-learn's legend rules: one entry
    per curve when ``curve_kwargs`` is a list (or there is one curve), else one entry for
    all, ``name (AUC = mean +/- std)``."""
    if isinstance(curve_kwargs, list) and len(curve_kwargs) != n:
        raise ValueError(f"`curve_kwargs` must be None, a dictionary or a list of length "
                         f"{n}. Got: {curve_kwargs}.")
    if isinstance(names, list) and len(names) != 1 and not isinstance(curve_kwargs, list):
        raise ValueError(
            "To avoid labeling individual curves that have the same appearance, "
            f"`curve_kwargs` should be a list of {n} dictionaries. Alternatively, set "
            "`name` to `None` or a single string to label a single legend entry for all "
            "curves.")
    names = [None] * n if names is None else names * n if len(names) == 1 else names
    aggregate = n > 1 and not isinstance(curve_kwargs, list)
    if curve_kwargs is None:
        curve_kwargs = [{}] * n
    elif not isinstance(curve_kwargs, list):
        curve_kwargs = [curve_kwargs] * n
    if aggregate:  # one entry, on the first curve
        mean = np.mean(values) if values else None
        label = _label(names[0], mean, metric)
        if mean is not None:
            std = f"{np.std(values):0.2f}"
            label = label[:-1] + f" +/- {std})" if names[0] is not None else \
                label + f" +/- {std}"
        labels = [label] + [None] * (n - 1)
    else:
        labels = [_label(name, value, metric)
                  for name, value in zip(names, values or [None] * n)]
    return [validate_style_kwargs({"label": label, **defaults}, style)
            for label, style in zip(labels, curve_kwargs)]


def _label(name, value, metric):
    """scikit-learn's legend entry: ``name (AUC = 0.91)``, ``AUC = 0.91`` or ``name``."""
    if value is not None and metric is not None:
        return f"{name} ({metric} = {value:0.2f})" if name is not None else \
            f"{metric} = {value:0.2f}"
    return name


def _y_score(y_score, y_pred):
    """``y_score``, or scikit-learn 1.8's deprecated spelling ``y_pred`` (its messages)."""
    if isinstance(y_pred, str) and y_pred == "deprecated":
        if y_score is None:
            raise TypeError("from_predictions() missing the argument 'y_score'.")
        return y_score
    if y_score is not None:
        raise ValueError("`y_pred` and `y_score` cannot be both specified. Please use "
                         "`y_score` only as `y_pred` was deprecated in 1.8 and will be "
                         "removed in 1.10.")
    warnings.warn("y_pred was deprecated in 1.8 and will be removed in 1.10. Please use "
                  "`y_score` instead.", FutureWarning, stacklevel=3)
    return y_pred


def _check_cv_results(cv_results, X, y, sample_weight):
    """scikit-learn's checks of ``from_cv_results`` (its messages)."""
    required = {"estimator", "indices"}
    if not all(key in cv_results for key in required):
        raise ValueError(
            "`cv_results` does not contain one of the following required keys: "
            f"{required}. Set explicitly the parameters `return_estimator=True` and "
            "`return_indices=True` to the function`cross_validate`.")
    train, test = (len(cv_results["indices"][k][0]) for k in ("train", "test"))
    n = num_samples(X)
    if n != train + test:
        raise ValueError("`X` does not contain the correct number of samples. "
                         f"Expected {train + test}, got {n}.")
    if type_of_target(y) != "binary":
        raise ValueError(f"The target `y` is not binary. Got {type_of_target(y)} type of "
                         "target.")
    check_consistent_length(X, y, sample_weight)


def _estimator_scores(estimator, X, response_method, pos_label):
    """``(y_score, pos_label, labels)`` of a fitted classifier: scikit-learn's binary
    response (one column, its ``pos_label`` rule and errors), or the 2-D response of a
    classifier of more than two classes with its ``classes_``."""
    classes = getattr(estimator, "classes_", None)
    if classes is not None and np.ndim(classes) == 1 and len(classes) > 2:
        method = _RESPONSES if response_method == "auto" else response_method
        y_score, _ = get_response_values(estimator, X, response_method=method)
        return y_score, pos_label, np.asarray(classes)
    y_score, pos_label = get_response_values_binary(
        estimator, X, response_method=response_method, pos_label=pos_label)
    return y_score, pos_label, None


def _documented(text):
    """Give a method the docstring ``text`` (its shared parts filled in)."""
    def decorate(function):
        function.__doc__ = text
        return function
    return decorate


_LABELS = """labels : array-like of shape (n_classes,), default=None
            With a 2-D ``y_score``: the class of each column; None: the sorted classes
            of ``y_true``.
        """

_EXTRAS = """confidence_level : float in (0, 1), default=None
            Draw a bootstrap band of this level around each curve: the samples are
            resampled with replacement, each curve is recomputed and read on a fixed
            grid of the x axis, and the band is the pointwise percentile interval.
            None: no band.
        n_resamples : int, default=200
            Bootstrap resamples of the band.
        random_state : int, numpy Generator or RandomState, default=None
            Seed of the band's resampling.
        threshold : float, default=None
            Mark the operating point of the predictions ``y_score >= threshold`` on each
            curve. None: no mark."""

_COMMON = """sample_weight : array-like of shape (n_samples,), default=None
            Sample weights.
        drop_intermediate : bool, default={drop}
            Drop the thresholds whose points would not change the line drawn (as
            :func:`~metrics_sk.{curve}`).
        {response}pos_label : int, float, bool or str, default=None
            The positive class. None: {pos_default}. With 2-D scores, draw only the
            curve of this class.
        name : str, default=None
            Name of the curve in the legend; {name_default}. With several classes
            each class's curve is named ``"name: class"`` (the class alone if None).
        ax : matplotlib Axes, default=None
            Where to draw; a new figure if None.
        curve_kwargs : dict or list of dict, default=None
            Keywords of matplotlib's ``plot`` for the curves (a list: one per curve).
        plot_chance_level : bool, default=False
            Draw the chance level: {chance}.
        chance_level_kw : dict, default=None
            Keywords of matplotlib's ``plot`` for the chance level.
        despine : bool, default=False
            Remove the top and right spines.
        """

_FROM_PREDICTIONS = """Plot the {what} of true labels and scores.

        Like :meth:`sklearn.metrics.{cls}.from_predictions`; a 2-D ``y_score`` draws every
        class one-vs-rest.

        Parameters
        ----------
        y_true : array-like of shape (n_samples,)
            True labels.
        y_score : array-like of shape (n_samples,) or (n_samples, n_classes)
            Scores of the positive class (probabilities or decision values), or one
            column per class.
        {common}{extras}{kwargs}

        Returns
        -------
        display : {cls}
            The display, drawn.

        See Also
        --------
        {cls}.from_estimator : The same from a fitted classifier.

        Examples
        --------
        >>> import matplotlib
        >>> matplotlib.use("Agg")
        >>> from metrics_sk import {cls}
        >>> display = {cls}.from_predictions([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8],
        ...                                  threshold=0.4)
        >>> [float(v) for v in display.operating_point[0]]
        {point}
        """

_FROM_ESTIMATOR = """Plot the {what} of a fitted classifier on ``X`` and ``y``.

        Like :meth:`sklearn.metrics.{cls}.from_estimator`; a classifier of more than two
        classes draws every class one-vs-rest.

        Parameters
        ----------
        estimator : fitted classifier
            Its ``predict_proba`` or ``decision_function`` gives the scores.
        X : array-like of shape (n_samples, n_features)
            Input of the estimator.
        y : array-like of shape (n_samples,)
            True labels.
        {common}{extras}{kwargs}

        Returns
        -------
        display : {cls}
            The display, drawn.

        See Also
        --------
        {cls}.from_predictions : The same from scores.

        Examples
        --------
        >>> import matplotlib
        >>> matplotlib.use("Agg")
        >>> from sklearn.datasets import load_iris
        >>> from sklearn.linear_model import LogisticRegression
        >>> from metrics_sk import {cls}
        >>> X, y = load_iris(return_X_y=True)
        >>> model = LogisticRegression(max_iter=1000).fit(X, y)
        >>> display = {cls}.from_estimator(model, X, y)
        >>> len(display.line_)  # one curve per class
        3
        """

_FROM_CV_RESULTS = """Plot the {what} of every test fold of a cross-validation.

        Like :meth:`sklearn.metrics.{cls}.from_cv_results`: one curve per fold, each
        fold's estimator on its test samples, computed by metrics_sk's drop-ins.

        Parameters
        ----------
        cv_results : dict
            What :func:`sklearn.model_selection.cross_validate` returns with
            ``return_estimator=True`` and ``return_indices=True``.
        X : array-like of shape (n_samples, n_features)
            The input cross-validated.
        y : array-like of shape (n_samples,)
            True binary labels.
        sample_weight : array-like of shape (n_samples,), default=None
            Sample weights.
        drop_intermediate : bool, default=True
            Drop the thresholds whose points would not change the line drawn.
        response_method : {{'predict_proba', 'decision_function', 'auto'}}, default='auto'
            The estimators' method giving the scores.
        pos_label : int, float, bool or str, default=None
            The positive class; None: the estimators' ``classes_[1]``.
        {name_ax}
        curve_kwargs : dict or list of dict, default=None
            Keywords of matplotlib's ``plot``: a dict for every fold and one legend entry
            (the mean and standard deviation of the {metric}), a list for one per fold.
        plot_chance_level : bool, default=False
            Draw the chance level.
        chance_level_kwargs : dict, default=None
            Keywords of matplotlib's ``plot`` for the chance level.
        despine : bool, default=False
            Remove the top and right spines.

        Returns
        -------
        display : {cls}
            The display, drawn.

        See Also
        --------
        {cls}.from_estimator : The curve of one fitted classifier.

        Examples
        --------
        >>> import matplotlib
        >>> matplotlib.use("Agg")
        >>> from sklearn.datasets import make_classification
        >>> from sklearn.linear_model import LogisticRegression
        >>> from sklearn.model_selection import cross_validate
        >>> from metrics_sk import {cls}
        >>> X, y = make_classification(random_state=0)
        >>> cv = cross_validate(LogisticRegression(), X, y, cv=3, return_estimator=True,
        ...                     return_indices=True)
        >>> len({cls}.from_cv_results(cv, X, y).line_)  # one per fold
        3
        """

_NAME = """name : str or list of str, default=None
            Name of the legend entry (a list: one per fold, with a list of
            ``curve_kwargs``)."""
_AX = """ax : matplotlib Axes, default=None
            Where to draw; a new figure if None."""
_SPACE = "\n        "

_RESPONSE = """response_method : {'predict_proba', 'decision_function', 'auto'}, \
default='auto'
            The estimator's method giving the scores; 'auto' tries ``predict_proba``
            first.
        """

_PLOT = """Draw the curves on ``ax``.

        Parameters
        ----------
        ax : matplotlib Axes, default=None
            Where to draw; a new figure if None.
        name : str or list of str, default=None
            Name of the curves in the legend (a list: one per curve); None: the
            display's ``name``.
        curve_kwargs : dict or list of dict, default=None
            Keywords of matplotlib's ``plot`` for the curves (a list: one per curve).
        plot_chance_level : bool, default=False
            Draw the chance level: {chance}.
        chance_level_kw : dict, default=None
            Keywords of matplotlib's ``plot`` for the chance level.
        despine : bool, default=False
            Remove the top and right spines.{kwargs}

        Returns
        -------
        display : {cls}
            This display, with ``line_``, ``ax_``, ``figure_``, ``chance_level_``,
            ``band_`` and ``operating_point_`` set.
        """

_Y_PRED = """
        y_pred : array-like of shape (n_samples,), default="deprecated"
            The older spelling of ``y_score`` in scikit-learn (deprecated in 1.8)."""

_KWARGS = """
        **kwargs : dict
            Keywords of matplotlib's ``plot`` (scikit-learn's older spelling of
            ``curve_kwargs``)."""


def _docs(cls, what, curve, drop, name_default, chance, point, kwargs):
    """The three method docstrings of a display."""
    extra = _KWARGS if kwargs else ""
    fields = dict(cls=cls, what=what, extras=_EXTRAS, kwargs=extra, point=point)
    common = {response: _COMMON.format(
        drop=drop, curve=curve, name_default=name_default, chance=chance, response=response,
        pos_default="1 of {0, 1} or {-1, 1} labels") for response in ("", _RESPONSE)}
    predictions = {**fields, "kwargs": _Y_PRED + extra} if kwargs else fields
    return (_FROM_PREDICTIONS.format(common=common[""] + _LABELS, **predictions),
            _FROM_ESTIMATOR.format(common=common[_RESPONSE], **fields),
            _PLOT.format(cls=cls, chance=chance, kwargs=extra))


_ROC_DOCS = _docs("RocCurveDisplay", "ROC curve", "roc_curve", True,
                  "``'Classifier'`` if None",
                  "the diagonal", "[0.5, 0.5]", False)
_PR_DOCS = _docs("PrecisionRecallDisplay", "precision-recall curve",
                 "precision_recall_curve", False, "``'Classifier'`` if None",
                 "the (weighted) prevalence of the positive class", "[0.5, 0.5]", True)
_DET_DOCS = _docs("DetCurveDisplay", "detection error tradeoff (DET) curve", "det_curve",
                  True, "``'Classifier'`` if None",
                  "the line ``fnr = 1 - fpr``", "[0.5, 0.5]", True)


class RocCurveDisplay(_CurveDisplay):
    """ROC curves, with every class of a problem, a bootstrap band and a threshold.

    Takes the names and arguments of :class:`sklearn.metrics.RocCurveDisplay`; make it
    with :meth:`from_estimator` or :meth:`from_predictions`. A 2-D ``y_score`` (a
    classifier of more than two classes) draws one curve per class, one-vs-rest, in one
    axes; ``confidence_level`` adds a bootstrap band; ``threshold`` marks the point of
    ``y_score >= threshold``. The curves come from :func:`~metrics_sk.roc_curve`, the
    AUC from :func:`~metrics_sk.roc_auc_score`.

    Parameters
    ----------
    fpr : ndarray or list of ndarray
        False positive rates (a list: one array per curve).
    tpr : ndarray or list of ndarray
        True positive rates.
    roc_auc : float or list of float, default=None
        The area under each curve, shown in the legend.
    name : str or list of str, default=None
        Name of the curves in the legend.
    pos_label : int, float, bool or str, default=None
        The positive class, shown in the axis labels.
    classes : list, default=None
        The class of each curve of a one-vs-rest display (each its own legend entry and
        colour); None for one curve or the folds of a cross-validation.
    band : list of tuple of ndarray, default=None
        Per curve, ``(grid, low, high)``: the band's bounds of the true positive rate at
        the false positive rates ``grid``.
    operating_point : list of tuple of float, default=None
        Per curve, the ``(fpr, tpr)`` marked.

    Attributes
    ----------
    line_ : matplotlib Artist or list of matplotlib Artists
        The curves.
    chance_level_ : matplotlib Artist or None
        The chance level line.
    band_ : matplotlib Artist or list of matplotlib Artists or None
        The bootstrap bands.
    operating_point_ : matplotlib Artist or list of matplotlib Artists or None
        The marked points.
    ax_ : matplotlib Axes
        The axes.
    figure_ : matplotlib Figure
        The figure.

    See Also
    --------
    sklearn.metrics.RocCurveDisplay : The display of scikit-learn, one curve per call.
    metrics_sk.roc_curve : The points of the curve.

    Notes
    -----
    At threshold :math:`t`, :math:`FPR(t) = FP(t) / N` and :math:`TPR(t) = TP(t) / P`
    for the predictions :math:`s \\ge t` (weighted counts). The band at a false
    positive rate :math:`x` is the percentile interval of the bootstrap curves' true
    positive rates at :math:`x`.

    References
    ----------
    .. [1] T. Fawcett, "An introduction to ROC analysis", Pattern Recognition Letters
       27(8), 2006.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> import numpy as np
    >>> from metrics_sk import RocCurveDisplay
    >>> y = np.array([0, 1, 2, 2, 1, 0, 1, 2])
    >>> scores = np.eye(3)[[0, 1, 2, 1, 1, 0, 2, 2]] * 0.8 + 0.1
    >>> display = RocCurveDisplay.from_predictions(y, scores)
    >>> [line.get_label() for line in display.line_]
    ['0 (AUC = 1.00)', '1 (AUC = 0.73)', '2 (AUC = 0.73)']
    """

    _x, _y, _summary_name, _metric = "fpr", "tpr", "roc_auc", "AUC"
    _required, _optional = ("fpr", "tpr"), ("roc_auc",)
    _xlabel, _ylabel = "False Positive Rate", "True Positive Rate"
    _chance_label = "Chance level (AUC = 0.5)"

    def __init__(self, *, fpr, tpr, roc_auc=None, name=None, pos_label=None, classes=None,
                 band=None, operating_point=None):
        self.fpr, self.tpr, self.roc_auc = fpr, tpr, roc_auc
        self.name, self.pos_label, self.classes = name, pos_label, classes
        self.band, self.operating_point = band, operating_point

    @staticmethod
    def _compute(y_true, score, weights, drop_intermediate, pos_label=1):
        fpr, tpr, _ = roc_curve(y_true, score, pos_label=pos_label, sample_weight=weights,
                                drop_intermediate=drop_intermediate)
        return fpr, tpr

    @staticmethod
    def _summary(y_true, score, weights, pos_label=1):
        y01 = (np.asarray(y_true) == pos_label).astype(np.int8)
        return float(roc_auc_score(y01, score, sample_weight=weights))

    @staticmethod
    def _rates(tn, fp, fn, tp):
        return fp / (fp + tn), tp / (tp + fn)

    @classmethod
    def _make(cls, x, y, summary, prevalence, **kwargs):
        return cls(fpr=x, tpr=y, roc_auc=summary, **kwargs)

    @classmethod
    @_documented(_ROC_DOCS[0])
    def from_predictions(cls, y_true, y_score, *, sample_weight=None, drop_intermediate=True,
                         pos_label=None, name=None, ax=None, curve_kwargs=None,
                         plot_chance_level=False, chance_level_kw=None, despine=False,
                         labels=None, confidence_level=None, n_resamples=200,
                         random_state=None, threshold=None):
        display = cls._build(y_true, y_score, sample_weight=sample_weight,
                             drop_intermediate=drop_intermediate, pos_label=pos_label,
                             name=name, labels=labels, confidence_level=confidence_level,
                             n_resamples=n_resamples, random_state=random_state,
                             threshold=threshold)
        return display.plot(ax=ax, curve_kwargs=curve_kwargs,
                            plot_chance_level=plot_chance_level,
                            chance_level_kw=chance_level_kw, despine=despine)

    @classmethod
    @_documented(_ROC_DOCS[1])
    def from_estimator(cls, estimator, X, y, *, sample_weight=None, drop_intermediate=True,
                       response_method="auto", pos_label=None, name=None, ax=None,
                       curve_kwargs=None, plot_chance_level=False, chance_level_kw=None,
                       despine=False, confidence_level=None, n_resamples=200,
                       random_state=None, threshold=None):
        y_score, pos_label, labels = _estimator_scores(estimator, X, response_method,
                                                       pos_label)
        return cls.from_predictions(
            y, y_score, sample_weight=sample_weight, drop_intermediate=drop_intermediate,
            pos_label=pos_label, name=type(estimator).__name__ if name is None else name,
            ax=ax, curve_kwargs=curve_kwargs, plot_chance_level=plot_chance_level,
            chance_level_kw=chance_level_kw, despine=despine, labels=labels,
            confidence_level=confidence_level, n_resamples=n_resamples,
            random_state=random_state, threshold=threshold)

    @classmethod
    @_documented(_FROM_CV_RESULTS.format(cls="RocCurveDisplay", what="ROC curve",
                                         metric="AUC", name_ax=_AX + _SPACE + _NAME))
    def from_cv_results(cls, cv_results, X, y, *, sample_weight=None, drop_intermediate=True,
                        response_method="auto", pos_label=None, ax=None, name=None,
                        curve_kwargs=None, plot_chance_level=False, chance_level_kwargs=None,
                        despine=False):
        display = cls._cv_display(cv_results, X, y, sample_weight=sample_weight,
                                  drop_intermediate=drop_intermediate,
                                  response_method=response_method, pos_label=pos_label,
                                  name=name)
        return display.plot(ax=ax, curve_kwargs=curve_kwargs,
                            plot_chance_level=plot_chance_level,
                            chance_level_kw=chance_level_kwargs, despine=despine)

    @_documented(_ROC_DOCS[2])
    def plot(self, ax=None, *, name=None, curve_kwargs=None, plot_chance_level=False,
             chance_level_kw=None, despine=False):
        return self._draw(ax, name, curve_kwargs, plot_chance_level, chance_level_kw,
                          despine, {})


class PrecisionRecallDisplay(_CurveDisplay):
    """Precision-recall curves, with every class, a bootstrap band and a threshold.

    Takes the names and arguments of :class:`sklearn.metrics.PrecisionRecallDisplay`;
    make it with :meth:`from_estimator` or :meth:`from_predictions`. A 2-D ``y_score``
    draws one curve per class, one-vs-rest; ``confidence_level`` adds a bootstrap band;
    ``threshold`` marks the point of ``y_score >= threshold``. The curves come from
    :func:`~metrics_sk.precision_recall_curve`, the AP from
    :func:`~metrics_sk.average_precision_score`; they are drawn as steps, as
    scikit-learn draws them.

    Parameters
    ----------
    precision : ndarray or list of ndarray
        Precision values (a list: one array per curve).
    recall : ndarray or list of ndarray
        Recall values.
    average_precision : float or list of float, default=None
        The average precision of each curve, shown in the legend.
    name : str or list of str, default=None
        Name of the curves in the legend.
    pos_label : int, float, bool or str, default=None
        The positive class, shown in the axis labels.
    prevalence_pos_label : float or list of float, default=None
        The (weighted) prevalence of the positive class: the chance level.
    classes : list, default=None
        The class of each curve of a one-vs-rest display (each its own legend entry and
        colour); None for one curve or the folds of a cross-validation.
    band : list of tuple of ndarray, default=None
        Per curve, ``(grid, low, high)``: the band's bounds of the precision at the
        recalls ``grid``.
    operating_point : list of tuple of float, default=None
        Per curve, the ``(recall, precision)`` marked.
    estimator_name : str, default="deprecated"
        The older spelling of ``name`` in scikit-learn (deprecated in 1.8).

    Attributes
    ----------
    line_ : matplotlib Artist or list of matplotlib Artists
        The curves.
    chance_level_ : matplotlib Artist or list of matplotlib Artists or None
        The chance level lines.
    band_ : matplotlib Artist or list of matplotlib Artists or None
        The bootstrap bands.
    operating_point_ : matplotlib Artist or list of matplotlib Artists or None
        The marked points.
    ax_ : matplotlib Axes
        The axes.
    figure_ : matplotlib Figure
        The figure.

    See Also
    --------
    sklearn.metrics.PrecisionRecallDisplay : The display of scikit-learn.
    metrics_sk.precision_recall_curve : The points of the curve.

    Notes
    -----
    At threshold :math:`t`, precision is :math:`TP(t) / (TP(t) + FP(t))` and recall
    :math:`TP(t) / P`. The chance level is the prevalence of the positive class,
    weighted by ``sample_weight`` (scikit-learn counts samples).

    References
    ----------
    .. [1] J. Davis and M. Goadrich, "The relationship between precision-recall and ROC
       curves", ICML 2006.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from metrics_sk import PrecisionRecallDisplay
    >>> display = PrecisionRecallDisplay.from_predictions(
    ...     [0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], plot_chance_level=True)
    >>> display.line_.get_label(), display.chance_level_.get_label()
    ('Classifier (AP = 0.83)', 'Chance level (AP = 0.50)')
    """

    _x, _y, _summary_name, _metric = "recall", "precision", "average_precision", "AP"
    _required = ("precision", "recall")
    _optional = ("average_precision", "prevalence_pos_label")
    _xlabel, _ylabel = "Recall", "Precision"
    _legend_loc = "lower left"
    _line_defaults = {"drawstyle": "steps-post"}
    _kwargs_deprecated = True

    def __init__(self, precision, recall, *, average_precision=None, name=None,
                 pos_label=None, prevalence_pos_label=None, classes=None, band=None,
                 operating_point=None, estimator_name="deprecated"):
        if not (isinstance(estimator_name, str) and estimator_name == "deprecated"):
            if name:
                raise ValueError("Cannot provide both `estimator_name` and `name`. "
                                 "`estimator_name` is deprecated in 1.8 and will be removed "
                                 "in 1.10. Use `name` only.")
            warnings.warn("`estimator_name` is deprecated in 1.8 and will be removed in "
                          "1.10. Use `name` instead.", FutureWarning, stacklevel=2)
            name = estimator_name
        self.precision, self.recall = precision, recall
        self.average_precision, self.name, self.pos_label = average_precision, name, pos_label
        self.prevalence_pos_label, self.classes = prevalence_pos_label, classes
        self.band, self.operating_point = band, operating_point

    @staticmethod
    def _compute(y_true, score, weights, drop_intermediate, pos_label=1):
        precision, recall, _ = precision_recall_curve(
            y_true, score, pos_label=pos_label, sample_weight=weights,
            drop_intermediate=drop_intermediate)
        return recall, precision

    @staticmethod
    def _summary(y_true, score, weights, pos_label=1):
        return float(average_precision_score(y_true, score, pos_label=pos_label,
                                             sample_weight=weights))

    @staticmethod
    def _rates(tn, fp, fn, tp):
        return tp / (tp + fn), (tp / (tp + fp) if tp + fp > 0 else 1.0)

    @staticmethod
    def _on_grid(x, y, grid):
        """The precision drawn at each recall of ``grid``: the steps of scikit-learn's
        ``drawstyle="steps-post"`` over recalls that decrease, the precision of the last
        point whose recall is at least the grid's."""
        order = np.arange(x.shape[0])[::-1]  # recalls increasing
        at = np.searchsorted(x[order], grid, side="left")
        return y[order][np.minimum(at, x.shape[0] - 1)]

    @classmethod
    def _make(cls, x, y, summary, prevalence, **kwargs):
        return cls(y, x, average_precision=summary, prevalence_pos_label=prevalence,
                   **kwargs)

    def _draw_chance_level(self, ax, plot_chance_level, chance_level_kw, colors):
        self.chance_level_ = None
        if not plot_chance_level:
            return
        if self.prevalence_pos_label is None:
            raise ValueError("You must provide prevalence_pos_label when constructing the "
                             "PrecisionRecallDisplay object in order to plot the chance "
                             "level line. Alternatively, you may use "
                             "PrecisionRecallDisplay.from_estimator or "
                             "PrecisionRecallDisplay.from_predictions to automatically set "
                             "prevalence_pos_label")
        prevalences = _as_list(self.prevalence_pos_label)
        one = len(prevalences) == 1
        self.chance_level_ = []
        if self.classes is not None:  # each class's prevalence, in its colour
            for k, (p, color) in enumerate(zip(prevalences, colors)):
                default = {"label": "Chance levels (prevalences)" if k == 0 else None,
                           "color": color, "linestyle": ":"}
                self.chance_level_.extend(ax.plot(
                    (0, 1), (p, p), **validate_style_kwargs(default, chance_level_kw)))
        else:  # scikit-learn's: one line per curve, one legend entry
            default = {"color": "k", "linestyle": "--", **({} if one else {"alpha": 0.3})}
            style = validate_style_kwargs(default, chance_level_kw)
            for p in prevalences:
                self.chance_level_.extend(ax.plot((0, 1), (p, p), **style))
            if "label" not in chance_level_kw:
                self.chance_level_[0].set_label(
                    f"Chance level (AP = {prevalences[0]:0.2f})" if one else
                    f"Chance level (AP = {np.mean(prevalences):0.2f} +/- "
                    f"{np.std(prevalences):0.2f})")
        if one:
            self.chance_level_ = self.chance_level_[0]

    @classmethod
    @_documented(_PR_DOCS[0])
    def from_predictions(cls, y_true, y_score=None, *, sample_weight=None,
                         drop_intermediate=False, pos_label=None, name=None, ax=None,
                         curve_kwargs=None, plot_chance_level=False, chance_level_kw=None,
                         despine=False, labels=None, confidence_level=None, n_resamples=200,
                         random_state=None, threshold=None, y_pred="deprecated",
                         **kwargs):
        y_score = _y_score(y_score, y_pred)
        display = cls._build(y_true, y_score, sample_weight=sample_weight,
                             drop_intermediate=drop_intermediate, pos_label=pos_label,
                             name=name, labels=labels, confidence_level=confidence_level,
                             n_resamples=n_resamples, random_state=random_state,
                             threshold=threshold)
        return display.plot(ax=ax, curve_kwargs=curve_kwargs,
                            plot_chance_level=plot_chance_level,
                            chance_level_kw=chance_level_kw, despine=despine, **kwargs)

    @classmethod
    @_documented(_PR_DOCS[1])
    def from_estimator(cls, estimator, X, y, *, sample_weight=None, drop_intermediate=False,
                       response_method="auto", pos_label=None, name=None, ax=None,
                       curve_kwargs=None, plot_chance_level=False, chance_level_kw=None,
                       despine=False, confidence_level=None, n_resamples=200,
                       random_state=None, threshold=None, **kwargs):
        y_score, pos_label, labels = _estimator_scores(estimator, X, response_method,
                                                       pos_label)
        return cls.from_predictions(
            y, y_score, sample_weight=sample_weight, drop_intermediate=drop_intermediate,
            pos_label=pos_label, name=type(estimator).__name__ if name is None else name,
            ax=ax, curve_kwargs=curve_kwargs, plot_chance_level=plot_chance_level,
            chance_level_kw=chance_level_kw, despine=despine, labels=labels,
            confidence_level=confidence_level, n_resamples=n_resamples,
            random_state=random_state, threshold=threshold, **kwargs)

    @classmethod
    @_documented(_FROM_CV_RESULTS.format(cls="PrecisionRecallDisplay",
                                         what="precision-recall curve", metric="AP",
                                         name_ax=_NAME + _SPACE + _AX))
    def from_cv_results(cls, cv_results, X, y, *, sample_weight=None, drop_intermediate=True,
                        response_method="auto", pos_label=None, name=None, ax=None,
                        curve_kwargs=None, plot_chance_level=False, chance_level_kwargs=None,
                        despine=False):
        display = cls._cv_display(cv_results, X, y, sample_weight=sample_weight,
                                  drop_intermediate=drop_intermediate,
                                  response_method=response_method, pos_label=pos_label,
                                  name=name)
        return display.plot(ax=ax, curve_kwargs=curve_kwargs,
                            plot_chance_level=plot_chance_level,
                            chance_level_kw=chance_level_kwargs, despine=despine)

    @_documented(_PR_DOCS[2])
    def plot(self, ax=None, *, name=None, curve_kwargs=None, plot_chance_level=False,
             chance_level_kw=None, despine=False, **kwargs):
        return self._draw(ax, name, curve_kwargs, plot_chance_level, chance_level_kw,
                          despine, kwargs)


class DetCurveDisplay(_CurveDisplay):
    """Detection error tradeoff (DET) curves, with every class, a band and a threshold.

    Takes the names and arguments of :class:`sklearn.metrics.DetCurveDisplay` (and
    ``curve_kwargs``, ``plot_chance_level``, ``despine`` of the other two); make it with
    :meth:`from_estimator` or :meth:`from_predictions`. Both axes are normal deviates
    (probit scale), as scikit-learn draws them. A 2-D ``y_score`` draws one curve per
    class, one-vs-rest; ``confidence_level`` adds a bootstrap band; ``threshold`` marks
    the point of ``y_score >= threshold``. The curves come from
    :func:`~metrics_sk.det_curve`.

    Parameters
    ----------
    fpr : ndarray or list of ndarray
        False positive rates (a list: one array per curve).
    fnr : ndarray or list of ndarray
        False negative rates.
    name : str or list of str, default=None
        Name of the curves in the legend.
    pos_label : int, float, bool or str, default=None
        The positive class, shown in the axis labels.
    estimator_name : str, default=None
        The spelling of ``name`` of scikit-learn's ``DetCurveDisplay``.
    classes : list, default=None
        The class of each curve of a one-vs-rest display (each its own legend entry and
        colour); None for one curve or the folds of a cross-validation.
    band : list of tuple of ndarray, default=None
        Per curve, ``(grid, low, high)``: the band's bounds of the false negative rate
        at the false positive rates ``grid``.
    operating_point : list of tuple of float, default=None
        Per curve, the ``(fpr, fnr)`` marked.

    Attributes
    ----------
    line_ : matplotlib Artist or list of matplotlib Artists
        The curves.
    chance_level_ : matplotlib Artist or None
        The chance level line.
    band_ : matplotlib Artist or list of matplotlib Artists or None
        The bootstrap bands.
    operating_point_ : matplotlib Artist or list of matplotlib Artists or None
        The marked points.
    ax_ : matplotlib Axes
        The axes.
    figure_ : matplotlib Figure
        The figure.

    See Also
    --------
    sklearn.metrics.DetCurveDisplay : The display of scikit-learn.
    metrics_sk.det_curve : The points of the curve.

    Notes
    -----
    The curve is :math:`(\\Phi^{-1}(FPR(t)), \\Phi^{-1}(FNR(t)))`, rates clipped to
    :math:`[\\epsilon, 1 - \\epsilon]`; chance is the line :math:`FNR = 1 - FPR`.

    References
    ----------
    .. [1] A. Martin et al., "The DET curve in assessment of detection task
       performance", Eurospeech 1997.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from metrics_sk import DetCurveDisplay
    >>> display = DetCurveDisplay.from_predictions([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> display.fpr.tolist(), display.fnr.tolist()
    ([0.5, 0.5, 0.0], [0.0, 0.5, 0.5])
    """

    _x, _y, _summary_name, _metric = "fpr", "fnr", None, None
    _required, _optional = ("fpr", "fnr"), ()
    _xlabel, _ylabel = "False Positive Rate", "False Negative Rate"
    _grid = norm.cdf(np.linspace(-3.0, 3.0, 121))
    _chance_xy = ((-3, 3), (3, -3))
    _spine_bounds = (-3, 3)

    def __init__(self, *, fpr, fnr, name=None, pos_label=None, estimator_name=None,
                 classes=None, band=None, operating_point=None):
        self.fpr, self.fnr = fpr, fnr
        self.name = estimator_name if name is None else name
        self.pos_label, self.classes = pos_label, classes
        self.band, self.operating_point = band, operating_point

    @property
    def estimator_name(self):
        """The name of the curves, under the attribute name of scikit-learn's display."""
        return self.name

    @staticmethod
    def _compute(y_true, score, weights, drop_intermediate, pos_label=1):
        fpr, fnr, _ = det_curve(y_true, score, pos_label=pos_label, sample_weight=weights,
                                drop_intermediate=drop_intermediate)
        return fpr, fnr

    @staticmethod
    def _rates(tn, fp, fn, tp):
        return fp / (fp + tn), fn / (fn + tp)

    @staticmethod
    def _on_grid(x, y, grid):
        """The line drawn read at the grid: the curve's points run from the largest false
        positive rate (where the false negative rate reaches 0) down; beyond its end
        every positive is found, a false negative rate of 0."""
        return np.interp(grid, x[::-1], y[::-1], right=0.0)

    @staticmethod
    def _to_axes(x, y):
        eps = np.finfo(np.float64).eps
        return (norm.ppf(np.clip(np.asarray(x, dtype=np.float64), eps, 1 - eps)),
                norm.ppf(np.clip(np.asarray(y, dtype=np.float64), eps, 1 - eps)))

    @classmethod
    def _make(cls, x, y, summary, prevalence, **kwargs):
        return cls(fpr=x, fnr=y, **kwargs)

    def _set_axes(self, ax):
        ticks = [0.001, 0.01, 0.05, 0.20, 0.5, 0.80, 0.95, 0.99, 0.999]
        where = norm.ppf(ticks)
        names = ["{:.0%}".format(s) if (100 * s).is_integer() else "{:.1%}".format(s)
                 for s in ticks]
        ax.set_xticks(where, names)
        ax.set_yticks(where, names)
        ax.set(xlim=(-3, 3), ylim=(-3, 3))

    @classmethod
    @_documented(_DET_DOCS[0])
    def from_predictions(cls, y_true, y_score=None, *, sample_weight=None,
                         drop_intermediate=True, pos_label=None, name=None, ax=None,
                         curve_kwargs=None,
                         plot_chance_level=False, chance_level_kw=None, despine=False,
                         labels=None, confidence_level=None, n_resamples=200,
                         random_state=None, threshold=None, y_pred="deprecated",
                         **kwargs):
        y_score = _y_score(y_score, y_pred)
        display = cls._build(y_true, y_score, sample_weight=sample_weight,
                             drop_intermediate=drop_intermediate, pos_label=pos_label,
                             name=name, labels=labels, confidence_level=confidence_level,
                             n_resamples=n_resamples, random_state=random_state,
                             threshold=threshold)
        return display.plot(ax=ax, curve_kwargs=curve_kwargs,
                            plot_chance_level=plot_chance_level,
                            chance_level_kw=chance_level_kw, despine=despine, **kwargs)

    @classmethod
    @_documented(_DET_DOCS[1])
    def from_estimator(cls, estimator, X, y, *, sample_weight=None, drop_intermediate=True,
                       response_method="auto", pos_label=None, name=None, ax=None,
                       curve_kwargs=None, plot_chance_level=False, chance_level_kw=None,
                       despine=False, confidence_level=None, n_resamples=200,
                       random_state=None, threshold=None, **kwargs):
        y_score, pos_label, labels = _estimator_scores(estimator, X, response_method,
                                                       pos_label)
        return cls.from_predictions(
            y, y_score, sample_weight=sample_weight, drop_intermediate=drop_intermediate,
            pos_label=pos_label, name=type(estimator).__name__ if name is None else name,
            ax=ax, curve_kwargs=curve_kwargs, plot_chance_level=plot_chance_level,
            chance_level_kw=chance_level_kw, despine=despine, labels=labels,
            confidence_level=confidence_level, n_resamples=n_resamples,
            random_state=random_state, threshold=threshold, **kwargs)

    @_documented(_DET_DOCS[2])
    def plot(self, ax=None, *, name=None, curve_kwargs=None, plot_chance_level=False,
             chance_level_kw=None, despine=False, **kwargs):
        return self._draw(ax, name, curve_kwargs, plot_chance_level, chance_level_kw,
                          despine, kwargs)
