package report

import (
	"adiukh/tournament/catalog"
	"bytes"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"
)

// teamTable is three teams after two Swiss rounds: «Нарт» beat «Эльбрус»
// 3:1 and «Кавказ» 2½:1½; «Эльбрус» had the bye in round 2.
func teamTable() TeamStandings {
	return TeamStandings{
		Event:      testEvent(5),
		AfterRound: 2,
		TieBreaks:  []TieBreak{{ID: "buchholz"}},
		Rows: []TeamStandingsRow{
			{Place: 1, Team: Team{StartNo: 2, Name: "Нарт", Captain: "Хуажев А."}, MatchPoints: 4, GamePoints: 5.5, TieBreaks: []float64{3},
				Matches: []TeamMatch{{Round: 1, Opponent: 1, Home: true, Done: true, GamePoints: 3, OpponentGamePoints: 1}, {Round: 2, Opponent: 3, Done: true, GamePoints: 2.5, OpponentGamePoints: 1.5}}},
			{Place: 2, PlaceLast: 3, Team: Team{StartNo: 1, Name: "Эльбрус"}, MatchPoints: 2, GamePoints: 5, TieBreaks: []float64{4},
				Matches: []TeamMatch{{Round: 1, Opponent: 2, Done: true, GamePoints: 1, OpponentGamePoints: 3}, {Round: 2, Bye: true, Done: true, GamePoints: 4}}},
			{Place: 2, PlaceLast: 3, Team: Team{StartNo: 3, Name: "Кавказ", Withdrawn: true}, MatchPoints: 2, GamePoints: 1.5, TieBreaks: []float64{4},
				Matches: []TeamMatch{{Round: 2, Opponent: 2, Home: true, Done: true, GamePoints: 1.5, OpponentGamePoints: 2.5}}},
		},
	}
}

func TestTeamTables(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name   string
		render func(*bytes.Buffer) error
		want   []string
	}{
		{"standings", func(b *bytes.Buffer) error { return TeamStandingsPDF(b, catalog.Russian, teamTable()) },
			[]string{"Положение команд после 2-го тура", "1 2 Нарт 4 5½ 3", "2–3 3 Кавказ (выбыл) 2 1½ 4", "Солк. — Коэффициент Солкофа"}},
		{"standings in English", func(b *bytes.Buffer) error { return TeamStandingsPDF(b, catalog.English, teamTable()) },
			[]string{"Team standings after round 2", "MP GP Bh", "Кавказ (withdrawn)"}},
		{"crosstable", func(b *bytes.Buffer) error { return TeamCrosstablePDF(b, catalog.Russian, teamTable()) },
			[]string{"Турнирная таблица команд", "1 Эльбрус 1:3 2 5 2–3", "2 Нарт 3:1 2½:1½ 4 5½ 1", "3 Кавказ (выбыл) 1½:2½ 2 1½ 2–3"}},
		{"progress", func(b *bytes.Buffer) error { return TeamProgressPDF(b, catalog.Russian, teamTable()) },
			[]string{"Таблица команд по турам после 2-го тура", "1 2 Нарт 1х 3:1 3г 2½:1½ 4 5½ 3", "2–3 1 Эльбрус 2г 1:3 бай 4 2 5 4"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			text := spacedText(pdfText(t, "team-"+strings.ReplaceAll(tc.name, " ", "-"), render(t, tc.render)))
			for _, want := range tc.want {
				if !strings.Contains(text, want) {
					t.Errorf("no %q in:\n%s", want, text)
				}
			}
		})
	}
}

