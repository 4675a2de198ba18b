"""The one label encoder: label kinds, label arrays to codes, codes to positions.

Every label array of metrics_sk is checked and numbered here: :func:`validated` (the one
check of label arrays sharing a label space), :func:`encode` (labels of several arrays to
codes: integer labels by :func:`compact`, the others by :func:`dictionary_codes`),
:func:`positions` (where labels sit in a label array), :func:`compact` (sorted distinct
values of int64 keys: labels, cells, group crossings) and the group keys
(:func:`group_codes`). The cell counting (``_counting``) and the confusions
(``_confusion``, ``_grouped``) call these; no other module sorts or searches labels
(``tests/test_layers.py``). :func:`binary_score_inputs` is the one check of a binary
scoring (``y_true, y_score, pos_label, sample_weight``): its classes and positive label.
"""

from itertools import repeat

import numpy as np
import scipy.sparse as sp

from ._sklearn_compat import _check_targets
from ._validation import (
    KIND_NAMES,
    check_labels_param,
    check_numeric_labels,
    check_python_labels,
    check_same_length,
    check_sample_weight,
    is_dask_collection,
    label_array,
    label_kind,
    refuse_masked,
)

_DENSE_KEYS = 1 << 16  # compact() counts keys of a range this wide (or 4 n) densely


def bincount(keys, weights, size):
    """``np.bincount`` of ``keys`` (optionally summing ``weights``) over ``size`` bins."""
    return np.bincount(keys, weights=weights, minlength=size)


def label_values(values, dtype):
    """The integer label ``values`` in the inputs' common ``dtype``, or kept ``int64``
    where that dtype would round some of them (``uint64`` met with signed integers, floats
    beyond 2**53): labels stay exact and distinct, as their counts are."""
    cast = values.astype(dtype)
    if cast.dtype.kind == "f" and values.size and float(np.abs(values).max()) > 2**24:
        with np.errstate(invalid="ignore"):  # a float of 2**63 has no int64
            if not np.array_equal(cast.astype(np.int64), values):
                return values.astype(np.int64)
    return cast


def positions(haystack, wanted, missing=-1):
    """Positions of ``wanted`` labels in the label array ``haystack`` (any order);
    ``missing`` where absent (-1, or ``len(haystack)``: the other slot of a confusion)."""
    wanted = np.asarray(wanted)
    k = haystack.shape[0]
    if k and wanted.dtype.kind in "biuf" and haystack.dtype.kind in "biuf":
        order = np.argsort(haystack, kind="stable")
        ordered = haystack[order]
        pos = np.minimum(np.searchsorted(ordered, wanted), k - 1)
        return np.where(ordered[pos] == wanted, order[pos], missing)
    index = {v: i for i, v in enumerate(haystack.tolist())}
    return np.fromiter((index.get(v, missing) for v in wanted.tolist()), dtype=np.int64,
                       count=wanted.shape[0])



def dictionary_codes(arrays, labels, names, *, huge=False):
    """Labels of the ``arrays`` (strings, objects, or numbers the integer path does not
    take) by a dict, in one pass over each array: ``(values, codes)`` with ``values`` the
    sorted distinct labels (or ``labels`` when given) and ``codes`` one int64 array per
    input, ``len(values)`` for a label outside ``labels`` (the other slot). ``names``
    name the arrays in the error when the labels do not sort; ``huge``: some uint64 label
    is beyond int64 (then float labels stay exact Python integers, as objects)."""
    lists = [a.tolist() for a in arrays]
    if labels is None:
        distinct = set().union(*map(set, lists))
        try:
            ordered = sorted(distinct)
        except TypeError as exc:
            raise TypeError(f"labels of {names} cannot be sorted: {exc}") from exc
        dtype = np.result_type(*arrays)
        if any(a.dtype.kind == "O" for a in arrays) or (huge and dtype.kind == "f"):
            dtype = object  # (uint64 beyond int64 met with signed integers: exact ints)
        values = np.array(ordered, dtype=dtype)
    else:
        values, ordered = labels, labels.tolist()
    k = len(ordered)
    index = dict(zip(ordered, range(k)))
    return values, [np.fromiter(map(index.get, lst, repeat(k)), dtype=np.int64,
                                count=len(lst)) for lst in lists]


def reported_first(labels, values):
    """``(full, where)``: the chosen ``labels`` followed by the other ``values`` (the
    labels counted, in their order) and the position in ``full`` of each of ``values``."""
    where = positions(labels, values)
    extra = where < 0
    if not extra.any():
        return labels, where
    where[extra] = labels.shape[0] + np.arange(np.count_nonzero(extra))
    return np.concatenate((labels, values[extra])), where


