"""The metrics-sk command, in this process (``_cli.main``), and its one-line errors;
one subprocess smoke test runs the entry point itself."""

import io
import json
import os
import re
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

import numpy as np
import pytest

import metrics_sk as msk
from metrics_sk._display import cli as _cli
from metrics_sk._display import files as _files

ROOT = Path(__file__).resolve().parents[1]
pd = pytest.importorskip("pandas")


def start(*args, cwd):
    """``metrics-sk ARGS`` in a new process (the package from this checkout)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), MPLBACKEND="Agg")
    return subprocess.Popen([sys.executable, "-m", "metrics_sk._display.cli", *map(str, args)],
                            cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)


def run(*args, cwd):
    process = start(*args, cwd=cwd)
    out, err = process.communicate(timeout=180)
    return subprocess.CompletedProcess(process.args, process.returncode, out, err)


def main(*args, cwd, capsys, monkeypatch):
    """``metrics-sk ARGS`` in this process: a CompletedProcess like :func:`run`'s."""
    monkeypatch.chdir(cwd)
    capsys.readouterr()
    status = _cli.main(list(map(str, args)))
    out, err = capsys.readouterr()
    return subprocess.CompletedProcess(args, status, out, err)


def test_entry_point_smoke(tmp_path, frame):
    """The one subprocess test: ``python -m metrics_sk._display.cli`` runs and exits 0 / 1."""
    frame.to_csv(tmp_path / "preds.csv", index=False)
    done = run("report", "preds.csv", "--true", "y", "--pred", "y_hat", "--format", "json",
               cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["labels"] == ["cat", "dog", "pig"]
    done = run("report", "absent.csv", "--true", "y", "--pred", "y_hat", cwd=tmp_path)
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.splitlines() == ["metrics-sk: error: absent.csv: no such file."]


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


def test_csv_end_to_end(tmp_path, frame, capsys, monkeypatch):
    frame.to_csv(tmp_path / "preds.csv", index=False)
    done = main("report", "preds.csv", "--true", "y", "--pred", "y_hat", "--score-cols",
               "p_cat", "p_dog", "p_pig", "--weight", "w", "--plot", "cm.png", cwd=tmp_path, capsys=capsys,
                monkeypatch=monkeypatch)
    assert done.returncode == 0, done.stderr
    expected = msk.quality_report(frame["y"], frame["y_hat"],
                                  y_score=frame[["p_cat", "p_dog", "p_pig"]].to_numpy(),
                                  sample_weight=frame["w"])
    assert done.stdout == str(expected) + "\n"
    assert (tmp_path / "cm.png").stat().st_size > 5000
    assert "wrote cm.png" in done.stderr


def test_parquet_end_to_end_json(tmp_path, frame, capsys, monkeypatch):
    pytest.importorskip("pyarrow")
    frame.assign(y=frame["y"].map({"cat": 0, "dog": 1, "pig": 2}),
                 y_hat=frame["y_hat"].map({"cat": 0, "dog": 1, "pig": 2})
                 ).to_parquet(tmp_path / "preds.parquet")
    done = main("report", "preds.parquet", "--true", "y", "--pred", "y_hat", "--format",
                "json", "--labels", "2", "1", "0", cwd=tmp_path, capsys=capsys,
                monkeypatch=monkeypatch)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["labels"] == [2, 1, 0]
    expected = msk.quality_report(frame["y"], frame["y_hat"], labels=["pig", "dog", "cat"])
    assert report["overall"] == pytest.approx(expected.overall)
    assert done.stderr == ""


def test_builtin_example(tmp_path, capsys, monkeypatch):
    done = main("report", cwd=tmp_path, capsys=capsys, monkeypatch=monkeypatch)
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
    # the value nan kept as text in y against numbers in y_hat: a data error, not usage
    "nan_text.csv": ("y,y_hat\nnan,1\n0,0\n", "mix of label types: column 'y' holds text"),
}


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_bad_files_one_line(tmp_path, capsys, monkeypatch, name):
    """Each bad file: exit status 1, one line on stderr, nothing on stdout."""
    extra = {"bad_score.csv": ["--score-cols", "s0", "s1"], "bad_weight.csv": ["--weight", "w"],
             "empty_score.csv": ["--score-cols", "s0", "s1"]}
    content = BAD_FILES[name][0]
    if content is not None:
        (tmp_path / name).write_text(content)
    process = main("report", name, "--true", "y", "--pred", "y_hat", *extra.get(name, []),
                   cwd=tmp_path, capsys=capsys, monkeypatch=monkeypatch)
    out, err = process.stdout, process.stderr
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
    (["report", "s.csv", "--true", "y", "--pred", "y_hat", "--score-cols", "s0", "s0", "s0"],
     "3 --score-cols for 2 classes"),
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
    meter = _files.Progress("big.csv", 4_000_000, delay=0.0, stream=stream)
    meter.update(1_000_000)
    meter.finish(123)
    lines = stream.getvalue().splitlines()
    assert lines[0].startswith("reading big.csv: 1.0 MB of 4.0 MB (25%)")
    assert lines[-1].startswith("read 123 rows of big.csv in ")
    quiet = io.StringIO()
    meter = _files.Progress("big.csv", 10, delay=0.0, stream=quiet, enabled=False)
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
    """A text column against an integer column is a data error (exit status 1, one line,
    no usage text) naming both (the Python API raises "Mix of label input types"), never a
    report of every row id as a class."""
    (tmp_path / "mix.csv").write_text("label,row_id,other\na,1,b\nb,2,a\na,3,a\n")
    preds = ["--pred", "row_id"] + (["--pred", "other"] if command == ["compare"] else [])
    assert _cli.main([*command, str(tmp_path / "mix.csv"), "--true", "label", *preds,
                      "-q"]) == 1
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1 and err.startswith("metrics-sk: error: ")
    assert "mix of label types" in err and "'label'" in err and "'row_id'" in err
    with pytest.raises(ValueError, match="Mix of label input types"):
        msk.accuracy_score(["a", "b", "a"], [1, 2, 3])


