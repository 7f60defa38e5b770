"""Every move the notation can write, legal or not: what the conformance test
(tests/test_conformance.py) offers ``play`` to check that ``legal_moves``
forgets none of the moves it accepts."""

from __future__ import annotations

from .notation import cell_name


# the options the conformance test plays with
OPTION_SETS = ({},)

def candidates(state) -> list[str]:
    """Every pair (both cells the same included), collapse and plain mark, on every cell."""
    cells = [cell_name(cell) for cell in range(9)]
    return ([f"{a}-{b}" for a in cells for b in cells] + [f"@{c}" for c in cells] + cells)
