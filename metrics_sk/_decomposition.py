"""The CORP decomposition of a proper score: miscalibration, discrimination, uncertainty.

:func:`score_decomposition` checks its inputs once (``_losses.prepare_scores``, the
shared boundary of score metrics), fits the isotonic recalibration of each class's
probabilities by the weighted PAV of :mod:`metrics_sk._isotonic` (one sort) and reads the
three parts from the tie blocks and level sets.
"""

from dataclasses import dataclass

import numpy as np
from scipy.special import xlogy

from ._isotonic import isotonic_fit
from ._losses import _finite_range, average_losses, prepare_scores
from ._params import checked
from ._sklearn_compat import StrOptions

_CONSTRAINTS = {"y_true": ["array-like"], "y_proba": ["array-like"],
                "scoring": [StrOptions({"brier_score_loss", "log_loss"})],
                "pos_label": ["array-like", str, "boolean", None, int, float],
                "sample_weight": ["array-like", None]}


@dataclass(frozen=True, repr=False)
class ScoreDecomposition:
    """Result of :func:`score_decomposition`: the three parts of a mean score.

    ``score = miscalibration - discrimination + uncertainty``. Each part is a float for a binary target (a 1-D ``y_proba``), an array with one value
    per class (one-vs-rest, in the order of the columns of ``y_proba``) for a 2-D one.

    Parameters
    ----------
    scoring : str
        The proper score decomposed: ``"brier_score_loss"`` or ``"log_loss"``.
    score : float or ndarray
        The mean score of the probabilities, ``S(y, p)``.
    miscalibration : float or ndarray
        ``S(y, p) - S(y, p_iso)`` (MCB), >= 0: what recalibrating by isotonic regression
        would gain.
    discrimination : float or ndarray
        ``S(y, ybar) - S(y, p_iso)`` (DSC), >= 0: what the recalibrated probabilities gain
        over the base rate.
    uncertainty : float or ndarray
        ``S(y, ybar)`` (UNC): the score of the base rate ``ybar``.

    See Also
    --------
    score_decomposition : The function that returns it.

    Examples
    --------
    >>> from metrics_sk import score_decomposition
    >>> d = score_decomposition([0, 0, 1, 1], [0.1, 0.6, 0.4, 0.9])
    >>> d
    ScoreDecomposition(scoring='brier_score_loss', score=0.185, miscalibration=0.06, discrimination=0.125, uncertainty=0.25)
    >>> round(d.miscalibration - d.discrimination + d.uncertainty, 12)
    0.185
    """

    scoring: str
    score: object
    miscalibration: object
    discrimination: object
    uncertainty: object

    def __repr__(self):
        def shown(value):
            if np.ndim(value) == 0:
                return f"{float(value):.6g}"
            return np.array2string(np.asarray(value), precision=6, separator=", ")
        parts = ", ".join(f"{name}={shown(getattr(self, name))}" for name in
                          ("score", "miscalibration", "discrimination", "uncertainty"))
        return f"ScoreDecomposition(scoring={self.scoring!r}, {parts})"


def _losses(is_pos, proba, scoring):
    """Per-sample scores of the probabilities ``proba`` of the positive class."""
    if scoring == "brier_score_loss":
        return (is_pos - proba) ** 2
    with np.errstate(divide="ignore"):  # a certain, wrong probability: an infinite loss
        return -np.where(is_pos, np.log(proba), np.log1p(-proba))


def _pooled_loss(positives, weights, proba, scoring):
    """Total score of ``positives`` out of ``weights`` all given ``proba``, per block
    (``0 log 0 = 0``: a level of 0 or 1 holds only negatives or only positives)."""
    negatives = np.maximum(weights - positives, 0.0)
    if scoring == "brier_score_loss":
        return positives * (1 - proba) ** 2 + negatives * proba ** 2
    return -(xlogy(positives, proba) + xlogy(negatives, 1 - proba))


def _decompose(is_pos, proba, weights, scoring):
    """``(score, miscalibration, discrimination, uncertainty)`` of one binary column."""
    score = average_losses(_losses(is_pos, proba, scoring), weights)
    fit = isotonic_fit(is_pos, proba, weights)
    total = fit.weights.sum()
    base_rate = min(fit.positives.sum() / total, 1.0)
    levels = np.minimum(fit.positives / fit.weights, 1.0)  # p_hat of each level set
    recalibrated = _pooled_loss(fit.positives, fit.weights, levels, scoring).sum() / total
    uncertainty = float(_pooled_loss(fit.positives.sum(), total, base_rate, scoring) / total)
    return score, score - recalibrated, uncertainty - recalibrated, uncertainty