# -- issue 13: speed, progress and the command's own words --------------------------------
def test_text_labels_are_taken_as_read_and_classes_hashed():
    """All-text columns pass through without a per-row str() copy; the classes of text
    labels (needed for score columns only) equal numpy's sorted union."""
    text = np.array(["b", "a", "c", "a"], dtype=object)
    assert _files._label_column(text, "y", "f.csv", 2) is text
    mixed = np.array(["b", 1, "a"], dtype=object)
    assert _files._label_column(mixed, "y", "f.csv", 2).tolist() == ["b", "1", "a"]
    other = np.array(["d", "a", "a", "e"], dtype=object)
    assert _cli._classes(text, other).tolist() == np.union1d(text, other).tolist()
    assert _cli._classes(np.array([3, 1]), np.array([2, 1])).tolist() == [1, 2, 3]


def test_phase_progress_only_past_the_delay():
    stream = io.StringIO()
    with _files.Phase("counting 5 rows", delay=0.01, stream=stream):
        time.sleep(0.3)
    lines = stream.getvalue().splitlines()
    assert lines[0] == "counting 5 rows..."
    assert re.fullmatch(r"counting 5 rows: done in \d+\.\d s", lines[1]), lines
    quick = io.StringIO()
    with _files.Phase("counting", delay=60, stream=quick):
        pass
    off = io.StringIO()
    with _files.Phase("counting", delay=0.0, stream=off, enabled=False):
        time.sleep(0.05)
    assert quick.getvalue() == off.getvalue() == ""


