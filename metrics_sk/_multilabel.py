"""Multilabel-indicator targets counted natively: one binary confusion per label column.

A :class:`MultilabelConfusion` implements the batch interface of ``docs/design.rst`` over
the ``L`` columns of a multilabel indicator: ``labels`` are the column indices
``0 .. L-1``, ``tp``, ``support`` and ``predicted`` are per column (the one-vs-rest counts
of a multi-class confusion, here of each label's own binary problem) and ``total`` is the
count (weight) of every sample, so the formulas of precision, recall, F and Jaccard
(``None``, micro, macro, weighted) run unchanged. What only a multilabel target has is
read through the interface too: ``is_multilabel``, ``exact_matches`` (subset accuracy)
and ``sample_sums()`` (``average="samples"``: the distinct per-sample triples
``|t & p|, |t|, |p|`` with their counts and weights, a histogram that stays small and
adds up).

The inputs are checked once here (:func:`multilabel_confusion`), with scikit-learn's own
errors (``_check_targets``) for what is not a multilabel indicator pair, and counted in
chunks of rows with column and row sums (dense) or sparse ops (scipy sparse): no Python
loop over labels or samples.

Resampling and grouping split *rows*, not cells (a sample's cells overlap across
columns): :class:`RowUnits` keeps the samples once per distinct (row, weight) pair, with
a sparse map from the units' counts to everything a confusion holds;
:class:`MultilabelBatch` is the confusions of ``R`` count vectors over the units (the
bootstrap's replicates, ``metrics_sk/_inference/resampling.py``), which the formulas
evaluate unchanged; :class:`MultilabelGroups` is every group as one such batch.
"""

import inspect

import numpy as np
import scipy.sparse as sp

from . import _formulas
from ._encoding import compact, group_codes, group_index
from ._params import checked, constraints_for
from ._sklearn_compat import _check_targets
from ._validation import (InputError, check_same_length, check_sample_weight,
                          is_dask_collection, refuse_masked, refuse_zero_weights)

#: Rows counted at once (dense input): the boolean temporaries of a chunk stay in cache.
_CHUNK = 1 << 12

NOT_ZERO_ONE = ("{name} is a multilabel indicator with values other than 0 and 1: "
                "metrics_sk counts multilabel indicators of 0/1 (or booleans) only.")


def is_indicator(y):
    """Whether ``y`` is 2-D with more than one column, or scipy sparse: a multilabel
    indicator (checked by :func:`indicators`), not a vector of labels. A Dask collection
    is not (it is counted on its workers as labels, and refused there if 2-D)."""
    if type(y) is np.ndarray:  # the cheap check first
        return y.ndim == 2 and y.shape[1] != 1
    if sp.issparse(y):
        return True
    if is_dask_collection(y):
        return False
    shape = getattr(y, "shape", None)
    if shape is None:
        shape = np.shape(y) if isinstance(y, (list, tuple)) else ()
    return len(shape) == 2 and shape[1] != 1


def _zero_one(y):
    """Whether the indicator ``y`` (ndarray or CSR) holds only 0 and 1."""
    values = y.data if sp.issparse(y) else y
    if values.dtype == bool:
        return True
    if values.dtype.kind not in "iuf":
        return False
    if values.size == 0 or (values.dtype.kind in "iu"  # (two reductions, no temporary)
                            and values.min() >= 0 and values.max() <= 1):
        return True
    return np.count_nonzero(values) == np.count_nonzero(values == 1)


def _plain(y):
    return (type(y) is np.ndarray and y.ndim == 2 and y.dtype.kind in "biuf") or (
        sp.issparse(y) and y.ndim == 2)


def indicators(y_true, y_pred):
    """``(y_true, y_pred)`` checked as a multilabel-indicator pair: two 2-D ndarrays or
    CSR arrays of one shape holding 0/1. What is not (a mix with a 1-D target, another
    number of labels, lists, other values) goes through scikit-learn's ``_check_targets``
    first, so its errors are scikit-learn's."""
    refuse_masked(y_true, "y_true")
    refuse_masked(y_pred, "y_pred")
    if not (_plain(y_true) and _plain(y_pred) and y_true.shape == y_pred.shape
            and y_true.shape[0] >= 1 and y_true.shape[1] >= 2):
        _, _, y_true, y_pred, _ = _check_targets(y_true, y_pred)
    for name, y in (("y_true", y_true), ("y_pred", y_pred)):
        if not _zero_one(y):
            # scikit-learn's own check decides whether it is a multilabel target at all
            _check_targets(y_true, y_pred)
            raise InputError(NOT_ZERO_ONE.format(name=name))
    return y_true, y_pred


