"""The one place where metrics_sk touches scikit-learn's private API.

Everything imported here is private to scikit-learn and may move between releases.
Importing it in one module, behind a version check, means an incompatible release
fails here with a clear message instead of giving a wrong number somewhere else.
"""

import sklearn

SUPPORTED = ((1, 6), (1, 10))  # [lowest, highest) scikit-learn minor versions tested


def _version_tuple(version):
    parts = []
    for piece in version.split(".")[:2]:
        digits = "".join(ch for ch in piece if ch.isdigit())
        parts.append(int(digits or 0))
    return tuple(parts)


SKLEARN_VERSION = _version_tuple(sklearn.__version__)


def check_sklearn_version(feature):
    """Raise ImportError if ``feature`` relies on a scikit-learn we have not tested."""
    low, high = SUPPORTED
    if not low <= SKLEARN_VERSION < high:
        raise ImportError(
            f"metrics_sk's {feature} relies on scikit-learn internals that were tested "
            f"with scikit-learn {low[0]}.{low[1]} to {high[0]}.{high[1] - 1}; "
            f"found scikit-learn {sklearn.__version__}."
        )


try:  # pragma: no cover - exercised by the import itself
    from sklearn.exceptions import UndefinedMetricWarning
    from sklearn.metrics._classification import _check_targets
    from sklearn.utils._param_validation import (
        Hidden,
        Interval,
        Options,
        StrOptions,
        make_constraint,
        validate_parameter_constraints,
        validate_params,
    )
    from sklearn.utils.validation import _deprecate_positional_args
    # the curve displays (_display/curves): scikit-learn's estimator responses, positive
    # label rule and matplotlib keyword merging, so that their errors are scikit-learn's
    # (public names here: a subpackage imports no private name from outside it)
    from sklearn.utils._plotting import _validate_style_kwargs as validate_style_kwargs
    from sklearn.utils._response import _get_response_values as get_response_values
    from sklearn.utils._response import (
        _get_response_values_binary as get_response_values_binary,
    )
    from sklearn.utils import _safe_indexing as safe_indexing
    from sklearn.utils.validation import (
        _check_pos_label_consistency as check_pos_label_consistency,
    )
    from sklearn.utils.validation import _num_samples as num_samples
except ImportError as exc:  # pragma: no cover
    raise ImportError(
        f"metrics_sk could not import scikit-learn {sklearn.__version__}'s parameter "
        f"validation helpers ({exc}); supported versions are "
        f"{SUPPORTED[0][0]}.{SUPPORTED[0][1]} to {SUPPORTED[1][0]}.{SUPPORTED[1][1] - 1}."
    ) from exc



def sklearn_constraints(name):
    """scikit-learn's own parameter constraints of ``sklearn.metrics.<name>`` (empty when it
    has none): a drop-in checked against these objects raises scikit-learn's message to the
    letter, the order of an options set included (a set constant's order is fixed when its
    module is compiled, so an equal set of our own may print in another order)."""
    import sklearn.metrics

    function = getattr(sklearn.metrics, name, None)
    return dict(getattr(function, "_skl_parameter_constraints", {}))


__all__ = [
    "SKLEARN_VERSION",
    "check_sklearn_version",
    "UndefinedMetricWarning",
    "_check_targets",
    "_deprecate_positional_args",
    "Hidden",
    "Interval",
    "Options",
    "StrOptions",
    "make_constraint",
    "sklearn_constraints",
    "validate_parameter_constraints",
    "validate_params",
    "check_pos_label_consistency",
    "safe_indexing",
    "num_samples",
    "get_response_values",
    "get_response_values_binary",
    "validate_style_kwargs",
]
