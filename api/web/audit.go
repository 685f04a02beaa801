package web

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/web/kit"
	"adiukh/tournament"
	"adiukh/tournament/auditlog"
	"adiukh/tournament/catalog"
	"adiukh/tournament/report"
)

// The audit log page tells each change as a sentence in the reader's
// language, at the event's local time, filtered by round and player; the
// raw entries download as CSV or JSON with the same filter.

type auditPageData struct {
	kit.EventHeader
	Lines   []auditlog.Line
	Filter  auditlog.Filter
	Rounds  []int
	Players []tournament.Player
	Zone    string
	Query   string // the filter as a query string, for the download links
}

// auditLog reads an event's log told in the language, and the filter of
// the request (?round=, ?player=).
func (h *handler) auditLog(c *gin.Context, l *catalog.Localizer) (*tournament.Event, []auditlog.Line, auditlog.Filter, []tournament.Player, error) {
	ctx := c.Request.Context()
	id, err := core.PathInt(c, "id")
	if err != nil {
		return nil, nil, auditlog.Filter{}, nil, err
	}
	filter, err := auditlog.ParseFilter(c.Query("round"), c.Query("player"))
	if err != nil {
		return nil, nil, filter, nil, err
	}
	entries, err := h.Events.Audit(ctx, id)
	if err != nil {
		return nil, nil, filter, nil, err
	}
	e, players, rounds, err := h.auditContext(ctx, id)
	if err != nil {
		return nil, nil, filter, nil, err
	}
	return e, auditlog.Tell(l, e.Location(), players, rounds, entries), filter, players, nil
}

func (h *handler) auditContext(ctx context.Context, id int64) (*tournament.Event, []tournament.Player, []tournament.Round, error) {
	e, err := h.Events.Event(ctx, id)
	if err != nil {
		return nil, nil, nil, err
	}
	players, err := h.Events.Players(ctx, id)
	if err != nil {
		return nil, nil, nil, err
	}
	rounds, err := h.Events.Rounds(ctx, id)
	if err != nil {
		return nil, nil, nil, err
	}
	return e, players, rounds, nil
}

func keep(lines []auditlog.Line, f auditlog.Filter) []auditlog.Line {
	var out []auditlog.Line
	for _, l := range lines {
		if f.Keep(l) {
			out = append(out, l)
		}
	}
	return out
}

func (h *handler) auditPage(c *gin.Context) error {
	tr := h.Translator(c)
	e, lines, filter, players, err := h.auditLog(c, tr.Localizer)
	if err != nil {
		return err
	}
	q := url.Values{}
	if filter.Round > 0 {
		q.Set("round", strconv.Itoa(filter.Round))
	}
	if filter.Player > 0 {
		q.Set("player", strconv.FormatInt(filter.Player, 10))
	}
	data := auditPageData{EventHeader: h.Header(c, e, "audit"), Lines: keep(lines, filter), Filter: filter,
		Rounds: auditlog.Rounds(lines), Players: players, Zone: e.Location().String(), Query: q.Encode()}
	h.RenderWith(c, tr.In(e.Location()), http.StatusOK, "audit", e.Name, data)
	return nil
}

// auditCSV downloads the (filtered) log as CSV: the raw entries with the
// sentences in the reader's language; ?dialect=excel for a spreadsheet.
func (h *handler) auditCSV(c *gin.Context) error {
	tr := h.Translator(c)
	e, lines, filter, players, err := h.auditLog(c, tr.Localizer)
	if err != nil {
		return err
	}
	dialect := report.CSVDialect(c.DefaultQuery("dialect", string(report.PlainCSV)))
	if !dialect.Valid() {
		return tournament.Invalid("dialect", "a CSV file is written as %q (for programs) or %q (for Excel), not %q", report.PlainCSV, report.ExcelCSV, dialect)
	}
	names := map[int64]string{}
	for _, p := range players {
		names[p.ID] = p.Name
	}
	var rows []report.AuditRow
	for _, l := range keep(lines, filter) {
		var who []string
		for _, id := range l.Players {
			who = append(who, names[id])
		}
		rows = append(rows, report.AuditRow{At: l.At, Local: l.When, User: l.UserEmail, Action: l.Action, Subject: l.Subject, Round: l.Round,
			Players: strings.Join(who, "; "), Text: l.Text, Changes: strings.Join(l.Changes, "; "), Before: l.Before, After: l.After, Reason: l.Reason})
	}
	var buf bytes.Buffer
	if err := report.AuditCSV(&buf, tr.Lang, dialect, rows); err != nil {
		return err
	}
	return sendFile(c, core.CSVType, fmt.Sprintf("audit-%d.csv", e.ID), &buf)
}

// auditEntryJSON is one entry of the JSON download: the raw entry (as the
// API's GET …/audit gives it) with what the page shows beside it.
type auditEntryJSON struct {
	core.AuditView
	Round   int      `json:"round,omitempty"`
	Players []int64  `json:"players,omitempty"`
	Text    string   `json:"text"`
	Changes []string `json:"changes,omitempty"`
}

func (h *handler) auditJSON(c *gin.Context) error {
	tr := h.Translator(c)
	e, lines, filter, _, err := h.auditLog(c, tr.Localizer)
	if err != nil {
		return err
	}
	out := []auditEntryJSON{}
	for _, l := range keep(lines, filter) {
		out = append(out, auditEntryJSON{AuditView: core.NewAuditView(l.AuditEntry, tr.Localizer), Round: l.Round, Players: l.Players, Text: l.Text, Changes: l.Changes})
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	if err := enc.Encode(map[string]any{"event": e.ID, "time_zone": e.Location().String(), "entries": out}); err != nil {
		return err
	}
	return sendFile(c, core.JSONType, fmt.Sprintf("audit-%d.json", e.ID), &buf)
}

func sendFile(c *gin.Context, contentType, filename string, body io.Reader) error {
	b, err := io.ReadAll(body)
	if err != nil {
		return err
	}
	c.Header("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": filename}))
	c.Data(http.StatusOK, contentType, b)
	return nil
}
