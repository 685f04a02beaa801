package web

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/web/kit"
	"adiukh/tournament"
	"adiukh/tournament/entries"
	"adiukh/tournament/teams"
)

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
	in := teams.TeamInput{Name: kit.Ptr(values["name"]), City: kit.Ptr(values["city"]), Club: kit.Ptr(values["club"]), Captain: kit.Ptr(values["captain"])}
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
		return h.ManageFailed(c, id, err, func(d *kit.ManagePageData) *kit.Form { return d.Team }, func(f *kit.Form) { f.Values = values })
	}
	h.BackToManage(c, id, "players")
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
