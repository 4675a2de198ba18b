"""StreamingRanking: the mergeable ranking state (exact with 64 bits) and the sketch.

Any batching merged with ``update`` / ``+`` gives the state of the whole; with 64 bits
its results equal the in-memory functions (``==`` unweighted, to rounding weighted); the
sketch's ROC AUC is within its reported bound of the exact value (brute-force pair
counts as the reference).
"""

import pickle
import warnings

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import metrics_sk as msk
import sklearn.metrics as skm
from metrics_sk import Confusion, StreamingRanking
from sklearn.exceptions import UndefinedMetricWarning

SETTINGS = settings(max_examples=80, deadline=None)
#: Score pools: many ties, signed zeros, wide magnitudes, continuous.
POOLS = [np.array([-0.0, 0.0, 0.25, 0.5, 1.0]), np.array([-3.0, -1e-30, 0.0, 2.5, 1e30]),
         None]


@st.composite
def ranked(draw, max_n=60, weighted=None):
    """``(y, scores, weights or None, cut points)``: both classes, ties, float64 or
    float32 or integer scores."""
    n = draw(st.integers(2, max_n))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    y = rng.integers(0, 2, n)
    y[:2] = [0, 1]
    rng.shuffle(y)
    pool = POOLS[draw(st.integers(0, len(POOLS) - 1))]
    s = rng.normal(size=n) if pool is None else rng.choice(pool, n)
    kind = draw(st.sampled_from(["f8", "f4", "i8"]))
    s = np.round(np.clip(s, -1e6, 1e6) * 3).astype(np.int64) if kind == "i8" else s.astype(kind)
    if weighted is None:
        weighted = draw(st.booleans())
    w = None
    if weighted:
        w = rng.random(n) * 3
        w[rng.random(n) < 0.2] = 0.0
        w[np.flatnonzero(y == 0)[0]] = w[np.flatnonzero(y == 1)[0]] = 1.0
    cuts = sorted(draw(st.lists(st.integers(1, n - 1), max_size=5, unique=True)))
    return y, s, w, cuts


def _batches(cuts, *arrays):
    bounds = [0, *cuts, len(arrays[0])]
    for a, b in zip(bounds[:-1], bounds[1:]):
        yield tuple(None if x is None else x[a:b] for x in arrays)


def _streamed(y, s, w, cuts, **options):
    """The state updated batch by batch, and the states of the batches merged by ``+``."""
    state, parts = StreamingRanking(**options), []
    for by, bs, bw in _batches(cuts, y, s, w):
        state.update(by, bs, bw)
        parts.append(StreamingRanking(**options).update(by, bs, bw))
    return state, sum(parts)


def _same(a, b):
    """Equal arrays, signed zeros alike, dtypes alike."""
    a, b = np.asarray(a), np.asarray(b)
    assert a.dtype == b.dtype
    np.testing.assert_array_equal(a, b)
    np.testing.assert_array_equal(np.signbit(a), np.signbit(b))


@SETTINGS
@given(ranked())
def test_any_batching_merges_to_the_state_of_the_whole(data):
    y, s, w, cuts = data
    whole = StreamingRanking().update(y, s, w)
    for state in _streamed(y, s, w, cuts):
        keys, pos, neg = state._merged()
        np.testing.assert_array_equal(keys, whole._merged()[0])
        if w is None:
            _same(pos, whole._merged()[1]), _same(neg, whole._merged()[2])
        else:
            np.testing.assert_allclose(pos, whole._merged()[1], rtol=1e-13)
            np.testing.assert_allclose(neg, whole._merged()[2], rtol=1e-13)
        assert state.n_samples == len(y)


