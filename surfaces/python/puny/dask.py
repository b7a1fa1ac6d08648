"""puny.dask: convert, check and display names held in Dask collections.

Each partition goes through the package's bulk functions in one call
(`to_ascii_many`, `to_unicode_many`; `to_display` name by name), on the
worker that holds the partition, so the same code runs on a laptop's
processes and on a cluster's machines (docs/scale.md, "Dask").

Errors are data, never exceptions: every name gives one record

    (input, output, status, error)

where `status` is "ok" or the library's error name (puny.ERROR_CLASSES:
"disallowed", "forbidden_domain_code_point", ...), `output` is "" and `error`
the library's message when the name failed.  No name can make a partition
raise, so no task is retried or lost because of its data; a task is retried
only when its worker dies (Dask's scheduler does that).  A missing value in
a dataframe column (None, NaN) gives a missing output and status, as NULL
does in SQL.

    >>> import dask.bag as db, puny.dask
    >>> names = puny.dask.read_names("zones/*.txt", blocksize="64MiB")
    >>> records = puny.dask.to_ascii(names, preset="url")
    >>> puny.dask.write_lines(records, "out/")      # out/part-00000.txt, ...

`read_names` reads text files line by line as the CLI does (a trailing "\\r"
is dropped).  Bytes that are not UTF-8 arrive as lone surrogates (U+DC80 +
the byte, PEP 383's "surrogateescape") and the name fails with status
"invalid_code_point" naming that surrogate, where the CLI, which reads
bytes, says "invalid_utf8"; either way the output line is empty and the read
goes on.  `write_lines`
writes one file per partition, in partition order, each file written under a
temporary name and renamed into place when complete, so the output
directory never holds a partial file, even when a worker dies mid-write.

Needs dask (Debian: python3-dask, python3-distributed for a cluster); the
rest of the package does not import it.
"""

import os
import shutil
import uuid
from typing import Iterable, List, Optional, Tuple

import dask
import dask.bag

from . import Error, _puny, to_ascii_many, to_unicode_many, to_display

__all__ = ["COLUMNS", "OK", "read_names", "to_ascii", "to_unicode", "check", "display",
           "convert_partition", "write_lines"]

#: The fields of a record, in order.
COLUMNS = ("input", "output", "status", "error")
#: The status of a name that converted.
OK = "ok"

Record = Tuple[Optional[str], Optional[str], Optional[str], Optional[str]]
_OPERATIONS = ("to_ascii", "to_unicode", "display")


# A bulk call spreads a long list over every core (from
# _puny.bulk_serial_below names, surfaces/python/src/bulk.cpp).  Under Dask
# the workers are the parallelism (one process a core, one thread each): a
# worker whose bulk call took every core would share them with the other
# workers, and two workers would scale no better than one.  So a partition
# goes to the bulk call in slices just under that threshold, one thread a
# worker.
_SLICE = _puny.bulk_serial_below - 1


def _bulk(many, names: List[str], preset: str, flags: Optional[dict]):
    for start in range(0, len(names), _SLICE):
        yield from many(names[start:start + _SLICE], preset, **(flags or {}))


def _is_missing(value) -> bool:
    # None, or a float NaN (pandas' missing value in an object column).
    return value is None or (isinstance(value, float) and value != value)


def convert_partition(names: Iterable, operation: str = "to_ascii", preset: str = "uts46",
                      profile: str = "chromium", top_domains=None, psl=None,
                      flags: Optional[dict] = None) -> List[Record]:
    """One partition: a record (input, output, status, error) per name, in order.

    Never raises for a name: a failing name gives ("", its error name, its
    message); a missing value gives (None, None, None); a value that is not
    a str gives status "wrong_type".  Raises ValueError only for an unknown
    operation, preset or profile (the call itself is wrong, for every name).
    """
    if operation not in _OPERATIONS:
        raise ValueError("puny.dask: operation must be one of %s, not %r"
                         % (", ".join(_OPERATIONS), operation))
    names = list(names)
    if operation != "display" and all(type(name) is str for name in names):
        # The usual partition (all str): one comprehension over the bulk call.
        many = to_ascii_many if operation == "to_ascii" else to_unicode_many
        return [(r.input, r.output, OK, "") if r.error is None else
                (r.input, "", r.error.code, str(r.error))
                for r in _bulk(many, names, preset, flags)]
    out: List[Record] = [None] * len(names)  # type: ignore[list-item]
    # The strings go to the bulk call together; the rest are answered here.
    index = []
    strings = []
    for i, name in enumerate(names):
        if isinstance(name, str):
            index.append(i)
            strings.append(name)
        elif _is_missing(name):
            out[i] = (None, None, None, None)
        else:
            out[i] = (repr(name), "", "wrong_type",
                      "puny.dask: expected a str, not %s" % type(name).__name__)
    if operation == "display":
        for i, name in zip(index, strings):
            try:
                out[i] = (name, to_display(name, profile, top_domains=top_domains,
                                           **({} if psl is None else {"psl": psl})), OK, "")
            except Error as e:
                out[i] = (name, "", e.code, str(e))
        return out
    many = to_ascii_many if operation == "to_ascii" else to_unicode_many
    for i, r in zip(index, _bulk(many, strings, preset, flags)):
        if r.error is None:
            out[i] = (r.input, r.output, OK, "")
        else:
            out[i] = (r.input, "", r.error.code, str(r.error))
    return out


