"""Confusion-matrix heatmap (needs matplotlib, the optional extra ``plot``).

Only the classes shown are made dense: with more than ``max_classes`` classes the most
confused ones are picked from the per-class counts (O(n_classes)) and their block is
cut out of the sparse matrix, so a 10**5-class confusion plots as fast as a 30-class one.
"""

import numbers

import numpy as np

from ._counts import _position

_NORMALIZE = (None, "true", "pred", "all")


def _import_pyplot():
    try:
        import matplotlib.pyplot as plt
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise ImportError(
            "Confusion.plot needs matplotlib: pip install 'metrics_sk[plot]'."
        ) from exc
    return plt


def most_confused(confusion, max_classes):
    """Positions (in label order) of at most ``max_classes`` most-confused classes.

    The classes are taken pair by pair from the largest off-diagonal cells of the sparse
    matrix (so the confusions between them are in the picture); if these give fewer than
    ``max_classes``, the classes with the most false negatives plus false positives, then
    the largest, fill up. All classes if there are at most ``max_classes``. Cost:
    O(non-zero cells), nothing dense.
    """
    k = confusion.n_classes
    if k <= max_classes:
        return np.arange(k)
    cells = confusion.matrix.tocoo()
    off = cells.row != cells.col
    order = np.argsort(-cells.data[off], kind="stable")
    by_cell = np.column_stack((cells.row[off][order], cells.col[off][order])).ravel()
    errors = np.asarray(confusion.fn + confusion.fp, dtype=np.float64)
    by_errors = np.lexsort((-np.asarray(confusion.support, dtype=np.float64), -errors))
    ranked = np.concatenate((by_cell, by_errors)).astype(np.int64)
    _, first = np.unique(ranked, return_index=True)
    return np.sort(ranked[np.sort(first)][:max_classes])


def _normalized(block, rows, cols, total, normalize):
    """``block`` divided by the full row sums, column sums or total (0 where that is 0)."""
    if normalize is None:
        return block
    den = {"true": rows[:, None], "pred": cols[None, :], "all": np.array([[total]])}[normalize]
    den = np.asarray(den, dtype=np.float64)
    return np.divide(block, den, out=np.zeros(block.shape), where=den != 0)


def _cut(text, width=16):
    return text if len(text) <= width else text[:width - 1] + "\u2026"


