import TagFlowLayout
import TagFlowInput
import TagFlowRender
import TagFlowPipeline
import TagFlowPreview
import TagFlowSnapshot

/// The preview's page, its style and its script: the same bytes every run; what changes comes from `/state.json`
/// and the events.
struct PreviewPage {
    /// A manifest's page lists every screen; a tags file's has switches.
    var isManifest: Bool
    /// Whether the page has a record button (`--allow-record`); the token is in the page's address, not here.
    var canRecord: Bool
    /// The languages of the tags file's string catalog, the Language switch's choices; none without a catalog.
    var locales: [String] = []

    /// A tags file's switches, each with its choices; `-` leaves the config's choice.
    var switches: [(name: String, label: String, choices: [String])] { [
        ("device", "Device", DeviceProfile.builtIn.map(\.name)),
        ("theme", "Theme", Style.Theme.allCases.map(\.rawValue)),
        ("contentSize", "Content size", ContentSizeCategory.allCases.map(\.rawValue)),
        ("direction", "Direction", Direction.allCases.map(\.rawValue)),
        ("legibilityWeight", "Bold Text", LegibilityWeight.allCases.map(\.rawValue)),
        ("locale", "Language", locales),
        ("pseudo", "Pseudolanguage", Pseudolanguage.allCases.map(\.rawValue)),
    ] }

    /// The settings `/select/DEVICE/THEME/SIZE/DIRECTION/WEIGHT/LANGUAGE/PSEUDO` names, each a choice of its switch
    /// or `-`; nil for any other path.
    func settings(selecting path: String) -> SnapshotVariant.Settings? {
        let parts = path.dropFirst("/select/".count).split(separator: "/", omittingEmptySubsequences: false)
            .map(String.init)
        guard parts.count == switches.count else { return nil }
        var values = [String?]()
        for (part, choice) in zip(parts, switches) {
            if part == "-" { values.append(nil); continue }
            guard choice.choices.contains(part) else { return nil }
            values.append(part)
        }
        return SnapshotVariant.Settings(device: values[0], theme: values[1],
                                        direction: values[3].flatMap(Direction.init(rawValue:)),
                                        contentSize: values[2].flatMap(ContentSizeCategory.init(rawValue:)),
                                        legibilityWeight: values[4].flatMap(LegibilityWeight.init(rawValue:)),
                                        locale: values[5], pseudo: values[6].flatMap(Pseudolanguage.init(rawValue:)))
    }

    var routes: [String: HTTPResponse] {
        ["/": HTTPResponse(contentType: "text/html; charset=utf-8", body: Array(html.utf8)),
         "/preview.js": HTTPResponse(contentType: "text/javascript; charset=utf-8", body: Array(Self.script.utf8)),
         "/preview.css": HTTPResponse(contentType: "text/css; charset=utf-8", body: Array(Self.style.utf8)),
         "/favicon.svg": HTTPResponse(contentType: "image/svg+xml", body: Array(Self.icon.utf8))]
    }

