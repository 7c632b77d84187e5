"""Real-browser tests of the board views at laptop and projector sizes: what a click produces appears next to it.

For each game a scratch notebook makes a ``Board`` with the computer in seat 1, at a position where the human seat
is to act and one board element carries several of its moves. In headless Chromium the test clicks, types and
resizes as a student and a teacher would, at 1366×768 and at 1280×800 with the file browser open, and checks both
sides: what is on screen (inside the notebook's visible area), and what the kernel's game saw. axe-core checks the
board in every state. Click → redrawn board round trips and Python's own time per intent are reported in the
terminal summary, never asserted (the machines are shared and noisy). Screenshots go to ``ui-artifacts/``.
"""

from __future__ import annotations

import collections
import json
import re
import statistics

import pytest

import greatwall_kit
from greatwall_kit.engine.playout import play_randomly

from .helpers import (
    LAPTOP,
    PROJECTOR,
    axe,
    console_errors,
    inside,
    kernel,
    kernel_json,
    kernel_json_settled,
    open_and_run,
    round_trip,
    scroll_to_top_of,
    set_viewport,
    shot,
    smallest_text,
    stats,
)

pytestmark = pytest.mark.ui

GAMES = {  # game -> (players, seed)
    "chang_cheng": (2, 1),
    "great_wall_of_china": (2, 7),
    "dschingis_khan": (2, 3),
    "the_great_wall": (2, 2),
}
ROUND_TRIPS = 12
RULE = re.compile(r"\b[A-Z]{2,3}-\d{2}\b")

TRIVIAL_WIDGET = '''
import anywidget, traitlets

class Ping(anywidget.AnyWidget):
    """The smallest round trip: a click sends a message, Python answers by changing a synced trait."""
    _esm = """
    export default { render({ model, el }) {
      const b = document.createElement("button"); b.className = "gw-ping"; b.textContent = "ping";
      const out = document.createElement("span"); out.className = "gw-pong";
      b.onclick = () => model.send({n: model.get("n") + 1});
      model.on("change:n", () => { out.textContent = String(model.get("n")); });
      el.append(b, out);
    } };"""
    n = traitlets.Int(0).tag(sync=True)

    def __init__(self):
        super().__init__()
        self.on_msg(lambda w, content, buffers: setattr(self, "n", content["n"]))

    def __repr__(self):
        return "Ping()"

Ping()
'''


def _start(name, players, seed):
    """Decisions of seeded random play after which the human seat (0) is to act with several moves on one element."""
    for made in range(400):
        game = greatwall_kit.new_game(name, players=players, seed=seed)
        play_randomly(game, seed, stop_after=made)
        if game.to_act == 0:
            on = collections.Counter(game.move_element(m) for m in game.legal_moves())
            if any(key is not None and n > 1 for key, n in on.items()):
                return made
    raise AssertionError(f"{name}: no position with several moves on one element in 400 decisions")


def _history(page, path) -> list[str]:
    return kernel_json(page, path, "[str(m) for m in game.history]")


def _wait_history(page, path, predicate, what, timeout_ms=10_000):
    waited = 0
    while waited < timeout_ms:
        moves = _history(page, path)
        if predicate(moves):
            return moves
        page.wait_for_timeout(100)
        waited += 100
    raise AssertionError(f"{what}: the kernel's game has {len(moves)} decisions: {moves[-4:]}")


def _lowest_non_target(page) -> str:
    """The key of a board element drawn near the bottom that is no target (a click on it is refused)."""
    return page.evaluate("""() => {
        const pic = document.querySelector('.gw-board .gw-picture');
        let best = null, bottom = -1;
        for (const el of pic.querySelectorAll('[data-element]:not([data-target])')) {
          if (el.closest('[data-target]')) continue;
          const r = el.getBoundingClientRect();
          if (r.width < 8 || r.height < 8) continue;
          if (r.bottom > bottom) { bottom = r.bottom; best = el.getAttribute('data-element'); }
        }
        return best; }""")


def _click_centre(page, locator):
    box = locator.bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + min(box["height"] / 2, 10))


