"""mahjongg: classical Mahjong -- tiles, hands, rulesets, scoring, the table, bots and apps."""

from .hand import Hand, HandError, Meld, MeldKind
from .notation import NotationError
from .tiles import TILES, Suit, Tile, TileError, Wind, tile

__version__ = "0.1.0"
__all__ = ["Hand", "HandError", "Meld", "MeldKind", "NotationError", "TILES", "Suit", "Tile", "TileError", "Wind", "tile"]
