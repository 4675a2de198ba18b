"""Bootstrap confidence intervals: the vectorized cell resampling against per-sample
bootstraps, coverage in simulation, and the report hook."""

import warnings

import numpy as np
import pytest
import scipy.stats as st

import metrics_sk as msk
from metrics_sk._registry import METRICS
from metrics_sk import Confusion
from metrics_sk._inference.bootstrap import (
    VECTORIZED,
    bootstrap,
    confidence_intervals,
    sampler_from_samples,
)
from metrics_sk._inference.resampling import CellSampler


def _data(n, k, accuracy=0.7, seed=0, kind=int):
    rng = np.random.default_rng(seed)
    t = rng.integers(0, k, n)
    p = np.where(rng.random(n) < accuracy, t, rng.integers(0, k, n))
    if kind is str:
        names = np.array([f"c{i}" for i in range(k)])
        return names[t], names[p]
    return t, p


# Every vectorized metric, with the keyword arguments that take different code paths.
BATCH_CALLS = [
    ("precision_recall_fscore_support", {"average": None}),
    ("precision_recall_fscore_support", {"average": "weighted", "beta": 2.0}),
    ("precision_score", {"average": "micro"}),
    ("precision_score", {"average": "macro", "labels": [0, 2, 9]}),
    ("recall_score", {"average": None, "zero_division": 1.0}),
    ("fbeta_score", {"beta": 0.5, "average": "weighted"}),
    ("f1_score", {"average": "macro"}),
    ("f1_score", {"average": "macro", "zero_division": np.nan}),
    ("accuracy_score", {}),
    ("accuracy_score", {"normalize": False}),
    ("zero_one_loss", {}),
    ("zero_one_loss", {"normalize": False}),
    ("hamming_loss", {}),
    ("balanced_accuracy_score", {}),
    ("balanced_accuracy_score", {"adjusted": True}),
    ("matthews_corrcoef", {}),
    ("cohen_kappa_score", {}),
    ("cohen_kappa_score", {"weights": "linear"}),
    ("cohen_kappa_score", {"weights": "quadratic"}),
    ("cohen_kappa_score", {"weights": "quadratic", "labels": [3, 0, 1]}),
    ("specificity_score", {"average": "macro"}),
    ("specificity_score", {"average": "micro"}),
    ("balanced_auc_score", {"average": "weighted"}),
    ("average_accuracy_score", {}),
    ("error_rate", {"labels": [0, 1, 2, 3, 4, 5]}),
    ("micro_precision_score", {}),
    ("micro_recall_score", {}),
    ("micro_fbeta_score", {"beta": 2.0}),
    ("macro_precision_score", {}),
    ("macro_recall_score", {"zero_division": 0.0}),
    ("macro_fbeta_score", {"beta": 2.0}),
    ("macro_fbeta_score", {"labels": [1, 2, 7]}),
    # (its cost matrix indexes labels=, which holds every label of the 5-class data)
    ("expected_cost", {"cost_matrix": np.arange(25.0).reshape(5, 5) % 7,
                       "labels": [0, 1, 2, 3, 4]}),
    ("jaccard_score", {"average": "macro"}),
    ("jaccard_score", {"average": "weighted", "labels": [0, 2, 9]}),
    ("jaccard_score", {"average": None, "zero_division": 1.0}),
    ("jaccard_score", {"average": "micro"}),
]
# Every other batch metric of the registry, with its defaults.
BATCH_CALLS += [(name, {}) for name in sorted(VECTORIZED - {n for n, _ in BATCH_CALLS})
                if not METRICS[name].binary_only]  # the data below has 5 classes


def test_every_vectorized_metric_is_exercised():
    binary = {name for name in VECTORIZED if METRICS[name].binary_only}
    assert {name for name, _ in BATCH_CALLS} | binary == VECTORIZED
    assert VECTORIZED <= {name for name, m in METRICS.items() if m.count}


@pytest.mark.parametrize("fixed", [None, [0, 1, 2]], ids=["all-labels", "other-slot"])
@pytest.mark.parametrize("name, kwargs", BATCH_CALLS, ids=[f"{n}-{i}" for i, (n, _) in
                                                             enumerate(BATCH_CALLS)])
