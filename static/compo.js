// The board editor of a composition entry: an 8×8 board whose dark squares
// hold towers. A tap on a square puts a checker of the chosen colour on
// top of its tower, or takes the top checker off; the position field is
// rewritten in the rules' notation, the sides named in the page's language
// ("белые: c3-1/2; черные: d6-3"), after every change, and the field,
// typed by hand, redraws the board. A tower
// is its owner's checkers on top of at most one block of the other colour
// (rules §2), so a third block is refused with a hint.
(function () {
  "use strict";
  var root = document.getElementById("board-editor");
  if (!root) return;
  var field = document.getElementById(root.getAttribute("data-field"));
  var grid = root.querySelector(".be-grid");
  var counts = root.querySelector(".be-counts");
  var squareOut = root.querySelector(".be-square");
  var stackOut = root.querySelector(".be-stack");
  var hint = root.querySelector(".be-hint");
  var tool = "w";
  // towers: square → {owner: "w"|"b", own: n, other: n}
  var towers = {};
  var files = "abcdefgh";

  function dark(file, rank) { return (file + rank) % 2 === 0; } // a1: file 0, rank 0

  function parse(text) {
    var out = {};
    var parts = text.split(";");
    for (var i = 0; i < parts.length; i++) {
      var p = parts[i].split(":");
      if (p.length < 2) continue;
      var side = p[0].trim().toLowerCase();
      var owner = (side === "white" || side === "белые") ? "w" : (side === "black" || side === "черные" || side === "чёрные") ? "b" : "";
      if (!owner) return null;
      var items = p.slice(1).join(":").split(",");
      for (var j = 0; j < items.length; j++) {
        var it = items[j].trim();
        if (!it || it === "-" || it === "—") continue;
        var m = /^([a-h][1-8])(?:-(\d+)(?:\/(\d+))?)?$/.exec(it);
        if (!m) return null;
        out[m[1]] = {owner: owner, own: parseInt(m[2] || "1", 10), other: parseInt(m[3] || "0", 10)};
      }
    }
    return out;
  }

  function write() {
    var sides = {w: [], b: []};
    for (var f = 0; f < 8; f++) {
      for (var r = 0; r < 8; r++) {
        var sq = files[f] + (r + 1);
        var t = towers[sq];
        if (!t) continue;
        sides[t.owner].push(sq + "-" + t.own + (t.other ? "/" + t.other : ""));
      }
    }
    return root.getAttribute("data-white") + ": " + sides.w.join(", ") + "; " + root.getAttribute("data-black") + ": " + sides.b.join(", ");
  }

  function totals() {
    var n = {w: 0, b: 0};
    for (var sq in towers) {
      var t = towers[sq];
      n[t.owner] += t.own;
      n[t.owner === "w" ? "b" : "w"] += t.other;
    }
    return n;
  }

  function stackText(t) {
    if (!t) return "—";
    var s = [];
    var under = t.owner === "w" ? "b" : "w";
    for (var i = 0; i < t.other; i++) s.push(under === "w" ? "○" : "●");
    for (var k = 0; k < t.own; k++) s.push(t.owner === "w" ? "○" : "●");
    return s.join("");
  }

  function draw(selected) {
    var buttons = grid.querySelectorAll("button[data-sq]");
    for (var i = 0; i < buttons.length; i++) {
      var b = buttons[i];
      var t = towers[b.getAttribute("data-sq")];
      b.className = "be-sq" + (t ? " be-" + t.owner : "") + (t && t.other ? " be-under-" + (t.owner === "w" ? "b" : "w") : "");
      b.textContent = t ? (t.own + t.other > 1 ? (t.other ? t.own + "/" + t.other : String(t.own)) : "") : "";
    }
    var n = totals();
    counts.textContent = counts.getAttribute("data-white") + " " + n.w + "/12 · " + counts.getAttribute("data-black") + " " + n.b + "/12";
    counts.classList.toggle("be-ok", n.w === 12 && n.b === 12);
    if (selected) {
      squareOut.textContent = selected + ": ";
      stackOut.textContent = stackText(towers[selected]);
    }
  }

  function tap(sq) {
    hint.textContent = "";
    var t = towers[sq];
    if (tool === "x") {
      if (!t) return;
      if (t.own > 1) t.own--;
      else if (t.other > 0) towers[sq] = {owner: t.owner === "w" ? "b" : "w", own: t.other, other: 0};
      else delete towers[sq];
    } else if (tool === "clear") {
      delete towers[sq];
    } else if (!t) {
      towers[sq] = {owner: tool, own: 1, other: 0};
    } else if (t.owner === tool) {
      t.own++;
    } else if (t.other === 0) {
      towers[sq] = {owner: tool, own: 1, other: t.own};
    } else {
      hint.textContent = hint.getAttribute("data-three");
      return;
    }
    var n = totals();
    if (n.w > 12 || n.b > 12) {
      hint.textContent = hint.getAttribute("data-over");
    }
    field.value = write();
    draw(sq);
  }

  for (var r = 7; r >= 0; r--) {
    for (var f = 0; f < 8; f++) {
      var cell;
      if (dark(f, r)) {
        cell = document.createElement("button");
        cell.type = "button";
        cell.setAttribute("data-sq", files[f] + (r + 1));
        cell.setAttribute("aria-label", files[f] + (r + 1));
        cell.addEventListener("click", (function (sq) { return function () { tap(sq); }; })(files[f] + (r + 1)));
      } else {
        cell = document.createElement("span");
        cell.className = "be-light";
      }
      grid.appendChild(cell);
    }
  }
  var tools = root.querySelectorAll("button[data-tool]");
  for (var i = 0; i < tools.length; i++) {
    tools[i].addEventListener("click", function (ev) {
      tool = ev.currentTarget.getAttribute("data-tool");
      for (var j = 0; j < tools.length; j++) tools[j].setAttribute("aria-pressed", tools[j] === ev.currentTarget ? "true" : "false");
    });
  }
  root.querySelector("button[data-reset]").addEventListener("click", function () {
    towers = {};
    field.value = write();
    draw();
  });
  field.addEventListener("input", function () {
    var p = parse(field.value);
    if (p) { towers = p; draw(); }
  });
  towers = parse(field.value || "") || {};
  draw();
  root.hidden = false;
})();
