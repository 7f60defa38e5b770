"""The built site in a real headless browser (Debian's chromium, driven by
Playwright), served from ``build/site`` as a reader's web server would: the
root page, the catalogs, every game page and its other-language version, at a
desktop width and on a 390 px phone."""

from __future__ import annotations

import re

import pytest

from chromium import DESKTOP, PHONE, skip_unless_installed

skip_unless_installed()

LANGS = ("en", "ja")
# The furo theme's menu button (top left of a phone's screen) and navigation tree.
MENU_BUTTON = ".mobile-header label[for='__navigation']"
NAVIGATION = ".sidebar-drawer .sidebar-tree"


def every_page(project):
    """(lang, page name) of every HTML page of both languages."""
    return [(lang, path.name) for lang in LANGS
            for path in sorted((project.build / "site" / lang).glob("*.html"))]


def figures_displayed(page) -> tuple[int, int]:
    """(figures on the page, figures whose every image loaded and has a visible size)."""
    page.wait_for_load_state("load")
    return page.evaluate("""() => {
        const figures = [...document.querySelectorAll('figure.rulebook-figure')];
        const shown = figures.filter(figure => {
            const images = [...figure.querySelectorAll('img.rulebook-panel')];
            return images.length > 0 && images.every(img => img.complete && img.naturalWidth > 0 &&
                img.getBoundingClientRect().width > 50 && img.getBoundingClientRect().height > 50);
        });
        return [figures.length, shown.length];
    }""")


def game_page_holds_its_figures_and_books(page, slug, lang) -> int:
    """The game page open in ``page``: every figure shown, and each of its books
    (the two A4 books, the letter, booklet and card, and the sheet of inpHeXion and
    Necto) a PDF the server gives; the number of figures."""
    count, shown = figures_displayed(page)
    assert count > 0 and shown == count, f"{slug} ({lang}): {shown} of {count} figures shown"
    pdfs = page.locator("div.game-info a[href$='.pdf']")
    assert pdfs.count() == 5 + (slug in ("inphexion", "necto")), (slug, lang)
    heads = pdfs.evaluate_all("""links => Promise.all(links.map(async a => {
        const response = await fetch(a.href);  // read in the page: only its start
        const reader = response.body.getReader();
        const {value} = await reader.read();
        await reader.cancel();
        return response.ok && String.fromCharCode(...value.slice(0, 4)); }))""")
    assert heads == ["%PDF"] * pdfs.count(), (slug, lang, heads)
    return count


def test_catalog_game_pages_and_language_links(site, browser):
    """Each catalog's entries link to its own language's game pages; from the English
    catalog each game page is opened by a click, switched to Japanese and back by its
    language link (named in the other language, as its speakers name it), each
    version with all its figures and books."""
    project, base = site
    page = browser.new_page()
    slugs = {}
    for lang in LANGS:
        page.goto(f"{base}/{lang}/index.html")
        assert page.get_attribute("html", "lang") == lang
        entries = page.locator("section.catalog-entry")
        slugs[lang] = [entries.nth(i).get_attribute("id").removeprefix("catalog-")
                       for i in range(entries.count())]
        links = page.evaluate("""(slugs) => Promise.all(slugs.map(async slug => {
            const a = document.querySelector(`#catalog-${slug} h2 a`);
            const response = await fetch(a.href, {method: "HEAD"});
            return [new URL(a.href).pathname, response.ok]; }))""", slugs[lang])
        assert links == [[f"/{lang}/{slug}.html", True] for slug in slugs[lang]], links
    assert "qttt" in slugs["en"] and sorted(slugs["ja"]) == sorted(slugs["en"])
    page.goto(f"{base}/en/index.html")
    for slug in slugs["en"]:
        page.locator(f"#catalog-{slug} h2 a, #catalog-{slug} .catalog-links a").first.click()
        page.wait_for_url(f"**/en/{slug}.html")
        count = game_page_holds_its_figures_and_books(page, slug, "en")
        for lang, other in (("en", "ja"), ("ja", "en")):
            switch = page.locator("a.rulebook-langswitch-link")
            assert switch.inner_text() == {"ja": "日本語", "en": "English"}[other]
            switch.click()
            page.wait_for_url(f"**/{other}/{slug}.html")
            assert page.get_attribute("html", "lang") == other
            if other == "ja":
                assert game_page_holds_its_figures_and_books(page, slug, other) == count
        page.go_back()  # back to the catalog (kept by the browser: not loaded again)
        page.go_back()
        page.go_back()
        page.wait_for_url("**/en/index.html")
    page.close()


