package engines

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"adiukh/tournament"
	"adiukh/tournament/interchange"
	"adiukh/tournament/pairing/dutch"
	"adiukh/tournament/review"
)

// SwissTools are the Swiss helpers of the service: pairing cards.
func SwissTools() tournament.SwissTools {
	return tournament.SwissTools{Explain: ExplainPairing}
}

// ReviewOptions are the options of the review of rounds with the check of
// hand-made Swiss pairings plugged in.
func ReviewOptions() review.Options {
	return review.Options{Check: CheckPairing}
}

// InterchangeOptions are the options of the exchange of events with other
// programs with the TRF files plugged in.
func InterchangeOptions() interchange.Options {
	return interchange.Options{WriteTRF: WriteTRF, ReadTRF: ReadTRF}
}

// Swiss pairs the next round of a Swiss event by the FIDE Dutch system. The
// engine works on start numbers (pairing numbers, C.04.3 A.2); its boards
// come back in its board order, the pairing-allocated bye last.
func Swiss(in tournament.PairingInput) ([]tournament.Pairing, error) {
	t, ids, err := DutchInput(in)
	if err != nil {
		return nil, err
	}
	p, err := dutch.Pair(t)
	if errors.Is(err, dutch.ErrNoPairing) {
		return nil, tournament.Conflict("", "round %d cannot be paired: no pairing satisfies the absolute criteria (no rematch, colours, one bye, forbidden pairs)", in.Round)
	}
	if err != nil {
		return nil, fmt.Errorf("Dutch pairing of event %d round %d: %w", in.Event.ID, in.Round, err)
	}
	out := make([]tournament.Pairing, 0, len(p.Boards)+1)
	for _, b := range p.Boards {
		out = append(out, tournament.Pairing{WhiteID: ids[b.White], BlackID: ids[b.Black]})
	}
	if p.Bye != 0 {
		out = append(out, tournament.Pairing{WhiteID: ids[p.Bye]})
	}
	return out, nil
}

// DutchInput converts the state of a Swiss event before round in.Round into
// the Dutch engine's input, and returns the player ID of each start number.
// Points are in tenths of the event's points. A round in which a player had
// no game (not yet entered, withdrawn) counts as an absence.
func DutchInput(in tournament.PairingInput) (dutch.Tournament, map[int]int64, error) {
	e := in.Event
	if e.Rounds < 1 {
		return dutch.Tournament{}, nil, tournament.Invalid("rounds", "a Swiss event needs its number of rounds")
	}
	played := in.Round - 1
	if len(in.Rounds) != played {
		return dutch.Tournament{}, nil, fmt.Errorf("Swiss input of event %d: %d rounds given to pair round %d", e.ID, len(in.Rounds), in.Round)
	}
	t := dutch.Tournament{
		PlayedRounds: played,
		TotalRounds:  max(e.Rounds, in.Round),
		Points:       dutchPoints(e.Scoring),
		InitialColor: initialColour(e),
		Baku:         e.Baku,
		Players:      make([]dutch.Player, len(in.Players)),
	}
	ids := make(map[int]int64, len(in.Players))
	index := make(map[int64]int, len(in.Players))
	for i, p := range in.Players {
		if p.StartNo != i+1 {
			return dutch.Tournament{}, nil, tournament.Conflict("start_no", "a Swiss event pairs by start numbers 1…%d; number %d is missing (renumber the players)", len(in.Players), i+1)
		}
		ids[p.StartNo], index[p.ID] = p.ID, i
		t.Players[i] = dutch.Player{
			ID:      p.StartNo,
			History: make([]dutch.Round, played),
			Absent:  !p.PlaysIn(in.Round) || p.OnRequestedBye(in.Round),
		}
	}
	for ri, r := range in.Rounds {
		for _, g := range r.Games {
			if g.Result == nil {
				return dutch.Tournament{}, nil, tournament.Conflict("", "round %d board %d has no result; a Swiss round is paired on the results", r.Number, g.Board)
			}
			w, b := historyOf(g)
			t.Players[index[g.WhiteID]].History[ri] = w
			if g.BlackID != 0 {
				t.Players[index[g.BlackID]].History[ri] = b
			}
		}
	}
	if e.ForbidSameClub {
		t.Forbidden = sameClubGroups(in.Players)
	}
	return t, ids, nil
}

// historyOf is a game as each side's round record: colours of unplayed
// games are kept (TRF writes them too) but only played games count for the
// colour rules (C.04.3 A.6).
func historyOf(g tournament.Game) (white, black dutch.Round) {
	r := g.Result
	switch r.EndReason {
	case tournament.Bye:
		return dutch.Round{Outcome: dutch.Win, Paired: true}, dutch.Round{}
	case tournament.HalfPointBye:
		return dutch.Round{Outcome: dutch.Draw}, dutch.Round{}
	case tournament.ZeroPointBye:
		return dutch.Round{Outcome: dutch.Loss}, dutch.Round{}
	}
	white = dutch.Round{Opponent: g.BlackNo, Color: dutch.White, Played: r.Played(), Paired: true}
	black = dutch.Round{Opponent: g.WhiteNo, Color: dutch.Black, Played: r.Played(), Paired: true}
	switch r.Outcome() {
	case tournament.WhiteWins:
		white.Outcome = dutch.Win
	case tournament.BlackWins:
		black.Outcome = dutch.Win
	case tournament.Draw:
		white.Outcome, black.Outcome = dutch.Draw, dutch.Draw
	}
	return white, black
}

// initialColour is the event's initial colour (C.04.3 E.5).
func initialColour(e *tournament.Event) dutch.Color {
	if e.BlackFirst {
		return dutch.Black
	}
	return dutch.White
}

// dutchPoints is the event's scoring in tenths of its points. A forfeit win
// scores a win for the pairing: the Dutch rules have no separate value.
func dutchPoints(s tournament.Scoring) dutch.Points {
	tenths := func(v float64) int { return int(math.Round(v * 10)) }
	return dutch.Points{Win: tenths(s.Win), Draw: tenths(s.Draw), Loss: tenths(s.Loss), PairingBye: tenths(s.Bye)}
}

// sameClubGroups groups the start numbers of players who name the same club
// (letter case and surrounding spaces aside); players without a club are in
// no group.
func sameClubGroups(players []tournament.Player) [][]int {
	var order []string
	groups := map[string][]int{}
	for _, p := range players {
		club := strings.ToLower(strings.TrimSpace(p.Club))
		if club == "" {
			continue
		}
		if groups[club] == nil {
			order = append(order, club)
		}
		groups[club] = append(groups[club], p.StartNo)
	}
	var out [][]int
	for _, club := range order {
		if len(groups[club]) > 1 {
			out = append(out, groups[club])
		}
	}
	return out
}
