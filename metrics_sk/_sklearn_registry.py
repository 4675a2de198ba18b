"""Adding scorer names to scikit-learn: the one module that changes its private state.

scikit-learn knows its scoring strings in two places:

1. ``sklearn.metrics._scorer._SCORERS``, the dict read by ``get_scorer``,
   ``get_scorer_names`` and ``check_scoring`` (list, tuple, set and dict forms call
   ``get_scorer`` name by name).
2. Copies of its keys, ``StrOptions(set(get_scorer_names()))``, taken when a module is
   imported, against which the single-string form is validated: ``check_scoring``,
   ``BaseSearchCV`` (so ``GridSearchCV``, ``RandomizedSearchCV`` and both Halving
   searches, which copy the same constraint object), ``cross_validate``,
   ``cross_val_score``, ``learning_curve``, ``validation_curve``,
   ``permutation_test_score``, ``permutation_importance``,
   ``SequentialFeatureSelector``, ``LogisticRegressionCV``, ``RidgeCV``,
   ``TunedThresholdClassifierCV``.  Every call site builds its own ``set``, so there is
   no one shared set to extend.

The mechanism, in that order:

- Add to ``_SCORERS`` (1).  A module imported *after* this reads the extended dict when
  it builds its ``StrOptions``, so later imports need nothing more: no import hook,
  which would have to know which modules capture the names.
- For modules imported *before*, extend (2) in place: every ``StrOptions`` alive in the
  process whose options hold scikit-learn's own scorer names is a copy of (1), and gets
  the new names added to its ``options`` set.  They are found with
  :func:`gc.get_objects` rather than by walking module attributes, so a copy is found
  wherever it is held (a class's ``_parameter_constraints``, a ``validate_params``
  wrapper, an estimator of another library built on scikit-learn's validation)
  without depending on scikit-learn's module layout.  It costs time in proportion to
  the live objects (about 0.1 s right after importing scikit-learn), once per process.
- Check the result through the public API (``get_scorer_names``, ``check_scoring``)
  and undo everything if it did not take, so that an incompatible scikit-learn fails
  with a clear error rather than a wrong score.

Names scikit-learn already has are never replaced.
"""

import gc
import threading
import warnings

import sklearn

from ._sklearn_compat import check_sklearn_version

#: Scorer names every scikit-learn release has had; a ``StrOptions`` holding all of them
#: is a copy of the scorer names (no other parameter accepts these strings).
_SKLEARN_SIGNATURE = frozenset(
    {"accuracy", "balanced_accuracy", "roc_auc", "neg_log_loss", "f1_macro", "r2",
     "neg_mean_squared_error", "adjusted_rand_score"})

_FEATURE = "scorer registration (register_scorers)"
_added = {}  # name -> the scorer object metrics_sk put into scikit-learn's dict
_kept = set()  # names scikit-learn already had: warned about once, left alone
#: One registration at a time: another thread would otherwise see our names in
#: scikit-learn's dict before ``_added`` holds them, and take them for scikit-learn's.
_lock = threading.Lock()


def _scorer_dict():
    """scikit-learn's scorer dict, after the version and layout checks."""
    check_sklearn_version(_FEATURE)
    from sklearn.metrics import _scorer

    scorers = getattr(_scorer, "_SCORERS", None)
    if not isinstance(scorers, dict) or not _SKLEARN_SIGNATURE <= scorers.keys():
        raise ImportError(
            f"metrics_sk's {_FEATURE} could not find scikit-learn's scorer dictionary "
            "(sklearn.metrics._scorer._SCORERS) in its expected form; use "
            "metrics_sk.get_scorer(name) objects instead of strings.")
    return scorers


def _name_copies():
    """Every ``StrOptions`` in the process that holds a copy of the scorer names."""
    from sklearn.utils._param_validation import StrOptions

    return [obj for obj in gc.get_objects()
            if isinstance(obj, StrOptions) and _SKLEARN_SIGNATURE <= set(obj.options)]


def _extend(copies, names):
    for constraint in copies:
        if isinstance(constraint.options, set):
            constraint.options.update(names)  # in place: anything sharing it sees them
        else:
            constraint.options = set(constraint.options) | set(names)


def _shrink(copies, names):
    for constraint in copies:
        constraint.options = set(constraint.options) - set(names)


def _takes(names):
    """Whether scikit-learn's public API now accepts ``names`` as scoring strings."""
    from sklearn.metrics import check_scoring, get_scorer_names

    try:
        for name in names:
            check_scoring(scoring=name)  # validated against a StrOptions copy
    except (ValueError, TypeError):
        return False
    return set(names) <= set(get_scorer_names())


def add_scorers(scorers):
    """Make each ``name -> scorer`` of ``scorers`` a scikit-learn scoring string.

    Idempotent: names already added are skipped.  A name scikit-learn already has is
    kept as scikit-learn's, with a :class:`UserWarning` (once).

    Returns
    -------
    names : list of str
        The names that now give metrics_sk's scorers in scikit-learn.
    """
    with _lock:  # thread-safe: concurrent calls all return the names, none warns falsely
        return _add_scorers(scorers)


def _add_scorers(scorers):
    registry = _scorer_dict()
    new = {name: scorer for name, scorer in scorers.items()
           if name not in _added and name not in _kept}
    for name in sorted(new.keys() & registry.keys()):
        _kept.add(name)
        del new[name]
        warnings.warn(
            f"scikit-learn already has a scorer named {name!r}; metrics_sk keeps "
            f"scikit-learn's. Use metrics_sk.get_scorer({name!r}) for metrics_sk's.",
            UserWarning, stacklevel=4)
    if new:
        registry.update(new)
        copies = _name_copies()
        _extend(copies, new)
        if not _takes(new):
            for name in new:
                del registry[name]
            _shrink(copies, new)
            raise RuntimeError(
                f"metrics_sk could not register its scorer names with scikit-learn "
                f"{sklearn.__version__}: its scoring-string validation did not accept "
                "them. Pass metrics_sk.get_scorer(name) objects instead of strings.")
        _added.update(new)
    return sorted(name for name in _added if registry.get(name) is _added[name])
