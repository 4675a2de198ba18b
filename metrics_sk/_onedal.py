"""oneDAL's quality metrics for binary and multi-class classifiers.

Formulas: oneDAL's ``binary_confusion_matrix`` and ``multiclass_confusion_matrix``
kernels, and the one-vs-rest metrics of imbalanced-learn (specificity, G-mean) and
fairlearn's selection rate, which are metrics_sk's own functions too (not drop-ins). Each
body shows the route: the parameters checked once
(:func:`~metrics_sk._api.checked_metric`), the :class:`~metrics_sk.Confusion` built
(:func:`~metrics_sk._api.build_confusion`), then the formula of ``metrics_sk._formulas`` of
the same name.

Unlike oneDAL, these take sample weights, any label type and a ``zero_division`` rule
(oneDAL itself returns IEEE NaN for 0/0: pass ``zero_division=np.nan`` for that).
"""

from . import _formulas
from ._api import _declared_order, build_confusion, checked_metric, documented_by


@checked_metric
@documented_by(_formulas.average_accuracy_score)
def average_accuracy_score(y_true, y_pred, *, labels=None, sample_weight=None,
                           zero_division="warn"):
    c = build_confusion(y_true, y_pred, sample_weight)
    if labels is None:
        c = _declared_order(c, "average_accuracy_score", y_true, y_pred, dropin=False)
    return _formulas.average_accuracy_score(c, labels=labels, zero_division=zero_division)


@checked_metric
@documented_by(_formulas.error_rate)
def error_rate(y_true, y_pred, *, labels=None, sample_weight=None, zero_division="warn"):
    c = build_confusion(y_true, y_pred, sample_weight)
    if labels is None:
        c = _declared_order(c, "error_rate", y_true, y_pred, dropin=False)
    return _formulas.error_rate(c, labels=labels, zero_division=zero_division)


@checked_metric
@documented_by(_formulas.micro_precision_score)
def micro_precision_score(y_true, y_pred, *, labels=None, sample_weight=None,
                          zero_division="warn"):
    c = build_confusion(y_true, y_pred, sample_weight)
    if labels is None:
        c = _declared_order(c, "micro_precision_score", y_true, y_pred, dropin=False)
    return _formulas.micro_precision_score(c, labels=labels, zero_division=zero_division)


@checked_metric
@documented_by(_formulas.micro_recall_score)
def micro_recall_score(y_true, y_pred, *, labels=None, sample_weight=None,
                       zero_division="warn"):
    c = build_confusion(y_true, y_pred, sample_weight)
    if labels is None:
        c = _declared_order(c, "micro_recall_score", y_true, y_pred, dropin=False)
    return _formulas.micro_recall_score(c, labels=labels, zero_division=zero_division)


@checked_metric
@documented_by(_formulas.micro_fbeta_score)
def micro_fbeta_score(y_true, y_pred, *, labels=None, beta=1.0, sample_weight=None,
                      zero_division="warn"):
    c = build_confusion(y_true, y_pred, sample_weight)
    if labels is None:
        c = _declared_order(c, "micro_fbeta_score", y_true, y_pred, dropin=False)
    return _formulas.micro_fbeta_score(c, labels=labels, beta=beta, zero_division=zero_division)


@checked_metric
@documented_by(_formulas.macro_precision_score)
def macro_precision_score(y_true, y_pred, *, labels=None, sample_weight=None,
                          zero_division="warn"):
    c = build_confusion(y_true, y_pred, sample_weight)
    if labels is None:
        c = _declared_order(c, "macro_precision_score", y_true, y_pred, dropin=False)
    return _formulas.macro_precision_score(c, labels=labels, zero_division=zero_division)


@checked_metric
@documented_by(_formulas.macro_recall_score)
def macro_recall_score(y_true, y_pred, *, labels=None, sample_weight=None,
                       zero_division="warn"):
    c = build_confusion(y_true, y_pred, sample_weight)
    if labels is None:
        c = _declared_order(c, "macro_recall_score", y_true, y_pred, dropin=False)
    return _formulas.macro_recall_score(c, labels=labels, zero_division=zero_division)


