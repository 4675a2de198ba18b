"""Calibration: the calibration curve and the calibration error, on per-bin sums.

Both functions put each sample's confidence in a bin and reduce the samples to three
sums per bin, made by one :func:`numpy.bincount` pass each over the bin indices: the
weight ``w_b``, the weight of the positives (or of the right top-label predictions)
``wy_b`` and the weighted confidence ``wp_b``. Everything else is arithmetic on those
sums, which add up over batches (:class:`CalibrationSums`: ``update`` and ``+``).

:func:`calibration_curve` is scikit-learn's ``sklearn.calibration.calibration_curve``
(same bins, values and errors) with ``sample_weight``; :func:`calibration_error` is the
expected (l1), root-mean-square (l2) and maximum calibration error, binary, top-label or
class-wise.
"""

from fractions import Fraction

import numpy as np
from sklearn.calibration import calibration_curve as _sk_calibration_curve
from sklearn.utils import check_consistent_length, column_or_1d
from sklearn.utils.validation import _check_pos_label_consistency

from ._auc import unit_scaled
from ._facts import CURVE_CONSTRAINTS, FACTS
from ._losses import _finite_range, check_samples, encode_targets, pick, prepare_scores
from . import _dask
from ._params import Checker, checked
from ._validation import check_sample_weight, is_dask_collection, refuse_masked


# -- bins -----------------------------------------------------------------------------------
def weighted_percentile_edges(values, weights, n_bins):
    """The ``n_bins + 1`` bin edges at the quantiles ``0, 1/n_bins, ..., 1`` of ``values``:
    ``np.percentile(values, np.linspace(0, 1, n_bins + 1) * 100)``, and with ``weights``
    the same on the sample in which each value is repeated ``weights`` times, computed
    without repeating (numpy's ``'linear'`` method, its arithmetic step by step: index
    ``(W - 1) q`` in the repeated sorted sample, ``W`` the total weight, interpolated as
    numpy's ``_lerp``). Non-integer weights use the same formula on the cumulative
    weights; a zero weight removes its value."""
    q = np.true_divide(np.linspace(0, 1, n_bins + 1) * 100, 100)  # as np.percentile reads it
    if weights is None:
        return np.percentile(values, q * 100)
    kept = weights > 0
    if not kept.all():  # a zero weight: no repetition of its value
        values, weights = values[kept], weights[kept]
    order = np.argsort(values, kind="stable")
    ordered = values[order]
    cumulative = np.cumsum(weights[order], dtype=np.float64)
    total = cumulative[-1]
    virtual = (total - 1) * q
    previous = np.floor(virtual)
    gamma = virtual - previous
    last = ordered.shape[0] - 1
    below, above = virtual < 0, virtual >= total - 1
    lower = np.minimum(np.searchsorted(cumulative, previous, side="right"), last)
    upper = np.minimum(np.searchsorted(cumulative, previous + 1, side="right"), last)
    lower[above], upper[above] = last, last  # numpy: the maximum beyond the last index
    lower[below], upper[below] = 0, 0
    a, b = ordered[lower], ordered[upper]
    diff = b - a
    edges = a + diff * gamma
    high = gamma >= 0.5
    edges[high] = b[high] - diff[high] * (1 - gamma[high])
    return edges


def uniform_bins(confidence, n_bins):
    """Bin ``i`` of ``n_bins`` equal-width bins: ``[i/n, (i+1)/n)`` in exact arithmetic,
    the last one closed. ``floor(fl(p n))`` is that bin unless the rounded product is an
    integer ``k`` (it may have been rounded up to it): those few are compared exactly
    with ``k/n`` (the double nearest ``k/n``, and whether it lies below ``k/n``)."""
    scaled = confidence * n_bins
    bins = scaled.astype(np.intp)  # floor: the confidences are >= 0
    exact = np.flatnonzero(bins == scaled)
    if exact.size:
        k = bins[exact]
        p = confidence[exact]
        edges = np.arange(n_bins + 1) / n_bins  # the doubles nearest k / n
        below = np.zeros(n_bins + 1, dtype=bool)  # edges[k] < k / n exactly
        for j in np.flatnonzero(np.bincount(k, minlength=n_bins + 1)).tolist():
            below[j] = Fraction(float(edges[j])) < Fraction(j, n_bins)
        lower = (p < edges[k]) | ((p == edges[k]) & below[k]) | (k == n_bins)
        bins[exact] = k - lower
    return bins


