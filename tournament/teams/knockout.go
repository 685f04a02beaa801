package teams

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"

	"adiukh/tournament"
	bracket "adiukh/tournament/pairing/knockout"
)

// A team knockout (issue 68) is a knockout event of a team discipline: its
// bracket's entrants are the teams, and a tie between two teams is played
// in legs, each a team match over the event's boards (Settings.Boards,
// the colours alternating down the boards as in every team match). The
// event's knockout setting counts legs: MatchGames legs a tie, then the
// tie-break stages' legs while the tie is level, then a lot with a reason.
// A stage is won on the match points of its legs (the team settings'
// MatchWin, MatchDraw, MatchLoss), then on board points; the top team of a
// tie is at home (White on board 1) in its first leg, and the sides change
// from leg to leg.
//
// Every leg is a match of an ordinary team round of the event: round 1
// holds the first legs of the bracket's first round (and its byes), each
// later round the next legs of the ties still undecided, or, once every tie
// of a bracket round is decided, the first legs of the next. Its boards are
// entered as in every team round (RecordMatchResult); the bracket is read
// back from the rounds (replayKnockout), and only the lots are kept apart
// (TeamTx.KnockoutLots).

// KnockoutLot is a level tie decided by lot: the tie's bracket round and
// number there, the team drawn and the arbiter's reason.
type KnockoutLot struct {
	Round    int
	Tie      int
	WinnerID int64
	Reason   string
}

// KnockoutLeg is one leg of a tie: the match of a team round.
type KnockoutLeg struct {
	Number int
	// Stage is 0 for the tie's own legs, i for the i-th tie-break stage,
	// whose Tempo and TimeControl it names.
	Stage       int
	Tempo       string
	TimeControl string
	// EventRound is the team round the leg is a match of.
	EventRound int
	Match      Match
	Score      MatchScore
}

// KnockoutTie is one tie of the bracket.
type KnockoutTie struct {
	Round int
	// Number is the tie's in its round: the ties with teams in bracket
	// order, the tie for third place last.
	Number int
	// Top is at home in the first leg; Bottom is nil for a bye.
	Top, Bottom *Team
	ThirdPlace  bool
	Legs        []KnockoutLeg
	// Stages are the totals of the tie's own legs and of each tie-break
	// stage begun, from the top team's side.
	Stages   []bracket.Total
	WinnerID int64
	Lot      *KnockoutLot
	// Next is the leg the tie plays next (nil when decided or waiting for
	// its legs' results or a lot); NextHomeID the team at home in it.
	Next       *bracket.Slot
	NextHomeID int64
	// Waiting says a leg paired waits for results; AwaitsLot that the tie
	// is level after every stage; MayLot that a lot may decide it now
	// (level after a stage, the next not begun); MayCorrectLot that the
	// lot that decided it may be drawn for the other team (no later round
	// paired on who won it).
	Waiting       bool
	AwaitsLot     bool
	MayLot        bool
	MayCorrectLot bool
}

// Bye reports whether the tie is a bye.
func (t KnockoutTie) Bye() bool { return t.Bottom == nil }

// Winner is the team that went through a tie played (not a bye), nil
// while it is undecided.
func (t KnockoutTie) Winner() *Team {
	switch {
	case t.Bye() || t.WinnerID == 0:
		return nil
	case t.WinnerID == t.Top.ID:
		return t.Top
	}
	return t.Bottom
}

// KnockoutRound is a round of the bracket, with its ties once paired.
type KnockoutRound struct {
	Number int
	// Stage names the round by what is left: "final", "semi_finals",
	// "quarter_finals", or "round_of" with Of teams.
	Stage string
	Of    int
	Ties  []KnockoutTie
}

// TeamBracket is a team knockout's bracket.
type TeamBracket struct {
	Event    *tournament.Event
	Settings TeamSettings
	Rounds   []KnockoutRound
	// Winner, RunnerUp and Third are known once their ties are decided.
	Winner, RunnerUp, Third *Team
	CanManage               bool
}

