"""The quality report's layout and values: each value of the report is a metric of the
registry called with arguments (:func:`count_values`, :func:`score_values`), evaluated on
one confusion; the warnings of ill-defined values, said once.
"""

import functools
import inspect
import re
import warnings
from numbers import Integral, Real

import numpy as np

from .. import _formulas
from .._formulas import as_float, reduce_average
from .._losses import encode_targets
from .._registry import METRICS
from .._params import PARAMETERS, Checker
from .._sklearn_compat import Interval, StrOptions, UndefinedMetricWarning


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
        raise ValueError(_formulas.EMPTY)

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
    values["overall"] = {k: as_float(v) for k, v in values["overall"].items()}
    return values


def score_values(y_true, y_score, *, labels, sample_weight=None, from_logits=False):
    """The score metrics of the report, each from its metrics_sk function.

    Returns ``(per_class, averages, scores)``: the per-class ``roc_auc`` and ``pr_auc``
    arrays (``average=None``) in the order of ``labels``, their ``macro`` and
    ``weighted`` averages, and ``{name: float}`` with ``log_loss``,
    ``one_vs_all_log_loss``, ``roc_auc_mu``, the macro averages ``one_vs_all_roc_auc``
    and ``one_vs_all_pr_auc`` (classes where they are undefined left out, as the
    functions' ``average="macro"`` does) and, when ``y_score`` holds probabilities (not
    ``from_logits``), ``brier_score`` and ``calibration_error`` (its defaults: l1, 15
    uniform bins, top-label).
    """
    kw = {"labels": labels, "sample_weight": sample_weight}
    per_class = {key: METRICS[name].function(y_true, y_score, average=None, **kw)
                 for key, name in _SCORE_COLUMNS.items()}
    # the averages of the per-class values, as the functions' average= makes them (each
    # function called once: its warning about an undefined class given once)
    _, codes = encode_targets(y_true, labels)
    support = np.bincount(codes, minlength=len(labels), weights=None if sample_weight is None
                          else np.asarray(sample_weight, dtype=np.float64))
    averages = {average: {key: reduce_average(v, average, support) for key, v in per_class.items()}
                for average in _SCORE_AVERAGES}
    # log_loss, like scikit-learn's, reads the columns in sorted label order; the report's
    # columns follow ``labels``, which may be in any order. (A 1-D score, of the greater
    # class of a binary target, is every function's own: it has no columns to reorder.)
    order = np.argsort(np.asarray(labels), kind="stable")
    sorted_kw = {"labels": np.asarray(labels)[order], "sample_weight": sample_weight}
    scores = {}
    for key, (name, fixed) in _SCORES.items():
        takes = _takes(name)
        if key.startswith("one_vs_all_") and "average" in fixed:
            scores[key] = averages["macro"][key[len("one_vs_all_"):]]
        elif from_logits and METRICS[name].takes == "probabilities" and (
                "from_logits" not in takes):
            continue  # (the Brier score: of probabilities only)
        elif METRICS[name].family == "sklearn":  # log loss, Brier score
            extra = {"from_logits": from_logits} if "from_logits" in takes else {}
            if np.ndim(y_score) == 1:
                columns = y_score
                if "pos_label" in takes:  # the greater class's, as every function's
                    extra["pos_label"] = sorted_kw["labels"][-1]
            else:
                columns = np.asarray(y_score)[:, order]
            scores[key] = METRICS[name].function(y_true, columns, **sorted_kw, **extra)
        elif np.ndim(y_score) == 1 and {"pos_label", "labels"} <= takes:
            # (the top-label calibration error: a 1-D probability, the greater class's, is
            # the two columns of the sorted classes, as a 2-D y_score gives the same value)
            p = np.asarray(y_score, dtype=np.float64)
            scores[key] = METRICS[name].function(y_true, np.c_[1 - p, p], **sorted_kw)
        else:
            extra = {"from_logits": from_logits} if "from_logits" in _takes(name) else {}
            scores[key] = METRICS[name].function(y_true, y_score, **kw, **extra)
    return per_class, averages, {k: float(v) for k, v in scores.items()}


#: The CORP decomposition of the Brier score under the score block (probabilities only):
#: ``{key: row name}``, keys the fields of :class:`~metrics_sk.ScoreDecomposition`.
DECOMPOSITION = {"miscalibration": "miscalibration (MCB)",
                 "discrimination": "discrimination (DSC)",
                 "uncertainty": "uncertainty (UNC)"}
#: Its title: binary, multi-class (the parts add up to the Brier score when binary).
DECOMPOSITION_TITLE = ("Brier score = MCB - DSC + UNC (CORP decomposition)",
                       "Brier score decomposition (CORP, mean of one-vs-rest)")


def decomposition_values(y_true, y_score, *, labels, sample_weight=None):
    """``{key: float}`` of :data:`DECOMPOSITION`: :func:`~metrics_sk.score_decomposition`
    of the Brier score of the probabilities ``y_score`` (columns in the order of
    ``labels``, or a 1-D probability of the greater class), the mean over the classes of
    the one-vs-rest parts (binary: both columns' parts are the positive class's, so the
    line is the binary decomposition, whose parts add up to the Brier score). None when
    some class of ``labels`` has no true sample (``score_decomposition`` reads the
    columns as the classes of ``y_true``)."""
    from .._decomposition import score_decomposition

    order = np.argsort(np.asarray(labels), kind="stable")
    _, codes = encode_targets(y_true, labels)
    if np.bincount(codes, minlength=len(labels))[:len(labels)].min() == 0:
        return None
    if np.ndim(y_score) == 1:
        p = np.asarray(y_score, dtype=np.float64)
        columns = np.c_[1 - p, p]
    else:
        columns = np.asarray(y_score)[:, order]
    parts = score_decomposition(y_true, columns, scoring="brier_score_loss",
                                sample_weight=sample_weight)
    return {key: float(np.mean(getattr(parts, key))) for key in DECOMPOSITION}


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