def bins_among(inner, values, side):
    """``np.searchsorted(inner, values, side)`` for sorted ``inner`` edges: the number of
    edges below each value (``side='left'``: an edge equal to the value is not counted).
    Up to 32 edges it counts them, one comparison pass per edge (a binary search per
    value is several times slower on unsorted values)."""
    if inner.shape[0] > 32:
        return np.searchsorted(inner, values, side=side)
    bins = np.zeros(values.shape[0], dtype=np.intp)
    above = np.greater_equal if side == "right" else np.greater
    for edge in inner.tolist():
        bins += above(values, edge)
    return bins


def quantile_bins(confidence, weights, n_bins):
    """Bin of each confidence among bins ``[e_i, e_(i+1))`` (the last closed) at the
    weighted quantiles ``e`` of the confidences (:func:`weighted_percentile_edges`)."""
    edges = weighted_percentile_edges(confidence, weights, n_bins)
    return bins_among(edges[1:-1], confidence, "right")


def bin_sums(bins, n_bins, hits, confidence, weights):
    """``(w, wy, wp)`` per bin: the weight, the weight of the hits and the weighted
    confidence, one :func:`numpy.bincount` each (unweighted: ``w`` and ``wy`` from one
    bincount of the (bin, hit) pairs, made in place of ``bins``, which is overwritten)."""
    if weights is None:  # the counts of (bin, hit) pairs: w and wy in one pass
        wp = np.bincount(bins, weights=confidence, minlength=n_bins)
        pairs = np.multiply(bins, 2, out=bins)  # ``bins`` is the caller's scratch array
        pairs += hits
        pairs = np.bincount(pairs, minlength=2 * n_bins).astype(np.float64)
        wy = pairs[1::2]
        w = pairs[0::2] + wy
    else:
        w = np.bincount(bins, weights=weights, minlength=n_bins)
        wy = np.bincount(bins, weights=np.where(hits, weights, 0.0), minlength=n_bins)
        wp = np.bincount(bins, weights=weights * confidence, minlength=n_bins)
    return w, wy, wp


# -- the calibration curve (scikit-learn's, with weights) ------------------------------------
@checked({**CURVE_CONSTRAINTS["calibration_curve"],
          **getattr(_sk_calibration_curve, "_skl_parameter_constraints", {})})
