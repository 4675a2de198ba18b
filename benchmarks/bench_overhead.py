"""The fixed cost of a call: small arrays (a CV fold, a streaming batch, a slice).

metrics_sk and scikit-learn side by side in one process on the same arrays, and the
numpy floor (one ``np.bincount`` of the pair keys); every time is the best of several
repeats, and the table prints the ratios the issue "One way through" sets targets for.

    python benchmarks/bench_overhead.py          # full run
    python benchmarks/bench_overhead.py --quick  # smoke run (CI)
"""

import argparse
import os
import sys
import timeit

import numpy as np
import sklearn.metrics as skm

# the metrics_sk of this checkout, not an installed one (sys.path[0] is benchmarks/)
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import metrics_sk as msk  # noqa: E402


def best(func, number, repeat=7):
    """Best time of one call, in seconds."""
    return min(timeit.repeat(func, number=number, repeat=repeat)) / number


def side_by_side(ours, theirs, number, their_number, repeat=25):
    """Best time of one call of each, in seconds, the two measured in turn, in many short
    rounds (so that a change of the machine's load between them does not skew their
    ratio: each side gets its share of quiet moments)."""
    a, b = float("inf"), float("inf")
    for _ in range(repeat):
        a = min(a, timeit.timeit(ours, number=number) / number)
        b = min(b, timeit.timeit(theirs, number=their_number) / their_number)
    return a, b


def data(n, k, seed=0):
    rng = np.random.default_rng(seed)
    t = rng.integers(0, k, n)
    p = np.where(rng.random(n) < 0.8, t, rng.integers(0, k, n))
    return t, p


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="few repeats (smoke run)")
    args = parser.parse_args()
    number = 20 if args.quick else 400
    k, n = 10, 300
    t, p = data(n, k)
    floor = best(lambda: np.bincount(t * k + p, minlength=k * k), number)

    print(f"metrics_sk from {msk.__file__}")
    print(f"n = {n}, {k} classes, int labels; best of 25 rounds of {number} calls; "
          f"floor np.bincount(t*K+p) = {floor * 1e6:.1f} us\n")
    print(f"| call | metrics_sk (us) | scikit-learn (us) | speed-up | target |")
    print("|---|---|---|---|---|")
    cases = [
        ("f1_score(average='macro')", "f1_score", {"average": "macro"}, 20),
        ("precision_score(average='weighted')", "precision_score", {"average": "weighted"}, 20),
        ("matthews_corrcoef", "matthews_corrcoef", {}, 20),
        ("accuracy_score", "accuracy_score", {}, 10),
        ("confusion_matrix", "confusion_matrix", {}, 10),
        ("balanced_accuracy_score", "balanced_accuracy_score", {}, 15),
    ]
    for label, name, kwargs, target in cases:
        ours, theirs = side_by_side(lambda: getattr(msk, name)(t, p, **kwargs),
                                    lambda: getattr(skm, name)(t, p, **kwargs), number,
                                    max(1, number // 10))
        print(f"| `{label}` | {ours * 1e6:.1f} | {theirs * 1e6:.1f} | "
              f"{theirs / ours:.1f}x | >= {target}x |")

    ours, floor = side_by_side(lambda: msk.macro_fbeta_score(t, p),
                               lambda: np.bincount(t * k + p, minlength=k * k), number, number)
    print(f"\n| call | metrics_sk (us) | floor (us) | ratio to floor | target |")
    print("|---|---|---|---|---|")
    print(f"| `macro_fbeta_score` | {ours * 1e6:.1f} | {floor * 1e6:.1f} | "
          f"{ours / floor:.1f}x | <= 15x |")

    batches = 50 if args.quick else 2000
    for size in (64, 1024):
        t, p = data(size * batches, k, seed=size)
        ts, ps = np.split(t, batches), np.split(p, batches)

        def stream():
            c = msk.Confusion()
            for a, b in zip(ts, ps):
                c.update(a, b)
            return c

        def numpy_floor():
            acc = np.zeros(k * k, dtype=np.int64)
            for a, b in zip(ts, ps):
                acc += np.bincount(a * k + b, minlength=k * k)
            return acc

        assert np.array_equal(stream().to_dense().ravel(), numpy_floor())
        ours, base = side_by_side(stream, numpy_floor, 1, 1, repeat=5)
        ours, base = ours / batches, base / batches
        print(f"| `Confusion.update`, batches of {size} | {ours * 1e6:.1f} | "
              f"{base * 1e6:.1f} | {ours / base:.1f}x | <= 15x |")


if __name__ == "__main__":
    main()
