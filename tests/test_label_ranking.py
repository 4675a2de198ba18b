"""The multilabel ranking drop-ins (metrics_sk/_label_ranking.py) against scikit-learn.

Values on random inputs with many ties, weights and sparse indicator matrices; the
inputs computed here really are (scikit-learn's function is not called); the others are
scikit-learn's outcome; and the properties tests/test_common.py checks for the metrics of
class labels (sample order, weights as repetitions, zero weights as removal, containers,
inputs unchanged).
"""

import warnings

import numpy as np
import pandas as pd
import pytest
import scipy.sparse as sp
import sklearn.metrics as skm
from sklearn.metrics import _ranking as sk_ranking

import metrics_sk as msk
from metrics_sk import _label_ranking

INDICATOR = ["coverage_error", "label_ranking_average_precision_score", "label_ranking_loss"]
SPARSE = ["label_ranking_average_precision_score", "label_ranking_loss"]
GAINS = ["dcg_score", "ndcg_score"]
ALL = INDICATOR + GAINS
#: scikit-learn's functions (the fixture below replaces them in their module).
SK = {name: getattr(sk_ranking, name) for name in ALL}


def _case(seed, n=40, n_labels=6, ties=True):
    """An indicator matrix (with empty and full rows), gains, scores with ties, weights."""
    rng = np.random.default_rng(seed)
    y = (rng.random((n, n_labels)) < rng.uniform(0.2, 0.8)).astype(int)
    y[0], y[1] = 0, 1  # no relevant label, every label relevant
    gains = rng.integers(0, 4, (n, n_labels)).astype(float)
    gains[2] = 0  # an all-irrelevant row: NDCG 0
    scores = (rng.integers(0, 3, (n, n_labels)) / 2 if ties
              else rng.standard_normal((n, n_labels)))
    weights = rng.uniform(0, 3, n)
    return y, gains, scores, weights


def _target(name, y, gains):
    return gains if name in GAINS else y


@pytest.fixture
def no_sklearn(monkeypatch):
    """scikit-learn's functions raise: the values come from metrics_sk's kernels."""
    def refuse(*args, **kwargs):
        raise AssertionError("handed to scikit-learn")
    for name in ALL:
        monkeypatch.setattr(_label_ranking._sk, name, refuse)


@pytest.mark.parametrize("ties", [True, False])
@pytest.mark.parametrize("weighted", [False, True])
@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("name", ALL)
def test_equals_sklearn(name, seed, weighted, ties, no_sklearn):
    y, gains, scores, weights = _case(seed, ties=ties)
    y_true = _target(name, y, gains)
    w = weights if weighted else None
    expected = SK[name](y_true, scores, sample_weight=w)
    assert getattr(msk, name)(y_true, scores, sample_weight=w) == pytest.approx(
        expected, rel=1e-12, abs=1e-15)


@pytest.mark.parametrize("k", [None, 1, 3, 10])
@pytest.mark.parametrize("ignore_ties", [False, True])
@pytest.mark.parametrize("seed", range(4))
def test_dcg_options_equal_sklearn(seed, ignore_ties, k, no_sklearn):
    _, gains, scores, weights = _case(seed)
    for log_base in (2, 10, 1.5):
        assert msk.dcg_score(gains, scores, k=k, log_base=log_base, sample_weight=weights,
                             ignore_ties=ignore_ties) == pytest.approx(
            SK['dcg_score'](gains, scores, k=k, log_base=log_base,
                                 sample_weight=weights, ignore_ties=ignore_ties), rel=1e-12)
    assert msk.ndcg_score(gains, scores, k=k, ignore_ties=ignore_ties) == pytest.approx(
        SK['ndcg_score'](gains, scores, k=k, ignore_ties=ignore_ties), rel=1e-12)


def test_hand_computed_values():
    """Tied scores: the maximal rank (LRAP, coverage), pairs scored at least as high
    (ranking loss), the mean gain of the tied group (DCG)."""
    y, s = [[1, 0, 1, 0]], [[0.5, 0.5, 0.2, 0.9]]
    # ranks by decreasing score: 0.9 (1), 0.5 0.5 (3, 3), 0.2 (4)
    assert msk.coverage_error(y, s) == 4.0
    assert msk.label_ranking_average_precision_score(y, s) == pytest.approx((1 / 3 + 2 / 4) / 2)
    # pairs (true, false): (0, 1) tied: wrong; (0, 3), (2, 1), (2, 3) wrong: 4 of 4
    assert msk.label_ranking_loss(y, s) == 1.0
    # DCG: 0.9 first (gain 0), the tie (1 + 0) / 2 at ranks 2 and 3, then 1 at rank 4
    expected = 0.5 * (1 / np.log2(3) + 1 / np.log2(4)) + 1 / np.log2(5)
    assert msk.dcg_score(y, s) == pytest.approx(expected, rel=1e-14)


@pytest.mark.parametrize("fmt", ["csr", "csc", "coo"])
@pytest.mark.parametrize("name", SPARSE)
def test_sparse_indicator_equals_sklearn(name, fmt, no_sklearn):
    y, _, scores, weights = _case(3)
    sparse = sp.csr_matrix(y).asformat(fmt)
    expected = SK[name](y, scores, sample_weight=weights)
    assert getattr(msk, name)(sparse, scores, sample_weight=weights) == pytest.approx(
        expected, rel=1e-12)
    assert getattr(msk, name)(sp.csr_array(y), scores) == pytest.approx(
        SK[name](y, scores), rel=1e-12)


