package core

import (
	"adiukh/internal/connlimit"
	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/brackets"
	"adiukh/tournament/checkin"
	"adiukh/tournament/composition"
	"adiukh/tournament/correspondence"
	"adiukh/tournament/entries"
	"adiukh/tournament/export"
	"adiukh/tournament/hall"
	"adiukh/tournament/interchange"
	"adiukh/tournament/knockout"
	"adiukh/tournament/micromatch"
	"adiukh/tournament/people"
	"adiukh/tournament/playercard"
	"adiukh/tournament/players"
	"adiukh/tournament/playoff"
	"adiukh/tournament/prizelist"
	"adiukh/tournament/ratings"
	"adiukh/tournament/relay"
	"adiukh/tournament/review"
	"adiukh/tournament/schedule"
	"adiukh/tournament/search"
	"adiukh/tournament/submissions"
	"adiukh/tournament/swiss"
	"adiukh/tournament/teams"
	"context"
	"crypto/rand"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/prometheus/client_golang/prometheus"
)

// Pinger reports whether the database answers.
type Pinger interface {
	Ping(ctx context.Context) error
}

// Deps are what the handlers work with; cmd/adiukh builds them.
type Deps struct {
	// PublicURL is the address the site is reached at, such as
	// https://adiukh.example.org; printed pairing lists link to it. Empty
	// prints no link: the Host header of a request is not trusted.
	PublicURL string

	DB     Pinger
	Events *tournament.Service
	// Players registers the events' players at the desk, changes,
	// withdraws, removes and numbers them; on Events when nil.
	Players *players.Service
	// Teams runs the team competitions of the events, and reads and pairs
	// an event of either kind (its tables, rounds and desk).
	Teams    *teams.Service
	Accounts *account.Service
	// Correspondence plays the games of correspondence events on the server.
	Correspondence *correspondence.Service
	// Composition runs the contests of composition events.
	Composition *composition.Service
	// People keeps the federation's register of people.
	People *people.Service
	// Ratings keeps the federation's rating lists.
	Ratings *ratings.Service
	// Entries keeps entries to events, the calendar, regulations and
	// follows.
	Entries *entries.Service
	// Search finds the events and players a reader may see.
	Search *search.Service
	// PlayerCards reads a player's card in an event.
	PlayerCards *playercard.Service
	// Schedule sets when rounds played over the board start.
	Schedule *schedule.Service
	// Checkin is the check-in before a round played over the board:
	// players confirm their presence, the arbiter marks them and confirms
	// the absent.
	Checkin *checkin.Service
	// Hall reads and follows the hall of an event played over the board:
	// its round's boards and timer; on DB (a tournament.Store) and Now
	// when nil.
	Hall *hall.Service
	// Swiss takes the byes players of Swiss events ask for and explains
	// a Swiss round's pairings.
	Swiss *swiss.Service
	// Submissions takes the results players report and the arbiter's
	// batches of score sheets.
	Submissions *submissions.Service
	// Interchange exchanges events with other programs as TRF files: the
	// file of the next round's pairing state, an event imported from one.
	Interchange *interchange.Service
	// Review is the arbiter's review of rounds before they are played:
	// seats swapped, a pairing made by hand, a draft deleted, a round taken
	// back to a draft.
	Review *review.Service
	// Relay relays the games of rounds played over the board: their
	// sources (operators, pushed PDN, polled PDN), moves and proposed
	// results, read by the hall's pages and streams.
	Relay *relay.Service
	// PrizeLists keeps the events' prize lists and gives their prizes
	// once an event is finished.
	PrizeLists *prizelist.Service
	// MicroMatches keeps the tables of openings of Russian draughts
	// events and the two games of their micro-matches.
	MicroMatches *micromatch.Service
	// Playoffs decides the ties of events' final standings by play-offs.
	Playoffs *playoff.Service
	// Knockout records the games of knockout events' matches and reads
	// their brackets.
	Knockout *knockout.Service
	// Brackets reads the bracket of a knockout of players or of teams;
	// brackets.NewService(Events, Knockout, Teams) when nil.
	Brackets *brackets.Service
	// Exporter writes the documents of stored events, stamped by its clock;
	// export.New(Events, Teams, Schedule, Knockout, Playoffs) on Now when
	// nil.
	Exporter *export.Exporter
	Log      *slog.Logger
	// Secret signs the session cookies of the web pages; every instance
	// serving the same site needs the same one.
	Secret []byte
	// SetupToken, when set, opens /setup/{token} once to create the first
	// administrator of a fresh database.
	SetupToken string
	// Now is the clock; time.Now when nil.
	Now func() time.Time
	// TrustedProxies are the addresses (IPs or CIDRs) of reverse proxies
	// whose X-Forwarded-For names the client; cmd/adiukh checks them.
	// Without any, the connecting address is the client.
	TrustedProxies []string
	// LiveEvery is how often the open page of a running round asks the
	// server whether it changed, to show new results without a reload:
	// DefaultLiveEvery when zero.
	LiveEvery time.Duration
	// StreamLimits bound the live-game streams held open;
	// DefaultStreamLimits when zero.
	StreamLimits StreamLimits
	// Connections tells what the listener bounding the server's
	// connections holds and refused, for /metrics; nil when the server
	// listens without one (tests).
	Connections func() connlimit.Stats
}

