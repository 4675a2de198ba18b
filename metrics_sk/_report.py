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
import inspect
import json
import math
import re
import textwrap
import warnings
from numbers import Integral, Real

import numpy as np

from ._confusion import Confusion
from . import _formulas as _counts
from ._formulas import as_float as _as_float, reduce_average as _reduce
from ._losses import encode_targets
from ._params import PARAMETERS, Checker
from ._registry import METRICS
from ._sklearn_compat import Interval, StrOptions, UndefinedMetricWarning
from ._validation import classifier_predictions

#: The parts of a report, in order; ``quality_report(sections=...)`` picks some.
SECTIONS = ("classes", "averages", "overall", "onedal", "scores", "groups")
#: Per-class count metrics, in column order (``support`` comes last in every table).
CLASS_METRICS = ("precision", "recall", "fscore", "specificity", "balanced_auc")
#: Per-class score metrics (only with ``y_score``).
CLASS_SCORE_METRICS = ("roc_auc", "pr_auc")
AVERAGES = ("micro", "macro", "weighted")

# -- the layout: each value of the report is a registry metric called with arguments ------------
def _layout(section):
    """``{key: (registry metric, fixed arguments)}`` of a part of the report, in order: the
    registry's ``report`` rows of that section."""
    rows = sorted((position, key, name, kwargs) for name, m in METRICS.items()
                  for part, position, key, kwargs in m.report if part == section)
    return {key: (name, kwargs) for _, key, name, kwargs in rows}


#: Column of the class table -> registry metric (called with ``average=None`` per class and
#: each average for the average rows).
_CLASS_COLUMNS = {key: name for key, (name, _) in _layout("classes").items()}
_SCORE_COLUMNS = {key: name for key, (name, _) in _layout("class_scores").items()}
#: The averages a score column has (one-vs-all AUCs have no micro average).
_SCORE_AVERAGES = ("macro", "weighted")
#: Summary blocks: (section, title, {key: (registry metric, fixed arguments)}).
_OVERALL = _layout("overall")
_ONEDAL = _layout("onedal")
_SCORES = _layout("scores")
#: The per-group table (``groups=``): sorted by the first, worst first.
_GROUP_COLUMNS = _layout("groups")
_BLOCKS = (("overall", "Overall", _OVERALL),
           ("onedal", "oneDAL multi-class metrics", _ONEDAL),
           ("scores", "Score metrics (from y_score)", _SCORES))
#: Most samples x resamples of the score metrics' per-sample bootstrap in a report.
_SCORE_BOOTSTRAP_LIMIT = 5_000_000
#: Values equal to accuracy by construction when every sample's true and predicted labels
#: are among the report's classes: (section, row, metric) -> the text shown instead.
_SAME_AS_ACCURACY = {("average", "micro", m): "= acc." for m in ("precision", "recall",
                                                                 "fscore")}
_SAME_AS_ACCURACY.update({("overall", "", m): "= accuracy"
                          for m in ("micro_precision", "micro_recall", "micro_fscore")})
#: ... and so is the weighted recall when every class has true samples.
_WEIGHTED_RECALL = ("average", "weighted", "recall")


@functools.lru_cache(maxsize=None)
def _takes(name):
    """The keyword parameters of the registry metric ``name``."""
    return frozenset(inspect.signature(METRICS[name].function).parameters)


def _call(name, fixed, beta, zero_division, **more):
    """``(name, kwargs)``: the metric with its fixed arguments and the report's ``beta``
    and ``zero_division`` where it takes them."""
    takes = _takes(name)
    kwargs = {**({"beta": beta} if "beta" in takes else {}),
              **({"zero_division": zero_division} if "zero_division" in takes else {}),
              **fixed, **more}
    return name, kwargs


def _display(beta, metric, kwargs=None, *, short=False):
    """The name shown for registry ``metric`` called with ``kwargs``: the first of its
    ``labels`` whose arguments the call has, else its display name; ``short`` (the group
    table): the display name after the call's ``average``. ``{F}`` and a final ``F`` or
    ``F-beta`` are the report's F-beta (F1, F2...)."""
    m, kwargs = METRICS[metric], kwargs or {}
    if short:
        text = " ".join(filter(None, (kwargs.get("average"), m.display)))
    else:
        text = next((text for fixed, text in m.labels if fixed.items() <= kwargs.items()),
                    m.display)
    f = f"F{beta:g}"
    return re.sub(r"\bF(-beta)?$", f, text.replace("{F}", f))


def _calls(beta, zero_division, sections=SECTIONS):
    """The metric call ``(name, kwargs)`` behind each count value, in the layout of
    :func:`count_values` (support excluded: it is the confusion's)."""
    def columns(average):
        return {key: _call(name, {"average": average}, beta, zero_division)
                for key, name in _CLASS_COLUMNS.items()}

    out = {}
    if "classes" in sections:
        out["per_class"] = columns(None)
    if "averages" in sections:
        out["averages"] = {average: columns(average) for average in AVERAGES}
    overall = {}
    for section, _, block in _BLOCKS[:2]:
        if section in sections:
            overall.update({key: _call(name, fixed, beta, zero_division)
                            for key, (name, fixed) in block.items()})
    if overall:
        out["overall"] = overall
    return out


def _evaluate(confusion, calls):
    """The values of ``calls`` on ``confusion`` (or a batch of confusions), with the
    support of each class and average row."""
    if confusion.n_classes == 0:  # as every Confusion method
        raise ValueError(_counts.EMPTY)

    def run(call):  # the formula itself: the report checked its parameters once
        name, kwargs = call
        return METRICS[name].formula(confusion, **kwargs)

    out = {}
    if "per_class" in calls:
        out["per_class"] = {key: run(call) for key, call in calls["per_class"].items()}
        out["per_class"]["support"] = confusion.support
    if "averages" in calls:
        out["averages"] = {
            average: {**{key: run(call) for key, call in row.items()},
                      "support": confusion.support.sum(axis=-1)}
            for average, row in calls["averages"].items()}
    if "overall" in calls:
        out["overall"] = {key: run(call) for key, call in calls["overall"].items()}
    return out