@SETTINGS
@given(ranked(weighted=False))
def test_unweighted_results_equal_the_in_memory_functions_bit_for_bit(data):
    y, s, _, cuts = data
    for state in _streamed(y, s, None, cuts):
        assert state.roc_auc_score() == msk.roc_auc_score(y, s)
        assert state.average_precision_score() == msk.average_precision_score(y, s)
        pr = msk.one_vs_all_pr_auc_score(y, np.column_stack([-s, s]).astype(np.float64),
                                         average=None)[1]
        assert state.pr_auc_score() == pr
        for drop in (True, False):
            for a, b in zip(state.roc_curve(drop_intermediate=drop),
                            msk.roc_curve(y, s, drop_intermediate=drop)):
                _same(a, b)
            for a, b in zip(state.precision_recall_curve(drop_intermediate=drop),
                            msk.precision_recall_curve(y, s, drop_intermediate=drop)):
                _same(a, b)
        batch, memory = state.at_thresholds(), Confusion.at_thresholds(y, s)
        _same(batch.thresholds, memory.thresholds)
        for cells in ("tps", "fps", "fns", "tns"):
            _same(getattr(batch, cells), getattr(memory, cells))
        _same(batch.matthews_corrcoef(), memory.matthews_corrcoef())
        _same(batch.f1_score(zero_division=0), memory.f1_score(zero_division=0))
        # and the in-memory values are scikit-learn's
        assert state.roc_auc_score() == pytest.approx(skm.roc_auc_score(y, s), abs=1e-12)


@SETTINGS
@given(ranked(weighted=True))
def test_weighted_results_equal_the_in_memory_functions_to_rounding(data):
    y, s, w, cuts = data
    for state in _streamed(y, s, w, cuts):
        assert state.roc_auc_score() == pytest.approx(
            skm.roc_auc_score(y, s, sample_weight=w), rel=1e-12)
        assert state.average_precision_score() == pytest.approx(
            skm.average_precision_score(y, s, sample_weight=w), rel=1e-12)
        assert state.pr_auc_score() == pytest.approx(
            msk.one_vs_all_pr_auc_score(y, np.column_stack([-s, s]).astype(np.float64),
                                        sample_weight=w, average=None)[1], rel=1e-12)
        for a, b in zip(state.roc_curve(), skm.roc_curve(y, s, sample_weight=w)):
            np.testing.assert_allclose(a, b, rtol=1e-12, atol=1e-15)
        for a, b in zip(state.precision_recall_curve(),
                        skm.precision_recall_curve(y, s, sample_weight=w)):
            np.testing.assert_allclose(a, b, rtol=1e-12, atol=1e-15)
        batch = state.at_thresholds()
        _, fps, _, tps, thresholds = skm.confusion_matrix_at_thresholds(y, s, sample_weight=w)
        np.testing.assert_array_equal(batch.thresholds, thresholds)
        np.testing.assert_allclose(batch.tps, tps, rtol=1e-12)
        np.testing.assert_allclose(batch.fps, fps, rtol=1e-12)


# -- the sketch: its error within its bound --------------------------------------------------
def _exact_auc(y, s, w):
    """Brute-force Mann-Whitney over every (positive, negative) pair, ties 1/2."""
    w = np.ones(len(y)) if w is None else w
    p, n = y == 1, y == 0
    gt = (s[p][:, None] > s[n][None, :]) + 0.5 * (s[p][:, None] == s[n][None, :])
    return float(w[p] @ gt @ w[n] / (w[p].sum() * w[n].sum()))


def _sketched(rng):
    """A small random ranking, a random bucket width and score spread."""
    n = int(rng.integers(2, 41))
    y = rng.integers(0, 2, n)
    y[:2] = [0, 1]
    spread = rng.choice(["unit", "beta", "logit", "ties", "wide"])
    s = {"unit": lambda: rng.random(n), "beta": lambda: rng.beta(0.5, 2, n),
         "logit": lambda: rng.normal(y, 1.5), "ties": lambda: rng.integers(0, 5, n) / 4,
         "wide": lambda: rng.choice([-1, 1], n) * 10.0 ** rng.uniform(-300, 300, n)}[spread]()
    w = rng.random(n) + 0.01 if rng.random() < 0.5 else None
    return y, s, w, int(rng.integers(1, 41))


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_the_sketch_error_stays_within_its_bound(seed):
    """10^4 random cases: 100 examples of 100 cases each (the cases drawn by numpy from
    the example's seed: hypothesis's per-example cost would take minutes)."""
    rng = np.random.default_rng(seed)
    for _ in range(100):
        y, s, w, bits = _sketched(rng)
        state = StreamingRanking(bits=bits).update(y, s, w)
        value, bound = state.roc_auc_score(return_bound=True)
        assert abs(value - _exact_auc(y, s, w)) <= bound + 1e-12


