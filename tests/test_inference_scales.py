"""Intervals and comparisons at extreme weight and score scales, zero weights, and the
paired comparisons' symmetry: each against scikit-learn, scipy or statsmodels."""

import warnings

import numpy as np
import pytest
import scipy.stats as st
import sklearn.metrics as skm
from hypothesis import given, settings
from hypothesis import strategies as hst
from numpy.testing import assert_allclose
from statsmodels.stats.contingency_tables import mcnemar

from metrics_sk import (
    Confusion,
    analytic_interval,
    bootstrap,
    compare,
    confidence_intervals,
    corrected_resampled_ttest,
)


# -- D. corrected resampled t-test at the float range ------------------------------------------
def test_corrected_ttest_near_the_float_range_is_the_scaled_one():
    a = np.array([1e308, 0.5e308, 0.2e308])
    b = np.array([-1e308, 0.7e308, -1e307])
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no overflow on the way
        res = corrected_resampled_ttest(a, b, n_train=90, n_test=10)
    # by hand on the data divided by 1e308, and scipy's paired t-test of the same
    d = a / 1e308 - b / 1e308
    t = d.mean() / np.sqrt((1 / 3 + 10 / 90) * d.var(ddof=1))
    assert_allclose(res.test_statistic, t, rtol=1e-12)
    assert_allclose(res.pvalue, 2 * st.t.sf(abs(t), 2), rtol=1e-12)
    plain = st.ttest_rel(a / 1e308, b / 1e308).statistic
    assert_allclose(res.test_statistic, plain * np.sqrt((1 / 3) / (1 / 3 + 10 / 90)),
                    rtol=1e-12)
    assert_allclose(res.difference, d.mean() * 1e308, rtol=1e-12)
    # the brief's case: mean difference 0, t 0, p 1 (the interval's bounds are beyond
    # the float range: infinite, not NaN)
    res = corrected_resampled_ttest([1e308, -1e308], [-1e308, 1e308], n_train=90, n_test=10)
    assert (res.difference, res.test_statistic, res.pvalue) == (0.0, 0.0, 1.0)
    assert res.confidence_interval == (-np.inf, np.inf)


# -- A. equal weights at extreme scales: exactly the unweighted interval ------------------------
def _labels(n=240, seed=0):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 3, n)
    return y, np.where(rng.random(n) < 0.7, y, rng.integers(0, 3, n))


_SCALES = [1e160, 1e-170, 1e300, 1e-300]
_INTERVALS = [("accuracy_score", "wilson", {}),
              ("accuracy_score", "clopper_pearson", {}),
              ("precision_score", "wilson", {"average": None}),
              ("recall_score", "clopper_pearson", {"average": "micro"}),
              ("f1_score", "delta", {"average": "macro"}),
              ("balanced_accuracy_score", "delta", {}),
              ("matthews_corrcoef", "fisher_z", {}),
              ("cohen_kappa_score", "kappa_se", {}),
              ("cohen_kappa_score", "kappa_se", {"weights": "quadratic"}),
              ("f1_score", "bootstrap", {"average": "macro"})]


@pytest.mark.parametrize("scale", _SCALES)
@pytest.mark.parametrize("name, method, kwargs", _INTERVALS)
def test_equal_weights_at_any_scale_give_the_unweighted_interval(name, method, kwargs, scale):
    y, pred = _labels()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ref = analytic_interval(name, y, pred, method=method, **kwargs)
    assert ref.method == method and np.all(np.isfinite(ref.confidence_interval))
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no overflow, no fallback
        if method == "bootstrap":  # (what was asked: the weighted resampling of the rows)
            warnings.filterwarnings("ignore", "The analytic interval of .*method='bootstrap'")
        res = analytic_interval(name, y, pred, method=method,
                                sample_weight=np.full(y.shape[0], scale), **kwargs)
    assert res.method == method
    assert_allclose(res.value, ref.value, rtol=0, atol=1e-12)
    assert_allclose(res.confidence_interval, ref.confidence_interval, rtol=0, atol=1e-12)
    assert_allclose(res.standard_error, ref.standard_error, rtol=0, atol=1e-12)


@pytest.mark.parametrize("scale", _SCALES)
def test_delong_with_equal_weights_at_any_scale_is_the_unweighted_one(scale):
    rng = np.random.default_rng(3)
    y = rng.integers(0, 2, 300)
    score = y * 0.4 + rng.random(300)
    ref = analytic_interval("one_vs_all_roc_auc_score", y, score)
    assert_allclose(ref.value, skm.roc_auc_score(y, score), rtol=1e-14)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        res = analytic_interval("one_vs_all_roc_auc_score", y, score,
                                sample_weight=np.full(300, scale))
    assert_allclose([res.value, *res.confidence_interval, res.standard_error],
                    [ref.value, *ref.confidence_interval, ref.standard_error],
                    rtol=0, atol=1e-12)
    proba = np.column_stack([1 - score / 2, score / 2])
    ref = compare("one_vs_all_roc_auc_score", y, score, proba[:, 1] ** 2, method="delong")
    res = compare("one_vs_all_roc_auc_score", y, score, proba[:, 1] ** 2, method="delong",
                  sample_weight=np.full(300, scale))
    assert_allclose([res.difference, *res.confidence_interval, res.pvalue],
                    [ref.difference, *ref.confidence_interval, ref.pvalue],
                    rtol=0, atol=1e-12)


