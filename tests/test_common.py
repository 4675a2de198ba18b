"""Properties shared by every metric, in the style of scikit-learn's metrics/tests/test_common.py.

Every metric configuration is listed ONCE as data (``COUNT_METRICS``, ``SCORE_METRICS``:
name -> callable with fixed keyword arguments); what a public function can do is listed
once in the capability registries below (keyed by the function's public name); the tests
check properties over all of them, and the meta-tests check that every public callable in
``metrics_sk.__all__`` is classified and that the registries agree with the signatures.
"""

import inspect
import warnings
from functools import partial

import numpy as np
import pandas as pd
import pytest
from numpy.testing import assert_allclose, assert_array_equal
from sklearn.exceptions import UndefinedMetricWarning

import sklearn.metrics as skm

import metrics_sk as msk
from metrics_sk._registry import METRICS

# -- the metrics, once ------------------------------------------------------------------------
#: Every metric of the registry with its defaults (when it has defaults for every
#: option), and the extra configurations below.
def _callable_with_defaults(function):
    return all(p.default is not p.empty for p in
               list(inspect.signature(function).parameters.values())[2:])


#: Defaults that do not fit the common properties: they are tested through a configuration.
_CONFIGURED_ONLY = {
    "precision_recall_fscore_support",  # average=None returns the supports: weight sums
    "roc_auc_score",  # multi_class="raise" refuses multi-class targets, as scikit-learn's
}
#: Metrics of one binary score column (1-D ``y_score``), which the score data here (a
#: column per class of a multi-class target) does not fit: the operating points, whose
#: properties (order, weights as repetition, zero weights as removal, label types,
#: containers) tests/test_thresholds.py checks.
BINARY_SCORES = {name for name, m in METRICS.items()
                 if m.takes == "scores" and m.binary_only and not m.count}
_CONFIGURED_ONLY |= BINARY_SCORES
#: Metrics of a label indicator matrix (the multilabel ranking drop-ins), which the class
#: labels here do not fit: their properties (order, weights as repetition, zero weights
#: as removal, containers, inputs unchanged) are checked in tests/test_label_ranking.py.
INDICATOR_TARGETS = {name for name, m in METRICS.items() if m.target == "indicator"}
_CONFIGURED_ONLY |= INDICATOR_TARGETS
REGISTRY_COUNT = {name: m.function for name, m in METRICS.items()
                  if m.count and _callable_with_defaults(m.function)
                  and name not in _CONFIGURED_ONLY}
REGISTRY_SCORE = {name: (m.function, "proba" if m.takes == "probabilities" else "decision")
                  for name, m in METRICS.items() if not m.count and name not in _CONFIGURED_ONLY}

#: Count metrics: callable(y_true, y_pred, **kwargs), computed from a Confusion.
COUNT_METRICS = {
    **REGISTRY_COUNT,
    # scikit-learn drop-ins
    "unnormalized_accuracy_score": partial(msk.accuracy_score, normalize=False),
    "adjusted_balanced_accuracy_score": partial(msk.balanced_accuracy_score, adjusted=True),
    "normalized_confusion_matrix": partial(msk.confusion_matrix, normalize="true"),
    "precision_recall_fscore_support_macro": partial(msk.precision_recall_fscore_support,
                                                     average="macro"),
    "f2_score": partial(msk.fbeta_score, beta=2),
    "f1_score_micro": partial(msk.f1_score, average="micro"),
    "f1_score_macro": partial(msk.f1_score, average="macro"),
    "f1_score_weighted": partial(msk.f1_score, average="weighted"),
    "f1_score_per_class": partial(msk.f1_score, average=None),
    "f0.5_score_macro": partial(msk.fbeta_score, beta=0.5, average="macro"),
    "precision_score_macro": partial(msk.precision_score, average="macro"),
    "recall_score_weighted": partial(msk.recall_score, average="weighted"),
    "linear_kappa": partial(msk.cohen_kappa_score, weights="linear"),
    "quadratic_kappa": partial(msk.cohen_kappa_score, weights="quadratic"),
    "unnormalized_zero_one_loss": partial(msk.zero_one_loss, normalize=False),
    # oneDAL
    "micro_f2_score": partial(msk.micro_fbeta_score, beta=2),
    "macro_f2_score": partial(msk.macro_fbeta_score, beta=2),
    "specificity_score_macro": partial(msk.specificity_score, average="macro"),
    "specificity_score_weighted": partial(msk.specificity_score, average="weighted"),
    "balanced_auc_score_macro": partial(msk.balanced_auc_score, average="macro"),
    # imbalanced-learn
    "geometric_mean_score_macro": partial(msk.geometric_mean_score, average="macro"),
    # decisions: the cost matrix (required) over the N_CLASSES labels every entry's data
    # holds, asymmetric (a zero diagonal: perfect predictions cost 0)
    "expected_cost": partial(msk.expected_cost, cost_matrix=np.abs(
        np.subtract.outer(np.arange(4), np.arange(4))) + np.eye(4, k=1)),
}

