// A live game's page: the clocks run here between the server's readings,
// and every change of the game (a move, a draw offer, a flag) arrives as a
// server-sent event, upon which the game's part of the page is fetched
// again and put in place, its tap-to-move board set up anew.
//
// Lag: a reading of the clocks is already old when it arrives, by the trip
// from the server. A reading that answers a request (the page's own load,
// each fetch of the game after a change) is taken as made halfway between
// the request sent and its answer received; one pushed on the stream as
// made half the last round trip before it arrived. The clocks run from
// the moment the reading was made, not from the moment it arrived: the
// clock shown is the server's count now, never more. The round trip is
// shown beside the clocks ("ping").
"use strict";

(function () {
  var game = document.getElementById("live-game");
  if (!game || !window.EventSource) return;
  var id = game.dataset.game;
  // lag is the one-way trip of a reading, in ms; readAt is when, on this
  // page's clock (performance.now), the reading shown was made.
  var lag = 0;
  var readAt = performance.now();
  var nav = performance.getEntriesByType ? performance.getEntriesByType("navigation")[0] : null;
  if (nav && nav.responseEnd > nav.requestStart) {
    measured(nav.responseEnd - nav.requestStart);
    readAt = nav.responseEnd - lag;
  }

  // measured takes a round trip in: the new lag, and the ping shown.
  function measured(rtt) {
    lag = rtt / 2;
    showPing(rtt);
  }

  function showPing(rtt) {
    var ping = document.getElementById("live-ping");
    if (!ping) return;
    ping.textContent = ping.dataset.label.replace("#", String(Math.round(rtt)));
    ping.dataset.rtt = String(Math.round(rtt));
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
    var sent = performance.now();
    fetch(location.pathname, { credentials: "same-origin", headers: { "Accept": "text/html" } })
      .then(function (r) { return r.text(); })
      .then(function (html) {
        var arrived = performance.now();
        var next = new DOMParser().parseFromString(html, "text/html").getElementById("live-game");
        if (next) {
          game.replaceWith(next);
          game = next;
          measured(arrived - sent);
          readAt = arrived - lag;
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
      readAt = performance.now() - lag;
    }
  });
})();
