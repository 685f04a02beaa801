package engines

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"

	"adiukh/tournament"
	"adiukh/tournament/knockout"
	bracket "adiukh/tournament/pairing/knockout"
)

// The seedings of a knockout's bracket.
const (
	SeedByRating       = "rating"
	SeedByStartNumbers = "start_numbers"
	SeedByDraw         = "draw"
)

// SettleKnockout sets a knockout event's settings (tournament.Options.Knockout):
// in replaces them when given; a bracket that cannot be played is refused,
// each fault at its field. A drawn bracket gets its seed now, so that the
// draw made when round 1 is paired can be made again.
func SettleKnockout(e *tournament.Event, in *tournament.KnockoutSettings) error {
	if in != nil {
		k := *in
		k.TieBreaks = slices.Clone(in.TieBreaks)
		if k.Seed == 0 {
			k.Seed = e.Knockout.Seed
		}
		e.Knockout = k
	}
	k := &e.Knockout
	var errs []error
	if e.Discipline.IsTeam() {
		errs = append(errs, teamKnockout(e)...)
	}
	onSite := e.Discipline.PlayedOnServer() || e.Online
	for i, st := range k.TieBreaks {
		errs = append(errs, stageClock(i, st, onSite, e.Discipline == tournament.Correspondence)...)
	}
	if e.MicroMatch.On() {
		errs = append(errs, tournament.Invalid("micro_match", "a knockout plays matches of its own games; it cannot play micro-matches"))
	}
	for _, p := range knockout.Format(*k).Check() {
		switch p.Fault {
		case bracket.MatchGames:
			errs = append(errs, tournament.Invalid("match_games", "a match has 1 to %d games; got %d", bracket.MaxGames, p.Got))
		case bracket.StageGames:
			errs = append(errs, tournament.Invalid("tie_break_games", "tie-break stage %d has %d games; a stage has 1 to %d", p.Stage+1, p.Got, bracket.MaxGames))
		case bracket.StageTempo:
			errs = append(errs, tournament.Invalid("tie_break_games", "tie-break stage %d is played at an unknown tempo %q; use rapid, blitz or deciding", p.Stage+1, k.TieBreaks[p.Stage].Tempo))
		}
	}
	switch k.Seeding {
	case "":
		k.Seeding = SeedByRating
	case SeedByRating, SeedByStartNumbers:
	case SeedByDraw:
		if k.Seed == 0 {
			k.Seed = rand.Uint64() | 1
		}
	default:
		errs = append(errs, tournament.Invalid("seeding", "unknown seeding %q; use rating, start_numbers or draw", k.Seeding))
	}
	if k.Seeding != SeedByDraw {
		k.Seed = 0
	}
	return tournament.JoinInvalid(errs)
}

// teamKnockout checks what only a knockout of teams asks: its legs are
// team rounds paired as the ties need them, so it has no fixed number of
// rounds. Played live on the site, each leg is a team round played live
// like any other, its tie-break legs on their stage's clock (stageClock
// requires one).
func teamKnockout(e *tournament.Event) []error {
	if e.Rounds != 0 {
		return []error{tournament.Invalid("rounds", "a knockout of teams pairs its legs as the ties need them (tie-break legs too), so it has no fixed number of rounds; leave rounds out")}
	}
	return nil
}

// stageClock checks the time control of tie-break stage i: needed when
// the knockout is played on the site, in days by correspondence and in
// minutes live.
func stageClock(i int, st tournament.KnockoutStage, onSite, days bool) []error {
	if st.TimeControl == "" {
		if onSite {
			return []error{tournament.Invalid("tie_break_games", "tie-break stage %d has no time control; a knockout played on the site plays its tie-break games at the one the regulations set, such as \"15+5\" (\"3d\" by correspondence)", i+1)}
		}
		return nil
	}
	tc, err := tournament.ParseTimeControl(st.TimeControl)
	switch {
	case err != nil:
		return []error{tournament.Invalid("tie_break_games", "tie-break stage %d: %q is not a time control, such as \"15+5\" or \"3d\"", i+1, st.TimeControl)}
	case onSite && days && !tc.InDays():
		return []error{tournament.Invalid("tie_break_games", "tie-break stage %d of a correspondence knockout is played in days per move, such as \"3d\"; got %q", i+1, st.TimeControl)}
	case onSite && !days && tc.InDays():
		return []error{tournament.Invalid("tie_break_games", "tie-break stage %d of a knockout played live has a clock in minutes, such as \"15+5\"; got %q", i+1, st.TimeControl)}
	}
	return nil
}