#: Score metrics: callable(y_true, y_score, **kwargs), and the kind of y_score they take:
#: "proba" (rows of class probabilities) or "decision" (raw per-class scores).
SCORE_METRICS = {
    **REGISTRY_SCORE,
    "unnormalized_log_loss": (partial(msk.log_loss, normalize=False), "proba"),
    "log_loss_from_logits": (partial(msk.log_loss, from_logits=True), "decision"),
    "roc_auc_score_ovr": (partial(msk.roc_auc_score, multi_class="ovr"), "proba"),
    "one_vs_all_roc_auc_score_weighted": (
        partial(msk.one_vs_all_roc_auc_score, average="weighted"), "proba"),
    "one_vs_all_pr_auc_score_per_class": (
        partial(msk.one_vs_all_pr_auc_score, average=None), "proba"),
}

ALL_METRICS = {**COUNT_METRICS, **{name: f for name, (f, _) in SCORE_METRICS.items()}}

#: Public callables that are not metrics (builders, result types, tools).
NOT_METRICS = {
    "Confusion", "MultilabelConfusion", "BinaryQualityMetrics", "MulticlassQualityMetrics",
    "MultilabelGroups",
    "quality_report", "QualityReport", "ConfusionDisplay", "RocCurveDisplay",
    "PrecisionRecallDisplay", "DetCurveDisplay", "get_scorer", "get_scorer_names",
    "register_scorers", "StreamingLoss", "bootstrap", "BootstrapResult",
    "StreamingRanking",  # a streaming state of the ranking metrics: test_ranking_state.py
    "confidence_intervals", "analytic_interval", "IntervalResult", "compare",
    "ComparisonResult", "corrected_resampled_ttest", "GroupedConfusion", "metric_frame",
    "MetricFrame", "demographic_parity_difference", "equalized_odds_difference",
    "make_scorer",  # scikit-learn's, re-exported (test_scorers.py)
    # a decomposition into three numbers, not one metric: tests/test_score_decomposition.py
    "score_decomposition", "ScoreDecomposition",
    "ReliabilityDisplay",  # a plot: tests/test_reliability.py
    "classification_report",  # a report (text or dict): test_classification_report.py
    # curves, not metrics (tests/test_curves.py and scikit-learn's test_ranking.py)
    "roc_curve", "precision_recall_curve", "det_curve", "auc",
    "confusion_matrix_at_thresholds",
    # decision curve analysis: a required threshold (or a curve), tests/test_decisions.py
    "net_benefit", "decision_curve",
    # every threshold: a batch of confusions, and any metric at every threshold
    # (tests/test_thresholds.py, scikit-learn's test_ranking.py)
    "ThresholdBatch", "metric_at_thresholds",
    # plots along the threshold (tests/test_threshold_displays.py)
    "MetricThresholdCurveDisplay", "DecisionCurveDisplay",
    # the calibration curve (a curve) and the streamed calibration error, an accumulator
    # (tests/test_calibration.py)
    "calibration_curve", "CalibrationSums",
}
#: Public names whose classification is pending: a name another engineer has just
#: exported lands here until its entries are added above (the meta-test skips them and
#: says which). Empty when every export is classified.
PENDING = set()

# -- capabilities, by public function name: read off the signatures and the registry ----------
def _taking(parameter):
    return {name for name, m in METRICS.items() if name not in BINARY_SCORES
            and name not in INDICATOR_TARGETS
            and parameter in inspect.signature(m.function).parameters}


