"""Dask collections as inputs, on a real two-worker LocalCluster (loopback only).

Every count metric and ``Confusion.from_predictions`` / ``update`` accept Dask arrays and
Dask Series (weights too) and give the in-memory result; the score losses go through
``StreamingLoss``. One test counts 2 * 10**8 labels per side generated on the workers while
the client process stays small.
"""

import contextlib
import re
import threading
import time

import numpy as np
import pytest

da = pytest.importorskip("dask.array")
dd = pytest.importorskip("dask.dataframe")
distributed = pytest.importorskip("distributed")
pd = pytest.importorskip("pandas")

import dask  # noqa: E402

import metrics_sk as msk  # noqa: E402
from metrics_sk import Confusion, StreamingLoss  # noqa: E402
from metrics_sk._registry import METRICS  # noqa: E402


def _data(n=2000, k=4, seed=0):
    rng = np.random.default_rng(seed)
    t = rng.integers(0, k, n)
    p = np.where(rng.random(n) < 0.6, t, rng.integers(0, k, n))
    return t, p, rng.gamma(2.0, size=n)


# Every public count metric with arguments for multi-class data (binary-only ones get
# binary data).
BINARY_ONLY = {name for name, m in METRICS.items() if m.binary_only}
CALLS = {
    "precision_recall_fscore_support": {"average": "weighted"},
    "precision_score": {"average": "macro"},
    "recall_score": {"average": None},
    "fbeta_score": {"beta": 2.0, "average": "micro"},
    "f1_score": {"average": "macro"},
    "specificity_score": {"average": "macro"},
    "balanced_auc_score": {"average": "weighted"},
    "cohen_kappa_score": {"weights": "quadratic"},
    "macro_fbeta_score": {"beta": 2.0},
    "confusion_matrix": {"labels": [3, 1, 0]},
    "jaccard_score": {"average": "macro"},
    "expected_cost": {"cost_matrix": [[0, 1, 2, 3], [4, 0, 5, 6], [7, 8, 0.5, 9],
                                      [1, 2, 3, 0]]},  # (the data holds the 4 labels)
}
FUNCTIONS = sorted(name for name, m in METRICS.items() if m.count)


def _same(a, b):
    if hasattr(a, "as_dict"):
        _same(a.confusion_matrix, b.confusion_matrix)
        a, b = a.as_dict(), b.as_dict()
    if isinstance(a, dict):
        assert a.keys() == b.keys()
        for key in a:
            _same(a[key], b[key])
    elif isinstance(a, tuple):
        for x, y in zip(a, b, strict=True):
            _same(x, y)
    elif a is None:
        assert b is None
    else:
        np.testing.assert_allclose(a, b, rtol=1e-12, equal_nan=True)


def test_every_count_function_is_covered():
    # the public functions that are also Confusion methods, read off the class itself
    # rather than the registry FUNCTIONS comes from
    assert set(FUNCTIONS) == {name for name in msk.__all__
                              if callable(msk.Confusion.__dict__.get(name))}
    assert len(FUNCTIONS) >= 25
    assert set(CALLS) <= set(FUNCTIONS)


@pytest.mark.parametrize("weighted", [False, True], ids=["unweighted", "weighted"])
@pytest.mark.parametrize("name", FUNCTIONS)
def test_count_function_on_dask_equals_in_memory(client, name, weighted):
    t, p, w = _data(k=2 if name in BINARY_ONLY else 4)
    kwargs = CALLS.get(name, {})
    func = getattr(msk, name)
    w = w if weighted else None
    expected = func(t, p, sample_weight=w, **kwargs)
    chunks = (700, 300, 1000)  # uneven partitions
    dt, dp = da.from_array(t, chunks=chunks), da.from_array(p, chunks=chunks)
    dw = None if w is None else da.from_array(w, chunks=chunks)
    _same(func(dt, dp, sample_weight=dw, **kwargs), expected)
    # Dask Series of one DataFrame, string labels
    frame = pd.DataFrame({"t": t.astype(str), "p": p.astype(str), "w": w if weighted else 1.0})
    ddf = dd.from_pandas(frame, npartitions=3)
    if name not in BINARY_ONLY | {"confusion_matrix"}:
        expected = func(t.astype(str), p.astype(str), sample_weight=w, **kwargs)
        _same(func(ddf["t"], ddf["p"], sample_weight=ddf["w"] if weighted else None,
                   **kwargs), expected)


