"""Label ranking: scikit-learn's multilabel ranking drop-ins, every row at once.

``coverage_error``, ``label_ranking_average_precision_score`` (LRAP),
``label_ranking_loss``, ``dcg_score`` and ``ndcg_score`` rank the ``L`` labels of each
sample by its scores. scikit-learn loops over the samples in Python (LRAP, the ranking
loss, the tie-averaged DCG); here one row-wise ``np.argsort`` of a block of rows, the
tie groups of the sorted rows (:func:`_tie_groups`) and cumulative sums along the rows
give every row of the block at once. Coverage needs no sort (the lowest score of a
relevant label, and a count).

The sorted-key kernels of :mod:`metrics_sk._auc` sort one flat buffer (a column, a pair
of classes) of keys that carry a one-bit flag; a row-wise sort would need them to sort
along an axis, and the DCG carries real-valued gains along the sort (an ``argsort``
anyway), so the rows are sorted here with ``np.argsort(axis=1)``.

As the other ranking drop-ins (:mod:`metrics_sk._curves`): the inputs computed here are
decided before computing, by explicit predicates (:func:`_indicator_inputs`,
:func:`_relevance_inputs`): a dense (or, where scikit-learn takes one, canonical sparse)
0/1 ``y_true`` of at least two labels, finite numeric scores of its shape, non-negative
weights not all zero. Every other input (one label, other label values, NaN scores,
negative weights, ...) is handed to scikit-learn, so its values, warnings and errors
are scikit-learn's.
"""

import numpy as np
import scipy.sparse as sp
from sklearn.metrics import _ranking as _sk

from ._curves import _weights
from ._facts import FACTS
from ._params import checked, constraints_for
from ._scores import _drop_in_inputs, _plain_scores
from ._validation import InputError, python_label_error

_BLOCK = 2 ** 20  # elements (rows x labels) sorted at a time: a few megabytes per array


# -- the boundary: which inputs are computed here ------------------------------------------
def _constraints(name):
    """The constraints of drop-in ``name``: its facts, with scikit-learn's own objects
    where it has them (its messages to the letter)."""
    return constraints_for(name, FACTS[name].constraints)


def _scores(y_score, shape, weights):
    """Finite numeric 2-D scores of ``shape`` as float64 (integers only where float64
    holds them exactly: scikit-learn negates unsigned ones, which wraps), or None."""
    if np.ndim(y_score) != 2 or np.shape(y_score) != shape:
        return None
    scores = _plain_scores(y_score, shape[0], weights)
    if scores is None or (np.asarray(y_score).dtype.kind in "iu" and scores.size
                          and np.abs(scores).max() >= 2 ** 53):
        return None
    return scores.astype(np.float64, copy=False)


def _indicator_inputs(y_true, y_score, sample_weight, *, sparse=False):
    """``(relevant, scores, weights)`` of a label indicator matrix computed here: ``y_true``
    2-D of at least two columns holding only 0 and 1 (``sparse``: also a sparse matrix
    whose stored values are all 1, without duplicates), finite scores of its shape,
    non-negative weights not all zero; None for every other input."""
    if sp.issparse(y_true):
        if not sparse or y_true.ndim != 2:
            return None
        y = sp.csr_array(y_true)
        if not (y.has_canonical_format and (y.data == 1).all()):
            return None  # stored zeros count as relevant in scikit-learn: its own outcome
        relevant = y.astype(np.bool_).toarray()
    else:
        if np.ndim(y_true) != 2:
            return None
        y = np.asarray(y_true)
        if y.dtype.kind not in "biuf":
            return None
        relevant = y == 1
        if not (relevant | (y == 0)).all():
            return None
    if relevant.shape[0] == 0 or relevant.shape[1] < 2:
        return None
    weights = _weights(sample_weight, relevant.shape[0])
    scores = None if weights is False else _scores(y_score, relevant.shape, weights)
    if scores is None:
        return None
    return relevant, scores, weights


