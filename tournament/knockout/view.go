package knockout

import (
	"context"
	"strconv"

	"adiukh/tournament"
	bracket "adiukh/tournament/pairing/knockout"
)

// PlayerRef names a player of a match.
type PlayerRef struct {
	ID      int64
	StartNo int
	Name    string
	Rating  int
}

// GameView is a game of a match as the bracket shows it.
type GameView struct {
	Number int
	// Stage is 0 for the match's own games, i for the i-th tie-break
	// stage, whose Tempo it names.
	Stage   int
	Tempo   string
	WhiteID int64
	Result  tournament.Result
	Reason  string
	// Sheet is the game's score sheet (the moves of one played on the
	// site); nil without one.
	Sheet *Sheet
	// PlayedID is the server's game it was played as, whose page shows
	// it; 0 for a game played over the board.
	PlayedID int64
}

// LotView is the lot that decided a level match.
type LotView struct {
	WinnerID int64
	Reason   string
}

// NextGame is the game a match plays next.
type NextGame struct {
	Number  int
	Stage   int
	Tempo   string
	WhiteID int64
}

// MatchView is one match of the bracket: a board of its round.
type MatchView struct {
	Round int
	Board int
	// White had White in the match's first game; Black is nil for a bye.
	White *PlayerRef
	Black *PlayerRef
	// ThirdPlace marks the match for third place of the final round.
	ThirdPlace bool
	// Score is the match's own games' points, White's first; Stages the
	// points of each tie-break stage played.
	Score  [2]float64
	Stages [][2]float64
	Games  []GameView
	// Result is the board's: the match's once decided.
	Result *tournament.Result
	// WinnerID is the player who goes through (0 while undecided).
	WinnerID int64
	Lot      *LotView
	// Next is the game to play next; AwaitsLot says the match is level
	// after every stage and only a lot can decide it.
	Next      *NextGame
	AwaitsLot bool
	// MayLot says a lot may decide the match now: level after a stage of
	// its games (DecideByLot).
	MayLot bool
	// MayCorrectLot says the lot that decided the match may be drawn for
	// the other player (DecideByLot, with a reason): no later round is
	// paired on who went through. The bracket's read sets it.
	MayCorrectLot bool
}

// Bye reports whether the match is a bye.
func (m *MatchView) Bye() bool { return m.Black == nil }

// RoundView is a round of the bracket, paired or still to come.
type RoundView struct {
	Number int
	// Stage names the round by what is left: "final", "semi_finals",
	// "quarter_finals", or "round_of" with Of players.
	Stage   string
	Of      int
	Paired  bool
	Status  tournament.RoundStatus
	Matches []MatchView
}

// BracketView is a knockout event's bracket.
type BracketView struct {
	Event    *tournament.Event
	Settings tournament.KnockoutSettings
	Rounds   []RoundView
	// Winner, RunnerUp and Third are known once their matches are
	// decided.
	Winner, RunnerUp, Third *PlayerRef
	// CanManage says whether the reader may enter the matches' games.
	CanManage bool
	// PlayedOnSite says that the matches' games are played on the site
	// (live or by correspondence): their results come from the games,
	// never entered on the bracket (RecordGame refuses them).
	PlayedOnSite bool
}