// IsTeamKnockout reports whether the event is a knockout of teams.
func IsTeamKnockout(e *tournament.Event) bool {
	return e.System == tournament.Knockout && e.Discipline.IsTeam()
}

// knockoutFormat is the event's knockout setting as the pure rules of a
// tie read it: legs where an individual knockout has games.
func knockoutFormat(k tournament.KnockoutSettings) bracket.Format {
	f := bracket.Format{Games: k.MatchGames}
	for _, st := range k.TieBreaks {
		f.TieBreaks = append(f.TieBreaks, bracket.Stage{Games: st.Games, Tempo: bracket.Tempo(st.Tempo)})
	}
	return f
}

// seedTeams is the teams of round 1 in seed order: by rating (the mean of
// the regular boards) and start number, by start number, or drawn.
func seedTeams(e *tournament.Event, boards int, teams []Team) []int64 {
	var in []Team
	for _, t := range teams {
		if t.PlaysIn(1) {
			in = append(in, t)
		}
	}
	slices.SortFunc(in, func(a, b Team) int { return cmp.Compare(a.StartNo, b.StartNo) })
	if e.Knockout.Seeding == "rating" || e.Knockout.Seeding == "" {
		slices.SortStableFunc(in, func(a, b Team) int { return cmp.Compare(b.Rating(boards), a.Rating(boards)) })
	}
	ids := make([]int64, len(in))
	for i, t := range in {
		ids[i] = t.ID
	}
	if e.Knockout.Seeding == "draw" {
		ids = bracket.Draw(ids, e.Knockout.Seed)
	}
	return ids
}

// tiePlace is a tie being replayed: its place in the bracket (m.Top is the
// team at home in its first leg once played) and its legs' results.
type tiePlace struct {
	m    bracket.Match
	tie  KnockoutTie
	legs []bracket.Leg
}

// knockoutStage names round n of a bracket of total rounds.
func knockoutStage(n, total int) (string, int) {
	switch total - n {
	case 0:
		return "final", 2
	case 1:
		return "semi_finals", 4
	case 2:
		return "quarter_finals", 8
	}
	return "round_of", 1 << (total - n + 1)
}

// legStage is the stage of leg number of a tie: 0 for the tie's own legs,
// i for the i-th tie-break stage with its tempo and time control.
func legStage(k tournament.KnockoutSettings, number int) (int, string, string) {
	end := k.MatchGames
	for i, st := range k.TieBreaks {
		if number <= end {
			break
		}
		end += st.Games
		if number <= end {
			return i + 1, st.Tempo, st.TimeControl
		}
	}
	return 0, "", ""
}

// replay reads a team knockout's bracket back from its rounds.
type replay struct {
	e       *tournament.Event
	teams   []Team
	lots    []KnockoutLot
	format  bracket.Format
	done    [][]tiePlace
	current []tiePlace
}

// start makes matches (and the tie for third place) the current round.
func (rp *replay) start(matches []bracket.Match, third *bracket.Match) {
	if rp.current != nil {
		rp.done = append(rp.done, rp.current)
	}
	n := len(rp.done) + 1
	rp.current = nil
	number := 0
	add := func(m bracket.Match, thirdPlace bool) {
		tp := tiePlace{m: m, tie: KnockoutTie{Round: n, ThirdPlace: thirdPlace}}
		if !m.Empty() {
			number++
			tp.tie.Number = number
			tp.tie.Top = findTeam(rp.teams, m.Top+m.Bottom)
		}
		if m.Top != 0 && m.Bottom != 0 {
			tp.tie.Top, tp.tie.Bottom = findTeam(rp.teams, m.Top), findTeam(rp.teams, m.Bottom)
		}
		rp.current = append(rp.current, tp)
	}
	for _, m := range matches {
		add(m, false)
	}
	if third != nil {
		add(*third, true)
	}
}