def _relevance_inputs(y_true, y_score, sample_weight, *, non_negative=False):
    """``(gains, scores, weights)`` of a DCG computed here: finite numeric 2-D ``y_true``
    of at least two columns (``non_negative``: no negative gain), finite scores of its
    shape, non-negative weights not all zero; None for every other input."""
    if sp.issparse(y_true) or np.ndim(y_true) != 2:
        return None
    y = np.asarray(y_true)
    if y.dtype.kind not in "biuf" or y.shape[1] < 2 or y.shape[0] == 0:
        return None
    gains = y.astype(np.float64, copy=False)
    if not np.isfinite(gains.min() + gains.max()) or (non_negative and gains.min() < 0):
        return None
    weights = _weights(sample_weight, y.shape[0])
    scores = None if weights is False else _scores(y_score, y.shape, weights)
    if scores is None:
        return None
    return gains, scores, weights


def _boundary(y_true, y_score, sample_weight):
    """The checks of every score drop-in (:func:`metrics_sk._scores._drop_in_inputs`:
    masked entries, NaN or infinite weights) and, in a ``y_true`` of Python objects, None
    or strings mixed with numbers (the type of these mistakes in every metrics_sk
    function); the others are scikit-learn's, in its order (its 2-D check before the
    lengths), on the inputs not computed here. Returns the checked weights."""
    sample_weight = _drop_in_inputs(y_true, y_score, "y_score", sample_weight)
    if not sp.issparse(y_true) and isinstance(y_true, (list, tuple, np.ndarray)):
        y = np.asarray(y_true) if np.ndim(y_true) == 2 else None
        if y is not None and y.dtype.kind == "O":
            _, error = python_label_error(y.ravel(), "y_true")
            if isinstance(error, (TypeError, InputError)):
                raise error
    return sample_weight


def _mean(values, weights):
    """The (weighted) mean of the per-sample values, scikit-learn's ``np.average``."""
    return float(np.average(values, weights=weights))


