"""The facts about every metric, as data: the low half of the registry.

:data:`FACTS` holds one :class:`Facts` per public metric function, by name: what the
metric takes, how a fitted estimator feeds it, its sign, its constraints, its interval
family, whether it streams, its display text, its scorer names and the properties the
common tests check. It holds no function, so that the lowest modules (the parameter
checks of ``_params``, ``StreamingLoss``, the score metrics) can read it; the registry
(``metrics_sk/_registry.py``) binds each name to its public function and formula, and
everything above reads it there. No other module keeps a table keyed by metric names
(``tests/test_registry.py`` checks it).
"""

from dataclasses import dataclass, field
from numbers import Integral, Real

import numpy as np

from ._sklearn_compat import Hidden, Interval, Options, StrOptions

# -- constraints (scikit-learn's objects; ``_params.PARAMETERS`` has the shared ones) -------
_ARRAY = ["array-like"]
_ONE_VS_ALL = {"y_true": _ARRAY, "y_score": _ARRAY, "labels": ["array-like", None],
               "sample_weight": ["array-like", None]}
_OVA_AVERAGE = [StrOptions({"macro", "weighted"}), None]
_BINARY_AVERAGES = [StrOptions({"binary", "micro", "macro", "weighted"}), None]
_INDICATOR = ["array-like", "sparse matrix"]  # a label indicator matrix, maybe sparse
_TOP_K = [Interval(Integral, 1, None, closed="left"), None]

#: Constraints shared by the operating points (metrics_sk/_thresholds.py).
_OPERATING = {"y_true": _ARRAY, "y_score": _ARRAY, "pos_label": [Real, str, "boolean", None],
              "sample_weight": ["array-like", None]}

#: Constraints of the ranking drop-ins that are curves, not metrics (scikit-learn's own).
_CURVE = {"y_true": _ARRAY, "y_score": _ARRAY, "pos_label": [Real, str, "boolean", None],
          "sample_weight": ["array-like", None]}
CURVE_CONSTRAINTS = {
    "confusion_matrix_at_thresholds": _CURVE,
    "roc_curve": {**_CURVE, "drop_intermediate": ["boolean"]},
    "precision_recall_curve": {**_CURVE, "drop_intermediate": ["boolean"]},
    "det_curve": {**_CURVE, "drop_intermediate": ["boolean"]},
    "auc": {"x": _ARRAY, "y": _ARRAY},
    # metrics_sk/_calibration.py (scikit-learn's objects overlay these where it has them)
    "calibration_curve": {"y_true": _ARRAY, "y_prob": _ARRAY,
                          "pos_label": [Real, str, "boolean", None],
                          "n_bins": [Interval(Integral, 1, None, closed="left")],
                          "strategy": [StrOptions({"uniform", "quantile"})],
                          "sample_weight": ["array-like", None]},
}

#: The interval families of :func:`~metrics_sk.analytic_interval`: its methods per family
#: (the first is the default; ``"bootstrap"`` is always allowed besides).
INTERVAL_METHODS = {
    "proportion": ("wilson", "clopper_pearson"),
    "delta": ("delta",),
    "fisher_z": ("fisher_z",),
    "kappa_se": ("kappa_se",),
    "delong": ("delong",),
    "mean": ("mean",),  # a mean of per-sample losses: the CLT (the Brier score)
}


