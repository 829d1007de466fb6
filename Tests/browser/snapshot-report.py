"""Drives a snapshot report.html in headless Chromium as a reviewer would, and prints what it saw as JSON.

Usage: snapshot-report.py REPORT_HTML SCREENSHOT_FOLDER

It clicks the first golden's listed changes, drags its slider, turns its onion skin, and flips the page's
switches; after each step it records what the page shows (scroll positions, outline boxes, computed styles,
which pictures loaded), and saves a screenshot into SCREENSHOT_FOLDER for a person to look at. The test that
runs it decides what is right.
"""
import json
import pathlib
import sys

from playwright.sync_api import sync_playwright

from report_page import open_report

report, shots = pathlib.Path(sys.argv[1]).resolve(), pathlib.Path(sys.argv[2])
seen = {}

LOADED = """(item) => [...item.querySelectorAll('.view.side img')]
    .filter((img) => img.getClientRects().length > 0).map((img) => img.complete && img.naturalWidth > 0)"""
MARK_BOX = """(id) => {
    const mark = [...document.querySelectorAll('.mark')]
        .find((m) => m.dataset.mark === id && m.getClientRects().length > 0);
    if (!mark) return null;
    const box = mark.getBoundingClientRect();
    return {top: box.top, bottom: box.bottom, height: box.height, flash: mark.classList.contains('flash'),
            viewport: window.innerHeight, scrollY: window.scrollY};
}"""
ACTUAL_LAYER = """(item) => {
    const layer = item.querySelector('.layer.actual');
    const style = getComputedStyle(layer);
    return {clipPath: style.clipPath, opacity: Number(style.opacity),
            range: Number(item.querySelector('[data-range]').value)};
}"""

with sync_playwright() as playwright:
    browser, page, requests = open_report(playwright, report)
    items = page.locator("[data-item]")
    first = items.first
    seen["items"] = items.count()
    seen["failingGroups"] = page.locator("section.group.fails > h2").all_inner_texts()
    seen["lastItemLoadedAtStart"] = any(items.last.evaluate(LOADED))
    page.wait_for_function(f"() => ({LOADED})(document.querySelector('[data-item]')).every((loaded) => loaded)")
    seen["firstItemLoaded"] = first.evaluate(LOADED)
    seen["changes"] = first.locator("button.change").all_inner_texts()
    page.screenshot(path=shots / "report-top.png")

    # Each listed change, clicked from the top of the page: its outline comes into view and flashes.
    seen["clicks"] = []
    for button in first.locator("button.change").all():
        page.evaluate("window.scrollTo(0, 0)")
        target = button.get_attribute("data-goto")
        before = page.evaluate(MARK_BOX, target)
        button.click()
        seen["clicks"].append({"change": button.inner_text(), "before": before,
                               "after": page.evaluate(MARK_BOX, target)})
    page.screenshot(path=shots / "report-change.png")

    # The slider: dragged to a quarter of the stage, then to its end with the keyboard.
    first.locator("[data-mode=slider]").click()
    seen["sideHiddenInSlider"] = first.locator("[data-view=side]").is_hidden()
    stage = first.locator("[data-stage]")
    stage.scroll_into_view_if_needed()
    seen["slider"] = [first.evaluate(ACTUAL_LAYER)]
    box = stage.bounding_box()
    # Mid-window, below the sticky header, where the stage is.
    y = min(max(450, box["y"] + 10), box["y"] + box["height"] - 10)
    page.mouse.move(box["x"] + box["width"] * 0.6, y)
    page.mouse.down()
    page.mouse.move(box["x"] + box["width"] * 0.25, y, steps=5)
    page.mouse.up()
    seen["slider"].append(first.evaluate(ACTUAL_LAYER))
    page.screenshot(path=shots / "report-slider.png")
    first.locator("[data-range]").press("End")
    seen["slider"].append(first.evaluate(ACTUAL_LAYER))

    # The onion skin: from the golden alone to a third of the way.
    first.locator("[data-mode=onion]").click()
    range_input = first.locator("[data-range]")
    range_input.press("Home")
    seen["onion"] = [first.evaluate(ACTUAL_LAYER)]
    for _ in range(30):
        range_input.press("ArrowRight")
    seen["onion"].append(first.evaluate(ACTUAL_LAYER))
    page.screenshot(path=shots / "report-onion.png")

    # The plain pixel diff in place of the explained one.
    first.locator("[data-mode=side]").click()
    def shown(role):
        return first.locator(f".view.side figure.{role}").first.is_visible()
    seen["explainedDiff"] = {"diff": shown("diff"), "pixels": shown("pixels")}
    page.check("#plain-diff")
    seen["plainDiff"] = {"diff": shown("diff"), "pixels": shown("pixels")}
    page.screenshot(path=shots / "report-plain.png")

    seen["requestsElsewhere"] = [url for url in requests if not url.startswith(report.parent.as_uri())]
    browser.close()

print(json.dumps(seen))