# -- the kernels: a block of rows sorted at once ---------------------------------------------
def _blocks(n_rows, n_labels):
    """Slices of at most :data:`_BLOCK` elements (at least one row) covering the rows."""
    step = max(1, _BLOCK // n_labels)
    return [slice(start, start + step) for start in range(0, n_rows, step)]


def _tie_groups(ranked):
    """``(first, last)``: for each position of rows sorted by decreasing score, the first
    and the last position of its group of tied scores in the row."""
    n_labels = ranked.shape[1]
    position = np.arange(n_labels)
    change = ranked[:, 1:] != ranked[:, :-1]  # a new group starts at p + 1
    first = np.zeros(ranked.shape, np.intp)
    first[:, 1:] = np.where(change, position[1:], 0)
    np.maximum.accumulate(first, axis=1, out=first)
    last = np.full(ranked.shape, n_labels - 1, np.intp)
    last[:, :-1] = np.where(change, position[:-1], n_labels - 1)
    last = np.minimum.accumulate(last[:, ::-1], axis=1)[:, ::-1]
    return first, last


def _descending(scores, *values):
    """The rows of ``scores`` and of each of ``values`` in decreasing order of score."""
    order = np.argsort(scores, axis=1)[:, ::-1]
    return [np.take_along_axis(v, order, axis=1) for v in (scores, *values)]


def _lrap_rows(relevant, scores):
    """LRAP of each row: the mean over its relevant labels of the share of relevant
    labels among those scoring at least as high; 1 for a row with no or only relevant
    labels."""
    n_labels = relevant.shape[1]
    out = np.empty(relevant.shape[0])
    for rows in _blocks(*relevant.shape):
        ranked, rel = _descending(scores[rows], relevant[rows])
        _, last = _tie_groups(ranked)
        at_or_above = np.take_along_axis(np.cumsum(rel, axis=1), last, axis=1)
        share = np.divide(at_or_above, last + 1.0, where=rel, out=np.zeros(rel.shape))
        n_rel = np.count_nonzero(rel, axis=1)
        degenerate = (n_rel == 0) | (n_rel == n_labels)
        out[rows] = np.where(degenerate, 1.0,
                             share.sum(axis=1) / np.where(degenerate, 1, n_rel))
    return out


def _ranking_loss_rows(relevant, scores):
    """The ranking loss of each row: the share of (relevant, irrelevant) pairs of labels
    whose irrelevant label scores at least as high; 0 for a row with no or only relevant
    labels."""
    n_labels = relevant.shape[1]
    out = np.empty(relevant.shape[0])
    for rows in _blocks(*relevant.shape):
        ranked, rel = _descending(scores[rows], relevant[rows])
        first, _ = _tie_groups(ranked)
        above = np.cumsum(rel, axis=1) - rel  # relevant labels before each position
        n_rel = np.count_nonzero(rel, axis=1)
        # an irrelevant label is outranked by the relevant ones strictly above its group
        at_or_below = n_rel[:, None] - np.take_along_axis(above, first, axis=1)
        wrong = np.where(rel, 0, at_or_below).sum(axis=1)
        pairs = n_rel * (n_labels - n_rel)
        out[rows] = np.where(pairs > 0, wrong / np.where(pairs > 0, pairs, 1), 0.0)
    return out


def _coverage_rows(relevant, scores):
    """How many labels score at least as high as the lowest-scored relevant label of each
    row (0 without relevant labels)."""
    lowest = np.where(relevant, scores, np.inf).min(axis=1)
    return np.count_nonzero(scores >= lowest[:, None], axis=1)


def _discounts(n_labels, k, log_base):
    """scikit-learn's discount of each rank, 0 from rank ``k`` on."""
    discount = 1 / (np.log(np.arange(n_labels) + 2) / np.log(log_base))
    if k is not None:
        discount[k:] = 0
    return discount


def _dcg_rows(gains, scores, discount, ignore_ties):
    """The DCG of each row; with ties (``ignore_ties`` False) each label of a group of
    tied scores gains the mean gain of its group, times the discounts of the group's
    ranks (McSherry & Najork 2008): the mean over every order of the tied labels."""
    if ignore_ties:  # scikit-learn's own order of tied scores (one argsort, reversed)
        ranking = np.argsort(scores)[:, ::-1]
        return np.take_along_axis(gains, ranking, axis=1) @ discount
    n_labels = gains.shape[1]
    cumulative = np.concatenate(([0.0], np.cumsum(discount)))
    out = np.empty(gains.shape[0])
    for rows in _blocks(*gains.shape):
        ranked, gain = _descending(scores[rows], gains[rows])
        start = np.ones(ranked.shape, np.bool_)  # the first position of each tie group
        np.not_equal(ranked[:, 1:], ranked[:, :-1], out=start[:, 1:])
        if start.all():  # no tied scores: every group one label
            out[rows] = gain @ discount
            continue
        starts = np.flatnonzero(start)  # row-major: each row's groups in turn
        group_gain = np.add.reduceat(gain.ravel(), starts)  # exact sums, no cancellation
        size = np.diff(starts, append=start.size)
        first_rank = starts % n_labels
        per_group = (group_gain / size
                     * (cumulative[first_rank + size] - cumulative[first_rank]))
        out[rows] = np.add.reduceat(per_group, np.flatnonzero(first_rank == 0))
    return out


def _ideal_dcg_rows(gains, discount):
    """The DCG of each row ranked by its own gains (the best ranking)."""
    return np.sort(gains, axis=1)[:, ::-1] @ discount


# -- the drop-ins ------------------------------------------------------------------------------
@checked(_constraints("coverage_error"))
def coverage_error(y_true, y_score, *, sample_weight=None):
    r"""Coverage error: how far down the ranked labels all the true labels are covered.

    Drop-in for :func:`sklearn.metrics.coverage_error` (same values, warnings and
    errors), without sorting: the lowest score of a true label of each sample, and the
    labels scoring at least as high.

    Parameters
    ----------
    y_true : array-like of shape (n_samples, n_labels)
        True binary labels in label indicator format.
    y_score : array-like of shape (n_samples, n_labels)
        Scores of the labels: probabilities or decision values.
    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights.

    Returns
    -------
    coverage_error : float
        The (weighted) mean coverage; best value: the mean number of true labels.

    See Also
    --------
    label_ranking_average_precision_score : The mean precision of the label rankings.
    label_ranking_loss : The share of wrongly ordered label pairs.

    Notes
    -----
    With :math:`Y_i` the true labels of sample :math:`i` and :math:`s_{ij}` its scores,
    :math:`\text{coverage}_i = |\{j: s_{ij} \ge \min_{r \in Y_i} s_{ir}\}|` (0 when
    :math:`Y_i` is empty: ties count at their lowest rank), and the error is
    :math:`\sum_i w_i \, \text{coverage}_i / \sum_i w_i`. It is 1 greater than that of
    Tsoumakas et al. [1]_.

    References
    ----------
    .. [1] G. Tsoumakas, I. Katakis and I. Vlahavas (2010). Mining multi-label data. In
       Data Mining and Knowledge Discovery Handbook, 667-685. Springer.

    Examples
    --------
    >>> from metrics_sk import coverage_error
    >>> coverage_error([[1, 0, 0], [0, 1, 1]], [[1, 0, 0], [0, 1, 1]])
    1.5
    """
    sample_weight = _boundary(y_true, y_score, sample_weight)
    native = _indicator_inputs(y_true, y_score, sample_weight)
    if native is None:
        return _sk.coverage_error(y_true, y_score, sample_weight=sample_weight)
    relevant, scores, weights = native
    return _mean(_coverage_rows(relevant, scores), weights)


@checked(_constraints("label_ranking_average_precision_score"))
def label_ranking_average_precision_score(y_true, y_score, *, sample_weight=None):
    r"""Label ranking average precision (LRAP), every sample's ranking at once.

    Drop-in for :func:`sklearn.metrics.label_ranking_average_precision_score` (same
    values, warnings and errors), from one row-wise sort of the scores instead of a
    loop over the samples.

    Parameters
    ----------
    y_true : {array-like, sparse matrix} of shape (n_samples, n_labels)
        True binary labels in label indicator format.
    y_score : array-like of shape (n_samples, n_labels)
        Scores of the labels: probabilities or decision values.
    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights.

    Returns
    -------
    score : float
        The (weighted) mean LRAP, in (0, 1]; best value 1.

    See Also
    --------
    coverage_error : How far down the ranking the true labels reach.
    label_ranking_loss : The share of wrongly ordered label pairs.
    metrics_sk.average_precision_score : Average precision of a binary ranking.

    Notes
    -----
    With :math:`Y_i` the true labels of sample :math:`i`, :math:`L = n_{labels}` and
    :math:`\text{rank}_{ij} = |\{k: s_{ik} \ge s_{ij}\}|`,
    :math:`\text{LRAP}_i = \frac{1}{|Y_i|} \sum_{j \in Y_i}
    \frac{|\{r \in Y_i: s_{ir} \ge s_{ij}\}|}{\text{rank}_{ij}}`, 1 when :math:`Y_i` is
    empty or holds every label; the score is :math:`\sum_i w_i \text{LRAP}_i / \sum_i w_i`.
    Sorted by decreasing score, the numerator is the cumulative count of true labels at
    the last position of the label's group of tied scores, the denominator that
    position plus one.

    References
    ----------
    .. [1] G. Tsoumakas, I. Katakis and I. Vlahavas (2010). Mining multi-label data. In
       Data Mining and Knowledge Discovery Handbook, 667-685. Springer.

    Examples
    --------
    >>> from metrics_sk import label_ranking_average_precision_score
    >>> y_true = [[1, 0, 0], [0, 0, 1]]
    >>> y_score = [[0.75, 0.5, 1], [1, 0.2, 0.1]]
    >>> round(label_ranking_average_precision_score(y_true, y_score), 4)
    0.4167
    """
    sample_weight = _boundary(y_true, y_score, sample_weight)
    native = _indicator_inputs(y_true, y_score, sample_weight, sparse=True)
    if native is None:
        return _sk.label_ranking_average_precision_score(y_true, y_score,
                                                         sample_weight=sample_weight)
    relevant, scores, weights = native
    return _mean(_lrap_rows(relevant, scores), weights)


@checked(_constraints("label_ranking_loss"))
def label_ranking_loss(y_true, y_score, *, sample_weight=None):
    r"""Ranking loss: the share of label pairs ordered wrongly, every sample at once.

    Drop-in for :func:`sklearn.metrics.label_ranking_loss` (same values, warnings and
    errors), from one row-wise sort of the scores instead of a loop over the samples.

    Parameters
    ----------
    y_true : {array-like, sparse matrix} of shape (n_samples, n_labels)
        True binary labels in label indicator format.
    y_score : array-like of shape (n_samples, n_labels)
        Scores of the labels: probabilities or decision values.
    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights.

    Returns
    -------
    loss : float
        The (weighted) mean share of (true, false) label pairs whose false label scores
        at least as high as the true one; best value 0.

    See Also
    --------
    label_ranking_average_precision_score : The mean precision of the label rankings.
    coverage_error : How far down the ranking the true labels reach.

    Notes
    -----
    With :math:`Y_i` the true labels of sample :math:`i` and :math:`\bar Y_i` the others,
    :math:`\text{loss}_i = \frac{|\{(r, f) \in Y_i \times \bar Y_i: s_{if} \ge s_{ir}\}|}
    {|Y_i| \, |\bar Y_i|}`, 0 when either set is empty; the loss is
    :math:`\sum_i w_i \text{loss}_i / \sum_i w_i`. Sorted by decreasing score, a false
    label is outranked by every true label but those strictly above its group of tied
    scores.

    References
    ----------
    .. [1] G. Tsoumakas, I. Katakis and I. Vlahavas (2010). Mining multi-label data. In
       Data Mining and Knowledge Discovery Handbook, 667-685. Springer.

    Examples
    --------
    >>> from metrics_sk import label_ranking_loss
    >>> label_ranking_loss([[1, 0, 0], [0, 0, 1]], [[0.75, 0.5, 1], [1, 0.2, 0.1]])
    0.75
    """
    sample_weight = _boundary(y_true, y_score, sample_weight)
    native = _indicator_inputs(y_true, y_score, sample_weight, sparse=True)
    if native is None:
        return _sk.label_ranking_loss(y_true, y_score, sample_weight=sample_weight)
    relevant, scores, weights = native
    return _mean(_ranking_loss_rows(relevant, scores), weights)


@checked(_constraints("dcg_score"))
def dcg_score(y_true, y_score, *, k=None, log_base=2, sample_weight=None, ignore_ties=False):
    r"""Discounted cumulative gain (DCG), tied scores averaged, every sample at once.

    Drop-in for :func:`sklearn.metrics.dcg_score` (same values, warnings and errors),
    from one row-wise sort of the scores instead of a loop over the samples.

    Parameters
    ----------
    y_true : array-like of shape (n_samples, n_labels)
        True relevance (gain) of each label, or a label indicator matrix.
    y_score : array-like of shape (n_samples, n_labels)
        Scores ranking the labels.
    k : int, default=None
        Only the ``k`` highest ranks count; None: all of them.
    log_base : float, default=2
        Base of the logarithm of the discount (lower: a sharper discount).
    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights.
    ignore_ties : bool, default=False
        Rank tied scores in the order of a sort (faster; right only without ties).

    Returns
    -------
    discounted_cumulative_gain : float
        The (weighted) mean DCG of the samples.

    See Also
    --------
    ndcg_score : The DCG divided by that of the best ranking.

    Notes
    -----
    With the labels of sample :math:`i` sorted by decreasing score and
    :math:`d_r = 1 / \log_b(r + 1)` for the ranks :math:`r = 1, \dots, k` (0 beyond),
    :math:`\text{DCG}_i = \sum_r d_r \, \bar g_{i,r}`, where :math:`\bar g_{i,r}` is the
    mean gain of the group of tied scores holding rank :math:`r` (the mean DCG over every
    order of the tied labels [2]_); the score is :math:`\sum_i w_i \text{DCG}_i / \sum_i
    w_i`.

    References
    ----------
    .. [1] K. Jarvelin and J. Kekalainen (2002). Cumulated gain-based evaluation of IR
       techniques. ACM Transactions on Information Systems 20(4), 422-446.
    .. [2] F. McSherry and M. Najork (2008). Computing information retrieval performance
       measures efficiently in the presence of tied scores. ECIR, 414-421.

    Examples
    --------
    >>> from metrics_sk import dcg_score
    >>> true_relevance = [[10, 0, 0, 1, 5]]
    >>> round(dcg_score(true_relevance, [[0.1, 0.2, 0.3, 4, 70]]), 4)
    9.4995
    >>> dcg_score(true_relevance, [[1, 0, 0, 0, 1]], k=1)  # the tied top two: (10 + 5) / 2
    7.5
    """
    sample_weight = _boundary(y_true, y_score, sample_weight)
    native = _relevance_inputs(y_true, y_score, sample_weight)
    if native is None:
        return _sk.dcg_score(y_true, y_score, k=k, log_base=log_base,
                             sample_weight=sample_weight, ignore_ties=ignore_ties)
    gains, scores, weights = native
    discount = _discounts(gains.shape[1], k, log_base)
    return _mean(_dcg_rows(gains, scores, discount, ignore_ties), weights)


@checked(_constraints("ndcg_score"))
def ndcg_score(y_true, y_score, *, k=None, sample_weight=None, ignore_ties=False):
    r"""Normalized discounted cumulative gain (NDCG), tied scores averaged.

    Drop-in for :func:`sklearn.metrics.ndcg_score` (same values, warnings and errors),
    from one row-wise sort of the scores instead of a loop over the samples.

    Parameters
    ----------
    y_true : array-like of shape (n_samples, n_labels)
        True non-negative relevance (gain) of each label, or a label indicator matrix.
    y_score : array-like of shape (n_samples, n_labels)
        Scores ranking the labels.
    k : int, default=None
        Only the ``k`` highest ranks count; None: all of them.
    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights.
    ignore_ties : bool, default=False
        Rank tied scores in the order of a sort (faster; right only without ties).

    Returns
    -------
    normalized_discounted_cumulative_gain : float
        The (weighted) mean NDCG of the samples, in [0, 1].

    See Also
    --------
    dcg_score : The DCG, not normalized.

    Notes
    -----
    :math:`\text{NDCG}_i = \text{DCG}_i / \text{IDCG}_i`, the DCG of :func:`dcg_score`
    (base 2, tied scores averaged) over that of the labels ranked by their own gains;
    0 when every gain of the sample is 0. The score is
    :math:`\sum_i w_i \text{NDCG}_i / \sum_i w_i`.

    References
    ----------
    .. [1] K. Jarvelin and J. Kekalainen (2002). Cumulated gain-based evaluation of IR
       techniques. ACM Transactions on Information Systems 20(4), 422-446.
    .. [2] F. McSherry and M. Najork (2008). Computing information retrieval performance
       measures efficiently in the presence of tied scores. ECIR, 414-421.

    Examples
    --------
    >>> from metrics_sk import ndcg_score
    >>> true_relevance = [[10, 0, 0, 1, 5]]
    >>> round(ndcg_score(true_relevance, [[0.1, 0.2, 0.3, 4, 70]]), 4)
    0.6957
    >>> ndcg_score(true_relevance, [[1, 0, 0, 0, 1]], k=1)  # (10 / 10 + 5 / 10) / 2
    0.75
    """
    sample_weight = _boundary(y_true, y_score, sample_weight)
    native = _relevance_inputs(y_true, y_score, sample_weight, non_negative=True)
    if native is None:
        return _sk.ndcg_score(y_true, y_score, k=k, sample_weight=sample_weight,
                              ignore_ties=ignore_ties)
    gains, scores, weights = native
    discount = _discounts(gains.shape[1], k, 2)
    gain = _dcg_rows(gains, scores, discount, ignore_ties)
    ideal = _ideal_dcg_rows(gains, discount)
    relevant = ideal != 0
    gain = np.divide(gain, ideal, where=relevant, out=np.zeros_like(gain))
    return _mean(gain, weights)
