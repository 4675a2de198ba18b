"""The ``metrics-sk`` command's file reading: CSV (plain or compressed) and Parquet files
read by columns, with a progress meter, into label and weight arrays; the one-line data
errors.

Only a regular file is read (not a pipe or a device), and a line of a CSV file may hold
at most :data:`MAX_LINE_BYTES` (16 MiB), its header included: the memory stays bounded.
"""

import csv
import os
import stat
import sys
import threading
import time

import numpy as np


_PARQUET_SUFFIXES = (".parquet", ".pq", ".parq")
_CHUNK_ROWS = 1 << 18


class DataError(Exception):
    """A problem with the input data: reported as one line, exit status 1."""


class MissingDependency(DataError):
    """An optional package the request needs is not installed."""


class UsageError(Exception):
    """Arguments that do not fit the data: reported as one line, exit status 2."""


# -- progress ---------------------------------------------------------------------------
class Progress:
    """Progress of a long read on stderr: silent for the first ``delay`` seconds, then a
    line at most every ``every`` seconds (rewritten in place on a terminal)."""

    def __init__(self, what, total, *, unit="bytes", delay=1.0, stream=None, enabled=True):
        self.what, self.total, self.unit = what, total, unit
        self.stream = sys.stderr if stream is None else stream
        self.enabled = enabled
        self.tty = getattr(self.stream, "isatty", lambda: False)()
        self.start = time.monotonic()
        self.next = self.start + delay
        self.every = 0.25 if self.tty else 5.0
        self.shown = False

    def _amount(self, n):
        if self.unit == "bytes":
            return f"{n / 1e6:.1f} MB"
        return f"{n:,} rows"

    def update(self, done):
        now = time.monotonic()
        if not self.enabled or now < self.next:
            return
        self.next = now + self.every
        share = f" ({done / self.total:.0%})" if self.total else ""
        line = (f"reading {self.what}: {self._amount(done)} of {self._amount(self.total)}"
                f"{share}, {now - self.start:.0f} s")
        self.stream.write(("\r" + line) if self.tty else line + "\n")
        self.stream.flush()
        self.shown = True

    def finish(self, rows):
        if self.shown:
            end = "\n" if self.tty else ""
            self.stream.write(f"{end}read {rows:,} rows of {self.what} in "
                              f"{time.monotonic() - self.start:.1f} s\n")
            self.stream.flush()


class Phase:
    """A phase of the work that may take long (checking, counting, plotting): silent when
    it ends within ``delay`` seconds, else a line when it is still running after
    ``delay`` and one when it ends, with its time."""

    def __init__(self, what, *, delay=1.0, stream=None, enabled=True):
        self.what, self.delay, self.enabled = what, delay, enabled
        self.stream = sys.stderr if stream is None else stream
        self.shown = False

    def _announce(self):
        self.shown = True
        self.stream.write(f"{self.what}...\n")
        self.stream.flush()

    def __enter__(self):
        self.start = time.monotonic()
        self.timer = None
        if self.enabled:
            self.timer = threading.Timer(self.delay, self._announce)
            self.timer.daemon = True
            self.timer.start()
        return self

    def __exit__(self, *exc):
        if self.timer is not None:
            self.timer.cancel()
            self.timer.join()
        if self.shown and exc[0] is None:
            self.stream.write(f"{self.what}: done in {time.monotonic() - self.start:.1f} s\n")
            self.stream.flush()
        return False


# -- reading ------------------------------------------------------------------------------
#: Most bytes one line of a CSV file may hold, the header's included (16 MiB): a longer
#: line is a data error, so that a file without line breaks cannot fill the memory.
MAX_LINE_BYTES = 1 << 24


