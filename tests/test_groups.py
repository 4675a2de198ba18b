"""Every metric by slice: the grouped confusion equals the metric on each group's rows, and
metric_frame equals fairlearn's MetricFrame."""

import functools
import warnings

import numpy as np
import pytest
import sklearn.metrics
from hypothesis import given, settings
from hypothesis import strategies as st

import metrics_sk as msk
from metrics_sk import Confusion
from metrics_sk._batch import ConfusionBatch
from metrics_sk._registry import METRICS

pd = pytest.importorskip("pandas")
fairlearn_metrics = pytest.importorskip("fairlearn.metrics")

#: Every count metric of the registry, with arguments that make it one call per group.
CALLS = [(name, {}) for name, m in sorted(METRICS.items())
         if m.count and name not in {"fbeta_score", "precision_recall_fscore_support",
                                     "expected_cost"}]
CALLS += [("fbeta_score", {"beta": 2.0, "average": "macro"}),
          ("precision_recall_fscore_support", {"average": "weighted"}),
          ("f1_score", {"average": "macro"}), ("f1_score", {"average": None}),
          ("precision_score", {"average": "weighted", "zero_division": 0.0}),
          ("cohen_kappa_score", {"weights": "quadratic"}),
          ("cohen_kappa_score", {"weights": "linear"}),
          ("specificity_score", {"average": "macro"}),
          ("geometric_mean_score", {"average": "macro"}),
          ("macro_fbeta_score", {"labels": [0, 1, 2]}),
          # (the cost matrix indexes labels=: every label a group may have, 4 classes in
          # test_sparse_group_table_gives_the_dense_results)
          ("expected_cost", {"cost_matrix": [[0, 1, 2, 3], [4, 0, 5, 6], [7, 8, 0.5, 9],
                                             [1, 2, 3, 0]], "labels": [0, 1, 2, 3]})]


