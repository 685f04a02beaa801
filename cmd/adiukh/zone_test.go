package main

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/store"
)

// The zone of the events a command makes: serve, import and demo read the
// same setting (--time-zone, else ADIUKH_TIME_ZONE), so an event imported
// or made by the demo is played where the server's new events are, not in
// Moscow wherever the server stands (issue 64).
func TestCommandsMakeEventsInTheServersZone(t *testing.T) {
	dir := t.TempDir()
	db := dbWithArbiter(t, dir)
	trf := filepath.Join(pairingCorpus, "tournaments", "t000-n13-r5.trf")
	importing := func(flags ...string) (string, string, int) {
		return runCLI(t, append([]string{"import", "--trf", trf, "--owner", "arbiter@example.org", "--db", db}, flags...)...)
	}
	zoneOf := func(db string, owner string) []string {
		t.Helper()
		st, err := store.Open(db)
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		var zones []string
		err = st.View(context.Background(), func(tx tournament.Tx) error {
			u, err := tx.UserByEmail(owner)
			if err != nil {
				return err
			}
			events, err := tx.Events(u.ID, true)
			for _, e := range events {
				zones = append(zones, e.TimeZone)
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		return zones
	}

	if out, errOut, code := importing("--time-zone", "Asia/Vladivostok"); code != 0 {
		t.Fatalf("import --time-zone Asia/Vladivostok: exit %d\n%s%s", code, out, errOut)
	}
	t.Setenv("ADIUKH_TIME_ZONE", "Asia/Yekaterinburg")
	if out, errOut, code := importing(); code != 0 {
		t.Fatalf("import with ADIUKH_TIME_ZONE: exit %d\n%s%s", code, out, errOut)
	}
	if zones := strings.Join(zoneOf(db, "arbiter@example.org"), " "); !strings.Contains(zones, "Asia/Vladivostok") || !strings.Contains(zones, "Asia/Yekaterinburg") || strings.Contains(zones, tournament.DefaultTimeZone) {
		t.Errorf("imported events' zones: %s; want Asia/Vladivostok (the flag) and Asia/Yekaterinburg (the environment)", zones)
	}
	_, errOut, code := importing("--time-zone", "Europe/Maikop")
	if code != 2 || !strings.Contains(errOut, `adiukh import: --time-zone "Europe/Maikop" is not a time zone`) {
		t.Errorf("import --time-zone Europe/Maikop: exit %d, %q; want exit 2 naming the zone", code, errOut)
	}

	demoDB := filepath.Join(dir, "demo.db")
	if out, errOut, code := runCLI(t, "demo", "--db", demoDB); code != 0 {
		t.Fatalf("demo with ADIUKH_TIME_ZONE: exit %d\n%s%s", code, out, errOut)
	}
	if zones := zoneOf(demoDB, "demo-arbiter@example.org"); len(zones) != 1 || zones[0] != "Asia/Yekaterinburg" {
		t.Errorf("the demo's event is in %v; want Asia/Yekaterinburg, the environment's", zones)
	}
	_, errOut, code = runCLI(t, "demo", "--db", filepath.Join(dir, "other.db"), "--time-zone", "Local")
	if code != 2 || !strings.Contains(errOut, `adiukh demo: --time-zone "Local" is not a time zone`) {
		t.Errorf("demo --time-zone Local: exit %d, %q; want exit 2 naming the zone", code, errOut)
	}
}