def _refusal_in_view(page, board, path, violations, label):
    """Click a drawn element that is no target near the bottom of the board: the refusal shows in view."""
    key = _lowest_non_target(page)
    assert key, "no drawn element that is not a target"
    element = board.locator(f'.gw-picture [data-element="{key}"]').first
    element.evaluate("el => el.scrollIntoView({block: 'end'})")
    page.wait_for_timeout(300)  # the bar follows the scroll on the next frame
    before = _history(page, path)
    _click_centre(page, element)
    refused = board.locator(".gw-message.gw-refused")
    refused.wait_for(state="visible")
    assert refused.inner_text().strip()
    assert inside(page, refused), f"{label}: the refusal of {key} is outside the visible area"
    assert _history(page, path) == before
    violations[f"refusal ({label})"] = axe(page, ".gw-board")
    return key


def _choice_in_view(page, board, label):
    multi = board.locator('.gw-picture [data-target][aria-label*="choose one of"]').first
    multi.evaluate("el => el.scrollIntoView({block: 'center'})")
    page.wait_for_timeout(300)
    _click_centre(page, multi)
    choice = board.locator(".gw-choice")
    choice.wait_for(state="visible")
    assert inside(page, choice), f"{label}: the choice opened outside the visible area"
    assert page.evaluate("() => !!document.activeElement.closest('.gw-choice')"), "focus did not land on the choice"
    return choice


