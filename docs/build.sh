#!/usr/bin/env bash
# Build the HTML documentation, warnings as errors:
#   docs/build.sh            (from anywhere; output in docs/_build/html)
# Needs the "docs" extra: pip install ".[docs]"
set -euo pipefail
cd "$(dirname "$0")/.."
rm -rf docs/_build docs/generated
python -m sphinx -W --keep-going -b html docs docs/_build/html "$@"