// play counts match m of team round r as the next leg of its tie.
func (rp *replay) play(r *TeamRound, m *Match, settings TeamSettings) error {
	i := slices.IndexFunc(rp.current, func(tp tiePlace) bool {
		return (tp.m.Top == m.HomeID && tp.m.Bottom == m.AwayID) || (tp.m.Top == m.AwayID && tp.m.Bottom == m.HomeID)
	})
	if i < 0 {
		return fmt.Errorf("team knockout of event %d: table %d of round %d is no tie of bracket round %d", rp.e.ID, m.Table, r.Number, len(rp.done)+1)
	}
	tp := &rp.current[i]
	if m.IsBye() {
		return nil
	}
	if len(tp.tie.Legs) == 0 && m.HomeID != tp.m.Top {
		// The top team of a tie is the one at home in its first leg.
		tp.m.Top, tp.m.Bottom = tp.m.Bottom, tp.m.Top
		tp.tie.Top, tp.tie.Bottom = tp.tie.Bottom, tp.tie.Top
	}
	score := m.Score(rp.e, settings)
	leg := KnockoutLeg{Number: len(tp.tie.Legs) + 1, EventRound: r.Number, Match: *m, Score: score}
	leg.Stage, leg.Tempo, leg.TimeControl = legStage(rp.e.Knockout, leg.Number)
	tp.tie.Legs = append(tp.tie.Legs, leg)
	if !score.Done {
		tp.tie.Waiting = true
		return nil
	}
	l := bracket.Leg{Top: score.HomeMatchPoints, Bottom: score.AwayMatchPoints, TopBoards: score.HomeGamePoints, BottomBoards: score.AwayGamePoints}
	if m.HomeID != tp.m.Top {
		l = bracket.Leg{Top: l.Bottom, Bottom: l.Top, TopBoards: l.BottomBoards, BottomBoards: l.TopBoards}
	}
	tp.legs = append(tp.legs, l)
	return nil
}

// decide works out where each tie of the current round stands.
func (rp *replay) decide() {
	for i := range rp.current {
		tp := &rp.current[i]
		t := &tp.tie
		t.Stages, t.Next, t.NextHomeID, t.WinnerID, t.Lot, t.AwaitsLot, t.MayLot = nil, nil, 0, 0, nil, false, false
		switch {
		case tp.m.Empty():
			continue
		case tp.m.Bye():
			t.WinnerID = tp.m.Top + tp.m.Bottom
			tp.m.Winner = t.WinnerID
			continue
		case t.Waiting:
			continue
		}
		st, err := rp.format.PlayLegs(tp.legs)
		if err != nil {
			// A leg paired after the tie was decided: the settings or a
			// result changed since; the arbiter sees the tie waiting.
			t.Waiting = true
			continue
		}
		t.Stages = st.Stages
		level := st.Lot || (st.Next != nil && st.Next.Stage > 0 && st.Next.InStage == 1)
		lot := slices.IndexFunc(rp.lots, func(l KnockoutLot) bool { return l.Round == t.Round && l.Tie == t.Number })
		switch {
		case st.Winner == bracket.TopWins:
			t.WinnerID = tp.m.Top
		case st.Winner == bracket.BottomWins:
			t.WinnerID = tp.m.Bottom
		case level && lot >= 0:
			t.Lot = &rp.lots[lot]
			t.WinnerID = t.Lot.WinnerID
		default:
			t.AwaitsLot, t.MayLot = st.Lot, level
			if st.Next != nil {
				t.Next, t.NextHomeID = st.Next, tp.m.Bottom
				if st.Next.TopWhite {
					t.NextHomeID = tp.m.Top
				}
			}
		}
		tp.m.Winner = t.WinnerID
	}
}

// decided reports whether every tie of the current round has a winner.
func (rp *replay) decided() bool {
	return !slices.ContainsFunc(rp.current, func(tp tiePlace) bool { return !tp.m.Empty() && tp.tie.WinnerID == 0 })
}

// advance makes the round after the current one current.
func (rp *replay) advance() {
	var matches []bracket.Match
	for _, tp := range rp.current {
		if !tp.tie.ThirdPlace {
			matches = append(matches, tp.m)
		}
	}
	var third *bracket.Match
	if len(matches) == 2 && rp.e.Knockout.ThirdPlace {
		third = bracket.ThirdPlace(matches)
	}
	rp.start(bracket.Next(matches), third)
}

