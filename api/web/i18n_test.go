package web

import "testing"

func TestParsePages(t *testing.T) {
	t.Parallel()
	pages, err := parsePages()
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"events", "event", "standings", "crosstable", "player", "search", "game", "login", "setup", "error", "event_new", "manage", "results", "game_edit", "audit"} {
		if pages[name] == nil {
			t.Errorf("page %q is missing", name)
		}
	}
}
