"""Streaming score metrics: accumulate sums of per-sample losses batch by batch.

The count metrics stream through :class:`~metrics_sk.Confusion` (``update`` and ``+``).
The score metrics that are weighted means of per-sample losses (log loss, one-vs-all log
loss, hinge loss) stream through :class:`StreamingLoss`, which keeps sums of those
losses, computed by the kernels of ``metrics_sk._scores``.

Which column of the scores holds a sample's true class depends on *all* the classes,
which a batch may not show. So without ``labels=`` the accumulator keeps, for each true
label it has seen, the loss sum for every column the label could still occupy: a batch
with ``m`` of the ``K`` classes places its ``r``-th smallest label in columns
``r .. r + K - m`` (one column when the batch shows every class). Merging two
accumulators adds the sums of shared labels (columns one side ruled out stay ruled out),
and :meth:`StreamingLoss.compute` picks each label's column once all labels are known.
State is O(labels x columns), independent of the number of samples.
"""

import functools
import inspect
import warnings

import numpy as np

from . import _dask
from ._confusion import positions
from ._losses import (
    _finite_range,
    _label_kind,
    _rows_sum_to_one,
    _score_array,
    crammer_singer_margins,
    one_vs_all_losses,
    pick,
    sigmoid_cross_entropy,
    softmax_cross_entropy,
)
from ._validation import (
    check_labels_param,
    check_same_length,
    check_sample_weight,
    is_dask_collection,
    label_array,
)

METRICS = ("log_loss", "one_vs_all_log_loss", "hinge_loss")


# -- per-sample losses, given candidate columns of each sample's true class ----------------
# ``columns`` has shape (n, c): the loss of sample i with its true class in column
# ``columns[i, j]``, for each j, computed as the metric function computes it.
def _log_loss_losses(columns, scores, from_logits):
    """Cross-entropy of each sample, as :func:`metrics_sk.log_loss` computes it."""
    if from_logits:
        if scores.ndim == 1:
            return sigmoid_cross_entropy(columns == 1, scores[:, None])
        return softmax_cross_entropy(columns, scores)
    if scores.ndim == 2:
        true = pick(scores, columns)
    else:
        true = np.where(columns == 1, scores[:, None], 1 - scores[:, None])
    eps = np.finfo(true.dtype).eps
    return -np.log(np.clip(true, eps, 1 - eps))


def _one_vs_all_losses(columns, scores, from_logits):
    return one_vs_all_losses(columns, scores, from_logits=from_logits)


def _hinge_losses(columns, scores, from_logits):
    if scores.ndim == 1:
        margins = np.where(columns == 1, 1, -1) * scores[:, None]
    else:
        margins = crammer_singer_margins(columns, scores)
    return np.clip(1 - margins, 0, None)


_LOSSES = {"log_loss": _log_loss_losses, "one_vs_all_log_loss": _one_vs_all_losses,
           "hinge_loss": _hinge_losses}


