"""One-call matplotlib plots of a simulation table (see :func:`greatwall_kit.sim.simulate`).

Each function takes the table, draws on ``ax`` (a new figure if none) and returns the axes.
Confidence intervals are 95 %: Wilson intervals for win rates, normal intervals for means.
"""

import math

__all__ = ["plot_scores", "plot_first_player", "plot_game_length", "plot_variants", "win_rate_ci", "mean_ci"]


def win_rate_ci(wins, games, z=1.96):
    """``(rate, low, high)``: a win rate and its 95 % Wilson interval.

    >>> [round(x, 3) for x in win_rate_ci(30, 100)]
    [0.3, 0.219, 0.396]
    """
    if games == 0:
        return math.nan, math.nan, math.nan
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return p, max(0.0, centre - half), min(1.0, centre + half)  # no -0.0 from rounding


def mean_ci(values, z=1.96):
    """``(mean, low, high)``: a mean and its 95 % normal interval.

    >>> [round(x, 2) for x in mean_ci([1, 2, 3, 4])]
    [2.5, 1.23, 3.77]
    """
    values = list(values)
    n = len(values)
    if n == 0:
        return math.nan, math.nan, math.nan
    mean = sum(values) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1)) if n > 1 else 0.0
    half = z * sd / math.sqrt(n)
    return mean, mean - half, mean + half


def _axes(ax):
    if ax is None:
        import matplotlib.pyplot as plt

        _, ax = plt.subplots(figsize=(6.4, 3.6))
    return ax


def _seat_labels(table):
    bots = table.groupby("seat")["bot"].first()
    return [f"seat {s}\n{bots[s]}" for s in bots.index]


def plot_scores(table, ax=None):
    """The distribution of final scores, one box per seat."""
    ax = _axes(ax)
    seats = sorted(table["seat"].unique())
    ax.boxplot([table.loc[table["seat"] == s, "score"] for s in seats], showmeans=True)
    ax.set_xticks(range(1, len(seats) + 1), _seat_labels(table))
    ax.set_ylabel("final score")
    ax.set_title(f"Scores by seat ({table['game'].nunique()} games)")
    return ax


def plot_first_player(table, ax=None):
    """Each seat's win rate with its 95 % interval, against a fair share (ties count for every winner)."""
    ax = _axes(ax)
    games = table["game"].nunique()
    seats = sorted(table["seat"].unique())
    rates = [win_rate_ci(int(table.loc[table["seat"] == s, "winner"].sum()), games) for s in seats]
    ax.errorbar(seats, [r[0] for r in rates], yerr=[[r[0] - r[1] for r in rates], [r[2] - r[0] for r in rates]],
                fmt="o", capsize=4)
    ax.axhline(1 / len(seats), color="grey", linestyle="--", label="fair share")
    ax.set_xticks(seats, _seat_labels(table))
    ax.set_ylabel("win rate (95 % CI)")
    ax.set_title(f"Does the seat matter? ({games} games)")
    ax.legend()
    return ax


def plot_game_length(table, ax=None):
    """A histogram of game lengths in decisions."""
    ax = _axes(ax)
    lengths = table.drop_duplicates("game")["decisions"]
    ax.hist(lengths, bins=min(30, max(5, lengths.nunique())))
    ax.set_xlabel("decisions in the game")
    ax.set_ylabel("games")
    ax.set_title(f"Game length ({len(lengths)} games, mean {lengths.mean():.0f})")
    return ax


def plot_variants(table, column="score", per="game", ax=None):
    """The mean of ``column`` per variant with 95 % intervals (a table from ``compare_variants``).

    ``per="game"`` averages one value per game (the first seat's row: use it for game-wide columns
    like ``decisions``); ``per="seat"`` averages every row.
    """
    ax = _axes(ax)
    names = list(dict.fromkeys(table["variant"]))
    rows = [table[table["variant"] == v] for v in names]
    if per == "game":
        rows = [r.drop_duplicates("game") for r in rows]
    stats = [mean_ci(r[column]) for r in rows]
    ax.errorbar(range(len(names)), [s[0] for s in stats], yerr=[[s[0] - s[1] for s in stats],
                                                               [s[2] - s[0] for s in stats]], fmt="o", capsize=4)
    ax.axhline(stats[0][0], color="grey", linestyle="--", label=names[0])
    ax.set_xticks(range(len(names)), names, rotation=30, ha="right")
    ax.set_ylabel(f"mean {column} (95 % CI)")
    ax.set_title(f"{column} by variant")
    ax.legend()
    return ax
