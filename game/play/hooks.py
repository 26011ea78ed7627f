"""What a session does after a turn and at the end of a game, by default: autosave after every
turn; keep a finished game for replay and count it in the statistics.

Pure Python: no pygame here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from .session import Session


def default_record_result(session: "Session") -> None:
    """A finished game: the person's result goes into the statistics (``game.storage.stats``) and
    the autosave is cleared (there is nothing left to continue).

    Every finished game counts exactly once: the result carries the session's
    ``game_id``, which the statistics refuse to count twice (a game resumed from a save
    written at its very end, after a crash, is recognised), and the autosave is only
    cleared once the statistics are safely on disk, so a failed write is retried when
    the finished game is continued.  A demo, or a game without a person, never counts."""
    if session.demo or not session.is_human(session.viewer):
        return
    from ..storage import stats
    from ..storage.saves import shelf

    st = session.state
    won = session.ranking()[0] == session.viewer
    got = stats.record_game(st.variant_key, won, st.players[session.viewer].score, st.total_turns,
                            round(session.elapsed, 1), game_id=session.game_id, hints=session.hints_used)
    if got.write_failed:
        raise OSError(got.message or "the statistics could not be saved")
    shelf.clear_finished(session.game_id)  # only this game: never another one saved there meanwhile


def default_keep_replay(session: "Session") -> None:
    """A finished game is kept for replay (its deal and action log, ``game.replay.store``)."""
    if session.demo or not session.is_human(session.viewer):
        return
    from ..replay import store

    if store.keep(session.state, session.game_id, session.viewer) is None and not store.kept(session.game_id):
        raise OSError("the replay could not be saved")


def default_autosave(session: "Session") -> None:
    """Save after every completed turn (a finished game still waiting for the disk is written first,
    ``game.play.unsaved``)."""
    from ..storage.saves import session_bridge
    from . import unsaved

    unsaved.retry()
    session_bridge.autosave(session.to_dict())
    unsaved.autosave_taken(session)
