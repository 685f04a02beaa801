// Small progressive enhancements; every page works without them.
"use strict";

document.addEventListener("DOMContentLoaded", function () {
  setUpFilters();
  setUpBlockFilters();
  setUpViewer();
  setUpFastEntry();
  setUpPresets();
  setUpTimeControlWarning();
  setUpJudgedDisciplines();
  setUpGameDisciplines();
  setUpClockHint();
  setUpTicking();
  setUpLive();
  setUpBack();
});

// The error page's way back to the form goes back in the history where
// there is one: the browser then shows the form as it was, with what was
// typed (a form refused as too large never reached the server whole), not
// an empty one loaded again.
function setUpBack() {
  document.querySelectorAll("a[data-back]").forEach(function (a) {
    a.addEventListener("click", function (e) {
      if (window.history.length > 1) {
        e.preventDefault();
        window.history.back();
      }
    });
  });
}

// A list of live games runs the clock of each side to move
// (data-tick-ms: its time left when the page was made) between the
// page's looks for news, which bring the server's count again.
var tickingSince = performance.now();
var tickTimer = null;
function setUpTicking() {
  tickingSince = performance.now();
  if (tickTimer || !document.querySelector("[data-tick-ms]")) return;
  tickTimer = window.setInterval(function () {
    var elapsed = performance.now() - tickingSince;
    document.querySelectorAll("[data-tick-ms]").forEach(function (el) {
      var ms = Math.max(0, Number(el.dataset.tickMs) - elapsed);
      var s = Math.floor(ms / 1000);
      var text = ms < 10000 ? "0:0" + s + "." + Math.floor(ms % 1000 / 100) : Math.floor(s / 60) + ":" + (s % 60 < 10 ? "0" : "") + s % 60;
      // Written only when it changed: the same text written again is laid
      // out and painted again.
      if (el.textContent !== text) el.textContent = text;
    });
  }, 200);
}

// The public pages of a running event look for news every data-live
// milliseconds and show them in place: the page cache answers 304 while
// nothing changed, and the page is only touched when its content differs,
// so nothing flickers and a half-read table stays where it was scrolled.
// A hidden tab does not ask.
function setUpLive() {
  var main = document.querySelector("main[data-live]");
  if (!main || !window.fetch || !window.DOMParser) return;
  var every = parseInt(main.dataset.live, 10) || 20000;
  var etag = "";
  function later() { window.setTimeout(poll, every); }
  function poll() {
    if (document.hidden) { later(); return; }
    var headers = etag ? { "If-None-Match": etag } : {};
    fetch(window.location.href, { headers: headers, cache: "no-store", credentials: "same-origin" })
      .then(function (r) {
        if (r.status !== 200) return null;
        etag = r.headers.get("ETag") || "";
        return r.text();
      })
      .then(function (text) {
        if (!text) return;
        var fresh = new DOMParser().parseFromString(text, "text/html").querySelector("main[data-live]");
        if (!fresh || fresh.innerHTML === main.innerHTML) return;
        main.innerHTML = fresh.innerHTML;
        setUpTicking();
        setUpFilters();
        setUpBlockFilters();
        setUpViewer();
      })
      .catch(function () {})
      .then(later);
  }
  later();
}

// The event form explains the time control of the discipline chosen: minutes
// and seconds over the board, days for correspondence play (data-days lists
// the disciplines whose clock counts days). The server renders the hint of
// the discipline the form was drawn with.
function setUpClockHint() {
  var discipline = document.querySelector("select[name=discipline][data-days]");
  if (!discipline) return;
  var days = discipline.dataset.days.split(" ");
  var form = discipline.closest("form");
  var clock = form.querySelector("[name=time_control]");
  function toggle() {
    var kind = days.indexOf(discipline.value) >= 0 ? "days" : "minutes";
    form.querySelectorAll("[data-clock]").forEach(function (el) { el.hidden = el.dataset.clock !== kind; });
    if (clock) clock.placeholder = clock.dataset[kind === "days" ? "placeholderDays" : "placeholderMinutes"];
  }
  discipline.addEventListener("change", toggle);
  toggle();
}

