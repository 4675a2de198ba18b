"""scikit-learn's whole-table formulas: accuracy, zero-one and Hamming loss, balanced
accuracy, MCC, kappa, the confusion matrix, the class likelihood ratios (of the 2 x 2
matrix); and the expected cost of a cost matrix.

Part of ``metrics_sk._formulas`` (see its docstring).
"""

import warnings
from contextlib import nullcontext

from numbers import Real

import numpy as np
from sklearn.utils import check_scalar

from .._sklearn_compat import UndefinedMetricWarning
from .._validation import check_cost_matrix, check_labels_param, label_kind
from .shared import (
    as_float,
    check_total,
    class_counts,
    class_sums,
    _data_labels,
    EMPTY,
    _DENSE_LIMIT,
    _dot,
    class_total,
    distinct_rows,
    floats,
    exact_matches,
    on_rows,
    formula,
    label_errors,
    _present,
    whole_margins,
)


# -- matrix metrics ----------------------------------------------------------------------------
def _normalized(c, value, total, normalize):
    if not normalize:
        return as_float(value)
    if np.ndim(total) == 0:  # one confusion
        if total == 0:  # (the cells: negative weights that cancel out)
            check_total(total, c.nonzero_cells(True)[2])
        return float(value / total)
    with np.errstate(divide="ignore", invalid="ignore"):  # a batch: NaN where it is empty
        return as_float(value / total)


@formula
def accuracy_score(c, *, normalize=True):
    r"""Compute the accuracy: the fraction of correct predictions.

    Drop-in for :func:`sklearn.metrics.accuracy_score`; CatBoost's ``Accuracy``. For a
    multilabel indicator, the subset accuracy: a sample is right when all its labels are.

    Parameters
    ----------
    normalize : bool, default=True
        Return the fraction of correct predictions; False: their number (weight sum).

    Returns
    -------
    score : float
        The fraction (or number) of correct predictions.

    See Also
    --------
    zero_one_loss : The fraction (or number) of wrong predictions.
    balanced_accuracy_score : The mean recall over classes.

    Notes
    -----
    :math:`\operatorname{tr}(C) / \sum_{ij} C_{ij}`.

    References
    ----------
    .. [1] Sokolova, M. and Lapalme, G. (2009). A systematic analysis of performance
       measures for classification tasks. Information Processing & Management 45(4).

    Examples
    --------
    >>> from metrics_sk import Confusion, accuracy_score
    >>> accuracy_score([0, 1, 2, 3], [0, 2, 1, 3])
    0.5
    >>> c = Confusion.from_predictions([0, 1, 2, 0, 1, 2], [0, 2, 1, 0, 0, 1])
    >>> round(c.accuracy_score(), 4), c.accuracy_score(normalize=False)
    (0.3333, 2.0)
    """
    return _normalized(c, exact_matches(c), whole_margins(c)[3], normalize)


@formula
def zero_one_loss(c, *, normalize=True):
    r"""Compute the zero-one loss: the fraction (or weight) of misclassified samples.

    Drop-in for :func:`sklearn.metrics.zero_one_loss`; CatBoost's ``ZeroOneLoss``. For a
    multilabel indicator, a sample is wrong when one of its labels is.

    Parameters
    ----------
    normalize : bool, default=True
        Return the fraction of misclassified samples; False: their number (weight sum).

    Returns
    -------
    loss : float
        The fraction (or number) of misclassified samples.

    See Also
    --------
    accuracy_score : One minus this loss (normalized).
    error_rate : The mean one-vs-rest error (oneDAL).

    Notes
    -----
    :math:`1 - \operatorname{tr}(C) / \sum C`, or :math:`\sum C - \operatorname{tr}(C)`.

    References
    ----------
    .. [1] Sokolova, M. and Lapalme, G. (2009). A systematic analysis of performance
       measures for classification tasks. Information Processing & Management 45(4).

    Examples
    --------
    >>> from metrics_sk import Confusion, zero_one_loss
    >>> zero_one_loss([1, 2, 3, 4], [2, 2, 3, 4])
    0.25
    >>> c = Confusion.from_predictions([0, 1, 2, 0, 1, 2], [0, 2, 1, 0, 0, 1])
    >>> round(c.zero_one_loss(), 4), c.zero_one_loss(normalize=False)
    (0.6667, 4.0)
    """
    right, total = exact_matches(c), whole_margins(c)[3]
    if normalize:
        return 1 - _normalized(c, right, total, True)
    return as_float(total - right)


