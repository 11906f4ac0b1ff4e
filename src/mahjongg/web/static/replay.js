// The replay page: /replay/CODE lists a table's finished hands; /replay/CODE/N shows hand N
// step by step with every hand laid open, then its score sheet. Everything comes from the
// server's records of finished hands (GET /api/tables/CODE/hands[/N]); a hand still on the
// table has no replay, and the page says only that.
"use strict";
(function () {
  const $ = id => document.getElementById(id);
  const parts = location.pathname.split("/").filter(Boolean);  // ["replay", CODE, N?]
  const code = decodeURIComponent(parts[1] || "").toUpperCase();
  const handNo = parts[2];
  const ORDER = ["E", "S", "W", "N"];
  // the table as the viewer sat at it: a player of this table (his seat kept in this browser)
  // has his own seat at the bottom, as at the table; anyone else sees it as East does
  let places = { bottom: "E", right: "S", top: "W", left: "N" };
  let data = null, at = 0;
  function seatPlaces() {
    const mine = tokenFor(code), w = mine && data.winds ? data.winds[mine.player] : undefined;
    const i = Math.max(0, ORDER.indexOf(w));
    you = ORDER.includes(w) ? w : null;
    return { bottom: ORDER[i], right: ORDER[(i + 1) % 4], top: ORDER[(i + 2) % 4], left: ORDER[(i + 3) % 4] };
  }
  let you = null;

  $("to-table").href = "/t/" + encodeURIComponent(code);
  $("to-history").href = "/replay/" + encodeURIComponent(code);
  function showError(msg) { $("error").textContent = msg || ""; }

  async function get(url) {
    let r;
    try { r = await fetch(url); } catch (e) { throw new Error("The server does not answer: check that it is running, then reload."); }
    const body = await r.json().catch(() => ({ error: "the server did not answer with JSON" }));
    if (!r.ok) throw new Error(body.error || ("error " + r.status));
    return body;
  }

  // --- the table's finished hands -------------------------------------------------
  async function showHistory() {
    let h;
    try { h = await get("/api/tables/" + encodeURIComponent(code) + "/hands"); } catch (e) { showError(e.message); return; }
    $("history").hidden = false;
    $("title").textContent = "Table " + code + ": finished hands";
    const ol = $("history-list"); ol.textContent = "";
    for (const x of h.hands) {
      const li = document.createElement("li");
      const a = document.createElement("a"); a.href = "/replay/" + encodeURIComponent(code) + "/" + x.hand;
      a.textContent = "Hand " + x.hand + " (" + WIND_NAMES[x.round] + " round, " + x.east + " East): " +
        (x.winner ? x.winner + " goes Mah-Jongg" : "drawn (" + x.reason + ")");
      li.appendChild(a);
      const chips = document.createElement("span"); chips.className = "hint";
      chips.textContent = " — " + h.names.map((n, p) => n + " " + (x.chips[p] > 0 ? "+" : "") + x.chips[p]).join(", ");
      li.appendChild(chips);
      ol.appendChild(li);
    }
    $("history-note").textContent = (h.hands.length ? "" : "No hand of this table is over yet. ") +
      (h.playing ? "Hand " + h.playing + " is not over yet: its replay opens when it is over." :
        h.status === "finished" && h.hands.length ? "The match is over. Final chips: " +
          h.names.map((n, p) => n + " " + h.hands[h.hands.length - 1].totals[p]).join(", ") : "");
  }

  // --- one hand, step by step ---------------------------------------------------------
  async function showHand() {
    try { data = await get("/api/tables/" + encodeURIComponent(code) + "/hands/" + encodeURIComponent(handNo)); }
    catch (e) { showError(e.message); $("to-history").hidden = false; return; }
    $("replay").hidden = false; $("to-history").hidden = false;
    $("title").textContent = "Replay: table " + code + ", hand " + data.hand + " · " + data.ruleset + " · " + WIND_NAMES[data.round] + " round";
    $("slider").max = String(data.steps.length - 1);
    places = seatPlaces();
    const m = /^#(\d+)$/.exec(location.hash);
    go(m ? Number(m[1]) : 0);
  }

  function go(k) {
    const was = at;
    at = Math.max(0, Math.min(data.steps.length - 1, k));
    history.replaceState(null, "", "#" + at);
    render();
    if (at === data.steps.length - 1 && was !== at) $("sheet").scrollIntoView({ block: "start" });  // the end: its score sheet
    else if (at !== data.steps.length - 1 && was === data.steps.length - 1) window.scrollTo(0, 0);
  }
  function nextClaim() {
    for (let k = at + 1; k < data.steps.length; k++) if (data.steps[k].kind === "claim") return go(k);
    go(data.steps.length - 1);
  }

  function seatEl(el, w, st) {
    el.textContent = "";
    el.dataset.wind = w;
    const s = st.seats[w];
    el.classList.toggle("turn", st.turn === w);
    const head = document.createElement("div"); head.className = "seat-head";
    const name = document.createElement("strong"); name.textContent = data.names[w] + (w === you ? " (you)" : ""); head.appendChild(name);
    const wind = document.createElement("span"); wind.className = "wind-label"; wind.textContent = WIND_NAMES[w]; head.appendChild(wind);
    if (w === "E") { const e = document.createElement("span"); e.className = "east-marker"; e.textContent = "East ★"; head.appendChild(e); }
    // public declarations (DMJL, BMJA): Original Call, a calling hand (BMJA)
    if (s.original_call || s.calling) { const b = document.createElement("span"); b.className = "tag called"; b.textContent = s.original_call ? "Original Call" : "calling"; head.appendChild(b); }
    if (s.dead) { const b = document.createElement("span"); b.className = "tag away"; b.textContent = "dead hand"; head.appendChild(b); }
    el.appendChild(head);
    const open = document.createElement("div"); open.className = "melds open-hand";
    open.setAttribute("aria-label", "concealed tiles of " + data.names[w]); open.dataset.concealed = s.concealed.join(" ");
    for (const t of s.concealed) open.appendChild(tileEl(t, { extra: "small" }));
    el.appendChild(open);
    const melds = document.createElement("div"); melds.className = "melds"; melds.setAttribute("aria-label", "melds");
    for (const m of s.melds) {
      const g = document.createElement("span"); g.className = "meld" + (m.exposed ? "" : " concealed");
      g.setAttribute("aria-label", (m.exposed ? "exposed " : "concealed ") + m.kind + " of " + tileName(m.tiles[0]));
      for (const t of m.tiles) g.appendChild(tileEl(t, { extra: "small" }));
      melds.appendChild(g);
    }
    for (const t of s.bonus) melds.appendChild(tileEl(t, { extra: "small bonus-tile" }));
    el.appendChild(melds);
    const dis = document.createElement("div"); dis.className = "discards"; dis.setAttribute("aria-label", "discards of " + data.names[w]);
    s.discards.forEach((d, k) => {
      const isLast = st.last_discarder === w && k === s.discards.length - 1 && !d.taken;
      dis.appendChild(tileEl(d.tile, { extra: "small" + (d.taken ? " taken" : "") + (isLast ? " last-discard" : "") }));
    });
    el.appendChild(dis);
  }

  function render() {
    const st = data.steps[at], end = at === data.steps.length - 1;
    for (const [place, w] of Object.entries(places)) if (st.seats[w]) seatEl($("seat-" + place), w, st);
    $("where").textContent = (at === 0 ? "The deal" : "Move " + at) + " of " + (data.steps.length - 1);
    $("wall").textContent = "Wall: " + st.wall_count + " tiles";
    const ol = $("lines"); ol.textContent = "";
    const lines = at === 0 ? [{ text: "The tiles are dealt: " + data.names.E + " is East and plays first." }].concat(st.lines) : st.lines;
    for (const l of lines) {
      const li = document.createElement("li"); li.textContent = l.text + " ";
      if (l.tile) li.appendChild(tileEl(l.tile, { extra: "small" }));
      ol.appendChild(li);
    }
    $("slider").value = String(at);
    $("first").disabled = $("prev").disabled = at === 0;
    $("next").disabled = $("last").disabled = $("claim").disabled = end;
    $("sheet").hidden = !end;
    if (end) {
      const r = data.result;
      [$("result-title").textContent, $("result-how").textContent] = resultHeadline(r);
      fillScoreSheet(r, $("scores"), $("settlement"));
      $("result-seed").textContent = "This hand was dealt from seed " + r.seed + ".";
    }
  }

  // --- input: buttons, keys, the slider, swipes ------------------------------------------
  $("first").addEventListener("click", () => go(0));
  $("prev").addEventListener("click", () => go(at - 1));
  $("next").addEventListener("click", () => go(at + 1));
  $("last").addEventListener("click", () => go(data.steps.length - 1));
  $("claim").addEventListener("click", nextClaim);
  $("slider").addEventListener("input", () => go(Number($("slider").value)));
  document.addEventListener("keydown", ev => {
    if (!data || ev.ctrlKey || ev.metaKey || ev.altKey || ev.target.tagName === "INPUT") return;
    const k = ev.key;
    if (k === "ArrowRight") go(at + 1);
    else if (k === "ArrowLeft") go(at - 1);
    else if (k === "Home") go(0);
    else if (k === "End") go(data.steps.length - 1);
    else if (k === "c" || k === "C") nextClaim();
    else return;
    ev.preventDefault();
  });
  let touch = null;  // a swipe on the board: left is forward, right is back
  $("board").addEventListener("touchstart", ev => { const t = ev.changedTouches[0]; touch = [t.clientX, t.clientY]; }, { passive: true });
  $("board").addEventListener("touchend", ev => {
    if (!touch || !data) return;
    const t = ev.changedTouches[0], dx = t.clientX - touch[0], dy = t.clientY - touch[1];
    touch = null;
    if (Math.abs(dx) > 50 && Math.abs(dx) > 2 * Math.abs(dy)) go(at + (dx < 0 ? 1 : -1));
  });

  if (!code) showError("A replay link names a table: /replay/CODE or /replay/CODE/HAND.");
  else if (handNo === undefined) showHistory();
  else showHand();
})();
