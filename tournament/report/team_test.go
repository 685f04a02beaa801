package report

import (
	"bytes"
	"regexp"
	"strings"
	"testing"
)

// teamTable is three teams after two Swiss rounds: «Нарт» beat «Эльбрус»
// 3:1 and «Кавказ» 2½:1½; «Эльбрус» had the bye in round 2.
func teamTable() TeamStandings {
	return TeamStandings{
		Event:      testEvent(5),
		AfterRound: 2,
		TieBreaks:  []TieBreak{{ID: "buchholz", Name: Text{"Коэффициент Солкофа", "Buchholz"}, Short: Text{"Солк.", "Bh"}}},
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
	for _, tc := range []struct {
		name   string
		render func(*bytes.Buffer) error
		want   []string
	}{
		{"standings", func(b *bytes.Buffer) error { return TeamStandingsPDF(b, Russian, teamTable()) },
			[]string{"Положение команд после 2-го тура", "1 2 Нарт 4 5½ 3", "2–3 3 Кавказ (выбыл) 2 1½ 4", "Солк. — Коэффициент Солкофа"}},
		{"standings in English", func(b *bytes.Buffer) error { return TeamStandingsPDF(b, English, teamTable()) },
			[]string{"Team standings after round 2", "MP GP Bh", "Кавказ (withdrawn)"}},
		{"crosstable", func(b *bytes.Buffer) error { return TeamCrosstablePDF(b, Russian, teamTable()) },
			[]string{"Турнирная таблица команд", "1 Эльбрус 1:3 2 5 2–3", "2 Нарт 3:1 2½:1½ 4 5½ 1", "3 Кавказ (выбыл) 1½:2½ 2 1½ 2–3"}},
		{"progress", func(b *bytes.Buffer) error { return TeamProgressPDF(b, Russian, teamTable()) },
			[]string{"Таблица команд по турам после 2-го тура", "1 2 Нарт 1х 3:1 3г 2½:1½ 4 5½ 3", "2–3 1 Эльбрус 2г 1:3 бай 2 5 4"}},
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
	card := MatchCard{
		Event: testEvent(5), Round: 3, Table: 2,
		Home: Team{StartNo: 2, Name: "Нарт", Captain: "Хуажев А."}, Away: Team{StartNo: 1, Name: "Эльбрус"},
		Boards: []MatchCardBoard{
			{Board: 1, HomeWhite: true, Home: testPlayer(1), Away: testPlayer(2), Result: GameScore{Kind: Played, Own: 17, Opponent: 7}},
			{Board: 2, Home: testPlayer(3), Away: Player{}, Result: GameScore{Kind: Forfeit, Own: 24}},
			{Board: 3, HomeWhite: true, Home: testPlayer(5), Away: testPlayer(6)},
		},
	}
	text := spacedText(pdfText(t, "match-card", render(t, func(b *bytes.Buffer) error { return MatchCardsPDF(b, Russian, []MatchCard{card}) })))
	for _, want := range []string{
		"Протокол матча", "Тур: 3 Стол: 2", "Хозяева: Нарт (2)", "Гости: Эльбрус (1)",
		"1 б " + testPlayer(1).Name + " 17 : 7 ч " + testPlayer(2).Name,
		"2 ч " + testPlayer(3).Name + " + : − б",
		"3 б " + testPlayer(5).Name + " : ч " + testPlayer(6).Name,
		"Итог матча (ИО) :", "Капитан хозяев Капитан гостей Подпись судьи", "Хуажев А.", "Пшизов Р. А.",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("no %q in:\n%s", want, text)
		}
	}

	card.Boards[0].Result = GameScore{Kind: Played, Own: 17, Opponent: 8}
	if err := MatchCardsPDF(&bytes.Buffer{}, Russian, []MatchCard{card}); err == nil || !strings.Contains(err.Error(), "board 1") {
		t.Errorf("a 17:8 board printed, or refused without naming the board: %v", err)
	}
}

func TestTeamStandingsRefusesMismatchedTieBreaks(t *testing.T) {
	s := teamTable()
	s.Rows[1].TieBreaks = nil
	if err := TeamStandingsPDF(&bytes.Buffer{}, Russian, s); err == nil || !strings.Contains(err.Error(), "start no 1") {
		t.Errorf("a row without its tie-breaks printed, or refused without naming it: %v", err)
	}
}

// spacedText collapses the runs of spaces pdftotext -layout puts between
// columns, so that a table row reads "1 2 Нарт 4 5½ 3".
func spacedText(s string) string {
	return regexp.MustCompile(`[ \t]+`).ReplaceAllString(s, " ")
}