@formula
def hamming_loss(c):
    r"""Compute the Hamming loss: the fraction of wrong labels.

    Drop-in for :func:`sklearn.metrics.hamming_loss`; CatBoost's ``HammingLoss``. For
    single-label data it is 1 - accuracy; for a multilabel indicator, the fraction of
    wrong labels: :math:`\sum_l (fp_l + fn_l) / (n L)`.

    Returns
    -------
    loss : float
        The fraction of wrong labels, in [0, 1].

    See Also
    --------
    zero_one_loss : The fraction of wrong samples (equal for single-label data).

    Notes
    -----
    :math:`(\sum C - \operatorname{tr}(C)) / \sum C = 1 - \operatorname{tr}(C) / \sum C`.

    References
    ----------
    .. [1] Tsoumakas, G. and Katakis, I. (2007). Multi-label classification: an overview.

    Examples
    --------
    >>> from metrics_sk import Confusion, hamming_loss
    >>> hamming_loss([1, 2, 3, 4], [2, 2, 3, 4])
    0.25
    >>> c = Confusion.from_predictions([0, 1, 2, 0, 1, 2], [0, 2, 1, 0, 0, 1])
    >>> round(c.hamming_loss(), 4)
    0.6667
    """
    wrong, slots = label_errors(c)
    return _normalized(c, wrong, slots, True)  # not 1 - accuracy: exact 1/3


@formula
def balanced_accuracy_score(c, *, adjusted=False):
    r"""Compute the balanced accuracy: the mean recall over the classes of ``y_true``.

    Drop-in for :func:`sklearn.metrics.balanced_accuracy_score`. For binary targets it
    equals oneDAL's binary "AUC" (:func:`balanced_auc_score`) and CatBoost's
    ``BalancedAccuracy``.

    Parameters
    ----------
    adjusted : bool, default=False
        Rescale so that chance scores 0 and perfect scores 1.

    Returns
    -------
    balanced_accuracy : float
        The balanced accuracy.

    See Also
    --------
    recall_score : Recall, whose macro average this is.
    balanced_auc_score : The binary "AUC" of oneDAL, equal for binary targets.

    Notes
    -----
    :math:`\frac{1}{|K|}\sum_{k \in K} tp_k / (tp_k + fn_k)` over the classes
    :math:`K` with support.

    References
    ----------
    .. [1] Brodersen, K. H. et al. (2010). The balanced accuracy and its posterior
       distribution. ICPR.

    Examples
    --------
    >>> from metrics_sk import Confusion, balanced_accuracy_score
    >>> balanced_accuracy_score([0, 1, 0, 0, 1, 0], [0, 1, 0, 0, 0, 1])
    0.625
    >>> c = Confusion.from_predictions([0, 1, 2, 0, 1, 2], [0, 2, 1, 0, 0, 1])
    >>> round(c.balanced_accuracy_score(), 4)
    0.3333
    """
    diag, rows, _, _ = whole_margins(c)
    _warn_single_label(diag.shape[-1])
    # scikit-learn drops the 0/0 classes only: with negative weights a row can sum to 0
    # under a non-zero diagonal, and that class's recall is +-inf.
    if diag.ndim == 1 and np.count_nonzero(rows) == rows.shape[0]:
        present = None  # every class has support (the usual case): no mask, no 0/0
    else:
        present = (rows != 0) | (diag != 0)
        if not present.all():
            warnings.warn("y_pred contains classes not in y_true", stacklevel=2)
    if present is not None and diag.ndim > 1:  # a batch of confusions
        n_present = present.sum(-1)
        with np.errstate(invalid="ignore", divide="ignore"):
            score = np.where(present, diag / rows, 0.0).sum(-1) / n_present
    else:  # (+-inf recalls and their mean: no warning)
        with nullcontext() if present is None else np.errstate(invalid="ignore",
                                                                divide="ignore"):
            per_class = diag / rows if present is None else diag[present] / rows[present]
            score = per_class.mean() if per_class.size else np.float64(np.nan)
        n_present = per_class.shape[0]
    if adjusted:
        chance = 1 / n_present
        score = (score - chance) / (1 - chance)
    return as_float(score)


