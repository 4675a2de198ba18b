"""Score inputs and per-sample losses: the boundary and the kernels of the score metrics.

The public score metrics (:mod:`metrics_sk._scores`) and the streaming accumulators
(:mod:`metrics_sk._streaming`) validate and encode their inputs here, once, and compute
their per-sample losses with the same kernels, so a streamed loss is the function's loss.
"""

import warnings
from fractions import Fraction

import numpy as np
import scipy.sparse as sp

from ._exact import (ExactSum, exact_dot_of, exact_of, exact_sum_of, exact_totals_by,
                     ratio)
from ._encoding import encode, is_sorted
from ._validation import check_same_length, check_sample_weight, refuse_masked


# -- validation and encoding (the boundary) ---------------------------------------------
def score_array(y_score, name, *, keep_float_dtype=False):
    """``y_score`` as a float array (float64 unless ``keep_float_dtype``)."""
    if sp.issparse(y_score):
        raise TypeError(f"{name} must be a dense array of scores, got a sparse matrix.")
    refuse_masked(y_score, name)
    scores = np.asarray(y_score)
    if scores.dtype.kind not in "biuf":
        raise ValueError(f"{name} must hold numbers, got dtype {scores.dtype}.")
    if keep_float_dtype and scores.dtype.kind == "f":
        return scores
    return scores.astype(np.float64, copy=False)


def named_columns(y_score, classes):
    """The positions of ``classes`` among the columns of ``y_score`` when it is a
    DataFrame whose column names are exactly the classes, in another order (else None)."""
    names = getattr(y_score, "columns", None)
    if names is None or len(names) != classes.shape[0] or classes.shape[0] < 2:
        return None
    try:
        where = {name: i for i, name in enumerate(names)}
        order = [where[c] for c in classes.tolist()]
    except (KeyError, TypeError):  # names that are not the classes
        return None
    return None if order == sorted(order) else np.array(order)


def _warn_unaligned(y_score, classes, name, function):
    """The drop-ins read columns by position, as scikit-learn does: say so when the column
    names are the classes in another order."""
    if named_columns(y_score, classes) is not None:
        warnings.warn(
            f"The columns of {name} are named as the classes, but not in the order of the "
            f"classes {classes.tolist()[:10]}; {function}, like scikit-learn's, reads the "
            f"columns by position, not by name. Reorder them, e.g. "
            f"{name}[{classes.tolist()[:10]}], to score each class's own column.",
            UserWarning, stacklevel=5)


def _finite_range(scores, name, *, probabilities=False,
                  advice="pass raw scores with from_logits=True"):
    """``(min, max)`` of ``scores``; a ValueError if any score is NaN or infinite or, with
    ``probabilities``, outside [0, 1] (the message ends with ``advice``)."""
    low, high = scores.min(), scores.max()
    if not (np.isfinite(low) and np.isfinite(high)):
        what = "NaN" if np.isnan(low) or np.isnan(high) else "infinity"
        raise ValueError(f"Input {name} contains {what}.")
    if probabilities and (low < 0 or high > 1):
        raise ValueError(f"{name} must hold probabilities in [0, 1], got values from {low:g} "
                         f"to {high:g}; {advice}.")
    return low, high


def _rows_sum_to_one(proba):
    """Whether each row of 2-D ``proba`` sums to 1 within scikit-learn's tolerance,
    ``|sum - 1| <= 1e-8 + sqrt(eps)``."""
    row_sums = proba @ np.ones(proba.shape[1], dtype=proba.dtype)  # BLAS: 3x np.sum's speed
    return bool((np.abs(row_sums - 1) <= 1e-8 + np.sqrt(np.finfo(proba.dtype).eps)).all())


def encode_targets(y, labels):
    """Classes and the position of each label of ``y`` (y_true) among them, by the one
    label encoder (:func:`metrics_sk._encoding.encode`). Without ``labels`` the classes
    are the sorted distinct labels of ``y``; with it, a label of ``y`` outside ``labels``
    is an error."""
    classes, (codes,) = encode(y, labels=labels, names=["y_true"])
    if labels is not None:
        unknown = codes == classes.shape[0]
        if unknown.any():
            raise ValueError(f"y_true contains labels that are not in labels: "
                             f"{sorted(set(np.asarray(y)[unknown].tolist()))[:10]}.")
    return classes, codes


