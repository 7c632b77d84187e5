"""Are the bots real? Win rates of MCTS, Greedy and Random against each other, with 95 % intervals.

For every game at 2 players and at its largest player count, plays seeded, seat-rotated games
(game ``i`` puts the line-up rotated by ``i`` seats; game ``i`` of every configuration is played
before game ``i + 1`` of any): at 2 players the three pairings
(MCTS-Greedy, Greedy-Random, MCTS-Random); at the largest count one MCTS, one Greedy and Random
bots in the other seats, and one Greedy among Random bots. Every finished game is appended as one
JSON line to ``--out`` at once, so a long run that is stopped keeps what it measured, and a run
started again with the same file skips the games already there. The kit's measured budgets::

    python benchmarks/bot_strength.py --game chang_cheng --game the_great_wall --playouts 20 --rollout 4 \
        --out /tmp/strength.jsonl
    python benchmarks/bot_strength.py --game great_wall_of_china --playouts 100 --rollout 0 --expand all \
        --exploration 0.3 --out /tmp/strength.jsonl
    python benchmarks/bot_strength.py --game dschingis_khan --playouts 30 --out /tmp/strength.jsonl
    python benchmarks/bot_strength.py --game the_great_wall --config 2p:greedy-random --games 50
    python benchmarks/bot_strength.py --out /tmp/strength.jsonl --games 0      # only the table
    python benchmarks/bot_strength.py --measured --config 2p:mcts-greedy --games 100   # MCTSBot() as it comes

``--measured`` seats ``MCTSBot()`` with no settings, so each game is played with the settings measured best for it
(``greatwall_kit.bots.MEASURED_SETTINGS``; the records carry them, so these games count with any run of the same
settings given by hand).

Prints one line per bot and configuration: wins / games, win rate and its 95 % Wilson interval
(a tie for the win counts as a win for each tied bot). Run several at once on different
``--game``/``--config`` with the same ``--out``: each line is written whole.
"""

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from greatwall_kit import GAMES, new_game  # noqa: E402
from greatwall_kit.bots import GreedyBot, MCTSBot, RandomBot  # noqa: E402
from greatwall_kit.bots.players import MEASURED  # noqa: E402
from greatwall_kit.sim.plots import win_rate_ci  # noqa: E402
from greatwall_kit.sim.run import play_one  # noqa: E402

PAIRS = [("mcts", "greedy"), ("greedy", "random"), ("mcts", "random")]


def configurations(name):
    """``(label, players, lineup)`` of each configuration of ``name``; a line-up is a list of bot names."""
    top = max(new_game(name).player_counts)
    for a, b in PAIRS:
        yield f"2p:{a}-{b}", 2, [a, b]
    yield f"{top}p:mcts-greedy-random", top, ["mcts", "greedy"] + ["random"] * (top - 2)
    yield f"{top}p:greedy-random", top, ["greedy"] + ["random"] * (top - 1)  # cheap: Greedy against Randoms alone


def make(label, playouts, rollout, expand="one", exploration=0.7):
    """A bot by label; ``playouts=MEASURED``: ``MCTSBot()`` as it comes, with the game's measured settings."""
    if label == "mcts" and playouts is MEASURED:
        return MCTSBot(0)
    if label == "mcts":
        return MCTSBot(0, playouts=playouts, rollout=rollout, expand=expand, exploration=exploration)
    return {"greedy": GreedyBot, "random": RandomBot}[label](0)


def budget(playouts, rollout, expand="one", exploration=0.7):
    """The MCTS budget in words, e.g. ``"20 playouts, rollout 4"`` (``"to the end"``: whole random playouts)."""
    words = f"{playouts} playouts, " + ("to the end" if rollout is None else f"rollout {rollout}")
    words += "" if expand == "one" else f", expand {expand}"
    return words + ("" if exploration == 0.7 else f", c={exploration}")


def play(name, players, lineup, index, playouts, rollout, seed, expand="one", exploration=0.7):
    """Game ``index`` of a configuration, seats rotated by ``index``: ``{"seats": [...], "winners": [...]}``."""
    shift = index % players
    order = lineup[shift:] + lineup[:shift]
    start = time.perf_counter()
    rows = play_one(name, [make(b, playouts, rollout, expand, exploration) for b in order], players, seed, index, {})
    return {"seats": order, "winners": [r["seat"] for r in rows if r["winner"]],
            "scores": [r["score"] for r in rows], "decisions": rows[0]["decisions"],
            "seconds": round(time.perf_counter() - start, 2)}


