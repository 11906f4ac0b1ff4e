"use strict";
(async function () {
  const err = document.getElementById("lobby-error");
  const rsSel = document.getElementById("ruleset");
  const opts = document.getElementById("options");
  const bots = document.getElementById("bots");
  // An error is shown beside the button that was pressed, scrolled into sight.
  function fail(el, message) {
    el.textContent = message;
    el.scrollIntoView({ block: "center" });
  }
  // the tables this browser holds a seat at (common.js keeps each seat's token): links back
  // to each, and to its finished hands (the replays)
  const mine = [];
  for (let i = 0; i < localStorage.length; i++) {
    const k = localStorage.key(i), m = /^mahjongg:seat:([A-Z0-9]{4,8})$/.exec(k || "");
    if (m && tokenFor(m[1])) mine.push(m[1]);
  }
  if (mine.length) {
    document.getElementById("mine-box").hidden = false;
    const ul = document.getElementById("my-tables");
    for (const code of mine.sort()) {
      const li = document.createElement("li");
      const t = document.createElement("a"); t.href = "/t/" + code; t.textContent = "Table " + code;
      const r = document.createElement("a"); r.href = "/replay/" + code; r.textContent = "finished hands";
      li.append(t, " · ", r);
      ul.appendChild(li);
    }
  }
  let meta;
  try { meta = await (await fetch("/api/rulesets")).json(); } catch (e) { err.textContent = "The server does not answer."; return; }
  for (const r of meta.rulesets) {
    const o = document.createElement("option");
    o.value = r.name; o.textContent = r.name; rsSel.appendChild(o);
  }
  const LABELS = {
    limit: "Limit of a hand (points; empty for none)",
    payment_limit: "Limit of one payment (empty for none)",
    east_factor: "East pays and collects × ",
    settle_draws: "Settle drawn hands among the players",
    draw_keeps_deal: "East keeps the deal when nobody wins",
  };
  function showOptions() {
    const r = meta.rulesets.find(x => x.name === rsSel.value);
    document.getElementById("ruleset-title").textContent = r.title;
    opts.querySelectorAll("label").forEach(l => l.remove());
    for (const [k, v] of Object.entries(r.options)) {
      const l = document.createElement("label");
      l.textContent = LABELS[k] || k;
      const i = document.createElement("input");
      i.id = "opt-" + k; i.dataset.option = k;
      if (typeof v === "boolean") { i.type = "checkbox"; i.checked = v; l.prepend(i); }
      else { i.type = "number"; i.min = "1"; i.value = v === null ? "" : String(v); l.appendChild(i); }
      opts.appendChild(l);
    }
    if (r.special_tile_sets.length) {  // a choice of special tiles (seed 001): a select, not a number
      const l = document.createElement("label");
      l.textContent = "Special tiles ";
      const sel = document.createElement("select");
      sel.id = "opt-special_tiles";
      for (const name of ["", ...r.special_tile_sets]) {
        const o = document.createElement("option");
        o.value = name; o.textContent = name || "none (Flowers)"; o.selected = name === (r.special_tiles || "");
        sel.appendChild(o);
      }
      l.appendChild(sel); opts.appendChild(l);
    }
  }
  rsSel.addEventListener("change", showOptions);
  showOptions();
  for (let p = 2; p <= 4; p++) {
    const l = document.createElement("label");
    l.textContent = "Seat " + p + " if empty: ";
    const s = document.createElement("select");
    s.className = "bot-kind"; s.id = "bot-" + p;
    for (const b of meta.bots) {
      const o = document.createElement("option"); o.value = b; o.textContent = b;
      if (b === meta.default_bot) o.selected = true;
      s.appendChild(o);
    }
    l.appendChild(s); bots.appendChild(l);
  }
  document.getElementById("create").addEventListener("submit", async ev => {
    ev.preventDefault(); err.textContent = "";
    const where = document.getElementById("create-error"); where.textContent = "";
    const options = {};
    opts.querySelectorAll("input").forEach(i => {
      const k = i.dataset.option;
      if (i.type === "checkbox") options[k] = i.checked;
      else options[k] = i.value === "" ? null : Number(i.value);
    });
    const r = meta.rulesets.find(x => x.name === rsSel.value);
    for (const k of Object.keys(options)) if (options[k] === r.options[k]) delete options[k];
    const special = document.getElementById("opt-special_tiles");
    if (special && special.value !== (r.special_tiles || "")) options.special_tiles = special.value || null;
    const body = {
      name: document.getElementById("create-name").value,
      ruleset: rsSel.value, options,
      bots: Array.from(bots.querySelectorAll("select")).map(s => s.value),
      claim_seconds: Number(document.getElementById("claim-seconds").value),
      turn_seconds: Number(document.getElementById("turn-seconds").value),
    };
    if (document.querySelector("input[name=length]:checked").value === "rounds") body.rounds = Number(document.getElementById("rounds").value);
    else body.hands = Number(document.getElementById("hands").value);
    try {
      const t = await postJSON("/api/tables", body);
      saveToken(t.code, { token: t.token, player: t.player });
      location.href = "/t/" + t.code;
    } catch (e) { fail(where, e.message); }
  });
  document.getElementById("join").addEventListener("submit", async ev => {
    ev.preventDefault(); err.textContent = "";
    const where = document.getElementById("join-error"); where.textContent = "";
    const code = document.getElementById("join-code").value.trim().toUpperCase();
    try {
      const t = await postJSON("/api/tables/" + encodeURIComponent(code) + "/join", { name: document.getElementById("join-name").value });
      saveToken(t.code, { token: t.token, player: t.player });
      location.href = "/t/" + t.code;
    } catch (e) { fail(where, e.message); }
  });
})();
