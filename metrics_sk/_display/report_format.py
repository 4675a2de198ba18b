"""The quality report's rendered forms: the blocks shared by its text, Markdown and HTML
forms (:class:`ReportFormatting`, a base of :class:`~metrics_sk.QualityReport`) and the
cell, table and escaping helpers of each.
"""

import functools
import html
import math
import re

import numpy as np

from .report_layout import (
    DECOMPOSITION,
    DECOMPOSITION_TITLE,
    _BLOCKS,
    _CLASS_COLUMNS,
    _GROUP_COLUMNS,
    _ONEDAL,
    _SAME_AS_ACCURACY,
    _SCORE_COLUMNS,
    _WEIGHTED_RECALL,
    _display,
)
from .report_layout import _check_render
from .report_table import _group_name, _python


class ReportFormatting:
    """The blocks of a report's text, Markdown and HTML forms, from its table (a base
    of :class:`~metrics_sk.QualityReport`: the methods read its attributes)."""

    # -- the cells of the dict and JSON forms ------------------------------------------
    def _row_dict(self, section, row, name="value"):
        return self._table.row(section, row, name)

    @property
    def _class_columns(self):
        return [m for m in self.per_class if m != "support"]

    def _count(self, value):
        """A support as a Python number (an int for counts)."""
        value = float(value)
        return int(value) if not self.weighted and value.is_integer() else value

    def _scalar(self, metric, value):
        return self._count(value) if metric == "support" else _python(value)

    def _intervals_dict(self):
        iv = self.intervals
        out = {}
        for key, names in (("per_class", [str(v) for v in self.labels.tolist()]),
                           ("groups", [_group_name(k) for k in
                                       self._table.sections.get("group", ([],))[0]])):
            if key in iv:
                out[key] = {name: {m: [_python(lo[i]), _python(hi[i])]
                                   for m, (lo, hi) in iv[key].items()}
                            for i, name in enumerate(names)}
        if "averages" in iv:
            out["averages"] = {a: {m: [_python(v) for v in pair] for m, pair in row.items()}
                               for a, row in iv["averages"].items()}
        for section in ("overall", "scores"):
            if section in iv:
                out[section] = {k: [_python(v) for v in pair] for k, pair in iv[section].items()}
        return out


    # -- layout shared by the text, Markdown and HTML forms ---------------------------
    def _shown_classes(self, max_rows):
        """Positions of the classes to show, why each is shown (None when all are) and
        the note on the others."""
        k = self.labels.shape[0]
        if max_rows is None or k <= max_rows:
            return np.arange(k), None, None
        fscore = np.asarray(self.per_class.get("fscore", np.zeros(k)), dtype=np.float64)
        support = np.asarray(self.per_class["support"], dtype=np.float64)
        n_worst = (max_rows + 1) // 2
        worst = np.lexsort((-support, np.where(np.isnan(fscore), -np.inf, fscore)))[:n_worst]
        chosen = np.zeros(k, dtype=bool)
        chosen[worst] = True
        by_size = np.argsort(-support, kind="stable")
        largest = by_size[~chosen[by_size]][:max_rows - n_worst]
        f = _display(self.beta, "fbeta_score")
        why = [f"lowest {f}"] * len(worst) + ["largest"] * len(largest)
        note = (f"{k - max_rows} of {k} classes not shown: the rows are the {n_worst} classes "
                f"with the lowest {f} and the {max_rows - n_worst} largest others "
                "(to_frame() and to_dict() hold every class; max_rows=None shows all).")
        return np.concatenate([worst, largest]), why, note

    def _fmt(self, value):
        if value is None:
            return ""
        value = float(value)
        if math.isnan(value):
            return "nan"
        return f"{value:.{self.digits}f}"

    def _fmt_count(self, value):
        """A count, or a weight sum with ``digits`` decimals: when any class's support is
        fractional, every support and the total get the same decimals (one column)."""
        value = float(value)
        whole = self.__dict__.get("_whole_support")
        if whole is None:
            support = np.asarray(self.confusion.support, dtype=np.float64)
            whole = self.__dict__["_whole_support"] = bool(
                np.all(support == np.round(support)))
        if value.is_integer() and whole:
            return str(int(value))
        return f"{value:.{self.digits}f}"

    def _cell(self, value, low=np.nan, high=np.nan):
        text = self._fmt(value)
        if not (math.isnan(low) and math.isnan(high)):
            text += f" [{self._fmt(low)}, {self._fmt(high)}]"
        return text

    def _at(self, section, row, metric):
        """The cell of (section, row, metric): the value with its interval, the text of an
        equality by construction, or ``""`` when the table has no such number."""
        same = self._same_as.get((section, row, metric))
        if same is not None:
            return same
        if not self._table.has(section, row, metric):
            return ""
        get = functools.partial(self._table.get, section, row, metric)
        if metric == "support":
            return self._fmt_count(get())
        return self._cell(get(), get("low"), get("high"))

    @functools.cached_property
    def _same_as(self):
        """The cells equal to accuracy by construction (shown once, as accuracy)."""
        c = self.confusion
        if "overall" not in self.sections or not self._table.has("overall", "", "accuracy"):
            return {}
        total = float(c.total)
        inside = [float(np.sum(c.support)), float(np.sum(c.predicted))]
        if total == 0 or not np.allclose(inside, total, rtol=1e-12, atol=0):
            return {}  # some label outside the classes: micro P, R and F differ
        shown = {"average": "averages", "overall": "onedal"}
        same = dict(_SAME_AS_ACCURACY)
        if np.all(np.asarray(c.support) > 0):
            same[_WEIGHTED_RECALL] = "= acc."
        return {key: text for key, text in same.items()
                if shown[key[0]] in self.sections and self._table.has(*key)}

    def _blocks(self, max_rows):
        """The report as blocks: ``("title" | "note" | "footnote", text)``,
        ``("table", header, rows, averages)``, ``("summary", title, rows)`` and
        ``("groups", title, header, rows)``; rows are lists of cell strings, the first
        cell a name."""
        f = _display(self.beta, "fbeta_score")
        k = self.labels.shape[0]
        total = self._fmt_count(self.confusion.total)
        title = (f"Quality report: {total} samples, {k} classes" if not self.weighted else
                 f"Quality report: total weight {total}, {k} classes")
        if self._groups:
            title += f", {len(self._groups['keys'])} groups"
        if self.beta != 1:
            title += f", beta = {self.beta:g}"
        if self.intervals and self.confidence_level is not None:
            title += f", {self.confidence_level:.0%} confidence intervals in brackets"
        blocks = [("title", title)]
        show_classes = "classes" in self.sections and self.per_class
        show_averages = "averages" in self.sections and self.averages
        if show_classes or show_averages:
            columns = (self._class_columns if self.per_class else
                       [m for m in next(iter(self.averages.values())) if m != "support"])
            header = ["class"] + [_display(self.beta, _CLASS_COLUMNS.get(m)
                                           or _SCORE_COLUMNS.get(m)) for m in columns] + ["support"]
            rows, note = [], None
            if show_classes:
                shown, why, note = self._shown_classes(max_rows)
                labels = self.labels.tolist()
                cells = {m: self.per_class[m] for m in columns}
                low = {m: self._table.column("class", m, "low") for m in columns}
                high = {m: self._table.column("class", m, "high") for m in columns}
                support = self.per_class["support"]
                for i in shown:
                    rows.append([str(labels[i])]
                                + [self._cell(cells[m][i], low[m][i], high[m][i])
                                   for m in columns] + [self._fmt_count(support[i])])
                if why is not None:
                    header = header + ["shown as"]
                    rows = [r + [w] for r, w in zip(rows, why)]
            averages = []
            if show_averages:
                averages = [[f"{a} avg"] + [self._at("average", a, m) for m in columns]
                            + [self._at("average", a, "support")]
                            + ([""] if len(header) > len(columns) + 2 else [])
                            for a in self.averages]
            blocks.append(("table", header, rows, averages))
            if note:
                blocks.append(("note", note))
        for section, name, block in _BLOCKS:
            data = "scores" if section == "scores" else "overall"
            if section not in self.sections or data not in self._table.sections:
                continue
            # the block's keys, and in "Overall" any other key a caller put in the values
            keys = [key for key in self._table.sections[data][1]
                    if key in block or (section == "overall" and key not in _ONEDAL)]
            rows = [[self._summary_name(key, block), self._at(data, "", key)]
                    for key in keys]
            if rows:
                blocks.append(("summary", name, rows))
        if "scores" in self.sections and "decomposition" in self._table.sections:
            blocks.append(("summary", DECOMPOSITION_TITLE[k > 2],
                           [[DECOMPOSITION[key], self._at("decomposition", "", key)]
                            for key in self._table.sections["decomposition"][1]]))
        if "groups" in self.sections and self._groups:
            blocks += self._group_blocks(max_rows)
        if self._same_as:
            where = sorted(set(self._same_as.values()))
            weighted = " and weighted recall" if _WEIGHTED_RECALL in self._same_as else ""
            blocks.append(("footnote", f"{', '.join(where)}: micro precision, recall "
                           f"and {f}{weighted} equal accuracy by construction (single-label "
                           "data: each error is one false positive and one false negative)."))
        for text in self.notes:
            blocks.append(("footnote", text))
        return blocks

    def _summary_name(self, key, block):
        """The name of a summary row: the registry's text of the metric behind ``key`` (the
        key itself for a value that is no registry metric's)."""
        if key in block:
            return _display(self.beta, *block[key])
        if key in _CLASS_COLUMNS:
            return _display(self.beta, _CLASS_COLUMNS[key])
        return key

    def _group_blocks(self, max_rows):
        rows, metrics = self._table.sections["group"][:2]
        names = self._groups.get("names") or ["group"]
        header = [", ".join(map(str, names))] + [
            "support" if m == "support" else _display(self.beta, *_GROUP_COLUMNS[m],
                                                      short=True)
            for m in metrics]
        g = len(rows)
        shown = g if max_rows is None else min(g, max_rows)
        cells = [[_group_name(rows[i])] + [self._at("group", rows[i], m) for m in metrics]
                 for i in range(shown)]
        f = _display(self.beta, *_GROUP_COLUMNS["mean_class_fscore"], short=True)
        blocks = [("groups", f"By group, worst first (lowest {f})", header, cells)]
        if shown < g:
            blocks.append(("note", f"{g - shown} of {g} groups not shown: the rows are the "
                                   f"{shown} groups with the lowest {f} (to_frame('groups') "
                                   "holds every group; max_rows=None shows all)."))
        return blocks

    # -- rendered forms -----------------------------------------------------------------
    def _render(self, max_rows, *, title, note, footnote, table, summary, groups):
        """Lines of the report: each block of :meth:`_blocks` goes to the renderer of
        its kind, which returns a list of lines."""
        if max_rows is None:
            max_rows = self.max_rows
        else:
            _check_render({"max_rows": max_rows})
        renderers = {"title": title, "note": note, "footnote": footnote, "table": table,
                     "summary": summary, "groups": groups}
        out = []
        for kind, *content in self._blocks(max_rows):
            out += renderers[kind](*content)
        return out