// final reports whether the current round is the final (with the tie
// for third place).
func (rp *replay) final() bool {
	return slices.ContainsFunc(rp.current, func(tp tiePlace) bool { return tp.tie.ThirdPlace }) ||
		len(rp.current) == 1
}

// firstLegs are the pairings of the current round's first legs: a tie's
// top team at home in alternate ties, as in an individual knockout, so
// that the higher seeds do not all start at home.
func (rp *replay) firstLegs() []TeamPairing {
	var out []TeamPairing
	for k, tp := range rp.current {
		m := tp.m
		switch {
		case m.Empty():
		case m.Bye():
			out = append(out, TeamPairing{HomeID: m.Top + m.Bottom})
		case tp.tie.ThirdPlace || bracket.FirstWhite(k):
			out = append(out, TeamPairing{HomeID: m.Top, AwayID: m.Bottom})
		default:
			out = append(out, TeamPairing{HomeID: m.Bottom, AwayID: m.Top})
		}
	}
	return out
}

// replayKnockout reads the bracket of a team knockout from its rounds
// (drafts too) and lots; before round 1 it is the bracket of the field as
// it stands. The replay returned pairs the next team round (replay.next).
func replayKnockout(e *tournament.Event, settings TeamSettings, teams []Team, rounds []TeamRound, lots []KnockoutLot) (*TeamBracket, *replay, error) {
	rp := &replay{e: e, teams: teams, lots: lots, format: knockoutFormat(e.Knockout)}
	seeded := seedTeams(e, settings.Boards, teams)
	total := bracket.Rounds(len(seeded))
	if len(rounds) > 0 {
		// Round 1's tables are the bracket's first round in order: a
		// field of more than half the bracket leaves no match empty.
		var first []bracket.Match
		for _, m := range rounds[0].Matches {
			first = append(first, bracket.Match{Top: m.HomeID, Bottom: m.AwayID})
		}
		total = bracket.Rounds(2 * len(first))
		rp.start(first, nil)
	} else if len(seeded) >= bracket.MinPlayers && len(seeded) <= bracket.MaxPlayers {
		first, err := bracket.FirstRound(seeded)
		if err != nil {
			return nil, nil, err
		}
		rp.start(first, nil)
	}
	for ri := range rounds {
		r := &rounds[ri]
		if ri > 0 {
			rp.decide()
			if rp.decided() {
				if rp.final() {
					return nil, nil, fmt.Errorf("team knockout of event %d: round %d follows the final", e.ID, r.Number)
				}
				rp.advance()
			}
		}
		for mi := range r.Matches {
			if err := rp.play(r, &r.Matches[mi], settings); err != nil {
				return nil, nil, err
			}
		}
	}
	rp.decide()
	b := &TeamBracket{Event: e, Settings: settings}
	for n := 1; n <= total; n++ {
		stage, of := knockoutStage(n, total)
		kr := KnockoutRound{Number: n, Stage: stage, Of: of}
		var ties []tiePlace
		switch {
		case n <= len(rp.done):
			ties = rp.done[n-1]
		case n == len(rp.done)+1:
			ties = rp.current
		}
		for _, tp := range ties {
			if tp.m.Empty() {
				continue
			}
			t := tp.tie
			t.MayCorrectLot = t.Lot != nil && len(t.Legs) > 0 && !laterRound(rounds, t.Legs[len(t.Legs)-1].EventRound)
			kr.Ties = append(kr.Ties, t)
		}
		b.Rounds = append(b.Rounds, kr)
	}
	if len(rounds) > 0 && rp.final() {
		for _, tp := range rp.current {
			switch {
			case tp.tie.WinnerID == 0:
			case tp.tie.ThirdPlace:
				b.Third = findTeam(teams, tp.tie.WinnerID)
			default:
				b.Winner = findTeam(teams, tp.tie.WinnerID)
				b.RunnerUp = findTeam(teams, tp.m.Loser())
			}
		}
	}
	return b, rp, nil
}

