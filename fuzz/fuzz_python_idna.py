#!/usr/bin/env python3
"""A property fuzzer for puny.idna, the drop-in for Python's idna package
(issue 50: every entry point added since the last campaign is fuzzed).

    PYTHONPATH=build/tests/scale/python python3 fuzz/fuzz_python_idna.py SECONDS [SEED]

libFuzzer cannot steer Python code, so this draws inputs itself: names of
1-6 labels from an alphabet biased to what the IDNA2008 and UTS #46 rules
read (joiners and their context, CONTEXTO characters, Arabic-Indic digits,
Bidi classes, marks, mapped and disallowed code points, dots of every kind,
xn-- prefixes, lone surrogates, ASCII), plus the A-labels of earlier
successes and random mutations of them.  For every input, every public
function (encode, decode, alabel, ulabel, check_label, uts46_remap, the
check_* and valid_* functions, the idna2008 codec) is called, and:

  * nothing raises but the exceptions idna documents for it (IDNAError and
    its subclasses, UnicodeError, and IndexError for a position out of range);
  * encode returns ASCII bytes of at most 253 octets (254 with the root dot),
    labels of 1-63 octets; decode(encode(x)) succeeds, and encoding and
    decoding that again gives the same U-labels (idempotence; idna keeps a
    valid A-label as written, so the bytes may differ);
  * an A-label that ulabel accepts gives, through alabel, an A-label of the
    same U-label.

Prints the executions (inputs times functions), the rate and the first
failing input with its property; exit status 1 on a failure.
"""
import os
import random
import sys
import time

import puny.idna as idna
import puny.idna.codec  # noqa: F401  (registers the "idna2008" codec, as idna.codec does)

ALPHABET = (
    "abcdexyzl0129-" * 3 + "..." + "\u3002\uff0e\uff61"  # dots of every kind
    + "\u200c\u200d\u094d\u0915\u0628\u0627\u064b"         # joiners, virama, joining letters, T
    + "\u00b7\u0375\u03b1\u05d0\u05f3\u05f4\u30fb\u30a2\u4e00"  # CONTEXTO and their context
    + "\u0660\u0661\u06f0\u06f5"                           # Arabic-Indic digits (A.8/A.9)
    + "\u05d1\u0661\u0030\u0301\u0300\u0327"               # R, AN, EN, marks
    + "\ufdfa\u3316\u00df\u03c2\u2488\u00a0\u0378\ue000"   # mapped, deviation, disallowed, unassigned
    + "\ud800\udfff"                                       # lone surrogates
    + "ÀÉüÖ"                                               # upper case, mapped by UTS #46
)
IDNA_ERRORS = (idna.IDNAError, UnicodeError)


def draw_label(rng):
    n = rng.choice((1, 1, 2, 3, 5, 8, 13, 40, 64))
    label = "".join(rng.choice(ALPHABET) for _ in range(n))
    if rng.random() < 0.15:
        label = "xn--" + label
    return label


def draw_name(rng, seen):
    if seen and rng.random() < 0.3:
        base = rng.choice(seen)
        chars = list(base)
        for _ in range(rng.randint(1, 3)):
            i = rng.randrange(len(chars) + 1)
            op = rng.random()
            if op < 0.4 and chars:
                chars[min(i, len(chars) - 1)] = rng.choice("abcz019-.")
            elif op < 0.7:
                chars.insert(i, rng.choice(ALPHABET))
            elif chars:
                del chars[min(i, len(chars) - 1)]
        return "".join(chars)
    return ".".join(draw_label(rng) for _ in range(rng.randint(1, 6)))


class Failure(Exception):
    pass


def expect(cond, what):
    if not cond:
        raise Failure(what)


def call(fn, *args, allowed=IDNA_ERRORS):
    """fn(*args), or None when it raised one of `allowed`."""
    try:
        return fn(*args)
    except allowed:
        return None


