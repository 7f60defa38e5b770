"""Debian's chromium for the browser tests: where it is and how it starts.

A module of browser tests calls :func:`skip_unless_installed` before importing
Playwright; the ``site`` and ``browser`` fixtures (conftest.py) serve the built
site on a loopback port and start the browser once per module.
"""

from __future__ import annotations

import os
import shutil

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
# as root, headless, and with nothing that reaches for the network on its own;
# WebAssembly compiled by the baseline compiler only (the tests' pages are short
# visits: optimising the runtime's code again cost more than it saved, about
# 30 % of the browser's CPU time; what the pages compute is the same)
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--js-flags=--liftoff-only"]
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}


def skip_unless_installed() -> None:
    """Skip the calling module without chromium, except under CI (where a skip fails)."""
    if CHROMIUM is None and not os.environ.get("CI"):
        pytest.skip("chromium is not installed (apt-get install chromium)",
                    allow_module_level=True)
