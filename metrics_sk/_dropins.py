"""scikit-learn drop-ins built on the shared confusion builder.

Same names, signatures, values, warnings and errors as ``sklearn.metrics`` (1.9) for
binary and multi-class targets; multilabel input is handed to scikit-learn itself.
Each body is empty: :func:`~metrics_sk._api.count_metric` builds the
:class:`~metrics_sk.Confusion` and calls its method of the same name.
"""

import warnings
from numbers import Integral, Real

import numpy as np
import sklearn.metrics as skm

from ._api import _is_multilabel, build_confusion, count_metric
from ._sklearn_compat import Interval, Options, StrOptions, validate_params

_TARGETS = {"y_true": ["array-like", "sparse matrix"], "y_pred": ["array-like", "sparse matrix"],
            "sample_weight": ["array-like", None]}
_SET_WISE = {
    **_TARGETS,
    "labels": ["array-like", None],
    "pos_label": [Real, str, "boolean", None],
    "average": [StrOptions({"micro", "macro", "samples", "weighted", "binary"}), None],
    "zero_division": [Options(Real, {0.0, 1.0}), "nan", StrOptions({"warn"})],
}
_BETA = {"beta": [Interval(Real, 0.0, None, closed="both")]}

_PRF_NOTES = """The per-class counts come from the shared sparse :class:`~metrics_sk.Confusion`;
    ``average="micro"`` sums them first, ``"macro"`` takes the unweighted mean over the
    classes, ``"weighted"`` weights each class by its support (the blog's weighted average,
    and CatBoost's ``TotalF1`` default), ``None`` returns one value per class.
"""


def _prf_doc(declared):
    declared.__doc__ = declared.__doc__.replace("{prf_notes}", _PRF_NOTES)
    return declared


@count_metric(sklearn=skm.confusion_matrix, constraints={
    "y_true": ["array-like"], "y_pred": ["array-like"], "labels": ["array-like", None],
    "sample_weight": ["array-like", None],
    "normalize": [StrOptions({"true", "pred", "all"}), None]})
def confusion_matrix(y_true, y_pred, *, labels=None, sample_weight=None, normalize=None):
    """Confusion matrix ``C[i, j]``: samples of true class ``i`` predicted as ``j``.

    Drop-in for :func:`sklearn.metrics.confusion_matrix`, counted by the shared sparse
    builder; only the returned array is dense.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,)
        True and predicted labels.
    labels : array-like of shape (n_classes,), default=None
        Classes to index the matrix; samples of other labels are left out.
    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights.
    normalize : {'true', 'pred', 'all'}, default=None
        Normalize over true labels (rows), predicted labels (columns) or all samples.

    Returns
    -------
    C : ndarray of shape (n_classes, n_classes)

    Notes
    -----
    :math:`C_{ij} = \\sum_s w_s [y_s = i][\\hat y_s = j]`.

    References
    ----------
    .. [1] Wikipedia, "Confusion matrix".

    See Also
    --------
    binary_confusion_matrix : oneDAL's 2 x 2 layout ``[[tp, fn], [fp, tn]]``.
    Confusion : the sparse matrix behind it.

    Examples
    --------
    >>> from metrics_sk import confusion_matrix
    >>> confusion_matrix([2, 0, 2, 2, 0, 1], [0, 0, 2, 2, 0, 2])
    array([[2, 0, 0],
           [0, 0, 1],
           [1, 0, 2]])
    """


@count_metric(sklearn=skm.precision_recall_fscore_support,
              constraints={**_SET_WISE, **_BETA, "warn_for": [list, tuple, set]})