def _outcome(f, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            return f(*args, **kwargs)
        except (ValueError, ZeroDivisionError):
            return ValueError


def _values(x):
    if hasattr(x, "as_array"):
        return x.as_array().ravel()
    if isinstance(x, tuple):
        return np.concatenate([np.ravel(np.asarray(v, dtype=float)) for v in x if v is not None])
    return np.ravel(np.asarray(x, dtype=float))


def check_grouped_equals_per_group(name, kwargs, t, p, groups, w, batch_maker=None):
    """The grouped value of each group is the metric of that group's rows."""
    g = Confusion.from_predictions(t, p, groups=groups, sample_weight=w)
    if batch_maker is not None:
        g._batch = batch_maker(g)
    grouped = _outcome(getattr(g, name), **kwargs)
    keys = g.index()
    for i, key in enumerate(keys):
        rows = np.flatnonzero(np.asarray(groups) == key)
        one = _outcome(getattr(msk, name), t[rows], p[rows],
                       sample_weight=None if w is None else w[rows], **kwargs)
        if one is ValueError or grouped is ValueError:
            continue  # undefined for that group (e.g. binary-only on three labels)
        got = grouped.iloc[i] if not isinstance(grouped, tuple) else tuple(
            None if v is None else v.iloc[i] for v in grouped)
        if isinstance(got, pd.Series) and kwargs.get("average", "x") is None:
            got = got.dropna()  # per-class results: the labels the group has
        expected = _values(one)
        got = _values(got.to_numpy() if hasattr(got, "to_numpy") else got)
        np.testing.assert_allclose(got, expected, rtol=1e-12, atol=1e-14, equal_nan=True,
                                   err_msg=f"{name} {kwargs} group {key!r}")


def _draw(data, k):
    n = data.draw(st.integers(3, 40))
    t = np.array(data.draw(st.lists(st.integers(0, k - 1), min_size=n, max_size=n)))
    p = np.array(data.draw(st.lists(st.integers(0, k - 1), min_size=n, max_size=n)))
    groups = np.array(data.draw(st.lists(st.sampled_from(["x", "y", "zz", "w"]),
                                         min_size=n, max_size=n)))
    w = None
    if data.draw(st.booleans()):
        w = np.array(data.draw(st.lists(st.sampled_from([0.5, 1.0, 2.0, 3.0]), min_size=n,
                                        max_size=n)))
    return t, p, groups, w


def _binary(name, kwargs):
    import inspect

    default = inspect.signature(METRICS[name].function).parameters.get("average")
    average = kwargs.get("average", getattr(default, "default", None))
    return METRICS[name].binary_only or average == "binary"


@settings(max_examples=15, deadline=None)
@given(data=st.data())
@pytest.mark.parametrize("name, kwargs", CALLS, ids=[f"{n}-{i}" for i, (n, _) in
                                                      enumerate(CALLS)])
def test_grouped_value_is_the_metric_of_the_group(name, kwargs, data):
    t, p, groups, w = _draw(data, 2 if _binary(name, kwargs) else 3)
    check_grouped_equals_per_group(name, kwargs, t, p, groups, w)


def test_the_group_property_can_fail():
    """Counting every group over all the labels (not its own) breaks it: a group without
    class 2 would get a macro F1 averaged over a 0/0 class."""
    t = np.array([0, 1, 2, 0, 1, 0, 1, 2])
    p = np.array([0, 1, 2, 1, 1, 0, 0, 2])
    groups = np.array(["a", "a", "a", "b", "b", "b", "b", "a"])
    check_grouped_equals_per_group("f1_score", {"average": "macro"}, t, p, groups, None)

    def all_labels(g):
        b = g.batch
        batch = ConfusionBatch(g.overall, b.rows, b.cols, b.counts)
        batch.present = None  # every label counts
        return batch

    with pytest.raises(AssertionError):
        check_grouped_equals_per_group("f1_score", {"average": "macro"}, t, p, groups, None,
                                       batch_maker=all_labels)


def test_crossed_groups_and_a_dataframe():
    rng = np.random.default_rng(0)
    n = 300
    t, p = rng.integers(0, 3, n), rng.integers(0, 3, n)
    frame = pd.DataFrame({"country": rng.choice(["fr", "de"], n),
                          "device": rng.choice([1, 2, 3], n)})
    g = Confusion.from_predictions(t, p, groups=frame)
    acc = g.accuracy_score()
    assert acc.index.names == ["country", "device"]
    for (country, device), value in acc.items():
        rows = (frame.country == country) & (frame.device == device)
        assert value == msk.accuracy_score(t[rows], p[rows])
    assert len(acc) == frame.drop_duplicates().shape[0]


def _fairlearn_frame(metrics, t, p, groups, w=None):
    params = None if w is None else {name: {"sample_weight": w} for name in metrics}
    return fairlearn_metrics.MetricFrame(metrics=metrics, y_true=t, y_pred=p,
                                         sensitive_features=groups, sample_params=params)


def _binary_data(seed, n, right, sizes=None):
    """A binary target, predictions right with probability ``right``, four groups."""
    rng = np.random.default_rng(seed)
    t = rng.integers(0, 2, n)
    p = np.where(rng.random(n) < right, t, 1 - t)
    return rng, t, p, rng.choice(["a", "b", "c", "d"], n, p=sizes)


@pytest.mark.parametrize("weighted", [False, True])
def test_metric_frame_equals_fairlearn(weighted):
    import sklearn.metrics as skm

    rng, t, p, groups = _binary_data(1, 600, 0.7, sizes=[0.5, 0.3, 0.15, 0.05])
    w = rng.uniform(0.5, 2.0, t.shape[0]) if weighted else None
    ours = msk.metric_frame(t, p, groups=groups, sample_weight=w, metrics={
        "f1": "f1_score", "recall": msk.recall_score,
        "fbeta": functools.partial(msk.fbeta_score, beta=0.5),
        "selection": "selection_rate", "balanced": "balanced_accuracy_score"})
    theirs = _fairlearn_frame({
        "f1": skm.f1_score, "recall": skm.recall_score,
        "fbeta": functools.partial(skm.fbeta_score, beta=0.5),
        "selection": fairlearn_metrics.selection_rate,
        "balanced": skm.balanced_accuracy_score}, t, p, groups, w)
    pd.testing.assert_frame_equal(ours.by_group, theirs.by_group, rtol=1e-12,
                                  check_names=False)
    pd.testing.assert_series_equal(ours.overall, theirs.overall, rtol=1e-12,
                                   check_names=False)
    for method in ("between_groups", "to_overall"):
        pd.testing.assert_series_equal(ours.difference(method), theirs.difference(method=method),
                                       rtol=1e-12, check_names=False)
        pd.testing.assert_series_equal(ours.ratio(method), theirs.ratio(method=method),
                                       rtol=1e-12, check_names=False)
    pd.testing.assert_series_equal(ours.group_min(), theirs.group_min(), rtol=1e-12,
                                   check_names=False)
    pd.testing.assert_series_equal(ours.group_max(), theirs.group_max(), rtol=1e-12,
                                   check_names=False)


def test_single_metric_frame_is_a_series_and_a_number():
    import sklearn.metrics as skm

    rng = np.random.default_rng(2)
    t, p = rng.integers(0, 3, 200), rng.integers(0, 3, 200)
    groups = rng.choice(["u", "v"], 200)
    ours = msk.metric_frame(t, p, metrics="macro_fscore", groups=groups)  # a scorer name
    theirs = _fairlearn_frame(msk.macro_fbeta_score, t, p, groups)
    np.testing.assert_allclose(ours.by_group.to_numpy(), theirs.by_group.to_numpy(),
                               rtol=1e-12)
    assert ours.overall == pytest.approx(theirs.overall, rel=1e-12)
    assert ours.difference() == pytest.approx(theirs.difference(), rel=1e-12)
    assert ours.ratio() == pytest.approx(theirs.ratio(), rel=1e-12)
    kappa = msk.metric_frame(t, p, metrics="weighted_kappa", groups=groups)
    np.testing.assert_allclose(
        kappa.by_group.to_numpy(),
        _fairlearn_frame(functools.partial(skm.cohen_kappa_score, weights="quadratic"), t, p,
                         groups).by_group.to_numpy(), rtol=1e-12)
    with pytest.raises(ValueError, match="count metrics"):
        msk.metric_frame(t, p, metrics="log_loss", groups=groups)
    with pytest.raises(ValueError, match="method"):
        ours.difference("largest")


@pytest.mark.parametrize("method", ["between_groups", "to_overall"])
def test_fairness_differences_equal_fairlearn(method):
    rng = np.random.default_rng(3)
    n = 500
    t = rng.integers(0, 2, n)
    groups = rng.choice(["a", "b", "c"], n)
    p = np.where(rng.random(n) < np.where(groups == "a", 0.9, 0.6), t, 1 - t)
    w = rng.uniform(0.5, 2.0, n)
    for weights in (None, w):
        assert msk.demographic_parity_difference(
            t, p, sensitive_features=groups, method=method, sample_weight=weights
        ) == pytest.approx(fairlearn_metrics.demographic_parity_difference(
            t, p, sensitive_features=groups, method=method, sample_weight=weights), rel=1e-12)
        assert msk.equalized_odds_difference(
            t, p, sensitive_features=groups, method=method, sample_weight=weights
        ) == pytest.approx(fairlearn_metrics.equalized_odds_difference(
            t, p, sensitive_features=groups, method=method, sample_weight=weights), rel=1e-12)


# -- merging: update, +, pickling, Dask --------------------------------------------------------
def check_merged_equals_one_shot(t, p, groups, w, cuts, *, fix_first_labels=False):
    """Counting the chunks ``[cuts[i], cuts[i + 1])`` apart and merging them (with ``+``, in
    both orders, and with ``update`` from an empty grouped confusion) gives the grouped
    confusion of all the samples counted at once. ``fix_first_labels``: the streamed
    confusion starts from the first chunk with its labels fixed (``labels=``)."""
    def part(a, b, **kwargs):
        rows = groups.iloc[a:b] if isinstance(groups, pd.DataFrame) else groups[a:b]
        return dict(groups=rows, sample_weight=None if w is None else w[a:b], **kwargs)

    one = Confusion.from_predictions(t, p, groups=groups, sample_weight=w)
    bounds = list(zip(cuts[:-1], cuts[1:]))
    parts = [Confusion.from_predictions(t[a:b], p[a:b], **part(a, b)) for a, b in bounds]
    if fix_first_labels:
        (a, b), rest = bounds[0], bounds[1:]
        streamed = Confusion.from_predictions(
            t[a:b], p[a:b], **part(a, b, labels=np.unique(np.r_[t[a:b], p[a:b]])))
    else:
        streamed, rest = msk.GroupedConfusion(), bounds
    for a, b in rest:
        streamed.update(t[a:b], p[a:b], **part(a, b))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for merged in (sum(parts), sum(reversed(parts)), streamed):
            assert merged == one
            pd.testing.assert_series_equal(merged.f1_score(average="macro"),
                                           one.f1_score(average="macro"))
            pd.testing.assert_series_equal(merged.matthews_corrcoef(),
                                           one.matthews_corrcoef())


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_merged_equals_one_shot(data):
    n = data.draw(st.integers(1, 40))
    strings = data.draw(st.booleans())
    labels = st.sampled_from(["a", "b", "c", "d"]) if strings else st.integers(-1, 3)
    t = np.array(data.draw(st.lists(labels, min_size=n, max_size=n)))
    p = np.array(data.draw(st.lists(labels, min_size=n, max_size=n)))
    country = np.array(data.draw(st.lists(st.sampled_from(["fr", "de", "it"]), min_size=n,
                                          max_size=n)))
    groups = country
    if data.draw(st.booleans()):  # crossed with an integer column
        device = np.array(data.draw(st.lists(st.integers(0, 2), min_size=n, max_size=n)))
        groups = pd.DataFrame({"country": country, "device": device})
    w = None
    if data.draw(st.booleans()):  # sums of these are exact in any order
        w = np.array(data.draw(st.lists(st.sampled_from([0.0, 0.5, 1.0, 2.0]), min_size=n,
                                        max_size=n)))
    inner = sorted(data.draw(st.lists(st.integers(1, max(n - 1, 1)), max_size=3, unique=True)))
    cuts = [0] + [c for c in inner if c < n] + [n]
    check_merged_equals_one_shot(t, p, groups, w, cuts)


def test_the_merge_property_can_fail():
    """Streaming from a first chunk whose labels were fixed sends a later chunk's new label
    to the other slot: the property sees it."""
    t = np.array([0, 1, 0, 1, 2, 2])
    p = np.array([0, 1, 1, 1, 2, 0])
    groups = np.array(["a", "b", "a", "b", "a", "b"])
    check_merged_equals_one_shot(t, p, groups, None, [0, 4, 6])
    with pytest.raises(AssertionError):
        check_merged_equals_one_shot(t, p, groups, None, [0, 4, 6], fix_first_labels=True)


def test_merge_pickle_and_errors():
    import pickle

    rng = np.random.default_rng(5)
    t, p = rng.integers(0, 3, 100), rng.integers(0, 3, 100)
    groups = rng.choice(["u", "v", "w"], 100)
    g = Confusion.from_predictions(t, p, groups=groups, sample_weight=rng.random(100))
    again = pickle.loads(pickle.dumps(g))
    assert again == g and again is not g
    pd.testing.assert_series_equal(again.cohen_kappa_score(), g.cohen_kappa_score())
    total = g + g
    np.testing.assert_allclose(total.overall.to_dense(), 2 * g.overall.to_dense())
    assert g == again  # + changes neither side
    assert sum([g]) is g and msk.GroupedConfusion() + g == g
    frame = pd.DataFrame({"a": groups, "b": groups})
    with pytest.raises(ValueError, match="different group columns"):
        g + Confusion.from_predictions(t, p, groups=frame)
    with pytest.raises(ValueError, match="Mix of label input types"):
        g.update(t[:3], p[:3], groups=[1, 2, 3])
    with pytest.raises(ValueError, match="inconsistent numbers of samples"):
        g.update(t[:3], p[:3], groups=["u", "v"])
    with pytest.raises(TypeError):
        g.update(t[:3], p[:3], ["u", "v", "w"])  # groups is keyword-only


def test_groups_on_dask_equal_in_memory(monkeypatch, client):
    da = pytest.importorskip("dask.array")
    dd = pytest.importorskip("dask.dataframe")
    distributed = pytest.importorskip("distributed")
    import dask

    rng = np.random.default_rng(6)
    n = 3000
    frame = pd.DataFrame({"t": rng.integers(0, 4, n), "p": rng.integers(0, 4, n),
                          "w": rng.gamma(2.0, size=n), "country": rng.choice(["fr", "de"], n),
                          "device": rng.integers(0, 3, n)})
    columns = ["country", "device"]
    expected = Confusion.from_predictions(frame.t, frame.p, groups=frame[columns],
                                          sample_weight=frame.w)
    assert distributed.get_client() is client  # the shared cluster computes
    ddf = dd.from_pandas(frame, npartitions=4)
    computed = []
    compute = dask.compute

    def recording(*args, **kwargs):
        out = compute(*args, **kwargs)
        computed.append(out)
        return out

    monkeypatch.setattr(dask, "compute", recording)
    got = Confusion.from_predictions(ddf.t, ddf.p, groups=ddf[columns],
                                     sample_weight=ddf.w)
    # one computation, whose only result is the merged grouped confusion
    assert len(computed) == 1 and isinstance(computed[0][0], msk.GroupedConfusion)
    monkeypatch.undo()
    np.testing.assert_allclose(got.batch.counts, expected.batch.counts, rtol=1e-12)
    assert got.index().equals(expected.index())
    pd.testing.assert_series_equal(got.f1_score(average="macro"),
                                   expected.f1_score(average="macro"), rtol=1e-12)
    # Dask arrays with a numpy group array, uneven chunks; metric_frame
    chunks = (700, 300, 2000)
    dt, dp = (da.from_array(frame[c].to_numpy(), chunks=chunks) for c in ("t", "p"))
    got = Confusion.from_predictions(dt, dp, groups=frame.country.to_numpy())
    assert got == Confusion.from_predictions(frame.t, frame.p,
                                             groups=frame.country.to_numpy())
    mf = msk.metric_frame(dt, dp, metrics="accuracy_score", groups=ddf.country)
    pd.testing.assert_series_equal(
        mf.by_group, msk.metric_frame(frame.t, frame.p, metrics="accuracy_score",
                                      groups=frame.country).by_group)
    # intervals (the squared weights are counted on the workers too)
    metrics = {"f1": functools.partial(msk.f1_score, average="macro"),
               "acc": "accuracy_score"}
    mf = msk.metric_frame(ddf.t, ddf.p, metrics=metrics, groups=ddf[columns],
                          sample_weight=ddf.w, confidence_level=0.9)
    ref = msk.metric_frame(frame.t, frame.p, metrics=metrics, groups=frame[columns],
                           sample_weight=frame.w, confidence_level=0.9)
    for bound in (0, 1):
        pd.testing.assert_frame_equal(mf.confidence_interval[bound],
                                      ref.confidence_interval[bound], rtol=1e-9)


# -- intervals per group ------------------------------------------------------------------------
INTERVAL_METRICS = {"acc": "accuracy_score", "recall": msk.recall_score,
                    "f1": functools.partial(msk.f1_score, average="macro"),
                    "mcc": "matthews_corrcoef", "kappa": "cohen_kappa_score",
                    "onedal": "macro_fbeta_score",
                    "spec": functools.partial(msk.specificity_score, average="weighted")}


@pytest.mark.parametrize("weighted", [False, True])
def test_analytic_interval_of_each_group_is_analytic_interval_on_its_rows(weighted):
    rng, t, p, groups = _binary_data(7, 1200, 0.75)
    n = t.shape[0]
    w = rng.uniform(0.5, 2.0, n) if weighted else None
    mf = msk.metric_frame(t, p, metrics=INTERVAL_METRICS, groups=groups, sample_weight=w,
                          confidence_level=0.9)
    low, high = mf.confidence_interval
    for column, metric in INTERVAL_METRICS.items():
        kwargs = {}
        if isinstance(metric, functools.partial):
            metric, kwargs = metric.func, metric.keywords
        for key in mf.by_group.index:
            rows = groups == key
            ref = msk.analytic_interval(metric, t[rows], p[rows], confidence_level=0.9,
                                        sample_weight=None if w is None else w[rows],
                                        **kwargs)
            assert mf.interval_method.loc[key, column] == ref.method
            np.testing.assert_allclose(
                [low.loc[key, column], high.loc[key, column]],
                [ref.confidence_interval.low, ref.confidence_interval.high], rtol=1e-7,
                err_msg=f"{column} {key}")


def test_interval_layout_fallback_and_errors():
    t = np.array([0, 1, 1, 0, 1, 0] * 10 + [1, 0])
    p = np.array([0, 1, 0, 0, 1, 1] * 10 + [1, 0])
    groups = np.array(["a", "b"] * 30 + ["c", "c"])  # group c: every prediction right
    mf = msk.metric_frame(t, p, metrics="f1_score", groups=groups)
    assert mf.confidence_interval is None and mf.interval_method is None
    with pytest.warns(RuntimeWarning, match="undefined for 1 of 3 groups"):
        mf = msk.metric_frame(t, p, metrics="f1_score", groups=groups, confidence_level=0.95,
                              random_state=0)
    assert mf.interval_method.to_dict() == {"a": "delta", "b": "delta", "c": "bootstrap"}
    assert mf.confidence_interval.low.index.equals(mf.by_group.index)
    assert mf.confidence_interval.high["c"] == 1.0  # replicates may miss class 1: F1 0
    assert ((mf.confidence_interval.low <= mf.by_group)
            & (mf.by_group <= mf.confidence_interval.high)).all()
    boot = msk.metric_frame(t, p, metrics={"f1": "f1_score"}, groups=groups,
                            confidence_level=0.95, method="bootstrap", random_state=0)
    assert isinstance(boot.confidence_interval.high, pd.DataFrame)
    assert (boot.interval_method == "bootstrap").all().all()
    again = msk.metric_frame(t, p, metrics={"f1": "f1_score"}, groups=groups,
                             confidence_level=0.95, method="bootstrap", random_state=0)
    pd.testing.assert_frame_equal(again.confidence_interval.low, boot.confidence_interval.low)
    with pytest.raises(ValueError, match="confidence_level"):
        msk.metric_frame(t, p, metrics="f1_score", groups=groups, confidence_level=95)
    with pytest.raises(ValueError, match="method"):
        msk.metric_frame(t, p, metrics="f1_score", groups=groups, confidence_level=0.9,
                         method="delta")
    with pytest.raises(ValueError, match="sample_weight"):
        msk.metric_frame(t, p, metrics="f1_score", groups=groups, confidence_level=0.9,
                         method="bootstrap", sample_weight=np.ones(62))
    with pytest.raises(ValueError, match="no analytic interval"):
        msk.metric_frame(t, p, groups=groups, confidence_level=0.9, metrics=functools.partial(
            msk.balanced_accuracy_score, adjusted=True))


def _coverage(n_groups, n_per_group, method, seed):
    """Fraction of the groups, each an independent data set from one population, whose
    interval holds the population value of each metric."""
    rng = np.random.default_rng(seed)
    prior = np.array([0.5, 0.3, 0.2])
    cells = prior[:, None] * (0.7 * np.eye(3) + 0.3 / 3)  # P(true i, predicted j)
    n = n_groups * n_per_group
    flat = rng.choice(9, n, p=cells.ravel())
    t, p = np.divmod(flat, 3)
    groups = np.repeat(np.arange(n_groups), n_per_group)
    population = Confusion.from_matrix(np.round(cells * 1e9).astype(np.int64))
    metrics = {"acc": "accuracy_score",
               "f1": functools.partial(msk.f1_score, average="macro"),
               "mcc": "matthews_corrcoef", "kappa": "cohen_kappa_score"}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        mf = msk.metric_frame(t, p, metrics=metrics, groups=groups, confidence_level=0.95,
                              method=method, n_resamples=400, random_state=seed)
    truth = pd.Series({"acc": population.accuracy_score(),
                       "f1": population.f1_score(average="macro"),
                       "mcc": population.matthews_corrcoef(),
                       "kappa": population.cohen_kappa_score()})
    low, high = mf.confidence_interval
    return ((low <= truth) & (truth <= high)).mean()


@pytest.mark.parametrize("method", ["analytic", "bootstrap"])
def test_intervals_per_group_cover(method):
    coverage = _coverage(300, 250, method, seed=11)
    assert ((0.90 <= coverage) & (coverage <= 0.99)).all(), coverage


@pytest.mark.slow
@pytest.mark.parametrize("method", ["analytic", "bootstrap"])
def test_intervals_per_group_cover_long(method):
    coverage = _coverage(4000, 300, method, seed=12)
    assert ((0.935 <= coverage) & (coverage <= 0.965)).all(), coverage


def test_float_group_keys_are_groups_not_labels():
    t, p = np.array([0, 1, 1, 0]), np.array([0, 1, 0, 0])
    g = Confusion.from_predictions(t, p, groups=[1.5, 2.0, 1.5, 2.0])
    assert g.accuracy_score().to_dict() == {1.5: 0.5, 2.0: 1.0}
    g.update([1], [1], groups=np.array([0.25]))
    assert g.index().tolist() == [0.25, 1.5, 2.0]
    with pytest.raises(ValueError, match="groups contains missing values"):
        Confusion.from_predictions(t, p, groups=[1.5, np.nan, 1.5, 2.0])


def test_sparse_group_table_gives_the_dense_results(monkeypatch):
    """Many groups x many cells: the counts are kept sparse and evaluated in chunks of
    groups; every result is that of the dense table."""
    import metrics_sk._grouped as grouped_module

    rng = np.random.default_rng(9)
    n = 300
    t, p = rng.integers(0, 4, n), rng.integers(0, 4, n)
    groups = rng.integers(0, 120, n).astype(str)
    w = rng.uniform(0.5, 2.0, n)
    metrics = {"f1": functools.partial(msk.f1_score, average="macro"), "acc": "accuracy_score",
               "mcc": "matthews_corrcoef"}
    dense = Confusion.from_predictions(t, p, groups=groups, sample_weight=w)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        dense_frame = msk.metric_frame(t, p, metrics=metrics, groups=groups, sample_weight=w,
                                       confidence_level=0.9)
        monkeypatch.setattr(grouped_module, "DENSE_CELLS", 40)  # 40 // 16 cells: 2 groups
        sparse = Confusion.from_predictions(t, p, groups=groups, sample_weight=w)
        sparse_frame = msk.metric_frame(t, p, metrics=metrics, groups=groups, sample_weight=w,
                                        confidence_level=0.9)
    assert sparse.batch is None and sparse == dense
    assert sum(Confusion.from_predictions(t[a:a + 100], p[a:a + 100],
                                          groups=groups[a:a + 100],
                                          sample_weight=w[a:a + 100])
               for a in (0, 100, 200)).batch is None
    for name, kwargs in CALLS:
        if not METRICS[name].batch or _binary(name, kwargs):
            continue
        a = _outcome(getattr(dense, name), **kwargs)
        b = _outcome(getattr(sparse, name), **kwargs)
        for x, y in zip(*((v if isinstance(v, tuple) else (v,)) for v in (a, b))):
            if x is not None:
                pd.testing.assert_frame_equal(pd.DataFrame(x), pd.DataFrame(y), rtol=1e-12)
    pd.testing.assert_frame_equal(sparse_frame.by_group, dense_frame.by_group)
    for bound in (0, 1):
        pd.testing.assert_frame_equal(sparse_frame.confidence_interval[bound],
                                      dense_frame.confidence_interval[bound], rtol=1e-9)
    assert sparse.group(7) == dense.group(7)


def _matrix_outcome(f):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            value = f()
        except ValueError as e:
            value = ("ValueError", str(e))
    return value, sorted({(w.category.__name__, str(w.message)) for w in caught})


MATRIX_CALLS = [("confusion_matrix", {}), ("confusion_matrix", {"normalize": "true"}),
                ("confusion_matrix", {"normalize": "pred"}),
                ("confusion_matrix", {"labels": [2, 0]}),
                ("confusion_matrix", {"labels": [3, 1, 0, 9], "normalize": "all"}),
                ("multiclass_quality_metrics", {}),
                ("multiclass_quality_metrics", {"labels": [0, 1, 2, 3, 4]}),
                ("multiclass_quality_metrics", {"beta": 2.0, "zero_division": 0.0})]


@pytest.mark.parametrize("how", ["batch", "chunks", "per group"])
@pytest.mark.parametrize("weights", [None, "float", "with zeros"])
def test_matrices_and_blocks_in_one_pass_equal_one_call_per_group(how, weights,
                                                                  monkeypatch):
    """The matrices and result blocks of all the groups, from one batch of groups (or
    chunks of groups, or one group at a time for large K), are the formula on each group's
    Confusion: same values, dtypes, shapes (each group's labels), index, errors, warnings."""
    import metrics_sk._grouped as grouped_module
    from metrics_sk._formulas import FORMULAS

    if how == "chunks":
        monkeypatch.setattr(grouped_module, "DENSE_CELLS", 40)
    elif how == "per group":
        monkeypatch.setattr(grouped_module, "_GROUP_MATRIX_CELLS", 1)
    rng = np.random.default_rng(3)
    n = 200
    t = rng.integers(0, 5, n)
    p = np.where(rng.random(n) < 0.5, t, rng.integers(0, 5, n))
    w = {None: None, "float": rng.uniform(0.5, 2.0, n),
         "with zeros": rng.integers(0, 3, n).astype(float)}[weights]
    cases = [(rng.integers(0, 40, n).astype(str), None),  # groups missing labels
             (rng.integers(0, 3, n), None),  # every group has every label
             (rng.integers(0, 40, n), [4, 3, 2, 1, 0, 7])]  # fixed labels
    tb, pb = (t > 2).astype(int), (p > 2).astype(int)
    binary = [("binary_confusion_matrix", {}), ("binary_quality_metrics", {}),
              ("binary_quality_metrics", {"pos_label": 0, "beta": 0.5})]
    for (groups, labels), calls, (yt, yp) in [*((c, MATRIX_CALLS, (t, p)) for c in cases),
                                              ((cases[0][0], None), binary, (tb, pb))]:
        g = Confusion.from_predictions(yt, yp, groups=groups, labels=labels, sample_weight=w)
        for name, kwargs in calls:
            got, got_warnings = _matrix_outcome(lambda: getattr(g, name)(**kwargs))
            expected, expected_warnings = _matrix_outcome(lambda: pd.Series(
                [FORMULAS[name](g.group(i), **kwargs) for i in range(g.n_groups)],
                index=g.index(), name=name))
            assert got_warnings == expected_warnings, (name, kwargs)
            if isinstance(expected, tuple) or isinstance(got, tuple):
                assert got == expected, (name, kwargs)
                continue
            assert got.name == name and got.index.equals(expected.index)
            for a, b in zip(got, expected):
                if hasattr(b, "as_array"):
                    assert type(a) is type(b)
                    np.testing.assert_allclose(a.as_array(), b.as_array(), rtol=1e-13)
                    assert all(type(v) is float for v in a.as_dict().values())
                    a, b = a.confusion_matrix, b.confusion_matrix
                assert a.dtype == b.dtype and a.shape == b.shape, (name, kwargs)
                # counts exactly; weight sums up to their order of summation (tn)
                np.testing.assert_allclose(a, b, rtol=0 if a.dtype.kind == "i" else 1e-14,
                                           err_msg=f"{name} {kwargs}")


@pytest.mark.parametrize("keys", [
    [1.0, 2.5, 3.25, -0.5],  # floats that are not integers
    [1.0, 2.0, 3.0, 4.0],  # integer-valued floats: float keys, as fairlearn keeps them
    [True, False, True, False],
    [10, -3, 7, 10 ** 12],
    ["x", "y", "z", "w"]])
def test_group_keys_of_any_type_match_fairlearn(keys):
    """A group key is a value, not a class label: floats, booleans, ints and strings
    give fairlearn's ``MetricFrame`` groups and values."""
    rng = np.random.default_rng(5)
    n = 300
    t, p = rng.integers(0, 3, n), rng.integers(0, 3, n)
    g = np.array(keys)[rng.integers(0, len(keys), n)]
    ours = msk.metric_frame(t, p, metrics="accuracy_score", groups=g)
    ref = fairlearn_metrics.MetricFrame(metrics=sklearn.metrics.accuracy_score, y_true=t,
                                        y_pred=p, sensitive_features=g)
    assert ours.by_group.index.tolist() == ref.by_group.index.tolist()
    assert [type(k) for k in ours.by_group.index] == [type(k) for k in ref.by_group.index]
    np.testing.assert_allclose(ours.by_group.to_numpy(), ref.by_group.to_numpy(), rtol=1e-12)
    for method in ("between_groups", "to_overall"):
        assert ours.difference(method) == pytest.approx(ref.difference(method), rel=1e-12)
        assert ours.ratio(method) == pytest.approx(ref.ratio(method), rel=1e-12)


def test_crossed_float_and_text_keys_match_fairlearn():
    rng = np.random.default_rng(6)
    n = 400
    t, p = rng.integers(0, 2, n), rng.integers(0, 2, n)
    groups = pd.DataFrame({"f": rng.choice([0.5, 1.75, 3.0], n),
                           "s": rng.choice(["a", "b"], n)})
    ours = msk.metric_frame(t, p, metrics={"recall": "recall_score"}, groups=groups)
    ref = fairlearn_metrics.MetricFrame(metrics={"recall": sklearn.metrics.recall_score},
                                        y_true=t, y_pred=p, sensitive_features=groups)
    assert ours.by_group.index.tolist() == ref.by_group.index.tolist()
    np.testing.assert_allclose(ours.by_group["recall"], ref.by_group["recall"], rtol=1e-12)
    report = msk.quality_report(t, p, groups=groups)
    assert len(report.to_frame("groups")) == 6


@pytest.mark.parametrize("groups", [
    [1.5, np.nan, 1.5, 2.0], np.array(["a", None, "a", "b"], dtype=object),
    pd.Series([1.5, None, 1.5, 2.0])])
def test_missing_group_keys_are_refused_as_fairlearn_refuses_them(groups):
    t, p = [0, 1, 1, 0], [0, 1, 0, 0]
    with pytest.raises(ValueError, match="missing values"):
        fairlearn_metrics.MetricFrame(metrics=sklearn.metrics.accuracy_score, y_true=t,
                                      y_pred=p, sensitive_features=groups)
    for call in (lambda: Confusion.from_predictions(t, p, groups=groups),
                 lambda: msk.metric_frame(t, p, metrics="accuracy_score", groups=groups),
                 lambda: msk.quality_report(t, p, groups=groups)):
        with pytest.raises(ValueError, match="^groups contains missing values"):
            call()


# -- a class is in a group by its samples, not by their weight ------------------------------------
def test_class_of_zero_weight_samples_stays_in_its_group():
    """The issue's example: f1 macro over the group's three classes, as fairlearn's and the
    overall value (0.6667), not over the two with weight (1.0)."""
    f1 = functools.partial(sklearn.metrics.f1_score, average="macro")
    args = ([0, 1, 2, 0, 1], [0, 1, 1, 0, 1])
    w = np.array([1.0, 1, 0, 1, 1])
    ref = _fairlearn_frame({"f1": f1}, *args, ["a"] * 5, w).by_group["f1"]["a"]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ours = msk.metric_frame(*args, metrics=functools.partial(msk.f1_score, average="macro"),
                                groups=["a"] * 5, sample_weight=w)
        grouped = Confusion.from_predictions(*args, groups=["a"] * 5, sample_weight=w)
        assert grouped.recall_score(average="macro")["a"] == pytest.approx(
            sklearn.metrics.recall_score(*args, average="macro", sample_weight=w))
    assert ref == pytest.approx(2 / 3)
    assert ours.by_group["a"] == pytest.approx(ref)


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("seed", range(3))
def test_zero_weights_in_groups_equal_fairlearn(seed):
    rng = np.random.default_rng(seed)
    n = 80  # few samples per group: some class of a group has only zero weights there
    t, p = rng.integers(0, 6, n), rng.integers(0, 6, n)
    w = rng.uniform(0.5, 2.0, n)
    w[rng.random(n) < 0.4] = 0.0
    groups = rng.choice(["a", "b", "c", "d", "e"], n)
    ours = {"f1": functools.partial(msk.f1_score, average="macro", zero_division=0),
            "recall": functools.partial(msk.recall_score, average="macro", zero_division=0),
            "kappa_w": functools.partial(msk.cohen_kappa_score, weights="linear"),
            "bal": msk.balanced_accuracy_score}
    theirs = {"f1": functools.partial(sklearn.metrics.f1_score, average="macro",
                                      zero_division=0),
              "recall": functools.partial(sklearn.metrics.recall_score, average="macro",
                                          zero_division=0),
              "kappa_w": functools.partial(sklearn.metrics.cohen_kappa_score,
                                           weights="linear"),
              "bal": sklearn.metrics.balanced_accuracy_score}
    ref = _fairlearn_frame(theirs, t, p, groups, w).by_group
    frame = msk.metric_frame(t, p, metrics=ours, groups=groups, sample_weight=w).by_group
    for name in ours:
        np.testing.assert_allclose(frame[name].to_numpy(dtype=float),
                                   ref[name].to_numpy(dtype=float), err_msg=name)


# -- group keys keep their own values; a group of zero weights raises, as fairlearn's --------
@pytest.mark.parametrize("keys", [
    [1, "a", 1, "a"],
    pd.Series([1, "a", 1, "a"]),
    pd.Series([(1, 2), (3, 4), (1, 2), (3, 4)]),
    pd.Series(pd.to_datetime(["2020-01-01", "2021-01-01"] * 2)),
    pd.Series([np.datetime64(d, "D").item() for d in ("2020-01-01", "2021-01-01")] * 2),
])
def test_group_keys_keep_their_values_as_fairlearn(keys):
    t, p = [0, 1, 1, 0], [0, 1, 0, 0]
    ref = _fairlearn_frame({"acc": sklearn.metrics.accuracy_score}, t, p, keys).by_group["acc"]
    ours = msk.metric_frame(t, p, metrics={"acc": msk.accuracy_score}, groups=keys)
    assert ours.by_group["acc"].to_dict() == ref.to_dict()


def test_group_of_zero_weights_raises_as_fairlearn():
    t, p, groups, w = [0, 1, 1, 0], [0, 1, 0, 0], ["a", "a", "b", "b"], [1.0, 1.0, 0.0, 0.0]
    message = "Sample weights must contain at least one non-zero number."
    with pytest.raises(ValueError, match=message):
        _fairlearn_frame({"acc": sklearn.metrics.accuracy_score}, t, p, groups, w)
    with pytest.raises(ValueError, match=message):
        msk.metric_frame(t, p, metrics=msk.accuracy_score, groups=groups, sample_weight=w)


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_labels_keep_every_sample_of_each_group():
    """``labels=`` with ``groups=``: each group's whole-table metrics over all its samples,
    its per-class values over the chosen labels, as scikit-learn's on the group's rows."""
    rng = np.random.default_rng(3)
    t, p = rng.integers(0, 4, 120), rng.integers(0, 4, 120)
    groups = rng.choice(["a", "b", "c"], 120)
    g = Confusion.from_predictions(t, p, labels=[2, 0], groups=groups)
    for name, value in g.accuracy_score().items():
        rows = groups == name
        assert value == pytest.approx(sklearn.metrics.accuracy_score(t[rows], p[rows]))
        assert g.matthews_corrcoef()[name] == pytest.approx(
            sklearn.metrics.matthews_corrcoef(t[rows], p[rows]))
        assert g.cohen_kappa_score()[name] == pytest.approx(
            sklearn.metrics.cohen_kappa_score(t[rows], p[rows]))
        assert g.recall_score(average="macro")[name] == pytest.approx(
            sklearn.metrics.recall_score(t[rows], p[rows], labels=[2, 0], average="macro"))


def test_group_resamples_missing_a_class_are_evaluated_as_scikit_learn():
    # a replicate of a group that misses one of its classes is evaluated over the classes
    # it has, as scikit-learn on the resampled samples of that group
    from metrics_sk._inference.groups import _group_batch

    rng = np.random.default_rng(3)
    # (group "d" lacks class 2: the groups do not all have every class)
    y = np.array([0, 0, 1, 1, 2, 0, 1, 0, 1, 1, 2, 2, 0, 1, 2, 0, 1, 1, 0, 1])
    p = np.array([0, 1, 1, 0, 2, 0, 1, 1, 1, 0, 2, 1, 0, 2, 2, 0, 1, 0, 0, 1])
    g = np.array(list("aaaaabbbbbbccccddddd"))
    grouped = Confusion.from_predictions(y, p, groups=g)
    batch = grouped.batch
    labels = list(grouped.overall.labels)
    cell = {(int(r), int(c)): j for j, (r, c) in enumerate(zip(batch.rows, batch.cols))}
    counts, group_of, expected = [], [], []
    for i, key in enumerate(grouped.keys[0]):
        rows = np.flatnonzero(g == key)
        for _ in range(40):
            idx = rng.choice(rows, rows.size)
            row = np.zeros(batch.rows.shape[0], dtype=np.int64)
            for t, q in zip(y[idx], p[idx]):
                row[cell[labels.index(t), labels.index(q)]] += 1
            counts.append(row)
            group_of.append(i)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                expected.append([sklearn.metrics.f1_score(y[idx], p[idx], average="macro",
                                                          zero_division=0.0),
                                 sklearn.metrics.balanced_accuracy_score(y[idx], p[idx])])
    reps = _group_batch(grouped, np.array(counts), np.array(group_of))
    expected = np.array(expected)
    assert (expected[:, 0] != expected[0, 0]).any()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        got = np.column_stack((reps.f1_score(average="macro", zero_division=0.0),
                               reps.balanced_accuracy_score()))
    np.testing.assert_allclose(got, expected, rtol=1e-12)


@pytest.mark.parametrize("scale", [1e160, 1e-170, 1e300, 1e-300])
def test_group_analytic_intervals_are_scale_free(scale):
    # equal weights at any scale give the unweighted per-group intervals (metric_frame and
    # the report's group rows), as analytic_interval gives them for one confusion
    rng = np.random.default_rng(0)
    n = 300
    y = rng.integers(0, 3, n)
    p = np.where(rng.random(n) < 0.7, y, rng.integers(0, 3, n))
    g = rng.choice(list("abc"), n)
    metrics = {"acc": "accuracy_score", "mcc": "matthews_corrcoef",
               "kappa": "cohen_kappa_score", "bacc": "balanced_accuracy_score"}
    w = np.full(n, scale)

    def bounds(frame):
        ci = frame.confidence_interval
        return np.vstack((ci.low.to_numpy(float), ci.high.to_numpy(float)))

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        plain = msk.metric_frame(y, p, metrics=metrics, groups=g, confidence_level=0.95)
        weighted = msk.metric_frame(y, p, metrics=metrics, groups=g, confidence_level=0.95,
                                    sample_weight=w)
    assert np.isfinite(bounds(plain)).all()
    np.testing.assert_allclose(bounds(weighted), bounds(plain), rtol=1e-12)

    def group_rows(report):
        t = report.to_frame("tidy")
        return t[(t.section == "group") & (t.metric != "support")][["low", "high"]].to_numpy(
            float)

    plain = group_rows(msk.quality_report(y, p, groups=g, confidence_level=0.95,
                                          interval="analytic"))
    weighted = group_rows(msk.quality_report(y, p, groups=g, confidence_level=0.95,
                                             interval="analytic", sample_weight=w))
    assert plain.shape[0] == 9 and np.isfinite(plain).all()
    np.testing.assert_allclose(weighted, plain, rtol=1e-12)


def test_grouped_multilabel_confusion_matrix_keeps_integer_counts():
    """Each group's one-vs-rest matrices equal scikit-learn's on the group's samples, in
    its dtype: integer counts stay int64 (a batch's margins are floats; they came out
    float64), weighted ones float64."""
    y = np.array([0, 1, 2, 0, 1, 2, 2, 0])
    p = np.array([0, 2, 1, 0, 0, 1, 2, 2])
    groups = np.array([0, 0, 0, 1, 1, 1, 1, 1])
    for w in (None, np.linspace(0.5, 2.0, 8)):
        got = Confusion.from_predictions(y, p, groups=groups, sample_weight=w) \
            .multilabel_confusion_matrix(labels=[0, 1, 2])
        for key in (0, 1):
            m = groups == key
            want = sklearn.metrics.multilabel_confusion_matrix(
                y[m], p[m], labels=[0, 1, 2], sample_weight=None if w is None else w[m])
            assert got[key].dtype == want.dtype
            np.testing.assert_allclose(got[key], want, rtol=1e-12)
