"""The rule-set registry: every rule set registers its class here by key, and the game state, the
menus, saves and the simulator look names up here.

It sits below the rule sets and the game state, so neither needs the other for the lookup: the
package ``game.rules`` imports ``game.rules.variants`` (which registers all six rule sets) before
anything in it is used.  The classes held are ``game.rules.variants.base.Variant`` subclasses.
"""

from __future__ import annotations

from typing import Any, TypeVar

C = TypeVar("C")

REGISTRY: dict[str, Any] = {}  # key -> Variant subclass


def register(cls: C) -> C:
    """Class decorator: add a rule set under its ``key``."""
    REGISTRY[cls.key] = cls  # type: ignore[attr-defined]
    return cls


def find_variant(name: str) -> Any:
    """The rule-set class (a ``Variant`` subclass) for ``name``; ``KeyError`` naming the choices otherwise."""
    key = name.strip().lower()
    if key not in REGISTRY:
        raise KeyError(f"unknown rule set {name!r}; choose from {', '.join(REGISTRY)}")
    return REGISTRY[key]
