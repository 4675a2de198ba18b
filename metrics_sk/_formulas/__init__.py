"""The formulas of the count metrics: pure functions of a :class:`~metrics_sk.Confusion`.

Each formula here takes the confusion as its first argument and carries the metric's one
docstring. The ``Confusion`` method of the same name (declared in its class) calls it, and
so does the public function (``_dropins``, ``_onedal``) after building the confusion from
``(y_true, y_pred, sample_weight)``; both show the formula's docstring, the function's
with its inputs added (:func:`metrics_sk._api.documented_by`). Nothing here counts
samples: everything is computed from the per-class counts ``tp``, ``fp``, ``fn``, ``tn``
and, for MCC and kappa, the sparse matrix, in O(n_classes + non-zero cells).

The formulas reduce over classes along the last axis, so they also evaluate a *batch* of
confusions at once: a duck-type whose ``tp``, ``predicted`` and ``support`` have shape
``(R, K)`` and ``total`` shape ``(R,)`` (the bootstrap's replicates, see
``metrics_sk._bootstrap``, or the groups of a ``GroupedConfusion``) gives ``(R,)`` results;
the matrices have shape ``(R, K, K)`` and the result blocks hold such arrays. For one
``Confusion`` the results are unchanged floats and arrays.

The formulas are split by family into the modules of this package, each importing what
it shares from :mod:`.shared`: :mod:`.prf` (scikit-learn's set-wise precision, recall and
F-score), :mod:`.matrix` (scikit-learn's whole-table formulas), :mod:`.onevsrest`
(specificity, balanced "AUC", geometric mean, selection rate), :mod:`.onedal` (oneDAL's
multi-class formulas) and :mod:`.blocks` (oneDAL's result blocks). The names below are
the package's interface: ``_formulas.f1_score`` is the formula of ``f1_score``.
"""

from .shared import (
    as_float,
    check_total,
    class_counts,
    class_sums,
    EMPTY,
    formula,
    FORMULAS,
    label_position,
    reduce_average,
    set_wise_labels,
    whole_margins,
    ZERO_TOTAL,
)
from .prf import (
    precision_recall_fscore_support,
    precision_score,
    recall_score,
    fbeta_score,
    f1_score,
    jaccard_score,
)
from .matrix import (
    accuracy_score,
    zero_one_loss,
    hamming_loss,
    balanced_accuracy_score,
    matthews_corrcoef,
    cohen_kappa_score,
    confusion_matrix,
    expected_cost,
    class_likelihood_ratios,
    multilabel_confusion_matrix,
)
from .onevsrest import (
    specificity_score,
    balanced_auc_score,
    geometric_mean_score,
    selection_rate,
)
from .onedal import (
    average_accuracy_score,
    error_rate,
    micro_precision_score,
    micro_recall_score,
    micro_fbeta_score,
    macro_precision_score,
    macro_recall_score,
    macro_fbeta_score,
)
from .blocks import (
    BinaryQualityMetrics,
    MulticlassQualityMetrics,
    QualityMetrics,
    binary_confusion_matrix,
    binary_quality_metrics,
    multiclass_quality_metrics,
)

__all__ = [
    "as_float",
    "check_total",
    "class_counts",
    "class_sums",
    "EMPTY",
    "formula",
    "FORMULAS",
    "label_position",
    "reduce_average",
    "set_wise_labels",
    "whole_margins",
    "ZERO_TOTAL",
    "precision_recall_fscore_support",
    "precision_score",
    "recall_score",
    "fbeta_score",
    "f1_score",
    "accuracy_score",
    "zero_one_loss",
    "hamming_loss",
    "balanced_accuracy_score",
    "matthews_corrcoef",
    "cohen_kappa_score",
    "confusion_matrix",
    "expected_cost",
    "jaccard_score",
    "multilabel_confusion_matrix",
    "specificity_score",
    "balanced_auc_score",
    "geometric_mean_score",
    "selection_rate",
    "average_accuracy_score",
    "error_rate",
    "micro_precision_score",
    "micro_recall_score",
    "micro_fbeta_score",
    "macro_precision_score",
    "macro_recall_score",
    "macro_fbeta_score",
    "BinaryQualityMetrics",
    "MulticlassQualityMetrics",
    "QualityMetrics",
    "binary_confusion_matrix",
    "binary_quality_metrics",
    "multiclass_quality_metrics",
]
