"""The play screen, a scene built from parts (see ``part.py`` and docs/architecture.md):

* ``scene``: the scene itself (life cycle, routing to the parts, layout, the round's flow, its hooks);
* ``part``: the ``Part`` base (every hook, doing nothing) and the ``Stage`` the parts share;
* ``effects``: the playback part (the session's events as sprites, ghosts, toasts, banners);
* ``controls``: the input part (mouse and keys, the drag, the selection, the keyboard cursor);
* ``tabledraw``: the table part (the felt, the tiles and their marks);
* ``hud``: the HUD part (everything around the table);
* ``hint``, ``computer``: the hint asked for; the computer's moves asked of the worker;
* ``adapters``: the opening draw, the turn show and the rule set's plugin as parts;
* ``layouts``: the layout, computed anew only when needed;
* ``records``: the small records they share.

Computer turns played out step by step and the turn log are ``game/ui/turnshow.py`` and
``game/ui/turnlog_panel.py``; the draft's editing is the pure ``game/play/draft.py``."""

from .part import Part, Stage
from .records import Drag, Highlight, Pending
from .scene import PlayScene

__all__ = ["Drag", "Highlight", "Part", "Pending", "PlayScene", "Stage"]
