#!/usr/bin/env python3
"""Checks `puny explain` (ctest cli.explain) against the numbers the seeds
and RFC 3492 section 7 compute by hand for sample L (3年B組金八先生)."""
import json
import subprocess
import sys
import unittest

PUNY = None
SAMPLE = "3年B組金八先生"
ENCODED = "3B-ww4c5e180e575a65lsy2b"
DELTAS = [62042, 139, 16683, 34821, 14592, 42088]
BIASES = [72, 27, 24, 67, 82, 67]


def run(*args):
    return subprocess.run([PUNY, *args], capture_output=True, check=False,
                          env={"LC_ALL": "C", "PATH": "/usr/bin:/bin"})


class ExplainTest(unittest.TestCase):
    def test_encode_json_trace(self):
        r = run("explain", "encode", "--json", SAMPLE)
        self.assertEqual(r.returncode, 0, r.stderr)
        doc = json.loads(r.stdout)
        self.assertEqual(doc["output"], ENCODED)
        self.assertEqual(doc["basic"], "3B")
        self.assertEqual([d["delta"] for d in doc["deltas"]], DELTAS)
        self.assertEqual([d["bias"] for d in doc["deltas"]], BIASES)
        self.assertEqual("".join(c["character"] for d in doc["deltas"] for c in d["digits"]),
                         ENCODED.split("-")[1])
        # The insertion order is ascending code point order.
        cps = [int(d["code_point"][2:], 16) for d in doc["deltas"]]
        self.assertEqual(cps, sorted(cps))
        for d in doc["deltas"]:
            c = d["computation"]
            if c["new_code_point"]:
                step = (int(d["code_point"][2:], 16) - int(c["previous_n"][2:], 16)) * (c["handled"] + 1)
                self.assertEqual(c["carried"] + step + c["smaller_before"], d["delta"])

    def test_decode_json_trace(self):
        r = run("explain", "decode", "--json", ENCODED)
        self.assertEqual(r.returncode, 0, r.stderr)
        doc = json.loads(r.stdout)
        self.assertEqual(doc["output"], SAMPLE)
        self.assertEqual([d["delta"] for d in doc["deltas"]], DELTAS)
        self.assertEqual([d["bias"] for d in doc["deltas"]], BIASES)
        self.assertEqual(doc["deltas"][-1]["text_after"], SAMPLE)
        for d in doc["deltas"]:
            self.assertEqual(sum(x["value"] * x["weight"] for x in d["digits"]), d["delta"])

    def test_text_trace_mentions_every_delta(self):
        r = run("explain", "encode", SAMPLE)
        self.assertEqual(r.returncode, 0, r.stderr)
        text = r.stdout.decode()
        for delta, bias in zip(DELTAS, BIASES):
            self.assertIn(f"= {delta}", text)
            self.assertIn(f"bias {bias},", text)
        self.assertIn("Result: " + ENCODED, text)

    def test_to_ascii_trace(self):
        r = run("explain", "to-ascii", "--json", "Fa\u00df.DE")
        self.assertEqual(r.returncode, 0, r.stderr)
        doc = json.loads(r.stdout)
        self.assertEqual(doc["output"], "xn--fa-hia.de")
        self.assertEqual([m["status"] for m in doc["mappings"]],
                         ["mapped", "deviation", "mapped", "mapped"])
        self.assertEqual(doc["mapped"], "fa\u00df.de")
        self.assertEqual([l["ascii"] for l in doc["labels"]], ["xn--fa-hia", "de"])
        r = run("explain", "to-ascii", "--json", "--transitional", "Fa\u00df.DE")
        doc = json.loads(r.stdout)
        self.assertEqual(doc["output"], "fass.de")
        self.assertEqual(doc["mappings"][1]["replacement"], "ss")

    def test_to_ascii_trace_names_the_failed_check(self):
        r = run("explain", "to-ascii", "--json", "xn--bcher-kva.-ab")
        self.assertEqual(r.returncode, 1)
        doc = json.loads(r.stdout)
        self.assertEqual(doc["labels"][0]["decoded"], "b\u00fccher")
        self.assertEqual([e["code"] for e in doc["labels"][1]["errors"]], ["V3"])
        self.assertIsNone(doc["output"])
        text = run("explain", "to-ascii", "xn--bcher-kva.-ab").stdout.decode()
        self.assertIn("failed: leading_hyphen (V3)", text)

    def test_decode_failure_is_reported(self):
        r = run("explain", "decode", "a-9z5g")
        self.assertEqual(r.returncode, 1)
        self.assertIn("decoded_out_of_range", r.stdout.decode())


if __name__ == "__main__":
    PUNY = sys.argv.pop(1)
    unittest.main()
