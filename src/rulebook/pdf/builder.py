"""The ``rulebookpdf`` Sphinx builder: one PDF per listed game page and language.

``sphinx-build -b rulebookpdf -D language=ja docs out`` writes
``out/<docname>-ja.pdf`` for every docname in ``rulebook_pdf_documents``,
from the same resolved doctree the HTML pages are written from.
"""

from __future__ import annotations

import os
import subprocess
import tempfile
from importlib import metadata
from pathlib import Path

from docutils import nodes
from reportlab import rl_config
from sphinx.builders import Builder
from sphinx.util import logging

from .. import editions
from . import pdf_filename
from .pages import A4_BOOK
from .paragraph import install_cjk_justification
from .styles import install_kinsoku, register_font
from .templates import RulebookDocTemplate
from .translator import PDFTranslator

logger = logging.getLogger(__name__)


def pdf_language(language: str | None) -> str:
    """The language tag in file names: Sphinx's ``language`` with None meaning English."""
    return language or "en"


class RulebookPDFBuilder(Builder):
    name = "rulebookpdf"
    format = "pdf"
    epilog = "The PDF files are in %(outdir)s."
    supported_image_types = ("image/svg+xml", "image/png", "image/jpeg")
    default_translator_class = PDFTranslator

    def init(self) -> None:
        rl_config.invariant = 1  # no dates or random IDs: rebuilds are byte-identical
        register_font()
        install_kinsoku()
        install_cjk_justification()
        self.pdf_language = pdf_language(self.config.language)
        self.current_docname: str | None = None
        self.page_format = A4_BOOK  # the paper the translator sizes the book to
        date, commit = self.sources_date()
        edition = self.sources_edition()
        self.colophon_facts = {
            "version": _package_version(),
            "date": date,
            "commit": commit,
            "edition": edition.tag,  # the git tag, from the second edition on with
            "previous": edition.previous,  # the one before (rulebook.editions)
            "copyright": f"© {date[:4] + ' ' if date else ''}{self.config.copyright}" if self.config.copyright else "",
        }

    def sources_date(self) -> tuple[str, str]:
        """The date and short hash of the newest commit of the pages and figures (git),
        else ``rulebook_pdf_date`` and no hash.

        Never the clock: two builds of the same sources must be byte-identical."""
        paths = [str(self.srcdir)]
        figures = getattr(self.config, "rulebook_figures_dir", None)
        if figures and os.path.isdir(Path(self.srcdir, figures)):  # relative: to docs/
            paths.append(str(Path(self.srcdir, figures)))
        try:
            result = subprocess.run(["git", "log", "-1", "--format=%cs %h", "--", *paths], cwd=self.srcdir,
                                    capture_output=True, text=True, timeout=30)
        except (OSError, subprocess.SubprocessError):
            result = None
        if result is not None and result.returncode == 0 and result.stdout.strip():
            date, _, commit = result.stdout.strip().partition(" ")
            return date, commit
        return self.config.rulebook_pdf_date, ""

    def sources_edition(self) -> editions.Edition:
        """The edition the sources are (git tags; ``rulebook.editions``)."""
        return editions.edition(Path(self.srcdir))

    def get_outdated_docs(self) -> str:
        return "the documents in rulebook_pdf_documents"

    def get_target_uri(self, docname: str, typ: str | None = None) -> str:
        return ""  # cross-references are printed as plain text

    def target_path(self, docname: str) -> Path:
        return Path(self.outdir) / pdf_filename(docname, self.pdf_language)

    def write_documents(self, _docnames) -> None:
        for docname in self.config.rulebook_pdf_documents:
            if docname not in self.env.found_docs:
                logger.warning("rulebookpdf: rulebook_pdf_documents names %r, which is not a document",
                               docname, type="rulebookpdf")
                continue
            logger.info("writing %s", self.target_path(docname).name)
            doctree = self.env.get_and_resolve_doctree(docname, self, tags=self.tags)
            self.post_process_images(doctree)
            self.write_doc(docname, doctree)

    def write_doc(self, docname: str, doctree: nodes.document) -> None:
        self.current_docname = docname
        translator = self.create_translator(doctree, self)
        doctree.walkabout(translator)
        title = translator.game_name or self.config.project
        designer = translator.credits.designer if translator.credits else ""
        info = {"title": title, "author": designer or translator.designer or self.config.author or self.config.project,
                "subject": translator.words["subject"].format(game=title)}
        self.write_atomically(self.target_path(docname), translator.story, info)

    def write_atomically(self, target: Path, story: list, info: dict) -> None:
        """Build into a temporary file beside ``target``, then move it into place.

        ``info``: the PDF's title, author and subject."""
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as stream:
                document = RulebookDocTemplate(stream, lang=self.pdf_language,
                                               page=getattr(self, "page_format", A4_BOOK), **info)
                document.build_document(story)
            for page, phrase in document.web_only:
                logger.warning("rulebookpdf: %s: page %d: web-only phrase %r (the page must say it "
                               "so that it holds on paper too)", target.name, page, phrase, type="rulebookpdf")
            os.chmod(temporary, 0o644)  # mkstemp makes it private; the PDF is for everyone
            os.replace(temporary, target)
        except BaseException:
            if os.path.exists(temporary):
                os.unlink(temporary)
            raise


def _package_version() -> str:
    try:
        return metadata.version("rulebook")
    except metadata.PackageNotFoundError:
        return "unknown"
