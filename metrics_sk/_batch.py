"""Batches of confusions: R confusions over the labels of one confusion, evaluated at once.

A :class:`ConfusionBatch` implements the batch interface of ``docs/design.rst`` (the one
a :class:`~metrics_sk.Confusion` implements, with a leading batch axis): the formulas of
``_formulas`` evaluate bootstrap replicates, groups and moved confusions through it.
A :class:`ThresholdBatch` is the 2 x 2 confusions of a binary scoring at every threshold
(:func:`confusions_at_thresholds`, behind ``Confusion.at_thresholds``; public from
``_thresholds``).
"""

from functools import cached_property

import numpy as np

from . import _auc, _formulas
from ._encoding import binary_score_inputs
from ._params import checked_method as checked


class _BatchMatrix:
    """The ``K x K`` block of R replicate confusions, as much of a CSR array as
    ``_formulas`` uses: ``diagonal()``, ``sum(axis)`` and ``tocoo()``; results have a
    leading replicate axis."""

    def __init__(self, rows, cols, counts, k):
        self.row, self.col, self.data, self._k = rows, cols, counts, k

    def tocoo(self):
        return self

    def sum(self, axis):
        return _formulas.class_sums(self.row if axis == 1 else self.col, self.data, self._k)

    def diagonal(self):
        on = self.row == self.col
        out = np.zeros((self.data.shape[0], self._k), dtype=self.data.dtype)
        out[:, self.row[on]] = self.data[:, on]
        return out


def binary_margins(counts, pos):
    """``(tp, support, predicted, total)`` of 2 x 2 tables whose cells ``counts`` (shape
    ``(R, 4)``, column-major) are (neg, neg), (neg, pos), (pos, neg), (pos, pos) with
    ``pos`` the position of the positive label: the sums :class:`ConfusionBatch` makes of
    any cells, bit for bit and of the same dtypes (``tp`` and ``total`` of the counts'
    dtype, the others float), as column-major ``(R, 2)`` arrays, one pass per column
    instead of one per cell; ``tp`` is a view of the two diagonal cells."""
    neg = 1 - pos
    c = counts.T  # the four cells, each contiguous
    n = counts.shape[0]
    tp = counts[:, ::3] if pos == 1 else counts[:, ::-3]  # cells 0 and 3
    support, predicted = np.empty((2, n)).T, np.empty((2, n)).T
    # (the order of the sums of class_sums: the same floats)
    np.add(c[0], c[1], out=support[:, neg], dtype=np.float64)
    np.add(c[2], c[3], out=support[:, pos], dtype=np.float64)
    np.add(c[0], c[2], out=predicted[:, neg], dtype=np.float64)
    np.add(c[1], c[3], out=predicted[:, pos], dtype=np.float64)
    return tp, support, predicted, counts.sum(-1)


def count_margins(pair, pos):
    """The margins of :func:`binary_margins` of the integer cells (TN, FP, FN, TP) =
    ``(N - fps, fps, P - tps, tps)``, where ``pair`` (int64, shape ``(2, R)``, taken
    over: overwritten) holds the cumulative counts ``fps`` and ``tps`` and ``N``, ``P``
    are their last values; bit for bit and of the same dtypes, from the counts alone and
    with as little new memory as they allow (a fresh array costs more in page faults
    than a pass over it): the diagonal is ``pair`` itself (``N - fps`` in place), the
    predicted counts one new ``(R, 2)`` array; the supports and the total are the same
    in every table (exact integers), one row broadcast along the batch (read-only; the
    formulas convert such a margin once: ``_formulas.shared.floats``)."""
    neg = 1 - pos
    fps, tps = pair
    n, negatives, positives = pair.shape[1], int(fps[-1]), int(tps[-1])
    predicted = np.empty((2, n)).T
    above = predicted[:, pos]  # predicted positive: fps + tps (exact: integers;
    above[...] = fps           # tps converted as it is added)
    above += tps
    np.subtract(float(negatives + positives), above, out=predicted[:, neg])
    np.subtract(negatives, fps, out=fps)  # true negatives
    tp = pair.T if pos == 1 else pair[::-1].T  # columns: the labels' diagonal cells
    support = np.empty(2)
    support[neg], support[pos] = negatives, positives
    return (tp, np.broadcast_to(support, (n, 2)), predicted,
            np.broadcast_to(np.int64(negatives + positives), (n,)))