def calibration_curve(y_true, y_prob, *, pos_label=None, n_bins=5, strategy="uniform",
                      sample_weight=None):
    """Compute true and predicted probabilities for a calibration curve, with weights.

    Drop-in for :func:`sklearn.calibration.calibration_curve` (same bins, values and
    errors), plus ``sample_weight``. The binary target's probabilities are cut into
    bins; each non-empty bin gives the (weighted) fraction of positives and the
    (weighted) mean probability.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True targets.
    y_prob : array-like of shape (n_samples,)
        Probabilities of the positive class, in [0, 1].
    pos_label : int, float, bool or str, default=None
        The label of the positive class; None: 1 of {0, 1} or {-1, 1} labels.
    n_bins : int, default=5
        Number of bins. Empty bins are left out, so fewer values may be returned.
    strategy : {'uniform', 'quantile'}, default='uniform'
        ``'uniform'``: equal widths on [0, 1]; ``'quantile'``: edges at the
        quantiles of ``y_prob`` (weighted: see Notes).
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative sample weights.

    Returns
    -------
    prob_true : ndarray of shape (n_bins,) or smaller
        The (weighted) fraction of positives in each non-empty bin.
    prob_pred : ndarray of shape (n_bins,) or smaller
        The (weighted) mean predicted probability in each non-empty bin.

    See Also
    --------
    calibration_error : One number from the same bins.
    sklearn.calibration.calibration_curve : The same without weights.

    Notes
    -----
    As in scikit-learn, a probability on an inner edge belongs to the lower bin
    (``np.searchsorted`` of the inner edges): bin :math:`i` is
    :math:`(e_i, e_{i+1}]`, the first one closed. With integer weights the result is the
    unweighted result on the sample in which each sample is repeated by its weight: the
    quantile edges are ``np.percentile``'s linear quantiles of that repeated sample
    (position :math:`q (W - 1)` in it, :math:`W` the total weight), computed from the
    cumulative weights without repeating; a zero weight removes its sample.

    References
    ----------
    .. [1] A. Niculescu-Mizil and R. Caruana (2005). Predicting good probabilities with
       supervised learning. ICML, section 4.

    Examples
    --------
    >>> from metrics_sk import calibration_curve
    >>> y_true = [0, 0, 0, 0, 1, 1, 1, 1, 1]
    >>> y_prob = [0.1, 0.2, 0.3, 0.4, 0.65, 0.7, 0.8, 0.9, 1.]
    >>> prob_true, prob_pred = calibration_curve(y_true, y_prob, n_bins=3)
    >>> prob_true.tolist(), prob_pred.round(3).tolist()
    ([0.0, 0.5, 1.0], [0.2, 0.525, 0.85])
    >>> prob_true, _ = calibration_curve(y_true, y_prob, n_bins=3,
    ...                                  sample_weight=[1, 1, 1, 3, 1, 1, 1, 1, 1])
    >>> prob_true.tolist()
    [0.0, 0.25, 1.0]
    """
    for x, name in ((y_true, "y_true"), (y_prob, "y_prob"), (sample_weight, "sample_weight")):
        refuse_masked(x, name)
    y_true = column_or_1d(y_true)
    y_prob = column_or_1d(y_prob)
    check_consistent_length(y_true, y_prob, sample_weight)
    pos_label = _check_pos_label_consistency(pos_label, y_true)
    weights = check_sample_weight(sample_weight, y_true.shape[0])
    if weights is not None:
        weights = weights.astype(np.float64, copy=False)
        if not weights.any():
            raise ValueError("sample_weight sums to zero: no sample is left to bin.")
    if np.isnan(y_prob.min()) or np.isnan(y_prob.max()):  # scikit-learn would bin NaN
        raise ValueError("Input y_prob contains NaN.")
    if y_prob.min() < 0 or y_prob.max() > 1:
        raise ValueError("y_prob has values outside [0, 1].")
    labels = encode_targets(y_true, None)[0]  # the sorted classes, by the one encoder
    if len(labels) > 2:
        raise ValueError(f"Only binary classification is supported. Provided labels {labels}.")
    is_pos = y_true == pos_label
    w, wy, wp = curve_sums(is_pos, y_prob, weights, n_bins, strategy)
    nonzero = w != 0
    return wy[nonzero] / w[nonzero], wp[nonzero] / w[nonzero]


def curve_sums(is_pos, y_prob, weights, n_bins, strategy, squares=False):
    """``(w, wy, wp)`` per bin of :func:`calibration_curve` (checked inputs): the bins of
    scikit-learn's curve (an inner edge in the lower bin), weighted quantile edges for
    ``'quantile'``. With ``squares``, a fourth sum: of the squared weights (None without
    weights), for an effective count of each bin."""
    if strategy == "quantile":
        edges = weighted_percentile_edges(y_prob, weights, n_bins)
    else:
        edges = np.linspace(0.0, 1.0, n_bins + 1)
    bins = bins_among(edges[1:-1], y_prob, "left")  # scikit-learn's: an edge in the lower bin
    square_sums = (None if weights is None or not squares
                   else np.bincount(bins, weights=weights * weights, minlength=n_bins))
    sums = bin_sums(bins, n_bins, is_pos, y_prob, weights)  # (overwrites ``bins``)
    return (*sums, square_sums) if squares else sums


