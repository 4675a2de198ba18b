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

from . import _auc, _dropins, _onedal
from ._batch import ConfusionBatch
from ._confusion import Confusion, checked
from ._curves import _binary_inputs, _boundary, _classes, _column, _weights
from ._facts import FACTS
from ._params import checked as checked_function
from ._scores import _plain_targets
from ._sklearn_compat import sklearn_constraints


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


def _checked_method(name):
    method = checked(getattr(ConfusionBatch, name))
    method.__qualname__ = f"ThresholdBatch.{name}"
    method.__doc__ = getattr(ConfusionBatch, name).__doc__ or _formula_doc(name)
    return method


def _formula_doc(name):
    from . import _formulas

    return _formulas.FORMULAS[name].__doc__


#: The count metrics of the registry (each a ``ConfusionBatch`` method).
COUNT_METRICS = tuple(name for name, f in FACTS.items() if f.count)
for _name in COUNT_METRICS:
    setattr(ThresholdBatch, _name, _checked_method(_name))


def _batch_of(labels, pos, fps, tps, thresholds, weighted):
    """The :class:`ThresholdBatch` over ``labels`` (two; ``pos`` the position of the
    positive one) of the cumulative counts ``fps``, ``tps``: cells (neg, neg) = TN,
    (neg, pos) = FP, (pos, neg) = FN, (pos, pos) = TP."""
    neg = 1 - pos
    counts = np.empty((fps.shape[0], 4), dtype=np.float64 if weighted else np.int64)
    counts[:, 0] = fps[-1] - fps
    counts[:, 1] = fps
    counts[:, 2] = tps[-1] - tps
    counts[:, 3] = tps
    rows = np.array([neg, neg, pos, pos])
    cols = np.array([neg, pos, neg, pos])
    base = Confusion._of(labels, np.zeros((3, 3), dtype=counts.dtype), fixed=None,
                         weighted=weighted, counted=not weighted)
    return ThresholdBatch(base, rows, cols, counts, thresholds, labels[pos].item())


# -- the checks of the functions of this module ----------------------------------------------
def _checked_inputs(y_true, y_score, sample_weight, pos_label):
    """``(labels, pos, is_pos, scores, weights)`` of a binary scoring, zero weights left
    out, or a ValueError naming the argument: 1-D numeric finite ``y_score`` and
    ``y_true`` of one length, non-negative weights of that length, exactly two classes in
    ``y_true`` (``pos_label`` one of them; None: 1 of {0, 1} or {-1, 1}), each with
    weight."""
    y = _plain_targets(y_true)
    if y is None:
        raise ValueError("y_true must be a 1-D array of labels with at least one sample.")
    n = y.shape[0]
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
    if sample_weight is not None:
        if np.ndim(sample_weight) != 1 or np.shape(sample_weight)[0] != n:
            raise ValueError(f"sample_weight must be 1-D with {n} entries (one per sample), "
                             f"got shape {np.shape(sample_weight)}.")
        sample_weight = np.asarray(sample_weight, dtype=np.float64)
        if not np.isfinite(sample_weight).all() or (sample_weight < 0).any():
            raise ValueError("sample_weight must be finite and non-negative.")
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
    from ._formulas import FORMULAS

    if not FORMULAS[name].batch or name == "precision_recall_fscore_support":
        return None  # (matrices, blocks and tuples: per threshold, as scikit-learn)
    own = getattr(_dropins, name, None), getattr(_onedal, name, None)
    if any(metric_func is f for f in own) or metric_func is getattr(sklearn.metrics, name,
                                                                     None):
        return name
    return None


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
    batch = _batch_of(np.array([0, 1]), 1, fps, tps, thresholds,
                      weighted=weights is not None)
    values = getattr(batch, name)(**params)
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
    metric_values : ndarray of shape (n_thresholds,) or (n_thresholds, *n_outputs)
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
