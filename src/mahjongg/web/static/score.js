// The scoring page: enter a real table's hands by tapping tiles (or typing the
// notation), score them with POST /api/score, settle with POST /api/settle, and
// keep the evening's score sheet in this browser (localStorage).
"use strict";

// The one place tile faces come from: common.js's tileEl, which draws tiles.js's
// pictures (or letters or glyphs, as the Tiles menu says).
const face = (t, opts) => tileEl(t, opts);

const WINDS = ["E", "S", "W", "N"];
const KEY = "mahjongg:score:evening";
const KINDS = {
  rest: { label: "the rest", size: 0 },
  exposed: { label: "exposed set", size: 3 },
  xkong: { label: "exposed kong", size: 4 },
  concealed: { label: "concealed set", size: 3 },
  ckong: { label: "concealed kong", size: 4 },
  // typed only (<5555d>: a discard claimed onto a concealed pung; docs/notation.md), not a palette choice
  claimed: { label: "claimed kong", size: 4, typed: true },
};
const BY_LABELS = { wall: "from the wall", discard: "a discard", loose: "a loose tile", "robbed-kong": "robbing a kong" };
const FLAG_LABELS = {
  last_tile: "the last tile of the wall", original: "on the original hand", first_discard: "on East's first discard",
  after_flower: "loose tile after a Flower/Season", kong_on_kong: "after a kong on a kong",
  original_call: "after declaring Original Call",
};
const SUITED = /^([1-9])([bcd])$/;
const BONUS = /^(f[1-4]|s[1-4]|Cat|Mouse|Fisherman|Fish|Cock|Worm|Man|Gold)$/;

const $ = (id) => document.getElementById(id);
let offers = {};          // ruleset name -> what it can use (GET /api/score/rulesets)
let state = null;         // the evening (saved in localStorage)
let put = "rest";         // where tapped tiles go
let timer = null;
let typing = false;       // the notation is being typed: one undo step for the whole edit

function newEntry() {
  return { groups: [], bonus: [], text: "", won: false, dead: false, manual: false, manualScore: "",
    win: null, by: "discard", flags: {}, result: null, error: "", history: [] };
}
function newHand() { const e = {}; for (const w of WINDS) e[w] = newEntry(); return e; }
function newEvening(ruleset, players) {
  return { ruleset: ruleset || "pung-chow", players: players || ["Player 1", "Player 2", "Player 3", "Player 4"],
    east: 0, round: "E", handNo: 1, entries: newHand(), current: "E", settlement: null, discarder: "", sheet: [] };
}
function save() { try { localStorage.setItem(KEY, JSON.stringify(state)); } catch (e) { /* private mode: not kept */ } }
// A stored evening of another shape (an older page, an edited or cut-off value) would
// break every render: it starts a fresh evening instead, the old value kept aside under
// KEY + ":unreadable" (not lost, not read again).
const isObject = (x) => x !== null && typeof x === "object" && !Array.isArray(x);
function wellFormedEntry(e) {
  return isObject(e) && Array.isArray(e.groups) && Array.isArray(e.bonus) && typeof e.text === "string"
    && typeof e.won === "boolean" && typeof e.dead === "boolean" && typeof e.manual === "boolean"
    && isObject(e.flags) && Array.isArray(e.history) && (e.result === null || isObject(e.result));
}
function wellFormed(s) {
  return isObject(s) && typeof s.ruleset === "string"
    && Array.isArray(s.players) && s.players.length === 4 && s.players.every((p) => typeof p === "string")
    && Number.isInteger(s.east) && s.east >= 0 && s.east < 4 && WINDS.includes(s.round) && WINDS.includes(s.current)
    && Number.isInteger(s.handNo) && s.handNo >= 1 && isObject(s.entries) && WINDS.every((w) => wellFormedEntry(s.entries[w]))
    && (s.settlement === null || isObject(s.settlement)) && typeof s.discarder === "string"
    && Array.isArray(s.sheet) && s.sheet.every(isObject);
}
function load() {
  let raw = null;
  try { raw = localStorage.getItem(KEY); } catch (e) { return null; }
  if (raw === null) return null;
  try { const s = JSON.parse(raw); if (wellFormed(s)) return s; } catch (e) { /* not JSON */ }
  try { localStorage.setItem(KEY + ":unreadable", raw); localStorage.removeItem(KEY); } catch (e) { /* not kept */ }
  return null;
}

