"""Batches of confusions: R confusions over the labels of one confusion, evaluated at once.

A :class:`ConfusionBatch` implements the batch interface of ``docs/design.rst`` (the one
a :class:`~metrics_sk.Confusion` implements, with a leading batch axis): the formulas of
``_formulas`` evaluate bootstrap replicates, groups and moved confusions through it.
"""

import numpy as np

from . import _formulas


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
    confusion has every label, ``present`` is None.
    """

    is_batch = True
    is_multilabel = False
    true_present = None  # (a single confusion's: see Confusion.true_present)

    def __init__(self, confusion, rows, cols, counts, *, own_labels=False, seen=None,
                 held=None):
        k, size = confusion.n_classes, confusion.counted_labels.shape[0]
        #: The cells ``(rows, cols)`` (positions among every label counted, ``L`` for the
        #: other slot) and their counts, shape ``(R, n_cells)``: public, as the confusion's
        #: batch interface (``docs/design.rst``).
        self.rows, self.cols, self.counts = rows, cols, counts
        self.labels = confusion.labels
        self.n_classes = k
        self.label_positions = confusion.label_positions
        self.counted_labels, self.n_fixed = confusion.counted_labels, confusion.n_fixed
        support = _formulas.class_sums(rows, counts, size + 1)[:, :size]
        predicted = _formulas.class_sums(cols, counts, size + 1)[:, :size]
        self.total = counts.sum(-1)
        on = rows == cols
        tp = np.zeros((counts.shape[0], size), dtype=counts.dtype)
        tp[:, rows[on]] = counts[:, on]  # distinct cells
        self._margins = tp, support, predicted, self.total
        self.tp, self.support, self.predicted = (
            a if k == size else a[:, :k] for a in (tp, support, predicted))
        inside = (rows < k) & (cols < k)
        self.matrix = _BatchMatrix(rows[inside], cols[inside], counts[:, inside], k)
        self._whole_cells = rows, cols, counts  # (the other slot is empty)
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

    def whole_margins(self):
        """Return the margins of each confusion over every label counted.

        Returns
        -------
        tuple of ndarray
            ``(tp, support, predicted, total)``, shape ``(R, L)`` (``total``: ``(R,)``).
        """
        return self._margins

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
            return self._whole_cells
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
