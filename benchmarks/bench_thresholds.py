"""Every threshold: metrics_sk's ranking drop-ins against scikit-learn's, side by side.

    python benchmarks/bench_thresholds.py            # n = 1e6 (top-k: 2e5 x 1,000 classes)
    python benchmarks/bench_thresholds.py --quick    # n = 1e5 (top-k: 2e4), in seconds
    python benchmarks/bench_thresholds.py --clock cpu  # process time: steadier on a busy machine

Every row times both sides on the same data in this process, alternating them run by
run so that both see the same load (best of ``--repeat`` runs of each), checks that they
agree, and prints the ratio next to the target of issue 22:

* binary ``roc_auc_score`` and ``average_precision_score`` at least 3x scikit-learn;
* ``roc_curve`` at least 2x;
* ``roc_auc_score(multi_class="ovr")`` with 10 classes at least 3x;
* ``top_k_accuracy_score`` (k = 5, 1,000 classes) at least 20x;
* ``metric_at_thresholds(f1_score)`` at n = 16,000 at least 1,000x scikit-learn's. Its
  loop calls ``f1_score`` once per threshold (16,000 of them: minutes), so it is timed on
  ``--subset`` thresholds spread over the range and extrapolated to all (the values are
  compared on those thresholds);
* every-threshold MCC (``Confusion.at_thresholds(y, s).matthews_corrcoef()``) at n = 1e6
  within 2x the time of one ``np.argsort`` of the scores (float64, distinct, in random
  order; the default kind). F1, kappa and balanced accuracy, and all four at n = 1,000,
  are "info" rows against the same argsort.

The rows marked "info" have no target (weighted inputs, ``precision_recall_curve``,
``confusion_matrix_at_thresholds``, scores rounded to 2 decimals: ties everywhere).
"""

import argparse
import os
import sys

import numpy as np
import sklearn.metrics as skm

# the metrics_sk of this checkout, not an installed one (sys.path[0] is benchmarks/)
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import metrics_sk as msk  # noqa: E402

from _timing import CLOCKS, best_of_each  # noqa: E402



def same(a, b):
    """Whether two results (numbers or tuples of arrays) agree to 1e-9."""
    if isinstance(a, tuple):
        return all(np.allclose(x, y, rtol=1e-9, atol=0) for x, y in zip(a, b))
    return bool(np.isclose(a, b, rtol=1e-9, atol=0))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="wall")
    parser.add_argument("--subset", type=int, default=40,
                        help="thresholds timed of scikit-learn's metric_at_thresholds loop")
    args = parser.parse_args(argv)
    clock = CLOCKS[args.clock]
    n = 100_000 if args.quick else 1_000_000
    n_top = 20_000 if args.quick else 200_000
    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, n)
    score = y + rng.normal(size=n)
    rounded = np.round(1 / (1 + np.exp(-score)), 2)
    weight = rng.random(n)
    y10 = rng.integers(0, 10, n)
    proba10 = rng.dirichlet(np.ones(10), n)
    proba10[np.arange(n), y10] += 0.5
    proba10 /= proba10.sum(1, keepdims=True)
    y1000 = rng.integers(0, 1000, n_top)
    score1000 = rng.normal(size=(n_top, 1000))
    score1000[np.arange(n_top), y1000] += 2.0

    rows = [  # (name, target ratio or None, call with the module)
        ("roc_auc_score, binary", 3.0, lambda m: m.roc_auc_score(y, score)),
        ("average_precision_score, binary", 3.0,
         lambda m: m.average_precision_score(y, score)),
        ("roc_curve", 2.0, lambda m: m.roc_curve(y, score)),
        ("roc_auc_score, ovr, 10 classes", 3.0,
         lambda m: m.roc_auc_score(y10, proba10, multi_class="ovr")),
        (f"top_k_accuracy_score, k=5, 1000 classes, n={n_top:.0e}", 20.0,
         lambda m: m.top_k_accuracy_score(y1000, score1000, k=5)),
        ("precision_recall_curve", None, lambda m: m.precision_recall_curve(y, score)),
        ("confusion_matrix_at_thresholds", None,
         lambda m: m.confusion_matrix_at_thresholds(y, score)),
        ("roc_auc_score, binary, weighted", None,
         lambda m: m.roc_auc_score(y, score, sample_weight=weight)),
        ("average_precision_score, binary, weighted", None,
         lambda m: m.average_precision_score(y, score, sample_weight=weight)),
        ("roc_auc_score, binary, 2-decimal scores", None,
         lambda m: m.roc_auc_score(y, rounded)),
        ("roc_auc_score, ovo, 10 classes", None,
         lambda m: m.roc_auc_score(y10, proba10, multi_class="ovo")),
    ]
    print(f"n = {n:,} ({args.clock} clock, best of {args.repeat})")
    print(f"{'':48s} {'metrics_sk':>11s} {'sklearn':>9s} {'ratio':>7s}  target")
    failed = []
    for name, target, call in rows:
        (ours, theirs), (a, b) = best_of_each(lambda: call(msk), lambda: call(skm),
                                              repeat=args.repeat, clock=clock)
        if not same(a, b):
            failed.append(name)
        ratio = theirs / ours
        verdict = "info" if target is None else (
            f">= {target:g}x " + ("ok" if ratio >= target else "MISSED"))
        print(f"{name:48s} {ours * 1e3:9.1f}ms {theirs * 1e3:7.1f}ms {ratio:6.1f}x  {verdict}")
    failed += every_threshold(args, clock, n)
    if failed:
        print("values differ:", failed)
        return 1
    return 0


