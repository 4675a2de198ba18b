"""Parameter constraints as data, checked once at the public boundary.

One table gives the constraints of every keyword parameter of the count metrics, by
name (``PARAMETERS``), with the few per-metric differences in ``OVERRIDES``. The public
functions and the :class:`~metrics_sk.Confusion` methods build their checker from it, so
one bad argument gets the same error (scikit-learn's ``InvalidParameterError``, a
``ValueError`` and ``TypeError``) in every family. The formulas behind them trust their
parameters.

The constraints are scikit-learn's own (``sklearn.utils._param_validation``); a failing
argument is reported by scikit-learn's own ``validate_parameter_constraints``, so the
drop-ins raise scikit-learn's exact message. The happy path is a few ``is_satisfied_by``
calls.
"""

from numbers import Real

import numpy as np

from ._sklearn_compat import (
    Interval,
    Options,
    StrOptions,
    make_constraint,
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
}

_ARRAY = ["array-like"]
#: Where a metric differs from ``PARAMETERS`` (as scikit-learn's functions do).
OVERRIDES = {
    "confusion_matrix": {"y_true": _ARRAY, "y_pred": _ARRAY,
                         "normalize": [StrOptions({"true", "pred", "all"}), None]},
    "balanced_accuracy_score": {"y_true": _ARRAY, "y_pred": _ARRAY},
    "matthews_corrcoef": {"y_true": _ARRAY, "y_pred": _ARRAY},
    "cohen_kappa_score": {"y1": _ARRAY, "y2": _ARRAY},
    "specificity_score": {"average": [StrOptions({"binary", "micro", "macro", "weighted"}),
                                      None]},
    "balanced_auc_score": {"average": [StrOptions({"binary", "micro", "macro", "weighted"}),
                                       None]},
    "geometric_mean_score": {"average": [StrOptions({"multiclass", "binary", "micro", "macro",
                                                     "weighted"}), None]},
}


def constraints_for(name, parameters):
    """The constraints of metric ``name`` for the parameter names ``parameters``."""
    table = {**PARAMETERS, **OVERRIDES.get(name, {})}
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