const entry = () => state.entries[state.current];
const playerOf = (w) => (state.east + WINDS.indexOf(w)) % 4;
const nameOf = (w) => state.players[playerOf(w)];
const offer = () => offers[state.ruleset] || { by: ["wall", "discard", "loose"], flags: [], bonus_tiles: [], east_keeps_deal: {} };

// --- notation <-> groups -------------------------------------------------------------

const TOKEN = /Fisherman|Mouse|Fish|Cock|Worm|Gold|Cat|Man|Wh|f[1-4]|s[1-4]|[ESWNRG]|[1-9]+[bcd]/y;

function parseTiles(text) {
  const out = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length) {
    const at = TOKEN.lastIndex, m = TOKEN.exec(text);
    if (!m || m.index !== at) return null;
    const d = /^([1-9]+)([bcd])$/.exec(m[0]);
    if (d) for (const c of d[1]) out.push(c + d[2]); else out.push(m[0]);
  }
  return out;
}

function isSet(tiles) {
  if (tiles.length !== 3) return false;
  if (tiles.every((t) => t === tiles[0])) return true;
  const ms = tiles.map((t) => SUITED.exec(t));
  if (ms.some((m) => !m) || ms.some((m) => m[2] !== ms[0][2])) return false;
  const n = ms.map((m) => Number(m[1])).sort();
  return n[1] === n[0] + 1 && n[2] === n[1] + 1;
}

