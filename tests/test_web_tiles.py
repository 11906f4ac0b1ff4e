"""The tile pictures of the web pages (static/tiles.js), run in headless Chromium:
every tile of the notation (docs/notation.md; seed 000 "Description of tiles",
seed 001 for the Flowers, Seasons and special tiles) has a picture labelled with its
name, and no two pictures differ by colour alone."""

from __future__ import annotations

import re

import pytest

from mahjongg.tiles import TILES
from browser_helpers import CHROMIUM, STATIC, sync_api

pytestmark = pytest.mark.skipif(CHROMIUM is None or sync_api is None, reason="needs chromium and playwright")


@pytest.fixture(scope="module")
def page(chromium):
    """A blank page of the module's Chromium (tests/conftest.py) with tiles.js loaded."""
    context = chromium.new_context()
    p = context.new_page()
    p.set_content("<!doctype html><body></body>")
    p.add_script_tag(content=(STATIC / "tiles.js").read_text())
    yield p
    context.close()


def test_every_tile_of_the_notation_has_a_picture(page):
    codes = page.evaluate("MahjonggTiles.codes")
    assert codes == [str(t) for t in TILES]  # the same 50 tiles, in the same order
    labels = page.evaluate("""() => MahjonggTiles.codes.map(c => {
        const s = MahjonggTiles.svg(c); document.body.appendChild(s);
        return [s.getAttribute('role'), s.getAttribute('aria-label'), s.tagName, s.querySelectorAll('*').length];
    })""")
    for code, (role, label, tag, parts) in zip(codes, labels):
        assert (role, tag) == ("img", "svg"), code
        assert parts > 1, f"{code} draws nothing"
        assert label == page.evaluate("c => MahjonggTiles.name(c)", code)
    names = dict(zip(codes, (lab for _, lab, _, _ in labels)))
    # names as a player says them (seed 000 "Description of tiles")
    assert names["5b"] == "5 of bamboo" and names["9c"] == "9 of characters" and names["1d"] == "1 of dots"
    assert names["E"] == "East wind" and names["R"] == "red dragon" and names["Wh"] == "white dragon"
    assert names["f1"] == "Flower 1 (East)" and names["s4"] == "Season 4 (North)" and names["Gold"] == "Pot of Gold"
    assert len(set(names.values())) == len(codes)


def test_no_two_tiles_differ_by_colour_alone(page):
    markup = page.evaluate("MahjonggTiles.codes.map(c => MahjonggTiles.markup(c))")
    grey = [re.sub(r'data-tile="[^"]*"|aria-label="[^"]*"|#[0-9a-fA-F]{3,6}\b|(fill|stroke)-opacity="[^"]*"', "", m) for m in markup]
    assert len(set(grey)) == len(grey)


def test_the_face_only_and_unlabelled_forms(page):
    bare = page.evaluate("MahjonggTiles.markup('G', {frame: false, label: false})")
    assert 'aria-hidden="true"' in bare and "role=" not in bare and "mj-tile-framed" not in bare
    assert page.evaluate("MahjonggTiles.known('Zz')") is False
    assert page.evaluate("MahjonggTiles.name('Zz')") == "Zz"