def kind_of(arr, name):
    """The label kind of the unchecked array ``arr`` (:func:`label_kind`), an object
    array's after checking its distinct values."""
    kind = label_kind(arr)
    if arr.dtype.kind == "O":  # object array: look at the distinct values
        values = arr.tolist()
        try:
            values = set(values)
        except TypeError:  # unhashable: a signalling Decimal NaN, or sequences
            pass
        if isinstance(values, list) and any(isinstance(v, (list, tuple, np.ndarray))
                                            for v in values):  # legacy multilabel
            raise ValueError(
                f"{name} holds sequences, not labels: sequences of sequences (the legacy "
                "multi-label format) are not supported; pass a 1-D array of labels, or a "
                "binary indicator array for multilabel targets.") from None
        kind = check_python_labels(values, name)
    return kind


def validated(arrays, names, labels, allow_column=False, sample_weight=None,
               allow_negative_weights=False):
    """The one check of label arrays that share one label space (the builder's and the
    encoder's): 1-D, one length (``sample_weight``'s too), one kind (numbers or strings),
    integer-valued. Returns ``(arrays, kind, labels, weights, dtype)``: numeric arrays
    come back as integer arrays (floats converted), ``labels`` is the checked ``labels=``
    (or None), ``weights`` the checked ``sample_weight`` and ``dtype`` the common dtype of
    the arrays before any conversion. Two arrays are a ``(y_true, y_pred)`` pair: where
    scikit-learn has a more specific error for them (continuous targets), it is raised."""
    arrs = [label_array(a, name, allow_column=allow_column) for a, name in zip(arrays, names)]
    check_same_length(*zip(names, arrs), ("sample_weight", sample_weight))
    weights = check_sample_weight(sample_weight, arrs[0].shape[0],
                                  allow_negative=allow_negative_weights)
    kinds = [kind_of(a, name) for a, name in zip(arrs, names)]
    if len(set(kinds)) > 1:
        held = [f"{name} holds {KIND_NAMES[k]}" for name, k in zip(names, kinds)]
        mix = ValueError("Mix of label input types (string and number): "
                         f"{', '.join(held[:-1])} and {held[-1]}.")
        if len(arrays) == 2:
            try:  # scikit-learn's error where it has a more specific one
                _check_targets(*arrays)
            except ValueError as exc:
                if not str(exc).startswith("Mix of label input types"):
                    raise
        raise mix
    kind = kinds[0]
    labels = check_labels_param(labels, kind)
    dtype = np.result_type(*arrs)
    if kind == "num":  # (an object array's Python numbers are checked one by one by _kind)
        arrs = [a if a.dtype.kind in "Oiub" else check_numeric_labels(
                    a, name, *(arrays if len(arrays) == 2 else (arrs[0], a)))
                for a, name in zip(arrs, names)]
    return arrs, kind, labels, weights, dtype


def encode(*arrays, labels=None, names=None, keys=False):
    """The label encoder: labels of several arrays sharing one label space, to codes.

    Returns ``(values, codes)``: ``values`` the sorted distinct labels of all the arrays
    (or ``labels`` when given) and ``codes`` a list of int64 arrays, one per input, each
    sample's position in ``values``; with ``labels=``, a label outside ``labels`` gets
    code ``len(labels)`` (the *other* slot of a confusion). With ``keys`` (one
    array of group keys, not class labels), floats are keys as they are (any number) and
    a missing key (NaN, None) is a ValueError, as fairlearn's ``MetricFrame`` refuses it.
    """
    names = names or [f"y{i}" for i in range(len(arrays))]
    if keys:
        arr = _key_array(arrays[0], names[0])
        missing = (np.isnan(arr).any() if arr.dtype.kind == "f" else np.isnat(arr).any()
                   if arr.dtype.kind in "mM" else arr.dtype.kind == "O"
                   and any(v is None or v != v for v in arr.tolist()))
        if missing:
            raise ValueError(f"{names[0]} contains missing values (NaN or None): a group "
                             "key must be a value; remove or replace them.")
        if arr.dtype.kind in "fmM":  # any number, dates and durations: keys as they are
            values, inverse = np.unique(arr, return_inverse=True)
            return values, [inverse.reshape(-1).astype(np.int64, copy=False)]
        if arr.dtype.kind == "O" and not plain_keys(arr):
            return _object_keys(arr, names[0])
        arrays = (arr,)
    arrs, kind, labels, _, _ = validated(arrays, names, labels)
    n = arrs[0].shape[0]
    huge = any(a.dtype == np.uint64 and a.size and a.max() >= 2**63 for a in arrs)
    if kind == "num" and not huge and all(a.dtype.kind != "O" for a in arrs):
        both = (arrs[0].astype(np.int64) if len(arrs) == 1  # (one copy, never the input)
                else np.concatenate([a.astype(np.int64, copy=False) for a in arrs]))
        if labels is None:
            values, inverse = compact(both)
            values = label_values(values, np.result_type(*arrs))
        else:
            values, inverse = labels, positions(labels, both, missing=labels.shape[0])
        inverse = inverse.reshape(-1).astype(np.int64, copy=False)
        return values, [inverse[i * n:(i + 1) * n] for i in range(len(arrs))]
    return dictionary_codes(arrs, labels, ", ".join(names), huge=huge)


