import Foundation
import TagFlowLayout
import TagFlowReview
import TagFlowRender
import TagFlowText
import TagFlowInput
import TagFlowPipeline

/// One self-contained HTML page that plays a scroll: a slider through the steps, and per strategy the device view
/// and the content overview drawn in SVG from the layout and each step's audit, not from pictures.
///
/// The page loads nothing: its CSS, script, data and any fonts given by file are inline, and its
/// Content-Security-Policy forbids any fetch.
/// The same scroll always gives the same bytes.
struct ScrollPlayer {
    let renderer: ScrollFrameRenderer
    /// The fonts given by file (`--font-file`, a config's `"fontFiles"` or `"fontDirs"`): a browser has only the
    /// system's, so the page carries the files that draw its text.
    var fonts = FontSources.system

    /// What the page may load: nothing but its own inline style, script and fonts.
    static let contentSecurityPolicy = "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; "
        + "font-src data:"

    /// The largest page written without `--force`: 64 MiB. The player draws no frames, so no frame cap applies;
    /// its data (each step's answers, as element numbers) is what grows, and a browser holds it all at once.
    static let maxPageBytes = 64 << 20

    /// Fewer bytes than any step adds to the data (an empty step of one strategy is 171, as the data is indented):
    /// steps past `maxPageBytes / leastBytesPerStep` are refused before the page is built.
    static let leastBytesPerStep = 160

    /// The page, as UTF-8, unless it would pass `cap` bytes (and `force` is false).
    func html(cap: Int, force: Bool) throws(RunError) -> [UInt8] {
        let steps = renderer.plan.offsets.count
        if !force, steps > cap / Self.leastBytesPerStep {
            throw .playerTooLarge(bytes: steps.multipliedReportingOverflow(by: Self.leastBytesPerStep).partialValue,
                                  isLeast: true, cap: cap, steps: steps)
        }
        let page = html()
        if !force, page.count > cap { throw .playerTooLarge(bytes: page.count, isLeast: false, cap: cap, steps: steps) }
        return page
    }

    /// The page, as UTF-8.
    func html() -> [UInt8] {
        // `</` inside the JSON would end the script element early; `<\/` means the same to JSON.
        let data = dataJSON().rendered().replacingOccurrences(of: "</", with: "<\\/")
        let title = HTMLText.escape("tagflow scroll: "
                                            + renderer.queries.map(\.strategy.rawValue).joined(separator: " vs "))
        let page = Self.template
            .replacingOccurrences(of: "{{FONTS}}", with: fontCSS())
            .replacingOccurrences(of: "{{POLICY}}", with: Self.contentSecurityPolicy)
            .replacingOccurrences(of: "{{TITLE}}", with: title)
            .replacingOccurrences(of: "{{COUNT}}", with: String(renderer.plan.offsets.count))
            .replacingOccurrences(of: "{{DATA}}", with: data)
        return Array(page.utf8)
    }

    /// Everything the script draws from: the elements once, then per step each strategy's answer as element indices.
    func dataJSON() -> JSONOutput {
        let scene = renderer.scene
        let layout = scene.layout
        let options = layout.options
        let elements = layout.flow.allElements
        let indexOf = Dictionary(uniqueKeysWithValues: elements.enumerated().map { ($0.element.id, $0.offset) })
        let style = scene.style
        let colours = Style.colourKeys.map { ($0.key, JSONOutput.string(style[keyPath: $0.path].description)) }
        let (looks, elementValues) = cellsJSON(elements)
        let bounds = scene.contentBounds
        return .object([
            ("strategies", .array(renderer.queries.map { .string($0.strategy.rawValue) })),
            ("summaries", .array(renderer.queries.map { .string($0.strategy.summary) })),
            ("viewport", .array([.number(options.width), .number(options.height)])),
            ("content", Self.rectArray(bounds)),
            // Long content keeps the picture's legible scale and scrolls inside a box --max-height long along the axis.
            ("overviewScale", .number(renderer.overviewScale)),
            ("overviewLength",
             .number(min(renderer.maxOverviewHeight,
                         bounds.length(along: options.scrollDirection) * renderer.overviewScale))),
            ("horizontal", .bool(options.isHorizontal)),
            ("font", .object([("family", .string(options.font)), ("size", .number(options.textSize)),
                              ("headerSize", .number(style.headerFontSize)),
                              ("footerSize", .number(style.footerFontSize)),
                              ("captionSize", .number(style.captionFontSize))])),
            ("borderWidth", .number(style.borderWidth)),
            ("outsideAlpha", .number(style.outsideAlpha)),
            // A title's distance from its leading edge (right to left mirrors left to right) and, down a strip, from
            // its top.
            ("textInset", .array([.number(options.sectionInset.left), .number(options.sectionInset.top)])),
            ("rightToLeft", .bool(options.direction != .ltr)),
            ("pinHeaders", .bool(options.pinHeaders)),
            ("colours", .object(colours)),
            ("legend", .array(ScrollFrameRenderer.legendEntries(style, view: renderer.view).map { entry in
                .array([.string(entry.label), .string(entry.colour.description), .bool(entry.dashed)])
            })),
            // A cell's fill, border and text colours, as the drawing picks them; elements name them by index.
            ("looks", looks),
            // [kind, section, item, x, y, width, height, text, look index and corner radius (null for a header or
            // footer)]
            ("elements", elementValues),
            ("steps", stepsJSON(elements: elements, indexOf: indexOf)),
        ])
    }

