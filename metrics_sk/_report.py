"""The quality report: every metric of one :class:`~metrics_sk.Confusion` in one table.

:func:`quality_report` builds **one** confusion and calls its metric methods (nothing is
counted twice); :class:`QualityReport` holds the numbers and renders them as aligned
text, Markdown, HTML (Jupyter), JSON, a dict or a pandas DataFrame.

Extension point for confidence intervals: :func:`count_values` returns every count
metric of the report from one confusion, as nested dicts of numbers and per-class
arrays. A resampling method evaluates it on each resampled confusion (e.g.
``metrics_sk.confidence_intervals(confusion, count_values)``) and passes the
``(low, high)`` bounds, in the same layout, as ``QualityReport(confusion, values,
intervals=..., confidence_level=...)``; every output form then shows them.
"""

import contextlib
import functools
import html
import json
import math
import numbers
import textwrap
import warnings

import numpy as np

from ._confusion import Confusion
from ._counts import _as_float, _reduce
from ._validation import check_beta, check_zero_division, classifier_predictions

#: Per-class count metrics, in column order (``support`` comes last in every table).
CLASS_METRICS = ("precision", "recall", "fscore", "specificity", "balanced_auc")
#: Per-class score metrics (only with ``y_score``).
CLASS_SCORE_METRICS = ("roc_auc", "pr_auc")
AVERAGES = ("micro", "macro", "weighted")

_HEADERS = {"precision": "precision", "recall": "recall", "specificity": "specificity",
            "balanced_auc": "bal. AUC", "roc_auc": "ROC AUC", "pr_auc": "PR AUC",
            "support": "support"}

# Summary sections: (title, [(key, display name)]). ``{F}`` is the F-beta name (F1, F2...).
_SUMMARY = (
    ("Overall", (
        ("accuracy", "accuracy"),
        ("matthews_corrcoef", "Matthews correlation (MCC)"),
        ("cohen_kappa", "Cohen's kappa"),
    )),
    ("oneDAL multi-class metrics", (
        ("average_accuracy", "average accuracy"),
        ("error_rate", "error rate"),
        ("micro_precision", "micro precision"),
        ("micro_recall", "micro recall"),
        ("micro_fscore", "micro {F}"),
        ("macro_precision", "macro precision"),
        ("macro_recall", "macro recall"),
        ("macro_fscore", "macro {F}, oneDAL: {F} of macro P and R"),
        ("mean_class_fscore", "macro {F}, scikit-learn: mean of class {F}"),
    )),
)
_SCORES = ("Score metrics (from y_score)", (
    ("log_loss", "log loss"),
    ("one_vs_all_log_loss", "one-vs-all log loss (CatBoost)"),
    ("roc_auc_mu", "AUC Mu (Kleiman & Page)"),
    ("one_vs_all_roc_auc", "one-vs-all ROC AUC, macro"),
    ("one_vs_all_pr_auc", "one-vs-all PR AUC, macro"),
))


