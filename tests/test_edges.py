"""Regression tests for the silent wrong numbers and refused valid inputs found by the
adversarial passes (issues "Silent wrong numbers in common paths" and "At the edges"),
each against scikit-learn where it answers, and the decided behaviour elsewhere."""

import decimal
import json
import tracemalloc
import warnings

import numpy as np
import pandas as pd
import pytest
import sklearn.metrics as skm
from hypothesis import given, settings
from hypothesis import strategies as st

import metrics_sk as msk
from metrics_sk import Confusion


def test_boolean_targets_are_values_never_masks():
    p = np.arange(3000)
    p[5] = 0
    t = np.ones(3000, dtype=bool)
    assert msk.accuracy_score(t, p) == skm.accuracy_score(t, p) == pytest.approx(1 / 3000)
    assert msk.accuracy_score(p, t) == skm.accuracy_score(p, t)
    np.testing.assert_array_equal(Confusion.from_predictions(t, p).labels[:3], [0, 1, 2])


@pytest.mark.parametrize("t, p", [
    (np.array([32767, -32768], dtype=np.int16), np.array([-32768, 32767], dtype=np.int16)),
    (np.array([0, 5], dtype=np.uint8), np.array([-3, 5000])),
    (np.array([0, 5, 100], dtype=np.int8), np.array([-3, 5, 100000])),
    (np.array([0, 65535], dtype=np.uint16), np.array([0, -70000], dtype=np.int64)),
    (np.array([127, -128, 0], dtype=np.int8), np.array([127, -128, 1], dtype=np.int8)),
])
def test_small_integer_dtypes_never_overflow(t, p):
    assert msk.accuracy_score(t, p) == skm.accuracy_score(t, p)
    np.testing.assert_array_equal(msk.confusion_matrix(t, p), skm.confusion_matrix(t, p))


INT_DTYPES = [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32,
              np.uint64, np.bool_]


@settings(max_examples=120, deadline=None)
@given(data=st.data())
def test_any_integer_dtypes_count_as_scikit_learn(data):
    """Labels of any two integer (or boolean) dtypes, near their dtype's limits."""
    dt, dp = (data.draw(st.sampled_from(INT_DTYPES)) for _ in range(2))
    n = data.draw(st.integers(1, 30))

    def draw(dtype):
        info = np.iinfo(dtype) if dtype is not np.bool_ else None
        values = st.booleans() if info is None else st.sampled_from(
            [info.min, info.min + 1, 0, 1, 2, info.max - 1, info.max])
        return np.array(data.draw(st.lists(values, min_size=n, max_size=n)), dtype=dtype)

    t, p = draw(dt), draw(dp)
    if np.uint64 in (dt, dp) and max(int(t.max()), int(p.max())) >= 2**63:
        with pytest.raises(ValueError, match="2\\*\\*63"):
            msk.accuracy_score(t, p)
        return
    if np.result_type(t, p).kind == "f":  # uint64 with signed: scikit-learn rounds to float
        check_exact(t, p)
    else:
        check_like_sklearn(t, p)


def check_exact(t, p):
    """The confusion matrix and accuracy from Python integers (exact at any magnitude)."""
    ti, pi = [int(v) for v in t], [int(v) for v in p]
    labels = sorted(set(ti) | set(pi))
    index = {v: i for i, v in enumerate(labels)}
    expected = np.zeros((len(labels), len(labels)), dtype=np.int64)
    for a, b in zip(ti, pi):
        expected[index[a], index[b]] += 1
    np.testing.assert_array_equal(msk.confusion_matrix(t, p), expected)
    assert msk.accuracy_score(t, p) == np.trace(expected) / len(ti)


def check_like_sklearn(t, p):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        expected = skm.confusion_matrix(t, p)
        for name in ("accuracy_score", "balanced_accuracy_score", "matthews_corrcoef"):
            assert getattr(msk, name)(t, p) == pytest.approx(
                getattr(skm, name)(t, p), rel=1e-12, nan_ok=True), name
    np.testing.assert_array_equal(msk.confusion_matrix(t, p), expected)


def test_the_dtype_property_can_fail():
    """The property above fails on a counting that casts to the narrower dtype."""
    t, p = np.array([0, 5], dtype=np.uint8), np.array([256, 5])
    with pytest.raises(AssertionError):
        np.testing.assert_array_equal(
            msk.confusion_matrix(t, p.astype(np.uint8)), skm.confusion_matrix(t, p))


def test_weighted_confusion_is_not_resampled_as_counts():
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
    # the samples make it well defined
    ci = msk.confidence_intervals(c, lambda c: c.accuracy_score(), y_true=t, y_pred=p,
                                  sample_weight=w, random_state=0, n_resamples=200)
    assert 0 <= ci.low <= ci.high <= 1


