"""Score metrics: metrics_sk against scikit-learn and against raw sorting, side by side.

    python benchmarks/bench_scores.py            # n = 1e6 samples, 10 classes
    python benchmarks/bench_scores.py --quick    # n = 1e5, for a smoke test
    python benchmarks/bench_scores.py --clock cpu  # process time: steadier on a busy machine
    python benchmarks/bench_scores.py --sums-only --n 10000000  # the exact sums at n = 1e7

Every row times both sides on the same data in this process, alternating them run by
run so that both see the same load (best of ``--repeat`` runs of each), checks that
they agree, and prints the ratio next to the target of issues 3 and 9:

* log loss at least 5x faster than ``sklearn.metrics.log_loss``;
* one-vs-all ROC AUC of all classes at least 3x faster than
  ``roc_auc_score(multi_class="ovr")`` and at most 1.5x one ``argsort`` per class;
* AUC mu at most 1.5x one ``np.sort`` of the scores of each pair of classes;
* one-vs-all PR AUC at least 5x faster than ``precision_recall_curve`` + ``auc`` per
  class and at most 1.5x one ``argsort`` per class;
* multi-class ``brier_score_loss`` at least 2x faster than scikit-learn's (issue 23).

A second table times the sums that are exactly rounded so that any batching gives the
same bits (issue 25, ``metrics_sk/_exact.py``): log loss and Brier score of 3 classes,
unweighted and with float weights, and ``Confusion.from_predictions`` of 10 classes
with float weights, against scikit-learn.

The rows marked "info" have no target: the unweighted PR AUC against one ``np.sort``
per class (it sorts only the positives and places the negatives by a bucket table, so
it can beat a sort of the column), the weighted PR AUC (one ``argsort`` per class, the
weights follow the scores) and the scores rounded to 2 decimals (ties everywhere: the
tie passes of the kernels) show the other paths of the ranking kernels.
"""

import argparse
import itertools
import os
import sys
import time
from functools import partial

import numpy as np
import sklearn.metrics as skm

# the metrics_sk of this checkout, not an installed one (sys.path[0] is benchmarks/)
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import metrics_sk as msk  # noqa: E402


CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}


def each(operation, arrays):
    """The floor of a kernel: ``operation`` (a sort) on each array."""
    for a in arrays:
        operation(a)


def best_of(func, repeat):
    """``(best wall time, value)`` of ``repeat`` calls (bench_intervals.py imports it)."""
    best, value = np.inf, None
    for _ in range(repeat):
        start = time.perf_counter()
        value = func()
        best = min(best, time.perf_counter() - start)
    return best, value


def best_of_each(ours, reference, repeat, ref_repeat, clock):
    """Best time of each side, the runs alternating (ours, reference, ours, ...)."""
    best = [np.inf, np.inf]
    for run in range(max(repeat, ref_repeat)):
        for side, (func, runs) in enumerate(((ours, repeat), (reference, ref_repeat))):
            if run < runs:
                start = clock()
                func()
                best[side] = min(best[side], clock() - start)
    return best


def make_data(n, k, seed=0):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, k, n)
    logits = rng.normal(size=(n, k))
    logits[np.arange(n), y] += 1.0  # an informative model
    proba = np.exp(logits - logits.max(axis=1, keepdims=True))
    proba /= proba.sum(axis=1, keepdims=True)
    return y, logits, proba


def pair_scores(y, logits):
    """AUC mu's score of each pair of classes (a_i - a_j on the rows of classes i and j)."""
    k = logits.shape[1]
    rows = [np.flatnonzero(y == c) for c in range(k)]
    return [np.concatenate([logits[rows[i], i] - logits[rows[i], j],
                            logits[rows[j], i] - logits[rows[j], j]])
            for i, j in itertools.combinations(range(k), 2)]


