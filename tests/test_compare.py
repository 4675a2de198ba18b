"""Paired comparison: the joint-table bootstrap against scipy's paired bootstrap, McNemar
and Stuart-Maxwell against statsmodels, paired DeLong against the O(n^2) definition, the
corrected resampled t-test against its formula and scipy's paired t-test."""

import json
import warnings

import numpy as np
import pytest
import scipy.stats as st
import sklearn.metrics as skm
from hypothesis import given, settings
from hypothesis import strategies as hst
from numpy.testing import assert_allclose
from statsmodels.stats.contingency_tables import SquareTable, mcnemar

from metrics_sk import compare, corrected_resampled_ttest


def _models(n, k=3, seed=0, acc_a=0.8, acc_b=0.7):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, k, n)
    a = np.where(rng.random(n) < acc_a, y, rng.integers(0, k, n))
    b = np.where(rng.random(n) < acc_b, y, rng.integers(0, k, n))
    return y, a, b


# -- paired bootstrap ------------------------------------------------------------------------
def test_bootstrap_matches_scipy_paired_bootstrap():
    y, a, b = _models(80, seed=1)

    def macro_f1(t, p):  # over the labels present, 0 for 0/0, as scikit-learn's
        m = np.bincount(t * 3 + p, minlength=9).reshape(3, 3)
        present = (m.sum(0) + m.sum(1)) > 0
        f = 2 * np.diag(m) / np.maximum(m.sum(0) + m.sum(1), 1)
        return f[present].mean()

    def diff(t, pa, pb):
        return macro_f1(t, pa) - macro_f1(t, pb)

    assert_allclose(diff(y, a, b), skm.f1_score(y, a, average="macro")
                    - skm.f1_score(y, b, average="macro"), rtol=1e-12)

    ref = st.bootstrap((y, a, b), diff, paired=True, vectorized=False, n_resamples=3000,
                       method="percentile", random_state=0)
    res = compare("f1_score", y, a, b, average="macro", zero_division=0, n_resamples=3000,
                  random_state=0)
    assert_allclose(res.difference, diff(y, a, b), rtol=1e-12)
    # same distribution, different random draws: the Monte Carlo error of 3000 replicates
    assert_allclose(res.confidence_interval, ref.confidence_interval, atol=0.02)


def test_bootstrap_statistics_are_each_models_own():
    y, a, b = _models(300, k=4, seed=2)
    b = np.where(b == 3, 9, b)  # a class only model B predicts
    res = compare("f1_score", y, a, b, average="macro", random_state=0, n_resamples=200)
    assert_allclose(res.statistic_a, skm.f1_score(y, a, average="macro"), rtol=1e-12)
    assert_allclose(res.statistic_b, skm.f1_score(y, b, average="macro"), rtol=1e-12)
    per_class = compare("recall_score", y, a, a, average=None, n_resamples=50)
    assert per_class.difference.shape == (4,)


def test_identical_models_differ_by_nothing():
    y, a, _ = _models(200, seed=3)
    res = compare("matthews_corrcoef", y, a, a, random_state=0, n_resamples=200)
    assert res.difference == 0 and res.confidence_interval == (0.0, 0.0)
    assert res.pvalue == 1.0


def test_bootstrap_detects_a_real_difference_and_weights_work():
    y, a, b = _models(3000, seed=4, acc_a=0.85, acc_b=0.75)
    res = compare("accuracy_score", y, a, b, random_state=0, n_resamples=500)
    assert res.confidence_interval.low > 0 and res.pvalue < 0.01
    w = np.random.default_rng(4).uniform(0.5, 2, 3000)
    weighted = compare("accuracy_score", y, a, b, sample_weight=w, random_state=0,
                       n_resamples=100)
    assert_allclose(weighted.statistic_a, skm.accuracy_score(y, a, sample_weight=w))
    assert weighted.confidence_interval.low > 0


def test_string_labels():
    y, a, b = _models(200, seed=5)
    names = np.array(["cat", "dog", "emu"])
    res = compare("precision_score", names[y], names[a], names[b], average="weighted",
                  random_state=0, n_resamples=100)
    assert_allclose(res.statistic_b, skm.precision_score(names[y], names[b],
                                                         average="weighted"))