def test_from_predictions_update_labels_and_mixed_inputs(client):
    t, p, w = _data()
    dt, dp, dw = (da.from_array(a, chunks=512) for a in (t, p, w))
    assert Confusion.from_predictions(dt, dp) == Confusion.from_predictions(t, p)
    fixed = Confusion.from_predictions(dt, dp, labels=[2, 0, 7], sample_weight=dw)
    ref = Confusion.from_predictions(t, p, labels=[2, 0, 7], sample_weight=w)
    np.testing.assert_allclose(fixed.to_dense(), ref.to_dense())
    np.testing.assert_allclose(fixed.fp, ref.fp)
    streamed = Confusion()
    streamed.update(dt[:1000], dp[:1000])
    streamed.update(t[1000:], p[1000:])
    assert streamed == Confusion.from_predictions(t, p)
    # numpy with Dask, a Dask Series with a Dask array, a one-column DataFrame
    assert msk.accuracy_score(t, dp) == msk.accuracy_score(t, p)
    ddf = dd.from_pandas(pd.DataFrame({"t": t}), npartitions=4)
    assert msk.matthews_corrcoef(ddf["t"], dp) == msk.matthews_corrcoef(t, p)
    assert msk.matthews_corrcoef(ddf, dp) == msk.matthews_corrcoef(t, p)


def test_errors_come_back_named(client):
    t, p, _ = _data()
    dt = da.from_array(t, chunks=500)
    with pytest.raises(ValueError, match="inconsistent numbers of samples"):
        msk.f1_score(dt[:-1], da.from_array(p, chunks=500), average="macro")
    bad = da.from_array(np.where(t == 3, np.nan, t), chunks=500)
    with pytest.raises(ValueError, match="y_true contains NaN"):
        Confusion.from_predictions(bad, da.from_array(p, chunks=500))
    with pytest.raises(ValueError, match="negative"):
        Confusion.from_predictions(dt, dt, sample_weight=-da.ones(2000, chunks=500))
    with pytest.raises(ValueError, match="1-D array of labels"):
        Confusion.from_predictions(da.ones((2000, 2), chunks=500), dt)
    ddf = dd.from_pandas(pd.DataFrame({"a": t, "b": p}), npartitions=2)
    with pytest.raises(ValueError, match="2 columns"):
        Confusion.from_predictions(ddf, ddf["a"])


def test_labels_are_found_in_the_same_single_pass():
    # Each block of a lazily generated input is produced exactly once: no separate pass
    # to find the labels, and no second read of the data.
    calls = []

    def block(block_id=None):
        calls.append(block_id)
        rng = np.random.default_rng(block_id[0])
        return rng.integers(0, 5, 1000) * 10

    y = da.map_blocks(block, chunks=((1000,) * 7,), dtype=np.int64,
                      meta=np.array((), dtype=np.int64))
    with dask.config.set(scheduler="sync"):
        c = Confusion.from_predictions(y, y)
    assert sorted(calls) == [(i,) for i in range(7)]
    assert c.labels.tolist() == [0, 10, 20, 30, 40] and c.total == 7000


@pytest.mark.parametrize("metric, from_logits", [("log_loss", False), ("log_loss", True),
                                                 ("one_vs_all_log_loss", False),
                                                 ("hinge_loss", False)])
def test_score_losses_on_dask(client, metric, from_logits):
    rng = np.random.default_rng(3)
    y = rng.integers(0, 4, 3000)
    logits = rng.normal(size=(3000, 4))
    scores = logits if from_logits or metric == "hinge_loss" else \
        np.exp(logits) / np.exp(logits).sum(1, keepdims=True)
    w = rng.random(3000)
    kw = {"from_logits": True} if from_logits else {}
    expected = getattr(msk, metric)(y, scores, sample_weight=w, **kw)
    dy, dw = da.from_array(y, chunks=800), da.from_array(w, chunks=800)
    ds = da.from_array(scores, chunks=(800, 2))  # column chunks are joined per partition
    got = StreamingLoss(metric, **kw).update(dy, ds, dw).compute()
    assert np.isclose(got, expected, rtol=1e-12)
    frame = dd.from_pandas(pd.DataFrame(scores), npartitions=3)
    got = StreamingLoss(metric, **kw).update(dy, frame).compute()
    assert np.isclose(got, getattr(msk, metric)(y, scores, **kw), rtol=1e-12)


def test_bootstrap_of_a_dask_input_needs_no_samples_on_the_client(client):
    t, p, _ = _data(5000)
    dt, dp = da.from_array(t, chunks=1000), da.from_array(p, chunks=1000)
    a = msk.bootstrap("macro_fbeta_score", dt, dp, n_resamples=200, random_state=0)
    b = msk.bootstrap("macro_fbeta_score", t, p, n_resamples=200, random_state=0)
    np.testing.assert_allclose(a.bootstrap_distribution, b.bootstrap_distribution)


def _rss():
    try:
        import psutil
    except ImportError:  # pragma: no cover - psutil is a dependency of distributed
        with open("/proc/self/status") as f:
            line = next(x for x in f if x.startswith("VmRSS"))
        return int(line.split()[1]) * 1024
    return psutil.Process().memory_info().rss


@contextlib.contextmanager
def client_growth():
    """Watch this process's resident memory while the block runs (every 10 ms, in a
    thread); the dict it yields gets ``"MiB"``: the peak growth over the start."""
    before = peak = _rss()
    done = threading.Event()

    def watch():
        nonlocal peak
        while not done.is_set():
            peak = max(peak, _rss())
            time.sleep(0.01)

    growth = {}
    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    try:
        yield growth
    finally:
        done.set()
        watcher.join()
        growth["MiB"] = (peak - before) / 2**20


