"""Groups: the confusions of groups of the samples, counted in one pass.

:class:`GroupedConfusion` holds a groups x cells table of counts over the cells of the
confusion of all the samples; :func:`count_grouped_confusion` counts it (the group keys
encoded by ``_encoding.group_codes``), ``+`` merges two. Its metrics evaluate every
group at once as a :class:`~metrics_sk._batch.ConfusionBatch`.
"""

import inspect

import numpy as np
import scipy.sparse as sp

from . import _formulas, _dask
from ._batch import ConfusionBatch
from ._confusion import Confusion, checked, count_sample_cells
from ._counting import DENSE_CELLS, DENSE_STORE, bincount
from ._encoding import (compact, group_codes, group_columns, group_index, kind_of, plain_keys,
                        positions)
from ._validation import KIND_NAMES, check_labels_param, is_dask_collection

_GROUP_MATRIX_CELLS = 1 << 12  # groups' K x K results in batches up to this size (K = 64)


class GroupedConfusion:
    """The confusions of groups of the samples, counted in one pass.

    Groups are slices, segments or sensitive groups: a group is one more axis of the cell
    key. Built by ``Confusion.from_predictions(y_true, y_pred, groups=...)``, or empty
    (``GroupedConfusion()``) and then :meth:`update`-d batch by batch. Every count metric
    is a method, with the parameters of the ``Confusion`` method of that name; it returns
    one value per group as a pandas Series indexed by group (a MultiIndex for crossed
    groups), a DataFrame with a column per class for per-class results. Each group's value
    is the metric of that group's samples alone (over the labels that group has, unless
    ``labels=`` fixes them). Memory is O(groups + non-zero cells of the groups + labels):
    the counts of the groups are a dense groups x distinct cells table while it is small
    (at most ``max(n_samples, 2**22)`` numbers), a sparse one beyond, evaluated in chunks
    of groups.

    ``a + b`` merges two grouped confusions (union of the groups and of the labels)
    without changing either; ``sum([...])`` works too; a grouped confusion pickles, so
    Dask partitions are counted and merged on the workers.

    Parameters
    ----------
    overall : Confusion, default=None
        The confusion of all the samples (None: empty).
    rows, cols : ndarray of shape (n_cells,), default=None
        The cells of the groups' counts (positions among the labels, the other slot last).
    counts : ndarray or scipy sparse array of shape (n_groups, n_cells), default=None
        The count (or weight) of each cell in each group.
    keys : list of ndarray, default=None
        The key of each group, one array per group column.
    names : list of str, default=None
        The names of the group columns.
    seen : ndarray or scipy sparse array of shape (n_groups, n_cells), default=None
        The number of samples of each cell in each group, when some weights are 0 (None:
        where ``counts`` is non-zero): a label is in a group when one of its samples is,
        whatever its weight, as scikit-learn finds the labels of the samples.

    See Also
    --------
    metric_frame : The metrics of the groups with fairlearn's vocabulary.
    Confusion.from_predictions : With ``groups=``, builds it.

    Examples
    --------
    >>> from metrics_sk import Confusion
    >>> g = Confusion.from_predictions([0, 1, 1, 0, 1], [0, 1, 0, 0, 1],
    ...                                groups=["a", "a", "a", "b", "b"])
    >>> g.accuracy_score().to_dict()
    {'a': 0.6666666666666666, 'b': 1.0}
    >>> g.update([1, 0], [1, 1], groups=["c", "a"])
    GroupedConfusion(n_groups=3, n_classes=2, total=7)
    >>> g.accuracy_score().to_dict()
    {'a': 0.5, 'b': 1.0, 'c': 1.0}
    """

    def __init__(self, overall=None, rows=None, cols=None, counts=None, keys=None,
                 names=None, seen=None):
        if overall is None:  # empty: no group, no label
            overall, keys = Confusion(), [np.array([], dtype=np.int64)]
            rows = cols = np.array([], dtype=np.int64)
            counts = np.zeros((0, 0), dtype=np.int64)
        self.overall, self.keys, self.names = overall, keys, names
        self._rows, self._cols, self._counts = rows, cols, counts
        self._seen = seen
        self._batch = None  # the batch of all the groups, when the counts are dense
        if not sp.issparse(counts):
            self._batch = ConfusionBatch(overall, rows, cols, counts, own_labels=True,
                                         seen=None if seen is None else seen != 0)

    def _parts(self, size=0):
        """``(start, stop, cells, part)``: the groups ``start:stop`` as a grouped confusion
        with dense counts over the ``cells`` they have; all the groups at once (``cells``
        None, ``part`` itself) when the counts are dense, chunks of at most
        ``DENSE_CELLS`` numbers when they are sparse. ``size``: the numbers the formula
        makes per group (a matrix result), also kept to ``DENSE_CELLS`` per chunk."""
        if self._batch is not None and self.n_groups * size <= DENSE_CELLS:
            yield 0, self.n_groups, None, self
            return
        step = max(1, DENSE_CELLS // max(self._rows.shape[0], size, 1))
        for start in range(0, self.n_groups, step):
            stop = min(start + step, self.n_groups)
            counts = (self._counts if self._seen is None else self._seen)[start:stop]
            cells = (compact(counts.indices.astype(np.int64))[0] if sp.issparse(counts)
                     else np.flatnonzero(counts.any(0)))
            yield start, stop, cells, self._part(start, stop, cells)

    def _part(self, start, stop, cells):
        """The groups ``start:stop`` with dense counts over ``cells``."""
        dense, seen = (None if t is None else t[start:stop][:, cells]
                       for t in (self._counts, self._seen))
        dense, seen = (t.toarray() if sp.issparse(t) else t for t in (dense, seen))
        return GroupedConfusion(self.overall, self._rows[cells], self._cols[cells], dense,
                                [k[start:stop] for k in self.keys], self.names, seen)

    @property
    def counts(self):
        """Counts (or weight sums) of every group in its cells, ``(n_groups, n_cells)``.

        A dense array, or a scipy CSR array when sparse; the cells are those of the
        groups' samples over the labels counted by :attr:`overall`.
        """
        return self._counts

    @property
    def batch(self):
        """Every group as one ``ConfusionBatch`` when the counts are dense, else None.

        ``ConfusionBatch`` is in ``metrics_sk._batch``; sparse counts are evaluated by the
        formulas in chunks of groups.
        """
        return self._batch

    @property
    def n_groups(self):
        """Number of groups (of the combinations of group values that occur)."""
        return self.keys[0].shape[0]

    def index(self):
        """Return the groups as a pandas Index (a MultiIndex for several group columns).

        Returns
        -------
        pandas.Index
            One entry per group, in the order of the results.
        """
        return group_index(self.keys, self.names)

    def group(self, i):
        """Return the :class:`Confusion` of group ``i`` alone (over the labels it has).

        Parameters
        ----------
        i : int
            The position of the group in :meth:`index`.

        Returns
        -------
        Confusion
            The confusion of that group's samples.
        """
        counts, seen = (None if t is None else t[[i]] for t in (self._counts, self._seen))
        counts, seen = ((t.toarray() if sp.issparse(t) else t)[0]
                        for t in (counts, counts if seen is None else seen))
        keep = seen != 0  # (the cells of its samples, whatever their weight)
        rows, cols = self._rows[keep], self._cols[keep]
        k = self.overall.counted_labels.shape[0]
        if self.overall.n_fixed is not None:  # every label counted, the chosen reported
            labels, where = self.overall.counted_labels, np.arange(k + 1)
        else:
            has = np.zeros(k + 1, dtype=bool)
            has[rows], has[cols] = True, True
            has[k] = True
            labels = self.overall.labels[has[:k]]
            where = np.cumsum(has) - 1
        size = labels.shape[0] + 1
        if size * size <= DENSE_STORE:  # the storage a Confusion keeps (see Confusion._set)
            cells = np.zeros((size, size), dtype=counts.dtype)
            cells[where[rows], where[cols]] = counts[keep]  # distinct cells
        else:
            cells = sp.csr_array((counts[keep], (where[rows], where[cols])),
                                 shape=(size, size))
        return Confusion.from_cells(labels, cells, fixed=self.overall.n_fixed,
                                    weighted=self.overall.is_weighted)

    def _wrap(self, value):
        import pandas as pd

        if isinstance(value, tuple):
            return tuple(None if v is None else self._wrap(v) for v in value)
        value = np.asarray(value)
        if value.ndim == 2:
            return pd.DataFrame(value, index=self.index(), columns=self.overall.labels)
        return pd.Series(value, index=self.index())

    # -- merging ------------------------------------------------------------------
    def __add__(self, other):
        if not isinstance(other, GroupedConfusion):
            return NotImplemented
        return _merge_groups(self, other)

    def __radd__(self, other):
        if isinstance(other, int) and other == 0:  # sum([g1, g2, ...])
            return self
        return NotImplemented

    def update(self, y_true, y_pred, *, groups, sample_weight=None):
        """Count one more batch in place, adding its new groups and labels.

        Labels fixed with ``labels=`` stay fixed.

        Parameters
        ----------
        y_true : array-like of shape (n_samples,)
            True labels of the batch.
        y_pred : array-like of shape (n_samples,)
            Predicted labels of the batch.
        groups : array-like of shape (n_samples,), DataFrame or dict
            The group of each sample of the batch, with the same group columns as the
            groups already counted.
        sample_weight : array-like of shape (n_samples,), default=None
            Non-negative sample weights.

        Returns
        -------
        self : GroupedConfusion
            This grouped confusion, with the batch added.
        """
        labels = self.overall.labels if self.overall.n_fixed is not None else None
        batch = count_grouped_confusion(y_true, y_pred, groups, labels=labels,
                                        sample_weight=sample_weight)
        merged = _merge_groups(self, batch)
        self.__init__(**merged.__getstate__())
        return self

    def __getstate__(self):
        return {"overall": self.overall, "rows": self._rows, "cols": self._cols,
                "counts": self._counts, "keys": self.keys, "names": self.names,
                "seen": self._seen}

    def __setstate__(self, state):
        self.__init__(**state)

    def __eq__(self, other):
        """Same groups, same labels, same counts in every group (cells in any order)."""
        if not isinstance(other, GroupedConfusion):
            return NotImplemented
        if (self.names != other.names or self.overall != other.overall
                or self.n_groups != other.n_groups
                or not all(np.array_equal(a, b) for a, b in zip(self.keys, other.keys))):
            return False
        size = self.overall.counted_labels.shape[0] + 1
        tables = []
        for g in (self, other):
            coo = sp.coo_array(g._counts)
            tables.append(sp.csr_array((coo.data, (coo.row, (g._rows * size + g._cols)[
                coo.col])), shape=(g.n_groups, size * size)))
        return (tables[0] != tables[1]).nnz == 0

    __hash__ = None

    def __repr__(self):
        return (f"GroupedConfusion(n_groups={self.n_groups}, n_classes="
                f"{self.overall.n_classes}, total={self.overall.total})")

    def _evaluate(self, formula, **options):
        """The value of a count ``formula`` for every group, evaluated on all groups at
        once (matrices and result blocks: split per group, see :func:`_each_group`)."""
        if formula.batch:
            if self._batch is not None:
                return self._wrap(formula(self._batch, **options))
            return self._wrap(_stacked([formula(part._batch, **options)
                                        for *_, part in self._parts()]))
        import pandas as pd

        return pd.Series(_each_group(self, formula, options), index=self.index(),
                         name=formula.__name__)

    # -- the count metrics: one method each, its formula and docstring in _formulas ------
    @checked
    def precision_recall_fscore_support(self, *, beta=1.0, labels=None, pos_label=1,
                                        average=None,
                                        warn_for=("precision", "recall", "f-score"),
                                        zero_division="warn"):
        return self._evaluate(_formulas.precision_recall_fscore_support, beta=beta, labels=labels,
                              pos_label=pos_label, average=average, warn_for=warn_for,
                              zero_division=zero_division)
    precision_recall_fscore_support.__doc__ = _formulas.precision_recall_fscore_support.__doc__

    @checked
    def precision_score(self, *, labels=None, pos_label=1, average="binary",
                        zero_division="warn"):
        return self._evaluate(_formulas.precision_score, labels=labels, pos_label=pos_label,
                              average=average, zero_division=zero_division)
    precision_score.__doc__ = _formulas.precision_score.__doc__

    @checked
    def recall_score(self, *, labels=None, pos_label=1, average="binary", zero_division="warn"):
        return self._evaluate(_formulas.recall_score, labels=labels, pos_label=pos_label,
                              average=average, zero_division=zero_division)
    recall_score.__doc__ = _formulas.recall_score.__doc__

    @checked
    def fbeta_score(self, *, beta, labels=None, pos_label=1, average="binary",
                    zero_division="warn"):
        return self._evaluate(_formulas.fbeta_score, beta=beta, labels=labels,
                              pos_label=pos_label, average=average, zero_division=zero_division)
    fbeta_score.__doc__ = _formulas.fbeta_score.__doc__

    @checked
    def f1_score(self, *, labels=None, pos_label=1, average="binary", zero_division="warn"):
        return self._evaluate(_formulas.f1_score, labels=labels, pos_label=pos_label,
                              average=average, zero_division=zero_division)
    f1_score.__doc__ = _formulas.f1_score.__doc__

    @checked
    def accuracy_score(self, *, normalize=True):
        return self._evaluate(_formulas.accuracy_score, normalize=normalize)
    accuracy_score.__doc__ = _formulas.accuracy_score.__doc__

    @checked
    def zero_one_loss(self, *, normalize=True):
        return self._evaluate(_formulas.zero_one_loss, normalize=normalize)
    zero_one_loss.__doc__ = _formulas.zero_one_loss.__doc__

    @checked
    def hamming_loss(self):
        return self._evaluate(_formulas.hamming_loss)
    hamming_loss.__doc__ = _formulas.hamming_loss.__doc__

    @checked
    def balanced_accuracy_score(self, *, adjusted=False):
        return self._evaluate(_formulas.balanced_accuracy_score, adjusted=adjusted)
    balanced_accuracy_score.__doc__ = _formulas.balanced_accuracy_score.__doc__

    @checked
    def matthews_corrcoef(self):
        return self._evaluate(_formulas.matthews_corrcoef)
    matthews_corrcoef.__doc__ = _formulas.matthews_corrcoef.__doc__

    @checked
    def cohen_kappa_score(self, *, labels=None, weights=None, replace_undefined_by=np.nan):
        return self._evaluate(_formulas.cohen_kappa_score, labels=labels, weights=weights,
                              replace_undefined_by=replace_undefined_by)
    cohen_kappa_score.__doc__ = _formulas.cohen_kappa_score.__doc__

    @checked
    def class_likelihood_ratios(self, *, labels=None, replace_undefined_by=np.nan):
        return self._evaluate(_formulas.class_likelihood_ratios, labels=labels,
                              replace_undefined_by=replace_undefined_by)
    class_likelihood_ratios.__doc__ = _formulas.class_likelihood_ratios.__doc__

    @checked
    def confusion_matrix(self, *, labels=None, normalize=None):
        return self._evaluate(_formulas.confusion_matrix, labels=labels, normalize=normalize)
    confusion_matrix.__doc__ = _formulas.confusion_matrix.__doc__

    @checked
    def jaccard_score(self, *, labels=None, pos_label=1, average="binary",
                      zero_division="warn"):
        return self._evaluate(_formulas.jaccard_score, labels=labels, pos_label=pos_label,
                              average=average, zero_division=zero_division)
    jaccard_score.__doc__ = _formulas.jaccard_score.__doc__

    @checked
    def multilabel_confusion_matrix(self, *, labels=None, samplewise=False):
        return self._evaluate(_formulas.multilabel_confusion_matrix, labels=labels,
                              samplewise=samplewise)
    multilabel_confusion_matrix.__doc__ = _formulas.multilabel_confusion_matrix.__doc__

    @checked
    def specificity_score(self, *, labels=None, pos_label=1, average="binary",
                          zero_division="warn"):
        return self._evaluate(_formulas.specificity_score, labels=labels, pos_label=pos_label,
                              average=average, zero_division=zero_division)
    specificity_score.__doc__ = _formulas.specificity_score.__doc__

    @checked
    def balanced_auc_score(self, *, labels=None, pos_label=1, average="binary",
                           zero_division="warn"):
        return self._evaluate(_formulas.balanced_auc_score, labels=labels, pos_label=pos_label,
                              average=average, zero_division=zero_division)
    balanced_auc_score.__doc__ = _formulas.balanced_auc_score.__doc__

    @checked
    def geometric_mean_score(self, *, labels=None, pos_label=1, average="multiclass",
                             correction=0.0):
        return self._evaluate(_formulas.geometric_mean_score, labels=labels, pos_label=pos_label,
                              average=average, correction=correction)
    geometric_mean_score.__doc__ = _formulas.geometric_mean_score.__doc__

    @checked
    def selection_rate(self, *, pos_label=1):
        return self._evaluate(_formulas.selection_rate, pos_label=pos_label)
    selection_rate.__doc__ = _formulas.selection_rate.__doc__

    @checked
    def average_accuracy_score(self, *, labels=None, zero_division="warn"):
        return self._evaluate(_formulas.average_accuracy_score, labels=labels,
                              zero_division=zero_division)
    average_accuracy_score.__doc__ = _formulas.average_accuracy_score.__doc__

    @checked
    def error_rate(self, *, labels=None, zero_division="warn"):
        return self._evaluate(_formulas.error_rate, labels=labels, zero_division=zero_division)
    error_rate.__doc__ = _formulas.error_rate.__doc__

    @checked
    def micro_precision_score(self, *, labels=None, zero_division="warn"):
        return self._evaluate(_formulas.micro_precision_score, labels=labels,
                              zero_division=zero_division)
    micro_precision_score.__doc__ = _formulas.micro_precision_score.__doc__

    @checked
    def micro_recall_score(self, *, labels=None, zero_division="warn"):
        return self._evaluate(_formulas.micro_recall_score, labels=labels,
                              zero_division=zero_division)
    micro_recall_score.__doc__ = _formulas.micro_recall_score.__doc__

    @checked
    def micro_fbeta_score(self, *, labels=None, beta=1.0, zero_division="warn"):
        return self._evaluate(_formulas.micro_fbeta_score, labels=labels, beta=beta,
                              zero_division=zero_division)
    micro_fbeta_score.__doc__ = _formulas.micro_fbeta_score.__doc__

    @checked
    def macro_precision_score(self, *, labels=None, zero_division="warn"):
        return self._evaluate(_formulas.macro_precision_score, labels=labels,
                              zero_division=zero_division)
    macro_precision_score.__doc__ = _formulas.macro_precision_score.__doc__

    @checked
    def macro_recall_score(self, *, labels=None, zero_division="warn"):
        return self._evaluate(_formulas.macro_recall_score, labels=labels,
                              zero_division=zero_division)
    macro_recall_score.__doc__ = _formulas.macro_recall_score.__doc__

    @checked
    def macro_fbeta_score(self, *, labels=None, beta=1.0, zero_division="warn"):
        return self._evaluate(_formulas.macro_fbeta_score, labels=labels, beta=beta,
                              zero_division=zero_division)
    macro_fbeta_score.__doc__ = _formulas.macro_fbeta_score.__doc__

    @checked
    def binary_confusion_matrix(self, *, pos_label=1):
        return self._evaluate(_formulas.binary_confusion_matrix, pos_label=pos_label)
    binary_confusion_matrix.__doc__ = _formulas.binary_confusion_matrix.__doc__

    @checked
    def binary_quality_metrics(self, *, pos_label=1, beta=1.0, zero_division="warn"):
        return self._evaluate(_formulas.binary_quality_metrics, pos_label=pos_label, beta=beta,
                              zero_division=zero_division)
    binary_quality_metrics.__doc__ = _formulas.binary_quality_metrics.__doc__

    @checked
    def multiclass_quality_metrics(self, *, labels=None, beta=1.0, zero_division="warn"):
        return self._evaluate(_formulas.multiclass_quality_metrics, labels=labels, beta=beta,
                              zero_division=zero_division)
    multiclass_quality_metrics.__doc__ = _formulas.multiclass_quality_metrics.__doc__

    @checked
    def expected_cost(self, *, cost_matrix, labels=None, normalize=True):
        return self._evaluate(_formulas.expected_cost, cost_matrix=cost_matrix, labels=labels,
                              normalize=normalize)
    expected_cost.__doc__ = _formulas.expected_cost.__doc__


def _each_group(grouped, formula, options):
    """The value of a matrix or result-block formula (not a batch formula) for each group,
    as a list: the formula evaluates batches of groups (a leading group axis) that make at
    most ``DENSE_CELLS`` matrix cells, all the groups at once while ``groups x K**2`` is
    that small; one group at a time (over its own labels: O(its labels**2)) when one
    ``K x K`` matrix has more than ``_GROUP_MATRIX_CELLS`` cells (K > 64), where a
    matrix over all the labels costs more than the call and a group may have few of them. Each group's matrix is over the labels it has, as on its own samples; a group
    without any (all its weights zero) is an empty confusion, evaluated alone."""
    if grouped.n_groups == 0:
        return []
    k = grouped.overall.n_classes
    own = "labels" in inspect.signature(formula).parameters and options.get("labels") is None
    size = max(k, 0 if own else np.size(options.get("labels", 0))) ** 2
    if size > _GROUP_MATRIX_CELLS:
        return [formula(grouped.group(i), **options) for i in range(grouped.n_groups)]
    values = []
    for start, _, _, part in grouped._parts(size):
        batch = part._batch
        values += _split(formula(batch, **options), batch.present if own else None)
        if batch.present is not None:  # a group of zero weights alone has no label
            for i in np.flatnonzero(~batch.present.any(-1)):
                values[start + i] = formula(grouped.group(start + i), **options)
    return values


def _split(value, present):
    """The value of each confusion of a batch: ``value`` a batch of matrices (leading batch
    axis) or a result block of them, cut to the labels each has (``present``, None: all)."""
    if isinstance(value, _formulas.QualityMetrics):
        fields = zip(*(getattr(value, name).tolist() for name in value._fields))
        return [type(value)(matrix, values) for matrix, values in
                zip(_split(value.confusion_matrix, present), fields)]
    if present is None:
        return list(value)
    if value.ndim == 4:  # a 2 x 2 block per class (multilabel_confusion_matrix)
        return [blocks[has] for blocks, has in zip(value, present)]
    return [matrix[np.ix_(has, has)] for matrix, has in zip(value, present)]



def _stacked(results):
    """The results of the parts of a grouped confusion, one after the other."""
    first = results[0]
    if isinstance(first, tuple):
        return tuple(None if first[i] is None else _stacked([r[i] for r in results])
                     for i in range(len(first)))
    return np.concatenate([np.atleast_1d(r) for r in results])


def _group_table(group_of, cell_of, values, n_groups, n_cells, n):
    """The ``n_groups x n_cells`` counts, summing ``values`` (None: ones) at ``(group_of,
    cell_of)``: dense while it has at most ``max(n, DENSE_CELLS)`` numbers (one bincount),
    a CSR array of the non-zero cells beyond."""
    if n_groups * n_cells <= max(n, DENSE_CELLS):
        return bincount(group_of * n_cells + cell_of, values,
                         n_groups * n_cells).reshape(n_groups, n_cells)
    data = np.ones(group_of.shape[0], dtype=np.int64) if values is None else values
    table = sp.csr_array((data, (group_of, cell_of)), shape=(n_groups, n_cells))
    table.sum_duplicates()
    return table


def _merge_groups(a, b):
    """Sum two grouped confusions over the union of their groups and of their labels;
    neither is changed. Cells and groups are matched by the label encoder, so the result
    is the grouped confusion of all their samples counted at once."""
    if a.n_groups == 0 and a.overall.total == 0:
        return GroupedConfusion(**_copied(b))
    if b.n_groups == 0 and b.overall.total == 0:
        return GroupedConfusion(**_copied(a))
    if a.names != b.names:
        raise ValueError(f"Cannot merge grouped confusions with different group columns: "
                         f"{a.names} and {b.names}.")
    for name, ka, kb in zip(a.names, a.keys, b.keys):
        if not all(k.dtype.kind in "biufSU" or k.dtype.kind == "O" and plain_keys(k)
                   for k in (ka, kb)):
            continue  # keys of any values (dates, tuples, mixed): as they are
        kinds = kind_of(ka, "groups"), kind_of(kb, "groups")
        if kinds[0] != kinds[1]:  # numpy would turn the numbers into strings
            raise ValueError(f"Mix of label input types (string and number) in groups "
                             f"{name!r}: {KIND_NAMES[kinds[0]]} and {KIND_NAMES[kinds[1]]}.")
    overall = a.overall + b.overall  # the union of the labels (or a clear error)
    k = overall.counted_labels.shape[0]
    size = k + 1
    cell_keys = []
    for x in (a, b):
        where = np.append(positions(overall.counted_labels, x.overall.counted_labels), k)
        cell_keys.append(where[x._rows] * size + where[x._cols])
    cells, cell_of = compact(np.concatenate(cell_keys))
    columns = {i: np.concatenate((ka, kb)) for i, (ka, kb) in enumerate(zip(a.keys, b.keys))}
    group_of, keys, _ = group_codes(columns, a.n_groups + b.n_groups)
    sides = ((a, group_of[:a.n_groups], cell_of[:cell_keys[0].shape[0]]),
             (b, group_of[a.n_groups:], cell_of[cell_keys[0].shape[0]:]))
    n_groups, m = keys[0].shape[0], cells.shape[0]
    table = _merged_table([(x._counts, g, c) for x, g, c in sides], n_groups, m)
    seen = None
    if a._seen is not None or b._seen is not None:
        seen = _merged_table([(x._counts != 0 if x._seen is None else x._seen, g, c)
                              for x, g, c in sides], n_groups, m, np.int64)
    rows, cols = np.divmod(cells, size)
    return GroupedConfusion(overall, rows, cols, table, keys, a.names, seen)


def _merged_table(sides, n_groups, m, dtype=None):
    """The ``n_groups x m`` sum of the tables of ``sides``: ``(table, group of each row,
    cell of each column)``."""
    tables = [t for t, _, _ in sides]
    dtype = dtype or np.result_type(*(t.dtype for t in tables))
    if not any(sp.issparse(t) for t in tables) and n_groups * m <= max(
            sum(t.size for t in tables), DENSE_CELLS):  # dense tables stay dense
        table = np.zeros((n_groups, m), dtype=dtype)
        for t, g, c in sides:
            table[np.ix_(g, c)] += t  # distinct places
        return table
    parts = []
    for t, g, c in sides:
        coo = sp.coo_array(t)
        parts.append((g[coo.row], c[coo.col], coo.data.astype(np.float64)))
    g, c, values = (np.concatenate(v) for v in zip(*parts))
    return _group_table(g, c, values, n_groups, m, values.shape[0]).astype(dtype)


def _copied(g):
    state = g.__getstate__()
    return {**state, "overall": state["overall"].copy(), "counts": state["counts"].copy(),
            "seen": None if state["seen"] is None else state["seen"].copy()}


def _partition_grouped(t, p, w, labels, names, *columns):
    """The grouped confusion of one partition (None when it is empty)."""
    if len(t) == 0 and len(p) == 0:
        return None
    return count_grouped_confusion(t, p, dict(zip(names, columns)), labels=labels, sample_weight=w)


def _dask_grouped(y_true, y_pred, names, columns, *, labels, sample_weight):
    """The grouped confusion of Dask inputs: one task per partition counts it, a tree of
    merges on the workers sums them (``metrics_sk._dask``); only the merged counts (groups
    x cells) come back."""
    import dask

    check_labels_param(labels, None)
    group_names = ["groups"] if len(columns) == 1 else [f"groups[{n!r}]" for n in names]
    parts = _dask.partitions((("y_true", y_true), ("y_pred", y_pred),
                              ("sample_weight", sample_weight), *zip(group_names, columns)))
    count_one = dask.delayed(_partition_grouped, pure=False)
    merged = _dask.reduce_partitions([count_one(t, p, w, labels, names, *cols)
                                      for t, p, w, *cols in parts])
    if merged is None:
        raise ValueError("Found empty input array (e.g., `y_true` or `y_pred`) while a "
                         "minimum of 1 sample is required.")
    return merged


def count_grouped_confusion(y_true, y_pred, groups, *, labels=None, sample_weight=None):
    """The :class:`GroupedConfusion` of the samples: one pass over them, memory
    O(n + groups + non-zero cells + labels) (see ``_group_table``). Dask inputs (labels,
    weights or group columns) are counted partition by partition on the workers and merged
    there."""
    names, columns = group_columns(groups)
    if any(is_dask_collection(a) for a in (y_true, y_pred, sample_weight, *columns)):
        return _dask_grouped(y_true, y_pred, names, columns, labels=labels,
                                  sample_weight=sample_weight)
    samples = count_sample_cells(y_true, y_pred, labels=labels, sample_weight=sample_weight)
    n = samples.cell_of.shape[0]
    g, keys, names = group_codes(dict(zip(names, columns)), n)
    counts = _group_table(g, samples.cell_of, samples.weights, keys[0].shape[0],
                          samples.rows.shape[0], n)
    seen = None
    if samples.weights is not None and not (samples.weights > 0).all():
        # a class whose samples in a group weigh 0 is still a class of that group
        seen = _group_table(g, samples.cell_of, None, keys[0].shape[0],
                            samples.rows.shape[0], n)
    return GroupedConfusion(samples.confusion(), samples.rows, samples.cols, counts, keys,
                            names, seen)
