package main

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"adiukh/api"
	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/correspondence"
	"adiukh/tournament/engines"
	"adiukh/tournament/store"
)

func init() {
	commands["serve"] = command{"start the web server", serve}
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
			return nil, fmt.Errorf("%q is neither an IP address nor a CIDR range", item)
		}
		out = append(out, item)
	}
	return out, nil
}

// printFirstRun tells the operator of a fresh database how to become its
// administrator, and how to see a sample event first.
func printFirstRun(w io.Writer, addr, setupToken, dsn string) {
	fmt.Fprintf(w, "The database has no accounts yet. Become its administrator by opening, once:\n  http://%s/setup/%s\n", addr, setupToken)
	fmt.Fprintf(w, "or run: adiukh user add --db %s --email YOU@EXAMPLE.ORG --role admin --password-stdin\n", dsn)
	fmt.Fprintf(w, "To look around first, fill a database with a sample event: adiukh demo --db demo.db\n")
}

// randomToken makes the one-time setup link's secret part.
func randomToken() string {
	b := make([]byte, 24)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

func serve(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	publicURL := fs.String("public-url", envOr("ADIUKH_PUBLIC_URL", ""), "`URL` the site is reached at, linked from printed pairing lists; default: the host of each request (env ADIUKH_PUBLIC_URL)")
	addr := fs.String("addr", envOr("ADIUKH_ADDR", "127.0.0.1:8080"), "`HOST:PORT` to listen on (env ADIUKH_ADDR)")
	dsn := fs.String("db", envOr("ADIUKH_DB", "adiukh.db"), "SQLite `FILE` or postgres:// URL (env ADIUKH_DB)")
	proxies := fs.String("trusted-proxies", envOr("ADIUKH_TRUSTED_PROXIES", ""), "comma-separated `ADDRESSES` (IPs or CIDRs) of reverse proxies whose X-Forwarded-For names the client (env ADIUKH_TRUSTED_PROXIES)")
	secret := fs.String("secret", envOr("ADIUKH_SECRET", ""), "`KEY` that signs sign-in cookies; by default a key kept in the database (env ADIUKH_SECRET)")
	smtpURL := fs.String("smtp", envOr("ADIUKH_SMTP", ""), "`URL` of the mail server for notifications, like smtp://user:password@mail.example.org:587?from=adiukh@example.org; none: notifications stay in the site's inbox (env ADIUKH_SMTP)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	log := slog.New(slog.NewTextHandler(stderr, nil))
	mailer, err := newMailer(*smtpURL)
	if err != nil {
		fmt.Fprintf(stderr, "adiukh serve: --smtp: %v\n", err)
		return 2
	}
	trusted, err := parseProxies(*proxies)
	if err != nil {
		fmt.Fprintf(stderr, "adiukh serve: --trusted-proxies: %v\n", err)
		return 2
	}

	st, err := store.Open(*dsn)
	if err != nil {
		fmt.Fprintf(stderr, "adiukh serve: %v\n", err)
		return 1
	}
	defer st.Close()

	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(stderr, "adiukh serve: %v\n", err)
		return 1
	}
	hasUsers, err := st.HasUsers(context.Background())
	if err != nil {
		fmt.Fprintf(stderr, "adiukh serve: %v\n", err)
		return 1
	}
	var setupToken string
	if !hasUsers {
		setupToken = randomToken()
	}
	sessionKey := []byte(*secret)
	if *secret == "" {
		// Kept in the database, so that sign-ins survive restarts and
		// every instance on this database accepts them.
		if sessionKey, err = st.Secret(context.Background(), "session"); err != nil {
			fmt.Fprintf(stderr, "adiukh serve: %v\n", err)
			return 1
		}
	}
	corr := correspondence.NewService(st.Correspondence(), correspondence.Options{Pairing: engines.Options().Pairing, Mailer: mailer})
	handler := api.NewRouter(api.Deps{
		DB:             st,
		Events:         tournament.NewService(st, engines.Options()),
		Accounts:       account.NewService(st),
		Correspondence: corr,
		Log:            log,
		Secret:         sessionKey,
		SetupToken:     setupToken,
		TrustedProxies: trusted,
		PublicURL:      *publicURL,
	})
	srv := &http.Server{Handler: handler, ReadHeaderTimeout: 10 * time.Second}
	fmt.Fprintf(stdout, "adiukh is listening on http://%s (database %s)\n", ln.Addr(), *dsn)
	if !hasUsers {
		printFirstRun(stdout, ln.Addr().String(), setupToken, *dsn)
	}

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	go runScheduler(ctx, corr, log, time.Minute, time.Now)
	go func() {
		<-ctx.Done()
		shutdown, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = srv.Shutdown(shutdown)
	}()
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		log.Error("server stopped", "err", err)
		return 1
	}
	return 0
}
