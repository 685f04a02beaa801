package events_test

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"adiukh/api/apitest"
	"adiukh/tournament"
	"adiukh/tournament/engines"
	"adiukh/tournament/pairing/dutch"
	"adiukh/tournament/trf"
)

// TestSwissThroughAPI drives a 4-round Swiss event through the JSON API
// with a forfeit, a requested bye, a withdrawal, a late entry and a
// same-club rule. Before each round the exported TRF, paired by the pure
// engine as `adiukh pair --trf` pairs it, gives exactly the app's pairing.
func TestSwissThroughAPI(t *testing.T) {
	t.Parallel()
	apitest.ForEachServer(t, func(t *testing.T, s *apitest.Server) {
		const arbiter = tournament.ArbiterRole
		id := apitest.Num(s.Must(http.StatusCreated, arbiter, "POST", "/api/v1/events",
			map[string]any{"name": "Швейцарка", "discipline": "rapid", "system": "swiss", "rounds": 4, "time_control": "10+5", "forbid_same_club": true})["id"])
		events := fmt.Sprintf("/api/v1/events/%d", id)
		var ids []int
		for i, club := range []string{"Спартак", "", "Спартак", "Динамо", "", "Динамо", ""} {
			p := s.Must(http.StatusCreated, arbiter, "POST", events+"/players", map[string]any{"name": fmt.Sprintf("Игрок %d", i+1), "rating": 2000 - 10*i, "club": club})
			ids = append(ids, apitest.Num(p["id"]))
		}
		for n := 1; n <= 4; n++ {
			switch n {
			case 2:
				s.Must(http.StatusOK, arbiter, "PUT", fmt.Sprintf("%s/players/%d/bye", events, ids[1]), map[string]any{"round": 2, "kind": "half", "reason": "просьба"})
				s.Must(http.StatusCreated, arbiter, "POST", events+"/players", map[string]any{"name": "Опоздавший Ёж", "rating": 1500})
			case 3:
				s.Must(http.StatusOK, arbiter, "PATCH", fmt.Sprintf("%s/players/%d", events, ids[4]), map[string]any{"withdraw_from_round": 3, "reason": "заболел"})
			}
			code, file := s.Text("", "GET", events+"/pairing.trf", "")
			if code != http.StatusOK {
				t.Fatalf("pairing.trf: %d %s", code, file)
			}
			f, err := trf.Read(strings.NewReader(file))
			if err != nil {
				t.Fatal(err)
			}
			in, err := engines.DutchInputFromTRF(f)
			if err != nil {
				t.Fatal(err)
			}
			want, err := dutch.Pair(in)
			if err != nil {
				t.Fatal(err)
			}
			round := s.Must(http.StatusCreated, arbiter, "POST", events+"/rounds", nil)
			var got dutch.Pairing
			games := round["games"].([]any)
			for _, g := range games {
				g := g.(map[string]any)
				switch {
				case g["end_reason"] == "bye":
					got.Bye = apitest.Num(g["white"])
				case g["black"] != nil:
					got.Boards = append(got.Boards, dutch.Board{White: apitest.Num(g["white"]), Black: apitest.Num(g["black"])})
				}
			}
			if !slices.Equal(got.Boards, want.Boards) || got.Bye != want.Bye {
				t.Fatalf("round %d: the app paired %v, the exported TRF pairs %v\n%s", n, got, want, file)
			}
			cards := s.Must(http.StatusOK, arbiter, "GET", fmt.Sprintf("%s/rounds/%d/cards", events, n), nil)["cards"].([]any)
			inView, _ := s.Must(http.StatusOK, arbiter, "GET", fmt.Sprintf("%s/rounds/%d", events, n), nil)["cards"].([]any)
			if len(cards) != len(want.Boards)+min(want.Bye, 1) || len(inView) != len(cards) {
				t.Fatalf("round %d: %d pairing cards (%d in the round view) for %d boards", n, len(cards), len(inView), len(games))
			}
			s.Must(http.StatusOK, arbiter, "POST", fmt.Sprintf("%s/rounds/%d/publish", events, n), nil)
			if n == 2 {
				// The requested bye is named by its points on the printed
				// list, as on the pairing page.
				pdf := s.MustDownload(fmt.Sprintf("%s/rounds/2/pairings.pdf", events), "application/pdf")
				if text := apitest.PDFToText(t, "swiss-round2-pairings", pdf); !strings.Contains(text, apitest.RuDoc("reason.half_point_bye")) {
					t.Errorf("the pairing list of round 2 does not name the requested bye:\n%s", text)
				}
			}
			for _, g := range games {
				g := g.(map[string]any)
				if g["end_reason"] != nil {
					continue
				}
				score, reason := []string{"17:7", "12:12", "5:19"}[(apitest.Num(g["board"])+n)%3], "final_position"
				switch {
				case n == 1 && apitest.Num(g["board"]) == 1:
					score, reason = "24:0", "forfeit"
				case score == "12:12":
					reason = "agreement"
				}
				s.Must(http.StatusOK, arbiter, "PUT", fmt.Sprintf("%s/rounds/%d/games/%d/result", events, n, apitest.Num(g["board"])),
					map[string]any{"score": score, "end_reason": reason, "version": apitest.Num(g["version"])})
			}
		}
		standings := s.Must(http.StatusOK, "", "GET", events+"/standings", nil)
		if standings == nil {
			t.Fatal("no standings")
		}
	})
}