// laterRound reports whether a team round after round n is paired: the
// rounds after a tie's last leg are paired on who won it, as they are on a
// leg's result.
func laterRound(rounds []TeamRound, n int) bool {
	return slices.ContainsFunc(rounds, func(r TeamRound) bool { return r.Number > n })
}

// next is the pairings of the team round after the paired ones.
func (rp *replay) next(paired int) ([]TeamPairing, error) {
	if paired == 0 {
		return rp.firstLegs(), nil
	}
	var out []TeamPairing
	var lot *KnockoutTie
	for i := range rp.current {
		tp := &rp.current[i]
		t := &tp.tie
		switch {
		case t.Waiting:
			return nil, tournament.Conflict("", "tie %d of knockout round %d waits for the results of its leg %d; enter them before pairing round %d", t.Number, t.Round, len(t.Legs), paired+1)
		case t.Next != nil:
			away := tp.m.Top
			if away == t.NextHomeID {
				away = tp.m.Bottom
			}
			out = append(out, TeamPairing{HomeID: t.NextHomeID, AwayID: away})
		case t.AwaitsLot && lot == nil:
			lot = t
		}
	}
	switch {
	case len(out) > 0:
		return out, nil
	case lot != nil:
		return nil, tournament.Conflict("", "tie %d of knockout round %d (%s – %s) is level after every stage; decide it by lot, with a reason", lot.Number, lot.Round, lot.Top.Name, lot.Bottom.Name)
	case rp.final():
		return nil, tournament.Conflict("", "the final of %s is decided; the knockout has no more rounds", rp.e.Name)
	}
	rp.advance()
	return rp.firstLegs(), nil
}

// PairKnockout pairs the next team round of a team knockout (the pairing
// plug of tournament.Knockout): round 1 the first legs of the bracket of
// the teams seeded as the event says, each later round the next legs of
// the ties still undecided, or the first legs of the next bracket round.
// A team paired needs players enough for the boards.
func PairKnockout(in TeamPairingInput) ([]TeamPairing, error) {
	if in.Round == 1 {
		n := len(seedTeams(in.Event, in.Settings.Boards, in.Teams))
		if n < bracket.MinPlayers || n > bracket.MaxPlayers {
			return nil, tournament.Conflict("", "a knockout needs %d to %d teams; %d can play", bracket.MinPlayers, bracket.MaxPlayers, n)
		}
	}
	_, rp, err := replayKnockout(in.Event, in.Settings, in.Teams, in.Rounds, in.Lots)
	if err != nil {
		return nil, err
	}
	pairings, err := rp.next(len(in.Rounds))
	if err != nil {
		return nil, err
	}
	for _, p := range pairings {
		for _, id := range []int64{p.HomeID, p.AwayID} {
			t := findTeam(in.Teams, id)
			if t == nil || p.AwayID == 0 {
				continue
			}
			can := 0
			for _, pl := range t.Roster {
				if pl.PlaysIn(in.Round) {
					can++
				}
			}
			if can < in.Settings.Boards {
				return nil, tournament.Conflict("boards", "team %q has %d players who can play in round %d, and a knockout tie is played on all %d boards; add players to its roster first", t.Name, can, in.Round, in.Settings.Boards)
			}
		}
	}
	return pairings, nil
}

// KnockoutBracket reads a team knockout's bracket as the reader may see
// it (published rounds only, but for those who may change the event).
func (s *Service) KnockoutBracket(ctx context.Context, eventID int64) (*TeamBracket, error) {
	var out *TeamBracket
	err := s.store.View(ctx, func(tx Tx) error {
		e, err := tournament.Readable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		if e.System != tournament.Knockout {
			return tournament.NotFound("%s is not a knockout; it has no bracket", e.Name)
		}
		if !IsTeamKnockout(e) {
			return tournament.NotFound("%s is not a knockout of teams; it has no team bracket", e.Name)
		}
		u := tournament.UserFromContext(ctx)
		d, err := s.loadTeamEvent(tx, e, u)
		if err != nil {
			return err
		}
		lots, err := tx.KnockoutLots(eventID)
		if err != nil {
			return err
		}
		out, _, err = replayKnockout(e, d.Settings, d.Teams, d.Rounds, lots)
		if err != nil {
			return err
		}
		out.CanManage = tournament.CanManage(u, e)
		return nil
	})
	return out, err
}

