"""quality_report side by side: this checkout against a copy of main's package (the
report before the tidy table), in one process, best of several repeats, as ratios.

Run: ``python benchmarks/bench_report.py /path/to/dir/with/old_msk`` where ``old_msk``
is a copy of main's ``metrics_sk`` package under another name (its imports are relative).
"""

import sys
import time
import warnings

import functools
import pathlib

import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))  # this checkout
import metrics_sk as new  # noqa: E402

sys.path.append(sys.argv[1] if len(sys.argv) > 1 else "/tmp/mskmain")
import old_msk as old  # noqa: E402


def best(f, repeat=5):
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        f()
        times.append(time.perf_counter() - t)
    return min(times)


def main():
    print("new:", new.__file__, "old:", old.__file__)
    rng = np.random.default_rng(0)
    warnings.simplefilter("ignore")
    cases = []
    for n, k in ((10_000, 10), (1_000_000, 10), (100_000, 50_000)):
        y = rng.integers(0, k, n)
        p = np.where(rng.random(n) < 0.8, y, rng.integers(0, k, n))
        cases.append((f"n={n:,}, {k:,} classes", y, p, {}))
    y = rng.integers(0, 10, 1_000_000)
    p = np.where(rng.random(y.size) < 0.8, y, rng.integers(0, 10, y.size))
    cases.append(("n=1,000,000, 10 classes, str(report)", y, p, {"text": True}))
    cases.append(("n=1,000,000, 10 classes, 95% intervals", y, p,
                  {"confidence_level": 0.95, "random_state": 0}))
    print(f"{'case':45} {'old s':>8} {'new s':>8} {'new/old':>8}")
    for name, y, p, kw in cases:
        text = kw.pop("text", False)
        repeat = 3 if "confidence_level" in kw or y.size > 100_000 else 7

        def run(module):
            r = module.quality_report(y, p, **kw)
            if text:
                str(r)

        t_old, t_new = best(lambda: run(old), repeat), best(lambda: run(new), repeat)
        print(f"{name:45} {t_old:8.4f} {t_new:8.4f} {t_new / t_old:8.2f}")
    # groups: one pass for the overall confusion and every group, against the report
    # plus fairlearn-style separate calls (one metric_frame per metric) of main
    g = rng.integers(0, 100, y.size)
    t_new = best(lambda: new.quality_report(y, p, groups=g), 3)
    t_sep = best(lambda: (old.quality_report(y, p), old.metric_frame(
        y, p, metrics={"f": functools.partial(old.f1_score, average="macro"),
                       "b": "balanced_accuracy_score", "a": "accuracy_score"}, groups=g)), 3)
    print(f"{'n=1,000,000, 10 classes, 100 groups':45} {t_sep:8.4f} {t_new:8.4f} "
          f"{t_new / t_sep:8.2f}   (old: report + metric_frame)")
    t_iv = best(lambda: new.quality_report(y, p, groups=g, confidence_level=0.95,
                                           sections=["groups"], random_state=0), 1)
    t_an = best(lambda: new.quality_report(y, p, groups=g, confidence_level=0.95,
                                           interval="analytic", sections=["groups"]), 1)
    print(f"100 groups with intervals: bootstrap {t_iv:.2f} s, analytic {t_an:.2f} s")


if __name__ == "__main__":
    main()
