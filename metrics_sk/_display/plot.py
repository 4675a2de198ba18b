"""Confusion-matrix heatmap (needs matplotlib, the optional extra ``plot``).

Only the classes shown are made dense: with more than ``max_classes`` classes the most
confused ones are picked from the per-class counts (O(n_classes)) and their block is
cut out of the sparse matrix, so a 10**5-class confusion plots as fast as a 30-class one.
"""

import numpy as np

from .._formulas import label_position
from .._params import PLOT, Checker
from .._validation import classifier_predictions


def _import_pyplot(what="Confusion.plot"):
    try:
        import matplotlib.pyplot as plt
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise ImportError(
            f"{what} needs matplotlib: pip install 'metrics_sk[plot]'."
        ) from exc
    return plt


def most_confused(confusion, max_classes):
    """Positions (in label order) of at most ``max_classes`` most-confused classes.

    The classes are taken pair by pair from the largest off-diagonal cells of the sparse
    matrix (so the confusions between them are in the picture); if these give fewer than
    ``max_classes``, the classes with the most false negatives plus false positives, then
    the largest, fill up. All classes if there are at most ``max_classes`` (or it
    is None). Cost:
    O(non-zero cells), nothing dense.
    """
    k = confusion.n_classes
    if max_classes is None or k <= max_classes:
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


def _cut(text, width):
    """``text`` in at most ``width`` characters: its start and its end around an ellipsis,
    so labels that share a long prefix (``product_category_101``) stay distinct."""
    if width is None or len(text) <= width:
        return text
    head = width // 2
    return text[:head] + "\u2026" + text[len(text) - (width - 1 - head):]


_CHECK = Checker("ConfusionDisplay.from_confusion", PLOT)


