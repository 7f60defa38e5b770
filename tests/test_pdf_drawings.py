"""Converted drawings kept between builds (rulebook.pdf.drawings): a kept conversion is
reused only by the converters that made it."""

from __future__ import annotations

from rulebook.pdf import drawings

SVG = (b'<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="20" height="10" '
       b'viewBox="0 0 20 10"><rect x="1" y="1" width="8" height="8" fill="#336699"/></svg>')


def test_a_kept_conversion_is_not_reused_by_another_svglib_or_reportlab(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(drawings, "_converted", {})  # this process's own, too
    drawings._converters.cache_clear()
    converted = []
    convert = drawings._convert
    monkeypatch.setattr(drawings, "_convert", lambda data: converted.append(data) or convert(data))
    assert drawings.svg_drawing(SVG) is not None and len(converted) == 1
    monkeypatch.setattr(drawings, "_converted", {})
    drawings.svg_drawing(SVG)
    assert len(converted) == 1  # kept on the disk: not converted again
    real = drawings.metadata.version
    monkeypatch.setattr(drawings.metadata, "version",
                        lambda name: "0.0-older" if name == "svglib" else real(name))
    drawings._converters.cache_clear()
    monkeypatch.setattr(drawings, "_converted", {})
    try:
        drawings.svg_drawing(SVG)
    finally:
        drawings._converters.cache_clear()
    assert len(converted) == 2  # another svglib: converted anew
