package export

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"adiukh/tournament"
	registration "adiukh/tournament/players"
	"adiukh/tournament/trf"
)

// hostileNames are names that broke the TRF export: a line break followed
// by a fake player line, names longer than the 33 columns of the field, a
// spreadsheet formula.
var hostileNames = []string{
	"Тлехас\n001    9 m    Подставной игрок                   2999",
	"Константинопольский-Хуаде Аскербий Мухамедович оглы",
	`=HYPERLINK("http://evil.example/","Нажми")`,
	"Ачмиз\r\nБэла",
}

// TestTRFRoundTrip exports events with hostile names as TRF, reads each
// file back with adiukh's own import, and checks that the event comes back:
// the same players with their names fitted to the field, ratings, birth
// years, federation IDs, federations, withdrawals (the round robin's
// player withdrawn from round 4), points and places, the system, the rounds and the header.
func TestTRFRoundTrip(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name   string
		build  func(f *docFixture) int64
		system tournament.System
	}{
		{"swiss", func(f *docFixture) int64 {
			return f.swiss("Кубок\n001    8 Фальшивый турнир", true)
		}, tournament.Swiss},
		{"swiss-running", func(f *docFixture) int64 { return f.swiss("Первенство Майкопа", false) }, tournament.Swiss},
		{"round-robin", func(f *docFixture) int64 { return f.roundRobin("Чемпионат Адыгеи") }, tournament.RoundRobin},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newDocFixture(t)
			id := tc.build(f)
			players, err := f.svc.Players(f.ctx, id)
			f.must(err)
			for i, name := range hostileNames {
				federation := []string{"RUS", "NED", "SEN", ""}[i]
				_, err := registration.NewService(f.svc).UpdatePlayer(f.ctx, id, players[i].ID, tournament.PlayerInput{Name: ptr(name), FederationID: ptr(fmt.Sprint(24100000 + i)), Federation: &federation}, "исправлено по паспорту")
				f.must(err)
			}
			var file bytes.Buffer
			f.must(f.exporter().TRF(f.ctx, &file, id))
			if n := strings.Count(file.String(), "\n001 "); n != len(players) {
				t.Errorf("%d player lines for %d players:\n%s", n, len(players), file.String())
			}
			back, err := f.trfs.ImportTRF(f.ctx, bytes.NewReader(file.Bytes()), "")
			if err != nil {
				t.Fatalf("adiukh cannot read its own TRF: %v\n%s", err, file.String())
			}
			before, err := f.teams.CrosstableAfter(f.ctx, id, 0)
			f.must(err)
			after, err := f.teams.CrosstableAfter(f.ctx, back.ID, 0)
			f.must(err)
			e, got := before.Event, after.Event
			if got.System != tc.system || got.Rounds != e.Rounds || got.City != e.City || got.StartDate != e.StartDate || got.EndDate != e.EndDate ||
				got.ChiefArbiter != e.ChiefArbiter || got.TimeControl != e.TimeControl || got.Name != strings.ReplaceAll(e.Name, "\n", " ") {
				t.Errorf("event read back as %q %s, %d rounds, %s, %s–%s, %s, %v; want %q %s, %d rounds, %s, %s–%s, %s, %v",
					got.Name, got.System, got.Rounds, got.City, got.StartDate, got.EndDate, got.ChiefArbiter, got.TimeControl,
					e.Name, tc.system, e.Rounds, e.City, e.StartDate, e.EndDate, e.ChiefArbiter, e.TimeControl)
			}
			if len(after.Rows) != len(before.Rows) || after.Standings.AfterRound != before.Standings.AfterRound {
				t.Fatalf("%d players after round %d read back, want %d after round %d", len(after.Rows), after.Standings.AfterRound, len(before.Rows), before.Standings.AfterRound)
			}
			for i, want := range before.Rows {
				got := after.Rows[i]
				// On one line, cut to the 33 columns of the field.
				name := []rune(strings.NewReplacer("\r", " ", "\n", " ").Replace(want.Player.Name))
				name = name[:min(len(name), 33)]
				if got.Player.StartNo != want.Player.StartNo || strings.Join(strings.Fields(got.Player.Name), " ") != strings.Join(strings.Fields(string(name)), " ") || got.Player.Rating != want.Player.Rating ||
					got.Player.BirthYear != want.Player.BirthYear || got.Player.FederationID != want.Player.FederationID || got.Score != want.Score ||
					got.Player.Federation != want.Player.Federation || got.Player.WithdrawnFrom != want.Player.WithdrawnFrom {
					t.Errorf("player %d read back as %q, rating %d, born %d, ID %q, %s, withdrawn from %d, %g points; want %q, %d, %d, %q, %s, %d, %g",
						want.Player.StartNo, got.Player.Name, got.Player.Rating, got.Player.BirthYear, got.Player.FederationID, got.Player.Federation, got.Player.WithdrawnFrom, got.Score,
						string(name), want.Player.Rating, want.Player.BirthYear, want.Player.FederationID, want.Player.Federation, want.Player.WithdrawnFrom, want.Score)
				}
				if got.Rank != want.Rank {
					t.Errorf("player %d ranks %d read back, %d before\n%s", want.Player.StartNo, got.Rank, want.Rank, file.String())
				}
			}
			// Written again, the imported event gives the same file but
			// for the header lines the import cannot know.
			var again bytes.Buffer
			f.must(f.exporter().TRF(f.ctx, &again, back.ID))
			first, err := trf.Read(bytes.NewReader(file.Bytes()))
			f.must(err)
			second, err := trf.Read(bytes.NewReader(again.Bytes()))
			f.must(err)
			for i := range first.Players {
				a, b := first.Players[i], second.Players[i]
				if fmt.Sprint(a) != fmt.Sprint(b) {
					t.Errorf("player line %d written again as %+v, first %+v", i+1, b, a)
				}
			}
		})
	}
}
