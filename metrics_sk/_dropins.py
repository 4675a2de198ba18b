"""scikit-learn drop-ins built on the shared confusion builder.

Same names, signatures, values, warnings and errors as ``sklearn.metrics`` (1.9) for
binary, multi-class and (where scikit-learn takes them) multilabel-indicator targets,
counted natively (``metrics_sk/_multilabel.py``); the drop-ins that scikit-learn refuses
multilabel input for hand it to scikit-learn, for its error.
Each body shows the route: the parameters checked once
(:func:`~metrics_sk._api.checked_metric`), the
:class:`~metrics_sk.Confusion` built (:func:`~metrics_sk._api.build_confusion`), then the
formula of ``metrics_sk._formulas`` of the same name.
"""

import warnings

import numpy as np
import sklearn.metrics as skm

from . import _formulas
from ._api import (_declared_order, _is_multilabel, build_confusion, checked_metric,
                   documented_by)
from ._multilabel import samplewise_confusion


def _set_wise_confusion(y_true, y_pred, sample_weight, labels, average):
    """The confusion of a set-wise drop-in (P/R/F, Jaccard) and the ``labels`` its formula
    takes: a multilabel ``average="samples"`` sums each sample over the columns
    ``labels`` (scikit-learn's samplewise counts), so only those are counted."""
    if average == "samples" and labels is not None and (_is_multilabel(y_true)
                                                        or _is_multilabel(y_pred)):
        return build_confusion(y_true, y_pred, sample_weight, sklearn_compatible=True,
                               multilabel=True, columns=labels), None
    return build_confusion(y_true, y_pred, sample_weight, sklearn_compatible=True,
                           multilabel=True), labels


@checked_metric
@documented_by(_formulas.confusion_matrix)
def confusion_matrix(y_true, y_pred, *, labels=None, sample_weight=None, normalize=None):
    if _is_multilabel(y_true) or _is_multilabel(y_pred):
        return skm.confusion_matrix(y_true, y_pred, labels=labels, sample_weight=sample_weight,
                                    normalize=normalize)
    # (integer weights summing beyond int64 wrap around, as scikit-learn's, which its
    # test_confusion_matrix_dtype pins; every other metric refuses them)
    c = build_confusion(y_true, y_pred, sample_weight, sklearn_compatible=True, wrap=True)
    if labels is None:
        c = _declared_order(c, "confusion_matrix", y_true, y_pred, per_class=True)
    return _formulas.confusion_matrix(c, labels=labels, normalize=normalize)


@checked_metric
@documented_by(_formulas.precision_recall_fscore_support)
def precision_recall_fscore_support(y_true, y_pred, *, beta=1.0, labels=None, pos_label=1,
                                    average=None,
                                    warn_for=("precision", "recall", "f-score"),
                                    sample_weight=None, zero_division="warn"):
    c, labels = _set_wise_confusion(y_true, y_pred, sample_weight, labels, average)
    if labels is None:
        c = _declared_order(c, "precision_recall_fscore_support", y_true, y_pred,
                            per_class=average is None)
    return _formulas.precision_recall_fscore_support(c, beta=beta, labels=labels,
                                                   pos_label=pos_label, average=average,
                                                   warn_for=warn_for,
                                                   zero_division=zero_division)


@checked_metric
@documented_by(_formulas.precision_score)
def precision_score(y_true, y_pred, *, labels=None, pos_label=1, average="binary",
                    sample_weight=None, zero_division="warn"):
    c, labels = _set_wise_confusion(y_true, y_pred, sample_weight, labels, average)
    if labels is None:
        c = _declared_order(c, "precision_score", y_true, y_pred, per_class=average is None)
    return _formulas.precision_score(c, labels=labels, pos_label=pos_label, average=average,
                                   zero_division=zero_division)


@checked_metric
@documented_by(_formulas.recall_score)
def recall_score(y_true, y_pred, *, labels=None, pos_label=1, average="binary",
                 sample_weight=None, zero_division="warn"):
    c, labels = _set_wise_confusion(y_true, y_pred, sample_weight, labels, average)
    if labels is None:
        c = _declared_order(c, "recall_score", y_true, y_pred, per_class=average is None)
    return _formulas.recall_score(c, labels=labels, pos_label=pos_label, average=average,
                                zero_division=zero_division)