def check_encoded(out, what):
    expect(isinstance(out, bytes), "%s returned %r, not bytes" % (what, type(out)))
    expect(all(b < 0x80 for b in out), "%s returned non-ASCII %r" % (what, out))
    text = out[:-1] if out.endswith(b".") else out
    expect(len(text) <= 253, "%s returned %d octets" % (what, len(text)))
    for label in text.split(b"."):
        expect(1 <= len(label) <= 63, "%s returned a label of %d octets" % (what, len(label)))


def one_input(s, seen):
    """Every function on s; returns the number of calls made."""
    calls = 0
    for uts46 in (False, True):
        out = call(idna.encode, s, False, uts46)
        calls += 1
        if out is None:
            continue
        check_encoded(out, "encode(uts46=%s)" % uts46)
        back = call(idna.decode, out)
        calls += 1
        expect(back is not None, "decode(encode(x)) raised for %r" % out)
        # idna passes an A-label through as written once it is valid
        # ("xn---0n6a", not the canonical "xn--0n6a"), so the fixed point is
        # the U-label form: decode(encode(decode(...))) is decode(...).
        again = call(idna.encode, back)
        calls += 1
        expect(again is not None, "encode(decode(encode(x))) raised for %r" % back)
        check_encoded(again, "encode(decode(encode(x)))")
        expect(call(idna.decode, again) == back,
               "decode(encode(%r)) = %r" % (back, call(idna.decode, again)))
        calls += 1
        for label in out.split(b"."):
            if label.startswith(b"xn--") and len(seen) < 5000:
                seen.append(label.decode("ascii"))
    calls += 1
    if call(idna.decode, s) is not None:
        pass
    for label in s.split(".")[:3]:
        if not label:
            continue
        a = call(idna.alabel, label)
        calls += 1
        if a is not None:
            expect(isinstance(a, bytes) and len(a) <= 63, "alabel gave %r" % (a,))
        u = call(idna.ulabel, label)
        calls += 1
        if u is not None and label.lower().startswith("xn--") and label.isascii():
            a2 = call(idna.alabel, u)
            expect(a2 is not None and call(idna.ulabel, a2) == u,
                   "ulabel(alabel(ulabel(%r))) is not ulabel(%r)" % (label, label))
            calls += 2
        call(idna.check_label, label)
        call(idna.check_bidi, label)
        call(idna.check_nfc, label)
        call(idna.check_hyphen_ok, label)
        call(idna.check_initial_combiner, label)
        calls += 5
        for pos in (0, len(label) // 2, len(label) - 1):
            call(idna.valid_contextj, label, pos, allowed=IDNA_ERRORS + (IndexError,))
            call(idna.valid_contexto, label, pos, allowed=IDNA_ERRORS + (IndexError,))
            calls += 2
    call(idna.uts46_remap, s)
    call(lambda x: x.encode("idna2008"), s)
    return calls + 2


def main():
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 60.0
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else int.from_bytes(os.urandom(4), "little")
    rng = random.Random(seed)
    seen = []
    inputs = calls = 0
    start = time.monotonic()
    deadline = start + seconds
    while time.monotonic() < deadline:
        for _ in range(200):
            s = draw_name(rng, seen)
            try:
                calls += one_input(s, seen)
            except Failure as f:
                print("FAIL (seed %d, input %d): %s\n  input: %r" % (seed, inputs, f, s))
                return 1
            except Exception as e:  # an exception idna never raises there
                print("FAIL (seed %d, input %d): %s: %s\n  input: %r"
                      % (seed, inputs, type(e).__name__, e, s))
                return 1
            inputs += 1
    elapsed = time.monotonic() - start
    print("fuzz_python_idna: seed %d, %d inputs, %d calls in %.0f s (%.0f calls/s), "
          "%d A-labels kept for mutation, 0 failures"
          % (seed, inputs, calls, elapsed, calls / elapsed, len(seen)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
