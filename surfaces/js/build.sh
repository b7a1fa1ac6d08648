#!/usr/bin/env bash
# Builds puny for JavaScript with Debian's emscripten (apt-get install
# emscripten; never an emsdk download) and assembles, under OUT_DIR:
#
#   cmake/          the emcmake build tree (surfaces/js/CMakeLists.txt)
#   package/        the npm package: package.json, README.md and, in dist/, three
#                   entry points in three forms each (NAME.mjs ES module,
#                   NAME.cjs CommonJS, NAME.browser.js classic script) with
#                   their types (NAME.d.ts):
#                     punycode  punycode.js's API (global `punycode`)
#                     puny      + UTS #46 / IDNA2008, presets, explain (global `puny`)
#                     display   + display safety and skeletons (global `puny`)
#                     email     e-mail addresses (global `punyEmail`)
#                     formats   JSON Schema format checkers (global `punyFormats`)
#                   and the modules display and email load at their first call:
#                   display.wasm, email.wasm and, packed for pages opened from
#                   file://, display-data.js, email-data.js; and the one
#                   puny/display's huntIndex loads at its first call (lookalike
#                   hunting): hunt.wasm, hunt-data.js
#   web/            the converter page (surfaces/js/web/), runnable from file:// or any
#                   static server
#   sizes.txt       what each entry point weighs, gzipped, and each .wasm per section
#
#   surfaces/js/build.sh [OUT_DIR]        (default: build/wasm)
#   PUNY_WASM_OPT=O2 PUNY_WASM_LINK_OPT=Os surfaces/js/build.sh   optimization levels of the
#                                compilation and the link (default O3 and O3)
#   PUNY_JS_MINIFY=0 surfaces/js/build.sh   entry files not minified (for reading them,
#                                or timing against the minified ones)
#
# Exit status 77 (ctest's skip code) with a loud message when emscripten is
# not installed; any other failure is an error.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
out="$(mkdir -p "${1:-$root/build/wasm}" && cd "${1:-$root/build/wasm}" && pwd)"
jobs="${JOBS:-2}"

if ! command -v emcmake >/dev/null || ! command -v em++ >/dev/null; then
  echo "########################################################################" >&2
  echo "## SKIPPED: emscripten is not installed (scripts/install-deps.sh installs" >&2
  echo "## Debian's package); the WebAssembly build and its tests did not run." >&2
  echo "########################################################################" >&2
  exit 77
fi
# Debian's emscripten runs its JavaScript optimizer with node and needs the
# Debian node modules (acorn), which a node from elsewhere does not search;
# so does Debian's terser.
export NODE_PATH="/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}"
if ! command -v terser >/dev/null; then
  echo "surfaces/js/build.sh: terser is not installed (scripts/install-deps.sh installs Debian's package)" >&2
  exit 1
fi

emcmake cmake -S "$here" -B "$out/cmake" -DCMAKE_BUILD_TYPE=Release -DPUNY_WASM_OPT="${PUNY_WASM_OPT:-O3}" -DPUNY_WASM_LINK_OPT="${PUNY_WASM_LINK_OPT:-O3}" >"$out/configure.log" 2>&1 ||
  { cat "$out/configure.log" >&2; exit 1; }
cmake --build "$out/cmake" -j"$jobs"

version="$(node -p "require('$here/package.json').version")"
lib="$here/lib"
emver="$(em++ --version 2>/dev/null | sed -n "1s/.*) //p")"

# The API files without their whole-line comments (the sources in surfaces/js/lib/
# keep them; a shipped file need not).  Only lines that are nothing but a
# comment go, so no string or regular expression can be cut.
strip_comments() { sed -e '/^[[:space:]]*\/\//d' -e '/^[[:space:]]*$/d' "$@"; }

