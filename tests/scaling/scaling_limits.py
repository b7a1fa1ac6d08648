"""The documented limits of scaling.py --quick (issue 44): one long input
through each built surface's entry points bound by a limit (the explain
traces' 1,024 code points, the DNS lengths) fails at once with that limit's
error, in every surface."""
import json
import os
import subprocess

from scaling_children import PY_CHILD


def check_limits(runner, surfaces):
    """The documented limits and their errors, in each built surface."""
    failures = []
    over = "\u00fc" * 1025
    at_limit = "\u00fc" * 1024
    if "cli" in surfaces and runner.available("cli"):
        for op, text in (("encode", over), ("decode", "a" * 1025)):
            p = subprocess.run([runner.cli, "explain", op, "--json", text], capture_output=True, text=True)
            doc = json.loads(p.stdout)
            if p.returncode != 1 or doc.get("error") != "input_too_long" or doc.get("offset") != 1024:
                failures.append("cli explain %s of 1025: expected input_too_long at 1024, got %r (exit %d)"
                                % (op, {k: doc.get(k) for k in ("error", "offset")}, p.returncode))
            p = subprocess.run([runner.cli, "explain", op, text], capture_output=True, text=True)
            if "input_too_long" not in p.stdout or "at most 1024" not in p.stdout:
                failures.append("cli explain %s: the text does not name the limit: %r" % (op, p.stdout[-200:]))
        p = subprocess.run([runner.cli, "explain", "encode", "--json", at_limit], capture_output=True, text=True)
        if p.returncode != 0 or json.loads(p.stdout).get("error") is not None:
            failures.append("cli explain encode of 1024 code points should succeed")
    if "python" in surfaces and runner.available("python"):
        code = (PY_CHILD.split("s = open")[0] +
                "import json\n"
                "r = [puny.explain('\u00fc' * 1025, operation='encode'), puny.explain('a' * 1025, operation='decode'),"
                " puny.explain('\u00fc' * 1024, operation='encode')]\n"
                "print(json.dumps([[(e.code, e.offset) for e in x['errors']] for x in r] + [len(r[2]['steps'])]))\n")
        code = code.format(paths=[runner.pythonpath])
        p = subprocess.run([runner.python, "-c", code], capture_output=True, text=True)
        got = json.loads(p.stdout) if p.returncode == 0 else p.stderr
        if got != [[["input_too_long", 1024]], [["input_too_long", 1024]], [], 1024]:
            failures.append("python explain limit: %r" % (got,))
    if "js" in surfaces and runner.available("js"):
        code = ("(async () => { const puny = await import(%r); await (puny.ready || Promise.resolve());"
                " const r = [puny.explain('\u00fc'.repeat(1025)), puny.explain('a'.repeat(1025), {operation: 'decode'}),"
                " puny.explain('\u00fc'.repeat(1024))];"
                " console.log(JSON.stringify(r.map((x) => [x.error ? x.error.code : null, x.error ? x.error.offset : null, (x.steps || []).length]))); })();"
                % runner.js_module)
        p = subprocess.run([runner.node, "-e", code], capture_output=True, text=True)
        got = p.stdout.strip()
        if not got.startswith('[["input_too_long",1024,0],["input_too_long",1024,0],[null'):
            failures.append("js explain limit: %r %r" % (got, p.stderr[-300:]))
    # Entry points with a natural limit (the DNS's 253 / 255 bytes): one long
    # line gives the limit's error, naming it, at once.
    long_name = "\u00fc." * 100000 + "com"
    if "cli" in surfaces and runner.available("cli"):
        p = subprocess.run([runner.cli, "email"], input="a@" + long_name + "\n", capture_output=True, text=True)
        if p.returncode != 1 or "domain_too_long" not in p.stderr:
            failures.append("cli email of a 200 KB address: expected domain_too_long, got %r (exit %d)"
                            % (p.stderr[:120], p.returncode))
    if "idn2" in surfaces and runner.available("idn2"):
        env = dict(os.environ, LD_LIBRARY_PATH=runner.idn2_libdir)
        p = subprocess.run([runner.idn2], input=long_name + "\n", capture_output=True, text=True, env=env)
        if p.returncode != 1 or "too long" not in p.stderr:
            failures.append("idn2 of a 200 KB name: expected the too-long error, got %r (exit %d)"
                            % (p.stderr[:120], p.returncode))
    if "python" in surfaces and runner.available("python"):
        code = (PY_CHILD.split("s = open")[0].format(paths=[runner.pythonpath]) +
                "import puny.idna, puny.email\n"
                "s = '\\u00fc.' * 100000 + 'com'\n"
                "try: puny.idna.encode(s)\n"
                "except puny.idna.IDNAError as e: print('idna:', e)\n"
                "try: puny.email.validate('a@' + s)\n"
                "except Exception as e: print('email:', type(e).__name__, e)\n")
        p = subprocess.run([runner.python, "-c", code], capture_output=True, text=True)
        # (idna's own message text, which consumers match: issue 52)
        if "idna: Domain too long" not in p.stdout or \
           "email: DomainTooLongError domain_too_long" not in p.stdout:
            failures.append("python puny.idna.encode / puny.email.validate of a 200 KB name: %r %r"
                            % (p.stdout[:300], p.stderr[-300:]))
    failures += check_more_limits(runner, surfaces, long_name)
    return failures


