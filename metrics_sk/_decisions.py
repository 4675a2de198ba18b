"""Decisions: what predictions cost, and the net benefit of acting on a risk threshold.

:func:`expected_cost` is a count metric (the route of ``docs/design.rst``: checked once,
counted into a :class:`~metrics_sk.Confusion`, its formula in ``_formulas``).
:func:`net_benefit` and :func:`decision_curve` are decision curve analysis (Vickers &
Elkin 2006) on the counts of :func:`~metrics_sk.confusion_matrix_at_thresholds`: one sort
of the scores, then every threshold by a binary search among the distinct scores.
"""

from numbers import Real

import numpy as np
from sklearn.utils import Bunch

from . import _dask_ranking, _formulas
from ._auc import counts_at_or_above
from ._api import _declared_order, build_confusion, checked_metric, documented_by
from ._curves import confusion_matrix_at_thresholds
from ._encoding import binary_score_inputs
from ._params import checked
from ._sklearn_compat import Interval

#: The default thresholds of :func:`decision_curve`: 0.00, 0.01, ..., 0.99 (dcurves').
DEFAULT_THRESHOLDS = np.arange(100) / 100

_BINARY = {"y_true": ["array-like"], "y_score": ["array-like"],
           "pos_label": [Real, str, "boolean", None], "sample_weight": ["array-like", None]}


@checked_metric
@documented_by(_formulas.expected_cost)
def expected_cost(y_true, y_pred, *, cost_matrix, labels=None, sample_weight=None,
                  normalize=True):
    c = build_confusion(y_true, y_pred, sample_weight)
    if labels is None:
        c = _declared_order(c, "expected_cost", y_true, y_pred, dropin=False)
    return _formulas.expected_cost(c, cost_matrix=cost_matrix, labels=labels,
                                   normalize=normalize)


def _net_benefits(y_true, y_score, thresholds, pos_label, sample_weight):
    """Net benefit of the model and of treating everyone at each of ``thresholds`` (a
    checked 1-D float array in [0, 1)), from one sort of the scores.

    The mistakes in the arrays are named here (this is no drop-in), by the check of
    every binary scoring (:func:`metrics_sk._encoding.binary_score_inputs`): lengths that
    differ, a score array that is not 1-D or holds NaN or infinity; the labels,
    ``pos_label`` and the weights are checked by :func:`confusion_matrix_at_thresholds`.
    Dask inputs: the counts from two passes on the workers
    (:func:`metrics_sk._dask_ranking.dask_counts`)."""
    routed = _dask_ranking.dask_counts(y_true, y_score, sample_weight, pos_label)
    if routed is not None:
        fps, tps, scores = routed[2:]
        scores = scores.astype(np.float64, copy=False)
    else:
        _, scores, _ = binary_score_inputs(y_true, y_score, sample_weight, labels=False)
        scores = scores.astype(np.float64, copy=False)
        _, fps, _, tps, scores = confusion_matrix_at_thresholds(
            y_true, scores, pos_label=pos_label, sample_weight=sample_weight)
    n = tps[-1] + fps[-1]
    fp, tp = counts_at_or_above(fps, tps, scores, thresholds)  # predictions y_score >= t
    odds = thresholds / (1 - thresholds)
    return tp / n - fp / n * odds, tps[-1] / n - fps[-1] / n * odds


@checked({**_BINARY, "threshold": [Interval(Real, 0, 1, closed="left")]})
def net_benefit(y_true, y_score, *, threshold, pos_label=None, sample_weight=None):
    r"""Compute the net benefit of treating the samples whose score reaches a threshold.

    Decision curve analysis (Vickers & Elkin 2006): a sample is treated when its score
    (a predicted probability of the positive class) is at least ``threshold``, the risk
    at which one is indifferent between treating and not; a false positive is weighed
    ``threshold / (1 - threshold)`` true positives.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True binary labels (or other labels with ``pos_label``).
    y_score : array-like of shape (n_samples,)
        Predicted probabilities of the positive class.
    threshold : float in [0, 1)
        The threshold probability :math:`t`; outside [0, 1): ValueError naming it.
    pos_label : int, float, bool or str, default=None
        The positive class; None: 1 of {0, 1} or {-1, 1} labels.
    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights.

    Returns
    -------
    net_benefit : float
        The net benefit, at most the prevalence (0: treat no one).

    See Also
    --------
    decision_curve : The net benefit at many thresholds, from one sort.
    confusion_matrix_at_thresholds : The counts it is computed from.

    Notes
    -----
    :math:`NB(t) = TP/n - FP/n \cdot t / (1 - t)` with :math:`TP`, :math:`FP` the
    (weighted) true and false positives of the predictions :math:`s \ge t` and :math:`n`
    the total weight.

    References
    ----------
    .. [1] Vickers, A. J. and Elkin, E. B. (2006). Decision curve analysis: a novel
       method for evaluating prediction models. Medical Decision Making 26(6), 565-574.

    Examples
    --------
    >>> from metrics_sk import net_benefit
    >>> y_true = [0, 0, 1, 1, 1, 0]
    >>> y_score = [0.1, 0.4, 0.35, 0.8, 0.6, 0.7]
    >>> round(net_benefit(y_true, y_score, threshold=0.5), 4)  # 2/6 - 1/6 * 1
    0.1667
    """
    thresholds = np.array([threshold], dtype=np.float64)
    return float(_net_benefits(y_true, y_score, thresholds, pos_label, sample_weight)[0][0])


