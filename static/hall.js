// hall.js: the hall's pages of an event (api/web/hall) follow the hall's
// stream (GET /api/v1/events/{id}/hall/stream), as a live game's page
// follows its game's: the stream sends the whole hall first, then only
// the boards that changed, with only the moves the page lacks; each
// board's result and relayed moves (or its relay's pause) are written in
// place as they come, a team event's match scores with them, a new round
// (or a change of the pairing) reloads the page, and the round's timer
// counts from the server's instant. The hall screen turns its pages of
// boards (a team event's: its matches) every
// data-rotate seconds.
(function () {
  "use strict";
  var hall = document.getElementById("hall");
  if (!hall) return;
  var api = "/api/v1/events/" + hall.dataset.event + "/hall";
  var asked = Number(hall.dataset.asked);
  var query = asked ? "?round=" + asked : "";
  var words = {};
  try { words = JSON.parse(hall.dataset.words || "{}"); } catch (e) { words = {}; }

  // ahead is how far the server's clock is ahead of this computer's, as
  // the server's latest instant told (the page, the stream's "now", an
  // answer). The timer reads the computer's clock each time it draws and
  // adds ahead: never a count of its own ticks, so a page that slept or
  // stalled shows the right time when it wakes, never more.
  var ahead = 0;
  function readServerClock(at) {
    if (isFinite(at) && at > 0) ahead = at - Date.now();
  }
  function serverNow() { return Date.now() + ahead; }

  function clockText(ms) {
    var s = Math.max(0, Math.floor(ms / 1000));
    var h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60, sec = s % 60;
    var two = function (v) { return v < 10 ? "0" + v : String(v); };
    return h > 0 ? h + ":" + two(m) + ":" + two(sec) : m + ":" + two(sec);
  }

  var timer = document.getElementById("round-timer");
  if (timer) readServerClock(Number(timer.dataset.now));

  // drawTimer writes the timer's text for the server's now: before the
  // start the time to it; then the time played and the time left to the
  // end of the games' time; past it the time played.
  function drawTimer() {
    if (!timer) return;
    var d = timer.dataset;
    var start = Number(d.start), end = Number(d.end), now = serverNow();
    var state = d.state, text = "";
    if (state !== "unset" && state !== "over") {
      if (now < start) state = "upcoming";
      else if (end && now >= end) state = "overtime";
      else state = "running";
    }
    switch (state) {
      case "upcoming": text = d.upcoming.replace("#", clockText(start - now)); break;
      case "running":
        text = end ? d.running.replace("#", clockText(now - start)).replace("%", clockText(end - now))
          : d.runningOpen.replace("#", clockText(now - start));
        break;
      case "overtime": text = d.overtime.replace("#", clockText(now - start)); break;
      case "over": text = d.over; break;
    }
    timer.hidden = state === "unset";
    timer.dataset.shown = state;
    var out = timer.querySelector(".timer-text");
    if (out && out.textContent !== text) out.textContent = text;
  }
  drawTimer();
  setInterval(drawTimer, 250);

  // pairOf is what a board's players are, to tell a change of the
  // pairing from a result.
  function pairOf(b) { return b.white.id + "-" + (b.black ? b.black.id : 0); }

  function writeResult(el, b) {
    var out = el.querySelector(".hall-result");
    if (!out) return;
    out.textContent = "";
    if (b.bye) {
      var bye = document.createElement("span");
      bye.className = "muted";
      bye.textContent = words.bye || "";
      out.appendChild(bye);
    } else if (b.result) {
      var score = document.createElement("strong");
      score.className = "score";
      score.textContent = b.result.shown;
      out.appendChild(score);
      if (b.result.end_reason !== "final_position") {
        var reason = document.createElement("small");
        reason.className = "reason";
        reason.textContent = words[b.result.end_reason] || b.result.end_reason;
        out.appendChild(document.createTextNode(" "));
        out.appendChild(reason);
      }
    } else {
      var playing = document.createElement("span");
      playing.className = "muted playing";
      playing.textContent = words.playing || "";
      out.appendChild(playing);
    }
    el.classList.toggle("has-result", !!b.result);
  }

  // writePause tells the readers that a board's relay is paused at a
  // move (the arbiter checks it), or clears it when the relay goes on.
  function writePause(el, paused) {
    var out = el.querySelector(".relay-paused");
    if (!out) return;
    out.hidden = !paused;
    out.textContent = paused ? out.dataset.label.replace("#", String(paused.move)) : "";
  }

  // num writes a score as the pages do: halves as ½ (2½, ½), other
  // fractions with two decimals in the page's language.
  function num(v) {
    var whole = Math.floor(v), half = v - whole === 0.5;
    if (v === whole || half) return half ? (whole ? whole + "½" : "½") : String(whole);
    var s = v.toFixed(2);
    return document.documentElement.lang === "ru" ? s.replace(".", ",") : s;
  }

  // writeMatches writes a team event's matches' scores so far in their
  // headings: the board points, and the match points once every board
  // has its result.
  function writeMatches(matches) {
    (matches || []).forEach(function (m) {
      var el = hall.querySelector('[data-match="' + m.table + '"]');
      if (!el || !m.away) return;
      var score = el.querySelector("[data-score]");
      if (score) {
        score.textContent = num(m.score.home_points) + " : " + num(m.score.away_points);
        score.classList.toggle("pending", !m.score.done);
      }
      var mp = el.querySelector(".mp");
      if (mp) {
        mp.hidden = !m.score.done;
        mp.textContent = m.score.done ? mp.dataset.label + ": " + num(m.score.home_match_points) + " : " + num(m.score.away_match_points) : "";
      }
    });
  }

  // writeRelay draws a relayed board's position (app.js's drawTowers),
  // marks its last move, and writes the clocks and, on a board's page,
  // the moves: false when the page lacks moves before those sent
  // (writeMoves).
  function writeRelay(el, r) {
    var drawn = el.querySelector("[data-drawn]");
    if (drawn && r.plies > 0 && typeof drawTowers === "function") {
      drawTowers(drawn, r.pieces);
      var path = r.last_path || [];
      var from = path[0], to = path[path.length - 1];
      drawn.querySelectorAll("rect[data-sq]").forEach(function (sq) {
        sq.classList.toggle("mark", sq.dataset.sq === from || sq.dataset.sq === to);
      });
      drawn.hidden = false;
    }
    var last = el.querySelector(".last-move");
    if (last && r.plies > 0) {
      last.hidden = false;
      last.querySelector(".last-move-text").textContent = r.last_move || "";
    }
    writePause(el, r.paused);
    [["clock-w", "white_ms"], ["clock-b", "black_ms"]].forEach(function (c) {
      var out = el.querySelector("." + c[0]);
      if (!out) return;
      out.hidden = !r.clock;
      out.textContent = r.clock ? clockText(r.clock[c[1]]) : "";
    });
    var moves = document.getElementById("board-moves");
    return !(moves && el.contains(moves)) || writeMoves(moves, el, r);
  }

  // writeMoves writes a board page's moves: r.moves are the plies from
  // ply r.moves_from on (0, or absent: all of them; in an event "boards"
  // the plies the page lacks, or after a correction those from the ply
  // changed), which replace the page's from there. It is false when the
  // page lacks plies before them (never on one stream, whose events come
  // in order), for the whole hall to be asked for.
  function writeMoves(moves, el, r) {
    var body = moves.tBodies[0];
    var shown = [];
    for (var k = 0; k < body.rows.length; k++) {
      var cells = body.rows[k].cells;
      shown.push(cells[1].textContent);
      if (cells[2].textContent) shown.push(cells[2].textContent);
    }
    var from = r.moves_from || 0;
    if (from > shown.length) return false;
    var all = shown.slice(0, from).concat(r.moves);
    // The rows from the move of ply from are written again.
    var first = Math.floor(from / 2);
    while (body.rows.length > first) body.deleteRow(first);
    for (var i = first * 2; i < all.length; i += 2) {
      var row = body.insertRow();
      [(i / 2 + 1) + ".", all[i], all[i + 1] || ""].forEach(function (text, j) {
        var td = row.insertCell();
        if (j === 0) td.className = "num";
        td.textContent = text;
      });
    }
    moves.hidden = all.length === 0;
    var title = el.querySelector(".moves-title");
    if (title) title.hidden = moves.hidden;
    return true;
  }

  // show writes a hall the server sent, whole or (some) only the boards
  // that changed since the version shown: their results and relays in
  // place, or the page again when its round or pairing is not the page's.
  // It is false when a board's page lacks moves before those sent, and
  // keeps the version shown.
  function show(h, some) {
    var els = hall.querySelectorAll("[data-board]");
    var byNumber = {};
    els.forEach(function (el) { byNumber[el.dataset.board] = el; });
    var single = hall.classList.contains("hall-board-page");
    var mismatch = h.round !== Number(hall.dataset.round) || (!some && !single && h.boards.length !== Number(hall.dataset.boards));
    if (!mismatch) {
      h.boards.forEach(function (b) {
        var el = byNumber[b.board];
        if (!el) { if (!single) mismatch = true; return; }
        if (el.dataset.pair && el.dataset.pair !== pairOf(b)) mismatch = true;
      });
    }
    if (mismatch) {
      // A new round or pairing: the page is made again, at a moment of
      // its own within a few seconds so that a hall of readers does not
      // come back at once.
      setTimeout(function () { location.reload(); }, Math.random() * 3000);
      return true;
    }
    var whole = true;
    h.boards.forEach(function (b) {
      var el = byNumber[b.board];
      if (!el) return;
      writeResult(el, b);
      if (!b.relay) writePause(el, null);
      else if (!writeRelay(el, b.relay)) whole = false;
    });
    if (!whole) return false;
    writeMatches(h.matches);
    if (timer) {
      timer.dataset.state = h.timer.state;
      timer.dataset.start = h.timer.start ? String(Date.parse(h.timer.start)) : "0";
      timer.dataset.end = h.timer.end ? String(Date.parse(h.timer.end)) : "0";
      drawTimer();
    }
    hall.dataset.version = String(h.version);
    return true;
  }

  // poll asks for the hall every few seconds while no stream may be held.
  var polling = false;
  function poll() {
    if (polling) return;
    polling = true;
    (function again() {
      fetch(api + query, { credentials: "same-origin", headers: { "Accept": "application/json" } })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (h) {
          if (!h) return;
          readServerClock(Date.parse(h.timer.now));
          if (String(h.version) !== hall.dataset.version) show(h, false);
        })
        .catch(function () {})
        .finally(function () { setTimeout(again, 5000); });
    })();
  }

  var live = document.getElementById("hall-live");
  var stream = null, failures = 0;
  function listen(whole) {
    // since: the version the page shows; a reconnect names the last one
    // the stream sent by itself (Last-Event-ID), which the server takes
    // when no since is given. A page that asks for the whole hall names
    // none.
    var url = api + "/stream" + query;
    if (whole !== true) url += (query ? "&" : "?") + "since=" + encodeURIComponent(hall.dataset.version);
    stream = new EventSource(url);
    stream.addEventListener("now", function (e) {
      failures = 0;
      readServerClock(Date.parse(JSON.parse(e.data)));
      drawTimer();
      if (live) live.hidden = false;
    });
    stream.addEventListener("hall", function (e) {
      failures = 0;
      show(JSON.parse(e.data), false);
      // When the page last drew a hall the stream sent: the browser
      // tests read it.
      hall.dataset.drawnAt = String(Date.now());
    });
    // An event "boards" has the boards that changed since the version
    // the stream sent before it, and of their moves those after the
    // plies that version had. A page that shows another version (never
    // on one stream, whose events come in order) asks for the whole hall
    // again: the stream opened anew with the version shown sends it; a
    // board's page that lacks the plies before those sent asks for it
    // whole.
    stream.addEventListener("boards", function (e) {
      failures = 0;
      var d = JSON.parse(e.data);
      if (String(d.since) !== hall.dataset.version) {
        stream.close();
        listen();
        return;
      }
      if (!show(d, true)) {
        stream.close();
        listen(true);
        return;
      }
      hall.dataset.drawnAt = String(Date.now());
    });
    stream.addEventListener("error", function () {
      if (live) live.hidden = true;
      // A refused stream (429: too many open) is closed for good; one that
      // keeps breaking is given up for the polls.
      if (stream.readyState === EventSource.CLOSED || ++failures >= 5) {
        stream.close();
        stream = null;
        poll();
        return;
      }
      // The browser comes back by itself, with the Last-Event-ID of the
      // last hall sent; the address's since= is then the version shown,
      // which is that one or newer.
      stream.close();
      setTimeout(listen, 1000 + Math.random() * 2000);
    });
  }
  if (window.EventSource) listen(); else poll();
  addEventListener("pagehide", function () { if (stream) stream.close(); });
  addEventListener("pageshow", function (e) { if (e.persisted && stream) listen(); });

  // The hall screen turns its pages of boards.
  var pages = hall.querySelectorAll(".screen-page");
  var pager = document.getElementById("screen-pager");
  var rotate = Number(hall.dataset.rotate);
  if (pages.length > 1 && rotate > 0) {
    var shown = 0;
    setInterval(function () {
      pages[shown].hidden = true;
      shown = (shown + 1) % pages.length;
      pages[shown].hidden = false;
      hall.dataset.page = String(shown);
      if (pager) pager.textContent = pager.dataset.label.replace("#", String(shown + 1));
    }, rotate * 1000);
  }
})();