@pytest.mark.parametrize("locale, lang", [("ja-JP", "ja"), ("en-GB", "en"), ("fr-FR", "en")])
def test_the_root_page_sends_a_visitor_to_their_language(site, browser, locale, lang):
    _, base = site
    context = browser.new_context(locale=locale)
    page = context.new_page()
    page.goto(f"{base}/")
    page.wait_for_url(f"**/{lang}/index.html")
    assert page.get_attribute("html", "lang") == lang
    context.close()


def test_the_root_page_works_without_javascript(site, browser):
    _, base = site
    context = browser.new_context(java_script_enabled=False, locale="ja-JP")
    page = context.new_page()
    for lang in LANGS:
        page.goto(f"{base}/index.html")
        page.locator(f"a[hreflang='{lang}']").click()
        page.wait_for_url(f"**/{lang}/index.html")
        assert page.locator("section.catalog-entry").count() > 0
    context.close()


PANEL_TEXT = """async () => {
    // Each panel's smallest text as drawn: matplotlib writes a glyph run as a group
    // scaled by (font size / 100) in the SVG's own units (its viewBox).
    const panels = [...document.querySelectorAll('img.rulebook-panel')];
    return Promise.all(panels.map(async img => {
        const svg = await (await fetch(img.currentSrc)).text();
        const viewBox = svg.match(/viewBox="[\\d.]+ [\\d.]+ ([\\d.]+)/);
        const scales = [...svg.matchAll(/scale\\(([\\d.]+) -\\1\\)/g)].map(m => 100 * m[1]);
        const width = img.getBoundingClientRect().width;
        const smallest = scales.length ? Math.min(...scales) * width / Number(viewBox[1]) : null;
        return {src: img.getAttribute('src'), width, text: smallest};
    }));
}"""


# The theme's drawer slides in and out (a CSS transition), and its pages scroll
# smoothly (``scroll-behavior``): the tests look at where each stops, not at it
# moving, which cost some 3 s a page of waiting.
NO_MOTION = ("*, *::before, *::after { transition: none !important; "
             "animation: none !important; scroll-behavior: auto !important; }")
TAPPABLE = """a => {  // inside the screen, and nothing covers it
    const r = a.getBoundingClientRect();
    return r.left >= 0 && r.right <= innerWidth && r.top >= 0 && r.bottom <= innerHeight &&
        document.elementFromPoint(r.left + 5, r.top + r.height / 2)?.closest('a') === a;
}"""


LATIN = re.compile(r"[A-Za-z]{2,}")


def latin_chrome(page) -> list[str]:
    """On a ja page, the theme's own words (search box, buttons, links' titles,
    labels for screen readers) in Latin letters: there should be none (only page
    text and the link to the English page may be in Latin letters)."""
    placeholder = page.locator("input[name='q']").first.get_attribute("placeholder")
    if not placeholder or LATIN.search(placeholder):
        return [f"search box: {placeholder!r}"]
    chrome = page.evaluate("""() => {
        const content = 'article, .sidebar-tree, .toc-tree, .related-pages .title, ' +
            '.rulebook-langswitch, title, script, style';
        const words = [];
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        while (walker.nextNode()) {
            const node = walker.currentNode, parent = node.parentElement;
            if (!parent.closest(content) && parent.checkVisibility() && node.textContent.trim())
                words.push(node.textContent.trim());
        }
        // (a <link> in the head is titled with the page it points to)
        for (const element of document.querySelectorAll('[aria-label], [title], [placeholder]'))
            for (const name of ['aria-label', 'title', 'placeholder'])
                if (element.hasAttribute(name) && element.tagName !== 'LINK' &&
                    !element.closest('.sidebar-tree, .toc-tree'))
                    words.push(element.getAttribute(name));
        return words;
    }""")
    return [word for word in chrome if LATIN.search(word)]


MIN_PANEL = 220  # CSS px: the narrowest a panel may be at a desktop width
PANEL_GAP = 16  # CSS px between panels (1rem)
FIGURE_ROWS = """() => [...document.querySelectorAll('figure.rulebook-figure')].map(f => ({
    columns: Number((f.className.match(/rulebook-columns-(\\d+)/) || [0, 0])[1]),
    width: f.getBoundingClientRect().width,
    panels: [...f.querySelectorAll('img.rulebook-panel')].map(img => {
        const r = img.getBoundingClientRect();
        return {src: img.getAttribute('src'), top: Math.round(r.top), width: r.width}; }),
})).filter(f => f.panels.length > 0)"""


