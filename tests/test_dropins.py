"""Oracle tests: every scikit-learn drop-in against scikit-learn itself.

Each call is made to both libraries with the same arguments; the results must agree to
``rtol=1e-12`` (with the same dtype for arrays), the warnings must be the same (category
and text), and where scikit-learn raises, metrics_sk must raise the same exception type
with the core of scikit-learn's message (up to the first detail) in its own; metrics_sk's
messages add which argument and what was found.
"""

import itertools
import re
import warnings

import numpy as np
import pandas as pd
import pytest
import sklearn.metrics as skm
from numpy.testing import assert_allclose, assert_array_equal
from sklearn.exceptions import UndefinedMetricWarning

import metrics_sk as msk

PRF = ("precision_recall_fscore_support", "precision_score", "recall_score", "f1_score",
       "fbeta_score")
DROPINS = PRF + ("confusion_matrix", "accuracy_score", "balanced_accuracy_score",
                 "matthews_corrcoef", "cohen_kappa_score", "hamming_loss", "zero_one_loss")
AVERAGES = (None, "binary", "micro", "macro", "weighted")
ZERO_DIVISION = ("warn", 0, 1, np.nan)

# Label values of each kind, class 0 .. K-1 in sorted order; the unseen label sorts last.
KINDS = {
    "int": (np.arange(4), 7),
    "negative": (np.array([-5, -1, 0, 3]), 9),
    "str": (np.array(["ant", "bee", "cat", "dog"]), "zebra"),
    "float": (np.array([0.0, 1.0, 2.0, 3.0]), 7.0),
    "bool": (np.array([False, True]), None),
}


def _outcome(function, args, kwargs):
    """(result, exception, warnings) of one call; warnings as a set of (category, text).

    Only UserWarnings (UndefinedMetricWarning, DataConversionWarning, ...) count: numpy's
    RuntimeWarnings inside scikit-learn ("invalid value encountered in cast") are
    incidental to how it computes, not part of its contract."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            result, error = function(*args, **kwargs), None
        except Exception as exc:  # compared below
            result, error = None, exc
    return result, error, {(w.category, str(w.message)) for w in caught
                           if issubclass(w.category, UserWarning)}


def _message_core(exc):
    """scikit-learn's message up to its first detail (values, shapes, dtypes)."""
    return re.split(r"[;:,(]| Got | for dtype|\.\s|\.$", str(exc))[0].strip()


def _assert_equal_results(ours, theirs, where):
    if isinstance(theirs, tuple):
        assert isinstance(ours, tuple) and len(ours) == len(theirs), where
        for a, b in zip(ours, theirs):
            _assert_equal_results(a, b, where)
    elif theirs is None:
        assert ours is None, where
    else:
        ours_arr, theirs_arr = np.asarray(ours), np.asarray(theirs)
        assert ours_arr.shape == theirs_arr.shape, where
        if theirs_arr.ndim:
            assert ours_arr.dtype == theirs_arr.dtype, where
        assert_allclose(ours_arr, theirs_arr, rtol=1e-12, atol=0, equal_nan=True,
                        err_msg=where)


SEEN_WARNINGS = set()  # categories of the warnings both libraries gave, for non-vacuity


def assert_like_sklearn(name, *args, **kwargs):
    """metrics_sk.<name>(*args, **kwargs) gives what sklearn.metrics.<name> gives."""
    ours = _outcome(getattr(msk, name), args, kwargs)
    theirs = _outcome(getattr(skm, name), args, kwargs)
    where = f"{name}(**{kwargs!r})"
    if theirs[1] is not None:
        assert type(ours[1]) is type(theirs[1]), f"{where}: {ours[1]!r} vs {theirs[1]!r}"
        assert _message_core(theirs[1]) in str(ours[1]), f"{where}: {ours[1]} vs {theirs[1]}"
    else:
        assert ours[1] is None, f"{where} raised {ours[1]!r}"
        _assert_equal_results(ours[0], theirs[0], where)
    assert ours[2] == theirs[2], where
    SEEN_WARNINGS.update(category for category, _ in ours[2])
    return ours[0]