@pytest.mark.bigmem
def test_2e8_labels_per_side_keep_the_client_small(client):
    n, chunk = 2 * 10**8, 10**7
    rng = da.random.default_rng(2024)
    y_true = rng.integers(0, 10, size=n, chunks=chunk, dtype=np.int32)
    noise = rng.integers(0, 10, size=n, chunks=chunk, dtype=np.int32)
    y_pred = da.where(rng.random(n, chunks=chunk) < 0.8, y_true, noise)
    with client_growth() as growth:
        start = time.perf_counter()
        c = Confusion.from_predictions(y_true, y_pred)
        seconds = time.perf_counter() - start
    assert c.total == n and c.labels.tolist() == list(range(10))
    assert 0.81 < c.accuracy_score() < 0.83  # 0.8 + 0.2 / 10
    grown = growth["MiB"]
    print(f"\n2e8 labels per side: {seconds:.1f} s, client grew {grown:.0f} MiB")
    assert grown < 400


def test_public_score_losses_send_dask_inputs_to_the_workers(client):
    rng = np.random.default_rng(4)
    y = rng.integers(0, 3, 900)
    logits = rng.normal(size=(900, 3))
    w = rng.random(900)
    dy, dl, dw = (da.from_array(a, chunks=300) for a in (y, logits, w))
    for name, kw in (("log_loss", {"from_logits": True, "normalize": False}),
                     ("hinge_loss", {"labels": [0, 1, 2]}),
                     ("one_vs_all_log_loss", {"from_logits": True})):
        metric = getattr(msk, name)
        expected = metric(y, logits, sample_weight=w, **kw)
        assert np.isclose(metric(dy, dl, sample_weight=dw, **kw), expected, rtol=1e-12)


def test_unknown_chunk_sizes_are_matched_block_by_block(client):
    t, p, w = _data()
    dt, dp, dw = (da.from_array(a, chunks=500) for a in (t, p, w))
    keep = dw > 0.5
    got = msk.f1_score(dt[keep], dp[keep], average="macro", sample_weight=dw[keep])
    mask = w > 0.5
    assert np.isclose(got, msk.f1_score(t[mask], p[mask], average="macro",
                                        sample_weight=w[mask]))
    with pytest.raises(ValueError, match="unknown chunk sizes"):
        msk.accuracy_score(dt[keep], p[mask])


def test_partition_merges_beyond_int64_are_refused_not_wrapped(client):
    # each partition's cell (2**62) fits int64; their sum, 2**63, wrapped to -2**63
    t = da.from_array(np.zeros(2, dtype=np.int64), chunks=1)
    w = da.from_array(np.array([2**62, 2**62]), chunks=1)
    with pytest.raises(ValueError, match="the merged counts exceed int64"):
        Confusion.from_predictions(t, t, sample_weight=w)
    fits = da.from_array(np.array([2**62, 2**62 - 1]), chunks=1)
    c = Confusion.from_predictions(t, t, sample_weight=fits)
    assert c.matrix.toarray().tolist() == [[2**63 - 1]]


def _brier_cases(rng, n=900):
    """(y_true, y_proba, kwargs) of brier_score_loss: binary 1-D with string labels and
    either pos_label, numbers without pos_label, multi-class, each scale_by_half."""
    strings = rng.choice(["ham", "spam"], n)
    p1 = rng.random(n)
    y3 = rng.integers(0, 3, n)
    p3 = rng.dirichlet([1, 1, 1], n)
    for scale in ("auto", True, False):
        yield strings, p1, {"pos_label": "ham", "scale_by_half": scale}
        yield strings, p1, {"pos_label": "spam", "scale_by_half": scale}
        yield (strings == "spam").astype(int), p1, {"scale_by_half": scale}
        yield y3, p3, {"scale_by_half": scale}
    yield y3, p3, {"labels": [0, 1, 2]}


def _reduced_on_the_workers(monkeypatch, call):
    """``call()``, checking that the Dask inputs are never gathered into the client: one
    computation, whose only result is the merged accumulator."""
    computed = []
    compute = dask.compute

    def recording(*args, **kwargs):
        out = compute(*args, **kwargs)
        computed.append(out)
        return out

    def refuse(self, *args, **kwargs):
        raise AssertionError("the whole Dask input was gathered into the client")

    monkeypatch.setattr(dask, "compute", recording)
    monkeypatch.setattr(da.Array, "__array__", refuse)
    try:
        got = call()
    finally:
        monkeypatch.undo()
    assert len(computed) == 1 and isinstance(computed[0][0], StreamingLoss)
    return got


def _dask_inputs(y, p, w):
    chunks = (400, 200, 300)  # uneven partitions
    dy = da.from_array(y, chunks=chunks)
    dp = da.from_array(p, chunks=chunks if p.ndim == 1 else (chunks, p.shape[1]))
    dw = None if w is None else da.from_array(w, chunks=chunks)
    # and a Dask Series of labels from a DataFrame, with the Dask array of probabilities
    series = dd.from_pandas(pd.DataFrame({"y": y}), npartitions=3)["y"]
    return (dy, series), dp, dw


