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
  // The ruleset's options a table may set, each drawn by its kind as the server describes it
  // (/api/rulesets: its words from the rule card, the ruleset's value, the choices or bounds):
  // a new option appears here with no change to this page.
  function control(o) {
    const l = document.createElement("label");
    l.textContent = o.label.charAt(0).toUpperCase() + o.label.slice(1) + " ";  // the rule card's words, as a sentence
    l.title = "the ruleset's: " + o.text;
    let i;
    if (o.kind === "yes-no") { i = document.createElement("input"); i.type = "checkbox"; i.checked = o.value; l.prepend(i); }
    else if (o.kind === "choice") {
      i = document.createElement("select");
      for (const c of o.choices) {
        const e = document.createElement("option");
        e.value = c === null ? "" : c; e.textContent = c === null ? "none" : c; e.selected = c === o.value;
        i.appendChild(e);
      }
      l.appendChild(i);
    } else {
      i = document.createElement("input"); i.type = "number"; i.min = String(o.min); i.max = String(o.max);
      i.value = o.value === null ? "" : String(o.value);
      if (o.none) i.placeholder = "none";
      l.appendChild(i);
    }
    i.id = "opt-" + o.option; i.dataset.option = o.option;
    return l;
  }
  // a control's value as the server reads it (null: none)
  function valueOf(i, o) {
    if (o.kind === "yes-no") return i.checked;
    if (o.kind === "choice") return i.value === "" ? null : i.value;
    return i.value === "" ? null : Number(i.value);
  }
  function ruleset() { return meta.rulesets.find(x => x.name === rsSel.value); }
  function showOptions() {
    const r = ruleset();
    document.getElementById("ruleset-title").textContent = r.title;
    opts.querySelectorAll("label").forEach(l => l.remove());
    // a choice of one (no special tiles in this ruleset) is no choice: not drawn
    for (const o of r.options) if (o.kind !== "choice" || o.choices.length > 1) opts.appendChild(control(o));
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
    const options = {};  // only those changed from the ruleset's
    for (const o of ruleset().options) {
      const i = document.getElementById("opt-" + o.option);
      const v = i ? valueOf(i, o) : o.value;
      if (v !== o.value) options[o.option] = v;
    }
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