// LegClocks are the time controls of team round n's boards that a team
// knockout plays at a tie-break stage's clock, by the board's number in
// the round: the boards of its tie-break legs when the stage sets one.
// Any other board, or event, is played at the event's. tx is the store's
// transaction; correspondence reads them when a live round starts
// (correspondence.Options.BoardClocks).
func LegClocks(tx any, e *tournament.Event, n int) (map[int]string, error) {
	if !IsTeamKnockout(e) {
		return nil, nil
	}
	ttx, ok := tx.(Tx)
	if !ok {
		return nil, fmt.Errorf("the store's transaction (%T) keeps no teams", tx)
	}
	settings := DefaultTeamSettings(e.System, nil)
	if st, found, err := ttx.TeamSettings(e.ID); err != nil {
		return nil, err
	} else if found {
		settings = *st
	}
	teams, err := ttx.Teams(e.ID)
	if err != nil {
		return nil, err
	}
	rounds, err := loadTeamRounds(ttx, e.ID, settings.Boards)
	if err != nil {
		return nil, err
	}
	lots, err := ttx.KnockoutLots(e.ID)
	if err != nil {
		return nil, err
	}
	b, _, err := replayKnockout(e, settings, teams, rounds, lots)
	if err != nil {
		return nil, err
	}
	clocks := map[int]string{}
	for _, kr := range b.Rounds {
		for _, tie := range kr.Ties {
			for _, leg := range tie.Legs {
				if leg.EventRound != n || leg.TimeControl == "" {
					continue
				}
				for _, board := range leg.Match.Boards {
					if board.Game != nil {
						clocks[board.Game.Board] = leg.TimeControl
					}
				}
			}
		}
	}
	return clocks, nil
}

// KnockoutLotInput is a level tie decided by lot.
type KnockoutLotInput struct {
	EventID int64
	// Round and Tie name the tie: its bracket round and number there.
	Round  int
	Tie    int
	TeamNo int // the start number of the team drawn
	Reason string
}

