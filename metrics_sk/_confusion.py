"""The one sparse confusion-matrix builder.

Every count-based metric in metrics_sk is a function of a :class:`Confusion`. The labels
are encoded by ``_encoding``, the cells counted by ``_counting``; this module holds the
confusion, its merging and the counting of Dask inputs (whose partitions are confusions
merged on the workers); its batches are in ``_batch``, the groups in ``_grouped``.

Storage: a CSR matrix of shape ``(L + 1, L + 1)`` (rows = actual, columns = predicted)
over every label ``L`` counted, plus one trailing *other* slot, always empty once counted
(the encoders put a label outside a given list there; the builder then counts the batch
over its own labels). ``labels=`` chooses the labels *reported* and their order: they
come first, the other labels met in the data follow (sorted). It never removes samples:
:attr:`~Confusion.labels`, ``tp``, ``fp``, ``fn``, ``support``, ``predicted`` and
:attr:`~Confusion.matrix` are over the reported labels (one-vs-rest counts over all the
samples, as scikit-learn's ``precision_recall_fscore_support(labels=...)``), while
``total`` and the whole-table metrics (accuracy, zero-one and Hamming loss, MCC, kappa
without ``labels``) are over every label counted, as scikit-learn computes them on the
same samples.
"""

import numpy as np
import scipy.sparse as sp

from . import _dask, _dask_ranking, _formulas
from ._batch import confusions_at_thresholds, threshold_batch
from ._counting import (
    DENSE_STORE,
    ExactCells,
    add_exact,
    added_exactly,
    bincount,
    count_cells,
    exact_cells,
    exact_parts,
    remap_exact,
)
from ._encoding import (
    compact,
    distinct_labels,
    encode,
    is_sorted,
    positions,
    reported_first,
    sorted_union,
)
from ._params import checked_method as checked  # (the decorator of the metric methods)
from ._validation import (
    KIND_NAMES,
    check_labels_param,
    check_sample_weight,
    declared_order,
    is_dask_collection,
    label_kind,
    refuse_masked,
)

_reduce_max = np.maximum.reduce  # (np.max without its dispatch: small arrays)


def confusion_cells(y_true, y_pred, *, labels=None, sample_weight=None,
                    allow_negative_weights=False, allow_column=False, known=None,
                    fixed=False, wrap=False):
    """``(labels, cells)`` of the inputs (see ``_counting.count_cells``, which counts
    in-memory inputs); Dask collections are counted where they live, one partition at a
    time, and merged in a tree (``metrics_sk._dask``): only the merged counts come back."""
    if not (type(y_true) is np.ndarray and type(y_pred) is np.ndarray  # (the cheap test)
            and (sample_weight is None or type(sample_weight) is np.ndarray)) and any(
                is_dask_collection(a) for a in (y_true, y_pred, sample_weight)):
        return _dask_cells(y_true, y_pred, labels=labels, sample_weight=sample_weight,
                           allow_negative_weights=allow_negative_weights,
                           allow_column=allow_column)
    return count_cells(y_true, y_pred, labels=labels, sample_weight=sample_weight,
                       allow_negative_weights=allow_negative_weights,
                       allow_column=allow_column, known=known, fixed=fixed, wrap=wrap)


def _partition_confusion(t, p, w, labels, allow_negative_weights, allow_column):
    """The confusion of one partition (None when the partition is empty)."""
    if len(t) == 0 and len(p) == 0:
        return None
    values, cells = count_cells(t, p, labels=labels, sample_weight=w,
                          allow_negative_weights=allow_negative_weights,
                          allow_column=allow_column)
    return Confusion.from_cells(values, cells, fixed=_chosen(labels), weighted=w is not None,
                                counted=w is None)


def _dask_cells(y_true, y_pred, *, labels, sample_weight, allow_negative_weights,
                allow_column):
    """``(labels, cells)`` of Dask inputs: one task per partition counts it (its labels
    found there), a tree of merges on the workers sums them (``metrics_sk._dask``)."""
    import dask

    check_labels_param(labels, None)  # its kind is checked against the data per partition
    parts = _dask.partitions((("y_true", y_true), ("y_pred", y_pred),
                              ("sample_weight", sample_weight)), allow_column=allow_column)
    count_one = dask.delayed(_partition_confusion, pure=False)  # fresh keys on every call
    merged = _dask.reduce_partitions(
        [count_one(t, p, w, labels, allow_negative_weights, allow_column) for t, p, w in parts])
    if merged is None:
        raise ValueError("Found empty input array (e.g., `y_true` or `y_pred`) while a "
                         "minimum of 1 sample is required.")
    return merged._labels, merged._exact_or_cells()


def _counted(c):
    """``c`` (a confusion, or a batch the bootstrap evaluates through the methods) if it
    has counted a label: every metric alike refuses an empty one (no ZeroDivisionError, no
    NaN)."""
    if c.n_classes == 0:
        raise ValueError(_formulas.EMPTY)
    return c


