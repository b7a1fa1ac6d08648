#!/usr/bin/env python3
"""Drops exports that nothing calls from a .wasm file, in place, with the
code that only they reach.

emscripten 3.1.6 exports stackSave, stackRestore and stackAlloc from every
module, for a JavaScript glue that the package does not use
(surfaces/js/lib/load.js instantiates the module itself).  In the
Punycode-only module, whose entry point is held to 10 KB
(surfaces/js/test/sizes.test.mjs), they cost 51 B packed.  binaryen's
wasm-metadce (installed with Debian's emscripten) removes them, given the
graph of what stays: every other export and every import.

    python3 surfaces/js/tools/drop-exports.py FILE.wasm NAME...
"""
import json
import os
import subprocess
import sys
import tempfile

path, drop = sys.argv[1], set(sys.argv[2:])
features = ["--enable-bulk-memory"]
text = subprocess.run(["wasm-dis", *features, path], check=True, capture_output=True, text=True).stdout
lines = text.splitlines()
exports = [line.split('"')[1] for line in lines if line.startswith(' (export "')]
imports = [line.split('"')[1:4:2] for line in lines if line.startswith(' (import "')]
missing = drop - set(exports)
if missing:
    raise SystemExit(f"drop-exports: {path} has no export {sorted(missing)}")
graph = [{"name": "root", "root": True,
          "reaches": [f"e{k}" for k, name in enumerate(exports) if name not in drop] +
                     [f"i{k}" for k in range(len(imports))]}]
graph += [{"name": f"e{k}", "export": name} for k, name in enumerate(exports)]
graph += [{"name": f"i{k}", "import": pair} for k, pair in enumerate(imports)]
with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
    json.dump(graph, f)
try:
    subprocess.run(["wasm-metadce", *features, path, "--graph-file", f.name, "-o", path],
                   check=True, capture_output=True, text=True)
finally:
    os.unlink(f.name)