@dataclass(frozen=True)
class Facts:
    """The facts about one public metric that every other part reads.

    Parameters
    ----------
    name : str
        Name of the public function (and of the ``Confusion`` method of a count metric).
    family : str
        ``"sklearn"`` (a scikit-learn drop-in), ``"onedal"``, ``"imblearn"``,
        ``"fairlearn"``, ``"catboost"`` (score metrics of CatBoost's), ``"decisions"``
        (metrics_sk's decision analysis: the expected cost of a cost matrix) or
        ``"metrics_sk"`` (its own: the operating points of a binary scoring).
    takes : {'labels', 'scores', 'probabilities'}
        What its second argument is.
    response_method : str or tuple of str
        The estimator method a scorer calls (a tuple: the first one the estimator has).
    greater_is_better : bool
        False for losses and error rates (their scorers are ``neg_*``).
    count : bool
        Whether it is a formula of a confusion: then it is also a ``Confusion`` method,
        streamable with ``update`` and ``+``, Dask-capable through the builder, and
        bootstrappable by resampling confusion cells.
    binary_only : bool
        Whether it needs a binary target.
    display : str
        Short name in reports, plots and the command's output.
    scorers : dict
        Scorer name -> the keyword arguments that scorer fixes.
    constraints : dict
        Parameter name -> its constraints. A count metric lists only where it differs
        from the shared table by parameter name (``_params.PARAMETERS``), as
        scikit-learn's functions do; a score metric lists all its parameters.
    interval : str or None
        Its family of :func:`~metrics_sk.analytic_interval` (a key of
        :data:`INTERVAL_METHODS`); a ``"proportion"`` averaged over classes is
        ``"delta"``. None: bootstrap only.
    proportion : tuple or None
        ``(ratio, classes)`` of a proportion: the ratio (``"precision"``, ``"recall"``,
        ``"specificity"``, ``"error"``) and how its classes are chosen (``"sklearn"``,
        ``"onedal"`` or ``"all"``).
    streaming : bool
        Whether it accumulates over batches: a count metric through
        ``Confusion.update``, a loss through :class:`~metrics_sk.StreamingLoss`.
    symmetric : bool
        Whether ``f(a, b) == f(b, a)`` with its defaults.
    labels : tuple of (dict, str)
        Where the report says more than ``display``: (keyword arguments, text) pairs, the
        first whose arguments the call has (``{}``: any call); ``{F}`` is the report's
        F-beta (F1, F2...).
    report : tuple of (str, int, str, dict)
        Where :func:`~metrics_sk.quality_report` shows it: (section, position in the
        section, key, keyword arguments); the sections are ``"classes"`` (a column of
        the class table, called per class and per average), ``"class_scores"`` (a score
        column of it), ``"overall"``, ``"onedal"``, ``"scores"`` and ``"groups"`` (a
        column of the per-group table, the first sorting it).
    compared : tuple of (int, str, dict)
        The rows of ``metrics-sk compare`` this metric gives: (position in the table,
        shown name, keyword arguments).
    target : {'labels', 'indicator'}
        What its first argument is: class labels, or (the multilabel ranking metrics) a
        matrix of one column per label (a label indicator matrix, or a gain per label).
    """

    name: str
    family: str
    takes: str = "labels"
    response_method: object = "predict"
    greater_is_better: bool = True
    count: bool = True
    binary_only: bool = False
    display: str = ""
    scorers: dict = field(default_factory=dict)
    constraints: dict = field(default_factory=dict)
    interval: object = "delta"
    proportion: object = None
    streaming: bool = None
    symmetric: bool = False
    labels: tuple = ()
    report: tuple = ()
    compared: tuple = ()
    target: str = "labels"

    def __post_init__(self):
        if self.streaming is None:  # a count metric streams through its confusion
            object.__setattr__(self, "streaming", self.count)


def _averaged(name, averages, **fixed):
    """``name`` for the default ``average``; ``name_<average>`` for the others."""
    return {name: dict(fixed), **{f"{name}_{a}": {**fixed, "average": a} for a in averages}}


