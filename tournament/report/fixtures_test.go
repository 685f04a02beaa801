package report

import (
	"cmp"
	"fmt"
	"slices"
	"time"

	"adiukh/rules"
)

// Test events are built from the circle method (every round a perfect
// pairing, no opponent twice) with scores from a fixed formula, and the
// standings computed from those games, so the tables under test are
// consistent the way the service's would be.

var surnames = []string{"Хачемизов", "Шхалахов", "Тхагапсоев", "Нагоев", "Кушхов", "Ачмизов", "Беданоков", "Ёлкин", "Жуков", "Щербаков", "Юсупов", "Эфендиев", "Цеев", "Чич"}
var givenNames = []string{"Аслан", "Руслан", "Мурат", "Заур", "Анзор", "Бислан", "Фатима", "Ярослав"}

func testEvent(rounds int) Event {
	return Event{
		Name:         "Первенство Республики Адыгея по шашкам адиюх",
		Discipline:   "rapid",
		SystemID:     "swiss",
		Venue:        "Дворец спорта",
		City:         "Майкоп",
		ChiefArbiter: "Пшизов Р. А.",
		StartDate:    time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC),
		EndDate:      time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC),
		Rounds:       rounds,
		TimeControl:  TimeControl{Base: 8 * time.Minute, Increment: 4 * time.Second},
		Board:        rules.Board{Size: 8},
	}
}

func testPlayer(no int) Player {
	return Player{
		StartNo:      no,
		Name:         fmt.Sprintf("%s %s", surnames[(no-1)%len(surnames)], givenNames[(no-1)/len(surnames)%len(givenNames)]),
		Rating:       1800 - 7*no,
		BirthYear:    1970 + no%40,
		Club:         "СШОР № " + fmt.Sprint(1+no%3),
		City:         []string{"Майкоп", "Адыгейск", "Краснодар"}[no%3],
		FederationID: fmt.Sprintf("RUS-%05d", no),
		Federation:   []string{"RUS", "NED", "", "SEN"}[no%4],
		Title:        []string{"КМС", "", "I", "1ю"}[no%4],
		LatinTitle:   []string{"KMS", "", "I", "1j"}[no%4],
	}
}

// circleRounds pairs players 1..n over the given rounds by the circle method;
// 0 stands for the bye when n is odd. The first of each pair has White.
func circleRounds(n, rounds int) [][][2]int {
	ring := make([]int, 0, n+1)
	for i := 1; i <= n; i++ {
		ring = append(ring, i)
	}
	if n%2 == 1 {
		ring = append(ring, 0)
	}
	var all [][][2]int
	for r := range rounds {
		var pairs [][2]int
		for i := range len(ring) / 2 {
			a, b := ring[i], ring[len(ring)-1-i]
			if (r+i)%2 == 1 {
				a, b = b, a
			}
			pairs = append(pairs, [2]int{a, b})
		}
		all = append(all, pairs)
		ring = append(ring[:1], append([]int{ring[len(ring)-1]}, ring[1:len(ring)-1]...)...)
	}
	return all
}

// testStandings plays rounds of the circle method among n players and returns
// the standings with Adiukh points and Buchholz as tie-breaks. One game is a
// forfeit and one a double forfeit, so every kind of cell appears.
func testStandings(n, rounds int) Standings {
	rows := make([]StandingsRow, n)
	for i := range rows {
		rows[i] = StandingsRow{Player: testPlayer(i + 1)}
	}
	adiukh := make([]float64, n)
	for r, pairs := range circleRounds(n, rounds) {
		for b, pair := range pairs {
			white, black := pair[0], pair[1]
			if white == 0 || black == 0 {
				player := max(white, black)
				rows[player-1].Games = append(rows[player-1].Games, PlayerGame{Round: r + 1, Score: GameScore{Kind: PairingBye}})
				rows[player-1].Points += 2
				continue
			}
			own := (white*7 + black*13 + r*5) % 25
			score := GameScore{Kind: Played, Own: own, Opponent: 24 - own}
			switch {
			case r == 0 && b == 1:
				score = GameScore{Kind: Forfeit, Own: 24, Opponent: 0}
			case r == 1 && b == 2:
				score = GameScore{Kind: DoubleForfeit}
			}
			mirror := GameScore{Kind: score.Kind, Own: score.Opponent, Opponent: score.Own}
			rows[white-1].Games = append(rows[white-1].Games, PlayerGame{Round: r + 1, Opponent: black, Colour: White, Score: score})
			rows[black-1].Games = append(rows[black-1].Games, PlayerGame{Round: r + 1, Opponent: white, Colour: Black, Score: mirror})
			for _, side := range []struct {
				no int
				s  GameScore
			}{{white, score}, {black, mirror}} {
				adiukh[side.no-1] += float64(side.s.Own)
				switch {
				case side.s.Kind == DoubleForfeit:
				case side.s.Own > 12:
					rows[side.no-1].Points += 2
				case side.s.Own == 12:
					rows[side.no-1].Points++
				}
			}
		}
	}
	for i := range rows {
		buchholz := 0.0
		for _, g := range rows[i].Games {
			if g.Opponent != 0 {
				buchholz += rows[g.Opponent-1].Points
			}
		}
		rows[i].TieBreaks = []float64{adiukh[i], buchholz / 2}
	}
	slices.SortStableFunc(rows, func(a, b StandingsRow) int {
		if c := cmp.Compare(b.Points, a.Points); c != 0 {
			return c
		}
		return slices.CompareFunc(b.TieBreaks, a.TieBreaks, cmp.Compare[float64])
	})
	for i := range rows {
		rows[i].Place = i + 1
	}
	rows[n-1].Player.Withdrawn = true
	return Standings{
		Event:      testEvent(rounds),
		AfterRound: rounds,
		TieBreaks: []TieBreak{
			{ID: "adiukh-points"},
			{ID: "buchholz"},
		},
		Rows: rows,
	}
}

