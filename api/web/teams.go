package web

import (
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/web/kit"
	"adiukh/tournament"
	"adiukh/tournament/entries"
	"adiukh/tournament/teams"
)

// The public pages of team events (standard, rapid and blitz team
// competitions): matches of a round with their boards, team standings with
// the boards' standings, and the team crosstable. The arbiter's forms are
// in web_manage.go, web_team_desk.go and the line-ups page below.

// matchRow is one match of a round as the page shows it.
type matchRow struct {
	Table  int
	Home   *teams.Team
	Away   *teams.Team // nil for the bye
	Score  teams.MatchScore
	Boards []matchBoardRow
}

type matchBoardRow struct {
	Board     int
	GameNo    int // the game's board number within the round, for the game viewer; 0 without a game
	HomeWhite bool
	Home      *tournament.Player // nil: the board was left empty
	Away      *tournament.Player
	Result    teams.BoardResult
	HasSheet  bool
	// Opening and Micro are a micro-match board's: the opening drawn for
	// it (nil where the round has one), and its two games.
	Opening *tournament.DrawnOpening
	Micro   []microGame
}

type teamEventPageData struct {
	kit.EventHeader
	Teams   []teams.Team
	Players int // on all rosters
	// Titled: some player on a roster holds a rank or title, which the
	// board tables show in a column of their own.
	Titled  bool
	Rounds  []int
	Round   *teams.TeamRound
	Matches []matchRow
}

func newMatchRows(d *teams.TeamEventData, r *teams.TeamRound) []matchRow {
	player := map[int64]*tournament.Player{}
	for i := range d.Teams {
		for j := range d.Teams[i].Roster {
			player[d.Teams[i].Roster[j].ID] = &d.Teams[i].Roster[j]
		}
	}
	views := make([]matchRow, len(r.Matches))
	for i := range r.Matches {
		m := &r.Matches[i]
		v := matchRow{Table: m.Table, Home: d.Team(m.HomeID), Score: m.Score(d.Event, d.Settings)}
		if !m.IsBye() {
			v.Away = d.Team(m.AwayID)
		}
		for j := range m.Boards {
			b := &m.Boards[j]
			row := matchBoardRow{
				Board: b.Board, HomeWhite: b.HomeWhite(), Home: player[b.HomePlayerID], Away: player[b.AwayPlayerID],
				Result: b.Result(d.Event),
			}
			if b.Game != nil {
				row.GameNo, row.HasSheet = b.Game.Board, b.Game.Sheet != ""
			}
			if d.Event.MicroMatch.On() && !m.IsBye() {
				if d.Event.MicroMatch == tournament.DrawPerBoard {
					// The round's opening is shown above its matches.
					row.Opening = r.OpeningOf(teams.GameNumber(m.Table, b.Board, d.Settings.Boards))
				}
				if b.Game != nil {
					row.Micro = microGames(d.Event.ID, r.Number, b.Game)
				}
			}
			v.Boards = append(v.Boards, row)
		}
		views[i] = v
	}
	return views
}

// teamEventPage shows the matches of one round of a team event, by default
// the latest.
func (h *handler) teamEventPage(c *gin.Context, id int64) error {
	d, err := h.Teams.TeamEventData(c.Request.Context(), id)
	if err != nil {
		return err
	}
	data := teamEventPageData{EventHeader: h.Header(c, d.Event, "pairings"), Teams: d.Teams}
	for i := range d.Teams {
		data.Players += len(d.Teams[i].Roster)
		data.Titled = data.Titled || slices.ContainsFunc(d.Teams[i].Roster, func(p tournament.Player) bool { return p.Title != "" })
	}
	n, err := core.QueryInt(c, "round")
	if err != nil {
		return err
	}
	for i := range d.Rounds {
		data.Rounds = append(data.Rounds, d.Rounds[i].Number)
	}
	if n != 0 && !slices.Contains(data.Rounds, n) {
		return tournament.NotFound("round %d of event %d not found", n, id)
	}
	if len(d.Rounds) > 0 {
		data.Round = &d.Rounds[len(d.Rounds)-1]
		for i := range d.Rounds {
			if d.Rounds[i].Number == n {
				data.Round = &d.Rounds[i]
			}
		}
		data.Matches = newMatchRows(d, data.Round)
	}
	h.RenderWith(c, h.Translator(c), http.StatusOK, "team_event", d.Event.Name, data)
	return nil
}

