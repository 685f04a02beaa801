package teams

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"

	"adiukh/tournament"
)

// Team is one team of a team event (disciplines standard-team, rapid-team,
// blitz-team) with its roster.
type Team struct {
	ID      int64
	EventID int64
	// StartNo is the team's start number: the number the pairing tables
	// use. Before round 1 it follows the team's rating, then its name.
	StartNo int
	Name    string
	Club    string
	City    string
	Captain string
	// Roster lists the team's players in board order: the regular players
	// first, then the reserves. A line-up keeps this order.
	Roster []tournament.Player
	// WithdrawnFrom is the first round the team no longer plays; 0 while
	// it stays in the event.
	WithdrawnFrom int
}

// PlaysIn reports whether the team plays in round n.
func (t *Team) PlaysIn(n int) bool { return t.WithdrawnFrom == 0 || n < t.WithdrawnFrom }

// Rating is the mean rating of the first boards players of the roster (the
// regular line-up), rounded; 0 for an empty roster.
func (t *Team) Rating(boards int) int {
	n := min(boards, len(t.Roster))
	if n == 0 {
		return 0
	}
	sum := 0
	for _, p := range t.Roster[:n] {
		sum += p.Rating
	}
	return int(math.Round(float64(sum) / float64(n)))
}

// rosterIndex is the position of a player on the roster (0 = first), or -1.
func (t *Team) rosterIndex(playerID int64) int {
	return slices.IndexFunc(t.Roster, func(p tournament.Player) bool { return p.ID == playerID })
}

// TeamInput carries the details of a team to register or change; Players
// is the roster in board order, given on registration only.
type TeamInput struct {
	Name    *string
	Club    *string
	City    *string
	Captain *string
	Players []tournament.PlayerInput
	// WithdrawFromRound withdraws the team from that round on; 0 takes a
	// withdrawal back. Not on registration.
	WithdrawFromRound *int
	// StartNo sets the team's start number by hand before round 1 (C.04.6
	// Article 1.1.2: the chief arbiter's decision); the team holding it
	// takes the changed team's old number. Not on registration.
	StartNo *int
}

// MaxRoster bounds a roster; it only keeps absurd input out.
const MaxRoster = 100

// apply copies the team's own details onto t.
func (in TeamInput) apply(t *Team) error {
	if in.Name != nil {
		name, err := tournament.CleanText("name", *in.Name, 200, true)
		if err != nil {
			return err
		}
		t.Name = name
	}
	for _, text := range []struct {
		field string
		in    *string
		out   *string
	}{{"club", in.Club, &t.Club}, {"city", in.City, &t.City}, {"captain", in.Captain, &t.Captain}} {
		if text.in == nil {
			continue
		}
		v, err := tournament.CleanText(text.field, *text.in, 200, false)
		if err != nil {
			return err
		}
		*text.out = v
	}
	return nil
}

// nameTaken refuses a team name that another team of the event has, up
// to case, ё/е and spacing: standings and line-ups could not tell them
// apart.
func nameTaken(teams []Team, t *Team) error {
	for i := range teams {
		if teams[i].ID != t.ID && tournament.FoldName(teams[i].Name) == tournament.FoldName(t.Name) {
			return tournament.Conflict("name", "the event has a team named %q already (start number %d); give this one another name", teams[i].Name, teams[i].StartNo)
		}
	}
	return nil
}

// Ranking says which team score ranks first.
type Ranking string

const (
	ByMatchPoints Ranking = "match_points"
	ByGamePoints  Ranking = "game_points"
)

// TeamSettings are the settings only a team event has.
type TeamSettings struct {
	// Boards is the number of boards of every match.
	Boards int
	// Match points for a won, drawn and lost match and for the
	// pairing-allocated bye. A team with more game points wins the match.
	MatchWin, MatchDraw, MatchLoss, MatchBye float64
	// Ranking is the score that ranks teams first; the other one is the
	// first tie-break of the presets.
	Ranking Ranking
	// TieBreaks are team tie-break IDs in order.
	TieBreaks []string
	// ColourPreferences is the kind of colour preferences a team Swiss
	// pairs with (C.04.6 Article 1.7).
	ColourPreferences ColourPreferences
}

// ColourPreferences is the kind of colour preferences of a team Swiss.
type ColourPreferences string

const (
	PreferencesA    ColourPreferences = "type_a" // simple preferences, the default
	PreferencesB    ColourPreferences = "type_b" // strong and mild preferences
	PreferencesNone ColourPreferences = "none"   // colours only balance and alternate
)

// MaxBoards bounds the boards of a match.
const MaxBoards = 50