def rows(y, logits, proba, repeat, slow_repeat):
    """(name, ours, reference name, reference, value check, target) for each row."""
    k = logits.shape[1]
    columns = [np.ascontiguousarray(proba[:, c]) for c in range(k)]
    pairs = pair_scores(y, logits)

    def ovr_sklearn():
        return skm.roc_auc_score(y, proba, multi_class="ovr", average="macro")

    argsort_each_class = partial(each, np.argsort, columns)
    sort_each_class = partial(each, np.sort, columns)
    sort_each_pair = partial(each, np.sort, pairs)

    def pr_sklearn():
        values = []
        for c in range(k):
            precision, recall, _ = skm.precision_recall_curve(y == c, proba[:, c])
            values.append(skm.auc(recall, precision))
        return np.array(values)

    weights = np.random.default_rng(1).uniform(0, 2, y.shape[0])
    tied_proba, tied_logits = proba.round(2), logits.round(1)
    tied_columns = [np.ascontiguousarray(tied_proba[:, c]) for c in range(k)]
    tied_pairs = pair_scores(y, tied_logits)

    argsort_each_tied_class = partial(each, np.argsort, tied_columns)
    binary, positive = y == 0, proba[:, 0]  # the binary Brier score: class 0 against the rest
    sort_each_tied_pair = partial(each, np.sort, tied_pairs)

    return [
        ("log_loss (probabilities)", lambda: msk.log_loss(y, proba),
         "sklearn log_loss", lambda: skm.log_loss(y, proba), repeat, ">= 5x faster"),
        ("log_loss (from_logits)", lambda: msk.log_loss(y, logits, from_logits=True),
         "sklearn log_loss", lambda: skm.log_loss(y, proba), repeat, "info"),
        ("one-vs-all ROC AUC, macro", lambda: msk.one_vs_all_roc_auc_score(y, proba),
         "roc_auc_score ovr", ovr_sklearn, slow_repeat, ">= 3x faster"),
        ("one-vs-all ROC AUC, macro", lambda: msk.one_vs_all_roc_auc_score(y, proba),
         "argsort per class", argsort_each_class, repeat, "<= 1.5x slower"),
        ("roc_auc_mu_score", lambda: msk.roc_auc_mu_score(y, logits),
         "sort per class pair", sort_each_pair, repeat, "<= 1.5x slower"),
        ("one-vs-all PR AUC", lambda: msk.one_vs_all_pr_auc_score(y, proba, average=None),
         "PR curve + auc", pr_sklearn, slow_repeat, ">= 5x faster"),
        ("one-vs-all PR AUC", lambda: msk.one_vs_all_pr_auc_score(y, proba, average=None),
         "argsort per class", argsort_each_class, repeat, "<= 1.5x slower"),
        ("one-vs-all PR AUC", lambda: msk.one_vs_all_pr_auc_score(y, proba, average=None),
         "np.sort per class", sort_each_class, repeat, "info"),
        ("one-vs-all PR AUC, weighted",
         lambda: msk.one_vs_all_pr_auc_score(y, proba, sample_weight=weights, average=None),
         "argsort per class", argsort_each_class, repeat, "info"),
        ("one-vs-all PR AUC, ties",
         lambda: msk.one_vs_all_pr_auc_score(y, tied_proba, average=None),
         "argsort per class", argsort_each_tied_class, repeat, "info"),
        ("one-vs-all ROC AUC, ties", lambda: msk.one_vs_all_roc_auc_score(y, tied_proba),
         "argsort per class", argsort_each_tied_class, repeat, "info"),
        ("roc_auc_mu_score, ties", lambda: msk.roc_auc_mu_score(y, tied_logits),
         "sort per class pair", sort_each_tied_pair, repeat, "info"),
        ("hinge_loss", lambda: msk.hinge_loss(y, logits),
         "sklearn hinge_loss", lambda: skm.hinge_loss(y, logits), repeat, "info"),
        ("one_vs_all_log_loss", lambda: msk.one_vs_all_log_loss(y, logits, from_logits=True),
         "sklearn log_loss", lambda: skm.log_loss(y, proba), repeat, "info"),
        ("brier_score_loss", lambda: msk.brier_score_loss(y, proba),
         "sklearn brier", lambda: skm.brier_score_loss(y, proba), repeat, ">= 2x faster"),
        ("brier_score_loss, binary", lambda: msk.brier_score_loss(binary, positive),
         "sklearn brier", lambda: skm.brier_score_loss(binary, positive), repeat, "info"),
        ("d2_brier_score", lambda: msk.d2_brier_score(y, proba),
         "sklearn d2_brier", lambda: skm.d2_brier_score(y, proba), repeat, "info"),
        ("d2_log_loss_score", lambda: msk.d2_log_loss_score(y, proba),
         "sklearn d2_log_loss", lambda: skm.d2_log_loss_score(y, proba), repeat, "info"),
    ]


