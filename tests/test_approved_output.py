"""The built site is the one last looked at and approved (tests/approved_output.py)."""

from __future__ import annotations

import re
import tomllib

import pytest

from approved_output import APPROVED, differences, environment, outputs, read_approved
from conftest import ROOT


@pytest.mark.site
def test_the_built_site_is_the_approved_one(built_site):
    """Every figure, page and PDF page the build makes is as approved: a change to the
    output, meant or not, is seen before it is published.  The digests hold for the
    versions of the libraries that draw and set the outputs (and of pdfium, which
    reads them here), which the README's install pins: a different one (a newer
    matplotlib installed by hand) fails here, before any digest is compared, rather
    than letting a change in the outputs pass unseen."""
    found = outputs(built_site.build / "site")
    assert len(found) > 800  # every figure, page and PDF page was read
    versions, approved = read_approved()
    changed = sorted(set(environment().split()) ^ set(versions.split()))
    assert not changed, (
        f"the outputs were approved with other versions than these ({', '.join(changed)}): "
        "install as the README says (pyproject.toml's test extra pins them), or look at the "
        "outputs, approve them with these (tests/approved_output.py --approve) and pin these")
    changed = differences(approved, found)
    assert not changed, (
        f"{len(changed)} outputs differ from the approved ones ({APPROVED.name}):\n"
        + "\n".join(changed[:40])
        + "\nLook at them; if they are right: .venv/bin/python tests/approved_output.py --approve")


def test_the_readme_install_pins_the_versions_the_outputs_were_approved_with():
    """pyproject.toml's test extra pins each library of the approved environment to
    its approved version and pins nothing else, so a fresh install compares the outputs
    byte for byte, and approving with a newer library means pinning it."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    pinned = {r.replace(" ", "") for r in project["optional-dependencies"]["test"] if "==" in r}
    canonical = lambda pin: re.sub(r"[-_.]+", "-", pin.split("==")[0]).lower() + "==" + pin.split("==")[1]  # noqa: E731
    approved_versions = read_approved()[0].split()
    assert len(approved_versions) > 20
    assert sorted(map(canonical, pinned)) == sorted(map(canonical, approved_versions))


def test_the_approved_versions_are_the_libraries_that_draw_the_outputs():
    """The environment the digests hold for names the libraries that shape the site
    (a different one among them fails the comparison) and not rulebook."""
    names = {item.split("==")[0].lower() for item in environment().split()}
    assert {"matplotlib", "reportlab", "sphinx", "furo", "svglib", "pypdfium2", "docutils",
            "shapely", "pygments"} <= names
    assert "rulebook" not in names and "pytest" not in names and "setuptools" not in names


def _one_page_pdf(path, edition="2026-12-05 (commit 6d46c79)", word_at=(72, 700), box_at=(72, 500)):
    from reportlab.pdfgen.canvas import Canvas

    canvas = Canvas(str(path), invariant=1)
    canvas.drawString(*word_at, "Necto")
    date, commit = edition.split(" ", 1)
    x = 72
    for run in ("Edition: rulebook 0.1.0, sources of", date, commit):  # as a line set in pieces
        canvas.drawString(x, 60, run)
        x += canvas.stringWidth(run) + 12
    canvas.drawCentredString(300, 40, "© 2026 rulebook contributors")
    canvas.rect(*box_at, 50, 50, fill=1)
    canvas.save()
    return path


def _signature(tmp_path, name, **page):
    site = tmp_path / name
    (site / "pdf").mkdir(parents=True)
    _one_page_pdf(site / "pdf" / "a.pdf", **page)
    return outputs(site)


def test_a_pdf_page_is_read_as_placed_text_and_drawings_without_its_edition(tmp_path):
    """What a reader sees counts, to a tenth of a point; the date and commit of the
    sources, which change with every commit, do not."""
    first = _signature(tmp_path, "first")
    assert list(first) == ["pdf pdf/a.pdf page 1"]
    assert _signature(tmp_path, "later", edition="2027-01-02 (commit 9f8e7d6a)") == first
    assert _signature(tmp_path, "wider", edition="2027-11-22 (commit mmmmmmm)") != first
    assert _signature(tmp_path, "moved", word_at=(72, 701)) != first
    assert _signature(tmp_path, "drawn", box_at=(73, 500)) != first


def test_differences_name_each_output_changed_new_or_gone():
    approved = {"figure a": "1", "figure b": "2", "page c": "3"}
    found = {"figure a": "1", "figure b": "9", "page d": "4"}
    assert differences(approved, found) == ["changed: figure b", "gone: page c", "new: page d"]


def test_a_page_is_read_without_the_fingerprints_of_copied_files(tmp_path):
    """A page's own text counts; ``?v=…`` of a copied script does not."""
    def page(site, text):
        (tmp_path / site).mkdir()
        (tmp_path / site / "index.html").write_text(text)
        return outputs(tmp_path / site)

    first = page("a", '<script src="play.js?v=1a2b3c4d"></script><p>Necto</p>')
    assert page("b", '<script src="play.js?v=99887766"></script><p>Necto</p>') == first
    assert page("c", '<script src="play.js?v=1a2b3c4d"></script><p>Necta</p>') != first
