package apitest

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"adiukh/tournament"
	"adiukh/tournament/store/storetest"
)

// LiveSection is a live event for the API tests: its path, the arbiter's
// token, and each player's token and e-mail by player ID.
type LiveSection struct {
	Ev      string
	arbiter string
	Tokens  map[int]string
	Emails  map[int]string
}

// StartLiveEvent creates an online event of players, each linked to the
// account of the e-mail given (accounts holds the tokens of those made
// already; the others are made and added), and pairs and publishes round
// 1 with its games starting at once.
func StartLiveEvent(t *testing.T, s *CorrServer, arbiter string, event map[string]any, accounts map[string]string, emails ...string) *LiveSection {
	t.Helper()
	sec := &LiveSection{arbiter: arbiter, Tokens: map[int]string{}, Emails: map[int]string{}}
	sec.Ev = fmt.Sprintf("/api/v1/events/%d", int(Num(s.Must(http.StatusCreated, arbiter, "POST", "/api/v1/events", event).(map[string]any)["id"])))
	for i, email := range emails {
		pid := int(Num(s.Must(http.StatusCreated, arbiter, "POST", sec.Ev+"/players", map[string]any{"name": fmt.Sprintf("Игрок %d", i+1), "rating": 2000 - i}).(map[string]any)["id"]))
		if accounts[email] == "" {
			accounts[email] = s.User(email, tournament.PlayerRole)
		}
		sec.Tokens[pid], sec.Emails[pid] = accounts[email], email
		s.Must(http.StatusOK, arbiter, "PUT", fmt.Sprintf("%s/players/%d/account", sec.Ev, pid), map[string]any{"email": email})
	}
	s.Must(http.StatusCreated, arbiter, "POST", sec.Ev+"/rounds", nil)
	s.Must(http.StatusOK, arbiter, "POST", sec.Ev+"/rounds/1/publish", nil)
	return sec
}

// Games lists the section's games as GET /events/{id}/games answers.
func (sec *LiveSection) Games(s *CorrServer) []map[string]any {
	var out []map[string]any
	for _, g := range s.Must(http.StatusOK, sec.arbiter, "GET", sec.Ev+"/games", nil).([]any) {
		out = append(out, g.(map[string]any))
	}
	return out
}

// ForEachLiveServer runs test on each database, side by side, with a
// server whose clock starts at t0 and an arbiter's token.
func ForEachLiveServer(t *testing.T, test func(t *testing.T, s *CorrServer, arbiter string, t0 time.Time)) {
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			t0 := time.Date(2026, 12, 5, 15, 0, 0, 0, time.UTC)
			s := NewCorrServer(t, st, t0, nil)
			test(t, s, s.User("arbiter@example.org", tournament.ArbiterRole), t0)
		})
	}
}