// DefaultTeamSettings are 4 boards, match points 2/1/0 ranking first. A
// Swiss bye earns a drawn match (C.04.6 Article 1.4); in a round robin the
// bye is a rest day and earns nothing.
func DefaultTeamSettings(sys tournament.System, tieBreaks []string) TeamSettings {
	s := TeamSettings{Boards: 4, MatchWin: 2, MatchDraw: 1, MatchLoss: 0, Ranking: ByMatchPoints, TieBreaks: tieBreaks, ColourPreferences: PreferencesA}
	if sys == tournament.Swiss {
		s.MatchBye = s.MatchDraw
	}
	return s
}

// TeamSettingsInput changes team settings; nil fields are kept.
type TeamSettingsInput struct {
	Boards            *int
	MatchPoints       *MatchPoints
	Ranking           *string
	TieBreaks         *[]string
	ColourPreferences *string
}

// MatchPoints is the match scoring table.
type MatchPoints struct {
	Win, Draw, Loss, Bye float64
}

func (in TeamSettingsInput) apply(s *TeamSettings, game tournament.GameKind, knownTieBreak func(string) bool, preset func(Ranking) []string) error {
	if in.Boards != nil {
		if *in.Boards < 1 || *in.Boards > MaxBoards {
			return tournament.Invalid("boards", "a match has 1 to %d boards; got %d", MaxBoards, *in.Boards)
		}
		s.Boards = *in.Boards
	}
	if mp := in.MatchPoints; mp != nil {
		match := tournament.Scoring{Win: mp.Win, Draw: mp.Draw, Loss: mp.Loss, Bye: mp.Bye, ForfeitWin: mp.Win}
		if err := match.Validate(); err != nil {
			var e *tournament.Error
			if errors.As(err, &e) {
				e.Field = "match_points"
			}
			return err
		}
		s.MatchWin, s.MatchDraw, s.MatchLoss, s.MatchBye = mp.Win, mp.Draw, mp.Loss, mp.Bye
	}
	if in.Ranking != nil {
		r := Ranking(*in.Ranking)
		if r != ByMatchPoints && r != ByGamePoints {
			return tournament.Invalid("ranking", "unknown ranking %q; use \"match_points\" or \"game_points\"", *in.Ranking)
		}
		if r != s.Ranking && in.TieBreaks == nil {
			s.TieBreaks = game.OfferedTieBreaks(preset(r))
		}
		s.Ranking = r
	}
	if in.ColourPreferences != nil {
		switch cp := ColourPreferences(*in.ColourPreferences); cp {
		case PreferencesA, PreferencesB, PreferencesNone:
			s.ColourPreferences = cp
		default:
			return tournament.Invalid("colour_preferences", "unknown kind of colour preferences %q; use \"type_a\", \"type_b\" or \"none\"", *in.ColourPreferences)
		}
	}
	if in.TieBreaks != nil {
		seen := map[string]bool{}
		for i, id := range *in.TieBreaks {
			field := fmt.Sprintf("tiebreaks[%d]", i)
			if !knownTieBreak(id) {
				return tournament.Invalid(field, "unknown team tie-break %q", id)
			}
			if err := game.CheckTieBreak(field, id); err != nil {
				return err
			}
			if seen[id] {
				return tournament.Invalid(field, "tie-break %q is listed twice", id)
			}
			seen[id] = true
		}
		s.TieBreaks = slices.Clone(*in.TieBreaks)
	}
	return nil
}

// Match is one team pairing of a round: the home team takes White on board
// 1 and the colours alternate down the boards. AwayID 0 is the home team's
// pairing-allocated bye; a bye has no boards.
type Match struct {
	ID      int64
	RoundID int64
	Round   int
	Table   int
	HomeID  int64
	AwayID  int64
	// HomeNo and AwayNo are the teams' start numbers, filled in when read.
	HomeNo int
	AwayNo int
	Boards []MatchBoard
}

// IsBye reports whether the match is a pairing-allocated bye.
func (m *Match) IsBye() bool { return m.AwayID == 0 }

// MatchBoard is one board of a match: who each team fields there, and the
// game when both do. A team that fields nobody loses the board by forfeit.
type MatchBoard struct {
	Board        int
	HomePlayerID int64 // 0: the home team left the board empty
	AwayPlayerID int64 // 0: the away team left the board empty
	// Game is the board's game, nil while a side is empty. Its Board is
	// the game's number within the round (GameNumber).
	Game *tournament.Game
}

// HomeWhite reports whether the home team has White on the board: on board
// 1, and on every other board after it.
func (b *MatchBoard) HomeWhite() bool { return b.Board%2 == 1 }

