package main

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"adiukh/api"
	"adiukh/internal/connlimit"
	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/checkin"
	"adiukh/tournament/composition"
	"adiukh/tournament/correspondence"
	"adiukh/tournament/engines"
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
	"adiukh/tournament/store"
	"adiukh/tournament/submissions"
	"adiukh/tournament/swiss"
	"adiukh/tournament/teams"
)

func init() {
	commands["serve"] = command{phrase("start the web server"), serve}
}

// parseProxies reads a comma-separated list of IP addresses and CIDR
// ranges.
func parseProxies(list string) ([]string, error) {
	var out []string
	for _, item := range strings.Split(list, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		if _, _, err := net.ParseCIDR(item); err != nil && net.ParseIP(item) == nil {
			return nil, newProblem("%q is neither an IP address nor a CIDR range", item)
		}
		out = append(out, item)
	}
	return out, nil
}

// printFirstRun tells the operator of a fresh database how to become its
// administrator, and how to see a sample event first.
func printFirstRun(w io.Writer, addr, setupToken, dsn string) {
	say(w, "The database has no accounts yet. Become its administrator by opening, once:\n  http://%s/setup/%s", addr, setupToken)
	say(w, "or run: adiukh user add --db %s --email YOU@EXAMPLE.ORG --role admin --surname SURNAME --given-names NAMES --password-stdin", dsn)
	say(w, "To look around first, fill a database with a sample event: adiukh demo --db demo.db")
}

