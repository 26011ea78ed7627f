"""Turn validation, with the classic sheet's manipulation and joker examples."""

from game.rules.board import Board
from game.rules.reasons import Reason, SetFault
from game.rules.tiles import parse_tiles
from game.rules.turn import TurnStart, validate
from game.rules.variants import find_variant

CLASSIC = find_variant("classic")()


class Table:
    """Build a start position from named sets, then an end position from re-used tiles."""

    def __init__(self, sets, rack):
        self.taken = []
        self.sets = []
        for text in sets:
            tiles = parse_tiles(text, used=self.taken)
            self.taken += tiles
            self.sets.append(tiles)
        self.rack = parse_tiles(rack, used=self.taken)
        self.board = Board()
        for i, s in enumerate(self.sets):
            self.board.place_line((i * 2, 0), s)

    def pick(self, text):
        """Tiles by notation, from the table first then the rack (each physical tile once)."""
        out = []
        for tok in text.split():
            out.append(self.pool[tok].pop(0))
        return out

    def end(self, *rows):
        self.pool = {str(t): [] for t in self.taken + self.rack}
        for t in self.taken + self.rack:
            self.pool[str(t)].append(t)
        b = Board()
        for i, row in enumerate(rows):
            b.place_line((i * 2, 0), self.pick(row))
        return b

    def check(self, board, melded=True, variant=CLASSIC, drawn=None):
        return [p.code for p in validate(variant, TurnStart(self.board, list(self.rack), melded, drawn), board)]


# -- the sheet's manipulation examples (001) ---------------------------------------------------

def test_add_tiles_to_make_new_sets():
    t = Table(["B4 B5 B6", "K8 R8 O8"], "B3 B8")
    assert t.check(t.end("B3 B4 B5 B6", "K8 R8 O8 B8")) == []


def test_remove_fourth_tile_from_group_to_form_new_run():
    t = Table(["K4 R4 B4 O4"], "B3 B5 B6")
    assert t.check(t.end("K4 R4 O4", "B3 B4 B5 B6")) == []


def test_add_fourth_tile_to_run_and_remove_one_to_make_another_set():
    t = Table(["B8 B9 B10"], "B11 K8 R8")
    assert t.check(t.end("B9 B10 B11", "B8 K8 R8")) == []


def test_splitting_a_run():
    t = Table(["R4 R5 R6 R7 R8"], "R6")
    assert t.check(t.end("R4 R5 R6", "R6 R7 R8")) == []


def test_combined_split():
    t = Table(["O1 O2 O3 O4", "K1 R1 O1 B1"], "B1")
    assert t.check(t.end("O2 O3 O4", "K1 O1 B1", "B1 O1 R1")) == []


def test_multiple_split():
    t = Table(["R5 R6 R7", "O5 O6 O7", "K6 K7 K8 K9"], "K10 B5")
    assert t.check(t.end("R5 O5 B5", "R6 O6 K6", "R7 O7 K7", "K8 K9 K10")) == []


# -- joker retrieval (classic: any replacement keeping the set legal; the joker is played
#    again this turn in a set with a tile from the rack) ------------------------------------

def test_joker_replaced_by_rack_tile_and_reused_with_rack_tiles():
    t = Table(["K5 R5 J"], "B5 O10 O11")
    assert t.check(t.end("K5 R5 B5", "O10 O11 J")) == []
    t = Table(["K5 R5 J"], "B5 O5 O10 O11")      # "by each one of the tiles on his rack or by both"
    assert t.check(t.end("K5 R5 B5 O5", "O10 O11 J")) == []


def test_joker_cleared_by_splitting_moving_ones_and_twos():
    t = Table(["K1 K2 J K4 K5 K6", "R1 B1 O1", "R2 B2 O2"], "R9 R10")
    assert t.check(t.end("K4 K5 K6", "R1 B1 O1 K1", "R2 B2 O2 K2", "J R9 R10")) == []


def test_freed_joker_must_be_played_with_a_rack_tile():
    t = Table(["K5 R5 J", "O10 O11 O12"], "B5")
    problems = t.check(t.end("K5 R5 B5", "O10 O11 O12 J"))
    assert problems == [Reason.FREED_JOKER_OLD_SET]


def test_freed_joker_cannot_go_to_the_rack():
    t = Table(["K5 R5 J"], "B5")
    problems = t.check(t.end("K5 R5 B5"))
    assert Reason.TABLE_TILE_TO_RACK in problems


def test_no_joker_retrieval_before_initial_meld():
    t = Table(["K5 R5 J"], "B5 O10 O11 O12")
    problems = t.check(t.end("K5 R5 B5", "O10 O11 O12 J"), melded=False)
    assert Reason.TABLE_MOVED_BEFORE_MELD in problems


def test_extending_a_set_that_holds_a_joker_does_not_free_it():
    t = Table(["R4 J R6"], "R7")
    assert t.check(t.end("R4 J R6 R7")) == []


# -- the other turn rules ---------------------------------------------------------------------

def test_initial_meld_needs_30_from_rack_only():
    t = Table(["K9 B9 O9"], "R10 R11 R12 K1 K2 K3")
    assert t.check(t.end("K9 B9 O9", "R10 R11 R12"), melded=False) == []       # 33
    low = t.check(t.end("K9 B9 O9", "K1 K2 K3"), melded=False)                 # 6
    assert low == [Reason.MELD_TOO_FEW_POINTS]
    board = t.end("K9 B9 O9", "K1 K2 K3")
    (why,) = validate(CLASSIC, TurnStart(t.board, list(t.rack), False), board)
    assert why.numbers == (30, 6)


def test_initial_meld_may_not_touch_the_table():
    t = Table(["K9 B9 O9"], "R9 R10 R11 R12")
    problems = t.check(t.end("K9 B9 O9 R9", "R10 R11 R12"), melded=False)
    assert Reason.MELD_FROM_RACK_ONLY in problems


def test_initial_meld_joker_counts_as_its_tile():
    t = Table([], "R10 J R12")
    assert t.check(t.end("R10 J R12"), melded=False) == []                     # 10+11+12 = 33


def test_must_play_a_rack_tile():
    t = Table(["R4 R5 R6 R7 R8 R9"], "")
    problems = t.check(t.end("R4 R5 R6", "R7 R8 R9"))
    assert problems == [Reason.NOTHING_PLAYED]


def test_every_line_must_be_valid_and_problems_name_cells():
    t = Table(["R4 R5 R6"], "R8")
    board = t.end("R4 R5 R6", "R8")
    problems = validate(CLASSIC, TurnStart(t.board, list(t.rack), True), board)
    assert [p.code for p in problems] == [Reason.INVALID_SET] and problems[0].cells == ((2, 0),)
    assert problems[0].tiles == tuple(parse_tiles("R8")) and problems[0].fault == SetFault.TOO_SHORT


def test_foreign_and_duplicated_tiles_are_refused_not_raised():
    t = Table(["R4 R5 R6"], "R7")
    b = t.board.copy()
    b.place((0, 3), parse_tiles("K1")[0])  # a tile from nowhere
    assert Reason.NOT_YOURS in t.check(b)


def test_drawn_tile_cannot_be_played():
    t = Table(["R4 R5 R6"], "R7")
    board = t.end("R4 R5 R6 R7")
    assert Reason.DRAWN_THIS_TURN in t.check(board, drawn=t.rack[0])
