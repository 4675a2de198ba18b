"""The ranking drop-ins (metrics_sk/_curves.py) against scikit-learn: values, warnings and
errors on random binary and multi-class problems with weights, ties, integer and string
labels (hypothesis), each property shown able to fail, and the bad inputs."""

import warnings

import numpy as np
import pytest
import sklearn.metrics as skm
from hypothesis import given, settings
from hypothesis import strategies as st

import metrics_sk as msk
from metrics_sk import _auc, _curves

BINARY = ("roc_curve", "precision_recall_curve", "det_curve", "confusion_matrix_at_thresholds",
          "roc_auc_score", "average_precision_score")


def outcome(func, *args, **kwargs):
    """(kind, value or exception message, sorted warning messages) of a call."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            result = ("value", func(*args, **kwargs))
        except Exception as exc:  # noqa: BLE001 - compared below
            result = (type(exc).__name__, str(exc))
    return result, sorted({str(w.message) for w in caught
                           if not issubclass(w.category, DeprecationWarning)})


def assert_same(ours, theirs):
    (kind, value), warned = ours
    (their_kind, their_value), their_warned = theirs
    assert (kind, warned) == (their_kind, their_warned)
    if kind != "value":
        assert value == their_value
        return
    values = value if isinstance(value, tuple) else (value,)
    their_values = their_value if isinstance(their_value, tuple) else (their_value,)
    assert len(values) == len(their_values)
    for a, b in zip(values, their_values):
        a, b = np.asarray(a), np.asarray(b)
        assert a.shape == b.shape and a.dtype == b.dtype, (a, b)
        np.testing.assert_allclose(a, b, rtol=1e-12, atol=1e-14, equal_nan=True)


@st.composite
def binary_problems(draw):
    """A binary ranking: labels {0, 1}, {-1, 1}, two strings (with pos_label) or three
    integers (with pos_label: a multi-class target read as one class against the rest);
    integer scores (the thresholds keep their dtype), float scores with or without ties;
    weights with zeros, or none."""
    n = draw(st.integers(2, 30))
    kind = draw(st.sampled_from(["01", "-11", "str", "int3"]))
    codes = np.array(draw(st.lists(st.integers(0, 2 if kind == "int3" else 1),
                                   min_size=n, max_size=n)))
    values = {"01": np.array([0, 1]), "-11": np.array([-1, 1]),
              "str": np.array(["neg", "pos"]), "int3": np.array([3, 5, 7])}[kind]
    y = values[codes]
    pos_label = None if kind in ("01", "-11") else values[draw(st.integers(0, len(values) - 1))]
    if pos_label is not None:
        pos_label = pos_label.item()
    tied = draw(st.sampled_from(["int", "float", "distinct"]))
    scores = np.array(draw(st.lists(
        st.integers(-3, 3) if tied == "int" else st.integers(-3, 3).map(float)
        if tied == "float" else st.floats(-1e3, 1e3, allow_nan=False, allow_subnormal=False),
        min_size=n, max_size=n)))
    weights = None
    if draw(st.booleans()):
        weights = np.array(draw(st.lists(st.sampled_from([0.0, 0.5, 1.0, 2.0, 3.25]),
                                         min_size=n, max_size=n)))
    return y, scores, pos_label, weights


def _binary_calls(y, scores, pos_label, weights):
    """(name, args, kwargs) of every binary drop-in on one problem."""
    calls = []
    for name in BINARY[:4]:
        calls.append((name, (y, scores), {"pos_label": pos_label, "sample_weight": weights}))
    for drop in (False, True):
        for name in ("roc_curve", "precision_recall_curve", "det_curve"):
            calls.append((name, (y, scores), {"pos_label": pos_label, "sample_weight": weights,
                                              "drop_intermediate": drop}))
    calls.append(("roc_auc_score", (y, scores), {"sample_weight": weights}))
    calls.append(("roc_auc_score", (y, scores), {"sample_weight": weights, "max_fpr": 0.3}))
    calls.append(("average_precision_score", (y, scores),
                  {"sample_weight": weights, "pos_label": 1 if pos_label is None else pos_label}))
    return calls


@settings(max_examples=150, deadline=None)
@given(binary_problems())
def test_binary_drop_ins_equal_scikit_learn(problem):
    for name, args, kwargs in _binary_calls(*problem):
        assert_same(outcome(getattr(msk, name), *args, **kwargs),
                    outcome(getattr(skm, name), *args, **kwargs))


@st.composite
def class_problems(draw):
    """A multi-class problem (3 to 5 classes, every class present; integer or string
    labels): probabilities with or without ties, weights or none."""
    k = draw(st.integers(3, 5))
    n = draw(st.integers(k, 30))
    codes = np.array(list(range(k)) + draw(st.lists(st.integers(0, k - 1), min_size=n - k,
                                                    max_size=n - k)))
    y = np.array(["a", "b", "c", "d", "e"])[codes] if draw(st.booleans()) else codes * 10
    raw = np.array(draw(st.lists(st.lists(st.integers(1, 4), min_size=k, max_size=k),
                                 min_size=n, max_size=n)), dtype=float)
    if not draw(st.booleans()):  # no ties: a strictly increasing transform of distinct values
        raw = raw + np.random.default_rng(draw(st.integers(0, 99))).random(raw.shape)
    proba = raw / raw.sum(axis=1, keepdims=True)
    weights = None
    if draw(st.booleans()):
        weights = np.array(draw(st.lists(st.sampled_from([0.5, 1.0, 2.0, 3.25]),
                                         min_size=n, max_size=n)))
    return y, proba, weights


@settings(max_examples=100, deadline=None)
@given(class_problems())
def test_class_drop_ins_equal_scikit_learn(problem):
    y, proba, weights = problem
    calls = [("average_precision_score", {"average": a}) for a in ("macro", "weighted", None)]
    calls += [("roc_auc_score", {"multi_class": "ovr", "average": a})
              for a in ("macro", "weighted", None)]
    calls += [("top_k_accuracy_score", {"k": k, "normalize": normalize})
              for k in (1, 2) for normalize in (True, False)]
    for name, kwargs in calls:
        assert_same(outcome(getattr(msk, name), y, proba, sample_weight=weights, **kwargs),
                    outcome(getattr(skm, name), y, proba, sample_weight=weights, **kwargs))
    for average in ("macro", "weighted"):  # one-vs-one takes no weights
        assert_same(outcome(msk.roc_auc_score, y, proba, multi_class="ovo", average=average),
                    outcome(skm.roc_auc_score, y, proba, multi_class="ovo", average=average))


@st.composite
def multilabel_problems(draw):
    """A label indicator matrix (2 to 4 labels, each column with both values), scores
    with or without ties, weights or none."""
    k, n = draw(st.integers(2, 4)), draw(st.integers(2, 25))
    y = np.array(draw(st.lists(st.lists(st.integers(0, 1), min_size=k, max_size=k),
                               min_size=n, max_size=n)))
    y[0], y[1] = 0, 1
    scores = np.array(draw(st.lists(st.lists(st.integers(-2, 2), min_size=k, max_size=k),
                                    min_size=n, max_size=n)), dtype=float)
    if draw(st.booleans()):
        scores = scores + np.random.default_rng(draw(st.integers(0, 99))).random(scores.shape)
    weights = None
    if draw(st.booleans()):
        weights = np.array(draw(st.lists(st.sampled_from([0.5, 1.0, 2.0, 3.25]),
                                         min_size=n, max_size=n)))
    return y, scores, weights


@settings(max_examples=60, deadline=None)
@given(multilabel_problems())
def test_multilabel_roc_auc_equals_scikit_learn(problem):
    y, scores, weights = problem
    assert _curves._multilabel_inputs(y, scores, weights) is not None
    for average in ("micro", "macro", "weighted", None):
        assert_same(outcome(msk.roc_auc_score, y, scores, sample_weight=weights,
                            average=average),
                    outcome(skm.roc_auc_score, y, scores, sample_weight=weights,
                            average=average))


def test_the_multilabel_property_can_fail(monkeypatch):
    """A micro average without each sample's weight on each of its cells fails."""
    check = test_multilabel_roc_auc_equals_scikit_learn.hypothesis.inner_test
    problem = (np.array([[0, 1], [1, 0], [1, 1], [0, 0]]),
               np.array([[0.1, 0.9], [0.8, 0.3], [0.2, 0.6], [0.4, 0.5]]),
               np.array([1.0, 3.0, 0.5, 2.0]))
    check(problem)
    multilabel_auc = _curves._multilabel_auc

    def tiled(is_pos, scores, weights, average):  # the weights in the columns' order
        if average != "micro" or weights is None:
            return multilabel_auc(is_pos, scores, weights, average)
        return _curves._binary_auc(is_pos.ravel(), scores.ravel(),
                                   np.tile(weights, is_pos.shape[1]))

    monkeypatch.setattr(_curves, "_multilabel_auc", tiled)
    with pytest.raises(AssertionError):
        check(problem)


