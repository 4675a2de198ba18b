"""Shared test configuration."""


def pytest_configure(config):
    # Markers used by scikit-learn's own tests, which test_sklearn_suite.py runs.
    for marker in ("thread_unsafe: scikit-learn marker (single-threaded test)",
                   "parallel_threads(n): scikit-learn marker",
                   "iterations(n): scikit-learn marker"):
        config.addinivalue_line("markers", marker)
