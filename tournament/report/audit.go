package report

import (
	"adiukh/tournament/catalog"
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
	f.write(record)
	for _, r := range rows {
		round := ""
		if r.Round > 0 {
			round = strconv.Itoa(r.Round)
		}
		f.write([]string{r.At.UTC().Format(time.RFC3339), r.Local, f.text(r.User), r.Action, f.text(r.Subject), round,
			f.text(r.Players), f.text(r.Text), f.text(r.Changes), f.text(r.Before), f.text(r.After), f.text(r.Reason)})
	}
	return f.close()
}