def test_unweighted_counts_are_still_resampled():
    c = Confusion.from_predictions([0, 1, 0, 1], [0, 1, 1, 1])
    ci = msk.confidence_intervals(c, lambda c: c.accuracy_score(), random_state=0,
                                  n_resamples=50)
    assert 0 <= ci.low <= ci.high <= 1


@pytest.mark.parametrize("name", ["macro_fbeta_score", "accuracy_score", "f1_score",
                                  "confusion_matrix", "cohen_kappa_score"])
def test_masked_arrays_are_refused_not_dropped(name):
    masked = np.ma.array([0, 1, 0, 1, 1], mask=[0, 0, 0, 0, 1])
    with pytest.raises(ValueError, match="y_true is a masked array"):
        getattr(msk, name)(masked, [0, 1, 1, 1, 0])
    with pytest.raises(ValueError, match="y_pred is a masked array"):
        getattr(msk, name)([0, 1, 1, 1, 0], masked)
    with pytest.raises(ValueError, match="sample_weight is a masked array"):
        getattr(msk, name)([0, 1, 1, 1, 0], [0, 1, 1, 1, 0],
                           sample_weight=np.ma.array(np.ones(5), mask=[1, 0, 0, 0, 0]))
    unmasked = np.ma.array([0, 1, 0, 1, 1])  # nothing masked: a plain array
    assert np.all(getattr(msk, name)(unmasked, [0, 1, 1, 1, 0])
                  == getattr(msk, name)(unmasked.data, [0, 1, 1, 1, 0]))


def test_masked_matrix_is_refused():
    with pytest.raises(ValueError, match="matrix is a masked array"):
        Confusion.from_matrix(np.ma.array([[1, 2], [3, 4]], mask=[[0, 1], [0, 0]]))


def _peak(func):
    tracemalloc.start()
    try:
        func()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


@pytest.mark.parametrize("k", [12_000, 10**6])
def test_fixed_labels_stay_o_of_k(k):
    def build():
        c = Confusion.from_predictions([0, 1], [0, 1], labels=np.arange(k))
        c.update([5, 6], [6, 5])
        assert c.total == 4 and c.n_classes == k
        assert c.accuracy_score() == 0.5

    assert _peak(build) < 200 * k + 10**7  # O(K) bytes, nowhere near K**2


def test_fixed_labels_functions_equal_scikit_learn():
    labels = np.arange(12_000)
    t, p = [0, 1, 3, 3], [0, 1, 3, 2]
    assert msk.f1_score(t, p, labels=labels[:5], average="macro", zero_division=0) == (
        skm.f1_score(t, p, labels=labels[:5], average="macro", zero_division=0))


def test_huge_dense_confusion_matrix_is_refused_naming_the_size():
    with pytest.raises(ValueError, match="1000000 x 1000000.*GiB.*sparse"):
        msk.confusion_matrix(np.arange(10**6), np.arange(10**6))
    # the sparse matrix is fine
    assert Confusion.from_predictions(np.arange(10**6), np.arange(10**6)).matrix.nnz == 10**6


def test_ordered_categoricals_keep_their_declared_order():
    """Issue "Tried as a new user would": an ordered Categorical is not sorted
    lexicographically by metrics_sk's own builder and metrics, nor by the ordinal drop-in
    (weighted kappa); the other drop-ins follow scikit-learn and warn where it shows."""
    pd = pytest.importorskip("pandas")
    cats = ["low", "medium", "high"]
    rng = np.random.default_rng(0)
    t = rng.integers(0, 3, 300)
    p = np.clip(t + rng.integers(-1, 2, 300), 0, 2)
    yt = pd.Categorical(np.array(cats)[t], categories=cats, ordered=True)
    yp = pd.Series(pd.Categorical(np.array(cats)[p], categories=cats, ordered=True))
    for weights in ("linear", "quadratic"):
        # the integer codes are the declared order: scikit-learn's value on them
        assert msk.cohen_kappa_score(yt, yp, weights=weights) == pytest.approx(
            skm.cohen_kappa_score(t, p, weights=weights), rel=1e-12)
    assert msk.get_scorer("weighted_kappa")._score_func(yt, yp, weights="quadratic") == (
        pytest.approx(skm.cohen_kappa_score(t, p, weights="quadratic"), rel=1e-12))
    c = Confusion.from_predictions(yt, yp)
    assert c.labels.tolist() == cats
    np.testing.assert_array_equal(c.to_dense(), skm.confusion_matrix(t, p))
    np.testing.assert_array_equal(msk.multiclass_quality_metrics(yt, yp).confusion_matrix,
                                  skm.confusion_matrix(t, p))
    with pytest.warns(UserWarning, match="ordered categorical.*declared order"):
        cm = msk.confusion_matrix(yt, yp)
    np.testing.assert_array_equal(cm, skm.confusion_matrix(yt, yp))  # scikit-learn's order
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the order does not show: no warning
        assert msk.f1_score(yt, yp, average="macro") == skm.f1_score(yt, yp, average="macro")
        unordered = pd.Categorical(np.array(cats)[t], categories=cats)
        assert msk.Confusion.from_predictions(unordered, unordered).labels.tolist() == sorted(
            cats)


