"""The computer players: legal moves that follow their seed, and clearly stronger than random play.

The 100-game measurement is in benchmarks/bench_craquelure.py (--match 100);
here a short match that random play would pass only 3.5% of the time.
"""

from __future__ import annotations

import pytest

from rulebook.games import available_games, game_play, make_game
from rulebook.players import MonteCarloPlayer, RandomPlayer, play_game


def test_same_seed_same_moves():
    state = make_game("craquelure").initial_state()
    first = MonteCarloPlayer(playouts=30, seed=7).choose(state)
    again = MonteCarloPlayer(playouts=30, seed=7).choose(state)
    assert first == again
    assert state._illegal_reason(first) is None
    assert state.play(first).move_number == state.move_number + 1


def test_the_chosen_move_is_legal_after_a_swap():
    state = make_game("craquelure").initial_state()
    state = state.play(state.parse_move("(0,0) 90 B1 R2")).play(state.parse_move("swap"))
    move = MonteCarloPlayer(playouts=20, seed=1).choose(state)
    assert state._illegal_reason(move) is None


def test_beats_random_play_in_a_short_match():
    game = make_game("craquelure")
    wins = 0
    for index in range(8):
        seat = index % 2
        players = [None, None]
        players[seat] = MonteCarloPlayer(playouts=80, seed=index)
        players[1 - seat] = RandomPlayer(seed=500 + index)
        _, final = play_game(game.initial_state(), players)
        wins += final.outcome().winner == seat
    assert wins >= 7  # a coin would do this with probability 9/256


@pytest.mark.parametrize("slug", ["qttt", "necto", "inphexion"])
def test_plays_other_games_through_the_common_interface(slug):
    game = make_game(slug)
    moves, final = play_game(game.initial_state(),
                             [MonteCarloPlayer(playouts=4, seed=1), RandomPlayer(seed=2)],
                             max_moves=30)
    assert moves
    replay = game.initial_state()
    for text in moves:
        assert text in {replay.format_move(move) for move in replay.legal_moves()}, text
        replay = replay.play(replay.parse_move(text))
    assert str(replay) == str(final)  # the same position, drawn as text
    assert replay.to_json() == final.to_json()
    assert replay.outcome() == final.outcome()


def choices(player_for_seed, state, seeds=range(20)) -> list[str]:
    return [state.format_move(player_for_seed(seed).choose(state)) for seed in seeds]


@pytest.mark.parametrize("player_for_seed", [
    RandomPlayer, lambda seed: MonteCarloPlayer(playouts=12, seed=seed)], ids=["random", "mcts"])
def test_the_choice_is_a_legal_move_that_depends_on_the_seed(player_for_seed):
    """From the start of Quantum Tic-Tac-Toe (36 moves, none better than most others):
    each seed repeats its choice, and twenty seeds choose many different legal moves."""
    state = make_game("qttt").initial_state()
    legal = {state.format_move(move) for move in state.legal_moves()}
    chosen = choices(player_for_seed, state)
    assert chosen == choices(player_for_seed, state)
    assert set(chosen) <= legal
    assert len(set(chosen)) >= 8  # twenty uniform draws from 36 give about 15


# QTTT positions where the chooser's two collapse choices end the game at once:
# one in a full-board draw, the other in a line for the opponent (found by a
# seeded random search; the test checks that this is so).
DRAW_OR_LOSE = [
    "b1-b3 a1-b1 a3-b3 a1-a2 b1-b2 c1-a2 a1-c1 @a1 c2-c3 c2-c3",
    "b1-a3 b1-b3 b2-a3 a3-c3 a1-b2 b1-c1 c2-a3 a1-a2 c2-c3",
    "a2-b2 a1-b2 a1-c1 c1-a3 a1-a3 @a1 c2-c3 b3-c3 b1-b3 b1-b3",
    "c1-a2 c2-c3 b3-c3 b1-b2 c1-a2 @c1 c2-c3 @c3 b1-b2 @b2 a1-a3 a1-a3",
    "c1-c2 a1-b2 c2-c3 c2-a3 a2-a3 b2-c2 a1-a2 @a1 b1-b3 b1-b3",
    "a1-a2 a2-a3 a1-c1 b1-c3 c2-c3 c1-c3 c2-a3 @a3 b2-b3 b2-b3",
]


@pytest.mark.parametrize("line", DRAW_OR_LOSE)
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_computer_takes_a_sure_draw_over_a_sure_loss_in_qttt(line, seed):
    state = make_game("qttt").initial_state()
    for text in line.split():
        state = state.play(state.parse_move(text))
    ends = {move: state.play(move).outcome() for move in state.legal_moves()}
    assert len(ends) == 2 and all(outcome is not None for outcome in ends.values())
    assert {outcome.winner for outcome in ends.values()} == {None, 1 - state.turn}
    move = MonteCarloPlayer(playouts=20, seed=seed).choose(state)
    assert ends[move].winner is None


# --- the play pages' computer (rulebook.computer) ----------------------------------

from functools import lru_cache  # noqa: E402
import random  # noqa: E402

from rulebook.computer import computer, levels, winning_move  # noqa: E402
from rulebook.games.necto.strategy import gain, value  # noqa: E402


def wins_at_once(state, move) -> bool:
    outcome = state.play(move).outcome()
    return outcome is not None and outcome.winner == state.turn


@lru_cache(maxsize=None)
def positions_with_a_win(slug: str, count: int, tail: int, size: int | None = None) -> tuple:
    """``count`` positions of seeded random games (among each game's last ``tail``
    positions) where a listed legal move wins at once and another does not."""
    game = make_game(slug) if size is None else make_game(slug, size=size)
    found = []
    seed = 0
    while len(found) < count:
        rng = random.Random(seed)
        seed += 1
        state, line = game.initial_state(), []
        while not state.is_over():
            line.append(state)
            state = state.play(state.random_move(rng))
        for position in line[-tail:]:
            ends = [wins_at_once(position, move) for move in position.legal_moves()]
            if any(ends) and not all(ends):
                found.append(position)
    return tuple(found[:count])


