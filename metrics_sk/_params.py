"""Parameter constraints as data, checked once at the public boundary.

One table gives the constraints of every keyword parameter of the count metrics, by
name (``PARAMETERS``), with the few per-metric differences in each metric's registry
entry (``constraints`` in ``metrics_sk/_facts.py``). The public
functions and the :class:`~metrics_sk.Confusion` methods build their checker from it, so
one bad argument gets the same error (scikit-learn's ``InvalidParameterError``, a
``ValueError`` and ``TypeError``) in every family. The formulas behind them trust their
parameters. The score metrics' constraints are in their registry entries too; the other families
have their tables here: :class:`~metrics_sk.StreamingLoss` (``STREAMING``), the intervals and comparisons
(``INFERENCE``: ``bootstrap``, ``confidence_intervals``, ``analytic_interval``,
``compare``, ``corrected_resampled_ttest``) and the confusion plot (``PLOT``); e.g. a
``confidence_level`` outside (0, 1) is the same error in all of them.

The constraints are scikit-learn's own (``sklearn.utils._param_validation``); a failing
argument is reported by scikit-learn's own ``validate_parameter_constraints``, so the
drop-ins raise scikit-learn's exact message. The happy path is a few ``is_satisfied_by``
calls.
"""

import functools
import inspect
from numbers import Integral, Real

import numpy as np

from ._facts import FACTS, STREAMING_LOSSES
from ._sklearn_compat import (
    Interval,
    Options,
    StrOptions,
    make_constraint,
    sklearn_constraints,
    validate_parameter_constraints,
)

_TARGET = ["array-like", "sparse matrix"]
_SET_WISE_AVERAGES = {"micro", "macro", "samples", "weighted", "binary"}

#: Constraints of each keyword parameter, by name.
PARAMETERS = {
    "y_true": _TARGET,
    "y_pred": _TARGET,
    "sample_weight": ["array-like", None],
    "labels": ["array-like", None],
    "pos_label": [Real, str, "boolean", None],
    "average": [StrOptions(_SET_WISE_AVERAGES), None],
    "zero_division": [Options(Real, {0.0, 1.0}), "nan", StrOptions({"warn"})],
    "beta": [Interval(Real, 0.0, None, closed="both")],
    "warn_for": [list, tuple, set],
    "normalize": ["boolean"],
    "adjusted": ["boolean"],
    "weights": [StrOptions({"linear", "quadratic"}), None],
    "replace_undefined_by": [Interval(Real, -1.0, 1.0, closed="both"), np.nan],
    "correction": [Interval(Real, 0.0, None, closed="left")],
    "target_names": ["array-like", None],
    "digits": [Interval(Integral, 0, None, closed="left")],
    "output_dict": ["boolean"],
    "samplewise": ["boolean"],
}

def constraints_for(name, parameters):
    """The constraints of metric ``name`` for the parameter names ``parameters``: the
    shared table, with the metric's own differences (its registry entry's
    ``constraints``); a scikit-learn drop-in's are scikit-learn's own objects."""
    facts = FACTS.get(name)
    own = facts.constraints if facts is not None else {}
    table = {**PARAMETERS, **own, **sklearn_constraints(name)}
    return {p: table[p] for p in parameters if p in table}


#: Types whose every value satisfies a type-only constraint (what a cheap check accepts
#: by ``type(value)`` alone; anything else gets scikit-learn's full check).
_PLAIN_TYPES = (int, float, bool, str, list, tuple, set, dict, type(None), np.ndarray, np.bool_)


def _accepted_types(constraint):
    """The exact types of ``_PLAIN_TYPES`` that satisfy ``constraint`` whatever the value
    (empty for a constraint on the value, such as ``StrOptions`` or ``Interval``)."""
    name = type(constraint).__name__
    if name == "_ArrayLikes":
        return {np.ndarray, list, tuple}
    if name == "_NoneConstraint":
        return {type(None)}
    if name == "_Booleans":
        return {bool, np.bool_}
    if name == "_InstancesOf":
        return {t for t in _PLAIN_TYPES if issubclass(t, constraint.type)}
    return set()


class Checker:
    """Checks the parameters of one callable against its constraints.

    The cheap check first: a value whose exact type satisfies a type-only constraint (an
    ndarray for "array-like", None, a bool for "boolean") passes on one set lookup; any
    other value gets scikit-learn's own ``is_satisfied_by`` of each constraint, and its
    message when none is satisfied.
    """

    def __init__(self, caller, constraints):
        self.caller, self.constraints = caller, constraints
        self._compiled = {name: [make_constraint(c) for c in options]
                          for name, options in constraints.items()}
        self._types = {name: frozenset().union(*map(_accepted_types, options))
                       for name, options in self._compiled.items()}

    def __call__(self, params):
        """Raise scikit-learn's ``InvalidParameterError`` if a value in the dict ``params``
        breaks its constraint."""
        types = self._types
        for name, value in params.items():
            accepted = types.get(name)
            if accepted is None or type(value) in accepted:
                continue
            if not any(c.is_satisfied_by(value) for c in self._compiled[name]):
                validate_parameter_constraints(self.constraints, params, self.caller)