def _classes(n_classes, n=60, seed=0):
    """Integer class codes with every class in y_true and y_pred, about 60 % correct."""
    rng = np.random.RandomState(seed)
    y_true = np.concatenate((np.arange(n_classes), rng.randint(n_classes, size=n)))
    noise = rng.randint(n_classes, size=y_true.shape[0])
    y_pred = np.where(rng.rand(y_true.shape[0]) < 0.6, y_true, noise)
    y_pred[:n_classes] = np.arange(n_classes)
    weights = rng.uniform(0.1, 3.0, size=y_true.shape[0])
    return y_true, y_pred, weights


def _dataset(kind, n_classes):
    values, unseen = KINDS[kind]
    codes_true, codes_pred, weights = _classes(n_classes)
    values = values[:n_classes] if n_classes == 2 else values
    labels_choices = [None, [values[1], values[0]]]
    if unseen is not None:
        labels_choices.append([values[0], unseen])
    return values[codes_true], values[codes_pred], weights, values[1], labels_choices


CASES = [("int", 2), ("int", 4)]
OTHER_KINDS = [("negative", 2), ("negative", 4), ("str", 2), ("str", 4), ("float", 4),
               ("bool", 2)]


def _required(name, beta=2.0):
    """The keyword a drop-in cannot do without: fbeta_score's beta."""
    return {"beta": beta} if name == "fbeta_score" else {}


def _prf_kwargs(name):
    return [_required(name, 0.5), _required(name)] if name == "fbeta_score" else [{}]


@pytest.mark.parametrize("kind, n_classes", CASES)
@pytest.mark.parametrize("name", PRF)
def test_prf_family_all_options(name, kind, n_classes):
    """Every average with every labels choice, with and without weights, and every
    zero_division where a class is ill-defined (an unseen label in ``labels``)."""
    y_true, y_pred, weights, _, labels_choices = _dataset(kind, n_classes)
    SEEN_WARNINGS.clear()
    options = [(labels, "warn", w) for labels in labels_choices for w in (None, weights)]
    options += [(labels_choices[-1], zero_division, weights) for zero_division in
                ZERO_DIVISION[1:]]
    for extra, average, (labels, zero_division, w) in itertools.product(
            _prf_kwargs(name), AVERAGES, options):
        assert_like_sklearn(name, y_true, y_pred, average=average, labels=labels,
                            zero_division=zero_division, sample_weight=w, **extra)
    assert SEEN_WARNINGS == {UndefinedMetricWarning}  # the unseen label is 0/0


@pytest.mark.parametrize("kind, n_classes", OTHER_KINDS)
@pytest.mark.parametrize("name", PRF)
def test_prf_family_label_kinds(name, kind, n_classes):
    """Negative int, string, float and bool labels, with the right pos_label."""
    y_true, y_pred, _, pos, labels_choices = _dataset(kind, n_classes)
    extra = _prf_kwargs(name)[-1]
    for average, labels in itertools.product(AVERAGES, labels_choices):
        pos_label = pos if average == "binary" else 1
        assert_like_sklearn(name, y_true, y_pred, average=average, labels=labels,
                            pos_label=pos_label, **extra)


@pytest.mark.parametrize("kind, n_classes", CASES + OTHER_KINDS)
def test_matrix_dropins(kind, n_classes):
    y_true, y_pred, weights, _, labels_choices = _dataset(kind, n_classes)
    int_weights = np.arange(y_true.shape[0]) % 3
    for w in (None, weights, int_weights):
        for labels, normalize in itertools.product(labels_choices,
                                                   (None, "true", "pred", "all")):
            assert_like_sklearn("confusion_matrix", y_true, y_pred, labels=labels,
                                normalize=normalize, sample_weight=w)
        for normalize in (True, False):
            assert_like_sklearn("accuracy_score", y_true, y_pred, normalize=normalize,
                                sample_weight=w)
            assert_like_sklearn("zero_one_loss", y_true, y_pred, normalize=normalize,
                                sample_weight=w)
            assert_like_sklearn("balanced_accuracy_score", y_true, y_pred,
                                adjusted=normalize, sample_weight=w)
        assert_like_sklearn("matthews_corrcoef", y_true, y_pred, sample_weight=w)
        assert_like_sklearn("hamming_loss", y_true, y_pred, sample_weight=w)
        for labels, kappa_weights in itertools.product(labels_choices,
                                                       (None, "linear", "quadratic")):
            assert_like_sklearn("cohen_kappa_score", y_true, y_pred, labels=labels,
                                weights=kappa_weights, sample_weight=w)