@pytest.mark.parametrize("weighted", [False, True], ids=["unweighted", "weighted"])
def test_brier_score_loss_on_dask_is_reduced_on_the_workers(client, monkeypatch, weighted):
    import sklearn.metrics as skm

    rng = np.random.default_rng(5)
    for y, p, kw in _brier_cases(rng):
        w = rng.gamma(2.0, size=y.shape[0]) if weighted else None
        expected = skm.brier_score_loss(y, p, sample_weight=w, **kw)
        ys, dp, dw = _dask_inputs(y, p, w)
        for y_in in ys:
            got = _reduced_on_the_workers(monkeypatch, lambda: msk.brier_score_loss(
                y_in, dp, sample_weight=dw, **kw))
            assert np.isclose(got, expected, rtol=1e-12), kw


@pytest.mark.parametrize("weighted", [False, True], ids=["unweighted", "weighted"])
def test_d2_scores_on_dask_are_reduced_on_the_workers(client, monkeypatch, weighted):
    # D^2 = 1 - S / S_0: the loss sum and the weight of each class (the null model's
    # frequencies) are summed per partition
    import sklearn.metrics as skm

    rng = np.random.default_rng(6)
    n = 900
    strings = rng.choice(["ham", "spam"], n, p=[0.3, 0.7])
    p1 = rng.random(n)
    y3 = rng.integers(0, 3, n)
    p3 = rng.dirichlet([2, 2, 2], n)
    p4 = rng.dirichlet([2, 2, 2, 1], n)
    cases = [("d2_brier_score", y3, p3, {}),
             ("d2_brier_score", strings, p1, {"pos_label": "ham"}),
             ("d2_brier_score", strings, p1, {"pos_label": "spam"}),
             ("d2_brier_score", y3, p4, {"labels": [0, 1, 2, 3]}),
             ("d2_log_loss_score", y3, p3, {}),
             ("d2_log_loss_score", (strings == "ham").astype(int), p1, {}),
             ("d2_log_loss_score", y3, p4, {"labels": [0, 1, 2, 3]})]
    for name, y, p, kw in cases:
        w = rng.gamma(2.0, size=n) if weighted else None
        expected = getattr(skm, name)(y, p, sample_weight=w, **kw)
        ys, dp, dw = _dask_inputs(y, p, w)
        for y_in in ys:
            got = _reduced_on_the_workers(monkeypatch, lambda: getattr(msk, name)(
                y_in, dp, sample_weight=dw, **kw))
            assert np.isclose(got, expected, rtol=1e-12), (name, kw)


def test_brier_streaming_options_are_brier_only():
    for kw in ({"pos_label": 1}, {"scale_by_half": True}, {"scale_by_half": False}):
        name = next(iter(kw))
        with pytest.raises(ValueError, match=f"{name} applies to brier_score_loss"):
            StreamingLoss("log_loss", **kw)
    with pytest.raises(ValueError, match="pos_label is not specified"):
        StreamingLoss("brier_score_loss").update(["a", "b"], [0.2, 0.7])
    acc = StreamingLoss("brier_score_loss", pos_label="a").update(["a", "b"], [0.2, 0.7])
    with pytest.raises(ValueError, match="should be binary"):
        acc.update(["c"], [0.5])


# -- the ranking metrics: two exact passes on the workers (metrics_sk/_dask_ranking.py) -----
RANKING = {
    "roc_auc_score": lambda y, s, **kw: msk.roc_auc_score(y, s, **kw),
    "average_precision_score": lambda y, s, **kw: msk.average_precision_score(y, s, **kw),
    "one_vs_all_pr_auc_score": lambda y, s, **kw: msk.one_vs_all_pr_auc_score(
        y, s, average=None, **kw),
    "one_vs_all_roc_auc_score": lambda y, s, **kw: msk.one_vs_all_roc_auc_score(
        y, s, average=None, **kw),
}


def _ranking_data(n, dtype, seed, ties=True):
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < 0.3).astype(np.int64)
    s = (rng.random(n) + 0.4 * y).astype(dtype)
    if ties:
        s[::3] = np.round(s[::3], 2)  # many tied scores across the ranges
    return y, s