    /// The cells' looks, each once, and every element, naming its cell's look by index.
    private func cellsJSON(_ elements: [LayoutElement]) -> (looks: JSONOutput, elements: JSONOutput) {
        let scene = renderer.scene
        let layout = scene.layout
        let style = scene.style
        var looks = [CellLook]()
        let lookIndex = elements.map { element -> Int? in
            guard let look = scene.cellLook(element.id) else { return nil }
            if let index = looks.firstIndex(of: look) { return index }
            looks.append(look)
            return looks.count - 1
        }
        let looksJSON = JSONOutput.array(looks.map { look in
            .array([look.fill, look.border, look.text].map { .string($0.description) })
        })
        return (looksJSON, .generatedArray(count: elements.count) { index in
            let element = elements[index]
            let id = element.id
            return .array([.string(id.kind.description), .integer(id.section), .integer(id.item)]
                + Self.rectValues(element.frame) + [.string(layout.label(of: id, asCut: true)),
                                                    lookIndex[index].map(JSONOutput.integer) ?? .null,
                                                    lookIndex[index] == nil
                                                        ? .null
                                                        : .number(style.cellCornerRadius(for: element.frame))])
        })
    }

    /// Each step's offset and viewport, each strategy's answer as element indices, and the elements whose frames
    /// the step moved.
    private func stepsJSON(elements: [LayoutElement], indexOf: [ElementID: Int]) -> JSONOutput {
        let renderer = self.renderer
        return JSONOutput.generatedArray(count: renderer.plan.offsets.count) { index in
            let frame = renderer.frame(index)
            // A pinned header's frame follows the viewport: those that differ from the layout's are listed.
            var moved = [ElementID: Rect]()
            let results: [JSONOutput] = frame.audits.map { audit in
                for element in audit.returned + audit.missing
                    where element.frame != elements[indexOf[element.id]!].frame {
                    moved[element.id] = element.frame
                }
                return .array([audit.returned, audit.missing, audit.extra].map { list in
                    .array(list.map { .integer(indexOf[$0.id]!) })
                })
            }
            return .object([
                ("offset", .number(frame.offset)), ("viewport", Self.rectArray(frame.visibleRect)),
                ("results", .array(results)),
                ("moved", .array(moved.keys.sorted().map { id in
                    .array([.integer(indexOf[id]!)] + Self.rectValues(moved[id]!))
                })),
            ])
        }
    }

    static func rectValues(_ rect: Rect) -> [JSONOutput] {
        [.number(rect.x), .number(rect.y), .number(rect.width), .number(rect.height)]
    }

    static func rectArray(_ rect: Rect) -> JSONOutput { .array(rectValues(rect)) }

