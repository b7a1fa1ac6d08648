"""Ctrl-C stops a bulk call at once (issue 52): the signal handlers run
between chunks of items, in the serial pass, in the threaded one (the GIL
released, helper threads converting) and in puny.hunt's matching.

Each test times the call uninterrupted, then has another process send it
SIGINT a fifth of the way in and measures how long after the
signal KeyboardInterrupt arrives.  Before the fix the handler ran when the
call returned (four fifths of its duration after the signal); now within a
chunk and a 10 ms look.  The bound is relative to the call's own duration
(a tenth of it), so a slow or busy machine does not make it flaky.
"""

import os
import signal
import subprocess
import sys
import time

import pytest

import puny
import puny.hunt


# Sends SIGINT to process argv[2] at time.monotonic() == argv[1] and prints
# when it did.  A process of its own, not a thread of this one: a thread
# needs the GIL to run, which the serial pass holds for the whole call.
# CLOCK_MONOTONIC, which time.monotonic() reads on Linux, is one clock for
# every process, so the two processes' times compare.
SENDER = """
import os, signal, sys, time
time.sleep(max(0.0, float(sys.argv[1]) - time.monotonic()))
sent = time.monotonic()
os.kill(int(sys.argv[2]), signal.SIGINT)
print(repr(sent))
"""


def interrupted_after(call, at):
    """Seconds from SIGINT (sent `at` seconds into `call()`) to KeyboardInterrupt."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    sender = subprocess.Popen([sys.executable, "-I", "-S", "-c", SENDER, repr(time.monotonic() + 0.3 + at),
                               str(os.getpid())], stdout=subprocess.PIPE, text=True)
    try:
        time.sleep(0.3)  # the sender's interpreter starts meanwhile
        try:
            call()
            # Returned before the handler ran: the signal is raised once the
            # call has returned (or once it is sent), and measured as late.
            sender.wait(timeout=30)
            time.sleep(1)
        except KeyboardInterrupt:
            caught = time.monotonic()
            out, _ = sender.communicate(timeout=30)
            assert sender.returncode == 0, "the SIGINT sender failed (exit %d)" % sender.returncode
            return caught - float(out)
        raise AssertionError("no KeyboardInterrupt within 1 s of SIGINT")
    finally:
        if sender.poll() is None:
            sender.kill()
            sender.wait()
        signal.signal(signal.SIGINT, previous)


def duration(call):
    start = time.perf_counter()
    call()
    return time.perf_counter() - start


def check_interrupt(make_call, n, what):
    """make_call(n): a call on n items.  n doubles (up to 16 times the
    first) until the call takes a second, then it is interrupted."""
    call = make_call(n)
    took = duration(call)
    while took < 1.0 and n < 16 * 1000000:
        n *= 2
        call = make_call(n)
        took = duration(call)
    what = what % n
    assert took >= 1.0, "%s took %.3f s uninterrupted: too short to interrupt in the middle" % (what, took)
    late = interrupted_after(call, took / 5)
    assert late < took / 10, (
        "%s: KeyboardInterrupt %.3f s after SIGINT; the call takes %.3f s, so the handler "
        "ran %.0f%% of the way after the signal (must be under 10%%)" % (what, late, took, 100 * late / took))


def names(n):
    return ["b\u00fccher-%d.m\u00fcnchen-stra\u00dfe.example" % i if i % 3 else "www%d.example.com" % i
            for i in range(n)]


def test_threaded_bulk_call_is_interrupted():
    # From 1,000,000 names: above puny.bulk_serial_below, converted by
    # threads with the GIL released.
    assert 1000000 >= puny._puny.bulk_serial_below

    def call(n):
        many = names(n)
        return lambda: puny.to_ascii_many(many)

    check_interrupt(call, 1000000, "to_ascii_many of %d names (threaded)")


def test_serial_bulk_call_is_interrupted():
    # Below the threads' threshold: the serial pass under the GIL, on names
    # made longer (more labels) until the call takes a second.
    def call(labels):
        long_names = [".".join(["l\u00e4bel%d" % j for j in range(labels // 1000)]) + "%d" % i
                      for i in range(60000)]
        assert len(long_names) < puny._puny.bulk_serial_below
        return lambda: puny.to_unicode_many(long_names)

    check_interrupt(call, 200000, "to_unicode_many of 60,000 names of %d/1000 labels (serial)")


def test_matches_many_is_interrupted():
    index = puny.hunt.BrandIndex(["paypal.com", "microsoft.com", "example.org"], psl=None)

    def call(n):
        many = ["rnicrosoft-%d.com" % i if i % 2 else "paypa1-login-%d.example" % i for i in range(n)]
        return lambda: index.matches_many(many)

    check_interrupt(call, 1000000, "BrandIndex.matches_many of %d names")


def test_threads_keep_working_after_an_interrupt():
    # The helper threads of an interrupted call stop, and the next call is whole.
    many = names(200000)
    expected = puny.to_ascii_many(many)
    interrupted_after(lambda: puny.to_ascii_many(names(1000000)), 0.05)
    assert puny.to_ascii_many(many) == expected
