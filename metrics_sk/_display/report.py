"""The quality report: every metric of one :class:`~metrics_sk.Confusion` in one tidy table.

:func:`quality_report` builds **one** confusion (with ``groups=``, the confusions of all the
groups in the same pass) and calls the metric methods the report's layout names: the
layout below is data, and each of its values is a metric of the registry
(:data:`metrics_sk._registry.METRICS`) called with arguments, so every number equals that
metric function's. :class:`QualityReport` holds the numbers as **one long table** with
the columns ``section, row, metric, value, low, high``; the text, Markdown, HTML, JSON,
dict and DataFrame forms (and the command line's CSV) are projections of it. An interval
is two columns of the same row, ``low`` and ``high`` (NaN where there is none).

Extension point for confidence intervals: :func:`count_values` returns every count
metric of the report from one confusion, as nested dicts of numbers and per-class
arrays. A resampling method evaluates it on each resampled confusion (e.g.
``metrics_sk.confidence_intervals(confusion, count_values)``) and passes the
``(low, high)`` bounds, in the same layout, as ``QualityReport(confusion, values,
intervals=..., confidence_level=...)``; every output form then shows them.
"""

import functools
import html
import math
import textwrap

import numpy as np

from .._confusion import Confusion
from .._formulas import as_float
from .._validation import classifier_predictions
from .report_layout import (
    SECTIONS,
    _GROUP_COLUMNS,
    _check_layout,
    _check_report,
    _check_sections,
    _calls,
    _display,
    _evaluate,
    _quiet,
    _warn_undefined,
    count_values,
)
from .report_intervals import (
    _add_scores,
    _analytic_intervals,
    _group_values,
    _score_columns,
    _score_intervals,
)
from .report_table import (
    COLUMNS,
    _Table,
    _grids,
    _group_name,
    _inferred_sections,
    _python,
    dumps_json,
)
from .report_format import ReportFormatting, _aligned, _cut, _html_table, _md, _md_table, _printable


