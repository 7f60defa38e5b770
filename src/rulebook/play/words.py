"""The play page's own words (buttons, settings, results), per language.

Like the site's other chrome (``sphinxext.directives.CHROME``), they are kept
here rather than in the pages' catalogs; the page's title and introduction are
page text, translated in ``docs/locale/ja/LC_MESSAGES/play/<game>.po``.  What
is a game's own (its outcome reasons, options as its rulebook names them and
their choices, aids and click prompts) is named in its folder, in ``play.py``'s
``WORDS``, and merged into these tables by :func:`game_words`; in another
language than English the outcome reasons are the book's own words
(``values.po``, :func:`rulebook.sphinxext.play.page_words`).  A test checks
that every reason and option of every game has its words.
"""

from __future__ import annotations

from ..errors import RulebookError
from ..games import game_play

# The tables a game's play.py adds its own words to (in English; in another language
# all but the outcome reasons, which values.po words as the book does).
GAME_TABLES = ("reasons", "options", "choices", "aid_names", "prompts")


def game_tables(lang: str) -> tuple[str, ...]:
    """The tables a game's play.py names in ``lang``."""
    return GAME_TABLES if lang == "en" else tuple(t for t in GAME_TABLES if t != "reasons")


WORDS = {
    "en": {
        "loading": "Loading the game engine…", "failed": "The game engine could not start: {error}",
        "new_game": "New game", "undo": "Undo", "settings": "Settings",
        "players": "Players", "two_players": "Two players on this device",
        "computer_second": "Against the computer (it plays {player})",
        "computer_first": "Against the computer (it plays {player})",
        "strength": "Computer's strength", "strengths": ["Weak", "Normal", "Strong"],
        "to_move": "{player} to move", "thinking": "The computer is thinking…",
        "wins": "{player} wins: {reason}.", "draw": "Draw: {reason}.",
        "score": "Score: {scores}", "moves": "Moves", "no_moves": "No moves yet.",
        "move_box": "Move in the rulebook's notation", "play": "Play",
        "choose": "Choose a move:", "pick_next": "Next:", "pick_tile": "Tile:", "cancel": "Cancel",
        "board": "Board", "position_text": "The position as text",
        "download": "Download record", "open": "Open record",
        "opened": "Opened {name}: {count} moves.", "opened_one": "Opened {name}: {count} move.",
        "legend": "On the board",
        "claims_hold": "Its {count} claims hold, as rulebook check finds them.",
        "claims_hold_one": "Its {count} claim holds, as rulebook check finds it.",
        "claims_fail": "{failed} of its claims and panels do not hold (see below).",
        "claims_fail_one": "{failed} of its claims and panels does not hold (see below).",
        # the engine's own message, in English, follows (the rulebook's words)
        "illegal": "This move cannot be played: {error}",
        "open_failed": "The record could not be opened: {error}",
        "turn_after": "{last} {turn}",
        "aids": "Aids", "trace": "Trace a line", "trace_help":
            "Click a line: it is traced, and the other lines fade. From the keys, Enter on a "
            "tile traces a line through it, and Enter again the other one.",
        "traced": "Traced: the line through {cell} that joins its {first} and {second} sides.",
        "sides": {"N": "top", "E": "right", "S": "bottom", "W": "left"},
        "rules": "Full rules on the game page", "last_move": "Last move: {move}.",
        "howto": "How to play (the rulebook's quick reference)",
        "keyboard": "Keys: Tab or the arrow keys move between cells, Enter or Space picks, "
                    "Escape cancels; Ctrl+Z undoes; elsewhere the left and right arrow keys "
                    "(Home, End) step through the game.",
        "step_first": "To the start", "step_back": "One move back",
        "step_forward": "One move forward", "step_last": "To the last move",
        "continue_here": "Continue from here",
        "stepped_back": "After {at} of {total} moves (a move played here drops the later ones).",
        "stepped_back_one": "After {at} of {total} move (a move played here drops the later one).",
        "play_from": "Play on from: ", "play_position": "Play on from this position",
        "play_panel": "panel {k}",
        "aim_start": "Press anywhere in a region to set the cut's point; drag to turn its rays.",
        "aim_refused": "This cut would be refused: {reason}. Drag to turn the rays or move the point.",
        "aim_parts": "Parts: {shares}. ", "aim_take": "Tap the part {player} takes.",
        "aim_give": "Tap the part {player} gets.", "aim_ready": "Cut, or tap the parts again to change them.",
        "aim_cut": "Cut", "aim_turn_left": "Turn the rays anticlockwise",
        "aim_turn_right": "Turn the rays clockwise", "aim_part": "Part {number}: {percent} % of the disk",
        "prompts": {"swap": "Or swap (pie rule): take over the first move."},
        "share": "Share link", "share_link": "Link to this game:",
        "share_copied": "The link to this game is copied.",
        "link_failed": "The link's game could not be opened ({error}); the game saved on "
                       "this device is shown instead.",
        "saved_failed": "The game saved on this device could not be restored ({error}); it is "
                        "kept aside in this browser's storage, and a new game is started.",
        "yes": "on", "no": "off",
    },
    "ja": {
        "loading": "ゲームのエンジンを読み込んでいます…",
        "failed": "ゲームのエンジンを起動できませんでした：{error}",
        "new_game": "新しいゲーム", "undo": "一手戻す", "settings": "設定",
        "players": "対戦", "two_players": "この端末で2人で遊ぶ",
        "computer_second": "コンピューターと対戦（コンピューターは{player}）",
        "computer_first": "コンピューターと対戦（コンピューターは{player}）",
        "strength": "コンピューターの強さ", "strengths": ["弱い", "ふつう", "強い"],
        "to_move": "{player}の手番", "thinking": "コンピューターが考えています…",
        "wins": "{player}の勝ち：{reason}。", "draw": "引き分け：{reason}。",
        "score": "得点：{scores}", "moves": "棋譜", "no_moves": "まだ手はありません。",
        "move_box": "ルールブックの記法で手を入力", "play": "指す",
        "choose": "手を選んでください：", "pick_next": "次に選ぶもの：", "pick_tile": "タイル：", "cancel": "取り消し",
        "board": "盤", "position_text": "局面を文字で",
        "download": "棋譜を保存", "open": "棋譜を開く",
        "opened": "{name}を開きました（{count}手）。", "legend": "盤の印",
        "claims_hold": "記された主張{count}件は、rulebook checkと同じく確かめて、すべて成り立ちます。",
        "claims_fail": "記された主張と図のうち{failed}件が成り立ちません（理由は下に）。",
        "illegal": "{error}",
        "open_failed": "棋譜を開けませんでした：{error}",
        "turn_after": "{last}{turn}",
        "aids": "補助", "trace": "線をたどる", "trace_help":
            "線をクリックすると、その線をたどり、ほかの線は薄くなります。キーでは、タイルの上で"
            "Enterを押すとそのタイルを通る線を1本たどり、もう一度押すともう1本をたどります。",
        "traced": "{cell}の{first}辺と{second}辺を結ぶ線をたどっています。",
        "sides": {"N": "上", "E": "右", "S": "下", "W": "左"},
        "rules": "詳しいルールはゲームのページへ", "last_move": "直前の手：{move}。",
        "howto": "遊び方（ルールブックの早見表）",
        "keyboard": "キー操作：Tab か矢印キーでマスを移動、Enter か Space で選択、"
                    "Escape で取り消し、Ctrl+Z で一手戻す。盤の外では左右の矢印キー"
                    "（Home、End）で棋譜を前後に移動。",
        "step_first": "最初へ", "step_back": "1手戻る", "step_forward": "1手進む",
        "step_last": "最後の手へ", "continue_here": "ここから続ける",
        "stepped_back": "{total}手中{at}手目の局面（ここで指すと、その後の手は消えます）。",
        "play_from": "この局面から遊ぶ：", "play_position": "この局面から遊ぶ",
        "play_panel": "{k}枚目",
        "aim_start": "領域の中を押して分割の点を決め、ドラッグで3本の線を回します。",
        "aim_refused": "この分割はできません：{reason}。線を回すか点を動かしてください。",
        "aim_parts": "片：{shares}。", "aim_take": "{player}が取る片をタップしてください。",
        "aim_give": "{player}に渡す片をタップしてください。", "aim_ready": "「分割する」を押すか、片をタップし直してください。",
        "aim_cut": "分割する", "aim_turn_left": "線を左に回す", "aim_turn_right": "線を右に回す",
        "aim_part": "{number}番の片：円盤の{percent}%",
        "prompts": {"swap": "または交代（パイルール）：最初の手を引き取ります。"},
        "share": "共有リンク", "share_link": "このゲームへのリンク：",
        "share_copied": "このゲームへのリンクをコピーしました。",
        "link_failed": "リンクのゲームを開けませんでした（{error}）。この端末に保存された"
                       "ゲームを表示しています。",
        "saved_failed": "この端末に保存されたゲームを復元できませんでした（{error}）。"
                        "ブラウザーの保存領域に別に残し、新しいゲームを始めます。",
        "yes": "入", "no": "切",
    },
}
# The words that count (words.js's ``counted``): "<key>_one" is said for a count of 1.
# Japanese says one as it says many.
COUNTED = ("opened", "claims_hold", "claims_fail", "stepped_back")
WORDS["ja"].update({f"{key}_one": WORDS["ja"][key] for key in COUNTED})


def game_words(slug: str, lang: str) -> dict:
    """The play page's words for a game: the common ones, with the game's own
    (its play.py's ``WORDS``) in their tables."""
    own = game_play(slug).WORDS.get(lang, {})
    tables = game_tables(lang)
    unknown = sorted(set(own) - set(tables))
    if unknown:
        why = ("but the outcome reasons in it are the book's own words, from values.po"
               if unknown[0] in GAME_TABLES else
               f"which is not a table of the page's words ({', '.join(tables)})")
        raise RulebookError(f"{slug}/play.py: WORDS[{lang!r}] has {unknown[0]!r}, {why}")
    words = dict(WORDS[lang])
    for table in GAME_TABLES:
        words[table] = {**WORDS[lang].get(table, {}), **own.get(table, {})}
    return words