def multilabel_confusion(y_true, y_pred, sample_weight=None, columns=None, *,
                         allow_negative_weights=True):
    """The :class:`MultilabelConfusion` of a multilabel-indicator pair (dense, boolean or
    scipy sparse), checked once: the entry of the drop-ins for multilabel input.
    ``columns``: count only these columns, in this order (``labels=`` of
    ``average="samples"``, whose per-sample sums run over the chosen labels).
    ``allow_negative_weights``: the drop-ins take them, as scikit-learn does."""
    y_true, y_pred, w = _checked(y_true, y_pred, sample_weight, columns,
                                 allow_negative_weights)
    return MultilabelConfusion(*count(y_true, y_pred, w), weighted=w is not None)


def _checked(y_true, y_pred, sample_weight, columns, allow_negative_weights=True):
    """The indicators (their ``columns``, if given) and the weights, checked."""
    y_true, y_pred = indicators(y_true, y_pred)
    n = np.broadcast_to(np.False_, y_true.shape[0])  # (the rows: a sparse matrix has no len)
    check_same_length(("y_true", n), ("y_pred", n), ("sample_weight", sample_weight))
    w = check_sample_weight(sample_weight, n.shape[0], allow_negative=allow_negative_weights)
    refuse_zero_weights(w)
    if columns is not None:
        columns = _Columns(y_true.shape[1]).label_positions(columns)
        y_true, y_pred = y_true[:, columns], y_pred[:, columns]
    return y_true, y_pred, w


def _bool_csr(y):
    """A canonical boolean CSR copy of the indicator ``y`` (the input is left alone)."""
    y = sp.csr_array(y, copy=True)
    y.sum_duplicates()
    return sp.csr_array(y != 0)


def per_sample(y_true, y_pred, w=None):
    """Per sample: ``|t & p|``, ``|t|``, ``|p|`` (each times the sample's weight when
    ``w`` is given), the samplewise counts of ``multilabel_confusion_matrix``."""
    if sp.issparse(y_true) or sp.issparse(y_pred):
        t, p = _bool_csr(y_true), _bool_csr(y_pred)
        sums = (np.diff(t.multiply(p).tocsr().indptr), np.diff(t.indptr), np.diff(p.indptr))
    else:
        t, p = y_true.astype(bool, copy=False), y_pred.astype(bool, copy=False)
        sums = (np.count_nonzero(t & p, axis=1), np.count_nonzero(t, axis=1),
                np.count_nonzero(p, axis=1))
    sums = tuple(s.astype(np.intp, copy=False) for s in sums)
    return sums if w is None else tuple(s * w for s in sums)


def samplewise_confusion(y_true, y_pred, sample_weight=None, labels=None):
    """``multilabel_confusion_matrix(..., samplewise=True)`` of a multilabel-indicator
    pair: ``[[tn, fp], [fn, tp]]`` of each sample over the columns ``labels`` (all by
    default), each count times the sample's weight, as scikit-learn's."""
    y_true, y_pred, w = _checked(y_true, y_pred, sample_weight, labels)
    n_labels = y_true.shape[1]
    tp, true, pred = per_sample(y_true, y_pred, w)
    fp, fn = pred - tp, true - tp
    tn = (n_labels if w is None else w * n_labels) - tp - fp - fn
    return np.stack([tn, fp, fn, tp], axis=-1).reshape(-1, 2, 2)


def count(y_true, y_pred, w=None):
    """``(tp, support, predicted, total, sample_cells, n_samples)`` of a checked pair:
    per column the counts (weights) of true and predicted, true and predicted positives;
    the weight of every sample; the per-sample histogram of
    :meth:`MultilabelConfusion.sample_sums`."""
    n, n_labels = y_true.shape
    if sp.issparse(y_true) or sp.issparse(y_pred):
        t, p = _bool_csr(y_true), _bool_csr(y_pred)
        both = sp.csr_array(t.multiply(p))
        sums = []
        for m in (both, t, p):
            if w is None:
                sums.append(np.bincount(m.indices, minlength=n_labels))
            else:
                rows = np.repeat(np.arange(n), np.diff(m.indptr))
                s = np.bincount(m.indices, weights=w[rows], minlength=n_labels)
                sums.append(s.astype(np.float64))  # (empty: numpy's bincount is int)
        row_sums = [np.diff(m.indptr).astype(np.int64) for m in (both, t, p)]
    else:
        dtype = np.int64 if w is None else np.float64  # (scikit-learn's bincount's)
        sums = [np.zeros(n_labels, dtype=dtype) for _ in range(3)]
        row_sums = [np.empty(n, dtype=np.int64) for _ in range(3)]
        # (sums of 0/1 bytes in the narrowest integers that hold them: a chunk has fewer
        # than 2**16 rows, a row fewer than 2**16 labels)
        narrow = np.uint8 if n_labels < 256 else np.uint16
        for start in range(0, n, _CHUNK):
            stop = min(start + _CHUNK, n)
            t = y_true[start:stop].astype(bool, copy=False)
            p = y_pred[start:stop].astype(bool, copy=False)
            both = t & p
            for m, total, rows in zip((both, t, p), sums, row_sums):
                if w is None:
                    total += np.add.reduce(m.view(np.uint8), axis=0, dtype=np.uint16)
                else:  # row after row, as scikit-learn's bincount adds them
                    total[:] = np.add.reduce(np.concatenate(
                        [total[None], m * w[start:stop, None]]), axis=0)
                rows[start:stop] = np.add.reduce(m.view(np.uint8), axis=1, dtype=narrow)
    total = n if w is None else w.sum()
    return (*sums, total, _sample_cells(row_sums, n_labels, w), n)