// The groups of typed notation, or null where this page cannot read it (the server says why).
function parseNotation(text) {
  const groups = [], bonus = [];
  let rest = null, i = 0;
  const close = { "[": "]", "{": "}", "(": ")", "<": ">" };
  while (i < text.length) {
    const c = text[i];
    if (/\s/.test(c)) { i++; continue; }
    let body, kind = null;
    if (close[c]) {
      const j = text.indexOf(close[c], i + 1);
      if (j < 0) return null;
      body = text.slice(i + 1, j); i = j + 1;
      kind = c === "[" ? "exposed" : c === "{" ? "ckong" : c === "<" ? "claimed" : "hidden";
    } else {
      let j = i;
      while (j < text.length && !/[\s[{(<]/.test(text[j])) j++;
      body = text.slice(i, j); i = j;
    }
    const tiles = parseTiles(body);
    if (!tiles || !tiles.length) return null;
    if (kind === "hidden") { groups.push({ kind: "hidden", tiles }); continue; }
    if (kind) {
      groups.push({ kind: kind === "exposed" && tiles.length === 4 ? "xkong" : kind, tiles });
      continue;
    }
    const plain = tiles.filter((t) => !BONUS.test(t));
    for (const t of tiles) if (BONUS.test(t)) bonus.push(t);
    if (!plain.length) continue;
    if (isSet(plain)) groups.push({ kind: "concealed", tiles: plain });
    else { if (!rest) { rest = { kind: "rest", tiles: [] }; groups.push(rest); } rest.tiles.push(...plain); }
  }
  return { groups, bonus };
}

function fmt(tiles) {
  const parts = [];
  let run = "", suit = null, prev = null;
  const flush = () => { if (run) parts.push(run + (suit || "")); run = ""; suit = null; };
  for (const t of tiles) {
    const m = SUITED.exec(t);
    if (m) {
      if (suit !== m[2]) flush();
      suit = m[2]; run += m[1];
    } else {
      if (suit || (prev && prev !== t)) flush();
      run += t;
    }
    prev = t;
  }
  flush();
  return parts.join(" ");
}

function notation(e) {
  const order = ["concealed", "rest", "exposed", "xkong", "claimed", "ckong"];
  const out = [];
  for (const k of order) {
    for (const g of e.groups.filter((x) => x.kind === k)) {
      const tx = fmt(g.tiles).replace(/ /g, "");
      if (k === "exposed" || k === "xkong") out.push("[" + tx + "]");
      else if (k === "ckong") out.push("{" + tx + "}");
      else if (k === "claimed") out.push("<" + tx + ">");
      else out.push(fmt(g.tiles));
    }
  }
  for (const g of e.groups.filter((x) => x.kind === "hidden")) out.push("(" + g.tiles.join("") + ")");
  out.push(...e.bonus);
  return out.filter(Boolean).join(" ");
}

const concealedTiles = (e) => e.groups.filter((g) => g.kind === "concealed" || g.kind === "rest").flatMap((g) => g.tiles);
const allTiles = (e) => e.groups.flatMap((g) => g.tiles).concat(e.bonus);
const openGroup = (e) => {
  const g = e.groups[e.groups.length - 1];
  return g && KINDS[g.kind] && KINDS[g.kind].size && g.tiles.length < KINDS[g.kind].size ? g : null;
};
function handSize(e) {
  let n = 0;
  for (const g of e.groups) n += g.kind === "xkong" || g.kind === "ckong" || g.kind === "claimed" ? 3 : g.tiles.length;
  return n;
}

// --- entering tiles ---------------------------------------------------------------------

function remember(e) {
  typing = false;
  e.history.push(JSON.stringify({ groups: e.groups, bonus: e.bonus, win: e.win }));
  if (e.history.length > 60) e.history.shift();
}

function tap(t) {
  const e = entry();
  if (allTiles(e).filter((x) => x === t).length >= (BONUS.test(t) ? 1 : 4)) return;
  remember(e);
  if (BONUS.test(t)) e.bonus.push(t);
  else if (put === "rest") {
    let rest = e.groups.find((g) => g.kind === "rest");
    if (!rest) { rest = { kind: "rest", tiles: [] }; e.groups.push(rest); }
    rest.tiles.push(t);
    e.win = t;
  } else {
    const g = openGroup(e);
    if (g && g.kind === put) g.tiles.push(t); else e.groups.push({ kind: put, tiles: [t] });
    if (put === "concealed") e.win = t;
  }
  tilesChanged(e);
}

function tilesChanged(e) {
  e.text = notation(e);
  $("notation").value = e.text;
  changed();
}

function removeGroup(i) {
  const e = entry();
  remember(e);
  e.groups.splice(i, 1);
  tilesChanged(e);
}

function removeBonus(i) {
  const e = entry();
  remember(e);
  e.bonus.splice(i, 1);
  tilesChanged(e);
}

function changed() {
  const e = entry();
  e.result = null; e.error = "";
  state.settlement = null;
  save();
  render();
  clearTimeout(timer);
  timer = setTimeout(scoreCurrent, 150);
}

// --- scoring ------------------------------------------------------------------------------

function request(e, seat) {
  const o = offer();
  const body = { hand: e.text, ruleset: state.ruleset, seat, round: state.round };
  if (e.won) {
    body.win = e.win;
    body.by = e.by;
    for (const f of visibleFlags(e, seat, o)) if (e.flags[f]) body[f] = true;
  } else if (e.dead) body.dead = true;
  return body;
}

function visibleFlags(e, seat, o) {
  return o.flags.filter((f) => {
    if (f === "after_flower" || f === "kong_on_kong") return e.by === "loose";
    if (f === "first_discard") return e.by === "discard" && seat !== "E";
    return true;
  });
}

// Whether the hand names a tile more often than a set holds it (four, a bonus tile one).
function overCopies(e) {
  const n = {};
  for (const t of allTiles(e)) n[t] = (n[t] || 0) + 1;
  return Object.entries(n).some(([t, k]) => k > (BONUS.test(t) ? 1 : 4));
}

async function scoreCurrent() {
  const seat = state.current, e = state.entries[seat];
  if (e.manual) return;
  const size = handSize(e);
  if (!e.text.trim() || openGroup(e)) { render(); return; }
  // a hand still short of 13 is not sent -- unless it holds more copies of a tile than a set
  // has (55555d): then the server's words, as the command line's ("copy 5 of 5 dots")
  if (size < 13 && !overCopies(e)) { e.error = ""; render(); return; }
  if (e.won && !e.win) { e.error = "tap the winning tile below"; render(); return; }
  const body = request(e, seat), sent = JSON.stringify(body);
  e.pending = sent;
  try {
    const r = await fetch("/api/score", { method: "POST", headers: { "Content-Type": "application/json" }, body: sent });
    const data = await r.json().catch(() => ({ error: "the server did not answer with JSON" }));
    if (e.pending !== sent) return;  // a newer request went out
    if (r.ok) { e.result = data; e.error = ""; } else { e.result = null; e.error = data.error || "error " + r.status; }
  } catch (err) {
    if (e.pending !== sent) return;
    e.result = null; e.error = "the server cannot be reached";
  }
  delete e.pending;
  save();
  render();
}

function rescoreAll() {
  const keep = state.current;
  for (const w of WINDS) {
    const e = state.entries[w];
    e.result = null;
    if (!e.manual && e.text.trim()) { state.current = w; scoreCurrent(); }
  }
  state.current = keep;
}

// --- the score card -------------------------------------------------------------------------

function card(e) {
  const box = $("card");
  box.textContent = "";
  if (e.manual || !e.result) return;
  const d = e.result;
  const h = document.createElement("h3");
  h.textContent = "Score card";
  box.appendChild(h);
  const arr = document.createElement("p");
  arr.className = "hint";
  arr.textContent = "arrangement: " + d.arrangement;
  box.appendChild(arr);
  // the server's score card: its columns, each line's cells, the score in words (play/scorecard.py)
  const t = document.createElement("table");
  t.className = "scores";
  t.id = "card-items";
  const head = ["item"].concat(d.columns);
  t.innerHTML = "<thead><tr>" + head.map((x) => "<th>" + x + "</th>").join("") + "</tr></thead>";
  const tb = document.createElement("tbody");
  for (const line of d.lines) {
    const tr = document.createElement("tr");
    // each cell names its column (shown on a phone, where the rows are stacked without their head)
    [line.name].concat(line.cells).forEach((c, k) => { const td = document.createElement("td"); td.textContent = c; td.dataset.label = head[k]; tr.appendChild(td); });
    tb.appendChild(tr);
  }
  t.appendChild(tb);
  box.appendChild(t);
  const total = document.createElement("p");
  total.className = "total";
  total.id = "card-score";
  total.innerHTML = "score: <strong></strong> <span></span>";
  total.querySelector("strong").textContent = String(d.score);
  total.querySelector("span").textContent = "(" + d.counted + ")" + (d.limit_hand ? " limit hand: " + d.limit_hand : "");
  box.appendChild(total);
  for (const note of d.notes) {
    const p = document.createElement("p");
    p.className = "error";
    p.textContent = note;
    box.appendChild(p);
  }
}

// --- rendering ---------------------------------------------------------------------------

function segmented(box, options, value, onPick, name) {
  box.textContent = "";
  for (const [key, label] of options) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = label;
    b.dataset.value = key;
    b.setAttribute("role", "radio");
    b.setAttribute("aria-checked", String(key === value));
    b.className = key === value ? "on" : "";
    b.addEventListener("click", () => onPick(key));
    if (name) b.name = name;
    box.appendChild(b);
  }
}

function renderPalette() {
  const box = $("palette");
  box.textContent = "";
  const e = entry();
  const used = {};
  for (const t of allTiles(e)) used[t] = (used[t] || 0) + 1;
  const rows = [
    ["1b", "2b", "3b", "4b", "5b", "6b", "7b", "8b", "9b"],
    ["1c", "2c", "3c", "4c", "5c", "6c", "7c", "8c", "9c"],
    ["1d", "2d", "3d", "4d", "5d", "6d", "7d", "8d", "9d"],
    ["E", "S", "W", "N", "R", "G", "Wh"],
  ];
  const bonus = offer().bonus_tiles;
  if (bonus.length) rows.push(bonus);
  for (const r of rows) {
    const div = document.createElement("div");
    div.className = "palette-row";
    for (const t of r) {
      const b = face(t, { button: true, suffix: ": add" });
      b.classList.add("pick");
      const left = (BONUS.test(t) ? 1 : 4) - (used[t] || 0);
      b.disabled = left <= 0;
      b.addEventListener("click", () => tap(t));
      div.appendChild(b);
    }
    box.appendChild(div);
  }
}

function renderGroups() {
  const e = entry(), box = $("groups");
  box.textContent = "";
  const open = openGroup(e);
  e.groups.forEach((g, i) => {
    const div = document.createElement("div");
    div.className = "group " + g.kind + (g === open ? " open" : "");
    const label = document.createElement("span");
    label.className = "group-label";
    label.textContent = g.kind === "hidden" ? "held back" : KINDS[g.kind].label;
    div.appendChild(label);
    const tiles = document.createElement("span");
    tiles.className = "group-tiles";
    const mark = e.won && (g.kind === "rest" || g.kind === "concealed") ? g.tiles.lastIndexOf(e.win) : -1;
    g.tiles.forEach((t, k) => tiles.appendChild(face(t, { extra: "small" + (k === mark ? " winning" : "") })));
    div.appendChild(tiles);
    const x = document.createElement("button");
    x.type = "button";
    x.className = "remove";
    x.textContent = "×";
    x.setAttribute("aria-label", "remove the " + label.textContent + " " + g.tiles.join(" "));
    x.addEventListener("click", () => removeGroup(i));
    div.appendChild(x);
    box.appendChild(div);
  });
  e.bonus.forEach((t, i) => {
    const div = document.createElement("div");
    div.className = "group bonus";
    const label = document.createElement("span");
    label.className = "group-label";
    label.textContent = "laid out";
    div.appendChild(label);
    div.appendChild(face(t, { extra: "small" }));
    const x = document.createElement("button");
    x.type = "button"; x.className = "remove"; x.textContent = "×";
    x.setAttribute("aria-label", "remove " + tileName(t));
    x.addEventListener("click", () => removeBonus(i));
    div.appendChild(x);
    box.appendChild(div);
  });
  if (!e.groups.length && !e.bonus.length) {
    const p = document.createElement("p");
    p.className = "hint";
    p.textContent = "Tap tiles below, or type the notation.";
    box.appendChild(p);
  }
}

function renderWin() {
  const e = entry(), seat = state.current, o = offer();
  $("win-box").hidden = !e.won;
  $("dead-box").hidden = e.won;
  if (!e.won) return;
  const box = $("win-tiles");
  box.textContent = "";
  for (const t of [...new Set(concealedTiles(e))]) {
    const b = face(t, { button: true, suffix: t === e.win ? ": the winning tile" : ": make it the winning tile" });
    b.classList.add("small");
    if (t === e.win) b.classList.add("winning");
    b.setAttribute("aria-pressed", String(t === e.win));
    b.addEventListener("click", () => { e.win = t; changed(); });
    box.appendChild(b);
  }
  if (!box.children.length) box.textContent = "(enter the concealed tiles first: the winning tile is one of them)";
  segmented($("by"), o.by.map((b) => [b, BY_LABELS[b] || b]), e.by, (b) => { e.by = b; changed(); });
  const flags = $("flags");
  flags.textContent = "";
  for (const f of visibleFlags(e, seat, o)) {
    const l = document.createElement("label");
    l.className = "check";
    const c = document.createElement("input");
    c.type = "checkbox"; c.checked = !!e.flags[f]; c.dataset.flag = f;
    c.addEventListener("change", () => { e.flags[f] = c.checked; changed(); });
    l.appendChild(c);
    l.appendChild(document.createTextNode(" " + (FLAG_LABELS[f] || f)));
    flags.appendChild(l);
  }
}

// A seat's score for the settlement; null while it is still to be scored. Under a
// faan ruleset only the winner scores: a loser's hand left empty counts 0.
function seatScore(w) {
  const e = state.entries[w];
  if (e.manual) return e.manualScore === "" ? null : Number(e.manualScore);
  if (e.result) return e.result.score;
  const someoneWon = WINDS.some((x) => state.entries[x].won);
  return offer().faan && someoneWon && !e.won && !e.text.trim() ? 0 : null;
}

function renderSeats() {
  const box = $("seats");
  box.textContent = "";
  for (const w of WINDS) {
    const e = state.entries[w];
    const b = document.createElement("button");
    b.type = "button";
    b.setAttribute("role", "tab");
    b.setAttribute("aria-selected", String(w === state.current));
    b.className = "seat-tab" + (w === state.current ? " on" : "") + (e.won ? " won" : "") + (e.error ? " bad" : "");
    b.dataset.seat = w;
    const sc = seatScore(w);
    b.innerHTML = "<strong></strong><span class='who'></span><span class='sc'></span>";
    b.querySelector("strong").textContent = WIND_NAMES[w] + (w === "E" ? " (deals)" : "");
    b.querySelector(".who").textContent = nameOf(w);
    b.querySelector(".sc").textContent = e.error ? "!" : sc === null ? "–" : (e.won ? "won " : "") + sc;
    b.addEventListener("click", () => { state.current = w; save(); render(); });
    box.appendChild(b);
  }
}

function renderSettle() {
  const winner = WINDS.find((w) => state.entries[w].won) || null;
  const missing = WINDS.filter((w) => seatScore(w) === null);
  const we = winner && state.entries[winner];
  const sel = $("discarder");
  const wantDiscarder = winner && (we.manual || we.by === "discard" || we.by === "robbed-kong");
  $("discarder-box").hidden = !wantDiscarder;
  if (wantDiscarder) {
    sel.textContent = "";
    const none = document.createElement("option");
    none.value = ""; none.textContent = we.manual ? "nobody (self-drawn)" : "not said";
    sel.appendChild(none);
    for (const w of WINDS) if (w !== winner) {
      const o = document.createElement("option");
      o.value = w; o.textContent = WIND_NAMES[w] + " · " + nameOf(w);
      sel.appendChild(o);
    }
    if (state.discarder === winner) state.discarder = "";
    sel.value = state.discarder || "";
  }
  // a faan ruleset has the discarder pay more: ask who it was
  const askDiscarder = winner && offer().faan && !we.manual && we.by !== "wall" && we.by !== "loose" && !state.discarder;
  $("settle-status").textContent = missing.length
    ? "Still to score: " + missing.map((w) => WIND_NAMES[w] + " (" + nameOf(w) + ")").join(", ") + "."
    : askDiscarder ? "Who discarded the winning tile? (" + state.ruleset + ": the discarder pays double)"
    : winner ? WIND_NAMES[winner] + " (" + nameOf(winner) + ") went Mah-Jongg." : "Nobody went Mah-Jongg: a drawn hand.";
  $("settle").disabled = missing.length > 0 || askDiscarder;
  const box = $("settlement");
  box.textContent = "";
  $("record").hidden = !state.settlement;
  if (!state.settlement) return;
  const s = state.settlement;
  if (!s.settled) {
    const p = document.createElement("p");
    p.id = "settle-why";
    p.textContent = "A drawn hand: nothing is paid (" + s.why + ").";
    box.appendChild(p);
    return;
  }
  const t = document.createElement("table");
  t.className = "settlement";
  t.id = "payments";
  const grid = {};
  for (const a of WINDS) { grid[a] = {}; for (const b of WINDS) grid[a][b] = 0; }
  for (const p of s.payments) grid[p.from][p.to] += p.amount;
  let html = "<caption>payments (row pays column)</caption><thead><tr><th>pays \\ to</th>" + WINDS.map((w) => "<th>" + w + "</th>").join("") + "</tr></thead><tbody>";
  for (const a of WINDS) {
    html += "<tr><th>" + a + "</th>" + WINDS.map((b) => "<td>" + (a === b ? "" : grid[a][b]) + "</td>").join("") + "</tr>";
  }
  t.innerHTML = html + "</tbody>";
  box.appendChild(t);
  const net = document.createElement("p");
  net.id = "net";
  net.className = "total";
  net.textContent = "net: " + WINDS.map((w) => w + " " + nameOf(w) + " " + (s.net[w] > 0 ? "+" : "") + s.net[w]).join(", ");
  box.appendChild(net);
  if (s.capped_note) {
    // a hand counted above the limit was settled at it: the server says which and why (the book's words)
    const capped = document.createElement("p");
    capped.id = "capped";
    capped.textContent = "Capped: " + s.capped_note.replace(/\*/g, "");
    box.appendChild(capped);
  }
}

function roundName(w) { return WIND_NAMES[w] + " round"; }

function renderSheet() {
  const t = $("sheet"), names = state.players;
  t.textContent = "";
  const head = t.createTHead().insertRow();
  for (const h of ["hand", ...names]) { const th = document.createElement("th"); th.textContent = h; th.title = h; head.appendChild(th); }
  const tb = t.createTBody();
  const totals = [0, 0, 0, 0];
  for (const row of state.sheet) {
    const tr = tb.insertRow();
    const c = tr.insertCell();
    c.className = "hand-cell";
    c.textContent = row.no + " · " + row.round + " · " + names[row.east] + " deals" + (row.winner === null ? " · drawn" : "");
    for (let p = 0; p < 4; p++) {
      totals[p] += row.net[p];
      const td = tr.insertCell();
      td.className = "num" + (row.winner === p ? " won" : "");
      td.dataset.player = p;
      // whose the cell is: the column's head says so on a laptop; on a phone the rows are
      // stacked without their head, so each cell names its player (app.css, score.css)
      td.innerHTML = "<span class='who'></span><span class='net'></span><br><small class='sum'></small>";
      td.querySelector(".who").textContent = names[p] + ": ";
      td.querySelector(".net").textContent = (row.winner === p ? "★ " : "") + (row.net[p] > 0 ? "+" : "") + row.net[p];
      td.querySelector(".sum").textContent = "= " + totals[p];
    }
  }
  if (!state.sheet.length) {
    const td = tb.insertRow().insertCell();
    td.colSpan = 5; td.className = "hint"; td.textContent = "No hand recorded yet.";
  }
}

function renderPlayers() {
  const box = $("players");
  if (box.children.length) {
    box.querySelectorAll("input").forEach((inp, i) => { if (document.activeElement !== inp) inp.value = state.players[i]; });
    return;
  }
  state.players.forEach((n, i) => {
    const l = document.createElement("label");
    l.textContent = WIND_NAMES[WINDS[i]] + " at the start ";
    const inp = document.createElement("input");
    inp.value = n; inp.maxLength = 24; inp.id = "player-" + i;
    inp.addEventListener("input", () => { state.players[i] = inp.value.trim() || "Player " + (i + 1); save(); render(); });
    l.appendChild(inp);
    box.appendChild(l);
  });
}

function render() {
  const e = entry(), o = offer();
  $("deal-title").textContent = "Hand " + state.handNo + " · " + roundName(state.round) + " · " + state.players[state.east] + " deals";
  $("ruleset").value = state.ruleset;
  $("ruleset-title").textContent = o.title || "";
  $("round").value = state.round;
  $("seat-name").textContent = WIND_NAMES[state.current] + " · " + nameOf(state.current);
  $("won").checked = e.won;
  $("dead").checked = e.dead;
  $("score-only").checked = e.manual;
  $("score-only-box").hidden = !e.manual;
  $("tiles-box").hidden = e.manual;
  $("manual-score").value = e.manualScore;
  if (document.activeElement !== $("notation")) $("notation").value = e.text;
  segmented($("put"), Object.entries(KINDS).filter(([, v]) => !v.typed).map(([k, v]) => [k, v.label]), put, (k) => { put = k; render(); });
  $("hand-error").textContent = e.error || (!e.manual && e.text && handSize(e) < 13 && !openGroup(e) ? handSize(e) + " tiles so far: a hand has 13, or 14 with the winning tile (a kong counts as three)" : "");
  $("hand-error").className = e.error ? "error" : "hint";
  renderSeats();
  renderGroups();
  renderPalette();
  renderWin();
  card(e);
  renderSettle();
  renderSheet();
  renderPlayers();
}

// --- settling and the sheet ----------------------------------------------------------------

async function settleHand() {
  const scores = {};
  for (const w of WINDS) scores[w] = seatScore(w);
  const winner = WINDS.find((w) => state.entries[w].won) || null;
  const body = { scores, ruleset: state.ruleset };
  if (winner) body.winner = winner;
  if (winner && state.discarder) body.discarder = state.discarder;
  const dead = WINDS.filter((w) => !state.entries[w].won && state.entries[w].dead);
  if (dead.length) body.dead = dead;
  $("settle-error").textContent = "";
  try {
    state.settlement = await postJSON("/api/settle", body);
    state.settlement.winner = winner;
  } catch (err) {
    state.settlement = null;
    $("settle-error").textContent = err.message;
  }
  save();
  renderSettle();
}

function recordHand() {
  const s = state.settlement;
  if (!s) return;
  const net = [0, 0, 0, 0], score = [0, 0, 0, 0];
  for (const w of WINDS) { net[playerOf(w)] = s.net[w] || 0; score[playerOf(w)] = seatScore(w); }
  const winner = s.winner;
  state.sheet.push({ no: state.handNo, round: WIND_NAMES[state.round] + " round", east: state.east, ruleset: state.ruleset,
    winner: winner ? playerOf(winner) : null, score, net });
  const keeps = offer().east_keeps_deal[winner || "draw"];
  if (!keeps) {
    state.east = (state.east + 1) % 4;
    if (state.east === 0 && state.round !== "N") state.round = WINDS[WINDS.indexOf(state.round) + 1];
  }
  state.handNo += 1;
  state.entries = newHand();
  state.current = "E";
  state.settlement = null;
  state.discarder = "";
  save();
  render();
}

// A CSV cell: text that a spreadsheet would read as a formula (starting with = + - @,
// or a tab or carriage return) gets a leading ' (OWASP, "CSV Injection"); numbers stay numbers.
function csvCell(v) {
  let s = String(v);
  if (typeof v !== "number" && /^[=+\-@\t\r]/.test(s)) s = "'" + s;
  return /[",\n\r]/.test(s) ? '"' + s.replace(/"/g, '""') + '"' : s;
}

function csv() {
  const q = csvCell;
  const head = ["hand", "round", "ruleset", "East", "winner"];
  for (const n of state.players) head.push(n + " score", n + " net", n + " total");
  const lines = [head.map(q).join(",")];
  const totals = [0, 0, 0, 0];
  for (const r of state.sheet) {
    const cells = [r.no, r.round, r.ruleset, state.players[r.east], r.winner === null ? "draw" : state.players[r.winner]];
    for (let p = 0; p < 4; p++) { totals[p] += r.net[p]; cells.push(r.score[p], r.net[p], totals[p]); }
    lines.push(cells.map(q).join(","));
  }
  return lines.join("\n") + "\n";
}

function exportCsv() {
  const blob = new Blob([csv()], { type: "text/csv" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = "mahjongg-evening.csv";
  a.id = "csv-link";
  document.body.appendChild(a);
  a.click();
  setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
}

// --- wiring ---------------------------------------------------------------------------------

function wire() {
  $("faces").value = faceMode();
  $("faces").addEventListener("change", () => { setFaceMode($("faces").value); render(); });
  $("ruleset").addEventListener("change", () => { state.ruleset = $("ruleset").value; state.settlement = null; save(); render(); rescoreAll(); });
  $("round").addEventListener("change", () => { state.round = $("round").value; state.settlement = null; save(); render(); rescoreAll(); });
  $("won").addEventListener("change", () => {
    const e = entry();
    e.won = $("won").checked;
    if (e.won) { for (const w of WINDS) if (w !== state.current) state.entries[w].won = false; e.dead = false; rescoreAll(); }
    changed();
  });
  $("dead").addEventListener("change", () => { entry().dead = $("dead").checked; changed(); });
  $("score-only").addEventListener("change", () => { entry().manual = $("score-only").checked; changed(); });
  $("manual-score").addEventListener("input", () => { entry().manualScore = $("manual-score").value; state.settlement = null; save(); renderSeats(); renderSettle(); });
  $("notation").addEventListener("input", () => {
    const e = entry();
    if (!typing) { remember(e); typing = true; }
    e.text = $("notation").value;
    const parsed = parseNotation(e.text);
    if (parsed) { e.groups = parsed.groups; e.bonus = parsed.bonus; }
    changed();
  });
  $("notation").addEventListener("blur", () => { typing = false; });
  $("undo").addEventListener("click", () => {
    const e = entry(), last = e.history.pop();
    if (!last) return;
    Object.assign(e, JSON.parse(last));
    tilesChanged(e);
  });
  $("clear").addEventListener("click", () => { const e = entry(); remember(e); e.groups = []; e.bonus = []; e.win = null; tilesChanged(e); });
  $("discarder").addEventListener("change", () => { state.discarder = $("discarder").value; state.settlement = null; save(); renderSettle(); });
  $("settle").addEventListener("click", settleHand);
  $("record").addEventListener("click", recordHand);
  $("csv").addEventListener("click", exportCsv);
  $("new-evening").addEventListener("click", () => {
    if (state.sheet.length && !confirm("Start a new evening? The score sheet of this one is dropped (export it first).")) return;
    state = newEvening(state.ruleset, state.players);
    save(); render();
  });
}

async function start() {
  state = load() || newEvening();
  try {
    const r = await fetch("/api/score/rulesets");
    const data = await r.json();
    for (const o of data.rulesets) offers[o.name] = o;
  } catch (err) { $("hand-error").textContent = "the server cannot be reached"; }
  const sel = $("ruleset");
  for (const name of Object.keys(offers)) {
    const o = document.createElement("option");
    o.value = name; o.textContent = name;
    sel.appendChild(o);
  }
  for (const w of WINDS) {
    const o = document.createElement("option");
    o.value = w; o.textContent = WIND_NAMES[w];
    $("round").appendChild(o);
  }
  if (!offers[state.ruleset] && Object.keys(offers).length) state.ruleset = Object.keys(offers)[0];
  wire();
  render();
}

start();