# -- the calibration error ------------------------------------------------------------------
#: The options of CalibrationSums: those of calibration_error (its registry facts).
_CHECK = Checker("CalibrationSums", FACTS["calibration_error"].constraints)

class CalibrationSums:
    """Running calibration error over batches, from per-bin sums that add up.

    The per-bin sums of :func:`calibration_error` with uniform bins: ``update`` adds a batch, ``compute`` gives the error so far, ``a + b`` merges two
    accumulators (e.g. from different processes or Dask partitions) without changing
    either. ``compute(norm)`` after any sequence of updates and merges equals
    ``calibration_error(..., strategy='uniform', norm=norm)`` on all the samples at once
    (to rounding). Quantile bins need every confidence first, so they do not stream.

    Parameters
    ----------
    n_bins : int, default=15
        Number of equal-width bins.
    multi_class : {'top_label', 'classwise'}, default='top_label'
        As in :func:`calibration_error`, for 2-D probabilities.
    labels : array-like of shape (n_classes,), default=None
        The class of each column of 2-D probabilities: required for them, since a batch
        need not show every class. Unused for 1-D probabilities.
    pos_label : int, float, bool or str, default=None
        The class whose probability a 1-D ``y_proba`` holds, as in
        :func:`calibration_error`.

    Attributes
    ----------
    sums : ndarray of shape (3, n_bins) or (3, n_classes, n_bins), or None
        The weight, the weight of the hits and the weighted confidence of each bin (of
        each class with ``'classwise'``); None before the first batch.

    See Also
    --------
    calibration_error : The same error of samples in memory (or on Dask).
    StreamingLoss : The same pattern for the losses.

    Examples
    --------
    >>> import numpy as np
    >>> from metrics_sk import CalibrationSums, calibration_error
    >>> y = np.array([0, 1, 1, 0, 1, 1])
    >>> p = np.array([0.2, 0.7, 0.9, 0.4, 0.6, 0.3])
    >>> a = CalibrationSums(n_bins=5).update(y[:3], p[:3])
    >>> b = CalibrationSums(n_bins=5).update(y[3:], p[3:])
    >>> bool(np.isclose((a + b).compute(), calibration_error(y, p, n_bins=5)))
    True
    """

    def __init__(self, n_bins=15, *, multi_class="top_label", labels=None, pos_label=None):
        _CHECK({"n_bins": n_bins, "multi_class": multi_class, "labels": labels,
                "pos_label": pos_label})
        self.n_bins, self.multi_class = n_bins, multi_class
        self.labels = None if labels is None else np.asarray(labels)
        self.pos_label = pos_label
        self.sums = None

    def update(self, y_true, y_proba, sample_weight=None):
        """Add a batch.

        Parameters
        ----------
        y_true : array-like of shape (n_samples,)
            True labels.
        y_proba : array-like of shape (n_samples,) or (n_samples, n_classes)
            Probabilities, as :func:`calibration_error` takes them.
        sample_weight : array-like of shape (n_samples,), default=None
            Non-negative sample weights.

        Returns
        -------
        self : CalibrationSums
            This accumulator, with the batch added.
        """
        if np.ndim(y_proba) == 2 and self.labels is None:
            raise ValueError("A 2-D y_proba needs labels= (the class of each column) when "
                             "it comes in batches: a batch need not show every class.")
        samples = _samples(y_true, y_proba, sample_weight, labels=self.labels,
                           pos_label=self.pos_label, multi_class=self.multi_class)
        sums = np.array(_sums(samples, self.n_bins, "uniform", self.multi_class))
        if self.sums is not None and sums.shape != self.sums.shape:
            raise ValueError(f"This batch gives sums of shape {sums.shape[1:]}, earlier "
                             f"batches {self.sums.shape[1:]}: 1-D and 2-D probabilities "
                             "do not mix.")
        self.sums = sums if self.sums is None else self.sums + sums
        return self

    def __add__(self, other):
        if not isinstance(other, CalibrationSums):
            return NotImplemented
        same = (self.n_bins == other.n_bins and self.multi_class == other.multi_class
                and self.pos_label == other.pos_label
                and (self.labels is None) == (other.labels is None)
                and (self.labels is None or np.array_equal(self.labels, other.labels)))
        shapes = {s.shape for s in (self.sums, other.sums) if s is not None}
        if not same or len(shapes) > 1:
            raise ValueError("Cannot merge CalibrationSums of different n_bins, "
                             "multi_class, labels, pos_label or kinds of probabilities.")
        out = CalibrationSums(self.n_bins, multi_class=self.multi_class, labels=self.labels,
                              pos_label=self.pos_label)
        parts = [s for s in (self.sums, other.sums) if s is not None]
        out.sums = None if not parts else sum(parts[1:], parts[0].copy())
        return out

    def __radd__(self, other):
        if isinstance(other, int) and other == 0:  # sum([a, b, ...])
            return self + CalibrationSums(self.n_bins, multi_class=self.multi_class,
                                          labels=self.labels, pos_label=self.pos_label)
        return NotImplemented

    def compute(self, norm="l1"):
        """Compute the calibration error of every sample so far.

        Parameters
        ----------
        norm : {'l1', 'l2', 'max', 'l2_debiased'}, default='l1'
            As in :func:`calibration_error`.

        Returns
        -------
        error : float
            The calibration error.
        """
        _CHECK({"norm": norm})
        if self.sums is None:
            raise ValueError("No samples yet: call update() before compute().")
        return _error(self.sums, norm)

    def __repr__(self):
        n = 0 if self.sums is None else int(round(self.sums[0].sum(axis=-1).max()))
        return (f"CalibrationSums(n_bins={self.n_bins}, multi_class={self.multi_class!r}, "
                f"weight={n})")