#: Characters that would break a line or a cell of the text and Markdown forms.
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def _printable(text):
    """``text`` on one line: each control character as its Python escape (a newline in a
    label is ``\\n``), so that a label never splits its row."""
    return _CONTROL.sub(lambda m: repr(m.group())[1:-1], text)


def _cut(text, width):
    return text if len(text) <= width else text[:width - 3] + "..."


def _aligned(rows, *, gap=2, blank_before=None, left_first=False):
    """Right-aligned columns (the first left-aligned if ``left_first``); a blank line
    before row ``blank_before``. A reference to another value (a cell ``"= ..."``) that
    ends its row is left-aligned and does not widen its column."""
    def free(row, j):
        return row[j].startswith("= ") and not any(row[j + 1:])

    rows = [[_printable(cell) for cell in row] for row in rows]

    widths = [max([len(r[j]) for r in rows if not free(r, j)] or [0])
              for j in range(len(rows[0]))]
    lines = [(" " * gap).join(
        cell if free(r, j) else
        cell.ljust(w) if j == 0 and left_first else cell.rjust(w)
        for j, (cell, w) in enumerate(zip(r, widths))).rstrip() for r in rows]
    if blank_before is not None and blank_before < len(lines):
        lines.insert(blank_before, "")
    return lines


def _md(text):
    return _printable(text).replace("|", "\\|").replace("*", "\\*").replace("_", "\\_")


def _md_table(header, rows):
    lines = ["| " + " | ".join(_md(h) for h in header) + " |",
             "|" + "|".join([":---"] + ["---:"] * (len(header) - 1)) + "|"]
    lines += ["| " + " | ".join([r[0] if r[0].startswith("**") else _md(r[0])]
                                + [_md(c) for c in r[1:]]) + " |" for r in rows]
    return lines


def _html_table(header, rows, averages):
    esc = html.escape
    cell = 'style="text-align:right;white-space:nowrap"'
    head = "".join(f"<th>{esc(h)}</th>" for h in header)
    body = [
        f"<tr{style}>" + f"<th {cell}>{esc(r[0])}</th>"
        + "".join(f"<td {cell}>{esc(c)}</td>" for c in r[1:]) + "</tr>"
        for group, style in ((rows, ""), (averages, ' style="border-top:1px solid"'))
        for r in group]
    return (f"<table><thead><tr>{head}</tr></thead><tbody>" + "".join(body)
            + "</tbody></table>")