def test_batch_equals_one_confusion_at_a_time(name, kwargs, fixed):
    # A few tiny, skewed replicates hit every 0/0 branch; the batch must agree with the
    # Confusion method on each replicate: the confusion of the resample's samples (over
    # the labels the resample has, as scikit-learn sees them), or under labels= fixed
    # the replicate over those labels. A per-class value of a class the resample misses
    # is NaN in the batch.
    t, p = _data(40, 5, accuracy=0.5, seed=3)
    c = Confusion.from_predictions(t, p, labels=fixed)
    sampler = CellSampler(c)
    counts = np.random.default_rng(1).multinomial(6, np.full(sampler.size, 1 / sampler.size),
                                                  size=25)
    method = getattr(Confusion, name)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        batch = method(sampler.replicates(counts), **kwargs)
        for i, row in enumerate(counts):
            if fixed is None:
                rt, rp = (np.repeat(c.labels[x], row) for x in (sampler.rows, sampler.cols))
                seen = np.isin(c.labels, np.concatenate((rt, rp)))
                replicate = Confusion.from_predictions(rt, rp)
            else:
                seen, replicate = np.ones(c.n_classes, bool), sampler.confusion_of(row)
            try:
                one = method(replicate, **kwargs)
            except (ZeroDivisionError, ValueError):  # undefined replicate: NaN in the batch
                continue
            for b, o in zip(*(x if isinstance(x, tuple) else (x,) for x in (batch, one))):
                if o is None:
                    assert b is None
                    continue
                b = np.asarray(b)[i]
                if b.shape != np.shape(o):  # per class, over the labels the resample has
                    assert b.shape == seen.shape and np.shape(o) == (seen.sum(),)
                    assert np.all(np.isnan(b[~seen])) or name.startswith("precision_recall")
                    b = b[seen]
                np.testing.assert_allclose(b, o, rtol=1e-12, atol=1e-12, equal_nan=True)


def test_naive_bootstrap_agrees_in_distribution():
    t, p = _data(300, 4, seed=5)
    n_resamples = 2000
    res = bootstrap(msk.f1_score, t, p, average="macro", n_resamples=n_resamples,
                    random_state=1)
    rng = np.random.default_rng(2)
    naive = np.array([msk.f1_score(t[i], p[i], average="macro")
                      for i in (rng.integers(0, 300, 300) for _ in range(n_resamples))])
    ours = res.bootstrap_distribution
    se = naive.std(ddof=1)
    assert abs(ours.mean() - naive.mean()) < 4 * se * np.sqrt(2 / n_resamples)
    assert abs(res.standard_error / se - 1) < 0.1
    for q in (2.5, 50, 97.5):
        assert abs(np.percentile(ours, q) - np.percentile(naive, q)) < 0.35 * se
    assert st.ks_2samp(ours, naive).pvalue > 1e-3


def test_weighted_bootstrap_agrees_with_naive_weighted_bootstrap():
    t, p = _data(200, 3, seed=6)
    w = np.random.default_rng(7).gamma(2.0, size=200)
    res = bootstrap("balanced_accuracy_score", t, p, sample_weight=w, n_resamples=800,
                    random_state=3)
    rng = np.random.default_rng(4)
    naive = np.array([msk.balanced_accuracy_score(t[i], p[i], sample_weight=w[i])
                      for i in (rng.integers(0, 200, 200) for _ in range(800))])
    se = naive.std(ddof=1)
    assert abs(res.bootstrap_distribution.mean() - naive.mean()) < 4 * se * np.sqrt(2 / 800)
    assert abs(res.standard_error / se - 1) < 0.15


def test_jackknife_of_cells_equals_leave_one_out_of_samples():
    t, p = _data(60, 3, seed=8)
    w = np.random.default_rng(9).integers(1, 4, 60).astype(float)
    for sampler, weights in ((CellSampler(Confusion.from_predictions(t, p)), None),
                             (sampler_from_samples(Confusion.from_predictions(t, p), t, p, w),
                              w)):
        counts, mult = sampler.jackknife()
        ours = np.repeat(sampler.replicates(counts).matthews_corrcoef(), mult)
        keep = np.ones(60, dtype=bool)
        naive = []
        for i in range(60):
            keep[i] = False
            naive.append(msk.matthews_corrcoef(
                t[keep], p[keep], sample_weight=None if weights is None else weights[keep]))
            keep[i] = True
        np.testing.assert_allclose(np.sort(ours), np.sort(naive), rtol=1e-12)


def test_bca_agrees_with_scipy():
    t, p = _data(250, 3, seed=10)
    correct = (t == p).astype(float)
    ref = st.bootstrap((correct,), np.mean, method="BCa", n_resamples=4000, random_state=0)
    ours = bootstrap("accuracy_score", t, p, method="bca", n_resamples=4000, random_state=0)
    se = ours.standard_error
    assert abs(ours.confidence_interval.low - ref.confidence_interval.low) < 0.2 * se
    assert abs(ours.confidence_interval.high - ref.confidence_interval.high) < 0.2 * se