// Knockout pairs round in.Round of a knockout: round 1 from the bracket of
// the players seeded as the event says, each later round from the winners
// of the one before, read from its boards' results (tournament/knockout
// writes a match's result on its board once decided). Board k of a round
// is its k-th match with players, in bracket order; the final round's
// second board is the match for third place when the event plays one.
func Knockout(in tournament.PairingInput) ([]tournament.Pairing, error) {
	e := in.Event
	if in.Round == 1 {
		seeded := seeding(e, in.Players)
		if len(seeded) < bracket.MinPlayers || len(seeded) > bracket.MaxPlayers {
			return nil, tournament.Conflict("", "a knockout needs %d to %d players; %d can play", bracket.MinPlayers, bracket.MaxPlayers, len(seeded))
		}
		first, err := bracket.FirstRound(seeded)
		if err != nil {
			return nil, err
		}
		return boards(first, nil), nil
	}
	played := make([][]bracket.Match, 0, in.Round-1)
	var round []bracket.Match
	for i := range in.Rounds {
		r := &in.Rounds[i]
		if r.Number >= in.Round {
			continue
		}
		if r.Number == 1 {
			round = make([]bracket.Match, len(r.Games))
			for k, g := range r.Games {
				round[k] = bracket.Match{Top: g.WhiteID, Bottom: g.BlackID}
			}
		} else {
			round = bracket.Next(played[len(played)-1])
		}
		k := 0
		for j := range round {
			if round[j].Empty() {
				continue
			}
			if k >= len(r.Games) {
				return nil, fmt.Errorf("knockout of event %d: round %d has %d boards, its bracket more matches", e.ID, r.Number, len(r.Games))
			}
			w, err := winner(r, &r.Games[k])
			if err != nil {
				return nil, err
			}
			round[j].Winner = w
			k++
		}
		played = append(played, round)
	}
	if len(played) != in.Round-1 {
		return nil, fmt.Errorf("knockout of event %d: round %d follows %d rounds", e.ID, in.Round, len(played))
	}
	last := played[len(played)-1]
	if len(last) < 2 {
		return nil, tournament.Conflict("", "the final of %s is played; the knockout has no round %d", e.Name, in.Round)
	}
	var third *bracket.Match
	if len(last) == 2 && e.Knockout.ThirdPlace {
		third = bracket.ThirdPlace(last)
	}
	pairings := boards(bracket.Next(last), third)
	if len(pairings) == 0 {
		return nil, tournament.Conflict("", "nobody goes through to round %d: no match of round %d has a winner", in.Round, in.Round-1)
	}
	return pairings, nil
}

// seeding is the players of round 1 in seed order.
func seeding(e *tournament.Event, players []tournament.Player) []int64 {
	var in []tournament.Player
	for _, p := range players {
		if p.PlaysIn(1) {
			in = append(in, p)
		}
	}
	byNo := func(a, b tournament.Player) int { return cmp.Compare(a.StartNo, b.StartNo) }
	slices.SortFunc(in, byNo)
	if e.Knockout.Seeding == SeedByRating || e.Knockout.Seeding == "" {
		slices.SortStableFunc(in, func(a, b tournament.Player) int { return cmp.Compare(b.Rating, a.Rating) })
	}
	ids := make([]int64, len(in))
	for i, p := range in {
		ids[i] = p.ID
	}
	if e.Knockout.Seeding == SeedByDraw {
		ids = bracket.Draw(ids, e.Knockout.Seed)
	}
	return ids
}

// boards are a round's pairings: its matches with players in bracket
// order, White the side that has it in the first game, then the match for
// third place.
func boards(round []bracket.Match, third *bracket.Match) []tournament.Pairing {
	var out []tournament.Pairing
	for k, m := range round {
		switch {
		case m.Empty():
		case m.Bye():
			out = append(out, tournament.Pairing{WhiteID: m.Top + m.Bottom})
		case bracket.FirstWhite(k):
			out = append(out, tournament.Pairing{WhiteID: m.Top, BlackID: m.Bottom})
		default:
			out = append(out, tournament.Pairing{WhiteID: m.Bottom, BlackID: m.Top})
		}
	}
	if third != nil {
		out = append(out, tournament.Pairing{WhiteID: third.Top, BlackID: third.Bottom})
	}
	return out
}

// winner is who went through the match of board g of round r: the board's
// winner, the player of a bye, nobody after a double forfeit.
func winner(r *tournament.Round, g *tournament.Game) (int64, error) {
	if g.Result == nil {
		return 0, tournament.Conflict("", "the match of board %d of round %d has no winner yet", g.Board, r.Number)
	}
	switch g.Result.Outcome() {
	case tournament.WhiteWins, tournament.ByeGame:
		return g.WhiteID, nil
	case tournament.BlackWins:
		return g.BlackID, nil
	case tournament.NoWinner:
		return 0, nil
	}
	return 0, tournament.Conflict("", "the match of board %d of round %d is drawn; a knockout match needs a winner (its tie-break games, or a lot)", g.Board, r.Number)
}