def _binary_targets(y_true, y_proba, sample_weight, pos_label):
    """``(is_pos, proba, weights)`` of 1-D probabilities of ``pos_label``."""
    classes, codes, proba, weights = check_samples(y_true, y_proba, sample_weight,
                                                   name="y_proba")
    if classes.shape[0] > 2:
        raise ValueError(f"A 1-D y_proba holds the probability of pos_label of a binary "
                         f"target, but y_true has {classes.shape[0]} classes: pass one "
                         "column per class.")
    values = classes.tolist()
    if pos_label is None:
        if classes.dtype.kind not in "biuf" or not (set(values) <= {0, 1}
                                                    or set(values) <= {-1, 1}):
            raise ValueError(f"y_true takes values in {values} and pos_label is not "
                             "specified: either make y_true take values in {0, 1} or "
                             "{-1, 1} or pass pos_label explicitly.")
        pos_label = 1
    matches = [i for i, c in enumerate(values) if c == pos_label
               and isinstance(c, str) == isinstance(pos_label, str)]
    if not matches and len(values) == 2:
        raise ValueError(f"pos_label={pos_label!r} is not a label of y_true {values}.")
    is_pos = codes == matches[0] if matches else np.zeros(codes.shape[0], dtype=bool)
    return is_pos, proba, weights


def _samples(y_true, y_proba, sample_weight, *, labels, pos_label, multi_class):
    """The validated samples: ``(hits, confidence, weights)``, the first two of shape
    (n,) (binary, top-label) or (n, n_classes) (class-wise)."""
    if np.ndim(y_proba) == 1:
        if labels is not None:
            raise ValueError("labels names the columns of a 2-D y_proba; a 1-D y_proba is "
                             "the probability of pos_label.")
        hits, proba, weights = _binary_targets(y_true, y_proba, sample_weight, pos_label)
        _finite_range(proba, "y_proba", probabilities=True, advice="pass probabilities")
        confidence = proba
    else:
        codes, _, proba, weights = prepare_scores(y_true, y_proba, labels, sample_weight,
                                                  name="y_proba", probabilities=True,
                                                  advice="pass probabilities")
        if multi_class == "top_label":
            predicted = proba.argmax(axis=1)
            confidence, hits = pick(proba, predicted), predicted == codes
        else:
            confidence = proba
            hits = codes[:, None] == np.arange(proba.shape[1])
    if weights is not None:
        weights = weights.astype(np.float64, copy=False)
    return hits, confidence, weights