def _strip_lines(lines) -> List[str]:
    # The CLI's lines: without their "\n", and without a "\r" before it.
    # One call per partition (not bag.map's call per line).
    out = [line[:-1] if line.endswith("\n") else line for line in lines]
    return [line[:-1] if line.endswith("\r") else line for line in out]


def read_names(urlpath, blocksize=None, files_per_partition=None, **kwargs) -> dask.bag.Bag:
    """A bag of the lines of text files (a path, glob or list), one name a line.

    blocksize ("64MiB", or bytes) cuts large files into partitions at line
    boundaries; by default one partition per file.  Undecodable bytes become
    lone surrogates (errors="surrogateescape"), so such a line fails with an
    error status rather than failing the read.  Other keyword arguments go
    to dask.bag.read_text (storage_options for S3, HDFS, ...).
    """
    kwargs.setdefault("errors", "surrogateescape")
    bag = dask.bag.read_text(urlpath, blocksize=blocksize,
                             files_per_partition=files_per_partition, **kwargs)
    return bag.map_partitions(_strip_lines)


def _apply(collection, operation: str, kwargs: dict):
    """Records for a bag; for a dataframe column (Series), a dataframe with
    columns output, status, error on the column's index."""
    if isinstance(collection, dask.bag.Bag):
        return collection.map_partitions(convert_partition, operation, **kwargs)
    import dask.dataframe as dd
    import pandas as pd
    if not isinstance(collection, dd.Series):
        raise TypeError("puny.dask: expected a dask Bag or a dask dataframe column "
                        "(Series), not %s" % type(collection).__name__)

    def frame(series):
        records = convert_partition(series.tolist(), operation, **kwargs)
        return pd.DataFrame([r[1:] for r in records], index=series.index,
                            columns=list(COLUMNS[1:]), dtype=object)

    meta = pd.DataFrame({c: pd.Series([], dtype=object) for c in COLUMNS[1:]})
    return collection.map_partitions(frame, meta=meta)


def to_ascii(collection, preset: str = "uts46", **flags):
    """UTS #46 ToASCII of every name (puny.to_ascii_many per partition)."""
    return _apply(collection, "to_ascii", {"preset": preset, "flags": flags})


def to_unicode(collection, preset: str = "uts46", **flags):
    """UTS #46 ToUnicode of every name (puny.to_unicode_many per partition)."""
    return _apply(collection, "to_unicode", {"preset": preset, "flags": flags})


def display(collection, profile: str = "chromium", *, top_domains=None, psl=None):
    """The form `profile` shows (puny.to_display); top_domains and psl are paths
    every worker can read (a worker loads each list once; psl None: Debian's
    Public Suffix List, as puny.display's default)."""
    return _apply(collection, "display",
                  {"profile": profile, "top_domains": top_domains, "psl": psl})


def check(collection, preset: str = "uts46", **flags):
    """The status of every name under `preset`: "ok" or the error name."""
    result = to_ascii(collection, preset, **flags)
    if isinstance(result, dask.bag.Bag):
        return result.map(lambda record: record[2])
    return result["status"]


def _write_partition(records, path: str, staging: str, status: bool) -> str:
    # Written in full under a name of its own, then renamed: a reader (or a
    # retried task after its worker died) never sees half a file.
    tmp = os.path.join(staging, "%s.%s" % (os.path.basename(path), uuid.uuid4().hex))
    with open(tmp, "w", encoding="utf-8", errors="surrogateescape", newline="\n") as f:
        if status:
            lines = ["%s\t%s\t%s\n" % (r[1] or "", r[2] or "", (r[3] or "").replace("\n", " "))
                     for r in records]
        else:
            lines = [(r[1] or "") + "\n" for r in records]
        # No fsync: the rename is atomic against a worker that dies (the
        # file is complete or absent); an fsync a part made every task wait
        # on the disk, and the workers sat idle for half the run.
        f.write("".join(lines))
    os.replace(tmp, path)
    return path


def write_lines(records: dask.bag.Bag, directory: str, status: bool = False,
                prefix: str = "part-") -> List[str]:
    """Writes a bag of records as DIRECTORY/part-00000.txt, ..., one file per
    partition in partition order, one line per record: the output ("" for a
    failed name, as the CLI writes), or with status=True "output<TAB>status<TAB>error".

    Computes the bag (on the current Dask client, if any) and returns the
    paths.  The directory must be one every worker can write (local or a
    shared filesystem): each file is written under a temporary name in
    DIRECTORY/_staging and renamed into place when complete, and _staging
    is removed at the end, whether the job succeeded or failed.
    """
    os.makedirs(directory, exist_ok=True)
    staging = os.path.join(directory, "_staging")
    os.makedirs(staging, exist_ok=True)
    parts = records.to_delayed()
    width = max(5, len(str(len(parts))))
    suffix = ".tsv" if status else ".txt"
    writes = [dask.delayed(_write_partition)(
                  part, os.path.join(directory, "%s%0*d%s" % (prefix, width, i, suffix)),
                  staging, status)
              for i, part in enumerate(parts)]
    try:
        return list(dask.compute(*writes))
    finally:
        shutil.rmtree(staging, ignore_errors=True)