def test_half_the_bound_fails_on_the_property_tests_own_cases():
    """The generator of the property test makes cases where the error exceeds half the
    bound: the bound is not loose by a factor of 2 everywhere, and the property test
    would catch a bound computed too small."""
    rng = np.random.default_rng(0)
    for _ in range(10_000):
        y, s, w, bits = _sketched(rng)
        value, bound = StreamingRanking(bits=bits).update(y, s, w).roc_auc_score(
            return_bound=True)
        if abs(value - _exact_auc(y, s, w)) > bound / 2 + 1e-12:
            return
    pytest.fail("no case with an error above half the bound")


def test_the_bound_property_can_fail():
    """The property is not vacuous: every positive above every negative in one bucket
    errs by the whole bound, so half of it is exceeded."""
    y, s = np.array([0, 0, 1, 1]), np.array([0.6, 0.7, 0.8, 0.9])
    value, bound = StreamingRanking(bits=8).update(y, s).roc_auc_score(return_bound=True)
    exact = _exact_auc(y, s, None)
    assert (exact, value, bound) == (1.0, 0.5, 0.5)
    assert abs(value - exact) > bound / 2


def test_the_sketch_bounds_its_rows_and_is_exact_at_its_edges():
    rng = np.random.default_rng(3)
    y, s = rng.integers(0, 2, 20_000), rng.random(20_000)
    sketch = StreamingRanking(bits=16).update(y, s)
    assert sketch.n_rows <= 2 ** 16
    batch = sketch.at_thresholds()
    for t, tp, fp in zip(batch.thresholds, batch.tps, batch.fps):  # counts of s >= t
        assert (tp, fp) == (np.count_nonzero((s >= t) & (y == 1)),
                            np.count_nonzero((s >= t) & (y == 0)))
    fpr, tpr, thresholds = sketch.roc_curve(drop_intermediate=False)
    np.testing.assert_array_equal(fpr[1:], batch.fps / batch.fps[-1])
    exact = skm.roc_auc_score(y, s)
    value, bound = sketch.roc_auc_score(return_bound=True)
    assert 0 < bound < 0.02 and abs(value - exact) <= bound
    assert value == pytest.approx(skm.auc(fpr, tpr), abs=1e-12)  # the trapezoids of the edges
    for method in ("average_precision_score", "pr_auc_score"):
        with pytest.raises(ValueError, match="bits=16"):
            getattr(sketch, method)()
    assert StreamingRanking().update(y, s).roc_auc_score(return_bound=True) == (exact, 0.0)


# -- the edges ----------------------------------------------------------------------------
def test_one_class_so_far_is_roc_auc_scores_outcome_then_the_other_class_completes_it():
    state = StreamingRanking().update([0], [0.3])
    with pytest.warns(UndefinedMetricWarning, match="Only one class"):
        assert np.isnan(state.roc_auc_score())
    with pytest.warns(UndefinedMetricWarning, match="Only one class"):
        assert np.isnan(msk.roc_auc_score([0], [0.3]))
    for method in ("average_precision_score", "roc_curve", "at_thresholds"):
        with pytest.raises(ValueError, match="exactly two classes"):
            getattr(state, method)()
    state.update([1, 0], [0.5, 0.1])
    assert state.roc_auc_score() == skm.roc_auc_score([0, 1, 0], [0.3, 0.5, 0.1]) == 1.0


def test_zero_weights_and_empty_states():
    with pytest.raises(ValueError, match="No samples yet"):
        StreamingRanking().roc_auc_score()
    state = StreamingRanking().update([0, 1, 1], [0.2, 0.4, 0.9], [0.0, 0.0, 0.0])
    assert state.n_rows == 0 and state.n_samples == 3
    with pytest.raises(ValueError, match="both classes weight"):
        state.roc_auc_score()
    with pytest.raises(ValueError, match="both classes weight"):
        Confusion.at_thresholds([0, 1, 1], [0.2, 0.4, 0.9], sample_weight=[0.0, 0.0, 0.0])
    state.update([0, 1], [0.5, 0.5], [2.0, 0.0]).update([1], [0.7])
    batch = state.at_thresholds()  # the samples of weight 0 give no threshold
    assert batch.thresholds.tolist() == [0.7, 0.5] and batch.tps.tolist() == [1.0, 1.0]


