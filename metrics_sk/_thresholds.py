"""Thresholds as a batch axis: every count metric at every threshold from one sort.

:func:`confusions_at_thresholds` (behind :meth:`Confusion.at_thresholds
<metrics_sk.Confusion.at_thresholds>`) turns the cumulative counts of
``_auc.counts_at_thresholds`` (one sort, the positives and negatives at or above each
distinct score) into a :class:`ThresholdBatch`: one more ``ConfusionBatch``
(``metrics_sk/_batch.py``, the batch interface of ``docs/design.rst``) whose R
confusions are the 2 x 2 tables of the predictions ``y_score >= t``, R x 4 cells. The
formulas of ``_formulas`` evaluate it unchanged. :func:`metric_at_thresholds` (scikit-
learn's drop-in) evaluates a recognised count metric on it; the operating points
(``recall_at_precision`` and its kin) and :func:`equal_error_rate` read the same counts.
"""

import inspect
from numbers import Real

import numpy as np
import sklearn.metrics
from sklearn.metrics import _ranking as _sk

from . import _auc, _formulas
from ._batch import ConfusionBatch
from ._confusion import Confusion, checked
from ._curves import _binary_inputs, _boundary, _classes, _column, _weights
from ._losses import encode_targets
from ._facts import FACTS
from ._params import checked as checked_function
from ._scores import _plain_targets
from ._sklearn_compat import sklearn_constraints
from ._validation import check_sample_weight, refuse_masked


