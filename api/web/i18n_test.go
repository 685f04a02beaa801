package web

import (
	"testing"

	"adiukh/tournament"
)

// A domain error on a page names its input as the form does, never by its
// key ("Счёт: …", not "score: …").
func TestErrorWithField(t *testing.T) {
	t.Parallel()
	e := tournament.Invalid("score", "the two scores add up to 24 (every checker is counted once, §5.1); %s adds up to %d", "14:11", 25)
	tr := newTranslator("ru")
	if got, want := tr.ErrorWithField(e), "Счёт: сумма счёта — 24 (каждая шашка считается один раз, §5.1); у 14:11 сумма 25"; got != want {
		t.Errorf("with field %q, want %q", got, want)
	}
	if got, want := newTranslator("en").ErrorWithField(tournament.NotFound("event %d not found", 7)), "event 7 not found"; got != want {
		t.Errorf("without field %q, want %q", got, want)
	}
}
