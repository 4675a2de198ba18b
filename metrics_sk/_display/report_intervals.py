"""The quality report's intervals and groups: bootstrap and analytic intervals of its
count and score values, the score rankings sorted once for all replicates, and the values
and intervals of every group of a :class:`~metrics_sk.GroupedConfusion`.
"""

import functools
import warnings

import numpy as np

from .. import _calibration
from .._formulas import as_float, reduce_average
from .._registry import METRICS
from .report_layout import (
    _GROUP_COLUMNS,
    _SCORES,
    _SCORE_BOOTSTRAP_LIMIT,
    _SCORE_COLUMNS,
    _call,
    _quiet,
    decomposition_values,
    score_values,
)


def _score_columns(y_score, labels, given=False):
    """``y_score`` with its columns in the order of ``labels``, read once for every score
    metric of the report: by name when the columns of a DataFrame are named by the
    classes, by position when they are not (an array, the default 0..k-1 column names, or
    names none of which is a class); a ValueError naming ``y_score`` when some names are
    classes and others are not, a class has no column, or the columns are not one per
    class (the classes of ``y_true`` and ``y_pred``, with ``labels=`` when ``given``)."""
    from .._losses import named_columns

    names = getattr(y_score, "columns", None)
    if names is None or list(names) == list(range(len(names))):
        return _one_per_class(y_score, labels, given)  # positions
    names = list(names)
    classes = labels.tolist()
    try:
        known = [name in set(classes) for name in names]
    except TypeError:  # unhashable names: not class names
        known = [False]
    if not any(known):
        return _one_per_class(y_score, labels, given)
    if len(names) != len(classes) or not all(known) or len(set(names)) != len(names):
        raise ValueError(
            f"y_score's columns are named {names[:10]} but the classes are {classes[:10]}: "
            "name one column per class (they are read by name), or pass an array whose "
            "columns follow the classes.")
    order = named_columns(y_score, labels)
    scores = np.asarray(y_score)
    return scores if order is None else scores[:, order]


def _one_per_class(y_score, labels, given):
    """``y_score`` read by position, refused (ValueError naming what the user gave) unless
    it has one column per class, or is the one score of a binary target (the metrics
    check the rest)."""
    shape, k = np.shape(y_score), labels.shape[0]
    if len(shape) == 2 and shape[1] != k and not (shape[1] == 1 and k == 2):
        source = ("labels= with the classes of y_true and y_pred give" if given
                  else "y_true and y_pred hold")
        raise ValueError(f"y_score has {shape[1]} columns but {source} {k} class(es) "
                         f"{labels[:10].tolist()}: pass one score column per class, in "
                         f"the order of {'labels=' if given else 'the sorted classes'}.")
    return y_score


def _add_scores(values, y_true, y_score, labels, sample_weight, from_logits):
    """Put the score metrics into ``values`` (the class columns, average rows, section)."""
    per_class, averages, scores = score_values(y_true, y_score, labels=labels,
                                               sample_weight=sample_weight,
                                               from_logits=from_logits)
    if "per_class" in values:
        values["per_class"].update(per_class)
    if "averages" in values:
        for average, row in averages.items():
            values["averages"][average].update(row)
    values["scores"] = scores
    if not from_logits:
        decomposition = decomposition_values(y_true, y_score, labels=labels,
                                             sample_weight=sample_weight)
        if decomposition is not None:
            values["decomposition"] = decomposition


