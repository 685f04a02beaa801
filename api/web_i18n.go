package api

import (
	"adiukh/rules"
	"embed"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"

	"adiukh/tournament"
)

// Languages of the interface: Russian is the default, English the second.
const (
	langRU = "ru"
	langEN = "en"
)

//go:embed locales/*.json
var localeFiles embed.FS

// errorsRU translates the domain's error messages: their English format
// (tournament.Error.Format) to a Russian format taking the same arguments.
var errorsRU = sync.OnceValue(func() map[string]string {
	m := map[string]string{}
	raw, err := localeFiles.ReadFile("locales/errors.ru.json")
	if err == nil {
		err = json.Unmarshal(raw, &m)
	}
	if err != nil {
		// The file is embedded in the binary; TestErrorCatalog reads it.
		panic("locales/errors.ru.json: " + err.Error())
	}
	return m
})

// rulesRU translates the rules' sheet and notation messages
// (rules.Message.Format) the same way.
var rulesRU = sync.OnceValue(func() map[string]string {
	m := map[string]string{}
	raw, err := localeFiles.ReadFile("locales/rules.ru.json")
	if err == nil {
		err = json.Unmarshal(raw, &m)
	}
	if err != nil {
		// The file is embedded in the binary; TestRulesCatalog reads it.
		panic("locales/rules.ru.json: " + err.Error())
	}
	return m
})

// newBundle loads the message files. go-i18n knows the CLDR plural rules, so
// Russian messages give one / few / many forms (1 тур, 2 тура, 5 туров).
func newBundle() (*i18n.Bundle, error) {
	b := i18n.NewBundle(language.Russian)
	b.RegisterUnmarshalFunc("json", json.Unmarshal)
	for _, lang := range []string{langRU, langEN} {
		if _, err := b.LoadMessageFileFS(localeFiles, "locales/"+lang+".json"); err != nil {
			return nil, fmt.Errorf("load messages for %s: %w", lang, err)
		}
	}
	return b, nil
}

// translator is the reader's language inside templates: {{.T.T "key"}},
// {{.T.N "key" 5}}, {{.T.Date "2026-11-22"}}, {{.T.Num 5.5}}.
type translator struct {
	Lang string
	loc  *i18n.Localizer
}

func newTranslator(b *i18n.Bundle, lang string) *translator {
	return &translator{Lang: lang, loc: i18n.NewLocalizer(b, lang)}
}

// T translates a message; kv are pairs of template data names and values.
// A missing message shows as ⟦id⟧ so that tests and readers notice it.
func (t *translator) T(id string, kv ...any) string {
	data := map[string]any{}
	for i := 0; i+1 < len(kv); i += 2 {
		data[fmt.Sprint(kv[i])] = kv[i+1]
	}
	s, err := t.loc.Localize(&i18n.LocalizeConfig{MessageID: id, TemplateData: data})
	if err != nil {
		return "⟦" + id + "⟧"
	}
	return s
}

// N translates a message with a plural form chosen by count; the message
// sees the count as {{.Count}}.
func (t *translator) N(id string, count int) string {
	s, err := t.loc.Localize(&i18n.LocalizeConfig{MessageID: id, PluralCount: count, TemplateData: map[string]any{"Count": count}})
	if err != nil {
		return "⟦" + id + "⟧"
	}
	return s
}

// Names of the months: Russian dates use the genitive ("22 ноября 2026").
var monthNames = map[string][12]string{
	langRU: {"января", "февраля", "марта", "апреля", "мая", "июня", "июля", "августа", "сентября", "октября", "ноября", "декабря"},
	langEN: {"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"},
}

// Date writes a YYYY-MM-DD date in the reader's language; "" stays "".
func (t *translator) Date(day string) string {
	d, err := time.Parse(time.DateOnly, day)
	if err != nil {
		return day
	}
	return fmt.Sprintf("%d %s %d", d.Day(), monthNames[t.Lang][d.Month()-1], d.Year())
}

// Time writes a moment in UTC with the date in the reader's language.
func (t *translator) Time(at time.Time) string {
	at = at.UTC()
	return t.Date(at.Format(time.DateOnly)) + ", " + at.Format("15:04") + " UTC"
}

// Num writes a score or tie-break value: halves as ½ (5½, ½), other
// fractions with the reader's decimal separator (a comma in Russian).
func (t *translator) Num(v float64) string {
	whole, frac := math.Modf(v)
	switch {
	case frac == 0:
		return strconv.FormatFloat(whole, 'f', 0, 64)
	case frac == 0.5 && whole == 0:
		return "½"
	case frac == 0.5:
		return strconv.FormatFloat(whole, 'f', 0, 64) + "½"
	}
	s := strconv.FormatFloat(v, 'f', 2, 64)
	if t.Lang == langRU {
		s = strings.Replace(s, ".", ",", 1)
	}
	return s
}

// Problem is a game-sheet problem in the reader's language, its colours and
// end reasons named in that language too.
func (t *translator) Problem(p rules.Problem) string {
	if t.Lang != langRU || p.Detail.Format == "" {
		return p.Message
	}
	return p.Detail.Translate(func(format string) (string, bool) {
		tr, ok := rulesRU()[format]
		return tr, ok
	}, func(arg any) any {
		switch a := arg.(type) {
		case rules.Color:
			if a == rules.White {
				return "белые"
			}
			return "чёрные"
		case rules.EndReason:
			return t.T("reason." + string(a))
		}
		return arg
	})
}

// Error is a domain error's message in the reader's language; messages
// without a translation stay in English.
func (t *translator) Error(e *tournament.Error) string {
	if t.Lang != langRU {
		return e.Message
	}
	return e.Translate(func(format string) (string, bool) {
		tr, ok := errorsRU()[format]
		return tr, ok
	})
}

// Detail is one problem of an input made of lines, saying where it is:
// "строка 3 (rating): …".
func (t *translator) Detail(e *tournament.Error) string {
	switch {
	case e.Line == 0:
		return t.Error(e)
	case e.Field == "":
		return t.T("error.line", "Line", e.Line, "Message", t.Error(e))
	}
	return t.T("error.line_field", "Line", e.Line, "Field", e.Field, "Message", t.Error(e))
}

// Warning is a warning in the reader's language: by its English format, as
// errors are, or, for §9's time-control warnings of an event, a general
// Russian text.
func (t *translator) Warning(e *tournament.Event, w tournament.Warning) string {
	if t.Lang != langRU {
		return w.Message
	}
	if w.Format != "" {
		return w.Translate(func(format string) (string, bool) {
			tr, ok := errorsRU()[format]
			return tr, ok
		})
	}
	if w.Field != "time_control" {
		return w.Message
	}
	discipline := t.T("discipline." + string(e.Discipline))
	if e.TimeControl.BaseMinutes == 0 {
		return t.T("warning.no_time_control", "Discipline", discipline)
	}
	return t.T("warning.time_control", "TimeControl", e.TimeControl.String(), "Discipline", discipline)
}

// Name picks the Russian or English one of a pair of names given as data.
func (t *translator) Name(ru, en string) string {
	if t.Lang == langEN && en != "" {
		return en
	}
	return ru
}