// Bracket reads a knockout event's bracket as the reader may see it.
func (s *Service) Bracket(ctx context.Context, eventID int64) (*BracketView, error) {
	var out *BracketView
	err := s.store.View(ctx, func(tx Tx) error {
		e, players, rounds, err := tournament.ReadPublic(ctx, tx, eventID)
		if err != nil {
			return err
		}
		if e.System != tournament.Knockout {
			return tournament.NotFound("%s is not a knockout; it has no bracket", e.Name)
		}
		if e.Discipline.IsTeam() {
			// Its bracket is of ties (teams.Service.KnockoutBracket).
			return tournament.NotFound("%s is a knockout of teams; it has no bracket of matches", e.Name)
		}
		rounds = tournament.VisibleRounds(ctx, e, rounds)
		all, err := tx.MatchGames(eventID)
		if err != nil {
			return err
		}
		out = bracketOf(e, players, rounds, all)
		sheets, err := tx.MatchSheets(eventID)
		if err != nil {
			return err
		}
		withSheets(out, sheets)
		out.CanManage = tournament.CanManage(tournament.UserFromContext(ctx), e)
		out.PlayedOnSite = tournament.PlayedOnServer(e, 0, 0) != nil
		if out.PlayedOnSite {
			played, err := tx.PlayedMatchGames(eventID)
			if err != nil {
				return err
			}
			withPlayed(out, played)
		}
		return nil
	})
	return out, err
}

