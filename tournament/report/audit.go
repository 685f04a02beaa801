package report

import (
	"adiukh/tournament/catalog"
	"adiukh/tournament/csvfile"
	"io"
	"strconv"
	"time"
)

// AuditRow is one entry of an event's audit log as exported: the raw data
// the service logged, with the sentence people read beside it.
type AuditRow struct {
	At      time.Time // the moment, written in UTC
	Local   string    // the moment in the event's time zone, as people read it
	User    string
	Action  string // the stable action ID, e.g. "result.record"
	Subject string // the service's own words, e.g. "round 1 board 3"
	Round   int    // 0 when the entry concerns no single round
	Players string // the names of the players it concerns
	Text    string // the sentence in the export's language
	Changes string
	Before  string // JSON snapshots, as logged
	After   string
	Reason  string
}

// AuditCSV writes the audit log as a CSV table, headed in the locale's
// language; the raw columns (at, action, subject, before, after) are kept
// as the service logged them, for scripts.
func AuditCSV(w io.Writer, loc catalog.Lang, d CSVDialect, rows []AuditRow) error {
	f := newCSV(w, d, "audit log")
	head := []msg{msgAuditAt, msgAuditLocal, msgAuditUser, msgAuditAction, msgAuditSubject, msgRound, msgAuditPlayers, msgAuditText, msgAuditChanges, msgAuditBefore, msgAuditAfter, msgAuditReason}
	record := make([]string, len(head))
	for i, m := range head {
		record[i] = text(loc, m)
	}
	f.Write(record)
	for _, r := range rows {
		round := ""
		if r.Round > 0 {
			round = strconv.Itoa(r.Round)
		}
		f.Write([]string{r.At.UTC().Format(time.RFC3339), r.Local, csvfile.Text(r.User), r.Action, csvfile.Text(r.Subject), round,
			csvfile.Text(r.Players), csvfile.Text(r.Text), csvfile.Text(r.Changes), csvfile.Text(r.Before), csvfile.Text(r.After), csvfile.Text(r.Reason)})
	}
	return f.Close()
}