def _sums(samples, n_bins, strategy, multi_class, scaled=False):
    """``(w, wy, wp)``, each of shape (n_bins,), or (n_classes, n_bins) when the
    samples are class-wise. ``scaled``: the sums in units of the power of two of the
    largest weight (``_auc.unit_scaled``: exact, and the l1, l2 and max errors are ratios
    of them; tiny weights such as 5e-324 gave subnormal products ``w p``, a wrong error),
    for the norms that do not read the weights as counts."""
    hits, confidence, weights = samples
    if confidence.ndim == 2:  # class-wise: each column a binary problem
        per_class = [_sums((hits[:, k], np.ascontiguousarray(confidence[:, k]), weights),
                           n_bins, strategy, multi_class, scaled)
                     for k in range(confidence.shape[1])]
        return tuple(np.stack(s) for s in zip(*per_class))
    if strategy == "uniform":
        bins = uniform_bins(confidence, n_bins)
    else:  # (the edges read the weights as counts: unscaled)
        bins = quantile_bins(confidence, weights, n_bins)
    if scaled and weights is not None:
        weights = unit_scaled(weights)
    return bin_sums(bins, n_bins, hits, confidence, weights)


def _error(sums, norm):
    """The calibration error of the sums ``(w, wy, wp)`` (the mean over classes of
    class-wise sums, shape (3, n_classes, n_bins))."""
    w, wy, wp = sums
    total = w.sum(axis=-1)
    if not np.all(total > 0):  # every weight zero (or, class-wise, every column's)
        raise ValueError("sample_weight sums to zero: the calibration error is undefined.")
    filled = w > 0
    safe = np.where(filled, w, 1.0)
    gap = (wy - wp) / safe  # acc_b - conf_b, 0 in empty bins
    if norm == "l1":
        value = np.abs(wy - wp).sum(axis=-1) / total
    elif norm == "max":
        value = np.abs(gap).max(axis=-1)
    else:
        squares = w * gap**2
        if norm == "l2_debiased":  # Kumar, Liang & Ma (2019): minus each bin's variance
            acc = wy / safe
            several = w > 1
            variance = np.where(several, acc * (1 - acc) / np.where(several, w - 1, 1.0), 0.0)
            squares = np.where(several, squares - w * variance, 0.0)
        value = np.sqrt(np.maximum(squares.sum(axis=-1) / total, 0.0))
    return float(np.mean(value))