def _sample_cells(row_sums, n_labels, w):
    """The distinct ``(|t & p|, |t|, |p|)`` of the samples, with how many samples have
    each and their weight: ``(a, t, p, counts, weights)``."""
    a, t, p = row_sums
    base = n_labels + 1
    keys = (a * base + t) * base + p
    distinct, inverse = compact(keys.astype(np.int64, copy=False))
    counts = np.bincount(inverse, minlength=distinct.shape[0])
    weights = counts if w is None else np.bincount(inverse, weights=w,
                                                   minlength=distinct.shape[0])
    return (*_split_keys(distinct, base), counts, weights)


def _split_keys(keys, base):
    """``(a, t, p)`` of the keys ``(a * base + t) * base + p`` of sample triples."""
    a, rest = np.divmod(keys, base * base)
    t, p = np.divmod(rest, base)
    return a, t, p


def _method(function):
    """Decorator of a count-metric method of :class:`MultilabelConfusion`: its options are
    checked once against the constraints of the metric of the same name (``_params``)."""
    names = list(inspect.signature(function).parameters)[1:]
    return checked(constraints_for(function.__name__, names))(function)


class _Columns:
    """The labels of a multilabel target: the column indices ``0 .. L-1``."""

    def __init__(self, n_labels):
        self.n_classes = n_labels
        self.labels = np.arange(n_labels)

    def label_positions(self, labels):
        """Return ``labels`` as column positions.

        For a multilabel target the labels are the column indices; one outside
        ``[0, n_labels)`` is scikit-learn's ``ValueError``.

        Parameters
        ----------
        labels : array-like of shape (n_chosen,)
            Column indices.

        Returns
        -------
        ndarray of shape (n_chosen,)
            The column indices, as integers.
        """
        labels = np.asarray(labels)
        if labels.size and (labels.dtype.kind not in "iu" and not (
                labels.dtype.kind == "f" and np.all(labels == np.round(labels)))):
            raise ValueError("For multilabel targets, labels are column indices (integers "
                             f"in [0, {self.n_classes})); got {labels.tolist()}.")
        labels = labels.astype(np.int64)
        if labels.size and not np.array_equal(labels, self.labels):
            if labels.max() > self.n_classes - 1:
                raise ValueError("All labels must be in [0, n labels) for multilabel "
                                 "targets. Got %d > %d" % (labels.max(), self.n_classes - 1))
            if labels.min() < 0:
                raise ValueError("All labels must be in [0, n labels) for multilabel "
                                 "targets. Got %d < 0" % labels.min())
        return labels