@formula
def matthews_corrcoef(c):
    r"""Compute the Matthews correlation coefficient (Gorodkin's :math:`R_K`).

    Drop-in for :func:`sklearn.metrics.matthews_corrcoef`; CatBoost's ``MCC``; for several
    classes, Gorodkin's :math:`R_K`. Computed from the diagonal, row and column sums in
    O(K), never a K x K array.

    Returns
    -------
    mcc : float
        In [-1, 1]; 0 when the denominator is 0.

    See Also
    --------
    cohen_kappa_score : Agreement corrected for chance.

    Notes
    -----
    With :math:`T = \sum C`, row sums :math:`r` and column sums :math:`c`:
    :math:`(\operatorname{tr}(C)\,T - r \cdot c) /
    \sqrt{(T^2 - c \cdot c)(T^2 - r \cdot r)}`.

    References
    ----------
    .. [1] Gorodkin, J. (2004). Comparing two K-category assignments by a K-category
       correlation coefficient. Computational Biology and Chemistry 28.

    Examples
    --------
    >>> from metrics_sk import Confusion, matthews_corrcoef
    >>> round(matthews_corrcoef([+1, +1, +1, -1], [+1, -1, +1, +1]), 4)
    -0.3333
    >>> c = Confusion.from_predictions([0, 1, 2, 0, 1, 2], [0, 2, 1, 0, 0, 1])
    >>> round(c.matthews_corrcoef(), 4)
    0.0
    """
    diag, t_sum, p_sum, n = whole_margins(c, repeated=True)
    t_sum, p_sum, n = floats(t_sum), floats(p_sum), floats(n)
    _warn_single_label(diag.shape[-1])
    # Scaled by the power of two that brings the total into [0.5, 1): exact, so the value
    # is bit for bit the unscaled one, but the squares below can neither overflow (weights
    # near 1e300 gave NaN) nor underflow (weights near 1e-300 gave 0). Totals within
    # 2**+-100 (counts, usual weights) need no scaling: nothing can overflow or underflow,
    # and the scaling would change no bit (three passes less over a long batch).
    totals = distinct_rows(n)
    if not (np.all(totals >= _SAFE_TOTAL[0]) and np.all(totals <= _SAFE_TOTAL[1])):
        shift = -np.frexp(n)[1]
        diag, t_sum, p_sum = (np.ldexp(floats(a), shift[..., None])
                              for a in (diag, t_sum, p_sum))
        n = np.ldexp(n, shift)
    # (over a batch, in place: at most two arrays of the batch's length at once, as each
    # new array of a long batch costs more in page faults than the pass filling it; the
    # terms of the margins repeated along the batch, on one row: on_rows)
    cov_ytyp = class_total(diag)
    cov_ytyp *= n
    cov_ytyp -= _dot(t_sum, p_sum)
    n_squared = on_rows(np.square, n)
    cov_ytyt = on_rows(lambda n2, t: n2 - _dot(t, t), n_squared, t_sum)
    cov_ypyp = _dot(p_sum, p_sum)
    cov_ypyp -= n_squared
    cov_ypyp *= -1.0  # (n**2 - p.p: a - b is -(b - a), exactly)
    if np.ndim(cov_ypyp) == 0:  # one confusion
        denominator = cov_ypyp * cov_ytyt
        return 0.0 if denominator == 0 else float(cov_ytyp / np.sqrt(denominator))
    cov_ypyp *= cov_ytyt
    root = np.sqrt(cov_ypyp, out=cov_ypyp)  # of the denominator
    zero = root == 0
    root[zero] = 1.0
    cov_ytyp /= root
    cov_ytyp[zero] = 0.0
    return as_float(cov_ytyp)


#: Totals between which :func:`matthews_corrcoef` needs no scaling (its fourth powers stay
#: normal floats).
_SAFE_TOTAL = (2.0**-100, 2.0**100)


def _cells_in(c, labels, whole=False):
    """Non-zero cells ``(rows, cols, values)`` of the matrix over ``labels`` (positions in
    that order) and its size; without ``labels``, of the matrix of the reported labels
    (``whole``: of every label counted, the whole table)."""
    if labels is None:
        row, col, data = c.nonzero_cells(whole)
        return row, col, data, whole_margins(c)[0].shape[-1] if whole else c.n_classes
    row, col, data = c.nonzero_cells(True)
    labels = check_labels_param(labels, label_kind(c.labels) if c.n_classes else None)
    where = np.full(whole_margins(c)[0].shape[-1] + 1, -1, dtype=np.int64)
    idx = c.label_positions(labels)
    where[idx[idx >= 0]] = np.flatnonzero(idx >= 0)
    r, col = where[row], where[col]
    keep = (r >= 0) & (col >= 0)
    return r[keep], col[keep], data[..., keep], labels.shape[0]


def _check_some_label_true(c, labels, message, *, each=False):
    """scikit-learn's check that ``labels`` shares a label with ``y_true``; it comes before
    the type check of ``labels``, so labels of another type fail here, as in scikit-learn.

    A label is in ``y_true`` when its support is positive; for a drop-in given weights
    that are not all positive, when it occurs in ``y_true`` whatever its weight
    (``c.true_present``, set by :func:`metrics_sk._api.build_confusion`), as in
    scikit-learn. ``each``: in every confusion of a batch (else in any of them)."""
    if labels is not None:
        idx = c.label_positions(check_labels_param(labels, None))
        idx = idx[idx >= 0]
        present = c.true_present
        found = (whole_margins(c)[1][..., idx] > 0 if present is None else present[idx]).any(-1)
        if not (found.all() if each else found.any()):
            raise ValueError(message)


def _warn_single_label(k):
    """scikit-learn's warning for a matrix over one label (``k``: the number of labels of
    each confusion of a batch)."""
    if (k == 1) if np.ndim(k) == 0 else (np.asarray(k) == 1).any():
        warnings.warn(
            "A single label was found in 'y_true' and 'y_pred'. For the confusion "
            "matrix to have the correct shape, use the 'labels' parameter to pass "
            "all known labels.", UserWarning, stacklevel=3)


def _exclusive_cumsum(a):
    """``sum_{j < i} a_j`` along the last axis (0 for the first)."""
    out = np.zeros_like(a)
    if a.ndim > 1 and a.shape[-1] <= 16:
        # a long batch of few classes: column by column (the same sums in the same order
        # as np.cumsum, whose pass along a short last axis costs several times more)
        for i in range(1, a.shape[-1]):
            np.add(out[..., i - 1], a[..., i - 1], out=out[..., i])
        return out
    np.cumsum(a[..., :-1], axis=-1, out=out[..., 1:])
    return out


