"""Analytic intervals against statsmodels, hand-derived formulas and a direct O(n^2)
DeLong; coverage in simulation; degenerate inputs."""

import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from numpy.testing import assert_allclose
from scipy.special import expit, logit, ndtri
from statsmodels.stats.inter_rater import cohens_kappa
from statsmodels.stats.proportion import proportion_confint

import metrics_sk as msk
from metrics_sk import analytic_interval

Z95 = ndtri(0.975)


def _data(n, k, accuracy=0.8, seed=0):
    rng = np.random.default_rng(seed)
    t = rng.integers(0, k, n)
    return t, np.where(rng.random(n) < accuracy, t, rng.integers(0, k, n))


def _bounds(res):
    return np.array([res.confidence_interval.low, res.confidence_interval.high])


# -- proportions against statsmodels ---------------------------------------------------------
@pytest.mark.parametrize("method, sm_method", [("wilson", "wilson"),
                                               ("clopper_pearson", "beta")])
@pytest.mark.parametrize("level", [0.9, 0.95, 0.99])
def test_proportions_equal_statsmodels(method, sm_method, level):
    t, p = _data(300, 4, seed=1)
    c = msk.Confusion.from_predictions(t, p)
    cases = [
        ("accuracy_score", {}, c.tp.sum(), c.total),
        ("zero_one_loss", {}, c.total - c.tp.sum(), c.total),
        ("precision_score", {"average": None}, c.tp, c.predicted),
        ("recall_score", {"average": None}, c.tp, c.support),
        ("specificity_score", {"average": None}, c.tn, c.tn + c.fp),
        ("recall_score", {"average": "micro"}, c.tp.sum(), c.total),
        ("micro_precision_score", {"labels": [0, 2]}, c.tp[[0, 2]].sum(),
         c.predicted[[0, 2]].sum()),
    ]
    for name, kwargs, x, n in cases:
        res = analytic_interval(name, t, p, method=method, confidence_level=level, **kwargs)
        expected = proportion_confint(x, n, alpha=1 - level, method=sm_method)
        assert_allclose(_bounds(res), np.array(expected, dtype=float), rtol=1e-10,
                        err_msg=name)
        assert_allclose(res.value, x / n, rtol=1e-12)
        assert res.method == method


def test_binary_proportion_uses_pos_label():
    t = np.array(["a", "b", "b", "a", "b", "b", "a", "a", "b", "b"])
    p = np.array(["a", "b", "a", "a", "b", "b", "b", "a", "b", "a"])
    res = analytic_interval("recall_score", t, p, pos_label="b")
    assert_allclose(_bounds(res), proportion_confint(4, 6, method="wilson"), rtol=1e-12)
    assert res.value == 4 / 6


def test_weighted_proportion_uses_kish_effective_size():
    t, p = _data(200, 2, seed=3)
    w = np.random.default_rng(3).uniform(0.5, 3, 200)
    res = analytic_interval("accuracy_score", t, p, sample_weight=w)
    correct = t == p
    n_eff = w.sum() ** 2 / (w**2).sum()
    acc = w[correct].sum() / w.sum()
    assert_allclose(_bounds(res), proportion_confint(acc * n_eff, n_eff, method="wilson"),
                    rtol=1e-10)
    # equal weights are no weights
    same = analytic_interval("f1_score", t, p, sample_weight=np.full(200, 2.5))
    assert_allclose(_bounds(same), _bounds(analytic_interval("f1_score", t, p)), rtol=1e-6)


# -- the delta method against hand-derived gradients (Takahashi et al. 2022) -----------------
def _macro_f1_se(m):
    """SE of the mean of per-class F1 from its closed-form gradient on the cells."""
    m = np.asarray(m, dtype=float)
    tp, sup, pred = np.diag(m), m.sum(1), m.sum(0)
    k = m.shape[0]
    den = sup + pred
    f = 2 * tp / den
    grad = np.zeros_like(m)
    for i in range(k):
        for j in range(k):
            # cell (i, j) adds 1 to sup_i and pred_j, and to tp_i if i == j
            g = -f[i] / den[i] - f[j] / den[j]
            if i == j:
                g = 2 / den[i] - 2 * f[i] / den[i]
            grad[i, j] = g / k
    return f.mean(), np.sqrt((m * grad**2).sum())


