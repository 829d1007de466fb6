#!/usr/bin/env python3
"""Writes the tiny fonts TagFlowText's tests load by file, into Tests/TagFlowTextTests/Fonts/.

    pip install fonttools==4.53.1 brotli==1.1.0
    python3 scripts/make-test-fonts.py

The output is byte-for-byte reproducible: every timestamp is fixed, and nothing depends on the machine.
Each font has a family name no system installs, except the DejaVu shadow, which exists to lose to nobody: it
is given by file and must win over the installed DejaVu Sans. Glyphs are plain rectangles; only the advances
matter, and they are chosen so the tests can compute widths by hand (1000 units per em).
"""

import os
import sys

import fontTools
from fontTools.designspaceLib import AxisDescriptor, DesignSpaceDocument, SourceDescriptor
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.t2CharStringPen import T2CharStringPen
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTCollection, TTFont, newTable
from fontTools.ttLib.tables._t_r_a_k import TrackData, TrackTableEntry
from fontTools import varLib
from fontTools.feaLib.builder import addOpenTypeFeaturesFromString

FONTTOOLS_VERSION = "4.53.1"
if fontTools.version != FONTTOOLS_VERSION:
    sys.exit(f"needs fonttools=={FONTTOOLS_VERSION} for reproducible bytes (have {fontTools.version})")

# 2024-01-01T00:00:00Z in seconds since 1904-01-01, the epoch of head.created and head.modified.
FIXED_TIMESTAMP = 3786825600
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "TagFlowTextTests", "Fonts")

GLYPHS = [".notdef", "space", "A", "B", "a"]
CMAP = {0x20: "space", 0x41: "A", 0x42: "B", 0x61: "a"}
# The advances every font starts from; each font overrides some.
ADVANCES = {".notdef": 500, "space": 250, "A": 600, "B": 700, "a": 500}


def rectangle(width):
    pen = TTGlyphPen(None)
    pen.moveTo((50, 0))
    pen.lineTo((50, 700))
    pen.lineTo((max(60, width - 50), 700))
    pen.lineTo((max(60, width - 50), 0))
    pen.closePath()
    return pen.glyph()


def cff_rectangle(width, advance):
    pen = T2CharStringPen(advance, None)
    pen.moveTo((50, 0))
    pen.lineTo((50, 700))
    pen.lineTo((max(60, width - 50), 700))
    pen.lineTo((max(60, width - 50), 0))
    pen.closePath()
    return pen.getCharString()


def static_font(family, advances=None, revision=1.5, cff=False, style="Regular", weight=400):
    """A TrueType font, or with `cff` an OpenType font with PostScript (CFF) outlines; `style` and `weight` (the
    OS/2 weight class) name one face of a family."""
    advances = {**ADVANCES, **(advances or {})}
    ps_family = family.replace(" ", "")
    fb = FontBuilder(1000, isTTF=not cff)
    fb.setupGlyphOrder(GLYPHS)
    fb.setupCharacterMap(CMAP)
    if cff:
        charstrings = {name: cff_rectangle(ADVANCES[name], advances[name]) for name in GLYPHS}
        fb.setupCFF(f"{ps_family}-{style}", {"FullName": f"{family} {style}"}, charstrings, {})
    else:
        # Every master of a variable font needs the same outline, so the outline ignores the overrides.
        fb.setupGlyf({name: rectangle(ADVANCES[name]) for name in GLYPHS})
    fb.setupHorizontalMetrics({name: (advances[name], 50) for name in GLYPHS})
    fb.setupHorizontalHeader(ascent=800, descent=-200)
    fb.setupNameTable({
        "familyName": family,
        "styleName": style,
        "uniqueFontIdentifier": f"{ps_family}-{style};{revision:.3f}",
        "fullName": f"{family} {style}",
        "psName": f"{ps_family}-{style}",
        "version": f"Version {revision:.3f}",
    })
    fb.setupOS2(sTypoAscender=800, sTypoDescender=-200, usWinAscent=800, usWinDescent=200, usWeightClass=weight)
    fb.setupPost()
    fb.setupHead(unitsPerEm=1000, fontRevision=revision, created=FIXED_TIMESTAMP, modified=FIXED_TIMESTAMP)
    return fb.font


def save(font, name, flavor=None):
    font["head"].created = FIXED_TIMESTAMP
    font["head"].modified = FIXED_TIMESTAMP
    font.recalcTimestamp = False
    font.flavor = flavor
    font.save(os.path.join(OUT, name), reorderTables=True)