def count_values(confusion, *, beta=1.0, zero_division="warn"):
    """Every count metric of the report, computed from one confusion.

    Parameters
    ----------
    confusion : Confusion
        The counts.
    beta : float, default=1.0
        The beta of the F-scores.
    zero_division : {'warn', 0.0, 1.0, np.nan}, default='warn'
        Value of a 0/0 ratio, as in :func:`~metrics_sk.precision_score`.

    Returns
    -------
    values : dict
        ``{"per_class": {metric: array}, "averages": {average: {metric: float}},
        "overall": {name: float}}``; ``per_class`` arrays follow ``confusion.labels``.
        Each value is the return value of the :class:`~metrics_sk.Confusion` method the
        report's layout names (a registry metric).
    """
    values = _evaluate(confusion, _calls(beta, zero_division))
    values["overall"] = {k: _as_float(v) for k, v in values["overall"].items()}
    return values


def score_values(y_true, y_score, *, labels, sample_weight=None, from_logits=False):
    """The score metrics of the report, each from its metrics_sk function.

    Returns ``(per_class, averages, scores)``: the per-class ``roc_auc`` and ``pr_auc``
    arrays (``average=None``) in the order of ``labels``, their ``macro`` and
    ``weighted`` averages, and ``{name: float}`` with ``log_loss``,
    ``one_vs_all_log_loss``, ``roc_auc_mu`` and the macro averages ``one_vs_all_roc_auc``
    and ``one_vs_all_pr_auc`` (classes where they are undefined left out, as the
    functions' ``average="macro"`` does).
    """
    kw = {"labels": labels, "sample_weight": sample_weight}
    per_class = {key: METRICS[name].function(y_true, y_score, average=None, **kw)
                 for key, name in _SCORE_COLUMNS.items()}
    # the averages of the per-class values, as the functions' average= makes them (each
    # function called once: its warning about an undefined class given once)
    _, codes = encode_targets(y_true, labels)
    support = np.bincount(codes, minlength=len(labels), weights=None if sample_weight is None
                          else np.asarray(sample_weight, dtype=np.float64))
    averages = {average: {key: _reduce(v, average, support) for key, v in per_class.items()}
                for average in _SCORE_AVERAGES}
    # log_loss, like scikit-learn's, reads the columns in sorted label order; the report's
    # columns follow ``labels``, which may be in any order. (A 1-D score, of the greater
    # class of a binary target, is every function's own: it has no columns to reorder.)
    order = np.argsort(np.asarray(labels), kind="stable")
    sorted_kw = {"labels": np.asarray(labels)[order], "sample_weight": sample_weight}
    scores = {}
    for key, (name, fixed) in _SCORES.items():
        if key.startswith("one_vs_all_") and "average" in fixed:
            scores[key] = averages["macro"][key[len("one_vs_all_"):]]
        elif name == "log_loss":
            columns = y_score if np.ndim(y_score) == 1 else np.asarray(y_score)[:, order]
            scores[key] = METRICS[name].function(y_true, columns,
                                                 from_logits=from_logits, **sorted_kw)
        else:
            extra = {"from_logits": from_logits} if "from_logits" in _takes(name) else {}
            scores[key] = METRICS[name].function(y_true, y_score, **kw, **extra)
    return per_class, averages, {k: float(v) for k, v in scores.items()}


def _quiet(zero_division):
    """The ``zero_division`` of the report's metric calls: ``'warn'`` is 0.0 with a
    warning, which the report gives once itself (:func:`_warn_undefined`) instead of
    catching each metric's: ``warnings.catch_warnings`` changes the process's global
    filters, a race between threads (it left ``"always"`` in the user's filters)."""
    return 0.0 if zero_division == "warn" else zero_division


def _warn_undefined(confusion, beta, sections, stacklevel=3):
    """One UndefinedMetricWarning naming the report's count values that are 0/0 and set
    to 0.0 by ``zero_division='warn'``: those the metrics themselves make NaN with
    ``zero_division=np.nan`` (and not with 0.0). Per-class columns name their classes."""
    if not {"classes", "averages", "onedal"} & set(sections):
        return
    shown = tuple(sections) + ("classes",)

    def values(zero_division):  # of the calls that take zero_division
        calls = _calls(beta, zero_division, shown)
        if "overall" in calls:
            calls["overall"] = {key: call for key, call in calls["overall"].items()
                                if "zero_division" in call[1]}
        return _evaluate(confusion, calls)

    undefined, defined = values(np.nan), values(0.0)
    columns = (_CLASS_COLUMNS if {"classes", "averages"} & set(sections)
               else ("precision", "recall"))
    labels = confusion.labels
    parts = []
    for key in columns:
        where = np.isnan(undefined["per_class"][key]) & ~np.isnan(defined["per_class"][key])
        if where.any():
            named = labels[where].tolist()
            parts.append(f"{_display(beta, _CLASS_COLUMNS[key])} of class"
                         f"{'es' if len(named) > 1 else ''} "
                         + ", ".join(map(str, named[:10])) + (", ..." if len(named) > 10
                                                              else ""))
    rows = [(f"{average} avg {_display(beta, _CLASS_COLUMNS[key])}", v,
             defined["averages"][average][key])
            for average, row in undefined.get("averages", {}).items()
            for key, v in row.items() if key in _CLASS_COLUMNS]
    rows += [(_display(beta, *_ONEDAL[key]), v, defined["overall"][key])
             for key, v in undefined.get("overall", {}).items() if key in _ONEDAL]
    parts += [name for name, v, d in rows if np.isnan(v) and not np.isnan(d)]
    if parts:
        warnings.warn(f"Values ill-defined (0/0) and set to 0.0: {'; '.join(parts)}. Use "
                      "`zero_division` parameter to control this behavior.",
                      UndefinedMetricWarning, stacklevel=stacklevel)


# -- parameters: constraints as data, checked once ------------------------------------------
_ROWS = [Interval(Integral, 1, None, closed="left"), None]
_DIGITS = [Interval(Integral, 0, None, closed="left")]
_check_report = Checker("quality_report", {
    "beta": PARAMETERS["beta"], "zero_division": PARAMETERS["zero_division"],
    "digits": _DIGITS, "max_rows": _ROWS, "from_logits": ["boolean"],
    "confidence_level": [Interval(Real, 0, 1, closed="neither"), None],
    "n_resamples": [Interval(Integral, 2, None, closed="left")],
    "interval": [StrOptions({"bootstrap", "analytic"})],
    "sections": [list, tuple, set, str, None]})
_check_layout = Checker("QualityReport", {"beta": PARAMETERS["beta"], "digits": _DIGITS,
                                          "max_rows": _ROWS})
_check_render = Checker("QualityReport", {"max_rows": _ROWS})


