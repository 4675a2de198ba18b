"""The quality report's one long table (``section, row, metric, value, low, high``) and
its JSON-safe values.
"""

import functools
import json
import math

import numpy as np

from .report_layout import CLASS_METRICS, CLASS_SCORE_METRICS, SECTIONS, _ONEDAL


# -- the tidy table ------------------------------------------------------------------------------
#: The table's columns.
COLUMNS = ("section", "row", "metric", "value", "low", "high")


def _pair(found, shape):
    """``(low, high)`` arrays of ``shape`` from an interval (None: NaN, no interval)."""
    if found is None:
        return np.full(shape, np.nan), np.full(shape, np.nan)
    return (np.broadcast_to(np.asarray(found[0], dtype=np.float64), shape),
            np.broadcast_to(np.asarray(found[1], dtype=np.float64), shape))


def _grids(labels, values, intervals):
    """The report's values as grids ``(section, rows, metrics, value, low, high,
    present)``, each ``(rows, metrics)``: the blocks of the long table."""
    out = []
    iv = intervals or {}
    per_class = values.get("per_class")
    if per_class:
        metrics = [m for m in CLASS_METRICS + CLASS_SCORE_METRICS + ("support",)
                   if m in per_class]
        metrics += [m for m in per_class if m not in metrics]
        k = len(labels)
        grid = np.empty((k, len(metrics)))
        for j, m in enumerate(metrics):
            grid[:, j] = np.asarray(per_class[m], dtype=np.float64).reshape(k)
        low, high = _bounds(iv.get("per_class", {}), metrics, k)
        out.append(("class", labels, metrics, grid, low, high, None))
    for section, rows in (("average", values.get("averages")),):
        if not rows:
            continue
        names = list(rows)
        metrics = list(dict.fromkeys(m for a in names for m in rows[a]))
        if "support" in metrics:  # last, as in the class rows
            metrics = [m for m in metrics if m != "support"] + ["support"]
        shape = (len(names), len(metrics))
        grid, low, high = np.full(shape, np.nan), np.full(shape, np.nan), np.full(shape, np.nan)
        present = np.zeros(shape, dtype=bool)
        for i, a in enumerate(names):
            for j, m in enumerate(metrics):
                if m in rows[a]:
                    present[i, j] = True
                    grid[i, j] = rows[a][m]
                    if m != "support":
                        low[i, j], high[i, j] = _pair(
                            iv.get("averages", {}).get(a, {}).get(m), ())
        out.append((section, names, metrics, grid, low, high, present))
    for section in ("overall", "scores", "decomposition"):
        row = values.get(section)
        if row:
            metrics = list(row)
            bounds = [_pair(iv.get(section, {}).get(m), ()) for m in metrics]
            out.append((section, [""], metrics, np.array([[row[m] for m in metrics]], float),
                        np.array([[b[0] for b in bounds]], float),
                        np.array([[b[1] for b in bounds]], float), None))
    groups = values.get("groups")
    if groups:
        metrics = list(groups["values"])
        g = len(groups["keys"])
        grid = np.column_stack([groups["values"][m] for m in metrics])
        low, high = _bounds(iv.get("groups", {}), metrics, g)
        out.append(("group", list(groups["keys"]), metrics, grid, low, high, None))
    return out


def _bounds(found, metrics, n):
    """``(low, high)`` grids ``(n, metrics)`` of the per-row intervals ``found``
    (``{metric: (low, high)}``; NaN where there is none)."""
    low, high = np.full((n, len(metrics)), np.nan), np.full((n, len(metrics)), np.nan)
    for j, m in enumerate(metrics):
        if m in found and m != "support":  # a support is a count: no interval
            low[:, j], high[:, j] = _pair(found[m], (n,))
    return low, high