def opsz_font():
    """'A' is 600 units wide at opsz 8 (the default), 400 at opsz 72, and 100 wider at wght 700."""
    doc = DesignSpaceDocument()
    for tag, name, minimum, default, maximum in [("opsz", "Optical size", 8, 8, 72), ("wght", "Weight", 400, 400, 700)]:
        axis = AxisDescriptor()
        axis.tag, axis.name = tag, name
        axis.minimum, axis.default, axis.maximum = minimum, default, maximum
        doc.addAxis(axis)
    masters = [
        ({"Optical size": 8, "Weight": 400}, {}),
        ({"Optical size": 72, "Weight": 400}, {"A": 400, "B": 500}),
        ({"Optical size": 8, "Weight": 700}, {"A": 700, "B": 800}),
    ]
    for location, advances in masters:
        source = SourceDescriptor()
        source.font = static_font("TagFlow Test Opsz", advances)
        source.location = location
        doc.addSource(source)
    variable, _, _ = varLib.build(doc)
    return variable


def trak_font():
    """A static font whose trak table tracks +100 units at 10 pt and -100 units at 20 pt (0 at 15 pt)."""
    font = static_font("TagFlow Test Trak")
    font["name"].setName("Normal", 256, 3, 1, 0x409)
    trak = newTable("trak")
    trak.decompile(b"\x00\x01\x00\x00" + b"\x00" * 8, font)  # version 1.0, no data
    trak.horizData = TrackData({0.0: TrackTableEntry({10.0: 100, 20.0: -100}, nameIndex=256)})
    trak.vertData = TrackData()
    font["trak"] = trak
    return font


def kern_across_font():
    """Kerns 'A' before 'a' by -200 units, skipping marks between them, and calls .notdef a mark: a glyph that no
    character of its own draws does not keep the pair apart."""
    font = static_font("TagFlow Test Kern Across")
    addOpenTypeFeaturesFromString(font, """
        languagesystem DFLT dflt;
        languagesystem latn dflt;
        table GDEF { GlyphClassDef [space A B a], , [.notdef], ; } GDEF;
        feature kern { lookupflag IgnoreMarks; pos A a -200; } kern;
    """)
    return font


# One family in four weights, each with its own 'A', so a test can tell which face drew it.
WEIGHTS = [("Regular", 400, 600), ("Semibold", 600, 640), ("Bold", 700, 680), ("ExtraBold", 800, 720)]


def save_weights():
    for style, weight, a in WEIGHTS:
        save(static_font("TagFlow Test Weights", {"A": a}, style=style, weight=weight), f"TagFlowTest-Weights-{style}.ttf")


def main():
    os.makedirs(OUT, exist_ok=True)
    save_weights()
    save(static_font("TagFlow Test Private"), "TagFlowTest-Private.ttf")
    save(static_font("TagFlow Test Woff", {"A": 610}), "TagFlowTest-Woff.woff", flavor="woff")
    save(static_font("TagFlow Test Woff Two", {"A": 620}), "TagFlowTest-Woff2.woff2", flavor="woff2")
    # Named like the installed DejaVu Sans, but with an 'a' a full em wide, so a test can tell them apart.
    save(static_font("DejaVu Sans", {"a": 1000}), "TagFlowTest-DejaVuShadow.ttf")
    # What a user's own SF Pro files might be called, for the system-ios chain; an 'A' of 550 units tells it apart.
    save(static_font("SF Pro", {"A": 550}), "TagFlowTest-SFPro.ttf")
    # Shipped alone in a folder of its own, for FontSources(directories:).
    os.makedirs(os.path.join(OUT, "Folder"), exist_ok=True)
    save(static_font("TagFlow Test Folder", {"A": 900}, cff=True), os.path.join("Folder", "TagFlowTest-Folder.otf"))
    collection = TTCollection()
    collection.fonts = [
        static_font("TagFlow Test Collection One", {"A": 300}),
        static_font("TagFlow Test Collection Two", {"A": 800}),
    ]
    for face in collection.fonts:
        face["head"].created = face["head"].modified = FIXED_TIMESTAMP
        face.recalcTimestamp = False
    collection.save(os.path.join(OUT, "TagFlowTest-Collection.ttc"))
    save(opsz_font(), "TagFlowTest-Opsz.ttf")
    save(trak_font(), "TagFlowTest-Trak.ttf")
    save(kern_across_font(), "TagFlowTest-KernAcross.ttf")


if __name__ == "__main__":
    main()