def check_samples(y_true, y_score, sample_weight, *, labels=None, name="y_score",
                  keep_float_dtype=False, allow_negative_weights=False):
    """The one front end of score inputs, for the functions and the streamed batches:
    ``(classes, codes, scores, weights)`` from :func:`encode_targets`, :func:`score_array`,
    one length for the three arrays and the checked weights (their dtype kept)."""
    classes, codes = encode_targets(y_true, labels)
    scores = score_array(y_score, name, keep_float_dtype=keep_float_dtype)
    check_same_length(("y_true", codes), (name, scores), ("sample_weight", sample_weight))
    weights = check_sample_weight(sample_weight, codes.shape[0],
                                  allow_negative=allow_negative_weights)
    return classes, codes, scores, weights


def _check_columns(scores, classes, labels, name, allow_1d):
    n_classes = classes.shape[0]
    if scores.ndim == 1 and allow_1d:
        if n_classes != 2:
            raise ValueError(f"A 1-D {name} holds the score of the positive class of a binary "
                             f"target, but there are {n_classes} classes: pass one column per "
                             "class.")
        return
    if scores.ndim != 2:
        raise ValueError(f"{name} must be 2-D, of shape (n_samples, n_classes); got shape "
                         f"{scores.shape}.")
    if scores.shape[1] != n_classes:
        source = (f"labels has {n_classes} entries" if labels is not None else
                  f"y_true has {n_classes} classes {classes[:10].tolist()}")
        raise ValueError(f"{name} has {scores.shape[1]} columns but {source}; pass labels= "
                         "with the class of each column.")


def prepare_scores(y_true, y_score, labels, sample_weight, *, name="y_score", allow_1d=False,
             binary_columns=None, probabilities=False, allow_negative_weights=False,
             min_classes=1, advice="pass raw scores with from_logits=True"):
    """Validate and encode the inputs of a score metric.

    Returns ``(codes, classes, scores, weights)``: the column of each sample's true class,
    the classes, the scores (float64, finite) and the weights (or None).

    ``binary_columns`` ("probability" or "ranking") accepts the 1-D score of a binary
    target (scikit-learn's convention: the score of the greater class, as binary scorers
    pass it) and returns two columns, ``[1 - p, p]`` or ``[-s, s]`` (swapped when
    ``labels`` puts the greater class first). ``advice`` ends the message of
    probabilities outside [0, 1].
    """
    classes, codes, scores, weights = check_samples(
        y_true, y_score, sample_weight, labels=labels, name=name,
        allow_negative_weights=allow_negative_weights)
    if weights is not None:  # sums of integer weights near the int64 limit would wrap
        weights = weights.astype(np.float64, copy=False)
    if classes.shape[0] < min_classes:
        raise ValueError(f"At least two classes are needed, but y_true contains only one label "
                         f"({classes.tolist()[0]!r}): pass all the classes with labels=.")
    order = named_columns(y_score, classes)
    if order is not None:  # a DataFrame with a column per class, by name: align by name
        scores = scores[:, order]
    scores = check_scores(scores, classes, labels, name=name, allow_1d=allow_1d,
                          binary_columns=binary_columns, probabilities=probabilities,
                          advice=advice)
    return codes, classes, scores, weights


def check_scores(scores, classes, labels, *, name="y_score", allow_1d=False,
                 binary_columns=None, probabilities=False,
                 advice="pass raw scores with from_logits=True"):
    """The checks of :func:`prepare_scores` on one more score array (of known length) for the
    same ``classes``, e.g. a second model's scores of the same samples."""
    _check_columns(scores, classes, labels, name, allow_1d or binary_columns is not None)
    _finite_range(scores, name, probabilities=probabilities, advice=advice)
    if scores.ndim == 1 and binary_columns is not None:
        other = 1 - scores if binary_columns == "probability" else -scores
        # the score of the greater class, in its column whatever the order of labels=
        pair = (other, scores) if is_sorted(classes) else (scores, other)
        scores = np.column_stack(pair)
    return scores


# -- per-sample losses (kernels on encoded, validated arrays) ---------------------------
# ``codes`` holds the column of each sample's true class, shape (n,); the kernels on 2-D
# scores also take ``codes`` of shape (n, c), c candidate columns per sample (streaming
# without labels=), and then return the (n, c) losses, each computed as for shape (n,).
def _by_row(values, codes):
    """Per-row ``values`` shaped to broadcast against ``codes``."""
    return values if codes.ndim == 1 else values[:, None]


