// A live game's page: the clocks run here between the server's readings,
// and every change of the game (a move, a draw offer, a flag) arrives as a
// server-sent event, upon which the game's part of the page is fetched
// again and put in place, its tap-to-move board set up anew. The clock
// shown never holds more time than the server counts: it runs from the
// moment the reading arrived, not from the moment it was made.
"use strict";

(function () {
  var game = document.getElementById("live-game");
  if (!game || !window.EventSource) return;
  var id = game.dataset.game;
  var readAt = performance.now();

  function text(ms) {
    ms = Math.max(0, ms);
    var s = Math.floor(ms / 1000);
    if (ms < 10000) return "0:0" + s + "." + Math.floor(ms % 1000 / 100);
    var sec = s % 60;
    return Math.floor(s / 60) + ":" + (sec < 10 ? "0" : "") + sec;
  }

  function tick() {
    var elapsed = performance.now() - readAt;
    document.querySelectorAll("#live-game .live-clock").forEach(function (el) {
      var ms = Number(el.dataset.ms);
      if (el.hasAttribute("data-running")) ms -= elapsed;
      el.textContent = text(ms);
      el.classList.toggle("urgent", ms < 10000);
      // The claim form is there only while the opponent's clock runs.
      var claim = document.getElementById("claim-form");
      if (claim && el.hasAttribute("data-running") && ms <= 0) claim.hidden = false;
    });
  }
  setInterval(tick, 100);

  // refresh fetches the page and puts its new game section in place of
  // the old one.
  var fetching = false;
  function refresh() {
    if (fetching) return;
    fetching = true;
    fetch(location.pathname, { credentials: "same-origin", headers: { "Accept": "text/html" } })
      .then(function (r) { return r.text(); })
      .then(function (html) {
        var next = new DOMParser().parseFromString(html, "text/html").getElementById("live-game");
        if (next) {
          game.replaceWith(next);
          game = next;
          readAt = performance.now();
          if (typeof setUpTapBoard === "function") setUpTapBoard();
        }
      })
      .finally(function () { fetching = false; });
  }

  var stream = new EventSource("/api/v1/games/" + id + "/stream");
  stream.addEventListener("game", function (e) {
    var g = JSON.parse(e.data);
    if (String(e.lastEventId) !== game.dataset.version) {
      refresh();
      return;
    }
    // The same game, read again: only the clocks move on.
    var clocks = document.querySelectorAll("#live-game .live-clock");
    if (clocks.length === 2) {
      clocks[0].dataset.ms = g.white_left_ms;
      clocks[1].dataset.ms = g.black_left_ms;
      readAt = performance.now();
    }
  });
})();