# -- the batch -------------------------------------------------------------------------------
class ThresholdBatch(ConfusionBatch):
    """Binary confusions of the predictions ``y_score >= t``, one per distinct score ``t``.

    Built by :meth:`Confusion.at_thresholds <metrics_sk.Confusion.at_thresholds>` (not
    directly). Every count metric is a method (the keyword parameters of the function of
    its name, checked) returning one value per threshold (shape ``(n_thresholds,)``, or
    ``(n_thresholds, n_classes)`` per class); the matrices and result blocks hold one
    block per threshold along a leading axis. ``thresholds`` (decreasing), ``labels``
    (the two classes) and ``pos_label`` describe the batch; ``tps``, ``fps``, ``fns``,
    ``tns`` are its cells.

    Parameters
    ----------
    confusion : Confusion
        An empty confusion over the two labels (the labels of the batch).
    rows, cols : ndarray of shape (4,)
        Positions among the labels of the true and predicted label of each cell.
    counts : ndarray of shape (n_thresholds, 4)
        The cells (TN, FP, FN, TP) at each threshold.
    thresholds : ndarray of shape (n_thresholds,)
        The distinct scores, decreasing.
    pos_label : int, float, bool or str
        The class predicted at or above a threshold.

    See Also
    --------
    Confusion.at_thresholds : Build one.
    metric_at_thresholds : Any metric at every threshold.

    Examples
    --------
    >>> from metrics_sk import Confusion
    >>> batch = Confusion.at_thresholds([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> batch
    ThresholdBatch(n_thresholds=4, labels=[0, 1], pos_label=1)
    >>> batch.matthews_corrcoef().round(3).tolist()
    [0.577, 0.0, 0.577, 0.0]
    """

    def __init__(self, confusion, rows, cols, counts, thresholds, pos_label):
        super().__init__(confusion, rows, cols, counts, own_labels=True)
        self.thresholds = thresholds
        self.pos_label = pos_label
        self.tns, self.fps, self.fns, self.tps = counts.T

    def __len__(self):
        return self.thresholds.shape[0]

    def __repr__(self):
        return (f"ThresholdBatch(n_thresholds={len(self)}, labels={self.labels.tolist()}, "
                f"pos_label={self.pos_label!r})")

    # -- the count metrics, checked: one method each, its formula's docstring -----------
    @checked
    def confusion_matrix(self, *, labels=None, normalize=None):
        return super().confusion_matrix(labels=labels, normalize=normalize)
    confusion_matrix.__doc__ = _formulas.confusion_matrix.__doc__

    @checked
    def precision_recall_fscore_support(self, *, beta=1.0, labels=None, pos_label=1,
                                        average=None,
                                        warn_for=("precision", "recall", "f-score"),
                                        zero_division="warn"):
        return super().precision_recall_fscore_support(beta=beta, labels=labels,
                                                       pos_label=pos_label, average=average,
                                                       warn_for=warn_for,
                                                       zero_division=zero_division)
    precision_recall_fscore_support.__doc__ = _formulas.precision_recall_fscore_support.__doc__

    @checked
    def precision_score(self, *, labels=None, pos_label=1, average="binary",
                        zero_division="warn"):
        return super().precision_score(labels=labels, pos_label=pos_label, average=average,
                                       zero_division=zero_division)
    precision_score.__doc__ = _formulas.precision_score.__doc__

    @checked
    def recall_score(self, *, labels=None, pos_label=1, average="binary", zero_division="warn"):
        return super().recall_score(labels=labels, pos_label=pos_label, average=average,
                                    zero_division=zero_division)
    recall_score.__doc__ = _formulas.recall_score.__doc__

    @checked
    def fbeta_score(self, *, beta, labels=None, pos_label=1, average="binary",
                    zero_division="warn"):
        return super().fbeta_score(beta=beta, labels=labels, pos_label=pos_label,
                                   average=average, zero_division=zero_division)
    fbeta_score.__doc__ = _formulas.fbeta_score.__doc__

    @checked
    def f1_score(self, *, labels=None, pos_label=1, average="binary", zero_division="warn"):
        return super().f1_score(labels=labels, pos_label=pos_label, average=average,
                                zero_division=zero_division)
    f1_score.__doc__ = _formulas.f1_score.__doc__

    @checked
    def jaccard_score(self, *, labels=None, pos_label=1, average="binary",
                      zero_division="warn"):
        return super().jaccard_score(labels=labels, pos_label=pos_label, average=average,
                                     zero_division=zero_division)
    jaccard_score.__doc__ = _formulas.jaccard_score.__doc__

    @checked
    def multilabel_confusion_matrix(self, *, labels=None, samplewise=False):
        return super().multilabel_confusion_matrix(labels=labels, samplewise=samplewise)
    multilabel_confusion_matrix.__doc__ = _formulas.multilabel_confusion_matrix.__doc__

    @checked
    def accuracy_score(self, *, normalize=True):
        return super().accuracy_score(normalize=normalize)
    accuracy_score.__doc__ = _formulas.accuracy_score.__doc__

    @checked
    def balanced_accuracy_score(self, *, adjusted=False):
        return super().balanced_accuracy_score(adjusted=adjusted)
    balanced_accuracy_score.__doc__ = _formulas.balanced_accuracy_score.__doc__

    @checked
    def matthews_corrcoef(self):
        return super().matthews_corrcoef()
    matthews_corrcoef.__doc__ = _formulas.matthews_corrcoef.__doc__

    @checked
    def cohen_kappa_score(self, *, labels=None, weights=None, replace_undefined_by=np.nan):
        return super().cohen_kappa_score(labels=labels, weights=weights,
                                         replace_undefined_by=replace_undefined_by)
    cohen_kappa_score.__doc__ = _formulas.cohen_kappa_score.__doc__

    @checked
    def hamming_loss(self):
        return super().hamming_loss()
    hamming_loss.__doc__ = _formulas.hamming_loss.__doc__

    @checked
    def zero_one_loss(self, *, normalize=True):
        return super().zero_one_loss(normalize=normalize)
    zero_one_loss.__doc__ = _formulas.zero_one_loss.__doc__

    @checked
    def average_accuracy_score(self, *, labels=None, zero_division="warn"):
        return super().average_accuracy_score(labels=labels, zero_division=zero_division)
    average_accuracy_score.__doc__ = _formulas.average_accuracy_score.__doc__

    @checked
    def error_rate(self, *, labels=None, zero_division="warn"):
        return super().error_rate(labels=labels, zero_division=zero_division)
    error_rate.__doc__ = _formulas.error_rate.__doc__

    @checked
    def micro_precision_score(self, *, labels=None, zero_division="warn"):
        return super().micro_precision_score(labels=labels, zero_division=zero_division)
    micro_precision_score.__doc__ = _formulas.micro_precision_score.__doc__

    @checked
    def micro_recall_score(self, *, labels=None, zero_division="warn"):
        return super().micro_recall_score(labels=labels, zero_division=zero_division)
    micro_recall_score.__doc__ = _formulas.micro_recall_score.__doc__

    @checked
    def micro_fbeta_score(self, *, labels=None, beta=1.0, zero_division="warn"):
        return super().micro_fbeta_score(labels=labels, beta=beta,
                                         zero_division=zero_division)
    micro_fbeta_score.__doc__ = _formulas.micro_fbeta_score.__doc__

    @checked
    def macro_precision_score(self, *, labels=None, zero_division="warn"):
        return super().macro_precision_score(labels=labels, zero_division=zero_division)
    macro_precision_score.__doc__ = _formulas.macro_precision_score.__doc__

    @checked
    def macro_recall_score(self, *, labels=None, zero_division="warn"):
        return super().macro_recall_score(labels=labels, zero_division=zero_division)
    macro_recall_score.__doc__ = _formulas.macro_recall_score.__doc__

    @checked
    def macro_fbeta_score(self, *, labels=None, beta=1.0, zero_division="warn"):
        return super().macro_fbeta_score(labels=labels, beta=beta,
                                         zero_division=zero_division)
    macro_fbeta_score.__doc__ = _formulas.macro_fbeta_score.__doc__

    @checked
    def multiclass_quality_metrics(self, *, labels=None, beta=1.0, zero_division="warn"):
        return super().multiclass_quality_metrics(labels=labels, beta=beta,
                                                  zero_division=zero_division)
    multiclass_quality_metrics.__doc__ = _formulas.multiclass_quality_metrics.__doc__

    @checked
    def binary_confusion_matrix(self, *, pos_label=1):
        return super().binary_confusion_matrix(pos_label=pos_label)
    binary_confusion_matrix.__doc__ = _formulas.binary_confusion_matrix.__doc__

    @checked
    def binary_quality_metrics(self, *, pos_label=1, beta=1.0, zero_division="warn"):
        return super().binary_quality_metrics(pos_label=pos_label, beta=beta,
                                              zero_division=zero_division)
    binary_quality_metrics.__doc__ = _formulas.binary_quality_metrics.__doc__

    @checked
    def specificity_score(self, *, labels=None, pos_label=1, average="binary",
                          zero_division="warn"):
        return super().specificity_score(labels=labels, pos_label=pos_label,
                                         average=average, zero_division=zero_division)
    specificity_score.__doc__ = _formulas.specificity_score.__doc__

    @checked
    def balanced_auc_score(self, *, labels=None, pos_label=1, average="binary",
                           zero_division="warn"):
        return super().balanced_auc_score(labels=labels, pos_label=pos_label,
                                          average=average, zero_division=zero_division)
    balanced_auc_score.__doc__ = _formulas.balanced_auc_score.__doc__

    @checked
    def geometric_mean_score(self, *, labels=None, pos_label=1, average="multiclass",
                             correction=0.0):
        return super().geometric_mean_score(labels=labels, pos_label=pos_label,
                                            average=average, correction=correction)
    geometric_mean_score.__doc__ = _formulas.geometric_mean_score.__doc__

    @checked
    def selection_rate(self, *, pos_label=1):
        return super().selection_rate(pos_label=pos_label)
    selection_rate.__doc__ = _formulas.selection_rate.__doc__

    @checked
    def expected_cost(self, *, cost_matrix, labels=None, normalize=True):
        return super().expected_cost(cost_matrix=cost_matrix, labels=labels,
                                     normalize=normalize)
    expected_cost.__doc__ = _formulas.expected_cost.__doc__



