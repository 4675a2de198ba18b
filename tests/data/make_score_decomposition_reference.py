"""Write ``score_decomposition_reference.json``: the CORP decomposition of seeded inputs by
an independent implementation, the ``model-diagnostics`` package's ``decompose``
(``model_diagnostics.scoring``; isotonic regression by its own PAV).

Run it where model-diagnostics is installed (not a dependency of metrics_sk), e.g.::

    python -m venv /tmp/mdvenv && /tmp/mdvenv/bin/pip install model-diagnostics
    /tmp/mdvenv/bin/python tests/data/make_score_decomposition_reference.py

``tests/test_score_decomposition.py`` compares metrics_sk's values with the file, and with
``decompose`` itself when model-diagnostics is importable.
"""

import json
from importlib.metadata import version
from pathlib import Path

import numpy as np

OUT = Path(__file__).with_name("score_decomposition_reference.json")


def cases():
    """Seeded binary inputs: continuous and tied (rounded) probabilities, with and
    without weights, a miscalibrated and a calibrated-ish model."""
    rng = np.random.default_rng(20260523)
    for name, n, digits, weighted, power in [
        ("continuous", 300, None, False, 2.0),
        ("ties", 300, 1, False, 0.5),
        ("weighted", 300, None, True, 1.5),
        ("weighted_ties", 400, 2, True, 1.0),
    ]:
        p = rng.uniform(0.01, 0.99, n)
        if digits is not None:
            p = np.round(p, digits).clip(0.01, 0.99)
        y = (rng.random(n) < p ** power).astype(int)
        w = rng.uniform(0.1, 3.0, n).round(3) if weighted else None
        yield name, y, p, w


def decomposition(y, p, w, scoring):
    from model_diagnostics.scoring import LogLoss, SquaredError, decompose

    function = SquaredError() if scoring == "brier_score_loss" else LogLoss()
    frame = decompose(y.astype(float), p, weights=w, scoring_function=function)
    return {key: float(frame[key][0])
            for key in ("score", "miscalibration", "discrimination", "uncertainty")}


def reference():
    out = {"generator": f"model-diagnostics {version('model-diagnostics')}", "cases": []}
    for name, y, p, w in cases():
        case = {"name": name, "y_true": y.tolist(), "y_proba": p.tolist(),
                "sample_weight": None if w is None else w.tolist(), "parts": {}}
        for scoring in ("brier_score_loss", "log_loss"):
            case["parts"][scoring] = decomposition(y, p, w, scoring)
        out["cases"].append(case)
    return out


if __name__ == "__main__":
    OUT.write_text(json.dumps(reference(), indent=1) + "\n")
    print(f"wrote {OUT}")