class Confusion:
    """Sparse, mergeable confusion matrix: the builder behind every count-based metric.

    Rows are actual classes, columns are predicted classes, both in the order of
    :attr:`labels`. Memory is O(number of labels + non-zero cells); a dense
    ``K x K`` array is made only by :meth:`to_dense`.

    Build one with :meth:`from_predictions` or :meth:`from_matrix`, or start empty with
    ``Confusion()`` and :meth:`update` it batch by batch. ``a + b`` merges two confusions
    (union of labels) without changing either. Every count-based metric of metrics_sk is
    also a method, with the same keyword parameters as the function of that name.

    ``labels=`` chooses which classes are reported and in which order (and adds classes
    absent from the data); it never removes samples. :attr:`labels`, ``tp``, ``fp``,
    ``fn``, ``support``, ``predicted``, :attr:`matrix` and the per-class values and their
    averages are over the chosen labels, with one-vs-rest counts over all the samples (as
    scikit-learn's ``precision_recall_fscore_support(labels=...)``); ``total`` and the
    whole-table metrics (accuracy, zero-one and Hamming loss, error rate, MCC, kappa
    without ``labels``) are over every sample, as scikit-learn computes them on the same
    samples. ``confusion_matrix(labels=...)`` and ``cohen_kappa_score(labels=...)`` keep
    the samples whose labels are both among their ``labels``, as scikit-learn's do.

    See Also
    --------
    confusion_matrix : The dense confusion matrix of scikit-learn, from label arrays.
    ConfusionDisplay : The heatmap of a confusion.

    Examples
    --------
    >>> from metrics_sk import Confusion
    >>> c = Confusion.from_predictions([0, 1, 2, 2], [0, 2, 1, 2])
    >>> c.labels
    array([0, 1, 2])
    >>> c.to_dense()
    array([[1, 0, 0],
           [0, 0, 1],
           [0, 1, 1]])
    >>> c.tp, c.fp, c.fn
    (array([1, 0, 1]), array([0, 1, 1]), array([0, 1, 1]))
    >>> c.macro_fbeta_score(beta=2)
    0.5
    >>> c + Confusion.from_predictions([3], [3])
    Confusion(n_classes=4, total=5, nonzero_cells=5)
    """

    #: Whether the cells are counts of samples (no weights, not a given matrix): then no
    #: sum of them reaches 2**53 and the margins need no check of their range.
    _counted = False

    def __init__(self):
        self._set(np.array([], dtype=np.int64), np.zeros((1, 1), dtype=np.int64), fixed=None)
        self._weighted = False
        self._counted = True

    @classmethod
    def from_cells(cls, labels, cells, *, fixed, weighted=False, counted=False):
        """Hold counted cells as they are: the builders' constructor (nothing checked).

        Parameters
        ----------
        labels : ndarray of shape (L,)
            Every label counted, the ones chosen with ``labels=`` first.
        cells : ndarray, scipy sparse array of shape (L + 1, L + 1), or ExactCells
            The counts (or weight sums), rows = actual, with the other slot last; or
            float weight sums with their exact values (``_counting.ExactCells``).
        fixed : int or None
            The number of labels chosen with ``labels=`` (the first of ``labels``, the
            ones reported), None when every label counted is reported.
        weighted : bool, default=False
            Whether the cells are sample-weight sums, not counts.
        counted : bool, default=False
            Whether they are the builder's counts of samples (see ``_counted``).

        Returns
        -------
        confusion : Confusion
            A confusion of these cells (not copied).
        """
        out = object.__new__(cls)._set(labels, cells, fixed=fixed)
        out._weighted = weighted
        out._counted = counted
        return out

    #: Whether this is a batch of confusions (False; a ``ConfusionBatch`` is one): the
    #: formulas ask without computing. Part of the batch interface (``docs/design.rst``).
    is_batch = False

    #: Whether the labels are the columns of a multilabel indicator (False; see
    #: ``metrics_sk/_multilabel.py``). Part of the batch interface (``docs/design.rst``).
    is_multilabel = False

    #: The labels of ``y_true`` among the labels counted, whatever their weight (a
    #: boolean array), when some sample weights are zero; None: those with support. Set
    #: by the drop-ins' ``_api.build_confusion``, read by ``_formulas``.
    true_present = None

    def _set(self, labels, cells, *, fixed):
        """Hold ``cells``, the ``(K + 1) x (K + 1)`` counts with the other slot: a dense
        array while it has at most ``DENSE_STORE`` cells (an :meth:`update` is then one
        bincount added in place), a CSR array beyond (O(non-zero cells)). For
        :class:`~metrics_sk._counting.ExactCells` the rounded cells, and ``_exact`` keeps
        their exact sums (None: the cells are exact as they are)."""
        self._exact = None
        if isinstance(cells, ExactCells):
            self._exact, cells = cells, cells.rounded
        self._labels = labels.view()  # read-only view: the caller's array stays writable
        self._labels.flags.writeable = False
        size = labels.shape[0] + 1
        dense = isinstance(cells, np.ndarray)
        if not dense:
            if size * size <= DENSE_STORE:
                cells, dense = cells.toarray(), True
            elif not isinstance(cells, sp.csr_array):
                cells = sp.csr_array(cells)
        elif size * size > DENSE_STORE:
            cells, dense = sp.csr_array(cells), False
        self._cells = cells
        self._sparse = not dense
        self._fixed = fixed  # the number of reported labels, None: all
        self._k = labels.shape[0] if fixed is None else fixed
        self._changed()
        return self

    def _exact_or_cells(self):
        """The cells with their exact sums (``_counting.ExactCells``) when they have them,
        else the cells: what another confusion adds exactly (``_add_cells``)."""
        if self._exact is not None and self._exact.rounded is self._cells:
            return self._exact
        return self._cells

    def _changed(self):
        """Forget what was derived from the cells (after they changed in place)."""
        self._margins = self._matrix = None

    def _sums(self):
        """``(tp, support, predicted, total)``, computed once per change of the cells."""
        if self._margins is None:
            k = self._labels.shape[0]
            cells = self._cells
            if cells.dtype.kind == "i" and not self._counted and not _small_integers(
                    cells) and _float_total(cells) >= 2.0**53:
                # integer sums beyond 2**53: margins in float64, where formulas never wrap
                cells = cells.astype(np.float64)
            if self._sparse:
                diag = cells.diagonal()
                rows = np.asarray(cells.sum(axis=1)).ravel()
                cols = np.asarray(cells.sum(axis=0)).ravel()
            else:
                diag = cells.diagonal().copy()
                rows, cols = np.add.reduce(cells, 1), np.add.reduce(cells, 0)
            whole = diag[:k], rows[:k], cols[:k]
            for a in whole:
                a.flags.writeable = False
            total = np.add.reduce(rows)
            shown = self._k
            margins = whole if shown == k else tuple(a[:shown] for a in whole)
            self._margins = margins + (total,), whole + (total,)
        return self._margins[0]

    def whole_margins(self):
        """Return the margins over every label counted, reported or not.

        The whole table of the samples, as scikit-learn's functions without ``labels``
        see it: the reported labels first, then the others counted. Part of the batch
        interface that the formulas read (``docs/design.rst``).

        Returns
        -------
        tp, support, predicted : ndarray of shape (n_labels_counted,)
            Diagonal, row sums and column sums.
        total : number
            Count (weight) of every sample.
        """
        self._sums()
        return self._margins[1]

    def nonzero_cells(self, whole=False):
        """Return the non-zero cells of the matrix block.

        Part of the batch interface that the formulas read (``docs/design.rst``).

        Parameters
        ----------
        whole : bool, default=False
            Cells of the table of every label counted instead of the ``K x K`` block of
            the reported labels.

        Returns
        -------
        rows, cols : ndarray of shape (n_cells,)
            Positions of the cells among the labels counted (reported ones first).
        values : ndarray of shape (n_cells,)
            Their counts (weights).
        """
        k = self._labels.shape[0] if whole else self._k
        if self._sparse:
            coo = (self._cells[:k, :k] if whole else self.matrix).tocoo()
            return coo.row, coo.col, coo.data
        block = self._cells[:k, :k]
        rows, cols = np.nonzero(block)
        return rows, cols, block[rows, cols]

    # -- construction -------------------------------------------------------------
    @classmethod
    def from_predictions(cls, y_true, y_pred, *, labels=None, sample_weight=None,
                         groups=None):
        """Count a confusion matrix from true and predicted labels.

        Parameters
        ----------
        y_true, y_pred : array-like of shape (n_samples,)
            True and predicted labels: integers, booleans, integer-valued floats or strings.
        labels : array-like of shape (n_classes,), default=None
            The classes, in the order of the rows and columns. By default the sorted
            union of the labels in ``y_true`` and ``y_pred`` (for an ordered categorical,
            such as a pandas ``Categorical(ordered=True)``, in its declared order). The
            classes reported; no sample is removed (see the class docstring): a sample
            of another label is outside :attr:`matrix` (as in scikit-learn's
            ``confusion_matrix(labels=...)``) but counts in ``total``, the one-vs-rest
            counts and the whole-table metrics.
        sample_weight : array-like of shape (n_samples,), default=None
            Non-negative weight of each sample; a sample adds its weight to its cell.
        groups : array-like of shape (n_samples,), DataFrame or dict, default=None
            The group of each sample (one array), or several group columns (a DataFrame's
            columns, a dict of arrays, a 2-D array), crossed. Then a
            :class:`GroupedConfusion` is returned: every count metric for every group at
            once.

        Returns
        -------
        Confusion or GroupedConfusion
        """
        if groups is not None:  # (the grouped confusion, one module up: see _grouped)
            from ._grouped import count_grouped_confusion

            return count_grouped_confusion(y_true, y_pred, groups, labels=labels,
                                sample_weight=sample_weight)
        values, cells = confusion_cells(y_true, y_pred, labels=labels, sample_weight=sample_weight)
        c = cls.from_cells(values, cells, fixed=_chosen(labels), weighted=sample_weight is not None,
                           counted=sample_weight is None)
        order = declared_order(y_true, y_pred) if labels is None else None
        return c if order is None else in_order(c, order)

    @classmethod
    def from_matrix(cls, matrix, labels=None):
        """Wrap an existing confusion matrix (dense or scipy sparse, rows = actual).

        Parameters
        ----------
        matrix : array-like or sparse matrix of shape (n_classes, n_classes)
            Non-negative finite counts or weight sums.
        labels : array-like of shape (n_classes,), default=None
            Class labels of the rows and columns; ``0 .. n_classes - 1`` by default.
        """
        refuse_masked(matrix, "matrix")
        m = sp.csr_array(matrix) if sp.issparse(matrix) else sp.csr_array(np.asarray(matrix))
        if m.ndim != 2 or m.shape[0] != m.shape[1]:
            raise ValueError(f"matrix must be square, got shape {m.shape}.")
        if m.dtype.kind == "c":  # scikit-learn's error for complex data, as for labels
            raise ValueError(f"Complex data not supported: matrix has dtype {m.dtype}.")
        if m.dtype.kind not in "biuf":
            raise TypeError(f"matrix must hold numbers, got dtype {m.dtype}.")
        data = m.data
        if data.dtype.kind == "f" and not np.isfinite(data).all():
            raise ValueError("matrix contains NaN or infinity.")
        if (data < 0).any():
            raise ValueError("matrix contains negative counts.")
        if data.dtype == np.uint64 and data.shape[0] and int(data.max()) >= 2**63:
            # integer cells are kept in int64: these would wrap around to negative counts
            raise ValueError("matrix holds counts above 2**63 - 1 that do not fit int64; "
                             "pass them as floats (matrix.astype(float)) or rescale them.")
        with np.errstate(over="ignore"):  # (in the cells' dtype, as the margins are summed)
            total = np.sum(data)
        if data.dtype.kind == "f" and not np.isfinite(total):
            # (non-negative cells: a finite total bounds every margin)
            raise ValueError(f"matrix sums to infinity (beyond the {data.dtype} range): its "
                             "total and margins would overflow; rescale it.")
        k = m.shape[0]
        if labels is None:
            values = np.arange(k)
        else:
            values = check_labels_param(labels, None)
            if values.size != k:
                raise ValueError(f"labels has {values.size} entries but matrix is {k} x {k}.")
        if m.dtype.kind in "bu":
            m = m.astype(np.int64)
        cells = sp.csr_array(sp.block_diag((m, sp.csr_array((1, 1), dtype=m.dtype)), format="csr"))
        return cls.from_cells(values, cells, fixed=None if labels is None else k)

    @classmethod
    def at_thresholds(cls, y_true, y_score, *, pos_label=None, sample_weight=None):
        """The binary confusions of the predictions ``y_score >= t`` at every distinct score.

        One sort of the scores and cumulative counts give, at each distinct score ``t``
        (decreasing: the thresholds of :func:`confusion_matrix_at_thresholds`), the 2 x 2
        confusion of predicting ``pos_label`` where ``y_score >= t`` and the other class
        of ``y_true`` below ``t``. Every count metric is a method of the result, returning
        one value per threshold: the metric of those predictions.

        Parameters
        ----------
        y_true : array-like of shape (n_samples,)
            True labels: exactly two classes.
        y_score : array-like of shape (n_samples,)
            Finite scores of the positive class.
        pos_label : int, float, bool or str, default=None
            The positive class; None: 1 of {0, 1} or {-1, 1} labels (as
            :func:`roc_curve`).
        sample_weight : array-like of shape (n_samples,), default=None
            Non-negative sample weights; a sample of weight 0 gives no threshold.

        Returns
        -------
        ThresholdBatch
            ``R`` confusions (``R`` distinct scores of weighted samples), R x 4 cells,
            with ``thresholds`` (shape ``(R,)``, decreasing), ``labels``, ``pos_label``,
            ``tps``, ``fps``, ``fns``, ``tns`` and every count metric as a method (one
            value, or one matrix or block, per threshold).

        Raises
        ------
        ValueError
            Mismatched lengths, a 2-D, non-numeric, NaN or infinite ``y_score``, a
            ``y_true`` without exactly two classes of positive weight, or a ``pos_label``
            that is not one of them: the message names the argument.

        See Also
        --------
        metric_at_thresholds : Any metric at every threshold (scikit-learn's signature).
        confusion_matrix_at_thresholds : The four counts at every threshold.
        StreamingRanking.at_thresholds : The same batch from batches of samples (``update``
            and ``+``).

        Notes
        -----
        With the scores sorted decreasingly, at the distinct score :math:`t_j`:
        :math:`TP_j = \\sum_{i: s_i \\ge t_j} w_i [y_i = pos]`,
        :math:`FP_j = \\sum_{i: s_i \\ge t_j} w_i [y_i \\ne pos]`, :math:`FN_j = P - TP_j`,
        :math:`TN_j = N - FP_j`; memory O(n) for the sort, 4 cells per threshold. The
        formulas of the metrics take the batch as they take bootstrap replicates
        (``docs/design.rst``, "The batch interface").

        References
        ----------
        .. [1] T. Fawcett (2006). An introduction to ROC analysis. Pattern Recognition
           Letters 27(8), 861-874.

        Examples
        --------
        >>> from metrics_sk import Confusion
        >>> batch = Confusion.at_thresholds([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
        >>> batch.thresholds.tolist()
        [0.8, 0.4, 0.35, 0.1]
        >>> batch.f1_score().round(3).tolist()
        [0.667, 0.5, 0.8, 0.667]
        """
        # Dask inputs: the counts from two passes on the workers (the route of the curves)
        routed = _dask_ranking.dask_counts(y_true, y_score, sample_weight, pos_label, integers=True)
        if routed is not None:
            return threshold_batch(*routed, weighted=sample_weight is not None,
                                   confusion_type=cls)
        return confusions_at_thresholds(y_true, y_score, pos_label=pos_label,
                                        sample_weight=sample_weight, confusion_type=cls)

    # -- attributes ---------------------------------------------------------------
    @property
    def labels(self):
        """Class labels of the rows and columns (sorted, unless chosen with ``labels=``)."""
        k = self._k
        return self._labels if k == self._labels.shape[0] else self._labels[:k]

    @property
    def counted_labels(self):
        """Every label counted, ``L >= K`` of them (the order of :meth:`whole_margins`).

        The reported :attr:`labels` first, then the labels of samples outside ``labels=``.
        """
        return self._labels

    @property
    def n_fixed(self):
        """Number of labels chosen with ``labels=``, None without ``labels=``.

        They are the first of :attr:`counted_labels`; without ``labels=`` every label
        counted is reported.
        """
        return self._fixed

    @property
    def is_weighted(self):
        """Whether the counts are sums of sample weights (some batch had weights)."""
        return self._weighted

    @property
    def matrix(self):
        """The counts as a scipy CSR array of shape (K, K), rows = actual."""
        if self._matrix is None:
            k = self._k
            block = self._cells[:k, :k]
            self._matrix = block if sp.issparse(block) else sp.csr_array(block)
        return self._matrix

    @property
    def tp(self):
        """True positives of each class: the diagonal."""
        return self._sums()[0]

    @property
    def support(self):
        """Samples (weight) whose true label is each class: the row sums."""
        return self._sums()[1]

    @property
    def predicted(self):
        """Samples (weight) predicted as each class: the column sums."""
        return self._sums()[2]

    @property
    def fp(self):
        """False positives of each class: predicted as the class, truly another."""
        tp, _, predicted, _ = self._sums()
        return predicted - tp

    @property
    def fn(self):
        """False negatives of each class: truly the class, predicted as another."""
        tp, support, _, _ = self._sums()
        return support - tp

    @property
    def tn(self):
        """True negatives of each class: neither truly nor predicted the class."""
        tp, support, predicted, total = self._sums()
        # (>= 0: float margins of integer sums beyond 2**53 can round the difference below)
        return np.maximum(total - support - predicted + tp, 0)

    @property
    def total(self):
        """Number (or total weight) of all samples counted."""
        return self._sums()[3]

    @property
    def n_classes(self):
        """Number of reported classes (of :attr:`labels`)."""
        return self._k

    def to_dense(self):
        """Return the confusion matrix as a dense ``(K, K)`` numpy array.

        Returns
        -------
        matrix : ndarray of shape (n_classes, n_classes)
            Rows are actual classes, columns predicted ones, in the order of
            :attr:`labels`.
        """
        k = self._k
        block = self._cells[:k, :k]
        return block.toarray() if sp.issparse(block) else block.copy()

    def label_positions(self, labels):
        """Return the positions of ``labels`` among the labels counted.

        Part of the batch interface that the formulas read (``docs/design.rst``).

        Parameters
        ----------
        labels : array-like of shape (n_labels,)
            Labels to find.

        Returns
        -------
        positions : ndarray of shape (n_labels,)
            Position of each label among the labels counted (the reported ones first,
            see :meth:`whole_margins`), -1 where a label is unseen.
        """
        return positions(self._labels, labels)


    # -- merging ------------------------------------------------------------------
    def __add__(self, other):
        if not isinstance(other, Confusion):
            return NotImplemented
        return _merge(self, other)

    def __radd__(self, other):
        if isinstance(other, int) and other == 0:  # sum([c1, c2, ...])
            return self
        return NotImplemented

    def update(self, y_true, y_pred, sample_weight=None):
        """Count one more batch in place (labels fixed with ``labels=`` stay fixed).

        Parameters
        ----------
        y_true : array-like of shape (n_samples,)
            True labels of the batch.
        y_pred : array-like of shape (n_samples,)
            Predicted labels of the batch.
        sample_weight : array-like of shape (n_samples,), default=None
            Non-negative sample weights.

        Returns
        -------
        self : Confusion
            This confusion, with the batch added.
        """
        if self._labels.shape[0]:
            # Count the batch over the labels already known: when none is new (the usual
            # case after the first batches) the counts add in place.
            values, cells = confusion_cells(y_true, y_pred, sample_weight=sample_weight,
                                  known=self._labels, fixed=self._fixed is not None)
            if values is self._labels:
                _add_into(self, cells)
                self._weighted |= sample_weight is not None
                self._counted &= sample_weight is None
                return self
        else:
            values, cells = confusion_cells(y_true, y_pred, sample_weight=sample_weight)
        merged = _merge(self, Confusion.from_cells(values, cells, fixed=None,
                                                   counted=sample_weight is None))
        self._set(merged._labels, merged._exact_or_cells(), fixed=self._fixed)
        self._weighted |= sample_weight is not None
        self._counted = merged._counted
        return self

    def copy(self):
        """Return an independent copy (a later :meth:`update` of one leaves the other alone).

        Returns
        -------
        copy : Confusion
            A confusion with the same labels and counts.
        """
        cells = self._exact_or_cells()
        cells = (ExactCells(cells.rounded.copy(), cells.keys, cells.totals)
                 if isinstance(cells, ExactCells) else cells.copy())
        return Confusion.from_cells(self._labels.copy(), cells, fixed=self._fixed,
                                    weighted=self._weighted, counted=self._counted)

    def __getstate__(self):
        return {"labels": self._labels, "cells": self._exact_or_cells(), "fixed": self._fixed,
                "weighted": self._weighted, "counted": self._counted}

    def __setstate__(self, state):
        labels, fixed = np.array(state["labels"]), state["fixed"]
        if isinstance(fixed, bool):  # (pickled before labels= kept every sample: no others)
            fixed = labels.shape[0] if fixed else None
        self._set(labels, state["cells"], fixed=fixed)
        self._weighted = state.get("weighted", False)
        self._counted = state.get("counted", False)

    def __eq__(self, other):
        if not isinstance(other, Confusion):
            return NotImplemented
        if not (self._labels.shape == other._labels.shape
                and bool(np.all(self._labels == other._labels))):
            return False
        a, b = self._cells, other._cells
        if sp.issparse(a) or sp.issparse(b):
            return (sp.csr_array(a) != sp.csr_array(b)).nnz == 0
        return bool(np.array_equal(a, b))

    __hash__ = None

    def __repr__(self):
        nonzero = self._cells.nnz if sp.issparse(self._cells) else np.count_nonzero(self._cells)
        return (f"Confusion(n_classes={self.n_classes}, total={self.total}, "
                f"nonzero_cells={nonzero})")

    def plot(self, ax=None, **kwargs):
        """Plot the confusion matrix as an annotated heatmap (needs matplotlib).

        Rows are actual classes, columns predicted classes. With more than
        ``max_classes`` classes only the most-confused ones are shown (see
        :meth:`ConfusionDisplay.from_confusion`).

        Parameters
        ----------
        ax : matplotlib Axes, default=None
            Where to draw; a new figure sized to the matrix if None.
        **kwargs : dict
            Keyword options of the plot: ``normalize`` (``{'true', 'pred', 'all'}`` or
            None), ``max_classes`` (int, default 30), ``cmap`` (default "Blues"),
            ``binary`` (bool: oneDAL's ``[[TP, FN], [FP, TN]]`` of ``pos_label``),
            ``pos_label`` (default 1), ``values_format`` (str) and ``colorbar`` (bool,
            default True).

        Returns
        -------
        display : ConfusionDisplay
            With ``ax_``, ``figure_``, ``im_``, ``text_``, the values shown
            (``confusion_matrix``) and their labels (``classes_``).

        Examples
        --------
        >>> import matplotlib
        >>> matplotlib.use("Agg")
        >>> from metrics_sk import Confusion
        >>> c = Confusion.from_predictions([1, 1, 0, 0, 1], [1, 0, 0, 1, 1])
        >>> c.plot(binary=True).confusion_matrix  # [[tp, fn], [fp, tn]]
        array([[2, 1],
               [1, 1]])
        """
        from ._display.plot import plot  # the one upward import: plotting needs matplotlib

        return plot(self, ax, **kwargs)

    # -- the count metrics: one method each, its formula and docstring in _formulas ------
    @checked
    def precision_recall_fscore_support(self, *, beta=1.0, labels=None, pos_label=1,
                                        average=None,
                                        warn_for=("precision", "recall", "f-score"),
                                        zero_division="warn"):
        return _formulas.precision_recall_fscore_support(_counted(self), beta=beta,
                                                       labels=labels, pos_label=pos_label,
                                                       average=average, warn_for=warn_for,
                                                       zero_division=zero_division)
    precision_recall_fscore_support.__doc__ = _formulas.precision_recall_fscore_support.__doc__

    @checked
    def precision_score(self, *, labels=None, pos_label=1, average="binary",
                        zero_division="warn"):
        return _formulas.precision_score(_counted(self), labels=labels, pos_label=pos_label,
                                       average=average, zero_division=zero_division)
    precision_score.__doc__ = _formulas.precision_score.__doc__

    @checked
    def recall_score(self, *, labels=None, pos_label=1, average="binary", zero_division="warn"):
        return _formulas.recall_score(_counted(self), labels=labels, pos_label=pos_label,
                                    average=average, zero_division=zero_division)
    recall_score.__doc__ = _formulas.recall_score.__doc__

    @checked
    def fbeta_score(self, *, beta, labels=None, pos_label=1, average="binary",
                    zero_division="warn"):
        return _formulas.fbeta_score(_counted(self), beta=beta, labels=labels,
                                   pos_label=pos_label, average=average,
                                   zero_division=zero_division)
    fbeta_score.__doc__ = _formulas.fbeta_score.__doc__

    @checked
    def f1_score(self, *, labels=None, pos_label=1, average="binary", zero_division="warn"):
        return _formulas.f1_score(_counted(self), labels=labels, pos_label=pos_label,
                                average=average, zero_division=zero_division)
    f1_score.__doc__ = _formulas.f1_score.__doc__

    @checked
    def accuracy_score(self, *, normalize=True):
        return _formulas.accuracy_score(_counted(self), normalize=normalize)
    accuracy_score.__doc__ = _formulas.accuracy_score.__doc__

    @checked
    def zero_one_loss(self, *, normalize=True):
        return _formulas.zero_one_loss(_counted(self), normalize=normalize)
    zero_one_loss.__doc__ = _formulas.zero_one_loss.__doc__

    @checked
    def hamming_loss(self):
        return _formulas.hamming_loss(_counted(self))
    hamming_loss.__doc__ = _formulas.hamming_loss.__doc__

    @checked
    def balanced_accuracy_score(self, *, adjusted=False):
        return _formulas.balanced_accuracy_score(_counted(self), adjusted=adjusted)
    balanced_accuracy_score.__doc__ = _formulas.balanced_accuracy_score.__doc__

    @checked
    def matthews_corrcoef(self):
        return _formulas.matthews_corrcoef(_counted(self))
    matthews_corrcoef.__doc__ = _formulas.matthews_corrcoef.__doc__

    @checked
    def cohen_kappa_score(self, *, labels=None, weights=None, replace_undefined_by=np.nan):
        return _formulas.cohen_kappa_score(_counted(self), labels=labels, weights=weights,
                                         replace_undefined_by=replace_undefined_by)
    cohen_kappa_score.__doc__ = _formulas.cohen_kappa_score.__doc__

    @checked
    def class_likelihood_ratios(self, *, labels=None, replace_undefined_by=np.nan):
        return _formulas.class_likelihood_ratios(_counted(self), labels=labels,
                                                 replace_undefined_by=replace_undefined_by)
    class_likelihood_ratios.__doc__ = _formulas.class_likelihood_ratios.__doc__

    @checked
    def confusion_matrix(self, *, labels=None, normalize=None):
        return _formulas.confusion_matrix(_counted(self), labels=labels, normalize=normalize)
    confusion_matrix.__doc__ = _formulas.confusion_matrix.__doc__

    @checked
    def jaccard_score(self, *, labels=None, pos_label=1, average="binary",
                      zero_division="warn"):
        return _formulas.jaccard_score(_counted(self), labels=labels, pos_label=pos_label,
                                     average=average, zero_division=zero_division)
    jaccard_score.__doc__ = _formulas.jaccard_score.__doc__

    @checked
    def multilabel_confusion_matrix(self, *, labels=None, samplewise=False):
        return _formulas.multilabel_confusion_matrix(_counted(self), labels=labels,
                                                   samplewise=samplewise)
    multilabel_confusion_matrix.__doc__ = _formulas.multilabel_confusion_matrix.__doc__

    @checked
    def specificity_score(self, *, labels=None, pos_label=1, average="binary",
                          zero_division="warn"):
        return _formulas.specificity_score(_counted(self), labels=labels, pos_label=pos_label,
                                         average=average, zero_division=zero_division)
    specificity_score.__doc__ = _formulas.specificity_score.__doc__

    @checked
    def balanced_auc_score(self, *, labels=None, pos_label=1, average="binary",
                           zero_division="warn"):
        return _formulas.balanced_auc_score(_counted(self), labels=labels, pos_label=pos_label,
                                          average=average, zero_division=zero_division)
    balanced_auc_score.__doc__ = _formulas.balanced_auc_score.__doc__

    @checked
    def geometric_mean_score(self, *, labels=None, pos_label=1, average="multiclass",
                             correction=0.0):
        return _formulas.geometric_mean_score(_counted(self), labels=labels,
                                            pos_label=pos_label, average=average,
                                            correction=correction)
    geometric_mean_score.__doc__ = _formulas.geometric_mean_score.__doc__

    @checked
    def selection_rate(self, *, pos_label=1):
        return _formulas.selection_rate(_counted(self), pos_label=pos_label)
    selection_rate.__doc__ = _formulas.selection_rate.__doc__

    @checked
    def average_accuracy_score(self, *, labels=None, zero_division="warn"):
        return _formulas.average_accuracy_score(_counted(self), labels=labels,
                                              zero_division=zero_division)
    average_accuracy_score.__doc__ = _formulas.average_accuracy_score.__doc__

    @checked
    def error_rate(self, *, labels=None, zero_division="warn"):
        return _formulas.error_rate(_counted(self), labels=labels, zero_division=zero_division)
    error_rate.__doc__ = _formulas.error_rate.__doc__

    @checked
    def micro_precision_score(self, *, labels=None, zero_division="warn"):
        return _formulas.micro_precision_score(_counted(self), labels=labels,
                                             zero_division=zero_division)
    micro_precision_score.__doc__ = _formulas.micro_precision_score.__doc__

    @checked
    def micro_recall_score(self, *, labels=None, zero_division="warn"):
        return _formulas.micro_recall_score(_counted(self), labels=labels,
                                          zero_division=zero_division)
    micro_recall_score.__doc__ = _formulas.micro_recall_score.__doc__

    @checked
    def micro_fbeta_score(self, *, labels=None, beta=1.0, zero_division="warn"):
        return _formulas.micro_fbeta_score(_counted(self), labels=labels, beta=beta,
                                         zero_division=zero_division)
    micro_fbeta_score.__doc__ = _formulas.micro_fbeta_score.__doc__

    @checked
    def macro_precision_score(self, *, labels=None, zero_division="warn"):
        return _formulas.macro_precision_score(_counted(self), labels=labels,
                                             zero_division=zero_division)
    macro_precision_score.__doc__ = _formulas.macro_precision_score.__doc__

    @checked
    def macro_recall_score(self, *, labels=None, zero_division="warn"):
        return _formulas.macro_recall_score(_counted(self), labels=labels,
                                          zero_division=zero_division)
    macro_recall_score.__doc__ = _formulas.macro_recall_score.__doc__

    @checked
    def macro_fbeta_score(self, *, labels=None, beta=1.0, zero_division="warn"):
        return _formulas.macro_fbeta_score(_counted(self), labels=labels, beta=beta,
                                         zero_division=zero_division)
    macro_fbeta_score.__doc__ = _formulas.macro_fbeta_score.__doc__

    @checked
    def binary_confusion_matrix(self, *, pos_label=1):
        return _formulas.binary_confusion_matrix(_counted(self), pos_label=pos_label)
    binary_confusion_matrix.__doc__ = _formulas.binary_confusion_matrix.__doc__

    @checked
    def binary_quality_metrics(self, *, pos_label=1, beta=1.0, zero_division="warn"):
        return _formulas.binary_quality_metrics(_counted(self), pos_label=pos_label, beta=beta,
                                              zero_division=zero_division)
    binary_quality_metrics.__doc__ = _formulas.binary_quality_metrics.__doc__

    @checked
    def multiclass_quality_metrics(self, *, labels=None, beta=1.0, zero_division="warn"):
        return _formulas.multiclass_quality_metrics(_counted(self), labels=labels, beta=beta,
                                                  zero_division=zero_division)
    multiclass_quality_metrics.__doc__ = _formulas.multiclass_quality_metrics.__doc__

    @checked
    def expected_cost(self, *, cost_matrix, labels=None, normalize=True):
        return _formulas.expected_cost(_counted(self), cost_matrix=cost_matrix, labels=labels,
                                       normalize=normalize)
    expected_cost.__doc__ = _formulas.expected_cost.__doc__


