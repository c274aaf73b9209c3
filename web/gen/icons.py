"""The app icons: a white card with a red heart on table green, as SVG and PNG.

The PNGs are drawn in pure Python from signed distances (edge pixels get partial
coverage, so the edges are smooth without supersampling) and written with zlib.
"""

from __future__ import annotations

import math
import struct
import zlib

GREEN = (13, 81, 50)
CARD = (255, 253, 247)
RED = (200, 16, 46)
R2 = math.sqrt(2)


def _rounded_box(x: float, y: float, hw: float, hh: float, r: float) -> float:
    qx, qy = abs(x) - hw + r, abs(y) - hh + r
    return math.hypot(max(qx, 0.0), max(qy, 0.0)) + min(max(qx, qy), 0.0) - r


def _heart(x: float, y: float, h: float) -> float:
    """A heart: a square turned 45° (half side h) with two circles on its upper sides."""
    cy = h * 0.45
    u, v = (x + (y - cy)) / R2, (-x + (y - cy)) / R2
    qx, qy = abs(u) - h, abs(v) - h
    box = math.hypot(max(qx, 0.0), max(qy, 0.0)) + min(max(qx, qy), 0.0)
    m = h * R2 / 2
    left = math.hypot(x + m, y - (cy - m)) - h
    right = math.hypot(x - m, y - (cy - m)) - h
    return min(box, left, right)


def _mix(a: tuple[int, ...], b: tuple[int, ...], t: float) -> tuple[int, ...]:
    return tuple(round(p + (q - p) * t) for p, q in zip(a, b))


def _cover(d: float) -> float:
    return min(1.0, max(0.0, 0.5 - d))


def render(size: int, maskable: bool) -> bytes:
    """RGBA rows of the icon; maskable: full-bleed background, content in the safe zone."""
    s = size / 512  # the design is in a 512 box centred on the origin
    card_w, card_h, heart = (120, 168, 52) if maskable else (150, 210, 66)
    rows = []
    half = (size + 1) // 2  # the design is symmetric: draw the left half, mirror it
    for j in range(size):
        y = (j + 0.5) / s - 256
        left = []
        for i in range(half):
            x = (i + 0.5) / s - 256
            bg = 1.0 if maskable else _cover(_rounded_box(x, y, 256, 256, 96) * s)
            colour: tuple[int, ...] = GREEN
            colour = _mix(colour, CARD, _cover(_rounded_box(x, y, card_w, card_h, 24) * s))
            colour = _mix(colour, RED, _cover(_heart(x, y + 10, heart) * s))
            left.append(bytes(colour) + bytes([round(255 * bg)]))
        right = left[: size - half][::-1]
        rows.append(b"\0" + b"".join(left) + b"".join(right))  # filter byte 0: none
    return b"".join(rows)


def png(size: int, maskable: bool = False) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    raw = zlib.compress(render(size, maskable), 9)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", raw) + chunk(b"IEND", b"")


def svg() -> str:
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="-256 -256 512 512">'
            '<rect x="-256" y="-256" width="512" height="512" rx="96" fill="#0d5132"/>'
            '<rect x="-150" y="-210" width="300" height="420" rx="24" fill="#fffdf7"/>'
            '<path d="M0 116L-93 23A47 47 0 0 1 0-70A47 47 0 0 1 93 23Z" fill="#c8102e" '
            'transform="translate(0 -10)"/></svg>')


def all_files() -> dict[str, bytes]:
    return {
        "icons/icon.svg": svg().encode(),
        "icons/icon-192.png": png(192),
        "icons/icon-512.png": png(512),
        "icons/maskable-512.png": png(512, maskable=True),
    }