@checked_metric
@documented_by(_formulas.macro_fbeta_score)
def macro_fbeta_score(y_true, y_pred, *, labels=None, beta=1.0, sample_weight=None,
                      zero_division="warn"):
    c = build_confusion(y_true, y_pred, sample_weight)
    if labels is None:
        c = _declared_order(c, "macro_fbeta_score", y_true, y_pred, dropin=False)
    return _formulas.macro_fbeta_score(c, labels=labels, beta=beta, zero_division=zero_division)


@checked_metric
@documented_by(_formulas.multiclass_quality_metrics)
def multiclass_quality_metrics(y_true, y_pred, *, labels=None, beta=1.0, sample_weight=None,
                               zero_division="warn"):
    c = build_confusion(y_true, y_pred, sample_weight)
    if labels is None:
        c = _declared_order(c, "multiclass_quality_metrics", y_true, y_pred, dropin=False)
    return _formulas.multiclass_quality_metrics(c, labels=labels, beta=beta,
                                              zero_division=zero_division)


@checked_metric
@documented_by(_formulas.binary_confusion_matrix)
def binary_confusion_matrix(y_true, y_pred, *, pos_label=1, sample_weight=None):
    c = build_confusion(y_true, y_pred, sample_weight)
    c = _declared_order(c, "binary_confusion_matrix", y_true, y_pred, dropin=False)
    return _formulas.binary_confusion_matrix(c, pos_label=pos_label)


@checked_metric
@documented_by(_formulas.binary_quality_metrics)
def binary_quality_metrics(y_true, y_pred, *, pos_label=1, beta=1.0, sample_weight=None,
                           zero_division="warn"):
    c = build_confusion(y_true, y_pred, sample_weight)
    c = _declared_order(c, "binary_quality_metrics", y_true, y_pred, dropin=False)
    return _formulas.binary_quality_metrics(c, pos_label=pos_label, beta=beta,
                                          zero_division=zero_division)


@checked_metric
@documented_by(_formulas.specificity_score)
def specificity_score(y_true, y_pred, *, labels=None, pos_label=1, average="binary",
                      sample_weight=None, zero_division="warn"):
    c = build_confusion(y_true, y_pred, sample_weight)
    if labels is None:
        c = _declared_order(c, "specificity_score", y_true, y_pred, dropin=False)
    return _formulas.specificity_score(c, labels=labels, pos_label=pos_label, average=average,
                                     zero_division=zero_division)


@checked_metric
@documented_by(_formulas.balanced_auc_score)
def balanced_auc_score(y_true, y_pred, *, labels=None, pos_label=1, average="binary",
                       sample_weight=None, zero_division="warn"):
    c = build_confusion(y_true, y_pred, sample_weight)
    if labels is None:
        c = _declared_order(c, "balanced_auc_score", y_true, y_pred, dropin=False)
    return _formulas.balanced_auc_score(c, labels=labels, pos_label=pos_label, average=average,
                                      zero_division=zero_division)


# -- imbalanced-learn's G-mean and fairlearn's selection rate (the grouped functions of
# fairlearn's are in _groups, a layer above the registry)
@checked_metric
@documented_by(_formulas.geometric_mean_score)
def geometric_mean_score(y_true, y_pred, *, labels=None, pos_label=1, average="multiclass",
                         correction=0.0, sample_weight=None):
    c = build_confusion(y_true, y_pred, sample_weight)
    if labels is None:
        c = _declared_order(c, "geometric_mean_score", y_true, y_pred, dropin=False)
    return _formulas.geometric_mean_score(c, labels=labels, pos_label=pos_label,
                                        average=average, correction=correction)


@checked_metric
@documented_by(_formulas.selection_rate)
def selection_rate(y_true, y_pred, *, pos_label=1, sample_weight=None):
    c = build_confusion(y_true, y_pred, sample_weight)
    c = _declared_order(c, "selection_rate", y_true, y_pred, dropin=False)
    return _formulas.selection_rate(c, pos_label=pos_label)