func TestMatchCardsPDF(t *testing.T) {
	t.Parallel()
	card := MatchCard{
		Event: testEvent(5), Round: 3, Table: 2,
		Home: Team{StartNo: 2, Name: "Нарт", Captain: "Хуажев А."}, Away: Team{StartNo: 1, Name: "Эльбрус"},
		Boards: []MatchCardBoard{
			{Board: 1, HomeWhite: true, Home: testPlayer(1), Away: testPlayer(2), Result: GameScore{Kind: Played, Own: 17, Opponent: 7}},
			{Board: 2, Home: testPlayer(3), Away: Player{}, Result: GameScore{Kind: Forfeit, Own: 24}},
			{Board: 3, HomeWhite: true, Home: testPlayer(5), Away: testPlayer(6)},
		},
	}
	text := spacedText(pdfText(t, "match-card", render(t, func(b *bytes.Buffer) error { return MatchCardsPDF(b, catalog.Russian, []MatchCard{card}) })))
	for _, want := range []string{
		"Протокол матча", "Тур: 3 Стол: 2", "Хозяева: Нарт (2)", "Гости: Эльбрус (1)",
		// Each player's rank in a column of its own after the name.
		"Доска Нарт Разр. Результат Эльбрус Разр.",
		"1 б " + testPlayer(1).Name + " 17 : 7 ч " + testPlayer(2).Name + " I",
		"2 ч " + testPlayer(3).Name + " 1ю + : − б",
		"3 б " + testPlayer(5).Name + " : ч " + testPlayer(6).Name + " I",
		"Итог матча (ИО) :", "Капитан хозяев Капитан гостей Подпись судьи", "Хуажев А.", "Пшизов Р. А.",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("no %q in:\n%s", want, text)
		}
	}

	// A Russian draughts team event's discipline, a long name, is printed
	// whole beside its time control.
	russian := card
	russian.Event.Discipline, russian.Event.DisciplineKey = "standard-team", "discipline_russian.standard-team"
	russian.Event.TimeControl = TimeControl{Base: 90 * time.Minute, Increment: 30 * time.Second}
	russian.Boards = nil
	text = spacedText(pdfText(t, "match-card-russian", render(t, func(b *bytes.Buffer) error { return MatchCardsPDF(b, catalog.Russian, []MatchCard{russian}) })))
	if want := "Дисциплина: Русские шашки — классическая программа, командные соревнования Контроль времени: 90 мин + 30 с/ход"; !strings.Contains(text, want) {
		t.Errorf("no %q in:\n%s", want, text)
	}
	// In English a board's players are written in Latin letters first, as
	// the English score sheets and lists write them (issue 64).
	english := card
	english.Boards = []MatchCardBoard{{Board: 1, HomeWhite: true, Home: Player{Name: "Хуажев Аслан", Latin: "Khuazhev Aslan"}, Away: Player{Name: "Ndiaye Mamadou"}}}
	text = spacedText(pdfText(t, "match-card-english", render(t, func(b *bytes.Buffer) error { return MatchCardsPDF(b, catalog.English, []MatchCard{english}) })))
	if want := "Khuazhev Aslan (Хуажев Аслан) : b Ndiaye Mamadou"; !strings.Contains(text, want) {
		t.Errorf("the English match card lacks %q:\n%s", want, text)
	}

	// International draughts' is longer still: a row of its own, whole
	// (issue 64: it was cut, «командные сорев…»), on the match card and
	// the score sheet alike.
	international := russian
	international.Event.DisciplineKey = "discipline_international.standard-team"
	text = spacedText(pdfText(t, "match-card-international", render(t, func(b *bytes.Buffer) error { return MatchCardsPDF(b, catalog.Russian, []MatchCard{international}) })))
	sheet := spacedText(pdfText(t, "score-sheet-international", render(t, func(b *bytes.Buffer) error {
		return ScoreSheetsPDF(b, catalog.Russian, []ScoreSheet{{Event: international.Event, Round: 1, Board: 1}})
	})))
	for what, text := range map[string]string{"match card": text, "score sheet": sheet} {
		for _, want := range []string{"Дисциплина: Стоклеточные шашки — классическая программа, командные соревнования\n", "Контроль времени: 90 мин + 30 с/ход"} {
			if !strings.Contains(text, want) {
				t.Errorf("%s: no %q in:\n%s", what, want, text)
			}
		}
	}

	card.Boards[0].Result = GameScore{Kind: Played, Own: 17, Opponent: 8}
	if err := MatchCardsPDF(&bytes.Buffer{}, catalog.Russian, []MatchCard{card}); err == nil || !strings.Contains(err.Error(), "board 1") {
		t.Errorf("a 17:8 board printed, or refused without naming the board: %v", err)
	}
}

func TestTeamStandingsRefusesMismatchedTieBreaks(t *testing.T) {
	t.Parallel()
	s := teamTable()
	s.Rows[1].TieBreaks = nil
	if err := TeamStandingsPDF(&bytes.Buffer{}, catalog.Russian, s); err == nil || !strings.Contains(err.Error(), "start no 1") {
		t.Errorf("a row without its tie-breaks printed, or refused without naming it: %v", err)
	}
}