@pytest.mark.parametrize("game_name", list(GAMES))
def test_what_a_click_produces_appears_next_to_it_at_laptop_and_projector_sizes(
        lab_page, lab_server, record_ui_timing, game_name):
    page = lab_page
    players, seed = GAMES[game_name]
    start = _start(game_name, players, seed)
    set_viewport(page, LAPTOP, file_browser=True)
    path = open_and_run(page, lab_server, record_ui_timing, f"board-{game_name}.ipynb", [
        "import random\nfrom greatwall_kit import new_game\nfrom greatwall_kit.engine.playout import play_randomly\n"
        "from greatwall_kit.widgets import Board",
        f"game = new_game({game_name!r}, players={players}, seed={seed})\nplay_randomly(game, {seed}, "
        f"stop_after={start})\ndice = random.Random(0)\n"
        "board = Board(game, seats={1: lambda view, moves: dice.choice(moves)}, bot_delay=0)\nboard",
        TRIVIAL_WIDGET,
    ])
    set_viewport(page, LAPTOP, file_browser=True)
    board = page.locator(".gw-board").first
    board.wait_for(state="visible")
    assert kernel(page, path, "print(board.perspective, end='')") == "0", "the board did not open in the human's view"
    violations = {"fresh": axe(page, ".gw-board")}

    # the first screen of the widget holds the bar, the move buttons and the message
    scroll_to_top_of(page, board)
    page.mouse.move(0, 0)
    buttons = [".gw-buttons"] if board.locator(".gw-buttons button").count() else []
    for part in (".gw-bar", ".gw-message", ".gw-controls", *buttons):
        assert inside(page, board.locator(part)), f"{part} is not in the first screen at 1366x768"
    shot(page, f"board-{game_name}-1366x768.png")

    # several moves on one element: the choice opens at it, focus on it; Enter plays; the bot answers at once
    choice = _choice_in_view(page, board, "1366x768")
    violations["choice open"] = axe(page, ".gw-board")
    shot(page, f"board-{game_name}-choice.png")
    before = _history(page, path)
    page.keyboard.press("Enter")
    after = _wait_history(page, path, lambda h: len(h) > len(before), "Enter on a choice")
    page.wait_for_timeout(300)
    assert page.evaluate("() => !!document.activeElement.closest('.gw-board .gw-picture')"), \
        "focus left the board after Enter"
    assert choice.is_hidden()
    violations["after a move"] = axe(page, ".gw-board")

    # what changed since the move is outlined, as Python computed it
    changed = set(kernel_json(page, path, "board._view['changed']"))
    outlined = set(board.locator(".gw-picture .gw-changed rect").evaluate_all(
        "els => els.map(e => e.getAttribute('data-outlines'))"))
    assert outlined <= changed and (outlined or not changed), f"outlined {outlined}, changed {changed}"

    # Undo goes back past the bot's answer to the human's decision; the bot waits; Redo replays the same moves
    board.locator(".gw-undo").click()
    _wait_history(page, path, lambda h: h == before, "Undo past the bot's move")
    page.wait_for_timeout(400)
    assert _history(page, path) == before, "the bot played again after Undo"
    board.locator(".gw-redo").click()
    _wait_history(page, path, lambda h: h == after, "Redo replays the same moves")

    # an illegal click low on the board: the refusal shows in view (the bar follows the scroll)
    _refusal_in_view(page, board, path, violations, "1366x768")
    shot(page, f"board-{game_name}-refusal.png")

    # tooltips: the rule's ID and summary, on hover and on keyboard focus
    scroll_to_top_of(page, board)
    tipped = board.locator(".gw-buttons button").first if board.locator(".gw-buttons button").count() \
        else board.locator(".gw-picture [data-target]").first
    tipped.hover()
    tip = board.locator(".gw-tip")
    tip.wait_for(state="visible")
    assert RULE.search(tip.inner_text()), f"tooltip without a rule: {tip.inner_text()!r}"
    page.mouse.move(0, 0)
    board.locator(".gw-picture").focus()
    page.keyboard.press("Tab")  # keyboard focus on the first target
    tip.wait_for(state="visible")
    assert RULE.search(tip.inner_text())

    # keyboard: board targets, then the bar's controls (first row), then move buttons (the row under them), then the
    # lens (one stop); Enter keeps focus on the board
    board.locator(".gw-picture").focus()
    order = []
    for _ in range(200):
        page.keyboard.press("Tab")
        kind = page.evaluate("""() => { const a = document.activeElement, b = a.closest('.gw-board');
            if (!b) return 'out';
            if (a.closest('.gw-picture')) return 'target';
            if (a.closest('.gw-buttons')) return 'move';
            if (a.closest('.gw-controls') || a.closest('.gw-strip')) return 'control';
            if (a.closest('.gw-lens-panel')) return 'lens';
            return 'other'; }""")
        order.append(kind)
        if kind in ("lens", "out"):
            break
    rank = {"target": 0, "control": 1, "move": 2, "lens": 3}
    seen = [rank[k] for k in order if k in rank]
    assert seen == sorted(seen) and order[-1] == "lens" and order.count("lens") == 1, f"Tab order: {order}"
    single = board.locator('.gw-picture [data-target][aria-label^="play "]')
    if single.count():
        before = _history(page, path)
        single.first.focus()
        page.keyboard.press("Enter")
        _wait_history(page, path, lambda h: len(h) > len(before), "Enter on a target")
        page.wait_for_timeout(300)
        assert page.evaluate("() => !!document.activeElement.closest('.gw-board .gw-picture')"), "focus left the board"

    # other views of the same board: a spectator (no targets), looking back (nothing to play)
    board.locator(".gw-perspective").select_option("spectator")
    page.wait_for_function("() => !document.querySelector('.gw-board [data-target]')")
    assert kernel(page, path, "print(board.perspective, end='')") == "spectator"
    violations["spectator"] = axe(page, ".gw-board")
    board.locator(".gw-perspective").select_option("0")
    board.locator(".gw-scrub-first").click()
    page.wait_for_function("() => document.querySelector('.gw-board .gw-where').innerText.includes('after decision 0')")
    violations["looking back"] = axe(page, ".gw-board")
    board.locator(".gw-now").click()
    page.wait_for_function("() => document.querySelector('.gw-board .gw-where').innerText.includes('now')")

    # 1280x800 with the file browser open: nothing cut off sideways; the choice and the refusal in view
    set_viewport(page, PROJECTOR, file_browser=True)
    scroll_to_top_of(page, board)
    overflow = board.evaluate("""b => { const out = b.closest('.jp-OutputArea-output');
        return {out: out.scrollWidth - out.clientWidth,
                board: b.getBoundingClientRect().right - out.getBoundingClientRect().right}; }""")
    assert overflow["out"] <= 1 and overflow["board"] <= 1, f"cut off at 1280 px: {overflow}"
    shot(page, f"board-{game_name}-1280x800.png")
    if board.locator('.gw-picture [data-target][aria-label*="choose one of"]').count():
        _choice_in_view(page, board, "1280x800")
        page.keyboard.press("Escape")
        board.locator(".gw-choice").wait_for(state="hidden")
    _refusal_in_view(page, board, path, violations, "1280x800")

    # projector mode: the bar's switch; every text of the widget 18 px or more, the lens too
    set_viewport(page, PROJECTOR, file_browser=False)
    scroll_to_top_of(page, board)
    board.locator(".gw-size").click()
    page.wait_for_function("() => document.querySelector('.gw-board').classList.contains('gw-large')")
    assert kernel_json_settled(page, path, "board.size", "large") == "large"  # (the trait syncs after the class)
    board.locator(".gw-lens-panel summary").click()
    board.locator(".gw-lens svg").wait_for()
    least = smallest_text(page, ".gw-board")
    record_ui_timing(f"{game_name}: projector mode, smallest text on screen {least:.1f} px", 0.0)
    assert least >= 17.9, f"projector mode leaves text of {least:.1f} px"
    violations["projector mode, lens open"] = axe(page, ".gw-board")
    scroll_to_top_of(page, board)
    shot(page, f"board-{game_name}-large.png")
    board.locator(".gw-size").click()
    board.locator(".gw-lens-panel summary").click()
    set_viewport(page, LAPTOP, file_browser=True)

    # click -> board redrawn through Python, against the trivial widget; Python's own time per intent
    ours, trivial = [], []
    for i in range(ROUND_TRIPS):
        ours.append(round_trip(page, ".gw-board", ".gw-picture", ".gw-undo" if i % 2 == 0 else ".gw-redo"))
        trivial.append(round_trip(page, ".jp-Notebook", ".gw-pong", ".gw-ping"))
    record_ui_timing(f"{game_name}: click -> board redrawn through Python ({stats(ours)}); trivial anywidget "
                     f"({stats(trivial)})", statistics.median(ours) / 1000)
    timings = kernel_json(page, path, "[[k, ms] for k, ms in board.timings]")
    for kind in sorted({k for k, _ in timings}):
        samples = [ms for k, ms in timings if k == kind]
        record_ui_timing(f"{game_name}: Python handling of '{kind}' ({stats(samples)})",
                         statistics.median(samples) / 1000)

    bad = {step: v for step, v in violations.items() if v}
    assert not bad, f"{game_name}: axe-core violations: {json.dumps(bad, indent=1)}"
    assert not console_errors(page), f"{game_name}: browser console errors: {console_errors(page)[:5]}"


