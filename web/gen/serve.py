"""A local static server for dist/ with the MIME types Pyodide needs (wasm!)."""

from __future__ import annotations

import functools
import os
import sys
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

TYPES = {
    ".wasm": "application/wasm",  # Pyodide hangs silently without it
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".svg": "image/svg+xml",
    ".zip": "application/zip",
    ".py": "text/plain; charset=utf-8",
}


class Handler(SimpleHTTPRequestHandler):
    def guess_type(self, path: str | os.PathLike[str]) -> str:
        return TYPES.get(Path(path).suffix.lower()) or super().guess_type(path)

    def end_headers(self) -> None:
        # a development server: always revalidate, so a rebuild shows at once
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:  # quiet: errors only
        if args and str(args[1] if len(args) > 1 else "").startswith(("4", "5")):
            super().log_message(format, *args)


class Server(ThreadingHTTPServer):
    daemon_threads = True
    # a page's boot asks for dozens of files at once (two test workers, two pages each):
    # socketserver's listen backlog of 5 would leave the rest to the kernel's SYN retries
    request_queue_size = 128

    def handle_error(self, request: object, client_address: object) -> None:
        # a browser that stops a download it no longer needs is no error of ours
        if not isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            super().handle_error(request, client_address)  # type: ignore[arg-type]


def make_server(root: Path, port: int = 0, host: str = "127.0.0.1") -> ThreadingHTTPServer:
    handler = functools.partial(Handler, directory=str(root))
    return Server((host, port), handler)


def serve(root: Path, port: int = 8000) -> None:
    server = make_server(root, port)
    print(f"serving {root} on http://127.0.0.1:{server.server_address[1]}/ (Ctrl-C stops)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
