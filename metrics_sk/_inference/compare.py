"""Is model A better than model B? Paired comparison on one joint table.

Every paired question about two models' predictions of the same samples is answered by
the joint table of (true label, prediction of A, prediction of B): its non-zero cells are
counted once (O(n)), and then

* the paired bootstrap draws each replicate as multinomial counts of those cells, folds
  them into the replicate confusions of A and of B (a sparse sum), and evaluates the
  metric on both as batches (the machinery of :mod:`metrics_sk._inference.resampling`);
* McNemar's test reads the two discordant cells (A right and B wrong, and the reverse);
* the Stuart-Maxwell test reads the table of (prediction of A, prediction of B).

Paired DeLong compares two ROC AUCs of the same samples from their placement values.
"""

import functools
import warnings
from dataclasses import dataclass

import numpy as np
import scipy.sparse as sp
from scipy import stats
from scipy.special import ndtr, ndtri

from .._confusion import Confusion
from .._encoding import compact, encode
from .._losses import prepare_scores, score_array, check_scores
from .._params import INFERENCE, Checker
from .._registry import resolve
from .._scores import encoded_inputs
from .._validation import (
    check_same_length,
    check_sample_weight,
    is_dask_collection,
    refuse_masked,
    refuse_zero_weights,
)
from .bootstrap import VECTORIZED, call_method, resolve_metric
from .intervals import auc_options, delong_components, group_variance, power_of_two
from .resampling import (
    CellSampler,
    ConfidenceInterval,
    EncodedRows,
    as_scalar,
    evaluate_replicates,
    leaves_of,
    make_rng,
    quantile,
    refuse_dask,
    warn_nan_replicates,
)

_CHECK = Checker("compare", INFERENCE["compare"])
_CHECK_TTEST = Checker("corrected_resampled_ttest", INFERENCE["corrected_resampled_ttest"])


@dataclass
class ComparisonResult:
    """Result of :func:`compare` and :func:`corrected_resampled_ttest`.

    The two models' values, their difference with its interval, and the test's p-value.

    Parameters
    ----------
    statistic_a, statistic_b : float or ndarray
        The metric of model A and of model B.
    difference : float or ndarray
        ``statistic_a - statistic_b``.
    confidence_interval : ConfidenceInterval
        ``low`` and ``high`` bounds of the difference (NaN for a test without one).
    pvalue : float or ndarray
        Two-sided p-value of "no difference".
    test_statistic : float or None
        The test's statistic (McNemar, chi-square, z, t), None for the bootstrap.
    method : str
        The method used.

    See Also
    --------
    compare : Paired comparison on the same samples.
    corrected_resampled_ttest : Comparison of cross-validation scores.

    Examples
    --------
    >>> from metrics_sk import compare
    >>> res = compare("accuracy_score", [0, 1, 1, 0, 1], [0, 1, 1, 0, 0], [0, 0, 1, 1, 0],
    ...               method="mcnemar")
    >>> res.difference, res.pvalue
    (0.4, 0.5)
    """

    statistic_a: object
    statistic_b: object
    difference: object
    confidence_interval: ConfidenceInterval
    pvalue: object
    test_statistic: object
    method: str


def _joint_cells(codes, k):
    """The distinct (true, A, B) code triples, in the order of their first sample, and
    each sample's index among them. That order does not depend on which model is A: the
    models swapped, the same cells (mirrored) come in the same order, so the same random
    draws give the mirrored replicates."""
    t, a, b = codes
    cells, cell_of = compact((t * k + a) * k + b)
    first = np.full(cells.shape[0], cell_of.shape[0])
    np.minimum.at(first, cell_of, np.arange(cell_of.shape[0]))
    order = np.argsort(first)
    rank = np.empty_like(order)
    rank[order] = np.arange(order.shape[0])
    true, rest = np.divmod(cells[order], k * k)
    return (true, *np.divmod(rest, k)), rank[cell_of]