@pytest.mark.parametrize("slug", available_games())
def test_levels_2_and_3_take_every_win_in_one(slug):
    """Positions of seeded random games with a win in one among the listed moves
    (and a move that does not win, so a chooser can miss it), as many as the game's
    play.py says (``WIN_IN_ONE``, required of every game): the default and the
    strongest level play a winning move in every one."""
    wanted = game_play(slug).WIN_IN_ONE
    positions = positions_with_a_win(slug, *wanted)
    assert len(positions) == wanted[0]
    for strength in (2, 3):
        missed = [str(p) for index, p in enumerate(positions)
                  if not wins_at_once(p, computer(p, strength, seed=index).choose(p))]
        assert not missed, f"level {strength} missed {len(missed)} wins in one, e.g.\n{missed[0]}"


def test_a_search_that_does_not_look_first_misses_some_wins_in_one():
    """The positions are not trivial: a Monte Carlo search that does not look for a win
    first (the studies' player, Craquelure's former weak level) misses some (else the
    test above could not fail)."""
    positions = positions_with_a_win("craquelure", *game_play("craquelure").WIN_IN_ONE)
    missed = sum(not wins_at_once(p, MonteCarloPlayer(playouts=16, seed=index).choose(p))
                 for index, p in enumerate(positions))
    assert missed >= 5


def test_winning_move_finds_only_wins():
    positions = positions_with_a_win("inphexion", 40, 40)
    for position in positions:
        assert wins_at_once(position, winning_move(position))
    start = make_game("inphexion").initial_state()
    assert winning_move(start) is None


@lru_cache(maxsize=None)
def necto_gain_positions(count: int) -> tuple:
    """Replacing-stage positions of seeded random 6 x 6 games where some replacement
    scores a net gain at once and some other move does not score as much."""
    game = make_game("necto")
    found = []
    seed = 0
    while len(found) < count:
        rng = random.Random(1000 + seed)
        seed += 1
        state = game.initial_state()
        while not state.is_over() and len(found) < count:
            if state.stage == "replacing" and rng.random() < 0.25:
                gains = [gain(state, move) for move in state.legal_moves()]
                if max(gains) > 0 and min(gains) < max(gains):
                    found.append(state)
            state = state.play(state.random_move(rng))
    return tuple(found)


def test_necto_never_passes_an_immediate_gain_without_a_reason_from_its_search(monkeypatch):
    """At levels 2 and 3, in positions where a replacement scores at once: the move
    chosen scores as much as the best one, or its two-ply look (its gain less the
    most the opponent can then gain) rates it above every move of the largest gain.
    (Both levels look at the same two plies of the same positions: each move's
    value is worked out once, for the first level that asks.)"""
    from rulebook.games.necto import strategy

    positions = necto_gain_positions(20)
    values = {}

    def once(state, move):
        key = (id(state), move)  # the positions, kept alive by the cached tuple
        if key not in values:
            values[key] = value(state, move)
        return values[key]

    monkeypatch.setattr(strategy, "value", once)
    for strength in (2, 3):
        greedy = 0
        for index, state in enumerate(positions):
            move = computer(state, strength, seed=index).choose(state)
            gains = {m: gain(state, m) for m in state.legal_moves()}
            best = max(gains.values())
            if gains[move] >= best:
                greedy += 1
                continue
            passed = [m for m in gains if gains[m] == best]
            assert all(value(state, move) > value(state, m) for m in passed), (
                strength, index, state.format_move(move))
        assert greedy >= 0.5 * len(positions), (strength, greedy)


def test_necto_levels_rate_points_first_and_let_their_stake_only_break_ties():
    """Level 2's rating of a replacement is its net points, its stake in the loops
    only breaking ties; level 3's, among the moves it looks at, its two-ply points
    (its gain less the opponent's best reply), the stake again only breaking ties.
    So whenever two moves' points differ, the one with more is rated higher, and level
    2 always plays a move of the largest gain."""
    from rulebook.games.necto.strategy import _looks, weigh

    for index, state in enumerate(necto_gain_positions(20)[:10]):
        moves = state.legal_moves()
        gains = {m: gain(state, m) for m in moves}
        rated = {m: weigh(state, m) for m in moves}
        for a in moves:
            for b in moves:
                if gains[a] > gains[b]:
                    assert rated[a] > rated[b], (index, state.format_move(a), state.format_move(b))
        chosen = computer(state, 2, seed=index).choose(state)
        assert gains[chosen] == max(gains.values()), (index, state.format_move(chosen))
        looks = _looks(state)
        two_ply = {m: gains[m] - looks.reply(m) for m in looks.shortlist()}
        looked = {m: value(state, m) for m in two_ply}
        for a in two_ply:
            for b in two_ply:
                if two_ply[a] > two_ply[b]:
                    assert looked[a] > looked[b], (index, state.format_move(a),
                                                   state.format_move(b))


def test_the_old_default_passed_over_gains():
    """What the test above guards against: the plain Monte Carlo player of the play
    pages' former default (5 playouts a move) took the largest gain far less often."""
    positions = necto_gain_positions(20)
    greedy = 0
    for index, state in enumerate(positions):
        move = MonteCarloPlayer(playouts=5, seed=index).choose(state)
        greedy += gain(state, move) >= max(gain(state, m) for m in state.legal_moves())
    assert greedy < 0.5 * len(positions)