def test_basic_interval_reflects_the_percentile_interval():
    t, p = _data(300, 3, seed=11)
    kw = dict(n_resamples=500, random_state=0)
    per = bootstrap("matthews_corrcoef", t, p, method="percentile", **kw)
    basic = bootstrap("matthews_corrcoef", t, p, method="basic", **kw)
    est = msk.matthews_corrcoef(t, p)
    assert np.isclose(basic.confidence_interval.low, 2 * est - per.confidence_interval.high)
    assert np.isclose(basic.confidence_interval.high, 2 * est - per.confidence_interval.low)


@pytest.mark.parametrize("method", ["percentile", "bca"])
def test_coverage_in_simulation(method):
    # 200 data sets from a known 3-class confusion distribution; the population macro F1
    # (the metric of the expected confusion) must be covered about 95 % of the time.
    cells = np.array([[.25, .04, .02], [.05, .20, .05], [.03, .06, .30]])
    truth = Confusion.from_matrix(cells).f1_score(average="macro")
    rng = np.random.default_rng(12)
    n, n_sets = 600, 200
    flat = cells.ravel() / cells.sum()
    hits = 0
    for _ in range(n_sets):
        drawn = rng.choice(9, size=n, p=flat)
        t, p = np.divmod(drawn, 3)
        ci = bootstrap("f1_score", t, p, average="macro", method=method, n_resamples=1000,
                       random_state=rng).confidence_interval
        hits += ci.low <= truth <= ci.high
    tolerance = 3 * np.sqrt(0.95 * 0.05 / n_sets)
    assert abs(hits / n_sets - 0.95) < tolerance


def test_per_class_metric_gives_per_class_intervals():
    t, p = _data(500, 4, seed=13, kind=str)
    res = bootstrap("recall_score", t, p, average=None, n_resamples=300, random_state=0)
    est = msk.recall_score(t, p, average=None)
    assert res.bootstrap_distribution.shape == (4, 300)
    assert res.confidence_interval.low.shape == res.standard_error.shape == (4,)
    assert np.all(res.confidence_interval.low <= est)
    assert np.all(est <= res.confidence_interval.high)


def test_non_vectorized_count_metric_and_same_seed_same_draws():
    t, p = _data(300, 3, seed=14)
    a = bootstrap("confusion_matrix", t, p, n_resamples=50, random_state=5)
    assert a.bootstrap_distribution.shape == (3, 3, 50)
    assert np.all(a.bootstrap_distribution.sum(axis=(0, 1)) == 300)
    b = bootstrap("accuracy_score", t, p, n_resamples=50, random_state=5)
    trace = np.trace(a.bootstrap_distribution) / 300
    np.testing.assert_allclose(b.bootstrap_distribution, trace)


def test_score_metric_falls_back_to_index_resampling():
    rng = np.random.default_rng(15)
    y = rng.integers(0, 3, 200)
    proba = rng.dirichlet(np.ones(3), 200)
    res = bootstrap("hinge_loss", y, proba, n_resamples=100, random_state=6)
    replay = np.random.default_rng(6)
    naive = [msk.hinge_loss(y[i], proba[i])
             for i in (replay.integers(0, 200, 200) for _ in range(100))]
    np.testing.assert_allclose(res.bootstrap_distribution, naive)
    # any callable with the scikit-learn signature works too
    import sklearn.metrics as skm

    res = bootstrap(skm.f1_score, y, np.argmax(proba, 1), average="macro", n_resamples=20,
                    method="bca")
    assert res.confidence_interval.low <= res.confidence_interval.high


def test_confidence_intervals_nested_statistic_and_fallback():
    t, p = _data(400, 3, seed=16)
    c = Confusion.from_predictions(t, p)

    def stat(c):
        return {"acc": c.accuracy_score(), "pr": c.precision_recall_fscore_support(
            average=None)[:2]}

    ci = confidence_intervals(c, stat, n_resamples=300, random_state=2)
    assert ci["acc"].low < c.accuracy_score() < ci["acc"].high
    assert ci["pr"][0].low.shape == (3,)

    def not_batch_aware(c):
        return float(np.asarray(c.accuracy_score()))

    slow = confidence_intervals(c, not_batch_aware, n_resamples=300, random_state=2)
    assert np.allclose(slow, ci["acc"])