class _JointTable:
    """Non-zero cells of the table of (true, prediction A, prediction B) codes over the
    label ``values``, with their counts (weight sums); ``cell_of`` and ``weights`` are the
    samples' cells and weights, kept for the weighted bootstrap. Tables add (union of
    labels), so Dask partitions are counted where they live and merged."""

    def __init__(self, values, cells, counts, cell_of=None, weights=None):
        self.values, (self.true, self.a, self.b), self.counts = values, cells, counts
        self.cell_of, self.weights = cell_of, weights

    @classmethod
    def from_samples(cls, y_true, y_pred_a, y_pred_b, sample_weight):
        if any(is_dask_collection(x) for x in (y_true, y_pred_a, y_pred_b, sample_weight)):
            if sample_weight is not None:
                raise ValueError("compare with sample weights resamples the samples, which "
                                 "needs in-memory arrays; compute the Dask collections first.")
            return _dask_table(y_true, y_pred_a, y_pred_b)
        values, codes = encode(y_true, y_pred_a, y_pred_b,
                               names=["y_true", "y_pred_a", "y_pred_b"])
        weights = check_sample_weight(sample_weight, codes[0].shape[0])
        cells, cell_of = _joint_cells(codes, values.shape[0])
        counts = np.bincount(cell_of, weights=weights, minlength=cells[0].size)
        return cls(values, cells, counts, cell_of, weights)

    def __add__(self, other):
        values, (both,) = encode(np.concatenate((self.values, other.values)),
                                 names=["y_true"])
        where = both[:self.values.shape[0]], both[self.values.shape[0]:]
        codes = [np.concatenate([at[getattr(t, side)] for t, at in zip((self, other), where)])
                 for side in ("true", "a", "b")]
        cells, fold = _joint_cells(codes, values.shape[0])
        counts = np.bincount(fold, weights=np.concatenate((self.counts, other.counts)),
                             minlength=cells[0].size)
        return _JointTable(values, cells, counts)

    def sampler(self):
        """The joint cells' sampler: multinomial counts, or resampled weighted samples."""
        cells = (np.arange(self.counts.size),) * 2
        if self.weights is None:
            return CellSampler(None, cells=cells, counts=self.counts)
        return CellSampler(None, cell_of=self.cell_of, weights=self.weights, cells=cells)

    def model(self, pred):
        """``(sampler, fold)`` of one model: a sampler over its own confusion (its labels
        are those of y_true and its predictions, as the metric alone would see them) and
        the sparse matrix folding joint counts into that confusion's cells."""
        present, codes = compact(np.concatenate((self.true, pred)))
        k, j = present.size, self.true.shape[0]
        cells, fold = compact(codes[:j] * k + codes[j:])
        rows, cols = np.divmod(cells, k)
        sums = np.bincount(fold, weights=self.counts, minlength=cells.size)
        confusion = Confusion.from_matrix(sp.csr_array((sums, (rows, cols)), shape=(k, k)),
                                          labels=self.values[present])
        folding = sp.csr_array((np.ones(j), (np.arange(j), fold)), shape=(j, cells.size))
        return CellSampler(confusion, cells=(rows, cols), counts=sums), folding

    def discordant(self):
        """Weight of (A right, B wrong) and of (A wrong, B right)."""
        right_a, right_b = self.true == self.a, self.true == self.b
        return (float(self.counts[right_a & ~right_b].sum()),
                float(self.counts[~right_a & right_b].sum()))


def _partition_table(t, a, b):
    return _JointTable.from_samples(t, a, b, None) if len(t) else None


def _dask_table(y_true, y_pred_a, y_pred_b):
    """The joint table of Dask inputs: one table per partition, merged on the workers."""
    import dask

    from .._dask import partitions, reduce_partitions

    parts = partitions((("y_true", y_true), ("y_pred_a", y_pred_a), ("y_pred_b", y_pred_b)))
    count_one = dask.delayed(_partition_table, pure=False)
    table = reduce_partitions([count_one(t, a, b) for t, a, b in parts])
    if table is None:
        raise ValueError("Found empty input array (y_true) while a minimum of 1 sample is "
                         "required.")
    return table


