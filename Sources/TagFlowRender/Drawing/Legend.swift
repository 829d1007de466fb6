import TagFlowImage
import TagFlowLayout
import TagFlowText

/// What a picture's marks mean, in a row: for each entry a swatch of the mark, its label, then a gap. The one
/// legend scroll frames and diff pictures draw, each in its own look.
package struct Legend {
    /// A mark and what it stands for.
    package struct Entry {
        package var label: String
        /// The swatch's inside; nil for an outline alone.
        package var fill: Colour?
        package var stroke: Colour
        package var isDashed = false

        package init(label: String, fill: Colour? = nil, stroke: Colour, isDashed: Bool = false) {
            self.label = label
            self.fill = fill
            self.stroke = stroke
            self.isDashed = isDashed
        }
    }

    /// How a legend is drawn.
    package struct Look {
        package var swatch: Size
        package var cornerRadius: Double
        /// How far the swatch's top sits above the labels' baseline.
        package var swatchRise: Double
        /// From a swatch's left edge to its label.
        package var labelOffset: Double
        /// After a label, before the next swatch.
        package var gap: Double
        package var labelColour: Colour

        package init(swatch: Size, cornerRadius: Double, swatchRise: Double, labelOffset: Double, gap: Double,
                     labelColour: Colour) {
            self.swatch = swatch
            self.cornerRadius = cornerRadius
            self.swatchRise = swatchRise
            self.labelOffset = labelOffset
            self.gap = gap
            self.labelColour = labelColour
        }
    }

    package var entries: [Entry]
    package var look: Look

    package init(_ entries: [Entry], look: Look) {
        self.entries = entries
        self.look = look
    }

    /// `start` plus the width of the entries side by side, each with its gap, labels in `font`.
    package func width(from start: Double, engine: TextEngine, font: FontSpec) -> Double {
        entries.reduce(start) { $0 + look.labelOffset + look.gap + engine.shape($1.label, font: font).width }
    }

    /// Draws the entries from `x`, their labels on `baseline`, in the painter's caption font; returns where the next
    /// thing on the row may start.
    @discardableResult
    package func draw(from x: Double, baseline: Double, painter: Painter) -> Double {
        var x = x
        for entry in entries {
            painter.roundedRect(Rect(x: x, y: baseline - look.swatchRise, width: look.swatch.width,
                                     height: look.swatch.height), radius: look.cornerRadius)
            if let fill = entry.fill {
                painter.setColour(fill)
                painter.context.fillPreserve()
            }
            painter.setColour(entry.stroke)
            painter.context.setLineWidth(1.5)
            if entry.isDashed { painter.context.setDash([3, 2]) }
            painter.context.stroke()
            if entry.isDashed { painter.context.setDash([]) }
            x += look.labelOffset
            x += painter.drawLabel(entry.label, at: Point(x: x, y: baseline), colour: look.labelColour) + look.gap
        }
        return x
    }
}
