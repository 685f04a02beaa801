package kit

import (
	"errors"
	"math"
	"time"

	"adiukh/rules"
	"adiukh/rules/solve"
	"adiukh/tournament"
	"adiukh/tournament/catalog"
	"adiukh/tournament/composition"
	"adiukh/tournament/export"
)

// Translator is the reader's language inside templates: {{$t.T "key"}},
// {{$t.N "key" 5}}, {{$t.Date "2026-11-22"}}, {{$t.Num 5.5}}, {{$t.Phrase e}}.
// The texts come from the one catalogue (tournament/catalog); this type only
// adds what pages need beyond it.
type Translator struct {
	*catalog.Localizer
	zone *time.Location
}

// NewTranslator is the translator of lang.
func NewTranslator(lang catalog.Lang) *Translator {
	return &Translator{Localizer: catalog.For(lang)}
}

// Rank is a player's rank or title as the reader's language prints it:
// an English page shows a national rank's Latin form (KMS for КМС), as
// the English documents do.
func (t *Translator) Rank(title string) string {
	if t.Lang == catalog.English {
		return rules.LatinNotation(title)
	}
	return title
}

// Position writes a problem's position in the rules' notation with the
// sides named in the reader's language: "белые: a5-1/6, b2-1; черные:
// d6-1/2"; one that does not read as it was stored.
func (t *Translator) Position(position string) string {
	if text, ok := composition.PositionNotation(position, t.T("report.notation_white"), t.T("report.notation_black")); ok {
		return text
	}
	return position
}

// Note is a reason or remark as the server or a person wrote it (see
// tournament.Note), in the reader's language.
func (t *Translator) Note(s string) string {
	return t.Message(tournament.NoteMessage(s))
}

// ErrorWithField is a domain error's message after the name of the input at
// fault, when it has one the catalogue can name: "Дисциплина: …". Any other
// error is its text.
func (t *Translator) ErrorWithField(err error) string {
	var e *tournament.Error
	if !errors.As(err, &e) {
		return err.Error()
	}
	msg := t.Phrase(e)
	if f := t.Field(e.Field); f != "" {
		return f + ": " + msg
	}
	return msg
}

// Stipulation is a composition's stipulation as stored ("white 17") in the
// reader's language ("белые 17"); text that is not a stipulation stays.
func (t *Translator) Stipulation(text string) string {
	return t.Message(solve.SayStipulation(text))
}

// PairingWarning, CardSide and ColourRule word the Swiss desk's warnings
// and pairing cards (export.PairingWarning, export.CardSide,
// export.ColourRule).
func (t *Translator) PairingWarning(w tournament.PairingWarning) string {
	return export.PairingWarning(t.Localizer, w)
}

func (t *Translator) CardSide(c tournament.PairingCard, s tournament.CardSide) string {
	return export.CardSide(t.Localizer, c, s)
}

func (t *Translator) ColourRule(c tournament.PairingCard) string {
	return export.ColourRule(t.Localizer, c)
}

// Aggregate is an entry's aggregate mark to two decimals in the reader's
// way (2,38), "" while it has none.
func (t *Translator) Aggregate(score *float64) string {
	if score == nil {
		return ""
	}
	return t.Decimal(math.Round(*score*100) / 100)
}

// In returns the Translator writing times in the event's time zone.
func (t *Translator) In(zone *time.Location) *Translator {
	c := *t
	c.zone = zone
	return &c
}

// Zone names the page's time zone, as the forms that take a moment say it:
// "Europe/Moscow".
func (t *Translator) Zone() string {
	if t.zone == nil {
		return "UTC"
	}
	return t.zone.String()
}

// Time writes a moment in the page's time zone (UTC unless set with In).
func (t *Translator) Time(at time.Time) string {
	return t.Localizer.Time(at, t.zone)
}

// Day writes the date of a moment in the page's time zone: "18 ноября 2026".
func (t *Translator) Day(at time.Time) string {
	zone := t.zone
	if zone == nil {
		zone = time.UTC
	}
	return t.Localizer.Date(at.In(zone).Format(time.DateOnly))
}

// DateInput and TimeInput fill a date and a time input with a moment in
// the page's time zone ("2026-12-01", "10:00"); a zero moment leaves them
// empty.
func (t *Translator) DateInput(at time.Time) string { return t.input(at, time.DateOnly) }

func (t *Translator) TimeInput(at time.Time) string { return t.input(at, "15:04") }

func (t *Translator) input(at time.Time, layout string) string {
	if at.IsZero() {
		return ""
	}
	zone := t.zone
	if zone == nil {
		zone = time.UTC
	}
	return at.In(zone).Format(layout)
}

// TimeToSecond writes a moment with its seconds in the page's time zone.
func (t *Translator) TimeToSecond(at time.Time) string {
	return t.Localizer.TimeToSecond(at, t.zone)
}

// TimeControl writes an event's clock as its documents print it:
// "8 мин + 4 с/ход", "10 дн./ход".
func (t *Translator) TimeControl(tc tournament.TimeControl) string {
	return export.TimeControl(t.Lang, tc)
}

// Warning is an event warning in the reader's language.
func (t *Translator) Warning(w tournament.Warning) string {
	return t.Sprintf(w.Format, w.Args...)
}

// Detail is one problem of an input made of lines, saying where it is:
// "строка 3 (Рейтинг): …". The name on a line is a player's ("Фамилия и
// имя"), not the event's name that the field "name" stands for elsewhere.
func (t *Translator) Detail(e *tournament.Error) string {
	field := e.Field
	if field == "name" {
		field = "full_name"
	}
	switch {
	case e.Line == 0:
		return t.Phrase(e)
	case t.Field(field) == "":
		return t.T("error.line", "Line", e.Line, "Message", t.Phrase(e))
	}
	return t.T("error.line_field", "Line", e.Line, "Field", t.Field(field), "Message", t.Phrase(e))
}