def _never_gathered(monkeypatch, call):
    """``call()`` with the Dask arrays refusing to be gathered into the client."""

    def refuse(self, *args, **kwargs):
        raise AssertionError("the whole Dask input was gathered into the client")

    with monkeypatch.context() as m:
        m.setattr(da.Array, "__array__", refuse)
        return call()


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("name", sorted(RANKING))
def test_binary_rankings_on_dask_equal_in_memory_bit_for_bit(client, monkeypatch, name, dtype):
    import sklearn.metrics as skm

    func = RANKING[name]
    y, s = _ranking_data(30000, dtype, seed=1)
    expected = func(y, s)
    # independent references: scikit-learn's own values (and its curve for PR AUC)
    if name == "roc_auc_score":
        assert np.isclose(expected, skm.roc_auc_score(y, s), rtol=1e-13)
    elif name == "average_precision_score":
        assert np.isclose(expected, skm.average_precision_score(y, s), rtol=1e-13)
    elif name == "one_vs_all_pr_auc_score":
        precision, recall, _ = skm.precision_recall_curve(y, s)
        assert np.isclose(expected[1], skm.auc(recall, precision), rtol=1e-13)
    for chunks in (30000, 7001, (5000, 1, 14999, 10000), 997):  # one partition, uneven, many
        dy, ds = da.from_array(y, chunks=chunks), da.from_array(s, chunks=chunks)
        got = _never_gathered(monkeypatch, lambda: func(dy, ds))
        assert np.array_equal(got, expected), (chunks, got, expected)
    # misaligned partitions (the labels rechunked to the scores'), numpy labels
    got = _never_gathered(monkeypatch, lambda: func(da.from_array(y, chunks=4000),
                                                   da.from_array(s, chunks=6000)))
    assert np.array_equal(got, expected)
    assert np.array_equal(func(y, da.from_array(s, chunks=7000)), expected)


def test_binary_rankings_on_dask_class_absent_from_partitions_and_series(client):
    y, s = _ranking_data(20000, np.float64, seed=2)
    order = np.argsort(y, kind="stable")  # the first partitions hold negatives only
    y, s = y[order], s[order]
    labels = np.where(y == 1, "spam", "ham")
    frame = dd.from_pandas(pd.DataFrame({"y": labels, "s": s}), npartitions=5)
    for name, func in RANKING.items():
        expected = func(y, s)
        assert np.array_equal(func(da.from_array(y, chunks=3000),
                                   da.from_array(s, chunks=3000)), expected), name
        if name != "average_precision_score":  # (pos_label=1: not a label here)
            assert np.array_equal(func(frame["y"], frame["s"]), func(labels, s)), name
    assert msk.average_precision_score(frame["y"], frame["s"], pos_label="ham") == \
        msk.average_precision_score(labels, s, pos_label="ham")


@pytest.mark.parametrize("name", sorted(RANKING))
def test_weighted_rankings_on_dask_equal_in_memory_to_rounding(client, name):
    import sklearn.metrics as skm

    func = RANKING[name]
    y, s = _ranking_data(20000, np.float32, seed=3)
    w = np.random.default_rng(4).gamma(2.0, size=y.shape[0])
    w[::11] = 0.0  # zero weights: left out in memory, nothing to add here
    expected = func(y, s, sample_weight=w)
    if name == "roc_auc_score":
        assert np.isclose(expected, skm.roc_auc_score(y, s, sample_weight=w), rtol=1e-13)
    elif name == "average_precision_score":
        assert np.isclose(expected, skm.average_precision_score(y, s, sample_weight=w),
                          rtol=1e-13)
    for chunks in (20000, 3001):
        dy, ds, dw = (da.from_array(a, chunks=chunks) for a in (y, s, w))
        np.testing.assert_allclose(func(dy, ds, sample_weight=dw), expected, rtol=1e-13)


def test_rankings_on_dask_not_routed_are_gathered_with_in_memory_outcomes(client):
    import sklearn.metrics as skm

    y, s = _ranking_data(3000, np.float64, seed=5)
    dy, ds = da.from_array(y, chunks=700), da.from_array(s, chunks=700)
    # partial AUC, integer scores, all-zero weights, one class, three classes
    assert msk.roc_auc_score(dy, ds, max_fpr=0.3) == msk.roc_auc_score(y, s, max_fpr=0.3)
    si = (s * 100).astype(np.int64)
    assert msk.roc_auc_score(dy, da.from_array(si, chunks=700)) == msk.roc_auc_score(y, si)
    zeros = da.zeros(3000, chunks=700)
    with pytest.raises(ValueError) as in_memory:
        skm.roc_auc_score(y, s, sample_weight=np.zeros(3000))
    with pytest.raises(type(in_memory.value)):
        msk.roc_auc_score(dy, ds, sample_weight=zeros)
    with pytest.warns(UserWarning, match="Only one class"):  # scikit-learn's outcome
        assert np.isnan(msk.roc_auc_score(da.zeros(3000, chunks=700, dtype=int), ds))
    with pytest.raises(ValueError):
        msk.roc_auc_score(dy + (dy > 0) * (ds > 0.9), ds)  # three classes, 1-D scores
    with pytest.raises(ValueError, match="inconsistent numbers of samples"):
        msk.roc_auc_score(dy[:-1], ds)