def load(path):
    """The records in ``path`` (none if it does not exist); a game found twice counts once."""
    records, seen = [], set()
    if path and Path(path).exists():
        for line in Path(path).read_text().splitlines():
            if line.strip():
                r = json.loads(line)
                key = (r["game_name"], r["config"], r["playouts"], r.get("rollout"), r.get("expand", "one"),
                       r.get("exploration", 0.7), r["index"])
                if key not in seen:
                    seen.add(key)
                    records.append(r)
    return records


def table(records):
    """Per configuration and bot label: wins and games (a bot seated twice counts per seat, averaged)."""
    tally = {}
    for r in records:
        mcts = budget(r["playouts"], r.get("rollout"), r.get("expand", "one"), r.get("exploration", 0.7))
        key = (r["game_name"], r["players"], r["config"], mcts)
        labels = tally.setdefault(key, {})
        for label in dict.fromkeys(r["seats"]):
            seats = [s for s, b in enumerate(r["seats"]) if b == label]
            wins, games = labels.get(label, (0, 0))
            # several Random seats: their wins and games are per seat
            labels[label] = (wins + sum(s in r["winners"] for s in seats), games + len(seats))
    return tally


def report(records):
    for (name, players, config, mcts), labels in sorted(table(records).items()):
        for label, (wins, games) in labels.items():
            rate, low, high = win_rate_ci(wins, games)
            per_seat = " (per Random seat)" if label == "random" and players > 2 else ""
            mcts = mcts if "mcts" in config else "-"
            print(f"{name:20} {config:26} {mcts:26} {label:7} {wins:4}/{games:<4} "
                  f"win rate {rate:6.1%}  95% [{low:6.1%}, {high:6.1%}]{per_seat}", flush=True)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=sorted(GAMES), help="only this game (repeatable)")
    parser.add_argument("--config", action="append", help="only this configuration, e.g. 2p:mcts-greedy")
    parser.add_argument("--games", type=int, default=200, help="games per configuration (0: only the table)")
    parser.add_argument("--playouts", type=int, default=30, help="MCTS playouts per decision")
    parser.add_argument("--rollout", type=int, help="MCTS random decisions per playout before scoring (default: "
                        "to the end of the game)")
    parser.add_argument("--expand", choices=("one", "all"), default="one", help="MCTS expansion (see MCTSBot)")
    parser.add_argument("--exploration", type=float, default=0.7, help="MCTS UCB1 constant")
    parser.add_argument("--measured", action="store_true", help="MCTSBot() with no settings: each game's measured "
                        "settings (MEASURED_SETTINGS); --playouts, --rollout, --expand, --exploration are ignored")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", action="append", help="JSON-lines file: one line per game, appended; games "
                        "already there are skipped (repeat to read several; the first is written)")
    args = parser.parse_args(argv)
    names = args.game or list(GAMES)
    records = [r for path in args.out or () for r in load(path)]
    out = args.out[0] if args.out else None
    mcts = (args.playouts, args.rollout, args.expand, args.exploration)
    done = {(r["game_name"], r["config"], r["playouts"], r.get("rollout"), r.get("expand", "one"),
             r.get("exploration", 0.7), r["index"]) for r in records}
    plan = [(name, config, players, lineup) for name in names for config, players, lineup in configurations(name)
            if not args.config or config in args.config]
    for index in range(args.games):  # game by game across the configurations: a stopped run is still balanced
        for name, config, players, lineup in plan:
            if args.measured:
                measured = MCTSBot().settings(name)
                mcts = (measured["playouts"], measured["rollout"], measured["expand"], measured["exploration"])
            if (name, config, *mcts, index) in done:
                continue
            played = (MEASURED, None) if args.measured else (args.playouts, args.rollout)
            record = {"game_name": name, "players": players, "config": config, "playouts": mcts[0],
                      "rollout": mcts[1], "expand": mcts[2], "exploration": mcts[3], "index": index,
                      "measured": args.measured,
                      **play(name, players, lineup, index, *played, args.seed, args.expand, args.exploration)}
            records.append(record)
            if out:
                with open(out, "a") as f:
                    f.write(json.dumps(record) + "\n")
    report([r for r in records if r["game_name"] in names and (not args.config or r["config"] in args.config)])


if __name__ == "__main__":
    main()
