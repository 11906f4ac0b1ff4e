// The table page: one WebSocket to the server, which sends this seat's whole view
// after every change. The page holds nothing the server did not send to this seat.
"use strict";
(function () {
  const code = decodeURIComponent(location.pathname.split("/").pop()).toUpperCase();
  // /watch/CODE: a spectator, sent the public view (no seat, no concealed tile)
  const watching = location.pathname.startsWith("/watch/");
  const $ = id => document.getElementById(id);
  const ORDER = ["E", "S", "W", "N"];
  let seat = watching ? null : tokenFor(code);
  let ws = null, state = null, received = 0, selected = -1, retry = 0, stopped = false, resultHidden = false;

  $("code").textContent = code;
  $("invite").value = location.origin + "/t/" + code;
  $("copy").addEventListener("click", () => { $("invite").select(); navigator.clipboard && navigator.clipboard.writeText($("invite").value); });
  $("faces").value = faceMode();
  $("faces").addEventListener("change", () => { setFaceMode($("faces").value); $("faces").blur(); render(); });
  $("help-button").addEventListener("click", toggleHelp);
  function toggleHelp() { const h = $("help"); h.hidden = !h.hidden; $("help-button").setAttribute("aria-expanded", String(!h.hidden)); }

  function showError(msg, note) {
    $("error").classList.toggle("note", !!note);  // a note (the watch link copied), not an error
    $("error").textContent = msg || "";
    if (msg) setTimeout(() => { if ($("error").textContent === msg) $("error").textContent = ""; }, 6000);
  }
  // A message to the server; when the server cannot be reached, the player is told
  // (a click never vanishes silently) and the message is not sent.
  function send(obj) {
    if (ws && ws.readyState === 1) { ws.send(JSON.stringify(obj)); return true; }
    showError(stopped ? "This window is not connected to the table (see above)." : "Not sent: the server does not answer. Trying to reconnect…");
    return false;
  }
  function offline(msg) {
    const o = $("offline");
    o.hidden = !msg; o.textContent = msg || "";
    document.body.classList.toggle("is-offline", !!msg);
  }

  // --- connecting -------------------------------------------------------------
  async function boot() {
    if (seat || watching) return connect();
    let info;
    try {
      const r = await fetch("/api/tables/" + encodeURIComponent(code));
      info = await r.json();
      if (!r.ok) { showError(info.error); $("conn").textContent = "no such table"; return; }
    } catch (e) {
      offline("The server does not answer: check that it is running and the address is right. Trying again in 5 s…");
      setTimeout(boot, 5000); return;
    }
    offline(null);
    state = info; renderLobby(info);
    $("conn").textContent = "not seated";
    if (info.status === "lobby") {
      $("join-form").hidden = false;
      $("join-form").addEventListener("submit", async ev => {
        ev.preventDefault();
        try {
          const t = await postJSON("/api/tables/" + encodeURIComponent(code) + "/join", { name: $("join-name").value });
          seat = { token: t.token, player: t.player }; saveToken(code, seat);
          $("join-form").hidden = true; connect();
        } catch (e) { showError(e.message); }
      });
    } else {
      $("lobby-note").textContent = "This table has started and you have no seat at it.";
    }
  }

  function connect() {
    ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws/" + encodeURIComponent(code));
    let said = null;  // the server's last error before it closed the socket
    ws.onopen = () => { ws.send(JSON.stringify(watching ? { type: "watch" } : { type: "hello", token: seat.token })); if (showHint && !watching) ws.send(JSON.stringify({ type: "hint", on: true })); $("conn").textContent = "connected"; $("conn").className = "conn ok"; retry = 0; offline(null); };
    ws.onmessage = ev => {
      const m = JSON.parse(ev.data);
      if (m.type === "error") { said = m.message; actedAt = null; readyFor = null; showError(m.message); return; }
      if (m.type === "state") { state = m; received = performance.now(); render(); }
    };
    ws.onclose = ev => {
      $("conn").className = "conn bad";
      if ([4401, 4404, 4409, 4429].includes(ev.code)) {  // refused, or this seat opened elsewhere: do not fight over it
        stopped = true; $("conn").textContent = "closed";
        offline((said || "The server closed this connection.") + (watching ? " Reload the page to watch." : " Reload the page to play here."));
        return;
      }
      const wait = Math.min(8000, 500 * 2 ** retry++);
      $("conn").textContent = "reconnecting…";
      offline("The server does not answer (connection lost). Trying again in " + Math.ceil(wait / 1000) + " s; your moves are not sent until it is back.");
      if (!stopped) setTimeout(connect, wait);
    };
  }

  // --- rendering ----------------------------------------------------------------
  function seatByWind(w) { return state.seats.find(s => s.wind === w); }
  function me() { return state.you === null ? undefined : state.seats[state.you]; }

  // the header: how many watch, the watch link, the table's finished hands
  function renderLinks() {
    const n = state.watching || 0;
    $("watching").hidden = !n;
    $("watching").textContent = watching ? "watching (" + n + " spectator" + (n === 1 ? "" : "s") + ")" : n + " watching";
    const started = state.status !== "lobby";
    $("history-link").hidden = !started || !(state.hand_no > 1 || state.result);  // once a hand is over
    $("history-link").href = "/replay/" + encodeURIComponent(code);
    $("watch-copy").hidden = watching || !started;
  }
  $("watch-copy").addEventListener("click", () => {
    const url = location.origin + "/watch/" + code;
    if (navigator.clipboard) navigator.clipboard.writeText(url).catch(() => {});
    showError("Watch link copied: " + url, true);
  });

  function renderLobby(s) {
    $("lobby").hidden = false; $("board").hidden = true; $("mine").hidden = true;
    const ol = $("lobby-seats"); ol.textContent = "";
    for (const p of s.seats) {
      const li = document.createElement("li");
      li.textContent = p.kind === "open" ? "(empty: a bot will sit here)" : p.name + (p.kind === "bot" ? " (bot)" : "") + (p.connected ? " ● online" : "");
      if (s.you === p.player) li.classList.add("you");
      ol.appendChild(li);
    }
    $("info").textContent = s.ruleset + (s.hands ? ", " + s.hands + " hand(s)" : ", " + s.rounds + " round(s)");
    $("start").hidden = !(s.you === 0 && s.status === "lobby");
    if (s.you !== undefined && s.you !== 0) $("lobby-note").textContent = "Waiting for the host to start.";
  }

  function render() {
    if (!state) return;
    renderLinks();
    if (!state.game) { renderLobby(state); return; }
    $("lobby").hidden = true; $("board").hidden = false;
    const g = state.game;
    const mine = g.seat;  // null for a spectator: East at the bottom, every seat's tiles face down
    const i = Math.max(0, ORDER.indexOf(mine));
    const places = { bottom: ORDER[i], right: ORDER[(i + 1) % 4], top: ORDER[(i + 2) % 4], left: ORDER[(i + 3) % 4] };
    for (const [place, w] of Object.entries(places)) renderSeat($("seat-" + place), seatByWind(w), w === mine);
    $("info").textContent = $("info").title = state.ruleset + " · hand " + state.hand_no + (state.hands ? " of " + state.hands : "") + " · " + WIND_NAMES[g.round] + " round";
    $("wall").textContent = "";
    const wl = document.createElement("span"); wl.id = "wall-count"; wl.textContent = "Wall: " + g.wall_count + " tiles (" + g.drawable + " to draw)";
    $("wall").appendChild(wl);
    $("last").textContent = "";
    if (g.last_discard) {
      const who = seatByWind(g.last_discarder);
      const l = document.createElement("span"); l.textContent = (g.claim_window ? "Under claim: " : "Last discard: ") + who.name + " ";
      $("last").appendChild(l); $("last").appendChild(tileEl(g.last_discard, { extra: "last-discard" }));
    }
    const log = $("log"); log.textContent = "";
    for (const e of state.log.slice(-12)) {
      const li = document.createElement("li"); li.textContent = e.text + " ";
      if (e.tile) li.appendChild(tileEl(e.tile, { extra: "small" }));
      log.appendChild(li);
    }
    log.scrollTop = log.scrollHeight;  // the newest line in sight
    $("mine").hidden = watching;
    if (!watching) { renderHand(); renderActions(); renderHint(); }
    renderResult(); renderReturns();
  }

  // H or the Hint button: what the advisor (the master bot's judgement) would do now, in one's
  // turn or a claim pause (state.hint, sent only once asked for); off by default
  let showHint = false;
  function renderHint() {
    const el = $("hint");
    el.textContent = showHint ? (state && state.hint ? "Hint: " + state.hint : "Hint: none now (nothing for you to decide)") : "";
    el.hidden = !showHint;
    $("hint-button").setAttribute("aria-pressed", showHint ? "true" : "false");
  }
  function toggleHint() { showHint = !showHint; send({ type: "hint", on: showHint }); renderHint(); }

  // The ways back: to the score sheet from "Look at the table", to one's seat when idle.
  function renderReturns() {
    $("show-result").hidden = !(state.result && resultHidden);
    const mine = me();
    $("back").hidden = !(mine && mine.idle);
    const r = state.result;
    $("result-seed").textContent = r && r.seed !== undefined ? "(move by move, from the server's records) · this hand was dealt from seed " + r.seed +
      (r.match_seed !== undefined ? " (the match's seed: " + r.match_seed + ")" : "") : "";
  }
  function toggleResult() { resultHidden = !resultHidden; $("result").hidden = resultHidden; renderReturns(); if (!resultHidden) $("next").focus(); }

  function renderSeat(el, s, isMe) {
    el.textContent = "";
    el.dataset.wind = s.wind;
    el.classList.toggle("turn", state.game.turn === s.wind && state.game.phase === "turn");
    const head = document.createElement("div"); head.className = "seat-head";
    const name = document.createElement("strong"); name.textContent = s.name + (isMe ? " (you)" : "");
    head.appendChild(name);
    const wind = document.createElement("span"); wind.className = "wind-label"; wind.textContent = WIND_NAMES[s.wind];
    head.appendChild(wind);
    if (s.east) { const e = document.createElement("span"); e.className = "east-marker"; e.textContent = "East ★"; e.title = "the dealer: pays and collects double"; head.appendChild(e); }
    const chips = document.createElement("span"); chips.className = "chips"; chips.dataset.testid = "chips-" + s.wind; chips.textContent = "chips " + s.chips;
    head.appendChild(chips);
    if (s.kind === "bot") { const b = document.createElement("span"); b.className = "tag"; b.textContent = "bot"; head.appendChild(b); }
    if (s.kind === "human" && !s.connected) { const b = document.createElement("span"); b.className = "tag away"; b.textContent = s.standin ? "away (bot plays)" : "offline"; head.appendChild(b); }
    // public declarations (DMJL, BMJA): Original Call, a calling hand (BMJA)
    if (s.original_call || s.calling) { const b = document.createElement("span"); b.className = "tag called"; b.textContent = s.original_call ? "Original Call" : "calling"; head.appendChild(b); }
    if (s.dead) { const b = document.createElement("span"); b.className = "tag away"; b.textContent = "dead hand"; head.appendChild(b); }
    el.appendChild(head);
    if (!isMe) {
      const backs = document.createElement("div"); backs.className = "backs";
      backs.setAttribute("aria-label", s.concealed_count + " concealed tiles");
      for (let k = 0; k < s.concealed_count; k++) backs.appendChild(backEl());
      el.appendChild(backs);
    }
    const melds = document.createElement("div"); melds.className = "melds"; melds.setAttribute("aria-label", "melds");
    for (const m of s.melds) {
      const g = document.createElement("span"); g.className = "meld" + (m.exposed ? "" : " concealed");
      g.setAttribute("aria-label", (m.exposed ? "exposed " : "concealed ") + m.kind + " of " + tileName(m.tiles[0]));
      for (const t of m.tiles) g.appendChild(tileEl(t, { extra: "small" }));
      melds.appendChild(g);
    }
    for (const t of s.bonus) melds.appendChild(tileEl(t, { extra: "small bonus-tile" }));
    el.appendChild(melds);
    const dis = document.createElement("div"); dis.className = "discards"; dis.setAttribute("aria-label", "discards of " + s.name);
    const g = state.game;
    s.discards.forEach((d, k) => {
      const isLast = g.last_discarder === s.wind && k === s.discards.length - 1 && !d.taken;
      dis.appendChild(tileEl(d.tile, { extra: "small" + (d.taken ? " taken" : "") + (isLast ? " last-discard" : ""), suffix: d.taken ? " (claimed)" : isLast ? " (last discard)" : "" }));
    });
    el.appendChild(dis);
  }

  function discardable() {
    return new Set((state.legal || []).filter(a => a.kind === "discard").map(a => a.tile));
  }
  function handTiles() {
    const g = state.game;
    return g.drawn ? g.concealed.concat([g.drawn]) : g.concealed.slice();
  }

  function renderHand() {
    const g = state.game, h = $("hand"); h.textContent = "";
    const can = discardable();
    const tiles = handTiles();
    if (selected >= tiles.length) selected = tiles.length - 1;
    if (!can.size) selected = -1;
    for (const t of g.hidden || []) h.appendChild(tileEl(t, { extra: "held", suffix: " (held back)" }));
    tiles.forEach((t, k) => {
      const drawn = g.drawn && k === tiles.length - 1;
      const b = tileEl(t, { button: true, extra: (drawn ? "drawn" : "") + (k === selected ? " selected" : ""), suffix: drawn ? " (drawn)" : "" });
      b.disabled = !can.has(t);
      // one act per intention: a tap chooses, a second tap discards (a double-click is
      // those two clicks; there is no dblclick handler to send the discard again)
      b.addEventListener("click", () => {
        if (selected === k) discard(k); else { selected = k; renderHand(); }
      });
      h.appendChild(b);
    });
  }

  function discard(k) {
    const t = handTiles()[k];
    if (!discardable().has(t)) return;
    act({ kind: "discard", tile: t });
    selected = -1;
  }

  // One act per view: after an act is sent, nothing more is sent from the same view
  // (a double-click, a double tap, a key held down) until the server answers with a
  // new view or an error.
  let actedAt = null;
  function act(a) {
    if (actedAt === state.v) return false;
    if (send({ type: "act", kind: a.kind, tile: a.tile, chow: a.chow, v: state.v })) { actedAt = state.v; return true; }
    return false;
  }
  let readyFor = null;
  function ready() {
    if (readyFor === state.hand_no) return;
    if (send({ type: "ready" })) readyFor = state.hand_no;
  }

  let countdown = null;
  function renderActions() {
    const box = $("actions"); box.textContent = "";
    const g = state.game;
    const acts = (state.legal || []).filter(a => a.kind !== "discard");
    acts.forEach((a, k) => {
      const b = document.createElement("button"); b.type = "button";
      b.className = "act act-" + a.kind; b.dataset.kind = a.kind;
      // the label is the server's (the engine's one table of the actions in words), then its tiles
      b.appendChild(document.createTextNode((k + 1) + ". " + a.label + " "));
      for (const t of a.label_tiles) b.appendChild(tileEl(t, { extra: "small" }));
      b.addEventListener("click", () => act(a));
      box.appendChild(b);
    });
    const p = $("prompt"); p.textContent = "";
    const mine = me();
    if (g.phase === "over") p.textContent = "The hand is over.";
    else if (mine && mine.idle) p.textContent = "Your time ran out, so a bot played for you: act (or press I'm back) to take over.";
    else if (g.claim_window) {
      // the claim pause: after every discard every seat sees the same words, whether anyone can
      // claim or not; a seat asked (it can claim) has its choices as buttons and its own countdown
      const s = document.createElement("span");
      s.textContent = !g.last_discard ? "Washing pause" : g.robbing ? "Kong pause on " : "Claim pause on ";
      p.appendChild(s);
      if (g.last_discard) p.appendChild(tileEl(g.last_discard, { extra: "small" }));
      const w = document.createElement("span"); w.textContent = acts.length ? "" : " (waiting for the table)"; p.appendChild(w);
      const c = document.createElement("span"); c.id = "countdown"; c.className = "countdown"; p.appendChild(c);
    } else if (discardable().size || (acts.length && g.phase === "turn")) {
      p.textContent = "Your turn: discard a tile (tap it twice, or ← → and Enter)" + (acts.length ? ", or declare." : ".")
        + (mine && mine.original_call ? " Original Call: you discard the tile you drew." : "");
      const c = document.createElement("span"); c.id = "countdown"; c.className = "countdown"; p.appendChild(c);
    }
    else { const t = seatByWind(g.turn); p.textContent = t ? "Waiting for " + t.name + "…" : ""; }
    clearInterval(countdown);
    const box2 = $("auto-pass-box");
    // the box matters only with other people at the table: alone, you are asked only when you can claim
    box2.hidden = watching || g.phase === "over" || state.seats.filter(x => x.kind === "human").length < 2;
    $("auto-pass").checked = !!state.auto_pass;
    if (state.deadline !== null && state.deadline !== undefined && ((state.legal || []).length || g.claim_window)) {
      const tick = () => {
        const left = Math.max(0, state.deadline - (performance.now() - received) / 1000);
        const c = $("countdown"); if (c) c.textContent = " " + Math.ceil(left) + " s left";
      };
      tick(); countdown = setInterval(tick, 250);
    }
  }

  function renderResult() {
    const r = state.result, box = $("result");
    if (!r) { box.hidden = true; resultHidden = false; return; }
    box.hidden = resultHidden;
    const names = r.names;
    [$("result-title").textContent, $("result-how").textContent] = resultHeadline(r);
    const seats = fillScoreSheet(r, $("scores"), $("settlement"));
    $("replay-link").href = "/replay/" + encodeURIComponent(code) + "/" + r.hand_no;
    $("next").hidden = r.match_over || watching;
    $("result-next").textContent = r.match_over ? "The match is over. Final chips: " + seats.map(w => names[w] + " " + r.totals[w]).join(", ") :
      (watching ? "The next hand starts when the players are ready." : state.ready.includes(state.you) ? "Waiting for the others…" : "");
  }

  // --- input ------------------------------------------------------------------------
  $("start").addEventListener("click", () => send({ type: "start" }));
  $("next").addEventListener("click", ready);
  $("hide-result").addEventListener("click", toggleResult);
  $("show-result").addEventListener("click", toggleResult);
  $("back").addEventListener("click", () => send({ type: "back" }));
  $("hint-button").addEventListener("click", toggleHint);
  $("auto-pass").addEventListener("change", ev => send({ type: "auto_pass", on: ev.target.checked }));
  document.addEventListener("keydown", ev => {
    const t = ev.target;
    if ((t.tagName === "INPUT" && t.type !== "checkbox" && t.type !== "radio") || t.tagName === "SELECT" || t.tagName === "TEXTAREA" || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const k = ev.key;
    if (k === "?") { toggleHelp(); return; }
    if (k === "g" || k === "G") { const f = $("faces"); f.value = FACES[(FACES.indexOf(f.value) + 1) % FACES.length]; setFaceMode(f.value); render(); return; }
    if (!state || !state.game) return;
    if (state.result && k === "Escape") { toggleResult(); return; }
    if (watching) return;  // a spectator only looks
    if (k === "h" || k === "H") { toggleHint(); return; }
    if ((k === "n" || k === "N") && state.result) { ready(); return; }
    const acts = (state.legal || []).filter(a => a.kind !== "discard");
    const fire = kinds => { const a = acts.find(x => kinds.includes(x.kind)); if (a) { act(a); ev.preventDefault(); } };
    if (/^[1-9]$/.test(k)) { const a = acts[Number(k) - 1]; if (a) act(a); return; }
    switch (k.toLowerCase()) {
      case "m": return fire(["mahjongg"]);
      case "p": return fire(["pung"]);
      case "k": return fire(["kong", "concealed-kong", "add-kong"]);
      case "c": return fire(["chow"]);
      case "x": case "escape": return fire(["pass"]);
    }
    const n = handTiles().length;
    if (!discardable().size) return;
    if (k === "ArrowRight") { selected = (selected + 1) % n; renderHand(); ev.preventDefault(); }
    else if (k === "ArrowLeft") { selected = selected <= 0 ? n - 1 : selected - 1; renderHand(); ev.preventDefault(); }
    else if ((k === "Enter" || k === "d" || k === "D") && selected >= 0) { discard(selected); ev.preventDefault(); }
  });

  boot();
})();
