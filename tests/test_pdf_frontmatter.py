"""The title page's layout (rulebook.pdf.frontmatter.FrontPage): the top stack set down
from the frame's top, the bottom one up from its foot, each with its spaces."""

from __future__ import annotations

from reportlab.platypus import Flowable

from rulebook.pdf.frontmatter import FrontPage


class Box(Flowable):
    """A block of a given height and spaces that notes where it was drawn."""

    def __init__(self, height: float, before: float, after: float, drawn: list):
        super().__init__()
        self.height, self.spaceBefore, self.spaceAfter, self.drawn = height, before, after, drawn

    def wrap(self, availWidth, availHeight):
        return availWidth, self.height

    def drawOn(self, canvas, x, y, _sW=0):
        self.drawn.append((y, y + self.height))


def laid_out(width, height, top, bottom):
    drawn = []
    page = FrontPage([Box(*box, drawn) for box in top], [Box(*box, drawn) for box in bottom])
    size = page.wrap(width, height)
    page.canv = None
    page.draw()
    return size, drawn


def test_the_top_hangs_from_the_frame_s_top_and_the_bottom_stands_on_its_foot():
    (width, height), drawn = laid_out(400, 600, top=[(50, 10, 6), (30, 4, 8)],
                                      bottom=[(20, 12, 5), (40, 3, 7)])
    assert (width, height) == (400, 600)  # the whole frame
    assert drawn[0] == (600 - 10 - 50, 600 - 10)  # below its space before
    assert drawn[1] == (600 - 10 - 50 - 6 - 4 - 30, 600 - 10 - 50 - 6 - 4)
    assert drawn[3] == (7, 7 + 40)  # its space after ends at the foot
    assert drawn[2] == (7 + 40 + 3 + 5, 7 + 40 + 3 + 5 + 20)


def test_when_both_do_not_fit_the_bottom_follows_the_top():
    (_, height), drawn = laid_out(400, 100, top=[(80, 10, 6)], bottom=[(40, 3, 7)])
    assert height == 10 + 80 + 6 + 3 + 40 + 7  # taller than the frame: all of both
    assert drawn[0] == (height - 10 - 80, height - 10)
    assert drawn[1] == (7, 47) and drawn[1][1] + 3 + 6 <= drawn[0][0]  # no overlap