@_prf_doc
def precision_recall_fscore_support(y_true, y_pred, *, beta=1.0, labels=None, pos_label=1,
                                    average=None,
                                    warn_for=("precision", "recall", "f-score"),
                                    sample_weight=None, zero_division="warn"):
    """Precision, recall, F-beta and support for each class, or their average.

    Drop-in for :func:`sklearn.metrics.precision_recall_fscore_support`.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,)
        True and predicted labels.
    beta : float, default=1.0
        Weight of recall relative to precision.
    labels : array-like, default=None
        Classes to include, and their order when ``average=None``.
    pos_label : int, float, bool or str, default=1
        The positive class when ``average="binary"``.
    average : {'binary', 'micro', 'macro', 'weighted', 'samples'} or None, default=None
        How to combine the per-class values.
    warn_for : tuple or set
        Which metrics warn when they are ill-defined.
    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights.
    zero_division : {'warn', 0.0, 1.0, np.nan}, default='warn'
        Value for a 0/0; ``'warn'`` gives 0.0 and an ``UndefinedMetricWarning``.

    Returns
    -------
    precision, recall, fbeta_score : float or ndarray of shape (n_classes,)
    support : None or ndarray of shape (n_classes,)

    Notes
    -----
    Per class, :math:`P = tp/(tp+fp)`, :math:`R = tp/(tp+fn)` and
    :math:`F_\\beta = (1+\\beta^2)\\,tp / ((1+\\beta^2)\\,tp + \\beta^2 fn + fp)`.
    {prf_notes}
    References
    ----------
    .. [1] Sokolova, M. and Lapalme, G. (2009). A systematic analysis of performance
       measures for classification tasks. Information Processing & Management 45(4).

    Examples
    --------
    >>> from metrics_sk import precision_recall_fscore_support
    >>> y_true = ["cat", "dog", "pig", "cat", "dog", "pig"]
    >>> y_pred = ["cat", "pig", "dog", "cat", "cat", "dog"]
    >>> p, r, f, _ = precision_recall_fscore_support(y_true, y_pred, average="macro")
    >>> round(p, 4), round(r, 4), round(f, 4)
    (0.2222, 0.3333, 0.2667)
    """


@count_metric(sklearn=skm.precision_score, constraints=_SET_WISE)
@_prf_doc
def precision_score(y_true, y_pred, *, labels=None, pos_label=1, average="binary",
                    sample_weight=None, zero_division="warn"):
    """Precision :math:`tp / (tp + fp)`: how many predicted positives are right.

    Drop-in for :func:`sklearn.metrics.precision_score`; parameters as in
    :func:`precision_recall_fscore_support`.

    Returns
    -------
    precision : float or ndarray of shape (n_classes,)

    Notes
    -----
    Precision per class :math:`P_k = tp_k / (tp_k + fp_k)`.
    {prf_notes}
    References
    ----------
    .. [1] Sokolova and Lapalme (2009), see :func:`precision_recall_fscore_support`.

    See Also
    --------
    macro_precision_score, micro_precision_score : oneDAL's names.

    Examples
    --------
    >>> from metrics_sk import precision_score
    >>> precision_score([0, 1, 2, 0, 1, 2], [0, 2, 1, 0, 0, 1], average="macro")
    0.2222222222222222
    """


@count_metric(sklearn=skm.recall_score, constraints=_SET_WISE)
@_prf_doc
def recall_score(y_true, y_pred, *, labels=None, pos_label=1, average="binary",
                 sample_weight=None, zero_division="warn"):
    """Recall :math:`tp / (tp + fn)`: how many actual positives are found.

    Drop-in for :func:`sklearn.metrics.recall_score`; parameters as in
    :func:`precision_recall_fscore_support`.

    Returns
    -------
    recall : float or ndarray of shape (n_classes,)

    Notes
    -----
    Recall per class :math:`R_k = tp_k / (tp_k + fn_k)`.
    {prf_notes}
    References
    ----------
    .. [1] Sokolova and Lapalme (2009), see :func:`precision_recall_fscore_support`.

    Examples
    --------
    >>> from metrics_sk import recall_score
    >>> recall_score([0, 1, 2, 0, 1, 2], [0, 2, 1, 0, 0, 1], average="macro")
    0.3333333333333333
    """