def _onedal_macro_f1_se(m):
    """SE of oneDAL's F1 of macro precision and macro recall (closed-form gradient)."""
    m = np.asarray(m, dtype=float)
    tp, sup, pred = np.diag(m), m.sum(1), m.sum(0)
    k = m.shape[0]
    P, R = (tp / pred).mean(), (tp / sup).mean()
    F = 2 * P * R / (P + R)
    dP, dR = 2 * R**2 / (P + R) ** 2, 2 * P**2 / (P + R) ** 2
    grad = np.zeros_like(m)
    for i in range(k):
        for j in range(k):
            gp = -tp[j] / pred[j] ** 2 / k  # d macro P: pred_j grows
            gr = -tp[i] / sup[i] ** 2 / k  # d macro R: sup_i grows
            if i == j:
                gp += 1 / pred[i] / k
                gr += 1 / sup[i] / k
            grad[i, j] = dP * gp + dR * gr
    return F, np.sqrt((m * grad**2).sum())


@pytest.mark.parametrize("seed", [0, 1])
def test_delta_method_equals_closed_forms(seed):
    t, p = _data(400, 4, accuracy=0.6, seed=seed)
    m = msk.confusion_matrix(t, p)
    for name, kwargs, reference in [
        ("f1_score", {"average": "macro"}, _macro_f1_se),
        ("macro_fbeta_score", {}, _onedal_macro_f1_se),
    ]:
        res = analytic_interval(name, t, p, **kwargs)
        value, se = reference(m)
        assert_allclose(res.value, value, rtol=1e-12)
        assert_allclose(res.standard_error, se, rtol=1e-6, err_msg=name)
        expected = expit(logit(value) + np.array([-1, 1]) * Z95 * se / (value * (1 - value)))
        assert_allclose(_bounds(res), expected, rtol=1e-6)
    # micro F1 of single-label data is accuracy: variance p (1 - p) / n
    res = analytic_interval("f1_score", t, p, average="micro")
    acc = np.mean(t == p)
    assert_allclose(res.standard_error, np.sqrt(acc * (1 - acc) / 400), rtol=1e-6)


@pytest.mark.parametrize("weights", [None, "linear", "quadratic"])
def test_kappa_se_equals_statsmodels(weights):
    t, p = _data(300, 4, accuracy=0.6, seed=2)
    res = analytic_interval("cohen_kappa_score", t, p, weights=weights)
    table = msk.confusion_matrix(t, p)
    ref = cohens_kappa(table, wt={None: None, "linear": "linear",
                                  "quadratic": "quadratic"}[weights])
    assert_allclose(res.value, ref["kappa"], rtol=1e-12)
    assert_allclose(res.standard_error, ref["std_kappa"], rtol=1e-6)
    assert res.method == "kappa_se"


def _mcc(m):
    m = np.asarray(m, dtype=float)
    n, tp, sup, pred = m.sum(), np.trace(m), m.sum(1), m.sum(0)
    return (tp * n - sup @ pred) / np.sqrt((n * n - pred @ pred) * (n * n - sup @ sup))


