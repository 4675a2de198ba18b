"""The registry of metrics: complete, consistent, and the first metric added through it.

``geometric_mean_score`` was added by writing its formula in ``_formulas`` and one registry
entry; it is checked here against imbalanced-learn's own ``geometric_mean_score``.
"""

import ast
import inspect
import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from imblearn.metrics import geometric_mean_score as imblearn_gmean
from sklearn.metrics import get_scorer_names as sklearn_scorer_names

import metrics_sk as msk
from metrics_sk import _formulas
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
    assert counted == set(_formulas.FORMULAS)
    for name in counted:
        method = getattr(msk.Confusion, name)  # declared in the class, calling the formula
        assert method.__doc__ == _formulas.FORMULAS[name].__doc__, name
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


# -- one validation mechanism --------------------------------------------------------------
PACKAGE = __import__("pathlib").Path(msk.__file__).parent


def validate_params_users(sources):
    """Modules (name -> source) that call scikit-learn's ``validate_params`` decorator
    instead of the package's one checker (``_params`` / ``checked_metric``)."""
    found = []
    for module, source in sources.items():
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "validate_params":
                found.append(module)
    return sorted(set(found))


def test_one_validation_mechanism():
    sources = {p.stem: p.read_text() for p in PACKAGE.glob("*.py")}
    assert validate_params_users(sources) == []
    assert validate_params_users({"m": "@validate_params({})\ndef f(): pass"}) == ["m"]


def test_classification_report_errors_are_scikit_learns():
    import sklearn.metrics as skm
    from sklearn.utils._param_validation import InvalidParameterError

    for options in ({"digits": -1}, {"output_dict": 3}, {"zero_division": 5},
                    {"target_names": 3}):
        with pytest.raises(InvalidParameterError) as ours:
            msk.classification_report([0, 1], [0, 1], **options)
        with pytest.raises(InvalidParameterError) as theirs:
            skm.classification_report([0, 1], [0, 1], **options)
        assert str(ours.value) == str(theirs.value)
    with pytest.raises(TypeError, match="classification_report"):
        msk.classification_report([0, 1], [0, 1], 2)


# -- the registry is the one table of facts ------------------------------------------------
#: The modules of the registry: the facts (low) and their binding to the functions.
REGISTRY_MODULES = {"_facts", "_registry"}


def _names_a_metric(node, names):
    """A string constant that is a metric name, or a tuple (a row) holding one."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str) and node.value in names
    if isinstance(node, ast.Tuple):
        return any(_names_a_metric(e, names) for e in node.elts if isinstance(e, ast.Constant))
    return False


def tables_of_metrics(sources, names, at_least=3):
    """``(module, line)`` of each literal dict keyed by (or mapping to), or set/list/tuple
    of, at least ``at_least`` metric names (or rows naming one) outside the registry
    modules; the export list ``__all__`` is no table."""
    found = []
    for module, source in sources.items():
        if module in REGISTRY_MODULES:
            continue
        tree = ast.parse(source)
        exports = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Assign)
                   and any(getattr(t, "id", None) == "__all__" for t in node.targets)}
        for node in ast.walk(tree):
            if id(node) in exports:
                continue
            if isinstance(node, ast.Dict):  # an entry names a metric by its key or value
                elements = [k if k is not None and _names_a_metric(k, names) else v
                            for k, v in zip(node.keys, node.values)]
            elif isinstance(node, (ast.Set, ast.List, ast.Tuple)):
                elements = node.elts
            else:
                continue
            if sum(_names_a_metric(e, names) for e in elements) >= at_least:
                found.append((module, node.lineno))
    return sorted(found)


def test_no_table_of_metrics_outside_the_registry():
    sources = {p.stem: p.read_text() for p in PACKAGE.glob("*.py")}
    assert tables_of_metrics(sources, set(METRICS)) == []


@pytest.mark.parametrize("source", [
    'RESPONSE_METHOD = {"log_loss": "predict_proba", "hinge_loss": "d", "f1_score": "p"}',
    'METRICS = ("log_loss", "one_vs_all_log_loss", "hinge_loss")',
    'OK = {"error_rate"}\nROWS = (("a", "f1_score", {}), ("b", "error_rate", {}),\n'
    '        ("c", "matthews_corrcoef", {}))',
    'LAYOUT = {"a": ("accuracy_score", {}), "m": ("matthews_corrcoef", {}),\n'
    '          "k": ("cohen_kappa_score", {})}',
    'COLUMNS = {"p": "precision_score", "r": "recall_score", "f": "fbeta_score"}',
])
def test_the_table_test_can_fail(source):
    assert tables_of_metrics({"_x": source}, set(METRICS)) != []
    assert tables_of_metrics({"_registry": source}, set(METRICS)) == []
    assert tables_of_metrics({"_x": f"__all__ = {list(METRICS)!r}"}, set(METRICS)) == []


# -- the facts hold ---------------------------------------------------------------------------
def test_streaming_losses_are_the_registrys():
    from metrics_sk._facts import STREAMING_LOSSES

    y, proba = [0, 1, 2, 1], np.array([[.6, .3, .1], [.2, .5, .3], [.1, .3, .6], [.3, .4, .3]])
    for name, m in METRICS.items():
        if m.count:
            assert m.streaming
            continue
        if m.streaming:
            stream = msk.StreamingLoss(name, labels=[0, 1, 2])
            stream.update(y[:2], proba[:2])
            stream.update(y[2:], proba[2:])
            assert np.isclose(stream.compute(), m.function(y, proba, labels=[0, 1, 2])), name
        else:
            with pytest.raises(ValueError, match="metric"):
                msk.StreamingLoss(name)
    assert set(STREAMING_LOSSES) == {"log_loss", "one_vs_all_log_loss", "hinge_loss",
                                     "brier_score_loss", "d2_brier_score", "d2_log_loss_score"}


@pytest.mark.parametrize("name", sorted(METRICS))
def test_interval_family_is_analytic_intervals(name):
    """Each metric's registry interval family is what analytic_interval uses (its default
    method), and a metric without one is refused."""
    from metrics_sk._facts import INTERVAL_METHODS

    m = METRICS[name]
    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, 200)
    pred = np.where(rng.random(200) < 0.8, y, 1 - y)
    second = np.column_stack([1 - pred * 0.7, pred * 0.7]) if not m.count else pred
    if m.interval is None:
        with pytest.raises(ValueError, match="no analytic interval"):
            msk.analytic_interval(name, y, second)
        return
    kwargs = {"beta": 2.0} if name == "fbeta_score" else {}
    result = msk.analytic_interval(name, y, second, **kwargs)
    assert result.method == INTERVAL_METHODS[m.interval][0]


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