@count_metric(sklearn=skm.fbeta_score, constraints={**_SET_WISE, **_BETA})
@_prf_doc
def fbeta_score(y_true, y_pred, *, beta, labels=None, pos_label=1, average="binary",
                sample_weight=None, zero_division="warn"):
    """F-beta score, the weighted harmonic mean of precision and recall.

    Drop-in for :func:`sklearn.metrics.fbeta_score`; parameters as in
    :func:`precision_recall_fscore_support`. With ``average="macro"`` this is the mean
    of the per-class F, which is not oneDAL's macro F (see :func:`macro_fbeta_score`).

    Returns
    -------
    fbeta_score : float or ndarray of shape (n_classes,)

    Notes
    -----
    :math:`F_\\beta = (1+\\beta^2)\\,tp / ((1+\\beta^2)\\,tp + \\beta^2 fn + fp)` per class.
    {prf_notes}
    References
    ----------
    .. [1] Sokolova and Lapalme (2009), see :func:`precision_recall_fscore_support`.

    Examples
    --------
    >>> from metrics_sk import fbeta_score
    >>> round(fbeta_score([0, 1, 2, 0, 1, 2], [0, 2, 1, 0, 0, 1], beta=0.5,
    ...                   average="macro"), 4)
    0.2381
    """


@count_metric(sklearn=skm.f1_score, constraints=_SET_WISE)
@_prf_doc
def f1_score(y_true, y_pred, *, labels=None, pos_label=1, average="binary",
             sample_weight=None, zero_division="warn"):
    """F1 score, the harmonic mean of precision and recall.

    Drop-in for :func:`sklearn.metrics.f1_score`. ``average="weighted"``, ``"macro"``
    and ``"micro"`` are CatBoost's ``TotalF1`` averages (pass ``labels=range(K)`` for
    CatBoost's macro over all K classes).

    Returns
    -------
    f1_score : float or ndarray of shape (n_classes,)

    Notes
    -----
    :math:`F_1 = 2\\,tp / (2\\,tp + fn + fp)` per class.
    {prf_notes}
    References
    ----------
    .. [1] Sokolova and Lapalme (2009), see :func:`precision_recall_fscore_support`.

    Examples
    --------
    >>> from metrics_sk import f1_score
    >>> round(f1_score([0, 1, 2, 0, 1, 2], [0, 2, 1, 0, 0, 1], average="macro"), 4)
    0.2667
    >>> round(f1_score([0, 0, 0, 0, 0, 1], [0, 1, 1, 1, 1, 1], average="macro"), 4)
    0.3333
    """


@count_metric(sklearn=skm.accuracy_score,
              constraints={**_TARGETS, "normalize": ["boolean"]})
def accuracy_score(y_true, y_pred, *, normalize=True, sample_weight=None):
    """Accuracy: the fraction (or, with ``normalize=False``, the weight) of correct predictions.

    Drop-in for :func:`sklearn.metrics.accuracy_score`; CatBoost's ``Accuracy``.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,)
    normalize : bool, default=True
    sample_weight : array-like of shape (n_samples,), default=None

    Returns
    -------
    score : float

    Notes
    -----
    :math:`\\sum_k C_{kk} / \\sum_{ij} C_{ij}`.

    References
    ----------
    .. [1] Sokolova and Lapalme (2009).

    Examples
    --------
    >>> from metrics_sk import accuracy_score
    >>> accuracy_score([0, 1, 2, 3], [0, 2, 1, 3])
    0.5
    """


@count_metric(sklearn=skm.balanced_accuracy_score, constraints={
    "y_true": ["array-like"], "y_pred": ["array-like"],
    "sample_weight": ["array-like", None], "adjusted": ["boolean"]})
def balanced_accuracy_score(y_true, y_pred, *, sample_weight=None, adjusted=False):
    """Balanced accuracy: the mean recall over the classes present in ``y_true``.

    Drop-in for :func:`sklearn.metrics.balanced_accuracy_score`. For binary targets it
    equals oneDAL's binary "AUC" (:func:`balanced_auc_score`) and CatBoost's
    ``BalancedAccuracy``.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,)
    sample_weight : array-like of shape (n_samples,), default=None
    adjusted : bool, default=False
        Rescale so that chance scores 0 and perfect scores 1.

    Returns
    -------
    balanced_accuracy : float

    Notes
    -----
    :math:`\\frac{1}{|K|}\\sum_{k \\in K} tp_k / (tp_k + fn_k)` over the classes
    :math:`K` with support.

    References
    ----------
    .. [1] Brodersen, K. H. et al. (2010). The balanced accuracy and its posterior
       distribution. ICPR.

    Examples
    --------
    >>> from metrics_sk import balanced_accuracy_score
    >>> balanced_accuracy_score([0, 1, 0, 0, 1, 0], [0, 1, 0, 0, 0, 1])
    0.625
    """


