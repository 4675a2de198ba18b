"""Every metrics_sk metric as a scikit-learn scorer, by name.

The scorer names are data of the registry (``metrics_sk._registry``): each metric lists
its scorer names and the keyword arguments they fix; the sign (``greater_is_better``) and
the response method are the metric's. Everything here is derived from it: the scorer
objects, the names, the registration in scikit-learn and the reST table of the docs
(:func:`scorers_table_rst`, committed as ``docs/scorers_table.rst``, which a test
compares with it).
"""

from sklearn.metrics import make_scorer

from . import _sklearn_registry
from ._registry import SCORER_NAMES

#: name -> (function, response_method, keyword arguments), from the registry.
_ROWS = {name: (metric.function, metric.response_method, kwargs)
         for name, (metric, kwargs) in SCORER_NAMES.items()}


def _make(function, response_method, kwargs, name):
    metric = SCORER_NAMES[name][0]
    return make_scorer(function, response_method=response_method,
                       greater_is_better=metric.greater_is_better, **kwargs)


def get_scorer_names():
    """Return the names of all metrics_sk scorers.

    Each name is a key of :func:`get_scorer`; the names of losses start with ``neg_``.

    Returns
    -------
    names : list of str
        Sorted names, each accepted by :func:`get_scorer` (and, after
        :func:`register_scorers`, by scikit-learn wherever it takes a scoring string).

    See Also
    --------
    get_scorer : The scorer object of a name.
    sklearn.metrics.get_scorer_names : Scikit-learn's own names.

    Examples
    --------
    >>> from metrics_sk import get_scorer_names
    >>> names = get_scorer_names()
    >>> "macro_fscore" in names, "neg_error_rate" in names
    (True, True)
    >>> [name for name in names if name.startswith("specificity_")]
    ['specificity_at_sensitivity_90', 'specificity_at_sensitivity_95', 'specificity_macro', 'specificity_micro', 'specificity_weighted']
    """
    return sorted(_ROWS)


def get_scorer(name):
    """Return the scorer of a metrics_sk name.

    The scorer is a plain :func:`sklearn.metrics.make_scorer` object, with the metric's
    response method and sign.

    Parameters
    ----------
    name : str
        One of :func:`get_scorer_names`.

    Returns
    -------
    scorer : callable
        ``scorer(estimator, X, y, sample_weight=None)``; ``neg_*`` scorers return the
        negated loss, so that greater is always better.

    Raises
    ------
    ValueError
        If ``name`` is not a metrics_sk scorer.

    See Also
    --------
    get_scorer_names : All names.
    register_scorers : Make the names scikit-learn scoring strings.

    Notes
    -----
    Unlike a string, the scorer object works in any process without
    :func:`register_scorers`: use it for an estimator that a worker process fits, e.g.
    a ``GridSearchCV`` inside ``cross_validate(..., n_jobs=2)``.

    Examples
    --------
    >>> from sklearn.datasets import load_iris
    >>> from sklearn.linear_model import LogisticRegression
    >>> from sklearn.model_selection import cross_val_score
    >>> from metrics_sk import get_scorer
    >>> get_scorer("macro_f2")
    make_scorer(macro_fbeta_score, response_method='predict', beta=2.0)
    >>> X, y = load_iris(return_X_y=True)
    >>> scores = cross_val_score(LogisticRegression(max_iter=1000), X, y, cv=3,
    ...                          scoring=get_scorer("macro_fscore"))
    >>> bool(scores.min() > 0.9)
    True
    """
    if name not in _ROWS:
        raise ValueError(
            f"{name!r} is not a metrics_sk scorer; metrics_sk.get_scorer_names() lists "
            f"them: {sorted(_ROWS)}. scikit-learn's own names are served by "
            "sklearn.metrics.get_scorer.")
    return _make(*_ROWS[name], name)