def test_mcc_fisher_z():
    t, p = _data(250, 3, accuracy=0.7, seed=4)
    m = msk.confusion_matrix(t, p).astype(float)
    r = _mcc(m)
    grad = np.zeros_like(m)  # d r / d cell by central differences of the formula
    for i, j in np.ndindex(m.shape):
        e = np.zeros_like(m)
        e[i, j] = 1e-4
        grad[i, j] = (_mcc(m + e) - _mcc(m - e)) / 2e-4
    se = np.sqrt((m * grad**2).sum())
    res = analytic_interval("matthews_corrcoef", t, p, confidence_level=0.9)
    assert_allclose(res.value, r, rtol=1e-12)
    assert_allclose(res.standard_error, se, rtol=1e-5)
    z_se = ndtri(0.95) * se / (1 - r * r)
    assert_allclose(_bounds(res), np.tanh(np.arctanh(r) + np.array([-1, 1]) * z_se),
                    rtol=1e-5)
    assert res.method == "fisher_z"


# -- DeLong against the direct O(n^2) definition ----------------------------------------------
def _delong_direct(y, s, w=None):
    """AUC and DeLong variance from the pairwise kernel, O(n^2) (weighted: the same
    placements with weights, unbiased per side)."""
    w = np.ones(len(y)) if w is None else w
    pos, neg = s[y == 1], s[y == 0]
    wp, wn = w[y == 1], w[y == 0]
    kernel = (pos[:, None] > neg[None, :]) + 0.5 * (pos[:, None] == neg[None, :])
    v10 = kernel @ wn / wn.sum()
    v01 = wp @ kernel / wp.sum()
    auc = wp @ v10 / wp.sum()

    def side(wt, v):
        return (wt**2 @ (v - auc) ** 2) / (wt.sum() ** 2 - (wt**2).sum())

    return auc, side(wp, v10) + side(wn, v01)


@pytest.mark.parametrize("weighted", [False, True])
def test_delong_equals_direct(weighted):
    rng = np.random.default_rng(5)
    y = rng.integers(0, 2, 300)
    s = np.round(rng.normal(size=300) + y, 1)  # ties
    w = rng.uniform(0.2, 2, 300) if weighted else None
    auc, var = _delong_direct(y, s, w)
    res = analytic_interval("one_vs_all_roc_auc_score", y, s, sample_weight=w)
    assert_allclose(res.value, auc, rtol=1e-12)
    assert_allclose(res.standard_error, np.sqrt(var), rtol=1e-10)
    if not weighted:
        from sklearn.metrics import roc_auc_score
        assert_allclose(res.value, roc_auc_score(y, s), rtol=1e-12)
    se_logit = np.sqrt(var) / (auc * (1 - auc))
    assert_allclose(_bounds(res), expit(logit(auc) + np.array([-1, 1]) * Z95 * se_logit))


def test_delong_per_class():
    rng = np.random.default_rng(6)
    y = rng.integers(0, 3, 200)
    proba = rng.dirichlet(np.ones(3), 200) + 0.3 * np.eye(3)[y]
    res = analytic_interval("one_vs_all_roc_auc_score", y, proba, average=None)
    for k in range(3):
        auc, var = _delong_direct((y == k).astype(int), proba[:, k])
        assert_allclose(res.value[k], auc, rtol=1e-12)
        assert_allclose(res.standard_error[k], np.sqrt(var), rtol=1e-10)
    with pytest.raises(ValueError, match="average=None"):
        analytic_interval("one_vs_all_roc_auc_score", y, proba)


# -- ranges and degenerate inputs -------------------------------------------------------------
@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 2), st.integers(0, 2)), min_size=1, max_size=30),
       st.sampled_from(["accuracy_score", "f1_score", "macro_fbeta_score",
                        "matthews_corrcoef", "cohen_kappa_score", "balanced_accuracy_score"]))
def test_bounds_always_in_range(pairs, name):
    t, p = (np.array(a) for a in zip(*pairs))
    kwargs = {"average": "macro"} if name == "f1_score" else {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        res = analytic_interval(name, t, p, **kwargs)
    low, high = res.confidence_interval
    bottom = -1 if name in ("matthews_corrcoef", "cohen_kappa_score") else 0
    if not np.isnan(res.value):
        assert bottom <= low <= high <= 1
        assert low <= res.value + 1e-12 and res.value - 1e-12 <= high


@settings(max_examples=30, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3)), min_size=5, max_size=40),
       st.sampled_from([("f1_score", {"average": "macro"}), ("recall_score", {"average": None}),
                        ("cohen_kappa_score", {}), ("macro_fbeta_score", {})]))
