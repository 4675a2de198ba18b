"""``python -m metrics_sk``: the ``metrics-sk`` command (:func:`metrics_sk._display.cli.main`)."""

import sys

from ._display.cli import main

if __name__ == "__main__":  # pragma: no cover - run as a module
    sys.exit(main())
