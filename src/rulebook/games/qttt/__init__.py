"""Quantum Tic-Tac-Toe (Allan Goff, 2006)."""

from .facts import FACTS
from .rules import QuantumTicTacToe

QuantumTicTacToe.facts = FACTS
GAME = QuantumTicTacToe
