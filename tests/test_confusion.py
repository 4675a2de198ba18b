"""The one sparse confusion-matrix builder: labels, weights, storage, merging, streaming."""

import pickle
import tracemalloc

import numpy as np
import pandas as pd
import pytest
import scipy.sparse as sp
import sklearn.metrics as skm
from hypothesis import given, settings
from hypothesis import strategies as st
from numpy.testing import assert_allclose, assert_array_equal

from metrics_sk import Confusion


def reference(y_true, y_pred, labels=None, weights=None):
    """Dense matrix over ``labels`` and one-vs-rest counts over all samples, counted one
    sample at a time (independent of the builder)."""
    if labels is None:
        labels = sorted(set(np.asarray(y_true).tolist()) | set(np.asarray(y_pred).tolist()))
    labels = list(labels)
    k = len(labels)
    weights = np.ones(len(y_true)) if weights is None else np.asarray(weights, dtype=float)
    index = {v: i for i, v in enumerate(labels)}
    matrix = np.zeros((k, k))
    tp, predicted, support = np.zeros(k), np.zeros(k), np.zeros(k)
    for t, p, w in zip(np.asarray(y_true).tolist(), np.asarray(y_pred).tolist(), weights):
        i, j = index.get(t), index.get(p)
        if i is not None and j is not None:
            matrix[i, j] += w
        if i is not None:
            support[i] += w
        if j is not None:
            predicted[j] += w
        if i is not None and i == j:
            tp[i] += w
    total = weights.sum()
    return {"labels": labels, "matrix": matrix, "tp": tp, "fp": predicted - tp,
            "fn": support - tp, "tn": total - support - predicted + tp, "support": support,
            "predicted": predicted, "total": total}


def assert_matches(c, expected):
    assert c.labels.tolist() == expected["labels"]
    assert_allclose(c.to_dense(), expected["matrix"], rtol=1e-12)
    for name in ("tp", "fp", "fn", "tn", "support", "predicted", "total"):
        assert_allclose(getattr(c, name), expected[name], rtol=1e-12, err_msg=name)


RNG = np.random.RandomState(0)
_CODES_T, _CODES_P = RNG.randint(4, size=50), RNG.randint(4, size=50)
LABEL_KINDS = {
    "int": np.array([0, 1, 2, 3]),
    "negative int": np.array([-7, -2, 0, 5]),
    "uint8": np.array([1, 2, 200, 255], dtype=np.uint8),
    "bool": np.array([False, True, False, True]),
    "str": np.array(["ant", "bee", "cat", "dog"]),
    "object str": np.array(["ant", "bee", "cat", "dog"], dtype=object),
    "object int": np.array([3, 10, 11, 40], dtype=object),
    "integer-valued float": np.array([-1.0, 0.0, 2.0, 9.0]),
    "sparse ids": np.array([5, 10**6, 10**12, 2**62]),
}


@pytest.mark.parametrize("kind", LABEL_KINDS)
@pytest.mark.parametrize("weighted", [False, True])
def test_label_kinds(kind, weighted):
    values = LABEL_KINDS[kind]
    y_true, y_pred = values[_CODES_T], values[_CODES_P]
    w = RNG.uniform(0.5, 2, size=50) if weighted else None
    c = Confusion.from_predictions(y_true, y_pred, sample_weight=w)
    assert_matches(c, reference(y_true, y_pred, weights=w))
    if kind != "object int":  # scikit-learn's type_of_target: "unknown"
        # (weighted: exactly rounded sums here, scikit-learn's float sums: to rounding)
        assert_allclose(c.to_dense(), skm.confusion_matrix(y_true, y_pred, sample_weight=w),
                        rtol=1e-15, atol=0)
    assert c.labels.dtype.kind == values.dtype.kind or (
        values.dtype == object and c.labels.dtype.kind in "OiU")
    assert c.to_dense().dtype == (np.float64 if weighted else np.int64)


@pytest.mark.parametrize("labels", [[2, 0], [3, 1, 0], [0, 9], [9, 2, 1, 0, 3]])
def test_labels_fix_set_and_order(labels):
    """The matrix is over ``labels`` only; fp / fn / tn still count the other samples, as
    scikit-learn's precision_recall_fscore_support(labels=...) does."""
    y_true, y_pred = _CODES_T, _CODES_P
    w = RNG.uniform(0.5, 2, size=50)
    c = Confusion.from_predictions(y_true, y_pred, labels=labels, sample_weight=w)
    assert_matches(c, reference(y_true, y_pred, labels=labels, weights=w))
    assert_allclose(c.to_dense(), skm.confusion_matrix(y_true, y_pred, labels=labels,
                                                       sample_weight=w), rtol=1e-12)
    mcm = skm.multilabel_confusion_matrix(y_true, y_pred, labels=labels, sample_weight=w)
    assert_allclose(c.tp, mcm[:, 1, 1], rtol=1e-12)
    assert_allclose(c.fp, mcm[:, 0, 1], rtol=1e-12)
    assert_allclose(c.fn, mcm[:, 1, 0], rtol=1e-12)
    assert_allclose(c.tn, mcm[:, 0, 0], rtol=1e-12)
    assert c.matrix.shape == (len(labels), len(labels))


