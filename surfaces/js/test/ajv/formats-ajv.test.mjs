// puny/formats in the real ajv (issue 38): each checker registered with
// ajv.addFormat (through addFormats), then every case of the
// JSON-Schema-Test-Suite files for hostname, idn-hostname, email and
// idn-email that Debian's json-schema-test-suite package ships (draft 7,
// the newest draft it has; docs/email.md) validated by ajv with the suite's
// own schema.  Run by run.sh, which installs ajv into PUNY_AJV_DIR.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const packageDir = process.env.PUNY_JS_PACKAGE;
const ajvDir = process.env.PUNY_AJV_DIR;
assert.ok(packageDir && ajvDir, 'PUNY_JS_PACKAGE and PUNY_AJV_DIR must be set (run.sh sets them)');
const require = createRequire(path.join(ajvDir, 'package.json'));
const Ajv = require('ajv').default;
const formats = await import(pathToFileURL(path.join(packageDir, 'dist', 'formats.mjs')).href);
const formatsCjs = require(path.join(packageDir, 'dist', 'formats.cjs'));
const suite = '/usr/share/json-schema-test-suite/tests/draft7/optional/format';
const names = ['hostname', 'idn-hostname', 'email', 'idn-email'];

function runSuite(ajv) {
  let ran = 0;
  for (const name of names) {
    const file = path.join(suite, `${name}.json`);
    assert.ok(fs.existsSync(file), `${file} missing (apt-get install json-schema-test-suite)`);
    for (const group of JSON.parse(fs.readFileSync(file, 'utf8'))) {
      const validate = ajv.compile(group.schema);
      for (const c of group.tests) {
        assert.equal(validate(c.data), c.valid, `${name}: ${JSON.stringify(c.data)} (${c.description})`);
        ++ran;
      }
    }
  }
  return ran;
}

test('every suite case through ajv with the four checkers added (ES module)', () => {
  // strictTypes off: the suite's schemas are a bare {format}, which ajv's
  // strict mode would want typed.
  const ajv = new Ajv({ strictTypes: false });
  assert.equal(formats.addFormats(ajv), ajv);
  assert.ok(runSuite(ajv) >= 13);
});

test('the same through the CommonJS entry file', () => {
  assert.ok(runSuite(formatsCjs.addFormats(new Ajv({ strictTypes: false }))) >= 13);
});

test('ajv reports the format keyword for an invalid value; other types pass', () => {
  const ajv = formats.addFormats(new Ajv({ allErrors: true, strictTypes: false }));
  const validate = ajv.compile({
    type: 'object',
    properties: { to: { type: 'string', format: 'idn-email' }, host: { format: 'hostname' } },
  });
  assert.equal(validate({ to: '\uc2e4\ub840@\uc2e4\ub840.\ud14c\uc2a4\ud2b8', host: 'xn--bcher-kva.de' }), true);
  assert.equal(validate({ to: 'a@\u2665.com', host: 'b\u00fccher.de' }), false);
  assert.deepEqual(validate.errors.map((e) => [e.instancePath, e.keyword, e.params.format]),
                   [['/to', 'format', 'idn-email'], ['/host', 'format', 'hostname']]);
  assert.equal(validate({ host: 12 }), true);
});

test('without puny/formats ajv knows none of the four (so the checks above are ours)', () => {
  const ajv = new Ajv({ strictTypes: false });
  for (const name of names) assert.throws(() => ajv.compile({ format: name }), /unknown format/);
});
