"""The metrics-sk command, end to end in a subprocess, and its one-line errors."""

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import metrics_sk as msk
from metrics_sk import _cli

ROOT = Path(__file__).resolve().parents[1]
pd = pytest.importorskip("pandas")


def start(*args, cwd):
    """``metrics-sk ARGS`` in a new process (the package from this checkout)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), MPLBACKEND="Agg")
    return subprocess.Popen([sys.executable, "-m", "metrics_sk._cli", *map(str, args)],
                            cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)


def run(*args, cwd):
    process = start(*args, cwd=cwd)
    out, err = process.communicate(timeout=180)
    return subprocess.CompletedProcess(process.args, process.returncode, out, err)


@pytest.fixture(scope="module")
def frame():
    rng = np.random.default_rng(0)
    n = 300
    classes = np.array(["cat", "dog", "pig"])
    y = rng.integers(0, 3, n)
    proba = rng.dirichlet([1, 1, 1], n) + 2 * np.eye(3)[y]
    proba /= proba.sum(axis=1, keepdims=True)
    pred = proba.argmax(axis=1)
    return pd.DataFrame({"y": classes[y], "y_hat": classes[pred], "p_cat": proba[:, 0],
                         "p_dog": proba[:, 1], "p_pig": proba[:, 2],
                         "w": rng.uniform(0.5, 2, n)})


def test_csv_end_to_end(tmp_path, frame):
    frame.to_csv(tmp_path / "preds.csv", index=False)
    done = run("report", "preds.csv", "--true", "y", "--pred", "y_hat", "--score-cols",
               "p_cat", "p_dog", "p_pig", "--weight", "w", "--plot", "cm.png", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    expected = msk.quality_report(frame["y"], frame["y_hat"],
                                  y_score=frame[["p_cat", "p_dog", "p_pig"]].to_numpy(),
                                  sample_weight=frame["w"])
    assert done.stdout == str(expected) + "\n"
    assert (tmp_path / "cm.png").stat().st_size > 5000
    assert "wrote cm.png" in done.stderr


def test_parquet_end_to_end_json(tmp_path, frame):
    pytest.importorskip("pyarrow")
    frame.assign(y=frame["y"].map({"cat": 0, "dog": 1, "pig": 2}),
                 y_hat=frame["y_hat"].map({"cat": 0, "dog": 1, "pig": 2})
                 ).to_parquet(tmp_path / "preds.parquet")
    done = run("report", "preds.parquet", "--true", "y", "--pred", "y_hat", "--format",
               "json", "--labels", "2", "1", "0", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["labels"] == [2, 1, 0]
    expected = msk.quality_report(frame["y"], frame["y_hat"], labels=["pig", "dog", "cat"])
    assert report["overall"] == pytest.approx(expected.overall)
    assert done.stderr == ""


def test_builtin_example(tmp_path):
    done = run("report", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "Quality report: 1797 samples, 10 classes" in done.stdout
    assert "Score metrics (from y_score)" in done.stdout
    for digit in range(10):
        assert f"\n{digit:>12}  " in done.stdout
    assert (tmp_path / "confusion.png").stat().st_size > 10000
    assert "Traceback" not in done.stderr


BAD_FILES = {
    "missing_column.csv": ("y,other\n1,2\n", "no column 'y_hat'"),
    "empty.csv": ("", "the file is empty"),
    "header_only.csv": ("y,y_hat\n", "no data rows"),
    "empty_label.csv": ("y,y_hat\n1,1\n2,\n3,\n", "column 'y_hat' is empty (2 empty cells) "
                        "at line 3"),
    "empty_score.csv": ("y,y_hat,s0,s1\n0,0,0.9,0.1\n1,1,,0.8\n",
                        "column 's0' is empty (1 empty cell) at line 3"),
    "float_label.csv": ("y,y_hat\n1,1\n2,2.5\n", "column 'y_hat' holds '2.5', not a class label"
                        " (labels are integers or text) at line 3"),
    "bad_score.csv": ("y,y_hat,s0,s1\n0,0,0.9,0.1\n1,1,oops,0.8\n",
                      "column 's0' holds 'oops', not a number at line 3"),
    "bad_weight.csv": ("y,y_hat,w\n0,0,1\n1,1,-2\n", "sample_weight contains negative"),
    "not_parquet.parquet": ("y,y_hat\n1,1\n", "not a readable Parquet file"),
    "absent.csv": (None, "no such file"),
}


def test_bad_files_one_line(tmp_path):
    """Each bad file in its own process (all at once, to save time): exit status 1, one
    line on stderr, nothing on stdout."""
    extra = {"bad_score.csv": ["--score-cols", "s0", "s1"], "bad_weight.csv": ["--weight", "w"],
             "empty_score.csv": ["--score-cols", "s0", "s1"]}
    running = {}
    for name, (content, _) in BAD_FILES.items():
        if content is not None:
            (tmp_path / name).write_text(content)
        running[name] = start("report", name, "--true", "y", "--pred", "y_hat",
                              *extra.get(name, []), cwd=tmp_path)
    for name, process in running.items():
        out, err = process.communicate(timeout=180)
        assert process.returncode == 1, (name, err)
        assert out == ""
        lines = err.splitlines()
        assert len(lines) == 1, err
        assert lines[0].startswith("metrics-sk: error: "), lines[0]
        assert BAD_FILES[name][1] in lines[0], lines[0]


@pytest.mark.parametrize("args, message", [
    (["report", "x.csv", "--true", "y"], "needs --true COL and --pred COL"),
    (["report", "--pred", "y"], "need(s) a PATH"),
    (["report", "--format", "xml"], "invalid choice"),
    (["report", "s.csv", "--true", "y", "--pred", "y_hat", "--score-cols", "s0"],
     "1 --score-cols for 2 classes"),
    (["report", "s.csv", "--true", "y", "--pred", "y_hat", "--labels", "a", "b"],
     "--labels must be integers"),
    ([], "required"),
])
def test_usage_errors_exit_2(tmp_path, capsys, monkeypatch, args, message):
    (tmp_path / "s.csv").write_text("y,y_hat,s0\n0,1,0.5\n1,1,0.3\n")
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as exc:
        _cli.main(args)
    assert exc.value.code == 2
    assert message in capsys.readouterr().err


def test_help_has_examples(capsys):
    with pytest.raises(SystemExit) as exc:
        _cli.main(["report", "--help"])
    assert exc.value.code == 0
    out = capsys.readouterr().out
    assert "examples:" in out and "metrics-sk report predictions.csv" in out
    assert "exit status" in out


@pytest.mark.parametrize("fmt", ["markdown", "csv", "text"])
def test_formats_in_process(tmp_path, capsys, frame, fmt):
    path = tmp_path / "p.csv"
    frame.to_csv(path, index=False)
    assert _cli.main(["report", str(path), "--true", "y", "--pred", "y_hat", "--format",
                      fmt, "-q"]) == 0
    out = capsys.readouterr().out
    if fmt == "csv":
        rows = list(__import__("csv").reader(io.StringIO(out)))
        assert rows[0] == ["section", "row", "metric", "value"]
        assert {r[1] for r in rows if r[0] == "class"} == {"cat", "dog", "pig"}
        assert ["overall", "", "macro_fscore"] == rows[-1][:3] or any(
            r[:3] == ["overall", "", "macro_fscore"] for r in rows)
    else:
        for name in ("cat", "dog", "pig"):
            assert name in out


def test_progress_lines():
    stream = io.StringIO()
    meter = _cli.Progress("big.csv", 4_000_000, delay=0.0, stream=stream)
    meter.update(1_000_000)
    meter.finish(123)
    lines = stream.getvalue().splitlines()
    assert lines[0].startswith("reading big.csv: 1.0 MB of 4.0 MB (25%)")
    assert lines[-1].startswith("read 123 rows of big.csv in ")
    quiet = io.StringIO()
    meter = _cli.Progress("big.csv", 10, delay=0.0, stream=quiet, enabled=False)
    meter.update(5)
    meter.finish(5)
    assert quiet.getvalue() == ""


def test_labels_read_as_integers_or_text(tmp_path, capsys):
    (tmp_path / "regions.csv").write_text("y,y_hat\nNA,NA\nEU,NA\nEU,EU\n")
    assert _cli.main(["report", str(tmp_path / "regions.csv"), "--true", "y", "--pred",
                      "y_hat", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["labels"] == ["EU", "NA"]  # "NA" is a label
    (tmp_path / "ints.csv").write_text("y,y_hat\n10,2\n2,2.0\n10,10\n")
    assert _cli.main(["report", str(tmp_path / "ints.csv"), "--true", "y", "--pred", "y_hat",
                      "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["labels"] == [2, 10]  # sorted as numbers


def test_builtin_example_without_matplotlib(tmp_path, capsys, monkeypatch):
    """`pip install . && metrics-sk report` works without the plot extra."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import fails
    assert _cli.main(["report", "--format", "json"]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["n_classes"] == 10
    assert "confusion.png not written: the heatmap needs matplotlib" in err
    assert not (tmp_path / "confusion.png").exists()
    assert _cli.main(["report", "--plot", "x.png", "-q"]) == 1  # asked for: an error
    assert "needs matplotlib" in capsys.readouterr().err


@pytest.mark.parametrize("column, labels, expected", [
    (np.array([2, 3, 10, 3], dtype=np.uint8), ["10", "2", "3"], [10, 2, 3]),
    (np.array([True, False, True, True]), ["true", "false"], [True, False]),
])
def test_labels_option_for_unsigned_and_boolean_columns(tmp_path, capsys, column, labels,
                                                        expected):
    pytest.importorskip("pyarrow")
    pd.DataFrame({"y": column, "y_hat": column[::-1]}).to_parquet(tmp_path / "p.parquet")
    assert _cli.main(["report", str(tmp_path / "p.parquet"), "--true", "y", "--pred", "y_hat",
                      "--labels", *labels, "--format", "json", "-q"]) == 0
    assert json.loads(capsys.readouterr().out)["labels"] == expected


@pytest.mark.parametrize("command", [["report"], ["compare"]])
def test_text_against_integer_column_is_a_mix_of_label_types(tmp_path, capsys, command):
    """A text column against an integer column exits 2 naming both (the Python API raises
    "Mix of label input types"), never a report of every row id as a class."""
    (tmp_path / "mix.csv").write_text("label,row_id,other\na,1,b\nb,2,a\na,3,a\n")
    preds = ["--pred", "row_id"] + (["--pred", "other"] if command == ["compare"] else [])
    with pytest.raises(SystemExit) as exc:
        _cli.main([*command, str(tmp_path / "mix.csv"), "--true", "label", *preds, "-q"])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert "mix of label types" in err and "'label'" in err and "'row_id'" in err
    with pytest.raises(ValueError, match="Mix of label input types"):
        msk.accuracy_score(["a", "b", "a"], [1, 2, 3])
