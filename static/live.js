// A live game's page: the clocks run here between the server's readings,
// and every change of the game arrives as a server-sent event. A move is
// drawn from the event itself: the towers, the clocks, whose move it is,
// the moves played, and the tap-to-move board of the player now to move,
// with no request. Anything else (a draw offer, the end of the game, the
// arbiter's decision) fetches the game's part of the page again and puts
// it in place. A stream the server refuses (too many open) or that keeps
// failing gives way to asking for the game every few seconds.
//
// The server's clock: a reading of the clocks is the server's count at
// its moment (clock_at), and the page runs the clocks from that moment by
// the server's clock, never from when the reading arrived: a reading held
// up on the way (a stalled connection delivering a pushed move seconds
// late) is already that much older, and a clock run from its arrival
// would show the player time the server no longer gives them. The page
// knows the server's clock through the readings that answer its requests
// (the page's own load, each fetch of the game): each was made between
// the request sent and its answer received, which bounds how far the
// server's clock is ahead of the page's; a pushed reading, whose send is
// unknown, bounds it from below only. The clocks run on the upper bound,
// the latest the server's clock can be, so that the clock shown is at
// most the server's count now. The round trip shown beside the clocks
// ("ping") is the push channel's own once the player has moved: from
// their move sent to the stream bringing it back; until then the page
// load's.
"use strict";