// GameNumber numbers the games of a round across its matches: table by
// table, board by board. Results are entered under this number.
func GameNumber(table, board, boards int) int { return (table-1)*boards + board }

// BoardResult is a board's outcome from the two teams' side.
type BoardResult struct {
	// Done is false while a played board waits for its result.
	Done bool
	// HomePoints and AwayPoints are in the points of the event's game,
	// as its games' scores are: an empty board facing a player is the
	// game's forfeit (24:0 in Adiukh, 2:0 in a game scored 2/1/0), two
	// empty sides 0:0.
	HomePoints, AwayPoints int
	EndReason              tournament.EndReason
	// HomeScore and AwayScore are in the event's game scoring table.
	HomeScore, AwayScore float64
}

// Shown writes the board's outcome from the home side as the event shows
// a result (Event.ScoreText): 24:0 or +:− in Adiukh, 1:0 in a 1-½-0 event.
func (r BoardResult) Shown(e *tournament.Event) string {
	return e.ScoreText(tournament.Result{White: r.HomePoints, Black: r.AwayPoints, EndReason: r.EndReason})
}

// Result is the board's outcome in the event's game and scoring table.
func (b *MatchBoard) Result(e *tournament.Event) BoardResult {
	sc := e.Scoring
	switch {
	case b.HomePlayerID == 0 && b.AwayPlayerID == 0:
		return BoardResult{Done: true, EndReason: tournament.DoubleForfeit}
	case b.HomePlayerID == 0:
		return BoardResult{Done: true, AwayPoints: e.Game.GamePoints(), EndReason: tournament.Forfeit, AwayScore: sc.ForfeitWin}
	case b.AwayPlayerID == 0:
		return BoardResult{Done: true, HomePoints: e.Game.GamePoints(), EndReason: tournament.Forfeit, HomeScore: sc.ForfeitWin}
	case b.Game == nil || b.Game.Result == nil:
		return BoardResult{}
	}
	r := *b.Game.Result
	white, black := r.White, r.Black
	whiteScore, blackScore := sc.Points(r, true), sc.Points(r, false)
	if b.HomeWhite() {
		return BoardResult{Done: true, HomePoints: white, AwayPoints: black, EndReason: r.EndReason, HomeScore: whiteScore, AwayScore: blackScore}
	}
	return BoardResult{Done: true, HomePoints: black, AwayPoints: white, EndReason: r.EndReason, HomeScore: blackScore, AwayScore: whiteScore}
}

// MatchScore is a match's game points and match points for both teams.
type MatchScore struct {
	// Done is false while a board waits for its result; the game points
	// are then those of the boards with results, and the match points 0.
	Done                             bool
	HomeGamePoints, AwayGamePoints   float64
	HomeMatchPoints, AwayMatchPoints float64
}

// Score adds up the boards in the event's scoring table: the team with more
// game points wins the match. A Swiss bye earns the bye's match points and a
// won game on every board, as the team standings count it (docs/tiebreaks.md,
// team events); a round robin's bye is a rest day and earns nothing.
func (m *Match) Score(e *tournament.Event, ts TeamSettings) MatchScore {
	sc := e.Scoring
	if m.IsBye() {
		if e.System.IsRoundRobin() {
			return MatchScore{Done: true}
		}
		return MatchScore{Done: true, HomeGamePoints: float64(ts.Boards) * sc.Win, HomeMatchPoints: ts.MatchBye}
	}
	ms := MatchScore{Done: true}
	for i := range m.Boards {
		r := m.Boards[i].Result(e)
		ms.Done = ms.Done && r.Done
		ms.HomeGamePoints += r.HomeScore
		ms.AwayGamePoints += r.AwayScore
	}
	if !ms.Done {
		return ms // the match points wait for the last board
	}
	switch {
	case ms.HomeGamePoints > ms.AwayGamePoints:
		ms.HomeMatchPoints, ms.AwayMatchPoints = ts.MatchWin, ts.MatchLoss
	case ms.HomeGamePoints < ms.AwayGamePoints:
		ms.HomeMatchPoints, ms.AwayMatchPoints = ts.MatchLoss, ts.MatchWin
	default:
		ms.HomeMatchPoints, ms.AwayMatchPoints = ts.MatchDraw, ts.MatchDraw
	}
	return ms
}

// TeamRound is a round of a team event: the round with its games and the
// matches the games belong to, by table.
type TeamRound struct {
	tournament.Round
	Matches []Match
}