# -- the other families: score metrics, streaming, intervals, comparison, plots ----------
_OPEN_UNIT = [Interval(Real, 0.0, 1.0, closed="neither")]
_RANDOM_STATE = [None, Interval(Integral, 0, None, closed="left"), np.random.Generator,
                 np.random.RandomState, np.random.SeedSequence, np.random.BitGenerator]
#: Constraints of :class:`~metrics_sk.StreamingLoss`.
STREAMING = {
    "metric": [StrOptions(set(STREAMING_LOSSES))],
    "labels": ["array-like", None],
    "from_logits": ["boolean"],
    "normalize": ["boolean"],
    # brier_score_loss's own (only valid for that metric)
    "pos_label": FACTS["brier_score_loss"].constraints["pos_label"],
    "scale_by_half": FACTS["brier_score_loss"].constraints["scale_by_half"],
}

#: :class:`~metrics_sk.StreamingRanking`'s options and the arguments of its results.
STREAMING_RANKING = {
    "pos_label": PARAMETERS["pos_label"],
    "bits": [Interval(Integral, 1, 64, closed="both")],
    "drop_intermediate": ["boolean"],
    "return_bound": ["boolean"],
}

_RESAMPLING = {
    "n_resamples": [Interval(Integral, 2, None, closed="left")],
    "confidence_level": _OPEN_UNIT,
    "random_state": _RANDOM_STATE,
    "sample_weight": ["array-like", None],
}
_INTERVAL_METHODS = {"percentile", "basic", "bca", "BCa"}  # scipy's spelling too
#: Constraints of the interval and comparison functions.
INFERENCE = {
    "bootstrap": {**_RESAMPLING, "method": [StrOptions(_INTERVAL_METHODS)]},
    "confidence_intervals": {**_RESAMPLING, "statistic": [callable, str, list, tuple],
                             "method": [StrOptions(_INTERVAL_METHODS)],
                             "y_true": ["array-like", "sparse matrix", None],
                             "y_pred": ["array-like", "sparse matrix", None]},
    "analytic_interval": {"confidence_level": _OPEN_UNIT, "sample_weight": ["array-like", None],
                          "method": [StrOptions({"wilson", "clopper_pearson", "delta",
                                                 "fisher_z", "kappa_se", "delong",
                                                 "bootstrap", "mean"}), None]},
    "compare": {**_RESAMPLING, "exact": ["boolean"],
                "method": [StrOptions({"bootstrap", "mcnemar", "stuart_maxwell", "delong"})]},
    "metric_frame": {**_RESAMPLING,
                     "method": [StrOptions({"analytic", "bootstrap"})]},
    "corrected_resampled_ttest": {"confidence_level": _OPEN_UNIT,
                                  "n_train": [Interval(Real, 0, None, closed="neither")],
                                  "n_test": [Interval(Real, 0, None, closed="neither")]},
}

#: Constraints of :meth:`Confusion.plot <metrics_sk.Confusion.plot>` and
#: :meth:`ConfusionDisplay.from_confusion <metrics_sk.ConfusionDisplay.from_confusion>`.
PLOT = {
    "normalize": [StrOptions({"true", "pred", "all"}), None],
    "max_classes": [Interval(Integral, 1, None, closed="left"), None],
    "binary": ["boolean"],
}
#: Constraints of the extras of the curve displays (``_display/curves``); their other
#: options are scikit-learn's, checked where scikit-learn checks them.
CURVES = {
    "confidence_level": [Interval(Real, 0.0, 1.0, closed="neither"), None],
    "n_resamples": [Interval(Integral, 2, None, closed="left")],
    "random_state": _RANDOM_STATE,
    "threshold": [Real, None],
    "labels": ["array-like", None],
}


def checked(constraints):
    """Decorator: check a public function's arguments against ``constraints`` once per
    call, with :class:`Checker` (scikit-learn's messages, without ``validate_params``'
    per-call signature binding), then call it.

    Examples
    --------
    >>> from metrics_sk._params import checked
    >>> @checked({"normalize": ["boolean"]})
    ... def total(values, *, normalize=True):
    ...     return sum(values) / (len(values) if normalize else 1)
    >>> total([1, 2, 3], normalize=False)
    6.0
    """
    def decorate(func):
        names = list(inspect.signature(func).parameters)
        check = Checker(func.__qualname__, constraints)

        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            params = dict(zip(names, args))
            params.update(kwargs)
            check(params)
            return func(*args, **kwargs)

        return wrapper

    return decorate


def checked_method(method):
    """Decorator of a count-metric method of :class:`~metrics_sk.Confusion`,
    :class:`~metrics_sk.GroupedConfusion` or a threshold batch (``_confusion.checked``):
    its options are checked once against their constraints (:func:`constraints_for`,
    scikit-learn's errors), then the method runs."""
    check = Checker(method.__qualname__,
                    constraints_for(method.__name__,
                                    list(inspect.signature(method).parameters)[1:]))

    @functools.wraps(method)
    def checked(self, **options):
        check(options)
        return method(self, **options)

    return checked
