"""Sphinx configuration of the rulebook site (English source, Japanese via gettext).

The ``rulebook`` command builds this twice (``-D language=en`` and ``ja``) into
``build/site/<lang>`` and once more per language with the PDF builder, into
``build/site/pdf``.
"""

from pathlib import Path

from rulebook.games import available_games

ROOT = Path(__file__).resolve().parent.parent

project = "Rulebook"
author = "rulebook"
copyright = "rulebook contributors"
# The colophon's date when the sources are not a git checkout (else: the newest commit of docs/ and figures/).
rulebook_pdf_date = "2026-12-01"
# Where build/site is published: each PDF's title page prints its game's play page there
# (<lang>/play/<game>.html) with a QR code of it.  Set to the site's real address.
rulebook_play_url = "https://rulebook.example.org/"
extensions = ["rulebook.sphinxext", "rulebook.pdf"]
language = "en"
locale_dirs = ["locale/"]
gettext_compact = False  # one catalog per page, so each game's translation is its own file
gettext_location = False  # no line numbers in catalogs: moving text does not touch them
gettext_uuid = False
templates_path = ["_templates"]
html_static_path = ["_static"]
exclude_patterns = ["_build", "locale"]
root_doc = "index"
# Curly quotes come out full-width in IPAexGothic, the one font of the PDFs.
smartquotes = False

html_theme = "furo"  # responsive: a menu button at the top of a phone's screen
html_theme_options = {"top_of_page_buttons": []}  # no "edit this page": readers read
# Not furo's a11y-light: its package sets up the root logger when imported,
# which makes every library's INFO messages print during the build.
pygments_style = "default"
pygments_dark_style = "native"
html_title = "Rulebook"
html_show_sourcelink = False
html_copy_source = False
html_last_updated_fmt = None
html_use_index = False  # the pages have no index entries
html_css_files = ["rulebook.css"]

rulebook_figures_dir = str(ROOT / "figures")
rulebook_figure_output = str(ROOT / "build" / ".figures")  # the CLI points this at its staging area
# Game pages that get a PDF rulebook: every registered game whose page exists.
rulebook_pdf_documents = [slug for slug in available_games()
                          if (Path(__file__).parent / f"{slug}.rst").exists()]
# The rules index of each book (.. rules-index:: GAME) lists every rule of the game's engine
# (games/<game>/ruleset.py) with the figures that show it; True: a rule no figure of its
# page shows fails the build (all four games show every rule).
rulebook_require_rule_coverage = True