// spacedText collapses the runs of spaces pdftotext -layout puts between
// columns, so that a table row reads "1 2 Нарт 4 5½ 3".
func spacedText(s string) string {
	return regexp.MustCompile(`[ \t]+`).ReplaceAllString(s, " ")
}

// TestTeamStandingsPointsOnce checks that match and game points, columns of
// their own, are neither printed again as tie-breaks nor explained twice.
func TestTeamStandingsPointsOnce(t *testing.T) {
	t.Parallel()
	s := teamTable()
	s.TieBreaks = append([]TieBreak{{ID: "game-points"}}, s.TieBreaks...)
	for i := range s.Rows {
		s.Rows[i].TieBreaks = append([]float64{s.Rows[i].GamePoints}, s.Rows[i].TieBreaks...)
	}
	text := spacedText(pdfText(t, "team-points-once", render(t, func(b *bytes.Buffer) error { return TeamStandingsPDF(b, catalog.Russian, s) })))
	if !strings.Contains(text, "М № Команда КО ИО Солк.\n") {
		t.Errorf("the columns are not place, number, team, КО, ИО, Солк.:\n%s", text)
	}
	if n := strings.Count(text, "ИО —"); n != 1 {
		t.Errorf("the legend explains ИО %d times, want once:\n%s", n, text)
	}
	if !strings.Contains(text, "1 2 Нарт 4 5½ 3") {
		t.Errorf("no row «1 2 Нарт 4 5½ 3»:\n%s", text)
	}
}

// TestTeamScoreSheetNumbers checks that a team score sheet says the table
// and the board within the match.
func TestTeamScoreSheetNumbers(t *testing.T) {
	t.Parallel()
	sheet := ScoreSheet{Event: testEvent(5), Round: 2, Table: 3, Board: 1, White: testPlayer(1), Black: testPlayer(2), WhiteTeam: "Нарт", BlackTeam: "Эльбрус"}
	text := spacedText(pdfText(t, "team-sheet", render(t, func(b *bytes.Buffer) error { return ScoreSheetsPDF(b, catalog.Russian, []ScoreSheet{sheet}) })))
	if !strings.Contains(text, "Тур: 2 Стол: 3 Доска: 1") {
		t.Errorf("the sheet does not say «Тур: 2 Стол: 3 Доска: 1»:\n%s", text)
	}
}

// TestBoardStandingsAndRoundOverview renders the board prizes table and
// the overview of a team round.
func TestBoardStandingsAndRoundOverview(t *testing.T) {
	t.Parallel()
	s := BoardStandings{Event: testEvent(5), AfterRound: 5, Boards: []BoardTable{
		{Board: 1, Rows: []BoardRow{{Place: 1, Player: testPlayer(1), Team: "Нарт", Games: 4, Points: 7, Percent: 87.5, Adiukh: 70}, {Place: 2, Player: testPlayer(5), Team: "Эльбрус", Games: 5, Points: 5, Percent: 50, Adiukh: 60}}},
		{Board: 2, Rows: []BoardRow{{Place: 1, Player: testPlayer(2), Team: "Нарт", Games: 5, Points: 10, Percent: 100, Adiukh: 100}}},
		{Board: 3, Rows: []BoardRow{
			{Place: 1, PlaceLast: 2, Player: testPlayer(3), Team: "Нарт", Games: 5, Points: 6, Percent: 60, Adiukh: 61},
			{Place: 1, PlaceLast: 2, Player: testPlayer(6), Team: "Эльбрус", Games: 5, Points: 6, Percent: 60, Adiukh: 61},
		}},
	}}
	text := spacedText(pdfText(t, "boards", render(t, func(b *bytes.Buffer) error { return BoardStandingsPDF(b, catalog.Russian, s) })))
	for _, want := range []string{"Итоговые результаты по доскам", "Доска 1", "Участник Разр. Команда", "1 " + withFederation(testPlayer(1).Name, testPlayer(1).Federation) + " Нарт 4 7 87,5 70", "2 " + withFederation(testPlayer(5).Name, testPlayer(5).Federation) + " Эльбрус 5 5 50,0 60", "Доска 2", "1 " + withFederation(testPlayer(2).Name, testPlayer(2).Federation) + " I Нарт 5 10 100,0 100",
		// Players equal on everything share the place, as in the standings.
		// Their ranks in a column of their own after the names.
		"1–2 " + withFederation(testPlayer(3).Name, testPlayer(3).Federation) + " 1ю Нарт 5 6 60,0 61", "1–2 " + withFederation(testPlayer(6).Name, testPlayer(6).Federation) + " I Эльбрус 5 6 60,0 61"} {
		if !strings.Contains(text, want) {
			t.Errorf("no %q in:\n%s", want, text)
		}
	}
	o := TeamRoundOverview{Event: testEvent(5), Round: 2, Matches: []OverviewMatch{
		{Table: 1, Home: Team{StartNo: 2, Name: "Нарт"}, Away: Team{StartNo: 1, Name: "Эльбрус"}, Done: true, HomeGamePoints: 2.5, AwayGamePoints: 1.5},
		{Table: 2, Home: Team{StartNo: 3, Name: "Кавказ"}, Away: Team{StartNo: 4, Name: "Кубань"}},
		{Home: Team{StartNo: 5, Name: "Шапсугия"}, Bye: true},
	}}
	text = spacedText(pdfText(t, "team-round", render(t, func(b *bytes.Buffer) error { return TeamRoundPDF(b, catalog.Russian, o) })))
	for _, want := range []string{"Матчи 2-го тура", "1 2 Нарт 2½ : 1½ Эльбрус 1", "2 3 Кавказ Кубань 4", "5 Шапсугия свободен от игры (бай)"} {
		if !strings.Contains(text, want) {
			t.Errorf("no %q in:\n%s", want, text)
		}
	}
}

