"""Label ranking: metrics_sk's multilabel ranking drop-ins against scikit-learn's.

    python benchmarks/bench_label_ranking.py            # 1e5 samples x 100 labels
    python benchmarks/bench_label_ranking.py --quick    # 1e4 x 100, in seconds
    python benchmarks/bench_label_ranking.py --clock cpu  # process time: steadier when busy

Every row times both sides on the same data in this process, alternating them run by
run (best of ``--repeat`` runs of each, as ``bench_thresholds.py``), checks that they
agree, and prints the ratio next to the target of issue 24: ``ndcg_score`` and
``label_ranking_average_precision_score`` at least 3x scikit-learn (which loops over the
samples in Python). The rows marked "info" have no target (the other drop-ins, weights,
scores rounded to 2 decimals: ties in every row).
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
from bench_thresholds import same  # noqa: E402


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="wall")
    args = parser.parse_args(argv)
    clock = CLOCKS[args.clock]
    n, n_labels = (10_000 if args.quick else 100_000), 100
    rng = np.random.default_rng(0)
    y = (rng.random((n, n_labels)) < 0.05).astype(np.int64)  # about 5 labels per sample
    score = y + rng.normal(size=(n, n_labels))
    rounded = np.round(1 / (1 + np.exp(-score)), 2)
    gains = y * rng.integers(1, 5, (n, n_labels))
    weight = rng.random(n)

    rows = [  # (name, target ratio or None, call with the module)
        ("ndcg_score", 3.0, lambda m: m.ndcg_score(gains, score)),
        ("label_ranking_average_precision_score", 3.0,
         lambda m: m.label_ranking_average_precision_score(y, score)),
        ("label_ranking_loss", None, lambda m: m.label_ranking_loss(y, score)),
        ("coverage_error", None, lambda m: m.coverage_error(y, score)),
        ("dcg_score, k=10", None, lambda m: m.dcg_score(gains, score, k=10)),
        ("ndcg_score, ignore_ties=True", None,
         lambda m: m.ndcg_score(gains, score, ignore_ties=True)),
        ("ndcg_score, 2-decimal scores", None, lambda m: m.ndcg_score(gains, rounded)),
        ("label_ranking_average_precision_score, 2-dec.", None,
         lambda m: m.label_ranking_average_precision_score(y, rounded)),
        ("label_ranking_average_precision_score, weighted", None,
         lambda m: m.label_ranking_average_precision_score(y, score, sample_weight=weight)),
    ]
    print(f"{n:,} samples x {n_labels} labels ({args.clock} clock, best of {args.repeat})")
    print(f"{'':50s} {'metrics_sk':>11s} {'sklearn':>9s} {'ratio':>7s}  target")
    failed = []
    for name, target, call in rows:
        (ours, theirs), (a, b) = best_of_each(lambda: call(msk), lambda: call(skm),
                                              repeat=args.repeat, clock=clock)
        if not same(a, b):
            failed.append(name)
        ratio = theirs / ours
        verdict = "info" if target is None else (
            f">= {target:g}x " + ("ok" if ratio >= target else "MISSED"))
        print(f"{name:50s} {ours * 1e3:9.1f}ms {theirs * 1e3:7.1f}ms {ratio:6.1f}x  {verdict}")
    if failed:
        print("values differ:", failed)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
