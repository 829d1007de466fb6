import TagFlowLayout
import TagFlowText
import TagFlowImage

/// The colours of a tag-shaped cell drawn as the phone shows it; a cell with tofu gets a dashed border and a badge.
package struct CellLook: Hashable, Sendable {
    package var fill: Colour
    package var border: Colour
    package var text: Colour
    package var isTofu: Bool

    package init(fill: Colour, border: Colour, text: Colour, isTofu: Bool = false) {
        self.fill = fill
        self.border = border
        self.text = text
        self.isTofu = isTofu
    }
}

extension ElementID {
    /// A tag or a section's "+N": drawn as a tag-shaped cell, not as a header's or footer's text.
    package var isDrawnAsCell: Bool { kind == .item || kind == .more }
}

extension Style {
    /// A tag as the chooser shows it: in the selected colours when it is selected, with the tofu border when a glyph
    /// of its text has no font. The one place a tag's selection picks its colours.
    package func tagLook(isSelected: Bool, isTofu: Bool = false) -> CellLook {
        CellLook(fill: isSelected ? selectedFill : cellFill,
                 border: isTofu ? tofu : isSelected ? selectedBorder : cellBorder,
                 text: isSelected ? selectedText : text, isTofu: isTofu)
    }

    /// A cell at `frame`: its shape, and the line its border follows, half the border's width inside the frame so
    /// that the border's outer pixels are the frame's edges.
    package func cellOutline(_ frame: Rect) -> (cell: RoundedRect, border: RoundedRect) {
        let radius = cellCornerRadius(for: frame)
        let inset = borderWidth / 2
        let border = Rect(x: frame.x + inset, y: frame.y + inset,
                          width: max(0, frame.width - borderWidth), height: max(0, frame.height - borderWidth))
        return (RoundedRect(frame, radius: radius), RoundedRect(border, radius: max(0, radius - inset)))
    }
}

extension Painter {
    /// Draws a tag-shaped cell at `frame` as the phone shows it in `style`: filled (unless `fillsCell` is false),
    /// bordered, and `shaped` centred in `font`, clipped by the cell.
    package func drawCell(_ frame: Rect, text shaped: ShapedText, font: FontSpec, look: CellLook, style: Style,
                          fillsCell: Bool = true) {
        let cell = drawCellShape(frame, look: look, style: style, fillsCell: fillsCell)
        drawText(shaped, centredIn: cell, font: font, colour: look.text)
        if look.isTofu { drawBadge(at: Point(x: frame.maxX - 3, y: frame.minY + 3), colour: style.tofu) }
    }

    /// A cell's fill (unless `fillsCell` is false) and border, without its text; returns the shape its text is
    /// clipped by.
    @discardableResult
    package func drawCellShape(_ frame: Rect, look: CellLook, style: Style, fillsCell: Bool = true) -> RoundedRect {
        let (cell, outline) = style.cellOutline(frame)
        roundedRect(outline.rect, radius: outline.radius)
        if fillsCell {
            setColour(look.fill)
            context.fillPreserve()
        }
        let border = style.borderWidth
        setColour(look.border)
        context.setLineWidth(look.isTofu ? max(border, 1.5) : border)
        if look.isTofu { context.setDash([2, 2]) }
        if border > 0 || look.isTofu { context.stroke() } else { context.newPath() }
        context.setDash([])
        return cell
    }

    /// Draws `shaped` in `font`, centred in `cell` and clipped by its shape: at large text sizes the line is taller
    /// than the seed's fixed item height, and a cell clips its label as a phone's does.
    package func drawText(_ shaped: ShapedText, centredIn cell: RoundedRect, font: FontSpec, colour: Colour) {
        let frame = cell.rect
        drawText(shaped, at: frame.midX - shaped.width / 2, baseline: baseline(centredIn: frame, font: font),
                 colour: colour, clippedTo: cell)
    }
}