def test_sample_order_and_label_names_do_not_matter(pairs, call):
    name, kwargs = call
    t, p = (np.array(a) for a in zip(*pairs))
    names = np.array(["ant", "bee", "cat", "dog"])  # the same sorted order
    order = np.arange(t.size)[::-1]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        base = analytic_interval(name, t, p, **kwargs)
        for other in (analytic_interval(name, t[order], p[order], **kwargs),
                      analytic_interval(name, names[t], names[p], **kwargs)):
            assert other.method == base.method
            assert_allclose(_bounds(other), _bounds(base), rtol=1e-9, atol=1e-12)


def test_perfect_predictions_fall_back_to_bootstrap():
    y = np.array([0, 1, 2] * 10)
    with pytest.warns(RuntimeWarning, match="falling back to the bootstrap"):
        res = analytic_interval("f1_score", y, y, average="macro")
    assert res.method == "bootstrap" and res.confidence_interval == (1.0, 1.0)
    res = analytic_interval("accuracy_score", y, y)  # Wilson is defined at 1
    assert res.method == "wilson" and 0.8 < res.confidence_interval.low < 1
    assert res.confidence_interval.high == 1.0


def test_single_sample_and_one_heavy_weight():
    with pytest.warns(RuntimeWarning):
        res = analytic_interval("matthews_corrcoef", [1], [1])
    assert res.method == "bootstrap"
    res = analytic_interval("accuracy_score", [1], [1])
    assert 0 < res.confidence_interval.low < 1 and res.confidence_interval.high == 1
    t, p = _data(50, 2, seed=7)
    w = np.zeros(50)
    w[0] = 1.0
    res = analytic_interval("accuracy_score", t, p, sample_weight=w)  # n_eff = 1
    ref = proportion_confint(float(t[0] == p[0]), 1, method="wilson")
    assert_allclose(_bounds(res), ref, rtol=1e-12)


def test_empty_denominator_is_the_whole_range():
    with pytest.warns(RuntimeWarning, match="empty denominator"):
        res = analytic_interval("precision_score", [0, 1, 2, 2], [0, 0, 2, 2], average=None,
                                zero_division=0)
    assert res.confidence_interval.low[1] == 0 and res.confidence_interval.high[1] == 1


def test_delong_degenerate():
    with pytest.raises(ValueError, match="at least two positive"):
        analytic_interval("one_vs_all_roc_auc_score", [0, 0, 0, 1], [0.1, 0.2, 0.3, 0.4])
    with pytest.warns(RuntimeWarning, match="perfectly separated"):
        res = analytic_interval("one_vs_all_roc_auc_score", [0, 0, 1, 1], [0.1, 0.2, 0.3, 0.4])
    assert res.confidence_interval == (1.0, 1.0)


def test_bad_arguments():
    t, p = _data(30, 3)
    with pytest.raises(ValueError, match="confidence_level"):
        analytic_interval("accuracy_score", t, p, confidence_level=95)
    with pytest.raises(ValueError, match="method for f1_score"):
        analytic_interval("f1_score", t, p, average="macro", method="wilson")
    with pytest.raises(ValueError, match="use bootstrap"):
        analytic_interval("log_loss", t, np.full((30, 3), 1 / 3))
    with pytest.raises(ValueError, match="use bootstrap"):
        analytic_interval("balanced_accuracy_score", t, p, adjusted=True)
    with pytest.raises(ValueError, match="normalize=False"):
        analytic_interval("accuracy_score", t, p, normalize=False)
    with pytest.raises(ValueError, match="y_pred"):
        analytic_interval("accuracy_score", t, p[:-1])