def _score_intervals(intervals, interval, score_args, confidence_level, n_resamples,
                     random_state):
    """Add the score metrics' intervals to ``intervals``; returns the note that says how
    they were made (or that some have none)."""
    y_true, y_score, labels, sample_weight, from_logits = score_args
    if interval == "analytic":
        from .._inference.intervals import analytic_interval

        kw = {"labels": labels, "sample_weight": sample_weight,
              "confidence_level": confidence_level}
        found = analytic_interval("one_vs_all_roc_auc_score", y_true, y_score, average=None,
                                  **kw).confidence_interval
        intervals.setdefault("per_class", {})["roc_auc"] = found
        return ("ROC AUC of each class: DeLong's interval; the AUC averages, log loss, AUC "
                "Mu and PR AUC have no analytic interval (the bootstrap gives them one).")
    n = np.shape(y_score)[0]
    if n * n_resamples > _SCORE_BOOTSTRAP_LIMIT:
        return (f"score metrics: no interval: their bootstrap resamples the samples, "
                f"{n_resamples} x {n} evaluations here (interval='analytic' gives ROC AUC "
                "DeLong's interval; bootstrap(metric, y_true, y_score) one metric's).")
    from .._inference.bootstrap import index_bootstrap as _index_bootstrap, results_of as _results
    from .._inference.resampling import flatten as _flatten, make_rng as _rng

    def statistic(t, s, sample_weight=None):
        return score_values(t, s, labels=labels, sample_weight=sample_weight,
                            from_logits=from_logits)

    leaves = []
    rebuild = _flatten(statistic(y_true, y_score, sample_weight), leaves)
    rng = _rng(random_state)
    replicates = None if sample_weight is not None else _SortedScores.of(
        y_true, y_score, labels, from_logits)
    if replicates is None:  # (sample weights: the per-sample bootstrap, with progress)
        with _Progress(n_resamples, n) as progress:
            results = _index_bootstrap(progress.wrap(statistic), y_true, y_score,
                                       sample_weight, {}, n_resamples, confidence_level,
                                       "percentile", rng)
    else:
        with _Progress(n_resamples, n) as progress:
            dists = replicates.distributions(statistic, n_resamples, rng, len(leaves),
                                             progress)
        results = _results(leaves, dists, None, None, confidence_level, "percentile")
    per_class, averages, scores = rebuild([r.confidence_interval for r in results])
    intervals.setdefault("per_class", {}).update(per_class)
    for average, row in averages.items():
        intervals.setdefault("averages", {}).setdefault(average, {}).update(row)
    intervals["scores"] = scores
    undefined = any(np.isnan(r.confidence_interval.low).any() for r in results)
    return (f"score metrics: bootstrap of the samples ({n_resamples} resamples)"
            + ("; nan where some resample leaves the metric undefined." if undefined
               else "."))