#: Same name, signature, values, warnings and errors as scikit-learn's (test_dropins.py).
DROPINS = {name for name, m in METRICS.items() if m.family == "sklearn"}
WITH_AVERAGE = _taking("average")
WITH_POS_LABEL = _taking("pos_label")
WITH_LABELS = _taking("labels")
WITH_BETA = _taking("beta")
WITH_ZERO_DIVISION = _taking("zero_division")
WITH_SAMPLE_WEIGHT = _taking("sample_weight")
#: Lower is better (names *_loss, *_rate, *_error; docs/design.rst, Principles).
LOSSES = {name for name, m in METRICS.items() if not m.greater_is_better}

# -- properties of entries -----------------------------------------------------------------------


def _needs_binary(name):
    metric = COUNT_METRICS[name]
    function = metric.func if isinstance(metric, partial) else metric
    keywords = metric.keywords if isinstance(metric, partial) else {}
    average = keywords.get("average", inspect.signature(function).parameters.get("average"))
    average = getattr(average, "default", average)
    return METRICS[function.__name__].binary_only or average == "binary"


#: Entries that need a binary target (average="binary" or a 2 x 2 layout).
BINARY_ONLY = {name for name in COUNT_METRICS if _needs_binary(name)}
#: f(y_true, y_pred) == f(y_pred, y_true): the registry's symmetric metrics (with their
#: defaults) and these configurations.
SYMMETRIC = {name for name, m in METRICS.items() if m.symmetric} | {
    "unnormalized_accuracy_score", "f1_score_micro", "f1_score_macro", "f1_score_per_class",
    "recall_score_weighted", "linear_kappa", "quadratic_kappa", "unnormalized_zero_one_loss",
    "micro_f2_score"}
NOT_SYMMETRIC = set(COUNT_METRICS) - SYMMETRIC
#: Results that scale with the weights (sums); every other result is scale invariant.
WEIGHT_SCALE_DEPENDENT = {"unnormalized_accuracy_score", "unnormalized_zero_one_loss",
                          "confusion_matrix", "binary_confusion_matrix",
                          "unnormalized_log_loss", "multilabel_confusion_matrix"}
#: Unchanged when the classes are renamed by a permutation (the class order changes).
#: Not: binary entries (the positive class changes), per-class results and matrices
#: (permuted), linear / quadratic kappa (distances follow the class order).
LABEL_PERMUTATION_INVARIANT = {
    "accuracy_score", "unnormalized_accuracy_score", "balanced_accuracy_score",
    "adjusted_balanced_accuracy_score", "precision_recall_fscore_support_macro",
    "f1_score_micro", "f1_score_macro", "f1_score_weighted", "f0.5_score_macro",
    "precision_score_macro", "recall_score_weighted", "matthews_corrcoef",
    "cohen_kappa_score", "hamming_loss", "zero_one_loss", "unnormalized_zero_one_loss",
    "average_accuracy_score", "error_rate", "micro_precision_score", "micro_recall_score",
    "micro_fbeta_score", "micro_f2_score", "macro_precision_score", "macro_recall_score",
    "macro_fbeta_score", "macro_f2_score", "multiclass_quality_metrics",
    "specificity_score_macro", "specificity_score_weighted", "balanced_auc_score_macro",
}


def function_name(name):
    """Public name of the function behind an entry."""
    metric = ALL_METRICS[name]
    return (metric.func if isinstance(metric, partial) else metric).__name__


def entries_of(functions, table=ALL_METRICS):
    return sorted(name for name in table if function_name(name) in functions)


# -- data ----------------------------------------------------------------------------------------
N_CLASSES = 4


def class_data(name, n=40, seed=0):
    """Integer labels where the first ``K`` samples hold every class in both y_true and
    y_pred (so dropping any other sample keeps the label set), about 60 % correct."""
    k = 2 if name in BINARY_ONLY else (3 if name in SCORE_METRICS else N_CLASSES)
    rng = np.random.RandomState(seed)
    y_true = np.concatenate((np.arange(k), rng.randint(k, size=n)))
    y_pred = np.where(rng.rand(n + k) < 0.6, y_true, rng.randint(k, size=n + k))
    y_pred[:k] = np.arange(k)
    return y_true, y_pred


def inputs(name, n=40, seed=0):
    """(y_true, second argument) for an entry: predictions, or scores for score metrics."""
    y_true, y_pred = class_data(name, n, seed)
    if name not in SCORE_METRICS:
        return y_true, y_pred
    rng = np.random.RandomState(seed + 1)
    raw = rng.randn(y_true.shape[0], 3) + 1.5 * np.eye(3)[y_pred]
    if SCORE_METRICS[name][1] == "decision":
        return y_true, raw
    proba = np.exp(raw)
    return y_true, proba / proba.sum(axis=1, keepdims=True)


