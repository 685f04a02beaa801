package standings_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"adiukh/tournament/standings"
)

// scoring is the tests' 2/1/0, a pairing-allocated bye and a forfeit win
// scoring as a win.
var scoring = standings.Scoring{Win: 2, Draw: 1, Loss: 0, Bye: 2, ForfeitWin: 2}

// place is a place as the tests write it: "3", or "3-4" when players share it.
func place(rank, last int) string {
	if last == rank {
		return fmt.Sprint(rank)
	}
	return fmt.Sprintf("%d-%d", rank, last)
}

func played(white, black, wp, bp int) standings.Game {
	return standings.Game{White: white, Black: black, Kind: standings.Played, WhitePoints: wp, BlackPoints: bp}
}

func forfeit(white, black, wp, bp int) standings.Game {
	return standings.Game{White: white, Black: black, Kind: standings.Forfeit, WhitePoints: wp, BlackPoints: bp}
}

func single(player int, kind standings.Kind) standings.Game {
	return standings.Game{White: player, Kind: kind}
}

func ratedPlayers(ratings ...int) []standings.Player {
	ps := make([]standings.Player, len(ratings))
	for i, r := range ratings {
		ps[i] = standings.Player{StartNo: i + 1, Rating: r}
	}
	return ps
}

// swissWithByesForfeitsAndWithdrawal is a 5-player, 3-round Swiss event
// scored 2/1/0, worked by hand below.
//
//	round 1: 1-4 17:7, 2-5 12:12, 3 pairing-allocated bye
//	round 2: 3-1 10:14, 5-4 forfeit 24:0 (4 absent), 2 half-point bye
//	round 3: 1-2 12:12, 4-3 13:11, 5 withdrawn (not in the round at all)
//
// Scores: 1 = 2+2+1 = 5; 2 = 1+1+1 = 3; 3 = 2+0+0 = 2; 4 = 0+0+2 = 2;
// 5 = 1+2+0 = 3.
//
// Voluntarily unplayed rounds: 2's half-point bye, 4's forfeit loss, 5's
// absence. Adjusted scores (for the opponents' Buchholz): 5 was last
// available in round 2 (the forfeit win), so the absence in round 3 counts
// as a draw: 1+2+1 = 4. Everyone else keeps their score (1:5, 2:3, 3:2, 4:2);
// 4's forfeit loss is before their last available round and had an opponent.
//
// Buchholz entries (opponent's adjusted score, or the player's own score
// for a dummy opponent in an unplayed round; v = voluntary, share of a win):
//
//	1: 4→2 (1), 3→2 (1), 2→3 (½)           BH 7, cut-1 5 (−2), median 2 (−2 −3)
//	2: 5→4 (½), bye→3 v (½), 1→5 (½)       BH 12, cut-1 9 (the VUR 3 goes first), median 4
//	3: PAB→2 (1), 1→5 (0), 4→2 (0)         BH 9, cut-1 7, median 2
//	4: 1→5 (0), forfeit→2 v (0), 3→2 (1)   BH 9, cut-1 7 (VUR first), median 2
//	5: 2→3 (½), forfeit win→3 (1), absent→3 v (0)   BH 9, cut-1 6, median 3
//
// Sonneborn-Berger = Σ entry × share: 1: 2+2+1.5 = 5.5; 2: 2+1.5+2.5 = 6;
// 3: 2; 4: 2; 5: 1.5+3 = 4.5.
// Shmulyan = Σ entry × (+1 win, 0 draw, −1 loss): 1: 2+2 = 4; 2: 0;
// 3: 2−5−2 = −5; 4: −5−2+2 = −5; 5: 3−3 = 0.
//
// Played games only for wins and colours: wins 1:2 4:1; games with Black
// 1:1 (round 2) 2:1 3:1 4:1 5:1; wins with Black 1:1.
// Progressive: 1: 2+4+5 = 11; 2: 1+2+3 = 6; 3: 2+2+2 = 6; 4: 0+0+2 = 2;
// 5: 1+3+3 = 7. Adiukh points: 1: 17+14+12 = 43; 2: 12+12 = 24; 3: 10+11 =
// 21; 4: 7+13 = 20; 5: 12+24 = 36.
// Ratings 2000, 1900, 1800, 1700, 1600 for 1–5. ARO over played games:
// 1: (1700+1800+1900)/3 = 1800; 2: (1600+2000)/2 = 1800; 3: (2000+1700)/2
// = 1850; 4: (2000+1800)/2 = 1900; 5: 1900. TPR = ARO + dp(p): 1 scored
// 2.5/3 = 83% → +273 = 2073; 2, 4 and 5 scored 50% → +0; 3 scored 0% → −800.
// Direct encounter shown: points against equal scores: 2 v 5 drew (1 each);
// 4 beat 3 (4: 2, 3: 0); 1 has no equal.
//
// FIDE's reference calculator (TEC-FIDE/TieBreakServer) gives the same
// values for this event, halved for its 1/½/0 scoring; see docs/tiebreaks.md.
func swissWithByesForfeitsAndWithdrawal() standings.Input {
	return standings.Input{
		Players: ratedPlayers(2000, 1900, 1800, 1700, 1600),
		Rounds: [][]standings.Game{
			{played(1, 4, 17, 7), played(2, 5, 12, 12), single(3, standings.PairingBye)},
			{played(3, 1, 10, 14), forfeit(5, 4, 24, 0), single(2, standings.HalfPointBye)},
			{played(1, 2, 12, 12), played(4, 3, 13, 11)},
		},
		Scoring: scoring,
	}
}