# -- B. all-zero weights: scikit-learn's ValueError; a zero confusion: "empty" -------------------
_ZERO_MESSAGE = "Sample weights must contain at least one non-zero number"


def test_all_zero_weights_are_scikit_learns_value_error_at_every_entry_point():
    y, pred = _labels(40)
    other = np.roll(pred, 1)
    zeros = np.zeros(40)
    with pytest.raises(ValueError, match=_ZERO_MESSAGE):  # the reference
        skm.accuracy_score(y, pred, sample_weight=zeros)
    calls = [
        lambda: analytic_interval("accuracy_score", y, pred, sample_weight=zeros),
        lambda: analytic_interval("f1_score", y, pred, average="macro", sample_weight=zeros),
        lambda: analytic_interval("one_vs_all_roc_auc_score", y % 2, pred / 3,
                                  sample_weight=zeros),
        lambda: bootstrap("accuracy_score", y, pred, sample_weight=zeros, n_resamples=10),
        lambda: bootstrap("f1_score", y, pred, average="macro", sample_weight=zeros,
                          n_resamples=10),
        lambda: confidence_intervals(Confusion.from_predictions(y, pred),
                                     "accuracy_score", y_true=y, y_pred=pred,
                                     sample_weight=zeros, n_resamples=10),
    ] + [lambda method=method: compare("accuracy_score", y, pred, other, method=method,
                                       sample_weight=zeros, n_resamples=10)
         for method in ("bootstrap", "mcnemar", "stuart_maxwell")]
    for call in calls:
        with pytest.raises(ValueError, match=_ZERO_MESSAGE):
            call()


def test_a_confusion_of_total_zero_is_empty():
    y, pred = _labels(40)
    weighted = Confusion.from_predictions(y, pred, sample_weight=np.zeros(40))
    matrix = Confusion.from_matrix(np.zeros((3, 3)))
    for c in (weighted, matrix):
        for name in ("accuracy_score", "hamming_loss", "zero_one_loss"):
            with pytest.raises(ValueError, match="The confusion is empty: its total"):
                getattr(c, name)()
    for statistic in ("accuracy_score", "f1_score"):
        with pytest.raises(ValueError, match="The confusion is empty: its total"):
            confidence_intervals(matrix, statistic, n_resamples=10)


# -- E. kappa's standard error of 0 -----------------------------------------------------------
@pytest.mark.parametrize("k, n", [(2, 10), (3, 1), (3, 5), (4, 7)])
def test_kappa_of_an_all_wrong_cyclic_table_has_se_zero_and_falls_back(k, n):
    from statsmodels.stats.inter_rater import cohens_kappa

    y = np.repeat(np.arange(k), n)
    pred = (y + 1) % k
    table = np.zeros((k, k))
    np.add.at(table, (y, pred), 1)
    ref = cohens_kappa(table, return_results=True)
    assert ref.std_kappa == 0.0  # statsmodels: exactly 0
    with pytest.warns(RuntimeWarning, match="kappa_se standard error is 0"):
        res = analytic_interval("cohen_kappa_score", y, pred)
    assert res.method == "bootstrap"  # as the docstring says
    assert_allclose(res.value, ref.kappa, rtol=1e-12)
    assert res.confidence_interval.low <= res.value <= res.confidence_interval.high


def test_kappa_se_of_an_ordinary_table_is_still_statsmodels():
    from statsmodels.stats.inter_rater import cohens_kappa

    y, pred = _labels(60, seed=5)
    table = np.zeros((3, 3))
    np.add.at(table, (y, pred), 1)
    ref = cohens_kappa(table, return_results=True)
    res = analytic_interval("cohen_kappa_score", y, pred)
    assert res.method == "kappa_se"
    assert_allclose([res.value, res.standard_error], [ref.kappa, ref.std_kappa], rtol=1e-6)