def _paired_bootstrap(table, statistic, vectorized, n_resamples, confidence_level, rng):
    models = [table.model(table.a), table.model(table.b)]
    estimates = [leaves_of(statistic(sampler.confusion)) for sampler, _ in models]
    if any(len(e) != 1 for e in estimates):
        raise ValueError("metric must return one number or one array to be compared.")
    shapes = [estimates[0][0].shape]
    parts = []
    for counts in table.sampler().chunks(n_resamples, rng):
        pair = []
        for sampler, folding in models:
            leaves, vectorized = evaluate_replicates(sampler, statistic, counts @ folding, shapes,
                                           vectorized)
            pair.append(leaves[0])
        parts.append(pair[0] - pair[1])
    dist = np.concatenate(parts).astype(np.float64)
    a, b = (np.asarray(e[0], dtype=np.float64) for e in estimates)
    return a, b, *_percentile_test(dist, confidence_level)


def _percentile_test(dist, confidence_level):
    """The percentile interval of the replicate differences ``dist`` (R, *shape) and the
    p-value ``2 min(P*(d <= 0), P*(d >= 0))``; the upper bound is minus the lower one of
    ``-dist``, so that the models swapped (``dist`` negated) give exactly the negated
    interval and the same p-value."""
    warn_nan_replicates(dist)
    alpha = (1 - confidence_level) / 2
    low, high = quantile(dist, alpha), -quantile(-dist, alpha)
    with np.errstate(invalid="ignore"):
        defined = (~np.isnan(dist)).sum(0)  # over the replicates the interval keeps
        pvalue = np.minimum(1.0, 2 * np.minimum((dist <= 0).sum(0), (dist >= 0).sum(0))
                            / defined)
    return ConfidenceInterval(as_scalar(low), as_scalar(high)), as_scalar(pvalue)


def _paired_score_bootstrap(func, y_true, y_pred_a, y_pred_b, sample_weight, kwargs,
                            n_resamples, confidence_level, rng):
    """The paired bootstrap of a score metric: the same resampled sample indices for both
    models, each model's inputs encoded once (``resampling.EncodedRows``, as
    :func:`bootstrap` does), the function on the raw rows where a replicate needs it."""
    refuse_dask(y_true, y_pred_a, y_pred_b, sample_weight)
    for name, given in (("y_true", y_true), ("y_pred_a", y_pred_a), ("y_pred_b", y_pred_b),
                        ("sample_weight", sample_weight)):
        refuse_masked(given, name)  # np.asarray below would drop the mask
    t, pa, pb = np.asarray(y_true), np.asarray(y_pred_a), np.asarray(y_pred_b)
    w = None if sample_weight is None else np.asarray(sample_weight)
    check_same_length(("y_true", t), ("y_pred_a", pa), ("y_pred_b", pb), ("sample_weight", w))

    def weights(idx):
        return {} if w is None else {"sample_weight": w if idx is None else w[idx]}

    estimates = [leaves_of(func(t, p, **weights(None), **kwargs)) for p in (pa, pb)]
    if any(len(e) != 1 for e in estimates):
        raise ValueError("metric must return one number or one array to be compared.")
    n = t.shape[0]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        encoded = [encoded_inputs(func, t, p, w, kwargs) for p in (pa, pb)]
        rows = [None if e is None else EncodedRows(*e) for e in encoded]

        def at(model, pred, idx):
            found = None if rows[model] is None else rows[model].rows(idx)
            if found is not None:
                return leaves_of(rows[model].kernel(*found))[0]
            return leaves_of(func(t[idx], pred[idx], **weights(idx), **kwargs))[0]

        dist = []
        for _ in range(n_resamples):
            idx = rng.integers(0, n, n)
            dist.append(np.asarray(at(0, pa, idx), dtype=np.float64)
                        - np.asarray(at(1, pb, idx), dtype=np.float64))
    a, b = (np.asarray(e[0], dtype=np.float64) for e in estimates)
    return a, b, *_percentile_test(np.stack(dist), confidence_level)


def _integer_counts(table, method):
    if table.weights is not None and not np.all(table.counts == np.round(table.counts)):
        raise ValueError(f"method={method!r} counts samples: sample_weight must hold integer "
                         "frequencies.")