func TestTieBreakValuesWorkedByHand(t *testing.T) {
	rows, err := standings.Compute(swissWithByesForfeitsAndWithdrawal())
	if err != nil {
		t.Fatal(err)
	}
	want := map[int]map[standings.ID]float64{
		1: {"buchholz": 7, "buchholz-cut1": 5, "buchholz-median": 2, "sonneborn-berger": 5.5, "shmulyan": 4, "wins": 2, "black-games": 1, "black-wins": 1, "progressive": 11, "adiukh-points": 43, "aro": 1800, "tpr": 2073, "direct-encounter": 0},
		2: {"buchholz": 12, "buchholz-cut1": 9, "buchholz-median": 4, "sonneborn-berger": 6, "shmulyan": 0, "wins": 0, "black-games": 1, "black-wins": 0, "progressive": 6, "adiukh-points": 24, "aro": 1800, "tpr": 1800, "direct-encounter": 1},
		3: {"buchholz": 9, "buchholz-cut1": 7, "buchholz-median": 2, "sonneborn-berger": 2, "shmulyan": -5, "wins": 0, "black-games": 1, "black-wins": 0, "progressive": 6, "adiukh-points": 21, "aro": 1850, "tpr": 1050, "direct-encounter": 0},
		4: {"buchholz": 9, "buchholz-cut1": 7, "buchholz-median": 2, "sonneborn-berger": 2, "shmulyan": -5, "wins": 1, "black-games": 1, "black-wins": 0, "progressive": 2, "adiukh-points": 20, "aro": 1900, "tpr": 1900, "direct-encounter": 2},
		5: {"buchholz": 9, "buchholz-cut1": 6, "buchholz-median": 3, "sonneborn-berger": 4.5, "shmulyan": 0, "wins": 0, "black-games": 1, "black-wins": 0, "progressive": 7, "adiukh-points": 36, "aro": 1900, "tpr": 1900, "direct-encounter": 1},
	}
	wantScore := map[int]float64{1: 5, 2: 3, 3: 2, 4: 2, 5: 3}
	for _, row := range rows {
		t.Run(fmt.Sprintf("start number %d", row.StartNo), func(t *testing.T) {
			if row.Score != wantScore[row.StartNo] {
				t.Errorf("score = %g, want %g", row.Score, wantScore[row.StartNo])
			}
			if len(row.TieBreaks) != len(standings.All()) {
				t.Errorf("%d tie-break values, want one for each of the %d registered", len(row.TieBreaks), len(standings.All()))
			}
			for id, w := range want[row.StartNo] {
				if got, ok := row.TieBreaks[id]; !ok || got != w {
					t.Errorf("%s = %g (present %v), want %g", id, got, ok, w)
				}
			}
		})
	}
}

