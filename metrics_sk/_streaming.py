"""Streaming score metrics: accumulate sums of per-sample losses batch by batch.

The count metrics stream through :class:`~metrics_sk.Confusion` (``update`` and ``+``).
The score metrics that are weighted means of per-sample losses (log loss, one-vs-all log
loss, hinge loss, Brier score) stream through :class:`StreamingLoss`, on the same kernels as the
functions (``metrics_sk._losses``): the state is the weighted sum of the per-sample losses
and the sum of the weights, formed as the function forms them (:func:`loss_sums`), kept
exactly (``metrics_sk/_exact.py``) and rounded once in ``compute``: any stream of batches,
any tree of merges and the function on all the samples give the same bits.

Which column of the scores holds a sample's true class depends on *all* the classes.
They are known from ``labels=``, or as soon as the labels seen fill every column. Until
then (batches that miss classes, without ``labels=``) a batch's losses are kept *pending*,
for each of its labels, in every column the label could still occupy: a batch with ``m``
of the ``K`` classes places its ``r``-th smallest label in columns ``r .. r + K - m``.
Once the classes are known each label's column is picked and the pending sums join the
total. Pending state is O(labels x columns), independent of the number of samples.
"""

import functools
import inspect
import warnings

import numpy as np

from . import _dask
from ._encoding import encode
from ._exact import ExactSum, exact_dots_by, exact_totals_by
from ._losses import (
    _finite_range,
    _rows_sum_to_one,
    brier_losses,
    check_samples,
    class_weights,
    d2_score,
    finish_loss,
    hinge_losses,
    log_losses,
    loss_sums,
    one_vs_all_losses,
)
from ._params import Checker, STREAMING
from ._sklearn_compat import UndefinedMetricWarning
from ._validation import (
    check_labels_param,
    is_dask_collection,
    label_kind,
)

_CHECK = Checker("StreamingLoss", STREAMING)
#: The D^2 scores: the per-sample loss each one's fraction is of.
_D2_OF = {"d2_brier_score": "brier_score_loss", "d2_log_loss_score": "log_loss"}


def _kind(classes):
    """``"num"``, ``"str"`` or ``"bytes"``: the kind of encoded (checked) labels."""
    kind = label_kind(classes)
    if kind is None:  # an object array: its first value says
        first = classes[0]
        kind = "str" if isinstance(first, str) else "bytes" if isinstance(first, bytes) else "num"
    return kind


class Accumulator:
    """What a streaming accumulator shares: ``a + b`` is a copy of ``a`` that absorbed
    ``b`` (of the same class), and ``sum([a, b, ...])`` starts from 0. A subclass defines
    ``copy()`` and ``_absorb(other)`` (add ``other`` in place, checking that the two can
    merge, and return ``self``)."""

    def __add__(self, other):
        if not isinstance(other, type(self)):
            return NotImplemented
        return self.copy()._absorb(other)

    def __radd__(self, other):
        if isinstance(other, int) and other == 0:  # sum([a, b, ...])
            return self.copy()
        return NotImplemented