@pytest.mark.parametrize("slug", ["qttt", "necto", "inphexion", "craquelure"])
def test_every_level_plays_legal_moves_and_repeats_itself_for_a_seed(slug):
    state = make_game(slug).initial_state()
    rng = random.Random(3)
    for _ in range(3):
        state = state.play(state.random_move(rng))
    for strength in sorted(levels(slug)):
        first = computer(state, strength, seed=5).choose(state)
        assert first == computer(state, strength, seed=5).choose(state)
        state.play(first)  # legal, or IllegalMoveError


def test_bigger_boards_get_smaller_budgets():
    small, big = make_game("inphexion", size=5), make_game("inphexion", size=9)
    level = levels("inphexion")[3]
    assert level.budget(big.initial_state()) < level.iterations < level.budget(small.initial_state())
    assert level.budget(make_game("inphexion").initial_state()) == level.iterations


def test_an_unknown_strength_is_refused():
    with pytest.raises(ValueError, match="strength must be 1, 2 or 3"):
        computer(make_game("qttt").initial_state(), 4)


def test_a_level_without_search_gets_no_iterations_on_any_board():
    """A level of 0 iterations does no search whatever the board's size (it once got
    one iteration on a sized board, which made it play the engine's first listed move:
    Necto's levels 1 and 2 laid c1 on the first empty cell every time)."""
    from rulebook.computer import Level

    state = make_game("necto").initial_state()
    assert Level(0).budget(state) == 0
    player = computer(state, 1, seed=0)
    chosen = {player.choose(state) for _ in range(20)}
    assert len(chosen) > 10


# --- Necto's levels play for the crossings (games/necto/strategy.py) ------------------

@lru_cache(maxsize=None)
def necto_twist_positions(count: int, seed: int = 0) -> tuple:
    """Replacing-stage positions of seeded 6 x 6 games whose boards were filled with
    twists (as the levels fill them), then replaced at random."""
    game = make_game("necto")
    found = []
    while len(found) < count:
        rng = random.Random(seed)
        seed += 1
        state = game.initial_state()
        while not state.is_over() and len(found) < count:
            if state.stage == "placing":
                state = state.play(rng.choice([m for m in state.legal_moves() if m.code[0] == "t"]))
                continue
            if rng.random() < 0.2:
                found.append(state)
            state = state.play(state.random_move(rng))
    return tuple(found)


# --- Craquelure: wins and threats off the engine's listed sample of cuts -------------

from rulebook.computer import Node, SearchPlayer  # noqa: E402
from rulebook.games.craquelure import strategy as craquelure  # noqa: E402
from rulebook.games.craquelure.moves import NEUTRAL, Cut  # noqa: E402


def wins_by_a_random_cut(state, tries: int, seed: int) -> bool:
    """Whether one of ``tries`` random cuts of the engine's sampler wins at once (a
    check of a position that does not use the strategy's finder)."""
    rng = random.Random(seed)
    return any(wins_at_once(state, state.random_move(rng)) for _ in range(tries))


@lru_cache(maxsize=None)
def craquelure_positions(kind: str, count: int) -> tuple:
    """Positions of seeded random Craquelure games.  ``win``: the player to move wins
    at once by some cut (a random cut shows it), though no listed move does.
    ``threat``: the player to move cannot win at once, and some of the moves the
    computer weighs would let the opponent win by a cut that no listed move is."""
    game = make_game("craquelure")
    found, seed = [], 0
    while len(found) < count:
        rng = random.Random(7000 + seed)
        seed += 1
        state = game.initial_state()
        while not state.is_over() and len(found) < count:
            listed = winning_move(state)
            if kind == "win" and listed is None and wins_by_a_random_cut(state, 200, seed):
                found.append(state)
            if kind == "threat" and listed is None and craquelure.winning_move(state) is None:
                moves = craquelure.root_moves(state, random.Random(0))
                if any(not position.is_over() and craquelure.winning_move(position)
                       and winning_move(position) is None
                       and wins_by_a_random_cut(position, 200, seed)
                       for position in (state.play(move) for move in moves[::7])):
                    found.append(state)
            state = state.play(state.random_move(rng))
    return tuple(found)


@pytest.mark.parametrize("strength", [1, 2, 3])
def test_necto_levels_lay_twists(strength):
    """Two crossings of one's own a tile: every level fills the board with twists
    (the computer once laid c1, no crossing at all, on every cell)."""
    state = make_game("necto", size=4).initial_state()
    player = computer(state, strength, seed=1)
    laid = []
    while state.stage == "placing":
        move = player.choose(state) if state.turn == 0 else state.random_move(player.rng)
        if state.turn == 0:
            laid.append(move.code)
        state = state.play(move)
    assert len(laid) == 8 and all(code in ("t1", "t2", "t3", "t4") for code in laid), laid


def knotted_lead(state, player: int) -> int:
    """How many more of the self-crossings of the knotted loops ``player`` owns than
    the opponent."""
    lead = 0
    for line in state.loops:
        if state.knot(line).kind != "unknot":
            first, second = state.crossing_counts(line)
            lead += first - second if player == 0 else second - first
    return lead


def test_necto_level_2_takes_over_the_knots_crossings():
    """Where scoring moves tie, level 2 replaces so as to own more of the knotted
    loops' crossings: summed over seeded positions, its lead on them after its move
    is larger than after level 1's move (which takes the same points, any tie)."""
    positions = necto_twist_positions(40)
    leads = {1: 0, 2: 0}
    for strength in leads:
        for index, state in enumerate(positions):
            move = computer(state, strength, seed=index).choose(state)
            leads[strength] += knotted_lead(state.play(move), state.turn)
    assert leads[2] > leads[1] + 5, leads


