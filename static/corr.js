// Moving on a game's board: drag the piece to its destination, or tap the
// piece, the turning squares of a capture that can go several ways, the
// destination; a capture dropped on a square several routes end on asks
// for taps on its turning squares. The move is written into the move
// field and sent at once, or when the player confirms it if they chose to
// confirm moves (the default by correspondence, not live). The board lists
// the legal moves in data-legal as "path=notation" items separated by
// ";", the path being the squares the piece stands on in turn.
//
// In a live game the player may pick a move while the opponent thinks (a
// premove: their piece, then any square): it is shown on the board and
// sent when the stream brings their turn, if it is legal then; else it is
// dropped with a word why.
"use strict";

// setUpTapBoard is run when the page loads, and again by live.js each time
// it puts a live game's section in place anew (a draw offer, the end); a
// move pushed by the stream changes data-legal in place, and
// tapBoardChanged starts the taps over, playing a premove if one waits.
// live.js sets sendMove to send the move form without leaving the page.
var tapBoardChanged = function () {};
var sendMove = null;

// boardSetting reads a player's choice (confirm moves, move sound,
// low-time warning), kept in this browser; its checkbox on the page names
// the default.
function boardSetting(name) {
  var stored = null;
  try { stored = window.localStorage.getItem("adiukh." + name); } catch (e) { stored = null; }
  if (stored) return stored === "on";
  var box = document.querySelector('input[data-setting="' + name + '"]');
  return !!box && box.dataset.default === "on";
}

function setUpBoardSettings() {
  document.querySelectorAll("input[data-setting]").forEach(function (box) {
    box.checked = boardSetting(box.dataset.setting);
  });
}

document.addEventListener("change", function (e) {
  var box = e.target;
  if (!box.dataset || !box.dataset.setting) return;
  try { window.localStorage.setItem("adiukh." + box.dataset.setting, box.checked ? "on" : "off"); } catch (err) { /* a private window keeps no choice */ }
});

