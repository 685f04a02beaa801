package api

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"adiukh/rules"
	"adiukh/tournament"
)

// The arbiter pages call the same service methods as the JSON API; the
// service checks the user's role on every write, and its *Error is shown
// next to the form field it names.

// eventFields are the settings of the event form, in the API's names.
var eventFields = []string{"name", "discipline", "system", "rounds", "time_control", "start_date", "end_date", "venue", "city", "chief_arbiter", "visibility", "tiebreaks",
	"scoring_win", "scoring_draw", "scoring_loss", "scoring_bye", "scoring_forfeit_win", "forbid_same_club", "baku", "black_first"}

// eventFormData is the data of the event settings form.
type eventFormData struct {
	Form        *form
	Disciplines []tournament.Discipline
	Systems     []tournament.System
	TieBreaks   []tournament.TieBreakInfo
	Presets     map[tournament.System]string
	// Import is the TRF upload form of the new-event page; nil elsewhere.
	Import *form
}

func (h *handler) eventFormData(f *form) eventFormData {
	d := eventFormData{Form: f, Disciplines: tournament.Disciplines, Systems: tournament.Systems, TieBreaks: h.Events.TieBreaks(), Presets: map[tournament.System]string{}}
	for _, sys := range tournament.Systems {
		d.Presets[sys] = strings.Join(h.Events.DefaultTieBreaks(sys), ",")
	}
	return d
}

// checked is a ticked checkbox's form value.
func checked(on bool) string {
	if on {
		return "on"
	}
	return ""
}