@checked_metric
@documented_by(_formulas.fbeta_score)
def fbeta_score(y_true, y_pred, *, beta, labels=None, pos_label=1, average="binary",
                sample_weight=None, zero_division="warn"):
    c, labels = _set_wise_confusion(y_true, y_pred, sample_weight, labels, average)
    if labels is None:
        c = _declared_order(c, "fbeta_score", y_true, y_pred, per_class=average is None)
    return _formulas.fbeta_score(c, beta=beta, labels=labels, pos_label=pos_label,
                               average=average, zero_division=zero_division)


@checked_metric
@documented_by(_formulas.f1_score)
def f1_score(y_true, y_pred, *, labels=None, pos_label=1, average="binary",
             sample_weight=None, zero_division="warn"):
    c, labels = _set_wise_confusion(y_true, y_pred, sample_weight, labels, average)
    if labels is None:
        c = _declared_order(c, "f1_score", y_true, y_pred, per_class=average is None)
    return _formulas.f1_score(c, labels=labels, pos_label=pos_label, average=average,
                            zero_division=zero_division)


@checked_metric
@documented_by(_formulas.accuracy_score)
def accuracy_score(y_true, y_pred, *, normalize=True, sample_weight=None):
    c = build_confusion(y_true, y_pred, sample_weight, sklearn_compatible=True,
                        multilabel=True)
    c = _declared_order(c, "accuracy_score", y_true, y_pred)
    return _formulas.accuracy_score(c, normalize=normalize)


@checked_metric
@documented_by(_formulas.balanced_accuracy_score)
def balanced_accuracy_score(y_true, y_pred, *, sample_weight=None, adjusted=False):
    if _is_multilabel(y_true) or _is_multilabel(y_pred):
        return skm.balanced_accuracy_score(y_true, y_pred, sample_weight=sample_weight,
                                           adjusted=adjusted)
    c = build_confusion(y_true, y_pred, sample_weight, sklearn_compatible=True)
    c = _declared_order(c, "balanced_accuracy_score", y_true, y_pred)
    return _formulas.balanced_accuracy_score(c, adjusted=adjusted)


@checked_metric
@documented_by(_formulas.matthews_corrcoef)
def matthews_corrcoef(y_true, y_pred, *, sample_weight=None):
    if _is_multilabel(y_true) or _is_multilabel(y_pred):
        return skm.matthews_corrcoef(y_true, y_pred, sample_weight=sample_weight)
    c = build_confusion(y_true, y_pred, sample_weight, sklearn_compatible=True)
    c = _declared_order(c, "matthews_corrcoef", y_true, y_pred)
    return _formulas.matthews_corrcoef(c)


@checked_metric
@documented_by(_formulas.cohen_kappa_score)
def cohen_kappa_score(y1, y2, *, labels=None, weights=None, sample_weight=None,
                      replace_undefined_by=np.nan):
    if _is_multilabel(y1) or _is_multilabel(y2):
        return skm.cohen_kappa_score(y1, y2, labels=labels, weights=weights,
                                     sample_weight=sample_weight,
                                     replace_undefined_by=replace_undefined_by)
    c = build_confusion(y1, y2, sample_weight, sklearn_compatible=True)
    if labels is None:
        c = _declared_order(c, "cohen_kappa_score", y1, y2, dropin=weights is None)
    return _formulas.cohen_kappa_score(c, labels=labels, weights=weights,
                                     replace_undefined_by=replace_undefined_by)


