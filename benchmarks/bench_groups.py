"""Every metric by slice: metrics_sk's grouped confusion against fairlearn's MetricFrame.

n = 10**6 samples, 10 classes, 10**4 groups: one grouped count, then every count metric
of the registry for every group; fairlearn's ``MetricFrame`` with scikit-learn's
``f1_score`` (one call per group) on a subset of the groups, extrapolated to all of them;
the peak extra memory of the grouped count (tracemalloc). Side by side in one process.

    python benchmarks/bench_groups.py          # full size
    python benchmarks/bench_groups.py --quick  # smoke run (CI)
"""

import argparse
import functools
import time
import tracemalloc
import warnings

import numpy as np

import metrics_sk as msk
from metrics_sk._registry import METRICS


def data(n, k, n_groups, seed=0):
    rng = np.random.default_rng(seed)
    t = rng.integers(0, k, n)
    p = np.where(rng.random(n) < 0.8, t, rng.integers(0, k, n))
    return t, p, rng.integers(0, n_groups, n)


def every_metric(t, p, groups):
    """The grouped count, then every batch count metric of the registry for every group."""
    g = msk.Confusion.from_predictions(t, p, groups=groups)
    out = {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for name, m in METRICS.items():
            if m.batch:
                kwargs = {"beta": 1.0} if name == "fbeta_score" else {}
                if m.binary_only or name in ("precision_score", "recall_score", "f1_score",
                                             "fbeta_score", "specificity_score",
                                             "balanced_auc_score"):
                    kwargs["average"] = "macro"
                if m.binary_only:
                    continue  # binary metrics on 10 classes: not defined
                out[name] = getattr(g, name)(**kwargs)
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small sizes (smoke run)")
    args = parser.parse_args()
    n, k, n_groups, subset = (10**4, 10, 100, 5) if args.quick else (10**6, 10, 10**4, 50)
    t, p, groups = data(n, k, n_groups)

    best = float("inf")
    for _ in range(1 if args.quick else 3):
        start = time.perf_counter()
        values = every_metric(t, p, groups)
        best = min(best, time.perf_counter() - start)
    tracemalloc.start()
    every_metric(t, p, groups)
    peak = tracemalloc.get_traced_memory()[1] / 2**20
    tracemalloc.stop()

    macro_f1 = functools.partial(msk.f1_score, average="macro")
    start = time.perf_counter()
    ours_f1 = msk.metric_frame(t, p, metrics=macro_f1, groups=groups)
    ours_f1_time = time.perf_counter() - start

    try:
        from fairlearn.metrics import MetricFrame
        from sklearn.metrics import f1_score
    except ImportError:
        MetricFrame = None
    print(f"n = {n}, {k} classes, {n_groups} groups\n")
    print("| case | metrics_sk | reference | ratio | target |")
    print("|---|---|---|---|---|")
    print(f"| every count metric ({len(values)}) for every group | {best:.3f} s | | | "
          "< 0.5 s |")
    print(f"| peak extra memory of that | {peak:.0f} MiB | | | < 200 MiB |")
    if MetricFrame is not None:
        chosen = np.unique(groups)[:subset]
        rows = np.isin(groups, chosen)
        start = time.perf_counter()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            MetricFrame(metrics=functools.partial(f1_score, average="macro"),
                        y_true=t[rows], y_pred=p[rows], sensitive_features=groups[rows]).by_group
        theirs = (time.perf_counter() - start) * n_groups / subset
        print(f"| `f1_score` by group, `metric_frame` vs fairlearn `MetricFrame` "
              f"(fairlearn on {subset} groups, extrapolated) | {ours_f1_time:.3f} s | "
              f"{theirs:.1f} s | {theirs / ours_f1_time:.0f}x | >= 100x |")
    assert len(ours_f1.by_group) == n_groups


if __name__ == "__main__":
    main()