class StreamingLoss:
    """Running log loss, one-vs-all log loss or hinge loss over batches.

    ``update`` adds a batch, ``compute`` gives the value so far, ``a + b`` merges two
    accumulators (e.g. from different processes or Dask partitions) without changing
    either; the object is small and picklable. ``compute()`` after any sequence of
    updates and merges equals the metric of the same name on all the samples at once.

    Parameters
    ----------
    metric : {'log_loss', 'one_vs_all_log_loss', 'hinge_loss'}, default='log_loss'
        The metric, as :func:`metrics_sk.log_loss`, :func:`metrics_sk.one_vs_all_log_loss`
        or :func:`metrics_sk.hinge_loss`.
    labels : array-like of shape (n_classes,), default=None
        All the classes. By default the sorted labels of ``y_true`` over all batches. As
        in the metric functions, the columns of ``log_loss`` and ``hinge_loss`` scores
        follow the *sorted* classes, those of ``one_vs_all_log_loss`` the order of
        ``labels``.
    from_logits : bool, default=False
        Scores are raw log-odds / logits instead of probabilities (the log losses only).
    normalize : bool, default=True
        ``compute`` returns the weighted mean loss; ``False``: the weighted sum.

    Attributes
    ----------
    n_samples : int
        Samples seen so far.
    weight : float
        Their total weight.

    See Also
    --------
    Confusion.update : The same pattern for every count metric.

    Notes
    -----
    Each metric is :math:`L = \\sum_i w_i \\ell_i / \\sum_i w_i` with per-sample losses
    :math:`\\ell_i` (see the metric functions), so the state is the per-class sums of
    :math:`w_i \\ell_i` and :math:`w_i`; merging adds them.

    Examples
    --------
    >>> import numpy as np
    >>> from metrics_sk import StreamingLoss, log_loss
    >>> y = np.array([0, 1, 2, 2, 1, 0])
    >>> proba = np.array([[.7, .2, .1], [.1, .8, .1], [.2, .2, .6],
    ...                   [.3, .3, .4], [.5, .4, .1], [.6, .3, .1]])
    >>> acc = StreamingLoss("log_loss")
    >>> for start in range(0, 6, 2):              # batches of an evaluation loop
    ...     acc = acc.update(y[start:start + 2], proba[start:start + 2])
    >>> bool(np.isclose(acc.compute(), log_loss(y, proba)))
    True
    >>> a = StreamingLoss().update(y[:3], proba[:3])   # e.g. in two processes
    >>> b = StreamingLoss().update(y[3:], proba[3:])
    >>> bool(np.isclose((a + b).compute(), log_loss(y, proba)))
    True
    """

    def __init__(self, metric="log_loss", *, labels=None, from_logits=False, normalize=True):
        if metric not in METRICS:
            raise ValueError(f"metric must be one of {METRICS}, got {metric!r}.")
        if not isinstance(from_logits, (bool, np.bool_)):
            raise ValueError(f"from_logits must be a bool, got {from_logits!r}.")
        if from_logits and metric == "hinge_loss":
            raise ValueError("from_logits applies to the log losses; hinge_loss takes raw "
                             "decision values already.")
        if not isinstance(normalize, (bool, np.bool_)):
            raise ValueError(f"normalize must be a bool, got {normalize!r}.")
        self.metric = metric
        self.from_logits = bool(from_logits)
        self.normalize = bool(normalize)
        classes = check_labels_param(labels, None)
        if classes is not None and metric != "one_vs_all_log_loss":
            classes = np.sort(classes)  # scikit-learn's column order
        self.labels = classes
        self.reset()

    def reset(self):
        """Forget every sample (keep the options).

        Returns
        -------
        self : StreamingLoss
            This accumulator, empty.
        """
        self._seen = None  # sorted true labels seen
        self._sums = np.zeros((0, 0))  # (labels seen, columns): loss sums, NaN if impossible
        self._weights = np.zeros(0)  # weight per label seen
        self._n_columns = None
        self._kind = None
        self.n_samples = 0
        return self

    @property
    def weight(self):
        return float(self._weights.sum())

    def _empty_like(self):
        out = StreamingLoss.__new__(StreamingLoss)
        out.__dict__.update(self.__dict__)
        return out.reset()

    # -- accumulating ----------------------------------------------------------------------
    def _check_batch(self, y_true, y_score, sample_weight):
        y = label_array(y_true, "y_true")
        ova = self.metric == "one_vs_all_log_loss"
        # The dtype the in-memory function computes in: the drop-ins keep float32 as
        # scikit-learn does, one_vs_all_log_loss works in float64.
        scores = _score_array(y_score, "y_score", keep_float_dtype=not ova)
        if scores.ndim == 2 and scores.shape[1] == 1 and not ova:
            scores = scores[:, 0]
        if scores.ndim not in (1, 2) or (ova and scores.ndim == 1):
            raise ValueError(f"y_score must be 2-D, of shape (n_samples, n_classes)"
                             f"{'' if ova else ', or 1-D for a binary target'}; got shape "
                             f"{scores.shape}.")
        check_same_length(("y_true", y), ("y_score", scores), ("sample_weight", sample_weight))
        weights = check_sample_weight(sample_weight, y.shape[0], allow_negative=not ova)
        _finite_range(scores, "y_score",
                      probabilities=not self.from_logits and self.metric != "hinge_loss",
                      advice="pass from_logits=True for raw scores")
        if (self.metric == "log_loss" and not self.from_logits and scores.ndim == 2
                and not _rows_sum_to_one(scores)):
            warnings.warn("The y_prob values do not sum to one. Make sure to pass "
                          "probabilities.", UserWarning, stacklevel=3)
        width = 2 if scores.ndim == 1 else scores.shape[1]
        if self.metric == "hinge_loss" and width == 2 and scores.ndim == 2:
            raise ValueError("hinge_loss of a binary target takes 1-D decisions (the decision "
                             "of the greater class), as scikit-learn's does.")
        if self._n_columns is not None and width != self._n_columns:
            raise ValueError(f"y_score has {width} columns, but earlier batches had "
                             f"{self._n_columns}.")
        kind = _label_kind(y)
        if self._kind is not None and kind != self._kind:
            raise ValueError("Mix of label input types (string and number): this batch's "
                             "y_true differs from earlier batches.")
        return y, scores, weights, width, kind

    def update(self, y_true, y_score, sample_weight=None):
        """Add a batch (numpy-like, or Dask collections reduced on their workers).

        Parameters
        ----------
        y_true : array-like of shape (n_samples,)
            True labels.
        y_score : array-like of shape (n_samples, n_classes) or (n_samples,)
            Probabilities, logits or decisions, as the metric function takes them.
        sample_weight : array-like of shape (n_samples,), default=None
            Sample weights.

        Returns
        -------
        self : StreamingLoss
            This accumulator, with the batch added.
        """
        if any(is_dask_collection(a) for a in (y_true, y_score, sample_weight)):
            import dask

            parts = _dask.partitions((("y_true", y_true), ("y_score", y_score),
                                      ("sample_weight", sample_weight)), score="y_score")
            update_one = dask.delayed(_update_partition, pure=False)
            merged = _dask.reduce_partitions([update_one(self._empty_like(), t, s, w)
                                              for t, s, w in parts])
            return self if merged is None else self._absorb(merged)
        y, scores, weights, width, kind = self._check_batch(y_true, y_score, sample_weight)
        local, codes = np.unique(y, return_inverse=True)
        codes = codes.reshape(-1)
        m = local.shape[0]
        fixed = self._fixed_columns(local, width)
        rows = np.arange(m)[:, None]
        if fixed is not None:
            label_columns = fixed[:, None]
        else:
            if m > width:
                raise ValueError(f"y_true has {m} classes but y_score has {width} columns; "
                                 "pass labels= with the class of each column.")
            label_columns = rows + np.arange(width - m + 1)  # r-th label: r .. r + width - m
        # One pass for every (label, candidate column): the loss of each sample with its
        # true class in each of its label's candidate columns, summed per label.
        losses = _LOSSES[self.metric](label_columns[codes], scores, self.from_logits)
        sums = np.full((m, width), np.nan)
        sums[rows, label_columns] = _sum_by_label(codes, _weighted(losses, weights), m)
        batch_weights = np.bincount(codes, weights=weights, minlength=m).astype(np.float64)
        batch = self._empty_like()
        batch._seen, batch._sums, batch._weights = local, sums, batch_weights
        batch._n_columns, batch._kind, batch.n_samples = width, kind, y.shape[0]
        return self._absorb(batch)

    def _fixed_columns(self, local, width):
        """The column of each label of the batch when the classes are known, else None."""
        if self.metric == "hinge_loss" and width == 2:
            if self.labels is not None and self.labels.shape[0] > 2:
                raise ValueError("The decisions are 1-D but labels has "
                                 f"{self.labels.shape[0]} classes; pass one column per class.")
            return None  # scikit-learn binarizes a binary hinge target on y_true alone
        if self.labels is None:
            return None
        col = positions(self.labels, local)
        if (col < 0).any():
            raise ValueError(f"y_true contains labels that are not in labels: "
                             f"{local[col < 0][:10].tolist()}.")
        if width != self.labels.shape[0]:
            raise ValueError(f"y_score has {width} columns but labels has "
                             f"{self.labels.shape[0]} entries.")
        return col

    # -- merging ---------------------------------------------------------------------------
    def _check_compatible(self, other):
        same = (self.metric == other.metric and self.from_logits == other.from_logits
                and self.normalize == other.normalize
                and (self.labels is None) == (other.labels is None)
                and (self.labels is None or np.array_equal(self.labels, other.labels)))
        if not same:
            raise ValueError("Cannot merge StreamingLoss accumulators with different metric, "
                             "labels, from_logits or normalize.")
        if None not in (self._n_columns, other._n_columns) and \
                self._n_columns != other._n_columns:
            raise ValueError(f"Cannot merge accumulators of scores with {self._n_columns} "
                             f"and {other._n_columns} columns.")
        if None not in (self._kind, other._kind) and self._kind != other._kind:
            raise ValueError("Cannot merge accumulators whose labels are of different types "
                             "(strings and numbers).")

    def _absorb(self, other):
        """Add ``other``'s sums into ``self`` (in place); return ``self``."""
        self._check_compatible(other)
        if other._seen is None:
            return self
        if self._seen is None:
            self._seen, self._sums = other._seen, other._sums.copy()
            self._weights = other._weights.copy()
        elif (where := positions(self._seen, other._seen)).min() >= 0:
            # other's labels are all seen already: add in place (self owns its arrays)
            self._sums[where] += other._sums  # NaN marks a column either side ruled out
            self._weights[where] += other._weights
        else:
            union = np.union1d(self._seen, other._seen)
            sums = np.zeros((union.shape[0], self._n_columns))
            weights = np.zeros(union.shape[0])
            for part in (self, other):
                where = positions(union, part._seen)
                sums[where] += part._sums  # NaN marks a column this part ruled out
                weights[where] += part._weights
            self._seen, self._sums, self._weights = union, sums, weights
        self._n_columns = other._n_columns
        self._kind = other._kind
        self.n_samples += other.n_samples
        return self

    def __add__(self, other):
        if not isinstance(other, StreamingLoss):
            return NotImplemented
        return self.copy()._absorb(other)

    def __radd__(self, other):
        if isinstance(other, int) and other == 0:  # sum([a, b, ...])
            return self.copy()
        return NotImplemented

    def copy(self):
        """Return an independent copy (a later :meth:`update` of one leaves the other alone).

        Returns
        -------
        copy : StreamingLoss
            An accumulator with the same options and sums.
        """
        out = self._empty_like()
        return out._absorb(self)

    # -- the value -------------------------------------------------------------------------
    def _classes(self):
        """The classes whose order gives the columns, and the column of each seen label."""
        k = self._n_columns
        if self.metric == "hinge_loss" and k == 2:  # binary: y_true alone, greater is +1
            if self._seen.shape[0] > 2:
                raise ValueError(f"y_true has {self._seen.shape[0]} classes but the decisions "
                                 "are 1-D; pass one column per class.")
            return self._seen, np.arange(self._seen.shape[0])
        classes = self.labels if self.labels is not None else self._seen
        if classes.shape[0] < 2 and self.metric == "log_loss":
            raise ValueError(f"y_true contains only one label ({classes[0]!r}). Please provide "
                             "the list of all expected class labels explicitly through the "
                             "labels argument.")
        if classes.shape[0] != k:
            source = ("labels has" if self.labels is not None else "y_true has")
            raise ValueError(f"y_score has {k} columns but {source} {classes.shape[0]} "
                             f"classes {classes[:10].tolist()}; pass labels= with every "
                             "class.")
        return classes, positions(classes, self._seen)

    def compute(self):
        """Compute the metric over every sample so far.

        Returns
        -------
        loss : float
            The loss of all samples seen, as the one-shot function gives it.
        """
        if self._seen is None:
            raise ValueError("No samples yet: call update() before compute().")
        _, columns = self._classes()
        total = float(self._sums[np.arange(self._seen.shape[0]), columns].sum())
        if not self.normalize:
            return total
        weight = self._weights.sum()
        if weight == 0:
            raise ZeroDivisionError("Weights sum to zero, can't be normalized")
        return total / float(weight)

    def __repr__(self):
        return (f"StreamingLoss({self.metric!r}, n_samples={self.n_samples}, "
                f"n_labels_seen={0 if self._seen is None else self._seen.shape[0]})")