def test_confidence_intervals_of_the_report_layout():
    from metrics_sk._display.report_layout import count_values

    t, p = _data(300, 3, seed=17)
    c = Confusion.from_predictions(t, p)
    ci = confidence_intervals(c, count_values, n_resamples=100, random_state=0)
    values = count_values(c)
    assert ci["overall"].keys() == values["overall"].keys()
    low, high = ci["per_class"]["fscore"]
    assert np.all(low <= values["per_class"]["fscore"] + 1e-12)
    lo, hi = ci["averages"]["macro"]["precision"]
    assert lo <= values["averages"]["macro"]["precision"] <= hi


def test_weighted_confusion_needs_the_samples():
    t, p = _data(100, 3, seed=18)
    w = np.linspace(0.5, 1.5, 100)
    c = Confusion.from_predictions(t, p, sample_weight=w)
    with pytest.raises(ValueError, match="sample-weight sums"):
        confidence_intervals(c, Confusion.accuracy_score)
    ci = confidence_intervals(c, Confusion.accuracy_score, y_true=t, y_pred=p,
                              sample_weight=w, n_resamples=200, random_state=0)
    assert ci.low < c.accuracy_score() < ci.high
    # weights that look like counts (equal, integer, or large) are still not resampled as
    # counts, neither merged into an unweighted confusion nor streamed through update
    t, p = [0, 1, 0, 1, 1, 0, 1, 0], [0, 1, 1, 1, 0, 0, 1, 1]
    for w in ([1000.0] * 8, [1.0, 5.0] * 4, [2] * 8):
        c = Confusion.from_predictions(t, p, sample_weight=w)
        with pytest.raises(ValueError, match="sample-weight sums"):
            msk.confidence_intervals(c, lambda c: c.accuracy_score())
        merged = Confusion.from_predictions(t, p) + c
        with pytest.raises(ValueError, match="sample-weight sums"):
            msk.confidence_intervals(merged, lambda c: c.accuracy_score())
    streamed = Confusion()
    streamed.update(t, p, sample_weight=[3.0] * 8)
    with pytest.raises(ValueError, match="sample-weight sums"):
        msk.confidence_intervals(streamed, lambda c: c.accuracy_score())


def test_inputs_are_not_modified():
    t, p = _data(100, 3, seed=19)
    w = np.linspace(0.5, 1.5, 100)
    copies = [a.copy() for a in (t, p, w)]
    for a in (t, p, w):
        a.flags.writeable = False
    bootstrap("f1_score", t, p, average="macro", n_resamples=20, method="bca")
    bootstrap("f1_score", t, p, average="macro", sample_weight=w, n_resamples=20,
              method="bca")
    for a, b in zip((t, p, w), copies):
        np.testing.assert_array_equal(a, b)


@pytest.mark.parametrize("kwargs, match", [
    ({"n_resamples": 1}, "n_resamples"),
    ({"n_resamples": 10.5}, "n_resamples"),
    ({"confidence_level": 1.0}, "confidence_level"),
    ({"method": "student"}, "method"),
    ({"random_state": "seed"}, "random_state"),
])
def test_bad_options(kwargs, match):
    with pytest.raises(ValueError, match=match):
        bootstrap("accuracy_score", [0, 1, 1], [0, 1, 0], **kwargs)


def test_bad_metric():
    with pytest.raises(ValueError, match="not a metrics_sk metric"):
        bootstrap("no_such_score", [0, 1], [0, 1])
    with pytest.raises(ValueError, match="metric must be"):
        bootstrap(3, [0, 1], [0, 1])
    with pytest.raises(ValueError, match="BinaryQualityMetrics"):
        bootstrap("binary_quality_metrics", [0, 1, 1], [0, 1, 0], n_resamples=5)
    with pytest.raises(ValueError, match="4 values"):
        bootstrap("precision_recall_fscore_support", [0, 1, 1], [0, 1, 0], average=None,
                  n_resamples=5)


def test_doc_formula_one_replicate_is_a_multinomial_draw():
    # The cells of every replicate sum to n and only non-zero cells are resampled.
    t, p = _data(1000, 5, seed=20)
    c = Confusion.from_predictions(t, p)
    sampler = CellSampler(c)
    counts = next(sampler.chunks(50, np.random.default_rng(0)))
    assert counts.shape == (50, c.matrix.nnz)
    assert np.all(counts.sum(1) == 1000)
    assert sum(sampler.confusion_of(r) for r in counts[:2]).total == 2000


