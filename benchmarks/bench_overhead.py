"""The fixed cost of a call: small arrays (a CV fold, a streaming batch, a slice).

metrics_sk and scikit-learn side by side in one process on the same arrays, and the
numpy floor (one ``np.bincount`` of the pair keys); every time is the best of several
repeats, and the table prints the ratios the issue "One way through" sets targets for.

    python benchmarks/bench_overhead.py          # full run
    python benchmarks/bench_overhead.py --quick  # smoke run (CI)
"""

import argparse
import timeit

import numpy as np
import sklearn.metrics as skm

import metrics_sk as msk


def best(func, number, repeat=7):
    """Best time of one call, in seconds."""
    return min(timeit.repeat(func, number=number, repeat=repeat)) / number


def data(n, k, seed=0):
    rng = np.random.default_rng(seed)
    t = rng.integers(0, k, n)
    p = np.where(rng.random(n) < 0.8, t, rng.integers(0, k, n))
    return t, p


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="few repeats (smoke run)")
    args = parser.parse_args()
    number = 20 if args.quick else 2000
    k, n = 10, 300
    t, p = data(n, k)
    floor = best(lambda: np.bincount(t * k + p, minlength=k * k), number)

    print(f"n = {n}, {k} classes, int labels; best of 7 x {number} calls; "
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
        ours = best(lambda: getattr(msk, name)(t, p, **kwargs), number)
        theirs = best(lambda: getattr(skm, name)(t, p, **kwargs), max(1, number // 10))
        print(f"| `{label}` | {ours * 1e6:.1f} | {theirs * 1e6:.1f} | "
              f"{theirs / ours:.1f}x | >= {target}x |")

    ours = best(lambda: msk.macro_fbeta_score(t, p), number)
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
        ours = best(stream, 1, repeat=5) / batches
        base = best(numpy_floor, 1, repeat=5) / batches
        print(f"| `Confusion.update`, batches of {size} | {ours * 1e6:.1f} | "
              f"{base * 1e6:.1f} | {ours / base:.1f}x | <= 15x |")


if __name__ == "__main__":
    main()