def test_storage_is_csr_rows_actual():
    c = Confusion.from_predictions([0, 0, 1, 2], [1, 1, 1, 0])
    assert sp.issparse(c.matrix) and c.matrix.format == "csr"
    assert c.matrix[0, 1] == 2 and c.matrix[2, 0] == 1 and c.matrix[1, 0] == 0
    assert_array_equal(c.support, [2, 1, 1])
    assert_array_equal(c.predicted, [1, 3, 0])
    assert c.total == 4 and c.n_classes == 3
    assert_array_equal(c.to_dense(), c.matrix.toarray())


def test_weights():
    y_true, y_pred = [0, 1, 1, 2], [0, 1, 2, 2]
    float_c = Confusion.from_predictions(y_true, y_pred, sample_weight=[0.5, 1.5, 2.25, 0.0])
    assert_array_equal(float_c.to_dense(), [[0.5, 0, 0], [0, 1.5, 2.25], [0, 0, 0]])
    assert float_c.total == 4.25
    int_c = Confusion.from_predictions(y_true, y_pred, sample_weight=np.array([1, 2, 3, 4]))
    assert int_c.to_dense().dtype == np.int64
    assert_array_equal(int_c.to_dense(), [[1, 0, 0], [0, 2, 3], [0, 0, 4]])
    # integer weights beyond float64's exact range are summed exactly
    big = np.full(4, 2**62 + 1, dtype=np.int64)
    assert Confusion.from_predictions(y_true, y_pred, sample_weight=big).to_dense()[2, 2] == big[3]


@pytest.mark.parametrize("sample_weight, message", [
    ([1.0, -1.0, 1.0], "negative"),
    ([1.0, np.nan, 1.0], "sample_weight contains NaN"),
    ([1.0, np.inf, 1.0], "sample_weight contains infinity"),
    ([1.0, 1.0], "sample_weight has 2"),
    (np.ones((3, 2)), "sample_weight has shape"),
])
def test_bad_weights(sample_weight, message):
    with pytest.raises(ValueError, match=message):
        Confusion.from_predictions([0, 1, 1], [0, 1, 0], sample_weight=sample_weight)


def _snapshot(c):
    return c.labels.tolist(), c.to_dense().tolist(), c.tp.tolist(), float(c.total)


@pytest.mark.parametrize("a_data, b_data", [
    (([0, 1, 1], [1, 1, 0]), ([2, 1, 3], [2, 3, 3])),  # new labels inside and above
    ((["b", "d"], ["b", "b"]), (["a", "c", "d"], ["c", "c", "a"])),
    (([5, 6], [5, 6]), ([5, 6, 6], [6, 6, 5])),  # same labels
])
def test_add_merges_label_union_without_mutation(a_data, b_data):
    a, b = Confusion.from_predictions(*a_data), Confusion.from_predictions(*b_data)
    before = _snapshot(a), _snapshot(b)
    merged = a + b
    assert (_snapshot(a), _snapshot(b)) == before
    one_shot = Confusion.from_predictions(a_data[0] + b_data[0], a_data[1] + b_data[1])
    assert merged == one_shot == b + a == sum([a, b])
    assert_matches(merged, reference(a_data[0] + b_data[0], a_data[1] + b_data[1]))


def test_add_refuses_incompatible():
    with pytest.raises(ValueError, match="different types"):
        Confusion.from_predictions([0, 1], [0, 1]) + Confusion.from_predictions(["a"], ["b"])
    fixed_a = Confusion.from_predictions([0, 1, 2], [0, 1, 2], labels=[0, 1])
    fixed_b = Confusion.from_predictions([0, 1, 2], [0, 1, 2], labels=[1, 2])
    with pytest.raises(ValueError, match="same labels="):
        fixed_a + fixed_b
    assert (fixed_a + fixed_a).total == 6
    assert Confusion().__add__(3) is NotImplemented


def test_update_accumulates_in_place():
    c = Confusion()
    assert c.n_classes == 0 and c.total == 0
    assert c.update([0, 1], [0, 0]) is c
    c.update([2, 1], [2, 2], sample_weight=[2, 3])
    assert_matches(c, reference([0, 1, 2, 1], [0, 0, 2, 2], weights=[1, 1, 2, 3]))
    fixed = Confusion.from_predictions([0, 1], [0, 1], labels=[1, 0])
    fixed.update([2, 1], [1, 1])  # 2 is outside the fixed labels: kept for fp / fn only
    assert fixed.labels.tolist() == [1, 0]
    assert_matches(fixed, reference([0, 1, 2, 1], [0, 1, 1, 1], labels=[1, 0]))


def test_pickle_round_trip():
    c = Confusion.from_predictions(["x", "y", "y"], ["y", "y", "x"], labels=["y", "x", "z"],
                                   sample_weight=[1.5, 2.0, 0.5])
    restored = pickle.loads(pickle.dumps(c))
    assert restored == c and _snapshot(restored) == _snapshot(c)
    assert restored.macro_fbeta_score(zero_division=0) == c.macro_fbeta_score(zero_division=0)
    restored.update(["x"], ["x"])
    assert restored.tp.tolist() == [2.0, 1.0, 0.0] and c.tp.tolist() == [2.0, 0.0, 0.0]


