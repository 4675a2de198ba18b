"""The repository documents itself: what the code and the docs cite is in the repository.

Comments, docstrings and pages point only to files of the repository (the developer guide
``docs/design.rst`` and the user guide hold what design notes kept outside it said); the
developer guide names modules that exist and is part of the documentation; its layering
figure is drawn from the list ``tests/test_layers.py`` enforces.
"""

import importlib
import importlib.util
import inspect
import re
from pathlib import Path

import pytest

import metrics_sk
from metrics_sk._batch import ConfusionBatch
from metrics_sk._confusion import Confusion

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
DESIGN = DOCS / "design.rst"

#: Design notes that live outside the repository: nothing in it may cite them.
OUTSIDE = ("DESIGN" + ".md", "SEMANTICS" + ".md")  # (spelled apart: this file is scanned)
#: What is scanned: the package, tests, benchmarks, docs (not their build output),
#: examples and the README.
SCANNED = ("metrics_sk", "tests", "benchmarks", "docs", "examples", "README.md")
SKIPPED_DIRS = {"_build", "generated", "__pycache__", ".hypothesis"}
TEXT_SUFFIXES = {".py", ".rst", ".md", ".txt", ".sh", ".cfg", ".toml", ".css", ".html",
                 ".ini", ".json", ".yml", ".yaml", ""}


def _scanned_files(root=ROOT):
    for name in SCANNED:
        top = root / name
        paths = [top] if top.is_file() else sorted(top.rglob("*")) if top.exists() else []
        for path in paths:
            if (path.is_file() and path.suffix in TEXT_SUFFIXES
                    and not SKIPPED_DIRS.intersection(path.relative_to(root).parts)):
                yield path


def citations_outside(root=ROOT):
    """``(path, line number, line)`` of each mention of a design note outside the
    repository."""
    found = []
    for path in _scanned_files(root):
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        for number, line in enumerate(text.splitlines(), 1):
            if any(name in line for name in OUTSIDE):
                found.append((str(path.relative_to(root)), number, line.strip()))
    return found


def test_nothing_cites_files_outside_the_repository():
    assert citations_outside() == []


def test_the_citation_check_can_fail(tmp_path):
    (tmp_path / "metrics_sk").mkdir()
    (tmp_path / "metrics_sk" / "_x.py").write_text("x = 1  # see " + OUTSIDE[1] + " 3\n")
    (tmp_path / "docs" / "_build").mkdir(parents=True)
    (tmp_path / "docs" / "_build" / "page.html").write_text(OUTSIDE[0])  # build output
    (tmp_path / "README.md").write_text("As " + OUTSIDE[0] + " says.\n")
    assert citations_outside(tmp_path) == [
        ("metrics_sk/_x.py", 1, "x = 1  # see " + OUTSIDE[1] + " 3"),
        ("README.md", 1, "As " + OUTSIDE[0] + " says."),
    ]


def _inline_literals(text):
    return re.findall(r"``([^`]+)``", text)


def stale_names(text):
    """The names of ``metrics_sk`` that ``text`` cites in inline literals and that do not
    exist: a private module (``_formulas``), an attribute of one (``_params.Checker``,
    ``_registry._entries()``) or a private member of a confusion (``_sums()``)."""
    stale = []
    for literal in _inline_literals(text):
        name = literal.split("(")[0].split("[")[0]
        if not re.fullmatch(r"_[a-z][a-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*", name):
            continue
        module, *attributes = name.split(".")
        try:
            obj = importlib.import_module(f"metrics_sk.{module}")
        except ImportError:
            if not attributes and (hasattr(Confusion, module) or hasattr(ConfusionBatch,
                                                                         module)):
                continue  # a member of the batch interface
            stale.append(literal)
            continue
        for attribute in attributes:
            if not hasattr(obj, attribute) and inspect.ismodule(obj):
                try:  # a module of a subpackage (``_display.cli``), imported or not
                    importlib.import_module(f"{obj.__name__}.{attribute}")
                except ImportError:
                    pass
            if not hasattr(obj, attribute):
                stale.append(literal)
                break
            obj = getattr(obj, attribute)
    return stale


def test_the_developer_guide_names_what_exists():
    """When a module is split or renamed, the guide says so: its layout section is the
    place to update (the figure and the table of layers are generated)."""
    assert stale_names(DESIGN.read_text()) == []


def test_the_name_check_can_fail():
    text = ("``_formulas.f1_score`` ``_params.Checker`` ``_sums()`` ``_set`` "
            "``_facts._entries()`` ``c._cells`` ``y_true`` "
            "``_no_such_module`` ``_formulas.no_such_metric`` ``_no_member(x)``")
    assert stale_names(text) == ["_no_such_module", "_formulas.no_such_metric",
                                 "_no_member(x)"]


def test_the_name_check_reads_subpackages():
    """A module of a subpackage exists whether or not it has been imported yet."""
    assert stale_names("``_display.cli.main`` ``_inference.resampling.quantile`` "
                       "``_inference.no_module`` ``_display.cli.no_name``") == [
        "_inference.no_module", "_display.cli.no_name"]


def test_the_developer_guide_is_in_the_documentation():
    index = (DOCS / "index.rst").read_text()
    toctree = index[index.index(".. toctree::"):]
    assert "\n   design\n" in toctree


def _module_at(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_layering_figure_is_drawn_from_the_layering_test(tmp_path):
    pytest.importorskip("matplotlib")
    drawing = _module_at(DOCS / "layers.py", "metrics_sk_docs_layers")
    enforced = _module_at(ROOT / "tests" / "test_layers.py", "metrics_sk_test_layers")
    assert drawing.layers() == (enforced.LAYERS, enforced.ALLOWED_UPWARD)
    png, rst = drawing.write(tmp_path)
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    table = rst.read_text()
    for modules in enforced.LAYERS:
        for module in modules:
            assert f"``{module}``" in table
    # each row carries the module's own summary line
    assert metrics_sk._formulas.__doc__.splitlines()[0] in table


def control_characters(root=ROOT):
    """``(path, line number)`` of each ASCII control character other than tab and line
    breaks in a scanned file (a ``"\\f"`` written into a non-raw string puts a form feed
    into a formula: ``\\frac`` became form feed + ``rac`` and the docs build failed)."""
    bad = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
    found = []
    for path in _scanned_files(root):
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        found += [(str(path.relative_to(root)), number)
                  for number, line in enumerate(text.split("\n"), 1) if bad.search(line)]
    return found


def test_no_control_characters_in_sources():
    assert control_characters() == []


def test_the_control_character_check_can_fail(tmp_path):
    (tmp_path / "metrics_sk").mkdir()
    (tmp_path / "metrics_sk" / "m.py").write_text('r"""x = \x0crac{1}{2}"""\n')
    assert control_characters(tmp_path) == [("metrics_sk/m.py", 1)]
