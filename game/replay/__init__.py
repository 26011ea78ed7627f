"""Replays: finished games kept in the data folder (``store``) and a game rebuilt turn by turn
from its deal and action log, told in words, with the finder's view of the player's own turns
(``timeline``).  Pure Python: no pygame."""