// DefaultLiveEvery is how often live pages look for news: the page cache
// answers an unchanged page with 304, so a crowd of readers costs little.
const DefaultLiveEvery = 20 * time.Second

// Server holds what the handlers of every part of the site share: the
// services, the metrics, the page cache and the session cookies. The pages
// (package web) and the JSON API (package v1) each embed it in their own
// handler type and register their own routes on its engine.
type Server struct {
	Deps
	// Sessions seals and opens the session cookies of the web pages; the
	// API reads them too, for the documents the pages link to.
	Sessions *Sessions
	metrics  *metrics
	// pages keeps public answers per data version; nil when the database
	// cannot tell its version.
	pages *pageCache
	// failPage answers an error as a page; the web package sets it, and
	// until it does errors outside /api/ are answered as JSON.
	failPage func(c *gin.Context, err error)
	// streams counts the open live-game streams (OpenStream).
	streams *streams
	// urgent counts each address's requests in the urgent lane.
	urgent urgentLane
}

// crossSite marks a request the cross-origin protection refused.
type crossSite struct{}

// refuseCrossSite answers a marked request with 403 before any route runs.
func (h *Server) refuseCrossSite(c *gin.Context) {
	if c.Request.Context().Value(crossSite{}) != nil {
		h.Fail(c, tournament.Forbidden("a form sent from another site is refused; open the page on this site and send it again"))
		c.Abort()
	}
}

// New fills in the defaults of d and returns the server of its handlers.
func New(d Deps) *Server {
	if d.Log == nil {
		d.Log = slog.Default()
	}
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.LiveEvery <= 0 {
		d.LiveEvery = DefaultLiveEvery
	}
	if d.Players == nil {
		d.Players = players.NewService(d.Events)
	}
	if st, ok := d.DB.(tournament.Store); ok && d.Hall == nil {
		d.Hall = hall.NewService(st, d.Now, d.Relay)
	}
	if d.Brackets == nil {
		d.Brackets = brackets.NewService(d.Events, d.Knockout, d.Teams)
	}
	if d.Exporter == nil {
		d.Exporter = export.New(d.Events, d.Teams, d.Schedule, d.Knockout, d.Playoffs).WithClock(d.Now)
	}
	if len(d.Secret) == 0 {
		// Without a configured secret, sign-ins last as long as this process.
		d.Secret = make([]byte, 32)
		_, _ = rand.Read(d.Secret)
	}
	if d.StreamLimits == (StreamLimits{}) {
		d.StreamLimits = DefaultStreamLimits()
	}
	s := &Server{Deps: d, metrics: newMetrics(d), Sessions: NewSessions(d.Secret), streams: newStreams(d.StreamLimits)}
	s.metrics.registry.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{
		Name: "adiukh_live_streams_open", Help: "Live-game streams held open, players' and spectators'.",
	}, func() float64 { return float64(s.streams.open()) }))
	if v, ok := d.DB.(Versioner); ok {
		s.pages = newPageCache(v)
		for i, how := range cacheOutcomes {
			s.metrics.registry.MustRegister(prometheus.NewCounterFunc(prometheus.CounterOpts{
				Name:        "adiukh_page_cache_answers_total",
				Help:        "Answers of the cached public pages to anonymous readers: kept, made, waited for another request's making, or uncached.",
				ConstLabels: prometheus.Labels{"how": how},
			}, func() float64 { return float64(s.pages.answers[i].Load()) }))
		}
		// What the cache holds, so that a server's memory can be told apart:
		// the kept pages against the rest of the heap (go_memstats_*).
		s.metrics.registry.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "adiukh_page_cache_bytes",
			Help: "Bytes of the pages and documents the page cache keeps, plain and compressed (at most 64 MB).",
		}, func() float64 {
			s.pages.mu.Lock()
			defer s.pages.mu.Unlock()
			return float64(s.pages.bytes)
		}))
	}
	return s
}

// SetPageFailer makes fail the answer of an error outside /api/: the error
// page of package web.
func (h *Server) SetPageFailer(fail func(c *gin.Context, err error)) {
	h.failPage = fail
}

// Engine builds the gin router with the middleware every route runs and the
// operational routes (health, metrics); the pages and the API add theirs.
func (h *Server) Engine() *gin.Engine {
	releaseMode()
	r := gin.New()
	// Sign-in limits count by the client's address: the connecting one, or
	// what a trusted proxy forwards, never a header any client could forge.
	if err := r.SetTrustedProxies(h.TrustedProxies); err != nil {
		h.Log.Error("trusted proxies refused; trusting none", "err", err)
		_ = r.SetTrustedProxies(nil)
	}
	r.Use(h.observe, h.recoverPanic, noSniff, h.refuseCrossSite, h.limitBody, h.urgent.atTheClock)
	h.RoutesOps(r)
	return r
}

// releaseMode switches gin's debug output off, once: the mode is a global
// of gin's, which servers built side by side (tests, instances) would
// otherwise write at the same time.
var releaseMode = sync.OnceFunc(func() { gin.SetMode(gin.ReleaseMode) })

// MarkCrossSite marks a request the cross-origin protection refused, so
// that the engine answers it with 403 in the reader's language.
func MarkCrossSite(r *http.Request) *http.Request {
	return r.WithContext(context.WithValue(r.Context(), crossSite{}, true))
}