# Minifies an entry file in place with Debian's terser: its default (safe)
# compression but no inlining of functions, local names shortened, class
# names kept (PunyError's constructor.name), the two header lines kept,
# lines broken after 300 characters: Node prints the whole source line of an
# uncaught error's throw site, which on one minified line was the whole
# entry file, packed .wasm included (64 KB on stderr for one PunyError;
# surfaces/js/test/errors.test.mjs holds it small).  An
# ES module is minified as one (--module).  About 40% of the JavaScript's
# gzipped size.  (With terser's inlining, core.js's output reader became an
# inline function expression in `take`, and decoding ran 20-35% slower in
# surfaces/js/bench/bench.mjs; without it, as fast as the sources.)
minify() {
  [ "${PUNY_JS_MINIFY:-1}" = 0 ] && return 0
  local file="$1"; shift
  # The Punycode-only entry point: a second pass, which folds its apiOnly
  # (surfaces/js/lib/core.js) into createPunyCore once that is inlined, so
  # that the helpers only the other layers use go (113 B gzipped).
  local passes=1
  case "$file" in */punycode.*) passes=2 ;; esac
  terser "$file" --compress inline=false,reduce_funcs=false,passes=$passes --mangle --keep-classnames --comments '/for JavaScript: generated|\(emscripten /' \
    --format max_line_len=300 \
    "$@" -o "$file.min" && mv "$file.min" "$file"
}

# Each entry file is one function scope holding the LZMA unpacker, the
# packed .wasm (surfaces/js/tools/pack-wasm.py) when it carries one, the
# loader (surfaces/js/lib/load.js, which compiles the binary synchronously)
# and the API layers of its level; only the footer differs between the
# three module forms.
#   assemble FILE WASM_BASE "LAYERS" HEADER FOOTER [READ]
# WASM_BASE: the module carried in the file (puny-punycode, puny), or empty:
# puny/display and puny/email carry none and load the one beside them at
# their first call (issue 54: carrying the main module as well made a page
# download the engine twice).  READ (puny/display, puny/email,
# puny/formats): a function expression giving the bytes of a module beside
# the entry file (@FILE@ in it: the file's name), which differs between the
# forms.
assemble() {
  local file="$1" base="$2" layers="$3"
  {
    echo "// puny $version for JavaScript: generated by surfaces/js/build.sh from surfaces/js/lib/ and"
    echo "// surfaces/js/src/ (emscripten $emver)."
    printf '%s\n' "$4"
    echo "const puny = (function () {"
    strip_comments "$lib/unpack.js"
    strip_comments "$lib/load.js"
    # What the entry points of this version share in one realm: the
    # PunyError class, and the main module with its core layer, made by the
    # first of puny and puny/formats to load (issue 51: each had its own,
    # ~20 MB a module; the Punycode-only entry point has a module of its
    # own, smaller; puny/display and puny/email load theirs when called).
    echo "const shared = globalThis[Symbol.for('puny $version')] || (globalThis[Symbol.for('puny $version')] = {});"
    if [ "$base" = puny ]; then
      echo "const Module = shared.main || (shared.main = loadWasm($(cat "$out/cmake/$base.packed")));"
    elif [ -n "$base" ]; then
      echo "const Module = loadWasm($(cat "$out/cmake/$base.packed"));"
    fi
    # apiOnly (surfaces/js/lib/core.js): no layer over the core's API at
    # the Punycode-only level, so its helpers for the layers can go.
    if [ "$layers" = punycode ]; then echo "const apiOnly = true;"; else echo "const apiOnly = false;"; fi
    strip_comments "$lib/core.js"
    local parts="core.api"
    case "$layers" in
      *idna*) strip_comments "$lib/api.js"; parts="$parts, createPunyIdna(Module, core)" ;;
    esac
    case "$layers" in
      *display*|*email*) strip_comments "$lib/read-beside.js" ;;
    esac
    # puny/display: every function over the display module beside the file
    # (display.wasm), loaded at the first call (surfaces/js/lib/lazy-entry.js);
    # what needs no call is written in (display-shape.json).
    case "$layers" in
      *display*)
        # huntIndex runs on the hunt module (hunt.wasm), loaded at its
        # first call: display verdicts download no hunt code.
        strip_comments "$lib/display.js" "$lib/hunt.js" "$lib/lazy-entry.js"
        echo "const PunyError = createPunyCore(null, '$version', shared).PunyError;"
        echo "return Object.freeze(lazyEntry($(cat "$out/cmake/display-shape.json"), () => {"
        echo "  const Module = loadWasm(besideBytes('puny/display', 'display.wasm', 'punyDisplayPacked', ${6//@FILE@/display.wasm}));"
        echo "  const core = createPunyCore(Module, '$version', shared);"
        echo "  return Object.assign({}, core.api, createPunyIdna(Module, core), createPunyDisplay(Module, core));"
        echo "}, PunyError, { huntIndex: () => {"
        echo "  const Module = loadWasm(besideBytes('puny/display', 'hunt.wasm', 'punyHuntPacked', ${6//@FILE@/hunt.wasm}));"
        echo "  return createPunyHunt(Module, createPunyCore(Module, '$version', shared));"
        echo "} }));"
        echo "})();"
        printf '%s\n' "$5"
        return ;;
    esac
    # puny/email and puny/formats: their own functions only, the e-mail
    # ones over the email module beside the file (email.wasm, one for both),
    # loaded at the first e-mail call (surfaces/js/lib/email-load.js); with
    # the package's version, PunyError and Unicode version.
    local own="{ version: core.api.version, PunyError: core.PunyError, unicodeVersion: core.api.unicodeVersion }"
    local email="createLazyEmail('$version', core, $(cat "$out/cmake/email-lists.json" 2>/dev/null), ${6//@FILE@/email.wasm})"
    case "$layers" in
      *email*) strip_comments "$lib/email.js" "$lib/email-load.js" ;;
    esac
    case "$layers" in
      *formats*)
        strip_comments "$lib/formats.js"
        parts="$own, createPunyFormats($email, createPunyIdna(Module, core))" ;;
      *email*) parts="$own, $email" ;;
    esac
    if [ "$base" = puny ]; then
      echo "const core = shared.core || (shared.core = createPunyCore(Module, '$version', shared));"
    elif [ -n "$base" ]; then
      echo "const core = createPunyCore(Module, '$version', shared);"
    else
      # puny/email: no module until the first e-mail call; the realm's
      # PunyError, the version and the Unicode version (written in).
      echo "const core = { PunyError: createPunyCore(null, '$version', shared).PunyError, api: { version: '$version', unicodeVersion: '$unicode_version' } };"
    fi
    echo "return Object.freeze(Object.assign({}, $parts));"
    echo "})();"
    printf '%s\n' "$5"
  } >"$file"
}