@pytest.mark.bigmem
def test_1e8_float32_rankings_are_exact_under_three_partitionings(client):
    """Issue 25's first "done when": ROC AUC, PR AUC and average precision of 10**8
    float32 scores generated on the workers equal the in-memory values bit for bit under
    three partitionings, while the client stays small (measured around the Dask calls
    only: the in-memory references are computed into this process first)."""
    from metrics_sk import _auc

    n = 10**8
    rng = da.random.default_rng(2025)
    y = (rng.random(n, chunks=10**7, dtype=np.float32) < 0.3).astype(np.int8)
    s = (rng.random(n, chunks=10**7, dtype=np.float32) + np.float32(0.4) * y)
    y, s = client.persist([y, s.astype(np.float32)])
    distributed.wait([y, s])
    y_np, s_np = dask.compute(y, s)
    start = time.perf_counter()
    # (PR AUC: the kernel of one_vs_all_pr_auc_score's second column, alone: the public
    # function would rank the first class's column too; the small tests above compare
    # the public functions themselves)
    expected = (msk.roc_auc_score(y_np, s_np), _auc.pr_auc(y_np == 1, s_np),
                msk.average_precision_score(y_np, s_np))
    in_memory = time.perf_counter() - start
    del y_np, s_np
    seconds = []
    with client_growth() as growth:
        for chunks in (10**7, 3 * 10**6 + 7, 25 * 10**6):
            dy, ds = client.persist([y.rechunk(chunks), s.rechunk(chunks)])
            distributed.wait([dy, ds])
            start = time.perf_counter()
            got = (msk.roc_auc_score(dy, ds),
                   msk.one_vs_all_pr_auc_score(dy, ds, average=None)[1],
                   msk.average_precision_score(dy, ds))
            seconds.append(time.perf_counter() - start)
            del dy, ds
            assert got == expected, (chunks, got, expected)
    grown = growth["MiB"]
    print(f"\n1e8 float32 rankings: in memory {in_memory:.1f} s, on Dask "
          + ", ".join(f"{t:.1f} s" for t in seconds)
          + f" (three partitionings), client grew {grown:.0f} MiB; values {expected}")
    assert grown < 200


def _extreme_ranking(seed):
    """``(y, s, chunks)``: binary labels (both present), scores mixing signs, -0.0 and 0.0,
    subnormals, huge magnitudes and heavy ties, and a random chunking of them."""
    rng = np.random.default_rng(seed)
    n = int(rng.integers(50, 4000))
    pool = np.array([-1e300, -3.5, -1.0, -0.0, 0.0, 5e-324, 1e-310, 0.25, 0.5, 2.0, 7e200,
                     1.7e308])
    s = np.where(rng.random(n) < 0.5, rng.choice(pool, n), rng.normal(size=n) * 10.0 **
                 rng.integers(-300, 300, n))
    y = (rng.random(n) < rng.uniform(0.05, 0.95)).astype(np.int64)
    y[:2] = [0, 1]
    cuts = np.sort(rng.choice(np.arange(1, n), size=int(rng.integers(0, 12)), replace=False))
    chunks = tuple(np.diff(np.concatenate(([0], cuts, [n]))).tolist())
    return y, s, chunks


@pytest.mark.parametrize("seed", range(6))
def test_binary_rankings_on_dask_exact_for_random_partitionings_and_extreme_scores(seed):
    """Random chunkings of scores mixing signs, -0.0 and 0.0, subnormals, huge magnitudes
    (key ranges wider than 2**62: the sorted-table fallback) and heavy ties: every value
    equals the in-memory one bit for bit (synchronous scheduler: the arithmetic, not the
    cluster)."""
    y, s, chunks = _extreme_ranking(seed)
    # and a range holding keys 2**63 apart (a few of the lowest scores share the first
    # range with the many highest)
    wide = np.where(np.arange(100) < 5, -1e300, 1e300), (np.arange(100) % 3 == 0).astype(int)
    with dask.config.set(scheduler="sync"):
        for name, func in RANKING.items():
            for (labels, scores), c in (((y, s), chunks), ((wide[1], wide[0]), (30, 70))):
                expected = func(labels, scores)
                got = func(da.from_array(labels, chunks=c), da.from_array(scores, chunks=c))
                assert np.array_equal(got, expected), (name, c, got, expected)


def test_one_vs_rest_rankings_on_dask_equal_in_memory_bit_for_bit(client, monkeypatch):
    """One-vs-rest: each class's column ranked on the workers (a pass for the labels,
    then two per class); probabilities of 4 classes, float32 and float64, ties."""
    import sklearn.metrics as skm

    rng = np.random.default_rng(7)
    n, k = 12000, 4
    y = rng.integers(0, k, n)
    proba = rng.dirichlet(np.ones(k), n)
    proba[::4] = np.round(proba[::4], 2)
    proba /= proba.sum(1, keepdims=True)
    calls = {
        "roc_auc_score ovr": lambda t, p, **kw: msk.roc_auc_score(t, p, multi_class="ovr",
                                                                  **kw),
        "average_precision_score": msk.average_precision_score,
        "one_vs_all_roc_auc_score": msk.one_vs_all_roc_auc_score,
        "one_vs_all_pr_auc_score": msk.one_vs_all_pr_auc_score,
    }
    assert np.isclose(calls["roc_auc_score ovr"](y, proba),
                      skm.roc_auc_score(y, proba, multi_class="ovr"), rtol=1e-13)
    assert np.isclose(calls["average_precision_score"](y, proba),
                      skm.average_precision_score(y, proba), rtol=1e-13)
    for dtype, chunks, averages in ((np.float64, (5000, 1, 6999), (None, "macro", "weighted")),
                                    (np.float32, n, (None,))):
        p = proba.astype(dtype)
        dy, dp = da.from_array(y, chunks=chunks), da.from_array(p, chunks=(chunks, 2))
        for name, func in calls.items():
            for average in averages:
                expected = func(y, p, average=average)
                got = _never_gathered(monkeypatch, lambda: func(dy, dp, average=average))
                assert np.array_equal(got, expected), (name, dtype, chunks, average)
    w = rng.gamma(2.0, size=n)
    dy, dp, dw = (da.from_array(a, chunks=3000) for a in (y, proba, w))
    for name, func in calls.items():
        np.testing.assert_allclose(func(dy, dp, sample_weight=dw, average=None),
                                   func(y, proba, sample_weight=w, average=None), rtol=1e-13)