@count_metric(sklearn=skm.matthews_corrcoef, constraints={
    "y_true": ["array-like"], "y_pred": ["array-like"], "sample_weight": ["array-like", None]})
def matthews_corrcoef(y_true, y_pred, *, sample_weight=None):
    """Matthews correlation coefficient (Gorodkin's :math:`R_K` for several classes).

    Drop-in for :func:`sklearn.metrics.matthews_corrcoef`; CatBoost's ``MCC``. Computed
    from the diagonal, row and column sums in O(K), never a K x K array.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,)
    sample_weight : array-like of shape (n_samples,), default=None

    Returns
    -------
    mcc : float
        In [-1, 1]; 0 when the denominator is 0.

    Notes
    -----
    With :math:`T = \\sum C`, row sums :math:`r` and column sums :math:`c`:
    :math:`(\\operatorname{tr}(C)\\,T - r \\cdot c) /
    \\sqrt{(T^2 - c \\cdot c)(T^2 - r \\cdot r)}`.

    References
    ----------
    .. [1] Gorodkin, J. (2004). Comparing two K-category assignments by a K-category
       correlation coefficient. Computational Biology and Chemistry 28.

    Examples
    --------
    >>> from metrics_sk import matthews_corrcoef
    >>> round(matthews_corrcoef([+1, +1, +1, -1], [+1, -1, +1, +1]), 4)
    -0.3333
    """


@count_metric(sklearn=skm.cohen_kappa_score, constraints={
    "y1": ["array-like"], "y2": ["array-like"], "labels": ["array-like", None],
    "weights": [StrOptions({"linear", "quadratic"}), None],
    "sample_weight": ["array-like", None],
    "replace_undefined_by": [Interval(Real, -1.0, 1.0, closed="both"), np.nan]})
def cohen_kappa_score(y1, y2, *, labels=None, weights=None, sample_weight=None,
                      replace_undefined_by=np.nan):
    """Cohen's kappa, unweighted or with linear / quadratic disagreement weights.

    Drop-in for :func:`sklearn.metrics.cohen_kappa_score`. ``weights="quadratic"`` with
    ``labels=range(K)`` is CatBoost's ``WKappa`` (CatBoost returns -1 where this returns
    ``replace_undefined_by``). Computed in O(K + non-zero cells): the expected
    disagreement uses row and column sums with prefix sums, never a K x K array.

    Parameters
    ----------
    y1, y2 : array-like of shape (n_samples,)
        Labels of the two raters.
    labels : array-like of shape (n_classes,), default=None
        Classes, in the order that defines the distances :math:`|i - j|`.
    weights : {None, 'linear', 'quadratic'}, default=None
    sample_weight : array-like of shape (n_samples,), default=None
    replace_undefined_by : float in [-1, 1] or np.nan, default=np.nan
        Value returned when kappa is 0/0, with an ``UndefinedMetricWarning``.

    Returns
    -------
    kappa : float

    Notes
    -----
    :math:`\\kappa = 1 - \\sum W \\circ O / \\sum W \\circ E` with
    :math:`E_{ij} = r_i c_j / \\sum O` and :math:`W_{ij} = [i \\ne j]`, :math:`|i-j|`
    or :math:`(i-j)^2`.

    References
    ----------
    .. [1] Cohen, J. (1960). A coefficient of agreement for nominal scales.
    .. [2] Cohen, J. (1968). Weighted kappa. Psychological Bulletin 70(4).

    Examples
    --------
    >>> from metrics_sk import cohen_kappa_score
    >>> round(cohen_kappa_score([0, 1, 2, 2, 0], [0, 2, 2, 2, 1]), 4)
    0.3750
    >>> round(cohen_kappa_score([0, 1, 2, 2, 0], [0, 2, 2, 2, 1], weights="quadratic"), 4)
    0.75
    """