@checked_metric
@documented_by(_formulas.class_likelihood_ratios)
def class_likelihood_ratios(y_true, y_pred, *, labels=None, sample_weight=None,
                            replace_undefined_by=np.nan):
    if _is_multilabel(y_true) or _is_multilabel(y_pred):  # scikit-learn's error
        return skm.class_likelihood_ratios(y_true, y_pred, labels=labels,
                                           sample_weight=sample_weight,
                                           replace_undefined_by=replace_undefined_by)
    c = build_confusion(y_true, y_pred, sample_weight, sklearn_compatible=True)
    if labels is None:  # the positive class is the greater label, as scikit-learn's
        c = _declared_order(c, "class_likelihood_ratios", y_true, y_pred, per_class=True)
    return _formulas.class_likelihood_ratios(c, labels=labels,
                                             replace_undefined_by=replace_undefined_by)


@checked_metric
@documented_by(_formulas.hamming_loss)
def hamming_loss(y_true, y_pred, *, sample_weight=None):
    c = build_confusion(y_true, y_pred, sample_weight, sklearn_compatible=True,
                        multilabel=True)
    c = _declared_order(c, "hamming_loss", y_true, y_pred)
    return _formulas.hamming_loss(c)


@checked_metric
@documented_by(_formulas.zero_one_loss)
def zero_one_loss(y_true, y_pred, *, normalize=True, sample_weight=None):
    c = build_confusion(y_true, y_pred, sample_weight, sklearn_compatible=True,
                        multilabel=True)
    c = _declared_order(c, "zero_one_loss", y_true, y_pred)
    return _formulas.zero_one_loss(c, normalize=normalize)


@checked_metric
@documented_by(_formulas.jaccard_score)
def jaccard_score(y_true, y_pred, *, labels=None, pos_label=1, average="binary",
                  sample_weight=None, zero_division="warn"):
    c, labels = _set_wise_confusion(y_true, y_pred, sample_weight, labels, average)
    if labels is None:
        c = _declared_order(c, "jaccard_score", y_true, y_pred, per_class=average is None)
    return _formulas.jaccard_score(c, labels=labels, pos_label=pos_label, average=average,
                                   zero_division=zero_division)


@checked_metric
@documented_by(_formulas.multilabel_confusion_matrix)
def multilabel_confusion_matrix(y_true, y_pred, *, sample_weight=None, labels=None,
                                samplewise=False):
    if samplewise and (_is_multilabel(y_true) or _is_multilabel(y_pred)):
        # per sample: the samples' own counts, not a confusion's
        return samplewise_confusion(y_true, y_pred, sample_weight, labels)
    c = build_confusion(y_true, y_pred, sample_weight, sklearn_compatible=True,
                        multilabel=True)
    if labels is None:
        c = _declared_order(c, "multilabel_confusion_matrix", y_true, y_pred,
                            per_class=True)
    return _formulas.multilabel_confusion_matrix(c, labels=labels, samplewise=samplewise)