class ConfusionBatch:
    """R confusions over the labels of one :class:`Confusion`, given by their counts in
    the cells ``(rows, cols)`` (positions among its labels, ``K`` for the other slot):
    the batch the formulas of ``_formulas`` evaluate at once (bootstrap replicates, groups).

    ``tp``, ``predicted`` and ``support`` have shape ``(R, K)``, ``total`` shape ``(R,)``;
    the count metrics are methods calling their formula, unchecked (the callers check
    parameters).
    ``present`` marks, per confusion, the labels it has (as true or predicted label): a
    metric over "the labels in the data" averages over those, as on that confusion's
    samples alone (scikit-learn on a bootstrap resample that misses a class does not see
    that class). With ``own_labels`` (the groups of a grouped confusion) that is all;
    otherwise (replicates of ``confusion``: bootstrap resamples, moved confusions) a label
    that ``confusion`` itself holds without samples (one of ``Confusion.from_matrix``)
    counts as it counts on ``confusion``; ``held`` (shape ``(R, K)``) gives instead the
    labels the origin of each confusion holds without weight (replicates of the groups of
    a grouped confusion: each group's own). Under a fixed ``labels=``, or when every
    confusion has every label, ``present`` is None. ``margins``: ``(tp, support,
    predicted, total)`` over every label counted, shapes ``(R, L)`` and ``(R,)``, when
    the caller has them (:func:`binary_margins`, a batch of 2 x 2 tables), else summed
    from the cells.

    A long batch of few cells is best stored column-major (``counts`` of shape ``(R,
    n_cells)`` in Fortran order, as a threshold batch's): its margins are then stored so
    too, and every pass of a formula over the confusions is contiguous (a reduction over
    the 2 or 4 interleaved values of each row costs 10-20x more).
    """

    is_batch = True
    is_multilabel = False
    true_present = None  # (a single confusion's: see Confusion.true_present)

    def __init__(self, confusion, rows, cols, counts, *, own_labels=False, seen=None,
                 held=None, margins=None):
        k, size = confusion.n_classes, confusion.counted_labels.shape[0]
        #: The cells ``(rows, cols)`` (positions among every label counted, ``L`` for the
        #: other slot) and their counts, shape ``(R, n_cells)``: public, as the confusion's
        #: batch interface (``docs/design.rst``). (None: a subclass builds them when first
        #: read; see ThresholdBatch.)
        self.rows, self.cols = rows, cols
        if counts is not None:
            self.counts = counts
        self.labels = confusion.labels
        self.n_classes = k
        self.label_positions = confusion.label_positions
        self.counted_labels, self.n_fixed = confusion.counted_labels, confusion.n_fixed
        if margins is None:
            total = counts.sum(-1)
            support = _formulas.class_sums(rows, counts, size + 1)[:, :size]
            predicted = _formulas.class_sums(cols, counts, size + 1)[:, :size]
            on = rows == cols
            # (stored as the counts are: column-major counts give column-major margins)
            tp = np.zeros((counts.shape[0], size), dtype=counts.dtype,
                          order="F" if counts.flags.f_contiguous else "C")
            tp[:, rows[on]] = counts[:, on]  # distinct cells
            margins = tp, support, predicted, total
        self._repeated = margins  # (as given: maybe rows broadcast along the batch)
        self.present = None
        if confusion.n_fixed is None:
            # a label is in a confusion of the batch when one of its samples is, whatever
            # their weight
            seen = (counts != 0 if seen is None else seen).astype(np.float64)
            has = (_formulas.class_sums(rows, seen, size + 1)[:, :size]
                   + _formulas.class_sums(cols, seen, size + 1)[:, :size]) != 0
            if held is not None:  # labels each origin holds without weight count there
                has |= held
            elif not own_labels:  # a label ``confusion`` holds without samples counts there
                has |= (confusion.support == 0) & (confusion.predicted == 0)
            self.present = None if has.all() else has

    @cached_property
    def matrix(self):
        """The ``K x K`` block of each confusion (``_BatchMatrix``)."""
        rows, cols, counts, k = self.rows, self.cols, self.counts, self.n_classes
        inside = (rows < k) & (cols < k)
        return _BatchMatrix(*((rows, cols, counts) if inside.all() else
                              (rows[inside], cols[inside], counts[:, inside])), k)

    @cached_property
    def _margins(self):
        # the margins as ordinary arrays: one repeated along the batch (a broadcast row,
        # as count_margins gives the supports and total) stored whole, column-major like
        # the others (an operation on a broadcast (R, 2) margin alone would give a
        # row-major array, and every later pass over it would cost several times more)
        return tuple(np.array(a, order="F") if a.ndim and 0 in a.strides else a
                     for a in self._repeated)

    def _reported(self, i):
        margin = self._margins[i]
        return margin if margin.shape[-1] == self.n_classes else margin[:, :self.n_classes]

    tp = cached_property(lambda self: self._reported(0))
    tp.__doc__ = "Diagonal of each confusion over the reported labels, shape ``(R, K)``."
    support = cached_property(lambda self: self._reported(1))
    support.__doc__ = "Row sums over the reported labels, shape ``(R, K)``."
    predicted = cached_property(lambda self: self._reported(2))
    predicted.__doc__ = "Column sums over the reported labels, shape ``(R, K)``."
    total = cached_property(lambda self: self._margins[3])
    total.__doc__ = "Count (weight) of every sample of each confusion, shape ``(R,)``."

    def whole_margins(self, repeated=False):
        """Return the margins of each confusion over every label counted.

        Parameters
        ----------
        repeated : bool, default=False
            A margin with the same values in every confusion (the supports and total of
            a threshold batch of counts) may come as one row broadcast along the batch
            (read-only, stride 0): for a formula that handles such rows
            (``_formulas.shared.whole_margins``), no array of the batch's length for it.

        Returns
        -------
        tuple of ndarray
            ``(tp, support, predicted, total)``, shape ``(R, L)`` (``total``: ``(R,)``).
        """
        return self._repeated if repeated else self._margins

    def nonzero_cells(self, whole=False):
        """Return the cells of the matrix block, shared by the confusions of the batch.

        Parameters
        ----------
        whole : bool, default=False
            The cells of every label counted, not only of the reported labels.

        Returns
        -------
        tuple of ndarray
            ``(rows, cols, values)``, ``values`` of shape ``(R, n_cells)``.
        """
        if whole:
            return self.rows, self.cols, self.counts  # (the other slot is empty)
        m = self.matrix
        return m.row, m.col, m.data

    # -- the count metrics, unchecked (the callers check the options) -------------------
    def precision_recall_fscore_support(self, *, beta=1.0, labels=None, pos_label=1,
                                        average=None,
                                        warn_for=("precision", "recall", "f-score"),
                                        zero_division="warn"):
        return _formulas.precision_recall_fscore_support(self, beta=beta, labels=labels,
                                                       pos_label=pos_label, average=average,
                                                       warn_for=warn_for,
                                                       zero_division=zero_division)

    def precision_score(self, *, labels=None, pos_label=1, average="binary",
                        zero_division="warn"):
        return _formulas.precision_score(self, labels=labels, pos_label=pos_label,
                                       average=average, zero_division=zero_division)

    def recall_score(self, *, labels=None, pos_label=1, average="binary", zero_division="warn"):
        return _formulas.recall_score(self, labels=labels, pos_label=pos_label, average=average,
                                    zero_division=zero_division)

    def fbeta_score(self, *, beta, labels=None, pos_label=1, average="binary",
                    zero_division="warn"):
        return _formulas.fbeta_score(self, beta=beta, labels=labels, pos_label=pos_label,
                                   average=average, zero_division=zero_division)

    def f1_score(self, *, labels=None, pos_label=1, average="binary", zero_division="warn"):
        return _formulas.f1_score(self, labels=labels, pos_label=pos_label, average=average,
                                zero_division=zero_division)

    def accuracy_score(self, *, normalize=True):
        return _formulas.accuracy_score(self, normalize=normalize)

    def zero_one_loss(self, *, normalize=True):
        return _formulas.zero_one_loss(self, normalize=normalize)

    def hamming_loss(self):
        return _formulas.hamming_loss(self)

    def balanced_accuracy_score(self, *, adjusted=False):
        return _formulas.balanced_accuracy_score(self, adjusted=adjusted)

    def matthews_corrcoef(self):
        return _formulas.matthews_corrcoef(self)

    def cohen_kappa_score(self, *, labels=None, weights=None, replace_undefined_by=np.nan):
        return _formulas.cohen_kappa_score(self, labels=labels, weights=weights,
                                         replace_undefined_by=replace_undefined_by)

    def class_likelihood_ratios(self, *, labels=None, replace_undefined_by=np.nan):
        return _formulas.class_likelihood_ratios(self, labels=labels,
                                                 replace_undefined_by=replace_undefined_by)

    def confusion_matrix(self, *, labels=None, normalize=None):
        return _formulas.confusion_matrix(self, labels=labels, normalize=normalize)

    def jaccard_score(self, *, labels=None, pos_label=1, average="binary",
                      zero_division="warn"):
        return _formulas.jaccard_score(self, labels=labels, pos_label=pos_label,
                                     average=average, zero_division=zero_division)

    def multilabel_confusion_matrix(self, *, labels=None, samplewise=False):
        return _formulas.multilabel_confusion_matrix(self, labels=labels,
                                                   samplewise=samplewise)

    def specificity_score(self, *, labels=None, pos_label=1, average="binary",
                          zero_division="warn"):
        return _formulas.specificity_score(self, labels=labels, pos_label=pos_label,
                                         average=average, zero_division=zero_division)

    def balanced_auc_score(self, *, labels=None, pos_label=1, average="binary",
                           zero_division="warn"):
        return _formulas.balanced_auc_score(self, labels=labels, pos_label=pos_label,
                                          average=average, zero_division=zero_division)

    def geometric_mean_score(self, *, labels=None, pos_label=1, average="multiclass",
                             correction=0.0):
        return _formulas.geometric_mean_score(self, labels=labels, pos_label=pos_label,
                                            average=average, correction=correction)

    def selection_rate(self, *, pos_label=1):
        return _formulas.selection_rate(self, pos_label=pos_label)

    def average_accuracy_score(self, *, labels=None, zero_division="warn"):
        return _formulas.average_accuracy_score(self, labels=labels, zero_division=zero_division)

    def error_rate(self, *, labels=None, zero_division="warn"):
        return _formulas.error_rate(self, labels=labels, zero_division=zero_division)

    def micro_precision_score(self, *, labels=None, zero_division="warn"):
        return _formulas.micro_precision_score(self, labels=labels, zero_division=zero_division)

    def micro_recall_score(self, *, labels=None, zero_division="warn"):
        return _formulas.micro_recall_score(self, labels=labels, zero_division=zero_division)

    def micro_fbeta_score(self, *, labels=None, beta=1.0, zero_division="warn"):
        return _formulas.micro_fbeta_score(self, labels=labels, beta=beta,
                                         zero_division=zero_division)

    def macro_precision_score(self, *, labels=None, zero_division="warn"):
        return _formulas.macro_precision_score(self, labels=labels, zero_division=zero_division)

    def macro_recall_score(self, *, labels=None, zero_division="warn"):
        return _formulas.macro_recall_score(self, labels=labels, zero_division=zero_division)

    def macro_fbeta_score(self, *, labels=None, beta=1.0, zero_division="warn"):
        return _formulas.macro_fbeta_score(self, labels=labels, beta=beta,
                                         zero_division=zero_division)

    def binary_confusion_matrix(self, *, pos_label=1):
        return _formulas.binary_confusion_matrix(self, pos_label=pos_label)

    def binary_quality_metrics(self, *, pos_label=1, beta=1.0, zero_division="warn"):
        return _formulas.binary_quality_metrics(self, pos_label=pos_label, beta=beta,
                                              zero_division=zero_division)

    def multiclass_quality_metrics(self, *, labels=None, beta=1.0, zero_division="warn"):
        return _formulas.multiclass_quality_metrics(self, labels=labels, beta=beta,
                                                  zero_division=zero_division)

    def expected_cost(self, *, cost_matrix, labels=None, normalize=True):
        return _formulas.expected_cost(self, cost_matrix=cost_matrix, labels=labels,
                                       normalize=normalize)


