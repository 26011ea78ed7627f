import pytest

from game.rules.tiles import (
    ALL_TILE_IDS,
    NotationError,
    Tile,
    format_tiles,
    full_set,
    notation,
    parse_face,
    parse_tiles,
    rack_value,
    sort_key_groups,
    sort_key_runs,
    tile,
)


def test_106_distinct_tiles_with_two_of_each_face_and_two_jokers():
    tiles = full_set()
    assert len(tiles) == 106 == len(set(tiles))
    faces = [notation(t) for t in tiles]
    assert faces.count("J") == 2
    for colour in "KRBO":
        for n in range(1, 14):
            assert faces.count(f"{colour}{n}") == 2


@pytest.mark.parametrize("text", ["R5", "K13", "B1", "O7", "J"])
def test_notation_round_trips(text):
    (t,) = parse_tiles(text)
    assert repr(t) == str(t) == text
    assert parse_tiles(repr(t)) == [t]


def test_tile_properties():
    (r5,) = parse_tiles("R5")
    assert (r5.color, r5.number, r5.value, r5.is_joker) == ("R", 5, 5, False)
    (j,) = parse_tiles("J")
    assert j.is_joker and j.value == 30 and j.color is None and j.number is None


def test_repeated_faces_take_both_copies_then_fail():
    a, b = parse_tiles("R5 R5")
    assert a != b and notation(a) == notation(b) == "R5"
    with pytest.raises(NotationError, match="R5"):
        parse_tiles("R5 R5 R5")
    with pytest.raises(NotationError):
        parse_tiles("J J J")


def test_parse_respects_used_tiles():
    (first,) = parse_tiles("K1")
    (second,) = parse_tiles("K1", used=[first])
    assert first != second
    with pytest.raises(NotationError):
        parse_tiles("K1", used=[first, second])


@pytest.mark.parametrize("bad", ["X5", "R0", "R14", "R", "5R", "RR", "R-1", "", "B1.5"])
def test_malformed_notation_names_the_token(bad):
    with pytest.raises(NotationError) as err:
        parse_face(bad)
    assert repr(bad.strip().upper()) in str(err.value) or repr(bad) in str(err.value)


def test_tile_id_range_checked():
    with pytest.raises(ValueError):
        Tile(106)
    assert tile(104).is_joker and not tile(103).is_joker


def test_rack_value_counts_joker_30():
    assert rack_value(parse_tiles("R5 K13 J")) == 48


def test_sort_keys():
    rack = parse_tiles("O7 J R5 K13 R2 K2")
    assert format_tiles(sorted(rack, key=sort_key_runs)) == "K2 K13 R2 R5 O7 J"
    assert format_tiles(sorted(rack, key=sort_key_groups)) == "K2 R2 R5 O7 K13 J"
    assert sorted(ALL_TILE_IDS, key=sort_key_runs)[-1] >= 104


def test_tile_arithmetic_stays_inside_the_tile_module_and_the_finder():
    """Elsewhere a tile is read with the named helpers (is_joker, face_key, number_of, colour_index,
    face_at, copies), never with the bit tricks of its numbering."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent / "game"
    allowed = {"rules/tiles.py", "ai/solver.py"}
    trick = re.compile(r"(>=|<|==) ?104\b|>> ?1\b|\* ?13 ?\+|divmod\(\w+, ?13\)")
    hits = [f"{p.relative_to(root)}:{n}: {line.strip()}" for p in sorted(root.rglob("*.py"))
            if str(p.relative_to(root)) not in allowed and not p.name.startswith("search")
            for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if trick.search(line)]
    assert hits == []