def _pair_weight_sum(p, q, weights, idx=None):
    """``sum_ij w(i, j) p_i q_j`` for kappa weights ``None | 'linear' | 'quadratic'`` in
    O(K), no K x K array; ``p``, ``q`` are the row and column proportions.

    ``None`` and ``'linear'`` are sums of non-negative terms only, so no digit cancels at
    any weight ratio: ``sum_i p_i g_i`` with ``g_i = sum_{j != i} q_j`` (prefix sums from
    either side) or ``g_i = sum_j |i - j| q_j`` (prefix sums of those prefix sums).
    ``'quadratic'`` centres the class index on the mean of ``p``. ``idx``: the class
    positions of each confusion of a batch of groups (non-decreasing, the same for a class
    the group lacks as for the one before it); ``0, 1, ...`` by default."""
    grouped = idx is not None
    if idx is None:
        idx = np.arange(p.shape[-1], dtype=np.float64)
    if weights == "quadratic":
        d = idx - _dot(idx, p)[..., None]  # sum_i d_i p_i = 0 up to rounding
        return (q.sum(-1) * _dot(d * d, p) + p.sum(-1) * _dot(d * d, q)
                - 2 * _dot(d, p) * _dot(d, q))
    if weights == "linear" and grouped:  # positions with gaps: sum_j |idx_i - idx_j| q_j
        q_cum, s_cum = np.cumsum(q, axis=-1), np.cumsum(idx * q, axis=-1)
        return _dot(p, idx * q_cum - s_cum + (s_cum[..., -1:] - s_cum)
                    - idx * (q_cum[..., -1:] - q_cum))
    below = _exclusive_cumsum(q)  # sum_{j < i} q_j
    above = _exclusive_cumsum(q[..., ::-1])[..., ::-1]  # sum_{j > i} q_j
    if weights == "linear":  # sum_{j < i} (i - j) q_j = sum_{m <= i} below_m, same above
        below = np.cumsum(below, axis=-1)
        above = np.cumsum(above[..., ::-1], axis=-1)[..., ::-1]
    return _dot(p, below + above)


@formula
def cohen_kappa_score(c, *, labels=None, weights=None, replace_undefined_by=np.nan):
    r"""Compute Cohen's kappa, unweighted or with linear / quadratic disagreement weights.

    Drop-in for :func:`sklearn.metrics.cohen_kappa_score`. ``weights="quadratic"`` with
    ``labels=range(K)`` is CatBoost's ``WKappa`` (CatBoost returns -1 where this returns
    ``replace_undefined_by``). Computed in O(K + non-zero cells): the expected
    disagreement uses row and column sums with prefix sums, never a K x K array.

    Parameters
    ----------
    labels : array-like of shape (n_classes,), default=None
        Classes, in the order that defines the distances :math:`|i - j|`.
    weights : {None, 'linear', 'quadratic'}, default=None
        Disagreement weights :math:`W_{ij}`: :math:`[i \ne j]` (None), :math:`|i - j|` or
        :math:`(i - j)^2`.
    replace_undefined_by : float in [-1, 1] or np.nan, default=np.nan
        Value returned when kappa is 0/0, with an ``UndefinedMetricWarning``.

    Returns
    -------
    kappa : float
        Kappa, at most 1 (1: complete agreement; 0: agreement by chance).

    See Also
    --------
    matthews_corrcoef : The correlation of the two labelings.

    Notes
    -----
    :math:`\kappa = 1 - \sum W \circ O / \sum W \circ E` with
    :math:`E_{ij} = r_i c_j / \sum O` and :math:`W_{ij} = [i \ne j]`, :math:`|i-j|`
    or :math:`(i-j)^2`.

    References
    ----------
    .. [1] Cohen, J. (1960). A coefficient of agreement for nominal scales.
    .. [2] Cohen, J. (1968). Weighted kappa. Psychological Bulletin 70(4).

    Examples
    --------
    >>> from metrics_sk import Confusion, cohen_kappa_score
    >>> round(cohen_kappa_score([0, 1, 2, 2, 0], [0, 2, 2, 2, 1]), 4)
    0.3750
    >>> round(cohen_kappa_score([0, 1, 2, 2, 0], [0, 2, 2, 2, 1], weights="quadratic"), 4)
    0.75
    >>> c = Confusion.from_predictions([0, 1, 2, 0, 1, 2], [0, 2, 1, 0, 0, 1])
    >>> round(c.cohen_kappa_score(weights="quadratic"), 4)
    0.5
    """
    _check_some_label_true(
        c, labels, "At least one label in `labels` must be present in `y1` (even though "
        "`cohen_kappa_score` is otherwise agnostic to the order of `y1` and `y2`).")
    rows_i, cols_i, vals, k = _cells_in(c, labels, whole=True)
    _warn_single_label(k)
    vals = vals.astype(np.float64, copy=False)
    row_sums = class_sums(rows_i, vals, k)
    col_sums = class_sums(cols_i, vals, k)
    n = row_sums.sum(-1)
    if np.all(n == 0):
        warnings.warn(
            "`y2` contains no labels that are present in both `y1` and `labels`."
            "`cohen_kappa_score` is undefined and set to the value defined by "
            f"the `replace_undefined_by` param, which is set to {replace_undefined_by}.",
            UndefinedMetricWarning, stacklevel=2)
        return replace_undefined_by
    diff = (rows_i - cols_i).astype(np.float64)
    # In a batch, the positions of the labels each confusion has (a weighted kappa of a
    # group is its kappa over its own labels).
    present = _present(c, labels) if weights is not None else None
    idx = None
    if present is not None:
        idx = np.cumsum(present, axis=-1, dtype=np.float64) - 1
        diff = idx[..., rows_i] - idx[..., cols_i]
    if weights is None:
        observed = vals[..., diff != 0].sum(-1)
    elif weights == "linear":
        observed = _dot(np.abs(diff), vals)
    else:
        observed = _dot(diff * diff, vals)
    with np.errstate(divide="ignore", invalid="ignore"):  # only a batch can have n == 0 here
        # proportions, divided by the total (1 / n overflows for subnormal totals): no
        # overflow, no cancellation
        total = np.asarray(n)[..., None]
        expected = _pair_weight_sum(row_sums / total, col_sums / total, weights, idx)
        observed = observed / total[..., 0]
    if np.all(expected == 0):
        warnings.warn(
            "`y1`, `y2` and `labels` have only one label in common. "
            "`cohen_kappa_score` is undefined and set to the value defined by the "
            f"the `replace_undefined_by` param, which is set to {replace_undefined_by}.",
            UndefinedMetricWarning, stacklevel=2)
        return replace_undefined_by
    undefined = (n == 0) | (expected == 0)  # some replicates of a batch
    with np.errstate(divide="ignore", invalid="ignore"):
        kappa = 1 - observed / expected
    return as_float(np.where(undefined, replace_undefined_by, kappa))


