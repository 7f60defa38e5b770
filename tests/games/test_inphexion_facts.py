"""Every fact of inpHeXion against the naive engine and the rules page.

Each fact a record's claims can ask (``make_game('inphexion').facts``) is
computed at every position of seeded random games, for every value of its
argument (every cell, both players, every push of a disc to a neighbouring
cell, every move text of a push's shape and more), and compared with the
answer worked out here from the naive engine of test_inphexion_naive.py
(which imports nothing from rulebook.games: a dict of cells, neighbours by
offsets, moves as strings), from the move text that was played, and from the
rules page (the designer's inphexion-page.txt), written plainly below:

* White joins the top and bottom rows, Black the left and right columns;
* a move pushes a disc not the mover's (the neutral disc too) to an empty
  neighbour and places the mover's disc where it stood; the lone discs that
  move surrounds with the mover's discs (and the edges) are relocated;
* a group is the discs of one kind joined through neighbours; a chain joins
  a player's two sides through their discs.

The games cover every option (pie rule, neutral disc, few discs) on small
boards, and are steered towards the rare: the swap is taken half the times
it is offered, a quarter of the moves are drawn among those that relocate
the most discs, and some games start from a position planted with a push
that surrounds two or three lone discs at once (random games make one about
once in a hundred games).  Each test counts the cases its fact depends on
(multiple and neutral relocations, each way a game ends, enclosed groups,
bent chains...) and asserts they occurred, so none passes on positions that
cannot tell.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache

from differential import game_count
from rulebook.errors import RulebookError
from rulebook.games import make_game
from test_inphexion_naive import Naive, canonical, name

PLAYERS = {"W": "White", "B": "Black"}
HELD = {"W": "White", "B": "Black", "N": "neutral", None: "empty"}
VARIANTS = [  # options, games, how each game starts
    ({"size": 3}, 60, "empty"), ({"size": 3, "pie": True, "neutral": True}, 80, "empty"),
    ({"size": 3, "discs": 3, "neutral": True}, 40, "empty"),
    ({"size": 4, "pie": True}, 20, "empty"), ({"size": 4, "neutral": True}, 25, "empty"),
    ({"size": 5, "discs": 5}, 6, "empty"), ({"size": 5, "pie": True, "neutral": True}, 5, "empty"),
    ({"size": 5}, 20, "planted"), ({"size": 4, "neutral": True}, 20, "planted"),
]


class Position:
    """One position of a game: the engine's ``state``, the naive engine's ``naive``, and
    how it was reached (``before``: the naive position one move earlier, ``move``: the
    text of the move played then; None at the start)."""

    def __init__(self, where, state, naive, before, move):
        self.where, self.state, self.naive, self.before, self.move = \
            where, state, naive, before, move

    def fact(self, name, **args):
        return self.state.game.facts[name].compute(self.state, **args)

    @property
    def cells(self):
        """The naive board's cells, (column, row), sorted by column then row."""
        return sorted(self.naive.board)


def relocations(text: str | None) -> list[tuple[str, str]]:
    """The (from, to) pairs written after a move's push."""
    words = (text or "").split()
    return [tuple(word.split(">")) for word in words[1:]]


def choose(rng, moves):
    if "swap" in moves and rng.random() < 0.5:
        return "swap"
    if rng.random() < 0.25:
        most = max(len(move.split()) for move in moves)
        return rng.choice([move for move in moves if len(move.split()) == most])
    return rng.choice(moves)


