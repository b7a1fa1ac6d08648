#!/usr/bin/env python3
"""Packs a .wasm file for embedding in a JavaScript entry file.

Prints one JavaScript expression that evaluates to the binary as a
Uint8Array: a call of unpackWasm (surfaces/js/lib/unpack.js) on the binary compressed
with raw LZMA1 and base64-encoded.  The literal-context (lc), literal-position
(lp) and position (pb) parameters are the smallest of a few tried; the
decoder reads them from the call.

    python3 surfaces/js/tools/pack-wasm.py FILE.wasm > expression.js
"""
import base64
import lzma
import sys


def compress(data: bytes, lc: int, lp: int, pb: int, **finder):
    filters = [{"id": lzma.FILTER_LZMA1, "preset": 9 | lzma.PRESET_EXTREME,
                "lc": lc, "lp": lp, "pb": pb, "dict_size": 1 << 22, **finder}]
    packed = lzma.compress(data, format=lzma.FORMAT_RAW, filters=filters)
    # The decoder must give back exactly the input (a round trip here
    # catches an unsupported liblzma before a browser would).
    if lzma.decompress(packed, format=lzma.FORMAT_RAW, filters=filters)[: len(data)] != data:
        raise SystemExit("pack-wasm: LZMA round trip failed")
    return packed


def pack(data: bytes):
    best = None
    for lc, lp, pb in [(0, 0, 0), (0, 1, 0), (1, 0, 0), (3, 0, 0), (3, 0, 1), (3, 0, 2),
                       (0, 2, 2), (2, 0, 2)]:
        packed = compress(data, lc, lp, pb)
        if best is None or len(packed) < len(best[0]):
            best = (packed, lc, lp, pb)
    # Then, with those parameters, the encoder's match finder and its
    # "nice" match length: the stream stays plain LZMA for the decoder, and
    # the smallest varies by module (35 B less of the Punycode-only one,
    # whose entry point has a 10 KB budget).
    _, lc, lp, pb = best
    for mf in (lzma.MF_BT4, lzma.MF_BT3, lzma.MF_BT2, lzma.MF_HC4):
        for nice_len in (273, 128, 64, 32):
            packed = compress(data, lc, lp, pb, mf=mf, nice_len=nice_len, depth=0)
            if len(packed) < len(best[0]):
                best = (packed, lc, lp, pb)
    return best


def main() -> None:
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    data = open(sys.argv[1], "rb").read()
    if data[:4] != b"\0asm":
        raise SystemExit(f"pack-wasm: {sys.argv[1]} is not a WebAssembly binary")
    packed, lc, lp, pb = pack(data)
    b64 = base64.b64encode(packed).decode("ascii")
    sys.stdout.write(f"unpackWasm('{b64}', {len(data)}, {lc}, {lp}, {pb})")


if __name__ == "__main__":
    main()