type teamStandingsPageData struct {
	kit.EventHeader
	Standings   *teams.TeamStandings
	AfterRounds []int
}

func (h *handler) teamStandingsPage(c *gin.Context, st *teams.TeamStandings) error {
	h.RenderWith(c, h.Translator(c), http.StatusOK, "team_standings", st.Event.Name,
		teamStandingsPageData{EventHeader: h.Header(c, st.Event, "standings"), Standings: st, AfterRounds: upTo(st.Complete)})
	return nil
}

// teamGrid is a round-robin team crosstable: one cell list per opponent.
type teamGrid struct {
	Numbers []int
	Rows    []teamGridRow
}

type teamGridRow struct {
	Row   teams.TeamCrosstableRow
	Cells [][]teams.TeamCrosstableCell // by opponent start number - 1
}

type teamCrosstablePageData struct {
	kit.EventHeader
	Crosstable *teams.TeamCrosstable
	Grid       *teamGrid
}

func newTeamGrid(ct *teams.TeamCrosstable) *teamGrid {
	g := &teamGrid{}
	for _, r := range ct.Rows {
		g.Numbers = append(g.Numbers, r.Team.StartNo)
	}
	for _, r := range ct.Rows {
		row := teamGridRow{Row: r, Cells: make([][]teams.TeamCrosstableCell, len(ct.Rows))}
		for _, cell := range r.Matches {
			if cell.OpponentNo >= 1 && cell.OpponentNo <= len(ct.Rows) {
				row.Cells[cell.OpponentNo-1] = append(row.Cells[cell.OpponentNo-1], cell)
			}
		}
		g.Rows = append(g.Rows, row)
	}
	return g
}

func (h *handler) teamCrosstablePage(c *gin.Context, ct *teams.TeamCrosstable) error {
	data := teamCrosstablePageData{EventHeader: h.Header(c, ct.Event, "crosstable"), Crosstable: ct}
	if ct.Event.System.IsRoundRobin() {
		data.Grid = newTeamGrid(ct)
	}
	h.RenderWith(c, h.Translator(c), http.StatusOK, "team_crosstable", ct.Event.Name, data)
	return nil
}

// addTeam registers a team with its roster from the arbiter's desk: the
// roster is one player per line, in board order, read as a line of the
// pasted player list is (entries.ParsePlayerLine: name, rating, birth year,
// club, city, federation ID, rank or title, federation; commas, semicolons
// or a spreadsheet's tabs between them).
func (h *handler) addTeam(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	values := map[string]string{}
	for _, k := range []string{"name", "city", "club", "captain", "roster"} {
		values[k] = strings.TrimSpace(c.PostForm(k))
	}
	in := teams.TeamInput{Name: ptr(values["name"]), City: ptr(values["city"]), Club: ptr(values["club"]), Captain: ptr(values["captain"])}
	var lines []int // the roster line of each player
	for i, line := range strings.Split(values["roster"], "\n") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		p, perr := entries.ParsePlayerLine(line)
		var e *tournament.Error
		if errors.As(perr, &e) {
			err = atRosterLine(e, e.Field, i+1, h.Translator(c))
			break
		}
		in.Players = append(in.Players, p)
		lines = append(lines, i+1)
	}
	if err == nil {
		_, err = h.Teams.RegisterTeam(c.Request.Context(), id, in)
		err = onRosterLine(err, lines, h.Translator(c))
	}
	if err != nil {
		return h.manageFailed(c, id, err, func(d *managePageData) *kit.Form { return d.Team }, func(f *kit.Form) { f.Values = values })
	}
	h.backToManage(c, id, "players")
	return nil
}

// onRosterLine shows the service's error about players[i] of a roster
// against the line of the roster text it came from: the service's message
// names the player already.
func onRosterLine(err error, lines []int, tr *kit.Translator) error {
	var e *tournament.Error
	var i int
	if !errors.As(err, &e) {
		return err
	}
	if _, scanErr := fmt.Sscanf(e.Field, "players[%d]", &i); scanErr != nil || i < 0 || i >= len(lines) {
		return err
	}
	return atRosterLine(e, "", lines[i], tr)
}

