"""scikit-learn's own tests, run against metrics_sk's drop-ins.

A fresh copy of each scikit-learn test module below is executed while the drop-in names
in ``sklearn.metrics`` point at metrics_sk's functions, so every
``from sklearn.metrics import f1_score`` in it, and every ``partial(f1_score, ...)`` its
metric tables build at import, binds metrics_sk's. scikit-learn's own modules (and the
copies in ``sys.modules``) are left as they were: the names are restored as soon as the
copy is executed. The copies' ``test_*`` functions are re-exported here, so pytest
collects them as tests of this file, with scikit-learn's parametrizations.

Only the tests that exercise a drop-in are kept (:func:`_exercises_dropin`: the test,
its parametrization, or a helper or metric table of its module it reads holds a drop-in,
a ``partial`` of one or a scorer of one); the tests of functions that are not drop-ins
(scikit-learn's private helpers: ``_check_targets``, ...) would only run scikit-learn against
itself and are dropped (``DROPPED``). Tests that are out of scope are replaced by one
skipped placeholder each, with the reason, in ``SKIPPED``.
"""

import collections.abc
import functools
import importlib
import importlib.util
import inspect
import types

import _pytest.fixtures as pytest_fixtures
import pytest
import sklearn.calibration
import sklearn.metrics

import metrics_sk

#: The count-based drop-ins (docs/sklearn_names.rst).
COUNT_DROPINS = (
    "confusion_matrix", "precision_recall_fscore_support", "precision_score",
    "recall_score", "fbeta_score", "f1_score", "accuracy_score", "balanced_accuracy_score",
    "matthews_corrcoef", "cohen_kappa_score", "hamming_loss", "zero_one_loss",
    "classification_report", "class_likelihood_ratios", "jaccard_score",
    "multilabel_confusion_matrix",
)
#: Score-based drop-ins, patched as soon as metrics_sk exports them.
SCORE_DROPINS = tuple(n for n in ("log_loss", "hinge_loss", "brier_score_loss", "d2_brier_score",
                                   "d2_log_loss_score") if n in metrics_sk.__all__)
#: The ranking drop-ins (metrics_sk/_curves.py, metric_at_thresholds in
#: metrics_sk/_thresholds.py): curves and scores at every threshold.
RANKING_DROPINS = ("roc_curve", "precision_recall_curve", "det_curve", "auc",
                   "average_precision_score", "roc_auc_score",
                   "confusion_matrix_at_thresholds", "top_k_accuracy_score",
                   "metric_at_thresholds")
#: The calibration drop-in (metrics_sk/_calibration.py), defined in sklearn.calibration.
CALIBRATION_DROPINS = ("calibration_curve",)
#: The multilabel ranking drop-ins (metrics_sk/_label_ranking.py).
LABEL_RANKING_DROPINS = ("coverage_error", "label_ranking_average_precision_score",
                         "label_ranking_loss", "dcg_score", "ndcg_score")
#: The curve displays (metrics_sk/_display/curves.py).
DISPLAY_DROPINS = ("RocCurveDisplay", "PrecisionRecallDisplay", "DetCurveDisplay")
DROPINS = (COUNT_DROPINS + SCORE_DROPINS + RANKING_DROPINS + LABEL_RANKING_DROPINS
           + CALIBRATION_DROPINS + DISPLAY_DROPINS)
#: The scikit-learn module of each drop-in: sklearn.metrics but for those listed.
NAMESPACES = {"calibration_curve": sklearn.calibration}


def _namespace(name):
    return NAMESPACES.get(name, sklearn.metrics)


#: The scikit-learn test modules, and the prefix of their tests' names here.
MODULES = {
    "sklearn.metrics.tests.test_classification": "test_",
    "sklearn.metrics.tests.test_common": "test_common__",
    "sklearn.metrics.tests.test_ranking": "test_ranking__",
    "sklearn.tests.test_calibration": "test_calibration__",
    "sklearn.metrics._plot.tests.test_roc_curve_display": "test_roc_display__",
    "sklearn.metrics._plot.tests.test_precision_recall_display": "test_pr_display__",
    "sklearn.metrics._plot.tests.test_det_curve_display": "test_det_display__",
}
#: Of these modules, only the tests whose name holds the drop-in's: the others (the
#: calibrated classifiers, their displays) exercise log_loss or brier_score_loss only
#: inside estimators, already covered by test_classification's tests.
ONLY_NAMED = {"test_calibration": "calibration_curve"}