def test_no_python_advice_and_no_parameter_wording(tmp_path, capsys, monkeypatch):
    """The truncation note names --max-rows, not max_rows=None / to_frame(); scikit-learn's
    "`zero_division` parameter" warning names --zero-division."""
    (tmp_path / "p.csv").write_text("y,y_hat\n" + "".join(
        f"{c},{c if c != 4 else 0}\n" for c in range(6)))
    for fmt in ("text", "markdown"):
        done = main("report", "p.csv", "--true", "y", "--pred", "y_hat", "--max-rows", "2",
                    "--format", fmt, cwd=tmp_path, capsys=capsys, monkeypatch=monkeypatch)
        assert done.returncode == 0, done.stderr
        if fmt == "text":
            assert "--max-rows 0 shows all" in " ".join(done.stdout.split())
        for python in ("max_rows=None", "to_frame()", "to_dict()"):
            assert python not in done.stdout
        warning = [line for line in done.stderr.splitlines() if "ill-defined" in line]
        assert warning and all("--zero-division" in line and "parameter" not in line
                               for line in warning), done.stderr
    assert _cli._cli_words("Use `zero_division` parameter to control") == (
        "Use the --zero-division option to control")


def test_weighted_support_has_one_number_of_decimals(tmp_path, capsys, monkeypatch):
    (tmp_path / "w.csv").write_text("y,y_hat,w\n0,0,1.5\n0,1,1.25\n1,1,2\n2,2,0.125\n")
    done = main("report", "w.csv", "--true", "y", "--pred", "y_hat", "--weight", "w",
                "--digits", "3", cwd=tmp_path, capsys=capsys, monkeypatch=monkeypatch)
    assert done.returncode == 0, done.stderr
    blocks = done.stdout.split("\n\n")
    table = blocks[1].splitlines()[1:] + blocks[2].splitlines()  # classes, averages
    support = [row.split()[-1] for row in table]
    # "2.000", not "2", beside "2.750" (it was "2.75", "2", "0.125")
    assert support == ["2.750", "2.000", "0.125", "4.875", "4.875", "4.875"], support
    assert "total weight 4.875," in done.stdout


@pytest.mark.parametrize("plot, problem", [
    ("no_such_dir/cm.png", "no directory no_such_dir"),
    ("cm.xyz", "matplotlib does not write .xyz files"),
    (".", "it is a directory"),
])
def test_bad_plot_path_fails_before_the_work(tmp_path, capsys, monkeypatch, frame, plot,
                                              problem):
    pytest.importorskip("matplotlib")
    frame.to_csv(tmp_path / "p.csv", index=False)

    def no_reading(*args, **kwargs):
        raise AssertionError("the file was read before the plot path was checked")

    monkeypatch.setattr(_cli, "read_columns", no_reading)
    done = main("report", "p.csv", "--true", "y", "--pred", "y_hat", "--plot", plot,
                cwd=tmp_path, capsys=capsys, monkeypatch=monkeypatch)
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.splitlines() == [
        f"metrics-sk: error: cannot write the heatmap to {plot}: {problem}."
        if problem != "matplotlib does not write .xyz files" else done.stderr.splitlines()[0]]
    assert problem in done.stderr


def test_score_prefix_matches_columns_by_class_name(tmp_path, capsys, monkeypatch, frame):
    shuffled = frame[["y", "p_pig", "y_hat", "p_cat", "w", "p_dog"]]
    shuffled.to_csv(tmp_path / "s.csv", index=False)
    by_prefix = main("report", "s.csv", "--true", "y", "--pred", "y_hat", "--score-prefix",
                     "p_", "--format", "json", cwd=tmp_path, capsys=capsys,
                     monkeypatch=monkeypatch)
    assert by_prefix.returncode == 0, by_prefix.stderr
    expected = msk.quality_report(frame["y"], frame["y_hat"],
                                  y_score=frame[["p_cat", "p_dog", "p_pig"]].to_numpy())
    got = json.loads(by_prefix.stdout)["scores"]
    assert got == pytest.approx(expected.to_dict()["scores"])
    # --labels reorders the classes: the columns follow them by name
    relabelled = main("report", "s.csv", "--true", "y", "--pred", "y_hat", "--score-prefix",
                      "p_", "--labels", "pig", "cat", "dog", "--format", "json",
                      cwd=tmp_path, capsys=capsys, monkeypatch=monkeypatch)
    assert json.loads(relabelled.stdout)["scores"] == pytest.approx(got)
    frame[["y", "y_hat", "p_cat", "p_dog"]].assign(p_cow=0.0).to_csv(tmp_path / "bad.csv",
                                                                      index=False)
    with pytest.raises(SystemExit) as exc:
        main("report", "bad.csv", "--true", "y", "--pred", "y_hat", "--score-prefix", "p_",
             cwd=tmp_path, capsys=capsys, monkeypatch=monkeypatch)
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert "no column for class(es) 'p_pig'" in err and "'p_cow' name no class" in err
    with pytest.raises(SystemExit):
        _cli.main(["report", "s.csv", "--true", "y", "--pred", "y_hat", "--score-prefix",
                   "p_", "--score-cols", "p_cat"])
    assert "not both" in capsys.readouterr().err


