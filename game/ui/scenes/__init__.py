"""The scenes, one module each (the play screen is a package).

A scene module registers its screens by name (``@route("setup")``, see
``game/ui/routes.py``) and opens other screens by name (``app.open("rules", key)``), so
scene modules do not import each other to navigate.  ``game/ui/wiring.py`` imports them
all; nothing is imported here.
"""