#: Out-of-scope tests, by reason: each test becomes one skipped test with its reason.
SKIPPED_BY_REASON = {
    "array-API namespaces and devices: metrics_sk computes on NumPy arrays only "
    "(docs/user_guide.rst, section 'Scope')": [
        "test_classification.test_confusion_matrix_array_api",
        "test_common.test_array_api_compliance",
        "test_common.test_mixed_array_api_namespace_input_compliance",
        "test_common.test_array_api_classification_string_input",
        "test_common.test_array_api_classification_mixed_string_numeric_input",
    ],
    "regression / multi-output metrics only: no drop-in is involved "
    "(docs/user_guide.rst, section 'Scope')": [
        "test_common.test_regression_sample_weight_invariance",
        "test_common.test_regression_with_invalid_sample_weight",
        "test_common.test_multioutput_number_of_output_differ",
        "test_common.test_multioutput_regression_invariance_to_dimension_shuffling",
        "test_common.test_multioutput_sample_weight_invariance",
        "test_common.test_single_sample_multioutput",
        "test_common.test_continuous_multilabel_multioutput_permutations_invariance",
    ],
    "score-based metrics only (log_loss, hinge_loss, ROC AUC, ...), and metrics_sk "
    "exports no score drop-in yet": [] if SCORE_DROPINS else [
        "test_common.test_continuous_classification_invariance_string_vs_numbers_labels",
        "test_common.test_continuous_inf_nan_input",
        "test_common.test_continuous_metric_permutation_invariance",
    ],
}
SKIPPED = {tuple(test.split(".")): reason
           for reason, tests in SKIPPED_BY_REASON.items() for test in tests}


def _load_with_dropins(name):
    """Execute a fresh copy of the test module ``name`` with the drop-ins in place."""
    original = importlib.import_module(name)  # imports everything it needs, unpatched
    spec = importlib.util.spec_from_file_location(f"{name}__metrics_sk", original.__file__)
    module = importlib.util.module_from_spec(spec)
    # (test_classification imports d2_brier_score from sklearn.metrics._classification)
    spaces = (sklearn.metrics._classification,)
    saved = {(space, n): getattr(space, n) for n in DROPINS
             for space in (_namespace(n),) + spaces if hasattr(space, n)}
    try:
        for space, n in saved:
            setattr(space, n, getattr(metrics_sk, n))
        spec.loader.exec_module(module)
    finally:
        for (space, n), function in saved.items():
            setattr(space, n, function)
    return module


def _exercises_dropin(value, module_name, seen, depth=0):
    """Whether ``value`` (a test function, a parametrization, a metric table, a helper
    of the test module ``module_name``) holds or calls a metrics_sk drop-in."""
    if depth > 5:
        return False
    try:
        if value in _DROPIN_FUNCTIONS:
            return True
    except TypeError:  # unhashable
        pass
    inner = functools.partial(_exercises_dropin, module_name=module_name, seen=seen,
                              depth=depth + 1)
    if isinstance(value, functools.partial):
        return inner(value.func)
    if hasattr(value, "_score_func"):  # a scorer
        return inner(value._score_func)
    if hasattr(value, "argnames") and hasattr(value, "values"):  # pytest.param(...)
        return inner(value.values)
    if isinstance(value, collections.abc.Iterator):
        return True  # a generator cannot be looked into without using it up: kept
    if isinstance(value, collections.abc.Mapping):
        return any(map(inner, value.values()))
    if isinstance(value, collections.abc.Collection) and not isinstance(value, (str, bytes)):
        return any(map(inner, value))
    if callable(value) and getattr(value, "__module__", None) == module_name:
        marks = [a for mark in getattr(value, "pytestmark", []) for a in mark.args]
        func = inspect.unwrap(value)
        return any(map(inner, marks)) or (isinstance(func, types.FunctionType) and
                                          _code_uses(func.__code__, func.__globals__, inner,
                                                     seen))
    return False


def _code_uses(code, space, check, seen):
    """Whether ``code`` (or a function or lambda nested in it) reads a global of
    ``space`` for which ``check`` holds."""
    if code in seen:
        return False
    seen.add(code)
    return (any(name in space and check(space[name]) for name in code.co_names)
            or any(_code_uses(c, space, check, seen) for c in code.co_consts
                   if isinstance(c, types.CodeType)))


def _only_dropin_cases(function, module):
    """Keep, of a test parametrized by metric names of the module's ``ALL_METRICS``
    (scikit-learn's test_common), the cases of the metrics that hold a drop-in; returns
    False when no case is left. The function is the copy's, so scikit-learn's own test
    keeps its marks."""
    table = getattr(module, "ALL_METRICS", {})
    marks = []
    for mark in getattr(function, "pytestmark", []):
        values = mark.args[1] if mark.name == "parametrize" and len(mark.args) == 2 else None
        if (isinstance(values, (list, tuple)) and values and "ids" not in mark.kwargs
                and all(isinstance(v, str) and v in table for v in values)):
            values = [v for v in values
                      if _exercises_dropin(table[v], module.__name__, set())]
            if not values:
                return False
            mark = pytest.mark.parametrize(mark.args[0], values, **mark.kwargs).mark
        marks.append(mark)
    if marks:
        function.pytestmark = marks
    return True