class MultilabelConfusion(_Columns):
    """The binary confusions of the columns of a multilabel indicator, streamable.

    One binary confusion per label column (``labels`` are the column indices), with the
    per-sample sums that subset accuracy and ``average="samples"`` need. Built by
    :meth:`from_predictions`; :meth:`update` and ``+`` add more samples. Its methods are
    the count metrics scikit-learn computes on a multilabel target. It implements the
    batch interface of ``docs/design.rst``: a label is one column's binary problem, so its
    ``tp``, ``support`` and ``predicted`` are those of the one-vs-rest counts of a class.

    Parameters
    ----------
    tp, support, predicted : ndarray of shape (n_labels,)
        Per column: the count (weight) of true and predicted, true, predicted positives.
    total : number
        The count (weight) of every sample.
    sample_cells : tuple of ndarray
        The distinct per-sample triples and their counts and weights (see
        :meth:`sample_sums`).
    n_samples : int
        The number of samples counted.
    weighted : bool, default=False
        Whether the counts are sums of sample weights.

    See Also
    --------
    Confusion : The confusion of a binary or multi-class target.

    Examples
    --------
    >>> import numpy as np
    >>> from metrics_sk import MultilabelConfusion
    >>> y_true = np.array([[1, 0, 1], [0, 1, 1], [1, 1, 0]])
    >>> y_pred = np.array([[1, 0, 0], [0, 1, 1], [1, 0, 0]])
    >>> c = MultilabelConfusion.from_predictions(y_true[:2], y_pred[:2])
    >>> c = c.update(y_true[2:], y_pred[2:])
    >>> c.tp.tolist(), c.support.tolist(), round(c.f1_score(average="macro"), 4)
    ([2, 1, 1], [2, 2, 2], 0.7778)
    """

    is_batch = False
    is_multilabel = True
    true_present = None
    present = None
    n_fixed = None

    def __init__(self, tp, support, predicted, total, sample_cells, n_samples, *,
                 weighted=False):
        self.tp, self.support, self.predicted, self.total = tp, support, predicted, total
        self._sample_cells = sample_cells
        self.n_samples = n_samples
        self.is_weighted = weighted
        super().__init__(tp.shape[0])
        self.counted_labels = self.labels
        a, t, p, _, weights = sample_cells
        #: Count (weight) of the samples whose labels are all right (subset accuracy).
        self.exact_matches = weights[(a == t) & (a == p)].sum()

    @classmethod
    def from_predictions(cls, y_true, y_pred, *, sample_weight=None, groups=None):
        """Count the binary confusions of the columns of a multilabel indicator.

        Parameters
        ----------
        y_true, y_pred : {array-like, sparse matrix} of shape (n_samples, n_labels)
            True and predicted label indicators: 0/1 or booleans, dense or scipy sparse.
        sample_weight : array-like of shape (n_samples,), default=None
            Sample weights.
        groups : array-like of shape (n_samples,), DataFrame or dict, default=None
            The group of each sample (several columns: crossed); then the confusions of
            every group, a :class:`MultilabelGroups`.

        Returns
        -------
        MultilabelConfusion or MultilabelGroups
            The confusions of the ``n_labels`` columns (of each group's samples).
        """
        if groups is not None:
            return MultilabelGroups(y_true, y_pred, groups, sample_weight)
        return multilabel_confusion(y_true, y_pred, sample_weight,
                                    allow_negative_weights=False)

    def whole_margins(self):
        """Return the margins of each label column.

        Returns
        -------
        tuple
            ``(tp, support, predicted, total)``: per column, and the total.
        """
        return self.tp, self.support, self.predicted, self.total

    def sample_sums(self):
        """Return the per-sample sums of ``average="samples"``.

        Returns
        -------
        tuple of ndarray
            ``(a, t, p, counts, weights)``: the distinct triples ``|t & p|``, ``|t|``,
            ``|p|`` of the samples, how many samples have each and their weight.
        """
        return self._sample_cells

    @property
    def n_labels(self):
        """The number of label columns."""
        return self.n_classes

    # -- streaming: counts add up -------------------------------------------------------
    def __add__(self, other):
        if not isinstance(other, MultilabelConfusion):
            return NotImplemented
        if other.n_classes != self.n_classes:
            raise ValueError(f"Cannot add multilabel confusions of {self.n_classes} and "
                             f"{other.n_classes} label columns.")
        a, t, p, counts, weights = (np.concatenate(pair) for pair in
                                    zip(self._sample_cells, other._sample_cells))
        base = self.n_classes + 1
        distinct, inverse = compact((a * base + t) * base + p)
        size = distinct.shape[0]
        cells = (*_split_keys(distinct, base), np.bincount(inverse, counts, size).astype(
            np.int64), np.bincount(inverse, weights, size))
        if not (self.is_weighted or other.is_weighted):
            cells = cells[:4] + (cells[3],)
        return MultilabelConfusion(self.tp + other.tp, self.support + other.support,
                                   self.predicted + other.predicted, self.total + other.total,
                                   cells, self.n_samples + other.n_samples,
                                   weighted=self.is_weighted or other.is_weighted)

    def __radd__(self, other):
        if isinstance(other, int) and other == 0:  # sum([c1, c2, ...])
            return self
        return NotImplemented

    def update(self, y_true, y_pred, sample_weight=None):
        """Count one more batch of a multilabel indicator in place.

        Parameters
        ----------
        y_true, y_pred : {array-like, sparse matrix} of shape (n_samples, n_labels)
            True and predicted label indicators of the batch (0/1 or booleans).
        sample_weight : array-like of shape (n_samples,), default=None
            Sample weights.

        Returns
        -------
        self : MultilabelConfusion
            This confusion, with the batch added.
        """
        merged = self + multilabel_confusion(y_true, y_pred, sample_weight,
                                             allow_negative_weights=False)
        self.__dict__.update(merged.__dict__)  # (the merged counts, in place)
        return self

    def __repr__(self):
        return (f"MultilabelConfusion(n_labels={self.n_classes}, "
                f"n_samples={self.n_samples}, total={self.total})")

    # -- the count metrics a multilabel target has (scikit-learn's), checked -------------
    @_method
    def precision_recall_fscore_support(self, *, beta=1.0, labels=None, pos_label=1,
                                        average=None,
                                        warn_for=("precision", "recall", "f-score"),
                                        zero_division="warn"):
        return _formulas.precision_recall_fscore_support(
            self, beta=beta, labels=labels, pos_label=pos_label, average=average,
            warn_for=warn_for, zero_division=zero_division)
    precision_recall_fscore_support.__doc__ = _formulas.precision_recall_fscore_support.__doc__

    @_method
    def precision_score(self, *, labels=None, pos_label=1, average="binary",
                        zero_division="warn"):
        return _formulas.precision_score(self, labels=labels, pos_label=pos_label,
                                         average=average, zero_division=zero_division)
    precision_score.__doc__ = _formulas.precision_score.__doc__

    @_method
    def recall_score(self, *, labels=None, pos_label=1, average="binary", zero_division="warn"):
        return _formulas.recall_score(self, labels=labels, pos_label=pos_label,
                                      average=average, zero_division=zero_division)
    recall_score.__doc__ = _formulas.recall_score.__doc__

    @_method
    def fbeta_score(self, *, beta, labels=None, pos_label=1, average="binary",
                    zero_division="warn"):
        return _formulas.fbeta_score(self, beta=beta, labels=labels, pos_label=pos_label,
                                     average=average, zero_division=zero_division)
    fbeta_score.__doc__ = _formulas.fbeta_score.__doc__

    @_method
    def f1_score(self, *, labels=None, pos_label=1, average="binary", zero_division="warn"):
        return _formulas.f1_score(self, labels=labels, pos_label=pos_label, average=average,
                                  zero_division=zero_division)
    f1_score.__doc__ = _formulas.f1_score.__doc__

    @_method
    def jaccard_score(self, *, labels=None, pos_label=1, average="binary",
                      zero_division="warn"):
        return _formulas.jaccard_score(self, labels=labels, pos_label=pos_label,
                                       average=average, zero_division=zero_division)
    jaccard_score.__doc__ = _formulas.jaccard_score.__doc__

    @_method
    def accuracy_score(self, *, normalize=True):
        return _formulas.accuracy_score(self, normalize=normalize)
    accuracy_score.__doc__ = _formulas.accuracy_score.__doc__

    @_method
    def zero_one_loss(self, *, normalize=True):
        return _formulas.zero_one_loss(self, normalize=normalize)
    zero_one_loss.__doc__ = _formulas.zero_one_loss.__doc__

    @_method
    def hamming_loss(self):
        return _formulas.hamming_loss(self)
    hamming_loss.__doc__ = _formulas.hamming_loss.__doc__

    @_method
    def multilabel_confusion_matrix(self, *, labels=None, samplewise=False):
        return _formulas.multilabel_confusion_matrix(self, labels=labels,
                                                     samplewise=samplewise)
    multilabel_confusion_matrix.__doc__ = _formulas.multilabel_confusion_matrix.__doc__