def test_inputs_unchanged():
    t, p = _data(40, 3)
    w = np.linspace(0.5, 2, 40)
    copies = t.copy(), p.copy(), w.copy()
    analytic_interval("f1_score", t, p, average="weighted", sample_weight=w)
    for a, b in zip((t, p, w), copies):
        np.testing.assert_array_equal(a, b)


# -- coverage in simulation -------------------------------------------------------------------
def _true_value(name, probabilities, kwargs):
    """The metric of the population: a scale-free count metric of the expected counts."""
    c = msk.Confusion.from_matrix(np.asarray(probabilities) * 1e6)
    return getattr(c, name)(**kwargs)


COVERAGE = [  # (metric, kwargs, cell probabilities, n); proportions where the exact coverage
    # (Wilson, Clopper-Pearson) is 94.5-95.8 %: both oscillate with n and the rate
    ("accuracy_score", {}, [[0.495, 0.005], [0.005, 0.495]], 200),  # rate 0.99
    ("accuracy_score", {}, [[0.005, 0.495], [0.495, 0.005]], 2000),  # rate 0.01
    ("recall_score", {}, [[0.3, 0.2], [0.15, 0.35]], 500),
    ("accuracy_score", {"method": "clopper_pearson"}, [[0.005, 0.495], [0.495, 0.005]], 2000),
    ("f1_score", {"average": "macro"}, np.eye(3) * 0.25 + 0.25 / 6 * (1 - np.eye(3)), 300),
    ("macro_fbeta_score", {}, np.eye(3) * 0.25 + 0.25 / 6 * (1 - np.eye(3)), 300),
    ("f1_score", {}, [[0.6, 0.05], [0.1, 0.25]], 400),
    ("matthews_corrcoef", {}, [[0.4, 0.1], [0.1, 0.4]], 300),
    ("cohen_kappa_score", {}, np.eye(3) * 0.25 + 0.25 / 6 * (1 - np.eye(3)), 300),
]