@pytest.mark.parametrize("container", [list, np.array, pd.Series,
                                       lambda v: pd.Series(pd.Categorical(v))])
def test_labels_in_any_container_and_string_labels(container):
    y = ["no", "yes", "yes", "no", "yes"]
    s = np.array([0.1, 0.8, 0.3, 0.3, 0.9])
    state = StreamingRanking(pos_label="yes").update(container(y[:2]), s[:2])
    state.update(container(y[2:]), s[2:])
    assert state.roc_auc_score() == msk.roc_auc_score(y, s)
    assert state.average_precision_score() == msk.average_precision_score(y, s, pos_label="yes")
    batch = state.at_thresholds()
    assert batch.labels.tolist() == ["no", "yes"] and batch.pos_label == "yes"
    with pytest.raises(ValueError, match="pass pos_label"):
        StreamingRanking().update(container(y), s)


def test_the_inputs_are_checked_as_every_binary_scoring():
    with pytest.raises(ValueError, match="y_score contains NaN"):
        StreamingRanking().update([0, 1], [0.1, np.nan])
    with pytest.raises(ValueError, match="y_score must be 1-D"):
        StreamingRanking().update([0, 1], [[0.1, 0.9], [0.2, 0.8]])
    with pytest.raises(ValueError, match="exactly two classes"):
        StreamingRanking().update([0, 1], [0.1, 0.2]).update([2], [0.3])
    with pytest.raises(ValueError, match="pass pos_label"):
        StreamingRanking().update([0, 2], [0.1, 0.2])
    with pytest.raises(ValueError, match="pass pos_label"):  # 5 is in neither pair
        StreamingRanking().update([5], [0.1])
    with pytest.raises(ValueError, match="pos_label=3 is not a class"):
        StreamingRanking(pos_label=3).update([0, 1], [0.1, 0.2]).roc_auc_score()
    with pytest.raises(ValueError, match="Mix of label input types"):
        StreamingRanking(pos_label="a").update(["a"], [0.1]).update([1], [0.2])
    with pytest.raises(ValueError, match="bits"):
        StreamingRanking(bits=65)
    with pytest.raises(ValueError, match="different pos_label or bits"):
        StreamingRanking(bits=20) + StreamingRanking()


def test_copy_reset_pickle_and_inputs_unchanged():
    y, s = np.array([0, 1, 1, 0]), np.array([0.2, 0.9, 0.4, 0.5])
    s_before = s.copy()
    state = StreamingRanking().update(y, s)
    copy = state.copy()
    copy.update([1], [0.1])
    assert state.n_samples == 4 and copy.n_samples == 5
    assert pickle.loads(pickle.dumps(state)).roc_auc_score() == state.roc_auc_score()
    assert repr(state) == ("StreamingRanking(pos_label=None, bits=64, n_samples=4, "
                           "n_rows=4, labels=[0, 1])")
    assert state.reset().n_samples == 0 and state.n_rows == 0
    np.testing.assert_array_equal(s, s_before)


def test_dask_partitions_reduce_to_the_in_memory_state():
    da = pytest.importorskip("dask.array")
    import dask

    rng = np.random.default_rng(5)
    y, s = rng.integers(0, 2, 1000), rng.random(1000).round(2)
    y[:300] = 0  # classes absent from some partitions
    w = rng.random(1000)
    with dask.config.set(scheduler="sync"):
        for chunks in (1000, 97, 300):
            state = StreamingRanking().update(da.from_array(y, chunks), da.from_array(s, chunks))
            assert state.roc_auc_score() == msk.roc_auc_score(y, s)
            assert state.average_precision_score() == msk.average_precision_score(y, s)
            weighted = StreamingRanking().update(da.from_array(y, chunks), da.from_array(s, chunks),
                                                 da.from_array(w, chunks))
            assert weighted.roc_auc_score() == pytest.approx(
                skm.roc_auc_score(y, s, sample_weight=w), rel=1e-12)
            sketch = StreamingRanking(bits=12).update(da.from_array(y, chunks),
                                                      da.from_array(s, chunks))
            assert sketch.n_rows <= 2 ** 12
            value, bound = sketch.roc_auc_score(return_bound=True)
            assert abs(value - skm.roc_auc_score(y, s)) <= bound