def _skipped(reason):
    def test():
        pytest.skip(reason)

    return test


def _is_fixture(value):
    """Whether ``value`` is a pytest fixture (a module's own, re-exported with its tests)."""
    definition = getattr(pytest_fixtures, "FixtureFunctionDefinition", None)
    return (definition is not None and isinstance(value, definition)) or hasattr(
        value, "_pytestfixturefunction")


_DROPIN_FUNCTIONS = {getattr(metrics_sk, n) for n in DROPINS}
LOADED = {}
#: The scikit-learn tests left out: no drop-in in them (scikit-learn against itself).
DROPPED = []
for _name, _prefix in MODULES.items():
    _short = _name.rsplit(".", 1)[1]
    LOADED[_short] = _module = _load_with_dropins(_name)
    for _test, _function in vars(_module).items():
        if _test.startswith("test_") and callable(_function):
            _reason = SKIPPED.get((_short, _test))
            if _short in ONLY_NAMED and ONLY_NAMED[_short] not in _test:
                DROPPED.append(f"{_short}.{_test}")
                continue
            if not (_reason or (_exercises_dropin(_function, _module.__name__, set())
                                and _only_dropin_cases(_function, _module))):
                DROPPED.append(f"{_short}.{_test}")
                continue
            globals()[_prefix + _test[5:]] = _skipped(_reason) if _reason else _function
        elif _is_fixture(_function):  # a module fixture (scikit-learn's display tests)
            assert _test not in globals(), f"two modules define the fixture {_test}"
            globals()[_test] = _function


@pytest.fixture
def global_random_seed():
    """scikit-learn's default seed (its conftest parametrizes this fixture)."""
    return 42


@pytest.fixture
def pyplot():
    """scikit-learn's fixture of its display tests: matplotlib (Agg), figures closed."""
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plt.close("all")
    yield plt
    plt.close("all")


def test_the_copies_use_the_dropins():
    """The mechanism itself: the copies hold metrics_sk's functions, scikit-learn keeps its own."""
    for module in LOADED.values():
        for n in DROPINS:
            if n in vars(module):
                assert vars(module)[n] is getattr(metrics_sk, n), n
    for n in DROPINS:
        assert getattr(_namespace(n), n).__module__.startswith("sklearn."), n
        private = getattr(sklearn.metrics._classification, n, None)
        assert private is None or private.__module__.startswith("sklearn."), n
    common = LOADED["test_common"]
    assert common.CLASSIFICATION_METRICS["macro_f1_score"].func is metrics_sk.f1_score
    assert set(SKIPPED) <= {(m, t) for m, module in LOADED.items() for t in vars(module)}


def test_kept_are_the_tests_of_the_dropins():
    """Every test of a drop-in stays (called directly, through a metric table, a scorer
    or a parametrization); the tests of scikit-learn-only functions go."""
    here = globals()
    for kept in ("test_cohen_kappa", "test_precision_recall_f1_score_binary",
                 "test_classification_report_multiclass", "test_confusion_matrix_dtype",
                 "test_classification_metric_division_by_zero_nan_validation",
                 "test_common__sample_order_invariance",
                 "test_common__classification_with_invalid_sample_weight",
                 "test_brier_score_loss_binary", "test_brier_score_loss_multiclass",
                 "test_d2_log_loss_score", "test_d2_brier_score",
                 "test_calibration__calibration_curve_pos_label",
                 "test_likelihood_ratios", "test_ranking__label_ranking_loss",
                 "test_ranking__ndcg_toy_examples"):
        assert kept in here, kept
    for dropped in ("test_classification.test__check_targets",):
        assert dropped in DROPPED and "test_" + dropped.split(".test_")[1] not in here
    assert not any(d.startswith("test_common.") for d in DROPPED), DROPPED
    # of the tests parametrized by metric name, only the drop-ins' cases
    cases = {m.args[0]: m.args[1] for m in here["test_common__single_sample"].pytestmark
             if m.name == "parametrize"}["name"]
    assert "macro_f1_score" in cases and "cohen_kappa_score" in cases
    assert "macro_jaccard_score" in cases and "r2_score" not in cases
    original = importlib.import_module("sklearn.metrics.tests.test_common")
    assert {"macro_jaccard_score", "r2_score"} <= set(
        {m.args[0]: m.args[1] for m in original.test_single_sample.pytestmark
         if m.name == "parametrize"}["name"])  # scikit-learn's own test keeps its cases


def test_skip_reasons_cite_documents_of_the_repository():
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    for reason, tests in SKIPPED_BY_REASON.items():
        if not tests:
            continue
        cited = re.findall(r"(docs/[\w/]+\.rst), section '([^']+)'", reason)
        assert cited, reason
        for path, section in cited:
            assert f"\n{section}" in (root / path).read_text(), (path, section)