def every_threshold(args, clock, n):
    """The rows of thresholds as a batch axis; returns the names whose values differ."""
    failed = []
    n_f1 = 2_000 if args.quick else 16_000
    rng = np.random.default_rng(1)
    y = rng.integers(0, 2, n_f1)
    s = y + rng.normal(size=n_f1)  # n_f1 distinct scores: n_f1 thresholds
    best = np.inf
    for _ in range(args.repeat):
        start = clock()
        values, thresholds = msk.metric_at_thresholds(y, s, skm.f1_score)
        best = min(best, clock() - start)
    picked = np.linspace(0, len(thresholds) - 1, min(args.subset, len(thresholds))).astype(int)
    start = clock()  # scikit-learn's loop, on the picked thresholds only
    reference = [skm.f1_score(y, (s >= t).astype(np.int32)) for t in thresholds[picked]]
    theirs = (clock() - start) * len(thresholds) / len(picked)
    if not np.allclose(values[picked], reference, rtol=1e-12, atol=0):
        failed.append("metric_at_thresholds")
    ratio = theirs / best
    print(f"{f'metric_at_thresholds(f1_score), n={n_f1:,}':48s} {best * 1e3:9.1f}ms "
          f"{theirs * 1e3:7.0f}ms {ratio:6.0f}x  >= 1000x "
          f"{'ok' if ratio >= 1000 else 'MISSED'} (scikit-learn: {len(picked)} of "
          f"{len(thresholds):,} thresholds timed, extrapolated)")

    # The reference: one np.argsort (default kind) of the n float64 scores, distinct
    # and in random order, the sort any every-threshold computation needs at least.
    for size in (n, 1_000):
        rng = np.random.default_rng(2)
        y = rng.integers(0, 2, size)
        s = y + rng.normal(size=size)
        tns, fps, fns, tps, _ = skm.confusion_matrix_at_thresholds(y, s)
        at = len(tps) // 2  # one threshold checked against scikit-learn on its counts
        cells = [0, 0, 1, 1], [0, 1, 0, 1], [tns[at], fps[at], fns[at], tps[at]]
        for metric, target in (("matthews_corrcoef", 2.0), ("f1_score", None),
                               ("cohen_kappa_score", None),
                               ("balanced_accuracy_score", None)):
            target = target if size == n else None  # (the target: n = 1e6)
            (ours, argsort), (values, _) = best_of_each(
                lambda: getattr(msk.Confusion.at_thresholds(y, s), metric)(),
                lambda: np.argsort(s), repeat=args.repeat, clock=clock)
            want = getattr(skm, metric)(cells[0], cells[1], sample_weight=cells[2])
            if not np.isclose(values[at], want, rtol=1e-12):
                failed.append(f"every-threshold {metric}")
            ratio = ours / argsort
            verdict = "info" if target is None else (
                f"<= {target:g}x " + ("ok" if ratio <= target else "MISSED"))
            print(f"{f'every-threshold {metric}, n={size:,}':52s} {ours * 1e3:9.2f}ms "
                  f"{argsort * 1e3:7.2f}ms {ratio:6.2f}x  {verdict} (ours / one argsort)")
    return failed


if __name__ == "__main__":
    sys.exit(main())