func places(rows []standings.Row) string {
	var b strings.Builder
	for _, r := range rows {
		fmt.Fprintf(&b, "%s:%d ", place(r.Rank, r.RankLast), r.StartNo)
	}
	return strings.TrimSpace(b.String())
}

func TestRanking(t *testing.T) {
	for _, tc := range []struct {
		name  string
		input func() standings.Input
		order []standings.ID
		want  string // place:start number, in row order
	}{
		// Equal scores share places when there are no tie-breaks.
		{"no tie-breaks", swissWithByesForfeitsAndWithdrawal, nil, "1:1 2-3:2 2-3:5 4-5:3 4-5:4"},
		// Cut-1: 2 has 9, 5 has 6. 3 and 4 are equal on cut-1, Buchholz and
		// Sonneborn-Berger (7, 9, 2); 4 won their game in round 3.
		{"swiss preset", swissWithByesForfeitsAndWithdrawal, standings.SwissPreset(), "1:1 2:2 3:5 4:4 5:3"},
		// Sonneborn-Berger first: 2 (6) ahead of 5 (4.5); 3 and 4 stay equal.
		{"sonneborn-berger only", swissWithByesForfeitsAndWithdrawal, []standings.ID{standings.SonnebornBerger}, "1:1 2:2 3:5 4-5:3 4-5:4"},
		// Adiukh points break every tie here: 24 v 36, 21 v 20.
		{"adiukh points", swissWithByesForfeitsAndWithdrawal, []standings.ID{standings.AdiukhPoints}, "1:1 2:5 3:2 4:3 5:4"},
		// Progressive: 5 (7) ahead of 2 (6); 3 (6) ahead of 4 (2).
		{"progressive", swissWithByesForfeitsAndWithdrawal, []standings.ID{standings.Progressive}, "1:1 2:5 3:2 4:3 5:4"},
		// 1, 2, 3 on 4 points: 1 beat 2 and 3, who never met, so nobody can
		// catch 1 (2 and 3 could reach at most 2 points among the group); 2
		// and 3 stay equal. 4, 5, 6 on 2 points: 5 beat 4, 6 beat 5, 4 and
		// 6 never met, so 4 could still reach 2 — nobody is separated.
		{"direct encounter in a swiss", swissDirectEncounter, []standings.ID{standings.DirectEncounter}, "1:1 2-3:2 2-3:3 4-6:4 4-6:5 4-6:6"},
		// 2 and 3 drew each other; Sonneborn-Berger separates them (5.5 v
		// 4.5).
		{"round robin preset", roundRobinWithForfeit, standings.RoundRobinPreset(), "1:2 2:3 3:1 4:4"},
		{"round robin direct encounter only", roundRobinWithForfeit, []standings.ID{standings.DirectEncounter}, "1-2:2 1-2:3 3:1 4:4"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := tc.input()
			in.Order = tc.order
			rows, err := standings.Compute(in)
			if err != nil {
				t.Fatal(err)
			}
			if got := places(rows); got != tc.want {
				t.Errorf("places = %q, want %q", got, tc.want)
			}
		})
	}
}

// swissDirectEncounter: 6 players, 3 rounds, every game decisive.
//
//	round 1: 1-2 1 wins, 3-4 3 wins, 5-6 6 wins
//	round 2: 1-3 1 wins, 6-2 2 wins, 4-5 5 wins
//	round 3: 1-4 4 wins, 2-5 2 wins, 3-6 3 wins
//
// Scores: 1, 2, 3 have 4; 4, 5, 6 have 2.
func swissDirectEncounter() standings.Input {
	return standings.Input{
		Players: ratedPlayers(0, 0, 0, 0, 0, 0),
		Rounds: [][]standings.Game{
			{played(1, 2, 15, 9), played(3, 4, 13, 11), played(5, 6, 8, 16)},
			{played(1, 3, 14, 10), played(6, 2, 7, 17), played(4, 5, 11, 13)},
			{played(1, 4, 6, 18), played(2, 5, 20, 4), played(3, 6, 24, 0)},
		},
		Scoring: scoring,
	}
}