def test_necto_level_3_sees_the_reply_exactly():
    """Level 3's two-ply look recomputes a reply only on the loops its move touches;
    the opponent's best reply it finds is the one found by trying every reply, in
    positions where the opponent, were it their turn, could score at once (so the
    replies kept from the position count)."""
    import dataclasses

    from rulebook.games.necto import strategy

    def threatened(state):
        other = dataclasses.replace(state, to_move=1 - state.to_move)
        return any(gain(other, reply) > 0 for reply in other.legal_moves())

    chosen = [state for state in necto_twist_positions(40) if threatened(state)][:6]
    assert len(chosen) == 6
    for state in chosen:
        looks = strategy._looks(state)
        for move in sorted(looks.shortlist(), key=str):
            after = state.play(move)
            if after.stage != "replacing":
                continue
            best = max(gain(after, reply) for reply in after.legal_moves())
            looks = strategy._looks(state)
            assert looks.reply(move) == best, (str(state), move)


def test_craquelure_finds_wins_that_no_listed_cut_makes():
    """In positions where a random cut wins but none of the engine's listed cuts does,
    the strategy's finder returns a winning cut, and levels 2 and 3 play one."""
    positions = craquelure_positions("win", 8)
    for index, position in enumerate(positions):
        assert wins_at_once(position, craquelure.winning_move(position)), index
        for strength in (2, 3):
            assert wins_at_once(position, computer(position, strength, seed=index).choose(position))


def test_craquelure_leaves_no_win_in_one_off_the_listed_cuts():
    """In positions where some moves would hand the opponent a win by a cut off the
    listed sample: after the move of level 2 or 3, no random cut of 400 wins for the
    opponent.  The former default (the search with the listed cuts alone) let the
    opponent win so in some of them."""
    positions = craquelure_positions("threat", 4)
    old = 0
    for index, position in enumerate(positions):
        for strength in (2, 3):
            after = position.play(computer(position, strength, seed=index).choose(position))
            assert after.is_over() or not wins_by_a_random_cut(after, 400, index), (
                strength, index)
        after = position.play(SearchPlayer(24, seed=index).choose(position))
        old += not after.is_over() and wins_by_a_random_cut(after, 400, index)
    assert old >= 1


def test_craquelure_connecting_runs():
    """The shortest runs of edges that touch all three arcs, and none inside another."""
    a, b, c, ab, none = ({0}, {1}, {2}, {0, 1}, set())
    arcs = [frozenset(s) for s in (a, none, b, c, none)]
    assert craquelure.connecting_runs(arcs) == [(0, 3), (2, 0)]
    arcs = [frozenset(s) for s in (ab, none, c, none)]
    assert craquelure.connecting_runs(arcs) == [(0, 2), (2, 0)]
    assert craquelure.connecting_runs([frozenset(a), frozenset(b)]) == []


def test_craquelure_distance_is_the_cheapest_set_of_regions_joining_the_three_arcs():
    """The computer's distance to a connection, against a second method: every set of
    regions a player could join (their own free, a neutral one 1, an opponent's they may
    cut 1.5, a settled opponent's barred), tried one by one, the cheapest that is
    connected through shared edges and touches all three arcs; in random positions of
    small games, for each colour (infinite where no set will do)."""
    import itertools
    import math
    from itertools import combinations

    from rulebook.games.craquelure.rules import has_legal_cut

    def brute_force(state, colour):
        cost = {}
        for i, region in state.regions.items():
            if region.owner == colour:
                cost[i] = 0.0
            elif region.owner is NEUTRAL:
                cost[i] = 1.0
            elif has_legal_cut(region, state.settings):
                cost[i] = 1.5
        near = {i: {j for j in state.regions[i].edges if j > 0} for i in cost}
        arcs = {i: {-j - 1 for j in state.regions[i].edges if j < 0} for i in cost}
        best = math.inf
        for size in range(1, len(cost) + 1):
            for chosen in combinations(sorted(cost), size):
                total = sum(cost[i] for i in chosen)
                if total >= best or set().union(*(arcs[i] for i in chosen)) != {0, 1, 2}:
                    continue
                reached, todo = {chosen[0]}, [chosen[0]]
                while todo:
                    for j in near[todo.pop()] & set(chosen) - reached:
                        reached.add(j)
                        todo.append(j)
                if len(reached) == size:
                    best = total
        return best

    checked = barred = 0
    for seed, percent in itertools.product(range(12), (0.5, 4.0, 8.0)):  # larger minima settle
        rng = random.Random(seed)
        state = make_game("craquelure", min_area_percent=percent).initial_state()
        for _ in range(rng.randint(1, 8)):
            if state.is_over():
                break
            state = state.play(state.random_move(rng))
        if len(state.regions) > 13:
            continue
        for colour in (0, 1):
            assert craquelure.distance(state, colour) == brute_force(state, colour), (
                seed, percent, colour, str(state))
            checked += 1
            barred += any(r.owner not in (colour, NEUTRAL) and not has_legal_cut(r, state.settings)
                          for r in state.regions.values())
    assert checked >= 40 and barred >= 10, (checked, barred)


def test_craquelure_a_swap_is_worth_the_lead_it_takes_over():
    """After a first cut that leaves its player nearer to a connection, swapping takes
    that lead over: the computer rates the swap by it, as it rates a cut (it once rated
    every swap 0, comparing the new colour's standing with itself, and never swapped)."""
    state = make_game("craquelure").initial_state()
    first = max(state.legal_moves(), key=lambda m: craquelure.margin(state.play(m), 0))
    position = state.play(first)
    lead = craquelure.margin(position, 1 - position.colour_to_move)
    assert lead > 0
    swap = next(m for m in position.legal_moves() if position.format_move(m) == "swap")
    assert craquelure.gain(position, swap) == 2 * lead