def quality_report(y_true, y_pred, *, y_score=None, labels=None, sample_weight=None,
                   groups=None, sections=None, beta=1.0, digits=4, zero_division="warn",
                   max_rows=30, from_logits=False, confidence_level=None, n_resamples=1000,
                   random_state=None, interval="bootstrap"):
    """Per-class, overall and per-group quality of a classifier, in one table.

    One :class:`~metrics_sk.Confusion` is built from ``y_true`` and ``y_pred`` (with
    ``groups``, the confusions of every group in the same pass); every number of the
    report is the return value of one of its metric methods, so each equals the
    metrics_sk function of the same name called with the same arguments.

    The report holds (``sections`` picks some):

    * ``"classes"``: per class, precision, recall, F-beta, specificity, balanced AUC
      (oneDAL's binary "AUC", ``(TPR + TNR) / 2`` one-vs-rest) and support, plus
      one-vs-all ROC AUC and PR AUC when ``y_score`` is given;
    * ``"averages"``: the micro, macro and weighted averages of those columns (the
      one-vs-all AUCs have macro and weighted averages);
    * ``"overall"``: accuracy, Matthews correlation and Cohen's kappa;
    * ``"onedal"``: oneDAL's multi-class block: average accuracy, error rate, micro and
      macro precision, recall and F-beta, with oneDAL's macro F-beta (of macro precision
      and macro recall) next to scikit-learn's (the mean of the per-class F-beta);
    * ``"scores"``, with ``y_score``: log loss, CatBoost's one-vs-all log loss, AUC Mu,
      the macro one-vs-all ROC AUC and PR AUC and, when ``y_score`` holds probabilities
      (not ``from_logits``), the Brier score, the calibration error (l1, 15 uniform bins,
      top-label) and a block with the CORP decomposition of the Brier score
      (:func:`~metrics_sk.score_decomposition`: miscalibration, discrimination and
      uncertainty; with more than two classes the mean of the one-vs-rest parts);
    * ``"groups"``, with ``groups``: macro F-beta, balanced accuracy, accuracy and
      support of each group, worst group first (a group's 0/0 ratios, common when a
      group lacks a class, take ``zero_division``'s value without a warning).

    Values that are equal by construction are printed once: with single-label data
    whose labels are all among the classes, micro precision, recall and F-beta are
    accuracy, and the rendered forms say so instead of repeating the number.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,)
        True and predicted labels (any sortable type).
    y_score : array-like of shape (n_samples, n_classes) or (n_samples,), default=None
        Predicted probabilities (rows sum to 1, e.g. ``predict_proba``), or raw scores
        with ``from_logits=True``: one column per class, in the order of the report's
        classes (the sorted labels of ``y_true`` and ``y_pred``, or ``labels``; pass
        ``labels`` when the model knows classes that occur in neither). A DataFrame
        whose columns are named by the classes is read by name, in any order (every
        score metric reads the same columns); names that are partly classes are a
        ValueError. With two classes, a 1-D array is the score of the greater class
        (as scikit-learn's ``roc_auc_score`` takes it): its probability, or its
        log-odds with ``from_logits=True``; with more, a ValueError. Adds the score
        metrics.
    labels : array-like of shape (n_classes,), default=None
        The classes and their order; by default the sorted labels of ``y_true`` and
        ``y_pred``.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative sample weights.
    groups : array-like of shape (n_samples,), DataFrame or dict, default=None
        The group of each sample (a slice, segment or sensitive group), or several group
        columns, crossed (as ``Confusion.from_predictions(groups=...)``). Adds the
        per-group table; see :meth:`QualityReport.plot_groups` for its chart. Needs
        pandas.
    sections : list of str, default=None
        The parts of the report to compute and show, among ``'classes'``,
        ``'averages'``, ``'overall'``, ``'onedal'``, ``'scores'`` and ``'groups'``;
        None for all (scores need ``y_score``, groups ``groups``).
    beta : float, default=1.0
        The beta of every F-score (F1 for 1).
    digits : int, default=4
        Decimals shown by the text, Markdown and HTML forms (the dict, JSON and
        DataFrame forms keep full precision).
    zero_division : {'warn', 0.0, 1.0, np.nan}, default='warn'
        Value of a 0/0 ratio ('warn': 0.0 and one ``UndefinedMetricWarning`` naming the
        values and classes concerned; the warnings filters are never changed, so the
        report is safe to run from threads). ``np.nan`` shows undefined values as
        ``nan``, as oneDAL does.
    max_rows : int or None, default=30
        Most per-class (and per-group) rows in the text, Markdown and HTML forms. With
        more classes, the rows shown are the classes with the lowest F-score then the
        largest classes, each row marked with why it is shown, and a note says how many
        are left out; with more groups, the worst groups. ``None`` shows every row.
    from_logits : bool, default=False
        Whether ``y_score`` holds raw scores (logits, ``decision_function``) instead of
        probabilities; the log losses then apply softmax / sigmoid exactly.
    confidence_level : float, default=None
        With a level such as 0.95, every metric gets an interval, shown in brackets:
        see ``interval``.
    n_resamples : int, default=1000
        Bootstrap replicates for ``confidence_level``.
    random_state : None, int or numpy Generator, default=None
        Seed of the bootstrap replicates.
    interval : {'bootstrap', 'analytic'}, default='bootstrap'
        The intervals of ``confidence_level``. ``'bootstrap'``: percentile intervals;
        the count metrics resample the confusion cells
        (:func:`~metrics_sk.confidence_intervals`, all replicates at once), the score
        metrics resample the samples (:func:`~metrics_sk.bootstrap`'s per-sample
        bootstrap, only up to ``n_samples * n_resamples`` = 5,000,000; beyond, a note
        says they have none; without sample weights each replicate is its counts of
        the samples, used as integer weights on the rankings sorted once, the same
        draws and values as resampling; when it is estimated to take over 2 s a message
        on stderr says so, with progress), each group its own cells (weighted groups:
        analytic). ``'analytic'``: each count
        metric's :func:`~metrics_sk.analytic_interval` (Wilson, delta method, Fisher's z,
        kappa SE) and DeLong's for the ROC AUC of each class; the other score metrics
        have none, and a note says so. Supports get none.

    Returns
    -------
    report : QualityReport
        ``str(report)`` is the text table; see :class:`QualityReport` for the other forms.

    See Also
    --------
    QualityReport.from_confusion : The report of an existing confusion (streaming, Dask).
    metric_frame : Any count metric by group, with fairlearn's vocabulary.
    sklearn.metrics.classification_report : Scikit-learn's per-class precision / recall.

    Notes
    -----
    Micro precision, recall and F-beta all equal accuracy for single-label data whose
    labels are among the classes: each wrong prediction is one false positive (of the
    predicted class) and one false negative (of the true class), so
    :math:`\\sum_k FP_k = \\sum_k FN_k = n - \\sum_k TP_k`.
    oneDAL's macro F-beta is :math:`(1+\\beta^2) P_M R_M / (\\beta^2 P_M + R_M)`, with
    :math:`P_M, R_M` the macro precision and recall; scikit-learn's macro F-beta is the
    mean of the per-class F-beta. They can be far apart on skewed data.

    References
    ----------
    .. [1] Sokolova, M. and Lapalme, G. (2009). A systematic analysis of performance
       measures for classification tasks. Information Processing & Management 45(4).
    .. [2] oneDAL, "Quality Metrics for Multi-class Classification Algorithms".

    Examples
    --------
    >>> from metrics_sk import quality_report
    >>> report = quality_report([0, 0, 0, 0, 0, 1], [0, 1, 1, 1, 1, 1], digits=3)
    >>> print(report)
    Quality report: 6 samples, 2 classes
    <BLANKLINE>
           class  precision  recall      F1  specificity  bal. AUC  support
               0      1.000   0.200   0.333        1.000     0.600        5
               1      0.200   1.000   0.333        0.200     0.600        1
    <BLANKLINE>
       micro avg     = acc.  = acc.  = acc.        0.333     0.333        6
       macro avg      0.600   0.600   0.333        0.600     0.600        6
    weighted avg      0.867  = acc.   0.333        0.867     0.600        6
    <BLANKLINE>
    Overall
      accuracy                    0.333
      Matthews correlation (MCC)  0.200
      Cohen's kappa               0.077
    <BLANKLINE>
    oneDAL multi-class metrics
      average accuracy                          0.333
      error rate                                0.667
      micro precision                           = accuracy
      micro recall                              = accuracy
      micro F1                                  = accuracy
      macro precision                           0.600
      macro recall                              0.600
      macro F1, oneDAL: F1 of macro P and R     0.600
      macro F1, scikit-learn: mean of class F1  0.333
    <BLANKLINE>
    (= acc., = accuracy: micro precision, recall and F1 and weighted recall equal accuracy
    by construction (single-label data: each error is one false positive and one false
    negative).)
    >>> report.overall["macro_fscore"], round(report.overall["mean_class_fscore"], 4)
    (0.6, 0.3333)
    >>> print(quality_report([0, 0, 1, 1], [0, 1, 1, 1], sections=["overall"]))
    Quality report: 4 samples, 2 classes
    <BLANKLINE>
    Overall
      accuracy                    0.7500
      Matthews correlation (MCC)  0.5774
      Cohen's kappa               0.5000
    """
    _check_report({"beta": beta, "zero_division": zero_division, "digits": digits,
                   "max_rows": max_rows, "from_logits": from_logits,
                   "confidence_level": confidence_level, "n_resamples": n_resamples,
                   "interval": interval, "sections": sections})
    sections = tuple(s for s in _check_sections(sections)
                     if (s != "scores" or y_score is not None)
                     and (s != "groups" or groups is not None))
    beta = float(beta)
    samples = None if sample_weight is None else (y_true, y_pred, sample_weight)
    notes = []
    if groups is not None:
        grouped = Confusion.from_predictions(y_true, y_pred, labels=labels,
                                             sample_weight=sample_weight, groups=groups)
        confusion = grouped.overall
    else:
        confusion = Confusion.from_predictions(y_true, y_pred, labels=labels,
                                               sample_weight=sample_weight)
    if y_score is not None and {"classes", "averages", "scores"} & set(sections):
        # checked before any metric is computed (one column per class, named or not)
        y_score = _score_columns(y_score, confusion.labels, given=labels is not None)
    calls = _calls(beta, _quiet(zero_division), sections)
    values = _evaluate(confusion, calls)
    if zero_division == "warn":
        _warn_undefined(confusion, beta, sections)
    if "overall" in values:
        values["overall"] = {k: as_float(v) for k, v in values["overall"].items()}
    intervals = {}
    if confidence_level is not None and interval == "analytic":
        intervals = _analytic_intervals(confusion, calls, confidence_level, samples)
    elif confidence_level is not None:
        from .._inference.bootstrap import confidence_intervals

        resample = {} if samples is None else dict(zip(("y_true", "y_pred",
                                                        "sample_weight"), samples))
        intervals = confidence_intervals(
            confusion, functools.partial(_evaluate, calls=calls),
            n_resamples=n_resamples, confidence_level=confidence_level,
            random_state=random_state, **resample)
    if y_score is not None and {"classes", "averages", "scores"} & set(sections):
        score_args = (y_true, y_score, confusion.labels, sample_weight, from_logits)
        _add_scores(values, *score_args)
        if confidence_level is not None:
            notes.append(_score_intervals(intervals, interval, score_args,
                                          confidence_level, n_resamples, random_state))
    if "groups" in sections:
        values["groups"], group_intervals, note = _group_values(
            grouped, beta, zero_division, confidence_level, interval, n_resamples,
            random_state, sample_weight is not None and (y_true, y_pred, sample_weight,
                                                         groups))
        if group_intervals:
            intervals["groups"] = group_intervals
        if note:
            notes.append(note)
    return QualityReport(confusion, values, beta=beta, digits=digits, max_rows=max_rows,
                         weighted=sample_weight is not None, intervals=intervals,
                         confidence_level=confidence_level, sections=sections, notes=notes)


