"""Quantum Tic-Tac-Toe's levels for the computer (rulebook.computer): a playout is at
most nine moves, so the search can afford many."""

from ...computer import Level, plain

LEVELS = {1: plain(40), 2: Level(300), 3: Level(6000)}
