"""The whole build: pages and PDFs in both languages, byte-identical rebuilds,
and failures that name the example and leave the previous output untouched."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from rulebook.build import BuildError, Project, _sphinx, build
from rulebook.errors import RulebookError
from rulebook.games import available_games

from conftest import copy_project

LANGS = ("en", "ja")


def game_pages(project):
    return [slug for slug in available_games() if (project.docs / f"{slug}.rst").exists()]


def test_build_writes_every_page_and_pdf(built_site):
    project, summary = built_site
    games = game_pages(project)
    assert "qttt" in games
    for lang in LANGS:
        assert (project.build / "html" / lang / "index.html").exists()
        for slug in games:
            assert (project.build / "html" / lang / f"{slug}.html").exists()
            assert (project.build / "pdf" / f"{slug}-{lang}.pdf").exists()
    assert summary.pdfs == 2 * len(games)
    assert summary.claims >= 30 and summary.figures >= 12
    assert not list(project.build.glob(".staging-*"))


def test_catalog_lists_every_game_with_links(built_site):
    project, _ = built_site
    for lang in LANGS:
        html = (project.build / "html" / lang / "index.html").read_text(encoding="utf-8")
        for slug in game_pages(project):
            assert f'href="{slug}.html"' in html
            assert f'href="../../pdf/{slug}-{lang}.pdf"' in html
    ja = (project.build / "html" / "ja" / "index.html").read_text(encoding="utf-8")
    assert "量子三目並べ" in ja and "りょうしさんもくならべ" in ja


def test_pages_link_to_their_other_language(built_site):
    project, _ = built_site
    for lang, other in (("en", "ja"), ("ja", "en")):
        html = (project.build / "html" / lang / "qttt.html").read_text(encoding="utf-8")
        assert f'href="../{other}/qttt.html"' in html
        assert f'<html lang="{lang}"' in html


def test_japanese_page_is_translated_and_quotes_checked_claims(built_site):
    project, _ = built_site
    html = (project.build / "html" / "ja" / "qttt.html").read_text(encoding="utf-8")
    assert "収縮と、誰が選ぶか" in html
    assert ":claim:" not in html
    text = re.sub(r"<[^>]+>", "", html)
    assert "Xのラインは手数5のマークで完成していましたが、Oのラインは手数6のマークでようやく完成したので、Xの勝ちです。" in text


def pdf_text(path: Path) -> str:
    return "".join(page.extract_text() for page in PdfReader(path).pages)


def test_pdfs_hold_the_text_in_both_languages_and_embed_the_font(built_site):
    project, _ = built_site
    english = pdf_text(project.build / "pdf" / "qttt-en.pdf")
    japanese = pdf_text(project.build / "pdf" / "qttt-ja.pdf")
    assert "Collapse and who chooses" in english and "Allan Goff" in english
    assert "収縮と、誰が選ぶか" in japanese and "アラン・ゴフ" in japanese
    for lang in LANGS:
        reader = PdfReader(project.build / "pdf" / f"qttt-{lang}.pdf")
        fonts = set()
        for page in reader.pages:
            for font in page["/Resources"]["/Font"].values():
                font = font.get_object()
                descriptor = font.get("/FontDescriptor")
                if descriptor is not None:
                    assert "/FontFile2" in descriptor.get_object()
                fonts.add(str(font["/BaseFont"]).split("+")[-1])
        # IPAexGothic for the text; DejaVu (from matplotlib) for inline code and emphasis
        assert "IPAexGothic" in fonts and fonts <= {"IPAexGothic", "DejaVuSansMono", "DejaVuSans-Oblique"}


def test_a_rebuild_is_byte_identical(built_site, tmp_path):
    project, _ = built_site
    again = Project(copy_project(tmp_path))
    build(again, progress=lambda line: None)
    compared = 0
    for pattern in ("pdf/*.pdf", "html/*/_images/*.svg", "html/*/*.html"):
        first = sorted(project.build.glob(pattern))
        second = sorted(again.build.glob(pattern))
        assert [p.name for p in first] == [p.name for p in second]
        for a, b in zip(first, second):
            assert a.read_bytes() == b.read_bytes(), f"{a.relative_to(project.build)} differs"
            compared += 1
    assert compared >= 10


def test_a_false_claim_fails_the_build_and_keeps_the_old_output(built_site, tmp_path):
    project = Project(copy_project(tmp_path))
    previous = project.build / "pdf" / "qttt-en.pdf"  # stands for an earlier build's output
    previous.parent.mkdir(parents=True)
    previous.write_bytes(b"earlier output")
    record = project.figures / "qttt" / "both-lines.toml"
    record.write_text(record.read_text().replace('expect = "X"', 'expect = "O"'))
    with pytest.raises(RulebookError) as error:
        build(project, progress=lambda line: None)
    assert "figures/qttt/both-lines.toml" in str(error.value)
    assert "claim #" in str(error.value) and "expected 'O', engine says 'X'" in str(error.value)
    assert previous.read_bytes() == b"earlier output"
    assert not (project.build / "html").exists()
    assert not list(project.build.glob(".staging-*"))


def test_an_untranslated_paragraph_fails_the_build(tmp_path):
    project = Project(copy_project(tmp_path))
    page = project.docs / "qttt.rst"
    page.write_text(page.read_text() + "\nA new paragraph nobody has translated yet.\n")
    with pytest.raises(BuildError, match="stale catalog, no entry for 'A new paragraph"):
        build(project, progress=lambda line: None)
    assert not (project.build / "html").exists()


def test_a_build_with_nothing_changed_does_nothing(built_site):
    project, _ = built_site
    (project.figures / "qttt" / "spooky-marks.toml").touch()  # same content
    assert build(project, progress=lambda line: None).up_to_date


def build_english_page(project, tmp_path):
    _sphinx(project, "html", "en", tmp_path / "out", tmp_path / "doctrees", tmp_path / "figs",
            fresh=True)


def test_the_page_build_itself_checks_claims(tmp_path):
    """Even without the record check first, the figure directive fails the page."""
    project = Project(copy_project(tmp_path / "project"))
    record = project.figures / "qttt" / "cycle-two.toml"
    record.write_text(record.read_text().replace('expect = "X"', 'expect = "O"'))
    with pytest.raises(BuildError) as error:
        build_english_page(project, tmp_path)
    message = str(error.value)
    assert re.search(r"docs/qttt.rst:\d+: ERROR: .*figures/qttt/cycle-two.toml:\d+: claim #2 "
                     r"'chooser' \(chooser\) is false: expected 'O', engine says 'X'", message)


def test_a_caption_quoting_an_unknown_claim_fails_the_page(tmp_path):
    project = Project(copy_project(tmp_path / "project"))
    page = project.docs / "qttt.rst"
    page.write_text(page.read_text().replace(":claim:`length`", ":claim:`size`"))
    with pytest.raises(BuildError, match=r"docs/qttt.rst:\d+: ERROR: .*no claim with id 'size'"):
        build_english_page(project, tmp_path)


def test_japanese_paragraphs_have_no_stray_line_breaks(tmp_path):
    """A newline between Japanese characters would show as a space in browsers."""
    from rulebook.sphinxext.transforms import CJK_NEWLINE

    assert CJK_NEWLINE.sub("", "輪が\n閉じる") == "輪が閉じる"
    assert CJK_NEWLINE.sub("", "Xの\n  勝ち") == "Xの勝ち"
    assert CJK_NEWLINE.sub("", "two\nwords") == "two\nwords"


def test_claim_values_name_players_in_the_page_language():
    from rulebook.games import make_game
    from rulebook.sphinxext.transforms import format_value

    game = make_game("craquelure")
    assert format_value("Blue", game, "ja") == "青"
    assert format_value(["Red", "Blue"], game, "ja") == "赤, 青"
    assert format_value("Blue", game, "en") == "Blue"
    assert format_value("draw", game, "ja") == "引き分け"
    assert format_value(3.0, game, "ja") == "3" and format_value(True) == "true"


def test_figure_alt_text_is_translated(built_site):
    project, _ = built_site
    english = (project.build / "html" / "en" / "qttt.html").read_text(encoding="utf-8")
    japanese = (project.build / "html" / "ja" / "qttt.html").read_text(encoding="utf-8")
    assert 'alt="A pair in the same cells as an earlier pair forms a cycle."' in english
    assert 'alt="前の組と同じマスに書いた組が輪になる。"' in japanese
    assert "rulebook-alt" not in english + japanese  # the carrier paragraph is gone