@checked(FACTS["calibration_error"].constraints)
def calibration_error(y_true, y_proba, *, n_bins=15, strategy="uniform", norm="l1",
                      multi_class="top_label", labels=None, pos_label=None,
                      sample_weight=None):
    r"""Calibration error: how far the predicted probabilities are from the frequencies.

    The confidences are cut into bins; in each bin the (weighted) accuracy is compared
    with the (weighted) mean confidence, and the gaps are summarized by a norm: the
    expected calibration error (ECE, ``'l1'``), its root-mean-square version (``'l2'``)
    or the maximum calibration error (MCE, ``'max'``).

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels.
    y_proba : array-like of shape (n_samples,) or (n_samples, n_classes)
        Probabilities in [0, 1]: of ``pos_label`` (1-D, binary), or one column per class
        (2-D; the rows need not sum to 1).
    n_bins : int, default=15
        Number of bins.
    strategy : {'uniform', 'quantile'}, default='uniform'
        ``'uniform'``: equal-width bins on [0, 1], bin :math:`i` is
        :math:`[i/n, (i+1)/n)` in exact arithmetic (the double 0.3 lies below 3/10, so
        it is in the bin below 0.3), the last one closed. ``'quantile'``: the edges are the
        weighted quantiles of the confidences (``np.percentile``'s linear quantiles,
        weights as repetitions; see :func:`calibration_curve`), bin :math:`i` is
        :math:`[e_i, e_{i+1})`, the last one closed.
    norm : {'l1', 'l2', 'max', 'l2_debiased'}, default='l1'
        How the gaps of the bins are summarized (see Notes).
    multi_class : {'top_label', 'classwise'}, default='top_label'
        For 2-D ``y_proba``: ``'top_label'``, the confidence is the largest probability
        of a sample and its accuracy whether that class (the first of ties) is the true
        one; ``'classwise'``, the mean over the columns of each column's binary error
        (its class against the rest). Unused for 1-D ``y_proba``.
    labels : array-like of shape (n_classes,), default=None
        The class of each column of a 2-D ``y_proba``; by default the sorted classes of
        ``y_true``, which must then all occur.
    pos_label : int, float, bool or str, default=None
        The class whose probability a 1-D ``y_proba`` holds; None: 1 of {0, 1} or
        {-1, 1} labels.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative sample weights.

    Returns
    -------
    error : float
        The calibration error, in [0, 1] (0: calibrated within every bin).

    See Also
    --------
    calibration_curve : The accuracy and confidence of each bin.
    log_loss : A proper scoring rule of the same probabilities.

    Notes
    -----
    With :math:`w_b` the weight of bin :math:`b`, :math:`W = \sum_b w_b`,
    :math:`\mathrm{acc}_b` the weighted fraction of positives (right predictions) and
    :math:`\mathrm{conf}_b` the weighted mean confidence of the bin:

    .. math::

        \mathrm{l1} = \sum_b \frac{w_b}{W} |\mathrm{acc}_b - \mathrm{conf}_b|, \quad
        \mathrm{l2} = \Big(\sum_b \frac{w_b}{W} (\mathrm{acc}_b - \mathrm{conf}_b)^2
        \Big)^{1/2}, \quad
        \mathrm{max} = \max_{b:\, w_b > 0} |\mathrm{acc}_b - \mathrm{conf}_b|.

    These plug-in estimates are biased upwards: even a calibrated model has
    :math:`\mathrm{acc}_b \ne \mathrm{conf}_b` by sampling noise, whose squared size is
    about :math:`\mathrm{acc}_b (1 - \mathrm{acc}_b) / w_b`, so they grow with
    ``n_bins`` and shrink with the sample size. ``'l2_debiased'`` is the debiased
    estimator of the squared l2 error of Kumar, Liang and Ma [1]_ (section 5), which
    subtracts that variance in each bin with at least two samples (weight above 1;
    weights count as repetitions), the others counting 0:

    .. math::

        \mathrm{l2\_debiased} = \Big(\max\Big(0, \sum_{b:\, w_b > 1} \frac{w_b}{W}
        \Big[(\mathrm{acc}_b - \mathrm{conf}_b)^2
        - \frac{\mathrm{acc}_b (1 - \mathrm{acc}_b)}{w_b - 1}\Big]\Big)\Big)^{1/2}.

    It is a norm value rather than a ``debias`` flag because it only exists for the l2
    error: one option, no meaningless combination.

    The sums :math:`w_b`, :math:`w_b \mathrm{acc}_b` and :math:`w_b \mathrm{conf}_b` are
    one :func:`numpy.bincount` each over the bin indices; with uniform bins they add up
    over batches (:class:`CalibrationSums`) and Dask partitions. torchmetrics'
    ``binary_calibration_error`` and ``multiclass_calibration_error`` give the same
    values (top-label, uniform bins) to float32 rounding (1e-6, tests/test_calibration.py),
    but for a probability of exactly 1, which they count in a bin of its own, and one
    within 4e-8 of an edge, which they compare with float32 edges.

    References
    ----------
    .. [1] A. Kumar, P. Liang and T. Ma (2019). Verified uncertainty calibration.
       NeurIPS 32.
    .. [2] C. Guo, G. Pleiss, Y. Sun and K. Q. Weinberger (2017). On calibration of
       modern neural networks. ICML, PMLR 70.

    Examples
    --------
    >>> from metrics_sk import calibration_error
    >>> y_true = [0, 0, 1, 1, 1]
    >>> y_proba = [0.25, 0.25, 0.55, 0.75, 0.75]
    >>> round(calibration_error(y_true, y_proba, n_bins=2), 4)
    0.29
    >>> round(calibration_error(y_true, y_proba, n_bins=2, norm="max"), 4)
    0.3167
    >>> proba = [[0.8, 0.1, 0.1], [0.3, 0.6, 0.1], [0.2, 0.3, 0.5], [0.5, 0.4, 0.1]]
    >>> round(calibration_error([0, 1, 2, 1], proba, n_bins=5), 4)
    0.15
    """
    if any(is_dask_collection(a) for a in (y_true, y_proba, sample_weight)):
        return _on_dask(y_true, y_proba, sample_weight, n_bins=n_bins, strategy=strategy,
                        norm=norm, multi_class=multi_class, labels=labels,
                        pos_label=pos_label)
    samples = _samples(y_true, y_proba, sample_weight, labels=labels, pos_label=pos_label,
                       multi_class=multi_class)
    return _error(_sums(samples, n_bins, strategy, multi_class,
                        scaled=norm != "l2_debiased"), norm)