class StreamingLoss(Accumulator):
    """Running log loss, one-vs-all log loss, hinge loss, Brier score or D^2 over batches.

    ``update`` adds a batch, ``compute`` gives the value so far, ``a + b`` merges two
    accumulators (e.g. from different processes or Dask partitions) without changing
    either; the object is small and picklable. ``compute()`` after any sequence of
    updates and merges equals the metric of the same name on all the samples at once,
    to the last bit: the sums are kept exactly and rounded once.

    Parameters
    ----------
    metric : {'log_loss', 'one_vs_all_log_loss', 'hinge_loss', 'brier_score_loss', \
'd2_brier_score', 'd2_log_loss_score'}, default='log_loss'
        The metric, as :func:`metrics_sk.log_loss`, :func:`metrics_sk.one_vs_all_log_loss`,
        :func:`metrics_sk.hinge_loss`, :func:`metrics_sk.brier_score_loss` (by default
        halved for two columns or 1-D probabilities, which are those of the greater
        class), :func:`metrics_sk.d2_brier_score` or :func:`metrics_sk.d2_log_loss_score`
        (the D^2 scores also keep the weight of each class: their null model's loss is a
        function of the class frequencies).
    labels : array-like of shape (n_classes,), default=None
        All the classes. By default the sorted labels of ``y_true`` over all batches. As
        in the metric functions, the columns of ``log_loss``, ``hinge_loss`` and
        ``brier_score_loss`` scores follow the *sorted* classes, those of
        ``one_vs_all_log_loss`` the order of ``labels``.
    from_logits : bool, default=False
        Scores are raw log-odds / logits instead of probabilities (``log_loss`` and
        ``one_vs_all_log_loss`` only).
    normalize : bool, default=True
        ``compute`` returns the weighted mean loss; ``False``: the weighted sum (not for
        the D^2 scores).
    pos_label : int, float, bool or str, default=None
        ``brier_score_loss`` and ``d2_brier_score`` only: the positive class of 1-D
        probabilities, as in
        :func:`metrics_sk.brier_score_loss` (by default the greater label; string labels
        need it).
    scale_by_half : bool or 'auto', default='auto'
        ``brier_score_loss`` only: halve the score, as in
        :func:`metrics_sk.brier_score_loss` (``'auto'``: for a binary target).

    Attributes
    ----------
    n_samples : int
        Samples seen so far.
    weight : float
        Their total weight.

    See Also
    --------
    Confusion.update : The same pattern for every count metric.

    Notes
    -----
    Each metric is :math:`L = \\sum_i w_i \\ell_i / \\sum_i w_i` with per-sample losses
    :math:`\\ell_i` (see the metric functions), so the state is the sums of
    :math:`w_i \\ell_i` and :math:`w_i`; merging adds them. They are exact sums (each
    product rounded once, the sums not at all), rounded once by ``compute``: the value
    does not depend on the batching, the order of the batches or of the merges.

    Examples
    --------
    >>> import numpy as np
    >>> from metrics_sk import StreamingLoss, log_loss
    >>> y = np.array([0, 1, 2, 2, 1, 0])
    >>> proba = np.array([[.7, .2, .1], [.1, .8, .1], [.2, .2, .6],
    ...                   [.3, .3, .4], [.5, .4, .1], [.6, .3, .1]])
    >>> acc = StreamingLoss("log_loss")
    >>> for start in range(0, 6, 2):              # batches of an evaluation loop
    ...     acc = acc.update(y[start:start + 2], proba[start:start + 2])
    >>> acc.compute() == log_loss(y, proba)       # to the last bit
    True
    >>> a = StreamingLoss().update(y[:3], proba[:3])   # e.g. in two processes
    >>> b = StreamingLoss().update(y[3:], proba[3:])
    >>> (a + b).compute() == log_loss(y, proba)
    True
    >>> StreamingLoss().update(y, proba).compute() == log_loss(y, proba)
    True
    """

    def __init__(self, metric="log_loss", *, labels=None, from_logits=False, normalize=True,
                 pos_label=None, scale_by_half="auto"):
        _CHECK({"metric": metric, "labels": labels, "from_logits": from_logits,
                "normalize": normalize, "pos_label": pos_label, "scale_by_half": scale_by_half})
        # (option, value, its default, whether the metric takes it, the metrics that do)
        for name, value, default, takes, what in (
                ("pos_label", pos_label, None, "brier" in metric,
                 "brier_score_loss and d2_brier_score"),
                ("scale_by_half", scale_by_half, "auto", metric == "brier_score_loss",
                 "brier_score_loss"),
                ("from_logits", from_logits, False, metric in ("log_loss", "one_vs_all_log_loss"),
                 "the log losses (log_loss and one_vs_all_log_loss)"),
                ("normalize", normalize, True, metric not in _D2_OF, "the losses (not D^2)")):
            if not takes and not (value is default or value == default):
                raise ValueError(f"{name} applies to {what} only; got {name}={value!r} for "
                                 f"{metric}.")
        self._loss = _D2_OF.get(metric, metric)  # the per-sample loss summed
        self.pos_label, self.scale_by_half = pos_label, scale_by_half
        self.metric = metric
        self.from_logits = bool(from_logits)
        self.normalize = bool(normalize)
        classes = check_labels_param(labels, None)
        if classes is not None and metric != "one_vs_all_log_loss":
            classes = np.sort(classes)  # scikit-learn's column order
        self.labels = classes
        self.reset()

    def reset(self):
        """Forget every sample (keep the options).

        Returns
        -------
        self : StreamingLoss
            This accumulator, empty.
        """
        self._classes = None  # the class of each column, once known
        # the exact sums over samples of known columns (metrics_sk/_exact.py)
        self._total, self._weight = ExactSum(), ExactSum()
        # (labels, loss sums (labels, columns): exact integers, whether each column is
        # ruled out, weights): see _add_pending
        self._pending = None
        self._n_columns = None
        self._kind = None
        self._binary = None  # brier with pos_label, 1-D: the labels seen (at most two)
        self._class_weight = None  # the exact weight of each column's class (integers)
        self.n_samples = 0
        return self

    @property
    def weight(self):
        pending = 0 if self._pending is None else sum(self._pending[3].tolist())
        return float(self._weight + ExactSum(pending))

    def _empty_like(self):
        out = StreamingLoss.__new__(StreamingLoss)
        out.__dict__.update(self.__dict__)
        return out.reset()

    # -- accumulating ----------------------------------------------------------------------
    def _check_batch(self, y_true, y_score, sample_weight):
        ova = self.metric == "one_vs_all_log_loss"
        # The dtype the in-memory function computes in: the drop-ins keep float32 as
        # scikit-learn does; from logits and one_vs_all_log_loss work in float64.
        keep = self._loss in ("hinge_loss", "brier_score_loss") or (
            self._loss == "log_loss" and not self.from_logits)
        # the functions' front end; the batch's labels (``local``), each sample's code
        local, codes, scores, weights = check_samples(
            y_true, y_score, sample_weight, keep_float_dtype=keep,
            allow_negative_weights=not ova and self.metric not in _D2_OF)
        if scores.ndim == 2 and scores.shape[1] == 1 and not ova:
            scores = scores[:, 0]
        if scores.ndim not in (1, 2) or (ova and scores.ndim == 1):
            raise ValueError(f"y_score must be 2-D, of shape (n_samples, n_classes)"
                             f"{'' if ova else ', or 1-D for a binary target'}; got shape "
                             f"{scores.shape}.")
        _finite_range(scores, "y_score",
                      probabilities=not self.from_logits and self.metric != "hinge_loss",
                      advice="pass from_logits=True for raw scores")
        if (self._loss in ("log_loss", "brier_score_loss") and not self.from_logits
                and scores.ndim == 2 and not _rows_sum_to_one(scores)):
            warnings.warn("The y_prob values do not sum to one. Make sure to pass "
                          "probabilities.", UserWarning, stacklevel=3)
        width = 2 if scores.ndim == 1 else scores.shape[1]
        kind = _kind(local)
        if self.pos_label is not None and self.n_samples and \
                (scores.ndim == 1) != (self._binary is not None):
            raise ValueError("With pos_label, y_proba must be 1-D in every batch or 2-D in "
                             "every batch; this batch differs from earlier ones.")
        if self._loss == "brier_score_loss" and scores.ndim == 1:
            local, codes = self._positive(local, codes, kind)
        if self.metric == "hinge_loss" and width == 2 and scores.ndim == 2:
            raise ValueError("hinge_loss of a binary target takes 1-D decisions (the decision "
                             "of the greater class), as scikit-learn's does.")
        if self._n_columns is not None and width != self._n_columns:
            raise ValueError(f"y_score has {width} columns, but earlier batches had "
                             f"{self._n_columns}.")
        if self._kind is not None and kind != self._kind:
            raise ValueError("Mix of label input types (string and number): this batch's "
                             "y_true differs from earlier batches.")
        return local, codes, scores, weights, width, kind

    def _positive(self, local, codes, kind):
        """1-D Brier probabilities: with ``pos_label``, each sample's label becomes whether
        it is ``pos_label`` (columns ``[False, True]``, as scikit-learn's
        ``y_true == pos_label``); without it, string labels are scikit-learn's error."""
        if self.pos_label is None:
            if kind != "num":
                raise ValueError(f"y_true takes value in {set(local.tolist())} and pos_label is "
                                 "not specified: either make y_true take value in {0, 1} or "
                                 "{-1, 1} or pass pos_label explicitly.")
            return local, codes
        self._note_binary(local)
        is_pos = np.array([label == self.pos_label for label in local.tolist()], dtype=bool)
        flags, (flag_codes,) = encode(is_pos, names=["y_true"])
        return flags, flag_codes[codes]

    def _note_binary(self, labels):
        """Keep the labels of a 1-D Brier target with ``pos_label``: more than two is
        scikit-learn's error (not a binary target)."""
        seen = labels if self._binary is None else encode(
            np.concatenate((self._binary, labels)), names=["y_true"])[0]
        if seen.shape[0] > 2:
            raise ValueError("The type of the target inferred from y_true is multiclass but "
                             "should be binary according to the shape of y_prob.")
        self._binary = seen

    def _given_classes(self, width):
        """The classes of the columns fixed by ``labels=`` (None when the labels of
        ``y_true`` decide them: without ``labels=``, and for a binary hinge target, which
        scikit-learn binarizes on ``y_true`` alone)."""
        if self.metric == "hinge_loss" and width == 2:
            if self.labels is not None and self.labels.shape[0] > 2:
                raise ValueError("The decisions are 1-D but labels has "
                                 f"{self.labels.shape[0]} classes; pass one column per class.")
            return None
        if self._binary is not None:  # 1-D Brier with pos_label: labels unused (scikit-learn)
            return np.array([False, True])
        if self.labels is not None and width != self.labels.shape[0]:
            raise ValueError(f"y_score has {width} columns but labels has "
                             f"{self.labels.shape[0]} entries.")
        return self.labels

    def _losses(self, codes, scores):
        if self._loss == "log_loss":
            return log_losses(codes, scores, from_logits=self.from_logits)
        if self._loss == "hinge_loss":
            return hinge_losses(codes, scores)
        if self._loss == "brier_score_loss":
            return brier_losses(codes, scores)
        return one_vs_all_losses(codes, scores, from_logits=self.from_logits)

    def _columns(self, labels, classes):
        """The column of each of ``labels`` among the known ``classes``."""
        k = classes.shape[0]
        _, (columns,) = encode(labels, labels=classes, names=["y_true"])
        unknown = columns == k
        if unknown.any():
            if self.labels is not None and k == self.labels.shape[0]:
                raise ValueError(f"y_true contains labels that are not in labels: "
                                 f"{labels[unknown][:10].tolist()}.")
            raise ValueError(f"y_true has more than {k} classes but y_score has {k} "
                             "columns; pass labels= with the class of each column.")
        return columns

    def update(self, y_true, y_score, sample_weight=None):
        """Add a batch (numpy-like, or Dask collections reduced on their workers).

        Parameters
        ----------
        y_true : array-like of shape (n_samples,)
            True labels.
        y_score : array-like of shape (n_samples, n_classes) or (n_samples,)
            Probabilities, logits or decisions, as the metric function takes them.
        sample_weight : array-like of shape (n_samples,), default=None
            Sample weights.

        Returns
        -------
        self : StreamingLoss
            This accumulator, with the batch added.
        """
        if any(is_dask_collection(a) for a in (y_true, y_score, sample_weight)):
            import dask

            parts = _dask.partitions((("y_true", y_true), ("y_score", y_score),
                                      ("sample_weight", sample_weight)), score="y_score")
            update_one = dask.delayed(_update_partition, pure=False)
            merged = _dask.reduce_partitions([update_one(self._empty_like(), t, s, w)
                                              for t, s, w in parts])
            return self if merged is None else self._absorb(merged)
        local, codes, scores, weights, width, kind = self._check_batch(y_true, y_score,
                                                                       sample_weight)
        given = self._given_classes(width)
        self._n_columns, self._kind = width, kind
        m = local.shape[0]
        if self._classes is None and given is None and m == width:
            self._resolve(local)  # this batch shows every class
        elif self._classes is None:
            self._classes = given
        if self._classes is not None:
            columns = self._columns(local, self._classes)[codes]
            total, weight = loss_sums(self._losses(columns, scores), weights)
            self._total, self._weight = self._total + total, self._weight + weight
            if self.metric in _D2_OF:
                self._add_class_weight(class_weights(columns, weights, self._n_columns))
        else:
            if m > width:
                raise ValueError(f"y_true has {m} classes but y_score has {width} columns; "
                                 "pass labels= with the class of each column.")
            # every (label, candidate column) in one pass: the loss of each sample with
            # its true class in each of its label's candidate columns, summed per label
            rows = np.arange(m)[:, None]
            candidates = rows + np.arange(width - m + 1)  # r-th label: r .. r + width - m
            losses = self._losses(candidates[codes], scores)
            sums = np.zeros((m, width), dtype=object)
            sums[rows, candidates] = _sum_by_label(codes, losses, weights, m)
            ruled_out = np.ones((m, width), dtype=bool)
            ruled_out[rows, candidates] = False
            self._add_pending(local, sums, ruled_out, class_weights(codes, weights, m))
        self.n_samples += codes.shape[0]
        return self

    def _add_class_weight(self, weights):
        """Add the exact ``weights`` of each column's class (integers, see
        ``metrics_sk/_exact.py``)."""
        if self._class_weight is None:
            self._class_weight = np.zeros(self._n_columns, dtype=object)
        self._class_weight = self._class_weight + weights

    def _add_pending(self, labels, sums, ruled_out, weights):
        """Keep per-label candidate sums (exact integers; ``ruled_out``: the columns a label
        cannot occupy) until the classes are known (then fold them)."""
        if self._classes is not None:
            self._fold(labels, sums, ruled_out, weights)
            return
        if self._pending is not None:
            seen, old_sums, old_out, old_weights = self._pending
            union, (both,) = encode(np.concatenate((seen, labels)), names=["y_true"])
            old, new = both[:seen.shape[0]], both[seen.shape[0]:]
            merged = np.zeros((union.shape[0], sums.shape[1]), dtype=object)
            merged[old] += old_sums
            merged[new] += sums
            out = np.zeros(merged.shape, dtype=bool)  # a column either side ruled out
            out[old] |= old_out
            out[new] |= ruled_out
            total = np.zeros(union.shape[0], dtype=object)
            total[old] += old_weights
            total[new] += weights
            labels, sums, ruled_out, weights = union, merged, out, total
        else:
            sums, ruled_out, weights = sums.copy(), ruled_out.copy(), weights.copy()
        if labels.shape[0] > self._n_columns:
            raise ValueError(f"y_true has {labels.shape[0]} classes but y_score has "
                             f"{self._n_columns} columns; pass labels= with the class of "
                             "each column.")
        self._pending = labels, sums, ruled_out, weights
        if labels.shape[0] == self._n_columns:
            self._resolve(labels)

    def _picked(self, classes, pending):
        """The sums of ``pending`` with each label in its column among ``classes``."""
        labels, sums, ruled_out, weights = pending
        columns = self._columns(labels, classes)
        rows = np.arange(labels.shape[0])
        nan = float("nan") if ruled_out[rows, columns].any() else 0.0
        return (ExactSum(sum(sums[rows, columns].tolist()), nan),
                ExactSum(sum(weights.tolist())))

    def _fold(self, labels, sums, ruled_out, weights):
        total, weight = self._picked(self._classes, (labels, sums, ruled_out, weights))
        self._total, self._weight = self._total + total, self._weight + weight
        if self.metric in _D2_OF:
            by_class = np.zeros(self._n_columns, dtype=object)
            by_class[self._columns(labels, self._classes)] += weights
            self._add_class_weight(by_class)

    def _resolve(self, classes):
        """The classes are known: fold what is pending into the total."""
        self._classes = classes
        pending, self._pending = self._pending, None
        if pending is not None:
            self._fold(*pending)

    # -- merging ---------------------------------------------------------------------------
    def _check_compatible(self, other):
        same = (self.metric == other.metric and self.from_logits == other.from_logits
                and self.normalize == other.normalize
                and self.pos_label == other.pos_label
                and self.scale_by_half == other.scale_by_half
                and (self.labels is None) == (other.labels is None)
                and (self.labels is None or np.array_equal(self.labels, other.labels)))
        if not same:
            raise ValueError("Cannot merge StreamingLoss accumulators with different metric, "
                             "labels, from_logits, normalize, pos_label or scale_by_half.")
        if self.n_samples and other.n_samples and \
                (self._binary is None) != (other._binary is None):
            raise ValueError("Cannot merge accumulators of 1-D and 2-D probabilities with "
                             "pos_label.")
        if None not in (self._n_columns, other._n_columns) and \
                self._n_columns != other._n_columns:
            raise ValueError(f"Cannot merge accumulators of scores with {self._n_columns} "
                             f"and {other._n_columns} columns.")
        if None not in (self._kind, other._kind) and self._kind != other._kind:
            raise ValueError("Cannot merge accumulators whose labels are of different types "
                             "(strings and numbers).")
        if self._classes is not None and other._classes is not None and not np.array_equal(
                self._classes, other._classes):
            raise ValueError(f"Cannot merge accumulators of the classes "
                             f"{self._classes[:10].tolist()} and {other._classes[:10].tolist()}: "
                             "their labels fill more columns than there are.")

    def _absorb(self, other):
        """Add ``other``'s sums into ``self`` (in place); return ``self``."""
        self._check_compatible(other)
        if other.n_samples == 0:
            return self
        self._n_columns, self._kind = other._n_columns, other._kind
        if other._binary is not None:
            self._note_binary(other._binary)
        if self._classes is None and other._classes is not None:
            self._resolve(other._classes)
        self._total, self._weight = self._total + other._total, self._weight + other._weight
        if other._class_weight is not None:
            self._add_class_weight(other._class_weight)
        if other._pending is not None:
            self._add_pending(*other._pending)
        self.n_samples += other.n_samples
        return self

    def copy(self):
        """Return an independent copy (a later :meth:`update` of one leaves the other alone).

        Returns
        -------
        copy : StreamingLoss
            An accumulator with the same options and sums.
        """
        out = self._empty_like()
        return out._absorb(self)

    # -- the value -------------------------------------------------------------------------
    def compute(self):
        """Compute the metric over every sample so far.

        Returns
        -------
        loss : float
            The loss of all samples seen, as the one-shot function gives it.
        """
        if self.n_samples == 0:
            raise ValueError("No samples yet: call update() before compute().")
        if self.metric in _D2_OF and self.n_samples < 2:  # scikit-learn's NaN
            warnings.warn("D^2 score is not well-defined with less than two samples.",
                          UndefinedMetricWarning, stacklevel=2)
            return float("nan")
        total, weight = self._total, self._weight
        if self._pending is not None:  # the labels seen do not fill the columns
            seen, k = self._pending[0], self._n_columns
            if self.metric == "hinge_loss" and k == 2:  # one label: scikit-learn's -1
                classes = seen
            elif seen.shape[0] < 2 and self.metric == "log_loss":
                raise ValueError(f"y_true contains only one label ({seen[0]!r}). Please "
                                 "provide the list of all expected class labels explicitly "
                                 "through the labels argument.")
            else:
                raise ValueError(f"y_score has {k} columns but y_true has {seen.shape[0]} "
                                 f"classes {seen[:10].tolist()}; pass labels= with every "
                                 "class.")
            more, more_weight = self._picked(classes, self._pending)
            total, weight = total + more, weight + more_weight
        if self.metric in _D2_OF:
            return self._d2(total)
        loss = finish_loss(total, weight, normalize=self.normalize)
        if self.metric == "brier_score_loss" and (
                self._n_columns <= 2 if self.scale_by_half == "auto" else self.scale_by_half):
            return 0.5 * loss  # brier_score_loss's scale_by_half
        return loss

    def _d2(self, total):
        """``1 - S / S_0``, ``S_0`` the loss of the null model (the weighted class
        frequencies), from the weight of each class; for a single class scikit-learn's
        ``-inf`` (or NaN) with NumPy's warning."""
        return d2_score(total, self._class_weight, self._losses)

    def __repr__(self):
        seen = (0 if self._classes is None else self._classes.shape[0]) if self._pending is None \
            else self._pending[0].shape[0]
        return (f"StreamingLoss({self.metric!r}, n_samples={self.n_samples}, "
                f"n_labels_seen={seen})")