def test_hot_seat_keeps_each_players_secrets_out_of_the_page(lab_page, lab_server, record_ui_timing):
    """Between two students' turns the pass screen is up and no private text of anyone is in the page's DOM."""
    page = lab_page
    set_viewport(page, LAPTOP, file_browser=True)
    path = open_and_run(page, lab_server, record_ui_timing, "hot-seat.ipynb", [
        "from greatwall_kit import new_game\nfrom greatwall_kit.widgets import Board\n"
        "from greatwall_kit.widgets.drawing import private_panel\n"
        "game = new_game('chang_cheng', players=2, seed=1)\nboard = Board(game)\nboard",
    ])
    board = page.locator(".gw-board").first
    secrets = ("[line for p in range(game.players) for panel in private_panel(game, p) for line in panel['lines']"
               " if not line.endswith(': none')] + [e.sentence for e in game.log if e.private_to]")
    violations = {}
    for turn in range(3):
        board.locator(".gw-take").wait_for(state="visible")
        text = page.evaluate("() => document.body.innerHTML")
        leaked = [s for s in kernel_json(page, path, secrets) if s in text]
        assert not leaked, f"turn {turn}: private text in the page while the board is passed on: {leaked[:3]}"
        violations[f"pass screen {turn}"] = axe(page, ".gw-board")
        if turn == 0:
            shot(page, "board-hot-seat-pass.png")
        name = board.locator(".gw-take").inner_text()
        board.locator(".gw-take").click()
        board.locator(".gw-private").wait_for(state="visible")
        mover = kernel(page, path, "print(game.to_act, end='')")
        mine = kernel_json(page, path, f"[l for panel in private_panel(game, {mover}) for l in panel['lines']]")
        assert all(line in board.locator(".gw-private").inner_text() for line in mine), f"{name}: own view missing"
        while kernel(page, path, "print(game.to_act, end='')") == mover:  # play until the next student's turn
            count = len(_history(page, path))
            targets = board.locator(".gw-picture [data-target]")
            if board.locator(".gw-buttons button").count():
                board.locator(".gw-buttons button").first.click()
            else:
                _click_centre(page, targets.first)
                if board.locator(".gw-choice").is_visible():
                    board.locator(".gw-choice button.gw-move").first.click()
            _wait_history(page, path, lambda h: len(h) > count, "a hot-seat move")  # noqa: B023 - called at once, in this iteration
    bad = {step: v for step, v in violations.items() if v}
    assert not bad, f"axe-core violations: {json.dumps(bad, indent=1)}"


