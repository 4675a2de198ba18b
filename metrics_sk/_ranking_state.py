"""The ranking metrics of a binary target as a streaming, mergeable state.

:class:`StreamingRanking` keeps, per bucket of the scores' order-keeping 64-bit keys
(:func:`~metrics_sk._auc.score_buckets`), the weight of the positives and of the
negatives (:func:`~metrics_sk._auc.key_table`); ``update`` adds a batch's table,
``+`` merges two tables (:func:`~metrics_sk._auc.merge_key_tables`). With 64 bits a
bucket is one distinct score: the table is the exact state of the ranking, the counts at
every threshold of :func:`~metrics_sk._auc.counts_at_thresholds` in another order, and
every result is handed to the formula code of the in-memory functions (the ROC AUC of
``_auc``, the PR areas of ``_auc.pr_area_of_counts``, the curves' points of
``_curves``, the threshold batch of ``_batch``). With fewer bits (the sketch) the table
has at most ``2**bits`` rows; the ROC AUC is then known within the bound of
:func:`~metrics_sk._auc.table_twice_wins`, the curves and the threshold batch are exact
at the buckets' lower edges, and the precision-recall areas (which no count bounds) are
refused.

Dask collections are reduced on the workers: a state per partition, merged by ``+`` in
the tree of :func:`metrics_sk._dask.reduce_partitions`.
"""

import warnings

import numpy as np

from . import _auc, _dask
from ._batch import threshold_batch
from ._confusion import Confusion
from ._curves import _pr_points, _roc_points
from ._encoding import NO_WEIGHT_MESSAGE, binary_classes, binary_positive, binary_score_inputs
from ._params import STREAMING_RANKING, Checker
from ._sklearn_compat import UndefinedMetricWarning
from ._streaming import Accumulator
from ._validation import is_dask_collection, label_kind

_CHECK = Checker("StreamingRanking", STREAMING_RANKING)
_UNIT_LABELS = {-1, 0, 1}
#: Batch tables kept unmerged at most: a table of a few rows costs ~400 bytes of Python
#: objects (~20x its rows' 24 bytes), and 1024 of them cost one merge of the table.
_MOST_PENDING = 1024


