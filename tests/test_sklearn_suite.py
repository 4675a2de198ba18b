"""scikit-learn's own tests, run against metrics_sk's drop-ins.

A fresh copy of each scikit-learn test module below is executed while the drop-in names
in ``sklearn.metrics`` point at metrics_sk's functions, so every
``from sklearn.metrics import f1_score`` in it, and every ``partial(f1_score, ...)`` its
metric tables build at import, binds metrics_sk's. scikit-learn's own modules (and the
copies in ``sys.modules``) are left as they were: the names are restored as soon as the
copy is executed. The copies' ``test_*`` functions are re-exported here, so pytest
collects them as tests of this file, with scikit-learn's parametrizations.

Tests of functions that are not drop-ins (``jaccard_score``,
``roc_auc_score``, ...) run against scikit-learn itself: harmless, and they check that
the drop-ins did not disturb scikit-learn. Tests that are out of scope are replaced by
one skipped placeholder each, with the reason, in ``SKIPPED``.
"""

import importlib
import importlib.util

import pytest
import sklearn.metrics

import metrics_sk

#: The count-based drop-ins (docs/sklearn_names.rst).
COUNT_DROPINS = (
    "confusion_matrix", "precision_recall_fscore_support", "precision_score",
    "recall_score", "fbeta_score", "f1_score", "accuracy_score", "balanced_accuracy_score",
    "matthews_corrcoef", "cohen_kappa_score", "hamming_loss", "zero_one_loss",
    "classification_report",
)
#: Score-based drop-ins, patched as soon as metrics_sk exports them.
SCORE_DROPINS = tuple(n for n in ("log_loss", "hinge_loss") if n in metrics_sk.__all__)
DROPINS = COUNT_DROPINS + SCORE_DROPINS

#: The scikit-learn test modules, and the prefix of their tests' names here.
MODULES = {
    "sklearn.metrics.tests.test_classification": "test_",
    "sklearn.metrics.tests.test_common": "test_common__",
}

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
    "multilabel input only: the drop-ins hand it to scikit-learn unchanged "
    "(docs/user_guide.rst, section 'Scope'), "
    "so this would time scikit-learn against itself (1-5 s each); the hand-over is checked "
    "by the cheap multilabel tests kept (test_common__averaging_multilabel*, "
    "test_multilabel_* and test_precision_recall_f1_score_multilabel_*)": [
        "test_common.test_multilabel_sample_weight_invariance",
        "test_common.test_multilabel_representation_invariance",
        "test_common.test_multilabel_label_permutations_invariance",
        "test_common.test_normalize_option_multilabel_classification",
        "test_common.test_sample_order_invariance_multilabel_and_multioutput",
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
    saved = {n: getattr(sklearn.metrics, n) for n in DROPINS}
    try:
        for n in DROPINS:
            setattr(sklearn.metrics, n, getattr(metrics_sk, n))
        spec.loader.exec_module(module)
    finally:
        for n, function in saved.items():
            setattr(sklearn.metrics, n, function)
    return module


def _skipped(reason):
    def test():
        pytest.skip(reason)

    return test


LOADED = {}
for _name, _prefix in MODULES.items():
    _short = _name.rsplit(".", 1)[1]
    LOADED[_short] = _module = _load_with_dropins(_name)
    for _test, _function in vars(_module).items():
        if _test.startswith("test_") and callable(_function):
            _reason = SKIPPED.get((_short, _test))
            globals()[_prefix + _test[5:]] = _skipped(_reason) if _reason else _function


@pytest.fixture
def global_random_seed():
    """scikit-learn's default seed (its conftest parametrizes this fixture)."""
    return 42


def test_the_copies_use_the_dropins():
    """The mechanism itself: the copies hold metrics_sk's functions, scikit-learn keeps its own."""
    for module in LOADED.values():
        for n in DROPINS:
            if n in vars(module):
                assert vars(module)[n] is getattr(metrics_sk, n), n
    for n in DROPINS:
        assert getattr(sklearn.metrics, n).__module__.startswith("sklearn."), n
    common = LOADED["test_common"]
    assert common.CLASSIFICATION_METRICS["macro_f1_score"].func is metrics_sk.f1_score
    assert set(SKIPPED) <= {(m, t) for m, module in LOADED.items() for t in vars(module)}


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