// roundRobinWithForfeit: 4 players on the Berger table.
//
//	round 1: 1-4 17:7, 2-3 12:12
//	round 2: 4-3 forfeit 0:24, 1-2 11:13
//	round 3: 2-4 12:12, 3-1 12:12
//
// Scores: 1 = 3, 2 = 4, 3 = 4, 4 = 1. In a round robin a forfeit counts
// against the scheduled opponent: Sonneborn-Berger 2 = 4·½ + 3·1 + 1·½ = 5.5;
// 3 = 4·½ + 1·1 (the forfeit win over 4) + 3·½ = 4.5.
func roundRobinWithForfeit() standings.Input {
	return standings.Input{
		Players: ratedPlayers(0, 0, 0, 0),
		Rounds: [][]standings.Game{
			{played(1, 4, 17, 7), played(2, 3, 12, 12)},
			{forfeit(4, 3, 0, 24), played(1, 2, 11, 13)},
			{played(2, 4, 12, 12), played(3, 1, 12, 12)},
		},
		Scoring:    scoring,
		RoundRobin: true,
	}
}

// In a round robin the forfeit counts against the scheduled opponent and
// there is no dummy: Buchholz 1 = 1+4+4 = 9, 2 = 4+3+1 = 8, 3 = 4+1+3 = 8,
// 4 = 3+4+4 = 11. Wins count only games played: 3's forfeit win is not one.
func TestRoundRobinUnplayedRounds(t *testing.T) {
	rows, err := standings.Compute(roundRobinWithForfeit())
	if err != nil {
		t.Fatal(err)
	}
	want := map[int][3]float64{ // buchholz, sonneborn-berger, wins
		1: {9, 1*1 + 4*0 + 4*0.5, 1},
		2: {8, 5.5, 1},
		3: {8, 4.5, 0},
		4: {11, 4 * 0.5, 0},
	}
	for _, row := range rows {
		w := want[row.StartNo]
		got := [3]float64{row.TieBreaks[standings.Buchholz], row.TieBreaks[standings.SonnebornBerger], row.TieBreaks[standings.Wins]}
		if got != w {
			t.Errorf("start number %d: buchholz, sonneborn-berger, wins = %v, want %v", row.StartNo, got, w)
		}
	}
}

// A scoring table of 1/½/0 ranks the same and scales scores and Buchholz.
func TestScoringTable(t *testing.T) {
	in := swissWithByesForfeitsAndWithdrawal()
	in.Scoring = standings.Scoring{Win: 1, Draw: 0.5, Loss: 0, Bye: 1, ForfeitWin: 1}
	in.Order = standings.SwissPreset()
	rows, err := standings.Compute(in)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := places(rows), "1:1 2:2 3:5 4:4 5:3"; got != want {
		t.Errorf("places = %q, want %q", got, want)
	}
	if rows[0].Score != 2.5 || rows[0].TieBreaks[standings.Buchholz] != 3.5 || rows[0].TieBreaks[standings.SonnebornBerger] != 2.75 {
		t.Errorf("leader: score %g, buchholz %g, sonneborn-berger %g; want 2.5, 3.5, 2.75",
			rows[0].Score, rows[0].TieBreaks[standings.Buchholz], rows[0].TieBreaks[standings.SonnebornBerger])
	}
}