def test_the_properties_compute_natively():
    """The properties test metrics_sk's kernels, not the hand-over to scikit-learn."""
    y, scores = np.array(["a", "b", "a", "b"]), np.array([0.1, 0.3, 0.3, 0.9])
    assert _curves._binary_inputs(y, scores, np.array([1.0, 0.0, 2.0, 1.0]), "b") is not None
    codes = np.array([0, 1, 2, 0])
    assert _curves._class_inputs(codes, np.full((4, 3), 1 / 3), None, None) is not None


# -- the properties above can fail ----------------------------------------------------------
def test_the_binary_property_can_fail(monkeypatch):
    """Counts that ignore the weights fail the binary property."""
    check = test_binary_drop_ins_equal_scikit_learn.hypothesis.inner_test
    problem = (np.array([0, 1, 1, 0, 1]), np.array([0.2, 0.4, 0.4, 0.1, 0.9]), None,
               np.array([1.0, 2.0, 0.5, 3.0, 1.0]))
    check(problem)
    counts = _auc.counts_at_thresholds
    monkeypatch.setattr(_auc, "counts_at_thresholds",
                        lambda is_pos, scores, weights=None: counts(is_pos, scores))
    with pytest.raises(AssertionError):
        check(problem)


def test_the_class_property_can_fail(monkeypatch):
    """Top-k hits that break ties the other way (the earlier column first) fail the
    multi-class property."""
    check = test_class_drop_ins_equal_scikit_learn.hypothesis.inner_test
    proba = np.array([[0.4, 0.4, 0.2], [0.3, 0.3, 0.4], [0.2, 0.4, 0.4], [0.5, 0.25, 0.25]])
    problem = (np.array([0, 1, 2, 0]), proba, None)
    check(problem)
    monkeypatch.setattr(_curves, "_top_k_hits",
                        lambda codes, scores, k: _curves._count_rows(
                            (scores > scores[np.arange(len(codes)), codes][:, None])
                            | ((scores == scores[np.arange(len(codes)), codes][:, None])
                               & (np.arange(scores.shape[1]) < codes[:, None])),
                            np.int64) < k)
    with pytest.raises(AssertionError):
        check(problem)