// shareSecondPlace makes the players in places 2 and 3 equal on points and
// every tie-break, so they share place "2–3".
func shareSecondPlace(s *Standings) {
	second, third := &s.Rows[1], &s.Rows[2]
	third.Points = second.Points
	third.TieBreaks = slices.Clone(second.TieBreaks)
	second.PlaceLast, third.Place, third.PlaceLast = 3, 2, 3
}

func testPairings(boards int) Pairings {
	p := Pairings{Event: testEvent(9), Round: 3, Date: time.Date(2026, 11, 21, 0, 0, 0, 0, time.UTC), PublicURL: "https://adiukh.example/events/7/rounds/3"}
	for b := 1; b <= boards; b++ {
		p.Boards = append(p.Boards, Board{Number: b, White: testPlayer(2*b - 1), Black: testPlayer(2 * b), WhitePoints: 4, BlackPoints: 3.5})
	}
	p.Boards[0].Result = GameScore{Kind: Played, Own: 17, Opponent: 7}
	p.Boards = append(p.Boards, Board{Number: boards + 1, White: testPlayer(2*boards + 1), Bye: true, WhitePoints: 1})
	return p
}

func testSheets(boards int) []ScoreSheet {
	var sheets []ScoreSheet
	for _, b := range testPairings(boards).Boards {
		if !b.Bye {
			sheets = append(sheets, ScoreSheet{Event: testEvent(9), Round: 3, Board: b.Number, Date: time.Date(2026, 11, 21, 0, 0, 0, 0, time.UTC), White: b.White, Black: b.Black})
		}
	}
	return sheets
}

// sampleGame is the sample game of §7.2 with its final position.
func sampleGame() GameRecord {
	moves := []string{
		"c3-b4", "b6-c5", "b4-a5", "a7-b6", "b2-c3", "c5-b4", "a3:a7", "c7-b6", "a5:e5", "f6:b2",
		"a1:c3", "d8-c7", "g3-f4", "e5:g3", "h2:f4", "g3:e5", "e3:g5", "h6:f4", "d2-e3", "f4:b4",
		"b2:h6", "g7-f6", "e5:g7", "h8:f6", "g7:e5", "f8-e7", "f6:d8", "b8-c7", "d8:a5",
	}
	return GameRecord{
		Event: testEvent(9), Round: 1, Board: 1, Date: time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC),
		White: Player{StartNo: 1, Name: "Иванов Иван"}, Black: Player{StartNo: 2, Name: "Петров Пётр"},
		Moves: moves,
		Final: Position{ToMove: Black, Towers: []Tower{
			{"a5", White, 1, 2}, {"a7", White, 1, 2}, {"b4", White, 3, 0}, {"c1", White, 1, 0}, {"e1", White, 1, 0},
			{"e5", White, 1, 2}, {"f2", White, 1, 0}, {"g1", White, 1, 0}, {"h6", White, 2, 6},
		}},
		Ended:  true,
		Result: GameScore{Kind: Played, Own: 17, Opponent: 7},
	}
}

// figure4 is the position of figure 4 of the rules (§7.2), White to move.
func figure4() Position {
	return Position{ToMove: White, Towers: []Tower{
		{"a5", White, 1, 0}, {"d4", White, 1, 0}, {"e5", White, 2, 1}, {"f8", White, 3, 1}, {"g5", White, 1, 1},
		{"a1", Black, 1, 0}, {"b6", Black, 2, 3}, {"c7", Black, 3, 0},
	}}
}