# Degenerate and invalid inputs, each given to every drop-in it applies to: the same
# values, warnings (UndefinedMetricWarning, UserWarning, ...) and errors as scikit-learn.
EDGE_CASES = {
    "one class everywhere": ([1, 1, 1], [1, 1, 1], {}),
    "never predicts the positive class": ([0, 1, 1, 0], [0, 0, 0, 0], {}),
    "no true positive class": ([0, 0, 0, 0], [0, 1, 1, 0], {}),
    "neither class 1 nor 2 predicted": ([0, 1, 2, 2], [0, 0, 0, 0], {}),
    "predicted classes absent from y_true": ([0, 0, 1, 1], [0, 2, 1, 3], {}),
    "negative weights": ([0, 1, 2, 1, 0], [0, 2, 2, 1, 1],
                         {"sample_weight": [1.0, -0.5, 2.0, 1.5, -1.0]}),
    "weights summing to zero": ([0, 1, 1, 0], [0, 1, 0, 0],
                                {"sample_weight": [1.0, -1.0, 0.5, -0.5]}),
    "all weights zero": ([0, 1, 1, 0], [0, 1, 0, 0], {"sample_weight": [0, 0, 0, 0]}),
    "column vectors": (np.array([[0], [1], [1], [0]]), np.array([[0], [1], [0], [0]]), {}),
    "pandas Series": (pd.Series([0, 2, 1, 2]), pd.Series([0, 1, 1, 2]), {}),
    "multilabel indicators": (np.array([[0, 1, 1], [1, 0, 1], [0, 0, 1]]),
                              np.array([[0, 0, 1], [1, 1, 1], [0, 1, 1]]), {}),
    "mixed strings and numbers": (["a", "b", "a"], [0, 1, 0], {}),
    "continuous y_pred": ([0, 1, 0], [0.1, 0.7, 0.3], {}),
    "NaN in y_pred": ([0, 1, 0], [0.0, np.nan, 1.0], {}),
    "infinity in y_true": ([0.0, np.inf, 1.0], [0, 1, 0], {}),
    "inconsistent lengths": ([0, 1, 0], [0, 1], {}),
    "empty input": ([], [], {}),
    "NaN weight": ([0, 1, 0], [0, 1, 1], {"sample_weight": [1.0, np.nan, 1.0]}),
    "weights of the wrong length": ([0, 1, 0], [0, 1, 1], {"sample_weight": [1.0, 2.0]}),
    "2-D weights": ([0, 1, 0], [0, 1, 1], {"sample_weight": np.ones((3, 2))}),
    "one sample": ([1], [0], {}),
}


@pytest.mark.parametrize("case", EDGE_CASES)
@pytest.mark.parametrize("name", DROPINS)
def test_edge_cases(name, case):
    y_true, y_pred, kwargs = EDGE_CASES[case]
    kwargs = {**kwargs, **_required(name)}
    if name in PRF:
        for average in ("binary", "macro"):
            assert_like_sklearn(name, y_true, y_pred, average=average, **kwargs)
    else:
        assert_like_sklearn(name, y_true, y_pred, **kwargs)