def phone_problems(page, where: str, pages: int) -> list[str]:
    """At 390 px: each panel at least 300 px wide with text of at least 9 px, no
    sideways scrolling, and the navigation (``pages`` links) one tap away at the top."""
    problems = []
    width = page.evaluate("document.documentElement.scrollWidth")
    if width > PHONE["width"]:
        problems.append(f"{where}: scrolls sideways ({width} px wide)")
    unpanelled = page.locator("figure.rulebook-figure:not(:has(img.rulebook-panel))").count()
    if unpanelled:
        problems.append(f"{where}: {unpanelled} figures without img.rulebook-panel")
    for panel in page.evaluate(PANEL_TEXT):
        if panel["width"] < 300:
            problems.append(f"{where}: {panel['src']} is {panel['width']:.0f} px wide")
        if panel["text"] is not None and panel["text"] < 9:
            problems.append(f"{where}: {panel['src']} has {panel['text']:.1f} px text")
    for scroll in (0, "document.documentElement.scrollHeight / 2"):
        page.evaluate("document.getElementById('__navigation').checked = false")  # closed
        page.evaluate(f"window.scrollTo(0, {scroll})")
        menu = page.locator(MENU_BUTTON)
        box = menu.bounding_box() if menu.count() == 1 and menu.is_visible() else None
        if box is None or box["y"] > 100:
            problems.append(f"{where}: no menu button at the top (scrolled to {scroll})")
            continue
        menu.click()
        shown = page.evaluate(f"""async pages => {{  // the drawer slides in: up to 10 s
            const tappable = () => [...document.querySelectorAll("{NAVIGATION} a")]
                .filter({TAPPABLE}).length;
            for (const started = performance.now(); performance.now() - started < 10000;) {{
                if (tappable() >= pages) break;
                await new Promise(done => setTimeout(done, 50));
            }}
            return tappable();
        }}""", pages)
        if shown < pages:
            problems.append(f"{where}: the menu shows {shown} of {pages} page links")
    page.evaluate("document.getElementById('__navigation').checked = false")
    page.evaluate("window.scrollTo(0, 0)")
    return problems