def _sum_by_label(codes, losses, weights, m):
    """``out[r, j]``: the exact sum (an integer, see ``metrics_sk/_exact.py``) of the terms
    ``w_i l_ij`` of the samples of code ``r``, as :func:`loss_sums` forms them."""
    c = losses.shape[1]
    index = (codes[:, None] * c + np.arange(c)).ravel()
    losses = losses.astype(np.float64, copy=False).ravel()
    if weights is None:
        sums = exact_totals_by(index, losses, m * c)
    else:
        sums = exact_dots_by(index, losses, np.repeat(weights.astype(np.float64), c), m * c)
    return sums.reshape(m, c)


def _update_partition(empty, y_true, y_score, sample_weight):
    """The accumulator of one partition (None when it is empty)."""
    if len(y_true) == 0:
        return None
    return empty.update(y_true, y_score, sample_weight)


def streaming_loss(metric, y_true, y_score, *, sample_weight=None, labels=None,
                   from_logits=False, normalize=True, pos_label=None, scale_by_half="auto"):
    """One-shot value of a streaming loss: ``StreamingLoss(...).update(...).compute()``.

    The route for Dask inputs to the score metrics: each partition is reduced to an
    accumulator on its worker, the accumulators are merged in a tree, one number comes
    back.

    Examples
    --------
    >>> from metrics_sk._streaming import streaming_loss
    >>> streaming_loss("hinge_loss", [-1, 1, 1], [-2.18, 2.36, 0.09])
    0.30333333333333334
    """
    acc = StreamingLoss(metric, labels=labels, from_logits=from_logits, normalize=normalize,
                        pos_label=pos_label, scale_by_half=scale_by_half)
    return acc.update(y_true, y_score, sample_weight).compute()