def test_mistyped_column_did_you_mean(tmp_path, capsys, monkeypatch, frame):
    frame.to_csv(tmp_path / "p.csv", index=False)
    done = main("report", "p.csv", "--true", "Y", "--pred", "y_hatt", cwd=tmp_path,
                capsys=capsys, monkeypatch=monkeypatch)
    assert done.returncode == 1
    assert done.stderr.splitlines() == [
        "metrics-sk: error: p.csv: no column 'Y', 'y_hatt' (did you mean 'y_hat' or 'y'?)."]
    done = main("report", "p.csv", "--true", "zzz", "--pred", "y_hat", cwd=tmp_path,
                capsys=capsys, monkeypatch=monkeypatch)
    assert "(the columns are: y, y_hat, p_cat, p_dog, p_pig, w)" in done.stderr


def test_group_column_of_floats_is_group_keys(tmp_path, capsys, monkeypatch):
    """--group takes any column: floats (not integers) are group keys, not class labels;
    the groups and values are fairlearn's MetricFrame's on the same columns."""
    pd = pytest.importorskip("pandas")
    fairlearn_metrics = pytest.importorskip("fairlearn.metrics")
    from sklearn.metrics import accuracy_score

    rng = np.random.default_rng(3)
    n = 300
    data = pd.DataFrame({"y": rng.integers(0, 3, n), "y_hat": rng.integers(0, 3, n),
                         "f": rng.choice([1.0, 2.5, 3.25, -0.5], n),
                         "s": rng.choice(["a", "b"], n)})
    data.to_csv(tmp_path / "p.csv", index=False)
    done = main("report", "p.csv", "--true", "y", "--pred", "y_hat", "--group", "f",
                "--format", "json", cwd=tmp_path, capsys=capsys, monkeypatch=monkeypatch)
    assert done.returncode == 0, done.stderr
    ours = {float(k): v["accuracy"] for k, v in json.loads(done.stdout)["groups"].items()}
    ref = fairlearn_metrics.MetricFrame(metrics=accuracy_score, y_true=data.y,
                                        y_pred=data.y_hat, sensitive_features=data.f)
    assert ours == pytest.approx(ref.by_group.to_dict(), rel=1e-12)
    done = main("report", "p.csv", "--true", "y", "--pred", "y_hat", "--group", "f",
                "--group", "s", cwd=tmp_path, capsys=capsys, monkeypatch=monkeypatch)
    assert done.returncode == 0, done.stderr
    assert "8 groups" in done.stdout
    data.loc[7, "f"] = np.nan
    data.to_csv(tmp_path / "p.csv", index=False)
    done = main("report", "p.csv", "--true", "y", "--pred", "y_hat", "--group", "f",
                cwd=tmp_path, capsys=capsys, monkeypatch=monkeypatch)
    assert done.returncode == 1
    assert done.stderr.splitlines() == [
        "metrics-sk: error: p.csv: column 'f' is empty (1 empty cell) at line 9."]