def register_scorers():
    """Make every metrics_sk scorer name a scikit-learn scoring string.

    Afterwards ``GridSearchCV(..., scoring="macro_fscore")``,
    ``cross_val_score(..., scoring="specificity")``, ``cross_validate``,
    ``RandomizedSearchCV``, the Halving searches, ``learning_curve``,
    ``validation_curve``, ``permutation_importance``, ``check_scoring`` and
    ``sklearn.metrics.get_scorer`` accept the names, alone or in lists and dicts,
    including in scikit-learn modules imported later.  Calling it again does nothing.

    A name scikit-learn already has is never replaced: it stays scikit-learn's, with a
    :class:`UserWarning`.

    Returns
    -------
    names : list of str
        The names that now give metrics_sk's scorers in scikit-learn.

    Raises
    ------
    ImportError
        On a scikit-learn version whose internals this was not tested with (the names
        are not registered; :func:`get_scorer` objects still work).
    RuntimeError
        If scikit-learn still refuses the names after registration (everything is rolled
        back).

    See Also
    --------
    get_scorer : The scorer object, usable without registration.

    Notes
    -----
    The registration lives in the process that calls this.  With ``n_jobs=2`` a string
    passed to ``cross_validate``, ``GridSearchCV``, ... works: scikit-learn turns it into
    a scorer in this process and sends the scorer to the workers.  What cannot work is a
    string held by an estimator that a fresh worker process fits and validates itself,
    e.g. ``cross_validate(GridSearchCV(clf, grid, scoring="macro_fscore"), X, y,
    n_jobs=2)`` with joblib's default (loky) processes: the worker has not registered
    the name, the inner fits fail with ``InvalidParameterError`` and cross_validate
    raises "All the ... fits failed".  The fix is to pass the scorer object,
    ``GridSearchCV(clf, grid, scoring=metrics_sk.get_scorer("macro_fscore"))``, which
    works in any process (or to run the outer loop in threads).

    Examples
    --------
    >>> import metrics_sk
    >>> from sklearn.datasets import load_iris
    >>> from sklearn.linear_model import LogisticRegression
    >>> from sklearn.model_selection import GridSearchCV
    >>> X, y = load_iris(return_X_y=True)
    >>> names = metrics_sk.register_scorers()  # doctest: +SKIP
    >>> search = GridSearchCV(LogisticRegression(max_iter=1000), {"C": [0.1, 1.0]},
    ...                       scoring="macro_fscore", cv=3).fit(X, y)  # doctest: +SKIP
    >>> search.best_params_  # doctest: +SKIP
    {'C': 1.0}

    The example is skipped by the doctests so that they leave scikit-learn as they
    found it; ``tests/test_scorers.py`` runs it in fresh interpreters.
    """
    return _sklearn_registry.add_scorers(
        {name: _make(*row, name) for name, row in _ROWS.items()})


def _arguments(kwargs):
    return ", ".join(f"``{key}={value!r}``" for key, value in kwargs.items()) or "--"


def _methods(response_method):
    """``a`` or, for a tuple, ``a`` (else ``b``): the first the estimator has."""
    first, *others = (response_method,) if isinstance(response_method, str) else response_method
    return f"``{first}``" + "".join(f" (else ``{other}``)" for other in others)


def scorers_table_rst():
    """The reST section listing every scorer, as committed in ``docs/scorers_table.rst``.

    Returns
    -------
    text : str

    Examples
    --------
    >>> from metrics_sk._scorers import scorers_table_rst
    >>> print(scorers_table_rst().splitlines()[0])
    .. Generated by metrics_sk._scorers.scorers_table_rst(): do not edit by hand.
    """
    rows = [("Name", "Metric", "Arguments", "Response method", "Greater is better")]
    for name, (function, response_method, kwargs) in sorted(_ROWS.items()):
        rows.append((f"``{name}``", f":func:`~metrics_sk.{function.__name__}`",
                     _arguments(kwargs), _methods(response_method),
                     "yes" if SCORER_NAMES[name][0].greater_is_better else
                     "no (negated loss)"))
    lines = [
        ".. Generated by metrics_sk._scorers.scorers_table_rst(): do not edit by hand.",
        "",
        "Names: oneDAL's multi-class metrics keep oneDAL's names (``microPrecision`` is",
        "``micro_precision``, ``macroFscore`` is ``macro_fscore``, ``macro_f<beta>`` its",
        "F-beta variants); a metric with an ``average`` is ``<metric>`` with its default",
        "average (``binary`` with ``pos_label=1`` for specificity and balanced AUC, ``macro``",
        "for the one-vs-all AUCs) and ``<metric>_<average>`` with another, as scikit-learn's",
        "``precision_macro`` and ``roc_auc_ovr_weighted``; losses are negated and named",
        "``neg_<loss>``. On a binary target scikit-learn passes the score of the positive",
        "class alone; the score metrics read it as the second of two columns.",
        "``metrics_sk.register_scorers()`` makes every name a scikit-learn scoring string;",
        "``metrics_sk.get_scorer(name)`` returns the scorer object, which also works in",
        "worker processes that have not registered the names.",
        "",
        ".. list-table:: metrics_sk scorers",
        "   :header-rows: 1",
        "",
    ]
    for row in rows:
        lines.append(f"   * - {row[0]}")
        lines.extend(f"     - {cell}" for cell in row[1:])
    lines += [
        "",
        ".. note::",
        "",
        "   Registration lives in the process that calls ``register_scorers()``. With",
        "   ``n_jobs=2`` a string given to ``cross_validate``, ``GridSearchCV``, ... works:",
        "   scikit-learn resolves it in that process. A string held by an estimator that a",
        "   fresh worker process fits, as in ``cross_validate(GridSearchCV(clf, grid,",
        "   scoring=\"macro_fscore\"), X, y, n_jobs=2)``, is not known there and those fits",
        "   fail; pass ``scoring=metrics_sk.get_scorer(\"macro_fscore\")`` instead.",
    ]
    return "\n".join(lines) + "\n"