@pytest.mark.parametrize("name, call", [
    ("bootstrap", lambda **kw: msk.bootstrap("accuracy_score", [0, 1, 1], [0, 1, 0], **kw)),
    ("confidence_intervals", lambda **kw: confidence_intervals(
        Confusion.from_predictions([0, 1, 1], [0, 1, 0]), Confusion.accuracy_score, **kw)),
    ("analytic_interval", lambda **kw: msk.analytic_interval(
        "accuracy_score", [0, 1, 1], [0, 1, 0], **kw)),
    ("compare", lambda **kw: msk.compare("accuracy_score", [0, 1, 1], [0, 1, 0],
                                         [0, 0, 0], **kw)),
    ("corrected_resampled_ttest", lambda **kw: msk.corrected_resampled_ttest(
        [0.8, 0.9], [0.7, 0.8], n_train=10, n_test=5, **kw)),
])
@pytest.mark.parametrize("level", [1.5, 0, "0.9", None])
def test_a_bad_confidence_level_is_the_same_error_everywhere(name, call, level):
    # one table (metrics_sk._params.INFERENCE), one checker: scikit-learn's
    # InvalidParameterError (a ValueError and a TypeError) naming the argument
    from sklearn.utils._param_validation import InvalidParameterError

    with pytest.raises(InvalidParameterError,
                       match=f"'confidence_level' parameter of {name} must be"):
        call(confidence_level=level)


# -- notebooks: a short repr, the point estimate, metric names ----------------------------------
def test_result_repr_is_short_and_has_the_value():
    t, p = _data(500, 4, seed=31)
    res = bootstrap("f1_score", t, p, average="macro", n_resamples=1000, random_state=0)
    assert res.value == msk.f1_score(t, p, average="macro")
    assert res.n_resamples == 1000 and res.method == "percentile"
    text = repr(res)
    assert len(text) < 300 and "\n" not in text
    for part in ("value=", "confidence_interval=", "method='percentile'", "n_resamples=1000"):
        assert part in text
    per_class = bootstrap("recall_score", t, p, average=None, n_resamples=50, method="basic",
                          random_state=0)
    np.testing.assert_array_equal(per_class.value, msk.recall_score(t, p, average=None))
    assert per_class.method == "basic" and len(repr(per_class)) < 500
    scored = bootstrap("log_loss", [0, 1, 1, 0], [[.8, .2], [.3, .7], [.4, .6], [.6, .4]],
                       n_resamples=20, random_state=0)
    assert scored.value == msk.log_loss([0, 1, 1, 0], [[.8, .2], [.3, .7], [.4, .6], [.6, .4]])


def test_confidence_intervals_by_metric_names():
    t, p = _data(400, 3, seed=32)
    c = Confusion.from_predictions(t, p)
    kwargs = {"n_resamples": 200, "random_state": 5}
    one = confidence_intervals(c, "accuracy_score", **kwargs)
    by_call = confidence_intervals(c, Confusion.accuracy_score, **kwargs)
    assert tuple(one) == tuple(by_call)
    several = confidence_intervals(c, ["accuracy_score", "macro_f2", "matthews_corrcoef"],
                                   **kwargs)
    same_draws = confidence_intervals(
        c, lambda c: {"accuracy_score": c.accuracy_score(),
                      "macro_f2": c.macro_fbeta_score(beta=2.0),
                      "matthews_corrcoef": c.matthews_corrcoef()}, **kwargs)
    assert list(several) == ["accuracy_score", "macro_f2", "matthews_corrcoef"]
    for name in several:
        assert tuple(several[name]) == tuple(same_draws[name]), name
    with pytest.raises(ValueError, match="score metric"):
        confidence_intervals(c, "log_loss")
    with pytest.raises(ValueError, match="not a metrics_sk metric"):
        confidence_intervals(c, ["accuracy_score", "no_such_score"])
    with pytest.raises(ValueError, match="'statistic' parameter of confidence_intervals"):
        confidence_intervals(c, 3)  # the shared constraint check (metrics_sk._params)
    with pytest.raises(ValueError, match="statistic must be callable"):
        confidence_intervals(c, [])


def _scored_data(n, k, seed, kind=int):
    rng = np.random.default_rng(seed)
    t = rng.choice(k, n, p=np.r_[0.05, np.full(k - 1, 0.95 / (k - 1))])  # a rare class
    logits = rng.normal(size=(n, k)) + 1.5 * np.eye(k)[t]
    proba = np.exp(logits) / np.exp(logits).sum(axis=1, keepdims=True)
    if kind is str:
        t = np.array([f"c{i}" for i in range(k)])[t]
    return t, logits, proba