@formula(batch=False)
def confusion_matrix(c, *, labels=None, normalize=None):
    r"""Compute the confusion matrix ``C[i, j]``: samples of class ``i`` predicted as ``j``.

    Drop-in for :func:`sklearn.metrics.confusion_matrix`, counted by the sparse
    :class:`~metrics_sk.Confusion`; only the returned array is dense.

    Parameters
    ----------
    labels : array-like of shape (n_classes,), default=None
        Classes that index the matrix (all classes by default); samples of other labels
        are left out.
    normalize : {'true', 'pred', 'all'}, default=None
        Normalize over true labels (rows), predicted labels (columns) or all samples.

    Returns
    -------
    C : ndarray of shape (n_classes, n_classes)
        Rows are true classes, columns predicted classes, in the order of ``labels``.

    See Also
    --------
    binary_confusion_matrix : The 2 x 2 layout of oneDAL, ``[[tp, fn], [fp, tn]]``.
    Confusion : The sparse matrix behind it (:meth:`Confusion.to_dense`: all of it).

    Notes
    -----
    :math:`C_{ij} = \sum_s w_s [y_s = i][\hat y_s = j]`.

    References
    ----------
    .. [1] Wikipedia, "Confusion matrix".

    Examples
    --------
    >>> from metrics_sk import Confusion, confusion_matrix
    >>> confusion_matrix([2, 0, 2, 2, 0, 1], [0, 0, 2, 2, 0, 2])
    array([[2, 0, 0],
           [0, 0, 1],
           [1, 0, 2]])
    >>> c = Confusion.from_predictions([0, 1, 2, 0, 1, 2], [0, 2, 1, 0, 0, 1])
    >>> c.confusion_matrix(labels=[2, 0])
    array([[0, 0],
           [0, 2]])
    """
    batch = c.is_batch  # a batch of confusions: shape (R, k, k)
    _check_some_label_true(c, labels, "At least one label specified must be in y_true",
                           each=True)
    if labels is None:
        rows_i, cols_i, vals = c.nonzero_cells() if batch else (None, None, None)
        k = c.n_classes
        present = getattr(c, "present", None)  # the labels each group of a batch has
        sizes = k if present is None else present.sum(-1)
    else:
        rows_i, cols_i, vals, k = _cells_in(c, labels)
        sizes = k
    _warn_single_label(sizes)
    size = int(np.max(sizes, initial=0)) if np.ndim(sizes) else sizes
    if size * size * 8 > _DENSE_LIMIT:
        raise ValueError(
            f"confusion_matrix would be a dense {size} x {size} array "
            f"({size * size * 8 / 2**30:.3g} GiB) over {size} labels; use "
            "Confusion.from_predictions(...).matrix, a sparse matrix of the non-zero cells, "
            "or pass the labels you need with labels=.")
    if labels is None and not batch:  # every class, in the confusion's order
        cm = c.to_dense()
        if cm.dtype.kind != "f":
            cm = cm.astype(np.int64, copy=False)
    else:
        cm = np.zeros(vals.shape[:-1] + (k, k),
                      dtype=vals.dtype if vals.dtype.kind == "f" else np.int64)
        if batch:  # distinct cells (labels map to distinct positions)
            cm[:, rows_i, cols_i] = vals
        else:
            np.add.at(cm, (rows_i, cols_i), vals)
    if normalize is None:
        return cm
    with np.errstate(all="ignore"):
        if normalize == "true":
            cm = cm / cm.sum(axis=-1, keepdims=True)
        elif normalize == "pred":
            cm = cm / cm.sum(axis=-2, keepdims=True)
        elif normalize == "all":
            cm = cm / cm.sum(axis=(-2, -1), keepdims=True)
        else:
            raise ValueError(f"normalize must be one of 'true', 'pred', 'all' or None, "
                             f"got {normalize!r}.")
        cm = np.nan_to_num(cm)
    return cm


