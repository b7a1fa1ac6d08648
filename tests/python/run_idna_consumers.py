#!/usr/bin/env python3
"""ctest python.idna_consumers: Debian's python3-requests and
python3-email-validator, unmodified, with puny.idna installed as `idna`
(docs/python-idna.md).  Each check prints which idna module the consumer
called and fails unless it is puny.idna.

  * requests: a GET of http://<IDN host>:<port>/ to a local http.server
    (the name resolves to 127.0.0.1 through a patched socket.getaddrinfo,
    nothing leaves the machine); the server must see the A-label in Host.
  * email_validator: validate_email("jeff@臺網中心.tw",
    check_deliverability=False) gives the A-label xn--fiqq24b10vi0d.tw (what
    Debian's idna and the stdlib punycode codec give).
"""

import http.server
import socket
import sys
import threading

import puny.idna

puny.idna.install()

import email_validator  # noqa: E402  (after install(): they must import ours)
import requests  # noqa: E402

failures = []


def check(what, ok, detail):
    print("%s %s: %s" % ("ok  " if ok else "FAIL", what, detail))
    if not ok:
        failures.append(what)


# Which idna each consumer's module holds, and that its calls reach ours.
calls = []
real_encode, real_decode = puny.idna.encode, puny.idna.decode


def counting_encode(*args, **kwargs):
    calls.append("encode")
    return real_encode(*args, **kwargs)


def counting_decode(*args, **kwargs):
    calls.append("decode")
    return real_decode(*args, **kwargs)


puny.idna.encode, puny.idna.decode = counting_encode, counting_decode

# ---- requests ----
seen_hosts = []


class Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        seen_hosts.append(self.headers.get("Host"))
        body = b"ok"
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
port = server.server_address[1]
threading.Thread(target=server.serve_forever, daemon=True).start()

real_getaddrinfo = socket.getaddrinfo


def local_getaddrinfo(host, *args, **kwargs):
    # Every name is this machine: the test never leaves 127.0.0.1.
    return real_getaddrinfo("127.0.0.1", *args, **kwargs)


socket.getaddrinfo = local_getaddrinfo
try:
    import requests.models
    check("requests uses puny.idna", sys.modules["idna"] is puny.idna,
          "sys.modules['idna'] is %s" % sys.modules["idna"].__name__)
    calls.clear()
    session = requests.Session()
    session.trust_env = False  # no proxy from the environment
    response = session.get("http://bücher.例え.テスト:%d/" % port, timeout=10)
    check("requests GET of an IDN host", response.status_code == 200 and response.text == "ok",
          "status %s" % response.status_code)
    expected_host = "xn--bcher-kva.xn--r8jz45g.xn--zckzah:%d" % port
    check("server saw the A-label Host", seen_hosts == [expected_host], "Host: %s" % seen_hosts)
    check("requests called puny.idna.encode", "encode" in calls, "calls: %s" % calls)
finally:
    socket.getaddrinfo = real_getaddrinfo
    server.shutdown()

# ---- email_validator ----
check("email_validator uses puny.idna", email_validator.idna is puny.idna,
      "email_validator.idna is %s" % email_validator.idna.__name__)
calls.clear()
v = email_validator.validate_email("jeff@臺網中心.tw", check_deliverability=False)
check("validate_email of an IDN address", v.ascii_email == "jeff@xn--fiqq24b10vi0d.tw" and v.domain == "臺網中心.tw",
      "ascii_email %s, domain %s" % (v.ascii_email, v.domain))
check("email_validator called puny.idna", "encode" in calls and "decode" in calls, "calls: %s" % calls)
try:
    email_validator.validate_email("jeff@a\u200db.tw", check_deliverability=False)
    check("email_validator refuses a ZWJ in a domain", False, "accepted")
except email_validator.EmailNotValidError as e:
    check("email_validator refuses a ZWJ in a domain", True, str(e))

print("%d passed, %d failed" % (8 - len(failures), len(failures)))
sys.exit(1 if failures else 0)