@pytest.mark.parametrize("container", [np.asarray, sp.csr_array, sp.coo_matrix, sp.csc_array])
def test_from_matrix(container):
    y_true, y_pred = _CODES_T, _CODES_P
    dense = skm.confusion_matrix(y_true, y_pred)
    c = Confusion.from_matrix(container(dense))
    assert c == Confusion.from_predictions(y_true, y_pred)
    assert_matches(c, reference(y_true, y_pred))
    named = Confusion.from_matrix(container(dense), labels=["a", "b", "c", "d"])
    assert named.labels.tolist() == ["a", "b", "c", "d"]
    assert named.macro_fbeta_score() == c.macro_fbeta_score()


@pytest.mark.parametrize("matrix, labels, message", [
    (np.ones((2, 3)), None, "square"),
    (np.array([[1, -1], [0, 1]]), None, "negative"),
    (np.array([[1, np.nan], [0, 1]]), None, "NaN"),
    (np.eye(2), [0, 1, 2], "labels has 3 entries"),
    (np.eye(2), [1, 1], "duplicate"),
])
def test_from_matrix_errors(matrix, labels, message):
    with pytest.raises(ValueError, match=message):
        Confusion.from_matrix(matrix, labels=labels)


@pytest.mark.parametrize("matrix, message", [
    (np.array([[2**63 + 1, 0], [0, 2**63 + 1]], dtype=np.uint64),
     "matrix holds counts above 2\\*\\*63 - 1"),  # wrapped: accuracy 1.0 of negative counts
    (np.full((2, 2), 1e308), "matrix sums to infinity"),  # accuracy NaN
    (np.array([[1e308, 0.0], [1e308, 0.0]]), "matrix sums to infinity"),  # 0.0, true 0.5
    (np.array([[3e38, 0], [3e38, 0]], dtype=np.float32), "beyond the float32 range"),
])
def test_from_matrix_refuses_cells_that_would_wrap_or_overflow(matrix, message):
    with pytest.raises(ValueError, match=message):
        Confusion.from_matrix(matrix)
    # the same proportions, rescaled into range: exact (hand-computed accuracy)
    fits = (matrix // 2**62).astype(np.int64) if matrix.dtype.kind == "u" else matrix / matrix.max()
    expected = np.trace(fits) / fits.sum()
    assert Confusion.from_matrix(fits).accuracy_score() == pytest.approx(expected)


def test_from_matrix_integer_total_beyond_int64_never_wraps():
    c = Confusion.from_matrix(np.full((2, 2), 2**62, dtype=np.int64))
    assert c.total == pytest.approx(2.0**64) and c.accuracy_score() == 0.5
    c = Confusion.from_matrix(np.array([[2**63 - 1, 0], [0, 2**63 - 1]], dtype=np.uint64))
    assert c.total == pytest.approx(2.0**64) and c.accuracy_score() == 1.0
    assert (c.fn == 0).all() and (c.tn > 0).all()


def test_many_classes_stay_sparse():
    """50 000 classes: no K x K allocation (it would take 20 GB); the results equal
    references counted from the samples."""
    k, n = 50_000, 200_000
    rng = np.random.RandomState(3)
    y_true = rng.randint(k, size=n)
    y_pred = np.where(rng.rand(n) < 0.7, y_true, rng.randint(k, size=n))
    tracemalloc.start()
    try:
        c = Confusion.from_predictions(y_true, y_pred)
        macro_f = c.macro_fbeta_score(zero_division=0)
        mcc = c.matthews_corrcoef()
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 200 * 2**20
    assert sp.issparse(c.matrix) and c.matrix.nnz <= n
    support, predicted = np.bincount(y_true, minlength=k), np.bincount(y_pred, minlength=k)
    tp = np.bincount(y_true[y_true == y_pred], minlength=k)
    present = (support > 0) | (predicted > 0)
    assert 45_000 < present.sum() < k
    support, predicted, tp = support[present], predicted[present], tp[present]
    assert_array_equal(c.labels, np.flatnonzero(present))
    assert_array_equal(c.support, support)
    assert_array_equal(c.predicted, predicted)
    assert_array_equal(c.tp, tp)
    first = c.labels[:300]
    small = np.isin(y_true, first) & np.isin(y_pred, first)
    expected_slice = skm.confusion_matrix(y_true[small], y_pred[small], labels=first)
    assert_array_equal(c.matrix[:300, :300].toarray(), expected_slice)
    with np.errstate(divide="ignore", invalid="ignore"):
        p_m = np.nan_to_num(tp / predicted).mean()
        r_m = np.nan_to_num(tp / support).mean()
    assert_allclose(macro_f, 2 * p_m * r_m / (p_m + r_m), rtol=1e-12)
    s, q = support.astype(float), predicted.astype(float)
    expected_mcc = (tp.sum() * n - s @ q) / np.sqrt((n**2 - q @ q) * (n**2 - s @ s))
    assert_allclose(mcc, expected_mcc, rtol=1e-12)


# -- streaming: chunked update and + equal one shot --------------------------------------------
@st.composite
def chunked_samples(draw):
    n = draw(st.integers(1, 40))
    alphabet = draw(st.sampled_from([st.integers(-3, 5), st.sampled_from("abcdef")]))
    y_true = draw(st.lists(alphabet, min_size=n, max_size=n))
    y_pred = draw(st.lists(alphabet, min_size=n, max_size=n))
    # quarter weights: sums are exact, whatever the order
    weights = draw(st.none() | st.lists(st.integers(0, 8).map(lambda x: x / 4),
                                        min_size=n, max_size=n))
    cuts = sorted(draw(st.lists(st.integers(1, n), max_size=4, unique=True)) + [0, n])
    chunks = [(a, b) for a, b in zip(cuts, cuts[1:]) if b > a]
    return y_true, y_pred, weights, chunks


def _part(values, a, b):
    return None if values is None else values[a:b]


@settings(max_examples=60, deadline=None)
@given(chunked_samples())
def test_chunked_update_and_add_equal_one_shot(data):
    y_true, y_pred, weights, chunks = data
    one_shot = Confusion.from_predictions(y_true, y_pred, sample_weight=weights)
    streamed = Confusion()
    parts = []
    for a, b in chunks:
        streamed.update(y_true[a:b], y_pred[a:b], sample_weight=_part(weights, a, b))
        parts.append(Confusion.from_predictions(y_true[a:b], y_pred[a:b],
                                                sample_weight=_part(weights, a, b)))
    merged = sum(parts)
    reversed_merge = sum(parts[::-1])
    for c in (streamed, merged, reversed_merge):
        assert _snapshot(c) == _snapshot(one_shot)
        assert c.fp.tolist() == one_shot.fp.tolist() and c.tn.tolist() == one_shot.tn.tolist()


@settings(max_examples=30, deadline=None)
@given(chunked_samples())
def test_chunked_with_fixed_labels_equal_one_shot(data):
    y_true, y_pred, weights, chunks = data
    labels = sorted(set(y_true))[:3][::-1]  # a subset, in reverse order
    one_shot = Confusion.from_predictions(y_true, y_pred, labels=labels, sample_weight=weights)
    parts = [Confusion.from_predictions(y_true[a:b], y_pred[a:b], labels=labels,
                                        sample_weight=_part(weights, a, b)) for a, b in chunks]
    streamed = Confusion.from_predictions(y_true[:chunks[0][1]], y_pred[:chunks[0][1]],
                                          labels=labels,
                                          sample_weight=_part(weights, 0, chunks[0][1]))
    for a, b in chunks[1:]:
        streamed.update(y_true[a:b], y_pred[a:b], sample_weight=_part(weights, a, b))
    for c in (sum(parts), streamed):
        assert _snapshot(c) == _snapshot(one_shot)
        assert c.fp.tolist() == one_shot.fp.tolist()
        assert c.fn.tolist() == one_shot.fn.tolist()


def test_metrics_of_an_empty_confusion_say_it_is_empty():
    empty = Confusion()
    for method in ("macro_fbeta_score", "average_accuracy_score", "error_rate"):
        with pytest.raises(ValueError, match="Confusion is empty"):
            getattr(empty, method)()
    with pytest.raises(ValueError, match="Confusion is empty"):
        empty.f1_score(average="macro")


def test_the_callers_labels_array_stays_writable():
    labels = np.array([0, 1, 2])
    c = Confusion.from_predictions([0, 1, 1], [0, 1, 2], labels=labels)
    labels[0] = 5  # would raise if the confusion had frozen the caller's array
    assert c.labels.tolist() == [0, 1, 2]
    with pytest.raises(ValueError):
        c.labels[0] = 7  # the confusion's own view is read-only


# -- the same kind of labels in any container ----------------------------------------------
# Strings are strings and integers are integers whatever holds them; booleans are numbers
# (True == 1), as scikit-learn counts them (confusion_matrix([True, False], [1, 0])).
STR_CONTAINERS = {
    "numpy str": np.array,
    "object array": lambda v: np.array(v, dtype=object),
    "list": list,
    "Series": pd.Series,
    "Series of pandas string": lambda v: pd.Series(v, dtype="string"),
    "Categorical": pd.Categorical,
    "categorical Series": lambda v: pd.Series(v, dtype="category"),
}
INT_CONTAINERS = {
    "int64": np.array,
    "uint16": lambda v: np.array(v, dtype=np.uint16),
    "float64": lambda v: np.array(v, dtype=np.float64),
    "object array": lambda v: np.array(v, dtype=object),
    "list": list,
    "Int64 array": lambda v: pd.array(v, dtype="Int64"),
    "Int64 Series": lambda v: pd.Series(v, dtype="Int64"),
    "Categorical": pd.Categorical,
}
BOOL_CONTAINERS = {
    "bool": lambda v: np.array(v, dtype=bool),
    "object bools": lambda v: np.array([bool(x) for x in v], dtype=object),
    "list of bools": lambda v: [bool(x) for x in v],
    "pandas boolean": lambda v: pd.array([bool(x) for x in v], dtype="boolean"),
}
#: (first batch, second batch): each a (y_true, y_pred) pair, the second with a new label
STR_BATCHES = ((["a", "b", "b"], ["a", "a", "b"]), (["c", "a"], ["c", "b"]))
INT_BATCHES = (([1, 0, 0], [1, 1, 0]), ([3, 1], [3, 0]))
KIND_CASES = [(STR_BATCHES, STR_CONTAINERS, STR_CONTAINERS),
              (INT_BATCHES, INT_CONTAINERS, INT_CONTAINERS),
              (INT_BATCHES, BOOL_CONTAINERS, INT_CONTAINERS),
              (INT_BATCHES, INT_CONTAINERS, BOOL_CONTAINERS)]


def _pairs():
    for i, (batches, firsts, seconds) in enumerate(KIND_CASES):
        for a in firsts:
            for b in seconds:
                yield pytest.param(i, a, b, id=f"{i}:{a}-then-{b}")




@pytest.mark.parametrize("case, first, second", list(_pairs()))
def test_merge_and_update_take_one_kind_of_labels_in_any_container(case, first, second):
    """a + b and update refused numpy strings met with pandas' or object strings, and
    int64 met with object integers ("labels are of different types")."""
    (t1, p1), (t2, p2) = KIND_CASES[case][0]
    wrap_a, wrap_b = KIND_CASES[case][1][first], KIND_CASES[case][2][second]
    if KIND_CASES[case][2] is BOOL_CONTAINERS:  # booleans hold the second batch: 0 / 1
        t1, p1, t2, p2 = t2, p2, [1, 0], [0, 0]
    y_true, y_pred = t1 + t2, p1 + p2
    labels = sorted(set(y_true) | set(y_pred))
    expected = skm.confusion_matrix(y_true, y_pred, labels=labels)
    a = Confusion.from_predictions(wrap_a(t1), wrap_a(p1))
    b = Confusion.from_predictions(wrap_b(t2), wrap_b(p2))
    for merged in (a + b, sum([a, b]), a.copy().update(wrap_b(t2), wrap_b(p2))):
        assert merged.labels.tolist() == labels
        assert_array_equal(merged.to_dense(), expected)
        assert merged.accuracy_score() == skm.accuracy_score(y_true, y_pred)
    reverse = b + a
    assert sorted(reverse.labels.tolist()) == labels
    assert_array_equal(reverse.to_dense(), expected)


@pytest.mark.parametrize("numbers", sorted(INT_CONTAINERS))
@pytest.mark.parametrize("strings", sorted(STR_CONTAINERS))
def test_merge_still_refuses_strings_with_numbers(strings, numbers):
    s = Confusion.from_predictions(STR_CONTAINERS[strings](["a", "b"]),
                                   STR_CONTAINERS[strings](["a", "a"]))
    n = Confusion.from_predictions(INT_CONTAINERS[numbers]([0, 1]),
                                   INT_CONTAINERS[numbers]([1, 1]))
    for x, y in ((s, n), (n, s)):
        with pytest.raises(ValueError, match="different types: (strings and numbers|numbers "
                                             "and strings)"):
            x + y
    with pytest.raises(ValueError, match="different types: strings and numbers"):
        s.copy().update(INT_CONTAINERS[numbers]([0, 1]), INT_CONTAINERS[numbers]([1, 1]))


# -- edge battery: one sample, extreme equal weights, samples outside labels= ----------------
_EDGE_T, _EDGE_P = np.array([0, 1, 2, 1, 0, 2, 1]), np.array([0, 2, 2, 1, 1, 0, 1])


def _edge_values(c):
    return np.array([c.accuracy_score(), c.f1_score(average="macro"), c.matthews_corrcoef(),
                     c.cohen_kappa_score(), c.balanced_accuracy_score()])


@pytest.mark.parametrize("scale", [1e300, 1e-300])
def test_equal_weights_at_extreme_scales_give_the_unweighted_values(scale):
    t, p = _EDGE_T, _EDGE_P
    expected = np.array([skm.accuracy_score(t, p), skm.f1_score(t, p, average="macro"),
                         skm.matthews_corrcoef(t, p), skm.cohen_kappa_score(t, p),
                         skm.balanced_accuracy_score(t, p)])
    w = np.full(t.shape[0], scale)
    streamed = Confusion()
    streamed.update(pd.Series(t[:3]), list(p[:3]), sample_weight=w[:3])
    streamed.update(t[3:], pd.Categorical(p[3:]), sample_weight=list(w[3:]))
    for c in (Confusion.from_predictions(t, p, sample_weight=w), streamed,
              Confusion.from_predictions(t[:3], p[:3], sample_weight=w[:3])
              + Confusion.from_predictions(t[3:], p[3:], sample_weight=w[3:]),
              Confusion.from_matrix(skm.confusion_matrix(t, p) * scale)):
        assert_allclose(_edge_values(c), expected, rtol=1e-12)
        assert c.total == pytest.approx(7 * scale, rel=1e-12)


@pytest.mark.parametrize("wrap", [list, np.array, pd.Series, pd.Categorical,
                                  lambda v: np.array(v, dtype=object)])
@pytest.mark.parametrize("y_true, y_pred", [([1], [1]), (["a"], ["b"]), ([True], [False])])
def test_one_sample_in_any_container(wrap, y_true, y_pred):
    c = Confusion.from_predictions(wrap(y_true), wrap(y_pred))
    labels = sorted(set(y_true) | set(y_pred))
    assert c.labels.tolist() == labels
    assert_array_equal(c.to_dense(), skm.confusion_matrix(y_true, y_pred))
    assert c.accuracy_score() == skm.accuracy_score(y_true, y_pred)
    assert c.matthews_corrcoef() == skm.matthews_corrcoef(y_true, y_pred)
    grown = Confusion().update(wrap(y_true), wrap(y_pred))
    assert grown == c == Confusion() + c
    assert Confusion.from_matrix(c.to_dense(), labels=wrap(labels)) == c


@pytest.mark.parametrize("wrap", [list, np.array, pd.Series, pd.Categorical,
                                  lambda v: np.array(v, dtype=object)])
def test_samples_outside_labels_in_any_container(wrap):
    """The K x K matrix over labels= leaves the other samples out, as scikit-learn's
    confusion_matrix(labels=) does, whatever holds the labels (their fp / fn: the
    builder's rule, tested elsewhere)."""
    t, p = ["a", "b", "z", "b", "y"], ["a", "z", "b", "b", "a"]
    labels = ["b", "a"]
    c = Confusion.from_predictions(wrap(t), wrap(p), labels=wrap(labels))
    assert c.labels.tolist() == labels
    assert_array_equal(c.to_dense(), skm.confusion_matrix(t, p, labels=labels))
    streamed = Confusion.from_predictions(np.array(t[:2]), np.array(p[:2]), labels=labels)
    streamed.update(wrap(t[2:]), wrap(p[2:]))
    merged = Confusion.from_predictions(t[:2], p[:2], labels=labels) + Confusion.from_predictions(
        wrap(t[2:]), wrap(p[2:]), labels=np.array(labels, dtype=object))
    for other in (streamed, merged):
        assert other.labels.tolist() == labels
        assert_array_equal(other.to_dense(), skm.confusion_matrix(t, p, labels=labels))
        assert_array_equal(other.tp, c.tp)
        assert_array_equal(other.fp, c.fp)
        assert_array_equal(other.fn, c.fn)


# -- labels= chooses the reported classes, it never removes samples -------------------------------
def _subset_case(seed, weighted):
    """Samples of labels 0 .. 4 (strings half the time), ``labels=`` a strict subset of
    them in a shuffled order plus a class absent from the data, and weights (with zeros)."""
    rng = np.random.default_rng(seed)
    n = 60
    t, p = rng.integers(0, 5, n), rng.integers(0, 5, n)
    right = rng.random(n) < 0.4
    p[right] = t[right]
    labels = [int(v) for v in rng.permutation(5)[:3]] + [7]
    if seed % 2:
        t, p = np.array([f"c{v}" for v in t]), np.array([f"c{v}" for v in p])
        labels = [f"c{v}" for v in labels]
    w = None
    if weighted:
        w = rng.uniform(0.5, 2.0, n)
        w[rng.random(n) < 0.15] = 0.0
    return t, p, labels, w


def _assert_like_sklearn(c, t, p, labels, w):
    """Every metric of ``c`` (built with ``labels=``) against scikit-learn on all samples."""
    kw = {"sample_weight": w}
    assert_array_equal(c.labels, labels)
    assert_allclose(c.total, len(t) if w is None else np.sum(w))
    assert_allclose(c.accuracy_score(), skm.accuracy_score(t, p, **kw))
    assert_allclose(c.zero_one_loss(), skm.zero_one_loss(t, p, **kw))
    assert_allclose(c.hamming_loss(), skm.hamming_loss(t, p, **kw))
    assert_allclose(c.matthews_corrcoef(), skm.matthews_corrcoef(t, p, **kw))
    assert_allclose(c.cohen_kappa_score(), skm.cohen_kappa_score(t, p, **kw))
    assert_allclose(c.cohen_kappa_score(labels=labels),
                    skm.cohen_kappa_score(t, p, labels=labels, **kw))
    assert_allclose(c.confusion_matrix(), skm.confusion_matrix(t, p, labels=labels, **kw))
    assert_allclose(c.to_dense(), skm.confusion_matrix(t, p, labels=labels, **kw))
    for average in (None, "macro", "micro", "weighted"):
        ours = c.precision_recall_fscore_support(average=average, zero_division=0)
        ref = skm.precision_recall_fscore_support(t, p, labels=labels, average=average,
                                                  zero_division=0, **kw)
        for a, b in zip(ours, ref):
            if b is not None:
                assert_allclose(a, b)


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("weighted", [False, True])
@pytest.mark.parametrize("seed", range(6))
def test_labels_keep_every_sample_like_scikit_learn(seed, weighted):
    t, p, labels, w = _subset_case(seed, weighted)
    c = Confusion.from_predictions(t, p, labels=labels, sample_weight=w)
    _assert_like_sklearn(c, t, p, labels, w)
    # a stream of batches (the first fixes the labels) and a merge of two halves
    stream = Confusion.from_predictions(t[:7], p[:7], labels=labels,
                                        sample_weight=None if w is None else w[:7])
    for start in range(7, len(t), 11):
        stop = start + 11
        stream.update(t[start:stop], p[start:stop],
                      sample_weight=None if w is None else w[start:stop])
    _assert_like_sklearn(stream, t, p, labels, w)
    half = len(t) // 2
    parts = [Confusion.from_predictions(t[s], p[s], labels=labels,
                                        sample_weight=None if w is None else w[s])
             for s in (slice(None, half), slice(half, None))]
    _assert_like_sklearn(parts[0] + parts[1], t, p, labels, w)
    _assert_like_sklearn(parts[0] + Confusion.from_predictions(
        t[half:], p[half:], sample_weight=None if w is None else w[half:]), t, p, labels, w)


def test_labels_repro_of_the_issue():
    """The issue's examples: a sample of another label is an error, not dropped."""
    c = Confusion.from_predictions([0, 1], [0, 1], labels=[0, 1])
    c.update([0], [2])
    assert c.accuracy_score() == pytest.approx(2 / 3)
    assert c.recall_score(average="macro") == skm.recall_score([0, 1, 0], [0, 1, 2],
                                                               labels=[0, 1], average="macro")
    t, p = [0, 1, 2, 2, 2, 0], [0, 1, 1, 0, 2, 2]
    c = Confusion.from_predictions(t, p, labels=[0, 1])
    assert c.total == 6
    assert c.accuracy_score() == 0.5 == skm.accuracy_score(t, p)
    assert c.matthews_corrcoef() == pytest.approx(skm.matthews_corrcoef(t, p))
    assert round(c.matthews_corrcoef(), 3) == 0.261
    assert c.cohen_kappa_score() == pytest.approx(skm.cohen_kappa_score(t, p))


# -- moved from test_edges.py: fixed labels in O(K), dense size, masked or complex matrices,
# -- exact labels across dtypes, huge and extreme weights, every method of an empty confusion
import metrics_sk as msk  # noqa: E402

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


def test_integer_weight_cells_stay_exact_while_they_fit():
    # (cell (0, 0) sums 2**62 + 1 and 2**61 + 1: it fits; two 2**62 + 1 there wrapped
    # around, now refused)
    w = np.array([2**62 + 1, 2**62 + 1, 1, 2**61 + 1])
    c = Confusion.from_predictions([0, 1, 1, 0], [0, 1, 0, 0], sample_weight=w)
    assert c.to_dense()[1, 1] == 2**62 + 1 and c.to_dense()[1, 0] == 1


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


@pytest.mark.parametrize("name", sorted(msk.Confusion.__dict__.keys() & set(msk.__all__)))
def test_every_metric_of_an_empty_confusion_raises_the_same_value_error(name):
    options = {"average": "macro"} if name in ("f1_score", "precision_score", "recall_score",
                                               "fbeta_score") else {}
    if name == "fbeta_score":
        options["beta"] = 1.0
    if name == "expected_cost":
        options["cost_matrix"] = [[0.0]]
    with pytest.raises(ValueError, match="The Confusion is empty"):
        getattr(Confusion(), name)(**options)


def test_from_matrix_refuses_complex_labels_as_scikit_learn_does():
    with pytest.raises(ValueError, match="Complex data not supported"):
        Confusion.from_matrix(np.eye(2), labels=[1 + 1j, 2])
    with pytest.raises(ValueError, match="Complex data not supported"):  # was a TypeError
        Confusion.from_matrix(np.eye(2) * (1 + 1j))
    with pytest.raises(ValueError, match="Complex data not supported"):
        skm.f1_score([1, 2], [1, 2], labels=[1 + 1j, 2], average="macro")
    with pytest.raises(ValueError, match="Complex data not supported"):
        msk.f1_score([1, 2], [1, 2], labels=[1 + 1j, 2], average="macro")


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
    # by hand, with Python integers: the mean over y_true's classes of the share of their
    # samples predicted as themselves (0 and 0 in the first case, 0 and 1 in the second)
    ti, pi = [int(v) for v in t], [int(v) for v in p]
    by_hand = np.mean([sum(b == a for a, b in zip(ti, pi) if a == c) / ti.count(c)
                       for c in set(ti)])
    assert msk.balanced_accuracy_score(t, p) == by_hand
    assert msk.balanced_accuracy_score(t, p, sample_weight=np.full(2, 2**58)) == by_hand
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



def test_the_chunked_properties_can_fail(monkeypatch):
    """An update that drops the batch's weights fails both chunked properties."""
    case = ([0, 1, 1, 0], [0, 1, 0, 0], [0.25, 2.0, 1.5, 0.5], [(0, 2), (2, 4)])
    properties = (test_chunked_update_and_add_equal_one_shot.hypothesis.inner_test,
                  test_chunked_with_fixed_labels_equal_one_shot.hypothesis.inner_test)
    for check in properties:
        check(case)
    update = Confusion.update
    monkeypatch.setattr(Confusion, "update",
                        lambda self, y_true, y_pred, sample_weight=None: update(
                            self, y_true, y_pred))
    for check in properties:
        with pytest.raises(AssertionError):
            check(case)


@pytest.mark.parametrize("y, pred", [([0, 1, 2, 2, 1, 0], [0, 1, 1, 2, 0, 0]),
                                     ([0, 1, 1, 0, 1], [0, 1, 0, 0, 1])])
@pytest.mark.parametrize("labels", [None, [0, 1], [0, 1, 2], [1], [2, 0]])
@pytest.mark.parametrize("pos_label", [1, 0, 2])
@pytest.mark.parametrize("name", ["f1_score", "precision_score", "recall_score"])
def test_average_binary_looks_at_the_labels_of_the_data(y, pred, labels, pos_label, name):
    # average="binary" is checked on the data's labels (every label counted), not on the
    # ones labels= chose: as scikit-learn's and our functions
    import metrics_sk

    def outcome(f):
        try:
            return f(labels=labels, pos_label=pos_label)
        except ValueError as exc:
            return str(exc)

    c = Confusion.from_predictions(y, pred, labels=labels)
    expected = outcome(lambda **kw: getattr(skm, name)(y, pred, **kw))
    for got in (outcome(getattr(c, name)),
                outcome(lambda **kw: getattr(metrics_sk, name)(y, pred, **kw))):
        if isinstance(expected, str):
            assert isinstance(got, str) and got.split(".")[0] == expected.split(".")[0]
        else:
            assert got == pytest.approx(expected, rel=1e-15)


def test_integer_weights_summing_beyond_int64_are_refused_not_wrapped():
    # [2**62] * 3 in one cell wrapped to a total of -4.6e18; the drop-in confusion_matrix
    # keeps scikit-learn's int64 result (its test_confusion_matrix_dtype pins the wrap)
    import metrics_sk

    y = [0, 1, 1, 1]
    w = np.array([1, 2**62, 2**62, 2**62], dtype=np.int64)
    for make in (lambda: Confusion.from_predictions(y, y, sample_weight=w),
                 lambda: metrics_sk.accuracy_score(y, y, sample_weight=w, normalize=False),
                 lambda: metrics_sk.f1_score(y, y, sample_weight=w),
                 lambda: metrics_sk.matthews_corrcoef(y, y, sample_weight=w)):
        with pytest.raises(ValueError, match="sample_weight"):
            make()
    assert_array_equal(metrics_sk.confusion_matrix(y, y, sample_weight=w),
                       skm.confusion_matrix(y, y, sample_weight=w))
    # cells at the limit are exact (the margins and total beyond 2**53 are float64)
    fits = np.array([2**62, 2**62, 2**62 - 1, 2**62], dtype=np.int64)
    c = Confusion.from_predictions(y, [0, 1, 1, 0], sample_weight=fits)
    assert c.matrix.toarray().tolist() == [[2**62, 0], [2**62, 2**63 - 1]]
    assert c.accuracy_score() == pytest.approx(
        skm.accuracy_score(y, [0, 1, 1, 0], sample_weight=fits.astype(float)), rel=1e-15)
    with pytest.raises(ValueError, match="sample_weight"):  # one more in that cell
        Confusion.from_predictions(y, [0, 1, 1, 0], sample_weight=fits + [0, 1, 0, 0])



def test_merged_integer_cells_beyond_int64_are_refused_not_wrapped():
    # update, + and the merge of new labels each fit alone; added, a cell of 2**63 wrapped
    # to -2**63 (Python's exact integers are the reference: 2**62 + 2**62 = 2**63)
    w = np.array([2**62])
    c = Confusion.from_predictions([0], [0], sample_weight=w)
    other_labels = Confusion.from_predictions([0, 1], [0, 1], sample_weight=np.array([2**62, 1]))
    for make in (lambda: c + c, lambda: c + other_labels, lambda: other_labels + c,
                 lambda: c.copy().update([0], [0], sample_weight=w),
                 lambda: c.copy().update([0, 2], [0, 2], sample_weight=np.array([2**62, 1])),
                 lambda: sum([c, c])):
        with pytest.raises(ValueError, match="sample_weight: the merged counts exceed int64"):
            make()
    assert c.matrix.toarray().tolist() == [[2**62]]  # a refused update changes nothing
    # sums that fit stay exact: 2**62 + (2**62 - 1) = 2**63 - 1
    d = Confusion.from_predictions([0], [0], sample_weight=np.array([2**62 - 1]))
    assert (c + d).matrix.toarray().tolist() == [[2**63 - 1]]
    assert c.copy().update([0], [0], sample_weight=np.array([2**62 - 1])) == c + d
    e = other_labels + Confusion.from_predictions([1, 2], [1, 2],
                                                  sample_weight=np.array([2**62, 5]))
    assert e.matrix.toarray().tolist() == [[2**62, 0, 0], [0, 2**62 + 1, 0], [0, 0, 5]]

@pytest.mark.parametrize("scale", [1e-300, 5e-324])
def test_kappa_and_mcc_with_tiny_equal_weights(scale):
    # subnormal equal weights: 1 / total overflowed to inf and kappa was NaN
    y = [0, 1, 1, 0, 1, 0, 1, 1, 2, 2]
    pred = [0, 1, 0, 0, 1, 1, 1, 1, 2, 0]
    c = Confusion.from_predictions(y, pred, sample_weight=np.full(len(y), scale))
    for weights in (None, "linear", "quadratic"):
        assert c.cohen_kappa_score(weights=weights) == pytest.approx(
            skm.cohen_kappa_score(y, pred, weights=weights), rel=1e-12)
    assert c.matthews_corrcoef() == pytest.approx(skm.matthews_corrcoef(y, pred), rel=1e-12)