@pytest.mark.parametrize("container", [pd.Series, lambda v: pd.Series(pd.Categorical(v)),
                                       lambda v: np.array(v, dtype=object)])
def test_at_thresholds_of_string_labels_in_an_object_array(container):
    """Regression: labels held in an object array (a pandas Series of strings) made
    ``Confusion.at_thresholds`` fail on ``str.item()``."""
    y = ["no", "yes", "yes", "no", "yes"]
    s = np.array([0.1, 0.8, 0.3, 0.3, 0.9])
    batch = Confusion.at_thresholds(container(y), s, pos_label="yes")
    assert batch.pos_label == "yes" and batch.labels.tolist() == ["no", "yes"]
    _, fps, _, tps, _ = skm.confusion_matrix_at_thresholds(y, s, pos_label="yes")
    np.testing.assert_array_equal(batch.tps, tps)
    np.testing.assert_array_equal(batch.fps, fps)


@pytest.mark.parametrize("rounding", [None, 3])
def test_large_columns_take_the_same_kernels_results(rounding):
    """From 8192 scores the in-memory PR AUC places the negatives among the positives
    (``_auc._Placer``) instead of sorting: the state's areas still equal it."""
    rng = np.random.default_rng(11)
    y, s = rng.integers(0, 2, 20_000), rng.random(20_000)
    if rounding:
        s = s.round(rounding)
    state = sum(StreamingRanking().update(y[i:i + 7777], s[i:i + 7777])
                for i in range(0, 20_000, 7777))
    assert state.pr_auc_score() == msk.one_vs_all_pr_auc_score(
        y, np.column_stack([-s, s]), average=None)[1]
    assert state.average_precision_score() == msk.average_precision_score(y, s)
    assert state.roc_auc_score() == msk.roc_auc_score(y, s)
    assert state.roc_auc_score() == pytest.approx(skm.roc_auc_score(y, s), abs=1e-12)


def test_many_small_batches_merge_lazily_to_the_whole():
    """The batches' tables are merged once the pending rows reach the table's: after
    any number of updates, copies and merges the state is the whole's."""
    rng = np.random.default_rng(8)
    y, s = rng.integers(0, 2, 3000), rng.random(3000).round(3)
    s[::7] = rng.random(429)  # a table that keeps growing
    state, other = StreamingRanking(), StreamingRanking()
    for i in range(0, 3000, 10):
        (state if i % 20 else other).update(y[i:i + 10], s[i:i + 10])
        if i == 1500:
            snapshot = state.copy()
    assert snapshot.n_samples == 750 and snapshot.roc_auc_score() == msk.roc_auc_score(
        *(np.concatenate([a[i + 10:i + 20] for i in range(0, 1500, 20)]) for a in (y, s)))
    merged = state + other
    whole = StreamingRanking().update(y, s)
    for a, b in zip(merged._merged(), whole._merged()):
        _same(a, b)
    assert merged.roc_auc_score() == msk.roc_auc_score(y, s)


def test_a_sketch_of_a_dask_array_on_a_cluster(client):
    """On a real two-worker cluster: a state per partition on the workers, merged there;
    the exact state equals the in-memory value, the sketch has at most 2**bits rows."""
    da = pytest.importorskip("dask.array")
    rng = np.random.default_rng(9)
    y, s = rng.integers(0, 2, 50_000), rng.random(50_000)
    dy, ds = da.from_array(y, 7_001), da.from_array(s, 7_001)
    assert StreamingRanking().update(dy, ds).roc_auc_score() == msk.roc_auc_score(y, s)
    sketch = StreamingRanking(bits=20).update(dy, ds)
    value, bound = sketch.roc_auc_score(return_bound=True)
    assert sketch.n_rows <= 2 ** 20 and sketch.n_samples == 50_000
    assert abs(value - skm.roc_auc_score(y, s)) <= bound