// atRosterLine is e, about one player of a roster, said with the roster's
// line and, when field is not "", the field it is about: "строка 2
// (Рейтинг): …".
func atRosterLine(e *tournament.Error, field string, line int, tr *kit.Translator) *tournament.Error {
	at := *e
	at.Field, at.Line = field, line
	where := fmt.Sprintf("line %d", line)
	if field != "" {
		where += " (" + field + ")"
	}
	return &tournament.Error{Code: e.Code, Field: "roster", Message: where + ": " + e.Message, Format: "%s", Args: []any{tr.Detail(&at)}}
}

// lineupForm is one team's line-up in one match: a player of the roster, or
// nobody, for every board.
type lineupForm struct {
	Table   int
	Team    *teams.Team
	Players []int64 // by board; 0 leaves the board empty
	Reason  string  // the reason sent with a line-up that was refused
	Error   string
}

type lineupsPageData struct {
	kit.EventHeader
	Round int
	Forms []lineupForm
}

func (h *handler) lineupsData(c *gin.Context, id int64, n int) (*lineupsPageData, error) {
	d, err := h.Teams.TeamEventData(c.Request.Context(), id)
	if err != nil {
		return nil, err
	}
	hd := h.Header(c, d.Event, "manage")
	if !hd.CanManage {
		return nil, tournament.Forbidden("only an administrator or the event's own arbiter may change %s", d.Event.Name)
	}
	data := &lineupsPageData{EventHeader: hd, Round: n}
	for i := range d.Rounds {
		if d.Rounds[i].Number != n {
			continue
		}
		for _, m := range d.Rounds[i].Matches {
			if m.IsBye() {
				continue
			}
			home, away := lineupForm{Table: m.Table, Team: d.Team(m.HomeID)}, lineupForm{Table: m.Table, Team: d.Team(m.AwayID)}
			for _, b := range m.Boards {
				home.Players = append(home.Players, b.HomePlayerID)
				away.Players = append(away.Players, b.AwayPlayerID)
			}
			data.Forms = append(data.Forms, home, away)
		}
		return data, nil
	}
	return nil, tournament.NotFound("round %d of event %d not found", n, id)
}

func (h *handler) lineupsPage(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "n")
	if err != nil {
		return err
	}
	data, err := h.lineupsData(c, ids[0], int(ids[1]))
	if err != nil {
		return err
	}
	h.RenderWith(c, h.Translator(c), http.StatusOK, "lineups", data.Event.Name, data)
	return nil
}

// setLineup takes one team's line-up: a player ID (or 0) per board.
func (h *handler) setLineup(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "n", "team")
	if err != nil {
		return err
	}
	reason := strings.TrimSpace(c.PostForm("reason"))
	var players []int64
	for _, v := range c.PostFormArray("board") {
		id, perr := strconv.ParseInt(v, 10, 64)
		if perr != nil || id < 0 {
			err = tournament.Invalid("players", "%q is not a player", v)
			break
		}
		players = append(players, id)
	}
	if err == nil {
		_, err = h.Teams.SetLineup(c.Request.Context(), teams.LineupInput{
			EventID: ids[0], Round: int(ids[1]), TeamNo: int(ids[2]), Players: players, Reason: reason,
		})
	}
	if err == nil {
		c.Redirect(http.StatusSeeOther, fmt.Sprintf("/events/%d/rounds/%d/lineups#team-%d", ids[0], ids[1], ids[2]))
		return nil
	}
	data, loadErr := h.lineupsData(c, ids[0], int(ids[1]))
	if loadErr != nil {
		return loadErr
	}
	tr := h.Translator(c)
	f := kit.NewForm()
	if err := f.Fail(err, tr); err != nil {
		return err
	}
	for i := range data.Forms {
		lf := &data.Forms[i]
		if lf.Team.StartNo != int(ids[2]) {
			continue
		}
		// The form shows the line-up sent, not the stored one, with the
		// error at the board it names.
		if len(players) == len(lf.Players) {
			lf.Players = players
		}
		lf.Reason = reason
		for field, msg := range f.Errors {
			var board int
			if _, scanErr := fmt.Sscanf(field, "players[%d]", &board); scanErr == nil {
				msg = tr.T("board.n", "N", board+1) + ": " + msg
			}
			lf.Error = msg
		}
	}
	h.RenderWith(c, h.Translator(c), kit.FormStatus(err), "lineups", data.Event.Name, data)
	return nil
}
