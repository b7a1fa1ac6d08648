"""puny.dask on a distributed.LocalCluster of worker processes over TCP
(ctest scale.dask, label dask): a million names in five files converted
per partition and written as part files equal `puny to-ascii -j 1` line for
line, with the same error names; bad names, an empty partition, a partition
of only invalid UTF-8, missing values in a dataframe column.
"""

import os
import shutil

import dask
import dask.bag as db
import dask.dataframe as dd
import distributed
import pandas as pd
import pytest

import puny
import puny.dask

import scale_data


@pytest.fixture(scope="module")
def work():
    path = os.environ["PUNY_SCALE_WORK"]
    shutil.rmtree(path, ignore_errors=True)
    os.makedirs(path)
    return path


@pytest.fixture(scope="module")
def client():
    with scale_data.local_cluster(2) as cluster, distributed.Client(cluster) as c:
        # Processes over TCP, as on a cluster of machines.
        workers = c.scheduler_info()["workers"]
        assert len(workers) == 2 and all(a.startswith("tcp://") for a in workers)
        assert len(set(c.run(os.getpid).values()) | {os.getpid()}) == 3
        yield c


def single_status(name):
    """The one-name API's verdict (puny.to_ascii raising), independent of
    the bulk call puny.dask uses."""
    try:
        return puny.to_ascii(name), "ok"
    except puny.Error as e:
        return "", e.code


def same_status(status, message, cli_status):
    """The CLI reads bytes and names a line that is not UTF-8 invalid_utf8;
    Python reads it as str with each undecodable byte as the lone surrogate
    U+DC80 + byte (PEP 383), which the library names invalid_code_point."""
    if cli_status == "invalid_utf8":
        return status == "invalid_code_point" and "(U+DC" in message
    return status == cli_status


def test_million_names_equal_cli(client, work):
    paths = scale_data.make_input(work)
    expected, cli_errors = scale_data.cli_answer(paths, work)
    assert len(expected) == scale_data.NAMES
    names = puny.dask.read_names(os.path.join(work, "in", "names-*.txt"), blocksize="1MiB")
    assert names.npartitions > scale_data.FILES  # files cut into several partitions
    out = os.path.join(work, "out")
    written = puny.dask.write_lines(puny.dask.to_ascii(names), out, status=True)
    assert len(written) == names.npartitions
    lines, files = scale_data.read_parts(out, ".tsv")
    assert sorted(os.listdir(out)) == files  # nothing else: no staging, no partial file
    assert len(lines) == len(expected)
    mismatches = []
    for number, (line, want) in enumerate(zip(lines, expected), 1):
        output, status, message = line.split("\t")
        if output != want or not same_status(status, message, cli_errors.get(number, "ok")) \
                or (status == "ok") != (message == ""):
            mismatches.append((number, line, want, cli_errors.get(number)))
    assert not mismatches, mismatches[:10]
    # The input's deliberate faults are among the failures, with their names.
    # (line 12 is empty: an empty name converts to an empty name, UTS #46
    # section 4 with VerifyDnsLength false, so it is no failure).
    assert cli_errors[8] == "invalid_utf8" and expected[11] == "" and 12 not in cli_errors


def test_bad_names_are_rows(client):
    names = ["Bücher.example", "a b.example", "xn--a.example", "ab--c.example", "",
             "a..b", "\udcff.example", "x" * 64 + ".example", "faß.de"]
    records = puny.dask.to_ascii(db.from_sequence(names, npartitions=3)).compute()
    assert [r[0] for r in records] == names
    for name, (_, output, status, message) in zip(names, records):
        assert (output, status) == single_status(name), name
        assert (message == "") == (status == "ok")
    assert puny.dask.check(db.from_sequence(names, npartitions=2)).compute() == \
        [single_status(n)[1] for n in names]
    # An unknown preset is the caller's error: it raises, for every name.
    with pytest.raises(Exception, match="preset"):
        puny.dask.to_ascii(db.from_sequence(names), preset="no-such-preset").compute()


def test_empty_partition(client, work):
    parts = [["a.example"], [], ["Bücher.example", "a b.example"]]
    bag = db.from_delayed([dask.delayed(list)(p) for p in parts])
    out = os.path.join(work, "empty")
    written = puny.dask.write_lines(puny.dask.to_ascii(bag), out)
    assert [os.path.basename(p) for p in written] == \
        ["part-00000.txt", "part-00001.txt", "part-00002.txt"]
    assert [open(p, encoding="utf-8").read() for p in written] == \
        ["a.example\n", "", "xn--bcher-kva.example\n\n"]
    assert sorted(os.listdir(out)) == ["part-00000.txt", "part-00001.txt", "part-00002.txt"]


def test_partition_of_only_invalid_utf8(client, work):
    directory = os.path.join(work, "invalid")
    os.makedirs(directory, exist_ok=True)
    with open(os.path.join(directory, "a.txt"), "wb") as f:
        f.write(b"ok.example\n")
    with open(os.path.join(directory, "b.txt"), "wb") as f:
        f.write(b"\xff\n\xc3(.example\n\xed\xa0\x80.example\r\n")
    names = puny.dask.read_names(os.path.join(directory, "*.txt"))
    assert names.npartitions == 2
    records = puny.dask.to_ascii(names).compute()
    assert [r[1:3] for r in records[:1]] == [("ok.example", "ok")]
    assert len(records) == 4
    for _, output, status, message in records[1:]:
        assert output == "" and same_status(status, message, "invalid_utf8"), message
    # The CLI rejects the same lines.
    cli = scale_data.cli_answer([os.path.join(directory, "b.txt")], directory)
    assert cli == (["", "", ""], {1: "invalid_utf8", 2: "invalid_utf8", 3: "invalid_utf8"})


def test_dataframe_column(client):
    frame = pd.DataFrame({"name": ["Bücher.example", None, "a b.example", float("nan"),
                                   "xn--bcher-kva.example", 42]})
    df = dd.from_pandas(frame, npartitions=2)
    ascii_ = puny.dask.to_ascii(df["name"]).compute()
    assert list(ascii_.columns) == ["output", "status", "error"]
    assert list(ascii_.index) == list(frame.index)
    assert list(ascii_["output"]) == ["xn--bcher-kva.example", None, "", None,
                                      "xn--bcher-kva.example", ""]
    assert list(ascii_["status"]) == ["ok", None, "forbidden_domain_code_point", None, "ok",
                                      "wrong_type"]
    # As docs/scale.md shows it: a new column of the same dataframe.
    df["ascii"] = puny.dask.to_ascii(df["name"])["output"]
    assert list(df.compute()["ascii"]) == list(ascii_["output"])
    unicode_ = puny.dask.to_unicode(df["name"], preset="uts46-raw").compute()
    assert list(unicode_["output"])[:3] == ["bücher.example", None, "a b.example"]
    assert list(puny.dask.check(df["name"]).compute()) == list(ascii_["status"])


def test_display(client):
    names = ["Bücher.example", "xn--80ak6aa92e.com", "a b.example", "раураl.com"]
    records = puny.dask.display(db.from_sequence(names, npartitions=2)).compute()
    for name, (_, output, status, _message) in zip(names, records):
        try:
            want = (puny.to_display(name), "ok")
        except puny.Error as e:
            want = ("", e.code)
        assert (output, status) == want
    assert records[2][2] == "forbidden_domain_code_point"
