"""Tile Rush: an arcade tile-rummy game (rules of Rummikub and its variants)."""

__version__ = "0.1.0"
