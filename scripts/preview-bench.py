"""Times `tagflow preview` from a save to the page showing it: the wall clock from a tags file's rename over the
old one to the `load` of the last new picture in headless Chromium, for every variant that file draws.

Usage: preview-bench.py TAGFLOW TAGS ROUNDS -- PREVIEW_ARGUMENTS...

Starts `tagflow preview PREVIEW_ARGUMENTS`, opens its page, and ROUNDS times saves TAGS (one tag renamed, then
back) by writing a new file and renaming it over the old one. Prints JSON: each round's milliseconds, the
variants redrawn per save, and the variants shown.
"""
import json
import os
import pathlib
import shutil
import signal
import subprocess
import sys
import time
import urllib.request

from playwright.sync_api import sync_playwright

tagflow, tags, rounds = sys.argv[1], pathlib.Path(sys.argv[2]).resolve(), int(sys.argv[3])
arguments = sys.argv[sys.argv.index("--") + 1:]
server = subprocess.Popen([tagflow, "preview", *arguments], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                          text=True)
address = server.stdout.readline().strip().split(" ")[-1]

# Resolves once every key in `keys` has loaded a picture other than the one it showed before.
WAIT = """([keys, before]) => new Promise((resolve) => {
    const check = () => {
        const latest = {};
        for (const load of window.tagflowLoads) latest[load.key] = load;
        if (keys.every((key) => latest[key] && latest[key].src !== before[key])) {
            resolve(Math.max(...keys.map((key) => latest[key].time)));
        } else {
            window.addEventListener('tagflow-load', check, {once: true});
        }
    };
    check();
})"""
SHOWN = """() => Object.fromEntries([...document.querySelectorAll('.variant')]
    .map((card) => [card.dataset.key, card.querySelector('img').getAttribute('src')]))"""


def state():
    with urllib.request.urlopen(address + "state.json") as answer:
        return json.load(answer)


try:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=shutil.which("chromium"), args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.goto(address)
        first = state()
        keys = [v["key"] for s in first["screens"] if pathlib.Path(s["tags"]).resolve() == tags for v in s["variants"]]
        shown = sum(len(s["variants"]) for s in first["screens"])
        page.evaluate(WAIT, [keys, {}])
        original = tags.read_text(encoding="utf-8")
        lines = original.split("\n")
        index = next(i for i, line in enumerate(lines) if line and not line.startswith(("#", "@", "*")))
        times, redrawn = [], []
        for round in range(rounds):
            edited = list(lines)
            edited[index] = lines[index] + (" " + "改" * (1 + round % 3) if round % 2 == 0 else "")
            before = page.evaluate(SHOWN)
            redraws = state()["redraws"]
            temporary = tags.with_name("." + tags.name + ".tmp")
            temporary.write_text("\n".join(edited), encoding="utf-8")
            start = time.time() * 1000
            os.rename(temporary, tags)
            loaded = page.evaluate(WAIT, [keys, before])
            times.append(loaded - start)
            redrawn.append(state()["redraws"] - redraws)
        tags.write_text(original, encoding="utf-8")
        browser.close()
finally:
    server.send_signal(signal.SIGINT)
    server.wait(timeout=60)
print(json.dumps({"milliseconds": times, "redrawn": redrawn, "variants": shown, "affected": len(keys)}))