def test_copy_module_copies_are_independent():
    # copy.copy shared the list of pending batch tables: an update of the copy added its
    # batch to the original's result.
    import copy

    rng = np.random.default_rng(7)
    y, s = rng.integers(0, 2, 300), rng.random(300)
    for make in (copy.copy, copy.deepcopy):
        state = StreamingRanking().update(y[:250], s[:250]).update(y[250:260], s[250:260])
        other = make(state)
        other.update(y[260:], s[260:])
        assert state.n_samples == 260 and other.n_samples == 300
        assert state.roc_auc_score() == pytest.approx(skm.roc_auc_score(y[:260], s[:260]),
                                                      rel=1e-14)
        assert other.roc_auc_score() == pytest.approx(skm.roc_auc_score(y, s), rel=1e-14)


@pytest.mark.parametrize("weight", [5e-324, 1e-320])
def test_precision_recall_areas_of_subnormal_weight_totals(weight):
    # The totals' power-of-two scale was formed as 2**-e alone, which overflows to inf
    # when the total weight is below 2**-1024: NaN instead of the unweighted areas.
    rng = np.random.default_rng(3)
    y, s = rng.integers(0, 2, 200), np.round(rng.random(200), 2)
    w = np.full(200, weight)
    state = StreamingRanking().update(y, s, w)
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)
        ap, pr_auc = state.average_precision_score(), state.pr_auc_score()
    assert ap == pytest.approx(skm.average_precision_score(y, s), rel=1e-14)
    precision, recall, _ = skm.precision_recall_curve(y, s)
    assert pr_auc == pytest.approx(skm.auc(recall, precision), rel=1e-14)


def test_twice_wins_of_counts_beyond_int64_products():
    # pos @ below and 2 P N pass 2**63 beyond about 4.3e9 samples (a stream or a Dask
    # collection may hold that many): the int64 products wrapped silently.
    from metrics_sk._auc import table_twice_wins

    pos = np.array([2**31, 2**32], dtype=np.int64)
    neg = np.array([2**33, 2**31], dtype=np.int64)
    # by hand: 2^31 (0 + 2^33) + 2^32 (2 * 2^33 + 2^31); within buckets 2^64 + 2^63
    twice, mixed = table_twice_wins(pos, neg)
    assert (twice, mixed) == (2**64 + 2**66 + 2**63, 2**64 + 2**63)
    assert type(twice) is int and type(mixed) is int
    a, b, c, d = 2**31 + 1, 2**32 + 1, 2**33 + 1, 2**31 + 1  # not powers of two
    odd = table_twice_wins(np.array([a, b]), np.array([c, d]))
    assert odd == (a * c + b * (2 * c + d), a * c + b * d)
    # every count times 2**31 (n about 1.3e12): the same ROC AUC
    rng = np.random.default_rng(5)
    y, s = rng.integers(0, 2, 600), np.round(rng.random(600), 2)
    state = StreamingRanking().update(y, s)
    keys, pos, neg = state._merged()
    state._table = (keys, pos * 2**31, neg * 2**31)
    assert state.roc_auc_score() == pytest.approx(skm.roc_auc_score(y, s), rel=1e-14)


def test_a_sum_of_many_states_merges_each_row_a_few_times(monkeypatch):
    # ``a + b`` copied ``a`` by merging its whole table, so sum() of K states merged the
    # sum so far at every step: O(K x rows), 8.6 s for 400 states of 2,000 rows. Counted
    # here as the rows that go through merge_key_tables (no timing).
    from metrics_sk import _auc

    merged_rows = []
    merge = _auc.merge_key_tables

    def counting(*tables):
        merged_rows.append(sum(t[0].shape[0] for t in tables))
        return merge(*tables)

    rng = np.random.default_rng(11)
    ys, ss = rng.integers(0, 2, (64, 100)), rng.random((64, 100))
    states = [StreamingRanking().update(y, s) for y, s in zip(ys, ss)]
    merged_rows.clear()
    monkeypatch.setattr(_auc, "merge_key_tables", counting)
    total = sum(states)
    assert total.n_rows == 6400 and sum(merged_rows) <= 8 * 6400  # log2(64) passes + slack
    assert total.roc_auc_score() == pytest.approx(skm.roc_auc_score(ys.ravel(), ss.ravel()),
                                                  rel=1e-14)
    assert [state.n_samples for state in states] == [100] * 64


