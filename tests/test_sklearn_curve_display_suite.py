"""scikit-learn's common tests of its curve displays, run against metrics_sk's.

``sklearn/metrics/_plot/tests/test_common_curve_display.py`` is executed with the
mechanism of ``tests/test_sklearn_suite.py`` (``sklearn.metrics``' names pointing at
metrics_sk's drop-ins and displays while the copy is executed; its tests re-exported
here). It has a file of its own because its module fixtures ``data`` and ``data_binary``
are not those of scikit-learn's ROC display tests, run by ``tests/test_sklearn_suite.py``.
"""

from test_sklearn_suite import (  # noqa: F401 - pyplot, global_random_seed: fixtures
    _exercises_dropin,
    _is_fixture,
    _load_with_dropins,
    _skipped,
    global_random_seed,
    pyplot,
)

MODULE = "sklearn.metrics._plot.tests.test_common_curve_display"
_WHY = "docs/reports.rst, section 'ROC, precision-recall and DET curves'"
#: Tests of what metrics_sk's displays deliberately do otherwise, with the reason.
SKIPPED = {
    "test_display_curve_error_binary_classifier":
        "a classifier of more than two classes draws every class one-vs-rest instead of "
        f"raising ({_WHY})",
    "test_display_validate_plot_params":
        f"a private method of scikit-learn's displays, not of metrics_sk's ({_WHY})",
}

LOADED = _load_with_dropins(MODULE)
#: The tests of the module that use no display or drop-in (scikit-learn against itself).
DROPPED = []
for _test, _function in vars(LOADED).items():
    if _test.startswith("test_") and callable(_function):
        if _test in SKIPPED:
            globals()[_test] = _skipped(SKIPPED[_test])
        elif _exercises_dropin(_function, LOADED.__name__, set()):
            globals()[_test] = _function
        else:
            DROPPED.append(_test)
    elif _is_fixture(_function):
        globals()[_test] = _function


def test_the_copy_uses_the_displays():
    import metrics_sk

    for name in ("RocCurveDisplay", "PrecisionRecallDisplay", "DetCurveDisplay"):
        assert vars(LOADED)[name] is getattr(metrics_sk, name)
    assert "test_display_curve_error_pos_label" in globals()