@pytest.mark.parametrize("fmt", ["text", "markdown", "html"])
def test_group_table_cut_at_max_rows_in_every_format(tmp_path, capsys, monkeypatch, fmt):
    """--max-rows cuts the per-group table in every rendered format, and the note says
    it in the command's words (Markdown escapes included)."""
    rng = np.random.default_rng(4)
    n = 200
    (tmp_path / "p.csv").write_text("y,y_hat,g\n" + "".join(
        f"{a},{b},{c}\n" for a, b, c in zip(rng.integers(0, 2, n), rng.integers(0, 2, n),
                                              rng.integers(0, 9, n))))
    if fmt == "html":  # no --format html: the report's own rendering, same blocks
        t, p, g = np.loadtxt(tmp_path / "p.csv", delimiter=",", skiprows=1, dtype=int).T
        out = msk.quality_report(t, p, groups=g, max_rows=4).to_html()
        assert out.split("worst first")[1].count("<tr>") == 1 + 4
        assert "5 of 9 groups not shown" in out
        return
    done = main("report", "p.csv", "--true", "y", "--pred", "y_hat", "--group", "g",
                "--max-rows", "4", "--format", fmt, cwd=tmp_path, capsys=capsys,
                monkeypatch=monkeypatch)
    assert done.returncode == 0, done.stderr
    text = done.stdout.split("worst first")[1]
    rows = [line for line in text.splitlines()
            if re.match(r"^\|? ?[0-8] ", line) or re.match(r"^\s*[0-8]\s", line)]
    assert len(rows) == 4, text
    flat = " ".join(done.stdout.split())
    assert "5 of 9 groups not shown" in flat
    assert "--max-rows 0 shows all; --format csv or json holds every group" in flat
    for python in ("max_rows", "max\\_rows", "to_frame", "to\\_frame"):
        assert python not in done.stdout


@pytest.mark.parametrize("text", [
    "y,y_hat\n0,1\n1,1\n2,2\n",  # a plain header: the reader starts past it
    "y,y_hat\r\n0,1\r\n1,1\r\n2,2\r\n",
    '"y","y_hat"\n0,1\n1,1\n2,2\n',  # quoted: pandas skips the header row
    '\ufeffy,y_hat\n0,1\n1,1\n2,2',  # a byte-order mark, no newline at the end
])
def test_csv_header_skipped_either_way(tmp_path, capsys, monkeypatch, text):
    (tmp_path / "p.csv").write_text(text, encoding="utf-8")
    done = main("report", "p.csv", "--true", "y", "--pred", "y_hat", "--format", "json",
                cwd=tmp_path, capsys=capsys, monkeypatch=monkeypatch)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["labels"] == [0, 1, 2]
    assert out["overall"]["accuracy"] == pytest.approx(2 / 3)


def test_csv_header_only_has_no_data_rows(tmp_path, capsys, monkeypatch):
    (tmp_path / "p.csv").write_text("y,y_hat\n")
    done = main("report", "p.csv", "--true", "y", "--pred", "y_hat", cwd=tmp_path,
                capsys=capsys, monkeypatch=monkeypatch)
    assert done.returncode == 1
    assert done.stderr.splitlines() == ["metrics-sk: error: p.csv: no data rows."]


def _corrupt_xz():
    return b"\xfd7zXZ\x00" + bytes(range(200))


def _duplicate_parquet(path):
    pa = pytest.importorskip("pyarrow")
    import pyarrow.parquet as pq

    pq.write_table(pa.Table.from_arrays([pa.array([1, 2]), pa.array([1, 1]), pa.array([2, 2])],
                                        names=["y", "y", "y_hat"]), path)


UNREADABLE = {
    "corrupt.csv.xz": (_corrupt_xz, "not a readable CSV file"),
    "any.csv.zst": (lambda: b"y,y_hat\n1,1\n", "needs the zstandard package"),
    "twice.parquet": (_duplicate_parquet, "2 columns are named 'y'"),
    "newline.csv": (lambda: b'y,"y_hat\nx"\n1,1\n', "holds a line break"),
    "nul.csv": (lambda: b"y,y_hat\x00\n1,1\n", "NUL bytes"),
    "huge_label.csv": (lambda: b"y,y_hat\n1e300,1\n1,1\n",
                       "column 'y' holds '1e+300', not a class label (integer labels are "
                       "from -2**63 to 2**63 - 1) at line 2"),
}


