"""The player's panel on the play screen: the name and the "Score N" line sit beside the face
with a clear gap from its countdown ring, and fit the panel, at every window size."""

from __future__ import annotations

import pygame
import pytest

from game.ui import theme
from game.ui.scenes.play.hud import TEXT_GAP, ring_reach
from uidrive import make_app, open_play, step
from uihelp import human_session


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640), (800, 500)])
def test_the_score_line_keeps_a_clear_gap_from_the_ring(size):
    app = make_app(size=size, speed=0.0)
    app.shown_controls_tip = True
    try:
        sess = human_session("R10 R11 R12 K5 B7", options={"turn_time": 60})
        me = sess.state.players[0]
        me.score = -123
        play = open_play(app, sess)
        sess.timer_left = 9.5  # the ring pulses thickest in the last ten seconds
        step(app, n=2)
        lay = play.layout()
        box, s = lay.me, lay.s
        reach = ring_reach(box.face_size, s)
        ring = pygame.Rect(0, 0, 2 * reach, 2 * reach)
        ring.center = box.face_center
        img, score = play.me_score(lay, me)
        assert not score.colliderect(ring)
        assert score.left - ring.right >= int(TEXT_GAP * s) - 1  # a clear gap, not a touch
        assert box.rect.contains(score)  # inside the panel
        whole = theme.text(play.score_line(me), theme.MIN_TEXT_PX, theme.GOLD).get_width()
        assert img.get_width() >= whole  # shrunk at most to the smallest size, never cut to "Score…"
        # the picture: nothing bright (ring or words) in the gap between the ring and the score
        gap = pygame.Rect(ring.right + 1, score.top, score.left - ring.right - 2, score.h)
        shot = app.screen
        bright = [(x, y) for x in range(gap.left, gap.right) for y in range(gap.top, gap.bottom)
                  if sum(shot.get_at((x, y))[:3]) > 300]
        assert not bright, bright[:5]
    finally:
        app.shutdown()