def test_dask_shape_errors_name_scores_and_weights_without_calling_them_labels():
    da = pytest.importorskip("dask.array")

    y = da.from_array(np.array([0, 1] * 50), chunks=30)
    flat = da.from_array(np.linspace(0, 1, 100), chunks=30)
    grid = da.from_array(np.ones((100, 2)), chunks=(30, 2))
    for kwargs, name in (({"y_score": grid}, "y_score"),
                         ({"y_score": flat, "sample_weight": grid}, "sample_weight")):
        with pytest.raises(ValueError, match=rf"^{name} must be a 1-D array, got") as info:
            StreamingRanking().update(y, **kwargs)
        assert "labels" not in str(info.value)
    with pytest.raises(ValueError, match="y_true must be a 1-D array of labels"):
        StreamingRanking().update(grid, flat)


@pytest.mark.parametrize("zero_class", [0, 1])
def test_a_class_of_zero_weight_is_roc_auc_scores_nan_and_warning(zero_class):
    # Both labels seen, one weighted 0: roc_auc_score gives NaN with its warning; the
    # state raised "both classes weight" (its one-class-seen case already gave the NaN).
    rng = np.random.default_rng(8)
    y, s = rng.integers(0, 2, 50), rng.random(50)
    w = np.where(y == zero_class, 0.0, 1.0)
    with pytest.warns(UndefinedMetricWarning) as expected:
        reference = skm.roc_auc_score(y, s, sample_weight=w)
    state = StreamingRanking().update(y[:20], s[:20], w[:20]).update(y[20:], s[20:], w[20:])
    with pytest.warns(UndefinedMetricWarning) as got:
        value = state.roc_auc_score()
    assert np.isnan(reference) and np.isnan(value)
    assert str(got[0].message) == str(expected[0].message)
    with pytest.warns(UndefinedMetricWarning):
        assert all(np.isnan(state.roc_auc_score(return_bound=True)))
    with pytest.raises(ValueError, match="both classes weight"):  # as Confusion.at_thresholds
        state.average_precision_score()
    with pytest.raises(ValueError, match="pos_label=2 is not a class of y_true"):
        StreamingRanking(pos_label=2).update(y, s, w).roc_auc_score()


def test_single_sample_updates_keep_few_tables_pending():
    # A table of 10^4 rows took 10^4 one-sample batches before a merge: each pending
    # table costs ~400 bytes of Python objects, ~20x the row it adds (21.7 MB pending
    # for a 2.4 MB table after 5*10^4 updates).
    from metrics_sk._ranking_state import _MOST_PENDING

    rng = np.random.default_rng(12)
    y, s = rng.integers(0, 2, 12_000), rng.random(12_000)
    state = StreamingRanking().update(y[:10_000], s[:10_000])
    most = 0
    for i in range(10_000, 12_000):
        state.update(y[i:i + 1], s[i:i + 1])
        most = max(most, len(state._pending))
    assert _MOST_PENDING <= 1024 and most < _MOST_PENDING
    assert state.roc_auc_score() == pytest.approx(skm.roc_auc_score(y, s), rel=1e-14)
    assert state.n_rows == np.unique(s).shape[0]


def test_equal_numeric_pos_labels_of_other_types_merge():
    a = StreamingRanking(pos_label=1).update([0, 1, 1], [0.1, 0.5, 0.3])
    b = StreamingRanking(pos_label=np.int64(1)).update([0, 1], [0.2, 0.4])
    assert (a + b).roc_auc_score() == skm.roc_auc_score([0, 1, 1, 0, 1], [0.1, 0.5, 0.3, 0.2, 0.4])
    with pytest.raises(ValueError, match="different pos_label"):
        a + StreamingRanking(pos_label=True).update([False, True], [0.2, 0.4])


def test_numbers_in_an_object_array_imply_the_positive_label():
    y, s = np.array([0, 1, 1, 0], dtype=object), [0.1, 0.5, 0.3, 0.2]
    assert StreamingRanking().update(y, s).roc_auc_score() == skm.roc_auc_score([0, 1, 1, 0], s)
    np.testing.assert_array_equal(Confusion.at_thresholds(y, s).f1_score(),
                                  Confusion.at_thresholds([0, 1, 1, 0], s).f1_score())
    with pytest.raises(ValueError, match="pass pos_label"):
        Confusion.at_thresholds(np.array(["0", "1", "1", "0"], dtype=object), s)
