"""Metrics as data: one registry that everything else reads.

:data:`METRICS` holds one :class:`Metric` per public metric function: what it takes, how
a fitted estimator feeds it (``response_method``), its sign, whether it is a count metric
(a formula of a :class:`~metrics_sk.Confusion`: then it is also a ``Confusion`` method,
streamable with ``update`` and ``+``, Dask-capable through the builder, and
bootstrappable by resampling confusion cells, vectorized when ``batch``), its scorer names
and its display name. The scorers (``get_scorer``, ``get_scorer_names``,
``register_scorers``), the report's rows, the bootstrap's metric names, the docs' tables
and the tests' parametrizations are derived from it.

Adding a count metric is: its formula (with the metric's one docstring) in ``_counts``
under ``@formula``; its public function (check -> count -> formula, documented by the
formula) in ``_onedal`` or ``_dropins``, exported by ``metrics_sk/__init__.py``; its
method in ``Confusion``, ``ConfusionBatch`` and ``GroupedConfusion`` (one line calling
the formula); and one entry here. ``tests/test_routes.py`` fails on a metric half-added.
"""

from dataclasses import dataclass, field

from . import _counts, _dropins, _onedal, _scores


@dataclass(frozen=True)
class Metric:
    """One public metric and the facts every other part reads about it.

    Parameters
    ----------
    name : str
        Name of the public function (and of the ``Confusion`` method of a count metric).
    function : callable
        The public function.
    family : str
        ``"sklearn"`` (a scikit-learn drop-in), ``"onedal"``, ``"imblearn"`` or
        ``"catboost"`` (score metrics of CatBoost's).
    takes : {'labels', 'scores', 'probabilities'}
        What its second argument is.
    response_method : str or tuple of str
        The estimator method a scorer calls (a tuple: the first one the estimator has).
    greater_is_better : bool
        False for losses and error rates (their scorers are ``neg_*``).
    count : bool
        Whether it is a formula of a confusion (see the module docstring).
    batch : bool
        Whether its formula's value on a batch of confusions (bootstrap replicates, groups)
        is a number or per-class array per confusion, evaluated at once: declared by the
        formula (``_counts``). The others (matrices, result blocks) evaluate the groups at
        once too, split per group; the bootstrap calls them per replicate.
    binary_only : bool
        Whether it needs a binary target.
    display : str
        Short name in reports and plots.
    scorers : dict
        Scorer name -> the keyword arguments that scorer fixes.

    Examples
    --------
    >>> from metrics_sk._registry import METRICS
    >>> METRICS["macro_fbeta_score"].scorers["macro_fscore"]
    {}
    >>> METRICS["log_loss"].response_method, METRICS["log_loss"].count
    ('predict_proba', False)
    """

    name: str
    function: object
    family: str
    takes: str = "labels"
    response_method: object = "predict"
    greater_is_better: bool = True
    count: bool = True
    binary_only: bool = False
    display: str = ""
    scorers: dict = field(default_factory=dict)

    @property
    def batch(self):
        """Whether the formula's batch value is a number or per-class array per confusion."""
        return self.count and self.formula.batch

    @property
    def formula(self):
        """The ``_counts`` formula of a count metric (None for a score metric)."""
        return _counts.FORMULAS.get(self.name) if self.count else None


def _averaged(name, averages, **fixed):
    """``name`` for the default ``average``; ``name_<average>`` for the others."""
    return {name: dict(fixed), **{f"{name}_{a}": {**fixed, "average": a} for a in averages}}