def _key_array(column, name):
    """The group keys of ``column`` as a 1-D array holding the keys' own values: a list
    of mixed types, tuples or dates becomes an object array (not numpy's strings)."""
    if isinstance(column, (list, tuple)):
        arr = np.empty(len(column), dtype=object)
        for i, v in enumerate(column):  # (tuples stay tuples)
            arr[i] = v
        return arr if not plain_keys(arr) else label_array(column, name)
    arr = np.asarray(column) if not sp.issparse(column) else column
    if isinstance(arr, np.ndarray) and arr.ndim == 1 and arr.dtype.kind in "OmM":
        return arr
    return label_array(column, name)


def plain_keys(arr):
    """Whether the object array ``arr`` holds labels of one kind (all strings, or all
    integers and booleans): the label encoder's keys."""
    kinds = {str if isinstance(v, (str, np.str_)) else int
             if isinstance(v, (int, np.integer)) else None for v in arr.tolist()}
    return len(kinds) <= 1 and None not in kinds


def _object_keys(arr, name):
    """Keys of any hashable values (mixed types, tuples, dates), as fairlearn's
    ``MetricFrame`` groups them: sorted when they sort, else in the order met."""
    index = {}
    try:
        codes = np.fromiter((index.setdefault(v, len(index)) for v in arr.tolist()),
                            dtype=np.int64, count=arr.shape[0])
    except TypeError as exc:
        raise TypeError(f"{name} holds values that cannot be group keys: {exc}") from None
    found = list(index)
    try:
        order = sorted(range(len(found)), key=found.__getitem__)
    except TypeError:  # (mixed types: the order met)
        order = list(range(len(found)))
    values = np.empty(len(found), dtype=object)
    for i, j in enumerate(order):
        values[i] = found[j]
    rank = np.empty(len(found), dtype=np.int64)
    rank[order] = np.arange(len(found))
    return values, [rank[codes]]


def sorted_union(a, b):
    """The sorted distinct labels of the sorted label arrays ``a`` and ``b``."""
    return np.union1d(a, b)


def distinct_labels(labels):
    """The distinct ``labels``: sorted, or in the order met when they do not sort."""
    try:
        return np.unique(labels)
    except TypeError:  # (object labels that do not sort: in the order met)
        return labels[np.sort(np.unique(positions(labels, labels)))]


def compact(keys):
    """Sorted distinct values of the int64 array ``keys`` and the position of each key among
    them: a bincount and a lookup table over a small range (no sort), else a sort; no pass
    at all for two adjacent values (a 0/1 or boolean target), which both occur. The one
    place that numbers labels, cells or (cell, weight) pairs by their distinct values."""
    if keys.shape[0] == 0:
        return keys[:0], np.zeros(0, dtype=np.int64)
    lo = int(keys.min())
    span = int(keys.max()) - lo + 1
    if span <= 2:  # the minimum and the maximum: both occur (a binary 0/1 or bool target)
        return np.arange(lo, lo + span, dtype=keys.dtype), keys - lo if lo else keys
    if span <= max(4 * keys.shape[0], _DENSE_KEYS):
        shifted = keys - lo if lo else keys
        present = bincount(shifted, None, span) > 0
        if present.all():  # every value of the range occurs: the codes are the offsets
            return np.arange(lo, lo + span, dtype=keys.dtype), shifted
        return np.flatnonzero(present) + lo, (np.cumsum(present) - 1).take(shifted)
    values, inverse = np.unique(keys, return_inverse=True)
    return values, inverse.reshape(-1)