SAMPLEWISE = "Samplewise metrics are not available outside of multilabel classification."


@formula(batch=False)
def multilabel_confusion_matrix(c, *, labels=None, samplewise=False):
    r"""Compute a 2 x 2 confusion matrix per class (one-vs-rest) or per label column.

    Drop-in for :func:`sklearn.metrics.multilabel_confusion_matrix`: for a multi-class
    target the one-vs-rest counts of each class, read from the margins of the sparse
    :class:`~metrics_sk.Confusion`; for a multilabel indicator those of each column.

    Parameters
    ----------
    labels : array-like of shape (n_classes,), default=None
        The classes (for a multilabel target, column indices) and their order; all of
        them, sorted, by default. A class without samples counts zero.
    samplewise : bool, default=False
        One matrix per sample of a multilabel target instead of per label (only from the
        samples: :func:`multilabel_confusion_matrix` on ``y_true, y_pred``; a confusion
        holds no samples).

    Returns
    -------
    multi_confusion : ndarray of shape (n_classes, 2, 2)
        ``[[tn, fp], [fn, tp]]`` of each class, in the order of ``labels``.

    See Also
    --------
    confusion_matrix : The ``K x K`` matrix of a multi-class target.
    binary_confusion_matrix : The 2 x 2 layout of oneDAL, ``[[tp, fn], [fp, tn]]``.

    Notes
    -----
    Per class :math:`tp_k`, :math:`fp_k = \text{predicted}_k - tp_k`,
    :math:`fn_k = \text{support}_k - tp_k` and :math:`tn_k = n - tp_k - fp_k - fn_k`,
    :math:`n` the count (weight) of all samples.

    References
    ----------
    .. [1] scikit-learn, ``sklearn.metrics.multilabel_confusion_matrix``.

    Examples
    --------
    >>> import numpy as np
    >>> from metrics_sk import Confusion, multilabel_confusion_matrix
    >>> multilabel_confusion_matrix(["cat", "ant", "cat"], ["ant", "ant", "cat"],
    ...                             labels=["ant", "cat"]).tolist()
    [[[1, 1], [0, 1]], [[1, 0], [1, 1]]]
    >>> multilabel_confusion_matrix(np.array([[1, 0, 1], [0, 1, 0]]),
    ...                             np.array([[1, 0, 0], [0, 1, 1]])).tolist()
    [[[1, 0], [0, 1]], [[1, 0], [0, 1]], [[0, 1], [1, 0]]]
    >>> c = Confusion.from_predictions([0, 1, 2, 0], [0, 2, 1, 0])
    >>> c.multilabel_confusion_matrix(labels=[0]).tolist()
    [[[2, 0], [0, 2]]]
    """
    if samplewise:
        if c.is_multilabel:
            raise ValueError("samplewise=True needs the samples, which a confusion does "
                             "not keep: call multilabel_confusion_matrix(y_true, y_pred, "
                             "samplewise=True).")
        raise ValueError(SAMPLEWISE)
    if labels is None and c.n_classes == 0:
        raise ValueError(EMPTY)
    tp, pred, true = class_counts(c, labels)
    whole_tp, _, _, total = whole_margins(c)
    if not c.is_multilabel and not c.is_batch and not np.any(whole_tp):
        tp = tp.astype(np.float64)  # (scikit-learn's multi-class counts when none is right)
    if np.asarray(tp).dtype.kind in "iu":  # counts: a batch's margins are floats, exact
        pred, true = (np.asarray(a).astype(np.int64, copy=False) for a in (pred, true))
    total = np.asarray(total)[..., None]
    fp, fn = pred - tp, true - tp
    tn = total - tp - fp - fn
    out = np.stack([tn, fp, fn, tp], axis=-1)
    return out.reshape(out.shape[:-1] + (2, 2))