@pytest.mark.parametrize("name", sorted(UNREADABLE))
def test_unreadable_files_one_line_exit_1(tmp_path, capsys, monkeypatch, name):
    """Corrupt or unsupported files: one line on stderr and exit status 1, no traceback
    (a 1e300 label is refused: the int64 cast wrapped it to -2**63)."""
    make, message = UNREADABLE[name]
    if name == "any.csv.zst":
        monkeypatch.setitem(sys.modules, "zstandard", None)  # as if not installed
    content = make() if name != "twice.parquet" else make(tmp_path / name)
    if content is not None:
        (tmp_path / name).write_bytes(content)
    done = main("report", name, "--true", "y", "--pred", "y_hat", cwd=tmp_path,
                capsys=capsys, monkeypatch=monkeypatch)
    assert done.returncode == 1 and done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("metrics-sk: error: "), done.stderr
    assert message in lines[0], lines[0]


def _in_child(code, timeout=60):
    """Run ``code`` in a new Python process (this checkout's package): its stdout, or a
    test failure when it runs past ``timeout`` seconds (it is then killed)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), MPLBACKEND="Agg")
    process = subprocess.Popen([sys.executable, "-c", code], env=env, text=True,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        out, err = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        process.communicate()
        pytest.fail(f"still running after {timeout} s")
    assert process.returncode == 0, err
    return out


def test_fifo_directory_and_device_refused_without_blocking(tmp_path):
    """A FIFO would block, /dev/zero never ends: only a regular file is read (the child
    limits its address space, so a regression fails instead of filling the memory)."""
    if not hasattr(os, "mkfifo") or not os.path.exists("/dev/zero"):
        pytest.skip("needs a FIFO and /dev/zero")
    os.mkfifo(tmp_path / "fifo.csv")
    (tmp_path / "folder.csv").mkdir()
    code = f"""
import contextlib, io, json, resource
from metrics_sk._display import cli as _cli
from metrics_sk._display import files as _files
grow = 512 * 2 ** 20
used = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
soft, hard = resource.getrlimit(resource.RLIMIT_DATA)
resource.setrlimit(resource.RLIMIT_DATA, (used + grow, hard))
out = {{}}
for path in [{str(tmp_path / "fifo.csv")!r}, {str(tmp_path / "folder.csv")!r}, "/dev/zero"]:
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        status = _cli.main(["report", path, "--true", "y", "--pred", "y_hat", "-q"])
    out[path] = [status, err.getvalue()]
