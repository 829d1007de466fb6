#!/usr/bin/env python3
"""Writes the PNG fuzz seeds in Fuzz/corpus/png/: one small image per colour type and bit depth, interlaced and
not, a palette with transparency, and a truncated file. Run from the repository root: python3 Fuzz/corpus/make-png-seeds.py"""
import os, struct, zlib

def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]

def png(width, height, depth, colour, rows, interlace=0, extra=b""):
    """`rows` are unfiltered scanlines; with `interlace`, 8-bit ones of `len(rows[0]) // width` bytes a pixel."""
    ihdr = struct.pack(">IIBBBBB", width, height, depth, colour, 0, 0, interlace)
    if interlace:
        size = len(rows[0]) // width
        passes = []
        for x0, y0, dx, dy in ADAM7:
            for y in range(y0, height, dy):
                pixels = b"".join(rows[y][x * size:(x + 1) * size] for x in range(x0, width, dx))
                if pixels:
                    passes.append(pixels)
        rows = passes
    raw = b"".join(b"\x00" + row for row in rows)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + extra + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")

out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "png")
os.makedirs(out, exist_ok=True)
seeds = {
    "gray1-8x2.png": png(8, 2, 1, 0, [b"\xa5", b"\x5a"]),
    "gray8-3x3.png": png(3, 3, 8, 0, [bytes([0, 127, 255])] * 3),
    "gray16-2x1.png": png(2, 1, 16, 0, [b"\x00\x01\xff\xfe"]),
    "graya8-2x2.png": png(2, 2, 8, 4, [b"\x10\x80\xf0\xff"] * 2),
    "rgb8-2x2.png": png(2, 2, 8, 2, [b"\xff\x00\x00\x00\xff\x00", b"\x00\x00\xff\xff\xff\xff"], extra=chunk(b"gAMA", struct.pack(">I", 45455))),
    "rgb16-1x1.png": png(1, 1, 16, 2, [b"\x12\x34\x56\x78\x9a\xbc"]),
    "rgba8-1x1.png": png(1, 1, 8, 6, [b"\xff\xb4\x00\x80"]),
    "rgba8-5x5-adam7.png": png(5, 5, 8, 6, [bytes(range(i * 20, i * 20 + 20)) for i in range(5)], interlace=1),
    "palette4-4x1-trns.png": png(4, 1, 4, 3, [b"\x01\x23"], extra=chunk(b"PLTE", b"\x00\x00\x00\xff\x00\x00\x00\xff\x00\x00\x00\xff") + chunk(b"tRNS", b"\x00\x80")),
}
seeds["truncated.png"] = seeds["rgba8-5x5-adam7.png"][:60]
for name, data in seeds.items():
    with open(os.path.join(out, name), "wb") as f:
        f.write(data)
