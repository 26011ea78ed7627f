"""The scenes, one module each (the play screen is a package).

A scene opens another by name (``app.open("rules", key)``, see ``game/ui/routes.py``), so
scene modules do not import each other to navigate; ``game/ui/wiring.py`` declares the
names and imports each scene module when its screen is first opened.  Nothing is
imported here.
"""
