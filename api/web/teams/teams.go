package teams

import (
	"errors"
	"fmt"
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
