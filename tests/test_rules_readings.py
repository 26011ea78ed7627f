"""What the game does where a rule sheet is silent is listed on the Rules screen as one of our
readings (``Variant.readings``), never passed off as the sheet's own rule."""

from game.rules.melds import check_line
from game.rules.tiles import parse_tiles
from game.rules.variants import find_variant


def _readings(key):
    return " ".join(find_variant(key)().readings())


def test_classic_deal_of_14_is_a_reading():
    # The classic sheet (001) never says how many tiles a player takes.
    assert find_variant("classic")().tiles_dealt == 14
    assert "does not say how many tiles" in _readings("classic") and "14" in _readings("classic")


def test_classic_highest_tile_starts_is_a_reading():
    # The classic sheet says play passes to the left, but not who starts.
    assert find_variant("classic")().start_rule == "highest"
    assert "does not say who starts" in _readings("classic")
    assert "highest number starts" in _readings("classic")


def test_classic_scoring_is_a_reading():
    # The classic sheet says "(see Scoring)" but has no scoring section.
    text = _readings("classic")
    assert "see Scoring" in text and "joker counts 30" in text


def test_golden_games_no_wrap_is_a_reading():
    # The Golden Games sheet (003) says only that a run is of one colour; the game still
    # refuses 12 13 1, so the Rules screen says that is our reading.
    assert not check_line(parse_tiles("O12 O13 O1"))
    assert "13 to 1" in _readings("golden-games")


def test_freed_joker_new_set_reading_is_on_the_rules_screen():
    for key in ("classic", "rummi200kub"):
        assert "judged by its tiles, not the faces" in _readings(key) or "judged by their tiles, not the faces" in _readings(key)
