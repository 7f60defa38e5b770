"""Values a record's view option may be given: each TOML kind, then the shapes the
options' own checks look at (a point, a window, cells and sides), each also a little
wrong.  Read by tests/approved_diagnostics.py (the loader's verdict on each) and by
test_drawings.py (every value accepted draws)."""

VIEW_VALUES = (True, False, 0, 1, -1, 2, 6, 7, 99, 2.5, -0.5, "", "x", "a1", "A1", " a1 ", "z9", "A1 N",
               "A1 Q", "A1 N B2 E", "White", "white", "Black", "before", "AFTER", "tiles",
               [], [1], [0.1, 0.2], [0.1, 0.2, 0.3], [-0.5, -0.5, 0.5, 0.5],
               [0.5, -0.5, -0.5, 0.5], [-0.5, 0.5, 0.5, -0.5], [-0.5, -0.5, 0.5, 0.5, 0.5],
               [-2.0, -2.0, 2.0, 2.0], [[0.1, 0.2]], [[0.1]], [[0.1, 0.2, 0.3]], [[True, 0.2]],
               [["x", 0.2]], [[0.1, 0.2], [0.3]], ["a1"], ["a1", "c3"], ["a1", "a1"], ["z9"],
               ["A1"], ["A1 N"], ["A1 N", "B2 E"], ["A1 Q"], [1.5], {"a": 1})
