"""Write tests/data/calibration_torchmetrics.json: torchmetrics' calibration errors of a
few seeded inputs, the reference of tests/test_calibration.py.

Run it with torchmetrics installed (outside the repository's environment), e.g.::

    python -m venv /tmp/tmvenv
    /tmp/tmvenv/bin/pip install torch==2.13.0 torchmetrics numpy
    /tmp/tmvenv/bin/python tests/data/make_calibration_torchmetrics.py

The probabilities are float32 (torchmetrics computes in the dtype of its input) and
never exactly 1: torchmetrics counts a probability of 1 in a bin of its own, after the
last one (``torch.bucketize(..., right=True)`` on the ``n_bins + 1`` edges), where
metrics_sk's last bin is closed. Some probabilities sit exactly on bin edges (0, 0.25,
0.5, 0.75, and the float32 nearest 0.2, 0.4, 0.6), where both put the value in the
upper bin.
"""

import json
import pathlib

import numpy as np

OUT = pathlib.Path(__file__).with_name("calibration_torchmetrics.json")
EDGES = np.array([0.0, 0.25, 0.5, 0.75, 0.5, 0.25], dtype=np.float32)


def binary_case(seed, n):
    rng = np.random.default_rng(seed)
    proba = rng.beta(2, 2, n).astype(np.float32)
    proba[:EDGES.shape[0]] = EDGES
    y = (rng.random(n) < proba ** 1.5).astype(np.int64)  # miscalibrated on purpose
    proba = np.minimum(proba, np.nextafter(np.float32(1), np.float32(0)))
    return y, proba


def multiclass_case(seed, n, k):
    rng = np.random.default_rng(seed)
    logits = rng.normal(size=(n, k)) * 2
    proba = np.exp(logits) / np.exp(logits).sum(axis=1, keepdims=True)
    proba = proba.astype(np.float32)
    proba = np.minimum(proba, np.nextafter(np.float32(1), np.float32(0)))
    y = np.array([rng.choice(k, p=row / row.sum()) for row in proba.astype(np.float64) ** 0.7
                  / (proba.astype(np.float64) ** 0.7).sum(axis=1, keepdims=True)])
    return y, proba


def main():
    # imported here: the test run (pytest --doctest-modules) imports this module without
    # torch, which only the throw-away environment of the docstring has
    import torch
    import torchmetrics
    from torchmetrics.functional.classification import (
        binary_calibration_error,
        multiclass_calibration_error,
    )

    cases = []
    for seed, n in ((0, 50), (1, 300), (2, 1000)):
        y, proba = binary_case(seed, n)
        values = {f"{norm}_{n_bins}": float(binary_calibration_error(
            torch.from_numpy(proba), torch.from_numpy(y), n_bins=n_bins, norm=norm))
            for norm in ("l1", "l2", "max") for n_bins in (1, 4, 5, 10, 15)}
        cases.append({"kind": "binary", "seed": seed, "y_true": y.tolist(),
                      "y_proba": proba.tolist(), "values": values})
    for seed, n, k in ((3, 60, 3), (4, 300, 4), (5, 600, 6)):
        y, proba = multiclass_case(seed, n, k)
        values = {f"{norm}_{n_bins}": float(multiclass_calibration_error(
            torch.from_numpy(proba), torch.from_numpy(y), num_classes=k, n_bins=n_bins,
            norm=norm)) for norm in ("l1", "l2", "max") for n_bins in (1, 4, 5, 10, 15)}
        cases.append({"kind": "multiclass", "seed": seed, "y_true": y.tolist(),
                      "y_proba": proba.tolist(), "values": values})
    OUT.write_text(json.dumps({"torch": torch.__version__,
                               "torchmetrics": torchmetrics.__version__,
                               "cases": cases}) + "\n")


if __name__ == "__main__":
    main()