def values(result):
    """A metric's result as one flat float array (tuples without their None parts; oneDAL
    result objects as their metrics, in oneDAL's order)."""
    if hasattr(result, "as_array"):
        return result.as_array().ravel()
    if isinstance(result, tuple):
        return np.concatenate([np.ravel(np.asarray(v, dtype=float)) for v in result
                               if v is not None])
    return np.ravel(np.asarray(result, dtype=float))


def call(name, y_true, second, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UndefinedMetricWarning)
        return values(ALL_METRICS[name](y_true, second, **kwargs))


def assert_same(a, b, name):
    assert_allclose(a, b, rtol=1e-12, atol=1e-14, equal_nan=True, err_msg=name)


def is_dropin_entry(name):
    """A drop-in called with keywords scikit-learn's function has."""
    if function_name(name) not in DROPINS:
        return False
    metric = ALL_METRICS[name]
    keywords = metric.keywords if isinstance(metric, partial) else {}
    return set(keywords) <= set(inspect.signature(getattr(skm, function_name(name))).parameters)


def assert_like_sklearn(name, *args, **kwargs):
    """A drop-in entry does what scikit-learn's function with the same keywords does: the
    same values, or a ValueError in both."""
    metric = ALL_METRICS[name]
    keywords = metric.keywords if isinstance(metric, partial) else {}
    outcomes = []
    for f in (metric, partial(getattr(skm, function_name(name)), **keywords)):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                outcomes.append(values(f(*args, **kwargs)))
            except ValueError:
                outcomes.append(ValueError)
    if outcomes[1] is ValueError:
        assert outcomes[0] is ValueError, name
    else:
        assert_same(outcomes[0], outcomes[1], name)


def pos_kwargs(name, pos_label):
    """``pos_label`` for the binary entries (elsewhere it would be ignored, with a warning)."""
    binary = name in BINARY_ONLY and function_name(name) in WITH_POS_LABEL
    return {"pos_label": pos_label} if binary else {}


# -- meta-tests -----------------------------------------------------------------------------------
def test_every_public_callable_is_classified():
    functions = {function_name(name) for name in ALL_METRICS}
    exported = {name for name in msk.__all__ if callable(getattr(msk, name))}
    unclassified = (exported - functions - NOT_METRICS - PENDING - BINARY_SCORES
                    - INDICATOR_TARGETS)
    assert not unclassified, f"classify these in tests/test_common.py: {sorted(unclassified)}"
    assert not (functions | NOT_METRICS) - set(msk.__all__), "stale registry entries"
    assert not PENDING & (functions | NOT_METRICS)
    if PENDING & exported:
        pytest.skip(f"classification pending for {sorted(PENDING & exported)}")


@pytest.mark.parametrize("registry, parameter", [
    (WITH_AVERAGE, "average"), (WITH_POS_LABEL, "pos_label"), (WITH_LABELS, "labels"),
    (WITH_BETA, "beta"), (WITH_ZERO_DIVISION, "zero_division"),
    (WITH_SAMPLE_WEIGHT, "sample_weight"),
])
def test_capability_registries_match_signatures(registry, parameter):
    functions = {function_name(name) for name in ALL_METRICS}
    takes = {f for f in functions if parameter in inspect.signature(getattr(msk, f)).parameters}
    assert registry == takes


def test_property_registries_are_consistent():
    assert SYMMETRIC <= set(COUNT_METRICS) and BINARY_ONLY <= set(COUNT_METRICS)
    assert not LABEL_PERMUTATION_INVARIANT & BINARY_ONLY
    assert WEIGHT_SCALE_DEPENDENT <= set(ALL_METRICS)
    assert LABEL_PERMUTATION_INVARIANT <= set(COUNT_METRICS)
    for name in ALL_METRICS:
        f = function_name(name)
        # fairlearn's selection_rate is a rate, neither better nor worse when higher
        assert (f in LOSSES) == (f.endswith(("_loss", "_rate", "_error", "_cost"))
                                 and f != "selection_rate"), f
    cases = [names for _, names in UNDEFINED_INPUT.values()]
    assert sum(map(len, cases)) == len(set().union(*cases))  # each entry in one case
    assert set().union(*cases) <= set(entries_of(WITH_ZERO_DIVISION, COUNT_METRICS))