def dask_route(metric):
    """Decorator for a score-loss function: Dask inputs go through
    :func:`metrics_sk._streaming.streaming_loss`.

    The decorated function keeps its signature; when any argument is a Dask collection,
    its first two arguments and ``sample_weight``, ``labels``, ``from_logits``,
    ``normalize``, ``pos_label`` and ``scale_by_half`` (those it has) are handed to ``streaming_loss(metric, ...)``, so the
    partitions are reduced on the workers and one number comes back.

    Examples
    --------
    >>> from metrics_sk._streaming import dask_route
    >>> @dask_route("hinge_loss")
    ... def my_hinge(y_true, pred_decision, *, labels=None, sample_weight=None):
    ...     return 0.0
    >>> my_hinge([0, 1], [0.5, -0.5])  # not Dask: the function itself
    0.0
    """
    def decorate(func):
        signature = inspect.signature(func)

        @functools.wraps(func)
        def routed(*args, **kwargs):
            given = signature.bind_partial(*args, **kwargs).arguments
            if not any(is_dask_collection(v) for v in given.values()):
                return func(*args, **kwargs)
            y_true, y_score = (given.get(name) for name in list(signature.parameters)[:2])
            options = {k: given[k] for k in ("sample_weight", "labels", "from_logits",
                                              "normalize", "pos_label", "scale_by_half")
                       if k in given}
            return streaming_loss(metric, y_true, y_score, **options)

        return routed

    return decorate