punycode_names="version, encode, decode, toASCII, toUnicode, ucs2, encodeMany, decodeMany, PunyError, unicodeVersion"
idna_names="$punycode_names, toAscii, toAsciiResult, toUnicodeResult, toAsciiMany, toUnicodeMany, idna, explain, presets, presetList, presetAliases, presetFlags, flagNames"
display_names="$idna_names, display, toDisplay, skeleton, displayProfiles, displayReasons, huntIndex, huntRules, huntAlertScore"
email_names="version, PunyError, unicodeVersion, validate, validateResult, normalize, toAscii, toUnicode, displayProfiles"
formats_names="version, PunyError, unicodeVersion, hostname, idnHostname, email, idnEmail, formats, addFormats"

mkdir -p "$out/package/dist"
# The display module goes beside puny/display's entry files twice: as
# display.wasm (read by Node, or fetched synchronously by a page served over
# HTTP) and as display-data.js, a classic script holding it packed, for a
# page opened from file:// (surfaces/js/lib/display-load.js).  Its profile and
# reason lists are written into the entry files (reading them loads nothing).
# So does the email module beside puny/email's and puny/formats' (email.wasm,
# email-data.js; surfaces/js/lib/email-load.js), with its profile names, and
# the hunt module beside puny/display's (hunt.wasm, hunt-data.js: huntIndex
# only, surfaces/js/lib/lazy-entry.js), with its rules.
#   beside NAME BASE GLOBAL
beside() {
  cp "$out/cmake/$2.wasm" "$out/package/dist/$1.wasm"
  python3 "$here/tools/pack-wasm.py" "$out/cmake/$2.wasm" >"$out/cmake/$2.packed"
  {
    echo "// puny $version for JavaScript: puny/$1's module, packed, for pages that cannot"
    echo "// read $1.wasm (file://); load it before $1.browser.js. Generated by surfaces/js/build.sh."
    sed -e "s/^unpackWasm(/globalThis.$3 = [/" -e 's/)$/];/' "$out/cmake/$2.packed"
    echo
  } >"$out/package/dist/$1-data.js"
}
beside display puny-display punyDisplayPacked
beside email puny-email punyEmailPacked
beside hunt puny-hunt punyHuntPacked
# puny/display's entry file: the shape of its API (surfaces/js/lib/lazy-entry.js),
# from the real API over the display module and, for huntIndex and
# huntRules, the hunt module: 0 for a function, [value] for data, an object
# for an object of functions.
{
  echo "const apiOnly = false;"
  strip_comments "$lib/load.js" "$lib/core.js" "$lib/api.js" "$lib/display.js" "$lib/hunt.js"
  echo "const m = loadWasm(require('fs').readFileSync(process.argv[2]));"
  echo "const core = createPunyCore(m, '$version');"
  echo "const h = loadWasm(require('fs').readFileSync(process.argv[3]));"
  echo "const api = Object.assign({}, core.api, createPunyIdna(m, core), createPunyDisplay(m, core),"
  echo "                          createPunyHunt(h, createPunyCore(h, '$version')));"
  echo "delete api.PunyError;"
  echo "const hasFunction = (v) => Object.keys(v).some((k) => typeof v[k] === 'function');"
  echo "const shape = (v) => typeof v === 'function' ? 0 : v !== null && typeof v === 'object' && !Array.isArray(v) && hasFunction(v) ?"
  echo "  Object.fromEntries(Object.keys(v).map((k) => [k, shape(v[k])])) : [v];"
  echo "process.stdout.write(JSON.stringify(shape(api)));"
} >"$out/cmake/display-shape.cjs"
node "$out/cmake/display-shape.cjs" "$out/cmake/puny-display.wasm" "$out/cmake/puny-hunt.wasm" >"$out/cmake/display-shape.json"
unicode_version="$(node -p "require('$out/cmake/display-shape.json').unicodeVersion[0]")"
{
  echo "const apiOnly = false;"
  strip_comments "$lib/load.js" "$lib/core.js" "$lib/email.js"
  echo "const m = loadWasm(require('fs').readFileSync(process.argv[2]));"
  echo "process.stdout.write(JSON.stringify(createPunyEmail(m, createPunyCore(m, '')).displayProfiles));"
} >"$out/cmake/email-lists.cjs"
node "$out/cmake/email-lists.cjs" "$out/cmake/puny-email.wasm" >"$out/cmake/email-lists.json"
for entry in punycode:puny-punycode:punycode:punycode puny:puny:idna:puny display::idna,display:puny \
             email::email:punyEmail formats:puny:idna,email,formats:punyFormats; do
  IFS=: read -r name base layers global <<<"$entry"
  [ -z "$base" ] || [ "$out/cmake/$base.packed" -nt "$out/cmake/$base.wasm" ] || python3 "$here/tools/pack-wasm.py" "$out/cmake/$base.wasm" >"$out/cmake/$base.packed"
  names_var="${name}_names"
  [ "$name" = puny ] && names_var=idna_names
  # (new URL('FILE', import.meta.url) as such: webpack 5 emits the file it
  # names as an asset.  An empty import.meta.url, an ES module bundled into
  # CommonJS or a script, is an error that names the way out: besideUrl.)
  assemble "$out/package/dist/$name.mjs" "$base" "$layers" "" "export default puny;