(function () {
  var game = document.getElementById("live-game");
  if (!game || !window.fetch) return;
  // A player who loads a micro-match's first game once it is over (the
  // resigner, after the form) is due at the second, which has begun.
  if (game.dataset.next) {
    location.assign("/games/" + game.dataset.next);
    return;
  }
  var id = game.dataset.game;
  var api = "/api/v1/games/" + id;
  // ahead bounds how far the server's clock is ahead of this page's (ms,
  // lo ≤ ahead ≤ hi); null until a reading came.
  var ahead = null;
  // pushTrip is the player's move on its way: the ply it makes and when
  // it was sent, until the stream brings it back.
  var pushTrip = null;

  // pageNow is this page's clock, in ms since 1970 as the server's
  // readings are, but steady: it does not jump when the computer's clock
  // is set.
  var origin = performance.timeOrigin || Date.now() - performance.now();
  function pageNow() { return origin + performance.now(); }

  // serverNow is the latest the server's clock can read now.
  function serverNow() { return pageNow() + (ahead ? ahead.hi : 0); }

  // readServerClock takes in a reading the server made at its moment at
  // (ms since 1970), which arrived at arrived (pageNow) in answer to a
  // request sent at sent, or pushed (sent undefined). A reading that does
  // not fit the bounds known (the server's clock set, or this computer's)
  // starts them anew.
  function readServerClock(at, sent, arrived) {
    if (!isFinite(at)) return;
    var lo = at - arrived, hi = sent === undefined ? null : at - sent;
    if (!ahead || lo > ahead.hi || hi !== null && hi < ahead.lo) {
      ahead = { lo: lo, hi: hi === null ? lo : hi };
      return;
    }
    ahead.lo = Math.max(ahead.lo, lo);
    if (hi !== null) ahead.hi = Math.min(ahead.hi, hi);
  }

  // elapsed is how long ago, by the server's clock, the game section's
  // reading was made.
  function elapsed() {
    return Math.max(0, serverNow() - Number(game.dataset.clockAt));
  }

  var nav = performance.getEntriesByType ? performance.getEntriesByType("navigation")[0] : null;
  if (nav && nav.responseEnd > nav.requestStart) {
    measured(nav.responseEnd - nav.requestStart);
    readServerClock(Number(game.dataset.clockAt), origin + nav.requestStart, origin + nav.responseEnd);
  } else {
    readServerClock(Number(game.dataset.clockAt), undefined, pageNow());
  }

  // measured shows a round trip, with what it measured ("push": the push
  // channel's; a request's otherwise).
  function measured(rtt, what) {
    showPing(rtt, what || "request");
  }

  function showPing(rtt, what) {
    var ping = document.getElementById("live-ping");
    if (!ping) return;
    ping.textContent = ping.dataset.label.replace("#", String(Math.round(rtt)));
    ping.dataset.rtt = String(Math.round(rtt));
    ping.dataset.measured = what;
    ping.hidden = false;
  }

  function text(ms) {
    ms = Math.max(0, ms);
    var s = Math.floor(ms / 1000);
    if (ms < 10000) return "0:0" + s + "." + Math.floor(ms % 1000 / 100);
    var sec = s % 60;
    return Math.floor(s / 60) + ":" + (sec < 10 ? "0" : "") + sec;
  }

  function tick() {
    var since = elapsed();
    var side = game.dataset.side;
    var claim = document.getElementById("claim-form");
    var flag = false;
    var own = null;
    document.querySelectorAll("#live-game .live-clock").forEach(function (el, i) {
      var ms = Number(el.dataset.ms);
      var running = el.hasAttribute("data-running");
      if (running) ms -= since;
      put(el, text(ms));
      el.classList.toggle("urgent", ms < 10000);
      // The claim is the player's while the opponent's clock runs.
      if (running && ms <= 0 && side && (i === 0 ? "white" : "black") !== side) flag = true;
      if (running && side && (i === 0 ? "white" : "black") === side) own = ms;
    });
    if (claim && flag) claim.hidden = false;
    lowTime(own);
    countdown(since);
  }
  setInterval(tick, 100);

  // countdown shows the time to a game's start while it waits for it; the
  // clocks stand still till then. At the start the server tells the page
  // (a new version of the game on the stream), which puts its game anew,
  // the clocks running and the move form.
  function countdown(since) {
    var el = document.getElementById("live-countdown");
    if (!el) return;
    var ms = Number(el.dataset.ms) - since;
    if (ms <= 0) {
      put(el, el.dataset.starting);
      return;
    }
    var s = Math.ceil(ms / 1000);
    var h = Math.floor(s / 3600), m = Math.floor(s % 3600 / 60), sec = s % 60;
    var left = (h ? h + ":" + (m < 10 ? "0" : "") : "") + m + ":" + (sec < 10 ? "0" : "") + sec;
    put(el, el.dataset.label.replace("#", left));
  }

  // put shows a text in el when it is not there yet: the clocks tick ten
  // times a second and show seconds, and a text written again, though the
  // same, is laid out and painted again, nine times a second for nothing.
  function put(el, text) {
    if (el.textContent !== text) el.textContent = text;
  }

  // keepTyping carries a move being typed, not yet sent, into the new
  // section while it is the same ply: the section is put in place anew for
  // changes that are not a move (the opponent arriving, the arbiter giving
  // time), which must not wipe what the player typed nor take the cursor
  // from them. It returns the new input when the old one had the cursor.
  function keepTyping(old, next) {
    var form = old.querySelector("#move-form"), input = old.querySelector("#move-input");
    var nextInput = next.querySelector("#move-input"), nextPly = next.querySelector("#move-form input[name=ply]");
    if (!form || !input || !nextInput || !nextPly) return null;
    var ply = form.querySelector("input[name=ply]").value;
    if (form.dataset.sentPly === ply || nextPly.value !== ply) return null;
    if (input.value && !nextInput.value) nextInput.value = input.value;
    return document.activeElement === input ? nextInput : null;
  }

  // keepReturn carries the opponent's return into the new section: the
  // server says they are connected, and the page, which saw them leave,
  // says they are back, until they leave again.
  function keepReturn(old, next) {
    var was = old.querySelector("#opponent-connection"), now = next.querySelector("#opponent-connection");
    if (!was || !now || now.dataset.presence !== "connected") return;
    if (was.dataset.presence === "left" || was.dataset.shown === "back") {
      now.textContent = now.dataset.back;
      now.dataset.shown = "back";
    }
  }

  // showOpponent shows how the opponent is connected ("connected",
  // "left", or "" before they came): back, once the page saw them leave.
  function showOpponent(presence) {
    var el = document.getElementById("opponent-connection");
    if (!el) return;
    var back = presence === "connected" && (el.dataset.presence === "left" || el.dataset.shown === "back");
    el.dataset.presence = presence;
    el.hidden = !presence;
    el.textContent = back ? el.dataset.back : presence ? el.dataset[presence] : "";
    if (back) el.dataset.shown = "back";
    else delete el.dataset.shown;
  }

  // connected draws the event g of version, the next after the section's,
  // when it only changed a player's connection: the transaction that
  // connects one (or records them gone) changes nothing else, so the
  // section is the game but for that, and is not fetched again (each
  // player's own stream, as it opens, makes such a version). It reports
  // whether it did.
  function connected(g, version) {
    var white = g.white_connection || "", black = g.black_connection || "";
    if (Number(version) !== Number(game.dataset.version) + 1 || g.status !== "running" || game.dataset.status !== "running" ||
        white === game.dataset.whiteConnection && black === game.dataset.blackConnection) {
      return false;
    }
    game.dataset.whiteConnection = white;
    game.dataset.blackConnection = black;
    if (game.dataset.side) showOpponent(game.dataset.side === "white" ? black : white);
    return true;
  }

  // moveSquares are the squares a move names, as its game names them:
  // "c3", "e5" of "c3:e5"; "28", "19" of international draughts' "28x19".
  function moveSquares(move) {
    return move.match(/[a-h][1-8]|\d+/g) || [];
  }

  // place puts the game section of a page, asked for at sent, in place of
  // the old one, unless it is older than what the page shows: a section
  // asked for before a move that the stream then drew in place arrives
  // after the move, without it.
  function place(html, sent) {
    var arrived = pageNow();
    var next = new DOMParser().parseFromString(html, "text/html").getElementById("live-game");
    if (!next || Number(next.dataset.version) < Number(game.dataset.version)) return;
    var typing = keepTyping(game, next);
    keepReturn(game, next);
    game.replaceWith(next);
    game = next;
    if (typing) typing.focus();
    lastMove();
    measured(arrived - sent);
    readServerClock(Number(game.dataset.clockAt), sent, arrived);
    if (typeof setUpTapBoard === "function") setUpTapBoard();
  }

  // refresh fetches the page and puts its new game section in place. A
  // change heard while a fetch is on its way may be newer than what it
  // brings: the page is fetched again after it.
  var fetching = false, again = false;
  function refresh() {
    if (fetching) {
      again = true;
      return;
    }
    fetching = true;
    again = false;
    var sent = pageNow();
    fetch(location.pathname, { credentials: "same-origin", headers: { "Accept": "text/html" } })
      .then(function (r) { return r.text(); })
      .then(function (html) { place(html, sent); })
      .finally(function () {
        fetching = false;
        if (again) refresh();
      });
  }

  // send posts the move form without leaving the page. The move is drawn
  // on the board at once (the tower on its new square; what it captured
  // goes when the stream brings the position), and the stream brings the
  // game as the server took it. An accepted move is answered with a
  // redirect, not followed; a refused one with the page, whose game
  // section, with the error by its field, is put in place.
  function send(form) {
    // One move a ply: a second tap or Enter while the first is on its way
    // sends nothing. (The answer to a move may come after the opponent's
    // reply, so nothing waits for it.)
    var ply = form.querySelector("input[name=ply]").value;
    if (form.dataset.sentPly === ply) return;
    form.dataset.sentPly = ply;
    var body = new URLSearchParams(new FormData(form));
    var squares = moveSquares(form.querySelector("input[name=move]").value);
    var wrap = document.getElementById("tap-board");
    if (wrap && squares.length > 1) {
      var from = wrap.querySelector('g[data-tower="' + squares[0] + '"]');
      var to = wrap.querySelector('g[data-tower="' + squares[squares.length - 1] + '"]');
      if (from && to && from !== to && from.firstChild) {
        while (to.firstChild) to.removeChild(to.firstChild);
        while (from.firstChild) to.appendChild(from.firstChild);
      }
    }
    form.hidden = true;
    var wait = document.getElementById("wait-hint");
    if (wait) wait.hidden = false;
    if (wrap) delete wrap.dataset.legal;
    tapBoardChanged();
    var sent = pageNow();
    pushTrip = { ply: Number(ply) + 1, sent: sent };
    fetch(form.action, { method: "POST", body: body, credentials: "same-origin", redirect: "manual", headers: { "Accept": "text/html" } })
      .then(function (r) { return r.type === "opaqueredirect" ? "" : r.text(); })
      .then(function (html) { if (html) place(html, sent); })
      .catch(function () {
        delete form.dataset.sentPly;
        refresh();
      });
  }
  sendMove = send;

  // claim posts the claim of the win without leaving the page, as a move
  // is sent: the answer, the game as it ended or the page with the
  // refusal (the opponent's time not yet out by the server's clock), is
  // put in place; the opponent's page hears of the end on its stream.
  function claim(form) {
    var button = form.querySelector("button");
    if (button.disabled) return;
    button.disabled = true;
    var sent = pageNow();
    fetch(form.action, { method: "POST", body: new URLSearchParams(new FormData(form)), credentials: "same-origin", headers: { "Accept": "text/html" } })
      .then(function (r) { return r.text(); })
      .then(function (html) { place(html, sent); })
      .catch(function () {
        button.disabled = false;
        refresh();
      });
  }
  document.addEventListener("submit", function (e) {
    if (e.target.id === "move-form") {
      e.preventDefault();
      send(e.target);
    } else if (e.target.id === "claim-form") {
      e.preventDefault();
      claim(e.target);
    }
  });

  // beep sounds a short tone: a move played, the player's time running
  // low. Browsers let a page sound only after the player has touched it,
  // so the sound starts with their first tap or key.
  var audio = null;
  function wake() {
    var Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return;
    if (!audio) audio = new Context();
    if (audio.state === "suspended") audio.resume();
  }
  document.addEventListener("pointerdown", wake);
  document.addEventListener("keydown", wake);
  function beep(hz, ms) {
    // The tones asked for are counted on the game's section: a headless
    // browser in the tests hears nothing.
    game.dataset.beeps = String(Number(game.dataset.beeps || 0) + 1);
    if (!audio || audio.state !== "running") return;
    var osc = audio.createOscillator();
    var gain = audio.createGain();
    var now = audio.currentTime;
    osc.frequency.value = hz;
    gain.gain.setValueAtTime(0.2, now);
    gain.gain.exponentialRampToValueAtTime(0.001, now + ms / 1000);
    osc.connect(gain);
    gain.connect(audio.destination);
    osc.start(now);
    osc.stop(now + ms / 1000);
  }

  // lowTime warns the player whose own clock runs under 10 s: one tone as
  // it crosses, and the tab's title flashing the time left, so a player
  // looking at another tab sees it.
  var title = document.title;
  var warned = false;
  function lowTime(ms) {
    var on = ms !== null && ms < 10000 && boardSetting("lowtime");
    if (!on) {
      warned = ms !== null && ms < 10000;
      if (document.title !== title) document.title = title;
      return;
    }
    if (!warned) {
      warned = true;
      beep(880, 250);
    }
    var flash = Math.floor(performance.now() / 500) % 2 === 0;
    document.title = flash ? "⏱ 0:0" + Math.floor(Math.max(0, ms) / 1000) : title;
  }

  // moved draws the move the event g brings, when it is the next move of
  // a running game and nothing else changed; it reports whether it did.
  function moved(g) {
    // A section put before the start has no move form and its clocks
    // stand: a move made before the start was announced (the first move
    // may come within the sweep's second) fetches the section anew.
    if (document.getElementById("live-countdown")) return false;
    var ply = Number(game.dataset.ply);
    var wrap = document.getElementById("tap-board");
    var clocks = document.querySelectorAll("#live-game .live-clock");
    // A connection changed with it (versions run together on the stream)
    // fetches the section anew too.
    if (g.status !== "running" || g.ply !== ply + 1 || (g.draw_offer || "") !== game.dataset.offer ||
        (g.white_connection || "") !== game.dataset.whiteConnection || (g.black_connection || "") !== game.dataset.blackConnection ||
        !wrap || clocks.length !== 2 || !g.moves || g.moves.length !== g.ply || typeof drawTowers !== "function") {
      return false;
    }
    drawTowers(wrap, g.towers);
    var last = g.moves[g.moves.length - 1];
    var squares = moveSquares(last.move);
    wrap.querySelectorAll("rect[data-sq]").forEach(function (r) {
      r.classList.toggle("mark", r.dataset.sq === squares[0] || r.dataset.sq === squares[squares.length - 1]);
    });
    [["white", g.white_left_ms], ["black", g.black_left_ms]].forEach(function (c, i) {
      clocks[i].dataset.ms = c[1];
      clocks[i].toggleAttribute("data-running", g.to_move === c[0]);
      clocks[i].closest("tr").classList.toggle("to-move", g.to_move === c[0]);
    });
    var status = document.getElementById("live-status");
    if (status) status.textContent = status.dataset[g.to_move];
    addMove(last);
    if (boardSetting("sound")) beep(g.to_move === "white" ? 520 : 440, 90);
    var mine = game.dataset.side === g.to_move;
    var form = document.getElementById("move-form");
    if (form) {
      if (mine) wrap.dataset.legal = g.legal || "";
      else delete wrap.dataset.legal;
      form.querySelector("input[name=ply]").value = g.ply;
      form.hidden = !mine;
      var wait = document.getElementById("wait-hint");
      if (wait) wait.hidden = mine;
      var claim = document.getElementById("claim-form");
      if (claim) claim.hidden = true;
      tapBoardChanged();
    }
    game.dataset.ply = g.ply;
    return true;
  }

  // addMove writes the move into the table of moves: White's opens a row.
  function addMove(m) {
    var table = document.getElementById("corr-moves");
    if (!table) return;
    table.hidden = false;
    var none = document.getElementById("no-moves");
    if (none) none.hidden = true;
    var body = table.tBodies[0];
    var row = body.rows[body.rows.length - 1];
    if (m.side === "white" || !row) {
      row = body.insertRow();
      row.insertCell().className = "num";
      row.cells[0].textContent = m.move_number;
      row.insertCell();
      row.insertCell();
    }
    var cell = row.cells[m.side === "white" ? 1 : 2];
    cell.textContent = "";
    var strong = document.createElement("strong");
    strong.textContent = m.move;
    var small = document.createElement("small");
    small.textContent = text(m.clock_ms);
    cell.append(strong, m.draw_offer ? " =" : "", document.createElement("br"), small);
    lastMove();
  }

  // lastMove scrolls the moves to the last one played.
  function lastMove() {
    var box = document.getElementById("moves-box");
    if (box) box.scrollTop = box.scrollHeight;
  }
  lastMove();

  // secondGame takes a player at the board of a micro-match's first game,
  // which has just ended, to its second, whose clocks run from that end:
  // as over the board, the second game follows at once; so does a knockout
  // match's next game. It reports whether it did.
  function secondGame(g) {
    var m = g.micro_match, next = g.match && g.match.next_game;
    if (next && g.status !== "running" && game.dataset.side) {
      location.assign("/games/" + next);
      return true;
    }
    if (!m || m.game !== 1 || !m.second_game || g.status === "running" || !game.dataset.side) return false;
    location.assign("/games/" + m.second_game);
    return true;
  }

  // show takes a reading of the game in, which arrived at arrived
  // (pageNow) in answer to a request sent at sent, or pushed (sent
  // undefined): a move drawn in place, any other change the page's section
  // fetched again, the same version only the clocks set anew. The
  // section's data-version is the version it shows: a move drawn in place
  // sets it, a section fetched again brings its own; its data-clock-at is
  // the moment of the clocks' reading it shows.
  function show(g, version, sent, arrived) {
    if (secondGame(g)) return;
    if (String(version) !== game.dataset.version) {
      if (!moved(g) && !connected(g, version)) {
        refresh();
        return;
      }
      game.dataset.version = String(version);
    }
    var clocks = document.querySelectorAll("#live-game .live-clock");
    if (clocks.length === 2) {
      var at = Date.parse(g.clock_at);
      if (!isFinite(at)) return;
      readServerClock(at, sent, arrived);
      clocks[0].dataset.ms = g.white_left_ms;
      clocks[1].dataset.ms = g.black_left_ms;
      game.dataset.clockAt = String(at);
      // Shown at once, not at the next tick: a clock marked running must
      // never read what it read before the move (issue 64).
      tick();
    }
  }

  // poll asks for the game every few seconds while no stream may be held.
  var polling = false;
  function poll() {
    if (polling) return;
    polling = true;
    (function again() {
      var sent = pageNow();
      fetch(api, { credentials: "same-origin", headers: { "Accept": "application/json" } })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (g) {
          if (!g) return;
          var arrived = pageNow();
          measured(arrived - sent);
          show(g, g.version, sent, arrived);
        })
        .catch(function () {})
        .finally(function () { setTimeout(again, 3000); });
    })();
  }

  if (!window.EventSource) {
    poll();
    return;
  }
  var failures = 0;
  var stream = null;
  function listen() {
    stream = new EventSource(api + "/stream");
    stream.addEventListener("game", function (e) {
      failures = 0;
      var arrived = pageNow();
      var g = JSON.parse(e.data);
      // The player's own move coming back on the stream closes a round
      // trip through the push channel: the ping shown.
      if (pushTrip && g.ply >= pushTrip.ply) {
        measured(arrived - pushTrip.sent, "push");
        pushTrip = null;
      }
      show(g, e.lastEventId, undefined, arrived);
      // What drawing the event took, from its arrival: the page's own
      // measure, which the browser tests read.
      game.dataset.drawnMs = String(Math.round((pageNow() - arrived) * 10) / 10);
    });
    // The player opened the game again elsewhere (another tab), whose
    // stream took this one's place: this page asks for the game every
    // few seconds instead, rather than take the place back.
    stream.addEventListener("replaced", function () {
      stream.close();
      stream = null;
      poll();
    });
    stream.addEventListener("error", function () {
      // A refused stream (429: too many open) is closed for good; one that
      // keeps breaking is given up for the polls.
      if (stream.readyState === EventSource.CLOSED || ++failures >= 5) {
        stream.close();
        stream = null;
        poll();
      }
    });
  }
  listen();
  // A page left for another may be kept whole to come back to (the
  // back/forward cache), and its stream open with it: over plain HTTP a
  // browser holds six connections to a site, so five game pages left so
  // would keep a sixth page from loading at all. The stream is closed as
  // the page is left and opened anew when the page is shown again; its
  // first event brings the game as it is then.
  addEventListener("pagehide", function () {
    if (stream) stream.close();
  });
  addEventListener("pageshow", function (e) {
    if (e.persisted && stream) listen();
  });
})();