# -- issue 14: silent wrong numbers at extreme weights ---------------------------------

Y_AUC = [0, 1, 2, 0, 1, 2]
S_AUC = np.eye(3)[[0, 1, 1, 0, 2, 2]] * 0.8 + 0.1
W_BIG = np.array([2**62, 2**62, 1, 3, 2**62, 5], dtype=np.int64)


@pytest.mark.parametrize("name", ["one_vs_all_roc_auc_score", "roc_auc_mu_score"])
def test_integer_weights_near_int64_limit_in_auc(name):
    value = getattr(msk, name)(Y_AUC, S_AUC, sample_weight=W_BIG)
    assert value == pytest.approx(getattr(msk, name)(Y_AUC, S_AUC,
                                                     sample_weight=W_BIG.astype(float)))
    if name == "one_vs_all_roc_auc_score":  # scikit-learn's macro one-vs-rest AUC
        assert value == pytest.approx(skm.roc_auc_score(
            Y_AUC, S_AUC / S_AUC.sum(1, keepdims=True), multi_class="ovr",
            sample_weight=W_BIG.astype(float)))
    assert 0 <= value <= 1


def test_auc_weights_whose_products_overflow():
    w = np.array([1e200, 1e200, 1.0, 3.0, 1e200, 5.0])
    value = msk.one_vs_all_roc_auc_score(Y_AUC, S_AUC, sample_weight=w)
    assert value == pytest.approx(msk.one_vs_all_roc_auc_score(Y_AUC, S_AUC,
                                                               sample_weight=w / 1e200))


@pytest.mark.parametrize("name", ["accuracy_score", "f1_score", "matthews_corrcoef",
                                  "balanced_accuracy_score", "cohen_kappa_score"])
def test_integer_weights_whose_total_exceeds_int64(name):
    t, p = [0, 1, 1, 0], [0, 1, 0, 0]
    # every cell fits int64, the totals do not (a cell beyond int64 wraps around in
    # confusion_matrix, as scikit-learn's own test_confusion_matrix_dtype requires)
    for w in (np.array([2**62, 2**62 - 1, 2**62, 2**61]),
              np.array([2**62 + 1, 2**62 + 1, 1, 2**60])):
        assert getattr(msk, name)(t, p, sample_weight=w) == pytest.approx(
            getattr(skm, name)(t, p, sample_weight=w.astype(float)))
    assert msk.accuracy_score([0, 1, 1], [0, 1, 0], sample_weight=np.full(3, 2**62)) == (
        pytest.approx(2 / 3))


def test_integer_weight_cells_stay_exact_while_they_fit():
    # (cell (0, 0) sums 2**62 + 1 and 2**61 + 1: it fits; two 2**62 + 1 there wrapped
    # around, now refused)
    w = np.array([2**62 + 1, 2**62 + 1, 1, 2**61 + 1])
    c = Confusion.from_predictions([0, 1, 1, 0], [0, 1, 0, 0], sample_weight=w)
    assert c.to_dense()[1, 1] == 2**62 + 1 and c.to_dense()[1, 0] == 1


@pytest.mark.parametrize("name", ["macro_fbeta_score", "f1_score", "accuracy_score",
                                  "one_vs_all_roc_auc_score", "log_loss"])
def test_float_weights_whose_sum_overflows_are_refused(name):
    t, p = [0, 1, 1, 0], [0, 1, 0, 0]
    if name in ("one_vs_all_roc_auc_score", "log_loss"):
        p = np.array([[0.9, 0.1], [0.2, 0.8], [0.6, 0.4], [0.7, 0.3]])
    with pytest.raises(ValueError, match="sample_weight sums to infinity"):
        getattr(msk, name)(t, p, sample_weight=[1e308] * 4)


# -- issue 14: merges and updates across label dtypes ------------------------------------

def test_merge_of_int64_and_uint64_labels_keeps_every_class():
    base = 2**62
    a = Confusion.from_predictions(np.array([base, base + 1]), np.array([base, base + 1]))
    b = Confusion.from_predictions(np.array([base + 2, base + 1], dtype=np.uint64),
                                   np.array([base + 2, base], dtype=np.uint64))
    merged = a + b
    assert merged.labels.tolist() == [base, base + 1, base + 2]  # exact Python integers
    np.testing.assert_array_equal(merged.to_dense(), [[1, 0, 0], [1, 1, 0], [0, 0, 1]])
    huge = Confusion.from_matrix(np.eye(1), labels=np.array([2**63 + 5], dtype=np.uint64))
    with pytest.raises(ValueError, match="no exact common type"):
        a + huge


