"""inpHeXion (Masahiro Nakajima, 2014): a Hex-board connection game of pushing discs aside."""

from .facts import FACTS
from .notation import POSITION_EXAMPLE, POSITION_FORMAT
from .rules import Inphexion

Inphexion.facts = FACTS
Inphexion.position_format, Inphexion.position_example = POSITION_FORMAT, POSITION_EXAMPLE
GAME = Inphexion