out["grown"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024 - used
print(json.dumps(out))
"""
    out = json.loads(_in_child(code))
    assert out.pop("grown") < 100 * 2 ** 20
    for path, (status, err) in out.items():
        assert status == 1 and len(err.splitlines()) == 1, err
        what = "is a directory" if path.endswith("folder.csv") else "not a regular file"
        assert err == f"metrics-sk: error: {path}: {what}" + err.split(what, 1)[1]
    assert "not a regular file" in out["/dev/zero"][1]


def test_line_longer_than_the_limit_refused(tmp_path, capsys, monkeypatch):
    """A regular file without line breaks: refused at MAX_LINE_BYTES (here lowered),
    header and data lines alike; lines within the limit are read."""
    monkeypatch.setattr(_files, "MAX_LINE_BYTES", 1000)
    (tmp_path / "long_data.csv").write_text("y,y_hat\n1,1\n" + "1" * 5000 + ",1\n")
    (tmp_path / "long_header.csv").write_text("y,y_hat," + "x" * 5000 + "\n1,1,1\n")
    (tmp_path / "fine.csv").write_text("y,y_hat\n" + "1,1\n2,2\n" * 400)
    for name, what in (("long_data.csv", "a line"), ("long_header.csv", "the header line")):
        done = main("report", name, "--true", "y", "--pred", "y_hat", cwd=tmp_path,
                    capsys=capsys, monkeypatch=monkeypatch)
        assert done.returncode == 1, done.stderr
        assert done.stderr == (f"metrics-sk: error: {name}: {what} is longer than 1,000 "
                               "bytes (the most one line may hold).\n")
    done = main("report", "fine.csv", "--true", "y", "--pred", "y_hat", "--format", "json",
                cwd=tmp_path, capsys=capsys, monkeypatch=monkeypatch)
    assert done.returncode == 0 and json.loads(done.stdout)["total"] == 800


@pytest.mark.parametrize("ending", ["\n", "\r\n", "\r"])
def test_line_endings_lf_crlf_cr(tmp_path, capsys, monkeypatch, ending):
    """The header is read by the command, the rest by pandas: any line ending, also a
    lone CR, and the limit counts each line (here 20 bytes; 6 lines of 4)."""
    monkeypatch.setattr(_files, "MAX_LINE_BYTES", 20)
    (tmp_path / "e.csv").write_bytes(ending.join(["y,p", "1,1", "2,1", "2,2", "3,3",
                                                  "3,1"]).encode() + ending.encode())
    done = main("report", "e.csv", "--true", "y", "--pred", "p", "--format", "json",
                cwd=tmp_path, capsys=capsys, monkeypatch=monkeypatch)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["total"] == 5
    assert data["overall"]["accuracy"] == pytest.approx(
        msk.accuracy_score([1, 2, 2, 3, 3], [1, 1, 2, 3, 1]))


@pytest.mark.parametrize("suffix", [".gz", ".bz2", ".xz", ".zip"])
def test_compressed_csv_read_as_the_plain_file(tmp_path, capsys, monkeypatch, frame, suffix):
    frame.to_csv(tmp_path / f"p.csv{suffix}", index=False)
    done = main("report", f"p.csv{suffix}", "--true", "y", "--pred", "y_hat", "--format",
                "json", cwd=tmp_path, capsys=capsys, monkeypatch=monkeypatch)
    assert done.returncode == 0, done.stderr
    expected = msk.quality_report(frame["y"], frame["y_hat"])
    assert json.loads(done.stdout)["overall"] == pytest.approx(expected.overall)


def test_plot_without_extension_says_the_file_written(tmp_path, capsys, monkeypatch, frame):
    pytest.importorskip("matplotlib")
    frame.to_csv(tmp_path / "p.csv", index=False)
    done = main("report", "p.csv", "--true", "y", "--pred", "y_hat", "--plot", "cm",
                cwd=tmp_path, capsys=capsys, monkeypatch=monkeypatch)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "cm.png").exists() and not (tmp_path / "cm").exists()
    assert "wrote cm.png" in done.stderr.splitlines()


def test_mathtext_label_plotted_as_written(tmp_path, capsys, monkeypatch):
    """``$x_$`` is a label, not a formula: the heatmap and the group chart are written."""
    pytest.importorskip("matplotlib")
    (tmp_path / "m.csv").write_text("y,y_hat,g\n$x_$,a,$y^\n$x_$,$x_$,b\na,a,b\n")
    done = main("report", "m.csv", "--true", "y", "--pred", "y_hat", "--group", "g",
                "--plot", "m.png", cwd=tmp_path, capsys=capsys, monkeypatch=monkeypatch)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "m.png").exists() and (tmp_path / "m_groups.png").exists()


def test_python_dash_m_metrics_sk(tmp_path):
    done = subprocess.run([sys.executable, "-m", "metrics_sk", "--version"], cwd=tmp_path,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)), capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"metrics-sk {msk.__version__}")


def test_compare_json_is_strict_json(tmp_path, capsys, monkeypatch):
    """Cohen's kappa of a model that predicts one class is undefined (NaN): null."""
    (tmp_path / "c.csv").write_text("y,a,b\n0,0,0\n0,0,0\n0,0,1\n0,0,0\n")
    done = main("compare", "c.csv", "--true", "y", "--pred", "a", "--pred", "b",
                "--format", "json", "-q", "--n-resamples", "50", cwd=tmp_path, capsys=capsys,
                monkeypatch=monkeypatch)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout, parse_constant=lambda c: pytest.fail(f"{c} is not JSON"))
    kappa = out["metrics"]["Cohen's kappa"]
    assert kappa["a"] is None and kappa["interval"] == [None, None]
    assert out["metrics"]["accuracy"]["a"] == 1.0