def pick(matrix, codes):
    """``matrix[i, codes[i]]`` (or ``matrix[i, codes[i, j]]``) for every row ``i``."""
    if matrix.flags.c_contiguous:
        rows = matrix.shape[1] * np.arange(codes.shape[0])
        return matrix.ravel().take(codes + _by_row(rows, codes))
    if codes.ndim == 2:
        return np.take_along_axis(matrix, codes, axis=1)
    return np.take_along_axis(matrix, codes[:, None], axis=1)[:, 0]


def softmax_cross_entropy(codes, logits):
    """``log sum_j exp(a_ij) - a_i,t_i`` per sample, max-shifted: exact, no clipping."""
    shifted = logits - logits.max(axis=1, keepdims=True)
    return _by_row(np.log(np.exp(shifted).sum(axis=1)), codes) - pick(shifted, codes)


def sigmoid_cross_entropy(is_pos, logits):
    """``log(1 + exp(f)) - y f`` per sample for the log-odds ``f`` of the positive class."""
    return np.logaddexp(0.0, logits) - np.where(is_pos, logits, 0.0)


def one_vs_all_losses(codes, scores, *, from_logits):
    """Mean over the K columns of each sample's binary cross-entropy (column k against
    ``[t = k]``): from log-odds (stable softplus) or from probabilities clipped to
    ``[eps, 1 - eps]``."""
    if from_logits:
        softplus = _by_row(np.logaddexp(0.0, scores).sum(axis=1), codes)
        return (softplus - pick(scores, codes)) / scores.shape[1]
    eps = np.finfo(scores.dtype).eps
    proba = np.clip(scores, eps, 1 - eps)
    true = pick(proba, codes)
    log_not = _by_row(np.log1p(-proba).sum(axis=1), codes) - np.log1p(-true)
    return -(log_not + np.log(true)) / scores.shape[1]


def crammer_singer_margins(codes, scores):
    """``a_i,t_i - max_{j != t_i} a_ij`` per sample; only the rows whose true class (or a
    candidate column) has the (first) highest score are copied, to find their second
    highest."""
    rows = np.arange(codes.shape[0])
    top = scores.argmax(axis=1)
    highest = scores[rows, top]
    true_on_top = _by_row(top, codes) == codes
    needs_second = true_on_top if codes.ndim == 1 else true_on_top.any(axis=1)
    if codes.ndim == 1:
        other = highest
    else:
        other = np.repeat(highest[:, None], codes.shape[1], axis=1)
    if needs_second.any():
        sub = scores[needs_second]
        sub[np.arange(sub.shape[0]), top[needs_second]] = -np.inf
        second = np.zeros_like(highest)
        second[needs_second] = sub.max(axis=1)
        other[true_on_top] = np.broadcast_to(_by_row(second, codes), codes.shape)[true_on_top]
    return pick(scores, codes) - other


def log_losses(codes, scores, *, from_logits):
    """Per-sample cross-entropy of :func:`metrics_sk.log_loss`: from probabilities
    (clipped to ``[eps, 1 - eps]`` of their dtype) or exactly from logits; 1-D ``scores``
    are the probability (log-odds) of the greater class of a binary target."""
    if scores.ndim == 1:
        scores = _by_row(scores, codes)
        if from_logits:
            return sigmoid_cross_entropy(codes == 1, scores)
        true = np.where(codes == 1, scores, 1 - scores)
    elif from_logits:
        return softmax_cross_entropy(codes, scores)
    else:
        true = pick(scores, codes)
    eps = np.finfo(true.dtype).eps
    return -np.log(np.clip(true, eps, 1 - eps))


def brier_losses(codes, scores):
    """Per-sample Brier loss of :func:`metrics_sk.brier_score_loss`, unscaled:
    ``sum_k (y_ik - p_ik)**2`` over the columns of 2-D probabilities; a 1-D ``scores``
    is the probability ``p`` of the class of code 1 of a binary target, whose two columns
    ``[1 - p, p]`` give ``2 (y - p)**2``. Computed on the differences themselves (a copy
    of ``scores`` in float64 with 1 subtracted at the true class), not as
    ``sum p**2 - 2 p_t + 1``, which would round a near-perfect prediction's loss away."""
    if codes.ndim == 2:  # candidate columns (streaming): each as for shape (n,)
        return np.stack([brier_losses(codes[:, j], scores) for j in range(codes.shape[1])],
                        axis=1)
    if scores.ndim == 1:
        diff = (codes == 1) - scores.astype(np.float64, copy=False)
        return 2 * (diff * diff)
    diff = np.array(scores, dtype=np.float64, order="C")  # (a copy: never the input)
    diff.ravel()[codes + scores.shape[1] * np.arange(codes.shape[0])] -= 1
    return np.einsum("ij,ij->i", diff, diff)


