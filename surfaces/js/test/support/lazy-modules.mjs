// Shared by the lazy-loading tests (display-load, email-load, hunt-load):
// how many WebAssembly modules an entry point instantiates, and a bare
// context for the browser forms.
import vm from 'node:vm';
import { execFileSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';

// Imports `entryFile` as `name` in a fresh Node process that counts
// WebAssembly.Instance constructions, runs `body` (JavaScript that may call
// `mark()` to record the count so far) and returns the counts: the first is
// the count right after the import.
export function instanceCounts(entryFile, name, body) {
  const script = `
    let count = 0;
    const Original = WebAssembly.Instance;
    WebAssembly.Instance = new Proxy(Original, { construct(t, a) { ++count; return Reflect.construct(t, a); } });
    const ${name} = await import(${JSON.stringify(pathToFileURL(entryFile).href)});
    const counts = [count];
    const mark = () => counts.push(count);
    ${body}
    console.log(JSON.stringify(counts));`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }));
}

// The browser form in a bare context: no document, no fs, no XMLHttpRequest.
export function browserContext() {
  return vm.createContext({ queueMicrotask, atob, TextDecoder, TextEncoder, console });
}