def _check_sections(sections):
    """The sections asked for, in report order (a ValueError names an unknown one)."""
    if sections is None:
        return SECTIONS
    asked = {sections} if isinstance(sections, str) else set(sections)
    unknown = sorted(map(str, asked - set(SECTIONS)))
    if unknown:
        raise ValueError(f"sections must be some of {SECTIONS}, got {unknown}.")
    return tuple(s for s in SECTIONS if s in asked)


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
    * ``"scores"``, with ``y_score``: log loss, CatBoost's one-vs-all log loss, AUC Mu
      and the macro one-vs-all ROC AUC and PR AUC;
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
    calls = _calls(beta, _quiet(zero_division), sections)
    values = _evaluate(confusion, calls)
    if zero_division == "warn":
        _warn_undefined(confusion, beta, sections)
    if "overall" in values:
        values["overall"] = {k: _as_float(v) for k, v in values["overall"].items()}
    intervals = {}
    if confidence_level is not None and interval == "analytic":
        intervals = _analytic_intervals(confusion, calls, confidence_level, samples)
    elif confidence_level is not None:
        from ._bootstrap import confidence_intervals

        resample = {} if samples is None else dict(zip(("y_true", "y_pred",
                                                        "sample_weight"), samples))
        intervals = confidence_intervals(
            confusion, functools.partial(_evaluate, calls=calls),
            n_resamples=n_resamples, confidence_level=confidence_level,
            random_state=random_state, **resample)
    if y_score is not None and {"classes", "averages", "scores"} & set(sections):
        y_score = _score_columns(y_score, confusion.labels)
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


def _score_columns(y_score, labels):
    """``y_score`` with its columns in the order of ``labels``, read once for every score
    metric of the report: by name when the columns of a DataFrame are named by the
    classes, by position when they are not (an array, the default 0..k-1 column names, or
    names none of which is a class); a ValueError naming ``y_score`` when some names are
    classes and others are not, or a class has no column."""
    from ._losses import _named_columns

    names = getattr(y_score, "columns", None)
    if names is None or list(names) == list(range(len(names))):
        return y_score  # positions (the metrics validate the array)
    names = list(names)
    classes = labels.tolist()
    try:
        known = [name in set(classes) for name in names]
    except TypeError:  # unhashable names: not class names
        known = [False]
    if not any(known):
        return y_score
    if len(names) != len(classes) or not all(known) or len(set(names)) != len(names):
        raise ValueError(
            f"y_score's columns are named {names[:10]} but the classes are {classes[:10]}: "
            "name one column per class (they are read by name), or pass an array whose "
            "columns follow the classes.")
    order = _named_columns(y_score, labels)
    scores = np.asarray(y_score)
    return scores if order is None else scores[:, order]


def _add_scores(values, y_true, y_score, labels, sample_weight, from_logits):
    """Put the score metrics into ``values`` (the class columns, average rows, section)."""
    per_class, averages, scores = score_values(y_true, y_score, labels=labels,
                                               sample_weight=sample_weight,
                                               from_logits=from_logits)
    if "per_class" in values:
        values["per_class"].update(per_class)
    if "averages" in values:
        for average, row in averages.items():
            values["averages"][average].update(row)
    values["scores"] = scores


def _score_intervals(intervals, interval, score_args, confidence_level, n_resamples,
                     random_state):
    """Add the score metrics' intervals to ``intervals``; returns the note that says how
    they were made (or that some have none)."""
    y_true, y_score, labels, sample_weight, from_logits = score_args
    if interval == "analytic":
        from ._intervals import analytic_interval

        kw = {"labels": labels, "sample_weight": sample_weight,
              "confidence_level": confidence_level}
        found = analytic_interval("one_vs_all_roc_auc_score", y_true, y_score, average=None,
                                  **kw).confidence_interval
        intervals.setdefault("per_class", {})["roc_auc"] = found
        return ("ROC AUC of each class: DeLong's interval; the AUC averages, log loss, AUC "
                "Mu and PR AUC have no analytic interval (the bootstrap gives them one).")
    n = np.shape(y_score)[0]
    if n * n_resamples > _SCORE_BOOTSTRAP_LIMIT:
        return (f"score metrics: no interval: their bootstrap resamples the samples, "
                f"{n_resamples} x {n} evaluations here (interval='analytic' gives ROC AUC "
                "DeLong's interval; bootstrap(metric, y_true, y_score) one metric's).")
    from ._bootstrap import _flatten, _index_bootstrap, _results, _rng

    def statistic(t, s, sample_weight=None):
        return score_values(t, s, labels=labels, sample_weight=sample_weight,
                            from_logits=from_logits)

    leaves = []
    rebuild = _flatten(statistic(y_true, y_score, sample_weight), leaves)
    rng = _rng(random_state)
    replicates = None if sample_weight is not None else _SortedScores.of(
        y_true, y_score, labels, from_logits)
    if replicates is None:  # (sample weights: the per-sample bootstrap, with progress)
        with _Progress(n_resamples, n) as progress:
            results = _index_bootstrap(progress.wrap(statistic), y_true, y_score,
                                       sample_weight, {}, n_resamples, confidence_level,
                                       "percentile", rng)
    else:
        with _Progress(n_resamples, n) as progress:
            dists = replicates.distributions(statistic, n_resamples, rng, len(leaves),
                                             progress)
        results = _results(leaves, dists, None, None, confidence_level, "percentile")
    per_class, averages, scores = rebuild([r.confidence_interval for r in results])
    intervals.setdefault("per_class", {}).update(per_class)
    for average, row in averages.items():
        intervals.setdefault("averages", {}).setdefault(average, {}).update(row)
    intervals["scores"] = scores
    undefined = any(np.isnan(r.confidence_interval.low).any() for r in results)
    return (f"score metrics: bootstrap of the samples ({n_resamples} resamples)"
            + ("; nan where some resample leaves the metric undefined." if undefined
               else "."))