# -- thresholds as a batch axis ----------------------------------------------------------
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
    counts : ndarray of shape (n_thresholds, 4) or None
        The cells (TN, FP, FN, TP) at each threshold; None: integer cells, built from
        ``margins`` when first read.
    thresholds : ndarray of shape (n_thresholds,)
        The distinct scores, decreasing.
    pos_label : int, float, bool or str
        The class predicted at or above a threshold.
    margins : tuple of ndarray, default=None
        ``(tp, support, predicted, total)`` of each table, shapes ``(n_thresholds, 2)``
        and ``(n_thresholds,)`` (``metrics_sk._batch.binary_margins``,
        ``count_margins``), else summed from the cells.

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

    def __init__(self, confusion, rows, cols, counts, thresholds, pos_label, *,
                 margins=None):
        super().__init__(confusion, rows, cols, counts, own_labels=True, margins=margins)
        self.thresholds = thresholds
        self.pos_label = pos_label

    @cached_property
    def counts(self):
        """The cells (TN, FP, FN, TP), shape ``(n_thresholds, 4)``, column-major: when
        not given, built from the integer margins when first read (each cell is a
        diagonal cell or a class total minus one)."""
        tp, support = self._margins[:2]
        neg, pos = self.rows[0], self.rows[3]
        counts = np.empty((4, tp.shape[0]), dtype=tp.dtype).T
        cells = counts.T
        cells[0], cells[3] = tp[:, neg], tp[:, pos]
        np.subtract(int(support[0, neg]), tp[:, neg], out=cells[1])
        np.subtract(int(support[0, pos]), tp[:, pos], out=cells[2])
        return counts

    @property
    def tns(self):
        """The true negatives at each threshold, shape ``(n_thresholds,)``."""
        return self.counts[:, 0]

    @property
    def fps(self):
        """The false positives at each threshold, shape ``(n_thresholds,)``."""
        return self.counts[:, 1]

    @property
    def fns(self):
        """The false negatives at each threshold, shape ``(n_thresholds,)``."""
        return self.counts[:, 2]

    @property
    def tps(self):
        """The true positives at each threshold, shape ``(n_thresholds,)``."""
        return self.counts[:, 3]

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
    def class_likelihood_ratios(self, *, labels=None, replace_undefined_by=np.nan):
        return super().class_likelihood_ratios(labels=labels,
                                               replace_undefined_by=replace_undefined_by)
    class_likelihood_ratios.__doc__ = _formulas.class_likelihood_ratios.__doc__

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



