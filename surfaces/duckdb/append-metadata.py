#!/usr/bin/env python3
"""Makes a shared library a loadable DuckDB extension by appending the
metadata DuckDB's loader reads from the end of the file.

    python3 surfaces/duckdb/append-metadata.py LIBRARY OUTPUT --platform linux_amd64 \
        --api-version v1.2.0 --extension-version 0.1.0

The layout (DuckDB's scripts/append_metadata.cmake defines it) is a
WebAssembly custom section named "duckdb_signature": the byte 0, the
section's length (531) and the name's length (16) as LEB128, the name, the
payload's length (512) as LEB128, then eight 32-byte fields, NUL-padded,
written last field first, and 256 bytes of signature, all zero for an
unsigned extension (DuckDB loads it with allow_unsigned_extensions).
The fields used: 1 the magic "4", 2 the platform, 3 the DuckDB version or,
for the C_STRUCT ABI, the C API version the extension needs, 4 the
extension's version, 5 the ABI type.
"""
import argparse
import shutil


def field(text: str) -> bytes:
    data = text.encode("ascii")
    if len(data) > 32:
        raise SystemExit(f"append-metadata: field {text!r} is longer than 32 bytes")
    return data.ljust(32, b"\0")


def leb128(n: int) -> bytes:
    out = bytearray()
    while True:
        byte = n & 0x7F
        n >>= 7
        out.append(byte | (0x80 if n else 0))
        if not n:
            return bytes(out)


def footer(platform: str, api_version: str, extension_version: str) -> bytes:
    fields = ["4", platform, api_version, extension_version, "C_STRUCT", "", "", ""]
    name = b"duckdb_signature"
    payload = b"".join(field(f) for f in reversed(fields)) + bytes(256)
    body = leb128(len(name)) + name + leb128(len(payload)) + payload
    section = b"\0" + leb128(len(body)) + body
    assert len(section) == 534, len(section)
    return section


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("library")
    parser.add_argument("output")
    parser.add_argument("--platform", required=True)
    parser.add_argument("--api-version", default="v1.2.0")
    parser.add_argument("--extension-version", required=True)
    args = parser.parse_args()
    shutil.copyfile(args.library, args.output)
    with open(args.output, "ab") as f:
        f.write(footer(args.platform, args.api_version, args.extension_version))


if __name__ == "__main__":
    main()