# -- invariances ----------------------------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(ALL_METRICS))
def test_sample_order_invariance(name):
    y_true, second = inputs(name)
    order = np.random.RandomState(1).permutation(y_true.shape[0])
    assert_same(call(name, y_true[order], second[order]), call(name, y_true, second), name)


@pytest.mark.parametrize("name", sorted(ALL_METRICS))
def test_list_array_series_give_the_same(name):
    y_true, second = inputs(name)
    expected = call(name, y_true, second)
    as_list = second.tolist() if second.ndim == 1 else second
    assert_same(call(name, y_true.tolist(), as_list), expected, name)
    as_series = pd.Series(second) if second.ndim == 1 else second
    assert_same(call(name, pd.Series(y_true), as_series), expected, name)


@pytest.mark.parametrize("name", sorted(ALL_METRICS))
def test_string_labels_same_as_int(name):
    y_true, second = inputs(name)
    names = np.array(["class a", "class b", "class c", "class d"])  # same sorted order
    expected = call(name, y_true, second, **pos_kwargs(name, 1))
    as_str = names[second] if name not in SCORE_METRICS else second
    assert_same(call(name, names[y_true], as_str, **pos_kwargs(name, "class b")), expected,
                name)
    as_obj = as_str.astype(object) if name not in SCORE_METRICS else second
    assert_same(call(name, names[y_true].astype(object), as_obj,
                     **pos_kwargs(name, "class b")), expected, name)


def _weights(n, seed=2, zeros=True):
    w = np.random.RandomState(seed).randint(0 if zeros else 1, 4, size=n)
    w[:N_CLASSES] = np.maximum(w[:N_CLASSES], 1)  # the samples holding every class stay
    return w


@pytest.mark.parametrize("name", sorted(ALL_METRICS))
def test_integer_weight_is_repetition(name):
    y_true, second = inputs(name)
    w = _weights(y_true.shape[0], zeros=False)
    repeated = call(name, np.repeat(y_true, w), np.repeat(second, w, axis=0))
    assert_same(call(name, y_true, second, sample_weight=w), repeated, name)


@pytest.mark.parametrize("name", sorted(ALL_METRICS))
def test_zero_weight_is_removal(name):
    y_true, second = inputs(name)
    w = _weights(y_true.shape[0]).astype(float) * 0.75
    kept = w > 0
    assert not kept.all()
    assert_same(call(name, y_true, second, sample_weight=w),
                call(name, y_true[kept], second[kept], sample_weight=w[kept]), name)


@pytest.mark.parametrize("name", sorted(ALL_METRICS))
def test_weight_scaling(name):
    y_true, second = inputs(name)
    w = np.random.RandomState(3).uniform(0.1, 2.0, size=y_true.shape[0])
    base = call(name, y_true, second, sample_weight=w)
    scaled = call(name, y_true, second, sample_weight=2.5 * w)
    factor = 2.5 if name in WEIGHT_SCALE_DEPENDENT else 1.0
    assert_same(scaled, factor * base, name)
    if name in WEIGHT_SCALE_DEPENDENT:
        assert not np.allclose(scaled, base)


PERMUTATION = np.array([2, 0, 3, 1])


@pytest.mark.parametrize("name", sorted(LABEL_PERMUTATION_INVARIANT))
def test_label_permutation_invariance(name):
    y_true, y_pred = inputs(name)
    expected = call(name, y_true, y_pred)
    assert_same(call(name, PERMUTATION[y_true], PERMUTATION[y_pred]), expected, name)


@pytest.mark.parametrize("name", entries_of(WITH_LABELS))
def test_relabeling_with_labels_follows(name):
    """Renaming the classes, and passing the renamed ``labels=`` (and ``pos_label``),
    gives the same result: every result follows the order of ``labels``."""
    y_true, second = inputs(name)
    k = 2 if name in BINARY_ONLY else (3 if name in SCORE_METRICS else N_CLASSES)
    rename = np.array([7, -3, 10, 4])[:k]  # a new, differently sorted set of names
    if name in SCORE_METRICS:  # score columns follow the sorted labels: they move too
        order = np.argsort(rename)  # sorted new label j is old class order[j]
        expected = call(name, y_true, second, labels=np.arange(k))
        relabeled = call(name, rename[y_true], second[:, order], labels=rename[order])
        assert_same(relabeled, expected[order] if expected.size > 1 else expected, name)
        return
    labels = np.arange(k)[::-1]
    expected = call(name, y_true, second, labels=labels, **pos_kwargs(name, 1))
    relabeled = call(name, rename[y_true], rename[second], labels=rename[labels],
                     **pos_kwargs(name, rename[1]))
    assert_same(relabeled, expected, name)