@pytest.mark.parametrize("name", ALL)
def test_inputs_scikit_learn_computes_are_its_own(name):
    """One label column, labels other than 0 and 1, negative weights, NaN scores, a
    sparse matrix where scikit-learn takes none: scikit-learn's value or error."""
    y, gains, scores, weights = _case(5)
    y_true = _target(name, y, gains)
    cases = [
        (y_true[:, :1], scores[:, :1], None),
        (2 * y_true, scores, None),
        (y_true, scores, -weights),
        (y_true, np.where(scores > 0.5, np.nan, scores), None),
        (y_true, scores[:, :-1], None),
        (sp.csr_matrix(y_true), scores, None),
        (y_true[:0], scores[:0], None),
        (y_true[:, 0], scores[:, 0], None),
    ]
    for t, s, w in cases:
        outcomes = []
        for function in (getattr(msk, name), SK[name]):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                try:
                    outcomes.append(function(t, s, sample_weight=w))
                except Exception as error:  # noqa: BLE001 - the type and message compared
                    outcomes.append((type(error).__name__, str(error)))
        if isinstance(outcomes[1], float):
            assert outcomes[0] == pytest.approx(outcomes[1], rel=1e-12, nan_ok=True)
        else:
            assert outcomes[0] == outcomes[1]


@pytest.mark.parametrize("name", ALL)
def test_properties(name, no_sklearn):
    y, gains, scores, weights = _case(7)
    y_true = _target(name, y, gains)
    function = getattr(msk, name)
    value = function(y_true, scores)
    order = np.random.default_rng(0).permutation(y.shape[0])
    assert function(y_true[order], scores[order]) == pytest.approx(value, rel=1e-12)
    # integer weights are repetitions; zero weights remove; a common factor changes nothing
    counts = np.arange(y.shape[0]) % 3
    repeated = np.repeat(np.arange(y.shape[0]), counts)
    assert function(y_true, scores, sample_weight=counts) == pytest.approx(
        function(y_true[repeated], scores[repeated]), rel=1e-12)
    kept = counts > 0
    assert function(y_true, scores, sample_weight=kept.astype(float)) == pytest.approx(
        function(y_true[kept], scores[kept]), rel=1e-12)
    assert function(y_true, scores, sample_weight=weights * 1e-3) == pytest.approx(
        function(y_true, scores, sample_weight=weights), rel=1e-12)
    # containers and dtypes: lists, DataFrames, booleans, float32 scores, read-only arrays
    assert function(y_true.tolist(), scores.tolist()) == pytest.approx(value, rel=1e-12)
    assert function(pd.DataFrame(y_true), pd.DataFrame(scores)) == pytest.approx(value,
                                                                               rel=1e-12)
    if name not in GAINS:
        assert function(y_true.astype(bool), scores) == pytest.approx(value, rel=1e-12)
    assert function(y_true, scores.astype(np.float32)) == pytest.approx(value, rel=1e-12)
    before = [a.copy() for a in (y_true, scores, weights)]
    for a in (y_true, scores, weights):
        a.flags.writeable = False
    function(y_true, scores, sample_weight=weights)
    for b, a in zip(before, (y_true, scores, weights)):
        np.testing.assert_array_equal(a, b)


@pytest.mark.parametrize("name", ALL)
def test_the_library_wide_mistakes(name):
    y, gains, scores, _ = _case(1, n=6)
    y_true = _target(name, y, gains).astype(object)
    y_true[0, 0] = None
    with pytest.raises(TypeError):
        getattr(msk, name)(y_true, scores)
    with pytest.raises(ValueError, match="sample_weight"):
        getattr(msk, name)(_target(name, y, gains), scores,
                           sample_weight=np.r_[np.nan, np.ones(5)])
    with pytest.raises(ValueError, match="masked"):
        getattr(msk, name)(np.ma.array(_target(name, y, gains), mask=np.eye(6, dtype=bool)),
                           scores)


def test_unsigned_scores_rank_as_numbers():
    """scikit-learn negates the scores of LRAP (unsigned integers wrap: 0 becomes the
    highest); metrics_sk ranks the numbers."""
    y, s = np.array([[1, 0, 0]]), np.array([[0, 1, 2]], dtype=np.uint8)
    assert msk.label_ranking_average_precision_score(y, s) == pytest.approx(1 / 3)
    assert skm.label_ranking_average_precision_score(y, s.astype(float)) == pytest.approx(1 / 3)


def test_row_blocks_give_the_same_values(monkeypatch, no_sklearn):
    """Rows sorted in blocks (a small block forced here) give the one-block values."""
    y, gains, scores, weights = _case(11, n=50)
    whole = {name: getattr(msk, name)(_target(name, y, gains), scores) for name in ALL}
    monkeypatch.setattr(_label_ranking, "_BLOCK", 7 * y.shape[1])
    for name in ALL:
        assert getattr(msk, name)(_target(name, y, gains), scores) == pytest.approx(
            whole[name], rel=1e-12)
