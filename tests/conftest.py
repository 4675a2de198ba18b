"""Shared test configuration."""

import os

from hypothesis import settings

# Property tests draw new examples on every run on a developer's machine (that is how a
# rare case gets found); CI (``CI`` set, as ``.ci/run`` does) draws the same examples every
# run, so that ``main`` stays green until the code changes. A case found locally becomes
# an explicit test.
settings.register_profile("ci", derandomize=True, database=None)
if os.environ.get("CI"):
    settings.load_profile("ci")


def pytest_configure(config):
    # Markers used by scikit-learn's own tests, which test_sklearn_suite.py runs.
    for marker in ("thread_unsafe: scikit-learn marker (single-threaded test)",
                   "parallel_threads(n): scikit-learn marker",
                   "iterations(n): scikit-learn marker"):
        config.addinivalue_line("markers", marker)
