"""Count metrics: metrics_sk and scikit-learn side by side, in one process, same data.

Run: ``python benchmarks/bench_counts.py`` (``--quick`` for a smoke run with n / 100).
Prints one table: best-of-``repeat`` wall time of each side, the ratio, and for the
large-K case the extra peak memory (tracemalloc, which sees numpy's allocations).
"""

import argparse
import gc
import os
import sys
import time
import tracemalloc

import numpy as np
import sklearn.metrics as skm

# the metrics_sk of this checkout, not an installed one (sys.path[0] is benchmarks/)
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import metrics_sk as msk  # noqa: E402


def best_time(fn, repeat):
    best = float("inf")
    for _ in range(repeat):
        gc.collect()
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def peak_memory(fn):
    gc.collect()
    tracemalloc.start()
    fn()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak


def predictions(rng, n, k, accuracy=0.8):
    y_true = rng.integers(0, k, n)
    wrong = rng.random(n) >= accuracy
    y_pred = y_true.copy()
    y_pred[wrong] = rng.integers(0, k, int(wrong.sum()))
    return y_true, y_pred


def row(table, case, ours, theirs, theirs_name, note=""):
    table.append((case, ours, theirs, theirs_name, note))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="n / 100, one repeat")
    args = parser.parse_args(argv)
    scale = 100 if args.quick else 1
    repeat = 1 if args.quick else 3
    rng = np.random.default_rng(0)
    table = []

    # 1. n = 10^7, 10 classes, int64 labels
    n, k = 10**7 // scale, 10
    t, p = predictions(rng, n, k)
    ours = best_time(lambda: msk.precision_recall_fscore_support(t, p, average="macro"), repeat)
    sk = best_time(lambda: skm.precision_recall_fscore_support(t, p, average="macro"), 1)
    base = best_time(lambda: np.bincount(t * k + p), repeat)
    row(table, f"prfs(average='macro'), n={n:.0e}, K={k}", ours, sk, "sklearn", "target >= 20x")
    row(table, "  same, against np.bincount(y_true*K + y_pred)", ours, base, "bincount",
        f"metrics_sk takes {ours / base:.2f}x the bincount (target <= 2.5x)")
    for name in ("matthews_corrcoef", "cohen_kappa_score"):
        ours = best_time(lambda: getattr(msk, name)(t, p), repeat)
        sk = best_time(lambda: getattr(skm, name)(t, p), 1)
        row(table, f"{name}, n={n:.0e}, K={k}", ours, sk, "sklearn", "target >= 20x")

    # 2. n = 10^7, 10^5 classes: builder + macro F + MCC + quadratic kappa
    n, k = 10**7 // scale, 10**5 // scale
    t, p = predictions(rng, n, k)

    def large_k():
        c = msk.Confusion.from_predictions(t, p)
        with np.errstate(all="ignore"):
            import warnings

            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                c.f1_score(average="macro")
        c.matthews_corrcoef()
        c.cohen_kappa_score(weights="quadratic")

    ours = best_time(large_k, repeat)
    mem = peak_memory(large_k)
    sk = best_time(lambda: skm.precision_recall_fscore_support(t, p, average="macro"), 1)
    row(table, f"Confusion + macro F + MCC + quad. kappa, n={n:.0e}, K={k:.0e}", ours, sk,
        "sklearn prfs only", f"target: < 1.5 s, < 1 GB; peak {mem / 2**20:.0f} MiB")

    # 3. n = 10^6 string labels (object dtype)
    n, k = 10**6 // scale, 20
    names = np.array([f"class_{i:02d}" for i in range(k)], dtype=object)
    ti, pi = predictions(rng, n, k)
    t, p = names[ti], names[pi]
    ours = best_time(lambda: msk.f1_score(t, p, average="macro"), repeat)
    sk = best_time(lambda: skm.f1_score(t, p, average="macro"), 1)
    row(table, f"f1_score(average='macro'), n={n:.0e} object strings, K={k}", ours, sk, "sklearn",
        "target >= 10x")

    # 4. classification_report, n = 2 * 10^6, 500 classes (the file, as int64 codes)
    n, k = 2 * 10**6 // scale, 500
    t, p = predictions(rng, n, k)
    ours = best_time(lambda: msk.classification_report(t, p, digits=4), repeat)
    sk = best_time(lambda: skm.classification_report(t, p, digits=4), 1)
    row(table, f"classification_report, n={n:.0e}, K={k}", ours, sk, "sklearn",
        "same text (tests/test_classification_report.py)")

    # 5. multilabel indicators, n = 10^6 samples x 50 labels (10 % positives, 5 % flipped)
    n, n_labels = 10**6 // scale, 50
    y_true = rng.random((n, n_labels)) < 0.1
    y_pred = y_true ^ (rng.random((n, n_labels)) < 0.05)
    for dtype in (np.int64, bool):
        t, p = y_true.astype(dtype), y_pred.astype(dtype)
        ours = best_time(lambda: msk.f1_score(t, p, average="macro"), repeat)
        sk = best_time(lambda: skm.f1_score(t, p, average="macro"), 1)
        row(table, f"multilabel f1_score(average='macro'), n={n:.0e} x {n_labels} "
            f"{np.dtype(dtype).name}", ours, sk, "sklearn", "target >= 10x")

    # 6. jaccard_score(average='macro'), multi-class, n = 10^7, 10 classes
    n, k = 10**7 // scale, 10
    t, p = predictions(rng, n, k)
    ours = best_time(lambda: msk.jaccard_score(t, p, average="macro"), repeat)
    sk = best_time(lambda: skm.jaccard_score(t, p, average="macro"), 1)
    row(table, f"jaccard_score(average='macro'), n={n:.0e}, K={k}", ours, sk, "sklearn",
        "target >= 20x")

    print(f"{'case':<66} {'metrics_sk':>11} {'other':>10}  {'speed-up':>8}  other side / note")
    for case, ours, theirs, theirs_name, note in table:
        print(f"{case:<66} {ours:>10.3f}s {theirs:>9.3f}s  {theirs / ours:>7.1f}x  "
              f"{theirs_name} {note}")


if __name__ == "__main__":
    main()