class SampleCells:
    """The cell of each sample of a :class:`Confusion`, from the one encoding of the samples
    (:func:`count_sample_cells`): what the weighted bootstrap and the squared weights of the
    analytic intervals need besides the counts, without encoding the samples again.

    ``rows`` and ``cols`` are the non-zero cells (positions among ``labels``, ``K`` for the
    other slot), ``cell_of`` each sample's index among them, ``weights`` the checked sample
    weights (or None).
    """

    def __init__(self, labels, fixed, cells, cell_of, weights):
        self.labels, self.fixed = labels, fixed  # (every label counted; fixed: see Confusion._of)
        self.rows, self.cols = cells
        self.cell_of, self.weights = cell_of, weights

    def confusion(self, weights=None):
        """The :class:`Confusion` of per-sample ``weights`` (by default the samples' own)
        summed in the samples' cells."""
        weights = self.weights if weights is None else weights
        size = self.labels.shape[0] + 1
        counts = bincount(self.cell_of, weights, self.rows.shape[0])
        matrix = sp.csr_array((counts, (self.rows, self.cols)), shape=(size, size))
        return Confusion.from_cells(self.labels, matrix, fixed=self.fixed,
                                    weighted=weights is not None)


def count_sample_cells(y_true, y_pred, *, labels=None, sample_weight=None):
    """The :class:`SampleCells` of the samples: one encoding, each sample's cell."""
    values, (t, p) = encode(y_true, y_pred, labels=labels, names=["y_true", "y_pred"])
    if labels is not None and (t.size and max(_reduce_max(t), _reduce_max(p)) == len(labels)):
        # a label outside labels=: encoded again over its own labels, then the chosen
        # labels first (no sample is dropped, see the module docstring)
        labels = values
        values, (t, p) = encode(y_true, y_pred, names=["y_true", "y_pred"])
        values, where = reported_first(labels, values)
        t, p = where[t], where[p]
    weights = check_sample_weight(sample_weight, t.shape[0])
    size = values.shape[0] + 1
    cells, cell_of = compact(t * size + p)
    return SampleCells(values, _chosen(labels), np.divmod(cells, size), cell_of, weights)