def _entries():
    sk, od = _dropins, _onedal
    return [
        # scikit-learn drop-ins (their scikit-learn scorer names are scikit-learn's own)
        Metric("confusion_matrix", sk.confusion_matrix, "sklearn",
               display="confusion matrix"),
        Metric("precision_recall_fscore_support", sk.precision_recall_fscore_support,
               "sklearn", display="P/R/F/support"),
        Metric("precision_score", sk.precision_score, "sklearn", display="precision"),
        Metric("recall_score", sk.recall_score, "sklearn", display="recall"),
        Metric("fbeta_score", sk.fbeta_score, "sklearn", display="F-beta"),
        Metric("f1_score", sk.f1_score, "sklearn", display="F1"),
        Metric("accuracy_score", sk.accuracy_score, "sklearn", display="accuracy"),
        Metric("balanced_accuracy_score", sk.balanced_accuracy_score, "sklearn",
               display="balanced accuracy"),
        Metric("matthews_corrcoef", sk.matthews_corrcoef, "sklearn", display="MCC"),
        Metric("cohen_kappa_score", sk.cohen_kappa_score, "sklearn", display="kappa",
               scorers={"cohen_kappa": {}, "weighted_kappa": {"weights": "quadratic"},
                        "weighted_kappa_linear": {"weights": "linear"}}),
        Metric("hamming_loss", sk.hamming_loss, "sklearn", greater_is_better=False,
               display="Hamming loss"),
        Metric("zero_one_loss", sk.zero_one_loss, "sklearn", greater_is_better=False,
               display="0-1 loss"),
        # oneDAL's multi-class metrics keep oneDAL's names (microPrecision: micro_precision)
        Metric("average_accuracy_score", od.average_accuracy_score, "onedal",
               display="average accuracy", scorers={"average_accuracy": {}}),
        Metric("error_rate", od.error_rate, "onedal", greater_is_better=False,
               display="error rate", scorers={"neg_error_rate": {}}),
        Metric("micro_precision_score", od.micro_precision_score, "onedal",
               display="micro precision", scorers={"micro_precision": {}}),
        Metric("micro_recall_score", od.micro_recall_score, "onedal",
               display="micro recall", scorers={"micro_recall": {}}),
        Metric("micro_fbeta_score", od.micro_fbeta_score, "onedal", display="micro F",
               scorers={"micro_fscore": {}}),
        Metric("macro_precision_score", od.macro_precision_score, "onedal",
               display="macro precision", scorers={"macro_precision": {}}),
        Metric("macro_recall_score", od.macro_recall_score, "onedal",
               display="macro recall", scorers={"macro_recall": {}}),
        Metric("macro_fbeta_score", od.macro_fbeta_score, "onedal",
               display="macro F (oneDAL)",
               scorers={"macro_fscore": {}, "macro_f2": {"beta": 2.0},
                        "macro_f05": {"beta": 0.5}}),
        Metric("multiclass_quality_metrics", od.multiclass_quality_metrics, "onedal", display="oneDAL multi-class block"),
        # oneDAL's binary metrics (default average="binary"), averaged as precision_macro
        Metric("binary_confusion_matrix", od.binary_confusion_matrix, "onedal",
               binary_only=True, display="binary confusion matrix"),
        Metric("binary_quality_metrics", od.binary_quality_metrics, "onedal",
               binary_only=True, display="oneDAL binary block"),
        Metric("specificity_score", od.specificity_score, "onedal", display="specificity",
               scorers=_averaged("specificity", ("micro", "macro", "weighted"))),
        Metric("balanced_auc_score", od.balanced_auc_score, "onedal",
               display="balanced AUC",
               scorers=_averaged("balanced_auc", ("micro", "macro", "weighted"))),
        # imbalanced-learn
        Metric("geometric_mean_score", od.geometric_mean_score, "imblearn", display="G-mean",
               scorers=_averaged("geometric_mean", ("macro", "weighted"))),
        # fairlearn
        Metric("selection_rate", od.selection_rate, "fairlearn", binary_only=True,
               display="selection rate"),
        # score metrics, on decision_function or predict_proba (neg_log_loss is
        # scikit-learn's own scorer name); one-vs-all AUCs default to average="macro"
        Metric("log_loss", _scores.log_loss, "sklearn", takes="probabilities",
               response_method="predict_proba", greater_is_better=False, count=False,
               display="log loss"),
        Metric("hinge_loss", _scores.hinge_loss, "sklearn", takes="scores",
               response_method="decision_function", greater_is_better=False, count=False,
               display="hinge loss", scorers={"neg_hinge_loss": {}}),
        Metric("one_vs_all_log_loss", _scores.one_vs_all_log_loss, "catboost",
               takes="probabilities", response_method="predict_proba",
               greater_is_better=False, count=False, display="one-vs-all log loss",
               scorers={"neg_one_vs_all_log_loss": {}}),
        Metric("roc_auc_mu_score", _scores.roc_auc_mu_score, "catboost", takes="scores",
               response_method=("decision_function", "predict_proba"), count=False,
               display="AUC mu", scorers={"roc_auc_mu": {}}),
        Metric("one_vs_all_roc_auc_score", _scores.one_vs_all_roc_auc_score, "catboost",
               takes="probabilities", response_method="predict_proba", count=False,
               display="ROC AUC",
               scorers=_averaged("one_vs_all_roc_auc", ("weighted",))),
        Metric("one_vs_all_pr_auc_score", _scores.one_vs_all_pr_auc_score, "catboost",
               takes="probabilities", response_method="predict_proba", count=False,
               display="PR AUC", scorers=_averaged("one_vs_all_pr_auc", ("weighted",))),
    ]


#: Every public metric, by function name.
METRICS = {m.name: m for m in _entries()}

#: Every scorer name -> (metric, the keyword arguments the scorer fixes).
SCORER_NAMES = {scorer: (m, kwargs) for m in METRICS.values()
                for scorer, kwargs in m.scorers.items()}


def resolve(metric):
    """The :class:`Metric` of a metric function, function name or scorer name.

    Raises a ValueError that names the closest names for anything else.
    """
    if isinstance(metric, Metric):
        return metric
    if isinstance(metric, str):
        if metric in METRICS:
            return METRICS[metric]
        if metric in SCORER_NAMES:
            return SCORER_NAMES[metric][0]
        import difflib

        close = difflib.get_close_matches(metric, list(METRICS) + list(SCORER_NAMES), n=3)
        hint = f" Did you mean {' or '.join(map(repr, close))}?" if close else ""
        raise ValueError(f"{metric!r} is not a metrics_sk metric: pass a metric function, "
                         f"its name (e.g. 'f1_score') or a scorer name.{hint}")
    for m in METRICS.values():
        if m.function is metric:
            return m
    return None