def exact_sum_rows(n, repeat):
    """The rows of the exactly rounded sums (issue 25): 3-class losses, with and without
    float weights, and a 10-class confusion of float weights."""
    y, _, proba = make_data(n, 3, seed=2)
    rng = np.random.default_rng(3)
    weights = rng.uniform(0, 2, n)
    t = rng.integers(0, 10, n)
    p = np.where(rng.random(n) < 0.8, t, rng.integers(0, 10, n))
    return [
        ("log_loss, 3 classes", lambda: msk.log_loss(y, proba),
         "sklearn log_loss", lambda: skm.log_loss(y, proba), repeat, "info"),
        ("log_loss, 3 cl., weights", lambda: msk.log_loss(y, proba, sample_weight=weights),
         "sklearn log_loss", lambda: skm.log_loss(y, proba, sample_weight=weights), repeat,
         "info"),
        ("brier, 3 classes", lambda: msk.brier_score_loss(y, proba),
         "sklearn brier", lambda: skm.brier_score_loss(y, proba), repeat, "info"),
        ("brier, 3 cl., weights",
         lambda: msk.brier_score_loss(y, proba, sample_weight=weights),
         "sklearn brier", lambda: skm.brier_score_loss(y, proba, sample_weight=weights),
         repeat, "info"),
        ("Confusion, 10 cl., weights",
         lambda: msk.Confusion.from_predictions(t, p, sample_weight=weights),
         "confusion_matrix", lambda: skm.confusion_matrix(t, p, sample_weight=weights),
         repeat, "info"),
    ]


def print_rows(table, repeat, clock):
    header = (f"{'metric':<28}{'metrics_sk':>12}  {'reference':<22}{'time':>10}"
              f"{'speed-up':>10}  {'target':<16}")
    print(header)
    print("-" * len(header))
    for name, ours, ref_name, reference, ref_repeat, target in table:
        t_ours, t_ref = best_of_each(ours, reference, repeat, ref_repeat, CLOCKS[clock])
        ratio = t_ref / t_ours
        print(f"{name:<28}{t_ours * 1e3:>10.1f}ms  {ref_name:<22}{t_ref * 1e3:>8.1f}ms"
              f"{ratio:>9.2f}x  {target:<16}{verdict(ratio, target)}")


def verdict(ratio, target):
    if target.startswith(">="):
        return "ok" if ratio >= float(target.split()[1][:-1]) else "MISSED"
    if target.startswith("<="):
        return "ok" if 1 / ratio <= float(target.split()[1][:-1]) else "MISSED"
    return ""


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="n = 1e5 instead of 1e6")
    parser.add_argument("--n", type=int, default=None, help="number of samples")
    parser.add_argument("--classes", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=3, help="best of this many runs")
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="wall",
                        help="wall time (perf_counter) or this process's CPU time")
    parser.add_argument("--sums-only", action="store_true",
                        help="only the table of the exactly rounded sums")
    args = parser.parse_args(argv)
    n = args.n or (100_000 if args.quick else 1_000_000)
    if args.sums_only:
        print_sums(n, args)
        return
    y, logits, proba = make_data(n, args.classes)
    slow_repeat = 1 if n >= 1_000_000 else args.repeat  # scikit-learn's ovr takes seconds
    print(f"n = {n:,} samples, {args.classes} classes, best of {args.repeat} "
          f"(scikit-learn's ROC/PR AUC: best of {slow_repeat}), {args.clock} clock, "
          f"load average {os.getloadavg()[0]:.1f}\n")
    print_rows(rows(y, logits, proba, args.repeat, slow_repeat), args.repeat, args.clock)
    print("\nspeed-up = reference time / metrics_sk time (below 1: metrics_sk is slower).")
    log_loss_diff = abs(msk.log_loss(y, proba) - skm.log_loss(y, proba))
    auc_diff = abs(msk.one_vs_all_roc_auc_score(y, proba)
                   - skm.roc_auc_score(y, proba, multi_class="ovr"))
    pr_diff = np.abs(msk.one_vs_all_pr_auc_score(y, proba, average=None) - np.array(
        [skm.auc(*skm.precision_recall_curve(y == c, proba[:, c])[1::-1])
         for c in range(args.classes)])).max()
    brier_diff = abs(msk.brier_score_loss(y, proba) - skm.brier_score_loss(y, proba))
    print(f"|metrics_sk - scikit-learn|: log loss {log_loss_diff:.1e}, "
          f"one-vs-all ROC AUC {auc_diff:.1e}, one-vs-all PR AUC {pr_diff:.1e}, "
          f"Brier score {brier_diff:.1e}.\n")
    print_sums(n, args)


def print_sums(n, args):
    print(f"Exactly rounded sums (the same bits for any batching), n = {n:,}, best of "
          f"{args.repeat}, {args.clock} clock, load average {os.getloadavg()[0]:.1f}\n")
    print_rows(exact_sum_rows(n, args.repeat), args.repeat, args.clock)


if __name__ == "__main__":
    main()
