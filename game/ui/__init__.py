"""The arcade: pygame-ce scenes, widgets, animation and sound (see app.py).

Nothing is imported or initialised here: importing ``game.ui`` costs nothing
and never starts pygame (the AI worker process imports ``game.ui.worker``)."""