def _f_name(beta):
    return f"F{beta:g}"


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
        Each value is the return value of the :class:`~metrics_sk.Confusion` method of the
        same name.
    """
    c, zd = confusion, zero_division
    precision, recall, fscore, support = c.precision_recall_fscore_support(
        beta=beta, average=None, zero_division=zd)
    per_class = {"precision": precision, "recall": recall, "fscore": fscore,
                 "specificity": c.specificity_score(average=None, zero_division=zd),
                 "balanced_auc": c.balanced_auc_score(average=None, zero_division=zd),
                 "support": support}
    averages = {}
    for average in AVERAGES:
        p, r, f, _ = c.precision_recall_fscore_support(beta=beta, average=average,
                                                       zero_division=zd)
        averages[average] = {
            "precision": p, "recall": r, "fscore": f,
            "specificity": c.specificity_score(average=average, zero_division=zd),
            "balanced_auc": c.balanced_auc_score(average=average, zero_division=zd),
            "support": support.sum(axis=-1),
        }
    overall = {
        "accuracy": c.accuracy_score(),
        "matthews_corrcoef": c.matthews_corrcoef(),
        "cohen_kappa": c.cohen_kappa_score(),
        "average_accuracy": c.average_accuracy_score(zero_division=zd),
        "error_rate": c.error_rate(zero_division=zd),
        "micro_precision": c.micro_precision_score(zero_division=zd),
        "micro_recall": c.micro_recall_score(zero_division=zd),
        "micro_fscore": c.micro_fbeta_score(beta=beta, zero_division=zd),
        "macro_precision": c.macro_precision_score(zero_division=zd),
        "macro_recall": c.macro_recall_score(zero_division=zd),
        "macro_fscore": c.macro_fbeta_score(beta=beta, zero_division=zd),
        "mean_class_fscore": averages["macro"]["fscore"],
    }
    return {"per_class": per_class, "averages": averages,
            "overall": {k: _as_float(v) for k, v in overall.items()}}


def score_values(y_true, y_score, *, labels, sample_weight=None, from_logits=False):
    """The score metrics of the report, each from its metrics_sk function.

    Returns ``(per_class, scores)``: the per-class ``roc_auc`` and ``pr_auc`` arrays
    (``average=None``) in the order of ``labels``, and ``{name: float}`` with
    ``log_loss``, ``one_vs_all_log_loss``, ``roc_auc_mu`` and the macro averages
    ``one_vs_all_roc_auc`` and ``one_vs_all_pr_auc`` (classes where they are undefined
    left out, as the functions' ``average="macro"`` does).
    """
    from . import _scores

    kw = {"labels": labels, "sample_weight": sample_weight}
    per_class = {"roc_auc": _scores.one_vs_all_roc_auc_score(y_true, y_score, average=None, **kw),
                 "pr_auc": _scores.one_vs_all_pr_auc_score(y_true, y_score, average=None, **kw)}
    # log_loss, like scikit-learn's, reads the columns in sorted label order; the report's
    # columns follow ``labels``, which may be in any order.
    order = np.argsort(np.asarray(labels), kind="stable")
    sorted_scores = np.asarray(y_score)[:, order]
    scores = {
        "log_loss": _scores.log_loss(y_true, sorted_scores, from_logits=from_logits,
                                     labels=np.asarray(labels)[order],
                                     sample_weight=sample_weight),
        "one_vs_all_log_loss": _scores.one_vs_all_log_loss(y_true, y_score,
                                                           from_logits=from_logits, **kw),
        "roc_auc_mu": _scores.roc_auc_mu_score(y_true, y_score, **kw),
        "one_vs_all_roc_auc": _reduce(per_class["roc_auc"], "macro", None),
        "one_vs_all_pr_auc": _reduce(per_class["pr_auc"], "macro", None),
    }
    return per_class, {k: float(v) for k, v in scores.items()}


@contextlib.contextmanager
def _warnings_once():
    """Collect the warnings of a block and re-emit each distinct message once (a report
    calls many metrics, which would each warn about the same undefined class)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        yield
    seen = set()
    for w in caught:
        key = (w.category, str(w.message))
        if key not in seen:
            seen.add(key)
            warnings.warn(w.message, w.category, stacklevel=4)


def _check_rows(max_rows):
    if max_rows is not None and (not isinstance(max_rows, numbers.Integral)
                                 or isinstance(max_rows, bool) or max_rows < 1):
        raise ValueError(f"max_rows must be None or a positive integer, got {max_rows!r}.")
    return max_rows


def _check_digits(digits):
    if not isinstance(digits, numbers.Integral) or isinstance(digits, bool) or digits < 0:
        raise ValueError(f"digits must be a non-negative integer, got {digits!r}.")
    return int(digits)


def quality_report(y_true, y_pred, *, y_score=None, labels=None, sample_weight=None,
                   beta=1.0, digits=4, zero_division="warn", max_rows=30, from_logits=False,
                   confidence_level=None, n_resamples=1000, random_state=None,
                   interval="bootstrap"):
    """Per-class and overall quality of a classifier, in one table.

    One :class:`~metrics_sk.Confusion` is built from ``y_true`` and ``y_pred``; every
    number of the report is the return value of one of its metric methods, so each equals
    the metrics_sk function of the same name called with the same arguments.

    The report holds:

    * per class: precision, recall, F-beta, specificity, balanced AUC (oneDAL's binary
      "AUC", ``(TPR + TNR) / 2`` one-vs-rest) and support, plus one-vs-all ROC AUC and
      PR AUC when ``y_score`` is given;
    * the micro, macro and weighted averages of those columns;
    * accuracy, Matthews correlation and Cohen's kappa;
    * oneDAL's multi-class block: average accuracy, error rate, micro and macro precision,
      recall and F-beta, with oneDAL's macro F-beta (of macro precision and macro recall)
      next to scikit-learn's (the mean of the per-class F-beta);
    * with ``y_score``: log loss, CatBoost's one-vs-all log loss, AUC Mu and the macro
      one-vs-all ROC AUC and PR AUC.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,)
        True and predicted labels (any sortable type).
    y_score : array-like of shape (n_samples, n_classes), default=None
        Predicted probabilities (rows sum to 1, e.g. ``predict_proba``), or raw scores
        with ``from_logits=True``: one column per class, in the order of the report's
        classes (the sorted labels of ``y_true`` and ``y_pred``, or ``labels``; pass
        ``labels`` when the model knows classes that occur in neither). Adds the score
        metrics.
    labels : array-like of shape (n_classes,), default=None
        The classes and their order; by default the sorted labels of ``y_true`` and
        ``y_pred``.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative sample weights.
    beta : float, default=1.0
        The beta of every F-score (F1 for 1).
    digits : int, default=4
        Decimals shown by the text, Markdown and HTML forms (the dict, JSON and
        DataFrame forms keep full precision).
    zero_division : {'warn', 0.0, 1.0, np.nan}, default='warn'
        Value of a 0/0 ratio ('warn': 0.0 and one warning per kind of ratio). ``np.nan``
        shows undefined values as ``nan``, as oneDAL does.
    max_rows : int or None, default=30
        Most per-class rows in the text, Markdown and HTML forms. With more classes, the
        rows shown are the classes with the lowest F-score and the largest classes, and a
        note says how many are left out. ``None`` shows every class.
    from_logits : bool, default=False
        Whether ``y_score`` holds raw scores (logits, ``decision_function``) instead of
        probabilities; the log losses then apply softmax / sigmoid exactly.
    confidence_level : float, default=None
        With a level such as 0.95, every count metric gets a bootstrap percentile
        interval (:func:`~metrics_sk.confidence_intervals`: without weights the
        confusion cells are resampled, all replicates at once), shown in brackets.
    n_resamples : int, default=1000
        Bootstrap replicates for ``confidence_level``.
    random_state : None, int or numpy Generator, default=None
        Seed of the bootstrap replicates.
    interval : {'bootstrap', 'analytic'}, default='bootstrap'
        The intervals of ``confidence_level``: the bootstrap, or the analytic interval of
        each metric (:func:`~metrics_sk.analytic_interval`'s default method: Wilson,
        delta method, Fisher's z, kappa SE; supports get none).

    Returns
    -------
    report : QualityReport
        ``str(report)`` is the text table; see :class:`QualityReport` for the other forms.

    See Also
    --------
    QualityReport.from_confusion : The report of an existing confusion (streaming, Dask).
    sklearn.metrics.classification_report : Scikit-learn's per-class precision / recall.

    Notes
    -----
    Micro precision, recall and F-beta all equal accuracy for single-label data.
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
           class  precision  recall     F1  specificity  bal. AUC  support
               0      1.000   0.200  0.333        1.000     0.600        5
               1      0.200   1.000  0.333        0.200     0.600        1
    <BLANKLINE>
       micro avg      0.333   0.333  0.333        0.333     0.333        6
       macro avg      0.600   0.600  0.333        0.600     0.600        6
    weighted avg      0.867   0.333  0.333        0.867     0.600        6
    <BLANKLINE>
    Overall
      accuracy                    0.333
      Matthews correlation (MCC)  0.200
      Cohen's kappa               0.077
    <BLANKLINE>
    oneDAL multi-class metrics
      average accuracy                          0.333
      error rate                                0.667
      micro precision                           0.333
      micro recall                              0.333
      micro F1                                  0.333
      macro precision                           0.600
      macro recall                              0.600
      macro F1, oneDAL: F1 of macro P and R     0.600
      macro F1, scikit-learn: mean of class F1  0.333
    >>> report.overall["macro_fscore"], round(report.overall["mean_class_fscore"], 4)
    (0.6, 0.3333)
    """
    beta = check_beta(beta)
    zero_division = check_zero_division(zero_division)
    digits, max_rows = _check_digits(digits), _check_rows(max_rows)
    if interval not in ("bootstrap", "analytic"):
        raise ValueError(f"interval must be 'bootstrap' or 'analytic', got {interval!r}.")
    with _warnings_once():
        confusion = Confusion.from_predictions(y_true, y_pred, labels=labels,
                                               sample_weight=sample_weight)
        values = count_values(confusion, beta=beta, zero_division=zero_division)
        if y_score is not None:
            per_class, scores = score_values(y_true, y_score, labels=confusion.labels,
                                             sample_weight=sample_weight,
                                             from_logits=from_logits)
            values["per_class"].update(per_class)
            values["scores"] = scores
        intervals = None
        if confidence_level is not None and interval == "analytic":
            intervals = _analytic_intervals(
                confusion, beta, zero_division, confidence_level,
                None if sample_weight is None else (y_true, y_pred, sample_weight))
        elif confidence_level is not None:
            from ._bootstrap import confidence_intervals

            resample = ({} if sample_weight is None else
                        {"y_true": y_true, "y_pred": y_pred, "sample_weight": sample_weight})
            intervals = confidence_intervals(
                confusion, functools.partial(count_values, beta=beta,
                                             zero_division=zero_division),
                n_resamples=n_resamples, confidence_level=confidence_level,
                random_state=random_state, **resample)
    return QualityReport(confusion, values, beta=beta, digits=digits, max_rows=max_rows,
                         weighted=sample_weight is not None, intervals=intervals,
                         confidence_level=confidence_level)


def _python(value):
    """A JSON-friendly Python scalar (NaN stays a float NaN)."""
    if isinstance(value, np.generic):
        value = value.item()
    return value


def _plain_dict(d):
    return {k: _python(v) for k, v in d.items()}


def _json_safe(obj):
    """Replace NaN and infinities by None (strict JSON has neither)."""
    if isinstance(obj, dict):
        return {k: _json_safe(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [_json_safe(v) for v in obj]
    if isinstance(obj, float) and not math.isfinite(obj):
        return None
    return obj


class QualityReport:
    """Per-class and overall metrics of one confusion; made by :func:`quality_report`.

    Render it with ``str()`` (aligned text), :meth:`to_markdown`, :meth:`to_json`,
    :meth:`to_dict`, :meth:`to_frame` (pandas) or, in Jupyter, as an HTML table
    (``_repr_html_``).

    Parameters
    ----------
    confusion : Confusion
        The counts the values come from.
    values : dict
        The numbers, laid out as :func:`count_values` returns them, with optional
        ``per_class["roc_auc"]``, ``per_class["pr_auc"]`` and ``scores``.
    beta : float, default=1.0
        The beta of the F-scores (for the column names).
    digits : int, default=4
        Decimals in the text, Markdown and HTML forms.
    max_rows : int or None, default=30
        Most per-class rows in the text, Markdown and HTML forms.
    weighted : bool, default=False
        Whether the counts are sample-weight sums (the header says "total weight").
    intervals : dict, default=None
        Confidence intervals ``(low, high)`` of the values, in the layout of ``values``
        (per-class entries as a pair of arrays). Every output form shows them.
    confidence_level : float, default=None
        The confidence level of ``intervals``.

    Attributes
    ----------
    confusion : Confusion
        The counts.
    labels : ndarray
        The classes, in the order of the per-class arrays.
    per_class : dict of str to ndarray
        ``precision``, ``recall``, ``fscore``, ``specificity``, ``balanced_auc``,
        ``support`` (and ``roc_auc``, ``pr_auc`` with scores), one value per class.
    averages : dict of str to dict
        ``micro``, ``macro`` and ``weighted`` rows of the per-class count metrics.
    overall : dict of str to float
        Accuracy, MCC, kappa and oneDAL's multi-class block.
    scores : dict of str to float or None
        Log loss, AUC Mu and macro one-vs-all ROC AUC and PR AUC (None without scores).

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
    """

    def __init__(self, confusion, values, *, beta=1.0, digits=4, max_rows=30, weighted=False,
                 intervals=None, confidence_level=None):
        self.confusion = confusion
        self.labels = confusion.labels
        self.per_class = values["per_class"]
        self.averages = values["averages"]
        self.overall = values["overall"]
        self.scores = values.get("scores")
        self.beta = check_beta(beta)
        self.digits = _check_digits(digits)
        self.max_rows = _check_rows(max_rows)
        self.weighted = weighted
        self.intervals = intervals or {}
        self.confidence_level = confidence_level

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
        beta, zero_division = check_beta(beta), check_zero_division(zero_division)
        with _warnings_once():
            values = count_values(confusion, beta=beta, zero_division=zero_division)
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
            Keywords of :func:`quality_report` (``sample_weight``, ``beta``...).

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

    # -- data forms -----------------------------------------------------------------
    @property
    def _class_columns(self):
        return [m for m in CLASS_METRICS + CLASS_SCORE_METRICS if m in self.per_class]

    def to_dict(self):
        """All the numbers as nested dicts of Python scalars (full precision).

        Returns
        -------
        dict
            ``{"labels", "n_classes", "total", "beta", "per_class": {str(label): {...}},
            "averages": {"micro" | "macro" | "weighted": {...}}, "overall": {...}}``,
            plus ``"scores"`` with ``y_score`` and ``"intervals"`` (same layout,
            ``[low, high]`` pairs) with confidence intervals. Undefined values are NaN.
        """
        columns = self._class_columns + ["support"]
        out = {
            "labels": [_python(v) for v in self.labels.tolist()],
            "n_classes": int(self.labels.shape[0]),
            "total": _python(self.confusion.total),
            "beta": self.beta,
            "per_class": {
                str(label): {m: _python(self.per_class[m][i]) for m in columns}
                for i, label in enumerate(self.labels.tolist())
            },
            "averages": {a: _plain_dict(row) for a, row in self.averages.items()},
            "overall": dict(self.overall),
        }
        if self.scores is not None:
            out["scores"] = dict(self.scores)
        if self.intervals:
            out["confidence_level"] = self.confidence_level
            out["intervals"] = self._intervals_dict()
        return out

    def _intervals_dict(self):
        iv = self.intervals
        out = {}
        if "per_class" in iv:
            out["per_class"] = {
                str(label): {m: [_python(lo[i]), _python(hi[i])]
                             for m, (lo, hi) in iv["per_class"].items()}
                for i, label in enumerate(self.labels.tolist())}
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
        return json.dumps(_json_safe(self.to_dict()), allow_nan=False, **kwargs)

    def to_frame(self, table="classes"):
        """The report as a pandas DataFrame (needs pandas).

        Parameters
        ----------
        table : {'classes', 'summary'}, default='classes'
            ``'classes'``: one row per class then the ``micro avg``, ``macro avg`` and
            ``weighted avg`` rows, one column per metric (all classes, whatever
            ``max_rows``). ``'summary'``: one row per overall and score metric, with a
            ``value`` column.

        Returns
        -------
        pandas.DataFrame
            The table asked for.
        """
        import pandas as pd

        if table == "classes":
            columns = self._class_columns + ["support"]
            data = {m: np.asarray(self.per_class[m]) for m in columns}
            frame = pd.DataFrame(data, index=pd.Index(self.labels, name="class"))
            averages = pd.DataFrame(
                [[self.averages[a].get(m, np.nan) for m in columns] for a in AVERAGES],
                index=[f"{a} avg" for a in AVERAGES], columns=columns)
            return pd.concat([frame, averages]).rename_axis("class")
        if table == "summary":
            values = dict(self.overall)
            values.update(self.scores or {})
            return pd.DataFrame({"value": list(values.values())},
                                index=pd.Index(list(values), name="metric"))
        raise ValueError(f"table must be 'classes' or 'summary', got {table!r}.")

    # -- layout shared by the text, Markdown and HTML forms ---------------------------
    def _shown_classes(self, max_rows):
        """Positions of the classes to show, in label order, and the note on the others."""
        k = self.labels.shape[0]
        if max_rows is None or k <= max_rows:
            return np.arange(k), None
        fscore = np.asarray(self.per_class["fscore"], dtype=np.float64)
        support = np.asarray(self.per_class["support"], dtype=np.float64)
        n_worst = (max_rows + 1) // 2
        worst = np.lexsort((-support, np.where(np.isnan(fscore), -np.inf, fscore)))[:n_worst]
        chosen = np.zeros(k, dtype=bool)
        chosen[worst] = True
        by_size = np.argsort(-support, kind="stable")
        largest = by_size[~chosen[by_size]][:max_rows - n_worst]
        chosen[largest] = True
        f = _f_name(self.beta)
        note = (f"{k - max_rows} of {k} classes not shown: the rows are the {n_worst} classes "
                f"with the lowest {f} and the {max_rows - n_worst} largest others "
                "(to_frame() and to_dict() hold every class; max_rows=None shows all).")
        return np.flatnonzero(chosen), note

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
            support = np.asarray(self.per_class["support"], dtype=np.float64)
            whole = self.__dict__["_whole_support"] = bool(
                np.all(support == np.round(support)))
        if value.is_integer() and whole:
            return str(int(value))
        return f"{value:.{self.digits}f}"

    def _cell(self, value, interval):
        text = self._fmt(value)
        if interval is not None:
            text += f" [{self._fmt(interval[0])}, {self._fmt(interval[1])}]"
        return text

    def _interval(self, section, key, sub=None, index=None):
        found = self.intervals.get(section, {}).get(key)
        if found is not None and sub is not None:
            found = found.get(sub)
        if found is not None and index is not None:
            found = (found[0][index], found[1][index])
        return found

    def _blocks(self, max_rows):
        """The report as blocks ``("title" | "note", text)`` and
        ``("table", header, rows)``; rows are lists of cell strings, the first cell a name."""
        f = _f_name(self.beta)
        columns = self._class_columns
        header = ["class"] + [f if m == "fscore" else _HEADERS[m] for m in columns] + ["support"]
        shown, note = self._shown_classes(max_rows)
        rows = []
        labels = self.labels.tolist()
        for i in shown:
            rows.append([str(labels[i])]
                        + [self._cell(self.per_class[m][i],
                                      self._interval("per_class", m, index=i)) for m in columns]
                        + [self._fmt_count(self.per_class["support"][i])])
        averages = [[f"{a} avg"]
                    + [self._cell(self.averages[a].get(m), self._interval("averages", a, m))
                       for m in columns]
                    + [self._fmt_count(self.averages[a]["support"])] for a in AVERAGES]
        k = len(labels)
        what = "total weight" if self.weighted else "samples"
        total = self._fmt_count(self.confusion.total)
        title = (f"Quality report: {total} samples, {k} classes" if not self.weighted else
                 f"Quality report: {what} {total}, {k} classes")
        if self.beta != 1:
            title += f", beta = {self.beta:g}"
        if self.intervals and self.confidence_level is not None:
            title += f", {self.confidence_level:.0%} confidence intervals in brackets"
        blocks = [("title", title), ("table", header, rows, averages)]
        if note:
            blocks.append(("note", note))
        sections = list(_SUMMARY)
        if self.scores is not None:
            sections.append(_SCORES)
        for name, entries in sections:
            values = self.overall if name != _SCORES[0] else self.scores
            section = "overall" if name != _SCORES[0] else "scores"
            summary = [[label.format(F=f), self._cell(values[key], self._interval(section, key))]
                       for key, label in entries if key in values]
            blocks.append(("summary", name, summary))
        return blocks

    # -- rendered forms -----------------------------------------------------------------
    def _render(self, max_rows, *, title, note, table, summary):
        """Lines of the report: each block of :meth:`_blocks` goes to the renderer of
        its kind (``title(text)``, ``note(text)``, ``table(header, rows, averages)``,
        ``summary(name, rows)``), which returns a list of lines."""
        max_rows = self.max_rows if max_rows is None else _check_rows(max_rows)
        renderers = {"title": title, "note": note, "table": table, "summary": summary}
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
            rows = [[_cut(r[0], width)] + r[1:] for r in rows]
            return _aligned([header] + rows + averages, blank_before=len(rows) + 1)

        return "\n".join(self._render(
            max_rows, title=lambda text: [text, ""],
            note=lambda text: textwrap.wrap(f"({text})", 88), table=table,
            summary=lambda name, rows: ["", name] + ["  " + line for line in
                                                     _aligned(rows, left_first=True)]))

    def __str__(self):
        return self.to_text()

    def __repr__(self):
        scores = ", with scores" if self.scores is not None else ""
        return (f"<QualityReport: {self.labels.shape[0]} classes, "
                f"accuracy {self.overall['accuracy']:.{self.digits}f}{scores}>")

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
        return "\n".join(self._render(
            max_rows, title=lambda text: [f"**{text}**", ""],
            note=lambda text: ["", f"*{_md(text)}*"],
            table=lambda header, rows, averages: _md_table(
                header, rows + [[f"**{r[0]}**"] + r[1:] for r in averages]),
            summary=lambda name, rows: [""] + _md_table([name, "value"], rows))) + "\n"

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
        return "\n".join(['<div class="metrics-sk-report">'] + self._render(
            max_rows, title=lambda text: [f"<p><strong>{esc(text)}</strong></p>"],
            note=lambda text: [f"<p><em>{esc(text)}</em></p>"],
            table=lambda header, rows, averages: [_html_table(header, rows, averages)],
            summary=lambda name, rows: [_html_table([name, "value"], rows, [])]) + ["</div>"])


def _cut(text, width):
    return text if len(text) <= width else text[:width - 3] + "..."


def _aligned(rows, *, gap=2, blank_before=None, left_first=False):
    """Right-aligned columns (the first left-aligned if ``left_first``); a blank line
    before row ``blank_before``."""
    widths = [max(len(r[j]) for r in rows) for j in range(len(rows[0]))]
    lines = [(" " * gap).join(cell.ljust(w) if j == 0 and left_first else cell.rjust(w)
                              for j, (cell, w) in enumerate(zip(r, widths))).rstrip()
             for r in rows]
    if blank_before is not None and blank_before < len(lines):
        lines.insert(blank_before, "")
    return lines


def _md(text):
    return text.replace("|", "\\|").replace("*", "\\*").replace("_", "\\_")


def _md_table(header, rows):
    lines = ["| " + " | ".join(_md(h) for h in header) + " |",
             "|" + "|".join([":---"] + ["---:"] * (len(header) - 1)) + "|"]
    lines += ["| " + " | ".join([r[0] if r[0].startswith("**") else _md(r[0])]
                                + [_md(c) for c in r[1:]]) + " |" for r in rows]
    return lines


def _html_table(header, rows, averages):
    esc = html.escape
    head = "".join(f"<th>{esc(h)}</th>" for h in header)
    body = [
        f"<tr{style}>" + f'<th style="text-align:right">{esc(r[0])}</th>'
        + "".join(f'<td style="text-align:right">{esc(c)}</td>' for c in r[1:]) + "</tr>"
        for group, style in ((rows, ""), (averages, ' style="border-top:1px solid"'))
        for r in group]
    return (f"<table><thead><tr>{head}</tr></thead><tbody>" + "".join(body)
            + "</tbody></table>")


def _analytic_calls(beta, zero_division):
    """The metric call ``(name, kwargs)`` behind each value of :func:`count_values`, in its
    layout (support excluded: a count has no interval here)."""
    zd = {"zero_division": zero_division}

    def columns(average):
        kwargs = {"average": average, **zd}
        return {"precision": ("precision_score", kwargs), "recall": ("recall_score", kwargs),
                "fscore": ("fbeta_score", {"beta": beta, **kwargs}),
                "specificity": ("specificity_score", kwargs),
                "balanced_auc": ("balanced_auc_score", kwargs)}

    return {"per_class": columns(None),
            "averages": {average: columns(average) for average in AVERAGES},
            "overall": {
                "accuracy": ("accuracy_score", {}),
                "matthews_corrcoef": ("matthews_corrcoef", {}),
                "cohen_kappa": ("cohen_kappa_score", {}),
                "average_accuracy": ("average_accuracy_score", zd),
                "error_rate": ("error_rate", zd),
                "micro_precision": ("micro_precision_score", zd),
                "micro_recall": ("micro_recall_score", zd),
                "micro_fscore": ("micro_fbeta_score", {"beta": beta, **zd}),
                "macro_precision": ("macro_precision_score", zd),
                "macro_recall": ("macro_recall_score", zd),
                "macro_fscore": ("macro_fbeta_score", {"beta": beta, **zd}),
                "mean_class_fscore": ("fbeta_score", {"beta": beta, "average": "macro", **zd}),
            }}


def _analytic_intervals(confusion, beta, zero_division, confidence_level, samples):
    """Analytic intervals of the count values, in the layout of :func:`count_values`."""
    from ._intervals import confusion_intervals

    calls = _analytic_calls(beta, zero_division)
    leaves = [(section, key) for section in ("per_class", "overall") for key in calls[section]]
    leaves += [("averages", (average, key)) for average in AVERAGES
               for key in calls["averages"][average]]

    def call(section, key):
        return (calls[section][key] if section != "averages"
                else calls[section][key[0]][key[1]])

    results = confusion_intervals(confusion, [call(*leaf) for leaf in leaves],
                                  confidence_level=confidence_level, samples=samples)
    out = {"per_class": {}, "overall": {}, "averages": {a: {} for a in AVERAGES}}
    for (section, key), res in zip(leaves, results):
        if section == "averages":
            out[section][key[0]][key[1]] = res.confidence_interval
        else:
            out[section][key] = res.confidence_interval
    return out
