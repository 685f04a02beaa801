package playercard

import (
	"testing"

	"adiukh/tournament"
)

// The card adds up the games the standings count, beside the official
// tie-breaks: a played win adds the opponent's score to Buchholz and to
// Sonneborn-Berger, a forfeit nothing, so the official Buchholz (which
// counts a virtual opponent for the forfeit) differs from the column's
// sum; a game of a round still waiting for results is listed apart.
func TestCardAddsUpTheCountedGames(t *testing.T) {
	t.Parallel()
	e := &tournament.Event{Scoring: tournament.DefaultScoring(tournament.Swiss)}
	players := []tournament.Player{{ID: 1, Name: "Хуаде"}, {ID: 2, Name: "Тлехас"}, {ID: 3, Name: "Нехай"}}
	res := func(score, reason string) *tournament.Result {
		r, err := tournament.GameKind("adiukh").ParseResult(score, reason)
		if err != nil {
			t.Fatal(err)
		}
		return &r
	}
	d := &tournament.EventData{Event: e, Players: players, Rounds: []tournament.Round{
		{Number: 1, Status: tournament.Done, Games: []tournament.Game{{Board: 1, WhiteID: 1, BlackID: 2, Result: res("17:7", "final_position"), Sheet: "1. c3-b4"}}},
		{Number: 2, Status: tournament.Done, Games: []tournament.Game{{Board: 1, WhiteID: 3, BlackID: 1, Result: res("0:24", "forfeit")}}},
		{Number: 3, Status: tournament.Published, Games: []tournament.Game{{Board: 1, WhiteID: 1, BlackID: 3}}},
	}}
	st := &tournament.Standings{Event: e, AfterRound: 2, Complete: 2, Rows: []tournament.StandingsRow{
		{PlayerID: 1, Score: 4, TieBreaks: map[string]float64{"buchholz": 1.5, "sonneborn-berger": 1}},
		{PlayerID: 2, Score: 1},
		{PlayerID: 3, Score: 0},
	}}
	card := newPlayerCard(d, &players[0], st)
	if len(card.Games) != 2 || len(card.Pending) != 1 || !card.Behind || card.Incomplete != 3 {
		t.Fatalf("card games %d, pending %d, behind %v, incomplete %d; want 2, 1, true, 3", len(card.Games), len(card.Pending), card.Behind, card.Incomplete)
	}
	if g := card.Games[0]; !g.White || g.Score != "17:7" || !g.Played || g.OpponentScore != 1 || g.Adiukh != 17 || !g.HasSheet {
		t.Errorf("the win over Тлехас: %+v", g)
	}
	if g := card.Games[1]; g.White || g.Score != "24:0" || g.Played || g.OpponentScore != 0 {
		t.Errorf("the forfeit win: %+v", g)
	}
	if card.Total.Points != 2*e.Scoring.Win || card.Total.OpponentScore != 1 || card.Total.SBShare != 1 || card.Total.Adiukh != 17 {
		t.Errorf("the sums: %+v", card.Total)
	}
	if card.Official.Buchholz == nil || *card.Official.Buchholz != 1.5 || card.Official.Adiukh != nil || !card.Differs {
		t.Errorf("official %+v, differs %v; want Buchholz 1.5 beside the sum 1, no Adiukh points, differing", card.Official, card.Differs)
	}
}
