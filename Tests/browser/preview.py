"""Runs `tagflow preview` on a tags file, uses its page in headless Chromium while editing the file, and prints
what it saw as JSON.

Usage: preview.py TAGFLOW TAGS CONFIG SCREENSHOT_FOLDER

It starts the preview on a free port and reads the address it prints; asks the server, over http.client, for what
it must refuse; loads the page; saves the tags file by writing a new file and renaming it over the old, then in
place; breaks it and fixes it; flips a switch; and stops the server with SIGINT. After each step it records the
picture's address, the picture's bytes' hash, the redraw count and any error the page shows, and screenshots the
page into SCREENSHOT_FOLDER. The test that runs it decides what is right.
"""
import hashlib
import http.client
import json
import os
import pathlib
import shutil
import signal
import subprocess
import sys
import urllib.parse

from playwright.sync_api import sync_playwright

tagflow, tags, config, shots = sys.argv[1], pathlib.Path(sys.argv[2]), sys.argv[3], pathlib.Path(sys.argv[4])
seen = {}

server = subprocess.Popen([tagflow, "preview", str(tags), "--config", config, "--device", "iphone-se"],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
address = server.stdout.readline().strip().split(" ")[-1]
seen["address"] = address
url = urllib.parse.urlsplit(address)
host, port = url.hostname, url.port


def ask(method, path, headers=None):
    """The status of a raw request: the path is sent exactly as written."""
    connection = http.client.HTTPConnection(host, port, timeout=60)
    connection.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
    for name, value in (headers if headers is not None else {"Host": f"{host}:{port}"}).items():
        connection.putheader(name, value)
    connection.endheaders()
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return response.status, body


seen["refusals"] = {
    "wrongHost": ask("GET", "/", {"Host": f"rebound.example:{port}"})[0],
    "noHost": ask("GET", "/", {})[0],
    "dotDot": ask("GET", "/../etc/passwd")[0],
    "encodedDotDot": ask("GET", "/%2e%2e/%2e%2e/etc/passwd")[0],
    "encodedSlash": ask("GET", "/picture%2F..%2F..%2Fetc%2Fpasswd")[0],
    "absolute": ask("GET", "/etc/passwd")[0],
    "post": ask("POST", "/", {"Host": f"{host}:{port}", "Content-Length": "0"})[0],
    "record": ask("POST", "/record?token=0", {"Host": f"{host}:{port}", "Content-Length": "0"})[0],
    "put": ask("PUT", "/state.json", {"Host": f"{host}:{port}", "Content-Length": "0"})[0],
    "delete": ask("DELETE", "/", {"Host": f"{host}:{port}"})[0],
}

SHOWN = """() => {
    const img = document.querySelector('.variant img');
    const error = document.querySelector('.screen > .error');
    return {src: img && img.getAttribute('src'), loaded: !!img && img.complete && img.naturalWidth > 0,
            width: img ? img.naturalWidth : 0,
            redraws: Number(document.getElementById('redraws').dataset.redraws || 0),
            error: error && !error.hidden ? error.textContent : null,
            loads: window.tagflowLoads.length};
}"""


# The page's policy forbids eval, so waits are promises the page's own events settle, not polled expressions.
WAIT_LOAD = """(count) => new Promise((resolve) => {
    const check = () => window.tagflowLoads.length > count ? resolve(true)
        : window.addEventListener('tagflow-load', check, {once: true});
    check();
})"""
WAIT_ERROR = """() => new Promise((resolve) => {
    const check = () => {
        const error = document.querySelector('.screen > .error');
        if (error && !error.hidden) resolve(true); else window.addEventListener('tagflow-state', check, {once: true});
    };
    check();
})"""
WAIT_PLAYER = """() => new Promise((resolve) => {
    const frame = document.getElementById('player-frame');
    const check = () => frame.contentDocument && frame.contentDocument.getElementById('slider') ? resolve(true)
        : frame.addEventListener('load', check, {once: true});
    check();
})"""


def shown(page):
    state = page.evaluate(SHOWN)
    state["hash"] = hashlib.sha256(ask("GET", state["src"])[1]).hexdigest() if state["src"] else None
    return state


def save_by_rename(text):
    temporary = tags.with_name("." + tags.name + ".swp")
    temporary.write_text(text, encoding="utf-8")
    os.rename(temporary, tags)


def save_in_place(text):
    with open(tags, "w", encoding="utf-8") as file:
        file.write(text)


def after(page, action, text, wait):
    loads = page.evaluate("window.tagflowLoads.length")
    action(text)
    if wait == "load":
        page.evaluate(WAIT_LOAD, loads)
    else:
        page.evaluate(WAIT_ERROR)
    return shown(page)


with sync_playwright() as playwright:
    browser = playwright.chromium.launch(executable_path=shutil.which("chromium"), args=["--no-sandbox"])
    page = browser.new_page(viewport={"width": 1100, "height": 900})
    requests = []
    page.on("request", lambda request: requests.append(request.url))
    console = []
    page.on("console", lambda message: console.append(message.text))
    page.goto(address)
    page.evaluate(WAIT_LOAD, 0)
    seen["start"] = shown(page)
    seen["verdict"] = page.locator(".variant .verdict").inner_text()
    page.screenshot(path=shots / "preview-start.png", full_page=False)

    original = tags.read_text(encoding="utf-8")
    renamed = original.replace("\n足球\n", "\n足球运动\n", 1)
    seen["renamed"] = after(page, save_by_rename, renamed, "load")
    in_place = renamed.replace("\n网球\n", "\n网球\n壁球\n", 1)
    seen["inPlace"] = after(page, save_in_place, in_place, "load")
    seen["broken"] = after(page, save_in_place, in_place + "@sectoin Broken\n", "error")
    seen["brokenLine"] = len(in_place.splitlines()) + 1
    page.screenshot(path=shots / "preview-error.png", full_page=False)
    seen["fixed"] = after(page, save_by_rename, in_place, "load")

    loads = page.evaluate("window.tagflowLoads.length")
    page.select_option("[data-switch=theme]", "dark")
    page.evaluate(WAIT_LOAD, loads)
    seen["dark"] = shown(page)
    page.screenshot(path=shots / "preview-dark.png", full_page=False)
    page.locator(".variant button", has_text="scroll player").click()
    page.evaluate(WAIT_PLAYER)
    seen["playerShown"] = True
    seen["requests"] = sorted({urllib.parse.urlsplit(r).netloc for r in requests})
    seen["console"] = console
    browser.close()

server.send_signal(signal.SIGINT)
seen["exitStatus"] = server.wait(timeout=60)
seen["stderr"] = server.stderr.read()
print(json.dumps(seen))