def probability_columns(y_true, y_proba, *, pos_label=None, sample_weight=None,
                        top_label=False, name="y_proba"):
    """The checked binary problems of probabilities: ``(columns, weights)``, ``columns`` a
    list of ``(label, is_pos, proba)``, one per class of a 2-D ``y_proba`` (its column
    against its class; ``top_label``: one, the highest probability of each sample against
    whether its class is the true one, ``label`` None), or the one of a 1-D ``y_proba``
    (``pos_label``, by default the greater class); errors name the probabilities ``name``.
    The boundary of
    :func:`score_decomposition` and the reliability diagram: the shared score checks,
    probabilities in [0, 1], weights not all zero."""
    codes, classes, scores, weights = prepare_scores(
        y_true, y_proba, None, sample_weight, name=name, allow_1d=True)
    _finite_range(scores, name, probabilities=True,
                  advice=f"{name} holds probabilities (predict_proba's), not decision scores")
    if weights is not None and not (weights > 0).any():
        raise ValueError("sample_weight must contain at least one non-zero number.")
    if scores.ndim == 1:
        if pos_label is None:
            positive = classes.shape[0] - 1
        else:
            found = [k for k, c in enumerate(classes.tolist()) if c == pos_label]
            if len(found) != 1:
                raise ValueError(f"pos_label={pos_label!r} is not a label of y_true: "
                                 f"{classes.tolist()}.")
            positive = found[0]
        return [(classes[positive], codes == positive, scores)], weights
    if pos_label is not None:
        raise ValueError(f"pos_label is for a 1-D {name}; a 2-D {name} is taken class by "
                         "class (its columns), pass pos_label=None.")
    if top_label:
        top = scores.argmax(axis=1)
        return [(None, top == codes, scores[np.arange(top.shape[0]), top])], weights
    return [(classes[k], codes == k, scores[:, k]) for k in range(scores.shape[1])], weights


@checked(_CONSTRAINTS)
def score_decomposition(y_true, y_proba, *, scoring="brier_score_loss", pos_label=None,
                        sample_weight=None):
    r"""CORP decomposition of the mean Brier score or log loss of probabilities.

    Splits the mean proper score ``S(y, p)`` of the predicted probabilities into
    miscalibration (MCB), discrimination (DSC) and uncertainty (UNC), by the CORP
    approach (Consistent, Optimally binned, Reproducible, PAV-based) of Dimitriadis,
    Gneiting and Jordan (2021):

    .. math::

        S(y, p) = \mathrm{MCB} - \mathrm{DSC} + \mathrm{UNC},\quad
        \mathrm{MCB} = S(y, p) - S(y, \hat p), \quad
        \mathrm{DSC} = S(y, \bar y) - S(y, \hat p), \quad
        \mathrm{UNC} = S(y, \bar y),

    where ``S`` is the (weighted) mean score, ``ybar`` the (weighted) base rate and
    ``p_hat`` the isotonic regression of the outcomes on ``p`` (weighted least squares,
    non-decreasing in ``p``, equal ``p`` pooled first): the recalibrated probabilities.
    MCB and DSC are >= 0; a calibrated model has MCB near 0, a sharper one a larger DSC.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels.
    y_proba : array-like of shape (n_samples,) or (n_samples, n_classes)
        Predicted probabilities: of the positive class (1-D), or one column per class
        in the order of the sorted classes of ``y_true`` (``predict_proba``'s). A 2-D
        ``y_proba`` is decomposed one-vs-rest, each column against its class, and every
        part is an array with one value per class.
    scoring : {'brier_score_loss', 'log_loss'}, default='brier_score_loss'
        The proper score. The log loss is exact, not clipped: the isotonic fit is 0 (1)
        only on blocks of negatives (positives), where ``0 log 0 = 0``; a probability
        of exactly 0 or 1 on a sample of the other class gives an infinite score and
        miscalibration (discrimination and uncertainty stay finite).
    pos_label : int, float, bool or str, default=None
        The positive class of a 1-D ``y_proba``: by default the greater of the two
        labels of ``y_true``. Not used with a 2-D ``y_proba``.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative sample weights (the means, the base rate and the isotonic fit are
        weighted).

    Returns
    -------
    ScoreDecomposition
        ``scoring``, ``score``, ``miscalibration``, ``discrimination`` and
        ``uncertainty``; floats for a 1-D ``y_proba``, arrays of one value per class
        for a 2-D one.

    See Also
    --------
    ReliabilityDisplay : The reliability diagram of the same isotonic fit.
    sklearn.isotonic.IsotonicRegression : The same fit, one estimator per column.

    References
    ----------
    T. Dimitriadis, T. Gneiting and A. I. Jordan, "Stable reliability diagrams for
    probabilistic classifiers", PNAS 118(8), e2016191118, 2021.

    Examples
    --------
    >>> from metrics_sk import score_decomposition
    >>> y = [0, 0, 1, 1, 1, 0]
    >>> p = [0.2, 0.7, 0.6, 0.9, 0.5, 0.1]
    >>> d = score_decomposition(y, p)
    >>> round(d.score, 4), round(d.miscalibration, 4), round(d.discrimination, 4)
    (0.16, 0.0489, 0.1389)
    >>> round(d.miscalibration - d.discrimination + d.uncertainty, 12)
    0.16
    """
    columns, weights = probability_columns(y_true, y_proba, pos_label=pos_label,
                                           sample_weight=sample_weight)
    parts = [_decompose(is_pos, proba, weights, scoring) for _, is_pos, proba in columns]
    if np.ndim(y_proba) == 1:
        return ScoreDecomposition(scoring, *(float(v) for v in parts[0]))
    return ScoreDecomposition(scoring, *(np.array(v) for v in zip(*parts)))