def replicate_sums(y_true, y_proba, *, labels):
    """The default calibration error (l1, uniform bins, top-label) of replicates given as
    integer weights: a function of ``(R, n)`` weights (each row a bootstrap replicate's
    counts of the samples) returning the ``R`` errors. The samples are checked and binned
    once; each replicate's per-bin sums are the weighted counts of the same bins (weights
    as repetitions, as ``sample_weight`` reads them)."""
    import inspect

    defaults = inspect.signature(calibration_error).parameters
    n_bins, norm = defaults["n_bins"].default, defaults["norm"].default
    hits, confidence, _ = _samples(y_true, y_proba, None, labels=labels, pos_label=None,
                                   multi_class=defaults["multi_class"].default)
    bins = uniform_bins(confidence, n_bins)

    def errors(weights):
        r = weights.shape[0]  # each replicate's bins offset by n_bins: one bincount each
        keys = (bins + n_bins * np.arange(r)[:, None]).ravel()
        sums = np.stack([np.bincount(keys, weights=(weights * v).ravel(), minlength=r * n_bins)
                         for v in (1.0, hits, confidence)]).reshape(3, r, n_bins)
        return np.array([_error(sums[:, i], norm) for i in range(r)])
    return errors


def _partition_sums(empty, y_true, y_proba, sample_weight):
    """The sums of one partition (None when it is empty)."""
    if len(y_true) == 0:
        return None
    return empty.update(y_true, y_proba, sample_weight)


def _on_dask(y_true, y_proba, sample_weight, *, n_bins, strategy, norm, multi_class, labels,
             pos_label):
    """Dask inputs: each partition is reduced to its :class:`CalibrationSums` on its
    worker, the sums are added in a tree (``_dask.reduce_partitions``), one value comes
    back. Uniform bins only, and 2-D probabilities need ``labels``: quantile edges and
    the class of each column depend on all the partitions."""
    if strategy != "uniform":
        raise ValueError("strategy='quantile' needs the quantiles of all the confidences; "
                         "Dask inputs take strategy='uniform' (or compute the inputs first).")
    if np.ndim(y_proba) == 2 and labels is None:
        raise ValueError("A 2-D y_proba on Dask needs labels= (the class of each column): "
                         "a partition does not see every class.")
    import dask

    parts = _dask.partitions((("y_true", y_true), ("y_proba", y_proba),
                              ("sample_weight", sample_weight)), score="y_proba")
    update = dask.delayed(_partition_sums, pure=False)
    merged = _dask.reduce_partitions([
        update(CalibrationSums(n_bins, multi_class=multi_class, labels=labels,
                               pos_label=pos_label), t, p, w) for t, p, w in parts])
    if merged is None:
        raise ValueError("Found empty input: y_true has no sample.")
    return merged.compute(norm)
