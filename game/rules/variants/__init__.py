"""Rule sets, looked up by name in ``REGISTRY`` (see ``game.rules.registry``); importing this package
registers all six."""

from ..registry import REGISTRY, find_variant, register
from .base import OptionSpec, Variant
from . import classic  # noqa: F401  (registers itself)
from . import golden  # noqa: F401  (registers itself)
from . import rummy_q  # noqa: F401
from . import rummibug  # noqa: F401  (Standard and Relaxed)
from . import rummi200kub  # noqa: F401

__all__ = ["REGISTRY", "OptionSpec", "Variant", "find_variant", "register"]