// eventFormValues fills the form with an event's settings.
func eventFormValues(e *tournament.Event) *form {
	f := newForm()
	num := func(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
	for k, v := range map[string]string{
		"name": e.Name, "discipline": string(e.Discipline), "system": string(e.System), "rounds": strconv.Itoa(e.Rounds),
		"time_control": e.TimeControl.String(), "start_date": e.StartDate, "end_date": e.EndDate, "venue": e.Venue, "city": e.City,
		"chief_arbiter": e.ChiefArbiter, "visibility": string(e.Visibility), "tiebreaks": strings.Join(e.TieBreaks, ","),
		"scoring_win": num(e.Scoring.Win), "scoring_draw": num(e.Scoring.Draw), "scoring_loss": num(e.Scoring.Loss),
		"scoring_bye": num(e.Scoring.Bye), "scoring_forfeit_win": num(e.Scoring.ForfeitWin),
		"forbid_same_club": checked(e.ForbidSameClub), "baku": checked(e.Baku), "black_first": checked(e.BlackFirst),
	} {
		f.Values[k] = v
	}
	return f
}

// eventInput reads the event form. Empty optional fields are left out, so
// that on creation the service fills in its defaults (scoring, tie-break
// preset).
func eventInput(c *gin.Context, f *form) (tournament.EventInput, error) {
	for _, k := range eventFields {
		f.Values[k] = strings.TrimSpace(c.PostForm(k))
	}
	v := f.Values
	opt := func(k string) *string {
		if v[k] == "" {
			return nil
		}
		s := v[k]
		return &s
	}
	in := tournament.EventInput{
		Name: opt("name"), Discipline: opt("discipline"), System: opt("system"), TimeControl: ptr(v["time_control"]),
		StartDate: ptr(v["start_date"]), EndDate: ptr(v["end_date"]), Venue: ptr(v["venue"]), City: ptr(v["city"]),
		ChiefArbiter: ptr(v["chief_arbiter"]), Visibility: opt("visibility"),
	}
	// An unticked box is not sent: the form always says every option.
	in.ForbidSameClub, in.Baku, in.BlackFirst = ptr(v["forbid_same_club"] != ""), ptr(v["baku"] != ""), ptr(v["black_first"] != "")
	if in.Name == nil {
		// An emptied name is an error to show, not a setting to keep.
		in.Name = ptr("")
	}
	if v["rounds"] != "" {
		n, err := strconv.Atoi(v["rounds"])
		if err != nil {
			return in, tournament.Invalid("rounds", "%q is not a whole number", v["rounds"])
		}
		in.Rounds = &n
	}
	if v["tiebreaks"] != "" {
		var ids []string
		for _, id := range strings.Split(v["tiebreaks"], ",") {
			if id = strings.TrimSpace(id); id != "" {
				ids = append(ids, id)
			}
		}
		in.TieBreaks = &ids
	}
	if v["scoring_win"] != "" {
		var s tournament.Scoring
		for _, p := range []struct {
			field string
			to    *float64
		}{{"scoring_win", &s.Win}, {"scoring_draw", &s.Draw}, {"scoring_loss", &s.Loss}, {"scoring_bye", &s.Bye}, {"scoring_forfeit_win", &s.ForfeitWin}} {
			x, err := strconv.ParseFloat(strings.Replace(v[p.field], ",", ".", 1), 64)
			if err != nil {
				return in, tournament.Invalid(p.field, "%q is not a number", v[p.field])
			}
			*p.to = x
		}
		in.Scoring = &s
	}
	return in, nil
}

func ptr[T any](v T) *T { return &v }

func (h *handler) newEventPage(c *gin.Context) {
	if u := tournament.UserFromContext(c.Request.Context()); u.Role != tournament.Admin && u.Role != tournament.ArbiterRole {
		h.failHTML(c, tournament.Forbidden("only administrators and arbiters create events"))
		return
	}
	f := newForm()
	f.Values["discipline"], f.Values["system"], f.Values["visibility"] = string(tournament.Rapid), string(tournament.RoundRobin), string(tournament.Public)
	data := h.eventFormData(f)
	data.Import = newForm()
	h.render(c, http.StatusOK, "event_new", "event_new.title", data)
}

func (h *handler) createEvent(c *gin.Context) {
	f := newForm()
	in, err := eventInput(c, f)
	if err == nil {
		var e *tournament.Event
		if e, err = h.Events.CreateEvent(c.Request.Context(), in); err == nil {
			c.Redirect(http.StatusSeeOther, fmt.Sprintf("/events/%d/manage", e.ID))
			return
		}
	}
	if err := f.fail(err, h.translator(c)); err != nil {
		h.failHTML(c, err)
		return
	}
	data := h.eventFormData(f)
	data.Import = newForm()
	h.render(c, formStatus(err), "event_new", "event_new.title", data)
}

// managePageData is the arbiter's desk for one event.
type managePageData struct {
	eventHeader
	Settings eventFormData
	Warnings []tournament.Warning
	Players  []tournament.Player
	Rounds   []tournament.Round
	Player   *form // the add-player form
	Team     *form // the add-team form of a team event
	// Teams are the teams of a team event with their rosters.
	Teams    []tournament.Team
	CSV      *form
	Status   *form // pair, publish, finish and withdraw errors
	NextPair int
	// CanPair is false while the last round is a draft or every round is
	// paired; the service would refuse, so the page does not offer it.
	CanPair bool
	// Panel holds the players' accounts and their reports.
	Panel *playerPanel
}

func (h *handler) manageData(c *gin.Context, id int64) (*managePageData, error) {
	d, err := h.Events.EventData(c.Request.Context(), id)
	if err != nil {
		return nil, err
	}
	hd := h.header(c, d.Event, "manage")
	if !hd.CanManage {
		return nil, tournament.Forbidden("only an administrator or the event's own arbiter may change event %d", id)
	}
	data := &managePageData{
		eventHeader: hd, Settings: h.eventFormData(eventFormValues(d.Event)), Warnings: d.Event.Warnings(),
		Players: d.Players, Rounds: d.Rounds, Player: newForm(), Team: newForm(), CSV: newForm(), Status: newForm(), NextPair: len(d.Rounds) + 1,
	}
	if d.Event.Discipline.IsTeam() {
		if data.Teams, err = h.Events.Teams(c.Request.Context(), id); err != nil {
			return nil, err
		}
	}
	lastIsDraft := len(d.Rounds) > 0 && d.Rounds[len(d.Rounds)-1].Status == tournament.Draft
	allPaired := d.Event.Rounds > 0 && len(d.Rounds) >= d.Event.Rounds
	data.CanPair = d.Event.Status != tournament.Finished && !lastIsDraft && !allPaired
	v, err := h.Events.PlayerView(c.Request.Context(), id)
	if err != nil {
		return nil, err
	}
	data.Panel = newPlayerPanel(v, true)
	return data, nil
}

func (h *handler) managePage(c *gin.Context) {
	id, err := pathInt(c, "id")
	if err != nil {
		h.failHTML(c, err)
		return
	}
	data, err := h.manageData(c, id)
	if err != nil {
		h.failHTML(c, err)
		return
	}
	h.renderWith(c, h.translator(c), http.StatusOK, "manage", data.Event.Name, data)
}

// manageFailed shows the arbiter's desk again with err next to its field in
// the form that pick chooses.
func (h *handler) manageFailed(c *gin.Context, id int64, err error, pick func(*managePageData) *form, keep func(*form)) {
	data, loadErr := h.manageData(c, id)
	if loadErr != nil {
		h.failHTML(c, loadErr)
		return
	}
	f := pick(data)
	if keep != nil {
		keep(f)
	}
	if err := f.fail(err, h.translator(c)); err != nil {
		h.failHTML(c, err)
		return
	}
	h.renderWith(c, h.translator(c), formStatus(err), "manage", data.Event.Name, data)
}

func (h *handler) backToManage(c *gin.Context, id int64, anchor string) {
	c.Redirect(http.StatusSeeOther, fmt.Sprintf("/events/%d/manage#%s", id, anchor))
}

func (h *handler) updateSettings(c *gin.Context) {
	id, err := pathInt(c, "id")
	if err != nil {
		h.failHTML(c, err)
		return
	}
	entered := newForm()
	in, err := eventInput(c, entered)
	if err == nil {
		if _, err = h.Events.UpdateEvent(c.Request.Context(), id, in, strings.TrimSpace(c.PostForm("reason"))); err == nil {
			h.backToManage(c, id, "settings")
			return
		}
	}
	h.manageFailed(c, id, err, func(d *managePageData) *form { return d.Settings.Form }, func(f *form) { f.Values = entered.Values })
}

// playerInput reads the fields of a player; an empty number is left out.
func playerInput(values map[string]string) (tournament.PlayerInput, error) {
	in := tournament.PlayerInput{Name: ptr(values["name"]), Club: ptr(values["club"]), City: ptr(values["city"])}
	for _, n := range []struct {
		field string
		to    **int
	}{{"rating", &in.Rating}, {"birth_year", &in.BirthYear}} {
		if values[n.field] == "" {
			continue
		}
		v, err := strconv.Atoi(values[n.field])
		if err != nil {
			return in, tournament.Invalid(n.field, "%q is not a whole number", values[n.field])
		}
		*n.to = &v
	}
	return in, nil
}

var playerFields = []string{"name", "rating", "birth_year", "club", "city"}

func (h *handler) addPlayer(c *gin.Context) {
	id, err := pathInt(c, "id")
	if err != nil {
		h.failHTML(c, err)
		return
	}
	values := map[string]string{}
	for _, k := range playerFields {
		values[k] = strings.TrimSpace(c.PostForm(k))
	}
	in, err := playerInput(values)
	if err == nil {
		if _, err = h.Events.RegisterPlayer(c.Request.Context(), id, in); err == nil {
			h.backToManage(c, id, "players")
			return
		}
	}
	h.manageFailed(c, id, err, func(d *managePageData) *form { return d.Player }, func(f *form) { f.Values = values })
}

// addPlayersCSV registers one player per line: name, rating, birth year,
// club, city (only the name is required). Lines are registered in order
// and the first bad line stops the import, naming its line number; the
// lines before it stay registered.
func (h *handler) addPlayersCSV(c *gin.Context) {
	id, err := pathInt(c, "id")
	if err != nil {
		h.failHTML(c, err)
		return
	}
	text := c.PostForm("csv")
	r := csv.NewReader(strings.NewReader(text))
	r.FieldsPerRecord = -1
	r.TrimLeadingSpace = true
	if strings.Count(firstLine(text), ";") > strings.Count(firstLine(text), ",") {
		r.Comma = ';' // spreadsheets in Russian locales export with semicolons
	}
	added := 0
	for line := 1; ; line++ {
		record, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			h.csvFailed(c, id, text, tournament.Invalid("csv", "line %d: %v", line, err))
			return
		}
		if len(record) == 0 || (len(record) == 1 && strings.TrimSpace(record[0]) == "") {
			continue
		}
		values := map[string]string{}
		for i, k := range playerFields {
			if i < len(record) {
				values[k] = strings.TrimSpace(record[i])
			}
		}
		if line == 1 && isHeaderName(values["name"]) {
			continue
		}
		in, err := playerInput(values)
		if err == nil {
			_, err = h.Events.RegisterPlayer(c.Request.Context(), id, in)
		}
		if err != nil {
			var e *tournament.Error
			if !errors.As(err, &e) {
				h.failHTML(c, err)
				return
			}
			tr := h.translator(c)
			h.csvFailed(c, id, text, &tournament.Error{Code: e.Code, Field: "csv",
				Message: tr.T("csv.line_error", "Line", line, "Field", e.Field, "Message", tr.Error(e), "Added", added)})
			return
		}
		added++
	}
	h.backToManage(c, id, "players")
}

