"""score_decomposition: the CORP decomposition of the Brier score and log loss.

References: the ``model-diagnostics`` package's ``decompose`` (values in
``tests/data/score_decomposition_reference.json``, written by the script beside it; live
when the package is importable), scikit-learn's ``IsotonicRegression`` (the recalibrated
probabilities) with ``brier_score_loss`` and ``log_loss``, and hand-computed numbers.
"""

import json
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.isotonic import IsotonicRegression
from sklearn.metrics import brier_score_loss, log_loss

import metrics_sk as msk
from metrics_sk import _isotonic

REFERENCE = Path(__file__).parent / "data" / "score_decomposition_reference.json"
PARTS = ("score", "miscalibration", "discrimination", "uncertainty")
SCORINGS = ("brier_score_loss", "log_loss")


def _cases():
    return json.loads(REFERENCE.read_text())["cases"]


def _sklearn_parts(y, p, w, scoring):
    """The decomposition from scikit-learn's isotonic fit and its score functions."""
    iso = IsotonicRegression(increasing=True, y_min=0, y_max=1, out_of_bounds="clip")
    fitted = iso.fit(p, y, sample_weight=w).predict(p)
    base = np.full(len(y), np.average(y, weights=w))
    if scoring == "brier_score_loss":
        def score(q):
            return brier_score_loss(y, q, sample_weight=w)
    else:
        def score(q):  # scikit-learn clips at eps: 0 log 0 is off by ~1e-16 only
            return log_loss(y, q, sample_weight=w, labels=[0, 1])
    s, s_iso, unc = score(p), score(fitted), score(base)
    return {"score": s, "miscalibration": s - s_iso, "discrimination": unc - s_iso,
            "uncertainty": unc}


def _random_case(seed, n=500, digits=None, weighted=False):
    rng = np.random.default_rng(seed)
    p = rng.uniform(0.02, 0.98, n)
    if digits is not None:
        p = p.round(digits)
    y = (rng.random(n) < p ** 1.7).astype(int)
    w = rng.uniform(0.0, 4.0, n) if weighted else None
    return y, p, w


# -- independent references ------------------------------------------------------------------
@pytest.mark.parametrize("case", _cases(), ids=lambda c: c["name"])
@pytest.mark.parametrize("scoring", SCORINGS)
def test_equals_model_diagnostics_fixture(case, scoring):
    got = msk.score_decomposition(case["y_true"], case["y_proba"], scoring=scoring,
                                  sample_weight=case["sample_weight"])
    for part in PARTS:
        assert getattr(got, part) == pytest.approx(case["parts"][scoring][part], abs=1e-12)


@pytest.mark.parametrize("case", _cases()[:2], ids=lambda c: c["name"])
def test_equals_model_diagnostics_live(case):
    scoring_module = pytest.importorskip("model_diagnostics.scoring")
    for scoring, function in (("brier_score_loss", scoring_module.SquaredError()),
                              ("log_loss", scoring_module.LogLoss())):
        frame = scoring_module.decompose(np.asarray(case["y_true"], float), case["y_proba"],
                                         weights=case["sample_weight"],
                                         scoring_function=function)
        got = msk.score_decomposition(case["y_true"], case["y_proba"], scoring=scoring)
        for part in PARTS:
            assert getattr(got, part) == pytest.approx(float(frame[part][0]), abs=1e-12)


@pytest.mark.parametrize("scoring", SCORINGS)
@pytest.mark.parametrize("digits, weighted", [(None, False), (1, False), (None, True),
                                              (2, True)])
def test_equals_sklearn_isotonic_regression(scoring, digits, weighted):
    y, p, w = _random_case(3, digits=digits, weighted=weighted)
    got = msk.score_decomposition(y, p, scoring=scoring, sample_weight=w)
    expected = _sklearn_parts(y, p, w, scoring)
    for part in PARTS:
        assert getattr(got, part) == pytest.approx(expected[part], abs=1e-10)


