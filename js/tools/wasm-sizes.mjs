// Prints the size of a .wasm file raw and gzipped, and of each section
// (WebAssembly core spec 5.5: id byte, LEB128 size, contents), so the docs
// can say where the bytes are: code, or data (the Unicode tables).
//
//   node js/tools/wasm-sizes.mjs FILE.wasm [FILE.wasm...]
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const names = ['custom', 'type', 'import', 'function', 'table', 'memory', 'global', 'export',
               'start', 'element', 'code', 'data', 'datacount'];

function sections(bytes) {
  if (bytes.readUInt32LE(0) !== 0x6d736100) throw new Error('not a WebAssembly binary');
  const out = [];
  let at = 8;
  while (at < bytes.length) {
    const id = bytes[at++];
    let size = 0, shift = 0, b;
    do { b = bytes[at++]; size += (b & 0x7f) * 2 ** shift; shift += 7; } while (b & 0x80);
    out.push({ name: names[id] || `id${id}`, size });
    at += size;
  }
  return out;
}

for (const file of process.argv.slice(2)) {
  const bytes = readFileSync(file);
  const parts = sections(bytes).map((s) => `${s.name} ${s.size}`).join(', ');
  console.log(`${file}: ${bytes.length} bytes, ${gzipSync(bytes, { level: 9 }).length} gzip -9; sections: ${parts}`);
}