// isHeaderName recognises the first cell of a header line.
func isHeaderName(cell string) bool {
	switch strings.ToLower(cell) {
	case "name", "имя", "фио", "фамилия", "фамилия, имя":
		return true
	}
	return false
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

func (h *handler) csvFailed(c *gin.Context, id int64, text string, err error) {
	h.manageFailed(c, id, err, func(d *managePageData) *form { return d.CSV }, func(f *form) { f.Values["csv"] = text })
}

func (h *handler) statusFailed(c *gin.Context, id int64, err error) {
	h.manageFailed(c, id, err, func(d *managePageData) *form { return d.Status }, nil)
}

// withdrawPlayer withdraws a player from the next round to be paired.
func (h *handler) withdrawPlayer(c *gin.Context) {
	ids, err := pathInts(c, "id", "pid")
	if err != nil {
		h.failHTML(c, err)
		return
	}
	from, err := strconv.Atoi(c.PostForm("from_round"))
	if err != nil {
		h.statusFailed(c, ids[0], tournament.Invalid("withdraw_from_round", "%q is not a round number", c.PostForm("from_round")))
		return
	}
	_, err = h.Events.UpdatePlayer(c.Request.Context(), ids[0], ids[1], tournament.PlayerInput{WithdrawFromRound: &from}, strings.TrimSpace(c.PostForm("reason")))
	if err != nil {
		h.statusFailed(c, ids[0], err)
		return
	}
	h.backToManage(c, ids[0], "players")
}

func (h *handler) pairRound(c *gin.Context) {
	id, err := pathInt(c, "id")
	if err != nil {
		h.failHTML(c, err)
		return
	}
	team, err := h.isTeamEvent(c, id)
	if err == nil && team {
		_, err = h.Events.PairNextTeamRound(c.Request.Context(), id)
	} else if err == nil {
		_, err = h.Events.PairNextRound(c.Request.Context(), id)
	}
	if err != nil {
		h.statusFailed(c, id, err)
		return
	}
	h.backToManage(c, id, "rounds")
}

func (h *handler) publishRound(c *gin.Context) {
	ids, err := pathInts(c, "id", "n")
	if err != nil {
		h.failHTML(c, err)
		return
	}
	if _, err := h.Events.PublishRound(c.Request.Context(), ids[0], int(ids[1])); err != nil {
		h.statusFailed(c, ids[0], err)
		return
	}
	h.backToManage(c, ids[0], "rounds")
}

func (h *handler) finishEvent(c *gin.Context) {
	id, err := pathInt(c, "id")
	if err != nil {
		h.failHTML(c, err)
		return
	}
	status := string(tournament.Finished)
	if _, err := h.Events.UpdateEvent(c.Request.Context(), id, tournament.EventInput{Status: &status}, ""); err != nil {
		h.statusFailed(c, id, err)
		return
	}
	c.Redirect(http.StatusSeeOther, fmt.Sprintf("/events/%d/standings", id))
}

// arbiterReasons are the end reasons an arbiter enters in the discipline:
// all but the bye, which only the pairing gives.
func arbiterReasons(d tournament.Discipline) []tournament.EndReason {
	var reasons []tournament.EndReason
	for _, r := range tournament.EndReasonsFor(d) {
		if r != tournament.Bye {
			reasons = append(reasons, r)
		}
	}
	return reasons
}

// resultsPageData is the fast result entry of one round.
type resultsPageData struct {
	eventHeader
	Round    *tournament.Round
	Boards   []boardRow
	Versions string // "board:version,…" as the page saw them
	Form     *form
	Saved    string
	Reasons  []tournament.EndReason
	// SheetRequired is set for disciplines whose played games need a
	// score sheet (§10.2); their results go through the sheet form.
	SheetRequired bool
}

func (h *handler) resultsData(c *gin.Context, id int64, n int) (*resultsPageData, error) {
	d, err := h.Events.EventData(c.Request.Context(), id)
	if err != nil {
		return nil, err
	}
	hd := h.header(c, d.Event, "manage")
	if !hd.CanManage {
		return nil, tournament.Forbidden("only an administrator or the event's own arbiter may enter results of event %d", id)
	}
	for i := range d.Rounds {
		if d.Rounds[i].Number != n {
			continue
		}
		r := &d.Rounds[i]
		data := &resultsPageData{eventHeader: hd, Round: r, Boards: boardRows(d, r), Form: newForm(), Reasons: arbiterReasons(d.Event.Discipline), SheetRequired: d.Event.Discipline.SheetRequired()}
		var versions []string
		for _, g := range r.Games {
			versions = append(versions, fmt.Sprintf("%d:%d", g.Board, g.Version))
		}
		data.Versions = strings.Join(versions, ",")
		data.Form.Values["end_reason"] = string(tournament.FinalPosition)
		return data, nil
	}
	return nil, tournament.NotFound("round %d of event %d not found", n, id)
}

func (h *handler) resultsPage(c *gin.Context) {
	ids, err := pathInts(c, "id", "n")
	if err != nil {
		h.failHTML(c, err)
		return
	}
	data, err := h.resultsData(c, ids[0], int(ids[1]))
	if err != nil {
		h.failHTML(c, err)
		return
	}
	data.Saved = c.Query("saved")
	h.renderWith(c, h.translator(c), http.StatusOK, "results", data.Event.Name, data)
}

// versionOf finds a board's version in the "board:version,…" list the page
// was rendered with, so that a result typed against a stale page is refused.
func versionOf(versions string, board int) (int, bool) {
	for _, item := range strings.Split(versions, ",") {
		b, v, ok := strings.Cut(item, ":")
		if !ok || b != strconv.Itoa(board) {
			continue
		}
		n, err := strconv.Atoi(v)
		return n, err == nil
	}
	return 0, false
}

// enterResult takes one result from the fast entry form: board number,
// score like 17:7, end reason (a final position unless chosen otherwise).
func (h *handler) enterResult(c *gin.Context) {
	ids, err := pathInts(c, "id", "n")
	if err != nil {
		h.failHTML(c, err)
		return
	}
	values := map[string]string{"board": strings.TrimSpace(c.PostForm("board")), "score": strings.TrimSpace(c.PostForm("score")), "end_reason": c.PostForm("end_reason")}
	err = h.recordFastResult(c, ids[0], int(ids[1]), values, c.PostForm("versions"))
	if err == nil {
		c.Redirect(http.StatusSeeOther, fmt.Sprintf("/events/%d/rounds/%d/results?saved=%s", ids[0], ids[1], values["board"]))
		return
	}
	data, loadErr := h.resultsData(c, ids[0], int(ids[1]))
	if loadErr != nil {
		h.failHTML(c, loadErr)
		return
	}
	data.Form.Values = values
	if err := data.Form.fail(err, h.translator(c)); err != nil {
		h.failHTML(c, err)
		return
	}
	h.renderWith(c, h.translator(c), formStatus(err), "results", data.Event.Name, data)
}

func (h *handler) recordFastResult(c *gin.Context, eventID int64, round int, values map[string]string, versions string) error {
	board, err := strconv.Atoi(values["board"])
	if err != nil || board < 1 {
		return tournament.Invalid("board", "%q is not a board number", values["board"])
	}
	version, ok := versionOf(versions, board)
	if !ok {
		return tournament.Invalid("board", "round %d has no board %d", round, board)
	}
	_, err = h.Events.RecordResult(c.Request.Context(), tournament.ResultInput{
		EventID: eventID, Round: round, Board: board, Score: values["score"], EndReason: values["end_reason"], Version: version,
	})
	return err
}

// gameEditPageData is the result and sheet of one board, with the rules'
// verdict on the sheet and the position at its first problem.
type gameEditPageData struct {
	eventHeader
	Round   int
	Row     boardRow
	Form    *form
	Report  *rules.Report
	Problem *rules.Problem
	Board   *boardView
	Reasons []tournament.EndReason
}

func (h *handler) gameEditData(c *gin.Context, ids []int64) (*gameEditPageData, *tournament.Game, error) {
	d, err := h.Events.EventData(c.Request.Context(), ids[0])
	if err != nil {
		return nil, nil, err
	}
	hd := h.header(c, d.Event, "manage")
	if !hd.CanManage {
		return nil, nil, tournament.Forbidden("only an administrator or the event's own arbiter may enter results of event %d", ids[0])
	}
	round, game := findBoard(d, int(ids[1]), int(ids[2]))
	if game == nil {
		return nil, nil, tournament.NotFound("board %d of round %d not found", ids[2], ids[1])
	}
	data := &gameEditPageData{eventHeader: hd, Round: round.Number, Form: newForm(), Reasons: arbiterReasons(d.Event.Discipline)}
	for _, row := range boardRows(d, round) {
		if row.Board == game.Board {
			data.Row = row
		}
	}
	data.Form.Values["end_reason"] = string(tournament.FinalPosition)
	if game.Result != nil {
		data.Form.Values["score"], data.Form.Values["end_reason"] = game.Result.Score(), string(game.Result.EndReason)
	}
	data.Form.Values["sheet"] = game.Sheet
	data.Form.Values["version"] = strconv.Itoa(game.Version)
	return data, game, nil
}

// check replays the sheet in the form and draws the position where the
// first problem stands (or the last position reached).
func (d *gameEditPageData) check() {
	sheet := d.Form.Values["sheet"]
	if strings.TrimSpace(sheet) == "" {
		return
	}
	d.Report = rules.ValidateSheet(sheet)
	if len(d.Report.Errors) > 0 {
		d.Problem = &d.Report.Errors[0]
	}
	var marked []rules.Square
	if n := len(d.Report.Played); n > 0 {
		m := d.Report.Played[n-1].Move
		marked = []rules.Square{m.From, m.To}
	}
	d.Board = newBoardView(d.Report.Position, marked...)
}

func (h *handler) gameEditPage(c *gin.Context) {
	ids, err := pathInts(c, "id", "n", "board")
	if err != nil {
		h.failHTML(c, err)
		return
	}
	data, _, err := h.gameEditData(c, ids)
	if err != nil {
		h.failHTML(c, err)
		return
	}
	data.check()
	h.renderWith(c, h.translator(c), http.StatusOK, "game_edit", data.Event.Name, data)
}

// maxSheetBytes bounds an uploaded sheet: a long game is a few kilobytes.
const maxSheetBytes = 64 << 10

// saveGame records the result and sheet of one board. A sheet may be
// pasted or uploaded as a file; a correction or override needs a reason,
// which the audit log keeps.
func (h *handler) saveGame(c *gin.Context) {
	ids, err := pathInts(c, "id", "n", "board")
	if err != nil {
		h.failHTML(c, err)
		return
	}
	data, game, err := h.gameEditData(c, ids)
	if err != nil {
		h.failHTML(c, err)
		return
	}
	v := data.Form.Values
	for _, k := range []string{"score", "end_reason", "sheet", "reason", "version"} {
		v[k] = c.PostForm(k)
	}
	err = readUploadedSheet(c, v)
	if err == nil && game.Result != nil && strings.TrimSpace(v["reason"]) == "" {
		// A correction never overwrites silently: its reason goes to the
		// audit log with the old and the new result.
		err = tournament.Invalid("reason", "the game already has the result %s; say why it is corrected", game.Result.Score())
	}
	if err == nil {
		var version int
		version, err = strconv.Atoi(v["version"])
		if err != nil {
			err = tournament.Invalid("version", "the form lost the game's version; reload the page")
		} else {
			sheet := v["sheet"]
			if strings.TrimSpace(sheet) == strings.TrimSpace(game.Sheet) {
				sheet = "" // unchanged: keep the stored sheet and its report
			}
			_, err = h.Events.RecordResult(c.Request.Context(), tournament.ResultInput{
				EventID: ids[0], Round: int(ids[1]), Board: int(ids[2]), Score: strings.TrimSpace(v["score"]), EndReason: v["end_reason"],
				Sheet: sheet, Version: version, OverrideReason: v["reason"],
			})
		}
	}
	if err == nil {
		c.Redirect(http.StatusSeeOther, fmt.Sprintf("/events/%d/rounds/%d/boards/%d/edit", ids[0], ids[1], ids[2]))
		return
	}
	if err := data.Form.fail(err, h.translator(c)); err != nil {
		h.failHTML(c, err)
		return
	}
	data.check()
	h.renderWith(c, h.translator(c), formStatus(err), "game_edit", data.Event.Name, data)
}

// readUploadedSheet replaces the pasted sheet by an uploaded file, if one
// was sent.
func readUploadedSheet(c *gin.Context, values map[string]string) error {
	fh, err := c.FormFile("sheet_file")
	if err != nil {
		return nil // no file: the pasted text stands
	}
	if fh.Size > maxSheetBytes {
		return tournament.Invalid("sheet", "the file %s has %d bytes; a game sheet has at most %d", fh.Filename, fh.Size, maxSheetBytes)
	}
	f, err := fh.Open()
	if err != nil {
		return err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxSheetBytes))
	if err != nil {
		return err
	}
	values["sheet"] = string(b)
	return nil
}

type auditPageData struct {
	eventHeader
	Entries []tournament.AuditEntry
}

func (h *handler) auditPage(c *gin.Context) {
	id, err := pathInt(c, "id")
	if err != nil {
		h.failHTML(c, err)
		return
	}
	entries, err := h.Events.Audit(c.Request.Context(), id)
	if err != nil {
		h.failHTML(c, err)
		return
	}
	e, err := h.Events.Event(c.Request.Context(), id)
	if err != nil {
		h.failHTML(c, err)
		return
	}
	h.renderWith(c, h.translator(c), http.StatusOK, "audit", e.Name, auditPageData{eventHeader: h.header(c, e, "audit"), Entries: entries})
}