@pytest.mark.parametrize("digits, weighted", [(None, False), (1, False), (None, True),
                                              (2, True)])
def test_the_fit_is_sklearns_isotonic_regression(digits, weighted):
    """p_iso of the PAV (ties pooled first: scikit-learn averages y over equal X, with
    the weights) equals IsotonicRegression(increasing=True, y_min=0, y_max=1)."""
    y, p, w = _random_case(8, n=2000, digits=digits, weighted=weighted)
    iso = IsotonicRegression(increasing=True, y_min=0, y_max=1).fit(p, y, sample_weight=w)
    fit = _isotonic.isotonic_fit(y == 1, p, w)
    keep = slice(None) if w is None else w > 0
    np.testing.assert_allclose(fit.at(p[keep]), iso.predict(p[keep]), rtol=0, atol=1e-10)


def test_only_equal_probabilities_are_tied():
    """Deliberate difference: scikit-learn's IsotonicRegression pools X values less than
    ``np.finfo(float).resolution`` (1e-15) apart (``_make_unique``); CORP pools equal
    probabilities only, so 0.3 and 0.1 + 0.2 are two blocks here."""
    y, p = np.array([0, 1]), np.array([0.3, 0.1 + 0.2])
    fit = _isotonic.isotonic_fit(y == 1, p)
    assert fit.fitted.tolist() == [0.0, 1.0]
    assert IsotonicRegression().fit(p, y).predict(p).tolist() == [0.5, 0.5]
    got = msk.score_decomposition(np.r_[y, 0, 1], np.r_[p, 0.05, 0.95])
    assert got.discrimination == got.uncertainty == 0.25  # every level is 0 or 1


@pytest.mark.parametrize("gain", [0.0, 1.0])
def test_the_numpy_rounds_and_the_stack_finish_agree_with_sklearn(monkeypatch, gain):
    """A cascade (a long increasing run, then one low block) pools one block per numpy
    round: the stack PAV finishes it; both paths forced give scikit-learn's fit."""
    monkeypatch.setattr(_isotonic, "_MIN_ROUND_GAIN", gain)
    y = np.r_[np.linspace(0.1, 0.9, 300), 0.0, np.random.default_rng(1).random(200)]
    w = np.r_[np.ones(300), 500.0, np.ones(200)]
    starts, sums, weights = _isotonic.pool_adjacent_violators(y * w, w)
    ends = np.append(starts[1:], y.shape[0])
    fitted = np.repeat(sums / weights, ends - starts)
    x = np.arange(y.shape[0])
    expected = IsotonicRegression().fit(x, y, sample_weight=w).predict(x)
    np.testing.assert_allclose(fitted, expected, rtol=0, atol=1e-12)


def test_hand_computed():
    # sorted p: .1 (0) .2 (0) .5 (1) .6 (1) .7 (0) .9 (1): PAV pools .5-.7 to 2/3
    got = msk.score_decomposition([0, 0, 1, 1, 1, 0], [0.2, 0.7, 0.6, 0.9, 0.5, 0.1])
    s_iso = 3 * (2 / 3) * (1 / 3) / 6
    assert got.score == pytest.approx(0.96 / 6, abs=1e-15)
    assert got.uncertainty == pytest.approx(0.25, abs=1e-15)
    assert got.miscalibration == pytest.approx(0.16 - s_iso, abs=1e-15)
    assert got.discrimination == pytest.approx(0.25 - s_iso, abs=1e-15)


def test_log_loss_of_certain_levels_is_finite():
    """A level of 0 holds only negatives, a level of 1 only positives: 0 log 0 = 0."""
    y = [0, 0, 1, 0, 1, 1]
    p = [0.1, 0.2, 0.3, 0.6, 0.8, 0.9]  # PAV: 0, 0, 1/2, 1/2, 1, 1
    got = msk.score_decomposition(y, p, scoring="log_loss")
    s_iso = 2 * np.log(2) / 6
    assert got.discrimination == pytest.approx(np.log(2) - s_iso, abs=1e-15)
    assert got.score == pytest.approx(log_loss(y, p), abs=1e-15)