def test_update_with_float_batch_keeps_int64_labels_above_2_53():
    c = Confusion.from_predictions(np.array([2**53 + 1]), np.array([2**53 + 1]))
    c.update(np.array([2.0**53, 2.0**53]), np.array([2.0**53, 2.0**53 + 2]))
    assert c.labels.tolist() == [2**53, 2**53 + 1, 2**53 + 2]
    np.testing.assert_array_equal(c.to_dense(), [[1, 0, 1], [0, 1, 0], [0, 0, 0]])
    # small labels keep numpy's common type, as before
    small = Confusion.from_predictions([1, 2], [1, 2]) + Confusion.from_predictions(
        np.array([3.0]), np.array([3.0]))
    assert small.labels.dtype == np.float64 and small.labels.tolist() == [1, 2, 3]


@pytest.mark.parametrize("name", ["macro_recall_score", "macro_fbeta_score", "f1_score"])
def test_bytes_targets_with_str_labels_are_refused(name):
    kwargs = {"f1_score": {"average": "macro", "zero_division": 0},
              "macro_fbeta_score": {"zero_division": 0}}.get(name, {})
    with pytest.raises(ValueError, match="labels are strings but the targets are bytes"):
        getattr(msk, name)([b"a", b"b"], [b"a", b"b"], labels=["a", "b"], **kwargs)
    with pytest.raises((ValueError, TypeError), match="bytes"):  # scikit-learn's TypeError
        getattr(msk, name)(np.array([b"a", "b"], dtype=object), ["a", "b"], **kwargs)
    # bytes with bytes labels are counted (scikit-learn refuses bytes labels altogether);
    # hand-computed: class a has P 1/2, R 1; class b has P 0/0 (-> 0), R 0
    assert getattr(msk, name)([b"a", b"b"], [b"a", b"a"], labels=[b"a", b"b"], **kwargs) == (
        pytest.approx({"macro_recall_score": 0.5, "macro_fbeta_score": 1 / 3,  # P 1/4, R 1/2
                       "f1_score": 1 / 3}[name]))


# -- issue 14: wrong exception types ---------------------------------------------------

@pytest.mark.parametrize("name", sorted(msk.Confusion.__dict__.keys() & set(msk.__all__)))
def test_every_metric_of_an_empty_confusion_raises_the_same_value_error(name):
    options = {"average": "macro"} if name in ("f1_score", "precision_score", "recall_score",
                                               "fbeta_score") else {}
    if name == "fbeta_score":
        options["beta"] = 1.0
    with pytest.raises(ValueError, match="The Confusion is empty"):
        getattr(Confusion(), name)(**options)


NAN_LIKES = [float("nan"), np.float32("nan"), decimal.Decimal("NaN"), decimal.Decimal("sNaN"),
             pd.NA, pd.NaT]


@pytest.mark.parametrize("nan", NAN_LIKES, ids=repr)
@pytest.mark.parametrize("name", ["accuracy_score", "macro_fbeta_score", "confusion_matrix"])
def test_nan_likes_in_object_arrays_are_the_float_nan_error(nan, name):
    with pytest.raises(ValueError, match="Input y_true contains NaN"):
        getattr(msk, name)(np.array([nan, 1, 0], dtype=object), [1, 1, 0])
    with pytest.raises(ValueError, match="Input y_pred contains NaN"):
        getattr(msk, name)([1, 1, 0], np.array([1, nan, 0], dtype=object))
    with pytest.raises(ValueError, match="Input y_true contains NaN"):  # the float array
        getattr(msk, name)(np.array([np.nan, 1, 0]), [1, 1, 0])


def test_non_integer_decimals_are_refused_like_floats():
    with pytest.raises(ValueError):  # scikit-learn's continuous-target error for floats
        msk.accuracy_score(np.array([1.5, 1.0, 0.0]), [1, 1, 0])
    with pytest.raises(ValueError, match="y_true holds continuous values"):
        msk.accuracy_score(np.array([decimal.Decimal("1.5"), 1, 0], dtype=object), [1, 1, 0])
    with pytest.raises(ValueError, match="y_true contains infinity"):
        msk.accuracy_score(np.array([decimal.Decimal("Infinity"), 1, 0], dtype=object),
                           [1, 1, 0])
    for y in (np.array([1 + 1j, 1, 0], dtype=object), np.array([1 + 1j, 1, 0])):
        with pytest.raises(ValueError, match="Complex data not supported"):
            msk.accuracy_score(y, [1, 1, 0])
        with pytest.raises(ValueError, match="Complex data not supported"):
            skm.accuracy_score(np.array([1 + 1j, 1, 0]), [1, 1, 0])
    # integer-valued Decimals are labels, counted as the integers they hold
    assert msk.accuracy_score(np.array([decimal.Decimal(3), 1, 0], dtype=object),
                              [3, 1, 1]) == skm.accuracy_score([3, 1, 0], [3, 1, 1])


# -- issue 14: also found ----------------------------------------------------------------

