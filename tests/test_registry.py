"""The registry of metrics: complete, consistent, and the first metric added through it.

``geometric_mean_score`` was added by writing its formula in ``_counts`` and one registry
entry; it is checked here against imbalanced-learn's own ``geometric_mean_score``.
"""

import inspect
import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from imblearn.metrics import geometric_mean_score as imblearn_gmean
from sklearn.metrics import get_scorer_names as sklearn_scorer_names

import metrics_sk as msk
from metrics_sk import _counts
from metrics_sk._registry import METRICS, SCORER_NAMES, resolve

from test_common import NOT_METRICS, PENDING


def unregistered(exported, registry, not_metrics):
    """Exported callables that are neither metrics of the registry nor known non-metrics."""
    return sorted(exported - set(registry) - not_metrics)


def test_every_public_metric_is_registered():
    exported = {name for name in msk.__all__ if callable(getattr(msk, name))}
    assert unregistered(exported, METRICS, NOT_METRICS | PENDING) == []
    for name, metric in METRICS.items():
        assert getattr(msk, name) is metric.function, name
        assert name in msk.__all__, name


def test_the_meta_test_can_fail():
    assert unregistered({"f1_score", "new_metric"}, METRICS, set()) == ["new_metric"]


def test_count_metrics_are_formulas_and_methods():
    counted = {name for name, m in METRICS.items() if m.count}
    assert counted == set(_counts.FORMULAS)
    for name in counted:
        method = getattr(msk.Confusion, name)  # declared in the class, calling the formula
        assert method.__doc__ == _counts.FORMULAS[name].__doc__, name
        options = list(inspect.signature(METRICS[name].formula).parameters)[1:]
        public = list(inspect.signature(METRICS[name].function).parameters)
        assert set(options) <= set(public), name


def test_scorer_names_are_unique_and_never_scikit_learns():
    names = [s for m in METRICS.values() for s in m.scorers]
    assert len(names) == len(set(names)) == len(SCORER_NAMES)
    assert not set(names) & set(sklearn_scorer_names())
    for name, (metric, _) in SCORER_NAMES.items():
        assert name.startswith("neg_") != metric.greater_is_better, name


def test_resolve_names_functions_and_scorer_names():
    assert resolve("macro_fscore") is METRICS["macro_fbeta_score"]
    assert resolve("f1_score") is METRICS["f1_score"]
    assert resolve(msk.geometric_mean_score) is METRICS["geometric_mean_score"]
    assert resolve(len) is None
    with pytest.raises(ValueError, match="'macro_fbeta_score'"):
        resolve("macro_fbeta_scor")


# -- geometric_mean_score, added through the registry -----------------------------------------
def _both(y_true, y_pred, **kwargs):
    out = []
    for f in (msk.geometric_mean_score, imblearn_gmean):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                out.append(np.asarray(f(y_true, y_pred, **kwargs), dtype=float))
            except ValueError:
                out.append(ValueError)
    return out


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_geometric_mean_equals_imbalanced_learn(data):
    k = data.draw(st.integers(2, 5))
    n = data.draw(st.integers(1, 40))
    y_true = np.array(data.draw(st.lists(st.integers(0, k - 1), min_size=n, max_size=n)))
    y_pred = np.array(data.draw(st.lists(st.integers(0, k - 1), min_size=n, max_size=n)))
    average = data.draw(st.sampled_from(["multiclass", "macro", "micro", "weighted", None,
                                         "binary"]))
    kwargs = {"average": average}
    if average == "multiclass":
        kwargs["correction"] = data.draw(st.sampled_from([0.0, 0.001, 0.5]))
        if data.draw(st.booleans()):  # integer weights: weight sums, as imbalanced-learn
            kwargs["sample_weight"] = data.draw(st.lists(st.integers(1, 5), min_size=n,
                                                         max_size=n))
    ours, theirs = _both(y_true, y_pred, **kwargs)
    if theirs is ValueError:
        assert ours is ValueError
    else:
        np.testing.assert_allclose(ours, theirs, rtol=1e-12, atol=1e-15)


def test_geometric_mean_by_hand():
    y_true, y_pred = [0, 1, 2, 0, 1, 2], [0, 2, 1, 0, 0, 1]
    # recalls 1, 0, 0: the G-mean is 0, or (1 * c * c) ** (1/3) with a correction c
    assert msk.geometric_mean_score(y_true, y_pred) == 0.0
    assert msk.geometric_mean_score(y_true, y_pred, correction=0.001) == pytest.approx(
        (1 * 0.001 * 0.001) ** (1 / 3), rel=1e-12)
    # binary: sqrt(TPR * TNR) = sqrt(2/3 * 1/2)
    assert msk.geometric_mean_score([1, 1, 1, 0, 0], [1, 1, 0, 0, 1], average="binary") == (
        pytest.approx(np.sqrt(2 / 3 * 1 / 2), rel=1e-12))


def test_geometric_mean_is_everything_a_count_metric_is():
    y_true, y_pred = [0, 1, 2, 0, 1, 2, 2], [0, 2, 1, 0, 0, 1, 2]
    c = msk.Confusion.from_predictions(y_true, y_pred)
    value = msk.geometric_mean_score(y_true, y_pred, average="macro")
    assert c.geometric_mean_score(average="macro") == value
    assert "geometric_mean_macro" in msk.get_scorer_names()
    result = msk.bootstrap("geometric_mean_macro", y_true, y_pred, n_resamples=20,
                           random_state=0)
    assert result.bootstrap_distribution.shape == (20,)
    with pytest.raises(ValueError, match="correction"):
        msk.geometric_mean_score(y_true, y_pred, correction=-1)


def test_the_geometric_mean_property_can_fail(monkeypatch):
    """A geometric mean that leaves out the last sample (an off-by-one slice) fails the
    property against imbalanced-learn (hypothesis finds a counterexample)."""
    real = msk.geometric_mean_score

    def off_by_one(y_true, y_pred, sample_weight=None, **kwargs):
        weights = None if sample_weight is None else sample_weight[:-1]
        return real(y_true[:-1], y_pred[:-1], sample_weight=weights, **kwargs)

    monkeypatch.setattr(msk, "geometric_mean_score", off_by_one)
    with pytest.raises((AssertionError, ExceptionGroup)) as raised:
        test_geometric_mean_equals_imbalanced_learn()
    # (hypothesis may also find one sample, sliced to none: a ValueError against a value)
    if isinstance(raised.value, ExceptionGroup):
        assert raised.value.subgroup(AssertionError) is not None