# The curves and what reads them: the (fps, tps, thresholds) table from the key ranges
CURVES = {
    "roc_curve": lambda y, s, **kw: msk.roc_curve(y, s, **kw),
    "roc_curve kept": lambda y, s, **kw: msk.roc_curve(y, s, drop_intermediate=False, **kw),
    "precision_recall_curve": lambda y, s, **kw: msk.precision_recall_curve(y, s, **kw),
    "precision_recall_curve dropped": lambda y, s, **kw: msk.precision_recall_curve(
        y, s, drop_intermediate=True, **kw),
    "det_curve": lambda y, s, **kw: msk.det_curve(y, s, **kw),
    "confusion_matrix_at_thresholds": lambda y, s, **kw: msk.confusion_matrix_at_thresholds(
        y, s, **kw),
    "recall_at_precision": lambda y, s, **kw: msk.recall_at_precision(
        y, s, min_precision=0.6, return_threshold=True, **kw),
    "precision_at_recall": lambda y, s, **kw: msk.precision_at_recall(
        y, s, min_recall=0.5, return_threshold=True, **kw),
    "sensitivity_at_specificity": lambda y, s, **kw: msk.sensitivity_at_specificity(
        y, s, min_specificity=0.8, return_threshold=True, **kw),
    "specificity_at_sensitivity": lambda y, s, **kw: msk.specificity_at_sensitivity(
        y, s, min_sensitivity=0.8, return_threshold=True, **kw),
    "equal_error_rate": lambda y, s, **kw: msk.equal_error_rate(y, s, **kw),
    "decision_curve": lambda y, s, **kw: tuple(msk.decision_curve(y, s, **kw).values()),
    "net_benefit": lambda y, s, **kw: msk.net_benefit(y, s, threshold=0.55, **kw),
    "Confusion.at_thresholds": lambda y, s, **kw: _batch_values(
        Confusion.at_thresholds(y, s, **kw)),
}


def _batch_values(batch):
    """What a threshold batch holds: its thresholds, the four counts and a formula."""
    return (batch.thresholds, batch.tns, batch.fps, batch.fns, batch.tps,
            batch.accuracy_score(), batch.matthews_corrcoef())


def _arrays(result):
    """A curve's result (a tuple, or one float) as a list of arrays."""
    return [np.asarray(a) for a in (result if isinstance(result, tuple) else (result,))]


def _same_curve(got, expected, signs=True):
    """Equal values, dtypes and (``signs``) signs of zero, element by element."""
    got, expected = _arrays(got), _arrays(expected)
    return all(g.dtype == e.dtype and np.array_equal(g, e)
               and (not signs or np.array_equal(np.signbit(g), np.signbit(e)))
               for g, e in zip(got, expected, strict=True))


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_curves_on_dask_equal_in_memory_bit_for_bit(client, monkeypatch, dtype):
    import sklearn.metrics as skm

    y, s = _ranking_data(30000, dtype, seed=8)
    s /= 1.4
    s[::5], s[1::5] = -0.0, 0.0  # one tied group, as in memory: a threshold 0.0
    # independent references: scikit-learn's curves and counts
    for name in ("roc_curve", "precision_recall_curve", "det_curve",
                 "confusion_matrix_at_thresholds"):
        for g, e in zip(CURVES[name](y, s), getattr(skm, name)(y, s), strict=True):
            np.testing.assert_allclose(g, e, rtol=1e-13)
    for name, func in CURVES.items():
        expected = func(y, s)
        for chunks in (30000, (5000, 1, 14999, 10000), 997):
            dy, ds = da.from_array(y, chunks=chunks), da.from_array(s, chunks=chunks)
            got = _never_gathered(monkeypatch, lambda: func(dy, ds))
            assert _same_curve(got, expected), (name, chunks)
        got = _never_gathered(monkeypatch, lambda: func(da.from_array(y, chunks=4000),
                                                       da.from_array(s, chunks=6000)))
        assert _same_curve(got, expected), name


