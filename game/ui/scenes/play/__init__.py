"""The play screen, a package of small modules with one job each:

* ``scene``: the scene itself (life cycle, layout, the round's flow, computer turns, the hint);
* ``effects``: turning the session's events into effects (sprites, ghosts, toasts, banners);
* ``controls``: mouse and keys;
* ``tabledraw``: drawing the table and its tiles;
* ``hud``: drawing everything around the table;
* ``records``: the small records they share.

Computer turns played out step by step and the turn log are ``game/ui/turnshow.py`` and
``game/ui/turnlog_panel.py``; the draft's editing is the pure ``game/play/draft.py``."""

from .records import Drag, Highlight, Pending
from .scene import PlayScene

__all__ = ["Drag", "Highlight", "Pending", "PlayScene"]