// The event form hides what only events of games use (system, rounds, clock,
// scoring, sheets, pairing options, tie-breaks) while the discipline chosen
// is judged, not played: a composition contest; and what only ranks or
// pairs players one by one (the Swiss options, the bye, the individual
// tie-breaks) while it is a team competition, whose team scoring is set on
// its desk; and what only some games have (data-game lists them: the micro-matches
// of the games with a table of openings) while another is chosen. The server
// ignores them for such an event, so the form works the same without this.
function setUpJudgedDisciplines() {
  var discipline = document.querySelector("select[name=discipline][data-judged]");
  if (!discipline) return;
  var judged = discipline.dataset.judged.split(" ");
  var team = (discipline.dataset.team || "").split(" ");
  var form = discipline.closest("form");
  var game = form.querySelector("select[name=game]");
  function toggle() {
    var hide = judged.indexOf(discipline.value) >= 0;
    var isTeam = team.indexOf(discipline.value) >= 0;
    form.querySelectorAll("[data-games]").forEach(function (el) { el.hidden = hide; });
    form.querySelectorAll("[data-individual]").forEach(function (el) { el.hidden = hide || isTeam; });
    form.querySelectorAll("[data-game]").forEach(function (el) {
      el.hidden = el.hidden || (game !== null && el.dataset.game.split(" ").indexOf(game.value) < 0);
    });
  }
  discipline.addEventListener("change", toggle);
  if (game) game.addEventListener("change", toggle);
  toggle();
}

// The event form names the disciplines of the game chosen: "Адиюх" is
// Adiukh's classical discipline, which Russian draughts calls its classical
// programme. The server names them by the game the form was sent with.
function setUpGameDisciplines() {
  var game = document.querySelector("form select[name=game]");
  if (!game) return;
  var discipline = game.form.querySelector("select[name=discipline]");
  if (!discipline) return;
  function rename() {
    discipline.querySelectorAll("option").forEach(function (o) {
      var name = o.dataset[game.value];
      if (name) o.textContent = name;
    });
  }
  game.addEventListener("change", rename);
  rename();
}

