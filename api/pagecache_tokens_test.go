package api_test

import (
	"fmt"
	"net/http"
	"testing"

	"adiukh/api/apitest"
	"adiukh/tournament"
	"adiukh/tournament/store/storetest"
)

// Issue 65: a reader of an event's JSON with a token who may not manage
// the event gets the answer kept for anonymous readers, byte for byte the
// answer a site without the cache makes for them, and makes nothing; the
// event's arbiter gets an answer made for them; a result entered makes the
// next read fresh for both; an error answer (standings after a round not
// played out) is made for each reader as it was. On both databases.
func TestTokenReadersGetTheKeptJSON(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel() // each database's half waits on its database
			site := apitest.NewWebServerOn(t, st)
			id := site.RoundRobin(6)
			s, uncached := sites(site)
			s.Tokens, uncached.Tokens = site.Tokens, site.Tokens
			base := fmt.Sprintf("/api/v1/events/%d", id)
			paths := []string{base, base + "/players", base + "/rounds", base + "/rounds/1", base + "/standings", base + "/standings?round=1", base + "/crosstable"}
			read := func(when string) {
				for _, p := range paths {
					for _, reader := range []tournament.Role{"", tournament.PlayerRole, tournament.ArbiterRole} {
						if reader != "" {
							fetch(s.Handler, p) // the anonymous answer, kept
						}
						before := apitest.CacheAnswers(t, s.Handler)
						got := s.Download(reader, p, map[string]string{"Accept-Language": "ru"})
						after := apitest.CacheAnswers(t, s.Handler)
						want := uncached.Download(reader, p, map[string]string{"Accept-Language": "ru"})
						if got.Code != want.Code || got.Body.String() != want.Body.String() {
							t.Errorf("%s, %s as %q: got (%d)\n%s\nwant the answer made for them (%d)\n%s", when, p, reader, got.Code, got.Body, want.Code, want.Body)
						}
						kept := after["kept"] - before["kept"]
						if want.Code != http.StatusOK {
							continue // an error answer is not kept: it is made for each reader
						}
						if reader == tournament.PlayerRole && (kept != 1 || after["made"] != before["made"]) {
							t.Errorf("%s, %s: a player's token was served %v kept answers and made %v; want the kept one", when, p, kept, after["made"]-before["made"])
						}
						if reader == tournament.ArbiterRole && kept != 0 {
							t.Errorf("%s, %s: the event's arbiter was served the kept answer; want one made for them", when, p)
						}
					}
				}
			}
			read("before a result")
			var version, board int
			for _, g := range s.Must(http.StatusOK, tournament.ArbiterRole, "GET", base+"/rounds/1", nil)["games"].([]any) {
				if g := g.(map[string]any); g["black"] != nil {
					version, board = apitest.Num(g["version"]), apitest.Num(g["board"])
					break
				}
			}
			round := s.Download(tournament.PlayerRole, base+"/rounds/1", nil).Body.String()
			s.Must(http.StatusOK, tournament.ArbiterRole, "PUT", fmt.Sprintf("%s/rounds/1/games/%d/result", base, board), map[string]any{
				"score": "17:7", "end_reason": "final_position", "version": version,
			})
			if s.Download(tournament.PlayerRole, base+"/rounds/1", nil).Body.String() == round {
				t.Error("after a result, a player's token reads the round kept before it")
			}
			read("after a result")
		})
	}
}