@pytest.mark.parametrize("bad", [None, 5, "abc", {"a": 1}], ids=repr)
def test_bootstrap_of_a_callable_refuses_non_array_targets(bad):
    def metric(t, p):
        return float(np.mean(np.asarray(t) == np.asarray(p)))

    with pytest.raises(TypeError, match="y_true must be an array-like"):
        msk.bootstrap(metric, bad, [0, 1], n_resamples=5)
    with pytest.raises(TypeError, match="y_pred must be an array-like"):
        msk.bootstrap(metric, [0, 1], bad, n_resamples=5)


def test_confidence_intervals_of_counts_too_large_to_resample():
    c = Confusion.from_matrix(np.array([[2**62, 2**62], [1, 2**62]]))
    assert c.accuracy_score() == pytest.approx(2 / 3)  # the counts themselves are fine
    with pytest.raises(ValueError, match="too many to resample"):
        msk.confidence_intervals(c, lambda c: c.accuracy_score(), n_resamples=10)


@pytest.mark.parametrize("ax", ["x", 3])
def test_plot_refuses_an_ax_that_is_not_axes(ax):
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    c = Confusion.from_predictions([0, 1, 1], [0, 1, 0])
    with pytest.raises(TypeError, match="ax must be a matplotlib Axes"):
        c.plot(ax=ax)
    with pytest.raises(TypeError, match="ax must be a matplotlib Axes"):
        msk.ConfusionDisplay.from_predictions([0, 1, 1], [0, 1, 0], ax=ax)
    with pytest.raises(TypeError, match="ax must be a matplotlib Axes"):
        msk.ConfusionDisplay.from_confusion(c, ax=ax)


def test_from_matrix_refuses_complex_labels_as_scikit_learn_does():
    with pytest.raises(ValueError, match="Complex data not supported"):
        Confusion.from_matrix(np.eye(2), labels=[1 + 1j, 2])
    with pytest.raises(ValueError, match="Complex data not supported"):  # was a TypeError
        Confusion.from_matrix(np.eye(2) * (1 + 1j))
    with pytest.raises(ValueError, match="Complex data not supported"):
        skm.f1_score([1, 2], [1, 2], labels=[1 + 1j, 2], average="macro")
    with pytest.raises(ValueError, match="Complex data not supported"):
        msk.f1_score([1, 2], [1, 2], labels=[1 + 1j, 2], average="macro")


@pytest.mark.parametrize("name", ["precision_score", "recall_score", "f1_score",
                                  "fbeta_score"])
@pytest.mark.parametrize("zero_division", ["warn", 0, 1])
def test_one_string_class_with_the_default_pos_label_is_scikit_learns(name, zero_division):
    kwargs = {"zero_division": zero_division, **({"beta": 2} if name == "fbeta_score" else {})}
    with warnings.catch_warnings(record=True) as ours:
        warnings.simplefilter("always")
        value = getattr(msk, name)(["a", "a"], ["a", "a"], **kwargs)
    with warnings.catch_warnings(record=True) as theirs:
        warnings.simplefilter("always")
        expected = getattr(skm, name)(["a", "a"], ["a", "a"], **kwargs)
    assert value == expected
    assert [(w.category, str(w.message)) for w in ours] == [
        (w.category, str(w.message)) for w in theirs]
    # two string classes: pos_label=1 is still an error, as in scikit-learn
    with pytest.raises(ValueError, match="pos_label=1 is not a valid label"):
        getattr(msk, name)(["a", "b"], ["a", "a"], **kwargs)


# -- issue 16: register_scorers from several threads -------------------------------------

THREADS_SCRIPT = r"""
import threading, warnings
import sklearn.model_selection  # scikit-learn's name copies exist before registering
import metrics_sk as msk
from sklearn.metrics import get_scorer_names

barrier = threading.Barrier(6)
results, caught = [None] * 6, []

def register(i):
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        barrier.wait()
        results[i] = msk.register_scorers()
    caught.extend(str(x.message) for x in w if "already has" in str(x.message))

threads = [threading.Thread(target=register, args=(i,)) for i in range(6)]
for t in threads:
    t.start()
for t in threads:
    t.join()
expected = sorted(msk.get_scorer_names())
assert all(r == expected for r in results), [len(r) for r in results]
assert not caught, caught[:3]
assert set(expected) <= set(get_scorer_names())
print("OK")
"""


def test_register_scorers_from_six_threads_at_once():
    import subprocess
    import sys

    root = __import__("pathlib").Path(__file__).resolve().parents[1]
    done = subprocess.run([sys.executable, "-c", THREADS_SCRIPT], capture_output=True,
                          text=True, timeout=240, cwd=root)
    assert done.returncode == 0 and done.stdout.strip().endswith("OK"), done.stderr[-3000:]


# -- issue 16: the command line at the edges ------------------------------------------------

def _cli_main(*argv):
    from metrics_sk import _cli

    return _cli.main(list(argv))