def _batch_of(labels, pos, fps, tps, thresholds, weighted, both=True):
    """The :class:`ThresholdBatch` over ``labels`` (two; ``pos`` the position of the
    positive one) of the cumulative counts ``fps``, ``tps``: cells (neg, neg) = TN,
    (neg, pos) = FP, (pos, neg) = FN, (pos, pos) = TP. ``both``: both labels are true
    labels of weighted samples, so every confusion of the batch has both (its labels are
    fixed: no per-confusion ``present`` to work out)."""
    neg = 1 - pos
    counts = np.empty((fps.shape[0], 4), dtype=np.float64 if weighted else np.int64)
    counts[:, 0] = fps[-1] - fps
    counts[:, 1] = fps
    counts[:, 2] = tps[-1] - tps
    counts[:, 3] = tps
    rows = np.array([neg, neg, pos, pos])
    cols = np.array([neg, pos, neg, pos])
    base = Confusion.from_cells(labels, np.zeros((3, 3), dtype=counts.dtype),
                         fixed=2 if both else None,
                         weighted=weighted, counted=not weighted)
    return ThresholdBatch(base, rows, cols, counts, thresholds, labels[pos].item())


# -- the checks of the functions of this module ----------------------------------------------
def _checked_inputs(y_true, y_score, sample_weight, pos_label):
    """``(labels, pos, is_pos, scores, weights)`` of a binary scoring, zero weights left
    out, or a ValueError naming the argument: 1-D numeric finite ``y_score`` and
    ``y_true`` of one length, non-negative weights of that length, exactly two classes in
    ``y_true`` (``pos_label`` one of them; None: 1 of {0, 1} or {-1, 1}), each with
    weight."""
    for x, x_name in ((y_true, "y_true"), (y_score, "y_score")):
        refuse_masked(x, x_name)
    if np.ndim(y_true) != 1:
        raise ValueError(f"y_true must be 1-D (labels), got shape {np.shape(y_true)}.")
    y = np.asarray(y_true)
    n = y.shape[0]
    if n == 0:
        raise ValueError("y_true is empty (0 samples).")
    if np.ndim(y_score) != 1:
        raise ValueError(f"y_score must be 1-D (the scores of the positive class), got "
                         f"shape {np.shape(y_score)}.")
    scores = np.asarray(y_score)
    if scores.dtype.kind not in "biuf":
        raise ValueError(f"y_score must hold numbers, got dtype {scores.dtype}.")
    if scores.shape[0] != n:
        raise ValueError(f"y_score has {scores.shape[0]} samples but y_true has {n}.")
    if scores.dtype.kind == "f" and not np.isfinite(scores).all():
        raise ValueError("y_score contains NaN or infinity.")
    if sample_weight is not None and np.ndim(sample_weight) == 1 and len(sample_weight) != n:
        raise ValueError(f"sample_weight has {len(sample_weight)} entries but y_true has "
                         f"{n} samples.")
    sample_weight = check_sample_weight(sample_weight, n)  # (the shared checks and errors)
    if sample_weight is not None:
        sample_weight = sample_weight.astype(np.float64, copy=False)
    if y.dtype.kind not in "biu":  # the one label encoder's checks (None, NaN, complex...)
        found, codes = encode_targets(y, None)
        y = found[codes]
    classes = _classes(y)
    if classes.shape[0] != 2:
        raise ValueError(f"y_true must hold exactly two classes (a binary target), got "
                         f"{classes.shape[0]}: {classes.tolist()[:5]}.")
    if pos_label is None:
        if y.dtype.kind not in "biuf" or set(classes.tolist()) not in ({0, 1}, {-1, 1}):
            raise ValueError(f"y_true takes the values {classes.tolist()}: pass pos_label "
                             "(it is only implied for {0, 1} and {-1, 1} labels).")
        pos_label = 1
    elif not any(c == pos_label and isinstance(c, str) == isinstance(pos_label, str)
                 for c in classes.tolist()):
        raise ValueError(f"pos_label={pos_label!r} is not a class of y_true "
                         f"{classes.tolist()}.")
    native = _binary_inputs(y, scores, sample_weight, pos_label, two_classes=True)
    if native is None:
        raise ValueError("y_true must give both classes weight (a class with no sample, "
                         "or only zero sample weights, leaves a rate undefined).")
    pos = int(np.flatnonzero(classes == pos_label)[0])
    return (classes, pos) + native