export const { ${!names_var} } = puny;" "() => readBeside(import.meta.url ? new URL('@FILE@', import.meta.url) : besideUrl('@FILE@', ''))"
  assemble "$out/package/dist/$name.cjs" "$base" "$layers" "'use strict';" "module.exports = puny;" \
    "() => require('fs').readFileSync(require('path').join(__dirname, '@FILE@'))"
  # (document.currentScript: the <script> element running now, at load.)
  # The classic script is one block, so that its `const puny` is no global
  # binding: two of the package's scripts on one page (puny.browser.js and
  # formats.browser.js, say) would otherwise fail with "Identifier 'puny' has
  # already been declared".
  # A bundler that reads package.json's "browser" field (browserify, webpack
  # 4) wraps the file in a CommonJS function: there it is module.exports too.
  # The file's own URL (ownScriptUrl, surfaces/js/lib/read-beside.js) is read
  # at load, from the <script> element or, in a classic worker, a stack trace.
  assemble "$out/package/dist/$name.browser.js" "$base" "$layers" "{" "globalThis.$global = puny;
if (typeof module === 'object' && module !== null && typeof module.exports === 'object') module.exports = puny;
}" \
    "((src) => () => readBeside(besideUrl('@FILE@', src)))(ownScriptUrl())"
  minify "$out/package/dist/$name.mjs" --module
  minify "$out/package/dist/$name.cjs"
  minify "$out/package/dist/$name.browser.js"