def group_columns(groups):
    """``(names, columns)`` of ``groups``: one array, or several columns (a DataFrame's,
    a dict's, a 2-D array's), named as fairlearn names them (``sensitive_feature_<i>``
    when unnamed)."""
    if isinstance(groups, dict):
        names, columns = list(groups), list(groups.values())
    elif hasattr(groups, "columns") and getattr(groups, "ndim", 2) == 2:
        # a DataFrame (pandas or Dask): its columns, crossed
        names = [str(c) for c in groups.columns]
        columns = [groups[c] for c in groups.columns]
    elif not is_dask_collection(groups) and np.ndim(groups) == 2:
        arr = np.asarray(groups)
        names, columns = [None] * arr.shape[1], list(arr.T)
    else:
        names, columns = [getattr(groups, "name", None)], [groups]
    names = [f"sensitive_feature_{i}" if name is None else name for i, name in enumerate(names)]
    return names, columns


def group_codes(groups, n):
    """Each sample's group, crossing the columns of ``groups``: ``(codes, keys, names)``
    with ``keys`` one array per column (the key of each group, groups in sorted order) and
    ``names`` the column names. Each column is encoded by the label encoder, and the
    crossed codes (when there are several columns) once more: no sort for integer keys."""
    names, columns = group_columns(groups)
    length = np.broadcast_to(np.int8(0), (n,))  # stands for y_true in the length check
    code, values = None, []
    for column in columns:
        vals, (codes,) = encode(column, names=["groups"], keys=True)
        check_same_length(("y_true", length), ("groups", codes))
        code = codes if code is None else code * vals.shape[0] + codes
        values.append(vals)
    if len(values) == 1:  # the encoder's codes are the groups
        return code, values, names
    uniq, inverse = compact(code)
    keys = []
    for vals in reversed(values):
        uniq, part = np.divmod(uniq, vals.shape[0])
        keys.append(vals[part])
    return inverse, keys[::-1], names


def is_run(values):
    """Whether sorted integer ``values`` are ``a, a + 1, ..., a + k - 1``."""
    k = values.shape[0]
    return k > 0 and int(values[-1]) - int(values[0]) == k - 1 and is_sorted(values)


def is_sorted(values):
    k = values.shape[0]
    return k < 2 or np.count_nonzero(values[1:] > values[:-1]) == k - 1


# -- binary scorings ---------------------------------------------------------------------
_UNIT_CLASSES = ({0, 1}, {-1, 1})  # the binary targets whose positive label is implied


#: A binary scoring with a class of no weight (:func:`binary_score_inputs`).
NO_WEIGHT_MESSAGE = ("y_true must give both classes weight (a class with no sample, or only "
                     "zero sample weights, leaves a rate undefined).")


def binary_classes(y):
    """The sorted distinct labels of 1-D ``y``; a numeric ``y`` with at most two values
    is read from its minimum and maximum (two passes, no sort), any other by
    :func:`encode`."""
    if y.dtype.kind in "biuf":
        low, high = y.min(), y.max()
        if low == high:
            return y[:1].copy()
        if np.count_nonzero(y == low) + np.count_nonzero(y == high) == y.shape[0]:
            return np.array([low, high], dtype=y.dtype)
    return encode(y, names=["y_true"])[0]