@formula
def expected_cost(c, *, cost_matrix, labels=None, normalize=True):
    r"""Compute the expected cost of the predictions under a cost matrix.

    ``cost_matrix[i, j]`` is the cost of predicting ``labels[j]`` for a sample of
    ``labels[i]`` (rows: true labels, as in :func:`confusion_matrix`); the diagonal is
    the cost (or, negative, the gain) of a right decision and may be non-zero. The value
    is the mean cost per sample (weight), or the total cost with ``normalize=False``.

    Parameters
    ----------
    cost_matrix : array-like of shape (n_labels, n_labels)
        Finite costs; its rows and columns follow ``labels`` (by default every label of
        the data, sorted, or in the declared order of an ordered categorical).
    labels : array-like of shape (n_labels,), default=None
        The labels that index ``cost_matrix``. Every label met in the data must be among
        them: ``labels=`` chooses the reported classes but never removes samples, and a
        sample whose cost the matrix does not give is refused (ValueError naming
        cost_matrix), never counted as costing 0.
    normalize : bool, default=True
        Return the mean cost per sample (weight); False: the total cost.

    Returns
    -------
    cost : float
        The mean (or total) cost; lower is better.

    See Also
    --------
    zero_one_loss : The expected cost of the 0-1 cost matrix ``1 - I``.
    confusion_matrix : The counts ``C`` this weighs.

    Notes
    -----
    :math:`\sum_{ij} M_{ij} C_{ij} / \sum_{ij} C_{ij}` with :math:`C` the (weighted)
    confusion matrix and :math:`M` the cost matrix; :math:`\sum_{ij} M_{ij} C_{ij}`
    with ``normalize=False``. A sum over the non-zero cells, no dense matrix.

    As a scorer (no scorer name: a name fixes every argument), lower is better:
    ``make_scorer(expected_cost, cost_matrix=M, greater_is_better=False)``, e.g. as
    ``TunedThresholdClassifierCV(scoring=...)``.

    References
    ----------
    .. [1] Elkan, C. (2001). The foundations of cost-sensitive learning. IJCAI.

    Examples
    --------
    >>> from metrics_sk import Confusion, expected_cost
    >>> costs = [[0, 1], [5, 0]]  # a missed positive costs 5, a false alarm 1
    >>> expected_cost([0, 0, 1, 1], [0, 1, 0, 1], cost_matrix=costs)
    1.5
    >>> c = Confusion.from_predictions(["a", "b", "b"], ["b", "b", "a"])
    >>> c.expected_cost(cost_matrix=[[0, 2], [3, 0]], normalize=False)
    5.0
    """
    rows, cols, values = c.nonzero_cells(True)
    counted = whole_margins(c)[0].shape[-1]  # every label met in the data
    if labels is None:  # the reported labels, positions 0 .. K - 1
        k, idx = c.n_classes, np.arange(c.n_classes)
    else:
        labels = check_labels_param(labels, label_kind(c.labels) if c.n_classes else None)
        k, idx = labels.shape[0], c.label_positions(labels)
    matrix = check_cost_matrix(cost_matrix, k)
    where = np.full(counted, -1, dtype=np.int64)
    where[idx[idx >= 0]] = np.flatnonzero(idx >= 0)
    if (where < 0).any():
        missing = np.asarray(c.counted_labels)[np.flatnonzero(where < 0)]
        which = "of labels= " if labels is not None else ""
        more = " ..." if missing.size > 5 else ""
        raise ValueError(
            f"cost_matrix gives the costs of the labels {which}but the data also holds "
            f"{missing[:5].tolist()}{more}: pass labels= with every label of y_true and "
            "y_pred and a cost_matrix over them.")
    cost = _dot(values.astype(np.float64), matrix[where[rows], where[cols]])
    return _normalized(c, cost, whole_margins(c)[3], normalize)


# -- class likelihood ratios ---------------------------------------------------------------
_LR_ADVICE = ("Use the `replace_undefined_by` param to control this behavior. To suppress "
              "this warning or turn it into an error, see Python's `warnings` module and "
              "`warnings.catch_warnings()`.")


def _likelihood_replacements(replace_undefined_by):
    """``(LR+, LR-)`` replacing an undefined ratio: scikit-learn's reading of
    ``replace_undefined_by`` (NaN, 1.0: both 1, or a dict checked as scikit-learn does)."""
    if isinstance(replace_undefined_by, float) and np.isnan(replace_undefined_by):
        return np.nan, np.nan
    if not isinstance(replace_undefined_by, dict):  # 1.0 (the boundary allows nothing else)
        return 1.0, 1.0
    message = (
        "The dictionary passed as `replace_undefined_by` needs to be in the form "
        "`{'LR+': `value_1`, 'LR-': `value_2`}` where the value for `LR+` ranges "
        "from `1.0` to `np.inf` or is `np.nan` and the value for `LR-` ranges from "
        f"`0.0` to `1.0` or is `np.nan`; got `{replace_undefined_by}`.")
    if "LR+" not in replace_undefined_by or "LR-" not in replace_undefined_by:
        raise ValueError(message)
    try:
        check_scalar(replace_undefined_by["LR+"], "positive_likelihood_ratio",
                     target_type=Real, min_val=1.0, include_boundaries="left")
        check_scalar(replace_undefined_by["LR-"], "negative_likelihood_ratio",
                     target_type=Real, min_val=0.0, max_val=1.0, include_boundaries="both")
    except Exception as error:
        raise ValueError(message) from error
    return replace_undefined_by["LR+"], replace_undefined_by["LR-"]