def _small_integers(cells):
    """Whether every integer cell is below ``2**53 / n_cells`` in magnitude: then no sum of
    them reaches 2**53 (a cheaper test than summing them in float64)."""
    values = cells.data if sp.issparse(cells) else cells
    bound = 2**53 // max(values.size, 1)
    return not np.count_nonzero(np.abs(values) >= bound)


def _float_total(cells):
    """The sum of integer ``cells`` in float64 (never wraps around)."""
    return float(np.sum(cells.data if sp.issparse(cells) else cells, dtype=np.float64))


def _largest(cells):
    values = cells.data if sp.issparse(cells) else cells
    return float(np.abs(values).max(initial=0))


def _summed(x, y):
    """``x + y`` of two cell arrays of the same shape (dense or sparse), the one place where
    counts of two confusions are added. Integer cells stay exact int64: when the operands'
    largest magnitudes could together reach 2**63, the float64 sum tells whether a cell
    wrapped around (it would differ from it by about 2**64), and the merge is refused."""
    if sp.issparse(x) and not sp.issparse(y):
        x = x.toarray()
    total = x + y
    if (x.dtype.kind in "iu" and y.dtype.kind in "iu"
            and _largest(x) + _largest(y) >= 2.0**62):
        exact = x.astype(np.float64) + y.astype(np.float64)
        if _largest(total.astype(np.float64) - exact) >= 2.0**62:
            raise ValueError("sample_weight: the merged counts exceed int64 (2**63 - 1) in "
                             "a cell, which would wrap around to a negative count; count "
                             "such weights as floats (sums rounded to float64).")
    return total


