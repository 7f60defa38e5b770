"""Craquelure: cut a disk with three rays at a time; connect its three goal arcs."""

from .facts import FACTS
from .rules import Craquelure

Craquelure.facts = FACTS
GAME = Craquelure
