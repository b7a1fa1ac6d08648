// puny for JavaScript: JSON Schema format checkers (JSON Schema Validation,
// draft 2020-12 section 7.3.2 and 7.3.3) for "hostname", "idn-hostname",
// "email" and "idn-email", on puny's core, for the `puny/formats` entry point;
// the same rules as Python's puny.formats (surfaces/python/puny/formats.py).
//
//   hostname      RFC 1123 section 2.1 host names: ASCII, in their ASCII
//                 form already, every A-label valid (RFC 5890 section 2.3.2.1):
//                 UTS #46 with STD3 rules, hyphen checks and DNS lengths (the
//                 uts46-strict preset), nothing mapped but case, and each
//                 A-label's U-label valid IDNA2008 (RFC 5891 section 4)
//   idn-hostname  RFC 5890 section 2.3.2.3 internationalized host names:
//                 IDNA2008 registration (RFC 5891 section 4) of the name, with
//                 the four dots of RFC 3490 section 3.1 as label separators
//   email         RFC 5321 section 4.1.2 Mailbox in ASCII: dot-atom or quoted
//                 local part, a domain or an address literal (section 4.1.3)
//   idn-email     RFC 6531 section 3.3 Mailbox: the same with UTF-8 (RFC 6532),
//                 the domain under the library's e-mail policy (see mailbox)
// A trailing dot is no part of any of them (RFC 5321 Domain has none).
// Reachability (a dot, special-use names) is no part of a format: a format
// says what a string is, not where mail goes.  A value that is not a string
// passes, as JSON Schema asks of format checks (section 7.1).
//
// surfaces/js/build.sh places this file after surfaces/js/lib/api.js and
// surfaces/js/lib/email.js in the same function scope.

/* exported createPunyFormats */
function createPunyFormats(email, idna) {
  'use strict';
  const nonAscii = /[^\0-\x7F]/;

  // RFC 1123 section 2.1 (RFC 952's letters, digits and hyphens) and dots:
  // what UseSTD3ASCIIRules leaves of ASCII.  Tested first so that a long
  // string of other characters is refused at once, without the UTS #46
  // pass collecting an error for each of them.
  const ldh = /^[A-Za-z0-9.-]*$/;

  function hostname(value) {
    if (typeof value !== 'string') return true;
    if (!ldh.test(value) || value.endsWith('.')) return false;
    const r = idna.toAsciiResult(value, { preset: 'uts46-strict' });
    if (!r.ok || r.value !== value.toLowerCase()) return false;
    // An A-label must decode to a valid U-label under IDNA2008 (RFC 5890
    // section 2.3.2.1), which refuses what UTS #46 alone admits (symbols).
    return !/(^|\.)xn--/i.test(value) || idna.toUnicodeResult(value, { preset: 'idna2008' }).ok;
  }

  // The dots RFC 3490 section 3.1 makes label separators (U+3002, U+FF0E,
  // U+FF61, beside U+002E), which RFC 5891 leaves to the application and
  // the JSON Schema test suite expects to separate labels.
  const otherDots = /[\u3002\uFF0E\uFF61]/g;

  function idnHostname(value) {
    if (typeof value !== 'string') return true;
    const name = value.replace(otherDots, '.');
    if (name.endsWith('.')) return false;
    return idna.toAsciiResult(name, { preset: 'idna2008' }).ok;
  }

  // RFC 5321 / RFC 6531 Mailbox: quoted local parts and address literals
  // are addresses; no display name, no empty local part.  The domain of
  // idn-email goes through the library's e-mail policy (UTS #46 mapping
  // with STD3 rules and DNS lengths, then IDNA2008 on the A-labels): a
  // domain as a user types it, not in NFC say, is mapped the way mail
  // software maps it before the look-up (RFC 5895), and what IDNA2008
  // disallows (symbols) is refused.
  function mailbox(value, international) {
    if (typeof value !== 'string') return true;
    if (!international && nonAscii.test(value)) return false;
    return email.validateResult(value, {
      allowQuotedLocalPart: true,
      allowAddressLiteral: true,
      allowSmtputf8: international,
      requireGlobalDomain: false,
      preset: international ? undefined : 'uts46-strict',
    }).ok;
  }

  const checkers = Object.freeze({
    hostname,
    'idn-hostname': idnHostname,
    email: (value) => mailbox(value, false),
    'idn-email': (value) => mailbox(value, true),
  });

  // Registers the checkers in an Ajv instance (ajv.addFormat), each for
  // strings only; all four, or those named.  Returns the instance.
  function addFormats(ajv, names) {
    if (!ajv || typeof ajv.addFormat !== 'function')
      throw new TypeError('puny/formats: addFormats takes an Ajv instance (with addFormat)');
    const wanted = names === undefined ? Object.keys(checkers) : [...names];
    for (const name of wanted) {
      if (!Object.prototype.hasOwnProperty.call(checkers, name))
        throw new TypeError('puny/formats: unknown format ' + JSON.stringify(name) + ' (one of ' +
                            Object.keys(checkers).join(', ') + ')');
      ajv.addFormat(name, { type: 'string', validate: checkers[name] });
    }
    return ajv;
  }

  return {
    hostname,
    idnHostname,
    email: checkers.email,
    idnEmail: checkers['idn-email'],
    formats: checkers,
    addFormats,
  };
}
