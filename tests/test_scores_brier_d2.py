"""The probability drop-ins of metrics_sk/_scores.py: brier_score_loss, d2_brier_score and
d2_log_loss_score against scikit-learn 1.9 (values, warnings, errors), their edge cases,
and their scikit-learn scorers."""

import re
import warnings

import numpy as np
import pytest
import sklearn.metrics as skm
from hypothesis import given, settings
from hypothesis import strategies as st

import metrics_sk as msk
from metrics_sk._registry import METRICS

NAMES = ("brier_score_loss", "d2_brier_score", "d2_log_loss_score")


def outcome(func, *args, **kwargs):
    """(value or exception type and message, warning messages) of a call."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            result = ("value", func(*args, **kwargs))
        except Exception as exc:  # noqa: BLE001 - compared below
            result = (type(exc).__name__, str(exc))
    return result, sorted({str(w.message) for w in caught})


def assert_same_outcome(name, *args, **kwargs):
    (kind, got), got_warnings = outcome(getattr(msk, name), *args, **kwargs)
    (ref_kind, ref), ref_warnings = outcome(getattr(skm, name), *args, **kwargs)
    assert kind == ref_kind, (got, ref)
    if kind == "value":
        np.testing.assert_allclose(got, ref, rtol=1e-12, atol=1e-15)
    else:
        assert got == ref
    assert got_warnings == ref_warnings


def sample(seed, n, k, *, weights=False):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, k, n)
    y[:k] = np.arange(k)  # every class occurs
    proba = rng.dirichlet(np.full(k, 0.7), n)
    proba[np.arange(n), y] += rng.uniform(0, 1, n)  # better than chance
    proba /= proba.sum(axis=1, keepdims=True)
    w = rng.uniform(0, 3, n) if weights else None
    return y, proba, w


def computed_here(name, y_true, y_proba, **kwargs):
    """Whether the drop-in computes these inputs itself (not handed to scikit-learn)."""
    from metrics_sk import _scores

    return _scores.encoded_inputs(getattr(msk, name), y_true, y_proba,
                                  kwargs.pop("sample_weight", None), kwargs) is not None


# -- equal to scikit-learn on random inputs --------------------------------------------------
@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**31), n=st.integers(2, 80), k=st.integers(2, 6),
       weights=st.booleans(), strings=st.booleans(), one_d=st.booleans(),
       scale=st.sampled_from(["auto", True, False]))
def test_equal_to_sklearn_on_random_inputs(seed, n, k, weights, strings, one_d, scale):
    n = max(n, k)
    y, proba, w = sample(seed, n, k, weights=weights)
    if strings:
        y = np.array(["ant", "bee", "cat", "dog", "eel", "fox"])[y]
    kwargs = {}
    if k == 2 and one_d:  # the probability of the greater class
        proba = proba[:, 1]
        if strings:
            kwargs["pos_label"] = "bee"
    for name in NAMES:
        options = dict(kwargs) if name != "d2_log_loss_score" else {}
        if name == "brier_score_loss":
            options["scale_by_half"] = scale
        got = getattr(msk, name)(y, proba, sample_weight=w, **options)
        ref = getattr(skm, name)(y, proba, sample_weight=w, **options)
        assert got == pytest.approx(ref, rel=1e-12, abs=1e-15), name
        assert computed_here(name, y, proba, sample_weight=w, **options), name


@pytest.mark.parametrize("pos_label", [None, 0, 1])
@pytest.mark.parametrize("labels", [(0, 1), (-1, 1), (2, 5), (-1, 0), (0,), (1,), (-1,)])
def test_binary_pos_label_inferred_as_sklearn(labels, pos_label):
    rng = np.random.default_rng(3)
    y = np.array(labels)[rng.integers(0, len(labels), 20)]
    p = rng.uniform(0, 1, 20)
    for name in ("brier_score_loss", "d2_brier_score"):
        assert_same_outcome(name, y, p, pos_label=pos_label)


def test_near_perfect_probabilities_keep_their_small_loss():
    # sum p**2 - 2 p_t + 1 would round this loss (2e-18 per sample) to a multiple of 1e-16
    eps = 1e-9
    proba = np.array([[1 - 2 * eps, eps, eps], [eps, 1 - 2 * eps, eps], [eps, eps, 1 - 2 * eps]])
    y = [0, 1, 2]
    exact = (2 * eps) ** 2 + 2 * eps**2  # each sample, by hand
    assert msk.brier_score_loss(y, proba) == pytest.approx(exact, rel=1e-6)
    assert msk.brier_score_loss(y, proba) == pytest.approx(skm.brier_score_loss(y, proba),
                                                           rel=1e-9)
    assert msk.brier_score_loss([0, 1], [eps, 1 - eps]) == pytest.approx(eps**2, rel=1e-6)


def test_hand_computed_values():
    # binary: mean (y - p)**2; multi-class: mean sum_k (y_k - p_k)**2
    assert msk.brier_score_loss([0, 1, 1, 0], [0.1, 0.9, 0.8, 0.3]) == pytest.approx(
        (0.01 + 0.01 + 0.04 + 0.09) / 4)
    assert msk.brier_score_loss([0, 1, 1, 0], [0.1, 0.9, 0.8, 0.3],
                                scale_by_half=False) == pytest.approx(0.075)
    proba = [[0.8, 0.1, 0.1], [0.2, 0.7, 0.1], [0.2, 0.2, 0.6]]
    assert msk.brier_score_loss([0, 1, 2], proba) == pytest.approx(
        (0.04 + 0.01 + 0.01 + 0.04 + 0.09 + 0.01 + 0.04 + 0.04 + 0.16) / 3)
    # D^2 against the null model, the class frequencies (here 1/2, 1/2): BS_0 = 1/4
    assert msk.d2_brier_score([0, 1, 1, 0], [0.1, 0.9, 0.8, 0.3]) == pytest.approx(
        1 - 0.0375 / 0.25)
    ll = -np.mean(np.log([0.9, 0.9, 0.8, 0.7]))
    assert msk.d2_log_loss_score([0, 1, 1, 0], [0.1, 0.9, 0.8, 0.3]) == pytest.approx(
        1 - ll / np.log(2))


# -- scikit-learn's warnings and errors ----------------------------------------------------
CASES = [
    dict(y_true=[0, 1, 2], y_proba=[[0.5, 0.6, 0.1], [0.2, 0.3, 0.5], [0.1, 0.1, 0.8]]),  # rows
    dict(y_true=[0, 1, 1], y_proba=[0.2, 1.3, 0.5]),
    dict(y_true=[0, 1, 1], y_proba=[0.2, -0.3, 0.5]),
    dict(y_true=[0, 1, 1], y_proba=[0.2, np.nan, 0.5]),
    dict(y_true=[0, 1, 2], y_proba=[0.2, 0.3, 0.5]),
    dict(y_true=["a", "b", "b"], y_proba=[0.2, 0.3, 0.5]),
    dict(y_true=["a", "b", "b"], y_proba=[0.2, 0.3, 0.5], pos_label="c"),
    dict(y_true=[1, 1, 1], y_proba=[0.2, 0.3, 0.5]),
    dict(y_true=[1, 1, 1], y_proba=[[0.2, 0.8], [0.3, 0.7], [0.1, 0.9]]),
    dict(y_true=[0, 1, 1], y_proba=[[0.2, 0.8], [0.3, 0.7], [0.1, 0.9]], labels=[1, 0]),
    dict(y_true=[0, 1, 2], y_proba=[[0.2, 0.8], [0.3, 0.7], [0.1, 0.9]], labels=[0, 1]),
    dict(y_true=[0, 1, 2], y_proba=[[0.2, 0.8], [0.3, 0.7], [0.1, 0.9]]),
    dict(y_true=[0, 1, 1], y_proba=[0.2, 0.3, 0.5], sample_weight=[0, 0, 0]),
    dict(y_true=[0, 1, 1], y_proba=[0.2, 0.3, 0.5], sample_weight=[1, -2, 1]),
    dict(y_true=[0, 1, 1], y_proba=[0.2, 0.3, 0.5], sample_weight=[1, 2]),
    dict(y_true=[0, 1], y_proba=[0.2, 0.3, 0.5]),
    dict(y_true=[1], y_proba=[0.7]),  # one sample: the D^2 scores' NaN and warning
    dict(y_true=[2], y_proba=[[0.1, 0.2, 0.7]], labels=[0, 1, 2]),
    dict(y_true=[0, 0, 0], y_proba=[0.2, 0.3, 0.5]),  # one class: D^2's zero null score
    dict(y_true=[0, 0, 1], y_proba=[0.0, 0.0, 1.0]),
    dict(y_true=[0, 1, 1], y_proba=np.array([0.2, 0.3, 0.5]) > 0.25),  # booleans
    dict(y_true=[[0, 1], [1, 0]], y_proba=[[0.2, 0.8], [0.7, 0.3]]),
    dict(y_true=[0.5, 1, 1], y_proba=[0.2, 0.3, 0.5]),
    dict(y_true=[0, 1, 1], y_proba=["a", "b", "c"]),
]


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("case", CASES)
def test_warnings_and_errors_are_sklearns(name, case):
    case = dict(case)
    if name == "d2_log_loss_score":
        case.pop("pos_label", None)
    assert_same_outcome(name, **case)


def test_y_pred_deprecation_is_sklearns():
    assert_same_outcome("d2_log_loss_score", [0, 1, 1], y_pred=[0.2, 0.6, 0.7])
    assert_same_outcome("d2_log_loss_score", [0, 1, 1], [0.2, 0.6, 0.7], y_pred=[0.2, 0.6, 0.7])


@pytest.mark.parametrize("name", ["d2_brier_score", "d2_log_loss_score"])
def test_empty_inputs_are_an_error(name):
    # scikit-learn returns NaN (as for one sample); every metrics_sk metric raises
    with pytest.raises(ValueError, match="empty input"):
        getattr(msk, name)([], [])
    with pytest.raises(ValueError, match="inconsistent numbers of samples"):
        getattr(msk, name)([], [0.5])


# -- edge battery -------------------------------------------------------------------------
@pytest.mark.parametrize("name", NAMES)
def test_extreme_weights_are_scale_free(name):
    y, proba, w = sample(11, 40, 3, weights=True)
    reference = getattr(skm, name)(y, proba, sample_weight=w)
    for scale in (1e300, 1e-300, 2.0**-1000):
        got = getattr(msk, name)(y, proba, sample_weight=w * scale)
        assert got == pytest.approx(reference, rel=1e-12), scale


@pytest.mark.parametrize("name", NAMES)
def test_zero_weights_remove_samples(name):
    y, proba, w = sample(12, 40, 3, weights=True)
    w[::3] = 0
    kept = w > 0
    assert getattr(msk, name)(y, proba, sample_weight=w) == pytest.approx(
        getattr(skm, name)(y[kept], proba[kept], sample_weight=w[kept]), rel=1e-12)


@pytest.mark.parametrize("name", NAMES)
def test_label_containers(name):
    pd = pytest.importorskip("pandas")
    y, proba, _ = sample(13, 30, 3)
    words = np.array(["low", "mid", "top"])[y]
    reference = getattr(skm, name)(words, proba)
    for y_true in (words.tolist(), words, pd.Series(words), pd.Categorical(words),
                   pd.Series(pd.Categorical(words)), words.astype(object)):
        assert getattr(msk, name)(y_true, proba) == pytest.approx(reference, rel=1e-12)
    frame = pd.DataFrame(proba, columns=["p0", "p1", "p2"])
    assert getattr(msk, name)(words, frame) == pytest.approx(reference, rel=1e-12)


@pytest.mark.parametrize("name", NAMES)
def test_class_absent_from_y_true_with_labels(name):
    y, proba, w = sample(14, 30, 4, weights=True)
    y = np.minimum(y, 2)  # class 3 never occurs, its column stays
    labels = [0, 1, 2, 3]
    got = getattr(msk, name)(y, proba, sample_weight=w, labels=labels)
    assert got == pytest.approx(getattr(skm, name)(y, proba, sample_weight=w, labels=labels),
                                rel=1e-12)
    assert computed_here(name, y, proba, sample_weight=w, labels=labels)


def test_inputs_are_not_modified():
    y, proba, w = sample(15, 30, 3, weights=True)
    copies = [a.copy() for a in (y, proba, w)]
    for a in (y, proba, w):
        a.flags.writeable = False
    for name in NAMES:
        getattr(msk, name)(y, proba, sample_weight=w)
        getattr(msk, name)(y == 1, proba[:, 1], sample_weight=w)
    for before, after in zip(copies, (y, proba, w)):
        np.testing.assert_array_equal(before, after)


def test_float32_probabilities():
    y, proba, _ = sample(16, 50, 3)
    p32 = proba.astype(np.float32)
    for name in NAMES:
        assert getattr(msk, name)(y, p32) == pytest.approx(getattr(skm, name)(y, p32), rel=1e-5)


def test_options_are_checked_as_sklearn():
    from sklearn.utils._param_validation import InvalidParameterError

    with pytest.raises(InvalidParameterError, match=re.escape("'scale_by_half' parameter")):
        msk.brier_score_loss([0, 1], [0.2, 0.7], scale_by_half="yes")
    with pytest.raises(InvalidParameterError, match="'pos_label' parameter"):
        msk.d2_brier_score([0, 1], [0.2, 0.7], pos_label=[1])


# -- registry and scorers -------------------------------------------------------------------
def test_registry_facts():
    assert METRICS["brier_score_loss"].greater_is_better is False
    for name in NAMES:
        m = METRICS[name]
        assert m.response_method == "predict_proba" and m.takes == "probabilities"
        assert not m.count and m.family == "sklearn" and not m.scorers
    assert METRICS["d2_brier_score"].greater_is_better and METRICS["d2_log_loss_score"].greater_is_better


@pytest.mark.parametrize("classes", [2, 3])
@pytest.mark.parametrize("scorer, name", [("neg_brier_score", "brier_score_loss"),
                                          ("d2_brier_score", "d2_brier_score"),
                                          ("d2_log_loss_score", "d2_log_loss_score")])
def test_scorers_by_name_in_cross_val_score(scorer, name, classes):
    """scikit-learn's scorer names (never registered again by metrics_sk) give the same
    numbers as a scorer made from the registry's facts of the drop-in."""
    from sklearn.datasets import make_classification
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import cross_val_score

    X, y = make_classification(200, n_informative=4, n_classes=classes, random_state=0)
    model = LogisticRegression(max_iter=500)
    m = METRICS[name]
    ours = skm.make_scorer(m.function, response_method=m.response_method,
                           greater_is_better=m.greater_is_better)
    by_name = cross_val_score(model, X, y, cv=3, scoring=scorer)
    np.testing.assert_allclose(cross_val_score(model, X, y, cv=3, scoring=ours), by_name,
                               rtol=1e-12)
    assert (by_name < 0).all() == (scorer == "neg_brier_score")