@pytest.mark.parametrize("name", sorted(SYMMETRIC))
def test_symmetric(name):
    y_true, y_pred = inputs(name)
    assert_same(call(name, y_pred, y_true), call(name, y_true, y_pred), name)


@pytest.mark.parametrize("name", sorted(NOT_SYMMETRIC))
def test_not_symmetric(name):
    y_true, y_pred = inputs(name)
    y_pred = y_pred.copy()
    y_pred[y_pred.shape[0] // 2:] = 0  # fewer predictions of the other classes
    assert not np.allclose(call(name, y_pred, y_true), call(name, y_true, y_pred)), name


#: The best value where it is not 1 (scores) or 0 (losses).
OPTIMUM = {"unnormalized_accuracy_score": 4 + 40,  # the number of samples
           "multiclass_quality_metrics": [1, 0, 1, 1, 1, 1, 1, 1],  # error_rate is second
           "confusion_matrix": np.diag(np.bincount(class_data("confusion_matrix")[0])).ravel(),
           "normalized_confusion_matrix": np.eye(N_CLASSES).ravel(),
           "selection_rate": np.mean(class_data("selection_rate")[0] == 1),
           # LR+ of perfect predictions divides by fp = 0: NaN (scikit-learn's); LR- is 0
           "class_likelihood_ratios": [np.nan, 0.0],
           "binary_confusion_matrix": [np.sum(class_data("binary_confusion_matrix")[0]), 0, 0,
                                       np.sum(1 - class_data("binary_confusion_matrix")[0])],
           # per class [[tn, fp], [fn, tp]]: its samples right, every other sample a tn
           "multilabel_confusion_matrix": np.reshape([
               [len(y) - n_k, 0, 0, n_k] for y in [class_data("multilabel_confusion_matrix")[0]]
               for n_k in np.bincount(y)], -1)}


@pytest.mark.parametrize("name", sorted(COUNT_METRICS))
def test_perfect_predictions_are_optimal(name):
    y_true, _ = inputs(name)
    result = call(name, y_true, y_true, **pos_kwargs(name, 1))
    expected = OPTIMUM.get(name, 0.0 if function_name(name) in LOSSES else 1.0)
    assert_same(result, np.broadcast_to(expected, result.shape), name)


@pytest.mark.parametrize("name", sorted(COUNT_METRICS))
def test_confusion_method_is_the_function(name):
    """Every count metric is also a Confusion method: build, then call (one definition)."""
    metric = COUNT_METRICS[name]
    kwargs = dict(metric.keywords) if isinstance(metric, partial) else {}
    y_true, y_pred = inputs(name)
    w = np.random.RandomState(4).uniform(0.5, 2, size=y_true.shape[0])
    c = msk.Confusion.from_predictions(y_true, y_pred, sample_weight=w)
    method = getattr(c, function_name(name))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UndefinedMetricWarning)
        assert_same(values(method(**kwargs)), call(name, y_true, y_pred, sample_weight=w), name)
        # (expected_cost's labels= indexes its cost matrix and must hold every label of
        # the data: tests/test_decisions.py)
        if (function_name(name) in WITH_LABELS and name not in BINARY_ONLY
                and name != "expected_cost"):
            subset = [3, 0, 9]  # a class selection in a given order, with an unseen class
            if "confusion_matrix" in name or "kappa" in name:
                subset = [3, 0]
            assert_same(values(method(labels=subset, **kwargs)),
                        call(name, y_true, y_pred, sample_weight=w, labels=subset), name)


