package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os/signal"
	"syscall"
	"time"

	"adiukh/api"
	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/engines"
	"adiukh/tournament/store"
)

func init() {
	commands["serve"] = command{"start the web server", serve}
}

func serve(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	publicURL := fs.String("public-url", envOr("ADIUKH_PUBLIC_URL", ""), "`URL` the site is reached at, linked from printed pairing lists; default: the host of each request (env ADIUKH_PUBLIC_URL)")
	addr := fs.String("addr", envOr("ADIUKH_ADDR", "127.0.0.1:8080"), "`HOST:PORT` to listen on (env ADIUKH_ADDR)")
	dsn := fs.String("db", envOr("ADIUKH_DB", "adiukh.db"), "SQLite `FILE` or postgres:// URL (env ADIUKH_DB)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	log := slog.New(slog.NewTextHandler(stderr, nil))

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
	handler := api.NewRouter(api.Deps{
		PublicURL: *publicURL,
		DB:        st,
		Events:    tournament.NewService(st, engines.Options()),
		Accounts:  account.NewService(st),
		Log:       log,
	})
	srv := &http.Server{Handler: handler, ReadHeaderTimeout: 10 * time.Second}
	fmt.Fprintf(stdout, "adiukh is listening on http://%s (database %s)\n", ln.Addr(), *dsn)

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
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