@formula
def class_likelihood_ratios(c, *, labels=None, replace_undefined_by=np.nan):
    r"""Compute the positive and negative likelihood ratios of a binary classification.

    Drop-in for :func:`sklearn.metrics.class_likelihood_ratios`: the positive class is
    the second of ``labels`` (by default, the greater of the two labels of the data).
    ``LR+`` ranges from 1 (a useless test) to infinity, ``LR-`` from 0 to 1 (useless);
    either multiplies the pre-test odds of the positive class into its post-test odds
    after a positive (``LR+``) or negative (``LR-``) prediction.

    Parameters
    ----------
    labels : array-like of shape (2,), default=None
        ``[negative_class, positive_class]``; None: the two labels of the data, sorted.
    replace_undefined_by : np.nan, 1.0 or dict, default=np.nan
        The value of a ratio divided by zero (with an ``UndefinedMetricWarning``):
        NaN; 1.0, the worst value of both; or ``{"LR+": value_1, "LR-": value_2}``, with
        ``value_1`` in [1, inf] or NaN and ``value_2`` in [0, 1] or NaN.

    Returns
    -------
    (positive_likelihood_ratio, negative_likelihood_ratio) : tuple of float
        ``LR+`` and ``LR-`` (arrays of one value per confusion for a batch).

    See Also
    --------
    recall_score : The sensitivity, ``tp / (tp + fn)``.
    specificity_score : The specificity, ``tn / (tn + fp)``.

    Notes
    -----
    With the counts of the 2 x 2 confusion matrix over ``labels``,
    :math:`LR_+ = \frac{\text{sensitivity}}{1 - \text{specificity}}
    = \frac{tp \, (tn + fp)}{fp \, (tp + fn)}` (undefined when :math:`fp = 0`) and
    :math:`LR_- = \frac{1 - \text{sensitivity}}{\text{specificity}}
    = \frac{fn \, (tn + fp)}{tn \, (tp + fn)}` (undefined when :math:`tn = 0`); both are
    NaN without positive samples (:math:`tp + fn = 0`). A target of more than two labels
    is an error (pooling its classes would mislead, Simpson's paradox).

    References
    ----------
    .. [1] Wikipedia, "Likelihood ratios in diagnostic testing".

    Examples
    --------
    >>> from metrics_sk import Confusion, class_likelihood_ratios
    >>> class_likelihood_ratios([0, 1, 0, 1, 0], [1, 1, 0, 0, 0])
    (1.5, 0.75)
    >>> y_true = ["non-cat", "cat", "non-cat", "cat", "non-cat"]
    >>> y_pred = ["cat", "cat", "non-cat", "non-cat", "non-cat"]
    >>> class_likelihood_ratios(y_true, y_pred, labels=["non-cat", "cat"])
    (1.5, 0.75)
    >>> Confusion.from_predictions([0, 1, 0, 1, 0], [1, 1, 0, 0, 0]).class_likelihood_ratios()
    (1.5, 0.75)
    """
    counted, has = _data_labels(c)
    if np.count_nonzero(has) > 2:
        raise ValueError("class_likelihood_ratios only supports binary classification "
                         "problems, got targets of type: multiclass")
    replace_pos, replace_neg = _likelihood_replacements(replace_undefined_by)
    _check_some_label_true(c, labels, "At least one label specified must be in y_true")
    rows_i, cols_i, vals, k = _cells_in(c, labels)
    if k != 2:  # scikit-learn unpacks the k x k matrix into four counts: its error
        tn, fp, fn, tp = range(k * k)
    cell = rows_i * 2 + cols_i  # tn, fp, fn, tp: the matrix read row by row
    tn, fp, fn, tp = (vals[..., cell == i].sum(-1).astype(np.float64) for i in range(4))
    support_pos, support_neg = tp + fn, tn + fp
    no_positive, fp_zero, tn_zero = support_pos == 0, fp == 0, tn == 0
    if np.any(no_positive):
        warnings.warn("No samples of the positive class are present in `y_true`. "
                      "`positive_likelihood_ratio` and `negative_likelihood_ratio` are "
                      "both set to `np.nan`. " + _LR_ADVICE,
                      UndefinedMetricWarning, stacklevel=2)
    if np.any(fp_zero):
        # (scikit-learn's message ends here: the rest of its sentence is lost in its code)
        end = "set to `np.nan`. Use the `replace_undefined_by` param to "
        if np.any(fp_zero & (tp == 0)):
            warnings.warn("No samples were predicted for the positive class and "
                          "`positive_likelihood_ratio` is " + end,
                          UndefinedMetricWarning, stacklevel=2)
        if np.any(fp_zero & (tp != 0)):
            warnings.warn("`positive_likelihood_ratio` is ill-defined and " + end,
                          UndefinedMetricWarning, stacklevel=2)
    if np.any(tn_zero):
        warnings.warn("`negative_likelihood_ratio` is ill-defined and set to `np.nan`. "
                      + _LR_ADVICE, UndefinedMetricWarning, stacklevel=2)
    # rates first (sensitivity / (1 - specificity)): products of weight sums can overflow
    with np.errstate(divide="ignore", invalid="ignore"):  # 0/0 without positives: NaN
        positive = np.where(fp_zero, replace_pos, (tp / support_pos) / (fp / support_neg))
        negative = np.where(tn_zero, replace_neg, (fn / support_pos) / (tn / support_neg))
    return as_float(positive), as_float(negative)