// checkLineup checks a team's line-up for one round: players names the
// player on each board, 0 for an empty board. The players come from the
// roster in its order, so a reserve who plays moves the regular players
// below him down a board, never up; empty boards come last; a withdrawn
// player, or one who joined the roster later, cannot be fielded.
func checkLineup(t *Team, players []int64, boards, round int) error {
	if len(players) != boards {
		return tournament.Invalid("players", "a line-up names a player for each of the %d boards (0 for an empty board); got %d", boards, len(players))
	}
	lastIndex, lastBoard, firstEmpty := -1, 0, 0
	for i, id := range players {
		board := i + 1
		field := fmt.Sprintf("players[%d]", i)
		if id == 0 {
			if firstEmpty == 0 {
				firstEmpty = board
			}
			continue
		}
		if firstEmpty != 0 {
			return tournament.Invalid(field, "board %d is empty but board %d is not; a team that is short leaves its last boards empty", firstEmpty, board)
		}
		idx := t.rosterIndex(id)
		if idx < 0 {
			return tournament.Invalid(field, "player %d is not on the roster of team %q", id, t.Name)
		}
		p := &t.Roster[idx]
		if slices.Contains(players[:i], id) {
			return tournament.Invalid(field, "%s is named twice in the line-up", p.Name)
		}
		switch {
		case round < p.FirstRound:
			return tournament.Invalid(field, "%s joined the roster after round %d was paired and plays from round %d", p.Name, round, p.FirstRound)
		case !p.PlaysIn(round):
			return tournament.Invalid(field, "%s is withdrawn from round %d and cannot play in round %d", p.Name, p.WithdrawnFrom, round)
		}
		if idx < lastIndex {
			above := &t.Roster[lastIndex]
			return tournament.Invalid(field, "%s (roster place %d) cannot play on board %d, above %s (roster place %d) on board %d: a line-up keeps the roster order, so a reserve moves players down, never up",
				above.Name, lastIndex+1, lastBoard, p.Name, idx+1, board)
		}
		lastIndex, lastBoard = idx, board
	}
	return nil
}

// defaultLineup fields the first players of the roster who can play in the
// round, leaving the last boards empty when the team is short; a withdrawn
// team fields nobody.
func defaultLineup(t *Team, boards, round int) []int64 {
	lineup := make([]int64, 0, boards)
	for _, p := range t.Roster {
		if len(lineup) < boards && p.PlaysIn(round) && t.PlaysIn(round) {
			lineup = append(lineup, p.ID)
		}
	}
	for len(lineup) < boards {
		lineup = append(lineup, 0)
	}
	return lineup
}

// numberTeams gives start numbers 1…n by rating (the mean of the regular
// boards), highest first, then by name; by hand (manual), it keeps the
// order of the numbers and only closes gaps.
func numberTeams(teams []Team, boards int, manual bool) {
	if manual {
		slices.SortStableFunc(teams, func(a, b Team) int { return cmp.Compare(a.StartNo, b.StartNo) })
		for i := range teams {
			teams[i].StartNo = i + 1
		}
		return
	}
	slices.SortStableFunc(teams, func(a, b Team) int {
		if c := cmp.Compare(b.Rating(boards), a.Rating(boards)); c != 0 {
			return c
		}
		if c := cmp.Compare(tournament.NameKey(a.Name), tournament.NameKey(b.Name)); c != 0 {
			return c
		}
		return cmp.Compare(a.ID, b.ID)
	})
	for i := range teams {
		teams[i].StartNo = i + 1
	}
}

func findTeam(teams []Team, id int64) *Team {
	for i := range teams {
		if teams[i].ID == id {
			return &teams[i]
		}
	}
	return nil
}

// TeamRef names a team of an event: by its ID, which never changes, or by
// its start number, which changes while the teams are numbered again
// before round 1 (a roster or a rating changed). A form or a script that
// names both is refused when the start number has moved on to another
// team since it read them, instead of changing the wrong team.
type TeamRef struct {
	ID int64
	No int
}

// find picks the team named among the teams of event eventID.
func (r TeamRef) find(teams []Team, eventID int64) (*Team, error) {
	if r.ID == 0 {
		if t := findTeamByNo(teams, r.No); t != nil {
			return t, nil
		}
		return nil, tournament.NotFound("team %d not found in event %d", r.No, eventID)
	}
	t := findTeam(teams, r.ID)
	switch {
	case t == nil:
		return nil, tournament.NotFound("team ID %d not found in event %d", r.ID, eventID)
	case r.No != 0 && t.StartNo != r.No:
		return nil, tournament.Conflict("team_id", "team %q has start number %d now, not %d: the teams were numbered again; check the team and send it again", t.Name, t.StartNo, r.No)
	}
	return t, nil
}

func findTeamByNo(teams []Team, no int) *Team {
	for i := range teams {
		if teams[i].StartNo == no {
			return &teams[i]
		}
	}
	return nil
}