// TestBoardStandingsOfRussianDraughts: the board prizes of a game scored
// by a win, a draw or a loss have no column of Adiukh points, which would
// be those wins restated as 24:0.
func TestBoardStandingsOfRussianDraughts(t *testing.T) {
	t.Parallel()
	event := testEvent(5)
	event.Name, event.Game, event.GamePoints, event.WinDrawLoss = "Первенство Адыгеи по русским шашкам", "russian", 2, true
	event.DisciplineKey = "discipline_russian.rapid"
	s := BoardStandings{Event: event, AfterRound: 5, Boards: []BoardTable{
		{Board: 1, Rows: []BoardRow{{Place: 1, Player: testPlayer(1), Team: "Нарт", Games: 4, Points: 7, Percent: 87.5, Adiukh: 72}}},
	}}
	text := spacedText(pdfText(t, "boards-russian", render(t, func(b *bytes.Buffer) error { return BoardStandingsPDF(b, catalog.Russian, s) })))
	if want := "1 " + withFederation(testPlayer(1).Name, testPlayer(1).Federation) + " Нарт 4 7 87,5"; !strings.Contains(text, want) || strings.Contains(text, "72") || strings.Contains(strings.ToLower(text), "адиюх") {
		t.Errorf("want %q and no Adiukh points in:\n%s", want, text)
	}
}

// TestScoreSheetRepetitionColumn: a game whose draw rules count repeated
// positions has a column on its score sheet to mark them in, beside each
// of the 60 moves; Adiukh's sheet has none.
func TestScoreSheetRepetitionColumn(t *testing.T) {
	t.Parallel()
	for _, repetitions := range []bool{false, true} {
		event := testEvent(5)
		event.Repetitions = repetitions
		sheet := ScoreSheet{Event: event, Round: 1, Board: 1, White: testPlayer(1), Black: testPlayer(2), Moves: []string{"c3-d4", "f6-g5"}}
		page := spacedText(pdfText(t, fmt.Sprintf("sheet-repetitions-%v", repetitions), render(t, func(b *bytes.Buffer) error { return ScoreSheetsPDF(b, catalog.Russian, []ScoreSheet{sheet}) })))
		want := 0
		if repetitions {
			want = 2 // one a block
		}
		if n := strings.Count(page, text(catalog.Russian, msgRepeatedMark)); n != want || !strings.Contains(page, "1 c3-d4 f6-g5") {
			t.Errorf("repetitions %v: %d repetition columns, want %d, and the first move written in:\n%s", repetitions, n, want, page)
		}
	}
}