// DecideTieByLot records the lot that decided a level tie: after every
// tie-break stage, or instead of the stages left when the regulations say
// so (level after a stage, no leg of the next paired). The reason is
// required and kept in the audit log. A lot drawn before is corrected the
// same way (another team, with the reason), as a leg's result is: refused
// once a later round is paired on who won the tie.
func (s *Service) DecideTieByLot(ctx context.Context, in KnockoutLotInput) (*KnockoutTie, error) {
	in.Reason = strings.TrimSpace(in.Reason)
	var out *KnockoutTie
	err := s.store.Update(ctx, func(tx Tx) error {
		e, u, err := teamEvent(ctx, tx, in.EventID)
		if err != nil {
			return err
		}
		if err := e.TableOpen(""); err != nil {
			return err
		}
		if !IsTeamKnockout(e) {
			return tournament.Conflict("system", "%s is not a knockout; its matches are not decided by lot", e.Name)
		}
		if in.Reason == "" {
			return tournament.Invalid("reason", "a tie decided by lot needs the reason (the regulations' rule, the arbiter's decision)")
		}
		d, err := s.loadTeamEvent(tx, e, u)
		if err != nil {
			return err
		}
		lots, err := tx.KnockoutLots(in.EventID)
		if err != nil {
			return err
		}
		b, _, err := replayKnockout(e, d.Settings, d.Teams, d.Rounds, lots)
		if err != nil {
			return err
		}
		var tie *KnockoutTie
		if in.Round >= 1 && in.Round <= len(b.Rounds) {
			ties := b.Rounds[in.Round-1].Ties
			if i := slices.IndexFunc(ties, func(t KnockoutTie) bool { return t.Number == in.Tie }); i >= 0 {
				tie = &ties[i]
			}
		}
		if tie == nil || tie.Bye() {
			return tournament.NotFound("tie %d of knockout round %d not found", in.Tie, in.Round)
		}
		old := tie.Lot
		if !tie.MayLot && old == nil {
			return tournament.Conflict("", "tie %d of knockout round %d is not level after a stage of its legs; a lot decides only a level tie", in.Tie, in.Round)
		}
		team := findTeamByNo(d.Teams, in.TeamNo)
		if team == nil || (team.ID != tie.Top.ID && team.ID != tie.Bottom.ID) {
			return tournament.Invalid("team_no", "the team drawn plays tie %d of knockout round %d (%d %s or %d %s); team %d does not",
				in.Tie, in.Round, tie.Top.StartNo, tie.Top.Name, tie.Bottom.StartNo, tie.Bottom.Name, in.TeamNo)
		}
		lot := KnockoutLot{Round: in.Round, Tie: in.Tie, WinnerID: team.ID, Reason: in.Reason}
		action := tournament.ActionResultRecord
		var before map[string]int
		if old != nil {
			if *old == lot {
				out = tie
				return nil // drawn so already: nothing to log
			}
			if !tie.MayCorrectLot {
				last := tie.Legs[len(tie.Legs)-1].EventRound
				return tournament.Conflict("", "round %d of the knockout is paired on who won the ties after round %d; take the later rounds back before correcting a result of round %d", last+1, last, last)
			}
			action, before = tournament.ActionResultCorrect, map[string]int{"winner": 0}
			if drawn := findTeam(d.Teams, old.WinnerID); drawn != nil {
				before["winner"] = drawn.StartNo
			}
		}
		if err := tx.SaveKnockoutLot(in.EventID, lot); err != nil {
			return err
		}
		tie.Lot, tie.WinnerID, tie.MayLot, tie.AwaitsLot, tie.Next, tie.NextHomeID = &lot, team.ID, false, false, nil, 0
		tie.MayCorrectLot = true
		out = tie
		return tournament.Audit(tx, s.now(), u, in.EventID, action, fmt.Sprintf("knockout round %d tie %d", in.Round, in.Tie),
			before, map[string]int{"winner": team.StartNo}, tournament.Note("note.knockout.lot", in.Reason))
	})
	return out, err
}

// LegBoard is a board of a leg as a bracket shows it: who played for each
// team (nil for an empty board), whether the home team had White, and the
// result from the home team's side ("" while awaited).
type LegBoard struct {
	Board      int
	Home, Away *tournament.Player
	HomeWhite  bool
	Result     string
	// Game is the board's game in its round, nil for an empty board.
	Game *tournament.Game
}

// Sides are the leg's home and away teams.
func (t KnockoutTie) Sides(l KnockoutLeg) [2]*Team {
	if l.Match.HomeID == t.Top.ID {
		return [2]*Team{t.Top, t.Bottom}
	}
	return [2]*Team{t.Bottom, t.Top}
}

// Boards lists the boards of leg l of the tie of event e.
func (t KnockoutTie) Boards(e *tournament.Event, l KnockoutLeg) []LegBoard {
	sides := t.Sides(l)
	home, away := sides[0], sides[1]
	player := func(team *Team, id int64) *tournament.Player {
		if i := team.rosterIndex(id); i >= 0 {
			return &team.Roster[i]
		}
		return nil
	}
	out := make([]LegBoard, len(l.Match.Boards))
	for i := range l.Match.Boards {
		b := &l.Match.Boards[i]
		out[i] = LegBoard{Board: b.Board, Home: player(home, b.HomePlayerID), Away: player(away, b.AwayPlayerID), HomeWhite: b.HomeWhite(), Game: b.Game}
		if r := b.Result(e); r.Done {
			out[i].Result = r.Shown(e)
		}
	}
	return out
}