@pytest.mark.parametrize("name", sorted(ALL_METRICS))
def test_inputs_are_not_modified(name):
    y_true, second = inputs(name)
    w = np.random.RandomState(5).uniform(0.5, 2, size=y_true.shape[0])
    saved = [a.copy() for a in (y_true, second, w)]
    for a in (y_true, second, w):
        a.flags.writeable = False  # writing in place would raise
    call(name, y_true, second, sample_weight=w)
    for before, after in zip(saved, (y_true, second, w)):
        assert_array_equal(before, after)


# -- bad input -------------------------------------------------------------------------------------
def _second_name(name):
    return list(inspect.signature(getattr(msk, function_name(name))).parameters)[1]


@pytest.mark.parametrize("name", sorted(ALL_METRICS))
def test_empty_input_raises(name):
    y_true, second = inputs(name)
    with pytest.raises(ValueError, match="empty|0 sample"):
        ALL_METRICS[name](y_true[:0], second[:0])


@pytest.mark.parametrize("where", ["y_true", "second"])
@pytest.mark.parametrize("bad", [np.nan, np.inf])
@pytest.mark.parametrize("name", sorted(ALL_METRICS))
def test_nan_and_inf_input_raise_naming_the_argument(name, bad, where):
    y_true, second = inputs(name)
    y_true, second = y_true.astype(float), second.astype(float)
    (y_true if where == "y_true" else second)[5] = bad
    if is_dropin_entry(name) and name in SCORE_METRICS:
        assert_like_sklearn(name, y_true, second)  # scikit-learn's behaviour and message
        return
    # count metrics name their arguments y_true and y_pred (also kappa's y1 and y2, as
    # scikit-learn's messages do)
    argument = "y_true" if where == "y_true" else (
        "y_pred" if name in COUNT_METRICS else _second_name(name))
    what = "NaN" if np.isnan(bad) else "infinity"
    with pytest.raises(ValueError, match=f"{argument} contains {what}"):
        ALL_METRICS[name](y_true, second)


@pytest.mark.parametrize("name", sorted(ALL_METRICS))
def test_mismatched_lengths_raise(name):
    y_true, second = inputs(name)
    with pytest.raises(ValueError, match="inconsistent numbers of samples"):
        ALL_METRICS[name](y_true[:-1], second)
    with pytest.raises(ValueError, match="inconsistent numbers of samples|sample_weight"):
        ALL_METRICS[name](y_true, second, sample_weight=np.ones(y_true.shape[0] + 1))


@pytest.mark.parametrize("bad, message", [
    (np.nan, "sample_weight contains NaN"), (np.inf, "sample_weight contains infinity"),
    (-1.0, "sample_weight contains negative"),
])
@pytest.mark.parametrize("name", sorted(ALL_METRICS))
def test_bad_sample_weight_raises(name, bad, message):
    y_true, second = inputs(name)
    w = np.ones(y_true.shape[0])
    w[3] = bad
    if is_dropin_entry(name) and bad == -1.0:  # as scikit-learn (negative weights are accepted)
        assert_like_sklearn(name, y_true, second, sample_weight=w)
        return
    # NaN / inf weights are refused everywhere, also where scikit-learn's hinge_loss and
    # log_loss would silently return NaN (docs/design.rst: no silent wrong number).
    if bad == -1.0 and function_name(name) in DROPINS:  # a drop-in with its own options
        assert np.isfinite(call(name, y_true, second, sample_weight=w)).all()
        return
    with pytest.raises(ValueError, match=message):
        ALL_METRICS[name](y_true, second, sample_weight=w)


@pytest.mark.parametrize("name", sorted(COUNT_METRICS))
def test_two_dimensional_labels(name):
    y_true, y_pred = inputs(name)
    metric = COUNT_METRICS[name]
    if function_name(name) in DROPINS:
        # as scikit-learn: a column vector is a 1-D target, (n, 2) of labels is refused
        column = call(name, y_true[:, None], y_pred[:, None])
        assert_same(column, call(name, y_true, y_pred), name)
        with pytest.raises(ValueError, match="multiclass-multioutput|not supported"):
            metric(np.c_[y_true, y_true + 2], np.c_[y_pred, y_pred + 2])
        return
    for shape in ((-1, 1), (-1, 2)):
        with pytest.raises(ValueError, match="y_true must be a 1-D array"):
            metric(y_true.reshape(shape), y_pred.reshape(shape))
        with pytest.raises(ValueError, match="y_pred must be a 1-D array"):
            metric(y_true, y_pred.reshape(-1, 1))