def class_weights(codes, weights, n_classes):
    """The exact (weighted) count of each of ``n_classes`` classes among ``codes``: an
    object array of integers in units of ``2**-_exact._UNIT`` (see ``metrics_sk/_exact.py``),
    which add across batches and partitions to the same bits in any order."""
    if weights is None:
        return exact_of(np.bincount(codes, minlength=n_classes))
    return exact_totals_by(codes, weights, n_classes)


def d2_score(total, weights_of_classes, losses):
    """``1 - S / S_0`` of the D^2 scores: ``total`` the :class:`~metrics_sk._exact.ExactSum`
    of the weighted losses ``S``, ``S_0`` the loss of the null model (the constant
    prediction of the weighted class frequencies) from the exact weight of each class
    (:func:`class_weights`): ``S_0 = sum_k W_k l_k`` with ``l_k`` the ``losses`` kernel's
    loss of class ``k`` on two or more columns, summed and divided exactly, once rounded.
    The functions and :class:`metrics_sk.StreamingLoss` both end here."""
    whole = sum(weights_of_classes.tolist())
    prior = np.array([w / whole for w in weights_of_classes.tolist()])
    null = null_losses(losses, prior, False)
    null_total = sum((Fraction(w) * Fraction(float(l))
                      for w, l in zip(weights_of_classes.tolist(), null.tolist())), Fraction(0))
    if total.special != 0.0 or not null_total:  # one class: scikit-learn's -inf or NaN
        return float(1 - np.float64(float(total)) / np.float64(float(null_total)))
    return float(1 - Fraction(total.total) / null_total)


def null_losses(losses, prior, one_d):
    """The per-sample ``losses`` kernel's loss of each class under the null model of the
    D^2 scores, the constant prediction ``prior`` (the class frequencies); ``one_d``: the
    scores are 1-D (the probability of the class of code 1, ``prior[-1]``)."""
    k = prior.shape[0]
    rows = np.tile(prior[-1] if one_d else prior, (k, 1))
    return losses(np.arange(k), rows[:, 0] if one_d else rows)


def hinge_losses(codes, scores):
    """Per-sample hinge loss of :func:`metrics_sk.hinge_loss`: ``max(0, 1 - margin)``,
    the margin Crammer-Singer's for 2-D decisions, ``+-f`` for the 1-D decision ``f`` of
    the greater class of a binary target."""
    if scores.ndim == 1:
        margins = np.where(codes == 1, 1, -1) * _by_row(scores, codes)
    else:
        margins = crammer_singer_margins(codes, scores)
    return np.clip(1 - margins, 0, None)


def loss_sums(losses, weights):
    """``(S, W)``: the :class:`~metrics_sk._exact.ExactSum` of the per-sample terms
    ``w_i l_i`` (exact products, see :func:`~metrics_sk._exact.exact_dot_of`: tiny
    (5e-324, 1e-300) or huge weights leave no product subnormal or infinite) and of the
    weights ``w_i`` (``sum of l_i`` and ``n``
    without weights). The state of a streamed loss, merged with ``+``, and with
    :func:`finish_loss` the value of the function: one call, any stream of batches and
    any partitioning give the same bits."""
    losses = losses.astype(np.float64, copy=False)
    if weights is None:
        return exact_sum_of(losses), ExactSum(exact_of(losses.shape[0])[()])
    weights = weights.astype(np.float64, copy=False)
    return exact_dot_of(losses, weights), exact_sum_of(weights)


def finish_loss(total, weight, *, normalize=True):
    """The loss from :func:`loss_sums`: the weighted mean ``S / W`` (one correctly rounded
    division of the exact sums), or with ``normalize=False`` the weighted sum ``S``."""
    if not normalize:
        return float(total)
    if not isinstance(weight, ExactSum):
        weight = ExactSum(weight)
    if weight.total == 0 and weight.special == 0.0:
        raise ZeroDivisionError("Weights sum to zero, can't be normalized")
    return float(ratio(total, weight))


def average_losses(losses, weights, *, normalize=True):
    """Weighted mean (or with ``normalize=False`` the weighted sum) of per-sample losses."""
    if normalize and weights is not None and not weights.any():  # scikit-learn's error
        raise ValueError("Sample weights must contain at least one non-zero number.")
    return finish_loss(*loss_sums(losses, weights), normalize=normalize)
