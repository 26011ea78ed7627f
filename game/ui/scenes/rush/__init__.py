"""The Tile Rush puzzle mode's screens, one module each: ``menu`` (the modes, the daily
puzzle's streak), ``packs`` (the packs and their puzzles' stars), ``puzzle`` (a puzzle on the
play screen, and a finished puzzle's answer), ``summary`` (every puzzle of a run, the bests).
Nothing is imported here (see ``game/ui/wiring.py``)."""