func TestComputeRejectsBadInput(t *testing.T) {
	base := swissWithByesForfeitsAndWithdrawal
	for _, tc := range []struct {
		name    string
		change  func(*standings.Input)
		wantErr string
	}{
		{"sum not 24", func(in *standings.Input) { in.Rounds[0][0].WhitePoints = 14 }, "round 1, game 1: the two scores of a played game add up to 24, got 14:7"},
		{"forfeit not 24:0", func(in *standings.Input) { in.Rounds[1][1] = forfeit(5, 4, 13, 11) }, "round 2, game 2: a forfeit scores 24:0 or 0:24, got 13:11"},
		{"double forfeit with points", func(in *standings.Input) {
			in.Rounds[2][1] = standings.Game{White: 4, Black: 3, Kind: standings.DoubleForfeit, WhitePoints: 12, BlackPoints: 12}
		}, "round 3, game 2: a double forfeit scores 0:0, got 12:12"},
		{"unknown player", func(in *standings.Input) { in.Rounds[0][0].Black = 9 }, "round 1, game 1: black start number 9 is not a player of the event"},
		{"paired twice", func(in *standings.Input) { in.Rounds[0][2] = single(1, standings.PairingBye) }, "round 1, game 3: start number 1 is paired twice in round 1"},
		{"bye with an opponent", func(in *standings.Input) { in.Rounds[0][2].Black = 5 }, "round 1, game 3: a pairing-allocated bye has no opponent, got black start number 5"},
		{"kind missing", func(in *standings.Input) { in.Rounds[2][0].Kind = 0 }, "round 3, game 1: unknown kind 0"},
		{"plays itself", func(in *standings.Input) { in.Rounds[2][0].Black = 1 }, "round 3, game 1: start number 1 cannot play itself"},
		{"duplicate start number", func(in *standings.Input) { in.Players[1].StartNo = 1 }, "player 2: start number 1 is used twice"},
		{"win worth nothing", func(in *standings.Input) { in.Scoring = standings.Scoring{} }, "scoring: a win must be worth more than 0 points, got 0"},
		{"not a number", func(in *standings.Input) { in.Scoring.Bye = math.NaN() }, "scoring: points must be finite numbers, got 2/1/0 (bye NaN, forfeit win 2)"},
		{"draw above win", func(in *standings.Input) { in.Scoring.Draw = 3 }, "scoring: points must satisfy 0 ≤ loss ≤ draw ≤ win, got 2/3/0"},
		{"unknown tie-break", func(in *standings.Input) { in.Order = []standings.ID{"buchholz", "koya"} }, `tie-break 2: unknown tie-break "koya"`},
		{"tie-break twice", func(in *standings.Input) { in.Order = []standings.ID{"wins", "wins"} }, `tie-break 2: "wins" is listed twice`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := base()
			tc.change(&in)
			_, err := standings.Compute(in)
			if err == nil || err.Error() != tc.wantErr {
				t.Fatalf("error = %v, want %q", err, tc.wantErr)
			}
		})
	}
}

func TestRegistry(t *testing.T) {
	seen := map[standings.ID]bool{}
	for _, tb := range standings.All() {
		if seen[tb.ID] {
			t.Errorf("tie-break %q is registered twice", tb.ID)
		}
		seen[tb.ID] = true
	}
	// The API contract names these IDs; they must never disappear.
	for _, id := range []standings.ID{"adiukh-points", "buchholz", "buchholz-cut1", "buchholz-median", "sonneborn-berger",
		"shmulyan", "direct-encounter", "wins", "black-games", "black-wins", "progressive", "aro", "tpr"} {
		if _, ok := standings.Lookup(id); !ok {
			t.Errorf("tie-break %q is not registered", id)
		}
	}
	for _, preset := range [][]standings.ID{standings.SwissPreset(), standings.RoundRobinPreset()} {
		for _, id := range preset {
			if !seen[id] {
				t.Errorf("preset names unregistered tie-break %q", id)
			}
		}
	}
}