def _add_cells(x, y, size):
    """``x + y`` of two cell arrays of a ``size`` x ``size`` table, either one
    :class:`~metrics_sk._counting.ExactCells`: plain cells add as floats or integers
    (:func:`_summed`) while every float sum is exact; else, and for exact cells, their
    exact sums add (``metrics_sk/_exact.py``) and are rounded once, so the cells do not
    depend on the order of the batches or the merges."""
    if not isinstance(x, ExactCells) and not isinstance(y, ExactCells):
        if sp.issparse(x) and not sp.issparse(y):
            x = x.toarray()
        total = _summed(x, y)
        if total.dtype.kind != "f" or added_exactly(x, y, total):
            return total
    return exact_cells(*add_exact(exact_parts(x, size), exact_parts(y, size)), size)


def _add_into(c, cells):
    """Add ``cells`` (same labels, same shape) to ``c``'s counts in place."""
    size = c._labels.shape[0] + 1
    if not c._sparse and sp.issparse(cells):
        cells = cells.toarray()
    total = _add_cells(c._exact_or_cells(), cells, size)
    c._exact = total if isinstance(total, ExactCells) else None
    c._cells = total.rounded if isinstance(total, ExactCells) else total
    c._changed()


def _remap(c, where, size):
    cells = c._exact_or_cells()
    if isinstance(cells, ExactCells):
        return remap_exact(cells, where, c._labels.shape[0] + 1, size)
    coo = cells.tocoo() if sp.issparse(cells) else sp.coo_array(cells)
    full = np.append(where, size - 1)
    return sp.csr_array((coo.data, (full[coo.row], full[coo.col])), shape=(size, size))