# Parameter errors and warnings of the set-wise (average / pos_label) functions.
PRF_PARAMETER_CASES = {
    "pos_label not among the labels": ([0, 1, 1], [0, 1, 0], {"pos_label": 2}),
    "string pos_label for int labels": ([0, 1, 1], [0, 1, 0], {"pos_label": "1"}),
    "binary average on multiclass": ([0, 1, 2], [0, 1, 1], {"average": "binary"}),
    "samples average": ([0, 1, 2], [0, 1, 1], {"average": "samples"}),
    "ignored pos_label": ([0, 1, 2], [0, 1, 1], {"average": "macro", "pos_label": 2}),
    "unknown average": ([0, 1, 2], [0, 1, 1], {"average": "mean"}),
    "invalid zero_division": ([0, 1, 1], [0, 1, 0], {"zero_division": "zero"}),
    "string labels, binary pos_label": (["n", "p", "p"], ["n", "p", "n"], {"pos_label": "p"}),
    "bool labels, pos_label=True": ([False, True, True], [True, True, False],
                                    {"pos_label": True}),
    "no zero division": ([0, 1, 1], [0, 1, 0], {"zero_division": 1, "average": None}),
}


@pytest.mark.parametrize("case", PRF_PARAMETER_CASES)
@pytest.mark.parametrize("name", PRF)
def test_prf_parameters(name, case):
    y_true, y_pred, kwargs = PRF_PARAMETER_CASES[case]
    kwargs = {**kwargs, **_required(name, 1.5)}
    assert_like_sklearn(name, y_true, y_pred, **kwargs)


@pytest.mark.parametrize("beta", [0.0, 0.5, 1.0, 3.0, np.inf, -1.0])
def test_fbeta_betas(beta):
    y_true, y_pred, weights = _classes(4)
    for average in (None, "macro", "micro", "weighted"):
        assert_like_sklearn("fbeta_score", y_true, y_pred, beta=beta, average=average,
                            sample_weight=weights)


@pytest.mark.parametrize("kwargs", [
    {"labels": [0, 5]},  # partly unseen
    {"labels": [5, 6]},  # none in y_true
    {"labels": [2]},  # one label in common
    {"weights": "cubic"},
    {"replace_undefined_by": 0.0, "labels": [2]},
    {"replace_undefined_by": -1.0},
])
def test_kappa_parameters(kwargs):
    assert_like_sklearn("cohen_kappa_score", [0, 1, 2, 2, 1], [0, 2, 2, 1, 1], **kwargs)
    assert_like_sklearn("cohen_kappa_score", [1, 1, 1], [1, 1, 1], **kwargs)


@pytest.mark.parametrize("labels", [[3, 4], [], [0, 9]])
def test_confusion_matrix_labels_errors(labels):
    assert_like_sklearn("confusion_matrix", [0, 1, 2, 1], [0, 1, 1, 2], labels=labels)


@pytest.mark.parametrize("weights", [None, "linear", "quadratic"])
def test_kappa_many_classes(weights):
    """The O(K) kappa formulas agree with scikit-learn's K x K computation at K = 2000,
    with sample weights and a fixed label order (reversed, with classes in neither)."""
    rng = np.random.RandomState(1)
    k = 2000
    y1 = rng.randint(k - 100, size=10000)
    near = np.clip(y1 + rng.randint(-30, 31, size=y1.shape[0]), 0, k - 1)
    y2 = np.where(rng.rand(y1.shape[0]) < 0.5, y1, near)
    w = rng.uniform(0.5, 2.0, size=y1.shape[0])
    value = assert_like_sklearn("cohen_kappa_score", y1, y2, weights=weights,
                                sample_weight=w, labels=np.arange(k)[::-1])
    assert 0.3 < value < 1.0


def test_dropin_signatures_match_sklearn():
    import inspect

    for name in DROPINS:
        ours = inspect.signature(getattr(msk, name))
        theirs = inspect.signature(getattr(skm, name))
        assert list(ours.parameters) == list(theirs.parameters), name
        for p, q in zip(ours.parameters.values(), theirs.parameters.values()):
            assert (p.kind, p.default is q.default or p.default == q.default) == (
                q.kind, True), (name, p.name)


# Documented differences: where scikit-learn returns a number for a meaningless ``labels``
# (another type than the targets: 0 with warnings; empty: NaN; a duplicate: the class
# counted twice), metrics_sk raises a ValueError naming ``labels`` (docs/design.rst: no silent
# wrong number).
LABELS_DIFFERENCES = {
    "labels of another type": (["a", "b", "a"], [1, 2], "labels are numbers"),
    "empty labels": ([0, 1, 1], [], "'labels' should contain at least one label"),
    "duplicate labels": ([0, 1, 1], [1, 1], "labels contains duplicate entries"),
}