@pytest.mark.parametrize("iterations", [10, 50, 200])
def test_the_search_widens_its_root_as_it_is_visited_one_new_move_at_a_time(iterations):
    """Progressive widening: before each iteration the root may hold ceil(1.5 * sqrt(visits))
    children, and each listed move becomes a child at most once, until all
    are (QTTT's first position: 36 moves; no gains, so the order is a seeded shuffle)."""
    import math

    state = make_game("qttt").initial_state()
    player = SearchPlayer(iterations, seed=3, wins_first=False, safe=0)
    player.choose(state)
    children = [child.move for child in player.root.children]
    expected = 0
    for visits in range(iterations):
        if expected < max(1, math.ceil(1.5 * math.sqrt(visits))):
            expected += 1
    expected = min(expected, len(state.legal_moves()))
    assert len(children) == len(set(children)) == expected
    assert set(children) <= set(state.legal_moves())
    assert player.root.visits == iterations == sum(child.visits for child in player.root.children)


@pytest.mark.parametrize("slug", ["qttt", "inphexion", "necto"])
def test_the_search_plays_its_most_searched_move_not_a_lucky_one(slug):
    """The move played is the root's most visited child (its mean breaks ties), not
    the one of the best mean however seldom it was tried: one lucky playout must not
    choose the move.  Seeded random positions of each game, no gains and no safety
    filter, so nothing else ranks the children.  (Necto on its 4 x 4 board: the 6 x 6
    board's playouts take a second a move.)"""
    options = {"size": 4} if slug == "necto" else {}
    rng, state, checked = random.Random(11), make_game(slug, **options).initial_state(), 0
    for ply in range(12):
        if state.is_over():
            break
        player = SearchPlayer(40, seed=ply, wins_first=False, safe=0)
        chosen = player.choose(state)
        if player.root is not None:
            children = player.root.children
            most = max(children, key=lambda child: (child.visits, child.mean))
            assert chosen == most.move, (slug, ply)
            checked += 1
        state = state.play(state.random_move(rng))
    assert checked >= 5


@pytest.mark.parametrize("slug", ["qttt", "inphexion"])  # (Necto's playouts: too long)
def test_the_studies_player_plays_its_most_visited_move_not_the_most_rewarded(slug):
    """MonteCarloPlayer (the studies' players) plays the root's most visited child, its
    summed reward only breaking ties: in seeded random positions, including some where
    the child of the largest summed reward is another (a few lucky playouts)."""
    rng, state, checked, apart = random.Random(5), make_game(slug).initial_state(), 0, 0
    while checked < 60:
        if state.is_over():
            state = make_game(slug).initial_state()
        player, roots = MonteCarloPlayer(playouts=12, seed=checked), []
        iterate = player._iterate
        player._iterate = lambda root: (roots.append(root), iterate(root))
        chosen = player.choose(state)
        children = roots[0].children
        most = max(children, key=lambda child: (child.visits, child.reward))
        assert chosen == most.move, (slug, checked, state.format_move(chosen))
        apart += most is not max(children, key=lambda child: (child.reward, child.visits))
        checked += 1
        state = state.play(state.random_move(rng))
    assert apart >= 1, apart  # positions where the two rankings disagree were met


@pytest.mark.parametrize("slug", available_games())
def test_the_studies_player_s_tree_holds_each_move_once_under_each_position(slug):
    """However often the same move is drawn again (every game makes its moves afresh,
    equal but not the same object), a node of MonteCarloPlayer's tree has one child
    per move, each a legal move of the node's position; a node where the game goes
    on was visited once as it was made, then once through each child's visit."""
    options = {"size": 4} if slug == "necto" else {}
    rng, state, checked = random.Random(3), make_game(slug, **options).initial_state(), 0
    while checked < 6:
        if state.is_over():
            state = make_game(slug, **options).initial_state()
        player, roots = MonteCarloPlayer(playouts=40, seed=checked), []
        iterate = player._iterate
        player._iterate = lambda root: (roots.append(root), iterate(root))
        player.choose(state)
        nodes = [roots[0]]
        while nodes:
            node = nodes.pop()
            moves = [child.move for child in node.children]
            assert all(a != b for i, a in enumerate(moves) for b in moves[i + 1:]), (slug, moves)
            assert all(node.state._illegal_reason(move) is None for move in moves)
            if not node.state.is_over():  # (an end is visited again, with no children)
                assert node.visits == (sum(child.visits for child in node.children)
                                       + (node is not roots[0]))
            nodes += node.children
        checked += 1
        for _ in range(3):
            if not state.is_over():
                state = state.play(state.random_move(rng))


def test_a_search_with_gains_adds_the_root_s_moves_largest_gain_first():
    """Where a game rates its moves' immediate gains (Necto), the search's root takes
    its moves in that order, the largest first, so even a short search has looked at
    the move of the largest gain (and its first child is that move)."""
    from rulebook.games.necto import strategy

    checked = 0
    for index, state in enumerate(necto_gain_positions(6)):
        player = SearchPlayer(12, seed=index, wins_first=False, safe=0, strategy=strategy)
        player.choose(state)
        added = [player.gains[child.move] for child in player.root.children]
        assert len(added) >= 3
        assert added == sorted(added, reverse=True), added
        assert added[0] == max(player.gains.values()) > min(player.gains.values())
        checked += 1
    assert checked == 6


