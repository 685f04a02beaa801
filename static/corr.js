// Tap-to-move for correspondence games: tap the piece, the turning squares
// of a capture that can go several ways, the destination; the move is
// written into the move field and sent only when the player confirms it.
// The board lists the legal moves in data-legal as "path=notation" items
// separated by ";", the path being the squares the piece stands on in turn.
"use strict";

// setUpTapBoard is run when the page loads, and again by live.js each time
// it puts a live game's section in place anew (a draw offer, the end); a
// move pushed by the stream changes data-legal in place, and
// tapBoardChanged starts the taps over.
var tapBoardChanged = function () {};

function setUpTapBoard() {
  var wrap = document.getElementById("tap-board");
  var input = document.getElementById("move-input");
  if (!wrap || !input || wrap.dataset.tapReady) return;
  wrap.dataset.tapReady = "yes";
  var hint = document.getElementById("tap-hint");
  var reset = document.getElementById("move-reset");
  var confirm = document.getElementById("move-confirm");
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

  function paint() {
    wrap.querySelectorAll("rect.tap-sel, rect.tap-next").forEach(function (r) {
      r.classList.remove("tap-sel", "tap-next");
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
    if (reset) reset.hidden = taps.length === 0;
  }

  function clear() {
    taps = [];
    input.value = "";
    say("pick");
    paint();
  }

  function tap(name) {
    var starts = moves.some(function (m) { return m.path[0] === name; });
    if (taps.length === 0 || (taps.length === 1 && name === taps[0])) {
      if (taps.length === 1) { clear(); return; }
      if (!starts) return;
      taps = [name];
      input.value = "";
      say("next");
      paint();
      return;
    }
    var next = taps.concat([name]);
    if (matching(next).length === 0) {
      if (starts) { taps = [name]; input.value = ""; say("next"); paint(); }
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
      say("ready");
      if (confirm) confirm.focus();
    } else if (distinct.length > 1) {
      taps.pop();
      say("turn");
    } else {
      input.value = "";
      say("next");
    }
    paint();
  }

  wrap.addEventListener("click", function (e) {
    var el = e.target.closest("[data-sq], [data-tower]");
    if (!el) return;
    tap(el.dataset.sq || el.dataset.tower);
  });
  if (reset) reset.addEventListener("click", clear);
  input.addEventListener("input", function () {
    taps = [];
    paint();
  });
  tapBoardChanged = function () {
    read();
    clear();
  };
  paint();
}

document.addEventListener("DOMContentLoaded", setUpTapBoard);
