import CFriBidi

// Every FriBidi call TagFlowText makes. FriBidi keeps no state between calls, so nothing is owned here.

/// The Unicode Bidirectional Algorithm (UAX #9), by GNU FriBidi, for a text drawn on one line, as a label draws it.
enum BidiLevels {
    /// The embedding level of each of `scalars`: even levels read left to right and odd ones right to left.
    ///
    /// The paragraph's direction is its first strong character's, as a label with natural writing direction takes
    /// it (left to right when there is none); digits in right-to-left text get the higher, left-to-right level
    /// that keeps them in reading order, and white space at the end of the line gets the paragraph's level.
    static func resolve(_ scalars: [UInt32]) -> [UInt8] {
        let count = scalars.count
        guard count > 0 else { return [] }
        var types = [FriBidiCharType](repeating: FriBidiCharType(0), count: count)
        var brackets = [FriBidiBracketType](repeating: 0, count: count)
        var levels = [FriBidiLevel](repeating: 0, count: count)
        var direction = tagflow_fribidi_paragraph_from_text()
        scalars.withUnsafeBufferPointer { text in
            fribidi_get_bidi_types(text.baseAddress, FriBidiStrIndex(count), &types)
            fribidi_get_bracket_types(text.baseAddress, FriBidiStrIndex(count), types, &brackets)
        }
        let resolved = fribidi_get_par_embedding_levels_ex(types, brackets, FriBidiStrIndex(count), &direction, &levels)
        precondition(resolved > 0, "FriBidi could not resolve the levels of \(count) characters (out of memory)")
        // The line is the whole paragraph; this applies rule L1's last part, trailing white space, to the levels.
        let reordered = fribidi_reorder_line(tagflow_fribidi_default_flags(), types, FriBidiStrIndex(count), 0,
                                             direction, &levels, nil, nil)
        precondition(reordered > 0, "FriBidi could not reorder a line of \(count) characters (out of memory)")
        return levels.map { UInt8(bitPattern: $0) }
    }

    /// Whether a level reads right to left: odd levels do.
    static func isRightToLeft(_ level: UInt8) -> Bool { level % 2 == 1 }

    /// Whether `scalar` can make any text it is in other than left to right at level 0: a right-to-left letter,
    /// an Arabic digit, or a directional mark, embedding, override or isolate. A quick test before `resolve`, by the
    /// blocks that hold every such character (Hebrew to Arabic Extended, the presentation forms, the right-to-left
    /// blocks of the supplementary planes, and the directional controls); a character it lets through is resolved
    /// as left to right anyway.
    static func canReverse(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: true
        case 0x061C, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