def test_two_boards_of_one_game_in_two_notebooks_and_one_board_shown_twice(lab_page, lab_server, record_ui_timing):
    """SVG ids are the view's own: each Dschingis Khan board keeps its China fill with the other notebook open, and
    the same board shown by two cells plays from either; Tab reaches the newest copy first."""
    page = lab_page
    set_viewport(page, LAPTOP, file_browser=False)
    cell = ("from greatwall_kit import new_game\nfrom greatwall_kit.widgets import Board\n"
            "game = new_game('dschingis_khan', players=2, seed=1)\nboard = Board(game, perspective='teacher')\nboard")
    first = open_and_run(page, lab_server, record_ui_timing, "dk-a.ipynb", [cell])
    second = open_and_run(page, lab_server, record_ui_timing, "dk-b.ipynb", [cell, "board"])

    def china_fill(path):
        """The fill of the first China village of the notebook's first board, and whether it resolves in a shown
        picture of that board."""
        return page.evaluate("""(p) => {
            const panel = window.__gw.panel(p);
            const rect = panel.node.querySelector('.gw-board .gw-picture [data-element] rect[fill^="url("]');
            const id = rect.getAttribute('fill').slice(5, -1);
            const defs = document.querySelectorAll(`[id="${CSS.escape(id)}"]`);
            const svg = rect.closest('svg');
            return {id, count: defs.length, own: defs.length === 1 && svg.contains(defs[0]),
                    painted: getComputedStyle(rect).fill}; }""", path)

    a = china_fill(second)
    page.evaluate("(p) => window.jupyterapp.shell.activateById(window.__gw.panel(p).id)", first)
    page.wait_for_timeout(500)
    b = china_fill(first)
    assert a["id"] != b["id"], f"two boards share the pattern id {a['id']}"
    assert a["own"] and b["own"], f"a board's China pattern is not its own: {a}, {b}"
    shot(page, "board-two-dschingis-khan-notebooks.png")
    page.evaluate("(p) => { const w = window.__gw.panel(p); w.context.model.dirty = false; w.dispose(); }", second)
    page.wait_for_timeout(300)
    assert china_fill(first)["own"], "closing the other notebook took this board's China fill with it"

    # the same board shown twice (two cells of one notebook): both draw it, either plays, Tab reaches the newest
    second = open_and_run(page, lab_server, record_ui_timing, "dk-b.ipynb", [cell, "board"])
    boards = page.locator(".jp-NotebookPanel:visible .gw-board")
    assert boards.count() == 2
    before = _history(page, second)
    boards.nth(1).locator(".gw-buttons button, .gw-picture [data-target]").first.click()
    page.wait_for_function("() => { const c = document.querySelectorAll("
                           "'.jp-NotebookPanel:not(.lm-mod-hidden) .gw-board')[1];"
                           " return c && (!c.querySelector('.gw-choice').hidden"
                           " || c.querySelector('.gw-message').innerText); }")
    if boards.nth(1).locator(".gw-choice").is_visible():
        boards.nth(1).locator(".gw-choice button.gw-move").first.click()
    _wait_history(page, second, lambda h: len(h) > len(before), "a click in the second copy")
    page.wait_for_function("() => { const b = document.querySelectorAll("
                           "'.jp-NotebookPanel:not(.lm-mod-hidden) .gw-board .gw-where');"
                           " return b.length === 2 && b[0].innerText === b[1].innerText; }")
    tabbable = boards.evaluate_all(
        "bs => bs.map(b => b.querySelectorAll('.gw-picture [data-target][tabindex=\"0\"]').length)")
    assert tabbable[0] == 0 and tabbable[1] > 0, f"Tab reaches the older copy's targets: {tabbable}"