# Score metrics, with the arguments that take different paths: bootstrap resamples their
# once-encoded rows; a replicate lacking a class (or with zero weight) is computed on its
# raw samples, as any function.
SCORE_CALLS = [
    ("log_loss", "proba", {}),
    ("log_loss", "proba", {"normalize": False}),
    ("log_loss", "logits", {"from_logits": True}),
    ("hinge_loss", "logits", {}),
    ("one_vs_all_log_loss", "logits", {"from_logits": True}),
    ("one_vs_all_log_loss", "proba", {}),
    ("roc_auc_mu_score", "logits", {}),
    ("roc_auc_mu_score", "logits", {"cost_matrix": [[0, 1, 3], [1, 0, 1], [3, 1, 0]]}),
    ("one_vs_all_roc_auc_score", "proba", {"average": "weighted"}),
    ("one_vs_all_pr_auc_score", "logits", {"average": None}),
]


@pytest.mark.parametrize("name, scores, kwargs", SCORE_CALLS)
@pytest.mark.parametrize("kind", [int, str])
@pytest.mark.parametrize("weighted", [False, True])
def test_score_bootstrap_on_encoded_rows_equals_raw_replicates(name, scores, kwargs, kind,
                                                               weighted):
    t, logits, proba = _scored_data(60, 3, seed=7, kind=kind)
    s = proba if scores == "proba" else logits
    w = np.random.default_rng(1).integers(0, 3, 60) if weighted else None
    func = getattr(msk, name)

    def raw(y, p, **kw):  # not a registered function: evaluated on the raw samples
        return func(y, p, **kw)

    labels = np.unique(t)
    for extra in ({"labels": labels}, {}):
        call = {"n_resamples": 60, "random_state": 3, "sample_weight": w, **kwargs, **extra}
        try:
            expected = bootstrap(raw, t, s, **call)
        except ValueError as exc:  # without labels=, a replicate missing the rare class
            with pytest.raises(ValueError, match=str(exc)[:30]):
                bootstrap(name, t, s, **call)
            continue
        got = bootstrap(name, t, s, **call)
        np.testing.assert_array_equal(got.bootstrap_distribution,
                                      expected.bootstrap_distribution)
        np.testing.assert_array_equal(got.value, expected.value)


def test_score_bootstrap_on_encoded_rows_bca_and_binary_hinge():
    t, logits, proba = _scored_data(80, 2, seed=2, kind=str)
    w = np.random.default_rng(0).random(80)
    assert set(t) == {"c0", "c1"}
    for name, s in (("hinge_loss", logits[:, 1] - logits[:, 0]), ("log_loss", proba[:, 1]),
                    ("roc_auc_mu_score", logits)):
        func = getattr(msk, name)
        call = {"n_resamples": 40, "random_state": 0, "method": "bca", "sample_weight": w}
        got = bootstrap(name, t, s, labels=["c0", "c1"], **call)
        expected = bootstrap(lambda y, p, **kw: func(y, p, **kw), t, s, labels=["c0", "c1"],
                             **call)
        np.testing.assert_array_equal(got.bootstrap_distribution,
                                      expected.bootstrap_distribution)
        np.testing.assert_array_equal(tuple(got.confidence_interval),
                                      tuple(expected.confidence_interval))


def _missing_class_data():
    # class 2 has two samples (one predicted right, one as 0): about e**-2 = 14% of the
    # resamples miss it
    rng = np.random.default_rng(7)
    t = np.r_[np.zeros(30, int), np.ones(30, int), [2, 2]]
    p = np.where(rng.random(62) < 0.8, t, 1 - np.minimum(t, 1))
    p[-2:] = [2, 0]
    return t, p