def planted(rng, game):
    """A start position (the naive engine's, and the engine's read from its text) where
    the player to move has a push that surrounds two or three lone discs at once: a
    target disc, two or three of its neighbours (the first empty, to receive the pushed
    disc; the others not the mover's) walled in by the mover's discs, the other cells
    drawn at random.  Random games seldom make one."""
    size, symbol = game.options["size"], {"W": "W", "B": "B", "N": "N", None: "."}
    while True:
        naive = Naive(size, game.discs, False, game.options["neutral"])
        board, cells = naive.board, sorted(naive.board)
        mover = rng.choice("WB")
        enemy = "B" if mover == "W" else "W"
        target = rng.choice(cells)
        owed = rng.sample(naive.near(target), min(len(naive.near(target)), rng.choice((2, 3))))
        plan = {target: enemy, owed[0]: None, **{cell: enemy for cell in owed[1:]}}
        walls = {cell for lone in owed for cell in naive.near(lone)} - {target}
        if walls & set(plan):
            continue  # two of the lone cells are neighbours
        plan.update((cell, mover) for cell in walls)
        if game.options["neutral"]:
            plan[rng.choice([target, *owed[1:]])] = "N"
        for cell in cells:
            board[cell] = plan[cell] if cell in plan else rng.choice((mover, enemy, None, None))
        held = Counter(board.values())
        if (max(held["W"], held["B"]) > game.discs or naive.joined(board, "W")
                or naive.joined(board, "B")):
            continue
        naive.to_move, naive.count = mover, held["W"] + held["B"]
        naive.hand = {colour: game.discs - held[colour] for colour in "WB"}
        if naive.moves():
            text = "\n".join([f"turn: {PLAYERS[mover]}"] + [
                " ".join(symbol[board[column, row]] for column in range(size))
                for row in range(size)])
            return game.parse_position(text), naive


@cache
def positions() -> tuple[Position, ...]:
    found = []
    for options, games, start in VARIANTS:
        game = make_game("inphexion", **options)
        for seed in range(game_count(games)):
            rng = random.Random(seed)
            if start == "planted":
                state, naive = planted(rng, game)
            else:
                state = game.initial_state()
                naive = Naive(game.options["size"], game.discs, game.options["pie"],
                              game.options["neutral"])
            before = move = None
            history = ()
            while True:
                found.append(Position((options, seed, history), state, naive, before, move))
                moves = naive.moves()
                if not moves:
                    break
                move = choose(rng, moves)
                before, naive = naive, naive.play(move)
                state = state.play(state.parse_move(move))
                history += (move,)
    return tuple(found)


def named(cells) -> list[str]:
    """Cell names, sorted by column then row (as the facts list them)."""
    return [name(cell) for cell in sorted(cells)]


def group_of(naive, cell) -> set:
    """The cells joined to ``cell`` through neighbours holding what it holds."""
    held = naive.board[cell]
    if held is None:
        return set()
    found, todo = {cell}, [cell]
    while todo:
        for near in naive.near(todo.pop()):
            if near not in found and naive.board[near] == held:
                found.add(near)
                todo.append(near)
    return found


def sides(naive, colour):
    """The cells of a player's two sides: White's top and bottom rows, Black's left and
    right columns."""
    last = naive.size - 1
    axis = 1 if colour == "W" else 0
    return ({cell for cell in naive.board if cell[axis] == 0},
            {cell for cell in naive.board if cell[axis] == last})


def shortest_chain_length(naive, colour) -> int:
    """The fewest discs of ``colour`` joining its two sides (0: not joined), breadth-first
    from one side."""
    start, goal = sides(naive, colour)
    length = {cell: 1 for cell in start if naive.board[cell] == colour}
    todo = sorted(length)
    while todo:
        cell = todo.pop(0)
        if cell in goal:
            return length[cell]
        for near in naive.near(cell):
            if naive.board[near] == colour and near not in length:
                length[near] = length[cell] + 1
                todo.append(near)
    return 0


# --- the result and the discs ------------------------------------------------------------

