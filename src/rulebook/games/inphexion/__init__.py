"""inpHeXion (Masahiro Nakajima, 2014): a Hex-board connection game of pushing discs aside."""

from .facts import FACTS
from .rules import Inphexion

Inphexion.facts = FACTS
GAME = Inphexion