# -- hand-computed values -------------------------------------------------------------------
def test_values_by_hand():
    y, s = np.array([0, 0, 1, 1]), np.array([0.1, 0.4, 0.35, 0.8])
    # pairs (positive, negative): 0.35 > 0.1, 0.35 < 0.4, 0.8 > both: 3 of 4
    assert msk.roc_auc_score(y, s) == 0.75
    # thresholds 0.8 (P=1, R=1/2), 0.35 (P=2/3, R=1): AP = 1/2 * 1 + 1/2 * 2/3
    assert msk.average_precision_score(y, s) == pytest.approx(5 / 6, rel=1e-15)
    tns, fps, fns, tps, thresholds = msk.confusion_matrix_at_thresholds(
        y, s, sample_weight=np.array([1.0, 2.0, 3.0, 4.0]))
    assert thresholds.tolist() == [0.8, 0.4, 0.35, 0.1]
    assert tps.tolist() == [4.0, 4.0, 7.0, 7.0] and fps.tolist() == [0.0, 2.0, 2.0, 3.0]
    assert tns.tolist() == [3.0, 1.0, 1.0, 0.0] and fns.tolist() == [3.0, 3.0, 0.0, 0.0]
    # top-1: rows 0-2 hit; in row 3 classes 1 and 2 tie at 0.4 and the later column ranks
    # first, so class 2 is the top-1 and class 1 is not
    proba = [[0.5, 0.2, 0.3], [0.3, 0.4, 0.3], [0.3, 0.3, 0.4], [0.2, 0.4, 0.4]]
    assert msk.top_k_accuracy_score([0, 1, 2, 1], proba, k=1) == 0.75
    assert msk.top_k_accuracy_score([0, 1, 2, 2], proba, k=1) == 1.0


def test_inputs_are_not_modified():
    y, s, w = np.array([0, 1, 1, 0]), np.array([0.5, 0.25, 0.75, 0.5]), np.ones(4)
    for a in (y, s, w):
        a.flags.writeable = False
    for name in BINARY:
        getattr(msk, name)(y, s, sample_weight=w)


# -- bad input: scikit-learn's errors -------------------------------------------------------
@pytest.mark.parametrize("name", BINARY + ("top_k_accuracy_score",))
@pytest.mark.parametrize("bad", ["lengths", "nan", "inf", "2-D"])
def test_bad_input_raises_scikit_learns_error(name, bad):
    y, s = np.array([0, 1, 1, 0, 1]), np.array([0.5, 0.25, 0.75, 0.5, 0.1])
    if bad == "lengths":
        args = (y[:-1], s)
    elif bad in ("nan", "inf"):
        s = s.copy()
        s[2] = np.nan if bad == "nan" else np.inf
        args = (y, s)
    else:
        args = (y, np.column_stack((s, s, s)))
    ours, theirs = outcome(getattr(msk, name), *args), outcome(getattr(skm, name), *args)
    assert ours[0][0] == "ValueError"
    assert_same(ours, theirs)


def test_top_k_accuracy_of_all_hits_is_at_most_one():
    """A weighted top-k accuracy with every sample a hit is 1: the hits' sum as a dot
    product divided by the weights' pairwise sum came out as 1 + 2**-52 on these weights
    (found by the dtype property test)."""
    w = np.array([0.7, 2.0**-30, 1 / 3, 0.1, 7e10, 0.1, 7e10, 0.2])
    assert float(np.ones(8) @ w) / float(w.sum()) > 1  # the rounding this guards against
    y = np.array([0, 1, 2, 0, 1, 2, 0, 1])
    score = np.eye(3)[y] + 0.01
    assert msk.top_k_accuracy_score(y, score, k=1, sample_weight=w) == 1.0
    assert msk.top_k_accuracy_score(y, score, k=2, sample_weight=w) == 1.0