def test_the_search_alone_beats_random_play():
    """UCT with no help (no win-in-one look, no safety check, no heuristics) still beats
    random play at QTTT: its rewards must point the search towards wins."""
    from rulebook.players import RandomPlayer as Random

    game = make_game("qttt")
    score = 0.0
    for index in range(12):
        seat = index % 2
        players = [None, None]
        players[seat] = SearchPlayer(150, seed=index, wins_first=False, safe=0)
        players[1 - seat] = Random(seed=900 + index)
        _, final = play_game(game.initial_state(), players)
        winner = final.outcome().winner
        score += 1.0 if winner == seat else 0.5 if winner is None else 0.0
    assert score >= 9, score  # random against random scores about 6 of 12


def test_the_studies_search_never_holds_more_children_than_its_widening_allows():
    """MonteCarloPlayer (the studies' players): before each playout a node may hold at
    most ceil(1.5 * sqrt(visits)) children, and the root does reach that width."""
    import math

    player = MonteCarloPlayer(playouts=120, seed=4)
    seen = []
    iterate = player._iterate

    def spy(root):
        seen.append((len(root.children), root.visits))
        iterate(root)

    player._iterate = spy
    player.choose(make_game("qttt").initial_state())
    assert len(seen) == 120
    assert all(children <= max(1, math.ceil(1.5 * math.sqrt(visits))) for children, visits in seen)
    children, visits = seen[-1]
    assert children >= math.ceil(1.5 * math.sqrt(visits)) - 3  # widened as it went


def test_among_its_best_moves_the_computer_takes_one_that_leaves_no_win_in_one():
    """Random inpHeXion positions: children of each, ranked with some that hand the
    opponent a win in one first.  The choice is the first child the opponent cannot win
    at once after, if one is among the first ``safe``; else simply the first."""
    from conftest import random_steps

    rng = random.Random(3)
    player, checked = SearchPlayer(iterations=1, seed=0, safe=4), 0
    for seed, state, _, _ in random_steps(make_game("inphexion", size=5), range(30), max_moves=16):
        if state.move_number < 8:
            continue
        losing, safe = [], []
        for move in rng.sample(state.legal_moves(), min(12, state.count_legal_moves())):
            after = state.play(move)
            if not after.is_over():
                node = Node(after, state.turn, move)
                (losing if winning_move(after) is not None else safe).append(node)
        if not losing or not safe:
            continue
        ranked = losing[:2] + safe[:1] + losing[2:]
        assert player._safe_choice(state, ranked) is safe[0], seed
        if len(losing) >= 4:  # only the first four are checked
            assert player._safe_choice(state, losing[:4] + safe) is losing[0], seed
        checked += 1
    assert checked >= 5, checked



