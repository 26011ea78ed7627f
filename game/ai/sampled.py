"""Determinized worlds: a whole ``GameState`` built from one seat's view and a sampled deal.

A seat sees its own rack, the table, the other racks' sizes, the pool's size, the scores and
each seat's variant data; it never sees another rack nor the pool order.  ``sample_state``
deals the tiles it cannot see (every tile neither on its rack nor on the table) into the other
racks, by the sizes it sees, and the rest into the pool, in an order drawn from ``rng``.  The
result is a rules-level state the engine can play on (``GameState.problems()`` empty), so a
look-ahead can apply candidate turns and a few replies to it (``rollout``).  Nothing here reads
more than the ``PlayerView`` given: two games that look the same from the seat give the same
worlds for the same ``rng``.

``rollout`` plays a few plies of every seat on such a world with a cheap policy (the most tiles
the finder places within a node budget, else a draw): work is counted in finder nodes, never
in seconds, so the same world gives the same play on a quiet or a busy machine.
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass

from ..rules import actions as act
from ..rules import engine
from ..rules.board import Board
from ..rules.state import GameState, Phase, PlayerState, derived_secret
from ..rules.tiles import ALL_TILE_IDS, rack_value
from ..rules.view import PlayerView
from .layout import layout, sets_of
from .solver import SolverError, solve

ROLLOUT_NODES = 300  # the finder's work per reply in a rollout: a limit on work, not on time


def unseen_tiles(view: PlayerView) -> list[int]:
    """The tiles the seat cannot place: not on its rack, not on the table (sorted)."""
    seen = set(view.rack) | set(view.board.tiles())
    return [t for t in ALL_TILE_IDS if t not in seen]


def sample_state(view: PlayerView, rng: random.Random) -> GameState:
    """One world consistent with ``view``: the unseen tiles dealt to the other seats by the rack
    sizes the view shows, the rest in the pool; everything else as the view shows it.  Raises
    ``ValueError`` if the view cannot be a game (more rack tiles than unseen tiles)."""
    unseen = unseen_tiles(view)
    need = sum(size for i, size in enumerate(view.rack_sizes) if i != view.seat)
    if need + view.pool_size != len(unseen):
        raise ValueError(f"the view does not add up: {len(unseen)} unseen tiles, "
                         f"{need} on the other racks and {view.pool_size} in the pool")
    rng.shuffle(unseen)
    players = []
    k = 0
    for i, size in enumerate(view.rack_sizes):
        if i == view.seat:
            rack = list(view.rack)
        else:
            rack = sorted(unseen[k:k + size])
            k += size
        players.append(PlayerState(name=f"seat {i + 1}", kind="sampled", rack=rack, melded=view.melded[i],
                                   score=view.scores[i], extra=copy.deepcopy(view.player_extra[i])))
    seed = rng.randrange(2**31)
    return GameState(
        variant_key=view.variant_key,
        options=dict(view.options),
        players=players,
        seed=seed,
        pool=unseen[k:],
        board=view.board.copy(),
        current=view.seat,
        round=view.round,
        turn=view.turn,
        total_turns=view.turn,
        history=copy.deepcopy(list(view.history)),
        extra=copy.deepcopy(view.extra),
        rng=random.Random(seed),
        secret=derived_secret("sampled world", seed),
    )


@dataclass(frozen=True)
class Outcome:
    """Where a rollout ended, from the looking seat: its rack, the others' racks, who went out."""

    tiles: int
    points: int
    other_tiles: tuple[int, ...]
    other_points: tuple[int, ...]
    out: int | None  # the seat that emptied its rack, if the round ended that way
    plies: int


def reply(state: GameState, nodes: int = ROLLOUT_NODES) -> act.Play | act.Draw:
    """The cheap policy of a rollout for the seat to move: the most tiles the finder places on
    the table within ``nodes`` search nodes, if the referee accepts the layout; else a draw.
    A seat that has not melded yet draws (its opening needs the rule set's threshold)."""
    p = state.player
    if p.melded and p.rack:
        try:
            res = solve(sets_of(state.board), p.rack, node_budget=nodes)
        except SolverError:
            res = None
        if res is not None and res.tiles_placed:
            board = layout(state.board, res.sets, state.variant.grid_width)
            if not engine.check_play(state, board).problems:
                return act.Play(board)
    return act.Draw()


def rollout(state: GameState, seat: int, first: Board | None, plies: int, nodes: int = ROLLOUT_NODES) -> Outcome | None:
    """Play ``first`` (a board, or None for a draw) for the seat to move on ``state`` (changed in
    place), then up to ``plies`` turns of every seat with ``reply``.  None when the first move
    is refused; a later refused reply ends the rollout where it stands."""
    if engine.apply(state, act.Play(first) if first is not None else act.Draw()).ok is False:
        return None
    done = 0
    while done < plies and state.phase == Phase.PLAY:
        move = reply(state, nodes)
        if not engine.apply(state, move).ok:
            if isinstance(move, act.Draw) or not engine.apply(state, act.Draw()).ok:
                break
        done += 1
    others = [i for i in range(len(state.players)) if i != seat]
    out = state.round_winner if state.phase != Phase.PLAY and state.round_winner is not None \
        and not state.players[state.round_winner].rack else None
    return Outcome(
        tiles=len(state.players[seat].rack),
        points=rack_value(state.players[seat].rack),
        other_tiles=tuple(len(state.players[i].rack) for i in others),
        other_points=tuple(rack_value(state.players[i].rack) for i in others),
        out=out,
        plies=done,
    )
