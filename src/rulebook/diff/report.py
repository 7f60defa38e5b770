"""The report of ``rulebook diff``: ``build/diff/index.html``, ``errata-<lang>.md`` and
``diff.json`` (the same, for scripts); when the later side is an edition (a git
tag), its errata also as ``errata/<tag>-<lang>.md``, where its books' colophon
says they are (:mod:`rulebook.editions`).

``index.html`` holds both languages, one section per game: records and their
claims, the panels whose drawing changed (before and after side by side, drawn
from their scenes by the play pages' own ``scene.js``, inlined so the page
works from the disk), studies, pages' messages and engine modules.  The errata
hold only what a reader of the earlier edition sees, each with its page in that
edition's PDF when it was found (:mod:`rulebook.diff.pages`).  The folder is
written aside and moved into place whole.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from html import escape
from pathlib import Path

from ..editions import errata_name
from ..errors import counted
from ..records import LANGUAGES

STATIC = Path(__file__).resolve().parent.parent / "play" / "static"

WORDS = {
    "en": {
        "title": "What changed", "compared": "{old} compared with {new}",
        "records": "Records", "studies": "Studies", "pages": "Page text", "engines": "Engine modules",
        "shared": "Shared modules", "nothing": "Nothing changed.",
        "added": "added", "removed": "removed", "changed": "changed",
        "broken": "no longer loads", "mended": "loads again",
        "claim_value": "{key} ({fact}): {old} → {new}",
        "claim_fails": "{key} ({fact}): held, now fails: expected {expect}, the engine says {new}",
        "claim_holds": "{key} ({fact}): failed, now holds ({new})",
        "claim_added": "{key} ({fact}): new claim, {new}", "claim_removed": "{key} ({fact}): claim removed",
        "illegal": "move {move} ({text}) is now refused: {reason}",
        "legal": "move {move} ({text}), refused before, is now allowed",
        "before": "before", "after": "after", "panel": "panel {k}", "caption": "{panel}: {side}",
        "kinds": {"value": "value", "fails": "fails", "holds": "holds", "added": "added",
                  "removed": "removed"},
        "not_reached": "not reached: move {move} is refused", "paren": " ({})",
        "summary": "{records} changed ({claims}, {panels}); {moved} moved ({beyond} beyond "
                   "the 95 % interval), {stale} stale; {messages} changed; {modules} changed.",
        "moved": "moved", "beyond": "beyond the 95 % interval", "within": "within the 95 % interval",
        "stale": "stale, not run again", "unaffected": "unaffected", "same": "unchanged",
        "message_changed": "changed", "message_added": "new", "message_removed": "removed",
        "ja_stale": "Japanese stale", "ja_changed": "Japanese changed",
        "untranslated": "{page} changed but its catalog did not: run rulebook translate",
        "other": "Other language", "language": "English",
        # the errata
        "errata": "Errata: {old} to {new}", "errata_intro":
            "For owners of the {old} edition: what reads differently in the {new} edition.",
        "at_figure": "p. {page}, figure {nth} on the page", "figure_of": "The figure of “{name}”",
        "at_page": "p. {page}", "on_page": "the rules",
        "e_drawn": "{where}: {panels} drawn differently.", "e_panel": "panel {k} is",
        "e_panels": "panels {ks} are",
        "e_value": "{where}: now {new}, not {old} ({fact}).",
        "e_gone": "{where}: this example is gone.",
        "e_new": "A new example: “{name}”.",
        "e_refused": "{where}: move {move} ({text}) is no longer allowed: {reason}.",
        "e_text": "{where}: the paragraph beginning “{opening}…” now reads: “{new}”",
        "e_text_gone": "{where}: the paragraph beginning “{opening}…” is gone.",
        "e_text_new": "{where}: a new paragraph: “{new}”",
        "e_study": "The study “{label}”: the first player wins {new}, not {old}.",
        "e_study_other": "The study “{label}”: its figures changed ({keys}).",
        "e_none": "Nothing a reader sees has changed.", "and": ", ",
    },
    "ja": {
        "title": "変更点", "compared": "{old} と {new} の比較",
        "records": "記録", "studies": "検証", "pages": "本文", "engines": "エンジンのモジュール",
        "shared": "共通のモジュール", "nothing": "変更はありません。",
        "added": "追加", "removed": "削除", "changed": "変更",
        "broken": "読み込めなくなった", "mended": "読み込めるようになった",
        "claim_value": "{key}（{fact}）：{old} → {new}",
        "claim_fails": "{key}（{fact}）：成り立たなくなった。期待値 {expect}、エンジンの値 {new}",
        "claim_holds": "{key}（{fact}）：成り立つようになった（{new}）",
        "claim_added": "{key}（{fact}）：新しい主張、{new}", "claim_removed": "{key}（{fact}）：主張を削除",
        "illegal": "{move}手目（{text}）が認められなくなった：{reason}",
        "legal": "以前は認められなかった{move}手目（{text}）が認められるようになった",
        "before": "変更前", "after": "変更後", "panel": "パネル{k}", "caption": "{panel}：{side}",
        "kinds": {"value": "値の変化", "fails": "不成立に", "holds": "成立に", "added": "追加",
                  "removed": "削除"},
        "not_reached": "{move}手目が認められないため、そこまで進めない", "paren": "（{}）",
        "summary": "変更のあった記録{records}件（主張{claims}件、パネル{panels}枚）、結果の変わった検証"
                   "{moved}件（うち95%区間の外{beyond}件）、古い結果{stale}件、変更のあった英語の"
                   "メッセージ{messages}件、変更のあったモジュール{modules}件。",
        "moved": "変化", "beyond": "95%区間の外", "within": "95%区間の内",
        "stale": "古い結果（再実行なし）", "unaffected": "影響なし", "same": "変化なし",
        "message_changed": "変更", "message_added": "追加", "message_removed": "削除",
        "ja_stale": "日本語訳が古い", "ja_changed": "日本語訳を変更",
        "untranslated": "{page} は変わったが翻訳カタログは変わっていない：rulebook translate を実行してください",
        "other": "別の言語", "language": "日本語",
        "errata": "正誤表：{old} から {new} へ", "errata_intro":
            "{old} 版をお持ちの方へ：{new} 版で読み方が変わる箇所です。",
        "at_figure": "{page}ページ、そのページの{nth}番目の図", "figure_of": "例「{name}」の図",
        "at_page": "{page}ページ", "on_page": "ルール本文",
        "e_drawn": "{where}：{panels}描き方が変わりました。", "e_panel": "パネル{k}の",
        "e_panels": "パネル{ks}の",
        "e_value": "{where}：{old} ではなく {new} になりました（{fact}）。",
        "e_gone": "{where}：この例はなくなりました。",
        "e_new": "新しい例「{name}」が加わりました。",
        "e_refused": "{where}：{move}手目（{text}）は認められなくなりました：{reason}。",
        "e_text": "{where}：「{opening}…」で始まる段落は次のようになりました：「{new}」",
        "e_text_gone": "{where}：「{opening}…」で始まる段落はなくなりました。",
        "e_text_new": "{where}：新しい段落：「{new}」",
        "e_study": "検証「{label}」：先手の勝率は {old} ではなく {new} になりました。",
        "e_study_other": "検証「{label}」：結果の数値が変わりました（{keys}）。",
        "e_none": "読者から見える変更はありません。", "and": "、",
    },
}


# What each figure of a study's stored result is, as a reader of the errata is told it
# moved (not the result's inputs, its options and players).  A key missing here is
# printed as it is stored (tests/test_diff.py checks every key the project's studies
# store has its words).
RESULT_WORDS = {
    "en": {
        "games": "games played", "first_wins": "the first player's wins",
        "second_wins": "the second player's wins", "draws": "draws",
        "first_win_rate": "the first player's share of wins",
        "first_win_low": "its 95 % interval", "first_win_high": "its 95 % interval",
        "second_win_rate": "the second player's share of wins", "draw_rate": "the share of draws",
        "swaps": "swaps played", "swap_rate": "the share of swaps", "lengths": "game lengths",
        "mean_length": "the mean game length", "median_length": "the median game length",
        "shortest": "the shortest game", "longest": "the longest game",
        "winner": "the winner under perfect play", "value": "the value under perfect play",
        "value_scale": "the value's scale",
        "ends_with_mark": "the mark that completes the winning line",
        "winning_first_moves": "the first moves that win",
        "best_first_moves": "the best first moves",
        "drawing_first_moves": "the first moves that draw",
        "first_move_count": "the number of first moves",
        "first_move_classes": "the first moves' classes under the board's symmetries",
        "principal_variation": "a line of best play", "complete_win": "the kind of win solved",
    },
    "ja": {
        "games": "対局数", "first_wins": "先手の勝ち数", "second_wins": "後手の勝ち数",
        "draws": "引き分けの数", "first_win_rate": "先手の勝率",
        "first_win_low": "先手の勝率の95%区間", "first_win_high": "先手の勝率の95%区間",
        "second_win_rate": "後手の勝率", "draw_rate": "引き分けの割合",
        "swaps": "交代の回数", "swap_rate": "交代の割合", "lengths": "対局の長さ",
        "mean_length": "平均手数", "median_length": "手数の中央値",
        "shortest": "最短の対局", "longest": "最長の対局",
        "winner": "最善の手順での勝者", "value": "最善の手順での評価値",
        "value_scale": "評価値の尺度", "ends_with_mark": "勝ちの列を完成させるマーク",
        "winning_first_moves": "勝てる初手", "best_first_moves": "最善の初手",
        "drawing_first_moves": "引き分けになる初手", "first_move_count": "初手の数",
        "first_move_classes": "盤の対称性で分けた初手の類", "principal_variation": "最善の手順の一例",
        "complete_win": "解析した勝ちの種類",
    },
}


def _result_words(keys, lang: str) -> str:
    """The moved figures of a result, each named once, in the order given."""
    names = dict.fromkeys(RESULT_WORDS[lang].get(key, key) for key in keys
                          if key not in ("options", "players"))  # the inputs
    return WORDS[lang]["and"].join(names)


def _value(value) -> str:
    if value is None:
        return "–"
    if isinstance(value, str):
        return value
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return ", ".join(value)
    return json.dumps(value, ensure_ascii=False)


def _rate(value) -> str:
    return f"{100 * value:.1f} %" if isinstance(value, (int, float)) else _value(value)


def _game_name(slug: str, lang: str) -> str:
    from ..games import game_class

    try:
        return game_class(slug).names[lang]
    except Exception:  # noqa: BLE001 - a game only the earlier revision had
        return slug


# --- errata -------------------------------------------------------------------------------

def _where(diff, lang: str, record: str) -> str:
    w = WORDS[lang]
    found = diff.pages.get((lang, record))
    if found:
        return w["at_figure"].format(page=found[0], nth=found[1])
    return w["figure_of"].format(name=record.split("/", 1)[1])


def _opening(text: str, lang: str) -> str:
    words = " ".join(text.split())
    return words[:40] if lang == "en" else words[:16]


ROLE = re.compile(r":([a-z-]+):`([^`]*)`")


def claim_values(side, game: str, lang: str) -> dict[str, str]:
    """What each ``:claim:`` of ``game``'s page prints on ``side``: by ``record#id``,
    and by ``id`` alone where one record of the game has it (a figure's own claims)."""
    from ..i18n import claim_word, claim_words

    words = claim_words(side.root / "docs" / "locale", lang)
    values, seen = {}, {}
    for name, record in side.snapshot.get("records", {}).items():
        if record.get("game") != game:
            continue
        for claim in record.get("claims", []):
            if not claim["id"]:
                continue
            value = claim["expect"]
            text = _value(value)
            if isinstance(value, str):
                text = claim_word(words, game, value) or value
            values[f"{name}#{claim['id']}"] = text
            seen[claim["id"]] = None if claim["id"] in seen else text
    values.update({key: text for key, text in seen.items() if text is not None})
    return values


def readable(text: str, values: dict[str, str]) -> str:
    """A message as a reader sees it, near enough: claims by their values, markup gone."""
    def role(found):
        kind, target = found.groups()
        if kind == "claim":
            return values.get(target, f"[{target}]")
        return re.sub(r"\s*<[^>]*>$", "", target)

    text = ROLE.sub(role, text).replace("\\ ", "")
    text = re.sub(r"``([^`]*)``", r"\1", text)
    text = re.sub(r"\*\*([^*]+)\*\*|\*([^*]+)\*", lambda m: m.group(1) or m.group(2), text)
    return " ".join(text.split())


def errata_lines(diff, lang: str) -> dict[str, list[str]]:
    """The reader-visible changes, one line each, per game's book, in page order
    where known."""
    w = WORDS[lang]
    lines: list[tuple[tuple, str]] = []

    def add(record: str | None, page: int | None, text: str, game: str | None = None):
        found = diff.pages.get((lang, record)) if record else None
        where = found or ((page, 0) if page else (10 ** 6, 0))
        lines.append(((game or record.split("/")[0], where, record or ""), text))

    for change in diff.records:
        if change.status == "added":
            add(change.name, None, w["e_new"].format(game=_game_name(change.game, lang),
                                                     name=change.name.split("/", 1)[1]))
            continue
        where = _where(diff, lang, change.name)
        if change.status in ("removed", "broken"):
            add(change.name, None, w["e_gone"].format(where=where))
            continue
        if change.illegal and change.illegal != change.was_illegal:
            add(change.name, None, w["e_refused"].format(where=where, **change.illegal))
        shown = [p for p in change.panels if lang in p.langs]
        if shown:
            if len(shown) == 1:
                panels = w["e_panel"].format(k=shown[0].index)
            else:
                panels = w["e_panels"].format(ks=w["and"].join(str(p.index) for p in shown))
            add(change.name, None, w["e_drawn"].format(where=where, panels=panels))
        for claim in change.claims:
            # what the earlier edition printed (its claims held), and what the engine says now
            if (claim.id and claim.old and claim.new and claim.old["holds"]
                    and claim.new["value"] is not None
                    and claim.old["value"] != claim.new["value"]):
                add(change.name, None, w["e_value"].format(
                    where=where, new=_value(claim.new["value"]), old=_value(claim.old["value"]),
                    fact=claim.fact))
    for message in diff.messages:
        if message.page not in diff.games:
            continue  # a guide's page: in no book
        if lang == "en" and message.old == message.new:
            continue  # the translation alone changed
        old = message.old if lang == "en" else message.old_ja
        new = message.new if lang == "en" else (message.new_ja if not message.stale else None)
        if old:
            old = readable(old, claim_values(diff.old, message.page, lang))
        if new:
            new = readable(new, claim_values(diff.new, message.page, lang))
        if old == new:
            continue  # the markup alone changed
        page = diff.message_pages.get((lang, message.old))
        where = (w["at_page"].format(page=page) if page else
                 w["on_page"].format(game=_game_name(message.page, lang)))
        if old and new:
            add(None, page, w["e_text"].format(where=where, opening=_opening(old, lang), new=new),
                message.page)
        elif old:
            add(None, page, w["e_text_gone"].format(where=where, opening=_opening(old, lang)),
                message.page)
        elif new:
            add(None, page, w["e_text_new"].format(where=where, new=new), message.page)
    for study in diff.studies:
        if study.status != "moved":
            continue
        moved = {key: (a, b) for key, a, b in study.moves}
        names = {"game": _game_name(study.game, lang), "label": study.label.get(lang, study.name)}
        if "first_win_rate" in moved:
            a, b = moved["first_win_rate"]
            add(None, None, w["e_study"].format(old=_rate(a), new=_rate(b), **names), study.game)
        else:
            add(None, None, w["e_study_other"].format(keys=_result_words(moved, lang), **names),
                study.game)
    books: dict[str, list[str]] = {}
    for (game, *_), text in sorted(lines, key=lambda item: item[0]):
        books.setdefault(game, []).append(text)
    return books


def errata_text(diff, lang: str) -> str:
    w = WORDS[lang]
    text = [f"# {w['errata'].format(old=diff.old.label, new=diff.new.label)}", "",
            w["errata_intro"].format(old=diff.old.label, new=diff.new.label)]
    books = errata_lines(diff, lang)
    for game, lines in books.items():
        text += ["", f"## {_game_name(game, lang)}", "", *(f"- {line}" for line in lines)]
    if not books:
        text += ["", w["e_none"]]
    return "\n".join(text) + "\n"


# --- the HTML report ----------------------------------------------------------------------

STYLE = """
body { font-family: "Source Sans Pro", "IPAexGothic", sans-serif; margin: 0 auto; max-width: 72em;
       padding: 0 1em 3em; line-height: 1.45; }
nav a { margin-right: 1em; }
h1 { font-size: 1.6em; } h2 { border-bottom: 1px solid #ccc; margin-top: 2em; }
h3 { margin: 1.2em 0 0.4em; } h4 { margin: 0.8em 0 0.3em; }
.status { font-size: 0.85em; padding: 0.1em 0.5em; border-radius: 3px; background: #eee; }
.status.removed, .status.broken, .status.fails, .status.beyond { background: #f8d7da; }
.status.added, .status.mended, .status.holds { background: #d4edda; }
ul.claims { margin: 0.2em 0 0.6em; } code { font-size: 0.95em; }
.pair { display: flex; flex-wrap: wrap; gap: 1em; margin: 0.4em 0 1em; }
.pair figure { margin: 0; flex: 1 1 16em; max-width: 24em; }
.pair figcaption { font-size: 0.9em; color: #555; }
.pair svg { width: 100%; height: auto; border: 1px solid #ddd; }
.missing { color: #777; font-style: italic; }
table { border-collapse: collapse; } td, th { border: 1px solid #ddd; padding: 0.2em 0.5em;
                                            vertical-align: top; text-align: left; }
.message { display: grid; grid-template-columns: 1fr 1fr; gap: 0.5em; margin: 0.3em 0 0.8em; }
.message div { background: #fafafa; border: 1px solid #eee; padding: 0.3em 0.5em; }
del { background: #fbe9eb; } ins { background: #e6f4ea; text-decoration: none; }
@media (max-width: 40em) { .message { grid-template-columns: 1fr; } }
"""


def _script() -> str:
    """The play pages' scene drawing (dom.js, scene.js) as one classic script."""
    text = ""
    for name in ("dom.js", "scene.js"):
        source = (STATIC / name).read_text(encoding="utf-8")
        source = re.sub(r"^import .*?;\n", "", source, flags=re.M)
        text += re.sub(r"^export ", "", source, flags=re.M) + "\n"
    return text + """
const scenes = JSON.parse(document.getElementById("scenes").textContent);
for (const holder of document.querySelectorAll("[data-scene]")) {
  const picture = sceneSvg(scenes[Number(holder.dataset.scene)], "diff-scene");
  holder.append(picture);
  finishText(picture);
}
"""


class _Html:
    def __init__(self, diff):
        self.diff = diff
        self.scenes: list = []
        self.out: list[str] = []

    def scene(self, scene) -> str:
        if not scene or "items" not in scene:
            return ""
        self.scenes.append(scene)
        return f' data-scene="{len(self.scenes) - 1}"'

    def record(self, change, lang: str) -> None:
        w, out = WORDS[lang], self.out
        out.append(f'<h4><code>{escape(change.name)}</code> '
                   f'<span class="status {change.status}">{w[change.status]}</span></h4>')
        for error in (change.old_error, change.new_error):
            if error:
                out.append(f"<p><code>{escape(error)}</code></p>")
        if change.illegal and change.illegal != change.was_illegal:
            out.append(f"<p>{escape(w['illegal'].format(**change.illegal))}</p>")
        elif change.was_illegal and not change.illegal:
            out.append(f"<p>{escape(w['legal'].format(**change.was_illegal))}</p>")
        if change.claims:
            out.append('<ul class="claims">')
            for claim in change.claims:
                old, new = claim.old or {}, claim.new or {}
                text = w[f"claim_{claim.kind}"].format(
                    key=claim.key, fact=claim.fact, old=_value(old.get("value")),
                    new=_value(new.get("value")), expect=_value(new.get("expect")))
                if new.get("error"):
                    text += w["paren"].format(self.error(new["error"], change, lang))
                out.append(f'<li><span class="status {claim.kind}">{escape(w["kinds"][claim.kind])}'
                           f"</span> {escape(text)}</li>")
            out.append("</ul>")
        for panel in change.panels:
            if lang not in panel.langs:
                continue
            out.append('<div class="pair">')
            for word, scenes in ((w["before"], panel.old), (w["after"], panel.new)):
                scene = (scenes or {}).get(lang)
                holder = self.scene(scene)
                missing = self.error((scene or {}).get("error", "–"), change, lang)
                inside = "" if holder else f'<p class="missing">{escape(missing)}</p>'
                caption = w["caption"].format(panel=w["panel"].format(k=panel.index), side=word)
                out.append(f"<figure><div{holder}>{inside}</div><figcaption>{escape(caption)}"
                           "</figcaption></figure>")
            out.append("</div>")

    @staticmethod
    def error(text: str, change, lang: str) -> str:
        """Why a claim has no value or a panel no drawing, in ``lang`` when it is that
        a move before it is refused (else the engine's words)."""
        refused = change.illegal or change.was_illegal
        if refused and text.startswith("not reached"):
            return WORDS[lang]["not_reached"].format(move=refused["move"])
        return text

    def study(self, study, lang: str) -> None:
        w = WORDS[lang]
        flag = ""
        if study.status == "moved":
            flag = (f' <span class="status {"beyond" if study.beyond else "within"}">'
                    f'{w["beyond" if study.beyond else "within"]}</span>')
        moves = "".join(f"<li><code>{escape(k)}</code>: {escape(_value(a))} → "
                        f"{escape(_value(b))}</li>"
                        for k, a, b in study.moves if not isinstance(a, (list, dict)))
        note = f" <small>{escape(study.note)}</small>" if study.note else ""
        self.out.append(f"<li>{escape(study.label.get(lang, study.name))} "
                        f"(<code>{escape(study.name)}</code>): <span class=\"status {study.status}\">"
                        f"{w.get(study.status, study.status)}</span>{flag}{note}"
                        + (f"<ul>{moves}</ul>" if moves else "") + "</li>")

    def message(self, message, lang: str) -> None:
        """An English message changed (struck out, then new), with its Japanese; or
        the Japanese alone, under its unchanged English."""
        w = WORDS[lang]
        kind = ("message_added" if message.old is None else "message_removed"
                if message.new is None else "message_changed")
        notes = [] if message.old == message.new else [w[kind]]
        if message.new is not None:
            if message.stale:
                notes.append(w["ja_stale"])
            elif message.old_ja != message.new_ja:
                notes.append(w["ja_changed"])
        if message.old == message.new:
            old = f"{escape(message.old)}<br><del>{escape(message.old_ja or '')}</del>"
            new = f"{escape(message.new)}<br><ins>{escape(message.new_ja or '')}</ins>"
        else:
            old = (f"<del>{escape(message.old or '')}</del><br>"
                   f"<del>{escape(message.old_ja or '')}</del>")
            new = (f"<ins>{escape(message.new or '')}</ins><br>"
                   f"<ins>{escape(message.new_ja or '')}</ins>")
        self.out.append(f"<p>{' · '.join(escape(n) for n in notes)}</p>"
                        f'<div class="message"><div>{old}</div><div>{new}</div></div>')

    def language(self, lang: str) -> None:
        w, diff, out = WORDS[lang], self.diff, self.out
        out.append(f'<section lang="{lang}" id="{lang}"><h1>{escape(w["title"])}</h1>'
                   f"<p>{escape(w['compared'].format(old=diff.old.label, new=diff.new.label))}</p>")
        out.append(f"<p>{escape(summary_text(diff, lang))}</p>")
        for page in diff.untranslated:
            out.append(f'<p class="status fails">{escape(w["untranslated"].format(page=page))}</p>')
        for game in diff.games:
            out.append(f'<h2 id="{lang}-{game}">{escape(_game_name(game, lang))}</h2>')
            records = [r for r in diff.records if r.game == game]
            studies = [s for s in diff.studies if s.game == game and s.status != "same"]
            messages = [m for m in diff.messages if m.page == game]
            modules = diff.engines.get(game, [])
            if not (records or studies or messages or modules):
                out.append(f"<p>{escape(w['nothing'])}</p>")
            if records:
                out.append(f"<h3>{escape(w['records'])}</h3>")
                for change in records:
                    self.record(change, lang)
            if studies:
                out.append(f"<h3>{escape(w['studies'])}</h3><ul>")
                for study in studies:
                    self.study(study, lang)
                out.append("</ul>")
            if messages:
                out.append(f"<h3>{escape(w['pages'])}</h3>")
                for message in messages:
                    self.message(message, lang)
            if modules:
                out.append(f"<h3>{escape(w['engines'])}</h3><ul>"
                           + "".join(f"<li><code>{escape(m)}</code></li>" for m in modules) + "</ul>")
        others = [m for m in diff.messages if m.page not in diff.games]
        shared = diff.engines.get("", [])
        if others or shared:
            out.append(f"<h2>{escape(w['shared'])} · {escape(w['pages'])}</h2>")
            for message in others:
                out.append(f"<h4><code>docs/{escape(message.page)}.rst</code></h4>")
                self.message(message, lang)
            if shared:
                out.append("<ul>" + "".join(f"<li><code>{escape(m)}</code></li>" for m in shared)
                           + "</ul>")
        out.append("</section>")

    def page(self) -> str:
        nav = " ".join(f'<a href="#{lang}" hreflang="{lang}">{WORDS[lang]["language"]}</a>'
                       for lang in LANGUAGES)
        for lang in LANGUAGES:
            self.language(lang)
        scenes = json.dumps(self.scenes, ensure_ascii=False).replace("</", "<\\/")
        return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
                '<meta name="viewport" content="width=device-width, initial-scale=1">'
                f"<title>rulebook diff: {escape(self.diff.old.label)} → {escape(self.diff.new.label)}</title>"
                f"<style>{STYLE}</style></head><body><nav>{nav}</nav>\n" + "\n".join(self.out)
                + f'\n<script type="application/json" id="scenes">{scenes}</script>\n'
                f"<script>{_script()}</script>\n</body></html>\n")


