"""The built site in a real headless browser (Debian's chromium, driven by
Playwright): open each language's catalog, follow the links to every game
page and to its other-language version, and find every figure displayed."""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import threading

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
if CHROMIUM is None and not os.environ.get("CI"):
    pytest.skip("chromium is not installed (apt-get install chromium)", allow_module_level=True)

from playwright.sync_api import sync_playwright  # noqa: E402

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="module")
def site(built_site):
    """Serve build/ on a loopback port, as a reader's web server would."""
    project, _ = built_site
    handler = functools.partial(http.server.SimpleHTTPRequestHandler,
                                directory=str(project.build))
    handler.log_message = lambda *args: None
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield project, f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


@pytest.fixture(scope="module")
def browser():
    assert CHROMIUM, "chromium is needed for this test (apt-get install chromium)"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield browser
        browser.close()


def figures_displayed(page) -> tuple[int, int]:
    """(figures on the page, figures whose image loaded and has a visible size)."""
    page.wait_for_load_state("load")
    return page.evaluate("""() => {
        const images = [...document.querySelectorAll('figure.rulebook-figure img')];
        const shown = images.filter(img => img.complete && img.naturalWidth > 0 &&
            img.getBoundingClientRect().width > 50 && img.getBoundingClientRect().height > 50);
        return [document.querySelectorAll('figure.rulebook-figure').length, shown.length];
    }""")


@pytest.mark.parametrize("lang, other", [("en", "ja"), ("ja", "en")])
def test_catalog_game_pages_and_language_links(site, browser, lang, other):
    project, base = site
    page = browser.new_page()
    page.goto(f"{base}/html/{lang}/index.html")
    assert page.get_attribute("html", "lang") == lang
    entries = page.locator("section.catalog-entry")
    slugs = [entries.nth(i).get_attribute("id").removeprefix("catalog-")
             for i in range(entries.count())]
    assert "qttt" in slugs
    for slug in slugs:
        for pdf_lang in (lang, other):
            response = page.request.get(f"{base}/pdf/{slug}-{pdf_lang}.pdf")
            assert response.ok and response.body().startswith(b"%PDF")
        page.goto(f"{base}/html/{lang}/index.html")
        page.locator(f"#catalog-{slug} h2 a, #catalog-{slug} .catalog-links a").first.click()
        page.wait_for_url(f"**/html/{lang}/{slug}.html")
        count, shown = figures_displayed(page)
        assert count > 0 and shown == count, f"{slug} ({lang}): {shown} of {count} figures shown"
        page.locator("a.rulebook-langswitch-link").click()
        page.wait_for_url(f"**/html/{other}/{slug}.html")
        assert page.get_attribute("html", "lang") == other
        count_other, shown_other = figures_displayed(page)
        assert shown_other == count_other == count
    page.close()


def test_japanese_text_uses_the_shipped_font(site, browser):
    _, base = site
    page = browser.new_page()
    page.goto(f"{base}/html/ja/qttt.html")
    page.wait_for_load_state("load")
    assert page.evaluate("() => document.fonts.ready.then(() => "
                         "document.fonts.check('16px IPAexGothic', '量子三目並べ'))")
    loaded = page.evaluate("() => [...document.fonts].filter(f => f.status === 'loaded')"
                           ".map(f => f.family)")
    assert any("IPAexGothic" in family for family in loaded)
    page.close()
