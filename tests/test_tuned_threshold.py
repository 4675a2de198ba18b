"""TunedThresholdClassifierCV with a metrics_sk scorer tunes the same threshold as with
scikit-learn's scorer (breast cancer, logistic regression, 5 folds, 100 thresholds).

TunedThresholdClassifierCV calls the scorer's function once per threshold and fold (on
the class labels predicted at that threshold); a metrics_sk scorer replaces that call,
so the objective curve, ``best_threshold_`` and ``best_score_`` must be scikit-learn's.
``benchmarks/bench_thresholds.py --case tuned`` measures the time saved.
"""

import numpy as np
import pytest
import sklearn.metrics as skm
from sklearn.datasets import load_breast_cancer
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import TunedThresholdClassifierCV
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

import metrics_sk as msk


def recall_at_precision_brute(y_true, y_score, min_precision=0.9):
    """The largest recall where the precision reaches ``min_precision``, by trying every
    distinct score as threshold (0.0 where none does)."""
    y_true, y_score = np.asarray(y_true), np.asarray(y_score)
    best = 0.0
    for t in np.unique(y_score):
        predicted = y_score >= t
        tp = np.sum(predicted & (y_true == 1))
        fp = np.sum(predicted & (y_true == 0))
        if tp / (tp + fp) >= min_precision:
            best = max(best, tp / np.sum(y_true == 1))
    return best


SCORERS = {
    "f1": (skm.get_scorer("f1"), msk.make_scorer(msk.f1_score)),
    "balanced_accuracy": (skm.get_scorer("balanced_accuracy"),
                          msk.make_scorer(msk.balanced_accuracy_score)),
    "recall_at_precision_90": (skm.make_scorer(recall_at_precision_brute, min_precision=0.9),
                               msk.get_scorer("recall_at_precision_90")),
}


@pytest.fixture(scope="module")
def data():
    return load_breast_cancer(return_X_y=True)


def _tuned(scoring, X, y):
    model = make_pipeline(StandardScaler(), LogisticRegression())
    return TunedThresholdClassifierCV(model, scoring=scoring, cv=5,
                                      store_cv_results=True).fit(X, y)


@pytest.mark.parametrize("name", sorted(SCORERS))
def test_same_threshold_as_sklearn(name, data):
    X, y = data
    theirs, ours = (_tuned(scorer, X, y) for scorer in SCORERS[name])
    assert ours.best_threshold_ == theirs.best_threshold_
    assert ours.best_score_ == pytest.approx(theirs.best_score_, rel=1e-12)
    np.testing.assert_allclose(ours.cv_results_["scores"], theirs.cv_results_["scores"],
                               rtol=1e-12, atol=1e-12)
    assert 0.0 < ours.best_threshold_ < 1.0
    np.testing.assert_array_equal(ours.predict(X), theirs.predict(X))


def test_brute_force_reference_is_recall_at_precision():
    """The reference of the operating point agrees with metrics_sk on scores (not only on
    the 0/1 labels TunedThresholdClassifierCV passes)."""
    rng = np.random.default_rng(0)
    y = (rng.random(200) < 0.4).astype(int)
    score = np.round(0.5 * y + rng.random(200), 2)
    assert msk.recall_at_precision(y, score, min_precision=0.9) == pytest.approx(
        recall_at_precision_brute(y, score, 0.9))