# The English summary's counts, each with its noun (counted): "1 record", "2 studies".
# (The Japanese sentence has its counters, 件 and 枚, in it.)
SUMMARY_NOUNS = {"en": {"records": ("record",), "claims": ("claim",), "panels": ("panel",),
                        "moved": ("study", "studies"), "messages": ("English message",),
                        "modules": ("module",)}}


def summary_text(diff, lang: str) -> str:
    counts = {"records": len(diff.records), "claims": sum(len(r.claims) for r in diff.records),
              "panels": sum(len(r.panels) for r in diff.records),
              "moved": sum(s.status == "moved" for s in diff.studies),
              "beyond": sum(s.status == "moved" and s.beyond for s in diff.studies),
              "stale": sum(s.status == "stale" for s in diff.studies),
              "messages": sum(m.old != m.new for m in diff.messages),
              "modules": sum(len(v) for v in diff.engines.values())}
    nouns = SUMMARY_NOUNS.get(lang, {})
    return WORDS[lang]["summary"].format(**{key: counted(count, *nouns[key]) if key in nouns
                                            else count for key, count in counts.items()})


def summary_json(diff) -> dict:
    """What changed, for scripts: records (claims, panels, the refused move), studies,
    messages, modules, and where the earlier edition printed each figure."""
    return {
        "old": diff.old.label, "new": diff.new.label,
        "records": {r.name: {"status": r.status, "illegal": r.illegal if r.illegal != r.was_illegal
                             else None,
                             "claims": {c.key: c.kind for c in r.claims},
                             "panels": {str(p.index): p.langs for p in r.panels},
                             "pages": {lang: diff.pages.get((lang, r.name)) for lang in LANGUAGES}}
                    for r in diff.records},
        "studies": {s.name: {"status": s.status, "beyond": s.beyond, "note": s.note}
                    for s in diff.studies},
        "messages": [{"page": m.page, "old": m.old, "new": m.new, "stale": m.stale}
                     for m in diff.messages],
        "modules": diff.engines,
    }


def write_report(diff, target: Path) -> None:
    """``target/index.html`` and ``target/errata-<lang>.md``, moved into place whole."""
    from ..build import _swap_into_place

    target.parent.mkdir(parents=True, exist_ok=True)
    staging = target.with_name(f".staging-{target.name}-{os.getpid()}")
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir()
    try:
        (staging / "index.html").write_text(_Html(diff).page(), encoding="utf-8")
        (staging / "diff.json").write_text(json.dumps(summary_json(diff), indent=1,
                                                      ensure_ascii=False) + "\n", encoding="utf-8")
        for lang in LANGUAGES:
            text = errata_text(diff, lang)
            (staging / f"errata-{lang}.md").write_text(text, encoding="utf-8")
            if diff.new.tag:  # an edition's errata, where its colophon says they are
                published = staging / errata_name(diff.new.tag, lang)
                published.parent.mkdir(exist_ok=True)
                published.write_text(text, encoding="utf-8")
        _swap_into_place(staging, target)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