def confusions_at_thresholds(y_true, y_score, *, pos_label=None, sample_weight=None):
    """The :class:`ThresholdBatch` of ``Confusion.at_thresholds`` (documented there)."""
    classes, pos, is_pos, scores, weights = _checked_inputs(y_true, y_score, sample_weight,
                                                            pos_label)
    fps, tps, thresholds = _auc.counts_at_thresholds(is_pos, scores, weights)
    return _batch_of(classes, pos, fps, tps,
                     thresholds.astype(np.asarray(y_score).dtype, copy=False),
                     weighted=weights is not None)


# -- metric_at_thresholds ---------------------------------------------------------------------
def _count_metric_name(metric_func):
    """The registry name of ``metric_func`` when it is a count metric of metrics_sk's
    (the public function of its name) or scikit-learn's (``sklearn.metrics.<name>``)
    that evaluates a batch at once; None for any other callable."""
    name = getattr(metric_func, "__name__", None)
    facts = FACTS.get(name) if isinstance(name, str) else None
    if facts is None or not facts.count:
        return None
    if not _formulas.FORMULAS[name].batch or name == "precision_recall_fscore_support":
        return None  # (matrices, blocks and tuples: per threshold, as scikit-learn)
    # metrics_sk's public function of that name (its module named, not imported: the
    # public functions' modules sit above this one) or scikit-learn's
    ours = getattr(metric_func, "__module__", None) in _PUBLIC_MODULES and getattr(
        metric_func, "__wrapped__", None) is not None
    if ours or metric_func is getattr(sklearn.metrics, name, None):
        return name
    return None