# -- McNemar and Stuart-Maxwell ---------------------------------------------------------------
@pytest.mark.parametrize("exact", [True, False])
@pytest.mark.parametrize("seed", [0, 6])
def test_mcnemar_equals_statsmodels(exact, seed):
    y, a, b = _models(150, seed=seed)
    ra, rb = a == y, b == y
    table = [[np.sum(ra & rb), np.sum(ra & ~rb)], [np.sum(~ra & rb), np.sum(~ra & ~rb)]]
    ref = mcnemar(table, exact=exact, correction=True)
    res = compare("accuracy_score", y, a, b, method="mcnemar", exact=exact)
    assert_allclose([res.pvalue, res.test_statistic], [ref.pvalue, ref.statistic], rtol=1e-12)
    assert_allclose(res.difference, ra.mean() - rb.mean(), rtol=1e-12)
    assert -1 <= res.confidence_interval.low < res.difference < res.confidence_interval.high


def test_mcnemar_frequency_weights_are_repetitions():
    y, a, b = _models(100, seed=7)
    w = np.random.default_rng(7).integers(1, 4, 100)
    rep = np.repeat(np.arange(100), w)
    res = compare("accuracy_score", y, a, b, method="mcnemar", sample_weight=w)
    ref = compare("accuracy_score", y[rep], a[rep], b[rep], method="mcnemar")
    assert_allclose(res.pvalue, ref.pvalue, rtol=1e-12)
    with pytest.raises(ValueError, match="integer frequencies"):
        compare("accuracy_score", y, a, b, method="mcnemar", sample_weight=w + 0.5)


def test_mcnemar_no_discordant_pairs():
    y, a, _ = _models(50, seed=8)
    assert compare("accuracy_score", y, a, a, method="mcnemar").pvalue == 1.0
    with pytest.warns(RuntimeWarning, match="No discordant"):
        assert compare("accuracy_score", y, a, a, method="mcnemar", exact=False).pvalue == 1.0


def test_stuart_maxwell_equals_statsmodels():
    y, a, b = _models(400, k=4, seed=9, acc_a=0.6, acc_b=0.5)
    b = np.where((b == 2) & (np.arange(400) % 3 == 0), 3, b)  # shift B's margins
    ref = SquareTable(skm.confusion_matrix(a, b)).homogeneity()
    res = compare("accuracy_score", y, a, b, method="stuart_maxwell")
    assert_allclose([res.pvalue, res.test_statistic], [ref.pvalue, ref.statistic], rtol=1e-9)
    assert np.isnan(res.confidence_interval.low)


# -- paired DeLong ----------------------------------------------------------------------------
def _paired_direct(y, sa, sb):
    """Paired DeLong from the O(n^2) kernels (DeLong et al. 1988)."""
    def comps(s):
        pos, neg = s[y == 1], s[y == 0]
        kern = (pos[:, None] > neg[None]) + 0.5 * (pos[:, None] == neg[None])
        return kern.mean(1), kern.mean(0), kern.mean()

    v10a, v01a, auc_a = comps(sa)
    v10b, v01b, auc_b = comps(sb)
    s10 = np.cov(np.vstack([v10a, v10b]))
    s01 = np.cov(np.vstack([v01a, v01b]))
    cov = s10 / v10a.size + s01 / v01a.size
    var = cov[0, 0] + cov[1, 1] - 2 * cov[0, 1]
    return auc_a, auc_b, var


def test_paired_delong_equals_direct():
    rng = np.random.default_rng(10)
    y = rng.integers(0, 2, 300)
    sa = np.round(rng.normal(size=300) + y, 1)
    sb = 0.5 * sa + rng.normal(size=300) + 0.5 * y
    auc_a, auc_b, var = _paired_direct(y, sa, sb)
    res = compare("one_vs_all_roc_auc_score", y, sa, sb, method="delong")
    assert_allclose([res.statistic_a, res.statistic_b], [auc_a, auc_b], rtol=1e-12)
    z = (auc_a - auc_b) / np.sqrt(var)
    assert_allclose(res.test_statistic, z, rtol=1e-9)
    assert_allclose(res.pvalue, 2 * st.norm.sf(abs(z)), rtol=1e-9)
    per_class = compare("one_vs_all_roc_auc_score", y, np.column_stack([-sa, sa]),
                        np.column_stack([-sb, sb]), method="delong", average=None)
    assert_allclose(per_class.test_statistic, [z, z], rtol=1e-9)