class ConfusionDisplay:
    """Confusion-matrix heatmap, like scikit-learn's ``ConfusionMatrixDisplay``.

    Made by :meth:`Confusion.plot <metrics_sk.Confusion.plot>`,
    :meth:`from_confusion` or :meth:`from_predictions`; or build one from a small dense
    matrix and call :meth:`plot`.

    Parameters
    ----------
    confusion_matrix : ndarray of shape (n, n)
        The values shown (rows = actual, columns = predicted).
    display_labels : array-like of shape (n,)
        Tick labels of the rows and columns.
    title : str, default="Confusion matrix"
        Axes title.
    cell_names : array-like of shape (n, n) of str, default=None
        Names written above the values (e.g. ``"TP"``), used by the binary view.

    Attributes
    ----------
    im_ : matplotlib.image.AxesImage
        The heatmap.
    text_ : ndarray of shape (n, n) of matplotlib.text.Text or None
        The annotations (None where a cell is not annotated).
    ax_ : matplotlib.axes.Axes
        The axes.
    figure_ : matplotlib.figure.Figure
        The figure.
    classes_ : ndarray
        The labels shown (set by :meth:`from_confusion`).
    n_classes_ : int
        The number of classes of the confusion (set by :meth:`from_confusion`).

    See Also
    --------
    sklearn.metrics.ConfusionMatrixDisplay : The dense display of scikit-learn.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from metrics_sk import Confusion
    >>> c = Confusion.from_predictions(["cat", "dog", "dog", "bird"],
    ...                                ["cat", "dog", "cat", "bird"])
    >>> display = c.plot(normalize="true")
    >>> display.confusion_matrix
    array([[1. , 0. , 0. ],
           [0. , 1. , 0. ],
           [0. , 0.5, 0.5]])
    >>> display.ax_.get_ylabel(), display.ax_.get_xlabel()
    ('Actual', 'Predicted')
    """

    def __init__(self, confusion_matrix, display_labels, *, title="Confusion matrix",
                 cell_names=None):
        self.confusion_matrix = np.asarray(confusion_matrix)
        self.display_labels = np.asarray(display_labels)
        self.title = title
        self.cell_names = cell_names

    # -- construction ----------------------------------------------------------------
    @classmethod
    def from_confusion(cls, confusion, ax=None, *, normalize=None, max_classes=30,
                       cmap="Blues", binary=False, pos_label=1, values_format=None,
                       colorbar=True):
        """Plot a :class:`~metrics_sk.Confusion` as an annotated heatmap.

        The same as :meth:`Confusion.plot <metrics_sk.Confusion.plot>`; the options are
        those of ``metrics_sk._plot.plot``.

        Parameters
        ----------
        confusion : Confusion
            The counts to show.
        ax : matplotlib Axes, default=None
            Where to draw; a new figure sized to the matrix if None.
        normalize : {'true', 'pred', 'all'}, default=None
            Show counts (None) or divide by the actual-class, predicted-class or grand
            totals.
        max_classes : int, default=30
            Most classes shown (the most-confused ones).
        cmap : str or matplotlib Colormap, default="Blues"
            Colormap.
        binary : bool, default=False
            Show oneDAL's binary layout ``[[TP, FN], [FP, TN]]`` of ``pos_label``.
        pos_label : int, str or bool, default=1
            The positive class of the binary view.
        values_format : str, default=None
            Format of the annotations.
        colorbar : bool, default=True
            Whether to add a colorbar.

        Returns
        -------
        display : ConfusionDisplay
            The display, drawn.
        """
        if normalize not in _NORMALIZE:
            raise ValueError(f"normalize must be one of 'true', 'pred', 'all' or None, "
                             f"got {normalize!r}.")
        if confusion.n_classes == 0:
            raise ValueError("The confusion is empty: nothing to plot.")
        if binary:
            display = cls._binary(confusion, normalize, pos_label)
        else:
            if (not isinstance(max_classes, numbers.Integral) or isinstance(max_classes, bool)
                    or max_classes < 1):
                raise ValueError(f"max_classes must be an integer >= 1, got {max_classes!r}.")
            display = cls._multiclass(confusion, normalize, int(max_classes))
        display.n_classes_ = confusion.n_classes
        return display.plot(ax=ax, cmap=cmap, values_format=values_format,
                            colorbar=colorbar)

    @classmethod
    def _multiclass(cls, confusion, normalize, max_classes):
        shown = most_confused(confusion, max_classes)
        matrix = confusion.matrix
        block = matrix[shown, :][:, shown].toarray()
        rows = np.asarray(matrix.sum(axis=1)).ravel()[shown]
        cols = np.asarray(matrix.sum(axis=0)).ravel()[shown]
        values = _normalized(block, rows, cols, matrix.sum(), normalize)
        k = confusion.n_classes
        title = "Confusion matrix" + _NORMALIZE_TITLE[normalize]
        if shown.size < k:
            title += f"\n{shown.size} most-confused of {k} classes"
        classes = confusion.labels[shown]
        display = cls(values, [str(v) for v in classes.tolist()], title=title)
        display.classes_ = classes
        return display

    @classmethod
    def _binary(cls, confusion, normalize, pos_label):
        labels = confusion.labels
        i = _position(confusion, pos_label)
        if i < 0:
            raise ValueError(f"pos_label={pos_label!r} is not a label; the labels are "
                             f"{labels[:10].tolist()}.")
        tp, fn, fp, tn = (a[i] for a in (confusion.tp, confusion.fn, confusion.fp,
                                         confusion.tn))
        block = np.array([[tp, fn], [fp, tn]])
        values = _normalized(block, block.sum(axis=1), block.sum(axis=0), block.sum(),
                             normalize)
        others = [str(v) for j, v in enumerate(labels.tolist()) if j != i]
        negative = others[0] if len(others) == 1 else f"not {pos_label}"
        title = "Binary confusion, oneDAL layout" + _NORMALIZE_TITLE[normalize]
        display = cls(values, [str(pos_label), negative], title=title,
                      cell_names=np.array([["TP", "FN"], ["FP", "TN"]]))
        display.classes_ = np.array([labels[i], negative], dtype=object)
        return display

    @classmethod
    def from_predictions(cls, y_true, y_pred, *, labels=None, sample_weight=None, **kwargs):
        """Count the confusion of ``y_true`` and ``y_pred`` and plot it.

        ``labels`` and ``sample_weight`` go to :meth:`Confusion.from_predictions
        <metrics_sk.Confusion.from_predictions>`, the other keywords to
        :meth:`Confusion.plot <metrics_sk.Confusion.plot>`.

        Parameters
        ----------
        y_true, y_pred : array-like of shape (n_samples,)
            True and predicted labels.
        labels : array-like, default=None
            The classes (all labels of the data by default).
        sample_weight : array-like of shape (n_samples,), default=None
            Non-negative sample weights.
        **kwargs : dict
            Options of :meth:`from_confusion` (``ax``, ``normalize``, ``max_classes``, ...).

        Returns
        -------
        display : ConfusionDisplay
            The display, drawn.
        """
        from ._confusion import Confusion

        confusion = Confusion.from_predictions(y_true, y_pred, labels=labels,
                                               sample_weight=sample_weight)
        return cls.from_confusion(confusion, **kwargs)

    # -- drawing -------------------------------------------------------------------------
    def plot(self, ax=None, *, cmap="Blues", values_format=None, colorbar=True):
        """Draw the heatmap on ``ax`` (a new figure sized to the matrix if None).

        Parameters
        ----------
        ax : matplotlib Axes, default=None
            Where to draw.
        cmap : str or matplotlib Colormap, default="Blues"
            Colormap.
        values_format : str, default=None
            Format of the annotations. By default counts are written in full up to 9999
            and shortened above (``98.7k``), fractions with ``".2f"``, other values with
            ``".3g"``.
        colorbar : bool, default=True
            Whether to add a colorbar.

        Returns
        -------
        self : ConfusionDisplay
            This display, with ``ax_``, ``figure_``, ``im_`` and ``text_`` set.
        """
        plt = _import_pyplot()
        values = self.confusion_matrix
        n = values.shape[0]
        if ax is None:
            side = min(max(4.5, 0.3 * n + 3.0), 16.0)
            fig, ax = plt.subplots(figsize=(side + (1.2 if colorbar else 0), side),
                                   layout="constrained")
        elif not isinstance(ax, plt.Axes):
            raise TypeError(f"ax must be a matplotlib Axes or None, got {type(ax).__name__} "
                            f"{ax!r:.60}.")
        else:
            fig = ax.figure
        self.im_ = ax.imshow(values, interpolation="nearest", cmap=cmap,
                             vmin=0 if values.size and values.min() >= 0 else None)
        if colorbar:
            fig.colorbar(self.im_, ax=ax, shrink=0.8)
        labels = [_cut(str(v)) for v in self.display_labels.tolist()]
        step = max(1, int(np.ceil(n / 60)))
        ticks = np.arange(0, n, step)
        names = [labels[t] for t in ticks]
        tick_size = float(np.clip(300 / n * step, 5, 10))
        ax.set_xticks(ticks, names, fontsize=tick_size, rotation=90)
        ax.set_yticks(ticks, names, fontsize=tick_size)
        ax.set_xlabel("Predicted")
        ax.set_ylabel("Actual")
        ax.set_title(self.title, fontsize=11)
        ax.set_xlim(-0.5, n - 0.5)
        ax.set_ylim(n - 0.5, -0.5)
        if fig.get_layout_engine() is not None:
            fig.get_layout_engine().execute(fig)  # final axes size, to fit the text
        width_pts = ax.get_window_extent().width * 72 / fig.dpi
        cell_pts = width_pts / n
        longest = max(map(len, self.title.splitlines()), default=1)
        ax.title.set_fontsize(float(np.clip(width_pts / (0.55 * longest), 7, 11)))
        if 0.6 * tick_size * max(map(len, names)) < 0.9 * cell_pts * step:
            ax.tick_params(axis="x", labelrotation=0)
        self.text_ = self._annotate(ax, values, values_format, cell_pts)
        self.ax_, self.figure_ = ax, fig
        return self

    def _annotate(self, ax, values, values_format, cell_pts):
        n = values.shape[0]
        text = np.full(values.shape, None, dtype=object)
        if values_format is None:
            cells = [[_count_text(v) for v in row] for row in values] if _integral(values) \
                else [[format(v, ".2f" if values.max(initial=0) <= 1 else ".3g") for v in row]
                      for row in values]
        else:
            cells = [[format(int(v) if values_format == "d" else v, values_format) for v in row]
                     for row in values]
        chars = max((len(s) for row in cells for s in row), default=1)
        if self.cell_names is not None:
            chars = max(chars, 2)
        size = min(12.0, cell_pts / (0.62 * chars + 0.6))
        if size < 4:  # cells too small to read: the colours speak
            return text
        cmap = self.im_.cmap
        low, high = self.im_.norm.vmin, self.im_.norm.vmax
        middle = (low + high) / 2
        blank_zeros = n > 10
        for i in range(n):
            for j in range(n):
                if blank_zeros and values[i, j] == 0:
                    continue
                label = cells[i][j]
                if self.cell_names is not None:
                    label = f"{self.cell_names[i][j]}\n{label}"
                color = cmap(0.0 if values[i, j] > middle else 1.0)
                text[i, j] = ax.text(j, i, label, ha="center", va="center",
                                     fontsize=size, color=color)
        return text