// benchmarkEvent builds a Swiss-sized event: players × rounds of decisive
// and drawn games with a few forfeits and byes, from a fixed seed.
func benchmarkEvent(players, rounds int) standings.Input {
	rng := rand.New(rand.NewPCG(1, 2))
	in := standings.Input{Scoring: scoring, Order: standings.SwissPreset()}
	for i := range players {
		in.Players = append(in.Players, standings.Player{StartNo: i + 1, Rating: 1400 + rng.IntN(1000)})
	}
	for range rounds {
		perm := rng.Perm(players)
		var games []standings.Game
		for i := 0; i+1 < len(perm); i += 2 {
			w, b := perm[i]+1, perm[i+1]+1
			switch x := rng.IntN(50); {
			case x == 0:
				games = append(games, forfeit(w, b, 24, 0))
			default:
				wp := 13 + rng.IntN(12)
				if x%3 == 0 {
					wp = 12
				} else if x%3 == 1 {
					wp = 24 - wp
				}
				games = append(games, played(w, b, wp, 24-wp))
			}
		}
		if len(perm)%2 == 1 {
			games = append(games, single(perm[len(perm)-1]+1, standings.PairingBye))
		}
		in.Rounds = append(in.Rounds, games)
	}
	return in
}

func BenchmarkCompute200Players9Rounds(b *testing.B) {
	in := benchmarkEvent(200, 9)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := standings.Compute(in); err != nil {
			b.Fatal(err)
		}
	}
}

// Random events, valid or not, never make Compute panic; valid ones give one
// row per player in score order with places that add up.
func TestComputeOnRandomEvents(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	pairKinds := []standings.Kind{standings.Played, standings.Played, standings.Played, standings.Forfeit, standings.DoubleForfeit}
	singleKinds := []standings.Kind{standings.PairingBye, standings.HalfPointBye, standings.ZeroPointBye, standings.Absent}
	valid := 0
	for event := range 1000 {
		players := 1 + rng.IntN(9)
		in := standings.Input{Scoring: scoring, RoundRobin: rng.IntN(2) == 0, Order: standings.SwissPreset()}
		for i := range players {
			in.Players = append(in.Players, standings.Player{StartNo: i + 1, Rating: rng.IntN(2500)})
		}
		for range rng.IntN(6) {
			var games []standings.Game
			order := rng.Perm(players)
			for len(order) > 0 {
				g := standings.Game{White: order[0] + 1}
				if len(order) > 1 && rng.IntN(5) > 0 {
					g.Black, g.Kind = order[1]+1, pairKinds[rng.IntN(len(pairKinds))]
					g.WhitePoints = rng.IntN(25)
					g.BlackPoints = 24 - g.WhitePoints
					switch g.Kind {
					case standings.Forfeit:
						g.WhitePoints = 24 * rng.IntN(2)
						g.BlackPoints = 24 - g.WhitePoints
					case standings.DoubleForfeit:
						g.WhitePoints, g.BlackPoints = 0, 0
					}
					order = order[2:]
				} else {
					g.Kind = singleKinds[rng.IntN(len(singleKinds))]
					order = order[1:]
				}
				if rng.IntN(40) == 0 { // now and then, something no valid event has
					g.Black, g.WhitePoints = players+1, rng.IntN(30)-3
				}
				if rng.IntN(3) > 0 { // players left out of a round are absent
					games = append(games, g)
				}
			}
			in.Rounds = append(in.Rounds, games)
		}
		rows, err := standings.Compute(in)
		if err != nil {
			continue
		}
		valid++
		if len(rows) != players {
			t.Fatalf("event %d: %d rows for %d players", event, len(rows), players)
		}
		for i, r := range rows {
			if i > 0 && r.Score > rows[i-1].Score {
				t.Fatalf("event %d: row %d scores %g above row %d's %g", event, i+1, r.Score, i, rows[i-1].Score)
			}
			if r.Rank > i+1 || r.RankLast < i+1 {
				t.Fatalf("event %d: row %d has place %s", event, i+1, place(r.Rank, r.RankLast))
			}
		}
	}
	if valid < 500 {
		t.Fatalf("only %d of 1000 random events were valid; the generator tests too little", valid)
	}
}