@pytest.mark.parametrize("case", LABELS_DIFFERENCES)
@pytest.mark.parametrize("name", PRF)
def test_meaningless_labels_are_an_error(name, case):
    y, labels, message = LABELS_DIFFERENCES[case]
    kwargs = _required(name)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        getattr(skm, name)(y, y, labels=labels, average="macro", **kwargs)  # no error
    with pytest.raises(ValueError, match=message):
        getattr(msk, name)(y, y, labels=labels, average="macro", **kwargs)


def test_inputs_are_not_modified():
    y_true, y_pred, weights = _classes(4)
    saved = [a.copy() for a in (y_true, y_pred, weights)]
    for a in (y_true, y_pred, weights):
        a.flags.writeable = False
    for name in DROPINS:
        kwargs = _required(name)
        if name in PRF:
            kwargs["average"] = "macro"
        getattr(msk, name)(y_true, y_pred, sample_weight=weights, **kwargs)
    for before, after in zip(saved, (y_true, y_pred, weights)):
        assert_array_equal(before, after)



def _exact_kappa(y1, y2, w, weights, k):
    """Cohen's kappa in exact rational arithmetic, from the K x K definition."""
    from fractions import Fraction

    o = [[Fraction(0)] * k for _ in range(k)]
    for a, b, v in zip(y1, y2, w):
        o[a][b] += Fraction(v)
    r = [sum(row) for row in o]
    c = [sum(o[i][j] for i in range(k)) for j in range(k)]
    n = sum(r)

    def dist(i, j):
        return {None: int(i != j), "linear": abs(i - j), "quadratic": (i - j) ** 2}[weights]

    observed = sum(dist(i, j) * o[i][j] for i in range(k) for j in range(k))
    expected = sum(dist(i, j) * r[i] * c[j] / n for i in range(k) for j in range(k))
    return 1 - observed / expected


def test_cohen_kappa_does_not_cancel_at_extreme_weight_ratios():
    """Issue 15: the O(K) expected disagreement ``n sum(c) - r.c`` lost every digit
    when one class holds almost all the weight (NaN where scikit-learn gives 1.0)."""
    assert msk.cohen_kappa_score([0, 1], [0, 1], sample_weight=[1, 1e16]) == 1.0
    assert skm.cohen_kappa_score([0, 1], [0, 1], sample_weight=[1, 1e16]) == 1.0
    got = msk.cohen_kappa_score([0, 1, 1], [0, 1, 0], sample_weight=[1, 1e12, 1e3])
    exact = float(_exact_kappa([0, 1, 1], [0, 1, 0], [1, 1e12, 1e3], None, 2))
    assert got == pytest.approx(exact, rel=1e-12)
    assert got == pytest.approx(
        skm.cohen_kappa_score([0, 1, 1], [0, 1, 0], sample_weight=[1, 1e12, 1e3]), rel=1e-12)
    rng = np.random.default_rng(15)
    for _ in range(20):
        k = int(rng.integers(2, 6))
        y1 = rng.integers(0, k, 25)
        y2 = np.where(rng.random(25) < 0.6, y1, rng.integers(0, k, 25))
        w = 10.0 ** rng.uniform(-12, 16, 25)
        for weights in (None, "linear", "quadratic"):
            exact = _exact_kappa(y1.tolist(), y2.tolist(), w.tolist(), weights, k)
            got = msk.cohen_kappa_score(y1, y2, weights=weights, sample_weight=w)
            # kappa = 1 - O/E: the ratio O/E is what a formula can keep exact
            assert 1 - got == pytest.approx(float(1 - exact), rel=1e-12), weights


