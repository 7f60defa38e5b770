"""The Japanese web font shipped with the site: subset to exactly what its pages write.

(Through a real build and Chromium: tests/test_browser.py's search page.)
"""

from __future__ import annotations

from types import SimpleNamespace

from fontTools.ttLib import TTFont

from rulebook.sphinxext import ship_web_font


def shipped(tmp_path, files: dict[str, str], format: str = "html") -> set[str] | None:
    """The characters of the font ``ship_web_font`` writes for an output folder holding
    ``files``; None if it writes none."""
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    app = SimpleNamespace(outdir=str(tmp_path), builder=SimpleNamespace(format=format),
                          config=SimpleNamespace(rulebook_cache=False))
    ship_web_font(app, None)
    font = tmp_path / "_static" / "ipaexg.ttf"
    if not font.exists():
        return None
    return {chr(code) for code in TTFont(font).getBestCmap()}


def test_the_subset_holds_the_pages_characters_and_the_search_scripts_escaped_words(tmp_path):
    # 収 and 縮 are written only as \u escapes by the search page's script
    chars = shipped(tmp_path, {
        "index.html": "<p>輪が閉じる</p>",
        "sub/rules.html": "<p>量子三目並べ</p>",
        "_static/translations.js": '{"Search": "\\u53ce\\u7e2e"}',
        "_static/other.js": '"\\u4e5d"',  # not a page, not the search script: not read
    })
    for char in "輪が閉じる量子三目並べ収縮":
        assert char in chars, char
    assert "九" not in chars
    assert len(chars) < 200  # a subset, not the whole font (over 12,000)


def test_no_font_for_a_build_that_failed_or_is_no_web_site(tmp_path):
    assert shipped(tmp_path / "pdf", {"index.html": "<p>輪</p>"}, format="rulebookpdf") is None
    app = SimpleNamespace(outdir=str(tmp_path), builder=SimpleNamespace(format="html"),
                          config=SimpleNamespace(rulebook_cache=False))
    ship_web_font(app, RuntimeError("the build failed"))
    assert not (tmp_path / "_static" / "ipaexg.ttf").exists()