class _Table:
    """The long table (columns :data:`COLUMNS`), held as one grid per section: its row
    keys, its metrics, and the ``value``, ``low`` and ``high`` of each (row, metric)
    with a mask of the cells that exist. :attr:`columns` lays the grids out long, one
    line per existing cell, section after section, row by row."""

    def __init__(self, grids):
        self.sections = {}
        for section, rows, metrics, grid, low, high, present in grids:
            if present is None:
                present = np.ones(grid.shape, dtype=bool)
            data = {"value": np.asarray(grid, dtype=np.float64),
                    "low": np.asarray(low, dtype=np.float64),
                    "high": np.asarray(high, dtype=np.float64)}
            # the class rows stay the label array (row lookups are for the small sections)
            rows = rows if isinstance(rows, np.ndarray) else list(rows)
            self.sections[section] = (rows, list(metrics), data, present)

    @functools.cached_property
    def columns(self):
        """The long columns, ``{name: ndarray}``."""
        parts = {c: [] for c in COLUMNS}
        for section, (rows, metrics, data, present) in self.sections.items():
            keep = present.reshape(-1)
            r, m = present.shape
            row_keys = np.empty(r, dtype=object)
            row_keys[:] = rows
            parts["section"].append(np.repeat(np.array([section]), int(keep.sum())))
            parts["row"].append(np.repeat(row_keys, m)[keep])
            parts["metric"].append(np.tile(np.array(metrics), r)[keep])
            for name in ("value", "low", "high"):
                parts[name].append(data[name].reshape(-1)[keep])
        empty = {"section": str, "row": object, "metric": str}
        return {c: np.concatenate(v) if v else np.empty(0, dtype=empty.get(c, np.float64))
                for c, v in parts.items()}

    def __len__(self):
        return int(sum(present.sum() for *_, present in self.sections.values()))

    def column(self, section, metric, name="value"):
        """The ``name`` column of ``metric`` for each row of ``section`` (NaN if absent),
        or None when the section has no such metric."""
        rows, metrics, data, present = self.sections.get(section, ([], [], None, None))
        if metric not in metrics:
            return None
        j = metrics.index(metric)
        return np.where(present[:, j], data[name][:, j], np.nan)

    def has(self, section, row, metric):
        rows, metrics, _, present = self.sections.get(section, ([], [], None, None))
        return metric in metrics and row in rows and bool(
            present[rows.index(row), metrics.index(metric)])

    def get(self, section, row, metric, name="value"):
        rows, metrics, data, _ = self.sections[section]
        return data[name][rows.index(row), metrics.index(metric)]

    def row(self, section, row, name="value"):
        """``{metric: value}`` of the existing cells of one row."""
        rows, metrics, data, present = self.sections.get(section, ([], [], None, None))
        if row not in rows:
            return {}
        i = rows.index(row)
        return {m: float(data[name][i, j]) for j, m in enumerate(metrics) if present[i, j]}


def _python(value):
    """A JSON-friendly Python scalar (NaN stays a float NaN)."""
    if isinstance(value, np.generic):
        value = value.item()
    return value


def _json_safe(obj):
    """Replace NaN and infinities by None (strict JSON has neither), NumPy scalars by
    Python ones, and bytes labels by their ``str`` (``"b'a'"``, the name the report's
    tables and ``to_dict`` keys give them: lossless, and never equal to a text label)."""
    if isinstance(obj, dict):
        return {_json_safe(k) if isinstance(k, bytes) else k: _json_safe(v)
                for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [_json_safe(v) for v in obj]
    if isinstance(obj, np.generic):
        obj = obj.item()
    if isinstance(obj, float) and not math.isfinite(obj):
        return None
    if isinstance(obj, bytes):
        return str(obj)
    return obj


def dumps_json(obj, **kwargs):
    """``obj`` as strict JSON (:func:`_json_safe`; ``allow_nan=False``): the one JSON
    writer of the report and the command."""
    return json.dumps(_json_safe(obj), allow_nan=False, **kwargs)


def _group_name(key):
    return ", ".join(map(str, key)) if isinstance(key, tuple) else str(key)


def _inferred_sections(values):
    overall = values.get("overall") or {}
    found = {"classes": bool(values.get("per_class")), "averages": bool(values.get("averages")),
             "overall": any(k not in _ONEDAL for k in overall),
             "onedal": any(k in _ONEDAL for k in overall),
             "scores": values.get("scores") is not None,
             "groups": bool(values.get("groups"))}
    return tuple(s for s in SECTIONS if found[s])