def _mcnemar(table, exact, z, normalize):
    """McNemar's test and the Wald interval of the difference of accuracies: of the
    proportions, or with ``normalize=False`` of the counts (``n`` times it), the unit of
    the difference. Computed on the proportions of the total (scale-free: weights of
    1e300 neither overflow nor underflow)."""
    _integer_counts(table, "mcnemar")
    b, c = table.discordant()
    n = float(table.counts.sum())
    if exact:
        statistic = min(b, c)
        pvalue = min(1.0, 2 * stats.binom.cdf(statistic, b + c, 0.5))
    elif b + c == 0:
        warnings.warn("No discordant pairs: the chi-square statistic is 0/0; p-value set to 1.",
                      RuntimeWarning, stacklevel=3)
        statistic, pvalue = 0.0, 1.0
    else:
        excess = abs(b - c) - 1
        statistic = excess * (excess / (b + c))
        pvalue = float(stats.chi2.sf(statistic, 1))
    pb, pc = b / n, c / n
    diff = pb - pc
    se = np.sqrt(max(pb + pc - diff * diff, 0.0) / n)
    low, high = max(diff - z * se, -1.0), min(diff + z * se, 1.0)
    if not normalize:
        low, high = low * n, high * n
    return ConfidenceInterval(low, high), float(pvalue), float(statistic)


def _stuart_maxwell(table):
    """Marginal homogeneity of the (prediction A, prediction B) table over the classes
    either model predicts."""
    _integer_counts(table, "stuart_maxwell")
    present, index = compact(np.concatenate((table.a, table.b)))
    k = present.size
    if k < 2:
        return 1.0, 0.0
    ia, ib = index[:table.a.size], index[table.a.size:]
    square = np.zeros((k, k))
    np.add.at(square, (ia, ib), table.counts)
    n = square.sum()
    pr = square / n
    row, col = pr.sum(1)[:-1], pr.sum(0)[:-1]
    pr = pr[:-1, :-1]
    d = col - row
    vmat = -(pr + pr.T)
    np.fill_diagonal(vmat, row + col - 2 * np.diag(pr))
    statistic = float(n * d @ np.linalg.pinv(vmat) @ d)
    df = np.linalg.matrix_rank(vmat)
    if df < k - 1:
        warnings.warn(f"The Stuart-Maxwell covariance is singular (rank {df} of {k - 1}); "
                      "its pseudo-inverse is used.", RuntimeWarning, stacklevel=3)
    return (float(stats.chi2.sf(statistic, df)) if df else 1.0), statistic


def _paired_delong(y_true, score_a, score_b, sample_weight, kwargs, z):
    labels, average = auc_options(kwargs)
    codes, classes, sa, weights = prepare_scores(y_true, score_a, labels, sample_weight,
                                           name="y_pred_a", binary_columns="ranking")
    sb = score_array(score_b, "y_pred_b")
    check_same_length(("y_pred_a", sa), ("y_pred_b", sb))
    sb = check_scores(sb, classes, labels, name="y_pred_b", binary_columns="ranking")
    if average is not None and classes.shape[0] != 2:
        raise ValueError("Paired DeLong compares the AUC of each class (average=None) or of "
                         "a binary target; an average over classes needs bootstrap.")
    out = []
    for k in (range(classes.shape[0]) if average is None else [1]):
        auc_a, v10a, v01a, pos = delong_components(codes, sa, weights, k)
        auc_b, v10b, v01b, _ = delong_components(codes, sb, weights, k)
        wp, wn = (None, None) if weights is None else (weights[pos], weights[~pos])
        # Var(A - B) from the placement differences: var_a + var_b - 2 cov
        var = (group_variance(wp, v10a - v10b, auc_a - auc_b)
               + group_variance(wn, v01a - v01b, auc_a - auc_b))
        out.append((auc_a, auc_b, np.sqrt(var)))
    a, b, se = (np.array(v) for v in zip(*out))
    diff = a - b
    with np.errstate(divide="ignore", invalid="ignore"):
        stat = np.where(se > 0, diff / se, np.where(diff == 0, 0.0, np.inf))
    pvalue = 2 * ndtr(-np.abs(stat))
    low, high = np.clip(diff - z * se, -1, 1), np.clip(diff + z * se, -1, 1)
    one = (lambda v: v[0]) if average is not None else (lambda v: v)
    return ComparisonResult(*(as_scalar(one(v)) for v in (a, b, diff)),
                            ConfidenceInterval(as_scalar(one(low)), as_scalar(one(high))),
                            as_scalar(one(pvalue)), as_scalar(one(stat)), "delong")