def test_delong_is_chosen_by_the_registrys_interval_family(monkeypatch):
    """compare(method='delong') takes the metrics whose interval family in the registry is
    DeLong (one_vs_all_roc_auc_score, by function, name or scorer name) and refuses the
    others as before; the decision reads the registry, not the function's identity."""
    import dataclasses

    import metrics_sk
    from metrics_sk import _registry

    y = np.array([0, 0, 1, 1, 0, 1, 1, 0])
    sa = np.array([0.1, 0.4, 0.35, 0.8, 0.2, 0.9, 0.6, 0.3])
    sb = np.array([0.2, 0.3, 0.5, 0.7, 0.4, 0.6, 0.55, 0.1])
    expected = [skm.roc_auc_score(y, sa), skm.roc_auc_score(y, sb)]
    for metric in ("one_vs_all_roc_auc_score", metrics_sk.one_vs_all_roc_auc_score):
        res = compare(metric, y, sa, sb, method="delong")
        assert_allclose([res.statistic_a, res.statistic_b], expected, rtol=1e-12)
    for metric in ("roc_auc_score", "log_loss", "accuracy_score"):
        with pytest.raises(ValueError, match="method='delong' compares ROC AUCs"):
            compare(metric, y, sa, sb, method="delong")
    name = "one_vs_all_roc_auc_score"
    monkeypatch.setitem(_registry.METRICS, name,
                        dataclasses.replace(_registry.METRICS[name], interval=None))
    with pytest.raises(ValueError, match="method='delong' compares ROC AUCs"):
        compare(name, y, sa, sb, method="delong")

# -- corrected resampled t-test ---------------------------------------------------------------
def test_corrected_resampled_ttest_formula_and_scipy():
    rng = np.random.default_rng(11)
    a = 0.8 + 0.02 * rng.normal(size=10)
    b = a - 0.01 + 0.01 * rng.normal(size=10)
    d = a - b
    res = corrected_resampled_ttest(a, b, n_train=900, n_test=100)
    t = d.mean() / np.sqrt((1 / 10 + 100 / 900) * d.var(ddof=1))
    assert_allclose(res.test_statistic, t, rtol=1e-12)
    assert_allclose(res.pvalue, 2 * st.t.sf(abs(t), 9), rtol=1e-12)
    # without the correction term it is the paired t-test
    plain = corrected_resampled_ttest(a, b, n_train=1e15, n_test=1e-15)
    ref = st.ttest_rel(a, b)
    assert_allclose([plain.test_statistic, plain.pvalue], [ref.statistic, ref.pvalue],
                    rtol=1e-9)
    low, high = ref.confidence_interval()
    assert_allclose(plain.confidence_interval, [low, high], rtol=1e-9)


def test_corrected_ttest_errors_and_constant_differences():
    with pytest.raises(ValueError, match="scores_b"):
        corrected_resampled_ttest([0.8, 0.9], [0.7, np.nan], n_train=10, n_test=5)
    with pytest.raises(ValueError, match="n_test"):
        corrected_resampled_ttest([0.8, 0.9], [0.7, 0.8], n_train=10, n_test=0)
    with pytest.warns(RuntimeWarning, match="constant"):
        res = corrected_resampled_ttest([0.5, 0.75], [0.25, 0.5], n_train=10, n_test=5)
    assert res.pvalue == 0.0


# -- errors -----------------------------------------------------------------------------------
def test_bad_arguments():
    y, a, b = _models(40)
    with pytest.raises(ValueError, match="'method' parameter of compare must be a str among"):
        compare("accuracy_score", y, a, b, method="wilcoxon")
    with pytest.raises(ValueError, match="metric must be 'accuracy_score'"):
        compare("f1_score", y, a, b, method="mcnemar", average="macro")
    with pytest.raises(ValueError, match="one_vs_all_roc_auc_score"):
        compare("accuracy_score", y, a, b, method="delong")
    with pytest.raises(ValueError, match="count metrics.*use method='bootstrap'"):
        compare("log_loss", y, np.full((40, 3), 1 / 3), np.full((40, 3), 1 / 3),
                method="stuart_maxwell")
    with pytest.raises(ValueError, match="y_pred_b"):
        compare("accuracy_score", y, a, b[:-1])
    with pytest.raises(ValueError, match="confidence_level"):
        compare("accuracy_score", y, a, b, confidence_level=1.5)
    with pytest.raises(ValueError, match="n_resamples"):
        compare("accuracy_score", y, a, b, n_resamples=1)
    copies = y.copy(), a.copy(), b.copy()
    compare("f1_score", y, a, b, average="macro", n_resamples=20)
    for x, c in zip((y, a, b), copies):
        np.testing.assert_array_equal(x, c)


# -- invariances ------------------------------------------------------------------------------------
@settings(max_examples=30, deadline=None)
@given(hst.lists(hst.tuples(hst.integers(0, 2), hst.integers(0, 2), hst.integers(0, 2)),
                 min_size=2, max_size=40),
       hst.sampled_from(["mcnemar", "stuart_maxwell"]))
