"""Timing shared by the benchmark scripts: the clocks and alternating best-of runs.

The scripts run as ``python benchmarks/bench_x.py``, so this folder is ``sys.path[0]``
and ``import _timing`` finds this file.
"""

import time

#: ``--clock`` choices: wall time, or the process's CPU time (steadier on a busy machine).
CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}


def best_of_each(*calls, repeat, clock):
    """Best time and last result of each call, the runs alternating (ours, reference,
    ours, ...) so that both sides see the same machine load."""
    best, results = [float("inf")] * len(calls), [None] * len(calls)
    for _ in range(repeat):
        for side, call in enumerate(calls):
            start = clock()
            results[side] = call()
            best[side] = min(best[side], clock() - start)
    return best, results