// randomToken makes the one-time setup link's secret part.
func randomToken() string {
	b := make([]byte, 24)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

func serve(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("serve", stderr)
	cfg := fs.settings("public-url", "addr", "db", "trusted-proxies", "secret", "log-format", "log-level", "smtp", "max-connections", "max-connections-per-address", "time-zone")
	drain := fs.Duration("shutdown-timeout", 30*time.Second, "how long to wait for requests in progress on SIGTERM before closing the database")
	if err := fs.Parse(args); err != nil {
		return parseStatus(err)
	}
	if n := len(cfg.Secret); n > 0 && n < minSecretBytes {
		say(stderr, "adiukh serve: --secret has %d bytes; it needs at least %d (make one with: openssl rand -base64 48)", n, minSecretBytes)
		return 2
	}
	if err := checkPublicURL(cfg.PublicURL); err != nil {
		fail(stderr, "adiukh serve", err)
		return 2
	}
	opt, err := cfg.eventOptions()
	if err != nil {
		fail(stderr, "adiukh serve", err)
		return 2
	}
	lines := newLogBatch(stderr)
	defer lines.Close() // last, after everything that logs
	log, err := cfg.logger(lines)
	if err != nil {
		fail(stderr, "adiukh serve", err)
		return 2
	}
	log = slog.New(lines.atOnceFrom(slog.LevelWarn, log.Handler()))
	log.Info("memory limit", "bytes", limitMemory(os.Getenv))
	mailer, err := newMailer(cfg.SMTP)
	if err != nil {
		fail(stderr, "adiukh serve: --smtp", err)
		return 2
	}
	trusted, err := parseProxies(cfg.TrustedProxies)
	if err != nil {
		fail(stderr, "adiukh serve: --trusted-proxies", err)
		return 2
	}
	// Before anything reads the limit (the live-game streams' total is
	// computed from it too).
	files, err := connlimit.RaiseFileLimit()
	if err != nil {
		fail(stderr, "adiukh serve", err)
		return 1
	}
	limits, err := connectionLimits(cfg, files, trusted)
	if err != nil {
		fail(stderr, "adiukh serve", err)
		return 2
	}

	st := openStore(stderr, "adiukh serve", cfg.DB)
	if st == nil {
		return 1
	}
	defer st.Close()

	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		fail(stderr, "adiukh serve", err)
		return 1
	}
	held := connlimit.New(ln, limits, log)
	defer held.Close() // the server closes it first, but not when serve stops before serving
	hasUsers, err := st.HasUsers(context.Background())
	if err != nil {
		fail(stderr, "adiukh serve", err)
		return 1
	}
	var setupToken string
	if !hasUsers {
		setupToken = randomToken()
	}
	sessionKey := []byte(cfg.Secret)
	if cfg.Secret == "" {
		// Kept in the database, so that sign-ins survive restarts and
		// every instance on this database accepts them.
		if sessionKey, err = st.Secret(context.Background(), "session"); err != nil {
			fail(stderr, "adiukh serve", err)
			return 1
		}
	}
	corr := correspondence.NewService(st.Correspondence(), correspondence.Options{Pairing: engines.Options().Pairing, Mailer: mailer, Log: log, BoardClocks: teams.LegClocks})
	notify := noticeMailer(mailer, cfg.PublicURL, log)
	comp := composition.NewService(st.Composition(), composition.Options{Notify: notify})
	ent := entries.NewService(st.Entries(), entries.Options{Notify: notify, KeepParts: true})
	opt.LiveRound = corr.StartLiveRound
	opt.Hidden = ent.TellHidden
	events := tournament.NewService(st, opt)
	teamCompetitions := teams.NewService(st.Teams(), events, engines.TeamOptions())
	accounts := accountService(st, signUpOptions(mailer, cfg.PublicURL, sessionKey, log))
	// Runs before the database closes (deferred later): the mails queued
	// by the last requests still read and write it.
	defer func() {
		ctx, cancel := context.WithTimeout(context.Background(), *drain)
		defer cancel()
		if err := accounts.Close(ctx); err != nil {
			log.Warn("account mail still queued at shutdown", "err", err)
		}
	}()
	// The rounds' starts are set by the arbiters and date the games of PDN.
	roundStarts := schedule.NewService(st, nil)
	relays := relay.NewService(st.Relay(), events, relay.Options{})
	playoffs := playoff.NewService(st.Playoffs(), events, teamCompetitions, nil)
	matches := knockout.NewService(st.Knockout(), nil)
	handler := api.NewRouter(api.Deps{
		DB:             st,
		Events:         events,
		Players:        players.NewService(events),
		Teams:          teamCompetitions,
		Interchange:    interchange.NewService(st.Interchange(), events, engines.InterchangeOptions()),
		Review:         review.NewService(st.Review(), events, engines.ReviewOptions()),
		MicroMatches:   micromatch.NewService(st.MicroMatches(), nil),
		Playoffs:       playoffs,
		Relay:          relays,
		Knockout:       matches,
		Exporter:       export.New(events, teamCompetitions, roundStarts, matches, playoffs),
		Accounts:       accounts,
		Correspondence: corr,
		Composition:    comp,
		Entries:        ent,
		People:         people.NewService(st.People(), people.Options{}),
		Ratings:        ratings.NewService(st.Ratings(), ratings.Options{}),
		Search:         search.NewService(st.Search()),
		Submissions:    submissions.NewService(st.Submissions(), events, nil),
		PlayerCards:    playercard.NewService(st, events),
		Schedule:       roundStarts,
		Hall:           hall.NewService(st, nil, relays),
		Swiss:          swiss.NewService(st, events, nil),
		Checkin:        checkin.NewService(st.Checkin(), nil),
		PrizeLists:     prizelist.NewService(st.PrizeLists(), events, nil),
		Log:            log,
		Secret:         sessionKey,
		SetupToken:     setupToken,
		TrustedProxies: trusted,
		PublicURL:      cfg.PublicURL,
		Connections:    held.Stats,
		StreamLimits:   streamLimits(limits),
	})
	srv := newServer(handler, held, limits.Idle, serveDeadlines, log)
	log.Info("connection limits", "total", limits.Total, "per_address", limits.PerAddress, "open_files", files)
	say(stdout, "adiukh is listening on http://%s (database %s)", ln.Addr(), store.Redact(cfg.DB))
	if !hasUsers {
		printFirstRun(stdout, ln.Addr().String(), setupToken, store.Redact(cfg.DB))
	}

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	go runScheduler(ctx, corr, comp, ent, log, time.Minute, time.Now)
	// The relayed boards' polled sources are read every few seconds; each
	// read is claimed first, so that every instance may run the poller and
	// one of them reads a source at a time.
	go relays.RunPoller(ctx)
	// The live games' clocks resume from their stored stamps, the time
	// the server was away given back, before the first request is served.
	beat(ctx, corr, log, time.Now())
	go runLiveClock(ctx, corr, events, log, time.Second, time.Now)
	// On PostgreSQL the instances tell each other of every game changed,
	// so that a move made on one reaches the watchers on another at once.
	go corr.ListenForChanges(ctx, func(err error) { log.Error("live games' change feed", "err", err) })
	// The versions of the data are kept in memory, moved by the writes of
	// this instance and the notices (or on SQLite the poll) of the others':
	// a kept page is served without a round trip to the database.
	go st.KeepVersions(ctx, func(err error) { log.Error("the versions' feed; reading them from the database meanwhile", "err", err) })
	if err := runServer(ctx, srv, held, *drain, log); err != nil {
		log.Error("server stopped", "err", err)
		return 1
	}
	return 0
}

// deadlines are how long a connection may take over each part of a
// request: its head, the whole request with its body, the answer.
type deadlines struct {
	Header, Request, Answer time.Duration
}

// serveDeadlines are `adiukh serve`'s, nginx's defaults the model (issue
// 65): a request's head within 10 s (client_header_timeout), or the
// connection is closed and its place given to another reader; a body within
// a minute (a TRF upload over a slow line; one that sends nothing is cut
// sooner, connlimit.Limits.BodyIdle), the answer within two (the largest
// PDF).
var serveDeadlines = deadlines{Header: 10 * time.Second, Request: time.Minute, Answer: 2 * time.Minute}