def _merge(a, b):
    """Sum two confusions over the union of their labels; neither is changed."""
    if a.n_classes == 0 and a.total == 0:
        return b.copy()
    if b.n_classes == 0 and b.total == 0:
        return a.copy()
    a_labels, b_labels = _common_labels(a._labels, b._labels)
    if a_labels is not a._labels or b_labels is not b._labels:
        a = Confusion.from_cells(a_labels, a._exact_or_cells(), fixed=a._fixed,
                                 weighted=a._weighted, counted=a._counted)
        b = Confusion.from_cells(b_labels, b._exact_or_cells(), fixed=b._fixed,
                                 weighted=b._weighted, counted=b._counted)
    if a._labels.shape == b._labels.shape and np.all(a._labels == b._labels):
        out = a.copy()
        if b._fixed is not None:  # the reported labels come first in both
            out._set(out._labels, out._exact_or_cells(), fixed=max(a._fixed or 0, b._fixed))
        out._weighted = a._weighted or b._weighted
        out._counted = a._counted and b._counted
        _add_into(out, b._exact_or_cells())
        return out
    kinds = label_kind(a._labels), label_kind(b._labels)
    if a._labels.size and b._labels.size and kinds[0] != kinds[1]:  # whatever their containers
        raise ValueError("Cannot merge confusions whose labels are of different types: "
                         f"{KIND_NAMES[kinds[0]]} and {KIND_NAMES[kinds[1]]}.")
    fixed = None
    if a._fixed is None and b._fixed is None:
        pos_b = a.label_positions(b._labels)
        extra = b._labels[pos_b < 0]
        if is_sorted(a._labels) and is_sorted(b._labels):
            union = sorted_union(a._labels, b._labels) if extra.size else a._labels
        else:
            union = np.concatenate((a._labels, extra))
    else:
        # labels= of either (both: a's, then b's others) are reported, first; every other
        # label counted follows, sorted (see the module docstring)
        chosen = [x.labels for x in (a, b) if x._fixed is not None]
        if len(chosen) == 2 and not (chosen[0].shape == chosen[1].shape and bool(
                np.all(chosen[0] == chosen[1]))) and (a._fixed < a._labels.shape[0]
                                                       or b._fixed < b._labels.shape[0]):
            raise ValueError(
                "Cannot merge confusions with different fixed label sets when samples have "
                "other labels: which labels to report is ambiguous. Build both with the "
                "same labels=.")
        if len(chosen) == 2:
            chosen = [chosen[0], chosen[1][positions(chosen[0], chosen[1]) < 0]]
        chosen = np.concatenate(chosen)
        counted = np.concatenate((a._labels, b._labels))
        counted = distinct_labels(counted)
        union, _ = reported_first(chosen, counted)
        fixed = chosen.shape[0]
    size = union.shape[0] + 1
    cells = _add_cells(_remap(a, positions(union, a._labels), size),
                       _remap(b, positions(union, b._labels), size), size)
    return Confusion.from_cells(union, cells, fixed=fixed, weighted=a._weighted or b._weighted,
                                counted=a._counted and b._counted)