@checked_metric
def classification_report(y_true, y_pred, *, labels=None, target_names=None,
                          sample_weight=None, digits=2, output_dict=False,
                          zero_division="warn"):
    """Text report (or dict) of precision, recall, F1 and support per class.

    Drop-in for :func:`sklearn.metrics.classification_report`: same text, same dict,
    same warnings. The samples are counted once into a sparse
    :class:`~metrics_sk.Confusion`; the per-class rows and the averages are its
    :meth:`~metrics_sk.Confusion.precision_recall_fscore_support`, so a report of 500
    classes over millions of rows costs one pass over the inputs. A multilabel
    indicator is counted natively, one row per column. For every metric of the confusion
    (oneDAL's, MCC, kappa, intervals, HTML) see :func:`quality_report`.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,)
        True and predicted labels.
    labels : array-like of shape (n_labels,), default=None
        Classes in the report, in this order (all classes, sorted, if None).
    target_names : array-like of shape (n_labels,), default=None
        Names shown for ``labels`` (same order).
    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights.
    digits : int, default=2
        Decimals of the text report (the dict is not rounded).
    output_dict : bool, default=False
        Return a dict ``{name: {"precision", "recall", "f1-score", "support"}}`` instead.
    zero_division : {'warn', 0.0, 1.0, np.nan}, default='warn'
        Value for a 0/0; ``'warn'`` gives 0.0 and an ``UndefinedMetricWarning``.

    Returns
    -------
    report : str or dict
        Rows per class, then ``accuracy`` (or ``micro avg`` when ``labels`` leaves out a
        class), ``macro avg`` and ``weighted avg``.

    See Also
    --------
    quality_report : Every metric of the confusion, as text, HTML or a DataFrame.

    Notes
    -----
    Per class :math:`P_k = tp_k/(tp_k+fp_k)`, :math:`R_k = tp_k/(tp_k+fn_k)`,
    :math:`F_k = 2\\,tp_k/(2\\,tp_k+fn_k+fp_k)`; the macro average is the mean over the
    classes, the weighted average weights each class by its support
    :math:`tp_k + fn_k`, the micro average sums the counts first (= accuracy when every
    class is in the report).

    References
    ----------
    .. [1] scikit-learn, ``sklearn.metrics.classification_report``.

    Examples
    --------
    >>> from metrics_sk import classification_report
    >>> print(classification_report([0, 1, 2, 2, 2], [0, 0, 2, 2, 1],
    ...                             target_names=["class 0", "class 1", "class 2"]))
                  precision    recall  f1-score   support
    <BLANKLINE>
         class 0       0.50      1.00      0.67         1
         class 1       0.00      0.00      0.00         1
         class 2       1.00      0.67      0.80         3
    <BLANKLINE>
        accuracy                           0.60         5
       macro avg       0.50      0.56      0.49         5
    weighted avg       0.70      0.60      0.61         5
    <BLANKLINE>
    """
    c = build_confusion(y_true, y_pred, sample_weight, sklearn_compatible=True,
                        multilabel=True)
    labels_given = labels is not None
    labels = np.asarray(labels) if labels_given else c.labels
    micro_is_accuracy = not c.is_multilabel and (
        not labels_given or set(labels.tolist()) >= set(c.labels.tolist()))
    if target_names is not None and len(labels) != len(target_names):
        if not labels_given:
            raise ValueError(
                f"Number of classes, {len(labels)}, does not match size of target_names, "
                f"{len(target_names)}. Try specifying the labels parameter")
        warnings.warn(f"labels size, {len(labels)}, does not match size of target_names, "
                      f"{len(target_names)}", stacklevel=2)
    if target_names is None:
        target_names = ["%s" % label for label in labels]
    headers = ["precision", "recall", "f1-score", "support"]
    p, r, f1, s = _formulas.precision_recall_fscore_support(
        c, labels=labels, average=None, zero_division=zero_division)
    rows = list(zip(target_names, p, r, f1, s))
    averages = ("micro", "macro", "weighted") + (("samples",) if c.is_multilabel else ())
    for average in averages:
        heading = "accuracy" if average == "micro" and micro_is_accuracy else f"{average} avg"
        of, chosen = c, labels
        if average == "samples" and labels_given:  # each sample over the chosen columns
            of, chosen = _set_wise_confusion(y_true, y_pred, sample_weight, labels, average)
        avg_p, avg_r, avg_f1, _ = _formulas.precision_recall_fscore_support(
            of, labels=chosen, average=average, zero_division=zero_division)
        rows.append((heading, avg_p, avg_r, avg_f1, np.sum(s)))
    if output_dict:
        report = {row[0]: dict(zip(headers, map(float, row[1:]))) for row in rows}
        if "accuracy" in report:
            report["accuracy"] = report["accuracy"]["precision"]
        return report
    width = max(max(len(name) for name in target_names), len("weighted avg"), digits)
    text = "{:>{width}s} ".format("", width=width) + " {:>9}" * 4
    text = text.format(*headers) + "\n\n"
    row_fmt = "{:>{width}s} " + " {:>9.{digits}f}" * 3 + " {:>9}\n"
    for i, row in enumerate(rows):
        if i == len(target_names):
            text += "\n"
        if row[0] == "accuracy":
            text += ("{:>{width}s} " + " {:>9.{digits}}" * 2 + " {:>9.{digits}f} {:>9}\n").format(
                "accuracy", "", "", *row[3:], width=width, digits=digits)
        else:
            text += row_fmt.format(*row, width=width, digits=digits)
    return text
