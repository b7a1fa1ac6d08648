"""A worker process dies mid-run (ctest scale.dask_worker_death, label
dask): SIGKILL to one of two worker processes while it is converting a
partition; the scheduler reruns its tasks, the nanny starts a new worker
process, and the job's output still equals `puny to-ascii -j 1` line for
line, with no partial or temporary file left in the output directory.
"""

import os
import shutil
import signal
import threading
import time

import distributed

import puny.dask

import scale_data


def test_worker_killed_mid_run():
    work = os.environ["PUNY_SCALE_WORK"]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    paths = scale_data.make_input(work)
    expected, _ = scale_data.cli_answer(paths, work)
    out = os.path.join(work, "out")
    with scale_data.local_cluster(2) as cluster, distributed.Client(cluster) as client:
        pids = client.run(os.getpid)
        names = puny.dask.read_names(os.path.join(work, "in", "names-*.txt"), blocksize="256KiB")
        total = names.npartitions
        result = {}

        def job():
            try:
                result["paths"] = puny.dask.write_lines(puny.dask.to_ascii(names), out)
            except BaseException as e:  # reported by the assertion below
                result["error"] = e

        thread = threading.Thread(target=job)
        thread.start()
        # Wait until the job is under way: some parts written, a task on a worker.
        victim = None
        deadline = time.monotonic() + 60
        while victim is None and time.monotonic() < deadline:
            done = [n for n in os.listdir(out) if n.startswith("part-")] \
                if os.path.isdir(out) else []
            busy = [a for a, tasks in client.processing().items() if tasks]
            if len(done) >= 2 and busy:
                victim = busy[0]
            else:
                time.sleep(0.01)
        assert victim is not None, "the job never got under way"
        done_before = len([n for n in os.listdir(out) if n.startswith("part-")])
        assert done_before < total, "the job ended before the worker could be killed"
        os.kill(pids[victim], signal.SIGKILL)
        thread.join(240)
        assert not thread.is_alive(), "the job did not finish after the worker died"
        assert "error" not in result, result.get("error")
        # The worker died (its process is gone) and the nanny replaced it.
        try:
            os.kill(pids[victim], 0)
            alive = True
        except ProcessLookupError:
            alive = False
        assert not alive
        client.wait_for_workers(2, timeout=60)
        assert pids[victim] not in client.run(os.getpid).values()
    assert len(result["paths"]) == total
    lines, files = scale_data.read_parts(out)
    assert sorted(os.listdir(out)) == files  # no _staging, no partial file
    assert len(files) == total
    assert lines == expected