def in_order(c, order):
    """``c`` with its labels in the order of ``order`` (e.g. the declared categories of an
    ordered categorical); labels absent from ``order`` keep their order, after it."""
    where = positions(np.asarray(order), c.labels)
    if np.all(where >= 0) and is_sorted(where):
        return c
    rank = np.where(where >= 0, where, where.max(initial=0) + 1 + np.arange(where.shape[0]))
    perm = np.argsort(rank, kind="stable")  # new position -> old position
    labels = c.labels[perm]
    size = labels.shape[0] + 1
    out = Confusion.from_cells(labels, _remap(c, np.argsort(perm), size), fixed=c._fixed,
                               weighted=c._weighted, counted=c._counted)
    return out


def _common_labels(a, b):
    """Numeric label arrays ``a`` and ``b`` in one dtype holding each label exactly.

    numpy's common type of int64 and uint64 (or of an integer and a float) is float64,
    which merges distinct integers beyond 2**53; such labels are compared as int64 (float
    labels are integer-valued), and a label int64 cannot hold is refused."""
    if a.dtype == b.dtype or not {a.dtype.kind, b.dtype.kind} <= set("biuf"):
        return a, b
    if np.result_type(a, b).kind != "f" or all(
            -(2.0**53) < float(x.min(initial=0)) and float(x.max(initial=0)) < 2.0**53
            for x in (a, b)):
        return a, b  # the common type is exact for these labels
    if not all(-(2.0**63) <= float(x.min(initial=0)) and float(x.max(initial=0)) < 2.0**63
               for x in (a, b)):
        raise ValueError("Cannot merge these confusions: their labels (integers beyond 2**53 "
                         "and others beyond the int64 range) have no exact common type.")
    return a.astype(np.int64), b.astype(np.int64)


def _chosen(labels):
    """The ``fixed`` of a confusion counted with ``labels=``: how many labels it reports."""
    return None if labels is None else len(labels)