def test_winner_over_turn_reason_and_scores_follow_the_naive_engines_result():
    """``winner``, ``over``, ``turn``, ``reason``: the naive engine's result and player to
    move (White after a swap); ``scores``: none (inpHeXion counts no points)."""
    seen = Counter()
    for at in positions():
        naive, where = at.naive, at.where
        over = naive.winner is not None
        assert at.fact("over") is over, where
        assert at.fact("winner") == (PLAYERS[naive.winner] if over else "none"), where
        assert at.fact("reason") == (naive.reason if over else "none"), where
        assert at.fact("turn") == ("none" if over else PLAYERS[naive.to_move]), where
        assert at.fact("scores") is None, where
        seen[naive.winner, naive.reason] += 1
        seen["after a swap"] += at.move == "swap"
    for winner in "WB":
        for reason in ("connection", "no legal move", "no empty cell for a relocation"):
            assert seen[winner, reason] >= 3, (winner, reason, seen)
    assert seen["B", "no discs in hand"] >= 3 and seen["after a swap"] >= 20, seen


def test_cell_and_disc_counts_read_the_board_and_the_hands():
    """``cell`` on every cell: White, Black, neutral or empty; ``discs_on_board``,
    ``empty_count``, ``cell_count``, ``neutral`` (its cell or 'none'), ``in_hand`` and
    ``hand`` for each player."""
    seen = Counter()
    for at in positions():
        naive, where = at.naive, at.where
        board = naive.board
        for cell in at.cells:
            assert at.fact("cell", cell=name(cell)) == HELD[board[cell]], (where, name(cell))
            seen[board[cell]] += 1
        held = Counter(board.values())
        assert at.fact("discs_on_board") == {"White": held["W"], "Black": held["B"]}, where
        assert at.fact("empty_count") == held[None], where
        assert at.fact("cell_count") == naive.size ** 2, where
        neutral = [name(cell) for cell in at.cells if board[cell] == "N"]
        assert at.fact("neutral") == (neutral[0] if neutral else "none"), where
        assert at.fact("in_hand") == {"White": naive.hand["W"], "Black": naive.hand["B"]}, where
        for colour, player in PLAYERS.items():
            assert at.fact("hand", player=player) == naive.hand[colour], (where, player)
        seen["neutral moved"] += bool(neutral) and neutral[0] != name((naive.size // 2,) * 2)
        seen["a hand empty"] += 0 in naive.hand.values()
    assert min(seen.values()) >= 50 and len(seen) == 6, seen


# --- the move that led here ------------------------------------------------------------

def test_the_last_move_facts_are_the_parts_of_the_move_text_played():
    """``last_move``, ``mover``, ``placed``, ``pushed_to``, ``relocated``,
    ``relocated_from``, ``relocated_to`` and ``relocated_count`` against the text of the
    move that was played (the sources and the destinations compared apart: the discs
    are identical, so any pairing of them is the same move) and the player who made it."""
    seen = Counter()
    for at in positions():
        move, where = at.move, at.where
        if move is None:
            assert at.fact("last_move") == "none" and at.fact("mover") == "none", where
        else:
            assert canonical(at.fact("last_move")) == canonical(move), where
            assert at.fact("mover") == PLAYERS[at.before.to_move], where
        first = (move or "").split()[:1]
        if not first or first == ["swap"]:
            placed = pushed = "none"
        else:
            placed, _, pushed = first[0].partition(">")
            pushed = pushed or "none"
        assert at.fact("placed") == placed, where
        assert at.fact("pushed_to") == pushed, where
        pairs = relocations(move)
        by_name = {name(cell): cell for cell in at.cells}
        assert at.fact("relocated_from") == named(by_name[s] for s, _ in pairs), where
        assert at.fact("relocated_to") == named(by_name[d] for _, d in pairs), where
        written = [tuple(item.split(">")) for item in at.fact("relocated")]
        assert all(len(pair) == 2 for pair in written), where
        assert sorted(s for s, _ in written) == sorted(s for s, _ in pairs), where
        assert sorted(d for _, d in written) == sorted(d for _, d in pairs), where
        assert at.fact("relocated_count") == len(pairs), where
        kind = ("start" if move is None else "swap" if move == "swap" else
                "first" if pushed == "none" else f"{min(len(pairs), 2)} relocations")
        seen[kind] += 1
        if move and move != "swap" and at.before.to_move == "B":
            seen["by Black"] += 1
        seen["neutral relocated"] += any(at.before.board[by_name[s]] == "N" for s, _ in pairs)
        seen["no room"] += at.naive.reason == "no empty cell for a relocation"
    assert seen["2 relocations"] >= 10 and seen["neutral relocated"] >= 10, seen
    assert min(seen.values()) >= 10 and len(seen) == 9, seen


# --- groups and chains -----------------------------------------------------------------

def test_group_group_size_and_enclosed_follow_each_discs_connected_discs_of_its_kind():
    """On every cell: ``group``, the cells joined to it through neighbours of its kind
    ([] when empty); ``group_size``, how many; ``enclosed``, whether every cell next to
    the group holds the other side's disc (a neutral group: one side's discs only)."""
    seen = Counter()
    for at in positions():
        naive = at.naive
        for cell in at.cells:
            where = (at.where, name(cell))
            group = group_of(naive, cell)
            assert at.fact("group", cell=name(cell)) == named(group), where
            assert at.fact("group_size", cell=name(cell)) == len(group), where
            held = naive.board[cell]
            around = {naive.board[near] for c in group for near in naive.near(c)} - {held}
            if held is None:
                enclosed = False
            elif held == "N":
                enclosed = around in ({"W"}, {"B"})
            else:
                enclosed = around <= {"B" if held == "W" else "W"}
            assert at.fact("enclosed", cell=name(cell)) is enclosed, where
            seen[HELD[held], enclosed, min(len(group), 3)] += 1
    for kind in ("White", "Black"):
        for size in (1, 2, 3):
            assert seen[kind, True, size] >= 3 and seen[kind, False, size] >= 3, (kind, seen)
    assert seen["neutral", True, 1] >= 3 and seen["neutral", False, 1] >= 100, seen


def test_chain_is_a_shortest_run_of_a_players_discs_joining_their_sides():
    """``chain``: a connected set of the player's discs touching both their sides, as few
    as the fewest that join them (found here breadth-first), or [] when they are not
    joined; ``chain_length``: how many."""
    seen = Counter()
    for at in positions():
        naive = at.naive
        by_name = {name(cell): cell for cell in at.cells}
        for colour, player in PLAYERS.items():
            where = (at.where, player)
            fewest = shortest_chain_length(naive, colour)
            chain = at.fact("chain", player=player)
            assert at.fact("chain_length", player=player) == fewest == len(chain), where
            cells = {by_name[cell] for cell in chain}
            assert chain == named(cells), where  # listed once each, by column then row
            if not chain:
                continue
            assert all(naive.board[cell] == colour for cell in cells), where
            assert group_of(naive, next(iter(cells))) >= cells, where
            reached, todo = {min(cells)}, [min(cells)]
            while todo:
                for near in naive.near(todo.pop()):
                    if near in cells and near not in reached:
                        reached.add(near)
                        todo.append(near)
            assert reached == cells, where  # one run, not scattered discs
            one, other = sides(naive, colour)
            assert cells & one and cells & other, where
            seen[player] += 1
            seen["bent"] += fewest > naive.size
            seen["with spare discs"] += len(group_of(naive, min(cells))) > fewest
    assert min(seen.values()) >= 10 and len(seen) == 4, seen


# --- pushes and moves --------------------------------------------------------------------

def test_owed_and_owed_count_are_the_lone_discs_each_push_surrounds():
    """For every disc and every neighbouring cell of every unfinished position: a push
    the naive engine lists answers the lone discs it surrounds (sorted by column then
    row) and how many; any other pair of cells is refused.  A whole move (a push with
    its relocations) is refused too."""
    seen = Counter()
    for at in positions():
        naive = at.naive
        if naive.winner is not None:
            continue
        pushes = {(target, push): owed for target, push, _, owed in naive.pushes()}
        free = list(naive.board.values()).count(None) - 1  # once the pushed disc lands
        for target in at.cells:
            for push in naive.near(target):
                text, where = f"{name(target)}>{name(push)}", (at.where, name(target), name(push))
                if (target, push) not in pushes:
                    try:  # (owed_count asks owed)
                        at.fact("owed", push=text)
                    except RulebookError:
                        seen["refused"] += 1
                        continue
                    raise AssertionError(f"owed answered for {text}, not a push here: {where}")
                owed = pushes[target, push]
                assert at.fact("owed", push=text) == named(owed), where
                assert at.fact("owed_count", push=text) == len(owed), where
                seen[min(len(owed), 2)] += 1
                seen["neutral owed"] += any(naive.board[cell] == "N" for cell in owed)
                seen["no room"] += len(owed) > free
    assert min(seen.values()) >= 10 and len(seen) == 6, seen
    relocating = next(at for at in positions() if len(relocations(at.move)) == 1)
    try:  # a push with its relocation written is not a push alone
        relocating.fact("owed", push=relocating.move)
    except RulebookError:
        pass
    else:
        raise AssertionError(f"owed answered for a whole move: {relocating.move}")


def move_texts(at) -> list[str]:
    """Texts to ask ``is_legal`` about: the naive engine's moves; every cell alone and
    pushed to each neighbour; 'swap'; and a few relocating moves spoiled: a relocation
    dropped, one more from a cell that owes none, each destination moved to every cell."""
    naive = at.naive
    texts = list(naive.moves()) + ["swap"]
    for target in at.cells:
        texts.append(name(target))
        texts += [f"{name(target)}>{name(push)}" for push in naive.near(target)]
    for move in [move for move in naive.moves() if " " in move][:3]:
        first, *pairs = move.split()
        texts.append(" ".join([first, *pairs[:-1]]))
        sources = {pair.split(">")[0] for pair in pairs}
        destinations = {pair.split(">")[1] for pair in pairs}
        spare = next(name(c) for c in at.cells if name(c) not in sources)
        elsewhere = next(name(c) for c in at.cells if name(c) not in destinations | {spare})
        texts.append(f"{move} {spare}>{elsewhere}")
        for index, pair in enumerate(pairs):
            source = pair.split(">")[0]
            for cell in at.cells:
                changed = pairs[:index] + [f"{source}>{name(cell)}"] + pairs[index + 1:]
                texts.append(" ".join([first, *changed]))
    return texts


def test_legal_move_count_and_is_legal_agree_with_the_naive_engines_moves():
    """``legal_move_count``: how many moves the naive engine lists; ``is_legal``: true
    exactly for the texts of those moves (relocations paired in any order), among every
    text of ``move_texts``, and false for all of them once the game is over."""
    seen = Counter()
    for at in positions():
        legal = {canonical(move) for move in at.naive.moves()}
        assert at.fact("legal_move_count") == len(legal), at.where
        for text in move_texts(at):
            expected = canonical(text) in legal
            assert at.fact("is_legal", move=text) is expected, (at.where, text)
            seen[expected] += 1
        seen["over"] += at.naive.winner is not None
        seen["relocating"] += any(" " in move for move in at.naive.moves())
    assert min(seen.values()) >= 100 and len(seen) == 4, seen


def test_owed_takes_a_push_alone_and_says_so_of_anything_else():
    """``owed`` of a placement, of a push with its relocations or of a bare cell is
    refused in one line saying what it takes; of a push alone it answers."""
    from rulebook.record_facts import claim_facts

    game = make_game("inphexion", size=5)
    owed = claim_facts(game)["owed"]
    state = game.initial_state().play(game.initial_state().parse_move("c3"))
    for text in ("b2", "c3>c4 c4>a1"):
        try:
            owed.compute(state, push=text)
            refusal = ""
        except RulebookError as error:
            refusal = str(error)
        assert refusal == f"cannot read {text!r}: owed takes a push alone, like 'd4>d5'", refusal
    assert owed.compute(state, push="c3>c4") == []