@pytest.mark.parametrize("name, kwargs", [
    *[(m, {"average": a}) for m in ("f1_score", "precision_score", "recall_score")
      for a in ("macro", "weighted")],
    ("f1_score", {"average": "macro", "labels": [0, 1, 2]}),
    ("recall_score", {"average": "weighted", "labels": [0, 1, 2]}),
    ("balanced_accuracy_score", {}),
    ("cohen_kappa_score", {}),
    ("cohen_kappa_score", {"weights": "linear"}),
    ("matthews_corrcoef", {}),
    ("specificity_score", {"average": "micro"}),
    ("specificity_score", {"average": "macro"}),
])
def test_replicate_missing_a_class_is_evaluated_as_scikit_learn_on_the_resample(name, kwargs):
    # Each replicate against scikit-learn on the same resample (the same multinomial
    # draws of the cells, written out as samples): a class a resample misses is absent
    # from it (not F1 = 0), unless labels= names it.
    import imblearn.metrics
    import sklearn.metrics as skm

    t, p = _missing_class_data()
    c = Confusion.from_predictions(t, p)
    sampler = CellSampler(c)
    counts = np.concatenate(list(sampler.chunks(300, np.random.default_rng(3))))
    labels = c.labels
    assert 10 < np.sum(counts[:, sampler.rows == 2].sum(1) == 0) < 290  # some miss class 2
    expected = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for row in counts:
            rt, rp = np.repeat(labels[sampler.rows], row), np.repeat(labels[sampler.cols], row)
            expected.append(getattr(skm if hasattr(skm, name) else imblearn.metrics, name)(
                rt, rp, **kwargs))
        got = bootstrap(name, t, p, n_resamples=300, random_state=3, **kwargs)
    np.testing.assert_allclose(got.bootstrap_distribution, expected, rtol=1e-12, atol=1e-12)


def test_analytic_fallback_replicates_missing_a_class():
    # A perfect classifier: scikit-learn's macro F1 of any resample is 1 (a class the
    # resample misses is absent, not F1 = 0), so the interval is [1, 1].
    y = np.r_[np.zeros(30, int), np.ones(30, int), [2, 2]]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        res = msk.analytic_interval("f1_score", y, y, average="macro", method="bootstrap")
        boot = bootstrap("f1_score", y, y, average="macro", random_state=0)
    assert tuple(res.confidence_interval) == (1.0, 1.0)
    assert tuple(boot.confidence_interval) == (1.0, 1.0)
    fixed = bootstrap("f1_score", y, y, average="macro", labels=[0, 1, 2], random_state=0)
    assert fixed.confidence_interval.low == pytest.approx(2 / 3)  # labels= reports class 2


def test_nan_replicates_are_dropped_with_a_warning_that_gives_their_share():
    # kappa is 0/0 on a resample with one class in y_true and y_pred alike
    t = np.r_[np.zeros(12, int), [1]]
    for method in ("percentile", "basic"):
        with pytest.warns(RuntimeWarning, match=r"NaN \(undefined\) on (\d+) of the 1000") as rec:
            res = bootstrap("cohen_kappa_score", t, np.where(np.arange(13) == 0, 1, t),
                            random_state=0, method=method)
        dist = res.bootstrap_distribution
        finite = dist[~np.isnan(dist)]
        assert 50 < finite.size < 950  # kept in the distribution, NaN there
        msg = str(next(w.message for w in rec if "undefined" in str(w.message)))
        assert f"{dist.size - finite.size} of the 1000" in msg
        assert f"({(dist.size - finite.size) / 10:.1f}%)" in msg
        low, high = np.percentile(finite, [2.5, 97.5])
        if method == "basic":
            low, high = 2 * res.value - high, 2 * res.value - low
        np.testing.assert_allclose(tuple(res.confidence_interval), (low, high), rtol=1e-12)
        assert res.standard_error == pytest.approx(np.std(finite, ddof=1), rel=1e-12)


def test_nan_replicates_per_class_and_all_nan():
    t, p = _missing_class_data()
    with pytest.warns(RuntimeWarning, match="for the element with the most"):
        res = bootstrap("recall_score", t, p, average=None, zero_division=np.nan,
                        n_resamples=400, random_state=1)
    dist = res.bootstrap_distribution  # (classes, replicates)
    assert np.isnan(dist[2]).any() and not np.isnan(dist[:2]).any()
    np.testing.assert_allclose(res.confidence_interval.low,
                               np.nanpercentile(dist, 2.5, axis=1), rtol=1e-12)
    np.testing.assert_allclose(res.confidence_interval.high,
                               np.nanpercentile(dist, 97.5, axis=1), rtol=1e-12)
    # one class only: kappa is undefined on every replicate
    with pytest.warns(RuntimeWarning, match="NaN \\(undefined\\) on all 100"):
        res = bootstrap("cohen_kappa_score", np.zeros(10, int), np.zeros(10, int),
                        n_resamples=100, random_state=0)
    assert np.isnan(res.confidence_interval.low) and np.isnan(res.confidence_interval.high)