def _checked_thresholds(thresholds):
    if thresholds is None:
        return DEFAULT_THRESHOLDS.copy()
    try:
        t = np.array(thresholds, dtype=np.float64)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"thresholds must be numbers in [0, 1): {exc}") from exc
    if t.ndim != 1 or t.size == 0:
        raise ValueError(f"thresholds must be a non-empty 1-D array, got shape {t.shape}.")
    if not (np.all(t >= 0) and np.all(t < 1)):  # (NaN fails both)
        bad = t[~((t >= 0) & (t < 1))]
        raise ValueError(f"thresholds must be in [0, 1), got {bad[:5].tolist()}.")
    return t


@checked({**_BINARY, "thresholds": ["array-like", None]})
def decision_curve(y_true, y_score, *, thresholds=None, pos_label=None, sample_weight=None):
    r"""Compute the decision curve: the net benefit at many threshold probabilities.

    The net benefit of the model (:func:`net_benefit`), of treating everyone and of
    treating no one at each threshold, from one sort of the scores (the counts of
    :func:`confusion_matrix_at_thresholds`; each threshold is a binary search among the
    distinct scores, not a pass over the samples).

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True binary labels (or other labels with ``pos_label``).
    y_score : array-like of shape (n_samples,)
        Predicted probabilities of the positive class.
    thresholds : array-like of shape (n_thresholds,), default=None
        Threshold probabilities in [0, 1), in the order wanted; None: 0.00, 0.01, ...,
        0.99, the default of the ``dcurves`` package (R's ``dcurves::dca``).
    pos_label : int, float, bool or str, default=None
        The positive class; None: 1 of {0, 1} or {-1, 1} labels.
    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights.

    Returns
    -------
    curve : sklearn.utils.Bunch
        A dictionary with attribute access (scikit-learn's result type), each entry of
        shape (n_thresholds,): ``thresholds``, ``net_benefit`` (the model),
        ``treat_all`` (everyone treated: :math:`\pi - (1 - \pi)\, t / (1 - t)`, with
        :math:`\pi` the prevalence) and ``treat_none`` (0).

    See Also
    --------
    net_benefit : The net benefit at one threshold.

    Notes
    -----
    :math:`NB(t) = TP(t)/n - FP(t)/n \cdot t / (1 - t)`, with the predictions
    :math:`s \ge t`. A model is useful at :math:`t` where its net benefit exceeds both
    ``treat_all`` and ``treat_none``. The ``dcurves`` package moves a risk of exactly 0
    to :math:`-\epsilon` (1 to :math:`1 + \epsilon`), so that it is never treated, even
    at :math:`t = 0`; here a score is treated when :math:`s \ge t` as written.

    References
    ----------
    .. [1] Vickers, A. J. and Elkin, E. B. (2006). Decision curve analysis: a novel
       method for evaluating prediction models. Medical Decision Making 26(6), 565-574.

    Examples
    --------
    >>> from metrics_sk import decision_curve
    >>> y_true = [0, 0, 1, 1, 1, 0]
    >>> y_score = [0.1, 0.4, 0.35, 0.8, 0.6, 0.7]
    >>> curve = decision_curve(y_true, y_score, thresholds=[0.0, 0.5])
    >>> curve.net_benefit.round(4).tolist(), curve.treat_all.round(4).tolist()
    ([0.5, 0.1667], [0.5, 0.0])
    """
    t = _checked_thresholds(thresholds)
    model, everyone = _net_benefits(y_true, y_score, t, pos_label, sample_weight)
    return Bunch(thresholds=t, net_benefit=model, treat_all=everyone,
                 treat_none=np.zeros_like(t))
