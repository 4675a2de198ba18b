"""classification_report: scikit-learn's text, dict and warnings, from one Confusion."""

import re
import warnings

import numpy as np
import pytest
import sklearn.metrics as skm

import metrics_sk as msk

_NUMBER = re.compile(r"-?\d+\.\d+(?:e[-+]\d+)?|nan")


def _both(args, kwargs):
    """(result, warnings) of scikit-learn's and metrics_sk's classification_report."""
    outcomes = []
    for function in (skm.classification_report, msk.classification_report):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            result = function(*args, **kwargs)
        outcomes.append((result, [(w.category, str(w.message)) for w in caught]))
    return outcomes


def _same_up_to_rounding(a, b, exact):
    """Equal text (or dict repr); with weights the sums may differ in the last bit."""
    a, b = str(a), str(b)
    if exact:
        assert a == b
        return
    assert _NUMBER.sub("#", a) == _NUMBER.sub("#", b)
    np.testing.assert_allclose([float(v) for v in _NUMBER.findall(a)],
                               [float(v) for v in _NUMBER.findall(b)], rtol=1e-12)


@pytest.mark.parametrize("seed", range(60))
def test_random_cases_match_scikit_learn(seed):
    rng = np.random.default_rng(seed)
    k, n = int(rng.integers(1, 8)), int(rng.integers(1, 60))
    y, pred = rng.integers(0, k, n), rng.integers(0, k, n)
    kwargs = {}
    if seed % 3 == 0:
        kwargs["sample_weight"] = rng.random(n) * 3
    if seed % 4 == 1:
        kwargs["labels"] = rng.permutation(k + 2)[:int(rng.integers(1, k + 2))]
    if seed % 5 == 2:
        kwargs["zero_division"] = ("warn", 0.0, 1.0, np.nan)[seed % 4]
    if seed % 2:
        kwargs["digits"] = int(rng.integers(0, 6))
    if seed % 7 == 3:
        y, pred = (np.array([f"product_{v}" for v in a]) for a in (y, pred))
        kwargs.pop("labels", None)
    if seed % 6 == 5:
        kwargs["target_names"] = [f"name {i}" for i in range(
            len(kwargs["labels"]) if "labels" in kwargs else len(np.union1d(y, pred)))]
    for output_dict in (False, True):
        (ref, ref_warnings), (ours, our_warnings) = _both((y, pred), {
            **kwargs, "output_dict": output_dict})
        assert type(ours) is type(ref)
        _same_up_to_rounding(ref, ours, exact="sample_weight" not in kwargs)
        assert our_warnings == ref_warnings


def test_docstring_example_and_labels_superset():
    y_pred, y_true = [1, 1, 0], [1, 1, 1]
    expected = skm.classification_report(y_true, y_pred, labels=[1, 2, 3],
                                         zero_division=0.0)
    assert "micro avg" in expected
    assert msk.classification_report(y_true, y_pred, labels=[1, 2, 3],
                                     zero_division=0.0) == expected


def test_target_names_mismatch():
    with pytest.raises(ValueError, match="Number of classes, 2, does not match size of "
                                         "target_names, 3"):
        msk.classification_report([0, 1], [0, 1], target_names=["a", "b", "c"])
    (_, ref_warnings), (_, our_warnings) = _both(([0, 1], [0, 1]), {
        "labels": [0, 1], "target_names": ["a", "b", "c"]})
    assert our_warnings == ref_warnings and len(our_warnings) == 1


@pytest.mark.parametrize("kwargs, error", [
    ({"digits": -1}, ValueError), ({"output_dict": "yes"}, ValueError),
    ({"zero_division": 2}, ValueError)])
def test_parameter_errors_are_scikit_learns(kwargs, error):
    with pytest.raises(error) as ref:
        skm.classification_report([0, 1], [0, 1], **kwargs)
    with pytest.raises(error) as ours:
        msk.classification_report([0, 1], [0, 1], **kwargs)
    assert str(ours.value) == str(ref.value)


def test_multilabel_is_handed_to_scikit_learn():
    y = np.array([[1, 0, 1], [0, 1, 0], [1, 1, 0]])
    pred = np.array([[1, 0, 0], [0, 1, 0], [1, 0, 1]])
    assert msk.classification_report(y, pred, zero_division=0) == \
        skm.classification_report(y, pred, zero_division=0)


def test_bad_labels_raise_naming_the_argument():
    with pytest.raises(ValueError, match="y_true"):
        msk.classification_report([0, np.nan], [0, 1])


def test_supports_are_floats_when_nothing_is_right():
    """Regression: scikit-learn's per-class supports are floats when no sample is
    predicted right (the report printed "0" where scikit-learn prints "0.0")."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for labels in (None, [0]):
            ref = skm.precision_recall_fscore_support([0, 1], [1, 0], labels=labels)[3]
            ours = msk.precision_recall_fscore_support([0, 1], [1, 0], labels=labels)[3]
            assert ours.dtype == ref.dtype and np.array_equal(ours, ref)
        assert msk.classification_report([0, 1], [1, 0]) == \
            skm.classification_report([0, 1], [1, 0])