class ConfusionDisplay:
    """Confusion-matrix heatmap, like scikit-learn's ``ConfusionMatrixDisplay``.

    Made by :meth:`Confusion.plot <metrics_sk.Confusion.plot>`, :meth:`from_confusion`,
    :meth:`from_predictions` or :meth:`from_estimator`; or build one from a small dense
    matrix and call :meth:`plot`. The keywords are scikit-learn's (``display_labels``,
    ``include_values``, ``values_format``, ``xticks_rotation``, ``im_kw``, ``text_kw``,
    ``colorbar``), plus ``max_classes`` (the most-confused block of a large confusion)
    and ``max_label_length``.

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

    Notes
    -----
    The cell in row :math:`i`, column :math:`j` is :math:`C_{ij} = \\sum_s w_s
    [y_s = i][\\hat y_s = j]`, divided by the row sum (``normalize="true"``), the column
    sum (``"pred"``) or :math:`\\sum C` (``"all"``).

    References
    ----------
    .. [1] scikit-learn, ``sklearn.metrics.ConfusionMatrixDisplay``.

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
                       binary=False, pos_label=1, display_labels=None, **plot_kwargs):
        """Plot a :class:`~metrics_sk.Confusion` as an annotated heatmap.

        The same as :meth:`Confusion.plot <metrics_sk.Confusion.plot>`.

        Parameters
        ----------
        confusion : Confusion
            The counts to show.
        ax : matplotlib Axes, default=None
            Where to draw; a new figure sized to the matrix if None.
        normalize : {'true', 'pred', 'all'}, default=None
            Show counts (None) or divide by the actual-class, predicted-class or grand
            totals.
        max_classes : int or None, default=30
            Most classes shown (the most confused ones); None for all.
        binary : bool, default=False
            Show oneDAL's binary layout ``[[TP, FN], [FP, TN]]`` of ``pos_label``.
        pos_label : int, str or bool, default=1
            The positive class of the binary view.
        display_labels : array-like, default=None
            Tick labels to show instead of the class labels.
        **plot_kwargs : dict
            The other keywords of :meth:`Confusion.plot <metrics_sk.Confusion.plot>`
            (scikit-learn's ``ConfusionMatrixDisplay.plot`` keywords).

        Returns
        -------
        display : ConfusionDisplay
            The display, drawn.
        """
        _CHECK({"normalize": normalize, "max_classes": max_classes, "binary": binary})
        if confusion.n_classes == 0:
            raise ValueError("The confusion is empty: nothing to plot.")
        if binary:
            display = cls._binary(confusion, normalize, pos_label)
        else:
            display = cls._multiclass(confusion, normalize, max_classes)
        if display_labels is not None:
            display.display_labels = _names(display_labels, confusion, display.classes_,
                                            binary)
        display.n_classes_ = confusion.n_classes
        return display.plot(ax=ax, **plot_kwargs)

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
        i = label_position(confusion, pos_label)
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

        Parameters
        ----------
        y_true, y_pred : array-like of shape (n_samples,)
            True and predicted labels.
        labels : array-like, default=None
            Classes counted (passed to :meth:`Confusion.from_predictions
            <metrics_sk.Confusion.from_predictions>`).
        sample_weight : array-like of shape (n_samples,), default=None
            Sample weights.
        **kwargs
            Keywords of :meth:`Confusion.plot <metrics_sk.Confusion.plot>`.

        Returns
        -------
        display : ConfusionDisplay

        Examples
        --------
        >>> import matplotlib
        >>> matplotlib.use("Agg")
        >>> from metrics_sk import ConfusionDisplay
        >>> display = ConfusionDisplay.from_predictions([0, 1, 1], [0, 1, 0])
        >>> display.confusion_matrix
        array([[1, 0],
               [1, 1]])
        """
        from .._confusion import Confusion

        confusion = Confusion.from_predictions(y_true, y_pred, labels=labels,
                                               sample_weight=sample_weight)
        return cls.from_confusion(confusion, **kwargs)

    @classmethod
    def from_estimator(cls, estimator, X, y, *, labels=None, sample_weight=None, **kwargs):
        """Plot the confusion of a fitted classifier's ``predict(X)`` against ``y``.

        Like :meth:`sklearn.metrics.ConfusionMatrixDisplay.from_estimator`.

        Parameters
        ----------
        estimator : fitted classifier
            Anything scikit-learn calls a classifier, with ``predict``.
        X : array-like of shape (n_samples, n_features)
            Input of ``estimator.predict``.
        y : array-like of shape (n_samples,)
            True labels.
        labels : array-like of shape (n_classes,), default=None
            As in :meth:`from_predictions`.
        sample_weight : array-like of shape (n_samples,), default=None
            As in :meth:`from_predictions`.
        **kwargs : dict
            As in :meth:`from_predictions`.

        Returns
        -------
        display : ConfusionDisplay

        Examples
        --------
        >>> import matplotlib
        >>> matplotlib.use("Agg")
        >>> from sklearn.datasets import load_iris
        >>> from sklearn.tree import DecisionTreeClassifier
        >>> from metrics_sk import ConfusionDisplay
        >>> X, y = load_iris(return_X_y=True)
        >>> tree = DecisionTreeClassifier(max_depth=2, random_state=0).fit(X, y)
        >>> ConfusionDisplay.from_estimator(tree, X, y).confusion_matrix
        array([[50,  0,  0],
               [ 0, 49,  1],
               [ 0,  5, 45]])
        """
        return cls.from_predictions(y, classifier_predictions(estimator, X), labels=labels,
                                    sample_weight=sample_weight, **kwargs)

    # -- drawing -------------------------------------------------------------------------
    def plot(self, ax=None, *, include_values=True, cmap="Blues", xticks_rotation=None,
             values_format=None, colorbar=True, im_kw=None, text_kw=None,
             max_label_length=24):
        """Draw the heatmap on ``ax`` (a new figure sized to the matrix if None).

        Parameters
        ----------
        ax : matplotlib Axes, default=None
            Where to draw.
        include_values : bool, default=True
            Write the values in the cells (where the cells are large enough to read).
        cmap : str or matplotlib Colormap, default="Blues"
            Colormap.
        xticks_rotation : {'vertical', 'horizontal'} or float, default=None
            Rotation of the x tick labels; None turns them upright when they fit.
        values_format : str, default=None
            Format of the annotations (e.g. ``"d"``, ``".2f"``). By default compact:
            counts in full up to 9999, then ``12k``, ``1.2M``; weighted counts with at
            most four characters; fractions with ``".2f"``. Fractions that would read
            ``0.00``, and empty cells of more than 10 classes, are left blank: the
            colour says it.
        colorbar : bool, default=True
            Whether to add a colorbar.
        im_kw : dict, default=None
            Keywords of ``ax.imshow`` (e.g. ``{"vmax": 100}``).
        text_kw : dict, default=None
            Keywords of ``ax.text`` for the annotations (e.g. ``{"fontsize": 6}``).
        max_label_length : int or None, default=24
            Tick labels longer than this keep their start and end around an ellipsis;
            None writes them in full.

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
        image = {"interpolation": "nearest", "cmap": cmap,
                 "vmin": 0 if values.size and values.min() >= 0 else None, **(im_kw or {})}
        self.im_ = ax.imshow(values, **image)
        if colorbar:
            fig.colorbar(self.im_, ax=ax, shrink=0.8)
        labels = [_cut(str(v), max_label_length) for v in self.display_labels.tolist()]
        step = max(1, int(np.ceil(n / 60)))
        ticks = np.arange(0, n, step)
        names = [labels[t] for t in ticks]
        tick_size = float(np.clip(300 / n * step, 5, 10))
        # labels and titles are drawn as written: "$x_$" is a label, not mathtext
        ax.set_xticks(ticks, names, fontsize=tick_size, rotation=90, parse_math=False)
        ax.set_yticks(ticks, names, fontsize=tick_size, parse_math=False)
        ax.set_xlabel("Predicted")
        ax.set_ylabel("Actual")
        ax.set_title(self.title, fontsize=11, parse_math=False)
        ax.set_xlim(-0.5, n - 0.5)
        ax.set_ylim(n - 0.5, -0.5)
        if fig.get_layout_engine() is not None:
            fig.get_layout_engine().execute(fig)  # final axes size, to fit the text
        width_pts = ax.get_window_extent().width * 72 / fig.dpi
        cell_pts = width_pts / n
        longest = max(map(len, self.title.splitlines()), default=1)
        ax.title.set_fontsize(float(np.clip(width_pts / (0.55 * longest), 7, 11)))
        if xticks_rotation is None:
            fits = 0.6 * tick_size * max(map(len, names)) < 0.9 * cell_pts * step
            xticks_rotation = "horizontal" if fits else "vertical"
        ax.tick_params(axis="x", labelrotation={"horizontal": 0, "vertical": 90}.get(
            xticks_rotation, xticks_rotation))
        self.text_ = np.full(values.shape, None, dtype=object)
        if include_values:
            self._annotate(ax, values, values_format, cell_pts, text_kw or {})
        self.ax_, self.figure_ = ax, fig
        return self

    def _annotate(self, ax, values, values_format, cell_pts, text_kw):
        cells = _cell_texts(values, values_format, keep_zeros=self.cell_names is not None)
        if self.cell_names is not None:
            cells = [[f"{name}\n{text}" for name, text in zip(names, row)]
                     for names, row in zip(self.cell_names, cells)]
        chars = max((len(line) for row in cells for text in row
                     for line in text.splitlines()), default=1)
        size = min(12.0, cell_pts / (0.62 * max(chars, 1) + 0.6))
        if size < 4 and "fontsize" not in text_kw:  # too small to read: the colours speak
            return
        cmap = self.im_.cmap
        middle = (self.im_.norm.vmin + self.im_.norm.vmax) / 2
        for (i, j), label in np.ndenumerate(np.array(cells, dtype=object)):
            if label:
                style = {"ha": "center", "va": "center", "fontsize": size, "parse_math": False,
                         "color": cmap(0.0 if values[i, j] > middle else 1.0), **text_kw}
                self.text_[i, j] = ax.text(j, i, label, **style)


def _names(display_labels, confusion, classes, binary):
    """The tick labels for ``classes`` from ``display_labels`` (one per class of the
    confusion, in label order; two in the binary view)."""
    names = np.asarray(display_labels, dtype=object).ravel()
    expected = 2 if binary else confusion.n_classes
    if names.shape[0] != expected:
        raise ValueError(f"display_labels must have one name per class ({expected}), got "
                         f"{names.shape[0]}.")
    return names if binary else names[confusion.label_positions(classes)]


def _cell_texts(values, values_format, keep_zeros):
    """The text of every cell ("" where nothing is written). Zeros are written only with
    ``keep_zeros`` or for counts of at most 10 classes; fractions that would read
    ``0.00`` are not."""
    counts = _integral(values) or values.max(initial=0) > 1
    if values_format is not None:
        def text(v):
            return format(int(v) if values_format == "d" else v, values_format)
    else:
        text = _count_text if counts else _fraction_text
    keep_zeros = keep_zeros or (counts and values.shape[0] <= 10)
    return [[text(v) if v or keep_zeros else "" for v in row] for row in values]


def _integral(values):
    return values.dtype.kind in "iub" or bool(np.all(values == np.round(values))) and \
        values.max(initial=0) >= 1


def _fraction_text(value):
    text = format(value, ".2f")
    return "" if value and float(text) == 0 else text


def _count_text(value):
    """A (weighted) count in at most four characters: 9999, 12k, 123k, 1.2M, 12.5 or
    0.25."""
    size = abs(value)
    if size >= 10**4 - 0.5:
        scale, suffix = next((s, x) for s, x in ((10**9, "G"), (10**6, "M"), (10**3, "k"))
                             if size >= s * 0.9995)
        shown = value / scale
        return f"{shown:.{1 if abs(shown) < 9.95 else 0}f}{suffix}"
    if value == round(value):
        return str(int(round(value)))
    digits = 0 if size >= 100 else 1 if size >= 10 else 2
    return format(value, f".{digits}f") if size >= 0.005 else format(value, ".0e")


_NORMALIZE_TITLE = {None: "", "true": " (rows normalized: recall)",
                    "pred": " (columns normalized: precision)", "all": " (fraction of all)"}


def plot(self, ax=None, *, normalize=None, max_classes=30, cmap="Blues", binary=False,
         pos_label=1, display_labels=None, include_values=True, values_format=None,
         xticks_rotation=None, colorbar=True, im_kw=None, text_kw=None,
         max_label_length=24):
    """Plot the confusion matrix as an annotated heatmap (needs matplotlib).

    Rows are actual classes, columns predicted classes, with the label names on the axes.
    With more than ``max_classes`` classes only the most-confused ones are shown (the
    classes of the largest off-diagonal cells, then those with the most false negatives
    plus false positives) and the title says so; only that block is made dense. The
    keywords after ``pos_label`` are those of scikit-learn's ``ConfusionMatrixDisplay``.

    Parameters
    ----------
    ax : matplotlib Axes, default=None
        Where to draw; a new figure sized to the matrix if None.
    normalize : {'true', 'pred', 'all'}, default=None
        Show counts (None), or divide by the actual-class totals (``'true'``: the diagonal
        is each class's recall), the predicted-class totals (``'pred'``: precision) or the
        grand total. The totals are those of all classes, also when only some are shown.
    max_classes : int or None, default=30
        Most classes shown; None shows every class.
    cmap : str or matplotlib Colormap, default="Blues"
        Colormap.
    binary : bool, default=False
        Show oneDAL's binary layout ``[[TP, FN], [FP, TN]]`` of ``pos_label`` against the
        other classes instead (see :func:`~metrics_sk.binary_confusion_matrix`).
    pos_label : int, str or bool, default=1
        The positive class of the binary view.
    display_labels : array-like, default=None
        Names of the classes, one per class of the confusion in :attr:`labels` order
        (two in the binary view: positive, negative); the labels themselves if None.
    include_values : bool, default=True
        Write the values in the cells (where the cells are large enough to read).
    values_format : str, default=None
        Format of the annotations (``"d"``, ``".2f"``...). By default compact: counts in
        full up to 9999, then ``12k``, ``1.2M``; fractions with ``".2f"``. Fractions
        that would read ``0.00``, and empty cells of more than 10 classes, are left
        blank.
    xticks_rotation : {'vertical', 'horizontal'} or float, default=None
        Rotation of the x tick labels; None: upright when they fit, else vertical.
    colorbar : bool, default=True
        Whether to add a colorbar.
    im_kw : dict, default=None
        Keywords of ``ax.imshow``.
    text_kw : dict, default=None
        Keywords of ``ax.text`` for the annotations.
    max_label_length : int or None, default=24
        Longer tick labels keep their start and end around an ellipsis
        (16 gives ``product_…ory_101``); None writes them in full.

    Returns
    -------
    display : ConfusionDisplay
        With ``ax_``, ``figure_``, ``im_``, ``text_``, the values shown
        (``confusion_matrix``) and their labels (``classes_``).

    Notes
    -----
    The cell in row :math:`i`, column :math:`j` is :math:`C_{ij} = \\sum_s w_s
    [y_s = i][\\hat y_s = j]`, normalized as ``normalize`` says.

    References
    ----------
    .. [1] scikit-learn, ``sklearn.metrics.ConfusionMatrixDisplay``.

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
        self, ax=ax, normalize=normalize, max_classes=max_classes, binary=binary,
        pos_label=pos_label, display_labels=display_labels, include_values=include_values,
        cmap=cmap, values_format=values_format, xticks_rotation=xticks_rotation,
        colorbar=colorbar, im_kw=im_kw, text_kw=text_kw, max_label_length=max_label_length)


def plot_groups(groups, metrics, values, low=None, high=None, *, reference=None,
                max_groups=30, ax=None, title="group"):
    """Dot chart of metrics by group, with their intervals (needs matplotlib).

    One panel per metric, one row per group in the order given (the worst first, on
    top), the value as a dot and the interval ``[low, high]`` as a bar; a dashed line at
    each metric's ``reference`` (its value on all the samples).

    Parameters
    ----------
    groups : list of str
        The group names, in display order.
    metrics : list of str
        The metric names (panel titles).
    values : ndarray of shape (n_groups, n_metrics)
        The values; NaN ones are not drawn.
    low, high : ndarray of shape (n_groups, n_metrics), default=None
        The interval bounds (NaN: no interval).
    reference : list of float, default=None
        A reference value per metric (None: no line).
    max_groups : int or None, default=30
        Most groups drawn (the first ones); None for all.
    ax : array-like of matplotlib Axes, default=None
        One Axes per metric; None makes a new figure.
    title : str, default="group"
        The name of the grouping (the y axis label).

    Returns
    -------
    figure : matplotlib.figure.Figure
        The figure.

    See Also
    --------
    metrics_sk.QualityReport.plot_groups : The chart of a report's groups.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> import numpy as np
    >>> from metrics_sk._display.plot import plot_groups
    >>> fig = plot_groups(["b", "a"], ["accuracy"], np.array([[0.5], [0.9]]),
    ...                   np.array([[0.3], [0.8]]), np.array([[0.7], [1.0]]))
    >>> fig.axes[0].get_title()
    'accuracy'
    """
    plt = _import_pyplot()
    values = np.asarray(values, dtype=np.float64)
    n = len(groups) if max_groups is None else min(len(groups), max_groups)
    values = values[:n]
    shape = values.shape
    low = np.full(shape, np.nan) if low is None else np.asarray(low, dtype=np.float64)[:n]
    high = np.full(shape, np.nan) if high is None else np.asarray(high, dtype=np.float64)[:n]
    m = shape[1]
    if ax is None:
        height = min(max(2.0, 0.28 * n + 1.2), 14.0)
        fig, ax = plt.subplots(1, m, figsize=(2.6 * m + 1.5, height), sharey=True,
                               layout="constrained", squeeze=False)
        ax = ax[0]
    else:
        ax = np.atleast_1d(np.asarray(ax, dtype=object))
        if ax.shape[0] != m:
            raise ValueError(f"ax must hold one Axes per metric ({m}), got {ax.shape[0]}.")
        fig = ax[0].figure
    names = [_cut(str(g), 24) for g in groups[:n]]
    position = np.arange(n)
    for j, axis in enumerate(ax):
        has = ~(np.isnan(low[:, j]) | np.isnan(high[:, j]))
        if has.any():
            axis.hlines(position[has], low[has, j], high[has, j], color="tab:blue",
                        linewidth=3, alpha=0.45)
        axis.plot(values[:, j], position, "o", color="tab:blue", markersize=5)
        if reference is not None and reference[j] is not None:
            axis.axvline(reference[j], color="0.4", linestyle="--", linewidth=1)
        axis.set_title(metrics[j], fontsize=10, parse_math=False)  # drawn as written
        axis.grid(axis="x", alpha=0.3)
        # the range of the values, the intervals and the reference: the differences
        # between groups are what the chart is for
        bounds = np.concatenate([values[:, j], low[has, j], high[has, j],
                                 [np.nan if reference is None or reference[j] is None
                                  else reference[j]]])
        bounds = bounds[np.isfinite(bounds)]
        lo, hi = (bounds.min(), bounds.max()) if bounds.size else (0.0, 1.0)
        pad = max(0.08 * (hi - lo), 0.01)
        axis.set_xlim(lo - pad, hi + pad)
    ax[0].set_yticks(position, names, fontsize=float(np.clip(220 / max(n, 1), 6, 10)),
                     parse_math=False)
    ax[0].set_ylim(n - 0.5, -0.5)
    ax[0].set_ylabel(title, parse_math=False)
    if n < len(groups):
        fig.suptitle(f"the {n} worst of {len(groups)} groups", fontsize=10)
    return fig