def test_necto_stake_is_the_mover_s_lead_in_crossings_on_the_loops_that_can_score():
    """Level 2's stake of a move, worked out here from its definition: on each closed
    loop through the move's cell with three self-crossings or more, how many more of
    them the mover laid than the opponent (at most 2 either way), counted whole on a
    knotted loop and 0.4 on an unknotted one; after the move less before it.  For
    either player to move (the crossings' owners read from the board's cells)."""
    from rulebook.games.necto import strategy

    def worth(state, line, me):
        if not line.closed or len(line.self_crossings) < 3:
            return 0.0
        mine = sum(state.owners[c // 2] == me for c in line.self_crossings)
        lead = max(-2, min(2, 2 * mine - len(line.self_crossings)))
        return lead * (0.4 if state.knot(line).kind == "unknot" else 1.0)

    movers, nonzero = set(), 0
    for state in necto_twist_positions(8, seed=40):
        me = state.to_move
        looks = strategy._looks(state)
        for move in state.legal_moves():
            after = state.play(move)
            before = state.lines_through(move.cell) if state.codes[move.cell] is not None else []
            expected = (sum(worth(after, line, me) for line in after.lines_through(move.cell))
                        - sum(worth(state, line, me) for line in before))
            assert looks.stake(move) == pytest.approx(expected), (str(state), move)
            nonzero += expected != 0
        movers.add(me)
    assert movers == {0, 1} and nonzero >= 20, (movers, nonzero)


def test_necto_level_3_weighs_the_placement_that_fills_the_board_against_every_reply():
    """Level 3's value of a move two plies deep, worked out here by playing every reply:
    for the last placement (the one that fills the board, after which replies score)
    and for replacements, the mover's net points less the most the opponent then nets
    with any one move, plus the stake and the crossings laid; placements before the
    last are rated by their crossings alone (nothing can score yet)."""
    from rulebook.games import make_game
    from rulebook.games.necto import strategy

    def net(before, after, player):
        return ((after.scores[player] - before.scores[player])
                - (after.scores[1 - player] - before.scores[1 - player]))

    rng = random.Random(8)
    checked = {"last placement": 0, "earlier placement": 0}
    for _ in range(6):
        state = make_game("necto", size=4).initial_state()
        while state.codes.count(None) > 0 and not state.is_over():
            looks = strategy._looks(state)
            last = state.codes.count(None) == 1
            for move in looks.shortlist() if last else state.legal_moves()[:6]:
                found = strategy.value(state, move)
                if not last:
                    assert found == strategy.laid(move), move
                    checked["earlier placement"] += 1
                    continue
                after = state.play(move)
                reply = max(net(after, after.play(r), after.to_move) for r in after.legal_moves())
                expected = (net(state, after, state.to_move) - reply
                            + looks.stake(move) / strategy.STAKE_SCALE + strategy.laid(move))
                assert found == pytest.approx(expected), (str(state), move)
                checked["last placement"] += 1
            state = state.play(state.random_move(rng))
    assert checked["last placement"] >= 12 and checked["earlier placement"] >= 30, checked


# The games whose levels 2 and 3 search (Necto's and Craquelure's choose by the game's
# value, without a search: their own tests)
SEARCHING = [slug for slug in available_games() if any(levels(slug)[s].iterations for s in (2, 3))]


@pytest.mark.parametrize("slug", SEARCHING)
def test_the_computer_that_searches_never_hands_the_opponent_a_win_it_could_refuse(slug):
    """Through its real entry point (``computer``, each game's own levels): in seeded
    random positions where one to three of the legal moves let the opponent win at
    once, and others do not, each level that searches plays none of them (the safety
    check takes the first of its four best moves that leaves no win in one: among any
    four, one is safe)."""
    searching = [strength for strength in (2, 3) if levels(slug)[strength].iterations]

    def hands_a_win(state, move):
        after = state.play(move)
        return not after.is_over() and winning_move(after) is not None

    game, checked = make_game(slug), 0
    for seed in range(400):
        rng, state = random.Random(seed), game.initial_state()
        while not state.is_over():
            legal = state.legal_moves()
            losing = [move for move in legal if hands_a_win(state, move)]
            if 1 <= len(losing) <= 3 < len(legal):
                for strength in searching:
                    move = computer(state, strength, seed=seed).choose(state)
                    assert not hands_a_win(state, move), (seed, strength, state.format_move(move))
                checked += 1
                break
            state = state.play(state.random_move(rng))
        if checked == 10:
            break
    assert checked == 10


@lru_cache(maxsize=None)
def craquelure_wins_by_owner() -> dict:
    """Positions of seeded random games whose player to move wins at once by a random
    cut, by the owner of the region cut (neutral, or the opponent's): owner -> positions."""
    game, found = make_game("craquelure"), {"neutral": [], "theirs": []}
    for seed in range(400):
        rng, state = random.Random(9100 + seed), game.initial_state()
        while not state.is_over() and min(map(len, found.values())) < 4:
            tries = random.Random(seed)
            for _ in range(120):
                move = state.random_move(tries)
                if not isinstance(move, Cut) or not wins_at_once(state, move):
                    continue
                owner = state.region_at(float(move.x), float(move.y)).owner
                kind = "neutral" if owner is NEUTRAL else "theirs"
                if owner != state.colour_to_move and len(found[kind]) < 4:
                    found[kind].append(state)
                break
            state = state.play(state.random_move(rng))
        if min(map(len, found.values())) >= 4:
            break
    return found


@pytest.mark.parametrize("owner", ["neutral", "theirs"])
def test_craquelure_s_finder_finds_a_win_in_one_in_each_kind_of_region(owner):
    """Where a random cut of a neutral region, or of one the opponent owns, wins at once,
    the strategy's finder finds a winning cut too (it looks in every region but the
    mover's own), and levels 2 and 3 play one."""
    positions = craquelure_wins_by_owner()[owner]
    assert len(positions) == 4
    for index, position in enumerate(positions):
        assert wins_at_once(position, craquelure.winning_move(position)), (owner, index)
        for strength in (2, 3):
            assert wins_at_once(position, computer(position, strength, seed=index).choose(position))


SIZED = [slug for slug in available_games()
         if any(p.name == "size" for p in make_game(slug).parameters)
         and any(level.iterations for level in levels(slug).values())]


@pytest.mark.parametrize("slug", SIZED)
def test_every_level_searches_as_much_as_its_board_asks_through_the_real_entry_point(
        slug, monkeypatch):
    """Through ``computer`` (what the play page and the studies call), each level that
    searches, the weak one too, on boards smaller and larger than the default: the
    search iterations its player runs for one move are the level's iterations times
    (default size / size) cubed, rounded, at least one."""
    from rulebook.computer import SearchPlayer
    from rulebook.players import MonteCarloPlayer

    ran = []
    for kind in (MonteCarloPlayer, SearchPlayer):
        def counting(self, *args, _iterate=kind._iterate):
            ran.append(1)
            return _iterate(self, *args)
        monkeypatch.setattr(kind, "_iterate", counting)
    default = next(p.default for p in make_game(slug).parameters if p.name == "size")
    checked = 0
    for strength, level in levels(slug).items():
        if not level.iterations:
            continue
        sizes = (default - 2, default, default + 2) if level.iterations <= 500 else (
            default + 2, default + 4)  # (a strong level's budget is cheaper on big boards)
        for size in sizes:
            state = make_game(slug, size=size).initial_state()
            state = state.play(state.legal_moves()[0])  # (no single forced reply)
            ran.clear()
            computer(state, strength, seed=1).choose(state)
            expected = max(1, round(level.iterations * (default / size) ** 3))
            assert len(ran) == expected, (strength, size, len(ran), expected)
            checked += 1
    assert checked >= 6


def test_craquelure_a_move_that_ends_the_game_is_a_win_exactly_when_its_player_wins():
    """The last move of random games, with and without the swap (after it a seat plays
    the other colour): the computer rates it a win (+100) when the winner the facts name
    is the player who made it, as the facts named the player to move before it, and a
    loss (-100) when it completed the opponent's connection instead."""
    from rulebook.record_facts import claim_facts

    game = make_game("craquelure")
    facts = claim_facts(game)
    seen = set()
    for seed in range(24):
        rng, state = random.Random(seed), game.initial_state()
        state = state.play(state.random_move(rng))
        swapped = seed % 2 == 0
        if swapped:
            state = state.play(state.parse_move("swap"))
        while True:
            move = state.random_move(rng)
            position = state.play(move)
            if position.is_over():
                break
            state = position
        mover = facts["turn"].compute(state)
        won = facts["winner"].compute(position) == mover
        assert craquelure.change(state, move) == (100.0 if won else -100.0), (seed, mover, won)
        seen.add((swapped, won))
    assert seen == {(True, True), (True, False), (False, True), (False, False)}, seen


def test_a_search_that_looks_ahead_searches_only_the_moves_of_the_best_value_then_gain():
    """``lookahead`` (computer.py, step 2): the root's children are the moves of the best
    value and, among those, of the best immediate gain: in Necto positions where moves
    of the best value differ in gain, with a search that widens to many children."""
    from rulebook.games.necto import strategy as necto

    game, found, seed = make_game("necto", size=4), 0, 0
    while found < 2:
        rng = random.Random(2000 + seed)
        seed += 1
        state = game.initial_state()
        while not state.is_over():
            if state.stage == "replacing" and rng.random() < 0.3:
                rated = {move: (value(state, move), gain(state, move))
                         for move in state.legal_moves()}
                best = max(rated.values())
                if len({g for v, g in rated.values() if v == best[0]}) > 1:
                    player = SearchPlayer(30, seed=seed, wins_first=False, strategy=necto,
                                          lookahead=True)
                    chosen = player.choose(state)
                    searched = ({child.move for child in player.root.children} if player.root
                                else {chosen})  # one move of the best: played unsearched
                    assert searched and all(rated[move] == best for move in searched), seed
                    found += 1
            state = state.play(state.random_move(rng))


@pytest.mark.parametrize("safe", [1, 4])
def test_the_computer_plays_the_first_of_its_safe_first_moves_that_hands_over_no_win(safe):
    """Step 3's check (computer.py): of the moves ranked best first, the first among
    the first ``safe`` after which the opponent cannot win at once; if none of those,
    the best; wherever the one safe move stands in the ranking."""
    from types import SimpleNamespace

    for at in range(safe + 2):
        ranked = [SimpleNamespace(state=SimpleNamespace(is_over=lambda: False, n=n), move=n)
                  for n in range(safe + 2)]
        player = SearchPlayer(0, safe=safe)
        player._winning_move = lambda state, listed=None, at=at: None if state.n == at else "win"
        chosen = player._safe_choice(None, ranked).move
        assert chosen == (at if at < safe else 0), (safe, at, chosen)


@pytest.mark.parametrize("slug", available_games())
def test_each_level_s_player_is_made_with_every_setting_of_its_level(slug):
    """``computer`` makes each level of each game as the game's ``LEVELS`` say: its
    iterations for the board, whether it takes a win first, how many moves it checks
    for safety, its value (its own, else the game's, only where it looks ahead) and
    its shortlist; the weak level is the studies' player."""
    from rulebook.computer import strategy

    rng, state = random.Random(1), make_game(slug).initial_state()
    state = state.play(state.random_move(rng))
    for strength, level in levels(slug).items():
        player = computer(state, strength, seed=3)
        if level.old:
            assert isinstance(player, MonteCarloPlayer) and player.playouts == level.budget(state)
            continue
        value = (level.value or getattr(strategy(slug), "value", None)) if level.lookahead else None
        assert (player.iterations, player.wins_first, player.safe, player.value,
                player.shortlist) == (level.budget(state), level.wins_first, level.safe, value,
                                      level.shortlist), (slug, strength)


def test_a_level_with_a_shortlist_values_only_that_many_moves_of_the_largest_gain():
    """Craquelure's level 3 looks two plies ahead at its six cuts of the largest
    immediate gain only: in positions of seeded random games, the moves it valued are
    that many (or all, where fewer are listed), and none left out gains more than one
    valued."""
    checked = 0
    for slug in available_games():
        for strength, level in levels(slug).items():
            if not level.shortlist:
                continue
            rng, state = random.Random(strength), make_game(slug).initial_state()
            for _ in range(200):
                if checked >= 8:
                    break
                if state.is_over():
                    state = make_game(slug).initial_state()
                player = computer(state, strength, seed=checked)
                player.choose(state)
                if player.values:
                    valued = set(player.values)
                    assert len(valued) == min(level.shortlist, len(player.gains)), slug
                    left = [gain for move, gain in player.gains.items() if move not in valued]
                    assert not left or max(left) <= min(player.gains[m] for m in valued)
                    checked += 1
                state = state.play(state.random_move(rng))
    assert checked >= 8, checked


def test_a_searched_move_outside_the_listed_ones_is_played_only_if_it_rated_higher():
    """With a game's gains, the root's first moves are the listed ones (``root_moves``);
    once they are all in, the search adds moves drawn at random, which have no gain.
    The move played is one of the largest gain, or one the search rated higher than
    the first (largest-gain) move: a drawn move that was only visited more, its mean no
    better, is passed over like a move of smaller gain.  A strategy whose every listed
    move gains nothing, over QTTT positions: such drawn moves do rank above the first."""
    import types

    def root_moves(state, rng):  # two listed moves; every other is drawn by the search
        return sorted(state.legal_moves(), key=state.format_move)[:2]

    strategy = types.SimpleNamespace(gain=lambda state, move: 0, root_moves=root_moves)
    game, passed_over = make_game("qttt"), 0
    for seed in range(150):
        rng, state = random.Random(seed), game.initial_state()
        for _ in range(rng.randint(0, 6)):
            if not state.is_over():
                state = state.play(state.random_move(rng))
        if state.is_over():
            continue
        player = SearchPlayer(iterations=40, seed=seed, strategy=strategy, wins_first=False)
        move = player.choose(state)
        children = player.root.children
        first, chosen = children[0], next(c for c in children if c.move == move)
        assert (chosen.move in player.gains and player.gains[chosen.move] >= player.gains[first.move]
                or chosen.mean > first.mean), (seed, state.format_move(move))
        ranked = sorted(children, key=lambda c: (c.visits, c.mean), reverse=True)
        passed_over += any(c.move not in player.gains and c.mean <= first.mean
                           for c in ranked[:ranked.index(first)])
    assert passed_over >= 5, passed_over