// TestSwissManualEditThroughAPI puts a hand-made pairing with a rematch
// through the API: it is stored with its warnings, shown on the round and
// audited.
func TestSwissManualEditThroughAPI(t *testing.T) {
	t.Parallel()
	apitest.ForEachServer(t, func(t *testing.T, s *apitest.Server) {
		const arbiter = tournament.ArbiterRole
		id := apitest.Num(s.Must(http.StatusCreated, arbiter, "POST", "/api/v1/events",
			map[string]any{"name": "Швейцарка", "discipline": "rapid", "system": "swiss", "rounds": 3})["id"])
		events := fmt.Sprintf("/api/v1/events/%d", id)
		for i := range 4 {
			s.Must(http.StatusCreated, arbiter, "POST", events+"/players", map[string]any{"name": fmt.Sprintf("Игрок %d", i+1), "rating": 2000 - 10*i})
		}
		round := s.Must(http.StatusCreated, arbiter, "POST", events+"/rounds", nil)
		s.Must(http.StatusOK, arbiter, "POST", events+"/rounds/1/publish", nil)
		var boards []map[string]any
		for _, g := range round["games"].([]any) {
			g := g.(map[string]any)
			boards = append(boards, map[string]any{"white": apitest.Num(g["black"]), "black": apitest.Num(g["white"])})
			s.Must(http.StatusOK, arbiter, "PUT", fmt.Sprintf("%s/rounds/1/games/%d/result", events, apitest.Num(g["board"])),
				map[string]any{"score": "12:12", "end_reason": "agreement", "version": apitest.Num(g["version"])})
		}
		s.Must(http.StatusCreated, arbiter, "POST", events+"/rounds", nil)
		edited := s.Must(http.StatusOK, arbiter, "PUT", events+"/rounds/2/pairing", map[string]any{"boards": boards, "reason": "по просьбе"})
		warnings, _ := edited["warnings"].([]any)
		if len(warnings) != 2 || warnings[0].(map[string]any)["code"] != "rematch" {
			t.Fatalf("warnings of a round-1 rematch = %v, want two rematches", warnings)
		}
		shown := s.Must(http.StatusOK, arbiter, "GET", events+"/rounds/2", nil)
		if got, _ := shown["warnings"].([]any); len(got) != 2 {
			t.Fatalf("round 2 shows warnings %v, want the two stored ones", got)
		}
		code, audit := s.Text(arbiter, "GET", events+"/audit", "")
		if code != http.StatusOK || !strings.Contains(audit, "round.edit") || !strings.Contains(audit, `"code":"rematch"`) {
			t.Fatalf("audit: %d %s; want the edit with its rematch warnings", code, audit)
		}
	})
}