class _Progress:
    """A message on stderr when the per-sample bootstrap of the score metrics is slow:
    after the first evaluations, if the estimate is over 2 s, its expected duration, then
    one line per tenth of the replicates (plain ``sys.stderr`` lines, no dependency)."""

    SECONDS = 2.0

    def __init__(self, n_resamples, n):
        self.total, self.n, self.calls, self.shown = n_resamples + 1, n, 0, False
        self.tenth = max(1, self.total // 10)

    def __enter__(self):
        import time

        self.clock, self.start = time.perf_counter, time.perf_counter()
        return self

    def __exit__(self, *exc):
        if self.shown and exc[0] is None:
            self._write(f"done in {self.clock() - self.start:.1f} s.")

    def _write(self, text):
        import sys

        sys.stderr.write(f"quality_report: score bootstrap: {text}\n")
        sys.stderr.flush()

    def step(self, done=1):
        """``done`` more evaluations made."""
        before, self.calls = self.calls, self.calls + done
        elapsed = self.clock() - self.start
        if not self.shown and before < 3 <= self.calls:
            estimate = elapsed / self.calls * self.total
            if estimate > self.SECONDS:
                self.shown = True
                self._write(f"{self.total - 1} resamples of {self.n} samples, about "
                            f"{estimate:.0f} s (interval='analytic' is faster).")
        elif self.shown and self.calls // self.tenth > before // self.tenth:
            self._write(f"{min(self.calls, self.total - 1)}/{self.total - 1} resamples, "
                        f"{elapsed:.1f} s.")

    def wrap(self, statistic):
        def counted(*args, **kwargs):
            out = statistic(*args, **kwargs)
            self.step()
            return out
        return counted


class _SortedScores:
    """The score metrics of :func:`score_values` on bootstrap replicates, without
    resampling: a replicate is the vector of multinomial counts of the samples (drawn as
    the per-sample bootstrap draws its indices, the same draws), used as integer weights
    on rankings sorted once (:class:`metrics_sk._auc.SortedRanking`) and on per-sample
    losses computed once. A replicate that misses a class of the data is evaluated on its
    resampled rows instead (the functions then decide as on those samples), and the first
    replicate is checked against that too."""

    def __init__(self, y_true, y_score, codes, rankings, mu, losses, n_classes):
        self.y_true, self.y_score, self.n = y_true, y_score, codes.shape[0]
        self.codes, self.rankings, self.mu = codes, rankings, mu
        self.losses, self.n_classes = losses, n_classes
        self.present = np.bincount(codes, minlength=n_classes) > 0
        self.calibration = None  # the calibration error of (R, n) weights, if shown

    @classmethod
    def of(cls, y_true, y_score, labels, from_logits):
        """The sorted inputs of unweighted scores, or None where the functions' encoded
        inputs are not available (then the per-sample bootstrap is used)."""
        from .. import _auc
        from .._losses import brier_losses, log_losses, one_vs_all_losses
        from .._scores import encoded_inputs

        def encoded(name, scores, **kwargs):
            return encoded_inputs(METRICS[name].function, y_true, scores, None, kwargs)

        scores = np.asarray(y_score)
        if scores.ndim != 2:
            return None
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # (said by the values on all the samples)
            order = np.argsort(np.asarray(labels), kind="stable")
            found = [encoded("one_vs_all_roc_auc_score", y_score, labels=labels, average=None),
                     encoded("roc_auc_mu_score", y_score, labels=labels),
                     encoded("log_loss", scores[:, order],
                             labels=np.asarray(labels)[order], from_logits=from_logits),
                     encoded("one_vs_all_log_loss", y_score, labels=labels,
                             from_logits=from_logits)]
            brier = None if from_logits else encoded(
                "brier_score_loss", scores[:, order], labels=np.asarray(labels)[order])
            if any(f is None for f in found) or (brier is None and not from_logits):
                return None
            (codes, ranked, _, _), (mu_codes, mu_scores, _, mu_kernel), ll, ova = found
            k = ranked.shape[1]
            rankings = [_auc.SortedRanking(ranked[:, j], codes == j) for j in range(k)]
            mu = _auc.auc_mu_rankings(mu_codes, *_auc.mu_dot_products(
                mu_scores, mu_kernel.args[0]))
            losses = {"log_loss": log_losses(ll[0], ll[1], from_logits=from_logits),
                      "one_vs_all_log_loss": one_vs_all_losses(ova[0], ova[1],
                                                                from_logits=from_logits)}
            if brier is not None:  # (its kernel's first argument: the scale, 1/2 or 1)
                losses["brier_score_loss"] = brier[3].args[0] * brier_losses(brier[0],
                                                                             brier[1])
        out = cls(np.asarray(y_true), scores, codes, rankings, mu, losses, k)
        if not from_logits and "calibration_error" in _SCORES:
            out.calibration = _calibration.replicate_sums(y_true, y_score, labels=labels)
        return out

    def _fast(self, weights):
        """The layout of :func:`score_values` for each row of ``weights`` (R, n)."""
        roc, pr = (np.stack(side, axis=1) for side in zip(
            *(r.evaluate(weights) for r in self.rankings)))
        pairs, halves, factor = self.mu
        mu = factor * (sum(r.evaluate(weights[:, rows])[0] for rows, r in pairs)
                       + 0.5 * halves)
        losses = {key: weights @ v / self.n for key, v in self.losses.items()}
        calibration = None if self.calibration is None else self.calibration(weights)
        support = np.stack([np.bincount(self.codes, weights=w, minlength=self.n_classes)
                            for w in weights])
        out = []
        for i in range(weights.shape[0]):
            per_class = {"roc_auc": roc[i], "pr_auc": pr[i]}
            per_class = {key: per_class[key] for key in _SCORE_COLUMNS}
            averages = {"macro": {key: reduce_average(v, "macro", None)
                                  for key, v in per_class.items()},
                        "weighted": {key: reduce_average(v, "weighted", support[i])
                                     for key, v in per_class.items()}}
            values = {"log_loss": losses["log_loss"][i],
                      "one_vs_all_log_loss": losses["one_vs_all_log_loss"][i],
                      "roc_auc_mu": mu[i],
                      "one_vs_all_roc_auc": averages["macro"]["roc_auc"],
                      "one_vs_all_pr_auc": averages["macro"]["pr_auc"]}
            if "brier_score_loss" in losses:
                values["brier_score"] = losses["brier_score_loss"][i]
            if calibration is not None:
                values["calibration_error"] = calibration[i]
            out.append((per_class, averages, {key: float(values[key]) for key in _SCORES
                                              if key in values}))
        return out, support

    def distributions(self, statistic, n_resamples, rng, n_leaves, progress):
        """The leaves of ``statistic`` on ``n_resamples`` replicates: ``(R, ...)`` arrays
        (chunks of at most a tenth of them, for ``progress``)."""
        from .._inference.resampling import CHUNK_ELEMENTS as _CHUNK_ELEMENTS, leaves_of as _leaves

        n = self.n
        step = max(1, min(_CHUNK_ELEMENTS // max(n, 1), -(-n_resamples // 10)))
        per, checked, trusted = [], False, True
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            for start in range(0, n_resamples, step):
                idx = [rng.integers(0, n, n) for _ in range(min(step, n_resamples - start))]
                weights = np.stack([np.bincount(i, minlength=n) for i in idx]).astype(
                    np.float64)
                fast, support = self._fast(weights)
                whole = (support[:, self.present] > 0).all(1)
                for i, rows in enumerate(idx):
                    if whole[i] and checked:
                        per.append(_leaves(fast[i]))
                        continue
                    slow = _leaves(statistic(self.y_true[rows], self.y_score[rows]))
                    if whole[i] and trusted:  # the first replicate with every class
                        checked = all(np.allclose(a, b, rtol=1e-9, atol=1e-12, equal_nan=True)
                                      for a, b in zip(_leaves(fast[i]), slow))
                        trusted = checked  # else every replicate on its rows
                    per.append(slow)
                progress.step(len(idx))
        return [np.stack([p[j] for p in per]) for j in range(n_leaves)]


def _analytic_intervals(confusion, calls, confidence_level, samples):
    """Analytic intervals of the count values, in the layout of ``calls``."""
    from .._inference.intervals import confusion_intervals

    leaves = [(section, key) for section in ("per_class", "overall") if section in calls
              for key in calls[section]]
    leaves += [("averages", (average, key)) for average in calls.get("averages", {})
               for key in calls["averages"][average]]

    def call(section, key):
        return (calls[section][key] if section != "averages"
                else calls[section][key[0]][key[1]])

    results = confusion_intervals(confusion, [call(*leaf) for leaf in leaves],
                                  confidence_level=confidence_level, samples=samples)
    out = {section: {} for section in calls}
    for (section, key), res in zip(leaves, results):
        if section == "averages":
            out[section].setdefault(key[0], {})[key[1]] = res.confidence_interval
        else:
            out[section][key] = res.confidence_interval
    return out


def _group_values(grouped, beta, zero_division, confidence_level, interval, n_resamples,
                  random_state, weighted):
    """The per-group table ``{"keys", "names", "values": {metric: array}}`` sorted worst
    first, its intervals ``{metric: (low, high)}`` and a note (or None). ``weighted``:
    False, or the ``(y_true, y_pred, sample_weight, groups)`` of weighted data."""
    # a group without some class is the rule, not a surprise: its 0/0 ratios take
    # zero_division's value without one warning per group
    calls = {key: _call(name, fixed, beta, _quiet(zero_division))
             for key, (name, fixed) in _GROUP_COLUMNS.items()}
    columns = {key: getattr(grouped, name)(**kwargs).to_numpy(dtype=np.float64)
               for key, (name, kwargs) in calls.items()}
    # a group's total: its correct plus its wrong predictions (counts or weight sums)
    columns["support"] = (grouped.accuracy_score(normalize=False).to_numpy()
                          + grouped.zero_one_loss(normalize=False).to_numpy())
    first = columns[next(iter(_GROUP_COLUMNS))]
    order = np.lexsort((-columns["support"], np.where(np.isnan(first), -np.inf, first)))
    index = grouped.index()
    keys = [index[i] for i in order]
    out = {"keys": keys, "names": list(index.names),
           "values": {key: v[order] for key, v in columns.items()},
           "overall": {key: as_float(getattr(grouped.overall, name)(**kwargs))
                       for key, (name, kwargs) in calls.items()}}
    if confidence_level is None:
        return out, {}, None
    note = None
    squares = None
    from .._inference.bootstrap import confidence_intervals
    from .._inference.resampling import make_rng as _rng
    from .._inference.intervals import confusion_interval, rescaled as _scaled

    if weighted:  # the analytic intervals of weight sums need the squared weights, both
        # in the unit of the largest weight (scale-free)
        grouped, squares = _scaled(grouped, weighted)
        if interval == "bootstrap":
            interval = "analytic"
            note = ("groups: analytic intervals (a weighted bootstrap of each group needs "
                    "its samples).")

    rng = _rng(random_state)
    bounds = {key: (np.empty(len(order)), np.empty(len(order))) for key in calls}
    rows = enumerate(order)
    if interval == "analytic":  # every group at once; one by one where undefined
        rows, empty = _analytic_group_rows(grouped, squares, calls, columns, order,
                                           confidence_level, bounds)
        if empty:
            note = ((note + " ") if note else "groups: ") + (
                f"{empty} group intervals are undefined (a value of 0 or 1, or a standard "
                "error of 0) and left empty: with sample weights the cells of a group "
                "cannot be resampled.")
    for row, i in rows:
        group = grouped.group(int(i))
        if interval == "analytic":
            square = group if squares is None else squares.group(int(i))
            found = [confusion_interval(group, name, kwargs, squares=square,
                                        confidence_level=confidence_level).confidence_interval
                     for name, kwargs in calls.values()]
        else:
            found = confidence_intervals(
                group, functools.partial(_group_statistic, calls), n_resamples=n_resamples,
                confidence_level=confidence_level, random_state=rng)
        for key, ci in zip(calls, found):
            bounds[key][0][row], bounds[key][1][row] = ci
    return out, bounds, note


def _analytic_group_rows(grouped, squares, calls, columns, order, confidence_level, bounds):
    """Fill ``bounds`` (rows in ``order``) with the analytic intervals of all the groups,
    computed in one batch per metric. Returns the ``(row, group)`` pairs where some is
    undefined (a value of 0 or 1, a standard error of 0), left to each group's own
    :func:`~metrics_sk.analytic_interval` and its cell-bootstrap fallback, and the number
    of intervals left empty instead (``squares``: weight sums, which cannot be resampled)."""
    from .._inference.groups import analytic_group_bounds, over_parts

    undefined = np.zeros(len(order), dtype=bool)
    empty = 0
    for key, (name, kwargs) in calls.items():
        low, high, used = over_parts(
            grouped, grouped if squares is None else squares, columns[key],
            functools.partial(analytic_group_bounds, name=name, kwargs=kwargs,
                              confidence_level=confidence_level))
        todo = (used == "bootstrap")[order]
        bounds[key][0][:], bounds[key][1][:] = low[order], high[order]
        if squares is None:
            undefined |= todo
        else:
            bounds[key][0][todo] = bounds[key][1][todo] = np.nan
            empty += int(todo.sum())
    return [(row, order[row]) for row in np.flatnonzero(undefined)], empty


def _group_statistic(calls, confusion):
    return [getattr(confusion, name)(**kwargs) for name, kwargs in calls.values()]
