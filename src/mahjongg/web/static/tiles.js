// Tile pictures drawn by the project: every tile face as an SVG, no font needed.
//
// API (a global `MahjonggTiles`, no other script needed; works in any page):
//   MahjonggTiles.name(code)          -> "5 of bamboo", "East wind", "red dragon",
//                                        "Flower 1 (East)", "Season 3 (West)", "Cat", "Pot of Gold";
//                                        the code itself for an unknown code
//   MahjonggTiles.markup(code, opts)  -> the SVG as a string
//   MahjonggTiles.svg(code, opts)     -> an <svg> element (SVGSVGElement)
//   MahjonggTiles.codes               -> every code drawn, in sorting order
//   MahjonggTiles.known(code)         -> whether a code is a tile
// opts: { frame: true }  draw the tile's ivory body and edge (false: the face only, on a
//                        transparent ground, for a container that draws the body itself)
//       { label: true }  role="img" and aria-label = the tile's name (false: aria-hidden,
//                        for a container that carries the label itself)
//       { title: false } add a <title> (a tooltip) with the name
// The SVG has class "mj-tile" (and "mj-tile-framed" with a frame); its viewBox is 60×80
// and it fills its container (width/height 100%) unless opts.width / opts.height give a
// size. tiles.css has the few rules a page needs (optional).
//
// Codes are the project's tile notation (docs/notation.md): 1b-9b bamboo, 1c-9c characters,
// 1d-9d dots, E S W N winds, R G Wh dragons, f1-f4 Flowers, s1-s4 Seasons (1-4 stand for
// East, South, West, North), Cat Mouse Fisherman Fish Cock Worm Man Gold special tiles.
// No two tiles differ by colour alone: suits by their symbols, dragons by shape and letter,
// Flowers and Seasons by picture and letter, every suit tile has its number in a corner.
"use strict";
(function (root) {
  const NS = "http://www.w3.org/2000/svg";
  const SUIT = { b: "bamboo", c: "characters", d: "dots" };
  const WINDS = { E: "East", S: "South", W: "West", N: "North" };
  const DRAGONS = { R: "red dragon", G: "green dragon", Wh: "white dragon" };
  const SPECIAL = { Cat: "Cat", Mouse: "Mouse", Fisherman: "Fisherman", Fish: "Fish", Cock: "Cock", Worm: "Worm", Man: "Man", Gold: "Pot of Gold" };
  const BY_NUMBER = ["E", "S", "W", "N"];
  const C = { green: "#17703a", red: "#b3261e", blue: "#174ea6", ink: "#1f1f1f", gold: "#a86b00", brown: "#6d4c2f" };

  const codes = [];
  for (const s of "bcd") for (let n = 1; n <= 9; n++) codes.push(n + s);
  codes.push("E", "S", "W", "N", "R", "G", "Wh", "f1", "f2", "f3", "f4", "s1", "s2", "s3", "s4");
  codes.push(...Object.keys(SPECIAL));
  const KNOWN = new Set(codes);

  function name(code) {
    const m = /^([1-9])([bcd])$/.exec(code);
    if (m) return m[1] + " of " + SUIT[m[2]];
    if (WINDS[code]) return WINDS[code] + " wind";
    if (DRAGONS[code]) return DRAGONS[code];
    const f = /^([fs])([1-4])$/.exec(code);
    if (f) return (f[1] === "f" ? "Flower " : "Season ") + f[2] + " (" + WINDS[BY_NUMBER[f[2] - 1]] + ")";
    if (SPECIAL[code]) return SPECIAL[code];
    return String(code);
  }

  const esc = s => String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  const text = (x, y, s, size, fill, extra) =>
    `<text x="${x}" y="${y}" font-family="Arial, Helvetica, sans-serif" font-weight="700" font-size="${size}" fill="${fill}" text-anchor="middle"${extra || ""}>${esc(s)}</text>`;
  const corner = (s, fill) => text(8, 12, s, 11, fill || C.ink);
  // a suit's pattern shrunk below the corner number
  const fit = body => `<g transform="translate(4.5 10) scale(.85)">${body}</g>`;

  // --- dots: circles in the usual patterns ----------------------------------------
  const DOTS = {
    1: [[30, 40]],
    2: [[30, 22], [30, 58]],
    3: [[16, 18], [30, 40], [44, 62]],
    4: [[19, 24], [41, 24], [19, 56], [41, 56]],
    5: [[18, 20], [42, 20], [30, 40], [18, 60], [42, 60]],
    6: [[20, 18], [40, 18], [20, 40], [40, 40], [20, 62], [40, 62]],
    7: [[14, 14], [30, 22], [46, 30], [20, 50], [40, 50], [20, 68], [40, 68]],
    8: [[20, 13], [40, 13], [20, 31], [40, 31], [20, 49], [40, 49], [20, 67], [40, 67]],
    9: [[14, 18], [30, 18], [46, 18], [14, 40], [30, 40], [46, 40], [14, 62], [30, 62], [46, 62]],
  };
  const DOT_R = { 1: 17, 2: 11, 3: 9, 4: 9, 5: 8.5, 6: 8, 7: 7, 8: 7, 9: 7 };
  function dots(n) {
    const r = DOT_R[n];
    return fit(DOTS[n].map(([x, y], k) => {
      const ring = (n === 1 || (n === 5 && k === 2) || (n === 9 && k === 4)) ? C.red : C.blue;
      return `<circle cx="${x}" cy="${y}" r="${r}" fill="none" stroke="${ring}" stroke-width="${r / 3.2}"/>` +
        `<circle cx="${x}" cy="${y}" r="${r / 2.6}" fill="${C.green}"/>`;
    }).join("")) + corner(n, C.blue);
  }

  // --- bamboo: sticks with a joint; the 1 is a bird ----------------------------------
  const STICKS = {
    2: { h: 28, at: [[30, 22], [30, 58]] },
    3: { h: 28, at: [[30, 22], [18, 58], [42, 58]] },
    4: { h: 28, at: [[19, 22], [41, 22], [19, 58], [41, 58]] },
    5: { h: 26, at: [[15, 22], [45, 22], [30, 40], [15, 58], [45, 58]] },
    6: { h: 28, at: [[15, 22], [30, 22], [45, 22], [15, 58], [30, 58], [45, 58]] },
    7: { h: 20, at: [[30, 15], [15, 42], [30, 42], [45, 42], [15, 66], [30, 66], [45, 66]] },
    8: { h: 28, at: [[12, 22], [24, 22], [36, 22], [48, 22], [12, 58], [24, 58], [36, 58], [48, 58]] },
    9: { h: 21, at: [[15, 16], [30, 16], [45, 16], [15, 40], [30, 40], [45, 40], [15, 64], [30, 64], [45, 64]] },
  };
  function stick(x, y, h, fill) {
    const w = 7, top = y - h / 2;
    return `<rect x="${x - w / 2}" y="${top}" width="${w}" height="${h}" rx="3" fill="${fill}"/>` +
      `<line x1="${x - w / 2}" y1="${y}" x2="${x + w / 2}" y2="${y}" stroke="#fff" stroke-width="1.4"/>` +
      `<line x1="${x}" y1="${top + 2}" x2="${x}" y2="${top + h - 2}" stroke="#fff" stroke-opacity=".45" stroke-width="1"/>`;
  }
  function bamboo(n) {
    if (n === 1) {
      // a bird on a branch
      return fit(`<path d="M14 50 Q6 34 12 22 Q16 38 24 44 Z" fill="${C.red}"/>` +
        `<path d="M16 54 Q4 50 6 38 Q14 48 24 48 Z" fill="${C.blue}"/>` +
        `<ellipse cx="31" cy="46" rx="13" ry="9" fill="${C.green}"/>` +
        `<circle cx="42" cy="32" r="6.5" fill="${C.green}"/>` +
        `<circle cx="44" cy="31" r="1.6" fill="#fff"/>` +
        `<path d="M48 31 L56 34 L48 36 Z" fill="${C.gold}"/>` +
        `<path d="M38 37 Q36 42 40 46" stroke="${C.green}" stroke-width="5" fill="none"/>` +
        `<path d="M28 55 L26 66 M34 55 L36 66" stroke="${C.brown}" stroke-width="2"/>` +
        `<line x1="12" y1="67" x2="52" y2="67" stroke="${C.brown}" stroke-width="3" stroke-linecap="round"/>`) +
        corner(1, C.green);
    }
    const { h, at } = STICKS[n];
    return fit(at.map(([x, y], k) => stick(x, y, h, (n === 5 && k === 2) || (n === 7 && k === 0) || (n === 9 && k % 3 === 1) ? C.red : C.green)).join("")) +
      corner(n, C.green);
  }

  // --- characters: the Chinese number drawn as strokes, over 万 (wan) -----------------
  const NUMERAL = {
    1: "M12 24 H48",
    2: "M18 14 H42 M12 32 H48",
    3: "M16 9 H44 M19 21 H41 M12 35 H48",
    4: "M13 9 H47 V37 H13 Z M25 10 Q25 24 19 28 M35 10 V24 Q35 28 41 28",
    5: "M15 8 H45 M29 8 L24 37 M18 21 H40 V37 M11 37 H49",
    6: "M30 5 L32 11 M12 17 H48 M25 22 Q22 32 13 38 M35 22 Q40 32 47 38",
    7: "M12 23 L48 18 M26 6 V32 Q26 38 33 38 H46 V33",
    8: "M24 10 Q23 28 11 38 M35 9 Q38 28 49 38",
    9: "M28 5 Q28 29 12 39 M16 16 H37 Q37 34 41 37 H48 V31",
  };
  const WAN = "M12 47 H48 M27 47 Q26 64 14 75 M27 58 H43 Q43 72 35 75";
  function characters(n) {
    return `<path d="${NUMERAL[n]}" fill="none" stroke="${C.blue}" stroke-width="4.2" stroke-linecap="round" stroke-linejoin="round"/>` +
      `<path d="${WAN}" fill="none" stroke="${C.red}" stroke-width="4.6" stroke-linecap="round" stroke-linejoin="round"/>` +
      text(52, 76, n, 10, C.ink);
  }

  // --- winds: the letter large, a pointer to the side of the table --------------------
  const POINTER = { N: "M30 4 L24 13 H36 Z", S: "M30 76 L24 67 H36 Z", E: "M56 40 L47 34 V46 Z", W: "M4 40 L13 34 V46 Z" };
  function wind(w) {
    return `<circle cx="30" cy="40" r="22" fill="none" stroke="${C.ink}" stroke-opacity=".25" stroke-width="1.5"/>` +
      `<path d="${POINTER[w]}" fill="${C.ink}"/>` + text(30, 52, w, 34, C.ink);
  }

  // --- dragons: three different shapes (and their letters), never colour alone --------
  function dragon(d) {
    if (d === "R") // 中 (zhong): a box crossed by a stroke
      return `<rect x="14" y="24" width="32" height="22" rx="2" fill="none" stroke="${C.red}" stroke-width="5"/>` +
        `<line x1="30" y1="8" x2="30" y2="70" stroke="${C.red}" stroke-width="5.5" stroke-linecap="round"/>` + corner("R", C.red);
    if (d === "G") // a sprouting stem with leaves (發, fa: to grow)
      return `<path d="M30 72 V18" stroke="${C.green}" stroke-width="4.5" stroke-linecap="round" fill="none"/>` +
        `<path d="M30 30 Q16 18 12 28 Q18 38 30 34 Z M30 30 Q44 18 48 28 Q42 38 30 34 Z" fill="${C.green}"/>` +
        `<path d="M30 50 Q14 40 10 52 Q18 60 30 54 Z M30 50 Q46 40 50 52 Q42 60 30 54 Z" fill="${C.green}"/>` +
        `<path d="M30 18 Q24 8 30 4 Q36 8 30 18 Z" fill="${C.green}"/>` + corner("G", C.green);
    // white dragon: an empty double frame
    return `<rect x="11" y="13" width="38" height="56" rx="3" fill="none" stroke="${C.blue}" stroke-width="3.5"/>` +
      `<rect x="17" y="19" width="26" height="44" rx="2" fill="none" stroke="${C.blue}" stroke-width="1.6"/>` + corner("Wh", C.blue);
  }

  // --- Flowers and Seasons: a flower; the four seasons each their own picture ---------
  function flower(n) {
    let petals = "";
    for (let k = 0; k < 5; k++) {
      const a = (k * 72 - 90) * Math.PI / 180;
      petals += `<ellipse cx="${(30 + 11 * Math.cos(a)).toFixed(1)}" cy="${(42 + 11 * Math.sin(a)).toFixed(1)}" rx="8" ry="8" fill="${C.red}" fill-opacity=".85"/>`;
    }
    return `<path d="M30 52 Q32 66 28 76" stroke="${C.green}" stroke-width="3" fill="none"/>` + petals +
      `<circle cx="30" cy="42" r="5" fill="${C.gold}"/>` + corner("F" + n, C.red) + text(52, 12, BY_NUMBER[n - 1], 10, C.ink);
  }
  function season(n) {
    let pic;
    if (n === 1) // spring: a bud on a twig
      pic = `<path d="M18 74 Q26 56 30 40" stroke="${C.brown}" stroke-width="3" fill="none"/>` +
        `<path d="M30 40 Q20 30 28 18 Q40 30 30 40 Z" fill="${C.green}"/><path d="M24 58 Q12 56 12 48 Q22 48 24 58 Z" fill="${C.green}"/>`;
    else if (n === 2) { // summer: the sun
      pic = `<circle cx="30" cy="44" r="11" fill="${C.gold}"/>`;
      for (let k = 0; k < 8; k++) {
        const a = k * Math.PI / 4, c = Math.cos(a), s = Math.sin(a);
        pic += `<line x1="${(30 + 15 * c).toFixed(1)}" y1="${(44 + 15 * s).toFixed(1)}" x2="${(30 + 22 * c).toFixed(1)}" y2="${(44 + 22 * s).toFixed(1)}" stroke="${C.gold}" stroke-width="3" stroke-linecap="round"/>`;
      }
    } else if (n === 3) // autumn: a falling leaf
      pic = `<path d="M16 66 Q14 30 46 22 Q50 56 16 66 Z" fill="${C.gold}"/><path d="M16 66 Q30 46 44 26" stroke="${C.brown}" stroke-width="2" fill="none"/>`;
    else { // winter: a snowflake
      pic = "";
      for (let k = 0; k < 3; k++) {
        const a = k * Math.PI / 3, c = Math.cos(a), s = Math.sin(a);
        pic += `<line x1="${(30 - 22 * c).toFixed(1)}" y1="${(44 - 22 * s).toFixed(1)}" x2="${(30 + 22 * c).toFixed(1)}" y2="${(44 + 22 * s).toFixed(1)}" stroke="${C.blue}" stroke-width="3" stroke-linecap="round"/>`;
      }
      pic += `<circle cx="30" cy="44" r="5" fill="none" stroke="${C.blue}" stroke-width="2.5"/>`;
    }
    return pic + corner("S" + n, C.blue) + text(52, 12, BY_NUMBER[n - 1], 10, C.ink);
  }

  // --- the special tiles of the Traditional game ------------------------------------
  const SPECIAL_PIC = {
    Cat: `<path d="M16 34 L18 16 L28 27 H32 L42 16 L44 34 Q46 56 30 58 Q14 56 16 34 Z" fill="${C.brown}"/>` +
      `<circle cx="24" cy="38" r="2.6" fill="#fff"/><circle cx="36" cy="38" r="2.6" fill="#fff"/><path d="M28 45 L30 47 L32 45 Z" fill="#fff"/>` +
      `<path d="M8 44 L22 46 M8 50 L22 48 M52 44 L38 46 M52 50 L38 48" stroke="${C.ink}" stroke-width="1.2"/>`,
    Mouse: `<circle cx="19" cy="30" r="8" fill="#8a8a8a"/><circle cx="37" cy="30" r="8" fill="#8a8a8a"/>` +
      `<ellipse cx="28" cy="46" rx="15" ry="11" fill="#6b6b6b"/><circle cx="22" cy="43" r="2" fill="#fff"/>` +
      `<path d="M42 50 Q56 56 48 66 Q40 72 50 76" stroke="#6b6b6b" stroke-width="2.2" fill="none"/>`,
    Fisherman: `<circle cx="22" cy="20" r="6" fill="${C.ink}"/><path d="M22 26 V50 M22 50 L14 68 M22 50 L30 68 M22 34 L36 30" stroke="${C.ink}" stroke-width="3.2" stroke-linecap="round" fill="none"/>` +
      `<path d="M34 32 L52 8" stroke="${C.brown}" stroke-width="2.2"/><path d="M52 8 V54" stroke="${C.ink}" stroke-width=".9"/><path d="M52 54 q-3 4 0 5" stroke="${C.ink}" stroke-width="1.2" fill="none"/>`,
    Fish: `<path d="M10 42 Q26 24 44 42 Q26 60 10 42 Z" fill="${C.blue}"/><path d="M42 42 L54 32 V52 Z" fill="${C.blue}"/>` +
      `<circle cx="18" cy="40" r="2.2" fill="#fff"/><path d="M26 34 Q30 42 26 50" stroke="#fff" stroke-width="1.4" fill="none"/>`,
    Cock: `<path d="M18 22 L21 14 L24 21 L27 13 L30 22 Z" fill="${C.red}"/><circle cx="24" cy="28" r="7" fill="${C.brown}"/><path d="M17 27 L11 30 L17 31 Z" fill="${C.gold}"/>` +
      `<path d="M20 34 Q16 54 32 56 Q46 54 44 36 Q50 22 56 30 Q52 42 44 36" fill="${C.brown}"/><path d="M44 36 Q56 20 50 14 M44 38 Q58 30 56 22" stroke="${C.green}" stroke-width="2.5" fill="none"/>` +
      `<path d="M28 56 V70 M36 56 V70 M24 70 H32 M32 70 H40" stroke="${C.gold}" stroke-width="2.2"/>`,
    Worm: `<path d="M10 56 Q18 40 26 56 Q34 72 42 56 Q46 48 50 44" stroke="#b0656f" stroke-width="7" stroke-linecap="round" fill="none"/><circle cx="50" cy="43" r="1.6" fill="${C.ink}"/>`,
    Man: `<circle cx="30" cy="18" r="7" fill="${C.ink}"/><path d="M30 25 V50 M30 50 L20 70 M30 50 L40 70 M16 34 L30 30 L44 34" stroke="${C.ink}" stroke-width="3.6" stroke-linecap="round" fill="none"/>`,
    Gold: `<ellipse cx="30" cy="28" rx="15" ry="4" fill="${C.gold}"/><circle cx="22" cy="24" r="5" fill="#e3b53b" stroke="${C.gold}"/><circle cx="34" cy="22" r="5" fill="#e3b53b" stroke="${C.gold}"/><circle cx="28" cy="18" r="5" fill="#e3b53b" stroke="${C.gold}"/>` +
      `<path d="M14 30 Q8 60 22 66 H38 Q52 60 46 30 Z" fill="${C.ink}"/><path d="M18 42 H42" stroke="${C.gold}" stroke-width="2"/>`,
  };
  function special(code) {
    return `<g transform="translate(6 1) scale(.8)">${SPECIAL_PIC[code]}</g>` + text(30, 77, SPECIAL[code] === "Pot of Gold" ? "Gold" : SPECIAL[code], code === "Fisherman" ? 8.5 : 10, C.ink);
  }

  function face(code) {
    const m = /^([1-9])([bcd])$/.exec(code);
    if (m) return { b: bamboo, c: characters, d: dots }[m[2]](Number(m[1]));
    if (WINDS[code]) return wind(code);
    if (DRAGONS[code]) return dragon(code);
    const f = /^([fs])([1-4])$/.exec(code);
    if (f) return (f[1] === "f" ? flower : season)(Number(f[2]));
    if (SPECIAL[code]) return special(code);
    return text(30, 46, code, 14, C.ink); // not a tile: its code, plainly
  }

  function markup(code, opts) {
    opts = opts || {};
    const frame = opts.frame !== false, label = opts.label !== false;
    const n = name(code);
    const size = `width="${opts.width || "100%"}" height="${opts.height || "100%"}"`;
    const a11y = label ? `role="img" aria-label="${esc(n)}"` : `aria-hidden="true" focusable="false"`;
    const body = frame ? `<rect x="1" y="1" width="58" height="78" rx="6" fill="#fbf7ec" stroke="#bfb28c" stroke-width="2"/>` : "";
    const title = opts.title ? `<title>${esc(n)}</title>` : "";
    return `<svg xmlns="${NS}" viewBox="0 0 60 80" ${size} class="mj-tile${frame ? " mj-tile-framed" : ""}" data-tile="${esc(code)}" ${a11y}>${title}${body}${face(code)}</svg>`;
  }

  // each tile's picture parsed once (a redraw re-parsed every tile's markup: most of a
  // page's drawing time on a phone); a copy of it is imported each time it is shown
  const parsed = new Map();
  function svg(code, opts) {
    const text = markup(code, opts);
    let doc = parsed.get(text);
    if (!doc) {
      doc = new DOMParser().parseFromString(text, "image/svg+xml");
      parsed.set(text, doc);
    }
    return document.importNode(doc.documentElement, true);
  }

  root.MahjonggTiles = Object.freeze({ name, markup, svg, codes: Object.freeze(codes.slice()), known: c => KNOWN.has(c) });
})(typeof window !== "undefined" ? window : globalThis);
