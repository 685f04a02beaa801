package kit

import (
	"strings"
	"testing"
	"time"

	"adiukh/tournament"
)

// A domain error on a page names its input as the form does, never by its
// key ("Счёт: …", not "score: …").
func TestErrorWithField(t *testing.T) {
	t.Parallel()
	e := tournament.Invalid("score", "the two scores add up to 24 (every checker is counted once, §5.1); %s adds up to %d", "14:11", 25)
	tr := NewTranslator("ru")
	if got, want := tr.ErrorWithField(e), "Счёт: сумма счёта — 24 (каждая шашка считается один раз, §5.1); у 14:11 сумма 25"; got != want {
		t.Errorf("with field %q, want %q", got, want)
	}
	if got, want := NewTranslator("en").ErrorWithField(tournament.NotFound("event %d not found", 7)), "event 7 not found"; got != want {
		t.Errorf("without field %q, want %q", got, want)
	}
}

// A form whose save the database refused (a full disk) comes back with
// what was typed and the reason above it, in the reader's language, rather
// than an error page that loses the input.
func TestAFormKeepsItsInputWhenTheServerCannotSave(t *testing.T) {
	t.Parallel()
	f := NewForm()
	f.Values["name"] = "Кубок Адыгеи"
	err := tournament.Unavailable(time.Minute, "the server cannot save now, nothing was changed: its database refuses writes (a full disk, or a database made read-only); try again in a few minutes")
	if got := f.Fail(err, NewTranslator("ru")); got != nil {
		t.Fatalf("the form answered the refused save with an error page: %v", got)
	}
	if msg := f.Errors[""]; !strings.Contains(msg, "ничего не изменено") || f.Values["name"] != "Кубок Адыгеи" {
		t.Errorf("the form's error %q and name %q; want the reason in Russian and the name kept", msg, f.Values["name"])
	}
}
