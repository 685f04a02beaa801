package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"adiukh/api"
	"adiukh/api/apitest"
	"adiukh/api/core"
	"adiukh/internal/testcorpus"
	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/engines"
	"adiukh/tournament/entries"
	"adiukh/tournament/interchange"
	"adiukh/tournament/store/storetest"
)

// BenchmarkHostileRequestsOfAHugeEvent is the CPU of a request of each
// kind the fourth hardening pass (issue 59.3) found making a page of a
// 4,096-player, 9-round Swiss event (testcorpus.BigTRF) again and again:
// a new ?page= past the last on every request, a new ?round= past the
// last, a new board no round has, a player of another event, and the
// standings page after a sign-in (an account write); and of the kinds the
// fifth (issue 65) found made for their reader: an event's documents, a
// player's and a manager's pages of the event, the player's /my and
// calendar, and the calendar polled with the ETag its program has.
// docs/benchmarks.md has the figures before and after.
func BenchmarkHostileRequestsOfAHugeEvent(b *testing.B) {
	st := storetest.SQLite(b)
	events := tournament.NewService(st, engines.Options())
	accounts := apitest.Accounts(st, account.Options{})
	h := apitest.NewRouter(api.Deps{DB: st, Events: events, Accounts: accounts, Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	arbiter := storetest.Arbiter(b, st)
	importTRF := func(players, rounds int) int64 {
		e, err := interchange.NewService(st.Interchange(), events, engines.InterchangeOptions()).ImportTRF(arbiter, bytes.NewReader(testcorpus.BigTRF(b, players, rounds)), "")
		if err != nil {
			b.Fatal(err)
		}
		return e.ID
	}
	id, other := importTRF(4096, 9), importTRF(8, 1)
	var players struct {
		Players []struct {
			ID int64 `json:"id"`
		} `json:"players"`
	}
	if err := json.Unmarshal(fetch(h, fmt.Sprintf("/api/v1/events/%d/players", other)).Body.Bytes(), &players); err != nil || len(players.Players) == 0 {
		b.Fatalf("the players of event %d: %v", other, err)
	}
	reader, err := accounts.AddUser(context.Background(), account.NewUser{Email: "reader@example.org", Role: string(tournament.PlayerRole), Password: "пароль читателя"})
	if err != nil {
		b.Fatal(err)
	}
	standings := fmt.Sprintf("/events/%d/standings", id)
	// signIn is the session cookie of the account, signed in as a
	// browser does.
	signIn := func(email string) []string {
		req := httptest.NewRequest(http.MethodPost, "/login", strings.NewReader(url.Values{"email": {email}, "password": {"пароль читателя"}}.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Sec-Fetch-Site", "same-origin")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		for _, c := range rec.Result().Cookies() {
			if c.Name == core.SessionCookie {
				return []string{"Cookie", c.Name + "=" + c.Value}
			}
		}
		b.Fatalf("the sign-in of %s: %d, no session", email, rec.Code)
		return nil
	}
	// A player of the huge event (its first: the 4,096 players were
	// imported just before the other event's), an administrator, who
	// manages it as its arbiter does, and the player's calendar (issue 65).
	player, err := accounts.AddUser(context.Background(), account.NewUser{Email: "player@example.org", Role: string(tournament.PlayerRole), Password: "пароль читателя"})
	if err != nil {
		b.Fatal(err)
	}
	if _, err := accounts.AddUser(context.Background(), account.NewUser{Email: "admin@example.org", Role: string(tournament.Admin), Password: "пароль читателя"}); err != nil {
		b.Fatal(err)
	}
	first := players.Players[0].ID - 4096
	if err := events.LinkPlayer(arbiter, id, first, player.Email); err != nil {
		b.Fatal(err)
	}
	feed, err := entries.NewService(st.Entries(), entries.Options{}).NewFeedToken(tournament.NewContextWithUser(context.Background(), player))
	if err != nil {
		b.Fatal(err)
	}
	cookies := map[string][]string{"standings to a signed-in reader": signIn("reader@example.org")}
	playing, managing := signIn(player.Email), signIn("admin@example.org")
	for _, page := range []string{"pairings", "standings", "crosstable", "card", "my"} {
		cookies["the player's "+page] = playing
	}
	for _, page := range []string{"pairings", "standings"} {
		cookies["the arbiter's "+page] = managing
	}
	// A calendar program polls the feed with the ETag it has (issue 65).
	cookies["the player's calendar, polled"] = []string{"If-None-Match", fetch(h, "/my.ics?token="+feed).Header().Get("ETag")}
	for name, request := range map[string]func(i int) string{
		"page past the last":  func(i int) string { return fmt.Sprintf("%s?page=%d", standings, 100+i) },
		"round past the last": func(i int) string { return fmt.Sprintf("%s?round=%d", standings, 100+i) },
		"board no round has":  func(i int) string { return fmt.Sprintf("/events/%d/rounds/1/boards/%d", id, 5000+i) },
		"player of another event": func(int) string {
			return fmt.Sprintf("/events/%d/players/%d", id, players.Players[0].ID)
		},
		"standings after a sign-in": func(int) string {
			if _, err := accounts.StartSession(context.Background(), reader); err != nil {
				b.Fatal(err)
			}
			return standings
		},
		"standings after a write of another event": func(int) string {
			err := st.Update(context.Background(), func(tx tournament.Tx) error {
				if err := tx.LockEvent(other); err != nil {
					return err
				}
				return tx.AddAudit(&tournament.AuditEntry{EventID: other, At: time.Now(), Action: "result", Subject: "board 1"})
			})
			if err != nil {
				b.Fatal(err)
			}
			return standings
		},
		"standings to a signed-in reader": func(int) string { return standings },
		"a board's page, made":            func(i int) string { return fmt.Sprintf("/events/%d/rounds/1/boards/%d", id, i+3) },
		// The huge event's 4,096 players were imported just before the
		// other event's, so their IDs are the 4,096 before its first.
		// An event's documents, asked anonymously (issue 65).
		"the games' PDN":        func(int) string { return fmt.Sprintf("/api/v1/events/%d/games.pdn", id) },
		"the standings PDF":     func(int) string { return fmt.Sprintf("/api/v1/events/%d/standings.pdf", id) },
		"the standings as XLSX": func(int) string { return fmt.Sprintf("/api/v1/events/%d/standings.xlsx", id) },
		// A player of the event and its arbiter, signed in (issue 65).
		"the player's pairings":         func(int) string { return fmt.Sprintf("/events/%d?round=9", id) },
		"the player's standings":        func(int) string { return standings },
		"the player's crosstable":       func(int) string { return fmt.Sprintf("/events/%d/crosstable", id) },
		"the player's card":             func(int) string { return fmt.Sprintf("/events/%d/players/%d", id, first) },
		"the player's my":               func(int) string { return "/my" },
		"the player's calendar":         func(int) string { return "/my.ics?token=" + feed },
		"the player's calendar, polled": func(int) string { return "/my.ics?token=" + feed },
		"the arbiter's pairings":        func(int) string { return fmt.Sprintf("/events/%d?round=9", id) },
		"the arbiter's standings":       func(int) string { return standings },
		"a player's card, made": func(i int) string {
			return fmt.Sprintf("/events/%d/players/%d", id, players.Players[0].ID-4096+int64(i+3)%4096)
		},
	} {
		b.Run(name, func(b *testing.B) {
			cookie := cookies[name]
			// The first two requests make what is made once: the page
			// asked, and the last page a later one past it is served.
			fetch(h, request(-2), cookie...)
			if rec := fetch(h, request(-1), cookie...); cookie != nil && rec.Code != http.StatusOK && rec.Code != http.StatusNotModified {
				b.Fatalf("%s: %d\n%.500s", request(-1), rec.Code, rec.Body)
			}
			before, requests := processCPU(b), 0
			for b.Loop() {
				requests++
				fetch(h, request(requests), cookie...)
			}
			b.ReportMetric(float64(processCPU(b)-before)/float64(requests)/1e3, "cpu-µs/req")
		})
	}
}
