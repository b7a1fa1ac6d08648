#!/usr/bin/env python3
"""One-request HTTP server for the curl test: prints its port, answers one
request, and writes the request's Host header to the file given."""
import http.server
import sys


class Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        with open(sys.argv[1], "w", encoding="utf-8") as f:
            f.write(self.headers.get("Host", ""))
        body = b"ok\n"
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
server.timeout = 30
print(server.server_address[1], flush=True)
server.handle_request()