def check_more_limits(runner, surfaces, long_name):
    """The same for the rest of the inventory's entry points bound by the
    DNS's lengths: one long input fails at once with the limit's error."""
    failures = []
    names = os.path.join(runner.directory, "long-name.txt")
    with open(names, "w", encoding="utf-8") as f:
        f.write(long_name)
    addresses = os.path.join(runner.directory, "long-address.txt")
    with open(addresses, "w", encoding="utf-8") as f:
        f.write("a@" + long_name)
    label = os.path.join(runner.directory, "long-label.txt")
    with open(label, "w", encoding="utf-8") as f:
        f.write("\u00fc" * 100000)
    checks = []
    if "c" in surfaces and runner.available("c"):
        checks += [([runner.c_driver, fn, "whole", names], "domain_too_long")
                   for fn in ("idna2008_register", "idna2008_lookup", "to_ascii_idna2008",
                              "to_unicode_idna2008")]
        checks += [([runner.c_driver, fn, "whole", addresses], "domain_too_long")
                   for fn in ("email_normalize", "email_ascii", "email_validate")]
    if "idn2" in surfaces and runner.available("idn2"):
        # libidn2's codes: a name longer than 255 bytes; a label for
        # registration whose A-label would pass 63 bytes.
        checks += [([runner.idn2_driver, fn, "whole", names], "IDN2_TOO_BIG_DOMAIN")
                   for fn in ("lookup_u8", "lookup_ul", "to_ascii_8z", "to_ascii_lz", "to_ascii_4z",
                              "to_ascii_4i", "to_ascii_4i2", "to_unicode_8z8z", "to_unicode_8zlz",
                              "to_unicode_lzlz", "to_unicode_8z4z", "to_unicode_4z4z", "to_unicode_44i")]
        checks += [([runner.idn2_driver, fn, "whole", label], "IDN2_PUNYCODE_BIG_OUTPUT")
                   for fn in ("register_u8", "register_ul")]
    for argv, expected in checks:
        p = subprocess.run(argv, capture_output=True, text=True)
        if p.returncode != 0 or ("1 calls, 1 failed, last failure %s" % expected) not in p.stdout:
            failures.append("%s %s of a 200 KB input: expected %s, got %r %r"
                            % (os.path.basename(argv[0]), argv[1], expected, p.stdout.strip(), p.stderr[-200:]))
    if "python" in surfaces and runner.available("python"):
        code = (PY_CHILD.split("s = open")[0].format(paths=[runner.pythonpath]) +
                "s = '\\u00fc.' * 100000 + 'com'\n"
                "for f in (puny.idna2008_register, puny.idna2008_lookup):\n"
                "    try: f(s)\n"
                "    except puny.Error as e: print(type(e).__name__, e.code)\n"
                "try: puny.idna.alabel('\\u00fc' * 100000)\n"
                "except puny.idna.IDNAError as e: print('alabel:', str(e) == 'Label too long')\n")
        p = subprocess.run([runner.python, "-c", code], capture_output=True, text=True)
        want = "DomainTooLongError domain_too_long\nDomainTooLongError domain_too_long\n" \
               "alabel: True\n"
        if p.stdout != want:
            failures.append("python idna2008_register / idna2008_lookup / idna.alabel of a 200 KB input: %r %r"
                            % (p.stdout[:300], p.stderr[-300:]))
    if "js" in surfaces and runner.available("js"):
        email = os.path.join(os.path.dirname(runner.js_module), "email.mjs")
        code = ("(async () => { const e = await import(%r); const s = 'a@' + '\\u00fc.'.repeat(100000) + 'com';"
                " for (const f of [e.validate, e.normalize]) { try { f(s); console.log('accepted'); }"
                " catch (x) { console.log(x.code); } } })();" % email)
        p = subprocess.run([runner.node, "-e", code], capture_output=True, text=True)
        if p.stdout != "domain_too_long\ndomain_too_long\n":
            failures.append("js puny/email validate / normalize of a 200 KB address: %r %r"
                            % (p.stdout[:200], p.stderr[-300:]))
    return failures
