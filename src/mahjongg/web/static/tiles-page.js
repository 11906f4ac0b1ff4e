"use strict";
// the tiles page (tiles.html): every tile face as the table draws it, with its name
for (const code of MahjonggTiles.codes) {
  const f = document.createElement("figure");
  const box = document.createElement("span"); box.className = "mj-tile-box";
  box.appendChild(MahjonggTiles.svg(code));
  const cap = document.createElement("figcaption"); cap.textContent = code + ": " + MahjonggTiles.name(code);
  f.append(box, cap); document.getElementById("tiles").appendChild(f);
}