def binary_score_inputs(y_true, y_score, sample_weight=None, pos_label=None, *,
                        arrays=True, labels=True, two_classes=True, label_rules=True):
    """The one check of a binary scoring ``(y_true, y_score, pos_label, sample_weight)``
    (``Confusion.at_thresholds``, the operating points, ``net_benefit``, the predicate of
    the ranking drop-ins in ``metrics_sk/_curves.py``): a ValueError naming the argument
    (a TypeError for a sparse ``y_score``).

    ``arrays``: the arrays' checks: masked entries refused (``InputError``), a 1-D
    ``y_true`` of at least one sample, a 1-D numeric finite ``y_score`` of its length, a
    ``sample_weight`` of its length, then :func:`check_sample_weight`'s checks (only with
    ``labels``), as float64. Boolean scores are read as 0.0 and 1.0; integer scores must
    be exact as float64 (below 2**53). ``labels``: the labels' checks, on arrays already checked:
    ``y_true`` with exactly two classes (``two_classes``; else ``pos_label`` and any
    others), ``pos_label`` one of them (None: 1 of {0, 1} or {-1, 1}); both sides of the
    positive label weighted, zero weights left out.

    Returns ``(classes, pos, is_pos, scores, weights)`` (``pos``: the position of
    ``pos_label`` among ``classes``; ``is_pos``, ``scores``, ``weights`` without the
    samples of weight 0); with ``labels=False``, ``(y_true, scores, sample_weight)`` as
    arrays (the weights unchecked but for their length); with ``label_rules=False``, the
    same after the weights' checks and the encoder's checks of ``y_true``, without the
    rules of :func:`binary_positive` (a batch of a stream may hold one class).
    """
    if arrays:
        for x, x_name in ((y_true, "y_true"), (y_score, "y_score")):
            refuse_masked(x, x_name)
        if np.ndim(y_true) != 1:
            raise ValueError(f"y_true must be 1-D (labels), got shape {np.shape(y_true)}.")
        y = np.asarray(y_true)
        n = y.shape[0]
        if n == 0:
            raise ValueError("y_true is empty (0 samples).")
        if sp.issparse(y_score):  # (the type of this mistake for every score argument)
            raise TypeError("y_score must be a dense array of scores, got a sparse matrix.")
        if np.ndim(y_score) != 1:
            raise ValueError(f"y_score must be 1-D (the scores of the positive class), "
                             f"got shape {np.shape(y_score)}.")
        scores = np.asarray(y_score)
        if scores.dtype.kind not in "biuf":
            raise ValueError(f"y_score must hold numbers, got dtype {scores.dtype}.")
        if scores.shape[0] != n:
            raise ValueError(f"y_score has {scores.shape[0]} samples but y_true has {n}.")
        if scores.dtype.kind == "b":
            scores = scores.astype(np.float64)
        elif scores.dtype.kind in "iu" and np.abs(scores).max() >= 2**53:
            raise ValueError("y_score holds integers of magnitude 2**53 or more, which "
                             "float64 scores would round (merging distinct scores).")
        if scores.dtype.kind == "f" and not np.isfinite(scores).all():
            raise ValueError("y_score contains NaN or infinity.")
        if sample_weight is not None and np.ndim(sample_weight) == 1 and (
                len(sample_weight) != n):
            raise ValueError(f"sample_weight has {len(sample_weight)} entries but y_true "
                             f"has {n} samples.")
        if not labels:
            return y, scores, sample_weight
        sample_weight = check_sample_weight(sample_weight, n)  # (the shared errors)
        if sample_weight is not None:
            sample_weight = sample_weight.astype(np.float64, copy=False)
        if y.dtype.kind not in "biu":  # the encoder's checks (None, NaN, complex...)
            found, (codes,) = encode(y, names=["y_true"])
            y = found[codes]
        y_true, y_score = y, scores
        if not label_rules:
            return y_true, y_score, sample_weight
    classes = binary_classes(y_true)
    pos_label, pos = binary_positive(classes, pos_label, two_classes=two_classes)
    is_pos = y_true == pos_label
    weights = sample_weight
    if weights is not None:
        kept = weights != 0
        if not kept.all():
            is_pos, y_score, weights = is_pos[kept], y_score[kept], weights[kept]
        both = weights[is_pos].sum() > 0 and weights[~is_pos].sum() > 0
    else:
        both = is_pos.any() and not is_pos.all()
    if not both:
        raise ValueError(NO_WEIGHT_MESSAGE)
    return classes, pos, is_pos, y_score, weights


def binary_positive(classes, pos_label, *, two_classes=True):
    """``(pos_label, pos)``: the positive label of a binary scoring whose sorted distinct
    labels are ``classes`` (``pos_label`` None: 1 of {0, 1} or {-1, 1} labels) and its
    position among them; the label rules of :func:`binary_score_inputs` (exactly two
    classes with ``two_classes``), a ValueError naming the argument."""
    if two_classes and classes.shape[0] != 2:
        raise ValueError(f"y_true must hold exactly two classes (a binary target), got "
                         f"{classes.shape[0]}: {classes.tolist()[:5]}.")
    if pos_label is None:
        if label_kind(classes) != "num" or set(classes.tolist()) not in _UNIT_CLASSES:
            raise ValueError(f"y_true takes the values {classes.tolist()}: pass pos_label "
                             "(it is only implied for {0, 1} and {-1, 1} labels).")
        pos_label = 1
    elif not any(c == pos_label and isinstance(c, str) == isinstance(pos_label, str)
                 for c in classes.tolist()):
        raise ValueError(f"pos_label={pos_label!r} is not a class of y_true "
                         f"{classes.tolist()}.")
    return pos_label, int(np.flatnonzero(classes == pos_label)[0])


def group_index(keys, names):
    """The pandas Index of the groups whose values are ``keys`` (one array per group
    column, as :func:`group_codes` gives them) and column ``names`` (or None): a
    MultiIndex for several columns; a group value that is a tuple stays one value."""
    import pandas as pd

    if len(keys) == 1:
        return pd.Index(keys[0], name=None if names is None else names[0],
                        tupleize_cols=False)
    return pd.MultiIndex.from_arrays(keys, names=names)