def _coverage(name, kwargs, probabilities, n, sims, seed=0):
    kwargs = dict(kwargs)
    method = kwargs.pop("method", None)
    probabilities = np.asarray(probabilities, dtype=float)
    k = probabilities.shape[0]
    truth = _true_value(name, probabilities, kwargs)
    rng = np.random.default_rng(seed)
    cells = np.arange(k * k)
    hits = 0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for counts in rng.multinomial(n, probabilities.ravel(), size=sims):
            codes = np.repeat(cells, counts)
            res = analytic_interval(name, codes // k, codes % k, method=method, **kwargs)
            hits += res.confidence_interval.low <= truth <= res.confidence_interval.high
    return hits / sims


@pytest.mark.parametrize("name, kwargs, probabilities, n", COVERAGE)
def test_coverage_short(name, kwargs, probabilities, n):
    sims = 300  # 4 binomial standard errors of a 95 % coverage: +- 5 %
    assert abs(_coverage(name, kwargs, probabilities, n, sims) - 0.95) <= 0.05


@pytest.mark.slow
@pytest.mark.parametrize("name, kwargs, probabilities, n", COVERAGE)
def test_coverage_long(name, kwargs, probabilities, n):
    assert abs(_coverage(name, kwargs, probabilities, n, 2000, seed=1) - 0.95) <= 0.015


def _delong_coverage(n, sims, seed):
    """Binormal scores (separation 1): true AUC Phi(1 / sqrt 2)."""
    from scipy.special import ndtr

    truth = ndtr(1 / np.sqrt(2))
    rng = np.random.default_rng(seed)
    hits = 0
    for _ in range(sims):
        y = rng.integers(0, 2, n)
        s = rng.normal(size=n) + y
        res = analytic_interval("one_vs_all_roc_auc_score", y, s)
        hits += res.confidence_interval.low <= truth <= res.confidence_interval.high
    return hits / sims


def test_delong_coverage_short():
    assert abs(_delong_coverage(200, 300, 0) - 0.95) <= 0.05


@pytest.mark.slow
def test_delong_coverage_long():
    assert abs(_delong_coverage(200, 2000, 1) - 0.95) <= 0.015


# -- probability scores: the Brier score's CLT interval, bootstrap coverage ------------------
def test_brier_mean_interval_is_statsmodels_z_interval_of_the_losses():
    """analytic_interval('brier_score_loss'): the normal interval of the mean of the
    per-sample losses (statsmodels' zconfint_mean, s / sqrt n), binary and multi-class
    (scikit-learn's sum over the columns); weighted, the linearized standard error
    of the ratio sum w l / sum w, computed by hand."""
    import sklearn.metrics as skm
    from statsmodels.stats.weightstats import DescrStatsW

    rng = np.random.default_rng(3)
    p = rng.random(400)
    y = (rng.random(400) < p).astype(int)
    proba = rng.dirichlet(np.ones(3), 400)
    y3 = rng.integers(0, 3, 400)
    for yy, pp, losses in ((y, p, (y - p) ** 2),
                           (y3, proba, ((np.eye(3)[y3] - proba) ** 2).sum(1))):
        res = analytic_interval("brier_score_loss", yy, pp, confidence_level=0.9)
        assert res.method == "mean"
        assert res.value == pytest.approx(skm.brier_score_loss(yy, pp), rel=1e-12)
        assert_allclose(_bounds(res), DescrStatsW(losses).zconfint_mean(alpha=0.1),
                        rtol=1e-10)
    w = rng.uniform(0.2, 3, 400)
    res = analytic_interval("brier_score_loss", y, p, sample_weight=w)
    losses = (y - p) ** 2
    mean = np.average(losses, weights=w)
    se = np.sqrt(400 / 399 * np.sum(w ** 2 * (losses - mean) ** 2)) / w.sum()
    assert res.value == pytest.approx(skm.brier_score_loss(y, p, sample_weight=w), rel=1e-12)
    assert_allclose(_bounds(res), [mean - Z95 * se, mean + Z95 * se], rtol=1e-10)
    with pytest.raises(ValueError, match="must be 'mean'"):
        analytic_interval("brier_score_loss", y, p, method="delta")


#: Probabilities p ~ U(0, 1) and outcomes y ~ Bernoulli(p**2): Brier score
#: E[(y - p)**2] = E[2 p**2 - 2 p**3] = 1/6; every bin's gap E[p - p**2 | bin] > 0, so the
#: binned l1 error (any bins) is E[p - p**2] = 1/6; D2 = 1 - (1/6) / (pi (1 - pi)) with
#: pi = E[p**2] = 1/3: 1/4.
PROBABILITY_TRUTH = {"brier_score_loss": 1 / 6, "calibration_error": 1 / 6,
                     "d2_brier_score": 0.25}


def _probability_coverage(name, n, sims, seed, analytic=False):
    rng = np.random.default_rng(seed)
    hits = 0
    for s in range(sims):
        p = rng.random(n)
        y = (rng.random(n) < p ** 2).astype(int)
        if analytic:
            ci = analytic_interval(name, y, p).confidence_interval
        else:
            ci = msk.bootstrap(name, y, p, n_resamples=300,
                               random_state=s).confidence_interval
        hits += ci.low <= PROBABILITY_TRUTH[name] <= ci.high
    return hits / sims


@pytest.mark.parametrize("name", sorted(PROBABILITY_TRUTH))
def test_probability_score_bootstrap_coverage_short(name):
    """The percentile bootstrap of the score metrics of probabilities (300 samples: it
    covers about 93 %, the percentile bootstrap's small-sample undercoverage)."""
    assert abs(_probability_coverage(name, 300, 300, 0) - 0.95) <= 0.05


def test_brier_mean_interval_coverage_short():
    assert abs(_probability_coverage("brier_score_loss", 300, 300, 0, analytic=True)
               - 0.95) <= 0.05


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(PROBABILITY_TRUTH))
def test_probability_score_bootstrap_coverage_long(name):
    assert abs(_probability_coverage(name, 1000, 2000, 1) - 0.95) <= 0.02


