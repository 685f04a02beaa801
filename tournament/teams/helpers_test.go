package teams_test

import (
	"context"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/engines"
	"adiukh/tournament/store/storetest"
	"adiukh/tournament/teams"
)

func ptr[T any](v T) *T { return &v }

// forEachService runs a test on the events' service and the team
// competitions' over every test database, on the options' clock.
func forEachService(t *testing.T, opt tournament.Options, test func(t *testing.T, ctx context.Context, events *tournament.Service, svc *teams.Service)) {
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			events := tournament.NewService(st, opt)
			topt := engines.TeamOptions()
			topt.Now = opt.Now
			test(t, storetest.Arbiter(t, st), events, teams.NewService(st.Teams(), events, topt))
		})
	}
}

// lastAudit is the newest entry of the event's audit log.
func lastAudit(t *testing.T, ctx context.Context, events *tournament.Service, eventID int64) tournament.AuditEntry {
	t.Helper()
	entries, err := events.Audit(ctx, eventID)
	if err != nil {
		t.Fatal(err)
	}
	return entries[len(entries)-1]
}