def test_curves_on_dask_class_absent_from_partitions_labels_and_series(client, monkeypatch):
    y, s = _ranking_data(20000, np.float64, seed=9)
    order = np.argsort(y, kind="stable")  # the first partitions hold negatives only
    y, s = y[order], s[order] / 1.4
    labels = np.where(y == 1, "spam", "ham")
    frame = dd.from_pandas(pd.DataFrame({"y": labels, "s": s}), npartitions=5)
    dy, ds = da.from_array(y, chunks=3000), da.from_array(s, chunks=3000)
    dl = da.from_array(labels, chunks=3000)
    for name, func in CURVES.items():
        assert _same_curve(_never_gathered(monkeypatch, lambda: func(dy, ds)), func(y, s)), name
        for pos_label in ("spam", "ham"):
            expected = func(labels, s, pos_label=pos_label)
            got = _never_gathered(monkeypatch, lambda: func(dl, ds, pos_label=pos_label))
            assert _same_curve(got, expected), (name, pos_label)
            assert _same_curve(func(frame["y"], frame["s"], pos_label=pos_label), expected), name


@pytest.mark.parametrize("name", sorted(CURVES))
def test_weighted_curves_on_dask_equal_in_memory_to_rounding(client, monkeypatch, name):
    import sklearn.metrics as skm

    func = CURVES[name]
    y, s = _ranking_data(20000, np.float32, seed=10)
    s /= np.float32(1.4)
    w = np.random.default_rng(11).gamma(2.0, size=y.shape[0])
    w[::11] = 0.0  # zero weights: no threshold of their own, in memory as here
    w[s == s[0]] = 0.0  # a score held only by samples of weight 0
    expected = func(y, s, sample_weight=w)
    if name == "roc_curve kept":
        for g, e in zip(expected, skm.roc_curve(y, s, sample_weight=w,
                                                drop_intermediate=False), strict=True):
            np.testing.assert_allclose(g, e, rtol=1e-12)
    for chunks in (20000, 3001):
        dy, ds, dw = (da.from_array(a, chunks=chunks) for a in (y, s, w))
        got = _arrays(_never_gathered(monkeypatch, lambda: func(dy, ds, sample_weight=dw)))
        for g, e in zip(got, _arrays(expected), strict=True):
            assert g.dtype == e.dtype, name
            np.testing.assert_allclose(g, e, rtol=1e-12, atol=1e-15)


def test_curves_on_dask_not_routed_are_gathered_with_in_memory_outcomes(client):
    y, s = _ranking_data(3000, np.float64, seed=12)
    dy, ds = da.from_array(y, chunks=700), da.from_array(s, chunks=700)
    # labels {2, 3} without pos_label: not {0, 1} or {-1, 1} (the route would take the
    # greater label), the in-memory error; {-1, 1}: routed, 1 positive
    assert _same_curve(msk.roc_curve(2 * dy - 1, ds), msk.roc_curve(2 * y - 1, s))
    with pytest.raises(ValueError) as in_memory:
        msk.recall_at_precision(y + 2, s, min_precision=0.5)
    with pytest.raises(ValueError, match=re.escape(str(in_memory.value))):
        msk.recall_at_precision(dy + 2, ds, min_precision=0.5)
    # integer scores (integer thresholds), three labels with pos_label
    si = (s * 100).astype(np.int64)
    assert _same_curve(msk.roc_curve(dy, da.from_array(si, chunks=700)), msk.roc_curve(y, si))
    three = y + (y > 0) * (s > 0.9)
    assert _same_curve(
        msk.precision_recall_curve(da.from_array(three, chunks=700), ds, pos_label=2),
        msk.precision_recall_curve(three, s, pos_label=2))


@pytest.mark.parametrize("seed", range(4))
def test_curves_on_dask_exact_for_random_partitionings_and_extreme_scores(seed):
    """The curves' table from the key ranges for scores mixing signs, -0.0 and 0.0,
    subnormals, huge magnitudes (ranges wider than 2**62: the sorted-table fallback) and
    heavy ties, under random chunkings: equal to the in-memory curves (synchronous
    scheduler). Bit for bit but for the sign of a zero threshold: beyond the range of its
    scaled keys the in-memory sort returns the tied group's last score, -0.0 or 0.0 by
    the input order; the route has 0.0 (equal values)."""
    y, s, chunks = _extreme_ranking(100 + seed)
    wide = np.where(np.arange(100) < 5, -1e300, 1e300), (np.arange(100) % 3 == 0).astype(int)
    with dask.config.set(scheduler="sync"):
        for name in ("roc_curve kept", "precision_recall_curve", "det_curve",
                     "confusion_matrix_at_thresholds", "Confusion.at_thresholds"):
            func = CURVES[name]
            for (labels, scores), c in (((y, s), chunks), ((wide[1], wide[0]), (30, 70))):
                expected = func(labels, scores)
                got = func(da.from_array(labels, chunks=c), da.from_array(scores, chunks=c))
                assert _same_curve(got, expected, signs=False), (name, c)