def test_log_loss_of_a_certain_wrong_probability_is_infinite():
    got = msk.score_decomposition([0, 1, 1, 0], [0.0, 0.0, 0.7, 0.3], scoring="log_loss")
    assert got.score == np.inf and got.miscalibration == np.inf
    assert np.isfinite(got.discrimination) and got.uncertainty == pytest.approx(np.log(2))


# -- options and shapes ------------------------------------------------------------------------
@pytest.mark.parametrize("scoring", SCORINGS)
def test_multiclass_is_one_vs_rest_per_column(scoring):
    rng = np.random.default_rng(4)
    logits = rng.normal(size=(400, 3))
    proba = np.exp(logits) / np.exp(logits).sum(axis=1, keepdims=True)
    y = np.array(["a", "b", "c"])[rng.integers(0, 3, 400)]
    w = rng.uniform(0, 2, 400)
    got = msk.score_decomposition(y, proba, scoring=scoring, sample_weight=w)
    for k, label in enumerate("abc"):
        expected = _sklearn_parts((y == label).astype(int), proba[:, k], w, scoring)
        for part in PARTS:
            assert getattr(got, part).shape == (3,)
            assert getattr(got, part)[k] == pytest.approx(expected[part], abs=1e-10)


def test_pos_label_and_its_complement():
    y, p, w = _random_case(5, n=200, digits=2, weighted=True)
    labels = np.array(["no", "yes"])[y]
    yes = msk.score_decomposition(labels, p, sample_weight=w)  # the greater label
    assert yes == msk.score_decomposition(labels, p, pos_label="yes", sample_weight=w)
    no = msk.score_decomposition(labels, 1 - p, pos_label="no", sample_weight=w)
    for part in PARTS:
        assert getattr(no, part) == pytest.approx(getattr(yes, part), abs=1e-12)


def test_integer_weights_are_repeated_rows():
    y, p, _ = _random_case(6, n=100, digits=1)
    w = np.random.default_rng(6).integers(0, 4, 100)
    weighted = msk.score_decomposition(y, p, sample_weight=w)
    repeated = msk.score_decomposition(np.repeat(y, w), np.repeat(p, w))
    for part in PARTS:
        assert getattr(weighted, part) == pytest.approx(getattr(repeated, part), abs=1e-12)


def test_inputs_are_not_modified():
    y, p, w = _random_case(7, n=50, weighted=True)
    copies = y.copy(), p.copy(), w.copy()
    msk.score_decomposition(y, p, sample_weight=w)
    for before, after in zip(copies, (y, p, w)):
        np.testing.assert_array_equal(before, after)


def test_repr():
    got = msk.score_decomposition([0, 0, 1, 1], [0.1, 0.6, 0.4, 0.9])
    assert repr(got) == ("ScoreDecomposition(scoring='brier_score_loss', score=0.185, "
                         "miscalibration=0.06, discrimination=0.125, uncertainty=0.25)")
    assert "score=[" in repr(msk.score_decomposition([0, 1, 2], np.eye(3)))


@pytest.mark.parametrize("kwargs, error, match", [
    ({"y_proba": [0.2, 1.2, 0.5, 0.1]}, ValueError, "y_proba must hold probabilities"),
    ({"y_proba": [0.2, -0.1, 0.5, 0.1]}, ValueError, "y_proba must hold probabilities"),
    ({"y_proba": [0.2, np.nan, 0.5, 0.1]}, ValueError, "y_proba contains NaN"),
    ({"y_proba": [0.2, 0.5, 0.1]}, ValueError, "y_proba"),
    ({"scoring": "accuracy"}, ValueError, "scoring"),
    ({"pos_label": 3}, ValueError, "pos_label"),
    ({"sample_weight": [0, 0, 0, 0]}, ValueError, "sample_weight"),
    ({"sample_weight": [1, -1, 1, 1]}, ValueError, "sample_weight"),
    ({"y_proba": [[0.2, 0.8]] * 4, "pos_label": 1}, ValueError, "pos_label"),
])
def test_errors_name_the_argument(kwargs, error, match):
    args = {"y_true": [0, 1, 1, 0], "y_proba": [0.2, 0.7, 0.5, 0.1], **kwargs}
    with pytest.raises(error, match=match):
        msk.score_decomposition(args.pop("y_true"), args.pop("y_proba"), **args)