#: The modules of metrics_sk's public count functions.
_PUBLIC_MODULES = ("metrics_sk._dropins", "metrics_sk._onedal", "metrics_sk._decisions")


def _batched(y_true, y_score, sample_weight, name, params):
    """The values of count metric ``name`` at every threshold on the batch, or None when
    the input is not one this computes exactly as scikit-learn's loop does: plain 1-D
    ``y_true`` of 0/1 labels (scikit-learn predicts the integers 0 and 1 and never
    encodes ``y_true``), finite 1-D scores, non-negative weights, ``params`` among the
    metric's keyword parameters."""
    method = getattr(ConfusionBatch, name)
    if not set(params) <= set(inspect.signature(method).parameters) - {"self"}:
        return None
    y = _plain_targets(y_true)
    if y is None or y.dtype.kind not in "biuf":
        return None
    n = y.shape[0]
    weights = _weights(sample_weight, n)
    scores = None if weights is False else _column(y_score, n, weights)
    if scores is None or not np.isin(y, (0, 1)).all():
        return None
    is_pos = y == 1
    if weights is not None:
        kept = weights != 0
        is_pos, scores, weights = is_pos[kept], scores[kept], weights[kept]
        if not kept.any():
            return None
    fps, tps, thresholds = _auc.counts_at_thresholds(is_pos, scores, weights)
    both = 0 < tps[-1] and 0 < fps[-1]
    batch = _batch_of(np.array([0, 1]), 1, fps, tps, thresholds,
                      weighted=weights is not None, both=both)
    values = getattr(batch, name)(**params)
    if not both and np.ndim(values) > 1:
        return None  # per-class values over labels that change with the threshold: ragged
    return np.asarray(values), thresholds.astype(np.asarray(y_score).dtype, copy=False)


@checked_function(sklearn_constraints("metric_at_thresholds") or {
    "y_true": ["array-like"], "y_score": ["array-like"], "metric_func": [callable],
    "sample_weight": ["array-like", None], "metric_params": [dict, None]})