def _entries():
    F = Facts
    return [
        # scikit-learn drop-ins (their scikit-learn scorer names are scikit-learn's own)
        F("confusion_matrix", "sklearn", display="confusion matrix", interval=None,
          constraints={"y_true": _ARRAY, "y_pred": _ARRAY,
                       "normalize": [StrOptions({"true", "pred", "all"}), None]}),
        F("precision_recall_fscore_support", "sklearn", display="P/R/F/support",
          interval=None),
        F("precision_score", "sklearn",
          report=(("classes", 0, "precision", {}),), display="precision", interval="proportion",
          proportion=("precision", "sklearn")),
        F("recall_score", "sklearn",
          report=(("classes", 1, "recall", {}),), display="recall", interval="proportion",
          proportion=("recall", "sklearn")),
        F("fbeta_score", "sklearn",
          report=(("classes", 2, "fscore", {}),
                  ("onedal", 8, "mean_class_fscore", {"average": "macro"}),
                  ("groups", 0, "mean_class_fscore", {"average": "macro"})), display="F-beta",
          labels=(({"average": "macro"}, "macro {F}, scikit-learn: mean of class {F}"),)),
        F("f1_score", "sklearn", display="F1", symmetric=True,
          compared=((1, "macro F1 (mean of class F1)", {"average": "macro",
                                                        "zero_division": 0.0}),
                    (2, "weighted F1", {"average": "weighted", "zero_division": 0.0}))),
        F("accuracy_score", "sklearn",
          report=(("overall", 0, "accuracy", {}), ("groups", 2, "accuracy", {})), display="accuracy", interval="proportion",
          proportion=("recall", "all"), symmetric=True, compared=((0, "accuracy", {}),)),
        F("balanced_accuracy_score", "sklearn",
          report=(("groups", 1, "balanced_accuracy", {}),), display="balanced accuracy",
          constraints={"y_true": _ARRAY, "y_pred": _ARRAY},
          compared=((4, "balanced accuracy", {}),)),
        F("matthews_corrcoef", "sklearn",
          report=(("overall", 1, "matthews_corrcoef", {}),), display="MCC", interval="fisher_z",
          constraints={"y_true": _ARRAY, "y_pred": _ARRAY}, symmetric=True,
          labels=(({}, "Matthews correlation (MCC)"),), compared=((5, "MCC", {}),)),
        F("cohen_kappa_score", "sklearn",
          report=(("overall", 2, "cohen_kappa", {}),), display="kappa", interval="kappa_se",
          constraints={"y1": _ARRAY, "y2": _ARRAY}, symmetric=True,
          scorers={"cohen_kappa": {}, "weighted_kappa": {"weights": "quadratic"},
                   "weighted_kappa_linear": {"weights": "linear"}},
          labels=(({}, "Cohen's kappa"),), compared=((6, "Cohen's kappa", {}),)),
        # the likelihood ratios (LR+, LR-): a pair, so no scorer of metrics_sk's; scikit-learn's
        # own positive_likelihood_ratio and neg_negative_likelihood_ratio serve them
        # (sklearn.metrics.get_scorer), and metrics_sk never registers them again
        F("class_likelihood_ratios", "sklearn", binary_only=True,
          display="likelihood ratios (LR+, LR-)", interval=None,
          constraints={"replace_undefined_by": [Options(Real, {1.0, np.nan}), dict]}),
        F("hamming_loss", "sklearn", greater_is_better=False, display="Hamming loss",
          interval="proportion", proportion=("error", "all"), symmetric=True),
        F("zero_one_loss", "sklearn", greater_is_better=False, display="0-1 loss",
          interval="proportion", proportion=("error", "all"), symmetric=True),
        # (its scorers, jaccard and jaccard_{macro,micro,weighted,samples}, are
        # scikit-learn's own names, which metrics_sk never shadows: tests/test_scorers.py)
        F("jaccard_score", "sklearn", display="Jaccard", symmetric=True),
        F("multilabel_confusion_matrix", "sklearn", display="multilabel confusion matrix",
          interval=None),
        # oneDAL's multi-class metrics keep oneDAL's names (microPrecision: micro_precision)
        F("average_accuracy_score", "onedal",
          report=(("onedal", 0, "average_accuracy", {}),), display="average accuracy", symmetric=True,
          scorers={"average_accuracy": {}}),
        F("error_rate", "onedal",
          report=(("onedal", 1, "error_rate", {}),), greater_is_better=False, display="error rate",
          symmetric=True, scorers={"neg_error_rate": {}}),
        F("micro_precision_score", "onedal",
          report=(("onedal", 2, "micro_precision", {}),), display="micro precision", symmetric=True,
          interval="proportion", proportion=("precision", "onedal"),
          scorers={"micro_precision": {}}),
        F("micro_recall_score", "onedal",
          report=(("onedal", 3, "micro_recall", {}),), display="micro recall", symmetric=True,
          interval="proportion", proportion=("recall", "onedal"),
          scorers={"micro_recall": {}}),
        F("micro_fbeta_score", "onedal",
          report=(("onedal", 4, "micro_fscore", {}),), display="micro F", symmetric=True,
          scorers={"micro_fscore": {}}),
        F("macro_precision_score", "onedal",
          report=(("onedal", 5, "macro_precision", {}),), display="macro precision",
          scorers={"macro_precision": {}}),
        F("macro_recall_score", "onedal",
          report=(("onedal", 6, "macro_recall", {}),), display="macro recall",
          scorers={"macro_recall": {}}),
        F("macro_fbeta_score", "onedal",
          report=(("onedal", 7, "macro_fscore", {}),), display="macro F (oneDAL)", symmetric=True,
          scorers={"macro_fscore": {}, "macro_f2": {"beta": 2.0}, "macro_f05": {"beta": 0.5}},
          labels=(({}, "macro {F}, oneDAL: {F} of macro P and R"),),
          compared=((3, "macro F1, oneDAL", {"zero_division": 0.0}),)),
        F("multiclass_quality_metrics", "onedal", display="oneDAL multi-class block",
          interval=None),
        # oneDAL's binary metrics (default average="binary"), averaged as precision_macro
        F("binary_confusion_matrix", "onedal", binary_only=True,
          display="binary confusion matrix", interval=None),
        F("binary_quality_metrics", "onedal", binary_only=True, display="oneDAL binary block",
          interval=None),
        F("specificity_score", "onedal",
          report=(("classes", 3, "specificity", {}),), display="specificity", interval="proportion",
          proportion=("specificity", "sklearn"), constraints={"average": _BINARY_AVERAGES},
          scorers=_averaged("specificity", ("micro", "macro", "weighted"))),
        F("balanced_auc_score", "onedal",
          report=(("classes", 4, "balanced_auc", {}),), display="balanced AUC", labels=(({}, "bal. AUC"),),
          constraints={"average": _BINARY_AVERAGES},
          scorers=_averaged("balanced_auc", ("micro", "macro", "weighted"))),
        # imbalanced-learn
        F("geometric_mean_score", "imblearn", display="G-mean",
          constraints={"average": [StrOptions({"multiclass", "binary", "micro", "macro",
                                               "weighted"}), None]},
          scorers=_averaged("geometric_mean", ("macro", "weighted"))),
        # fairlearn
        F("selection_rate", "fairlearn", binary_only=True, display="selection rate"),
        # score metrics, on decision_function or predict_proba (neg_log_loss is
        # scikit-learn's own scorer name); one-vs-all AUCs default to average="macro"
        F("log_loss", "sklearn",
          report=(("scores", 0, "log_loss", {}),), takes="probabilities", response_method="predict_proba",
          greater_is_better=False, count=False, display="log loss", interval=None,
          streaming=True,
          constraints={"y_true": _ARRAY, "y_proba": ["array-like", Hidden(None)],
                       "normalize": ["boolean"], "sample_weight": ["array-like", None],
                       "labels": ["array-like", None], "y_pred": ["array-like", str],
                       "from_logits": ["boolean"]}),
        F("hinge_loss", "sklearn", takes="scores", response_method="decision_function",
          greater_is_better=False, count=False, display="hinge loss", interval=None,
          streaming=True, scorers={"neg_hinge_loss": {}},
          constraints={"y_true": _ARRAY, "pred_decision": _ARRAY,
                       "labels": ["array-like", None], "sample_weight": ["array-like", None]}),
        # the probability drop-ins: their scorers are scikit-learn's own names
        # (neg_brier_score, d2_brier_score, d2_log_loss_score), which sklearn.metrics.get_scorer
        # serves and metrics_sk never registers again (tests/test_registry.py)
        F("brier_score_loss", "sklearn",
          report=(("scores", 5, "brier_score", {}),), takes="probabilities",
          response_method="predict_proba", greater_is_better=False, count=False,
          display="Brier score", interval="mean", streaming=True,
          constraints={"y_true": _ARRAY, "y_proba": _ARRAY,
                       "sample_weight": ["array-like", None],
                       "pos_label": [Real, str, "boolean", None],
                       "labels": ["array-like", None],
                       "scale_by_half": ["boolean", StrOptions({"auto"})]}),
        F("d2_brier_score", "sklearn", takes="probabilities", response_method="predict_proba",
          count=False, display="D2 Brier score", interval=None, streaming=True,
          constraints={"y_true": _ARRAY, "y_proba": _ARRAY,
                       "sample_weight": ["array-like", None],
                       "pos_label": [Real, str, "boolean", None],
                       "labels": ["array-like", None]}),
        F("d2_log_loss_score", "sklearn", takes="probabilities", response_method="predict_proba",
          count=False, display="D2 log loss", interval=None, streaming=True,
          constraints={"y_true": _ARRAY, "y_proba": ["array-like", Hidden(None)],
                       "sample_weight": ["array-like", None], "labels": ["array-like", None],
                       "y_pred": ["array-like", str]}),
        F("one_vs_all_log_loss", "catboost",
          report=(("scores", 1, "one_vs_all_log_loss", {}),), takes="probabilities",
          response_method="predict_proba", greater_is_better=False, count=False,
          display="one-vs-all log loss", interval=None, streaming=True,
          labels=(({}, "one-vs-all log loss (CatBoost)"),),
          scorers={"neg_one_vs_all_log_loss": {}},
          constraints={**_ONE_VS_ALL, "from_logits": ["boolean"]}),
        F("roc_auc_mu_score", "catboost",
          report=(("scores", 2, "roc_auc_mu", {}),), takes="scores",
          response_method=("decision_function", "predict_proba"), count=False,
          display="AUC mu", interval=None, scorers={"roc_auc_mu": {}},
          labels=(({}, "AUC Mu (Kleiman & Page)"),),
          constraints={**_ONE_VS_ALL, "cost_matrix": ["array-like", None]}),
        F("one_vs_all_roc_auc_score", "catboost",
          report=(("class_scores", 0, "roc_auc", {}),
                  ("scores", 3, "one_vs_all_roc_auc", {"average": "macro"})), takes="probabilities",
          response_method="predict_proba", count=False, display="ROC AUC",
          interval="delong", scorers=_averaged("one_vs_all_roc_auc", ("weighted",)),
          labels=(({"average": "macro"}, "one-vs-all ROC AUC, macro"),),
          constraints={**_ONE_VS_ALL, "average": _OVA_AVERAGE}),
        F("one_vs_all_pr_auc_score", "catboost",
          report=(("class_scores", 1, "pr_auc", {}),
                  ("scores", 4, "one_vs_all_pr_auc", {"average": "macro"})), takes="probabilities",
          response_method="predict_proba", count=False, display="PR AUC", interval=None,
          labels=(({"average": "macro"}, "one-vs-all PR AUC, macro"),),
          scorers=_averaged("one_vs_all_pr_auc", ("weighted",)),
          constraints={**_ONE_VS_ALL, "average": _OVA_AVERAGE}),
        # scikit-learn's ranking drop-ins (metrics_sk/_curves.py). Their scorers keep
        # scikit-learn's own names (roc_auc, roc_auc_ovr, roc_auc_ovo, roc_auc_ovr_weighted,
        # roc_auc_ovo_weighted, average_precision, top_k_accuracy), which metrics_sk never
        # registers again (tests/test_registry.py): sklearn.metrics.get_scorer serves them
        F("roc_auc_score", "sklearn", takes="scores",
          response_method=("decision_function", "predict_proba"), count=False,
          display="ROC AUC", interval=None,
          constraints={"y_true": _ARRAY, "y_score": _ARRAY,
                       "average": [StrOptions({"micro", "macro", "samples", "weighted"}),
                                   None],
                       "sample_weight": ["array-like", None],
                       "max_fpr": [Interval(Real, 0.0, 1, closed="right"), None],
                       "multi_class": [StrOptions({"raise", "ovr", "ovo"})],
                       "labels": ["array-like", None]}),
        F("average_precision_score", "sklearn", takes="scores",
          response_method=("decision_function", "predict_proba"), count=False,
          display="average precision", interval=None,
          constraints={"y_true": _ARRAY, "y_score": _ARRAY,
                       "average": [StrOptions({"micro", "samples", "weighted", "macro"}),
                                   None],
                       "pos_label": [Real, str, "boolean"],
                       "sample_weight": ["array-like", None]}),
        F("top_k_accuracy_score", "sklearn", takes="scores",
          response_method=("decision_function", "predict_proba"), count=False,
          display="top-k accuracy", interval=None,
          constraints={"y_true": _ARRAY, "y_score": _ARRAY,
                       "k": [Interval(Integral, 1, None, closed="left")],
                       "normalize": ["boolean"], "sample_weight": ["array-like", None],
                       "labels": ["array-like", None]}),
        # decisions (metrics_sk/_decisions.py): the cost of the predicted labels under a
        # cost matrix. No analytic interval: the delta method of _inference/intervals.py
        # works on the logit scale of a metric in [0, 1], and a cost is any real number;
        # bootstrap only. No scorer name: a name fixes every argument and get_scorer
        # takes none, so its scorer is make_scorer(expected_cost, cost_matrix=...,
        # greater_is_better=False) (the function's docstring shows it).
        F("expected_cost", "decisions", greater_is_better=False, display="expected cost",
          interval=None,
          constraints={"cost_matrix": ["array-like"], "normalize": ["boolean"]}),
        # operating points of a binary scoring (metrics_sk/_thresholds.py): the minimum is
        # part of the scorer name (recall_at_precision_90: min_precision=0.9), since
        # get_scorer takes a name only
        *(F(name, "metrics_sk", takes="scores",
            response_method=("decision_function", "predict_proba"), count=False,
            binary_only=True, display=display, interval=None,
            scorers={f"{name}_{int(m * 100)}": {minimum: m} for m in (0.9, 0.95)},
            constraints={**_OPERATING, minimum: [Interval(Real, 0, 1, closed="both")],
                         "return_threshold": ["boolean"]})
          for name, minimum, display in (
              ("recall_at_precision", "min_precision", "recall at precision"),
              ("precision_at_recall", "min_recall", "precision at recall"),
              ("sensitivity_at_specificity", "min_specificity",
               "sensitivity at specificity"),
              ("specificity_at_sensitivity", "min_sensitivity",
               "specificity at sensitivity"))),
        F("equal_error_rate", "metrics_sk", takes="scores",
          response_method=("decision_function", "predict_proba"), greater_is_better=False,
          count=False, binary_only=True, display="equal error rate", interval=None,
          scorers={"neg_equal_error_rate": {}}, constraints=_OPERATING),
        # calibration (metrics_sk/_calibration.py): binned probabilities against frequencies
        F("calibration_error", "metrics_sk",
          report=(("scores", 6, "calibration_error", {}),), takes="probabilities",
          response_method="predict_proba", greater_is_better=False, count=False,
          display="calibration error", interval=None,
          scorers={"neg_calibration_error": {}},
          constraints={"y_true": _ARRAY, "y_proba": _ARRAY,
                       "n_bins": [Interval(Integral, 1, None, closed="left")],
                       "strategy": [StrOptions({"uniform", "quantile"})],
                       "norm": [StrOptions({"l1", "l2", "max", "l2_debiased"})],
                       "multi_class": [StrOptions({"top_label", "classwise"})],
                       "labels": ["array-like", None],
                       "pos_label": [Real, str, "boolean", None],
                       "sample_weight": ["array-like", None]}),
        # scikit-learn's multilabel ranking drop-ins (metrics_sk/_label_ranking.py): y_true
        # is a label indicator matrix (DCG: a gain per label), y_score a score per label.
        # scikit-learn has no scorer for them, and metrics_sk adds none
        *(F(name, "sklearn", takes="scores",
            response_method=("decision_function", "predict_proba"),
            greater_is_better=better, count=False, display=display, interval=None,
            target="indicator", constraints={"y_true": y_true, "y_score": _ARRAY, **options,
                         "sample_weight": ["array-like", None]})
          for name, better, display, y_true, options in (
              ("coverage_error", False, "coverage error", _ARRAY, {}),
              ("label_ranking_average_precision_score", True, "LRAP", _INDICATOR, {}),
              ("label_ranking_loss", False, "ranking loss", _INDICATOR, {}),
              ("dcg_score", True, "DCG", _ARRAY,
               {"k": _TOP_K, "log_base": [Interval(Real, 0.0, None, closed="neither")],
                "ignore_ties": ["boolean"]}),
              ("ndcg_score", True, "NDCG", _ARRAY, {"k": _TOP_K, "ignore_ties": ["boolean"]}))),
    ]


#: Every public metric's facts, by function name.
FACTS = {f.name: f for f in _entries()}

#: The metrics :class:`~metrics_sk.StreamingLoss` accumulates.
STREAMING_LOSSES = tuple(name for name, f in FACTS.items() if f.streaming and not f.count)
