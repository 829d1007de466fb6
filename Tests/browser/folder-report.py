"""Drives a folder diff's report.html in headless Chromium as a reviewer would, and prints what it saw as JSON.

Usage: folder-report.py REPORT_HTML SCREENSHOT_FOLDER

It reads the groups and items, checks every inlined picture decoded, drags the first changed file's slider and
turns its onion skin, and flips the "Failures only" switch; after each step it records what the page shows
(computed styles, what is visible), and saves a screenshot into SCREENSHOT_FOLDER for a person to look at. The
test that runs it decides what is right.
"""
import json
import pathlib
import sys

from playwright.sync_api import sync_playwright

from report_page import open_report

report, shots = pathlib.Path(sys.argv[1]).resolve(), pathlib.Path(sys.argv[2])
seen = {}

ACTUAL_LAYER = """(item) => {
    const style = getComputedStyle(item.querySelector('.layer.actual'));
    return {clipPath: style.clipPath, opacity: Number(style.opacity)};
}"""
IMAGES = """() => [...document.images].map((img) => img.complete && img.naturalWidth > 0)"""

with sync_playwright() as playwright:
    browser, page, requests = open_report(playwright, report)
    seen["title"] = page.locator("h1").inner_text()
    seen["groups"] = page.locator("section.group > h2").all_inner_texts()
    seen["failingGroups"] = page.locator("section.group.fails > h2").all_inner_texts()
    seen["items"] = page.locator("[data-item] h3 code").all_inner_texts()
    seen["images"] = page.evaluate(IMAGES)
    page.screenshot(path=shots / "folder-report-top.png", full_page=True)

    changed = page.locator("article.item.changed").first
    seen["captions"] = changed.locator(".view.side figcaption").all_inner_texts()
    seen["modes"] = changed.locator("[data-mode]").all_inner_texts()

    # The slider: old on the left, new on the right, moved with the keyboard.
    changed.locator("[data-mode=slider]").click()
    seen["sideHiddenInSlider"] = changed.locator("[data-view=side]").is_hidden()
    seen["slider"] = [changed.evaluate(ACTUAL_LAYER)]
    range_input = changed.locator("[data-range]")
    range_input.press("Home")
    for _ in range(25):
        range_input.press("ArrowRight")
    seen["slider"].append(changed.evaluate(ACTUAL_LAYER))
    seen["rangeLabels"] = changed.locator("label.range span").all_inner_texts()
    page.screenshot(path=shots / "folder-report-slider.png")

    # The onion skin: from the old picture alone to a third of the way.
    changed.locator("[data-mode=onion]").click()
    range_input.press("Home")
    seen["onion"] = [changed.evaluate(ACTUAL_LAYER)]
    for _ in range(30):
        range_input.press("ArrowRight")
    seen["onion"].append(changed.evaluate(ACTUAL_LAYER))
    page.screenshot(path=shots / "folder-report-onion.png")

    # What passed is hidden while "Failures only" is on, and shown when it is turned off.
    passes = page.locator("section.group.passes").first
    seen["passesShown"] = [passes.is_visible()]
    page.uncheck("#failures-only")
    seen["passesShown"].append(passes.is_visible())

    seen["requestsElsewhere"] = [url for url in requests
                                 if not url.startswith("data:") and url != report.as_uri()]
    browser.close()

print(json.dumps(seen))
