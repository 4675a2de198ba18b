"""metrics_sk: classification quality metrics for the scikit-learn world.

oneDAL's binary and multi-class quality metrics, CatBoost's multiclassification
metrics and scikit-learn drop-ins, all computed from one sparse, mergeable
confusion-matrix builder (:class:`Confusion`).
"""

from ._confusion import Confusion
from ._formulas import BinaryQualityMetrics, MulticlassQualityMetrics
from ._display.plot import ConfusionDisplay
from ._display.curves import DetCurveDisplay, PrecisionRecallDisplay, RocCurveDisplay
from ._display.report import QualityReport, quality_report
from ._dropins import (
    accuracy_score,
    balanced_accuracy_score,
    class_likelihood_ratios,
    classification_report,
    cohen_kappa_score,
    confusion_matrix,
    f1_score,
    fbeta_score,
    hamming_loss,
    matthews_corrcoef,
    precision_recall_fscore_support,
    precision_score,
    recall_score,
    zero_one_loss,
)
from ._dropins import jaccard_score, multilabel_confusion_matrix
from ._multilabel import MultilabelConfusion
from ._multilabel import MultilabelGroups
from ._onedal import (
    average_accuracy_score,
    balanced_auc_score,
    binary_confusion_matrix,
    binary_quality_metrics,
    error_rate,
    geometric_mean_score,
    macro_fbeta_score,
    macro_precision_score,
    macro_recall_score,
    micro_fbeta_score,
    micro_precision_score,
    micro_recall_score,
    multiclass_quality_metrics,
    selection_rate,
    specificity_score,
)
from ._scorers import get_scorer, get_scorer_names, register_scorers
from sklearn.metrics import make_scorer  # re-exported: scikit-learn's own, unchanged
from ._scores import (
    brier_score_loss,
    d2_brier_score,
    d2_log_loss_score,
    hinge_loss,
    log_loss,
    one_vs_all_log_loss,
    one_vs_all_pr_auc_score,
    one_vs_all_roc_auc_score,
    roc_auc_mu_score,
)
from ._curves import (
    auc,
    average_precision_score,
    confusion_matrix_at_thresholds,
    det_curve,
    precision_recall_curve,
    roc_auc_score,
    roc_curve,
    top_k_accuracy_score,
)
# decisions: the cost of predictions, decision curve analysis
from ._decisions import decision_curve, expected_cost, net_benefit
# every threshold: the threshold batch, metric_at_thresholds and the operating points
from ._thresholds import (
    ThresholdBatch,
    equal_error_rate,
    metric_at_thresholds,
    precision_at_recall,
    recall_at_precision,
    sensitivity_at_specificity,
    specificity_at_sensitivity,
)
# multilabel ranking: every sample's ranking of its labels at once
from ._label_ranking import (
    coverage_error,
    dcg_score,
    label_ranking_average_precision_score,
    label_ranking_loss,
    ndcg_score,
)
from . import catboost as catboost  # the submodule metrics_sk.catboost, re-exported
from ._inference.bootstrap import BootstrapResult, bootstrap, confidence_intervals
from ._streaming import StreamingLoss
from ._ranking_state import StreamingRanking
from ._grouped import GroupedConfusion
from ._inference.groups import (
    MetricFrame,
    demographic_parity_difference,
    equalized_odds_difference,
    metric_frame,
)
from ._inference.intervals import IntervalResult, analytic_interval
from ._inference.compare import ComparisonResult, compare, corrected_resampled_ttest
# along the threshold: metrics against the threshold, the decision curve (plots)
from ._display.thresholds import DecisionCurveDisplay, MetricThresholdCurveDisplay
# are the probabilities right? The CORP decomposition of a proper score
from ._decomposition import ScoreDecomposition, score_decomposition
from ._display.reliability import ReliabilityDisplay
# are the probabilities right? calibration curve and calibration error
from ._calibration import CalibrationSums, calibration_curve, calibration_error

__version__ = "0.1.0"

__all__ = [
    "Confusion",
    "BinaryQualityMetrics",
    "MulticlassQualityMetrics",
    # report and plot
    "quality_report",
    "QualityReport",
    "ConfusionDisplay",
    # oneDAL
    "average_accuracy_score",
    "error_rate",
    "micro_precision_score",
    "micro_recall_score",
    "micro_fbeta_score",
    "macro_precision_score",
    "macro_recall_score",
    "macro_fbeta_score",
    "multiclass_quality_metrics",
    "binary_confusion_matrix",
    "binary_quality_metrics",
    "specificity_score",
    "balanced_auc_score",
    # imbalanced-learn
    "geometric_mean_score",
    # by group (fairlearn's vocabulary)
    "GroupedConfusion",
    "metric_frame",
    "MetricFrame",
    "selection_rate",
    "demographic_parity_difference",
    "equalized_odds_difference",
    # scikit-learn drop-ins
    "confusion_matrix",
    "precision_recall_fscore_support",
    "precision_score",
    "recall_score",
    "fbeta_score",
    "f1_score",
    "accuracy_score",
    "balanced_accuracy_score",
    "matthews_corrcoef",
    "cohen_kappa_score",
    "hamming_loss",
    "zero_one_loss",
    "classification_report",
    "class_likelihood_ratios",
    "jaccard_score",
    "multilabel_confusion_matrix",
    "MultilabelConfusion",
    "MultilabelGroups",
    "log_loss",
    "hinge_loss",
    "roc_curve",
    "precision_recall_curve",
    "det_curve",
    "auc",
    "average_precision_score",
    "roc_auc_score",
    "confusion_matrix_at_thresholds",
    "top_k_accuracy_score",
    # score-based and CatBoost metrics
    "one_vs_all_log_loss",
    "roc_auc_mu_score",
    "one_vs_all_roc_auc_score",
    "one_vs_all_pr_auc_score",
    "brier_score_loss",
    "d2_brier_score",
    "d2_log_loss_score",
    # scorers
    "get_scorer",
    "get_scorer_names",
    "register_scorers",
    "make_scorer",
    # beyond one array: streaming and bootstrap (Dask inputs go through every function)
    "StreamingLoss",
    "StreamingRanking",
    "bootstrap",
    "BootstrapResult",
    "confidence_intervals",
    # is model A better than model B?
    "analytic_interval",
    "IntervalResult",
    "compare",
    "ComparisonResult",
    "corrected_resampled_ttest",
    # decisions: the cost of predictions, decision curve analysis
    "expected_cost",
    "net_benefit",
    "decision_curve",
    # every threshold (thresholds as a batch axis)
    "ThresholdBatch",
    "metric_at_thresholds",
    "recall_at_precision",
    "precision_at_recall",
    "sensitivity_at_specificity",
    "specificity_at_sensitivity",
    "equal_error_rate",
    # along the threshold: metrics against the threshold, the decision curve (plots)
    "MetricThresholdCurveDisplay",
    "DecisionCurveDisplay",
    # are the probabilities right? (calibration)
    "score_decomposition",
    "ScoreDecomposition",
    "ReliabilityDisplay",
    # are the probabilities right? (calibration)
    "calibration_curve",
    "calibration_error",
    "CalibrationSums",
    # multilabel ranking drop-ins
    "coverage_error",
    "label_ranking_average_precision_score",
    "label_ranking_loss",
    "dcg_score",
    "ndcg_score",
    "RocCurveDisplay",
    "PrecisionRecallDisplay",
    "DetCurveDisplay",
]