def metric_at_thresholds(y_true, y_score, metric_func, *, sample_weight=None,
                         metric_params=None):
    """Compute ``metric_func`` at every threshold of binary scores.

    Drop-in for :func:`sklearn.metrics.metric_at_thresholds` (same values, thresholds and
    errors). A count metric of metrics_sk or scikit-learn (``f1_score``,
    ``matthews_corrcoef``, ``specificity_score``... recognised by identity) is evaluated
    on all thresholds at once, from one sort (:meth:`Confusion.at_thresholds
    <metrics_sk.Confusion.at_thresholds>`); any other callable is called once per
    threshold, as scikit-learn does.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels (0 and 1: the predictions are the integers 0 and 1).
    y_score : array-like of shape (n_samples,)
        Scores of the positive class.
    metric_func : callable
        Called as ``metric_func(y_true, y_pred, **metric_params)`` with
        ``y_pred = (y_score >= threshold).astype(np.int32)``.
    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights, passed to ``metric_func``; samples of weight 0 give no threshold.
    metric_params : dict, default=None
        Keyword arguments of ``metric_func``.

    Returns
    -------
    metric_values : ndarray of shape (n_thresholds,) or (n_thresholds, n_outputs)
        The metric at each threshold.
    thresholds : ndarray of shape (n_thresholds,)
        The distinct scores, decreasing.

    See Also
    --------
    Confusion.at_thresholds : Every count metric at every threshold.
    confusion_matrix_at_thresholds : The binary confusion counts at every threshold.

    Notes
    -----
    At the distinct score :math:`t_j` (decreasing), the predictions are
    :math:`\\hat y_i = [s_i \\ge t_j]`; for a count metric, :math:`TP_j` and :math:`FP_j`
    are cumulative sums of the sorted (weighted) positives and negatives,
    :math:`FN_j = P - TP_j`, :math:`TN_j = N - FP_j`, and the metric's formula is evaluated
    on all :math:`j` at once: O(n log n) instead of scikit-learn's O(n x n_thresholds).
    (A warning of an ill-defined value is then given once, not once per threshold.)

    References
    ----------
    .. [1] T. Fawcett (2006). An introduction to ROC analysis. Pattern Recognition
       Letters 27(8), 861-874.

    Examples
    --------
    >>> from metrics_sk import accuracy_score, metric_at_thresholds
    >>> values, thresholds = metric_at_thresholds([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8],
    ...                                           accuracy_score)
    >>> thresholds.tolist(), values.tolist()
    ([0.8, 0.4, 0.35, 0.1], [0.75, 0.5, 0.75, 0.5])
    """
    params = dict(metric_params or {})
    name = _count_metric_name(metric_func)
    if name is not None:
        _boundary(y_true, y_score, sample_weight)
        if sample_weight is not None:
            params.pop("sample_weight", None)
        done = _batched(y_true, y_score, sample_weight, name, params)
        if done is not None:
            return done
    return _sk.metric_at_thresholds(y_true, y_score, metric_func, sample_weight=sample_weight,
                                    metric_params=metric_params)


# -- operating points --------------------------------------------------------------------------
def _counts_of(y_true, y_score, pos_label, sample_weight, *, roc):
    """``(fps, tps, thresholds, N, P)``: the (weighted) negatives and positives at or
    above each threshold, decreasing; ``roc``: with the point ``+inf`` first (nothing
    predicted positive), as :func:`roc_curve` has it."""
    _, _, is_pos, scores, weights = _checked_inputs(y_true, y_score, sample_weight, pos_label)
    fps, tps, thresholds = _auc.counts_at_thresholds(is_pos, scores, weights)
    if roc:
        fps, tps = np.r_[0.0, fps], np.r_[0.0, tps]
        thresholds = np.r_[np.inf, thresholds]
    return fps, tps, thresholds, fps[-1], tps[-1]


def _best(value, reached, thresholds, return_threshold):
    """The largest ``value`` where ``reached`` (0.0 where nowhere), and with
    ``return_threshold`` the largest threshold giving it (NaN where nowhere)."""
    if not reached.any():
        return (0.0, np.nan) if return_threshold else 0.0
    best = float(value[reached].max())
    if not return_threshold:
        return best
    return best, float(thresholds[np.flatnonzero(reached & (value == best))[0]])


def _precision(fps, tps, n, p):
    return tps / (tps + fps)  # (thresholds are scores: something is predicted positive)


def _recall(fps, tps, n, p):
    return tps / p


def _specificity(fps, tps, n, p):
    return (n - fps) / n