def compare(metric, y_true, y_pred_a, y_pred_b, *, method="bootstrap", confidence_level=0.95,
            n_resamples=1000, random_state=None, sample_weight=None, exact=True,
            **metric_kwargs):
    r"""Compare two models on the same samples: the difference of a metric and its test.

    Paired: both models are scored on the same samples, so the joint table of (true,
    prediction of A, prediction of B) is resampled, or tested by McNemar, Stuart-Maxwell
    or DeLong.

    Parameters
    ----------
    metric : str or callable
        A metrics_sk count metric or its name (``"f1_score"``, ``"accuracy_score"``,
        ...); a score metric (``"log_loss"``, ``"one_vs_all_roc_auc_score"``, ...) for
        ``method="bootstrap"``; :func:`one_vs_all_roc_auc_score` for ``method="delong"``.
    y_true : array-like of shape (n_samples,)
        True labels.
    y_pred_a, y_pred_b : array-like
        Predictions of model A and of model B for the same samples (scores for DeLong).
        Label inputs may be Dask collections (without ``sample_weight``): the joint table
        is counted per partition on the workers and only the merged table comes back.
    method : {'bootstrap', 'mcnemar', 'stuart_maxwell', 'delong'}, default='bootstrap'
        - ``'bootstrap'``: the paired bootstrap of any count metric, resampling the
          cells of the joint table of (true, A, B), or of a score metric (log loss, ROC,
          PR AUC, AUC mu: scores for ``y_pred_a`` and ``y_pred_b``), resampling the
          samples, the same for both models; percentile interval of the difference,
          p-value ``2 min(P*(d <= 0), P*(d >= 0))``, both over the replicates where the
          difference is defined (NaN ones dropped with a warning that gives their share,
          as in :func:`bootstrap`). Swapping A and B gives exactly the negated difference
          and interval and the same p-value.
        - ``'mcnemar'``: McNemar's test of equal accuracy on the discordant pairs
          (``exact=True``: binomial; ``exact=False``: chi-square with continuity
          correction), as :func:`statsmodels.stats.contingency_tables.mcnemar`; Wald
          interval of the paired difference of accuracies.
        - ``'stuart_maxwell'``: marginal homogeneity of the two models' predicted
          classes, as statsmodels' ``SquareTable(table).homogeneity()``; no interval.
        - ``'delong'``: paired DeLong test of two ROC AUCs (binary, or per class with
          ``average=None``); the interval is ``d +- z SE``, clipped to [-1, 1].
    confidence_level : float, default=0.95
        Confidence level of the interval of the difference.
    n_resamples : int, default=1000
        Bootstrap replicates.
    random_state : None, int, numpy Generator or RandomState, default=None
        Seed of the bootstrap.
    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights (integer frequencies for McNemar and Stuart-Maxwell).
    exact : bool, default=True
        McNemar only: the exact binomial test, or the chi-square approximation.
    **metric_kwargs
        Keyword arguments of ``metric``.

    Returns
    -------
    ComparisonResult
        ``statistic_a``, ``statistic_b``, ``difference``, ``confidence_interval``,
        ``pvalue``, ``test_statistic`` and ``method``.

    See Also
    --------
    analytic_interval : The analytic interval of one model's metric.
    bootstrap : The resampling interval of one model's metric.
    corrected_resampled_ttest : Comparison of cross-validation scores.

    Notes
    -----
    With :math:`b` the samples A gets right and B wrong and :math:`c` the reverse,
    McNemar's exact p-value is :math:`\min(1, 2 F_{\mathrm{Bin}(b+c, 1/2)}(\min(b, c)))`
    and its corrected statistic :math:`(|b - c| - 1)^2 / (b + c) \sim \chi^2_1`.
    Stuart-Maxwell: :math:`n\, d^\top V^{-1} d \sim \chi^2_{K-1}` with :math:`d` the
    differences of the predicted-class proportions. Paired DeLong:
    :math:`z = (A_a - A_b) / \sqrt{\mathrm{Var}(A_a) + \mathrm{Var}(A_b) - 2
    \mathrm{Cov}}` from the placement values of both models.

    References
    ----------
    .. [1] McNemar, Q. (1947). Note on the sampling error of the difference between
       correlated proportions or percentages. Psychometrika 12(2).
    .. [2] Stuart, A. (1955). A test for homogeneity of the marginal distributions in a
       two-way classification. Biometrika 42; Maxwell, A. E. (1970). Comparing the
       classification of subjects by two independent judges. Br. J. Psychiatry 116.
    .. [3] DeLong, E. R., DeLong, D. M. and Clarke-Pearson, D. L. (1988). Comparing the
       areas under two or more correlated ROC curves. Biometrics 44(3).

    Examples
    --------
    >>> import numpy as np
    >>> from metrics_sk import compare
    >>> rng = np.random.default_rng(0)
    >>> y = rng.integers(0, 3, 2000)
    >>> a = np.where(rng.random(2000) < 0.85, y, rng.integers(0, 3, 2000))
    >>> b = np.where(rng.random(2000) < 0.75, y, rng.integers(0, 3, 2000))
    >>> res = compare("f1_score", y, a, b, average="macro", random_state=0)
    >>> bool(res.confidence_interval.low > 0), bool(res.pvalue < 0.01)
    (True, True)
    """
    _CHECK({"method": method, "confidence_level": confidence_level,
            "n_resamples": n_resamples, "random_state": random_state,
            "sample_weight": sample_weight, "exact": exact})
    refuse_zero_weights(sample_weight)
    name, func = resolve_metric(metric)
    z = ndtri(0.5 + confidence_level / 2)
    if method == "delong":
        found = resolve(func)  # the registry's interval family, as intervals.py reads it
        if found is None or found.interval != "delong":
            raise ValueError("method='delong' compares ROC AUCs: metric must be "
                             "'one_vs_all_roc_auc_score'.")
        return _paired_delong(y_true, y_pred_a, y_pred_b, sample_weight, dict(metric_kwargs), z)
    if name is None:
        if method == "bootstrap":  # a score metric: the samples are resampled
            a, b, ci, pvalue = _paired_score_bootstrap(
                func, y_true, y_pred_a, y_pred_b, sample_weight, metric_kwargs, n_resamples,
                confidence_level, make_rng(random_state))
            return ComparisonResult(as_scalar(a), as_scalar(b), as_scalar(a - b), ci, pvalue, None,
                                    method)
        raise ValueError(f"method={method!r} compares count metrics (computed from a "
                         f"Confusion); got {getattr(func, '__name__', metric)!r}: use "
                         "method='bootstrap' (or 'delong' for ROC AUC).")
    if method == "mcnemar" and name != "accuracy_score":
        raise ValueError("method='mcnemar' compares accuracies: metric must be "
                         "'accuracy_score'.")
    table = _JointTable.from_samples(y_true, y_pred_a, y_pred_b, sample_weight)
    statistic = functools.partial(call_method, getattr(Confusion, name), metric_kwargs)
    if method == "bootstrap":
        a, b, ci, pvalue = _paired_bootstrap(table, statistic, name in VECTORIZED,
                                             n_resamples, confidence_level,
                                             make_rng(random_state))
        return ComparisonResult(as_scalar(a), as_scalar(b), as_scalar(a - b), ci, pvalue, None,
                                method)
    a, b = (float(statistic(table.model(pred)[0].confusion)) for pred in (table.a, table.b))
    if method == "mcnemar":
        ci, pvalue, test = _mcnemar(table, exact, z, metric_kwargs.get("normalize", True))
    else:
        (pvalue, test), ci = _stuart_maxwell(table), ConfidenceInterval(np.nan, np.nan)
    return ComparisonResult(a, b, a - b, ci, pvalue, test, method)


