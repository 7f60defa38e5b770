"""Hypothesis strategies of Craquelure games drawn move by move, so that a failure
shrinks to a short game of simple moves.  Not a test module."""

from __future__ import annotations

from hypothesis import strategies as st

from rulebook.games import make_game
from rulebook.games.craquelure.moves import SWAP
from rulebook.games.craquelure.search import decimal6


@st.composite
def drawn_move(draw, state):
    """A legal move: the swap, or a cut of a drawn cuttable region at a drawn point and
    angle with drawn parts; if that cut is illegal, one of the listed moves."""
    if state.swap_allowed() and draw(st.booleans()):
        return SWAP
    region = draw(st.sampled_from(sorted(state.cuttable(), key=lambda r: r.id)))
    xmin, ymin, xmax, ymax = region.box
    u, v = draw(st.integers(0, 1000)), draw(st.integers(0, 1000))
    x, y = decimal6(xmin + (xmax - xmin) * u / 1000), decimal6(ymin + (ymax - ymin) * v / 1000)
    angle = decimal6(draw(st.integers(0, 3599)) / 10)
    cut = draw(st.sampled_from(state._assignments(region, (x, y), angle)))
    if state._illegal_reason(cut) is None:
        return cut
    return draw(st.sampled_from(state.legal_moves()))


@st.composite
def played_games(draw, max_moves=40, options=None):
    """(start, moves, positions) of a game drawn move by move, to its end or max_moves;
    the start is drawn unless ``options`` give it."""
    options = dict(options or {})
    start = options.pop("start", None) or draw(st.sampled_from(["pinwheel", "sectors"]))
    state = make_game("craquelure", start=start, **options).initial_state()
    moves, states = [], [state]
    while not state.is_over() and len(moves) < max_moves:
        move = draw(drawn_move(state))
        state = state.play(move)
        moves.append(move)
        states.append(state)
    return start, moves, states
