"""Tiles: the 34 kinds, bonus tiles, classification (seed 000 "Description of tiles")."""

import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mahjongg.tiles import BONUS_TILES, PLAYING_TILES, TILES, Suit, Tile, TileError, Wind, tile


def test_34_playing_kinds_and_16_bonus_tiles():
    # seed 000: "there are 34 different tiles"; 8 Flowers/Seasons; seed 001: 8 special tiles
    assert len(PLAYING_TILES) == 34
    assert len(BONUS_TILES) == 16
    assert len({str(t) for t in TILES}) == 50


@pytest.mark.parametrize("text", [str(t) for t in TILES])
def test_notation_round_trips(text):
    assert str(tile(text)) == text
    assert tile(text) is TILES[tile(text)]


def test_classification():
    # Heads are ones, nines, winds and dragons (seed README, "Terms across seeds").
    heads = [str(t) for t in PLAYING_TILES if t.is_head]
    assert heads == ["1b", "9b", "1c", "9c", "1d", "9d", "E", "S", "W", "N", "R", "G", "Wh"]
    assert [str(t) for t in PLAYING_TILES if t.is_terminal] == ["1b", "9b", "1c", "9c", "1d", "9d"]
    assert sum(t.is_simple for t in PLAYING_TILES) == 21  # 2-8 in three suits
    assert sum(t.is_honor for t in PLAYING_TILES) == 7
    assert tile("Wh").is_dragon and not tile("W").is_dragon and tile("W").is_wind
    assert tile("5d").suit is Suit.DOTS and tile("5d").number == 5
    assert tile("s3").wind is Wind.WEST and tile("f1").wind is Wind.EAST
    assert tile("Gold").name == "Pot of Gold" and tile("Gold").is_bonus
    assert tile("f2").copies == 1 and tile("2b").copies == 4


def test_order_hash_and_cheapness():
    assert sorted([tile("E"), tile("1d"), tile("9b"), tile("1c")]) == [tile("9b"), tile("1c"), tile("1d"), tile("E")]
    assert len({tile("5d"), tile("5d")}) == 1
    assert pickle.loads(pickle.dumps(tile("Wh"))) is tile("Wh")
    assert not hasattr(tile("5d"), "__dict__")


def test_next_in_suit():
    assert tile("7b").next_in_suit(2) == tile("9b")
    assert tile("8b").next_in_suit(2) is None
    assert tile("E").next_in_suit() is None


@pytest.mark.parametrize("bad", ["", "0b", "10b", "x", "Whh", "f5", "EE"])
def test_bad_tiles_name_the_text(bad):
    with pytest.raises(TileError, match="is not a tile"):
        Tile.parse(bad)


def test_winds():
    assert Wind.parse("e") is Wind.EAST and Wind.parse("north") is Wind.NORTH
    assert Wind.EAST.next() is Wind.SOUTH and Wind.NORTH.next() is Wind.EAST
    assert Wind.WEST.tile == tile("W")
    with pytest.raises(TileError, match="not a wind"):
        Wind.parse("X")


@given(st.lists(st.integers(0, 4), min_size=34, max_size=34))
def test_tiles_of_counts_is_the_inverse_of_a_hands_counts(counts):
    from mahjongg.hand import Hand
    from mahjongg.tiles import tiles_of

    tiles = tiles_of(counts)
    assert [tiles.count(TILES[i]) for i in range(34)] == counts and tiles == sorted(tiles)
    if tiles:
        assert Hand(tuple(tiles)).counts() == counts