def _file_size(path):
    """The size of ``path``; a DataError unless it is an existing regular file (a pipe or
    a device such as /dev/zero would block or never end)."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise DataError(f"{path}: no such file.") from None
    except OSError as exc:
        raise DataError(f"{path}: cannot be read ({_one_line(exc)}).") from None
    if stat.S_ISDIR(info.st_mode):
        raise DataError(f"{path}: is a directory, not a CSV or Parquet file.")
    if not stat.S_ISREG(info.st_mode):
        raise DataError(f"{path}: not a regular file (a pipe, device or socket); the command "
                        "reads CSV or Parquet files.")
    return info.st_size


def column_names(path):
    """The column names of a CSV or Parquet file (its header or its schema); None when
    the file cannot be read (reading it reports the error)."""
    try:
        _file_size(path)
        if _is_parquet(path):
            import pyarrow.parquet as pq

            return list(pq.ParquetFile(path).schema_arrow.names)
        compression, sep = _csv_options(path)
        with open(path, "rb") as raw:
            return _csv_header(_decompressed(raw, compression, path), path, sep)[0]
    except Exception:  # noqa: BLE001 - read_columns reports it
        return None


def _csv_options(path):
    """The compression (a key of :data:`_DECOMPRESS`, or None) and the separator of the
    CSV file ``path``."""
    base, ext = os.path.splitext(path.lower())
    compression = _COMPRESSION.get(ext)
    sep = "\t" if (base if compression else path.lower()).endswith(".tsv") else ","
    return compression, sep


def _zip_member(raw, path):
    import zipfile

    archive = zipfile.ZipFile(raw)
    files = [name for name in archive.namelist() if not name.endswith("/")]
    if len(files) != 1:
        raise DataError(f"{path}: a .zip file must hold one CSV file, it holds {len(files)}.")
    return archive.open(files[0])


def _zstd_reader(raw, path):
    try:
        import zstandard
    except ImportError:
        raise MissingDependency(f"{path}: reading .zst files needs the zstandard package: "
                                "pip install zstandard") from None
    return zstandard.ZstdDecompressor().stream_reader(raw)


def _gzip_reader(raw, path):
    import gzip

    return gzip.GzipFile(fileobj=raw, mode="rb")


def _bz2_reader(raw, path):
    import bz2

    return bz2.BZ2File(raw)


def _xz_reader(raw, path):
    import lzma

    return lzma.LZMAFile(raw)


_DECOMPRESS = {"gzip": _gzip_reader, "bz2": _bz2_reader, "xz": _xz_reader, "zip": _zip_member,
               "zstd": _zstd_reader}


def _decompressed(raw, compression, path):
    """The bytes of the CSV file open as ``raw``, decompressed (a stream read in order)."""
    return raw if compression is None else _DECOMPRESS[compression](raw, path)


def _decompression_errors():
    """The exceptions of a corrupt compressed file."""
    import lzma
    import zipfile

    errors = [lzma.LZMAError, zipfile.BadZipFile, EOFError]
    try:
        import zstandard
    except ImportError:
        pass
    else:
        errors.append(zstandard.ZstdError)
    return tuple(errors)


def _csv_header(stream, path, sep):
    """The header line of a CSV stream as ``(names, rest)``: ``rest``, the bytes read past
    the header (with a lone CR ending the lines), to be read before the rest of
    ``stream``. Parsed by the csv module (pandas' one-row DataFrame costs seconds for
    100,000 columns); a DataError for a header longer than :data:`MAX_LINE_BYTES`, with a
    NUL byte, or with a line break inside a name (the header is one line)."""
    line = stream.readline(MAX_LINE_BYTES + 1)
    rest = b""
    cr = line.find(b"\r")
    if 0 <= cr < len(line) - 1 and line[cr + 1:] != b"\n":  # lines ending in a lone CR
        end = cr + 1 + (line[cr + 1:cr + 2] == b"\n")
        line, rest = line[:end], line[end:]
    if not line.strip():
        raise DataError(f"{path}: the file is empty (no header line).")
    if len(line) > MAX_LINE_BYTES:
        raise DataError(f"{path}: the header line is longer than {MAX_LINE_BYTES:,} bytes "
                        "(the most one line may hold).")
    if b"\0" in line:
        raise DataError(f"{path}: the header line holds NUL bytes: not a text CSV file.")
    header = next(csv.reader([line.decode("utf-8-sig")], delimiter=sep))
    if any("\n" in name or "\r" in name for name in header):
        raise DataError(f"{path}: a column name of the header holds a line break (or a "
                        "quote is not closed); the header must be one line.")
    return header, rest


class _BoundedLines:
    """A binary stream read by pandas, after the bytes ``head``, that refuses a line
    (ended by LF or CR) longer than ``limit`` bytes: each read returns at most 1 MiB and
    at most ``limit`` bytes, so a longer line spans reads and is seen here."""

    _READ = 1 << 20

    def __init__(self, stream, path, head=b"", limit=None):
        self.stream, self.path, self.head = stream, path, head
        self.limit = MAX_LINE_BYTES if limit is None else limit
        self.line = 0  # bytes of the current line read so far

    def readable(self):
        return True

    def read(self, size=-1):
        most = min(self._READ, self.limit)
        n = most if size is None or size < 0 else min(size, most)
        if self.head:
            data, self.head = self.head[:n], self.head[n:]
        else:
            data = self.stream.read(n)
        first = min((i for i in (data.find(b"\n"), data.find(b"\r")) if i >= 0),
                    default=len(data))
        if self.line + first > self.limit:
            raise DataError(f"{self.path}: a line is longer than {self.limit:,} bytes (the "
                            "most one line may hold).")
        last = max(data.rfind(b"\n"), data.rfind(b"\r"))
        self.line = self.line + len(data) if last < 0 else len(data) - last - 1
        return data

    def __iter__(self):  # pandas checks for a file-like object by its read and __iter__
        return iter(self.read, b"")


def _is_parquet(path):
    with open(path, "rb") as fh:
        magic = fh.read(4)
    return path.lower().endswith(_PARQUET_SUFFIXES) or magic == b"PAR1"


def _missing_columns(wanted, present, path):
    """A DataError naming the ``wanted`` columns not in ``present``, with the closest
    names ("did you mean") when some are close, else the first columns of the file."""
    import difflib

    present = [str(c) for c in present]
    names = set(present)
    missing = [c for c in wanted if c not in names]
    if missing:
        close = [m for c in missing
                 for m in difflib.get_close_matches(c, present, n=1, cutoff=0.6)]
        close += [c for c in present if c.lower() in {m.lower() for m in missing}
                  and c not in close]
        names = ", ".join(map(repr, missing))
        if close:
            hint = f"did you mean {' or '.join(map(repr, dict.fromkeys(close)))}?"
        else:
            hint = "the columns are: " + ", ".join(present[:20]) + (
                ", ..." if len(present) > 20 else "")
        raise DataError(f"{path}: no column {names} ({hint}).")


def read_columns(path, labels, numbers, *, progress=True):
    """Read the label columns and the number columns of a CSV or Parquet file.

    Returns ``({column: array}, n_rows, row_offset)``: the label columns as read (numbers,
    or text in an object array; see :func:`_as_labels`), the number columns as float64.
    ``row_offset`` turns a 0-based row into the file's line (CSV) or row number.
    """
    size = _file_size(path)
    if size == 0:
        raise DataError(f"{path}: the file is empty.")
    wanted = list(dict.fromkeys(labels + numbers))
    if _is_parquet(path):
        columns, n = _read_parquet(path, wanted, progress)
        offset = 1
    else:
        columns, n = _read_csv(path, size, wanted, progress)
        offset = 2  # the header is line 1
    if n == 0:
        raise DataError(f"{path}: no data rows.")
    for name in numbers:
        columns[name] = _as_numbers(columns[name], name, path, offset)
    return columns, n, offset


_COMPRESSION = {".gz": "gzip", ".bz2": "bz2", ".xz": "xz", ".zip": "zip", ".zst": "zstd"}


def _read_csv(path, size, wanted, progress):
    try:
        import pandas as pd
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise DataError("reading CSV files needs pandas: pip install pandas") from exc
    compression, sep = _csv_options(path)
    parts = {c: [] for c in wanted}
    n = 0
    meter = Progress(path, size, enabled=progress)
    try:
        with open(path, "rb") as raw:
            stream = _decompressed(raw, compression, path)
            # The header read here, as a plain row: pandas' renaming of duplicate names
            # is quadratic (100,000 duplicates took minutes); a name's column is its first.
            header, rest = _csv_header(stream, path, sep)
            _missing_columns(wanted, header, path)
            first = {}
            for i, name in enumerate(header):
                first.setdefault(name, i)
            try:  # the rest of the stream: the data lines
                chunks = pd.read_csv(_BoundedLines(stream, path, rest), header=None,
                                     sep=sep, usecols=[first[c] for c in wanted],
                                     chunksize=_CHUNK_ROWS, keep_default_na=False,
                                     na_values=[""])  # "NA" is a label
            except pd.errors.EmptyDataError:  # a header and no rows
                chunks = ()
            for chunk in chunks:
                for c in wanted:
                    parts[c].append(chunk[first[c]].to_numpy())
                n += len(chunk)
                meter.update(raw.tell())
    except pd.errors.EmptyDataError:
        raise DataError(f"{path}: the file is empty (no header line).") from None
    except (pd.errors.ParserError, csv.Error, UnicodeDecodeError, ValueError, OSError,
            *_decompression_errors()) as exc:
        raise DataError(f"{path}: not a readable CSV file ({_one_line(exc)}).") from None
    meter.finish(n)
    return _joined(parts), n


def _joined(parts):
    return {c: np.concatenate(p) if p else np.array([], dtype=object) for c, p in parts.items()}


def _read_parquet(path, wanted, progress):
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise DataError("reading Parquet files needs pyarrow: pip install pyarrow") from exc
    parts = {c: [] for c in wanted}
    n = 0
    try:
        source = pq.ParquetFile(path)
        names = source.schema_arrow.names
        _missing_columns(wanted, names, path)
        twice = [c for c in wanted if names.count(c) > 1]
        if twice:
            raise DataError(f"{path}: {names.count(twice[0])} columns are named "
                            f"{twice[0]!r}: which one to read is ambiguous.")
        meter = Progress(path, source.metadata.num_rows, unit="rows", enabled=progress)
        for batch in source.iter_batches(columns=wanted, batch_size=_CHUNK_ROWS):
            for c in wanted:
                column = batch.column(c)
                kind = column.type
                if not (pa.types.is_integer(kind) or pa.types.is_floating(kind)
                        or pa.types.is_boolean(kind)):
                    column = column.cast(pa.string())  # text, None where empty
                elif column.null_count and not pa.types.is_floating(kind):
                    column = column.cast(pa.float64())  # NaN where empty
                parts[c].append(column.to_numpy(zero_copy_only=False))
            n += batch.num_rows
            meter.update(n)
    except (pa.ArrowException, OSError) as exc:
        raise DataError(f"{path}: not a readable Parquet file ({_one_line(exc)}).") from None
    meter.finish(n)
    return _joined(parts), n


def _cell_error(path, name, index, offset, what):
    """The DataError of the cell of column ``name`` at 0-based data row ``index``."""
    where = f"line {index + offset}" if offset == 2 else f"row {index + offset}"
    return DataError(f"{path}: column {name!r} {what} at {where}.")


def _empty_error(path, name, empty, offset):
    return _cell_error(path, name, empty[0], offset,
                       f"is empty ({empty.size} empty cell{'s' if empty.size > 1 else ''})")


def _as_numbers(values, name, path, offset):
    """A float64 column; a DataError naming the first empty or non-numeric cell."""
    if values.dtype.kind not in "biuf":
        import pandas as pd

        text = values
        values = pd.to_numeric(pd.Series(text), errors="coerce").to_numpy(dtype=np.float64)
        bad = np.flatnonzero(np.isnan(values) & ~pd.isna(text))
        bad = bad[[str(text[i]).strip() != "" for i in bad]]
        if bad.size:
            raise _cell_error(path, name, bad[0], offset,
                              f"holds {str(text[bad[0]])[:40]!r}, not a number")
    numbers = values.astype(np.float64)
    empty = np.flatnonzero(np.isnan(numbers))
    if empty.size:
        raise _empty_error(path, name, empty, offset)
    return numbers


def _label_column(values, name, path, offset, *, key=False):
    """A label column as integers (or booleans), or as text: floats must be integers.
    With ``key`` (a ``--group`` column: group keys, not class labels), floats are kept
    as read, any number; an empty cell is refused either way (as fairlearn refuses a
    missing sensitive feature)."""
    if values.dtype.kind in "iub":
        return values
    if values.dtype.kind == "f":
        empty = np.flatnonzero(np.isnan(values))
        if empty.size:
            raise _empty_error(path, name, empty, offset)
        if key:
            return values
        bad = np.flatnonzero(~np.isfinite(values) | (values != np.round(values)))
        if bad.size:
            raise _cell_error(path, name, bad[0], offset, f"holds {str(values[bad[0]])!r}, "
                              "not a class label (labels are integers or text)")
        # float64 bounds of int64: -2**63 is exact, 2**63 is the first float beyond
        wide = np.flatnonzero((values < -2.0 ** 63) | (values >= 2.0 ** 63))
        if wide.size:  # a cast would wrap to -2**63
            raise _cell_error(path, name, wide[0], offset, f"holds {str(values[wide[0]])!r}, "
                              "not a class label (integer labels are from -2**63 to "
                              "2**63 - 1)")
        return values.astype(np.int64)
    import pandas as pd

    if pd.api.types.infer_dtype(values, skipna=False) == "string":
        return values  # all text, no empty cell: as read (one pass in C)
    empty = np.flatnonzero(np.asarray(pd.isna(values), dtype=bool))
    if empty.size:
        raise _empty_error(path, name, empty, offset)
    return _text(values)  # numbers and text mixed: all text


def _text(values):
    """Labels as Python strings in an object array: memory in proportion to the text read,
    never rows x the longest cell (as a fixed-width ``str`` array would take)."""
    return np.array([str(v) for v in values.tolist()], dtype=object)


def _as_labels(columns, names, path, offset):
    """The label columns, as integers if all are integer-valued, else as text; a text
    column against an integer one is a mix of label types, refused as the Python API
    refuses it (a CSV column of integers is parsed as integers, of anything else as text)."""
    labels = [_label_column(columns[n], n, path, offset) for n in names]
    text = [n for n, v in zip(names, labels) if v.dtype.kind == "O"]
    if text and len(text) < len(names):
        numbers = [n for n in names if n not in text]
        raise DataError(  # the values of the file, not the arguments: exit status 1
            f"{path}: mix of label types: column {text[0]!r} holds text and column "
            f"{numbers[0]!r} holds numbers; the true and predicted labels must be of one type.")
    return labels


def _weight_column(columns, name, path):
    """The ``--weight`` column (None without one); all zero is a data error, since every
    metric would divide by the total weight."""
    if name is None:
        return None
    weight = columns[name]
    if not (weight != 0).any():
        raise DataError(f"{path}: column {name!r} (--weight) is zero in every row: there is "
                        "no weight to compute a metric from.")
    return weight


def _convert_labels(labels, kind_example):
    """``--labels`` strings in the type of the data's labels."""
    if labels is None:
        return None
    kind = kind_example.dtype.kind
    if kind == "b":
        words = {"true": True, "1": True, "false": False, "0": False}
        try:
            return np.array([words[v.lower()] for v in labels], dtype=bool)
        except KeyError:
            raise UsageError("--labels must be true/false: the labels in the data are "
                             "booleans.") from None
    if kind in "iu":
        try:
            return np.array([int(v) for v in labels], dtype=np.int64)
        except ValueError:
            raise UsageError("--labels must be integers: the labels in the data are "
                             "integers.") from None
        except OverflowError:
            raise UsageError("--labels must be integers from -2**63 to 2**63 - 1: "
                             f"{max(labels, key=lambda v: abs(int(v)))} is out of that "
                             "range.") from None
    return np.array(labels, dtype=str)


def _one_line(exc):
    return " ".join(str(exc).split())