def test_paired_comparison_with_nan_replicates_has_an_interval_beside_its_pvalue():
    t = np.r_[np.zeros(12, int), [1]]
    with pytest.warns(RuntimeWarning, match="bootstrap replicates"):
        res = msk.compare("cohen_kappa_score", t, t, np.where(np.arange(13) == 0, 1, t),
                          random_state=0)
    assert np.isfinite(res.pvalue)
    assert np.all(np.isfinite(res.confidence_interval))
    assert res.confidence_interval.low <= res.difference <= res.confidence_interval.high


def test_continuous_weights_cell_sums_by_moments_agree_with_the_sample_bootstrap():
    # Continuous weights: exact multinomial cell counts, then each cell's sum of resampled
    # weights, drawn exactly in small or skewed cells and by its moments (normal) in large
    # ones; the distribution is indistinguishable from resampling the samples.
    rng = np.random.default_rng(0)
    n, k = 30000, 3
    t = rng.integers(0, k, n)
    p = np.where(rng.random(n) < 0.8, t, rng.integers(0, k, n))
    t[:150] = 3  # a rare class: small cells, drawn exactly
    p[:150] = np.where(rng.random(150) < 0.7, 3, p[:150])
    k = 4
    w = rng.uniform(0.1, 3, n)
    skewed = (t == 1) & (p == 1)
    w[skewed] = rng.lognormal(0, 2, skewed.sum())  # a large but skewed cell: exact
    sampler = sampler_from_samples(Confusion.from_predictions(t, p), t, p, w)
    exact = set(sampler.exact_cells.tolist())
    big = sampler.cell_n >= CellSampler.NORMAL_MIN_SAMPLES
    skewed_cell = int(np.flatnonzero((sampler.rows == 1) & (sampler.cols == 1))[0])
    assert skewed_cell in exact and big[skewed_cell]
    assert (~big).any() and big.sum() > 5
    assert exact == set(np.flatnonzero(~big).tolist()) | {skewed_cell}  # the rest: normal
    res = bootstrap("f1_score", t, p, average="macro", sample_weight=w, n_resamples=1500,
                    random_state=1)
    naive = []
    for _ in range(1500):
        i = rng.integers(0, n, n)
        cm = np.bincount(t[i] * k + p[i], weights=w[i], minlength=k * k).reshape(k, k)
        tp = np.diag(cm)
        precision, recall = tp / cm.sum(0), tp / cm.sum(1)
        naive.append(np.mean(2 * precision * recall / (precision + recall)))
    ours = res.bootstrap_distribution
    assert st.ks_2samp(ours, naive).pvalue > 1e-3
    assert abs(np.std(ours) / np.std(naive) - 1) < 0.12


# -- moved from test_edges.py: targets the resampling cannot take -----------------------------

@pytest.mark.parametrize("bad", [None, 5, "abc", {"a": 1}], ids=repr)
def test_bootstrap_of_a_callable_refuses_non_array_targets(bad):
    def metric(t, p):
        return float(np.mean(np.asarray(t) == np.asarray(p)))

    with pytest.raises(TypeError, match="y_true must be an array-like"):
        msk.bootstrap(metric, bad, [0, 1], n_resamples=5)
    with pytest.raises(TypeError, match="y_pred must be an array-like"):
        msk.bootstrap(metric, [0, 1], bad, n_resamples=5)



def test_bootstrap_of_a_callable_refuses_masked_targets():
    """The per-sample bootstrap hands plain arrays to the callable: a mask would be
    dropped there, so it is refused as everywhere else."""
    def metric(t, p):
        return float(np.mean(np.asarray(t) == np.asarray(p)))

    masked = np.ma.array([0, 1, 0, 1], mask=[0, 0, 1, 0])
    with pytest.raises(ValueError, match="y_true is a masked array"):
        msk.bootstrap(metric, masked, [0, 1, 1, 1], n_resamples=5)
    with pytest.raises(ValueError, match="y_pred is a masked array"):
        msk.bootstrap(metric, [0, 1, 1, 1], masked, n_resamples=5)
    result = msk.bootstrap(metric, np.ma.array([0, 1, 0, 1]), [0, 1, 1, 1], n_resamples=5,
                           random_state=0)
    assert result.bootstrap_distribution.shape == (5,)



def test_confidence_intervals_of_counts_too_large_to_resample():
    c = Confusion.from_matrix(np.array([[2**62, 2**62], [1, 2**62]]))
    assert c.accuracy_score() == pytest.approx(2 / 3)  # the counts themselves are fine
    with pytest.raises(ValueError, match="too many to resample"):
        msk.confidence_intervals(c, lambda c: c.accuracy_score(), n_resamples=10)