def test_labels_option_keeps_every_sample(tmp_path, capsys):
    """``--labels`` chooses the classes shown; the whole-table metrics are over every
    sample, as scikit-learn's on the same samples."""
    import sklearn.metrics as skm

    t, p = [0, 1, 2, 2, 2, 0], [0, 1, 1, 0, 2, 2]
    (tmp_path / "preds.csv").write_text(
        "y,y_hat\n" + "".join(f"{a},{b}\n" for a, b in zip(t, p)))
    assert _cli.main(["report", str(tmp_path / "preds.csv"), "--true", "y", "--pred",
                      "y_hat", "--labels", "0", "1", "--format", "json", "-q"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["labels"] == [0, 1] and out["total"] == 6
    assert out["overall"]["accuracy"] == pytest.approx(skm.accuracy_score(t, p))
    assert out["overall"]["matthews_corrcoef"] == pytest.approx(skm.matthews_corrcoef(t, p))
    assert out["overall"]["cohen_kappa"] == pytest.approx(skm.cohen_kappa_score(t, p))


@pytest.mark.parametrize("n_duplicates", [30_000, 100_000])
def test_cli_header_with_many_duplicate_names(tmp_path, capsys, n_duplicates):
    path = tmp_path / "wide.csv"
    path.write_text(",".join(["x"] * n_duplicates + ["y", "p", "x"]) + "\n"
                    + ",".join(["7"] * n_duplicates + ["0", "1", "8"]) + "\n"
                    + ",".join(["9"] * n_duplicates + ["1", "1", "8"]) + "\n")
    assert _cli.main(["report", str(path), "--true", "y", "--pred", "p", "--format", "json",
                      "-q"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["labels"] == [0, 1]
    # a duplicated name is its first column, as pandas reads it (x, not x.100000)
    assert _cli.main(["report", str(path), "--true", "x", "--pred", "x", "--format", "json",
                      "-q"]) == 0
    assert json.loads(capsys.readouterr().out)["labels"] == [7, 9]



def test_cli_labels_beyond_int64_is_one_line(tmp_path, capsys):
    path = tmp_path / "p.csv"
    path.write_text("y,p\n0,0\n1,1\n1,0\n")
    with pytest.raises(SystemExit) as exit_:
        _cli.main(["report", str(path), "--true", "y", "--pred", "p", "--labels", "0", "1",
                   "99999999999999999999999"])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and "99999999999999999999999 is out of that range" in err



@pytest.mark.parametrize("command", ["report", "compare"])
def test_cli_all_zero_weight_column_is_one_line(tmp_path, capsys, command):
    path = tmp_path / "p.csv"
    path.write_text("y,p,w\n0,0,0\n1,1,0\n1,0,0.0\n")
    preds = ["--pred", "p"] * (2 if command == "compare" else 1)
    assert _cli.main([command, str(path), "--true", "y", *preds, "--weight", "w", "-q"]) == 1
    err = capsys.readouterr().err.strip()
    assert err == ("metrics-sk: error: " + str(path) + ": column 'w' (--weight) is zero in "
                   "every row: there is no weight to compute a metric from.")



def test_cli_text_labels_take_memory_in_proportion_to_the_text(tmp_path):
    """One 20 kB cell among 1000 rows: a fixed-width str array would take 1000 x 20 kB x 4
    bytes = 80 MB; Python strings take about the text's size."""
    rows = ["y,p"] + [f"c{i % 3},c{i % 2}" for i in range(999)] + ["x" * 20_000 + ",c0"]
    path = tmp_path / "long.csv"
    path.write_text("\n".join(rows) + "\n")
    columns, _, offset = _files.read_columns(str(path), ["y", "p"], [], progress=False)

    def labels():
        t, p = _files._as_labels(columns, ["y", "p"], str(path), offset)
        assert t[-1] == "x" * 20_000 and p[0] == "c0"

    tracemalloc.start()
    try:
        labels()
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 5_000_000