// newServer is the HTTP server of `adiukh serve`: handler behind the
// listener's count of connections and bodies, under the deadlines d, a
// kept-alive connection closed after idle.
func newServer(handler http.Handler, held *connlimit.Listener, idle time.Duration, d deadlines, log *slog.Logger) *http.Server {
	return &http.Server{
		// The listener sees each request body arrive, and each connection's
		// signed-in account (connlimit.CountByAccount, called by api/core).
		Handler: held.Handler(handler),
		ConnContext: func(ctx context.Context, c net.Conn) context.Context {
			return api.ConnContext(connlimit.ConnContext(ctx, c), c)
		},
		ConnState:         held.ConnState,
		ReadHeaderTimeout: d.Header,
		ReadTimeout:       d.Request,
		WriteTimeout:      d.Answer,
		IdleTimeout:       idle,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
}

// idleTimeout is how long a kept-alive connection may wait for its next
// request while the server is far from its total of connections; nearer,
// connlimit shortens it.
const idleTimeout = 2 * time.Minute

// connectionLimits are the limits of connections the settings ask for, for
// a process that may open files files: the defaults of connlimit where a
// setting is empty, the trusted proxies (parseProxies) held to the total
// alone. A total that leaves too few files for the database is refused,
// naming the most allowed.
func connectionLimits(cfg *config, files uint64, proxies []string) (connlimit.Limits, error) {
	limits := connlimit.DefaultLimits(files, idleTimeout)
	for _, p := range proxies {
		prefix, err := netip.ParsePrefix(p)
		if err != nil {
			ip, err := netip.ParseAddr(p)
			if err != nil {
				return limits, newProblem("%q is neither an IP address nor a CIDR range", p)
			}
			prefix = netip.PrefixFrom(ip.Unmap(), ip.Unmap().BitLen())
		}
		limits.Proxies = append(limits.Proxies, prefix.Masked())
	}
	for _, s := range []struct {
		flag, value string
		into        *int
	}{
		{"--max-connections", cfg.MaxConnections, &limits.Total},
		{"--max-connections-per-address", cfg.MaxConnectionsPerAddress, &limits.PerAddress},
	} {
		if s.value == "" {
			continue
		}
		n, err := strconv.Atoi(s.value)
		if err != nil || n < 1 {
			return limits, newProblem("%s %q: give a whole number of connections, at least 1", s.flag, s.value)
		}
		*s.into = n
	}
	if most := connlimit.MaxTotal(files); limits.Total > most {
		return limits, newProblem("--max-connections %d leaves too few of the process's %d open files for the database and the files it reads; at most %d", limits.Total, files, most)
	}
	if cfg.MaxConnectionsPerAddress == "" {
		// A total lowered below the default cap lowers the cap with it.
		limits.PerAddress = min(limits.PerAddress, limits.Total)
	}
	if limits.PerAddress > limits.Total {
		return limits, newProblem("--max-connections-per-address %d is more than the %d connections in all (--max-connections)", limits.PerAddress, limits.Total)
	}
	return limits, nil
}

// streamLimits are the default limits of live-game streams with their total
// below the connections' (three quarters of it): a spectator's stream past
// it is answered 429 and the page asks for the game every few seconds,
// before the connections run out and newcomers are refused without an
// answer; the rest is left for pages.
func streamLimits(connections connlimit.Limits) api.StreamLimits {
	l := api.DefaultStreamLimits()
	l.Total = max(min(l.Total, connections.Total*3/4), 1)
	return l
}

// minSecretBytes is the shortest --secret accepted: as long as the
// HMAC-SHA256 key it becomes.
const minSecretBytes = 32

// runServer serves on ln until ctx ends, then stops taking requests and
// waits up to drain for those in progress. It returns only when they are
// done, so that the caller closes the database after the last request.
func runServer(ctx context.Context, srv *http.Server, ln net.Listener, drain time.Duration, log *slog.Logger) error {
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	select {
	case err := <-served:
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down: waiting for requests in progress", "timeout", drain)
	shutdown, cancel := context.WithTimeout(context.Background(), drain)
	defer cancel()
	if err := srv.Shutdown(shutdown); err != nil {
		return newProblem("requests still running after %v; they were cut off", drain)
	}
	if err := <-served; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	log.Info("all requests answered; closing the database")
	return nil
}

// signUpOptions confirm sign-ups by mail when the site can send mail and
// knows the public address its links start with; otherwise an
// administrator approves them on the users page. The sign-up forms are
// signed with the site's secret, which every instance shares; mails that
// could not be sent are logged.
func signUpOptions(mailer correspondence.Mailer, publicURL string, secret []byte, log *slog.Logger) account.Options {
	if mailer == nil || publicURL == "" {
		return account.Options{Secret: secret, Log: log}
	}
	return account.Options{Mailer: mailer, SiteURL: publicURL, Secret: secret, Log: log}
}
