// Shared by the lobby and the table page: tile names, faces, glyphs, tokens.
// Tile pictures come from tiles.js (MahjonggTiles), loaded before this file.
"use strict";
const SUITS = { b: "bamboo", c: "characters", d: "dots" };
const HONORS = {
  E: "East wind", S: "South wind", W: "West wind", N: "North wind",
  R: "red dragon", G: "green dragon", Wh: "white dragon",
};
const WIND_NAMES = { E: "East", S: "South", W: "West", N: "North" };
const GLYPH_BASE = { c: 0x1F007, b: 0x1F010, d: 0x1F019 };
const GLYPH_HONOR = { E: 0x1F000, S: 0x1F001, W: 0x1F002, N: 0x1F003, R: 0x1F004, G: 0x1F005, Wh: 0x1F006 };

function tileName(t) {
  if (typeof MahjonggTiles !== "undefined") return MahjonggTiles.name(t);
  if (HONORS[t]) return HONORS[t];
  const m = /^([1-9])([bcd])$/.exec(t);
  if (m) return m[1] + " " + SUITS[m[2]];
  const f = /^([fs])([1-4])$/.exec(t);
  if (f) return (f[1] === "f" ? "Flower " : "Season ") + f[2];
  return t;
}

function tileGlyph(t) {
  if (GLYPH_HONOR[t]) return String.fromCodePoint(GLYPH_HONOR[t]);
  const m = /^([1-9])([bcd])$/.exec(t);
  if (m) return String.fromCodePoint(GLYPH_BASE[m[2]] + Number(m[1]) - 1);
  const f = /^([fs])([1-4])$/.exec(t);
  if (f) return String.fromCodePoint((f[1] === "f" ? 0x1F022 : 0x1F026) + Number(f[2]) - 1);
  return null;
}

function tileClass(t) {
  const m = /^([1-9])([bcd])$/.exec(t);
  if (m) return "suit-" + m[2];
  if (t === "R") return "dragon-r";
  if (t === "G") return "dragon-g";
  if (t === "Wh") return "dragon-w";
  if (WIND_NAMES[t]) return "wind";
  return "bonus";
}

// How tiles are drawn: "pictures" (tiles.js, the default), "text" ("5" over "dots") or
// "glyphs" (Unicode Mahjong tiles: the system needs a font that has them).
const FACES = ["pictures", "text", "glyphs"];
function faceMode() {
  const f = localStorage.getItem("mahjongg:faces");
  if (FACES.includes(f)) return f;
  return localStorage.getItem("mahjongg:glyphs") === "1" ? "glyphs" : "pictures";
}
function setFaceMode(f) { localStorage.setItem("mahjongg:faces", FACES.includes(f) ? f : "pictures"); }
function useGlyphs() { return faceMode() === "glyphs"; }

// A tile face: a picture by default, the tile's name as its label.
function tileEl(t, opts) {
  opts = opts || {};
  const el = document.createElement(opts.button ? "button" : "span");
  if (opts.button) el.type = "button";
  el.className = "tile " + tileClass(t) + (opts.extra ? " " + opts.extra : "");
  el.dataset.tile = t;
  el.setAttribute("aria-label", tileName(t) + (opts.suffix || ""));
  el.title = tileName(t);
  const mode = faceMode();
  const g = mode === "glyphs" ? tileGlyph(t) : null;
  if (mode === "pictures" && typeof MahjonggTiles !== "undefined" && MahjonggTiles.known(t)) {
    el.classList.add("picture");
    el.appendChild(MahjonggTiles.svg(t, { frame: false, label: false }));
  } else if (g) {
    el.classList.add("glyph");
    const s = document.createElement("span");
    s.setAttribute("aria-hidden", "true");
    s.textContent = g;
    el.appendChild(s);
  } else {
    const m = /^([1-9])([bcd])$/.exec(t);
    const big = document.createElement("span");
    big.className = "face";
    big.setAttribute("aria-hidden", "true");
    const small = document.createElement("span");
    small.className = "sub";
    small.setAttribute("aria-hidden", "true");
    if (m) { big.textContent = m[1]; small.textContent = SUITS[m[2]].slice(0, 4); }
    else if (HONORS[t]) { big.textContent = t; small.textContent = HONORS[t].split(" ")[1]; }
    else { big.textContent = t; small.textContent = ""; }
    el.appendChild(big); el.appendChild(small);
  }
  return el;
}

function backEl() {
  const el = document.createElement("span");
  el.className = "tile back";
  el.setAttribute("aria-hidden", "true");
  return el;
}

function tokenFor(code) {
  // a kept seat of another shape (edited, cut off) is no seat: the page offers to sit down
  try {
    const s = JSON.parse(localStorage.getItem("mahjongg:seat:" + code));
    if (s !== null && typeof s === "object" && typeof s.token === "string" && s.token) return s;
  } catch (e) { /* not JSON */ }
  return null;
}
function saveToken(code, data) { localStorage.setItem("mahjongg:seat:" + code, JSON.stringify(data)); }

async function postJSON(url, body) {
  let r;
  try {
    r = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  } catch (e) {  // no answer at all: say so, do not let the click vanish
    throw new Error("The server does not answer: check that it is running and the address is right, then try again.");
  }
  const data = await r.json().catch(() => ({ error: "the server did not answer with JSON" }));
  if (!r.ok) throw new Error(data.error || ("error " + r.status));
  return data;
}