function setUpTapBoard() {
  setUpBoardSettings();
  var wrap = document.getElementById("tap-board");
  var input = document.getElementById("move-input");
  var form = document.getElementById("move-form");
  if (!wrap || !input || !form || wrap.dataset.tapReady) return;
  wrap.dataset.tapReady = "yes";
  wrap.classList.add("playing");
  var svg = wrap.querySelector("svg");
  var hint = document.getElementById("tap-hint");
  var waitHint = document.getElementById("wait-hint");
  var reset = document.getElementById("move-reset");
  var confirm = document.getElementById("move-confirm");
  var live = document.getElementById("live-game");
  var side = live && live.dataset.side ? live.dataset.side[0] : "";
  var moves = [];
  // read takes the legal moves from data-legal: none while it is the
  // opponent's move.
  function read() {
    moves = !wrap.dataset.legal ? [] : wrap.dataset.legal.split(";").map(function (item) {
      var parts = item.split("=");
      return { path: parts[0].split(" "), text: parts[1] };
    });
  }
  read();
  var taps = [];
  // pre is the premove being picked or waiting: {from, to}.
  var pre = null;

  // fits reports whether the tapped squares lead along the move's path:
  // the first is its start, the others appear on it in order.
  function fits(move, squares) {
    if (move.path[0] !== squares[0]) return false;
    var at = 1;
    for (var i = 1; i < squares.length; i++) {
      while (at < move.path.length && move.path[at] !== squares[i]) at++;
      if (at === move.path.length) return false;
      at++;
    }
    return true;
  }

  function matching(squares) {
    return moves.filter(function (m) { return fits(m, squares); });
  }

  function say(key) {
    if (hint) hint.textContent = hint.dataset[key];
  }

  function square(name) {
    return wrap.querySelector('rect[data-sq="' + name + '"]');
  }

  function tower(name) {
    return wrap.querySelector('g[data-tower="' + name + '"]');
  }

  // owns reports whether the player's own piece stands on the square: the
  // top circle of a tower (the last coloured one drawn) is their colour,
  // as is a flat piece of Russian draughts (its ring is drawn over it).
  function owns(name) {
    var g = tower(name);
    var circles = g ? g.querySelectorAll("circle.c-w, circle.c-b") : [];
    return side !== "" && circles.length > 0 && circles[circles.length - 1].classList.contains("c-" + side);
  }

  function paint() {
    wrap.querySelectorAll("rect.tap-sel, rect.tap-next, rect.premove").forEach(function (r) {
      r.classList.remove("tap-sel", "tap-next", "premove");
    });
    taps.forEach(function (s) { var r = square(s); if (r) r.classList.add("tap-sel"); });
    var next = {};
    if (taps.length === 0) {
      moves.forEach(function (m) { next[m.path[0]] = true; });
    } else {
      matching(taps).forEach(function (m) {
        m.path.slice(1).forEach(function (s) { if (taps.indexOf(s) < 0) next[s] = true; });
      });
    }
    Object.keys(next).forEach(function (s) { var r = square(s); if (r) r.classList.add("tap-next"); });
    if (pre) {
      [pre.from, pre.to].forEach(function (s) { var r = s && square(s); if (r) r.classList.add("premove"); });
    }
    if (reset) reset.hidden = taps.length === 0;
    if (waitHint) {
      waitHint.textContent = pre && pre.to ? waitHint.dataset.premove.replace("#", pre.from + "→" + pre.to) : waitHint.dataset.wait;
    }
  }

  function clear() {
    taps = [];
    input.value = "";
    say("pick");
    paint();
  }

  // submit sends the move in the field: live, without leaving the page.
  function submit() {
    if (sendMove) sendMove(form);
    else if (form.requestSubmit) form.requestSubmit();
    else form.submit();
  }

  // complete is called when the taps make one whole move.
  function complete() {
    var key = live ? "confirm-live" : "confirm-corr";
    if (!boardSetting(key)) {
      submit();
      return;
    }
    say("ready");
    if (confirm) confirm.focus();
  }

  // refuse answers a tap on the player's own piece that may not move now
  // (another must: a capture is compulsory, of the most pieces where the
  // game's rules say so), rather than ignore it.
  function refuse(name) {
    if (owns(name)) say("notThis");
  }

  function tap(name) {
    var starts = moves.some(function (m) { return m.path[0] === name; });
    if (taps.length === 0 || (taps.length === 1 && name === taps[0])) {
      if (taps.length === 1) { clear(); return; }
      if (!starts) { refuse(name); return; }
      taps = [name];
      input.value = "";
      say("next");
      paint();
      return;
    }
    var next = taps.concat([name]);
    if (matching(next).length === 0) {
      if (starts) { taps = [name]; input.value = ""; say("next"); paint(); } else refuse(name);
      return;
    }
    taps = next;
    var ending = matching(taps).filter(function (m) { return m.path[m.path.length - 1] === name; });
    // Every square tapped, in order, is one route's whole path: that route
    // is the one meant, even when a longer route passes through the same
    // squares (f4:d6:b4 beside f4:h6:f8:d6:b4), which no further tap
    // could tell apart.
    var whole = ending.filter(function (m) { return m.path.length === taps.length; });
    if (whole.length > 0) ending = whole;
    var texts = {};
    ending.forEach(function (m) { texts[m.text] = true; });
    var distinct = Object.keys(texts);
    if (distinct.length === 1) {
      input.value = distinct[0];
      paint();
      complete();
      return;
    } else if (distinct.length > 1) {
      taps.pop();
      say("turn");
    } else {
      input.value = "";
      say("next");
    }
    paint();
  }

  // premoving: while the opponent thinks, the player's own tower, then the
  // square it is to go to; a tap on the piece again, or anywhere once the
  // premove waits, takes it back.
  function prePick(name) {
    if (!pre || pre.to || name === pre.from) {
      pre = !pre && owns(name) ? { from: name } : null;
    } else if (owns(name)) {
      pre = { from: name };
    } else {
      pre.to = name;
    }
    paint();
  }

  function pick(name) {
    if (moves.length > 0) tap(name);
    else if (side && form.hidden) prePick(name);
  }

  function startsHere(name) {
    if (moves.length > 0) return moves.some(function (m) { return m.path[0] === name; });
    return side !== "" && form.hidden && owns(name);
  }

  wrap.addEventListener("click", function (e) {
    if (dragged) return;
    var el = e.target.closest("[data-sq], [data-tower]");
    if (!el) return;
    pick(el.dataset.sq || el.dataset.tower);
  });

  // Dragging: the tower follows the pointer once it has moved a few
  // pixels (less is a tap), and is dropped on the square under it.
  var drag = null;
  var dragged = false;
  function svgPoint(e) {
    var pt = svg.createSVGPoint();
    pt.x = e.clientX;
    pt.y = e.clientY;
    return pt.matrixTransform(svg.getScreenCTM().inverse());
  }
  function endDrag() {
    if (!drag) return;
    drag.g.setAttribute("transform", drag.home);
    drag.g.classList.remove("dragging");
    drag = null;
  }
  wrap.addEventListener("pointerdown", function (e) {
    if (e.button !== 0 || !svg) return;
    var el = e.target.closest("[data-sq], [data-tower]");
    var name = el && (el.dataset.sq || el.dataset.tower);
    if (!name || !startsHere(name) || !tower(name).firstChild) return;
    var g = tower(name);
    drag = { from: name, g: g, home: g.getAttribute("transform"), x: e.clientX, y: e.clientY, moving: false };
    e.preventDefault();
  });
  wrap.addEventListener("pointermove", function (e) {
    if (!drag) return;
    if (!drag.moving) {
      if (Math.abs(e.clientX - drag.x) + Math.abs(e.clientY - drag.y) < 6) return;
      drag.moving = true;
      // Captured only now: a tap's click still goes to the square tapped.
      svg.setPointerCapture(e.pointerId);
      drag.g.classList.add("dragging");
      drag.g.parentNode.appendChild(drag.g); // drawn over the other towers
      if (moves.length > 0) { taps = []; tap(drag.from); } else { pre = null; prePick(drag.from); }
    }
    var p = svgPoint(e);
    drag.g.setAttribute("transform", "translate(" + p.x + " " + p.y + ")");
  });
  wrap.addEventListener("pointerup", function (e) {
    if (!drag) return;
    var moving = drag.moving, from = drag.from;
    endDrag();
    if (!moving) return;
    // The click that follows the drop is not a tap.
    dragged = true;
    setTimeout(function () { dragged = false; }, 0);
    var el = document.elementFromPoint(e.clientX, e.clientY);
    el = el && wrap.contains(el) ? el.closest("[data-sq], [data-tower]") : null;
    var name = el && (el.dataset.sq || el.dataset.tower);
    if (name && name !== from) pick(name);
  });
  wrap.addEventListener("pointercancel", endDrag);

  if (reset) reset.addEventListener("click", clear);
  input.addEventListener("input", function () {
    taps = [];
    paint();
  });
  tapBoardChanged = function () {
    read();
    clear();
    if (!pre || !pre.to || moves.length === 0) return;
    var from = pre.from, to = pre.to;
    pre = null;
    var texts = {};
    moves.forEach(function (m) {
      if (m.path[0] === from && m.path[m.path.length - 1] === to) texts[m.text] = true;
    });
    var distinct = Object.keys(texts);
    paint();
    if (distinct.length === 1) {
      input.value = distinct[0];
      submit();
    } else {
      say("dropped");
    }
  };
  paint();
}

document.addEventListener("DOMContentLoaded", setUpTapBoard);