@pytest.mark.slow
def test_brier_mean_interval_coverage_long():
    assert abs(_probability_coverage("brier_score_loss", 1000, 2000, 1, analytic=True)
               - 0.95) <= 0.015


# -- the report --------------------------------------------------------------------------------
@pytest.mark.parametrize("weighted, labels", [(False, None), (True, [0, 1, 2]), (False, [0, 1])])
def test_report_analytic_intervals_are_each_metrics_own(weighted, labels):
    from metrics_sk._display.report_layout import _calls

    t, p = _data(300, 4, accuracy=0.7, seed=12)
    w = np.random.default_rng(12).uniform(0.5, 2, 300) if weighted else None
    report = msk.quality_report(t, p, sample_weight=w, labels=labels, confidence_level=0.9,
                                interval="analytic", beta=2.0)
    calls = _calls(2.0, "warn")
    flat = [("per_class", k, None) for k in calls["per_class"]]
    flat += [("overall", k, None) for k in calls["overall"]]
    flat += [("averages", a, k) for a in calls["averages"] for k in calls["averages"][a]]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for section, key, sub in flat:
            name, kwargs = calls[section][key] if sub is None else calls[section][key][sub]
            shown = report.intervals[section][key]
            value = report.overall.get(key) if section == "overall" else None
            if sub is not None:
                shown = shown[sub]
            if value is not None:
                assert shown[0] <= value <= shown[1], key
            if labels is not None and name != "cohen_kappa_score":  # (kappa: of all samples)
                kwargs = {**kwargs, **({"labels": labels} if "labels" in _params(name) else {})}
            ref = analytic_interval(name, t, p, sample_weight=w, confidence_level=0.9,
                                    **kwargs)
            assert_allclose(np.array(shown, dtype=float), _bounds(ref), rtol=1e-6,
                            err_msg=f"{section} {key} {sub}")
    with pytest.raises(ValueError, match="'interval' parameter of quality_report must be"):
        msk.quality_report(t, p, confidence_level=0.9, interval="exact")


def _params(name):
    import inspect

    return inspect.signature(getattr(msk, name)).parameters


# -- the two properties above can fail ------------------------------------------------------
def test_the_range_property_can_fail(monkeypatch):
    """A Wald interval left unclipped (0.9 + 1.96 * 0.095 > 1) fails the range property."""
    import dataclasses
    import sys

    pairs = [(0, 0)] * 9 + [(0, 1)]
    check = test_bounds_always_in_range.hypothesis.inner_test
    check(pairs, "accuracy_score")

    real = analytic_interval

    def unclipped(name, y_true, y_pred, **kwargs):
        res = real(name, y_true, y_pred, **kwargs)
        half = 1.959963984540054 * np.sqrt(res.value * (1 - res.value) / len(y_true))
        bounds = type(res.confidence_interval)(res.value - half, res.value + half)
        return dataclasses.replace(res, confidence_interval=bounds)

    monkeypatch.setattr(sys.modules[__name__], "analytic_interval", unclipped)
    with pytest.raises(AssertionError):
        check(pairs, "accuracy_score")


def test_the_order_property_can_fail(monkeypatch):
    """An interval that leaves out the last sample depends on the order: the property
    catches it."""
    import sys

    pairs = [(0, 0), (1, 1), (2, 1), (3, 3), (0, 0), (1, 2), (2, 2), (3, 0)]
    call = ("f1_score", {"average": "macro"})
    check = test_sample_order_and_label_names_do_not_matter.hypothesis.inner_test
    check(pairs, call)
    real = analytic_interval
    monkeypatch.setattr(sys.modules[__name__], "analytic_interval",
                        lambda name, y_true, y_pred, **kwargs: real(
                            name, y_true[:-1], y_pred[:-1], **kwargs))
    with pytest.raises(AssertionError):
        check(pairs, call)