def corrected_resampled_ttest(scores_a, scores_b, *, n_train, n_test, confidence_level=0.95):
    r"""Corrected resampled t-test of two models' cross-validation scores (Nadeau and Bengio).

    The folds of a cross-validation share training samples, so the fold scores are
    correlated and the plain paired t-test is too liberal; Nadeau and Bengio (2003)
    inflate the variance by :math:`n_{test} / n_{train}`.

    Parameters
    ----------
    scores_a, scores_b : array-like of shape (n_folds,)
        Scores of model A and model B on the same folds (e.g. ``cross_validate(...)
        ["test_score"]`` of both with the same ``cv``).
    n_train, n_test : int
        Number of training and test samples of one fold.
    confidence_level : float, default=0.95
        Confidence level of the interval of the mean difference.

    Returns
    -------
    ComparisonResult
        ``statistic_a``, ``statistic_b`` (mean scores), ``difference`` (the mean
        difference), its ``confidence_interval``, the two-sided ``pvalue`` and the
        ``test_statistic`` t (``n_folds - 1`` degrees of freedom).

    See Also
    --------
    compare : Paired comparison of two models on the same samples.

    Notes
    -----
    With :math:`d_j = a_j - b_j` over :math:`J` folds, :math:`\bar d` their mean and
    :math:`\hat\sigma^2` their variance (``ddof=1``),

    .. math:: t = \frac{\bar d}{\sqrt{(1/J + n_{test}/n_{train})\, \hat\sigma^2}}.

    References
    ----------
    .. [1] Nadeau, C. and Bengio, Y. (2003). Inference for the generalization error.
       Machine Learning 52(3), 239-281.

    Examples
    --------
    >>> from metrics_sk import corrected_resampled_ttest
    >>> a = [0.81, 0.83, 0.80, 0.84, 0.82]
    >>> b = [0.79, 0.80, 0.80, 0.81, 0.79]
    >>> res = corrected_resampled_ttest(a, b, n_train=800, n_test=200)
    >>> round(res.difference, 3), round(res.test_statistic, 3)
    (0.022, 2.515)
    """
    _CHECK_TTEST({"confidence_level": confidence_level, "n_train": n_train, "n_test": n_test})
    a, b = (np.asarray(s, dtype=np.float64) for s in (scores_a, scores_b))
    for name, s in (("scores_a", a), ("scores_b", b)):
        if s.ndim != 1 or s.shape[0] < 2 or not np.isfinite(s).all():
            raise ValueError(f"{name} must be a 1-D array of at least two finite scores.")
    check_same_length(("scores_a", a), ("scores_b", b))
    # scale-free: the scores divided by the power of two of their largest magnitude (exact),
    # so that neither a - b nor the squares in the variance overflow or underflow; t is
    # the same in any unit and the rest is scaled back (a bound beyond the float range is
    # then infinite)
    scale = power_of_two(max(np.abs(a).max(), np.abs(b).max()))
    d = a / scale - b / scale
    j = d.shape[0]
    mean = float(d.mean())
    se = float(np.sqrt((1 / j + n_test / n_train) * d.var(ddof=1)))
    if se == 0:
        warnings.warn("The score differences are constant: the t statistic is undefined.",
                      RuntimeWarning, stacklevel=2)
        t, pvalue = (0.0, 1.0) if mean == 0 else (np.copysign(np.inf, mean), 0.0)
    else:
        t = mean / se
        pvalue = float(2 * stats.t.sf(abs(t), j - 1))
    q = stats.t.ppf(0.5 + confidence_level / 2, j - 1)
    with np.errstate(over="ignore"):
        low, high = (float(np.float64(mean + sign * q * se) * scale) for sign in (-1, 1))
        mean = float(np.float64(mean) * scale)
    return ComparisonResult(float(a.mean()), float(b.mean()), mean,
                            ConfidenceInterval(low, high), pvalue, float(t),
                            "corrected_resampled_ttest")