# -- C. compare: McNemar's units and scale, the paired bootstrap's mirror -----------------------
def test_mcnemar_interval_is_in_the_unit_of_the_difference():
    y, pred = _labels(120, seed=7)
    other = np.where(np.random.default_rng(8).random(120) < 0.5, y, pred)
    b = np.sum((pred == y) & (other != y))  # A right, B wrong
    c = np.sum((pred != y) & (other == y))
    n, z = 120, st.norm.ppf(0.975)
    se = np.sqrt(b + c - (b - c) ** 2 / n) / n  # the Wald SE of the paired difference
    prop = compare("accuracy_score", y, pred, other, method="mcnemar")
    assert_allclose(prop.difference, (b - c) / n, rtol=1e-12)
    assert_allclose(prop.confidence_interval, [(b - c) / n - z * se, (b - c) / n + z * se],
                    rtol=1e-12)
    count = compare("accuracy_score", y, pred, other, method="mcnemar", normalize=False)
    assert_allclose(count.difference, b - c, rtol=1e-12)
    assert_allclose(count.confidence_interval, [b - c - n * z * se, b - c + n * z * se],
                    rtol=1e-12)
    assert count.confidence_interval.low <= count.difference <= count.confidence_interval.high
    assert count.pvalue == prop.pvalue == mcnemar([[0, b], [c, 0]], exact=True).pvalue


@pytest.mark.parametrize("exact", [True, False])
def test_mcnemar_with_huge_frequency_weights_is_scale_free(exact):
    y, a, b = [0, 1, 1, 0, 1], [0, 1, 1, 0, 0], [0, 0, 1, 1, 0]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        res = compare("accuracy_score", y, a, b, method="mcnemar", exact=exact,
                      sample_weight=[1e300] * 5)
    # by hand: b = 2e300 (A right, B wrong), c = 0 of n = 5e300 samples
    assert_allclose(res.difference, 0.4, rtol=1e-12)
    if not exact:
        assert_allclose(res.test_statistic, 2e300, rtol=1e-12)  # (|b - c| - 1)^2 / (b + c)
        assert res.pvalue == st.chi2.sf(2e300, 1) == 0.0
    se = np.sqrt(0.4 - 0.4**2) / np.sqrt(5e300)  # (2e300 - (2e300)^2 / 5e300) / 5e300 ^ 2
    assert_allclose(res.confidence_interval, [0.4 - 1.959963984540054 * se,
                                              0.4 + 1.959963984540054 * se], rtol=1e-12)


def _mirrored(first, second):
    assert second.difference == -first.difference if np.ndim(first.difference) == 0 else \
        np.array_equal(second.difference, -first.difference)
    assert np.array_equal(second.confidence_interval.low, -first.confidence_interval.high)
    assert np.array_equal(second.confidence_interval.high, -first.confidence_interval.low)
    assert np.array_equal(second.pvalue, first.pvalue)


@settings(max_examples=25, deadline=None)
@given(seed=hst.integers(0, 2**16), n=hst.integers(5, 80), k=hst.integers(2, 4),
       weighted=hst.sampled_from([None, "frequency", "continuous"]),
       metric=hst.sampled_from([("f1_score", {"average": "macro"}),
                                ("accuracy_score", {}), ("matthews_corrcoef", {})]))
def test_paired_bootstrap_of_swapped_models_is_the_mirror(seed, n, k, weighted, metric):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, k, n)
    a = np.where(rng.random(n) < 0.6, y, rng.integers(0, k, n))
    b = np.where(rng.random(n) < 0.6, y, rng.integers(0, k, n))
    w = {None: None, "frequency": rng.integers(1, 4, n),
         "continuous": rng.uniform(0.1, 2, n)}[weighted]
    name, kwargs = metric
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        first, second = (compare(name, y, p, q, sample_weight=w, random_state=seed,
                                 n_resamples=99, **kwargs) for p, q in ((a, b), (b, a)))
    _mirrored(first, second)


# -- C. the paired bootstrap of score metrics ---------------------------------------------------
def _scores(n=120, seed=9):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 3, n)
    logits_a = rng.normal(size=(n, 3)) + 1.5 * np.eye(3)[y]
    logits_b = rng.normal(size=(n, 3)) + 1.0 * np.eye(3)[y]
    return y, *(np.exp(x) / np.exp(x).sum(1, keepdims=True) for x in (logits_a, logits_b))


def _naive_paired(metric, y, pa, pb, w, seed, r, level=0.95, **kwargs):
    """The paired bootstrap by hand: the same indices for both models, scikit-learn."""
    rng = np.random.default_rng(seed)
    d = []
    for _ in range(r):
        idx = rng.integers(0, y.shape[0], y.shape[0])
        extra = {} if w is None else {"sample_weight": w[idx]}
        d.append(metric(y[idx], pa[idx], **extra, **kwargs)
                 - metric(y[idx], pb[idx], **extra, **kwargs))
    d = np.array(d)
    alpha = (1 - level) / 2
    return (np.quantile(d, [alpha, 1 - alpha]),
            min(1.0, 2 * min(np.mean(d <= 0), np.mean(d >= 0))))