# -- properties ----------------------------------------------------------------------------------
@st.composite
def _inputs(draw):
    n = draw(st.integers(2, 40))
    y = draw(st.lists(st.integers(0, 1), min_size=n, max_size=n))
    p = draw(st.lists(st.sampled_from([0.0, 0.1, 0.25, 0.5, 0.5, 0.7, 0.9, 1.0]),
                      min_size=n, max_size=n))  # ties, and the ends of [0, 1]
    w = None
    if draw(st.booleans()):
        w = draw(st.lists(st.sampled_from([0.0, 0.5, 1.0, 3.0]), min_size=n, max_size=n))
        w[0] = 1.0
    y[0], y[1] = 0, 1
    return np.array(y), np.array(p), None if w is None else np.array(w)


def _property_violations(d, y, p, w):
    """What the decomposition ``d`` of ``(y, p, w)`` breaks: the identity with the score
    of scikit-learn's function (to 1e-12), and MCB, DSC >= 0."""
    found = []
    if d.scoring == "brier_score_loss":
        score = brier_score_loss(y, p, sample_weight=w)
    else:
        score = log_loss(y, p, sample_weight=w, labels=[0, 1])
    if abs(d.miscalibration - d.discrimination + d.uncertainty - score) > 1e-12:
        found.append("identity")
    if d.miscalibration < -1e-12:
        found.append("miscalibration < 0")
    if d.discrimination < -1e-12:
        found.append("discrimination < 0")
    return found


@settings(max_examples=150, deadline=None)
@given(_inputs())
def test_identity_and_non_negative_parts(case):
    y, p, w = case
    assert _property_violations(msk.score_decomposition(y, p, sample_weight=w), y, p, w) == []
    interior = np.clip(p, 0.01, 0.99)  # the log loss of a certain wrong p is infinite
    d = msk.score_decomposition(y, interior, scoring="log_loss", sample_weight=w)
    assert _property_violations(d, y, interior, w) == []


def test_the_property_can_fail(monkeypatch):
    """Wrong decompositions are caught: a score off by 0.01, negative parts, and a
    recalibration that is not the isotonic fit (fitted non-increasing in p: worse than
    good probabilities, a negative MCB) run through the property test itself."""
    y = np.array([0, 1, 0, 0, 0, 0])
    p = np.array([0.1, 0.2, 0.4, 0.5, 0.8, 0.9])
    d = msk.score_decomposition(y, p)
    assert _property_violations(d, y, p, None) == []
    off = msk.ScoreDecomposition(d.scoring, d.score, d.miscalibration + 0.01,
                                 d.discrimination, d.uncertainty)
    assert _property_violations(off, y, p, None) == ["identity"]
    negative = msk.ScoreDecomposition(d.scoring, d.score, -0.1, d.uncertainty - d.score - 0.1,
                                      d.uncertainty)
    assert "miscalibration < 0" in _property_violations(negative, y, p, None)

    fit = _isotonic.isotonic_fit

    def decreasing(is_pos, scores, weights=None):  # the antitonic fit: the wrong direction
        return fit(is_pos, -scores, weights)

    good = (np.array([0, 0, 1, 1]), np.array([0.1, 0.2, 0.8, 0.9]), None)
    test_identity_and_non_negative_parts.hypothesis.inner_test(good)
    monkeypatch.setattr("metrics_sk._decomposition.isotonic_fit", decreasing)
    with pytest.raises(AssertionError):
        test_identity_and_non_negative_parts.hypothesis.inner_test(good)