def threshold_batch(labels, pos, fps, tps, thresholds, weighted, confusion_type, both=True):
    """The :class:`ThresholdBatch` over ``labels`` (two; ``pos`` the position of the
    positive one) of the cumulative counts ``fps``, ``tps`` (integer ones, the rows of
    one array as ``_auc.counts_at_thresholds(..., integers=True)`` gives them, are taken
    over: overwritten by the batch's diagonal): cells (neg, neg) = TN,
    (neg, pos) = FP, (pos, neg) = FN, (pos, pos) = TP. ``both``: both labels are true
    labels of weighted samples, so every confusion of the batch has both (its labels are
    fixed: no per-confusion ``present`` to work out). ``confusion_type``: the class of
    the (empty) confusion over the two labels, :class:`~metrics_sk.Confusion` (the
    caller's: it sits one layer up)."""
    neg = 1 - pos
    rows = np.array([neg, neg, pos, pos])
    cols = np.array([neg, pos, neg, pos])
    dtype = np.float64 if weighted else np.int64
    base = confusion_type.from_cells(labels, np.zeros((3, 3), dtype=dtype),
                                     fixed=2 if both else None,
                                     weighted=weighted, counted=not weighted)
    if both and not weighted:  # exact integers: the margins now, the cells when read
        counts = None
        pair = fps.base  # (the counts' own (2, R) array, taken over; else a new one)
        if not (pair is not None and pair.dtype == np.int64 and pair.shape == (2, len(fps))
                and np.shares_memory(pair[0], fps) and np.shares_memory(pair[1], tps)):
            pair = np.array([fps, tps], dtype=np.int64)
        margins = count_margins(pair, pos)
    else:
        # stored cell by cell (column-major): each cell, margin and formula pass over
        # the thresholds is then contiguous (a reduction over 2 or 4 interleaved values
        # per row costs 10-20x more)
        counts = np.empty((4, fps.shape[0]), dtype=dtype).T
        cells = counts.T
        np.subtract(fps[-1], fps, out=cells[0], casting="unsafe")  # (exact integers
        cells[1] = fps                                             # when unweighted)
        np.subtract(tps[-1], tps, out=cells[2], casting="unsafe")
        cells[3] = tps
        margins = binary_margins(counts, pos) if both else None
    return ThresholdBatch(base, rows, cols, counts, thresholds, labels.tolist()[pos],
                          margins=margins)


def confusions_at_thresholds(y_true, y_score, *, pos_label=None, sample_weight=None,
                             confusion_type):
    """The :class:`ThresholdBatch` of ``Confusion.at_thresholds`` (documented there; it
    passes its class as ``confusion_type``): the inputs checked once
    (:func:`~metrics_sk._encoding.binary_score_inputs`), one sort
    (:func:`~metrics_sk._auc.counts_at_thresholds`), the batch."""
    classes, pos, is_pos, scores, weights = binary_score_inputs(y_true, y_score,
                                                                sample_weight, pos_label)
    fps, tps, thresholds = _auc.counts_at_thresholds(is_pos, scores, weights,
                                                     integers=True)
    return threshold_batch(classes, pos, fps, tps,
                           thresholds.astype(scores.dtype, copy=False),
                           weighted=weights is not None, confusion_type=confusion_type)
