"""Dask collections as inputs: one result per partition, merged in a tree on the workers.

This module knows Dask, not metrics: :func:`partitions` splits aligned inputs into
per-partition pieces and :func:`reduce_partitions` merges per-partition results (anything
with ``+``) ``SPLIT_EVERY`` at a time by delayed tasks on the workers, so only the final
merged value reaches the client. ``_confusion.confusion_cells`` counts each partition with the
in-memory builder (which also finds that partition's labels, so the labels are discovered
in the same single pass over the data) and merges the confusions this way.

Score metrics that are sums over samples (log losses, hinge) go through the same tree
(:func:`reduce_partitions`) with their streaming accumulators (``_streaming``).

Inputs: Dask arrays, Dask Series, single-column Dask DataFrames, mixed with numpy arrays
(split to match). Dask Series are split along their partitions; mixed with Dask arrays or
numpy arrays their partition lengths are computed first (one cheap pass), as Dask itself
needs them to align the pieces.
"""

import warnings

import numpy as np

from ._validation import is_dask_collection

#: Partitions merged by one task of the tree.
SPLIT_EVERY = 8


def _is_frame(x):
    return is_dask_collection(x) and hasattr(x, "npartitions") and hasattr(x, "map_partitions")


def _column(x, name):
    """A Dask Series from a Series or a one-column DataFrame."""
    if x.ndim == 1:
        return x
    columns = x.columns
    if len(columns) != 1:
        raise ValueError(f"{name} must be a 1-D array of labels, got a Dask DataFrame with "
                         f"{len(columns)} columns.")
    return x[columns[0]]


def _check_array(x, name, allow_column, max_ndim):
    if max_ndim == 1 and x.ndim == 2 and allow_column and x.shape[1] == 1:
        return x[:, 0]
    if not 1 <= x.ndim <= max_ndim:
        what = ("a 1-D or 2-D array" if max_ndim == 2 else "a 1-D array of labels"
                if name.startswith(("y_true", "y_pred")) else "a 1-D array")
        raise ValueError(f"{name} must be {what}, got a Dask array of shape {x.shape}.")
    return x


def partitions(named, *, allow_column=False, score=None):
    """Split aligned inputs into per-partition pieces.

    ``named``: ``(name, value)`` pairs; a value is a Dask collection, an array-like, a
    scalar (sent whole to every partition) or None. ``score``: the name of an input that
    may be 2-D (scores of shape ``(n, k)``, kept whole along the second axis).

    Returns a list (one entry per partition) of tuples of pieces, in the order of
    ``named``: Delayed objects for the collections, plain values otherwise.
    """
    values = dict(named)
    for name, x in named:
        if _is_frame(x):
            if name == score and x.ndim == 2:
                values[name] = _to_array(x)  # scores: (n, k)
            else:
                values[name] = _column(x, name)
    splittable = [name for name, _ in named
                  if values[name] is not None and np.ndim(values[name]) > 0
                  and not isinstance(values[name], str)]
    frames = [n for n in splittable if _is_frame(values[n])]
    if len(frames) == len(splittable):  # only Dask Series: their partitions line up
        counts = {values[n].npartitions for n in frames}
        if len(counts) > 1:
            raise ValueError("Found Dask inputs with different numbers of partitions: "
                             + ", ".join(f"{n} has {values[n].npartitions}" for n in frames)
                             + "; repartition them alike.")
        pieces = {n: values[n].to_delayed() for n in frames}
    else:
        arrays = {}
        for n in splittable:
            x = values[n]
            if _is_frame(x):
                x = _to_array(x)
            elif not is_dask_collection(x):
                x = np.asarray(x)
            arrays[n] = _check_array(x, n, allow_column and n != score, 2 if n == score else 1)
        pieces = _split_arrays(arrays)
    n_parts = len(next(iter(pieces.values())))
    return [tuple(pieces[n][i] if n in pieces else values[n] for n, _ in named)
            for i in range(n_parts)]


def _to_array(frame):
    """A Dask Series / DataFrame as a Dask array with known partition lengths (one pass
    over the partitions, as Dask needs to align it with arrays)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # pandas extension dtypes -> object
        return frame.to_dask_array(lengths=True)


def _split_arrays(arrays):
    """Blocks of Dask (and numpy) arrays along their first axis, aligned on the chunks of
    the first Dask array; 2-D arrays are joined along their second axis."""
    import dask.array as da

    lazy = [a for a in arrays.values() if is_dask_collection(a)]
    lengths = {n: a.shape[0] for n, a in arrays.items()}
    if any(np.isnan(v) for v in lengths.values()):  # unknown chunk sizes: zip the blocks
        if len(lazy) < len(arrays) or len({a.numblocks[0] for a in lazy}) > 1:
            raise ValueError(
                "Dask arrays of unknown chunk sizes can only be matched block by block "
                "with Dask arrays of as many blocks; call compute_chunk_sizes() first.")
        return {n: a.rechunk({1: -1}).to_delayed().reshape(-1) if a.ndim == 2 else
                a.to_delayed().reshape(-1) for n, a in arrays.items()}
    if len(set(lengths.values())) > 1:
        raise ValueError(
            "Found input variables with inconsistent numbers of samples: "
            f"{list(lengths.values())} ("
            + ", ".join(f"{n} has {v}" for n, v in lengths.items()) + ").")
    chunks = lazy[0].chunks[0]
    pieces = {}
    for n, a in arrays.items():
        if not is_dask_collection(a):
            a = da.from_array(a, chunks=(chunks,) + a.shape[1:])
        elif a.chunks[0] != chunks:
            a = a.rechunk({0: chunks})
        if a.ndim == 2:
            a = a.rechunk({1: -1})
        pieces[n] = a.to_delayed().reshape(-1)
    return pieces


def _merge_all(*parts):
    """Sum the non-None mergeable parts (confusions or accumulators)."""
    parts = [p for p in parts if p is not None]
    if not parts:
        return None
    total = parts[0]
    for part in parts[1:]:
        total = total + part
    return total


def reduce_partitions(tasks, split_every=SPLIT_EVERY):
    """Merge per-partition results (Delayed objects returning mergeable values or None) in
    a tree of ``split_every``-way merges; compute it and return the merged value."""
    import dask

    level = list(tasks)
    while len(level) > 1:
        level = [dask.delayed(_merge_all, pure=False)(*level[i:i + split_every])
                 for i in range(0, len(level), split_every)]
    (result,) = dask.compute(level[0])
    return result