# -- deliberate differences from scikit-learn (issue 15; docs/user_guide.rst) ------------------
@pytest.mark.parametrize("metric", ["confusion_matrix", "cohen_kappa_score", "f1_score"])
def test_non_integer_labels_are_refused_naming_labels(metric):
    """``labels=[1.0, 0.5]`` with integer targets: scikit-learn fills a row of zeros for
    0.5; metrics_sk refuses, with a message about ``labels`` (it said "continuous is not
    supported", scikit-learn's message about targets). Integer-valued floats are labels."""
    kwargs = {"average": "macro"} if metric == "f1_score" else {}
    with pytest.raises(ValueError, match=r"^labels holds continuous values \(such as 0\.5\)"):
        getattr(msk, metric)([0, 1, 1], [0, 1, 0], labels=[1.0, 0.5], **kwargs)
    assert_array_equal(msk.confusion_matrix([0, 1, 1], [0, 1, 0], labels=[1.0, 0.0]),
                       skm.confusion_matrix([0, 1, 1], [0, 1, 0], labels=[1.0, 0.0]))


@pytest.mark.parametrize("values", [[0, 1, 1, 2, 0], [True, False, True, True, False]])
def test_object_arrays_of_numbers_or_bools_are_computed(values):
    """scikit-learn refuses object arrays of numbers ("unknown is not supported");
    metrics_sk computes on their values (pandas object columns), equal to scikit-learn
    on the same values with a numeric dtype."""
    y_true = np.array(values, dtype=object)
    y_pred = np.array(values[1:] + values[:1], dtype=object)
    with pytest.raises(ValueError, match="unknown is not supported"):
        skm.accuracy_score(y_true, y_pred)
    numeric_true, numeric_pred = np.array(values), np.array(values[1:] + values[:1])
    for name in ("accuracy_score", "cohen_kappa_score", "matthews_corrcoef"):
        assert getattr(msk, name)(y_true, y_pred) == pytest.approx(
            getattr(skm, name)(numeric_true, numeric_pred), abs=1e-15)
    assert_array_equal(msk.confusion_matrix(y_true, y_pred),
                       skm.confusion_matrix(numeric_true, numeric_pred))


def test_uint64_labels_above_int64_are_refused():
    """scikit-learn counts uint64 labels >= 2**63; metrics_sk's integer encoder works in
    int64 and refuses them with a ValueError instead of wrapping around."""
    y = np.array([2**63, 2**63 + 1, 1], dtype=np.uint64)
    assert skm.accuracy_score(y, y) == 1.0
    for name in ("accuracy_score", "confusion_matrix", "f1_score"):
        kwargs = {"average": "macro"} if name == "f1_score" else {}
        with pytest.raises(ValueError, match=r"2\*\*63"):
            getattr(msk, name)(y, y, **kwargs)
    small = np.array([2**63 - 1, 0, 1], dtype=np.uint64)  # uint64 below 2**63 is counted
    assert msk.accuracy_score(small, small) == skm.accuracy_score(small, small) == 1.0


@pytest.mark.parametrize("name", ["confusion_matrix", "cohen_kappa_score"])
@pytest.mark.parametrize("y_true, y_pred, labels, sample_weight", [
    ([0, 1], [0, 1], [1], [1.0, 0.0]),  # 1 is in y_true with zero weight: present
    (["a", "b", "b"], ["a", "b", "a"], ["b"], [2.0, 0.0, 0.0]),
    ([0, 1, 2], [0, 1, 1], [2, 1], [1.0, -0.0, 0.0]),
    ([0, 0], [0, 1], [1], [1.0, 0.0]),  # 1 only in y_pred: "must be in y_true"
    ([0, 1], [0, 1], [1], [1, 0]),
    ([0, 1, 1], [0, 1, 0], [1], [1.0, -1.0, 0.5]),  # negative support, still present
])
def test_label_present_only_with_zero_weight(name, y_true, y_pred, labels, sample_weight):
    """Issue 15: scikit-learn checks labels= against the presence of a label in y_true,
    not its weight ([[0.]] with a UserWarning; kappa NaN with UndefinedMetricWarning)."""
    assert_like_sklearn(name, y_true, y_pred, labels=labels, sample_weight=sample_weight)


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