    /// `@font-face` rules that carry, as data, each font file given by file that draws the page's text, and the
    /// axis values the text was measured at. A collection (`.ttc`), which browsers do not read, is left out.
    private func fontCSS() -> String {
        let scene = renderer.scene
        let given = Set((fonts.files + fonts.directories).map(OutputPath.canonical))
        let records = FontRecords.files(of: scene)
        var css = ""
        var embedded = Set<String>()
        for record in records where embedded.insert(record.path).inserted {
            let path = OutputPath.canonical(record.path)
            guard given.contains(where: { path == $0 || path.hasPrefix($0 + "/") }) else { continue }
            let format: String
            switch (path as NSString).pathExtension.lowercased() {
            case "ttf": format = "font/ttf"
            case "otf": format = "font/otf"
            case "woff": format = "font/woff"
            case "woff2": format = "font/woff2"
            default: continue
            }
            guard let bytes = FileManager.default.contents(atPath: path) else { continue }
            let style = record.style.lowercased()
            let weight = style.contains("semibold") ? 600 : style.contains("bold") ? 700 : 400
            css += "@font-face { font-family: \"\(record.family)\"; font-weight: \(weight); "
                + "src: url(data:\(format);base64,\(bytes.base64EncodedString())); }\n"
        }
        let variations = (try? FontVariation.parse(scene.layout.options.fontVariations)) ?? []
        if !variations.isEmpty {
            css += "svg text { font-variation-settings: "
                + "\(variations.map { "\"\($0.tag)\" \(formatDecimal($0.value))" }.joined(separator: ", ")); }\n"
        }
        return css
    }

    /// The page around the data. The script reads `#step=N` or `?step=N` (1-based, as frames.json's `index`).
    static let template = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8">
        <meta http-equiv="Content-Security-Policy" content="{{POLICY}}">
        <meta name="viewport" content="width=device-width">
        <title>{{TITLE}}</title>
        <style>
        {{FONTS}}body { margin: 16px; font: 13px sans-serif; }
        #controls { display: flex; align-items: center; gap: 12px; margin-bottom: 12px; }
        #slider { width: 420px; }
        #columns { display: flex; flex-wrap: wrap; gap: 24px; align-items: flex-start; }
        .column h2 { font-size: 14px; margin: 0 0 2px; }
        .column .summary { margin: 0 0 8px; opacity: 0.7; }
        .panels { display: flex; gap: 16px; align-items: flex-start; }
        .panels svg { display: block; outline: 1px solid #ddd; }
        .panels .overview-box { overflow-y: auto; overflow-x: hidden; outline: 1px solid #ddd; }
        .panels .overview-box svg { outline: none; }
        .counts { margin-top: 8px; }
        .counts.has-missing { font-weight: bold; }
        .legend { margin-top: 12px; display: flex; gap: 18px; }
        .swatch { display: inline-block; width: 18px; height: 10px; border-radius: 3px; border: 1.5px solid; \
        margin-right: 6px; vertical-align: middle; }
        </style></head><body>
        <div id="controls">
        <label for="slider">step</label>
        <input type="range" id="slider" min="1" max="{{COUNT}}" value="1" step="1">
        <span id="step-label"></span>
        </div>
        <div id="columns"></div>
        <div class="legend" id="legend"></div>
        <script type="application/json" id="scroll-data">{{DATA}}</script>
        <script>
        "use strict";
        const data = JSON.parse(document.getElementById("scroll-data").textContent);
        const colours = data.colours;
        // A namespace name, never fetched; split so the page holds no web address at all.
        const SVG = "http:" + "//www.w3.org/2000/svg";
        const [contentX, contentY, contentWidth, contentHeight] = data.content;
        const [deviceWidth, deviceHeight] = data.viewport;
        const overviewScale = data.overviewScale;
        const slider = document.getElementById("slider");

        function make(name, attributes, parent) {
          const node = document.createElementNS(SVG, name);
          for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
          if (parent) parent.appendChild(node);
          return node;
        }
        function colour(text) { return text.length === 9 ? "#" + text.slice(1, 7) : text; }
        function alpha(text) { return text.length === 9 ? parseInt(text.slice(7), 16) / 255 : 1; }
        function name(element) {
          return element[0] === "item" ? "item " + element[1] + "-" + element[2] : element[0] + " " + element[1];
        }

        // Draws element `index` at `frame` as "normal", "faded", "missing" or "extra".
        function drawElement(parent, index, frame, appearance) {
          const element = data.elements[index];
          const [kind, , , , , , , text, lookIndex, radius] = element;
          const [x, y, width, height] = frame;
          const group = make("g", { "class": "element " + appearance, "data-id": name(element) }, parent);
          if (appearance === "faded") group.setAttribute("opacity", data.outsideAlpha);
          make("title", {}, group).textContent = name(element) + (text ? " · " + text : "") +
            "\\nx " + x + "  y " + y + "  width " + width + "  height " + height;
          const missing = appearance === "missing";
          const font = data.font;
          if (kind === "item" || kind === "more") {
            const border = data.borderWidth;
            const [lookFill, lookBorder, lookText] = data.looks[lookIndex];
            const fill = missing ? colours.missing : lookFill;
            const stroke = missing ? colours.missing : lookBorder;
            const cell = make("rect", { x: x + border / 2, y: y + border / 2, width: Math.max(0, width - border),
              height: Math.max(0, height - border), rx: Math.max(0, radius - border / 2),
              fill: colour(fill), "fill-opacity": missing ? 0.08 : alpha(fill),
              stroke: colour(stroke), "stroke-width": missing ? Math.max(border, 1.5) : border }, group);
            if (missing) cell.setAttribute("stroke-dasharray", "4 3");
            const ink = missing ? colours.missing : lookText;
            const label = make("text", { x: x + width / 2, y: y + height / 2, "text-anchor": "middle", \
        "dominant-baseline": "central",
              "font-family": font.family, "font-size": font.size, fill: colour(ink), "fill-opacity": missing ? 0.6 : 1 \
        }, group);
            label.textContent = text;
            if (appearance === "extra") outlineOutside(group, frame, radius);
          } else {
            const header = kind === "header";
            if (missing) {
              make("rect", { x: x + 0.75, y: y + 0.75, width: width - 1.5, height: height - 1.5, fill: \
        colour(colours.missing),
                "fill-opacity": 0.06, stroke: colour(colours.missing), "stroke-width": 1.5, "stroke-dasharray": "4 3" \
        }, group);
            } else if (header && data.pinHeaders) {
              make("rect", { x, y, width, height, fill: colour(colours.background) }, group);
            }
            const [insetLeft, insetTop] = data.textInset;
            // Scrolling horizontally, a header is a strip as tall as the content and its text runs down it.
            const [labelX, labelY] = data.horizontal ? [x + width / 2, y + insetTop]
              : [data.rightToLeft ? x + width - insetLeft : x + insetLeft, y + height / 2];
            const label = make("text", { x: labelX, y: labelY,
              "text-anchor": data.rightToLeft && !data.horizontal ? "end" : "start", "dominant-baseline": "central", \
        "font-family": font.family,
              "font-size": header ? font.headerSize : font.footerSize, "font-weight": header ? "bold" : "normal",
              fill: colour(missing ? colours.missing : header ? colours.headerText : colours.footerText) }, group);
            if (data.horizontal) label.setAttribute("transform", "rotate(90 " + labelX + " " + labelY + ")");
            label.textContent = text;
            if (appearance === "extra") outlineOutside(group, frame, 0);
          }
        }
        function outlineOutside(group, [x, y, width, height], radius) {
          make("rect", { x: x - 2, y: y - 2, width: width + 4, height: height + 4, rx: radius + 2, fill: "none",
            stroke: colour(colours.extra), "stroke-width": 1.5, "stroke-dasharray": "1.5 2", "class": "extra-mark" }, \
        group);
        }
        // Pinned headers float above the tags scrolling under them.
        function inDrawingOrder(indices) {
          if (!data.pinHeaders) return indices;
          const header = index => data.elements[index][0] === "header";
          return indices.filter(index => !header(index)).concat(indices.filter(header));
        }
        function frameOf(index, moved) { return moved.get(index) || data.elements[index].slice(3, 7); }

        const columns = data.strategies.map((strategy, column) => {
          const node = document.createElement("div");
          node.className = "column";
          node.dataset.strategy = strategy;
          const heading = document.createElement("h2");
          heading.textContent = data.strategies.length > 1 ? (column === 0 ? "before: " : "after: ") + strategy : \
        strategy;
          const summary = document.createElement("p");
          summary.className = "summary";
          summary.textContent = data.summaries[column];
          const panels = document.createElement("div");
          panels.className = "panels";
          if (data.horizontal) panels.style.flexDirection = "column";
          const device = make("svg", { "class": "device", width: deviceWidth, height: deviceHeight });
          const deviceContent = make("g", {}, device);
          const overviewBox = document.createElement("div");
          overviewBox.className = "overview-box";
          if (data.horizontal) {
            overviewBox.style.width = data.overviewLength + "px";
            overviewBox.style.overflowX = "auto";
            overviewBox.style.overflowY = "hidden";
          } else {
            overviewBox.style.height = data.overviewLength + "px";
          }
          const overview = make("svg", { "class": "overview", width: contentWidth * overviewScale, height: \
        contentHeight * overviewScale,
            viewBox: [contentX, contentY, contentWidth, contentHeight].join(" ") });
          make("rect", { x: contentX, y: contentY, width: contentWidth, height: contentHeight, fill: \
        colour(colours.background) }, overview);
          const faded = make("g", { "class": "backdrop" }, overview);
          data.elements.forEach((element, index) => drawElement(faded, index, element.slice(3, 7), "faded"));
          const overviewContent = make("g", {}, overview);
          overviewBox.appendChild(overview);
          panels.append(device, overviewBox);
          const counts = document.createElement("div");
          counts.className = "counts";
          counts.innerHTML = 'returned <span class="returned-count"></span> · missing <span \
        class="missing-count"></span> · extra <span class="extra-count"></span>';
          node.append(heading, summary, panels, counts);
          document.getElementById("columns").appendChild(node);
          device.addEventListener("wheel", event => {
            event.preventDefault();
            const delta = Math.abs(event.deltaX) > Math.abs(event.deltaY) ? event.deltaX : event.deltaY;
            const steps = Math.sign(delta) * Math.max(1, Math.round(Math.abs(delta) / 40));
            show(Number(slider.value) + steps);
          }, { passive: false });
          return { device, deviceContent, overviewBox, overviewContent, counts };
        });

        function show(step) {
          step = Math.min(Math.max(1, Math.round(step) || 1), data.steps.length);
          slider.value = step;
          const { offset, viewport, results, moved: movedList } = data.steps[step - 1];
          const moved = new Map(movedList.map(entry => [entry[0], entry.slice(1)]));
          document.getElementById("step-label").textContent = "step " + step + "/" + data.steps.length + " · offset " \
        + Math.round(offset * 100) / 100 + " pt";
          columns.forEach((column, index) => {
            const [returned, missing, extra] = results[index];
            column.device.setAttribute("viewBox", viewport.join(" "));
            column.deviceContent.replaceChildren();
            make("rect", { x: viewport[0], y: viewport[1], width: viewport[2], height: viewport[3], fill: \
        colour(colours.background) }, column.deviceContent);
            for (const element of inDrawingOrder(returned)) drawElement(column.deviceContent, element, \
        frameOf(element, moved), "normal");
            column.overviewContent.replaceChildren();
            const isExtra = new Set(extra);
            for (const element of returned.concat(missing)) {
              const [x, y, width, height] = frameOf(element, moved);
              make("rect", { x, y, width, height, fill: colour(colours.background) }, column.overviewContent);
            }
            for (const element of inDrawingOrder(returned)) {
              drawElement(column.overviewContent, element, frameOf(element, moved), isExtra.has(element) ? "extra" : \
        "normal");
            }
            for (const element of missing) drawElement(column.overviewContent, element, frameOf(element, moved), \
        "missing");
            // Keeps the window in the middle of a scrolling overview.
            if (data.horizontal) {
              column.overviewBox.scrollLeft = (viewport[0] - contentX) * overviewScale - (data.overviewLength - \
        viewport[2] * overviewScale) / 2;
            } else {
              column.overviewBox.scrollTop = (viewport[1] - contentY) * overviewScale - (data.overviewLength - \
        viewport[3] * overviewScale) / 2;
            }
            const line = 2 / overviewScale;
            make("rect", { "class": "window", x: viewport[0] + line / 2, y: viewport[1] + line / 2, width: viewport[2] \
        - line,
              height: viewport[3] - line, fill: colour(colours.viewportFill), "fill-opacity": \
        alpha(colours.viewportFill),
              stroke: colour(colours.viewportBorder), "stroke-width": line }, column.overviewContent);
            column.counts.querySelector(".returned-count").textContent = returned.length;
            column.counts.querySelector(".missing-count").textContent = missing.length;
            column.counts.querySelector(".extra-count").textContent = extra.length;
            column.counts.classList.toggle("has-missing", missing.length > 0);
            column.counts.style.color = colour(missing.length > 0 ? colours.missing : colours.captionText);
          });
        }

        for (const [label, swatchColour, dash] of data.legend) {
          const entry = document.createElement("span");
          const swatch = document.createElement("span");
          swatch.className = "swatch";
          swatch.style.borderColor = colour(swatchColour);
          swatch.style.borderStyle = dash ? "dashed" : "solid";
          entry.append(swatch, label);
          document.getElementById("legend").appendChild(entry);
        }
        document.body.style.background = colour(colours.background);
        document.body.style.color = colour(colours.captionText);
        slider.addEventListener("input", () => show(Number(slider.value)));
        const requested = /(?:^|[?#&])step=(\\d+)/.exec(location.hash) || \
        /(?:^|[?#&])step=(\\d+)/.exec(location.search);
        show(requested ? Number(requested[1]) : 1);
        </script>
        </body></html>

        """
}