def _weighted(losses, weights):
    return losses if weights is None else losses * weights[:, None]


def _sum_by_label(codes, values, m):
    """``out[r] = values[codes == r].sum(axis=0)``, in float64, adding in sample order as
    ``np.bincount`` does."""
    if values.shape[1] == 1:
        return np.bincount(codes, weights=values[:, 0], minlength=m)[:, None]
    out = np.zeros((m, values.shape[1]))
    np.add.at(out, codes, values)
    return out


def _update_partition(empty, y_true, y_score, sample_weight):
    """The accumulator of one partition (None when it is empty)."""
    if len(y_true) == 0:
        return None
    return empty.update(y_true, y_score, sample_weight)


def streaming_loss(metric, y_true, y_score, *, sample_weight=None, labels=None,
                   from_logits=False, normalize=True):
    """One-shot value of a streaming loss: ``StreamingLoss(...).update(...).compute()``.

    The route for Dask inputs to the score metrics: each partition is reduced to an
    accumulator on its worker, the accumulators are merged in a tree, one number comes
    back.

    Examples
    --------
    >>> from metrics_sk._streaming import streaming_loss
    >>> streaming_loss("hinge_loss", [-1, 1, 1], [-2.18, 2.36, 0.09])
    0.30333333333333334
    """
    acc = StreamingLoss(metric, labels=labels, from_logits=from_logits, normalize=normalize)
    return acc.update(y_true, y_score, sample_weight).compute()