def _integral(values):
    return values.dtype.kind in "iub" or bool(np.all(values == np.round(values))) and \
        values.max(initial=0) >= 1


def _count_text(value):
    """A count in at most five characters: 9999, 10.7k, 98.8k, 1.23M, 123M."""
    value = int(value)
    if value < 10**4:
        return str(value)
    scale, suffix = next((s, x) for s, x in ((10**9, "G"), (10**6, "M"), (10**3, "k"))
                         if value >= s)
    shown = value / scale
    return f"{shown:.{2 if shown < 9.995 else 1 if shown < 99.95 else 0}f}{suffix}"


_NORMALIZE_TITLE = {None: "", "true": " (rows normalized: recall)",
                    "pred": " (columns normalized: precision)", "all": " (fraction of all)"}


def plot(self, ax=None, *, normalize=None, max_classes=30, cmap="Blues", binary=False,
         pos_label=1, values_format=None, colorbar=True):
    """Plot the confusion matrix as an annotated heatmap (needs matplotlib).

    Rows are actual classes, columns predicted classes, with the label names on the axes.
    With more than ``max_classes`` classes only the most-confused ones are shown (the
    classes of the largest off-diagonal cells, then those with the most false negatives
    plus false positives) and the title says so; only that block is made dense.

    Parameters
    ----------
    ax : matplotlib Axes, default=None
        Where to draw; a new figure sized to the matrix if None.
    normalize : {'true', 'pred', 'all'}, default=None
        Show counts (None), or divide by the actual-class totals (``'true'``: the diagonal
        is each class's recall), the predicted-class totals (``'pred'``: precision) or the
        grand total. The totals are those of all classes, also when only some are shown.
    max_classes : int, default=30
        Most classes shown.
    cmap : str or matplotlib Colormap, default="Blues"
        Colormap.
    binary : bool, default=False
        Show oneDAL's binary layout ``[[TP, FN], [FP, TN]]`` of ``pos_label`` against the
        other classes instead (see :func:`~metrics_sk.binary_confusion_matrix`).
    pos_label : int, str or bool, default=1
        The positive class of the binary view.
    values_format : str, default=None
        Format of the annotations (``"d"`` for counts, ``".2f"`` for fractions by
        default).
    colorbar : bool, default=True
        Whether to add a colorbar.

    Returns
    -------
    display : ConfusionDisplay
        With ``ax_``, ``figure_``, ``im_``, ``text_``, the values shown
        (``confusion_matrix``) and their labels (``classes_``).

    See Also
    --------
    ConfusionDisplay.from_predictions : Count and plot in one call.
    sklearn.metrics.ConfusionMatrixDisplay : Scikit-learn's dense equivalent.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from metrics_sk import Confusion
    >>> c = Confusion.from_predictions([1, 1, 0, 0, 1], [1, 0, 0, 1, 1])
    >>> display = c.plot(binary=True, pos_label=1)
    >>> display.confusion_matrix  # [[tp, fn], [fp, tn]]
    array([[2, 1],
           [1, 1]])
    >>> display.figure_.savefig("confusion.png")  # doctest: +SKIP
    """
    return ConfusionDisplay.from_confusion(
        self, ax=ax, normalize=normalize, max_classes=max_classes, cmap=cmap, binary=binary,
        pos_label=pos_label, values_format=values_format, colorbar=colorbar)