// stageOf names round n of a bracket of total rounds.
func stageOf(n, total int) (string, int) {
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

func bracketOf(e *tournament.Event, players []tournament.Player, rounds []tournament.Round, all []Game) *BracketView {
	v := &BracketView{Event: e, Settings: e.Knockout}
	ref := func(id int64) *PlayerRef {
		p := tournament.FindPlayer(players, id)
		if p == nil {
			return nil
		}
		return &PlayerRef{ID: p.ID, StartNo: p.StartNo, Name: p.Name, Rating: p.Rating}
	}
	type key struct{ round, board int }
	games, lots := map[key][]Game{}, map[key]*Game{}
	for i := range all {
		k := key{all[i].Round, all[i].Board}
		if all[i].Number == 0 {
			lots[k] = &all[i]
			continue
		}
		games[k] = append(games[k], all[i])
	}
	total := e.Rounds
	if total == 0 {
		// Before round 1 the bracket is the field's as it stands.
		playing := 0
		for _, p := range players {
			if p.PlaysIn(1) {
				playing++
			}
		}
		if playing >= bracket.MinPlayers {
			total = bracket.Rounds(playing)
		}
	}
	if total < len(rounds) {
		total = len(rounds)
	}
	format := Format(e.Knockout)
	for n := 1; n <= total; n++ {
		stage, of := stageOf(n, total)
		rv := RoundView{Number: n, Stage: stage, Of: of}
		for i := range rounds {
			r := &rounds[i]
			if r.Number != n {
				continue
			}
			rv.Paired, rv.Status = true, r.Status
			for j := range r.Games {
				g := &r.Games[j]
				k := key{n, g.Board}
				st, err := format.Play(true, outcomes(g, games[k]))
				if err != nil {
					st = bracket.State{}
				}
				m := matchOf(e, n, g, games[k], lots[k], st)
				m.MayCorrectLot = m.Lot != nil && len(rounds) <= n
				m.White, m.Black = ref(g.WhiteID), ref(g.BlackID)
				m.ThirdPlace = n == total && g.Board == 2 && e.Knockout.ThirdPlace
				rv.Matches = append(rv.Matches, *m)
			}
		}
		v.Rounds = append(v.Rounds, rv)
	}
	if len(v.Rounds) > 0 {
		for _, m := range v.Rounds[len(v.Rounds)-1].Matches {
			if m.WinnerID == 0 {
				continue
			}
			loser := m.White.ID
			if m.WinnerID == loser && m.Black != nil {
				loser = m.Black.ID
			}
			if m.ThirdPlace {
				v.Third = ref(m.WinnerID)
			} else if m.Board == 1 {
				v.Winner = ref(m.WinnerID)
				if !m.Bye() {
					v.RunnerUp = ref(loser)
				}
			}
		}
	}
	return v
}

// matchOf is the view of the match of board g of round n, without its
// players' names (the caller adds them).
func matchOf(e *tournament.Event, n int, g *tournament.Game, games []Game, lot *Game, st bracket.State) *MatchView {
	m := &MatchView{Round: n, Board: g.Board, Result: g.Result, Stages: st.Stages, AwaitsLot: st.Lot && g.Result == nil}
	m.White = &PlayerRef{ID: g.WhiteID, StartNo: g.WhiteNo}
	if g.BlackID != 0 {
		m.Black = &PlayerRef{ID: g.BlackID, StartNo: g.BlackNo}
	}
	m.Score = [2]float64{st.Top, st.Bottom}
	// The stages follow each other in full but for the one that decided.
	stageEnds := []int{e.Knockout.MatchGames}
	for _, s := range e.Knockout.TieBreaks {
		stageEnds = append(stageEnds, stageEnds[len(stageEnds)-1]+s.Games)
	}
	tempoOf := func(stage int) string {
		if stage == 0 || stage > len(e.Knockout.TieBreaks) {
			return ""
		}
		return e.Knockout.TieBreaks[stage-1].Tempo
	}
	for _, mg := range games {
		stage := 0
		for stage < len(stageEnds) && mg.Number > stageEnds[stage] {
			stage++
		}
		m.Games = append(m.Games, GameView{Number: mg.Number, Stage: stage, Tempo: tempoOf(stage), WhiteID: mg.WhiteID, Result: mg.Result, Reason: mg.Reason})
	}
	if lot != nil && st.Winner == 0 {
		// A lot stands while the games leave the match level; a game
		// corrected since may have decided it.
		m.Lot = &LotView{WinnerID: lot.WhiteID, Reason: lot.Reason}
	}
	m.MayLot = g.Result == nil && m.Lot == nil && (st.Lot || (st.Next != nil && st.Next.Stage > 0 && st.Next.InStage == 1))
	if st.Next != nil && g.Result == nil {
		white := g.WhiteID
		if st.Next.Number%2 == 0 {
			white = g.BlackID
		}
		m.Next = &NextGame{Number: st.Next.Number, Stage: st.Next.Stage, Tempo: string(st.Next.Tempo), WhiteID: white}
	}
	if r := g.Result; r != nil {
		switch r.Outcome() {
		case tournament.WhiteWins, tournament.ByeGame:
			m.WinnerID = g.WhiteID
		case tournament.BlackWins:
			m.WinnerID = g.BlackID
		}
	}
	return m
}

// Standing is where a match stands at one of its games: the game's stage
// (0 the match's own games, i the i-th tie-break stage, whose Tempo it
// names), its number in the stage (InStage of Of) and the points of that
// stage's games recorded so far, the board's White's first.
type Standing struct {
	Number  int
	Stage   int
	Tempo   string
	InStage int
	Of      int
	Points  [2]float64
}

// StandingOf is the standing of the match of board g of event e, whose
// games are games, at its game number.
func StandingOf(e *tournament.Event, g *tournament.Game, games []Game, number int) Standing {
	sd := Standing{Number: number, InStage: number, Of: e.Knockout.MatchGames}
	first := 1
	for i, st := range e.Knockout.TieBreaks {
		if number < first+sd.Of {
			break
		}
		first += sd.Of
		sd.Stage, sd.Tempo, sd.InStage, sd.Of = i+1, st.Tempo, number-first+1, st.Games
	}
	var stage []Game
	for _, mg := range games {
		if mg.Number >= first && mg.Number < first+sd.Of {
			stage = append(stage, mg)
		}
	}
	for _, o := range outcomes(g, stage) {
		switch o {
		case bracket.TopWins:
			sd.Points[0]++
		case bracket.BottomWins:
			sd.Points[1]++
		default:
			sd.Points[0] += 0.5
			sd.Points[1] += 0.5
		}
	}
	return sd
}

// Score is the stage's points as a page writes them, "1:1", "1.5:0.5".
func (sd Standing) Score() string {
	return strconv.FormatFloat(sd.Points[0], 'f', -1, 64) + ":" + strconv.FormatFloat(sd.Points[1], 'f', -1, 64)
}
