"""Shared test configuration."""

import os

# ``pytest -n 2`` runs one worker per core: a BLAS or OpenMP pool of several threads in each
# worker oversubscribes the cores (LogisticRegression on the digits took 12 s instead of
# 0.03 s on a busy 2-core machine). One thread each, for the workers and the interpreters
# they start (examples, the command), unless the caller chose otherwise.
for _name in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")

import warnings  # noqa: E402

import numpy  # noqa: E402,F401
import pytest  # noqa: E402
import scipy.linalg  # noqa: E402,F401
from hypothesis import settings  # noqa: E402
from threadpoolctl import threadpool_limits  # noqa: E402

if all(os.environ[name] == "1" for name in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS")):
    threadpool_limits(1)  # the pools loaded before this file (by a plugin) too

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


@pytest.fixture(scope="session")
def client():
    """One real two-worker Dask LocalCluster (loopback only) per test process, shared by
    every Dask test: starting a cluster takes seconds."""
    distributed = pytest.importorskip("distributed")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the cluster's own start-up chatter
        cluster = distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
            dashboard_address=None, memory_limit="3GiB")
        client = distributed.Client(cluster)
    yield client
    client.close()
    cluster.close()