class StreamingRanking(Accumulator):
    """Running ROC AUC, average precision, PR AUC, curves and every-threshold confusions.

    ``update`` adds a batch of a binary target and its scores, ``a + b`` merges two
    states (e.g. from different processes or Dask partitions) without changing either.
    The state is a table of the distinct scores (or, with ``bits < 64``, of buckets of
    them) with the weight of the positives and of the negatives at each: it grows with the
    number of distinct scores, not of samples, and with ``bits < 64`` it has at most
    ``2**bits`` rows (a sketch).

    With ``bits=64`` every result equals the in-memory function on all the samples at
    once, whatever the batching: bit for bit for unweighted samples (integer counts), to
    rounding for weighted ones (the weights of equal scores are summed batch by batch).
    A sketch gives the ROC AUC within a bound it reports, and the curves and the
    threshold batch at the buckets' lower edges (exact counts there); it refuses the
    precision-recall areas.

    Parameters
    ----------
    pos_label : int, float, bool or str, default=None
        The positive class; None: 1 of {0, 1} or {-1, 1} labels (as :func:`roc_curve`).
        The labels need not be known in advance: a batch may hold one class.
    bits : int in [1, 64], default=64
        64: one row per distinct score (exact). Fewer: the scores' buckets are the top
        ``bits`` bits of their order-keeping keys (sign, exponent, then mantissa): about
        ``2**(bits - 12)`` buckets per power of two of the scores; 24 bits give
        4096 per octave and at most 2**24 rows (see ``docs/streaming.rst`` for the
        bound measured on typical scores).

    Attributes
    ----------
    n_samples : int
        Samples seen so far (of any weight).
    labels : ndarray or None
        The sorted distinct labels seen so far (at most two).
    n_rows : int
        Rows of the table: distinct scores (or buckets) of weighted samples.

    See Also
    --------
    Confusion.at_thresholds : The in-memory threshold batch.
    StreamingLoss : The same pattern for the score losses.

    Notes
    -----
    The table holds, per bucket :math:`b` of the scores in ascending order, the weights
    :math:`P_b` of the positives and :math:`N_b` of the negatives. Then
    :math:`2U = \\sum_b P_b (2 N_{<b} + N_b)` and the ROC AUC is
    :math:`A = 2U / (2PN)` (the Mann-Whitney statistic, ties 1/2): exact when each
    bucket holding both classes holds one distinct score (always with 64 bits); else
    :math:`|A - A_{true}| \\le \\sum_b P_b N_b / (2PN)`, the pairs within a bucket
    counted 1/2 whichever way they go. The cumulative sums of :math:`P_b, N_b` from the
    highest bucket down are the counts at every threshold of
    :func:`confusion_matrix_at_thresholds`, from which the curves, the average precision,
    the PR AUC and :meth:`at_thresholds` follow as in memory.

    References
    ----------
    .. [1] J. A. Hanley and B. J. McNeil (1982). The meaning and use of the area under a
       receiver operating characteristic (ROC) curve. Radiology 143(1), 29-36.
    .. [2] T. Fawcett (2006). An introduction to ROC analysis. Pattern Recognition
       Letters 27(8), 861-874.

    Examples
    --------
    >>> import numpy as np
    >>> from metrics_sk import StreamingRanking, roc_auc_score
    >>> y = np.array([0, 0, 1, 1, 0, 1])
    >>> s = np.array([0.1, 0.4, 0.35, 0.8, 0.5, 0.9])
    >>> state = StreamingRanking()
    >>> for start in range(0, 6, 2):              # batches of an evaluation loop
    ...     state = state.update(y[start:start + 2], s[start:start + 2])
    >>> state.roc_auc_score() == roc_auc_score(y, s)
    True
    >>> a = StreamingRanking().update(y[:3], s[:3])   # e.g. in two processes
    >>> b = StreamingRanking().update(y[3:], s[3:])
    >>> (a + b).average_precision_score() == state.average_precision_score()
    True
    >>> sketch = StreamingRanking(bits=16).update(y, s)
    >>> value, bound = sketch.roc_auc_score(return_bound=True)
    >>> bool(abs(value - roc_auc_score(y, s)) <= bound)
    True
    """

    def __init__(self, *, pos_label=None, bits=64):
        _CHECK({"pos_label": pos_label, "bits": bits})
        self.pos_label, self.bits = pos_label, int(bits)
        self.reset()

    def reset(self):
        """Forget every sample (keep the options).

        Returns
        -------
        self : StreamingRanking
            This state, empty.
        """
        self._table = (np.empty(0, np.uint64), np.empty(0, np.int64), np.empty(0, np.int64))
        self._pending, self._pending_rows = [], 0  # batches' tables not merged yet
        self.labels = None
        self._dtype = None  # the scores' dtype (the thresholds')
        self.n_samples = 0
        return self

    @property
    def n_rows(self):
        return self._merged()[0].shape[0]

    def _merged(self):
        """The table, with the batches' tables not merged yet merged into it."""
        if self._pending:
            self._table = _auc.merge_key_tables(self._table, *self._pending)
            self._pending, self._pending_rows = [], 0
        return self._table

    def _add_table(self, table):
        """Keep a table to merge: merged once the pending rows reach the table's (each
        merge costs about the rows it adds, not a pass over the whole table per batch:
        O(n log n) for a stream of many small batches, not O(n x batches)), or once
        ``_MOST_PENDING`` tables are (a stream of single samples); a sketch holds at
        most its ``2**bits`` merged rows, as many pending and one batch's."""
        self._pending.append(table)
        self._pending_rows += table[0].shape[0]
        if (self._pending_rows >= self._table[0].shape[0]
                or len(self._pending) >= _MOST_PENDING):
            self._merged()

    def _empty_like(self):
        return StreamingRanking(pos_label=self.pos_label, bits=self.bits)

    # -- accumulating ----------------------------------------------------------------------
    def _note_labels(self, classes):
        """Add a batch's sorted distinct labels to those seen: at most two, of one kind,
        and (``pos_label`` None) {0, 1} or {-1, 1}, checked by the rules of every binary
        scoring (:func:`~metrics_sk._encoding.binary_positive`) once they are known."""
        if self.labels is not None:
            if label_kind(classes) != label_kind(self.labels):
                raise ValueError("Mix of label input types (string and number): this "
                                 "batch's y_true differs from earlier batches.")
            classes = binary_classes(np.concatenate((self.labels, classes)))
        if classes.shape[0] > 2:
            binary_positive(classes, self.pos_label)  # (its error: not a binary target)
        if self.pos_label is None and (label_kind(classes) != "num" or classes.shape[0] == 2
                                       or not set(classes.tolist()) <= _UNIT_LABELS):
            binary_positive(classes, None, two_classes=False)
        self.labels = classes

    def update(self, y_true, y_score, sample_weight=None):
        """Add a batch (numpy-like, or Dask collections reduced on their workers).

        Parameters
        ----------
        y_true : array-like of shape (n_samples,)
            True labels of a binary target (a batch may hold one class).
        y_score : array-like of shape (n_samples,)
            Finite scores of the positive class.
        sample_weight : array-like of shape (n_samples,), default=None
            Non-negative sample weights (a sample of weight 0 gives no threshold).

        Returns
        -------
        self : StreamingRanking
            This state, with the batch added.

        Raises
        ------
        ValueError
            The checks of :meth:`Confusion.at_thresholds` (lengths, a 2-D, non-numeric,
            NaN or infinite ``y_score``, bad weights), a third label, or labels other
            than {0, 1} or {-1, 1} without ``pos_label``: the message names the argument.
        """
        if any(is_dask_collection(a) for a in (y_true, y_score, sample_weight)):
            import dask

            parts = _dask.partitions((("y_true", y_true), ("y_score", y_score),
                                      ("sample_weight", sample_weight)))
            update_one = dask.delayed(_update_partition, pure=False)
            merged = _dask.reduce_partitions([update_one(self._empty_like(), t, s, w)
                                              for t, s, w in parts])
            return self if merged is None else self._absorb(merged)
        y, scores, weights = binary_score_inputs(y_true, y_score, sample_weight,
                                                 label_rules=False)
        self._note_labels(binary_classes(y))
        is_pos = y == (1 if self.pos_label is None else self.pos_label)
        if weights is not None:
            kept = weights != 0
            if not kept.all():
                is_pos, scores, weights = is_pos[kept], scores[kept], weights[kept]
        self._add_table(_auc.key_table(is_pos, scores, weights, self.bits))
        self._note_dtype(scores.dtype)
        self.n_samples += y.shape[0]
        return self

    def _note_dtype(self, dtype):
        self._dtype = dtype if self._dtype is None else np.result_type(self._dtype, dtype)

    # -- merging ---------------------------------------------------------------------------
    def _absorb(self, other):
        """Add ``other``'s table into ``self`` (in place); return ``self``."""
        if self.pos_label != other.pos_label or self.bits != other.bits or (
                _kind(self.pos_label) != _kind(other.pos_label)):
            raise ValueError(f"Cannot merge StreamingRanking states with different pos_label "
                             f"or bits: ({self.pos_label!r}, {self.bits}) and "
                             f"({other.pos_label!r}, {other.bits}).")
        if other.labels is not None:
            self._note_labels(other.labels)
        if other._dtype is not None:
            self._note_dtype(other._dtype)
        self._add_table(other._merged())
        self.n_samples += other.n_samples
        return self

    def copy(self):
        """Return an independent copy (a later :meth:`update` of one leaves the other alone).

        Returns
        -------
        copy : StreamingRanking
            A state with the same options and table.
        """
        new = self._empty_like()  # the tables are shared: none is modified in place
        new._table, new._pending = self._table, list(self._pending)
        new._pending_rows, new.labels = self._pending_rows, self.labels
        new._dtype, new.n_samples = self._dtype, self.n_samples
        return new  # (not merged: a + b + c ... merges lazily, not the sum so far per +)

    __copy__ = copy  # (a shallow copy would share the list of pending batch tables)

    def __repr__(self):
        labels = None if self.labels is None else self.labels.tolist()
        return (f"StreamingRanking(pos_label={self.pos_label!r}, bits={self.bits}, "
                f"n_samples={self.n_samples}, n_rows={self.n_rows}, labels={labels})")

    # -- the results -----------------------------------------------------------------------
    def _binary(self):
        """``(classes, pos)`` of a binary target with both classes weighted: the rules of
        every binary scoring, a ValueError naming the argument."""
        if self.n_samples == 0:
            raise ValueError("No samples yet: call update() before computing a result.")
        classes = self.labels
        _, positive = binary_positive(classes, self.pos_label)
        _, pos, neg = self._merged()
        if not (pos.any() and neg.any()):
            raise ValueError(NO_WEIGHT_MESSAGE)
        return classes, positive

    def _counts(self):
        """``(fps, tps, thresholds)`` of :func:`~metrics_sk._auc.counts_at_thresholds`'s
        form: cumulative weights from the highest bucket down, and the buckets' lowest
        scores (with 64 bits the scores, in the scores' dtype)."""
        keys, pos, neg = self._merged()
        tps, fps = np.cumsum(pos[::-1]), np.cumsum(neg[::-1])
        thresholds = _auc.bucket_floors(keys[::-1], self.bits)
        if self.bits == 64:
            thresholds = thresholds.astype(self._dtype, copy=False)
        return fps, tps, thresholds

    def _refuse_sketch(self, what):
        if self.bits < 64:
            raise ValueError(f"The {what} of a sketch (bits={self.bits}) has no bound: "
                             "use bits=64 (exact) for it.")

    def roc_auc_score(self, *, return_bound=False):
        """The ROC AUC of every sample so far (with a sketch: within a bound).

        Parameters
        ----------
        return_bound : bool, default=False
            Return ``(auc, bound)``: the true ROC AUC is within ``bound`` of ``auc``
            (0.0 with 64 bits: exact).

        Returns
        -------
        auc : float
            :func:`roc_auc_score` of the samples, ``pos_label`` positive; NaN with
            scikit-learn's ``UndefinedMetricWarning`` while only one class is seen (or
            only one has non-zero weight).
        bound : float
            With ``return_bound``: :math:`\\sum_b P_b N_b / (2PN)` over the buckets
            holding both classes (0.0 with 64 bits).
        """
        _CHECK({"return_bound": return_bound})
        if self.n_samples and self.labels.shape[0] < 2:  # roc_auc_score's outcome
            warnings.warn("Only one class is present in y_true. ROC AUC score is not "
                          "defined in that case.", UndefinedMetricWarning, stacklevel=2)
            return (np.nan, np.nan) if return_bound else np.nan
        _, pos, neg = self._merged()
        if self.n_samples and pos.any() != neg.any():  # one class of zero weight: the same
            binary_positive(self.labels, self.pos_label)
            side, rate = ("positive", "true") if neg.any() else ("negative", "false")
            warnings.warn(f"No {side} samples in y_true, {rate} positive value should be "
                          "meaningless", UndefinedMetricWarning, stacklevel=2)
            return (np.nan, np.nan) if return_bound else np.nan
        self._binary()
        if pos.dtype.kind in "iu":
            n_pos, n_neg = int(pos.sum()), int(neg.sum())
            twice, mixed = _auc.table_twice_wins(pos, neg)
            value = _auc.auc_of_twice_wins(twice, n_pos, n_neg)
            bound = mixed / (2.0 * n_pos * n_neg)
        else:  # each side normalised, as mann_whitney does
            pos, neg = pos / pos.sum(), neg / neg.sum()
            value = float(_auc.groups_auc(pos, neg))
            bound = _auc._dot(pos, neg) / 2
        if not return_bound:
            return value
        return value, 0.0 if self.bits == 64 else bound

    def average_precision_score(self):
        """The average precision of every sample so far (not from a sketch).

        Returns
        -------
        average_precision : float
            :func:`average_precision_score` of the samples, ``pos_label`` positive.
        """
        return self._pr_area(step=True)

    def pr_auc_score(self):
        """The trapezoidal area under the precision-recall curve (not from a sketch).

        Returns
        -------
        pr_auc : float
            The PR AUC of :func:`one_vs_all_pr_auc_score` for the positive class.
        """
        return self._pr_area(step=False)

    def _pr_area(self, step):
        self._refuse_sketch("average precision" if step else "PR AUC")
        self._binary()
        fps, tps, _ = self._counts()
        if tps.dtype.kind not in "iu":  # the weights' power-of-two scaling (unit_scaled)
            exponent = -_auc.weight_exponent(np.append(tps[-1:], fps[-1:]))
            fps, tps = np.ldexp(fps, exponent), np.ldexp(tps, exponent)  # (2**-e may overflow)
        return float(_auc.pr_area_of_counts(fps, tps, step))

    def roc_curve(self, *, drop_intermediate=True):
        """The ROC curve of every sample so far (of a sketch: at its buckets' edges).

        Parameters
        ----------
        drop_intermediate : bool, default=True
            Drop the thresholds whose point is collinear with its neighbours.

        Returns
        -------
        fpr, tpr, thresholds : ndarray
            As :func:`roc_curve`; a sketch's thresholds are the lowest score of each
            bucket, its rates exact at them.
        """
        _CHECK({"drop_intermediate": drop_intermediate})
        self._binary()
        fps, tps, thresholds = self._counts()
        return _roc_points(fps.astype(np.float64), tps.astype(np.float64), thresholds,
                           drop_intermediate)

    def precision_recall_curve(self, *, drop_intermediate=False):
        """The precision-recall curve of every sample so far (of a sketch: at its edges).

        Parameters
        ----------
        drop_intermediate : bool, default=False
            Drop the thresholds where the true positives do not change from both
            neighbours.

        Returns
        -------
        precision, recall, thresholds : ndarray
            As :func:`precision_recall_curve`; a sketch's thresholds are the lowest score
            of each bucket (float64), its precision and recall exact at them.
        """
        _CHECK({"drop_intermediate": drop_intermediate})
        self._binary()
        fps, tps, thresholds = self._counts()
        return _pr_points(fps.astype(np.float64), tps.astype(np.float64), thresholds,
                          drop_intermediate)

    def at_thresholds(self):
        """The binary confusions at every threshold: :meth:`Confusion.at_thresholds`.

        Returns
        -------
        ThresholdBatch
            The batch of :meth:`Confusion.at_thresholds` of every sample so far (every
            count metric at every distinct score); of a sketch, at the lowest score of
            each bucket (float64), where its counts are exact.
        """
        classes, pos = self._binary()
        fps, tps, thresholds = self._counts()
        if self.bits < 64:
            thresholds = thresholds.astype(np.float64, copy=False)
        return threshold_batch(classes, pos, fps, tps, thresholds,
                               weighted=tps.dtype.kind not in "iu", confusion_type=Confusion)


def _update_partition(empty, y_true, y_score, sample_weight):
    """The state of one partition (None when it is empty)."""
    if len(y_true) == 0:
        return None
    return empty.update(y_true, y_score, sample_weight)


def _kind(label):
    """What sets a ``pos_label`` apart beyond its value: a string and a boolean are not
    the number they equal (1 and np.int64(1) are the same label; True is not)."""
    return type(label) if isinstance(label, (str, bool, np.bool_)) else "number"