# -- resampling rows: the distinct rows of the samples, and batches of their replicates -------
#: Seed of the row hashes of a sparse indicator (any fixed value: a collision is caught).
_HASH_SEED = 0x6D6C62


def _first_of(unit_of, m):
    """The first row of each of the ``m`` units that ``unit_of`` numbers."""
    first = np.empty(m, dtype=np.int64)
    first[unit_of[::-1]] = np.arange(unit_of.shape[0] - 1, -1, -1)  # (the last write wins)
    return first


def _distinct_rows(t, p):
    """``(first, unit_of)``: the first row of each distinct ``(t, p)`` row pair and each
    row's position among them, numbered by the one key compactor (``_encoding.compact``)
    on a 64-bit key of each row: its packed bits when they fit in 64, else a hash of them
    (dense: of the packed words; sparse: of the row's columns), checked exactly (rows
    that share a key must be equal; on a collision every row is its own unit)."""
    n = t.shape[0]
    random = np.random.default_rng(_HASH_SEED)
    if not sp.issparse(t):
        packed = np.packbits(np.concatenate([t, p], axis=1), axis=1)
        width = -(-packed.shape[1] // 8) * 8
        words = np.zeros((n, width), dtype=np.uint8)
        words[:, :packed.shape[1]] = packed
        words = words.view(np.uint64)  # (n, width / 8)
        if words.shape[1] == 1:
            keys, exact = words[:, 0], True  # the bits themselves: no collision
        else:
            factors = random.integers(0, np.iinfo(np.int64).max, words.shape[1],
                                      dtype=np.int64, endpoint=True).view(np.uint64) | 1
            keys, exact = (words * factors).sum(axis=1, dtype=np.uint64), False  # (wraps)
        unit_of = compact(keys.view(np.int64))[1]
        first = _first_of(unit_of, int(unit_of.max()) + 1)
        if exact or np.array_equal(words[first[unit_of]], words):
            return first, unit_of
        return np.arange(n), np.arange(n)
    both = sp.csr_array(sp.hstack([t, p], format="csr"))
    both.sort_indices()
    factors = random.integers(0, np.iinfo(np.int64).max, both.shape[1], dtype=np.int64,
                              endpoint=True)
    ends = np.concatenate((np.zeros(1, np.uint64),
                           np.cumsum(factors[both.indices].view(np.uint64))))
    keys = ends[both.indptr[1:]] - ends[both.indptr[:-1]]  # (wraps)
    unit_of = compact(keys.view(np.int64))[1]
    first = _first_of(unit_of, int(unit_of.max()) + 1)
    again = both[first[unit_of]]
    if not (np.array_equal(again.indptr, both.indptr)
            and np.array_equal(again.indices, both.indices)):
        return np.arange(n), np.arange(n)
    return first, unit_of


class RowUnits:
    """The samples of a multilabel-indicator pair as *units* to resample: the distinct
    (row, weight) pairs, with how many samples each has. Resampling the ``n`` samples
    with replacement draws the units' counts, ``Mult(n, counts / n)``; a replicate's
    per-column counts are sums over its units (:meth:`batch`), so the ``n x L``
    indicators are kept once per distinct row only.

    Parameters
    ----------
    y_true, y_pred : ndarray or CSR of shape (n_samples, n_labels)
        A checked pair (:func:`checked_rows`).
    w : ndarray of shape (n_samples,) or None
        The checked weights.
    """

    def __init__(self, y_true, y_pred, w=None):
        n, n_labels = y_true.shape
        if sp.issparse(y_true) or sp.issparse(y_pred):
            t, p = _bool_csr(y_true), _bool_csr(y_pred)
        else:
            t, p = y_true.astype(bool, copy=False), y_pred.astype(bool, copy=False)
        first, unit_of = _distinct_rows(t, p)
        if w is not None:  # a unit is a (row, weight) pair
            values, code = compact(np.ascontiguousarray(w, dtype=np.float64).view(np.int64))
            pairs, unit_of = compact(unit_of * values.shape[0] + code)
            first = _first_of(unit_of, pairs.shape[0])
        self.n, self.n_labels, self.weighted = n, n_labels, w is not None
        #: The first sample of each unit, each sample's unit, how many samples each has.
        self.first, self.unit_of = first, unit_of
        self.count = np.bincount(unit_of, minlength=first.shape[0])
        self.weight = None if w is None else np.asarray(w, dtype=np.float64)[first]
        t, p = sp.csr_array(t[first]), sp.csr_array(p[first])
        both = sp.csr_array(t.multiply(p))
        a, true, pred = (np.diff(m.indptr) for m in (both, t, p))
        base = n_labels + 1
        keys, triple_of = compact(((a * base + true) * base + pred).astype(np.int64))
        self.triples = _split_keys(keys, base)
        m, k = first.shape[0], keys.shape[0]
        exact = ((a == true) & (a == pred)).astype(np.float64)
        # one linear map from unit counts to everything a replicate holds:
        # [tp | support | predicted | exact matches | triples]
        self.map = sp.csr_array(sp.hstack([
            both, t, p, sp.csr_array(exact[:, None]),
            sp.csr_array((np.ones(m), (np.arange(m), triple_of)), shape=(m, k))],
            format="csr"), dtype=np.float64)
        self.triple_of = triple_of

    @property
    def size(self):
        """The number of units."""
        return self.count.shape[0]

    def subset(self, rows):
        """The units of the samples ``rows`` (sorted positions) alone: a group's, in the
        order of the units of those samples counted by themselves."""
        ids, local = compact(self.unit_of[rows])
        part = object.__new__(RowUnits)
        part.__dict__.update(self.__dict__)
        part.n, part.unit_of = rows.shape[0], local
        part.first = _first_of(local, ids.shape[0])
        part.count = np.bincount(local, minlength=ids.shape[0])
        part.weight = None if self.weight is None else self.weight[ids]
        part.map = self.map[ids]
        return part

    def sums(self, counts):
        """``(tp, support, predicted, total, exact, triple_counts, triple_weights)`` of
        replicates given by their units' ``counts`` ``(r, units)`` (NaN for a replicate
        whose weights are all zero)."""
        counts = np.asarray(counts, dtype=np.float64)
        weights = counts if self.weight is None else counts * self.weight
        sums = (self.map.T @ weights.T).T
        total = weights.sum(1)
        if self.weighted and not total.all():
            # a replicate of zero-weight samples only: undefined (scikit-learn refuses its
            # weights), so its counts are NaN and every metric of it is NaN
            sums[total == 0] = np.nan
            total = np.where(total == 0, np.nan, total)
        L = self.n_labels
        tp, support, predicted = sums[:, :L], sums[:, L:2 * L], sums[:, 2 * L:3 * L]
        triple_counts = (self.map[:, 3 * L + 1:].T @ counts.T).T
        return (tp, support, predicted, total, sums[:, 3 * L], triple_counts,
                sums[:, 3 * L + 1:])

    def batch(self, counts):
        """The replicates of ``counts`` ``(r, units)`` as a :class:`MultilabelBatch`."""
        return MultilabelBatch(self, counts)

    def confusion(self, counts):
        """One replicate (``counts`` of shape ``(units,)``) as a
        :class:`MultilabelConfusion`."""
        tp, support, predicted, total, _, tc, tw = (
            s[0] for s in self.sums(np.asarray(counts)[None]))
        keep = tc > 0
        cells = (*(x[keep] for x in self.triples), tc[keep].astype(np.int64), tw[keep])
        if not self.weighted:
            tp, support, predicted = (x.astype(np.int64) for x in (tp, support, predicted))
            total, cells = int(total), cells[:4] + (cells[3],)
        return MultilabelConfusion(tp, support, predicted, total, cells, int(tc.sum()),
                                   weighted=self.weighted)


class MultilabelBatch(_Columns):
    """``R`` multilabel confusions over the same label columns: the replicates of
    :class:`RowUnits`, given by their units' counts ``(R, units)``. It implements the
    interface of :class:`MultilabelConfusion` with a leading replicate axis, as
    ``ConfusionBatch`` does for ``Confusion`` (``docs/design.rst``): ``tp``,
    ``support``, ``predicted`` of shape ``(R, L)``, ``total`` and ``exact_matches`` of
    shape ``(R,)``, :meth:`sample_sums` of shape ``(R, triples)``; the formulas evaluate
    it unchanged. Every column is a label of every replicate (scikit-learn's labels of a
    multilabel target are its columns), so ``present`` is None."""

    is_batch = True
    is_multilabel = True
    true_present = None
    present = None
    n_fixed = None

    def __init__(self, units, counts):
        super().__init__(units.n_labels)
        self.counted_labels = self.labels
        (self.tp, self.support, self.predicted, self.total, self.exact_matches,
         triple_counts, triple_weights) = units.sums(counts)
        shape = triple_counts.shape
        self._sample_cells = (*(np.broadcast_to(x, shape) for x in units.triples),
                              triple_counts, triple_weights)
        self.n_samples = units.n
        self.is_weighted = units.weighted

    def whole_margins(self):
        """``(tp, support, predicted, total)`` of each replicate."""
        return self.tp, self.support, self.predicted, self.total

    def sample_sums(self):
        """``(a, t, p, counts, weights)`` of each replicate, shape ``(R, triples)``: the
        triples of the data (those a replicate misses have count and weight 0)."""
        return self._sample_cells


def checked_rows(y_true, y_pred, sample_weight=None, columns=None):
    """The :class:`MultilabelConfusion` and :class:`RowUnits` of a multilabel-indicator
    pair, checked once (non-negative weights: a resample of them is a sum of weights);
    ``columns``: only these columns (``average="samples"`` with ``labels=``)."""
    y_true, y_pred, w = _checked(y_true, y_pred, sample_weight, columns,
                                 allow_negative_weights=False)
    confusion = MultilabelConfusion(*count(y_true, y_pred, w), weighted=w is not None)
    return confusion, RowUnits(y_true, y_pred, w)


class MultilabelGroups:
    """The multilabel confusions of every group, evaluated as one batch.

    A group is a replicate of :class:`RowUnits` whose units' counts are the group's
    samples in each distinct (row, weight) unit: its :class:`MultilabelBatch` holds every
    group, so each metric is one call of its formula on all the groups at once (groups
    in chunks when ``groups x units`` is large). A method returns one value per group,
    a pandas Series indexed by group (a MultiIndex for crossed group columns; a
    DataFrame for per-label values).

    Parameters
    ----------
    y_true, y_pred : {array-like, sparse matrix} of shape (n_samples, n_labels)
        True and predicted label indicators (0/1 or booleans).
    groups : array-like of shape (n_samples,), DataFrame or dict
        The group of each sample, or several group columns, crossed.
    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights (non-negative).

    Attributes
    ----------
    overall : MultilabelConfusion
        The confusion of all the samples.
    n_groups : int
        The number of groups.

    See Also
    --------
    MultilabelConfusion.from_predictions : Its ``groups=`` builds this.

    Examples
    --------
    >>> import numpy as np
    >>> from metrics_sk import MultilabelConfusion
    >>> y_true = np.array([[1, 0, 1], [0, 1, 1], [1, 1, 0], [0, 0, 1]])
    >>> y_pred = np.array([[1, 0, 0], [0, 1, 1], [1, 0, 0], [0, 1, 1]])
    >>> g = MultilabelConfusion.from_predictions(y_true, y_pred, groups=["a", "a", "b", "b"])
    >>> g.f1_score(average="samples").round(4).to_dict()
    {'a': 0.8333, 'b': 0.6667}
    """

    def __init__(self, y_true, y_pred, groups, sample_weight=None):
        y_true, y_pred, w = _checked(y_true, y_pred, sample_weight, None,
                                     allow_negative_weights=False)
        self.overall = MultilabelConfusion(*count(y_true, y_pred, w), weighted=w is not None)
        self._units = RowUnits(y_true, y_pred, w)
        codes, self.keys, self.names = group_codes(groups, y_true.shape[0])
        self._codes = codes
        units = self._units
        self._table = sp.csr_array((np.ones(codes.shape[0]), (codes, units.unit_of)),
                                   shape=(self.keys[0].shape[0], units.size))
        self._table.sum_duplicates()
        if w is not None:
            weight = self._table @ units.weight
            if not np.all(weight):  # (scikit-learn's error for that group's samples)
                raise ValueError("Sample weights must contain at least one non-zero number.")

    @property
    def n_groups(self):
        """The number of groups."""
        return self.keys[0].shape[0]

    def index(self):
        """Return the groups as a pandas Index (a MultiIndex for several group columns).

        Returns
        -------
        pandas.Index
            One entry per group, in the order of the results.
        """
        return group_index(self.keys, self.names)

    def group_units(self):
        """Yield the :class:`RowUnits` of each group's samples, group after group.

        Yields
        ------
        RowUnits
            The distinct (row, weight) units of one group's samples (for its bootstrap).
        """
        order = np.argsort(self._codes, kind="stable")
        ends = np.cumsum(np.bincount(self._codes, minlength=self.n_groups))
        for start, stop in zip(np.concatenate(([0], ends[:-1])), ends):
            yield self._units.subset(np.sort(order[start:stop]))

    def _evaluate(self, method, **options):
        """``method`` (a :class:`MultilabelConfusion` method) of every group: a Series
        (a DataFrame for per-label values)."""
        import pandas as pd

        step = max(1, _GROUP_CHUNK // max(self._units.size, 1))
        parts = [method(self._units.batch(self._table[start:start + step].toarray()),
                        **options) for start in range(0, self.n_groups, step)]
        values = np.concatenate([np.atleast_1d(np.asarray(p)) for p in parts])
        if values.ndim == 2:
            return pd.DataFrame(values, index=self.index(), columns=self.overall.labels)
        return pd.Series(values, index=self.index())

    def __repr__(self):
        return (f"MultilabelGroups(n_groups={self.n_groups}, "
                f"n_labels={self.overall.n_labels}, n_samples={self.overall.n_samples})")

    # -- the count metrics of a multilabel target, per group -------------------------
    def precision_score(self, *, labels=None, pos_label=1, average="binary",
                        zero_division="warn"):
        return self._evaluate(MultilabelConfusion.precision_score, labels=labels,
                              pos_label=pos_label, average=average,
                              zero_division=zero_division)
    precision_score.__doc__ = _formulas.precision_score.__doc__

    def recall_score(self, *, labels=None, pos_label=1, average="binary",
                     zero_division="warn"):
        return self._evaluate(MultilabelConfusion.recall_score, labels=labels,
                              pos_label=pos_label, average=average,
                              zero_division=zero_division)
    recall_score.__doc__ = _formulas.recall_score.__doc__

    def fbeta_score(self, *, beta, labels=None, pos_label=1, average="binary",
                    zero_division="warn"):
        return self._evaluate(MultilabelConfusion.fbeta_score, beta=beta, labels=labels,
                              pos_label=pos_label, average=average,
                              zero_division=zero_division)
    fbeta_score.__doc__ = _formulas.fbeta_score.__doc__

    def f1_score(self, *, labels=None, pos_label=1, average="binary", zero_division="warn"):
        return self._evaluate(MultilabelConfusion.f1_score, labels=labels,
                              pos_label=pos_label, average=average,
                              zero_division=zero_division)
    f1_score.__doc__ = _formulas.f1_score.__doc__

    def jaccard_score(self, *, labels=None, pos_label=1, average="binary",
                      zero_division="warn"):
        return self._evaluate(MultilabelConfusion.jaccard_score, labels=labels,
                              pos_label=pos_label, average=average,
                              zero_division=zero_division)
    jaccard_score.__doc__ = _formulas.jaccard_score.__doc__

    def accuracy_score(self, *, normalize=True):
        return self._evaluate(MultilabelConfusion.accuracy_score, normalize=normalize)
    accuracy_score.__doc__ = _formulas.accuracy_score.__doc__

    def zero_one_loss(self, *, normalize=True):
        return self._evaluate(MultilabelConfusion.zero_one_loss, normalize=normalize)
    zero_one_loss.__doc__ = _formulas.zero_one_loss.__doc__

    def hamming_loss(self):
        return self._evaluate(MultilabelConfusion.hamming_loss)
    hamming_loss.__doc__ = _formulas.hamming_loss.__doc__


#: Most numbers of one chunk of groups (groups x units) that a group metric evaluates.
_GROUP_CHUNK = 1 << 22
