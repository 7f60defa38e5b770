"""inpHeXion's levels for the computer (rulebook.computer); the budgets are for the
default 7 x 7 board and shrink on bigger ones (Level.budget)."""

from ...computer import Level, plain

LEVELS = {1: plain(40), 2: Level(150), 3: Level(2000)}