@count_metric(sklearn=skm.hamming_loss, constraints=_TARGETS)
def hamming_loss(y_true, y_pred, *, sample_weight=None):
    """Hamming loss: the fraction of wrong labels (for single-label data, 1 - accuracy).

    Drop-in for :func:`sklearn.metrics.hamming_loss`; CatBoost's ``HammingLoss``.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,)
    sample_weight : array-like of shape (n_samples,), default=None

    Returns
    -------
    loss : float

    Notes
    -----
    :math:`1 - \\operatorname{tr}(C) / \\sum C`.

    References
    ----------
    .. [1] Tsoumakas, G. and Katakis, I. (2007). Multi-label classification: an overview.

    Examples
    --------
    >>> from metrics_sk import hamming_loss
    >>> hamming_loss([1, 2, 3, 4], [2, 2, 3, 4])
    0.25
    """


@count_metric(sklearn=skm.zero_one_loss, constraints={**_TARGETS, "normalize": ["boolean"]})
def zero_one_loss(y_true, y_pred, *, normalize=True, sample_weight=None):
    """Zero-one loss: the fraction (or weight) of misclassified samples.

    Drop-in for :func:`sklearn.metrics.zero_one_loss`; CatBoost's ``ZeroOneLoss``.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,)
    normalize : bool, default=True
    sample_weight : array-like of shape (n_samples,), default=None

    Returns
    -------
    loss : float

    Notes
    -----
    :math:`1 - \\operatorname{tr}(C) / \\sum C`, or :math:`\\sum C - \\operatorname{tr}(C)`.

    References
    ----------
    .. [1] Sokolova and Lapalme (2009).

    Examples
    --------
    >>> from metrics_sk import zero_one_loss
    >>> zero_one_loss([1, 2, 3, 4], [2, 2, 3, 4])
    0.25
    """


@validate_params({
    "y_true": ["array-like", "sparse matrix"], "y_pred": ["array-like", "sparse matrix"],
    "labels": ["array-like", None], "target_names": ["array-like", None],
    "sample_weight": ["array-like", None], "digits": [Interval(Integral, 0, None, closed="left")],
    "output_dict": ["boolean"],
    "zero_division": [Options(Real, {0.0, 1.0}), "nan", StrOptions({"warn"})],
}, prefer_skip_nested_validation=True)
def classification_report(y_true, y_pred, *, labels=None, target_names=None,
                          sample_weight=None, digits=2, output_dict=False,
                          zero_division="warn"):
    """Text report (or dict) of precision, recall, F1 and support per class.

    Drop-in for :func:`sklearn.metrics.classification_report`: same text, same dict,
    same warnings. The samples are counted once into a sparse
    :class:`~metrics_sk.Confusion`; the per-class rows and the averages are its
    :meth:`~metrics_sk.Confusion.precision_recall_fscore_support`, so a report of 500
    classes over millions of rows costs one pass over the inputs. Multilabel input is
    handed to scikit-learn. For every metric of the confusion (oneDAL's, MCC, kappa,
    intervals, HTML) see :func:`quality_report`.

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

    See Also
    --------
    quality_report : Every metric of the confusion, as text, HTML or a DataFrame.

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
    if _is_multilabel(y_true) or _is_multilabel(y_pred):
        return skm.classification_report(
            y_true, y_pred, labels=labels, target_names=target_names,
            sample_weight=sample_weight, digits=digits, output_dict=output_dict,
            zero_division=zero_division)
    c = build_confusion(y_true, y_pred, sample_weight, sklearn_compatible=True)
    labels_given = labels is not None
    labels = np.asarray(labels) if labels_given else c.labels
    micro_is_accuracy = not labels_given or set(labels.tolist()) >= set(c.labels.tolist())
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
    p, r, f1, s = c.precision_recall_fscore_support(labels=labels, average=None,
                                                    zero_division=zero_division)
    rows = list(zip(target_names, p, r, f1, s))
    for average in ("micro", "macro", "weighted"):
        heading = "accuracy" if average == "micro" and micro_is_accuracy else f"{average} avg"
        avg_p, avg_r, avg_f1, _ = c.precision_recall_fscore_support(
            labels=labels, average=average, zero_division=zero_division)
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
