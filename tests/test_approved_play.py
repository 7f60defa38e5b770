"""The play pages show, on a scripted visit, what was last approved (tests/approved_play.py)."""

from __future__ import annotations

from approved_play import NAME, play_lines
from approved_text import changes, read
from chromium import skip_unless_installed

skip_unless_installed()


def test_a_scripted_visit_of_every_play_page_shows_the_approved_steps(site, browser):
    """Each game's page (in one language, the games taking the two in turn), visited
    as a player would (moves tapped, undone, stepped through, aids turned over, a move
    typed wrong, the share link and the saved game opened again, a setting changed), shows at each step the status,
    text and board that were approved: a change to the page's scripts or words,
    meant or not, is seen."""
    project, base = site
    found = play_lines(browser, base)
    assert len(found) > 50 and len(read(NAME)) > 50  # every game's page visited, step by step
    assert {line.split(" ", 2)[1] for line in found} == {"en", "ja"}  # both languages
    assert not (diff := changes(NAME, found, "approved_play.py")), diff
