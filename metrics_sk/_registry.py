"""Metrics as data: one registry that everything else reads.

The registry has two halves. ``metrics_sk/_facts.py`` (low: no functions, so that the
parameter checks, ``StreamingLoss`` and the score metrics can read it) holds the facts
of each metric: what it takes, how a fitted estimator feeds it (``response_method``), its
sign, its constraints, its interval family, whether it streams, whether it is a count
metric (a formula of a :class:`~metrics_sk.Confusion`: then it is also a ``Confusion``
method, streamable with ``update`` and ``+``, Dask-capable through the builder, and
bootstrappable by resampling confusion cells, vectorized when ``batch``), its scorer
names, its display text and the properties the common tests check. This module (high: it
imports the public functions) binds each name to its function and formula in
:data:`METRICS`. The scorers (``get_scorer``, ``get_scorer_names``,
``register_scorers``), the report's rows, the bootstrap's metric names, the docs' tables
and the tests' parametrizations are derived from it.

Adding a count metric is: its formula (with the metric's one docstring) in ``_formulas``
under ``@formula``; its public function (check -> count -> formula, documented by the
formula) in ``_onedal`` or ``_dropins``, exported by ``metrics_sk/__init__.py``; its
method in ``Confusion``, ``ConfusionBatch`` and ``GroupedConfusion`` (one line calling
the formula); and one entry in ``_facts``. ``tests/test_routes.py`` fails on a metric half-added.
"""

from dataclasses import dataclass, fields

from . import _calibration, _curves, _decisions, _dropins, _formulas, _onedal, _scores, _thresholds
from . import _label_ranking
from ._facts import FACTS, Facts


@dataclass(frozen=True)
class Metric(Facts):
    """One public metric: its facts (:class:`~metrics_sk._facts.Facts`, every field of
    which it has) bound to its public function.

    Parameters
    ----------
    name : str
        Name of the public function (and of the ``Confusion`` method of a count metric).
    family : str
        Where it comes from (see ``Facts``); every other fact is a field of ``Facts``.
    function : callable
        The public function.

    Examples
    --------
    >>> from metrics_sk._registry import METRICS
    >>> METRICS["macro_fbeta_score"].scorers["macro_fscore"]
    {}
    >>> METRICS["log_loss"].response_method, METRICS["log_loss"].count
    ('predict_proba', False)
    """

    function: object = None

    @property
    def batch(self):
        """Whether the formula's value on a batch of confusions (bootstrap replicates,
        groups) is a number or per-class array per confusion, evaluated at once: declared
        by the formula (``_formulas``). The others (matrices, result blocks) evaluate the
        groups at once too, split per group; the bootstrap calls them per replicate."""
        return self.count and self.formula.batch

    @property
    def formula(self):
        """The ``_formulas`` formula of a count metric (None for a score metric)."""
        return _formulas.FORMULAS.get(self.name) if self.count else None


def _bound(facts):
    """The :class:`Metric` of ``facts``: its function is the public function of its name
    (a calibration metric's in ``_calibration``, a ranking drop-in's in ``_curves``, a label
    ranking drop-in's in ``_label_ranking``, an operating point's in ``_thresholds``, a
    decision metric's in ``_decisions``, a scikit-learn drop-in's in ``_dropins``, a score
    metric's in ``_scores``, the others' in ``_onedal``)."""
    module = (_calibration if hasattr(_calibration, facts.name) else
              _curves if hasattr(_curves, facts.name) else
              _label_ranking if hasattr(_label_ranking, facts.name) else
              _thresholds if hasattr(_thresholds, facts.name) else
              _decisions if facts.family == "decisions" else
              _scores if not facts.count else
              _dropins if facts.family == "sklearn" else _onedal)
    return Metric(**{f.name: getattr(facts, f.name) for f in fields(Facts)},
                  function=getattr(module, facts.name))


#: Every public metric, by function name.
METRICS = {name: _bound(facts) for name, facts in FACTS.items()}

#: Every scorer name -> (metric, the keyword arguments the scorer fixes).
SCORER_NAMES = {scorer: (m, kwargs) for m in METRICS.values()
                for scorer, kwargs in m.scorers.items()}


def resolve(metric):
    """The :class:`Metric` of a metric function, function name or scorer name.

    Raises a ValueError that names the closest names for anything else.
    """
    if isinstance(metric, Metric):
        return metric
    if isinstance(metric, str):
        if metric in METRICS:
            return METRICS[metric]
        if metric in SCORER_NAMES:
            return SCORER_NAMES[metric][0]
        import difflib

        close = difflib.get_close_matches(metric, list(METRICS) + list(SCORER_NAMES), n=3)
        hint = f" Did you mean {' or '.join(map(repr, close))}?" if close else ""
        raise ValueError(f"{metric!r} is not a metrics_sk metric: pass a metric function, "
                         f"its name (e.g. 'f1_score') or a scorer name.{hint}")
    for m in METRICS.values():
        if m.function is metric:
            return m
    return None


def count_metric_call(metric):
    """``(name, keyword arguments)`` of a count metric given as a metric or scorer name
    (a scorer's fixed arguments), a metrics_sk count function or a ``functools.partial``
    of one; None for anything else (a score metric, another callable)."""
    import functools

    kwargs = {}
    if isinstance(metric, functools.partial):
        metric, kwargs = metric.func, dict(metric.keywords)
    if not (isinstance(metric, str) or callable(metric)):
        return None
    found = resolve(metric)  # (an unknown name: its ValueError, with the closest names)
    if found is None or not found.count:
        return None
    if isinstance(metric, str) and metric != found.name:  # a scorer name: its arguments
        kwargs = {**SCORER_NAMES[metric][1], **kwargs}
    return found.name, kwargs