def dask_route(metric):
    """Decorator for a score-loss function: Dask inputs go through
    :func:`metrics_sk._streaming.streaming_loss`.

    The decorated function keeps its signature; when any argument is a Dask collection,
    its first two arguments and ``sample_weight``, ``labels``, ``from_logits`` and
    ``normalize`` (those it has) are handed to ``streaming_loss(metric, ...)``, so the
    partitions are reduced on the workers and one number comes back.

    Examples
    --------
    >>> from metrics_sk._streaming import dask_route
    >>> @dask_route("hinge_loss")
    ... def my_hinge(y_true, pred_decision, *, labels=None, sample_weight=None):
    ...     return 0.0
    >>> my_hinge([0, 1], [0.5, -0.5])  # not Dask: the function itself
    0.0
    """
    def decorate(func):
        signature = inspect.signature(func)

        @functools.wraps(func)
        def routed(*args, **kwargs):
            given = signature.bind_partial(*args, **kwargs).arguments
            if not any(is_dask_collection(v) for v in given.values()):
                return func(*args, **kwargs)
            y_true, y_score = (given.get(name) for name in list(signature.parameters)[:2])
            options = {k: given[k] for k in ("sample_weight", "labels", "from_logits",
                                              "normalize") if k in given}
            return streaming_loss(metric, y_true, y_score, **options)

        return routed

    return decorate