def _at(value, constraint, roc, y_true, y_score, minimum, pos_label, sample_weight,
        return_threshold):
    """The largest ``value`` (a rate of the counts) where ``constraint`` reaches
    ``minimum``, over the thresholds (``roc``: with ``+inf``)."""
    fps, tps, thresholds, n, p = _counts_of(y_true, y_score, pos_label, sample_weight, roc=roc)
    return _best(value(fps, tps, n, p), constraint(fps, tps, n, p) >= minimum, thresholds,
                 return_threshold)


_POINT_DOC = """Return the largest {value} where the {constraint} reaches ``{minimum}``.

    The largest {value} over the thresholds where the {constraint} is at least
    ``{minimum}``. The thresholds are the distinct scores{roc}; at each, the predictions
    are ``pos_label`` where ``y_score >= t``. 0.0 when no threshold reaches ``{minimum}``.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels: exactly two classes, each with weight.
    y_score : array-like of shape (n_samples,)
        Finite scores of the positive class.
    {minimum} : float in [0, 1]
        The least {constraint} accepted.
    pos_label : int, float, bool or str, default=None
        The positive class; None: 1 of {{0, 1}} or {{-1, 1}} labels.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative sample weights.
    return_threshold : bool, default=False
        Also return the largest threshold giving the value.

    Returns
    -------
    value : float
        The largest {value} where the {constraint} is at least ``{minimum}``.
    threshold : float
        Only with ``return_threshold``: the largest threshold ``t`` giving it (NaN when
        no threshold reaches ``{minimum}``).

    Raises
    ------
    ValueError
        ``{minimum}`` outside [0, 1], mismatched lengths, a 2-D, NaN or infinite
        ``y_score``, a ``y_true`` without two weighted classes: the message names the
        argument.

    See Also
    --------
    Confusion.at_thresholds : Every count metric at every threshold.
    {see_also}

    Notes
    -----
    With :math:`TP_t, FP_t` the (weighted) positives and negatives scoring at least
    :math:`t`, :math:`P, N` all positives and negatives: precision
    :math:`TP_t / (TP_t + FP_t)`, recall (sensitivity) :math:`TP_t / P`, specificity
    :math:`(N - FP_t) / N`; the value is :math:`\\\\max \\\\{{{formula}\\\\}}`, from one sort of the
    scores (O(n log n)).

    References
    ----------
    .. [1] T. Fawcett (2006). An introduction to ROC analysis. Pattern Recognition
       Letters 27(8), 861-874.

    Examples
    --------
    >>> from metrics_sk import {name}
    >>> y_true = [0, 0, 1, 1, 0, 1]
    >>> y_score = [0.1, 0.4, 0.35, 0.8, 0.7, 0.9]
    >>> {name}(y_true, y_score, {minimum}=0.6, return_threshold=True)
    {example}
    """


def _documented(name, value, constraint, minimum, roc, see_also, formula, example):
    def decorate(func):
        func.__doc__ = _POINT_DOC.format(
            name=name, value=value, constraint=constraint, minimum=minimum,
            roc=(" and ``+inf`` (nothing predicted positive), the points of "
                 ":func:`roc_curve`" if roc else
                 " (the thresholds of :func:`precision_recall_curve`; the precision is "
                 "undefined above the highest score)"),
            see_also=see_also, formula=formula, example=example)
        return func
    return decorate


@checked_function(FACTS["recall_at_precision"].constraints)
@_documented("recall_at_precision", "recall", "precision", "min_precision", False,
             "precision_recall_curve : Precision and recall at every threshold.",
             "\\\\mathrm{{recall}}_t : \\\\mathrm{{precision}}_t \\\\ge m",
             "(1.0, 0.35)")
def recall_at_precision(y_true, y_score, *, min_precision, pos_label=None,
                        sample_weight=None, return_threshold=False):
    return _at(_recall, _precision, False, y_true, y_score, min_precision, pos_label,
               sample_weight, return_threshold)


@checked_function(FACTS["precision_at_recall"].constraints)
@_documented("precision_at_recall", "precision", "recall", "min_recall", False,
             "precision_recall_curve : Precision and recall at every threshold.",
             "\\\\mathrm{{precision}}_t : \\\\mathrm{{recall}}_t \\\\ge m",
             "(1.0, 0.8)")