class QualityReport(ReportFormatting):
    """Per-class, overall and per-group metrics of one confusion, as one tidy table.

    Made by :func:`quality_report`. The numbers are one long table, :attr:`table`, with
    the columns ``section`` (``"class"``, ``"average"``, ``"overall"``, ``"scores"``,
    ``"decomposition"`` or ``"group"``), ``row`` (the class, the average, the group, or ``""``), ``metric``,
    ``value``, ``low`` and ``high`` (the interval; NaN without one). Every form is a
    projection of it: ``str()`` (aligned text, also IPython's plain-text display),
    :meth:`to_markdown`, :meth:`to_html` (Jupyter's display), :meth:`to_json`,
    :meth:`to_dict`, :meth:`to_frame` (pandas) and :meth:`to_csv`.

    Parameters
    ----------
    confusion : Confusion
        The counts the values come from.
    values : dict
        The numbers, laid out as :func:`count_values` returns them, with optional
        ``per_class["roc_auc"]``, ``per_class["pr_auc"]``, ``scores`` and ``groups``.
    beta : float, default=1.0
        The beta of the F-scores (for the column names).
    digits : int, default=4
        Decimals in the text, Markdown and HTML forms.
    max_rows : int or None, default=30
        Most per-class (and per-group) rows in the text, Markdown and HTML forms.
    weighted : bool, default=False
        Whether the counts are sample-weight sums (the header says "total weight").
    intervals : dict, default=None
        Confidence intervals ``(low, high)`` of the values, in the layout of ``values``
        (per-class entries as a pair of arrays). They become the ``low`` and ``high``
        columns of the table.
    confidence_level : float, default=None
        The confidence level of ``intervals``.
    sections : tuple of str, default=None
        The sections shown (see :func:`quality_report`); None: those ``values`` has.
    notes : list of str, default=None
        Notes printed under the tables (how the intervals were made).

    Attributes
    ----------
    table : dict of str to ndarray
        The long table: one array per column of ``("section", "row", "metric",
        "value", "low", "high")``.
    confusion : Confusion
        The counts.
    labels : ndarray
        The classes, in the order of the per-class arrays.
    per_class : dict of str to ndarray
        ``precision``, ``recall``, ``fscore``, ``specificity``, ``balanced_auc``,
        ``support`` (and ``roc_auc``, ``pr_auc`` with scores), one value per class.
    averages : dict of str to dict
        ``micro``, ``macro`` and ``weighted`` rows of the per-class metrics.
    overall : dict of str to float
        Accuracy, MCC, kappa and oneDAL's multi-class block.
    scores : dict of str to float or None
        Log loss, AUC Mu, macro one-vs-all ROC AUC and PR AUC and, of probabilities, the
        Brier score and the calibration error (None without scores).
    decomposition : dict of str to float or None
        The CORP decomposition of the Brier score: ``miscalibration``, ``discrimination``
        and ``uncertainty`` (None without probabilities).
    intervals : dict
        The intervals ``(low, high)`` of the table, in the layout of ``values``.

    See Also
    --------
    quality_report : Build the report from labels (and scores).

    Examples
    --------
    >>> from metrics_sk import quality_report
    >>> report = quality_report(["a", "b", "b", "c"], ["a", "b", "c", "c"])
    >>> report.per_class["recall"]
    array([1. , 0.5, 1. ])
    >>> sorted(report.to_dict()["averages"])
    ['macro', 'micro', 'weighted']
    >>> print(report.to_markdown().splitlines()[2])
    | class | precision | recall | F1 | specificity | bal. AUC | support |
    >>> print(report.to_csv().splitlines()[1])
    class,a,precision,1.0
    """

    def __init__(self, confusion, values, *, beta=1.0, digits=4, max_rows=30, weighted=False,
                 intervals=None, confidence_level=None, sections=None, notes=None):
        _check_layout({"beta": beta, "digits": digits, "max_rows": max_rows})
        self.confusion = confusion
        self.labels = confusion.labels
        self.beta, self.digits, self.max_rows = float(beta), int(digits), max_rows
        self.weighted = weighted
        self.confidence_level = confidence_level
        self.sections = _inferred_sections(values) if sections is None else tuple(sections)
        self.notes = list(notes or [])
        self._groups = values.get("groups")
        self._table = _Table(_grids(self.labels, values, intervals))

    @property
    def table(self):
        """The long table, ``{column: ndarray}``.

        The columns are ``section``, ``row``, ``metric``, ``value``, ``low`` and ``high``.
        """
        return self._table.columns

    @classmethod
    def from_confusion(cls, confusion, *, beta=1.0, digits=4, zero_division="warn",
                       max_rows=30):
        """Build the count-metric report of an existing :class:`~metrics_sk.Confusion`.

        Use it when the counts were accumulated batch by batch (``Confusion.update``),
        merged from partitions, or loaded from disk.

        Parameters
        ----------
        confusion : Confusion
            The counts.
        beta : float, default=1.0
            The beta of the F-scores.
        digits : int, default=4
            Decimals in the text, Markdown and HTML forms.
        zero_division : {'warn', 0.0, 1.0, np.nan}, default='warn'
            Value of a 0/0 (``'warn'``: 0.0 with one ``UndefinedMetricWarning``).
        max_rows : int or None, default=30
            Most per-class rows in the text, Markdown and HTML forms.

        Returns
        -------
        report : QualityReport
            The report (without score metrics).

        Examples
        --------
        >>> from metrics_sk import Confusion, QualityReport
        >>> c = Confusion.from_matrix([[5, 1], [2, 2]], labels=["ham", "spam"])
        >>> QualityReport.from_confusion(c).overall["accuracy"]
        0.7
        """
        _check_report({"beta": beta, "zero_division": zero_division})
        values = count_values(confusion, beta=beta, zero_division=_quiet(zero_division))
        if zero_division == "warn":
            _warn_undefined(confusion, beta, SECTIONS)
        return cls(confusion, values, beta=beta, digits=digits, max_rows=max_rows,
                   weighted=confusion.support.dtype.kind == "f")

    @classmethod
    def from_estimator(cls, estimator, X, y, **kwargs):
        """:func:`quality_report` of a fitted classifier's predictions on ``X``.

        Like scikit-learn's ``Display.from_estimator``: ``y_pred = estimator.predict(X)``
        and, when the estimator has ``predict_proba``, ``y_score`` its probabilities with
        ``labels=estimator.classes_`` (so the score metrics are in the report).

        Parameters
        ----------
        estimator : fitted classifier
            The classifier whose predictions are evaluated.
        X : array-like of shape (n_samples, n_features)
            The samples it predicts.
        y : array-like of shape (n_samples,)
            True labels.
        **kwargs
            Keywords of :func:`quality_report` (``sample_weight``, ``groups``...).

        Returns
        -------
        report : QualityReport
            The report of the estimator's predictions.

        Examples
        --------
        >>> from sklearn.datasets import load_iris
        >>> from sklearn.tree import DecisionTreeClassifier
        >>> from metrics_sk import QualityReport
        >>> X, y = load_iris(return_X_y=True)
        >>> tree = DecisionTreeClassifier(max_depth=2, random_state=0).fit(X, y)
        >>> report = QualityReport.from_estimator(tree, X, y)
        >>> report.overall["accuracy"], report.per_class["recall"].round(2).tolist()
        (0.96, [1.0, 0.98, 0.9])
        >>> round(report.scores["log_loss"], 4)  # from predict_proba
        0.1432
        """
        y_pred = classifier_predictions(estimator, X)
        if hasattr(estimator, "predict_proba") and "y_score" not in kwargs:
            kwargs = {"labels": estimator.classes_, **kwargs,
                      "y_score": estimator.predict_proba(X)}
        return quality_report(y, y_pred, **kwargs)

    # -- views of the table (the attributes of earlier versions) -----------------------
    @functools.cached_property
    def per_class(self):
        """Each per-class metric, one value per class (see the class docstring)."""
        metrics = self._table.sections.get("class", ([], []))[1]
        return {m: self._table.column("class", m) for m in metrics}

    @functools.cached_property
    def averages(self):
        """The ``micro``, ``macro`` and ``weighted`` rows of the per-class metrics."""
        rows = self._table.sections.get("average", ([],))[0]
        return {a: self._row_dict("average", a) for a in rows}

    @functools.cached_property
    def overall(self):
        """Accuracy, MCC, kappa and oneDAL's multi-class block."""
        return self._row_dict("overall", "")

    @functools.cached_property
    def scores(self):
        """The score metrics (None without ``y_score``)."""
        return self._row_dict("scores", "") if "scores" in self._table.sections else None

    @functools.cached_property
    def decomposition(self):
        """The CORP decomposition of the Brier score (None without probabilities)."""
        return (self._row_dict("decomposition", "") if "decomposition" in self._table.sections
                else None)

    @functools.cached_property
    def intervals(self):
        """The intervals of the table, in the layout of the values (``{}`` without)."""
        t = self._table
        if all(np.isnan(data["low"]).all() and np.isnan(data["high"]).all()
               for _, _, data, _ in t.sections.values()):
            return {}
        out = {}
        for section, key in (("class", "per_class"), ("group", "groups")):
            if section in t.sections:
                for m in t.sections[section][1]:
                    low, high = t.column(section, m, "low"), t.column(section, m, "high")
                    if not (np.isnan(low) & np.isnan(high)).all():
                        out.setdefault(key, {})[m] = (low, high)
        for a in t.sections.get("average", ([],))[0]:
            low, high = self._row_dict("average", a, "low"), self._row_dict("average", a,
                                                                           "high")
            pairs = {m: (low[m], high[m]) for m in low
                     if not (math.isnan(low[m]) and math.isnan(high[m]))}
            if pairs:
                out.setdefault("averages", {})[a] = pairs
        for section in ("overall", "scores"):
            low, high = self._row_dict(section, "", "low"), self._row_dict(section, "",
                                                                          "high")
            pairs = {m: (low[m], high[m]) for m in low
                     if not (math.isnan(low[m]) and math.isnan(high[m]))}
            if pairs:
                out[section] = pairs
        return out

    # -- data forms -----------------------------------------------------------------
    def to_dict(self):
        """All the numbers as nested dicts of Python scalars (full precision).

        Returns
        -------
        dict
            ``{"labels", "n_classes", "total", "beta", "per_class": {str(label): {...}},
            "averages": {"micro" | "macro" | "weighted": {...}}, "overall": {...}}``,
            plus ``"scores"`` with ``y_score``, ``"groups"`` (``{group: {...}}``, worst
            first) with ``groups`` and ``"intervals"`` (same layout, ``[low, high]``
            pairs) with confidence intervals. Undefined values are NaN.
        """
        out = {"labels": [_python(v) for v in self.labels.tolist()],
               "n_classes": int(self.labels.shape[0]),
               "total": _python(self.confusion.total), "beta": self.beta}
        per_class = self.per_class
        if per_class:
            out["per_class"] = {
                str(label): {m: self._scalar(m, per_class[m][i]) for m in per_class}
                for i, label in enumerate(self.labels.tolist())}
        if self.averages:
            out["averages"] = {a: {m: self._scalar(m, v) for m, v in row.items()}
                               for a, row in self.averages.items()}
        if "overall" in self._table.sections:
            out["overall"] = dict(self.overall)
        if self.scores is not None:
            out["scores"] = dict(self.scores)
        if self.decomposition is not None:
            out["decomposition"] = dict(self.decomposition)
        if self._groups:
            rows, metrics = self._table.sections["group"][:2]
            columns = {m: self._table.column("group", m) for m in metrics}
            out["groups"] = {_group_name(key): {m: self._scalar(m, columns[m][i])
                                                for m in metrics}
                             for i, key in enumerate(rows)}
        if self.intervals:
            out["confidence_level"] = self.confidence_level
            out["intervals"] = self._intervals_dict()
        return out

    def to_json(self, **kwargs):
        """The :meth:`to_dict` form as strict JSON (NaN becomes ``null``).

        Parameters
        ----------
        **kwargs
            Passed to :func:`json.dumps` (default ``indent=2``).

        Returns
        -------
        json : str
            The JSON text.
        """
        kwargs.setdefault("indent", 2)
        return dumps_json(self.to_dict(), **kwargs)

    def to_csv(self):
        """Return the long table as CSV, one line per number.

        The columns are ``section,row,metric,value``, and ``low,high`` with intervals.

        Returns
        -------
        csv : str
            The lines, with a header line.
        """
        import csv
        import io

        t = self.table
        columns = COLUMNS if self.intervals else COLUMNS[:4]
        sections = t["section"].tolist()
        rows = [_group_name(row) if section == "group" else row
                for section, row in zip(sections, t["row"].tolist())]
        values = t["value"].tolist()
        if not self.weighted:  # supports are counts: 12, not 12.0
            for i in np.flatnonzero((t["metric"] == "support")
                                    & (t["value"] == np.round(t["value"]))).tolist():
                values[i] = int(values[i])
        lines = [sections, rows, t["metric"].tolist(), values]
        if len(columns) > 4:
            lines += [[None if math.isnan(v) else v for v in t[c].tolist()]
                      for c in ("low", "high")]
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(columns)
        writer.writerows(zip(*lines))
        return out.getvalue()

    def to_frame(self, table="classes"):
        """The report as a pandas DataFrame (needs pandas).

        Parameters
        ----------
        table : {'classes', 'summary', 'groups', 'tidy'}, default='classes'
            ``'classes'``: one row per class then the ``micro avg``, ``macro avg`` and
            ``weighted avg`` rows, one column per metric (all classes, whatever
            ``max_rows``). ``'summary'``: one row per overall and score metric, with a
            ``value`` column. ``'groups'``: one row per group (worst first), one column
            per metric, and ``<metric> low`` / ``<metric> high`` columns with intervals.
            ``'tidy'``: the long table itself.

        Returns
        -------
        pandas.DataFrame
            The table asked for.
        """
        import pandas as pd

        if table == "tidy":
            return pd.DataFrame({c: self.table[c] for c in COLUMNS})
        if table == "classes":
            columns = list(self.per_class)
            frame = pd.DataFrame({m: self.per_class[m] for m in columns},
                                 index=pd.Index(self.labels, name="class"))
            averages = pd.DataFrame(
                [[row.get(m, np.nan) for m in columns] for row in self.averages.values()],
                index=[f"{a} avg" for a in self.averages], columns=columns)
            return pd.concat([frame, averages]).rename_axis("class")
        if table == "summary":
            values = dict(self.overall)
            values.update(self.scores or {})
            return pd.DataFrame({"value": list(values.values())},
                                index=pd.Index(list(values), name="metric"))
        if table == "groups":
            rows, metrics = self._table.sections.get("group", ([], []))[:2]
            data = {m: self._table.column("group", m) for m in metrics}
            for m in metrics if "groups" in self.intervals else ():
                if m in self.intervals["groups"]:
                    data[f"{m} low"], data[f"{m} high"] = self.intervals["groups"][m]
            names = (self._groups or {}).get("names") or ["group"]
            index = (pd.MultiIndex.from_tuples(rows, names=names) if len(names) > 1
                     else pd.Index(rows, name=names[0]))
            return pd.DataFrame(data, index=index)
        raise ValueError(f"table must be 'classes', 'summary', 'groups' or 'tidy', got "
                         f"{table!r}.")

    def to_text(self, max_rows=None, *, width=24):
        """Render the report as an aligned plain-text table (what ``str()`` returns).

        Parameters
        ----------
        max_rows : int or None, default=None
            Most per-class rows; None uses the report's ``max_rows``.
        width : int, default=24
            Class names longer than this are cut, with ``...``.

        Returns
        -------
        text : str
            The tables.
        """
        def table(header, rows, averages):
            rows = [[_cut(_printable(r[0]), width)] + r[1:] for r in rows]
            return _aligned([header] + rows + averages, blank_before=len(rows) + 1)

        def groups(name, header, rows):
            rows = [[_cut(_printable(r[0]), width)] + r[1:] for r in rows]
            return ["", name] + _aligned([header] + rows)

        return "\n".join(self._render(
            max_rows, title=lambda text: [text, ""],
            note=lambda text: textwrap.wrap(f"({text})", 88),
            footnote=lambda text: [""] + textwrap.wrap(f"({text})", 88), table=table,
            summary=lambda name, rows: ["", name] + ["  " + line for line in
                                                     _aligned(rows, left_first=True)],
            groups=groups)).replace("\n\n\n", "\n\n").lstrip("\n")

    def __str__(self):
        return self.to_text()

    def __repr__(self):
        accuracy = self.overall.get("accuracy")
        shown = "" if accuracy is None else f", accuracy {accuracy:.{self.digits}f}"
        scores = ", with scores" if self.scores is not None else ""
        groups = f", {len(self._groups['keys'])} groups" if self._groups else ""
        return f"<QualityReport: {self.labels.shape[0]} classes{shown}{scores}{groups}>"

    def _repr_pretty_(self, printer, cycle):
        """IPython's plain-text display (a terminal IPython): the text table."""
        printer.text(self.to_text())

    def to_markdown(self, max_rows=None):
        """Render the report as GitHub-flavoured Markdown tables.

        Parameters
        ----------
        max_rows : int or None, default=None
            Most per-class rows; None uses the report's ``max_rows``.

        Returns
        -------
        markdown : str
            The tables.
        """
        def emphasis(text):
            return ["", f"*{_md(text)}*"]

        return "\n".join(self._render(
            max_rows, title=lambda text: [f"**{text}**", ""], note=emphasis,
            footnote=emphasis,
            table=lambda header, rows, averages: _md_table(
                header, rows + [[f"**{r[0]}**"] + r[1:] for r in averages]),
            summary=lambda name, rows: [""] + _md_table([name, "value"], rows),
            groups=lambda name, header, rows: ["", f"**{_md(name)}**", ""]
            + _md_table(header, rows))) + "\n"

    def _repr_html_(self):
        return self.to_html()

    def to_html(self, max_rows=None):
        """Render the report as an HTML fragment (what Jupyter shows).

        Parameters
        ----------
        max_rows : int or None, default=None
            Most per-class rows; None uses the report's ``max_rows``.

        Returns
        -------
        html : str
            The fragment.
        """
        esc = html.escape

        def emphasis(text):
            return [f"<p><em>{esc(text)}</em></p>"]

        return "\n".join(['<div class="metrics-sk-report">'] + self._render(
            max_rows, title=lambda text: [f"<p><strong>{esc(text)}</strong></p>"],
            note=emphasis, footnote=emphasis,
            table=lambda header, rows, averages: [_html_table(header, rows, averages)],
            summary=lambda name, rows: [_html_table([name, "value"], rows, [])],
            groups=lambda name, header, rows: [f"<p><strong>{esc(name)}</strong></p>",
                                               _html_table(header, rows, [])])
            + ["</div>"])

    def plot_groups(self, *, metrics=None, max_groups=30, ax=None):
        """Plot each group's metrics with their intervals, worst group on top.

        Needs matplotlib. A dot chart: one panel per metric, one row per group (the report's order: the
        lowest macro F first), the value as a dot and the confidence interval (with
        ``confidence_level``) as a bar; a dashed line marks the value on all the samples.

        Parameters
        ----------
        metrics : list of str, default=None
            The metrics to plot, among ``'mean_class_fscore'``, ``'balanced_accuracy'``
            and ``'accuracy'``; None for all three.
        max_groups : int or None, default=30
            Most groups plotted (the worst); None for all.
        ax : array of matplotlib Axes, default=None
            One Axes per metric; None makes a new figure.

        Returns
        -------
        figure : matplotlib.figure.Figure
            The figure of the chart.

        See Also
        --------
        quality_report : With ``groups=``, the report this plots.

        Examples
        --------
        >>> import matplotlib
        >>> matplotlib.use("Agg")
        >>> from metrics_sk import quality_report
        >>> report = quality_report([0, 1, 1, 0, 1, 0], [0, 1, 0, 0, 1, 1],
        ...                         groups=["a", "a", "a", "b", "b", "b"])
        >>> fig = report.plot_groups()
        >>> [ax.get_title() for ax in fig.axes]
        ['macro F1', 'balanced accuracy', 'accuracy']
        """
        from .plot import plot_groups

        if not self._groups:
            raise ValueError("the report has no groups: pass groups= to quality_report.")
        rows, names = self._table.sections["group"][:2]
        names = [m for m in names if m != "support"]
        metrics = names if metrics is None else list(metrics)
        unknown = [m for m in metrics if m not in names]
        if unknown:
            raise ValueError(f"metrics must be some of {names}, got {unknown}.")
        column = functools.partial(self._table.column, "group")
        overall = self._groups.get("overall", {})
        return plot_groups(
            [_group_name(r) for r in rows],
            [_display(self.beta, *_GROUP_COLUMNS[m], short=True) for m in metrics],
            np.column_stack([column(m) for m in metrics]),
            np.column_stack([column(m, "low") for m in metrics]),
            np.column_stack([column(m, "high") for m in metrics]),
            reference=[overall.get(m) for m in metrics], max_groups=max_groups, ax=ax,
            title=(", ".join(map(str, self._groups.get("names") or [])) or "group"))