class _Progress:
    """A message on stderr when the per-sample bootstrap of the score metrics is slow:
    after the first evaluations, if the estimate is over 2 s, its expected duration, then
    one line per tenth of the replicates (plain ``sys.stderr`` lines, no dependency)."""

    SECONDS = 2.0

    def __init__(self, n_resamples, n):
        self.total, self.n, self.calls, self.shown = n_resamples + 1, n, 0, False
        self.tenth = max(1, self.total // 10)

    def __enter__(self):
        import time

        self.clock, self.start = time.perf_counter, time.perf_counter()
        return self

    def __exit__(self, *exc):
        if self.shown and exc[0] is None:
            self._write(f"done in {self.clock() - self.start:.1f} s.")

    def _write(self, text):
        import sys

        sys.stderr.write(f"quality_report: score bootstrap: {text}\n")
        sys.stderr.flush()

    def step(self, done=1):
        """``done`` more evaluations made."""
        before, self.calls = self.calls, self.calls + done
        elapsed = self.clock() - self.start
        if not self.shown and before < 3 <= self.calls:
            estimate = elapsed / self.calls * self.total
            if estimate > self.SECONDS:
                self.shown = True
                self._write(f"{self.total - 1} resamples of {self.n} samples, about "
                            f"{estimate:.0f} s (interval='analytic' is faster).")
        elif self.shown and self.calls // self.tenth > before // self.tenth:
            self._write(f"{min(self.calls, self.total - 1)}/{self.total - 1} resamples, "
                        f"{elapsed:.1f} s.")

    def wrap(self, statistic):
        def counted(*args, **kwargs):
            out = statistic(*args, **kwargs)
            self.step()
            return out
        return counted


class _SortedScores:
    """The score metrics of :func:`score_values` on bootstrap replicates, without
    resampling: a replicate is the vector of multinomial counts of the samples (drawn as
    the per-sample bootstrap draws its indices, the same draws), used as integer weights
    on rankings sorted once (:class:`metrics_sk._auc.SortedRanking`) and on per-sample
    losses computed once. A replicate that misses a class of the data is evaluated on its
    resampled rows instead (the functions then decide as on those samples), and the first
    replicate is checked against that too."""

    def __init__(self, y_true, y_score, codes, rankings, mu, losses, n_classes):
        self.y_true, self.y_score, self.n = y_true, y_score, codes.shape[0]
        self.codes, self.rankings, self.mu = codes, rankings, mu
        self.losses, self.n_classes = losses, n_classes
        self.present = np.bincount(codes, minlength=n_classes) > 0

    @classmethod
    def of(cls, y_true, y_score, labels, from_logits):
        """The sorted inputs of unweighted scores, or None where the functions' encoded
        inputs are not available (then the per-sample bootstrap is used)."""
        from . import _auc
        from ._losses import log_losses, one_vs_all_losses
        from ._scores import encoded_inputs

        def encoded(name, scores, **kwargs):
            return encoded_inputs(METRICS[name].function, y_true, scores, None, kwargs)

        scores = np.asarray(y_score)
        if scores.ndim != 2:
            return None
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # (said by the values on all the samples)
            order = np.argsort(np.asarray(labels), kind="stable")
            found = [encoded("one_vs_all_roc_auc_score", y_score, labels=labels, average=None),
                     encoded("roc_auc_mu_score", y_score, labels=labels),
                     encoded("log_loss", scores[:, order],
                             labels=np.asarray(labels)[order], from_logits=from_logits),
                     encoded("one_vs_all_log_loss", y_score, labels=labels,
                             from_logits=from_logits)]
            if any(f is None for f in found):
                return None
            (codes, ranked, _, _), (mu_codes, mu_scores, _, mu_kernel), ll, ova = found
            k = ranked.shape[1]
            rankings = [_auc.SortedRanking(ranked[:, j], codes == j) for j in range(k)]
            mu = _auc.auc_mu_rankings(mu_codes, *_auc.mu_dot_products(
                mu_scores, mu_kernel.args[0]))
            losses = {"log_loss": log_losses(ll[0], ll[1], from_logits=from_logits),
                      "one_vs_all_log_loss": one_vs_all_losses(ova[0], ova[1],
                                                                from_logits=from_logits)}
        return cls(np.asarray(y_true), scores, codes, rankings, mu, losses, k)

    def _fast(self, weights):
        """The layout of :func:`score_values` for each row of ``weights`` (R, n)."""
        roc, pr = (np.stack(side, axis=1) for side in zip(
            *(r.evaluate(weights) for r in self.rankings)))
        pairs, halves, factor = self.mu
        mu = factor * (sum(r.evaluate(weights[:, rows])[0] for rows, r in pairs)
                       + 0.5 * halves)
        losses = {key: weights @ v / self.n for key, v in self.losses.items()}
        support = np.stack([np.bincount(self.codes, weights=w, minlength=self.n_classes)
                            for w in weights])
        out = []
        for i in range(weights.shape[0]):
            per_class = {"roc_auc": roc[i], "pr_auc": pr[i]}
            per_class = {key: per_class[key] for key in _SCORE_COLUMNS}
            averages = {"macro": {key: _reduce(v, "macro", None)
                                  for key, v in per_class.items()},
                        "weighted": {key: _reduce(v, "weighted", support[i])
                                     for key, v in per_class.items()}}
            values = {"log_loss": losses["log_loss"][i],
                      "one_vs_all_log_loss": losses["one_vs_all_log_loss"][i],
                      "roc_auc_mu": mu[i],
                      "one_vs_all_roc_auc": averages["macro"]["roc_auc"],
                      "one_vs_all_pr_auc": averages["macro"]["pr_auc"]}
            out.append((per_class, averages, {key: float(values[key]) for key in _SCORES}))
        return out, support

    def distributions(self, statistic, n_resamples, rng, n_leaves, progress):
        """The leaves of ``statistic`` on ``n_resamples`` replicates: ``(R, ...)`` arrays
        (chunks of at most a tenth of them, for ``progress``)."""
        from ._bootstrap import _CHUNK_ELEMENTS, _leaves

        n = self.n
        step = max(1, min(_CHUNK_ELEMENTS // max(n, 1), -(-n_resamples // 10)))
        per, checked, trusted = [], False, True
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            for start in range(0, n_resamples, step):
                idx = [rng.integers(0, n, n) for _ in range(min(step, n_resamples - start))]
                weights = np.stack([np.bincount(i, minlength=n) for i in idx]).astype(
                    np.float64)
                fast, support = self._fast(weights)
                whole = (support[:, self.present] > 0).all(1)
                for i, rows in enumerate(idx):
                    if whole[i] and checked:
                        per.append(_leaves(fast[i]))
                        continue
                    slow = _leaves(statistic(self.y_true[rows], self.y_score[rows]))
                    if whole[i] and trusted:  # the first replicate with every class
                        checked = all(np.allclose(a, b, rtol=1e-9, atol=1e-12, equal_nan=True)
                                      for a, b in zip(_leaves(fast[i]), slow))
                        trusted = checked  # else every replicate on its rows
                    per.append(slow)
                progress.step(len(idx))
        return [np.stack([p[j] for p in per]) for j in range(n_leaves)]


def _analytic_intervals(confusion, calls, confidence_level, samples):
    """Analytic intervals of the count values, in the layout of ``calls``."""
    from ._intervals import confusion_intervals

    leaves = [(section, key) for section in ("per_class", "overall") if section in calls
              for key in calls[section]]
    leaves += [("averages", (average, key)) for average in calls.get("averages", {})
               for key in calls["averages"][average]]

    def call(section, key):
        return (calls[section][key] if section != "averages"
                else calls[section][key[0]][key[1]])

    results = confusion_intervals(confusion, [call(*leaf) for leaf in leaves],
                                  confidence_level=confidence_level, samples=samples)
    out = {section: {} for section in calls}
    for (section, key), res in zip(leaves, results):
        if section == "averages":
            out[section].setdefault(key[0], {})[key[1]] = res.confidence_interval
        else:
            out[section][key] = res.confidence_interval
    return out


def _group_values(grouped, beta, zero_division, confidence_level, interval, n_resamples,
                  random_state, weighted):
    """The per-group table ``{"keys", "names", "values": {metric: array}}`` sorted worst
    first, its intervals ``{metric: (low, high)}`` and a note (or None). ``weighted``:
    False, or the ``(y_true, y_pred, sample_weight, groups)`` of weighted data."""
    # a group without some class is the rule, not a surprise: its 0/0 ratios take
    # zero_division's value without one warning per group
    calls = {key: _call(name, fixed, beta, _quiet(zero_division))
             for key, (name, fixed) in _GROUP_COLUMNS.items()}
    columns = {key: getattr(grouped, name)(**kwargs).to_numpy(dtype=np.float64)
               for key, (name, kwargs) in calls.items()}
    # a group's total: its correct plus its wrong predictions (counts or weight sums)
    columns["support"] = (grouped.accuracy_score(normalize=False).to_numpy()
                          + grouped.zero_one_loss(normalize=False).to_numpy())
    first = columns[next(iter(_GROUP_COLUMNS))]
    order = np.lexsort((-columns["support"], np.where(np.isnan(first), -np.inf, first)))
    index = grouped.index()
    keys = [index[i] for i in order]
    out = {"keys": keys, "names": list(index.names),
           "values": {key: v[order] for key, v in columns.items()},
           "overall": {key: _as_float(getattr(grouped.overall, name)(**kwargs))
                       for key, (name, kwargs) in calls.items()}}
    if confidence_level is None:
        return out, {}, None
    note = None
    squares = None
    from ._bootstrap import _rng, confidence_intervals
    from ._intervals import _scaled, confusion_interval

    if weighted:  # the analytic intervals of weight sums need the squared weights, both
        # in the unit of the largest weight (scale-free)
        grouped, squares = _scaled(grouped, weighted)
        if interval == "bootstrap":
            interval = "analytic"
            note = ("groups: analytic intervals (a weighted bootstrap of each group needs "
                    "its samples).")

    rng = _rng(random_state)
    bounds = {key: (np.empty(len(order)), np.empty(len(order))) for key in calls}
    rows = enumerate(order)
    if interval == "analytic":  # every group at once; one by one where undefined
        rows, empty = _analytic_group_rows(grouped, squares, calls, columns, order,
                                           confidence_level, bounds)
        if empty:
            note = ((note + " ") if note else "groups: ") + (
                f"{empty} group intervals are undefined (a value of 0 or 1, or a standard "
                "error of 0) and left empty: with sample weights the cells of a group "
                "cannot be resampled.")
    for row, i in rows:
        group = grouped.group(int(i))
        if interval == "analytic":
            square = group if squares is None else squares.group(int(i))
            found = [confusion_interval(group, name, kwargs, squares=square,
                                        confidence_level=confidence_level).confidence_interval
                     for name, kwargs in calls.values()]
        else:
            found = confidence_intervals(
                group, functools.partial(_group_statistic, calls), n_resamples=n_resamples,
                confidence_level=confidence_level, random_state=rng)
        for key, ci in zip(calls, found):
            bounds[key][0][row], bounds[key][1][row] = ci
    return out, bounds, note


def _analytic_group_rows(grouped, squares, calls, columns, order, confidence_level, bounds):
    """Fill ``bounds`` (rows in ``order``) with the analytic intervals of all the groups,
    computed in one batch per metric. Returns the ``(row, group)`` pairs where some is
    undefined (a value of 0 or 1, a standard error of 0), left to each group's own
    :func:`~metrics_sk.analytic_interval` and its cell-bootstrap fallback, and the number
    of intervals left empty instead (``squares``: weight sums, which cannot be resampled)."""
    from ._groups import analytic_group_bounds, over_parts

    undefined = np.zeros(len(order), dtype=bool)
    empty = 0
    for key, (name, kwargs) in calls.items():
        low, high, used = over_parts(
            grouped, grouped if squares is None else squares, columns[key],
            functools.partial(analytic_group_bounds, name=name, kwargs=kwargs,
                              confidence_level=confidence_level))
        todo = (used == "bootstrap")[order]
        bounds[key][0][:], bounds[key][1][:] = low[order], high[order]
        if squares is None:
            undefined |= todo
        else:
            bounds[key][0][todo] = bounds[key][1][todo] = np.nan
            empty += int(todo.sum())
    return [(row, order[row]) for row in np.flatnonzero(undefined)], empty


def _group_statistic(calls, confusion):
    return [getattr(confusion, name)(**kwargs) for name, kwargs in calls.values()]


# -- the tidy table ------------------------------------------------------------------------------
#: The table's columns.
COLUMNS = ("section", "row", "metric", "value", "low", "high")


def _pair(found, shape):
    """``(low, high)`` arrays of ``shape`` from an interval (None: NaN, no interval)."""
    if found is None:
        return np.full(shape, np.nan), np.full(shape, np.nan)
    return (np.broadcast_to(np.asarray(found[0], dtype=np.float64), shape),
            np.broadcast_to(np.asarray(found[1], dtype=np.float64), shape))


def _grids(labels, values, intervals):
    """The report's values as grids ``(section, rows, metrics, value, low, high,
    present)``, each ``(rows, metrics)``: the blocks of the long table."""
    out = []
    iv = intervals or {}
    per_class = values.get("per_class")
    if per_class:
        metrics = [m for m in CLASS_METRICS + CLASS_SCORE_METRICS + ("support",)
                   if m in per_class]
        metrics += [m for m in per_class if m not in metrics]
        k = len(labels)
        grid = np.empty((k, len(metrics)))
        for j, m in enumerate(metrics):
            grid[:, j] = np.asarray(per_class[m], dtype=np.float64).reshape(k)
        low, high = _bounds(iv.get("per_class", {}), metrics, k)
        out.append(("class", labels, metrics, grid, low, high, None))
    for section, rows in (("average", values.get("averages")),):
        if not rows:
            continue
        names = list(rows)
        metrics = list(dict.fromkeys(m for a in names for m in rows[a]))
        if "support" in metrics:  # last, as in the class rows
            metrics = [m for m in metrics if m != "support"] + ["support"]
        shape = (len(names), len(metrics))
        grid, low, high = np.full(shape, np.nan), np.full(shape, np.nan), np.full(shape, np.nan)
        present = np.zeros(shape, dtype=bool)
        for i, a in enumerate(names):
            for j, m in enumerate(metrics):
                if m in rows[a]:
                    present[i, j] = True
                    grid[i, j] = rows[a][m]
                    if m != "support":
                        low[i, j], high[i, j] = _pair(
                            iv.get("averages", {}).get(a, {}).get(m), ())
        out.append((section, names, metrics, grid, low, high, present))
    for section in ("overall", "scores"):
        row = values.get(section)
        if row:
            metrics = list(row)
            bounds = [_pair(iv.get(section, {}).get(m), ()) for m in metrics]
            out.append((section, [""], metrics, np.array([[row[m] for m in metrics]], float),
                        np.array([[b[0] for b in bounds]], float),
                        np.array([[b[1] for b in bounds]], float), None))
    groups = values.get("groups")
    if groups:
        metrics = list(groups["values"])
        g = len(groups["keys"])
        grid = np.column_stack([groups["values"][m] for m in metrics])
        low, high = _bounds(iv.get("groups", {}), metrics, g)
        out.append(("group", list(groups["keys"]), metrics, grid, low, high, None))
    return out


def _bounds(found, metrics, n):
    """``(low, high)`` grids ``(n, metrics)`` of the per-row intervals ``found``
    (``{metric: (low, high)}``; NaN where there is none)."""
    low, high = np.full((n, len(metrics)), np.nan), np.full((n, len(metrics)), np.nan)
    for j, m in enumerate(metrics):
        if m in found and m != "support":  # a support is a count: no interval
            low[:, j], high[:, j] = _pair(found[m], (n,))
    return low, high


class _Table:
    """The long table (columns :data:`COLUMNS`), held as one grid per section: its row
    keys, its metrics, and the ``value``, ``low`` and ``high`` of each (row, metric)
    with a mask of the cells that exist. :attr:`columns` lays the grids out long, one
    line per existing cell, section after section, row by row."""

    def __init__(self, grids):
        self.sections = {}
        for section, rows, metrics, grid, low, high, present in grids:
            if present is None:
                present = np.ones(grid.shape, dtype=bool)
            data = {"value": np.asarray(grid, dtype=np.float64),
                    "low": np.asarray(low, dtype=np.float64),
                    "high": np.asarray(high, dtype=np.float64)}
            # the class rows stay the label array (row lookups are for the small sections)
            rows = rows if isinstance(rows, np.ndarray) else list(rows)
            self.sections[section] = (rows, list(metrics), data, present)

    @functools.cached_property
    def columns(self):
        """The long columns, ``{name: ndarray}``."""
        parts = {c: [] for c in COLUMNS}
        for section, (rows, metrics, data, present) in self.sections.items():
            keep = present.reshape(-1)
            r, m = present.shape
            row_keys = np.empty(r, dtype=object)
            row_keys[:] = rows
            parts["section"].append(np.repeat(np.array([section]), int(keep.sum())))
            parts["row"].append(np.repeat(row_keys, m)[keep])
            parts["metric"].append(np.tile(np.array(metrics), r)[keep])
            for name in ("value", "low", "high"):
                parts[name].append(data[name].reshape(-1)[keep])
        empty = {"section": str, "row": object, "metric": str}
        return {c: np.concatenate(v) if v else np.empty(0, dtype=empty.get(c, np.float64))
                for c, v in parts.items()}

    def __len__(self):
        return int(sum(present.sum() for *_, present in self.sections.values()))

    def column(self, section, metric, name="value"):
        """The ``name`` column of ``metric`` for each row of ``section`` (NaN if absent),
        or None when the section has no such metric."""
        rows, metrics, data, present = self.sections.get(section, ([], [], None, None))
        if metric not in metrics:
            return None
        j = metrics.index(metric)
        return np.where(present[:, j], data[name][:, j], np.nan)

    def has(self, section, row, metric):
        rows, metrics, _, present = self.sections.get(section, ([], [], None, None))
        return metric in metrics and row in rows and bool(
            present[rows.index(row), metrics.index(metric)])

    def get(self, section, row, metric, name="value"):
        rows, metrics, data, _ = self.sections[section]
        return data[name][rows.index(row), metrics.index(metric)]

    def row(self, section, row, name="value"):
        """``{metric: value}`` of the existing cells of one row."""
        rows, metrics, data, present = self.sections.get(section, ([], [], None, None))
        if row not in rows:
            return {}
        i = rows.index(row)
        return {m: float(data[name][i, j]) for j, m in enumerate(metrics) if present[i, j]}


def _python(value):
    """A JSON-friendly Python scalar (NaN stays a float NaN)."""
    if isinstance(value, np.generic):
        value = value.item()
    return value


def _json_safe(obj):
    """Replace NaN and infinities by None (strict JSON has neither), NumPy scalars by
    Python ones, and bytes labels by their ``str`` (``"b'a'"``, the name the report's
    tables and ``to_dict`` keys give them: lossless, and never equal to a text label)."""
    if isinstance(obj, dict):
        return {_json_safe(k) if isinstance(k, bytes) else k: _json_safe(v)
                for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [_json_safe(v) for v in obj]
    if isinstance(obj, np.generic):
        obj = obj.item()
    if isinstance(obj, float) and not math.isfinite(obj):
        return None
    if isinstance(obj, bytes):
        return str(obj)
    return obj


def dumps_json(obj, **kwargs):
    """``obj`` as strict JSON (:func:`_json_safe`; ``allow_nan=False``): the one JSON
    writer of the report and the command."""
    return json.dumps(_json_safe(obj), allow_nan=False, **kwargs)


def _group_name(key):
    return ", ".join(map(str, key)) if isinstance(key, tuple) else str(key)


def _inferred_sections(values):
    overall = values.get("overall") or {}
    found = {"classes": bool(values.get("per_class")), "averages": bool(values.get("averages")),
             "overall": any(k not in _ONEDAL for k in overall),
             "onedal": any(k in _ONEDAL for k in overall),
             "scores": values.get("scores") is not None,
             "groups": bool(values.get("groups"))}
    return tuple(s for s in SECTIONS if found[s])


class QualityReport:
    """Per-class, overall and per-group metrics of one confusion, as one tidy table.

    Made by :func:`quality_report`. The numbers are one long table, :attr:`table`, with
    the columns ``section`` (``"class"``, ``"average"``, ``"overall"``, ``"scores"`` or
    ``"group"``), ``row`` (the class, the average, the group, or ``""``), ``metric``,
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
        Log loss, AUC Mu and macro one-vs-all ROC AUC and PR AUC (None without scores).
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

    def _row_dict(self, section, row, name="value"):
        return self._table.row(section, row, name)

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
    @property
    def _class_columns(self):
        return [m for m in self.per_class if m != "support"]

    def _count(self, value):
        """A support as a Python number (an int for counts)."""
        value = float(value)
        return int(value) if not self.weighted and value.is_integer() else value

    def _scalar(self, metric, value):
        return self._count(value) if metric == "support" else _python(value)

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

    def _intervals_dict(self):
        iv = self.intervals
        out = {}
        for key, names in (("per_class", [str(v) for v in self.labels.tolist()]),
                           ("groups", [_group_name(k) for k in
                                       self._table.sections.get("group", ([],))[0]])):
            if key in iv:
                out[key] = {name: {m: [_python(lo[i]), _python(hi[i])]
                                   for m, (lo, hi) in iv[key].items()}
                            for i, name in enumerate(names)}
        if "averages" in iv:
            out["averages"] = {a: {m: [_python(v) for v in pair] for m, pair in row.items()}
                               for a, row in iv["averages"].items()}
        for section in ("overall", "scores"):
            if section in iv:
                out[section] = {k: [_python(v) for v in pair] for k, pair in iv[section].items()}
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

    # -- layout shared by the text, Markdown and HTML forms ---------------------------
    def _shown_classes(self, max_rows):
        """Positions of the classes to show, why each is shown (None when all are) and
        the note on the others."""
        k = self.labels.shape[0]
        if max_rows is None or k <= max_rows:
            return np.arange(k), None, None
        fscore = np.asarray(self.per_class.get("fscore", np.zeros(k)), dtype=np.float64)
        support = np.asarray(self.per_class["support"], dtype=np.float64)
        n_worst = (max_rows + 1) // 2
        worst = np.lexsort((-support, np.where(np.isnan(fscore), -np.inf, fscore)))[:n_worst]
        chosen = np.zeros(k, dtype=bool)
        chosen[worst] = True
        by_size = np.argsort(-support, kind="stable")
        largest = by_size[~chosen[by_size]][:max_rows - n_worst]
        f = _display(self.beta, "fbeta_score")
        why = [f"lowest {f}"] * len(worst) + ["largest"] * len(largest)
        note = (f"{k - max_rows} of {k} classes not shown: the rows are the {n_worst} classes "
                f"with the lowest {f} and the {max_rows - n_worst} largest others "
                "(to_frame() and to_dict() hold every class; max_rows=None shows all).")
        return np.concatenate([worst, largest]), why, note

    def _fmt(self, value):
        if value is None:
            return ""
        value = float(value)
        if math.isnan(value):
            return "nan"
        return f"{value:.{self.digits}f}"

    def _fmt_count(self, value):
        """A count, or a weight sum with ``digits`` decimals: when any class's support is
        fractional, every support and the total get the same decimals (one column)."""
        value = float(value)
        whole = self.__dict__.get("_whole_support")
        if whole is None:
            support = np.asarray(self.confusion.support, dtype=np.float64)
            whole = self.__dict__["_whole_support"] = bool(
                np.all(support == np.round(support)))
        if value.is_integer() and whole:
            return str(int(value))
        return f"{value:.{self.digits}f}"

    def _cell(self, value, low=np.nan, high=np.nan):
        text = self._fmt(value)
        if not (math.isnan(low) and math.isnan(high)):
            text += f" [{self._fmt(low)}, {self._fmt(high)}]"
        return text

    def _at(self, section, row, metric):
        """The cell of (section, row, metric): the value with its interval, the text of an
        equality by construction, or ``""`` when the table has no such number."""
        same = self._same_as.get((section, row, metric))
        if same is not None:
            return same
        if not self._table.has(section, row, metric):
            return ""
        get = functools.partial(self._table.get, section, row, metric)
        if metric == "support":
            return self._fmt_count(get())
        return self._cell(get(), get("low"), get("high"))

    @functools.cached_property
    def _same_as(self):
        """The cells equal to accuracy by construction (shown once, as accuracy)."""
        c = self.confusion
        if "overall" not in self.sections or not self._table.has("overall", "", "accuracy"):
            return {}
        total = float(c.total)
        inside = [float(np.sum(c.support)), float(np.sum(c.predicted))]
        if total == 0 or not np.allclose(inside, total, rtol=1e-12, atol=0):
            return {}  # some label outside the classes: micro P, R and F differ
        shown = {"average": "averages", "overall": "onedal"}
        same = dict(_SAME_AS_ACCURACY)
        if np.all(np.asarray(c.support) > 0):
            same[_WEIGHTED_RECALL] = "= acc."
        return {key: text for key, text in same.items()
                if shown[key[0]] in self.sections and self._table.has(*key)}

    def _blocks(self, max_rows):
        """The report as blocks: ``("title" | "note" | "footnote", text)``,
        ``("table", header, rows, averages)``, ``("summary", title, rows)`` and
        ``("groups", title, header, rows)``; rows are lists of cell strings, the first
        cell a name."""
        f = _display(self.beta, "fbeta_score")
        k = self.labels.shape[0]
        total = self._fmt_count(self.confusion.total)
        title = (f"Quality report: {total} samples, {k} classes" if not self.weighted else
                 f"Quality report: total weight {total}, {k} classes")
        if self._groups:
            title += f", {len(self._groups['keys'])} groups"
        if self.beta != 1:
            title += f", beta = {self.beta:g}"
        if self.intervals and self.confidence_level is not None:
            title += f", {self.confidence_level:.0%} confidence intervals in brackets"
        blocks = [("title", title)]
        show_classes = "classes" in self.sections and self.per_class
        show_averages = "averages" in self.sections and self.averages
        if show_classes or show_averages:
            columns = (self._class_columns if self.per_class else
                       [m for m in next(iter(self.averages.values())) if m != "support"])
            header = ["class"] + [_display(self.beta, _CLASS_COLUMNS.get(m)
                                           or _SCORE_COLUMNS.get(m)) for m in columns] + ["support"]
            rows, note = [], None
            if show_classes:
                shown, why, note = self._shown_classes(max_rows)
                labels = self.labels.tolist()
                cells = {m: self.per_class[m] for m in columns}
                low = {m: self._table.column("class", m, "low") for m in columns}
                high = {m: self._table.column("class", m, "high") for m in columns}
                support = self.per_class["support"]
                for i in shown:
                    rows.append([str(labels[i])]
                                + [self._cell(cells[m][i], low[m][i], high[m][i])
                                   for m in columns] + [self._fmt_count(support[i])])
                if why is not None:
                    header = header + ["shown as"]
                    rows = [r + [w] for r, w in zip(rows, why)]
            averages = []
            if show_averages:
                averages = [[f"{a} avg"] + [self._at("average", a, m) for m in columns]
                            + [self._at("average", a, "support")]
                            + ([""] if len(header) > len(columns) + 2 else [])
                            for a in self.averages]
            blocks.append(("table", header, rows, averages))
            if note:
                blocks.append(("note", note))
        for section, name, block in _BLOCKS:
            data = "scores" if section == "scores" else "overall"
            if section not in self.sections or data not in self._table.sections:
                continue
            # the block's keys, and in "Overall" any other key a caller put in the values
            keys = [key for key in self._table.sections[data][1]
                    if key in block or (section == "overall" and key not in _ONEDAL)]
            rows = [[self._summary_name(key, block), self._at(data, "", key)]
                    for key in keys]
            if rows:
                blocks.append(("summary", name, rows))
        if "groups" in self.sections and self._groups:
            blocks += self._group_blocks(max_rows)
        if self._same_as:
            where = sorted(set(self._same_as.values()))
            weighted = " and weighted recall" if _WEIGHTED_RECALL in self._same_as else ""
            blocks.append(("footnote", f"{', '.join(where)}: micro precision, recall "
                           f"and {f}{weighted} equal accuracy by construction (single-label "
                           "data: each error is one false positive and one false negative)."))
        for text in self.notes:
            blocks.append(("footnote", text))
        return blocks

    def _summary_name(self, key, block):
        """The name of a summary row: the registry's text of the metric behind ``key`` (the
        key itself for a value that is no registry metric's)."""
        if key in block:
            return _display(self.beta, *block[key])
        if key in _CLASS_COLUMNS:
            return _display(self.beta, _CLASS_COLUMNS[key])
        return key

    def _group_blocks(self, max_rows):
        rows, metrics = self._table.sections["group"][:2]
        names = self._groups.get("names") or ["group"]
        header = [", ".join(map(str, names))] + [
            "support" if m == "support" else _display(self.beta, *_GROUP_COLUMNS[m],
                                                      short=True)
            for m in metrics]
        g = len(rows)
        shown = g if max_rows is None else min(g, max_rows)
        cells = [[_group_name(rows[i])] + [self._at("group", rows[i], m) for m in metrics]
                 for i in range(shown)]
        f = _display(self.beta, *_GROUP_COLUMNS["mean_class_fscore"], short=True)
        blocks = [("groups", f"By group, worst first (lowest {f})", header, cells)]
        if shown < g:
            blocks.append(("note", f"{g - shown} of {g} groups not shown: the rows are the "
                                   f"{shown} groups with the lowest {f} (to_frame('groups') "
                                   "holds every group; max_rows=None shows all)."))
        return blocks

    # -- rendered forms -----------------------------------------------------------------
    def _render(self, max_rows, *, title, note, footnote, table, summary, groups):
        """Lines of the report: each block of :meth:`_blocks` goes to the renderer of
        its kind, which returns a list of lines."""
        if max_rows is None:
            max_rows = self.max_rows
        else:
            _check_render({"max_rows": max_rows})
        renderers = {"title": title, "note": note, "footnote": footnote, "table": table,
                     "summary": summary, "groups": groups}
        out = []
        for kind, *content in self._blocks(max_rows):
            out += renderers[kind](*content)
        return out

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
        from ._plot import plot_groups

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


#: Characters that would break a line or a cell of the text and Markdown forms.
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def _printable(text):
    """``text`` on one line: each control character as its Python escape (a newline in a
    label is ``\\n``), so that a label never splits its row."""
    return _CONTROL.sub(lambda m: repr(m.group())[1:-1], text)


def _cut(text, width):
    return text if len(text) <= width else text[:width - 3] + "..."


def _aligned(rows, *, gap=2, blank_before=None, left_first=False):
    """Right-aligned columns (the first left-aligned if ``left_first``); a blank line
    before row ``blank_before``. A reference to another value (a cell ``"= ..."``) that
    ends its row is left-aligned and does not widen its column."""
    def free(row, j):
        return row[j].startswith("= ") and not any(row[j + 1:])

    rows = [[_printable(cell) for cell in row] for row in rows]

    widths = [max([len(r[j]) for r in rows if not free(r, j)] or [0])
              for j in range(len(rows[0]))]
    lines = [(" " * gap).join(
        cell if free(r, j) else
        cell.ljust(w) if j == 0 and left_first else cell.rjust(w)
        for j, (cell, w) in enumerate(zip(r, widths))).rstrip() for r in rows]
    if blank_before is not None and blank_before < len(lines):
        lines.insert(blank_before, "")
    return lines


def _md(text):
    return _printable(text).replace("|", "\\|").replace("*", "\\*").replace("_", "\\_")


def _md_table(header, rows):
    lines = ["| " + " | ".join(_md(h) for h in header) + " |",
             "|" + "|".join([":---"] + ["---:"] * (len(header) - 1)) + "|"]
    lines += ["| " + " | ".join([r[0] if r[0].startswith("**") else _md(r[0])]
                                + [_md(c) for c in r[1:]]) + " |" for r in rows]
    return lines


def _html_table(header, rows, averages):
    esc = html.escape
    cell = 'style="text-align:right;white-space:nowrap"'
    head = "".join(f"<th>{esc(h)}</th>" for h in header)
    body = [
        f"<tr{style}>" + f"<th {cell}>{esc(r[0])}</th>"
        + "".join(f"<td {cell}>{esc(c)}</td>" for c in r[1:]) + "</tr>"
        for group, style in ((rows, ""), (averages, ' style="border-top:1px solid"'))
        for r in group]
    return (f"<table><thead><tr>{head}</tr></thead><tbody>" + "".join(body)
            + "</tbody></table>")