def precision_at_recall(y_true, y_score, *, min_recall, pos_label=None, sample_weight=None,
                        return_threshold=False):
    return _at(_precision, _recall, False, y_true, y_score, min_recall, pos_label,
               sample_weight, return_threshold)


@checked_function(FACTS["sensitivity_at_specificity"].constraints)
@_documented("sensitivity_at_specificity", "sensitivity (recall)", "specificity",
             "min_specificity", True, "roc_curve : The rates at every threshold.",
             "\\\\mathrm{{TPR}}_t : 1 - \\\\mathrm{{FPR}}_t \\\\ge m",
             "(0.6666666666666666, 0.8)")
def sensitivity_at_specificity(y_true, y_score, *, min_specificity, pos_label=None,
                               sample_weight=None, return_threshold=False):
    return _at(_recall, _specificity, True, y_true, y_score, min_specificity, pos_label,
               sample_weight, return_threshold)


@checked_function(FACTS["specificity_at_sensitivity"].constraints)
@_documented("specificity_at_sensitivity", "specificity", "sensitivity (recall)",
             "min_sensitivity", True, "roc_curve : The rates at every threshold.",
             "1 - \\\\mathrm{{FPR}}_t : \\\\mathrm{{TPR}}_t \\\\ge m",
             "(1.0, 0.8)")
def specificity_at_sensitivity(y_true, y_score, *, min_sensitivity, pos_label=None,
                               sample_weight=None, return_threshold=False):
    return _at(_specificity, _recall, True, y_true, y_score, min_sensitivity, pos_label,
               sample_weight, return_threshold)


@checked_function(FACTS["equal_error_rate"].constraints)
def equal_error_rate(y_true, y_score, *, pos_label=None, sample_weight=None):
    """Return the error rate where the false positive and false negative rates are equal.

    On the ROC points (the distinct scores and ``+inf``, where nothing is predicted
    positive: FPR = 0, FNR = 1), FPR - FNR grows from -1 to 1 as the threshold falls;
    the equal error rate is linearly interpolated between the two consecutive points
    where it changes sign (reaches 0).

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels: exactly two classes, each with weight.
    y_score : array-like of shape (n_samples,)
        Finite scores of the positive class.
    pos_label : int, float, bool or str, default=None
        The positive class; None: 1 of {0, 1} or {-1, 1} labels.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative sample weights.

    Returns
    -------
    float
        The rate where FPR = FNR, in [0, 1].

    Raises
    ------
    ValueError
        Mismatched lengths, a 2-D, NaN or infinite ``y_score``, a ``y_true`` without two
        weighted classes: the message names the argument.

    See Also
    --------
    det_curve : FPR and FNR at every threshold.
    roc_curve : FPR and TPR at every threshold.

    Notes
    -----
    With :math:`d_j = \\mathrm{FPR}_j - \\mathrm{FNR}_j` on the ROC points (non-decreasing)
    and :math:`j` the first point with :math:`d_j \\ge 0`:
    :math:`\\mathrm{EER} = \\mathrm{FPR}_{j-1} + a (\\mathrm{FPR}_j - \\mathrm{FPR}_{j-1})`,
    :math:`a = d_{j-1} / (d_{j-1} - d_j)` (the crossing of the segment with FPR = FNR).

    References
    ----------
    .. [1] A. Martin, G. Doddington, T. Kamm, M. Ordowski, M. Przybocki (1997). The DET
       curve in assessment of detection task performance. Eurospeech, 1895-1898.

    Examples
    --------
    >>> from metrics_sk import equal_error_rate
    >>> equal_error_rate([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    0.5
    """
    fps, tps, _, n, p = _counts_of(y_true, y_score, pos_label, sample_weight, roc=True)
    fpr, fnr = fps / n, (p - tps) / p
    d = fpr - fnr  # -1 at +inf, 1 at the lowest score
    j = int(np.argmax(d >= 0))
    a = d[j - 1] / (d[j - 1] - d[j])
    return float(fpr[j - 1] + a * (fpr[j] - fpr[j - 1]))
