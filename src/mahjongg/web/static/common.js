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

// The score sheet of a finished hand (the table page's and the replay's): every hand laid
// open with its score card item by item, chips and totals, then who pays whom. ``r``: the
// server's result (web/table.py result_view). Returns the seat letters shown, in order.
function fillScoreSheet(r, scores, settlement) {
  const ORDER = ["E", "S", "W", "N"], names = r.names;
  const tb = scores.querySelector("tbody"); tb.textContent = "";
  for (const w of ORDER) {
    if (!r.card.cards[w]) continue;
    const card = r.card.cards[w], h = r.hands[w];
    const tr = document.createElement("tr"); tr.dataset.wind = w;
    if (w === r.winner) tr.className = "winner";
    const td = (text, field) => { const c = document.createElement("td"); if (text !== undefined) c.textContent = text; if (field) c.dataset.field = field; tr.appendChild(c); return c; };
    td(names[w], "name");
    td(WIND_NAMES[w] + (w === "E" ? " ★" : ""), "wind");
    const hc = td(undefined, "hand");
    for (const m of h.melds) { const g = document.createElement("span"); g.className = "meld" + (m.exposed ? "" : " concealed"); for (const t of m.tiles) g.appendChild(tileEl(t, { extra: "small" })); hc.appendChild(g); }
    const cg = document.createElement("span"); cg.className = "meld"; for (const t of h.concealed) cg.appendChild(tileEl(t, { extra: "small" })); hc.appendChild(cg);
    for (const t of h.bonus.concat(h.hidden || [])) hc.appendChild(tileEl(t, { extra: "small" }));
    const ic = td(undefined, "items"); const ul = document.createElement("ul");
    for (const line of card.lines) {  // the server's score card: each line's value in words
      const li = document.createElement("li");
      li.textContent = line.name + ": " + line.text;
      ul.appendChild(li);
    }
    ic.appendChild(ul);
    for (const note of card.notes) { const p = document.createElement("p"); p.textContent = note; ic.appendChild(p); }
    td(card.summary + (r.dead.includes(w) ? ", dead hand" : ""), "score").dataset.value = card.score;
    td((r.chips[w] > 0 ? "+" : "") + r.chips[w], "chips").dataset.value = r.chips[w];
    td(String(r.totals[w]), "total").dataset.value = r.totals[w];
    tb.appendChild(tr);
  }
  const grid = r.card.settlement, seats = ORDER.filter(w => grid.seats.includes(w));
  const th = settlement.querySelector("thead"), sb = settlement.querySelector("tbody");
  th.textContent = ""; sb.textContent = "";
  const hr = document.createElement("tr");
  const corner = document.createElement("th"); corner.textContent = "pays → to"; hr.appendChild(corner);
  // each seat named in full, and by its wind (what a phone's narrow columns show: short)
  const named = (cell, w, short) => {
    const long = document.createElement("span"); long.className = "long"; long.textContent = names[w]; cell.appendChild(long);
    const s = document.createElement("abbr"); s.className = "short"; s.title = names[w] + ", " + WIND_NAMES[w]; s.textContent = short; cell.appendChild(s);
  };
  for (const w of seats) { const c = document.createElement("th"); named(c, w, w); hr.appendChild(c); }
  const nc = document.createElement("th"); nc.textContent = "net"; hr.appendChild(nc);
  const tc = document.createElement("th"); tc.textContent = "total"; hr.appendChild(tc);
  th.appendChild(hr);
  for (const a of seats) {
    const tr = document.createElement("tr"); tr.dataset.wind = a;
    const h = document.createElement("th"); named(h, a, " (" + a + ")"); tr.appendChild(h);
    for (const b of seats) {
      const c = document.createElement("td");
      const p = grid.pays[a][b];
      c.textContent = a === b ? "—" : String(p); c.dataset.to = b; c.dataset.value = p; tr.appendChild(c);
    }
    const n = document.createElement("td"); n.dataset.field = "net"; n.dataset.value = grid.net[a];
    n.textContent = String(grid.net[a]); tr.appendChild(n);
    const t = document.createElement("td"); t.dataset.field = "total"; t.dataset.value = r.totals[a];  // the match so far
    t.textContent = String(r.totals[a]); tr.appendChild(t);
    sb.appendChild(tr);
  }
  if (!grid.settled) { const tr = document.createElement("tr"); const c = document.createElement("td"); c.colSpan = seats.length + 3; c.textContent = "A drawn hand is not settled under these rules."; tr.appendChild(c); sb.appendChild(tr); }
  return seats;
}

// The sheet's title and how the hand ended: ["Hand 2: Ann goes Mah-Jongg", "on 5 dots, discard, discarded by Bob"].
function resultHeadline(r) {
  const names = r.names;
  const title = "Hand " + r.hand_no + ": " + (r.winner ? names[r.winner] + " goes Mah-Jongg" : "a drawn hand");
  const how = r.win ? "on " + tileName(r.win.tile) + ", " + r.win.by.replace("-", " ") + (r.card.discarder ? (r.win.by === "robbed-kong" ? ", robbed from " : ", discarded by ") + names[r.card.discarder] : "") : (r.reason || "");
  return [title, how];
}