done
cp "$lib/puny.d.ts" "$lib/punycode.d.ts" "$lib/display.d.ts" "$lib/email.d.ts" "$lib/formats.d.ts" "$out/package/dist/"
# The CommonJS declarations (NAME.d.cts) for require() and for TypeScript's
# CommonJS module modes (surfaces/js/tools/cts-types.mjs says why).
for name in punycode puny display email formats; do
  node "$here/tools/cts-types.mjs" "$lib" "$name" >"$out/package/dist/$name.d.cts"
done
# The package.json that ships: without "scripts" (build.sh and test/ stay in
# the source tree).  Each subpath also gets a folder with a package.json, for
# the tools that read no "exports" (browserify, webpack 4, TypeScript's node10
# resolution): require('puny/display') finds display/package.json there.
node -e '
  const fs = require("fs");
  const p = JSON.parse(fs.readFileSync(process.argv[1], "utf8"));
  delete p.scripts;
  fs.writeFileSync(process.argv[2], JSON.stringify(p, null, 2) + "\n");' "$here/package.json" "$out/package/package.json"
for name in punycode display email formats; do
  mkdir -p "$out/package/$name"
  printf '{\n  "main": "../dist/%s.cjs",\n  "module": "../dist/%s.mjs",\n  "browser": "../dist/%s.browser.js",\n  "types": "../dist/%s.d.cts"\n}\n' \
    "$name" "$name" "$name" "$name" >"$out/package/$name/package.json"
done
# The README's links into the source tree (../../docs/...) lead nowhere in
# the published package: there they become plain text naming the file.
sed -E 's#\[([^]]*)\]\(\.\./\.\./([^)]*)\)#\1 (in puny'"'"'s source tree)#g' "$here/README.md" >"$out/package/README.md"

# The page: static files plus the browser build, nothing fetched from elsewhere.
mkdir -p "$out/web"
cp "$here"/web/*.html "$here"/web/*.css "$here"/web/*.js "$out/web/"
cp "$out/package/dist/display.browser.js" "$out/web/puny.js"
cp "$out/package/dist/display-data.js" "$out/web/puny-display-data.js"
cp "$out/package/dist/hunt-data.js" "$out/web/puny-hunt-data.js"

# What a browser or bundler loads for each entry point, gzipped (the
# package's size budget, checked by surfaces/js/test/sizes.test.mjs).
node "$here/tools/wasm-sizes.mjs" --entries "$out/package/dist" \
  "$out/cmake/puny-punycode.wasm" "$out/cmake/puny.wasm" "$out/cmake/puny-display.wasm" "$out/cmake/puny-hunt.wasm" "$out/cmake/puny-email.wasm" >"$out/sizes.txt"
cat "$out/sizes.txt"
