package roundrobin_test

import (
	"bufio"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"adiukh/tournament/pairing/roundrobin"
)

// publishedTables reads testdata/fide-berger-tables.txt: the FIDE tables
// keyed by their (even) number of players.
func publishedTables(t *testing.T) map[int][]roundrobin.Round {
	t.Helper()
	f, err := os.Open("testdata/fide-berger-tables.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()

	header := regexp.MustCompile(`^(\d+) or (\d+) players:$`)
	roundLine := regexp.MustCompile(`^Rd (\d+): (.*)\.$`)
	tables := map[int][]roundrobin.Round{}
	size := 0
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if m := header.FindStringSubmatch(text); m != nil {
			size, _ = strconv.Atoi(m[2])
			continue
		}
		m := roundLine.FindStringSubmatch(text)
		if m == nil {
			continue
		}
		var round roundrobin.Round
		for game := range strings.SplitSeq(m[2], ", ") {
			var p roundrobin.Pairing
			if _, err := fmt.Sscanf(game, "%d-%d", &p.White, &p.Black); err != nil {
				t.Fatalf("testdata line %d: game %q: %v", line, game, err)
			}
			round = append(round, p)
		}
		tables[size] = append(tables[size], round)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return tables
}

// withBye turns a published round for players+1 into the round for an odd
// number of players: the game against the highest number becomes a bye,
// which the schedule lists after the games.
func withBye(r roundrobin.Round, dummy int) roundrobin.Round {
	var out, bye roundrobin.Round
	for _, p := range r {
		switch dummy {
		case p.White:
			bye = append(bye, roundrobin.Pairing{White: p.Black})
		case p.Black:
			bye = append(bye, roundrobin.Pairing{White: p.White})
		default:
			out = append(out, p)
		}
	}
	return append(out, bye...)
}

func TestScheduleMatchesFIDETables(t *testing.T) {
	tables := publishedTables(t)
	for players := 3; players <= 16; players++ {
		t.Run(fmt.Sprintf("%d players", players), func(t *testing.T) {
			published := tables[players+players%2]
			if len(published) == 0 {
				t.Fatalf("no published table for %d players in testdata", players)
			}
			got, err := roundrobin.Schedule(players, false)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(published) {
				t.Fatalf("%d rounds, FIDE table has %d", len(got), len(published))
			}
			for r := range published {
				want := published[r]
				if players%2 == 1 {
					want = withBye(want, players+1)
				}
				if !slices.Equal(got[r], want) {
					t.Errorf("round %d = %v, FIDE table gives %v", r+1, got[r], want)
				}
			}
		})
	}
}

// TestEveryoneMeetsOncePerCycle checks the schedule's invariants for sizes
// beyond the published tables too: each player appears once per round, meets
// every other player exactly once per cycle (with the colours reversed in the
// second cycle), has at most one bye per cycle, and the colours are balanced
// (White and Black counts differ by at most one per cycle).
func TestEveryoneMeetsOncePerCycle(t *testing.T) {
	for _, players := range []int{2, 3, 4, 5, 8, 9, 16, 17, 30, 51} {
		for _, double := range []bool{false, true} {
			t.Run(fmt.Sprintf("%d players double=%v", players, double), func(t *testing.T) {
				rounds, err := roundrobin.Schedule(players, double)
				if err != nil {
					t.Fatal(err)
				}
				perCycle := players - 1 + players%2
				cycles := 1
				if double {
					cycles = 2
				}
				if len(rounds) != cycles*perCycle {
					t.Fatalf("%d rounds, want %d", len(rounds), cycles*perCycle)
				}
				for c := range cycles {
					met := map[[2]int]int{} // White, Black → games
					whites := map[int]int{}
					blacks := map[int]int{}
					byes := map[int]int{}
					for r := c * perCycle; r < (c+1)*perCycle; r++ {
						seen := map[int]bool{}
						for _, p := range rounds[r] {
							for _, s := range []int{p.White, p.Black} {
								if s == 0 {
									continue
								}
								if s < 1 || s > players || seen[s] {
									t.Fatalf("round %d: start number %d out of range or twice", r+1, s)
								}
								seen[s] = true
							}
							if p.Bye() {
								byes[p.White]++
								continue
							}
							met[[2]int{p.White, p.Black}]++
							whites[p.White]++
							blacks[p.Black]++
						}
						if len(seen) != players {
							t.Fatalf("round %d seats %d of %d players", r+1, len(seen), players)
						}
					}
					for a := 1; a <= players; a++ {
						if byes[a] != players%2 {
							t.Errorf("cycle %d: player %d has %d byes", c+1, a, byes[a])
						}
						if d := whites[a] - blacks[a]; d < -1 || d > 1 {
							t.Errorf("cycle %d: player %d has %d White and %d Black", c+1, a, whites[a], blacks[a])
						}
						for b := a + 1; b <= players; b++ {
							ab, ba := met[[2]int{a, b}], met[[2]int{b, a}]
							if ab+ba != 1 {
								t.Errorf("cycle %d: %d and %d meet %d times", c+1, a, b, ab+ba)
							}
						}
					}
				}
				if double {
					checkSecondCycleReversed(t, rounds, perCycle)
				}
			})
		}
	}
}

// checkSecondCycleReversed: the second cycle repeats the table with colours
// reversed, and the first cycle has its last two rounds swapped (C.05 Annex 1).
func checkSecondCycleReversed(t *testing.T, rounds []roundrobin.Round, perCycle int) {
	t.Helper()
	for r := range perCycle {
		first := r
		if perCycle >= 2 && r >= perCycle-2 {
			first = 2*perCycle - 3 - r // the swapped pair
		}
		for i, p := range rounds[perCycle+r] {
			q := rounds[first][i]
			if p.Bye() != q.Bye() || (p.Bye() && p.White != q.White) || (!p.Bye() && (p.White != q.Black || p.Black != q.White)) {
				t.Fatalf("round %d board %d = %v, want round %d's %v reversed", perCycle+r+1, i+1, p, first+1, q)
			}
		}
	}
}

// The swap of the last two first-cycle rounds exists so that nobody gets
// three games in a row with the same colour across the cycle boundary.
func TestDoubleRoundRobinHasNoThreeSameColoursInARow(t *testing.T) {
	for players := 3; players <= 20; players++ {
		rounds, err := roundrobin.Schedule(players, true)
		if err != nil {
			t.Fatal(err)
		}
		colours := map[int]string{}
		for _, round := range rounds {
			for _, p := range round {
				if p.Bye() {
					continue
				}
				colours[p.White] += "W"
				colours[p.Black] += "B"
			}
		}
		for s, seq := range colours {
			if strings.Contains(seq, "WWW") || strings.Contains(seq, "BBB") {
				t.Errorf("%d players: player %d plays %s", players, s, seq)
			}
		}
	}
}

func TestScheduleRejectsBadSizes(t *testing.T) {
	for _, players := range []int{-1, 0, 1, roundrobin.MaxPlayers + 1} {
		t.Run(strconv.Itoa(players), func(t *testing.T) {
			_, err := roundrobin.Schedule(players, false)
			if err == nil || !strings.Contains(err.Error(), "players") {
				t.Fatalf("Schedule(%d) error = %v, want one naming the player count", players, err)
			}
		})
	}
}