@pytest.mark.parametrize("weighted", [False, True])
@pytest.mark.parametrize("name, reference, kwargs", [
    ("log_loss", skm.log_loss, {"labels": [0, 1, 2]}),
    ("one_vs_all_roc_auc_score", skm.roc_auc_score, {"multi_class": "ovr"}),
])
def test_paired_bootstrap_of_a_score_metric_is_the_naive_loop(name, reference, kwargs,
                                                             weighted):
    y, pa, pb = _scores()
    w = np.random.default_rng(1).uniform(0.5, 2, y.shape[0]) if weighted else None
    ours = {"labels": [0, 1, 2]} if name == "log_loss" else {}
    res = compare(name, y, pa, pb, random_state=5, n_resamples=200, sample_weight=w, **ours)
    extra = {} if w is None else {"sample_weight": w}
    assert_allclose(res.difference, reference(y, pa, **extra, **kwargs)
                    - reference(y, pb, **extra, **kwargs), rtol=1e-10)
    (low, high), pvalue = _naive_paired(reference, y, pa, pb, w, 5, 200, **kwargs)
    assert_allclose(res.confidence_interval, [low, high], rtol=1e-9, atol=1e-12)
    assert res.pvalue == pvalue
    swapped = compare(name, y, pb, pa, random_state=5, n_resamples=200, sample_weight=w,
                      **ours)
    _mirrored(res, swapped)


def _macro_pr_auc(y, proba):
    """CatBoost's one-vs-all PR AUC by scikit-learn: the trapezoid under each class's
    precision-recall curve, averaged."""
    areas = []
    for k in range(proba.shape[1]):
        precision, recall, _ = skm.precision_recall_curve(y == k, proba[:, k])
        areas.append(skm.auc(recall, precision))
    return np.mean(areas)


def test_paired_bootstrap_of_pr_auc_is_the_naive_loop():
    y, pa, pb = _scores(150, seed=2)
    res = compare("one_vs_all_pr_auc_score", y, pa, pb, random_state=0, n_resamples=100)
    assert_allclose(res.difference, _macro_pr_auc(y, pa) - _macro_pr_auc(y, pb), rtol=1e-10)
    (low, high), pvalue = _naive_paired(_macro_pr_auc, y, pa, pb, None, 0, 100)
    assert_allclose(res.confidence_interval, [low, high], rtol=1e-9, atol=1e-12)
    assert res.pvalue == pvalue


@pytest.mark.parametrize("scale", _SCALES)
def test_paired_bootstrap_with_equal_weights_at_any_scale_is_the_unweighted_one(scale):
    # n >= 16 x the joint cells: the weighted sampler draws the same multinomials
    y, a = _labels(2000, seed=11)
    b = np.where(np.random.default_rng(12).random(2000) < 0.6, y, a)
    ref = compare("f1_score", y, a, b, average="macro", random_state=0, n_resamples=200)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        res = compare("f1_score", y, a, b, average="macro", random_state=0, n_resamples=200,
                      sample_weight=np.full(2000, scale))
    assert_allclose([res.difference, *res.confidence_interval],
                    [ref.difference, *ref.confidence_interval], rtol=0, atol=1e-12)
    assert res.pvalue == ref.pvalue


def test_stuart_maxwell_with_huge_frequency_weights_is_statsmodels():
    from statsmodels.stats.contingency_tables import SquareTable

    y, a = _labels(200, seed=13)
    b = np.where(np.random.default_rng(14).random(200) < 0.6, y, (a + 1) % 3)
    table = np.zeros((3, 3))
    np.add.at(table, (a, b), 1)
    for scale in (1.0, 1e300):
        ref = SquareTable(table * scale).homogeneity()
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            res = compare("accuracy_score", y, a, b, method="stuart_maxwell",
                          sample_weight=np.full(200, scale))
        assert_allclose([res.test_statistic, res.pvalue], [ref.statistic, ref.pvalue],
                        rtol=1e-12)


def test_the_mirror_property_can_fail(monkeypatch):
    """A paired bootstrap whose draws depend on which model comes first (its seed mixed
    with the first model's predictions) is not the mirror: the property catches it."""
    import sys

    args = {"seed": 1, "n": 30, "k": 3, "weighted": None, "metric": ("accuracy_score", {})}
    check = test_paired_bootstrap_of_swapped_models_is_the_mirror.hypothesis.inner_test
    check(**args)
    real = compare

    def first_model_seeded(name, y, p, q, *, random_state, **kwargs):
        return real(name, y, p, q, random_state=random_state + int(np.sum(p)), **kwargs)

    monkeypatch.setattr(sys.modules[__name__], "compare", first_model_seeded)
    with pytest.raises(AssertionError):
        check(**args)