    var html: String {
        let controls = isManifest ? "" : switches.map { item in
            let options = (["-"] + item.choices).map { choice in
                "<option value=\"\(choice)\">\(choice == "-" ? "as configured" : choice)</option>"
            }
            return "<label>\(item.label) <select data-switch=\"\(item.name)\">\(options.joined())</select></label>"
        }.joined(separator: "\n")
        let record = canRecord ? #"<button id="record" type="button">Record goldens</button>"# : ""
        let goldens = isManifest ? #"<label><input type="checkbox" id="goldens"> Compare with goldens</label>"# : ""
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width">
            <title>tagflow preview</title>
            <link rel="stylesheet" href="/preview.css">
            <link rel="icon" href="/favicon.svg">
            <script src="/preview.js" defer></script>
            </head><body data-mode="\(isManifest ? "manifest" : "tags")">
            <header><h1>tagflow preview</h1><span id="status">connecting…</span>
            <span id="redraws"></span>\(goldens)\(record)</header>
            <nav id="switches">\(controls)</nav>
            <pre id="manifest-error" class="error" hidden></pre>
            <main id="screens"></main>
            <section id="player" hidden><h2 id="player-title"></h2><iframe id="player-frame" title="scroll player">\
            </iframe></section>
            </body></html>

            """
    }

    /// Three tags in a row.
    static let icon = ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><g fill="none" stroke="#c90">"##
        + #"<rect x="1" y="2" width="8" height="5" rx="2.5"/><rect x="10" y="2" width="5" height="5" rx="2.5"/>"#
        + #"<rect x="1" y="9" width="11" height="5" rx="2.5"/></g></svg>"#

    static let style = """
        body { margin: 16px; font: 13px system-ui, sans-serif; background: #f4f4f6; color: #222; }
        header { display: flex; gap: 16px; align-items: baseline; }
        h1 { font-size: 18px; margin: 0 0 8px; }
        h2 { font-size: 15px; margin: 16px 0 6px; }
        #switches { display: flex; flex-wrap: wrap; gap: 12px; margin: 8px 0; }
        .error { background: #fde8e8; color: #8a1010; border: 1px solid #e0a0a0; padding: 8px; white-space: pre-wrap; }
        .variants { display: flex; flex-wrap: wrap; gap: 16px; align-items: flex-start; }
        .variant { background: #fff; border: 1px solid #ccc; border-radius: 8px; padding: 8px; }
        .variant h3 { font-size: 13px; margin: 0 0 4px; }
        .device { overflow: auto; max-height: 640px; width: max-content; border: 1px solid #888; border-radius: 18px; }
        .device img { display: block; }
        .device.whole { max-height: none; }
        .verdict.pass { color: #0a6a0a; } .verdict.fail { color: #a00; }
        .meta { color: #666; font-size: 12px; }
        .golden { max-width: 420px; font-size: 12px; }
        .golden .fails { color: #a00; font-weight: bold; } .golden .passes { color: #0a6a0a; }
        .golden img { width: 120px; margin: 2px; border: 1px solid #ccc; vertical-align: top; }
        .warning { color: #8a5a00; font-size: 12px; }
        #player-frame { width: 100%; height: 760px; border: 1px solid #ccc; background: #fff; }
        button { font: inherit; }
        """

    static let script = """
        "use strict";
        const token = new URLSearchParams(location.search).get("token");
        const screens = document.getElementById("screens");
        let selected = null;
        window.tagflowLoads = [];

        function element(tag, className, text) {
          const node = document.createElement(tag);
          if (className) node.className = className;
          if (text !== undefined) node.textContent = text;
          return node;
        }

        function card(variant) {
          const node = element("article", "variant");
          node.dataset.key = variant.key;
          node.append(element("h3", "", variant.name));
          const device = element("div", "device");
          const img = element("img");
          img.alt = variant.name;
          img.addEventListener("load", () => {
            window.tagflowLoads.push({ key: variant.key, src: img.getAttribute("src"), time: Date.now() });
            window.dispatchEvent(new Event("tagflow-load"));
          });
          device.append(img);
          node.append(device, element("div", "verdict"), element("div", "meta"), element("div", "warnings"),
                       element("pre", "error"), element("div", "golden"));
          const whole = element("button", "", "whole content");
          whole.type = "button";
          whole.addEventListener("click", () => device.classList.toggle("whole"));
          const play = element("button", "", "scroll player");
          play.type = "button";
          play.addEventListener("click", () => { selected = node.dataset.key; showPlayer(); });
          node.append(whole, play);
          return node;
        }

        function update(node, variant) {
          const img = node.querySelector("img");
          if (variant.picture && img.getAttribute("src") !== variant.picture) img.src = variant.picture;
          img.style.width = variant.width + "px";
          const verdict = node.querySelector(".verdict");
          verdict.textContent = variant.verdict;
          verdict.className = "verdict " + (variant.passed ? "pass" : "fail");
          node.querySelector(".meta").textContent = variant.width + " × " + variant.height + " pt · drawn " +
            variant.redraws + (variant.redraws === 1 ? " time" : " times");
          node.querySelector(".meta").dataset.redraws = variant.redraws;
          const warnings = node.querySelector(".warnings");
          warnings.replaceChildren(...variant.warnings.map((text) => element("div", "warning", text)));
          const error = node.querySelector(".error");
          error.hidden = !variant.error;
          error.textContent = variant.error ? variant.error.text : "";
          compare(node, variant);
        }

        // Beside each picture, its goldens as `snapshot verify` compares them: status, detail, explanation, pictures.
        const goldensSwitch = document.getElementById("goldens");
        async function compare(node, variant) {
          const box = node.querySelector(".golden");
          box.hidden = !goldensSwitch || !goldensSwitch.checked;
          const id = variant.key + "-" + variant.generation;
          if (box.hidden || box.dataset.id === id) return;
          box.dataset.id = id;
          box.replaceChildren(element("div", "", "comparing with the goldens…"));
          const items = await (await fetch("/compare/" + id + ".json")).json();
          if (box.dataset.id !== id) return;
          if (items.error) { box.replaceChildren(element("pre", "error", items.error)); return; }
          box.replaceChildren(...items.map((item) => {
            const part = element("div");
            part.append(element("div", item.fails ? "fails" : "passes", item.name + ": " + item.status));
            if (item.detail) part.append(element("div", "", item.detail));
            for (const words of item.explanation) part.append(element("div", "", "• " + words));
            for (const image of item.images) {
              const img = element("img");
              img.src = image.src;
              img.alt = image.role;
              img.title = image.role;
              part.append(img);
            }
            return part;
          }));
        }
        if (goldensSwitch) goldensSwitch.addEventListener("change", () => { if (latest) render(latest); });

        let latest = null;
        function render(state) {
          latest = state;
          document.getElementById("status").textContent = "live · revision " + state.revision;
          document.getElementById("redraws").textContent = state.redraws + " drawn";
          document.getElementById("redraws").dataset.redraws = state.redraws;
          const manifestError = document.getElementById("manifest-error");
          manifestError.hidden = !state.manifest;
          manifestError.textContent = state.manifest ? state.manifest.text : "";
          const tagsMode = document.body.dataset.mode === "tags";
          state.screens.forEach((screen, index) => {
            let section = screens.children[index];
            if (!section) {
              section = element("section", "screen");
              section.append(element("h2"), element("pre", "error"), element("div", "variants"));
              screens.append(section);
            }
            section.querySelector("h2").textContent = screen.name + " — " + screen.tags +
              (screen.config ? " + " + screen.config : "");
            const error = section.querySelector(".error");
            error.hidden = !screen.error;
            error.textContent = screen.error ? screen.error.text : "";
            const list = section.querySelector(".variants");
            const shown = tagsMode ? screen.variants.filter((v) => v.key === (selected || v.key)).slice(-1)
              : screen.variants;
            const keys = new Set(shown.map((v) => v.key));
            for (const old of [...list.children]) if (!keys.has(old.dataset.key)) old.remove();
            for (const variant of shown) {
              let node = list.querySelector('[data-key="' + variant.key + '"]');
              if (!node) { node = card(variant); list.append(node); }
              update(node, variant);
            }
          });
          while (screens.children.length > state.screens.length) screens.lastChild.remove();
          showPlayer();
          window.dispatchEvent(new Event("tagflow-state"));
        }

        function showPlayer() {
          if (!latest || !selected) return;
          const variant = latest.screens.flatMap((s) => s.variants).find((v) => v.key === selected);
          const frame = document.getElementById("player-frame");
          document.getElementById("player").hidden = !variant || !variant.player;
          if (!variant || !variant.player) return;
          document.getElementById("player-title").textContent = "Scroll player: " + variant.name;
          if (frame.getAttribute("src") !== variant.player) frame.src = variant.player;
        }

        async function choose() {
          const parts = [...document.querySelectorAll("[data-switch]")].map((s) => s.value);
          const answer = await fetch("/select/" + parts.join("/"));
          if (answer.ok) { selected = (await answer.json()).key; if (latest) render(latest); }
        }

        document.querySelectorAll("[data-switch]").forEach((s) => s.addEventListener("change", choose));
        const record = document.getElementById("record");
        if (record) record.addEventListener("click", async () => {
          const answer = await fetch("/record?token=" + encodeURIComponent(token || ""), { method: "POST" });
          document.getElementById("status").textContent = await answer.text();
        });

        fetch("/state.json").then((answer) => answer.json()).then(render);
        const events = new EventSource("/events");
        events.addEventListener("state", (event) => render(JSON.parse(event.data)));
        events.addEventListener("error", () => { document.getElementById("status").textContent = "reconnecting…"; });

        """
}