@pytest.mark.parametrize("n_duplicates", [30_000, 100_000])
def test_cli_header_with_many_duplicate_names(tmp_path, capsys, n_duplicates):
    path = tmp_path / "wide.csv"
    path.write_text(",".join(["x"] * n_duplicates + ["y", "p", "x"]) + "\n"
                    + ",".join(["7"] * n_duplicates + ["0", "1", "8"]) + "\n"
                    + ",".join(["9"] * n_duplicates + ["1", "1", "8"]) + "\n")
    assert _cli_main("report", str(path), "--true", "y", "--pred", "p", "--format", "json",
                     "-q") == 0
    out = json.loads(capsys.readouterr().out)
    assert out["labels"] == [0, 1]
    # a duplicated name is its first column, as pandas reads it (x, not x.100000)
    assert _cli_main("report", str(path), "--true", "x", "--pred", "x", "--format", "json",
                     "-q") == 0
    assert json.loads(capsys.readouterr().out)["labels"] == [7, 9]


def test_cli_labels_beyond_int64_is_one_line(tmp_path, capsys):
    path = tmp_path / "p.csv"
    path.write_text("y,p\n0,0\n1,1\n1,0\n")
    with pytest.raises(SystemExit) as exit_:
        _cli_main("report", str(path), "--true", "y", "--pred", "p", "--labels", "0", "1",
                  "99999999999999999999999")
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and "99999999999999999999999 is out of that range" in err


@pytest.mark.parametrize("command", ["report", "compare"])
def test_cli_all_zero_weight_column_is_one_line(tmp_path, capsys, command):
    path = tmp_path / "p.csv"
    path.write_text("y,p,w\n0,0,0\n1,1,0\n1,0,0.0\n")
    preds = ["--pred", "p"] * (2 if command == "compare" else 1)
    assert _cli_main(command, str(path), "--true", "y", *preds, "--weight", "w", "-q") == 1
    err = capsys.readouterr().err.strip()
    assert err == ("metrics-sk: error: " + str(path) + ": column 'w' (--weight) is zero in "
                   "every row: there is no weight to compute a metric from.")


def test_cli_text_labels_take_memory_in_proportion_to_the_text(tmp_path):
    """One 20 kB cell among 1000 rows: a fixed-width str array would take 1000 x 20 kB x 4
    bytes = 80 MB; Python strings take about the text's size."""
    from metrics_sk import _cli

    rows = ["y,p"] + [f"c{i % 3},c{i % 2}" for i in range(999)] + ["x" * 20_000 + ",c0"]
    path = tmp_path / "long.csv"
    path.write_text("\n".join(rows) + "\n")
    columns, _, offset = _cli.read_columns(str(path), ["y", "p"], [], progress=False)

    def labels():
        t, p = _cli._as_labels(columns, ["y", "p"], str(path), offset)
        assert t[-1] == "x" * 20_000 and p[0] == "c0"

    assert _peak(labels) < 5_000_000


# -- containers: the same labels in any container count as scikit-learn counts them -------

CONTAINERS = {
    "list": list,
    "ndarray": np.asarray,
    "series": pd.Series,
    "object array": lambda v: np.array(v, dtype=object),
    "tuple": tuple,
}
COUNT_CASES = [
    ("accuracy_score", {}), ("balanced_accuracy_score", {}), ("matthews_corrcoef", {}),
    ("cohen_kappa_score", {}), ("hamming_loss", {}), ("zero_one_loss", {}),
    ("confusion_matrix", {}),
    ("f1_score", {"average": "macro", "zero_division": 0}),
    ("precision_score", {"average": "weighted", "zero_division": 0}),
    ("recall_score", {"average": "micro", "zero_division": 0}),
    ("fbeta_score", {"average": None, "beta": 2.0, "zero_division": 0}),
]