def test_scrubbing_a_long_history(lab_page, lab_server, record_ui_timing):
    page = lab_page
    set_viewport(page, LAPTOP, file_browser=False)
    path = open_and_run(page, lab_server, record_ui_timing, "board-long.ipynb", [
        "import random\nfrom greatwall_kit import new_game\nfrom greatwall_kit.widgets import Board\n"
        "game = new_game('the_great_wall', players=4, seed=0, fall_rounds=3)\nrng = random.Random(0)\n"
        "while game.to_act is not None:\n"
        "    game.play(rng.choice(game.legal_moves()))\n"
        "board = Board(game, perspective='teacher')\nboard",
    ])
    decisions = len(_history(page, path))
    assert decisions >= 300, decisions
    times = [round_trip(page, ".gw-board", ".gw-picture", ".gw-scrub-previous") for _ in range(ROUND_TRIPS)]
    record_ui_timing(f"scrubbing a {decisions}-decision history, one step back ({stats(times)})",
                     statistics.median(times) / 1000)
    assert len(_history(page, path)) == decisions
    log = page.locator(".gw-board .gw-log")
    at_end = log.evaluate("l => l.scrollHeight - l.scrollTop - l.clientHeight < 30")
    entries = log.locator("li").count()
    assert at_end and entries == len(kernel_json(page, path, "board._log")), "the log is not whole, newest in view"


def test_board_reads_in_the_dark_theme(lab_page, lab_server, record_ui_timing):
    """The pictures carry their own background and the controls follow Lab's theme variables."""
    page = lab_page
    set_viewport(page, LAPTOP, file_browser=False)
    open_and_run(page, lab_server, record_ui_timing, "board-dark.ipynb", [
        "from greatwall_kit import new_game\nfrom greatwall_kit.widgets import Board\n"
        "game = new_game('dschingis_khan', players=2, seed=3)\nBoard(game, perspective='teacher')",
    ])
    board = page.locator(".gw-board").first
    page.evaluate("() => window.jupyterapp.commands.execute('apputils:change-theme', {theme: 'JupyterLab Dark'})")
    try:
        page.wait_for_function("() => document.body.dataset.jpThemeLight === 'false'")
        page.wait_for_timeout(500)
        colours = board.evaluate("el => [getComputedStyle(el).color, "
                                 "getComputedStyle(el.querySelector('.gw-undo')).backgroundColor]")
        assert colours[0] not in ("rgb(0, 0, 0)", "rgba(0, 0, 0, 0)"), \
            f"board text stays black in the dark theme: {colours}"
        violations = axe(page, ".gw-board")
        scroll_to_top_of(page, board)
        page.mouse.move(0, 0)
        shot(page, "board-dark-theme.png")
        assert not violations, f"axe-core violations in the dark theme: {json.dumps(violations, indent=1)}"
    finally:
        page.evaluate("() => window.jupyterapp.commands.execute('apputils:change-theme', {theme: 'JupyterLab Light'})")
        page.wait_for_function("() => document.body.dataset.jpThemeLight === 'true'")
