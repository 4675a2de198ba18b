"""``python -m metrics_sk``: the ``metrics-sk`` command (:func:`metrics_sk._cli.main`)."""

import sys

from ._cli import main

if __name__ == "__main__":  # pragma: no cover - run as a module
    sys.exit(main())