@pytest.mark.parametrize("name", sorted(COUNT_METRICS))
def test_mixed_label_types_raise(name):
    y_true, y_pred = inputs(name)
    metric = COUNT_METRICS[name]
    with pytest.raises(ValueError, match="Mix of label input types"):
        metric(y_true.astype(str), y_pred)
    mixed = y_true.astype(object)
    mixed[0] = "a"
    with pytest.raises(ValueError, match="Mix of label input types.*y_true|y_true.*[Mm]ix"):
        metric(mixed, y_pred.astype(object))


@pytest.mark.parametrize("name", sorted(set(entries_of(WITH_LABELS, COUNT_METRICS)) - BINARY_ONLY))
def test_duplicate_labels_raise(name):
    y_true, y_pred = inputs(name)
    with pytest.raises(ValueError, match="labels contains duplicate entries"):
        COUNT_METRICS[name](y_true, y_pred, labels=[1, 0, 1], **pos_kwargs(name, 1))


@pytest.mark.parametrize("name", sorted(n for n in BINARY_ONLY
                                         if function_name(n) in WITH_POS_LABEL))
def test_pos_label_not_among_labels_raises(name):
    y_true, y_pred = inputs(name)
    with pytest.raises(ValueError, match="pos_label=5 is not a valid label"):
        COUNT_METRICS[name](y_true, y_pred, pos_label=5)
    with pytest.raises(ValueError, match="pos_label=1 is not a valid label"):  # as sklearn
        COUNT_METRICS[name](y_true, y_pred, pos_label="1")


# -- 0/0 follows zero_division -------------------------------------------------------------------
#: Input where some ratio of the entry is 0/0, and the entries it is for; the other
#: zero_division entries use ``ABSENT_CLASS``.
UNDEFINED_INPUT = {
    "never predicts the positive class": (
        ([0, 1, 1, 0], [0, 0, 0, 0], {}), {"precision_score", "binary_quality_metrics"}),
    "no positive class at all": (
        ([0, 0, 0, 0], [0, 0, 0, 0], {}),
        {"recall_score", "f1_score", "f2_score", "balanced_auc_score", "jaccard_score"}),
    "no negatives": (([1, 1, 1, 1], [1, 0, 1, 1], {}), {"specificity_score"}),
    "one class in y_true": (([0, 0, 0, 0], [0, 1, 0, 2], {}),
                            {"specificity_score_macro", "specificity_score_weighted"}),
    "only an absent class": (
        ([0, 1, 2], [0, 1, 2], {"labels": [3]}),
        {"f1_score_micro", "f1_score_weighted", "recall_score_weighted",
         "micro_precision_score", "micro_recall_score", "micro_fbeta_score", "micro_f2_score"}),
    "all weights zero": (([0, 1, 2], [0, 1, 1], {"sample_weight": [0.0, 0.0, 0.0]}),
                         {"average_accuracy_score", "error_rate"}),
}
ABSENT_CLASS = ([0, 1, 2, 2, 1], [0, 1, 1, 2, 0], {"labels": [0, 1, 2, 3]})
#: scikit-learn's jaccard_score refuses zero_division=np.nan (its constraints, kept).
NO_NAN_ZERO_DIVISION = {"jaccard_score"}


def _undefined_case(name):
    for data, names in UNDEFINED_INPUT.values():
        if name in names:
            return data
    return ABSENT_CLASS


@pytest.mark.parametrize("name", entries_of(WITH_ZERO_DIVISION, COUNT_METRICS))
def test_zero_division(name):
    y_true, y_pred, kwargs = _undefined_case(name)
    metric = COUNT_METRICS[name]
    with pytest.warns(UndefinedMetricWarning, match="ill-defined"):
        warned = values(metric(y_true, y_pred, **kwargs))
    with warnings.catch_warnings():
        warnings.simplefilter("error", UndefinedMetricWarning)
        zero = values(metric(y_true, y_pred, zero_division=0, **kwargs))
        one = values(metric(y_true, y_pred, zero_division=1, **kwargs))
        nan = (None if function_name(name) in NO_NAN_ZERO_DIVISION else
               values(metric(y_true, y_pred, zero_division=np.nan, **kwargs)))
    assert_array_equal(warned, zero)
    assert (one >= zero).all() and (one > zero).any(), name
    assert nan is None or np.isnan(nan).any() or not np.allclose(nan, zero), name