def desktop_problems(page, where: str) -> tuple[list[str], int, int]:
    """At 1280 x 900: no panel under 220 CSS px, nothing scrolls sideways, and each
    figure's panels stand side by side in rows of its record's columns, or of as
    many as its width holds at 220 px each where that is fewer; (problems, panels,
    figures with panels side by side)."""
    problems, panels, side_by_side = [], 0, 0
    width = page.evaluate("document.documentElement.scrollWidth")
    if width > DESKTOP["width"]:
        problems.append(f"{where}: scrolls sideways ({width} px wide)")
    for figure in page.evaluate(FIGURE_ROWS):
        panels += len(figure["panels"])
        for panel in figure["panels"]:
            if panel["width"] < MIN_PANEL:
                problems.append(f"{where}: {panel['src']} is {panel['width']:.0f} px wide")
        fits = int((figure["width"] + PANEL_GAP) // (MIN_PANEL + PANEL_GAP))
        expected = min(figure["columns"], fits, len(figure["panels"]))
        rows = {}
        for panel in figure["panels"]:
            rows.setdefault(panel["top"], []).append(panel)
        counts = [len(row) for _, row in sorted(rows.items())]
        if any(n != expected for n in counts[:-1]) or not 0 < counts[-1] <= expected:
            problems.append(f"{where}: {figure['panels'][0]['src']}: rows of {counts}, "
                            f"expected {expected} a row (columns = {figure['columns']})")
        side_by_side += counts[0] > 1
    return problems, panels, side_by_side


@pytest.mark.parametrize("lang", LANGS)
def test_every_page_reads_on_a_phone_and_on_a_desktop(site, browser, lang):
    """Each page opened at 390 px (:func:`phone_problems`), then widened to 1280 px
    (:func:`desktop_problems`); on the Japanese pages, at both widths, no theme
    word in Latin letters (:func:`latin_chrome`)."""
    project, base = site
    page = browser.new_page(viewport=PHONE)
    pages = len(list(project.docs.glob("*.rst"))) - 1  # every page but the catalog
    problems, panels, side_by_side = [], 0, 0
    for _, name in [p for p in every_page(project) if p[0] == lang]:
        page.set_viewport_size(PHONE)
        page.goto(f"{base}/{lang}/{name}")
        page.wait_for_load_state("load")
        page.add_style_tag(content=NO_MOTION)  # the drawer is looked at where it stops
        where = f"{lang}/{name}"
        if lang == "ja":
            problems += [f"{where} (phone): {word!r} in the theme's words"
                         for word in latin_chrome(page)]
        problems += phone_problems(page, f"{where} (phone)", pages)
        page.set_viewport_size(DESKTOP)
        found, count, together = desktop_problems(page, f"{where} (desktop)")
        problems += found
        panels, side_by_side = panels + count, side_by_side + together
        if lang == "ja":
            problems += [f"{where} (desktop): {word!r} in the theme's words"
                         for word in latin_chrome(page)]
    page.close()
    assert panels > 50 and side_by_side > 5, (panels, side_by_side)
    assert not problems, "\n".join(problems)


def test_japanese_text_uses_the_shipped_font(site, browser):
    """The page's Japanese is drawn with the font file the site ships (the system has no
    IPAexGothic: a missing file or a misspelt family falls back to another font)."""
    _, base = site
    page = browser.new_page()
    page.goto(f"{base}/ja/qttt.html")
    page.wait_for_load_state("load")
    page.evaluate("document.fonts.ready")
    assert drawn_with(page, "article h1") == {"IPAexGothic"}
    assert drawn_with(page, "article p") == {"IPAexGothic"}
    loaded = page.evaluate("() => [...document.fonts].filter(f => f.status === 'loaded')"
                           ".map(f => f.family)")
    assert any("IPAexGothic" in family for family in loaded)
    page.close()


def test_japanese_in_code_is_drawn_with_the_shipped_font(site, browser):
    """Japanese inside code samples falls back to IPAexGothic, whatever the
    reader's monospace font (asks Chromium which fonts drew each element's text)."""
    project, base = site
    page = browser.new_page()
    checked = 0
    for _, name in [p for p in every_page(project) if p[0] == "ja"]:
        page.goto(f"{base}/ja/{name}")
        page.wait_for_load_state("load")
        page.evaluate("document.fonts.ready")
        marked = page.evaluate("""() => {
            let count = 0;
            for (const element of document.querySelectorAll('pre, pre *, code, code *')) {
                const own = [...element.childNodes].filter(n => n.nodeType === Node.TEXT_NODE)
                    .map(n => n.textContent).join('');
                if (/[\u3040-\u30ff\u4e00-\u9fff]/.test(own)) element.dataset.japanese = count++;
            }
            return count;
        }""")
        if not marked:
            continue
        found = fonts_of_each(page, "[data-japanese]")
        assert len(found) == marked, (name, len(found), marked)
        for i, fonts in enumerate(found):
            assert "IPAexGothic" in fonts, (name, i, fonts)
        checked += marked
    assert checked > 0
    page.close()


@pytest.mark.parametrize("query", ["収縮", "収縮 三目並べ", "ありえない語"])
def test_japanese_search_reports_in_japanese(site, browser, query):
    """The search page's own sentences (how many pages were found, or none) are
    Japanese on the ja site."""
    _, base = site
    page = browser.new_page()
    page.goto(f"{base}/ja/search.html?q={query}")
    summary = page.locator("#search-results .search-summary")
    page.wait_for_function("() => document.querySelector('#search-results .search-summary')"
                           "?.textContent.trim()")  # filled in when the search has finished
    text = summary.inner_text()
    assert text and not LATIN.search(text), text
    assert not LATIN.search(page.locator("#search-results h2").inner_text())
    # drawn with the shipped font: the script's words are in its subset
    page.evaluate("document.fonts.ready")
    assert drawn_with(page, "#search-results .search-summary") == {"IPAexGothic"}
    page.close()


def drawn_with(page, selector: str) -> set[str]:
    """The fonts Chromium used for the text of the first element ``selector`` finds."""
    return fonts_of_each(page, selector)[0]


def fonts_of_each(page, selector: str) -> list[set[str]]:
    """The fonts Chromium used for the text of each element ``selector`` finds (one
    session asks for them all: the DOM and the style sheets are read once)."""
    cdp = page.context.new_cdp_session(page)
    try:
        cdp.send("DOM.enable")
        cdp.send("CSS.enable")
        root = cdp.send("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
        nodes = cdp.send("DOM.querySelectorAll", {"nodeId": root, "selector": selector})["nodeIds"]
        assert nodes, f"nothing matches {selector!r}"
        return [{font["familyName"] for font in
                 cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]}
                for node in nodes]
    finally:
        cdp.detach()


@pytest.mark.parametrize("lang, style", [("ja", "normal"), ("en", "italic")])
def test_japanese_emphasis_is_set_by_weight_not_slanted(site, browser, lang, style):
    project, base = site
    page = browser.new_page(viewport=DESKTOP)
    page.goto(f"{base}/{lang}/qttt.html")
    emphasis = page.locator("article em")
    assert emphasis.count() > 0
    shown = emphasis.first.evaluate("e => [getComputedStyle(e).fontStyle, getComputedStyle(e).fontWeight]")
    assert shown[0] == style
    if lang == "ja":
        assert int(shown[1]) >= 600
    page.close()
