"""Opens a report page in headless Chromium for the driver scripts, noting every request it makes."""
import shutil


def open_report(playwright, report):
    """Debian's Chromium at 1280×900 with `report` (a path) loaded; returns the browser, the page and the list the
    URLs of its requests are added to."""
    browser = playwright.chromium.launch(executable_path=shutil.which("chromium"), args=["--no-sandbox"])
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    requests = []
    page.on("request", lambda request: requests.append(request.url))
    page.goto(report.as_uri())
    page.wait_for_load_state("load")
    return browser, page, requests
