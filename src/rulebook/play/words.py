"""The play page's own words (buttons, settings, results), per language.

Like the site's other chrome (``sphinxext.directives.CHROME``), they are kept
here rather than in the pages' catalogs; the page's title and introduction are
page text, translated in ``docs/locale/ja/LC_MESSAGES/play/<game>.po``.  The
engine's outcome reasons and the games' option names are named here too; a
test checks that every reason and option of every game has its words.
"""

from __future__ import annotations

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
        "choose": "Choose a move:", "pick_next": "Next:", "cancel": "Cancel",
        "board": "Board", "position_text": "The position as text",
        "download": "Download record", "open": "Open record",
        "opened": "Opened {name}: {count} moves.", "legend": "On the board",
        # the engine's own message, in English, follows (the rulebook's words)
        "illegal": "This move cannot be played: {error}",
        "open_failed": "The record could not be opened: {error}",
        "turn_after": "{last} {turn}",
        "aids": "Aids", "trace": "Trace a line", "trace_help":
            "Click a tile: its line is traced; click it again for the tile's other line.",
        "rules": "Full rules on the game page", "last_move": "Last move: {move}.",
        "keyboard": "Keys: Tab or the arrow keys move between cells, Enter or Space picks, "
                    "Escape cancels; Ctrl+Z undoes.",
        "yes": "on", "no": "off",
        "reasons": {"line": "three in a row", "simultaneous lines": "lines made at once",
                    "full board": "the board is full", "no tile to replace":
                        "no tile can be replaced", "connection": "connection",
                    "no legal move": "no legal move", "no discs in hand": "no discs in hand",
                    "no empty cell for a relocation": "no empty cell for a relocation"},
        "options": {"size": "Board size", "start": "Start", "grid": "Grid",
                    "grid_steps": "Grid steps", "directions": "Directions (0: any angle)",
                    "first_direction": "First direction (degrees)", "min_area": "Minimum area",
                    "min_area_percent": "Minimum area (% of the disk)",
                    "discs": "Discs per player (0: the usual number)", "pie": "Pie rule",
                    "neutral": "Neutral disc on the centre"},
        "choices": {"pinwheel": "pinwheel", "sectors": "sectors", "none": "none",
                    "square": "square", "triangular": "triangular"},
        "aid_names": {"marks": "Mark scoring replacements", "labels": "Name the loops",
                      "scores": "Scores on the board", "areas": "Part shares (% of the disk)",
                      "mark_settled": "Hatch settled parts", "part_numbers": "Number the last cut's parts",
                      "entanglement": "Join each pair", "chain": "Show the winning chain"},
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
        "choose": "手を選んでください：", "pick_next": "次に選ぶもの：", "cancel": "取り消し",
        "board": "盤", "position_text": "局面を文字で",
        "download": "棋譜を保存", "open": "棋譜を開く",
        "opened": "{name}を開きました（{count}手）。", "legend": "盤の印",
        "illegal": "この手は指せません（エンジンの説明：{error}）",
        "open_failed": "棋譜を開けませんでした（エンジンの説明：{error}）",
        "turn_after": "{last}{turn}",
        "aids": "補助", "trace": "線をたどる", "trace_help":
            "タイルをクリックするとその線をたどります。もう一度クリックするとタイルのもう1本の線に替わります。",
        "rules": "詳しいルールはゲームのページへ", "last_move": "直前の手：{move}。",
        "keyboard": "キー操作：Tab か矢印キーでマスを移動、Enter か Space で選択、"
                    "Escape で取り消し、Ctrl+Z で一手戻す。",
        "yes": "入", "no": "切",
        "reasons": {"line": "3つ並んだ", "simultaneous lines": "同時にできた列",
                    "full board": "盤が埋まった", "no tile to replace": "置き直せるタイルがない",
                    "connection": "つながった", "no legal move": "指せる手がない",
                    "no discs in hand": "持ち駒がない",
                    "no empty cell for a relocation": "移動させる先の空きマスがない"},
        "options": {"size": "盤の大きさ", "start": "始めの形", "grid": "グリッド",
                    "grid_steps": "グリッドの目数", "directions": "方向の数（0：どの角度でも）",
                    "first_direction": "最初の方向（度）", "min_area": "最小面積",
                    "min_area_percent": "最小面積（円盤に対する%）",
                    "discs": "1人の持ち駒の数（0：ふつうの数）", "pie": "パイルール",
                    "neutral": "中立駒"},
        "choices": {"pinwheel": "風車", "sectors": "扇形", "none": "なし",
                    "square": "正方形", "triangular": "三角形"},
        "aid_names": {"marks": "点が取れる置き直しに印", "labels": "輪に名前を付ける",
                      "scores": "盤に得点を表示", "areas": "領域の面積（円盤に対する%）",
                      "mark_settled": "確定した領域に斜線", "part_numbers": "片に番号",
                      "entanglement": "対の2マスを線で結ぶ", "chain": "勝ちのつながりを表示"},
    },
}
