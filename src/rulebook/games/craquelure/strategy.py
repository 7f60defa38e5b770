"""Craquelure's levels for the computer (rulebook.computer): its moves are continuous,
so the search sees the engine's listed sample of cuts, and each move costs geometry."""

from ...computer import Level, plain

LEVELS = {1: plain(16), 2: Level(24), 3: Level(140)}