def test_swapping_the_models_negates_the_difference(triples, method):
    y, a, b = (np.array(v) for v in zip(*triples))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ab = compare("accuracy_score", y, a, b, method=method)
        ba = compare("accuracy_score", y, b, a, method=method)
        order = np.arange(len(y))[::-1]
        shuffled = compare("accuracy_score", y[order], a[order], b[order], method=method)
    assert ab.difference == -ba.difference
    assert_allclose(ab.pvalue, ba.pvalue, rtol=1e-9)
    assert 0 <= ab.pvalue <= 1
    assert_allclose([shuffled.pvalue, shuffled.difference], [ab.pvalue, ab.difference])


def test_dask_inputs_are_counted_per_partition():
    da = pytest.importorskip("dask.array")
    dd = pytest.importorskip("dask.dataframe")
    import pandas as pd

    y, a, b = _models(2000, k=4, seed=13)
    names = np.array(["ant", "bee", "cat", "dog"])
    for method in ("mcnemar", "stuart_maxwell", "bootstrap"):
        ref = compare("accuracy_score", y, a, b, method=method, random_state=0,
                      n_resamples=200)
        lazy = compare("accuracy_score", *(da.from_array(v, chunks=300) for v in (y, a, b)),
                       method=method, random_state=0, n_resamples=200)
        assert_allclose([lazy.pvalue, lazy.difference], [ref.pvalue, ref.difference])
        assert_allclose(lazy.confidence_interval, ref.confidence_interval, equal_nan=True)
    series = [dd.from_pandas(pd.Series(names[v]), npartitions=3) for v in (y, a, b)]
    res = compare("f1_score", *series, average="macro", random_state=0, n_resamples=100)
    assert_allclose(res.statistic_a, skm.f1_score(names[y], names[a], average="macro"))
    with pytest.raises(ValueError, match="in-memory"):
        compare("accuracy_score", *(da.from_array(v, chunks=300) for v in (y, a, b)),
                sample_weight=np.ones(2000))


# -- the command line ------------------------------------------------------------------------------
def test_cli_compare(tmp_path, capsys):
    pd = pytest.importorskip("pandas")
    from metrics_sk._display.cli import main

    y, a, b = _models(400, k=3, seed=14)
    names = np.array(["cat", "dog", "pig"])
    path = tmp_path / "preds.csv"
    pd.DataFrame({"y": names[y], "a": names[a], "b": names[b]}).to_csv(path, index=False)
    assert main(["compare", str(path), "--true", "y", "--pred", "a", "--pred", "b",
                 "--format", "json", "--n-resamples", "200", "-q"]) == 0
    out = json.loads(capsys.readouterr().out)
    ref = compare("f1_score", names[y], names[a], names[b], average="macro",
                  zero_division=0.0, n_resamples=200, random_state=0)
    got = out["metrics"]["macro F1 (mean of class F1)"]
    assert_allclose([got["a"], got["b"], got["difference"], *got["interval"]],
                    [ref.statistic_a, ref.statistic_b, ref.difference,
                     *ref.confidence_interval])
    ra, rb = a == y, b == y
    table = [[np.sum(ra & rb), np.sum(ra & ~rb)], [np.sum(~ra & rb), np.sum(~ra & ~rb)]]
    assert_allclose(out["mcnemar_pvalue"], mcnemar(table, exact=True).pvalue)
    assert main(["compare", str(path), "--true", "y", "--pred", "a", "--pred", "b",
                 "--n-resamples", "50", "-q"]) == 0
    text = capsys.readouterr().out
    assert "A = a, B = b" in text and "McNemar" in text and "accuracy" in text
    with pytest.raises(SystemExit):
        main(["compare", str(path), "--true", "y", "--pred", "a"])
    assert main(["compare", str(path), "--true", "y", "--pred", "a", "--pred", "zz",
                 "-q"]) == 1
    assert "no column 'zz'" in capsys.readouterr().err


def test_the_swap_property_can_fail(monkeypatch):
    """A comparison that reports the absolute difference (the better model first, whatever
    the order) fails the swap property."""
    import dataclasses
    import sys

    triples = [(0, 0, 1), (1, 1, 1), (2, 2, 0), (0, 0, 0), (1, 1, 2), (2, 0, 2)]
    check = test_swapping_the_models_negates_the_difference.hypothesis.inner_test
    check(triples, "mcnemar")
    real = compare
    monkeypatch.setattr(sys.modules[__name__], "compare",
                        lambda *args, **kwargs: (lambda r: dataclasses.replace(
                            r, difference=abs(r.difference)))(real(*args, **kwargs)))
    with pytest.raises(AssertionError):
        check(triples, "mcnemar")