def check_containers(t, p, wrap_t, wrap_p, ours=None):
    """Every count case on the wrapped labels equals scikit-learn on the plain lists
    (scikit-learn itself refuses object arrays of numbers as 'unknown' targets)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for name, kwargs in COUNT_CASES:
            metric = getattr(msk, name) if ours is None else ours(name)
            got = metric(wrap_t(t), wrap_p(p), **kwargs)
            expected = getattr(skm, name)(list(t), list(p), **kwargs)
            np.testing.assert_allclose(got, expected, rtol=1e-12, atol=1e-12,
                                       err_msg=name)


@settings(max_examples=80, deadline=None)
@given(data=st.data())
def test_any_label_container_counts_as_scikit_learn(data):
    values = data.draw(st.sampled_from([[0, 1, 2, 7], ["a", "b", "NA", "zz"], [True, False]]))
    n = data.draw(st.integers(1, 25))
    t = data.draw(st.lists(st.sampled_from(values), min_size=n, max_size=n))
    p = data.draw(st.lists(st.sampled_from(values), min_size=n, max_size=n))
    wrap_t, wrap_p = (CONTAINERS[data.draw(st.sampled_from(sorted(CONTAINERS)))]
                      for _ in range(2))
    check_containers(t, p, wrap_t, wrap_p)


def test_the_container_property_can_fail():
    """A metric that loses the pairing of a pandas Series (sorting it) fails the check."""
    def sorting(name):
        def metric(y_true, y_pred, **kwargs):
            if isinstance(y_pred, pd.Series):
                y_pred = y_pred.sort_values()
            return getattr(msk, name)(y_true, y_pred, **kwargs)
        return metric

    t, p = [1, 0, 2, 0], [2, 0, 1, 0]
    check_containers(t, p, list, pd.Series)
    with pytest.raises(AssertionError):
        check_containers(t, p, list, pd.Series, ours=sorting)


# -- issue 14, further: score inputs, extreme float weights, all-zero weights ---------------

MASKED_LABELS = np.ma.array([0, 1, 0, 1], mask=[0, 0, 1, 0])
PROBA_2 = np.array([0.2, 0.7, 0.6, 0.9])


@pytest.mark.parametrize("name, argument", [
    ("log_loss", "y_proba"), ("hinge_loss", "pred_decision"), ("one_vs_all_log_loss", "y_score"),
    ("one_vs_all_roc_auc_score", "y_score"), ("one_vs_all_pr_auc_score", "y_score"),
    ("roc_auc_mu_score", "y_score"),
])
def test_masked_score_inputs_are_refused_not_dropped(name, argument):
    """A masked y_true or y_score of a score metric is refused as for the count metrics,
    also by the drop-ins (scikit-learn drops the mask of y_score, and fails on a masked
    y_true with "unhashable type: 'MaskedConstant'")."""
    metric = getattr(msk, name)
    scores = np.column_stack((1 - PROBA_2, PROBA_2)) if name != "hinge_loss" else PROBA_2
    masked_scores = np.ma.array(scores, mask=np.zeros(scores.shape, bool))
    masked_scores.mask[2] = True
    with pytest.raises(ValueError, match="y_true is a masked array"):
        metric(MASKED_LABELS, scores)
    with pytest.raises(ValueError, match=f"{argument} is a masked array"):
        metric(MASKED_LABELS.data, masked_scores)
    # nothing masked: the plain arrays' value
    assert metric(np.ma.array(MASKED_LABELS.data), np.ma.array(scores)) == metric(
        MASKED_LABELS.data, scores)


@pytest.mark.parametrize("name", ["log_loss", "hinge_loss", "one_vs_all_log_loss",
                                  "roc_auc_mu_score", "accuracy_score", "macro_fbeta_score"])
def test_mixed_label_types_are_one_value_error_in_every_family(name):
    """A y_true mixing strings and numbers is the same ValueError for the score drop-ins
    as for every other metric (scikit-learn's log_loss and hinge_loss raise TypeError)."""
    y = np.array(["a", 1, 0, 1], dtype=object)
    from metrics_sk._registry import METRICS

    second = ([1, 1, 0, 1] if METRICS[name].count else PROBA_2 if name == "hinge_loss"
              else np.column_stack((1 - PROBA_2, PROBA_2)))
    with pytest.raises(ValueError, match="Mix of label input types"):
        getattr(msk, name)(y, second)


@pytest.mark.parametrize("scale", [1e-300, 2.0**-1000, 1e300, 2.0**1000])
def test_mcc_at_extreme_float_weights(scale):
    """MCC is scale invariant: weights near 1e-300 gave 0.0 (squares underflow) and near
    1e300 NaN (squares overflow), as in scikit-learn; a power-of-two scale is exact."""
    t, p = [0, 1, 1, 0, 2, 2, 1], [0, 1, 0, 0, 2, 1, 1]
    w = np.array([1.0, 2.0, 0.5, 3.0, 1.0, 0.25, 4.0])
    expected = skm.matthews_corrcoef(t, p, sample_weight=w)
    value = msk.matthews_corrcoef(t, p, sample_weight=w * scale)
    if np.log2(scale).is_integer():
        assert value == expected  # bit for bit
    assert value == pytest.approx(expected, rel=1e-13)
    c = Confusion.from_predictions(t, p, sample_weight=w * scale)
    assert c.matthews_corrcoef() == value
    grouped = Confusion.from_predictions(t, p, sample_weight=w * scale,
                                         groups=[0, 0, 0, 1, 1, 1, 1])
    for g, mask in ((0, slice(0, 3)), (1, slice(3, 7))):
        assert grouped.matthews_corrcoef()[g] == pytest.approx(skm.matthews_corrcoef(
            t[mask], p[mask], sample_weight=w[mask]), rel=1e-13, abs=1e-15)


def test_all_zero_weights_of_a_loss_are_a_value_error():
    """metrics_sk's own losses refuse all-zero weights with scikit-learn's log_loss
    ValueError (they raised numpy's ZeroDivisionError); the hinge_loss drop-in keeps
    scikit-learn's ZeroDivisionError."""
    y, proba = [0, 1, 1], np.array([[0.8, 0.2], [0.3, 0.7], [0.4, 0.6]])
    message = "Sample weights must contain at least one non-zero number"
    for call in (lambda w: msk.one_vs_all_log_loss(y, proba, sample_weight=w),
                 lambda w: msk.log_loss(y, proba, sample_weight=w),
                 lambda w: msk.log_loss(y, np.log(proba), sample_weight=w, from_logits=True),
                 lambda w: skm.log_loss(y, proba, sample_weight=w)):
        with pytest.raises(ValueError, match=message):
            call([0, 0, 0])
        assert np.isfinite(call([0, 1, 0]))
    for f in (msk.hinge_loss, skm.hinge_loss):
        with pytest.raises(ZeroDivisionError):
            f(y, proba[:, 1], sample_weight=[0, 0, 0])


# -- found by tests/test_dtypes.py ---------------------------------------------------------

@pytest.mark.parametrize("t, p, expected", [
    # uint64 met with signed integers: numpy's common type is float64
    (np.array([0, 5], dtype=np.uint64), np.array([2**63 - 2, 2**53 + 1]),
     [0, 5, 2**53 + 1, 2**63 - 2]),
    # integer-valued floats met with integers beyond 2**53
    (np.array([2.0**53, 1.0]), np.array([2**53 + 1, 1]), [1, 2**53, 2**53 + 1]),
])
def test_labels_stay_exact_and_distinct_when_the_common_dtype_is_float(t, p, expected):
    """The labels of a confusion were cast to the inputs' common dtype: 2**53 + 1 became
    2**53 (two labels printed as one) and 2**63 - 2 became 2**63, which then failed as
    'continuous' when integer weights beyond 2**53 recounted the cells."""
    c = Confusion.from_predictions(t, p)
    assert c.labels.tolist() == expected and len(set(c.labels.tolist())) == len(expected)
    assert msk.balanced_accuracy_score(t, p, sample_weight=np.full(2, 2**58)) == (
        msk.balanced_accuracy_score(t, p))
    # small values keep numpy's common type (scikit-learn's labels)
    small = Confusion.from_predictions(np.array([0, 5], dtype=np.uint64), np.array([-1, 2]))
    assert small.labels.dtype == np.float64 and small.labels.tolist() == [-1, 0, 2, 5]


def test_true_negatives_of_huge_integer_weights_never_fall_below_zero():
    """Integer weights near 2**58: the margins are float64 and total - support - predicted
    + tp rounded to -64 (specificity -2e-16, a negative cell in binary_confusion_matrix)."""
    t, p = np.array([-128, -127, -128]), np.array([-127, -128, -127])
    w = np.array([2**58, 2**58 + 2**52 + 33, 2**58])
    c = Confusion.from_predictions(t, p, sample_weight=w)
    assert (c.tn >= 0).all()
    for average in (None, "macro", "micro"):
        value = msk.specificity_score(t, p, sample_weight=w, average=average)
        assert (np.asarray(value) >= 0).all() and np.allclose(value, 0)
    cm = msk.binary_confusion_matrix(t, p, sample_weight=w, pos_label=-127)
    assert (cm >= 0).all() and cm[1, 1] == 0
    assert cm[0, 1] == pytest.approx(w[1]) and cm[1, 0] == pytest.approx(w[0] + w[2])


@pytest.mark.parametrize("name", ["hinge_loss", "log_loss", "accuracy_score",
                                  "one_vs_all_log_loss"])
def test_two_dimensional_weights_are_a_value_error_everywhere(name):
    """scikit-learn's hinge_loss raises TypeError for 2-D weights, its log_loss and
    every metrics_sk function ValueError: the drop-in checks weights before handing over."""
    y = [0, 1, 1, 0]
    second = {"hinge_loss": PROBA_2, "accuracy_score": [0, 1, 0, 0]}.get(
        name, np.column_stack((1 - PROBA_2, PROBA_2)))
    with pytest.raises(ValueError, match="1D array or scalar"):
        getattr(msk, name)(y, second, sample_weight=np.ones((4, 2)))


def test_bootstrap_of_a_callable_refuses_masked_targets():
    """The per-sample bootstrap hands plain arrays to the callable: a mask would be
    dropped there, so it is refused as everywhere else."""
    def metric(t, p):
        return float(np.mean(np.asarray(t) == np.asarray(p)))

    with pytest.raises(ValueError, match="y_true is a masked array"):
        msk.bootstrap(metric, MASKED_LABELS, [0, 1, 1, 1], n_resamples=5)
    with pytest.raises(ValueError, match="y_pred is a masked array"):
        msk.bootstrap(metric, [0, 1, 1, 1], MASKED_LABELS, n_resamples=5)
    result = msk.bootstrap(metric, np.ma.array([0, 1, 0, 1]), [0, 1, 1, 1], n_resamples=5,
                           random_state=0)
    assert result.bootstrap_distribution.shape == (5,)