// The event form asks the server for the warning of the game's rule book
// (Adiukh's §9) on the discipline and time control as they are typed, and
// shows it under the time control; the server words it in the reader's
// language, as the event page would.
function setUpTimeControlWarning() {
  var box = document.getElementById("tc-warning");
  if (!box) return;
  var form = box.closest("form");
  var discipline = form.querySelector("[name=discipline]");
  var clock = form.querySelector("[name=time_control]");
  var game = form.querySelector("[name=game]");
  if (!discipline || !clock) return;
  var timer = null, asked = 0;
  function check() {
    var n = ++asked;
    var q = "discipline=" + encodeURIComponent(discipline.value) + "&time_control=" + encodeURIComponent(clock.value.trim());
    if (game) q += "&game=" + encodeURIComponent(game.value);
    fetch("/manage/time-control?" + q, { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (a) {
        if (!a || n !== asked) return;
        var text = a.error || a.warnings.join(" ");
        box.textContent = text ? "⚠ " + text : "";
        box.hidden = !text;
      })
      .catch(function () {});
  }
  function later() {
    clearTimeout(timer);
    timer = setTimeout(check, 300);
  }
  clock.addEventListener("input", later);
  discipline.addEventListener("change", check);
  if (game) game.addEventListener("change", check);
  check();
}

// A search field with data-filter-blocks="#list" hides the [data-block]
// items of the list that do not contain what is typed.
function setUpBlockFilters() {
  document.querySelectorAll("input[data-filter-blocks]").forEach(function (input) {
    var list = document.querySelector(input.dataset.filterBlocks);
    if (!list) return;
    var fold = function (s) { return s.toLowerCase().replace(/ё/g, "е"); };
    input.addEventListener("input", function () {
      var q = fold(input.value.trim());
      list.querySelectorAll("[data-block]").forEach(function (block) {
        block.hidden = q !== "" && fold(block.textContent).indexOf(q) < 0;
      });
    });
  });
}

// A search field with data-filter="#table" hides the rows that do not
// contain what is typed (ё and е are the same letter here).
function setUpFilters() {
  document.querySelectorAll("input[data-filter]").forEach(function (input) {
    var table = document.querySelector(input.dataset.filter);
    if (!table) return;
    var fold = function (s) { return s.toLowerCase().replace(/ё/g, "е"); };
    input.addEventListener("input", function () {
      var q = fold(input.value.trim());
      table.querySelectorAll("tbody tr").forEach(function (row) {
        row.hidden = q !== "" && fold(row.textContent).indexOf(q) < 0;
      });
    });
  });
}

// The game viewer: data-frames holds every position of the game, computed
// by the server, as "c3:w1/0 e5:b2/1 …;from;to" separated by "|" (a game
// of Russian draughts: "c3:wm e5:bk …;from;to").
function setUpViewer() {
  var viewer = document.getElementById("viewer");
  if (!viewer) return;
  var frames = viewer.dataset.frames.split("|").map(function (f) {
    var parts = f.split(";");
    return { towers: parts[0], from: parts[1], to: parts[2] };
  });
  var current = frames.length - 1;
  var plyLabel = viewer.querySelector("[data-ply]");

  function show(i) {
    current = Math.max(0, Math.min(frames.length - 1, i));
    var f = frames[current];
    drawTowers(viewer, f.towers);
    viewer.querySelectorAll("rect[data-sq]").forEach(function (r) {
      var marked = r.dataset.sq === f.from || r.dataset.sq === f.to;
      r.classList.toggle("mark", marked);
    });
    viewer.querySelectorAll("[data-goto]").forEach(function (b) {
      b.classList.toggle("current", +b.dataset.goto === current);
    });
    if (plyLabel) plyLabel.textContent = current;
  }

  var steps = {
    first: function () { show(0); },
    prev: function () { show(current - 1); },
    next: function () { show(current + 1); },
    last: function () { show(frames.length - 1); }
  };
  viewer.querySelectorAll("[data-step]").forEach(function (b) {
    b.addEventListener("click", steps[b.dataset.step]);
  });
  viewer.querySelectorAll("[data-goto]").forEach(function (b) {
    b.addEventListener("click", function () { show(+b.dataset.goto); });
  });
  document.addEventListener("keydown", function (e) {
    if (e.target.closest("input, textarea, select")) return;
    var key = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" }[e.key];
    if (key) {
      e.preventDefault();
      steps[key]();
    }
  });
  show(current);
}

// Fast result entry: Enter in the board field jumps to the score; Enter in
// the score submits. The row of the typed board is highlighted.
function setUpFastEntry() {
  var form = document.getElementById("fast-entry");
  if (!form) return;
  var board = document.getElementById("entry-board");
  var score = document.getElementById("entry-score");
  function highlight() {
    document.querySelectorAll("tr[data-board]").forEach(function (row) {
      row.classList.toggle("typing", row.dataset.board === board.value.trim());
    });
  }
  board.addEventListener("input", highlight);
  board.addEventListener("keydown", function (e) {
    if (e.key === "Enter") {
      e.preventDefault();
      score.focus();
      score.select();
    }
  });
  if (form.querySelector(".field-error") === null && board.value === "") board.focus();
  highlight();
}

// Tie-break preset buttons choose the preset's tie-breaks in the lists of
// their own box (the event's tie-breaks, or a team event's), in order, and
// empty the lists after them.
function setUpPresets() {
  document.querySelectorAll("[data-preset]").forEach(function (b) {
    var box = b.closest("fieldset");
    var lists = box ? box.querySelectorAll(".tb-slots select") : [];
    if (lists.length === 0) return;
    b.addEventListener("click", function () {
      var ids = b.dataset.preset.split(",");
      lists.forEach(function (list, i) { list.value = ids[i] || ""; });
    });
  });
}

// drawTower draws a tower into its square's group g from its code ("w2/1":
// owner, own checkers, checkers of the other colour; "" for an empty
// square), or a flat piece of Russian draughts ("wm" a man, "bk" a king),
// as the board partial of the server templates does. The game viewer steps
// through positions with it, and live.js redraws a live game's board from
// its stream.
function drawTower(g, code) {
  var svgNS = "http://www.w3.org/2000/svg";
  function circle(r, colour) {
    var c = document.createElementNS(svgNS, "circle");
    c.setAttribute("r", r);
    c.setAttribute("class", "c-" + colour);
    return c;
  }
  while (g.firstChild) g.removeChild(g.firstChild);
  if (!code) return;
  var owner = code[0];
  if (code[1] === "m" || code[1] === "k") {
    var king = code[1] === "k";
    g.appendChild(circle(19, owner));
    var ring = circle(king ? 11 : 13, owner);
    ring.setAttribute("class", king ? "crown" : "rim-" + owner);
    g.appendChild(ring);
    return;
  }
  var counts = code.slice(1).split("/");
  var own = +counts[0], other = +counts[1];
  var under = owner === "w" ? "b" : "w";
  if (other > 0) g.appendChild(circle(21, under));
  g.appendChild(circle(other > 0 ? 15 : 19, owner));
  if (own + other > 1) {
    var t = document.createElementNS(svgNS, "text");
    t.setAttribute("class", "t-" + owner);
    t.setAttribute("y", "5");
    t.textContent = other > 0 ? own + "/" + other : String(own);
    g.appendChild(t);
  }
}

// drawTowers draws a whole position ("c3:w1/0 e5:b2/1 …") on the towers
// of root.
function drawTowers(root, code) {
  var bySquare = {};
  code.split(" ").forEach(function (item) {
    if (!item) return;
    var kv = item.split(":");
    bySquare[kv[0]] = kv[1];
  });
  root.querySelectorAll("g[data-tower]").forEach(function (g) {
    drawTower(g, bySquare[g.dataset.tower]);
  });
}
