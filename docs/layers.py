"""The layering of the package, for the developer guide (``docs/design.rst``).

The layers are read from ``tests/test_layers.py`` (``LAYERS``, ``ALLOWED_UPWARD``: the
list the layering test enforces), each module's role from the first line of its
docstring. ``docs/conf.py`` runs :func:`write` when the documentation is built; it
writes ``generated/layers.png`` (a matplotlib drawing, lowest layer at the bottom) and
``generated/layers.rst`` (the same as a table). Nothing here is edited by hand when a
module is added, split or moved: update ``tests/test_layers.py`` and the docstrings.

Run it alone with ``python docs/layers.py OUTDIR``.
"""

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "metrics_sk"
LAYER_TEST = ROOT / "tests" / "test_layers.py"


def layers(path=LAYER_TEST):
    """``(LAYERS, ALLOWED_UPWARD)`` as ``tests/test_layers.py`` defines them (read, not
    imported: the test module needs pytest)."""
    found = {}
    for node in ast.parse(Path(path).read_text()).body:
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
            name = node.targets[0].id
            if name in ("LAYERS", "ALLOWED_UPWARD"):
                found[name] = ast.literal_eval(node.value)
    return found["LAYERS"], found.get("ALLOWED_UPWARD", set())


def role(module, package=PACKAGE):
    """The first line of the docstring of ``metrics_sk.<module>`` ('' if it has none)."""
    for path in (package / f"{module}.py", package / module / "__init__.py"):
        if path.exists():
            doc = ast.get_docstring(ast.parse(path.read_text())) or ""
            return doc.strip().splitlines()[0] if doc.strip() else ""
    return ""


def table_rst(levels):
    """A list-table of the layers, lowest first: level, modules and their roles."""
    lines = [".. list-table::", "   :header-rows: 1", "   :widths: 8 22 70", "",
             "   * - layer", "     - module", "     - role (first line of its docstring)"]
    for level, modules in enumerate(levels):
        for module in modules:
            text = role(module) or "--"  # (reST already, as the docstrings are)
            lines += [f"   * - {level}", f"     - ``{module}``", f"     - {text}"]
    return "\n".join(lines) + "\n"


def draw(levels, upward, path):
    """Draw the layers as rows of boxes, lowest at the bottom, with the allowed upward
    edges as dashed arrows; save a PNG at ``path``."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    width = max(len(m) for m in levels)
    fig, ax = plt.subplots(figsize=(1.8 * width + 1.4, 0.42 * len(levels) + 0.6))
    centers = {}
    for level, modules in enumerate(levels):
        for i, module in enumerate(modules):
            x = (i + 0.5) * width / len(modules)
            centers[module] = (x, level)
            ax.text(x, level, module, ha="center", va="center", family="monospace",
                    fontsize=9, bbox={"boxstyle": "round,pad=0.3", "fc": "#e8eef7",
                                      "ec": "#4a6fa5"})
        ax.text(-0.15, level, str(level), ha="right", va="center", fontsize=8,
                color="0.4")
    for low, high in sorted(upward):
        if low in centers and high in centers:
            ax.annotate("", xy=centers[high], xytext=centers[low],
                        arrowprops={"arrowstyle": "->", "linestyle": "--",
                                    "color": "#b5462f", "shrinkA": 9, "shrinkB": 9,
                                    "connectionstyle": "arc3,rad=-0.25"})
    ax.annotate("imports only\ndownward", xy=(width + 0.35, 0), xytext=(width + 0.35,
                                                                         len(levels) - 1),
                ha="center", va="top", fontsize=8,
                arrowprops={"arrowstyle": "->", "color": "0.3"})
    ax.set_xlim(-0.5, width + 0.9)
    ax.set_ylim(-0.7, len(levels) - 0.3)
    ax.axis("off")
    fig.tight_layout()
    fig.savefig(path, dpi=90)
    plt.close(fig)


def write(outdir):
    """Write ``layers.png`` and ``layers.rst`` into ``outdir``; return their paths."""
    outdir = Path(outdir)
    outdir.mkdir(parents=True, exist_ok=True)
    levels, upward = layers()
    png, rst = outdir / "layers.png", outdir / "layers.rst"
    draw(levels, upward, png)
    rst.write_text(table_rst(levels))
    return png, rst


if __name__ == "__main__":
    print(*write(sys.argv[1] if len(sys.argv) > 1 else "."), sep="\n")
