// Package catalog is adiukh's one message catalogue: every text a person
// reads — page labels, the domain's error messages, the rules' sheet
// messages, report headings, the names of disciplines, systems and
// tie-breaks — in Russian (the default) and English, with the reader's
// dates and numbers.
//
// Messages are go-i18n messages in locales/: one pair of files per domain
// area (<area>.ru.json and <area>.en.json: accounts, cli, composition,
// correspondence, events, pairing, results, teams), and ru.json and en.json
// for what the areas share (the pages' frame, the domain's errors, report
// headings, names of disciplines and tie-breaks). An ID lives in one file of
// its language only. Two kinds of IDs live there
// side by side:
//
//   - keys such as "events.title" or "report.crosstable", for labels the
//     code asks for by name (go-i18n templates and CLDR plurals);
//   - English printf formats such as "round %d is not published yet": the
//     format a domain error (tournament.Error) or a rules message
//     (rules.Message) was made with is its ID, gettext-style, so code that
//     reports an error keeps writing plain English and the catalogue maps
//     it to Russian (and to English, identically unless reworded). Such a
//     value reaches the catalogue through Phrased, and the domain's words
//     among its arguments through Term and Instant: small interfaces the
//     packages below satisfy without importing this one.
//
// A note the server stores in the audit log or a game (tournament.Note) is
// the exception: it is a key under "note.", printf text in both languages,
// because a stored row outlives the wording — its text here may be reworded
// and the rows stored before still read. (A rules message among a note's
// arguments, a score sheet's problem, is still kept by its format.)
//
// catalog_test.go reads the whole repository and fails when a message used
// in code lacks its Russian or English text, or when the catalogue keeps a
// message no code uses.
//
// The package imports nothing of ours but rules, so that report, which
// words its documents here, stays free of the domain and the engines;
// wording that needs a domain type (pairing cards, a form's field) lives
// with the adapters above (export, api/web).
package catalog

import (
	"embed"
	"encoding/json"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"

	"adiukh/rules"
)

// Lang is a language of the interface.
type Lang string

// The languages: Russian is the default, English the second.
const (
	Russian Lang = "ru"
	English Lang = "en"
)

// Langs lists the languages, the default first.
var Langs = []Lang{Russian, English}

// Parse reads a language code ("ru", "en"); ok is false for any other.
func Parse(s string) (l Lang, ok bool) {
	switch Lang(s) {
	case Russian, English:
		return Lang(s), true
	}
	return "", false
}

var matcher = language.NewMatcher([]language.Tag{language.Russian, language.English})

// FromAcceptLanguage picks the language an Accept-Language header prefers;
// ok is false when the header names neither Russian nor English. A page
// asks it on every request of an anonymous reader, and a crowd's browsers
// send a handful of headers: the answers for the first few hundred short
// ones are kept.
func FromAcceptLanguage(header string) (l Lang, ok bool) {
	if header == "" {
		return "", false
	}
	acceptLanguages.mu.RLock()
	l, known := acceptLanguages.of[header]
	acceptLanguages.mu.RUnlock()
	if known {
		return l, l != ""
	}
	l, ok = fromAcceptLanguage(header)
	if len(header) <= 100 {
		acceptLanguages.mu.Lock()
		if len(acceptLanguages.of) < 256 {
			acceptLanguages.of[header] = l
		}
		acceptLanguages.mu.Unlock()
	}
	return l, ok
}

// acceptLanguages are the answers of FromAcceptLanguage kept, "" for none.
var acceptLanguages = struct {
	mu sync.RWMutex
	of map[string]Lang
}{of: map[string]Lang{}}

func fromAcceptLanguage(header string) (l Lang, ok bool) {
	tags, _, err := language.ParseAcceptLanguage(header)
	if err != nil || len(tags) == 0 {
		return "", false
	}
	_, i, conf := matcher.Match(tags...)
	if conf == language.No {
		return "", false
	}
	return Langs[i], true
}

//go:embed locales/*.json
var files embed.FS

// catalogue is the loaded message files.
type catalogue struct {
	*i18n.Bundle
	// plural holds the IDs of the messages with plural forms; Sprintf picks
	// the form of such a message by its first whole-number argument.
	plural map[string]bool
}

// load reads the message files once; they are embedded, and the tests read
// them, so a failure here is a broken build.
var load = sync.OnceValue(func() catalogue {
	c := catalogue{i18n.NewBundle(language.Russian), map[string]bool{}}
	c.RegisterUnmarshalFunc("json", json.Unmarshal)
	for _, l := range Langs {
		for _, name := range localeFiles(l) {
			f, err := c.LoadMessageFileFS(files, name)
			if err != nil {
				panic(fmt.Sprintf("catalog: load %s: %v", name, err))
			}
			for _, m := range f.Messages {
				if m.Zero != "" || m.One != "" || m.Two != "" || m.Few != "" || m.Many != "" {
					c.plural[m.ID] = true
				}
			}
		}
	}
	return c
})

// localeFiles lists one language's message files: locales/<lang>.json and
// every locales/<area>.<lang>.json, in name order.
func localeFiles(l Lang) []string {
	entries, err := files.ReadDir("locales")
	if err != nil {
		panic(fmt.Sprintf("catalog: %v", err))
	}
	var names []string
	for _, e := range entries {
		n := e.Name()
		if n == string(l)+".json" || strings.HasSuffix(n, "."+string(l)+".json") {
			names = append(names, "locales/"+n)
		}
	}
	return names
}

// Localizer gives the catalogue's messages in one language.
type Localizer struct {
	Lang Lang
	loc  *i18n.Localizer
}

var localizers sync.Map // Lang → *Localizer

// For returns the localizer of a language; an unknown one gets Russian.
func For(l Lang) *Localizer {
	if _, ok := Parse(string(l)); !ok {
		l = Russian
	}
	if v, ok := localizers.Load(l); ok {
		return v.(*Localizer)
	}
	v, _ := localizers.LoadOrStore(l, &Localizer{Lang: l, loc: i18n.NewLocalizer(load().Bundle, string(l))})
	return v.(*Localizer)
}

// lookup returns a message's text, or ok false when the catalogue lacks it
// in this language (go-i18n would fall back to the other language; the
// tests make sure that never happens).
func (l *Localizer) lookup(id string, data map[string]any, count any) (string, bool) {
	s, tag, err := l.loc.LocalizeWithTag(&i18n.LocalizeConfig{MessageID: id, TemplateData: data, PluralCount: count})
	if err != nil {
		return "", false
	}
	if base, _ := tag.Base(); base.String() != string(l.Lang) {
		return s, false
	}
	return s, true
}

// Has reports whether the catalogue has the message in this language.
func (l *Localizer) Has(id string) bool {
	_, ok := l.lookup(id, nil, nil)
	return ok
}

// T translates a message; kv are pairs of template data names and values.
// A missing message shows as ⟦id⟧ so that tests and readers notice it.
func (l *Localizer) T(id string, kv ...any) string {
	data := map[string]any{}
	for i := 0; i+1 < len(kv); i += 2 {
		data[fmt.Sprint(kv[i])] = kv[i+1]
	}
	s, ok := l.lookup(id, data, nil)
	if !ok {
		return "⟦" + id + "⟧"
	}
	return s
}

// N translates a message with a plural form chosen by count (CLDR rules:
// 1 тур, 2 тура, 5 туров); the message sees the count as {{.Count}}.
func (l *Localizer) N(id string, count int) string {
	s, ok := l.lookup(id, map[string]any{"Count": count}, count)
	if !ok {
		return "⟦" + id + "⟧"
	}
	return s
}

// Sprintf formats a message whose ID is its English printf format; the
// arguments are rendered in the language too (see Arg). A message with
// plural forms takes the one its first whole-number argument needs ("1
// second", "2 seconds"; "1 секунду", "2 секунды", "5 секунд"). A format the
// catalogue lacks stays as written.
func (l *Localizer) Sprintf(format string, args ...any) string {
	var count any
	if load().plural[format] {
		count = firstWholeNumber(args)
	}
	tr, ok := l.lookup(format, nil, count)
	if !ok {
		tr = format
	}
	out := make([]any, len(args))
	for i, a := range args {
		out[i] = l.Arg(a)
	}
	return fmt.Sprintf(tr, out...)
}

// firstWholeNumber is the first int, int64 or rules.Count among args (a
// node budget is a rules.Count), nil when there is none.
func firstWholeNumber(args []any) any {
	for _, a := range args {
		switch n := a.(type) {
		case int:
			return n
		case int64:
			return int(n)
		case rules.Count:
			return int(n)
		}
	}
	return nil
}

// Phrase is a phrased value (a domain error, a mistake in a command line)
// in the language; a domain error's field is not part of it.
func (l *Localizer) Phrase(p Phrased) string {
	format, args := p.Phrase()
	return l.Sprintf(format, args...)
}

// Message is a rules message (a sheet or notation problem) in the language.
func (l *Localizer) Message(m rules.Message) string {
	if m.Format == "" {
		return ""
	}
	return l.Sprintf(m.Format, m.Args...)
}

// Problem is a game-sheet problem in the language.
func (l *Localizer) Problem(p rules.Problem) string {
	if p.Detail.Format == "" {
		return p.Message
	}
	return l.Message(p.Detail)
}

// Field names an input of a form ("discipline" → "Дисциплина"), or "" when
// the catalogue has no name for it.
func (l *Localizer) Field(name string) string {
	if name == "" {
		return ""
	}
	s, ok := l.lookup("field."+name, nil, nil)
	if !ok {
		return ""
	}
	return s
}

// Term is a word of the domain's vocabulary inside a message: an end
// reason, a discipline, a pairing system. Key is its entry in the
// catalogue ("reason.both_flags"), which a translated message names it by;
// Words is how the English formats, written around the value's own
// spelling, name it ("both flags").
type Term interface {
	Key() string
	Words() string
}

// Instant is a point in time inside a message (a deadline, a window),
// written as the pages write times: at in its own zone, with its seconds
// where moments within a minute are told apart.
type Instant interface {
	Instant() (at time.Time, toSecond bool)
}

// Day is a calendar day inside a message (the end of a rating period),
// written as the pages write dates: "30 июня 2026", "30 June 2026". Day
// gives it as YYYY-MM-DD.
type Day interface {
	Day() string
}

// Arg renders one argument of a message in the language: rules messages
// and phrased values (nested errors) are translated, and so is a value
// that says itself as a rules message (a stipulation); the domain's words
// (Term) and the rules' — colours, end reasons — are named as the
// catalogue names them, a moment (Instant) is written as the pages write
// times and a day (Day) as they write dates, and a fractional number takes
// the language's decimal separator. Anything else stays as it is.
func (l *Localizer) Arg(a any) any {
	switch a := a.(type) {
	case rules.Message:
		return l.Message(a)
	case Phrased:
		return l.Phrase(a)
	case interface{ Message() rules.Message }:
		return l.Message(a.Message())
	case rules.Count:
		return written(l.Count(int64(a)))
	case Instant:
		at, toSecond := a.Instant()
		if toSecond {
			return l.TimeToSecond(at, at.Location())
		}
		return l.Time(at, at.Location())
	case Day:
		return l.Date(a.Day())
	case Term:
		if l.Lang == English {
			return a.Words()
		}
		return l.T(a.Key())
	}
	if l.Lang == English {
		return a
	}
	switch a := a.(type) {
	case float64:
		return decimalComma(a)
	case float32:
		return decimalComma(a)
	case rules.Color:
		return l.T("side." + a.String())
	case rules.EndReason:
		return l.T("reason." + string(a))
	case string:
		return guillemets(a)
	case fmt.Stringer, fmt.Formatter:
		return a
	}
	if v := reflect.ValueOf(a); v.Kind() == reflect.String {
		return guillemets(v.String())
	}
	return a
}

// guillemets is a text argument of a Russian message: where the format
// quotes it (%q) it is set in Russian quotation marks, «c3-b4» rather than
// "c3-b4", with what cannot be shown escaped as %q escapes it; every other
// verb prints it as a string.
type guillemets string

func (g guillemets) Format(f fmt.State, verb rune) {
	if verb != 'q' {
		fmt.Fprintf(f, fmt.FormatString(f, verb), string(g))
		return
	}
	quoted := strconv.Quote(string(g))
	// Inside «» a quotation mark needs no escape; a backslash still does.
	inner := strings.ReplaceAll(quoted[1:len(quoted)-1], `\"`, `"`)
	io.WriteString(f, "«"+inner+"»")
}

// TieBreak is a tie-break's full name by its stable ID ("buchholz" →
// "Коэффициент Солкофа"): the pages, the documents and the API all name
// tie-breaks from here.
func (l *Localizer) TieBreak(id string) string { return l.T("tiebreak." + id) }

// TieBreakShort is a tie-break's column heading: its short name, where the
// full name would push a Swiss progress table over two pages (the
// abbreviations of Russian crosstables, Солк., Бергер, and FIDE's, Bh,
// SB), or its full name where it has no shorter one.
func (l *Localizer) TieBreakShort(id string) string {
	if s, ok := l.lookup("tiebreak_short."+id, nil, nil); ok {
		return s
	}
	return l.TieBreak(id)
}

// Names of the months: Russian dates use the genitive ("22 ноября 2026").
var monthNames = map[Lang][12]string{
	Russian: {"января", "февраля", "марта", "апреля", "мая", "июня", "июля", "августа", "сентября", "октября", "ноября", "декабря"},
	English: {"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"},
}

// Date writes a YYYY-MM-DD date in the language; anything else stays.
func (l *Localizer) Date(day string) string {
	d, err := time.Parse(time.DateOnly, day)
	if err != nil {
		return day
	}
	return l.date(d)
}

func (l *Localizer) date(d time.Time) string {
	return fmt.Sprintf("%d %s %d", d.Day(), monthNames[l.Lang][d.Month()-1], d.Year())
}

// Time writes a moment in a time zone (UTC when zone is nil), with the date
// in the language and the zone's abbreviation: "22 ноября 2026, 15:04 MSK".
func (l *Localizer) Time(at time.Time, zone *time.Location) string {
	if zone == nil {
		zone = time.UTC
	}
	at = at.In(zone)
	return l.date(at) + ", " + at.Format("15:04 MST")
}

// TimeToSecond writes a moment as Time does, with its seconds: where
// moments within a minute are told apart (a solving contest's ranking).
func (l *Localizer) TimeToSecond(at time.Time, zone *time.Location) string {
	if zone == nil {
		zone = time.UTC
	}
	at = at.In(zone)
	return l.date(at) + ", " + at.Format("15:04:05 MST")
}

// Honour names a distinction of a composition award as award booklets
// do, its place as an ordinal where the honour is numbered: "1-й приз",
// "2-й почётный отзыв", "Похвальный отзыв"; "1st Prize" in English. The
// honour is its stored name (prize, special_prize, honourable_mention,
// commendation).
func (l *Localizer) Honour(honour string, place int) string {
	return l.T("compo.honour_at."+honour, "Ordinal", l.ordinal(place))
}

// ordinal writes a place as an ordinal number of a masculine noun (приз,
// отзыв): 1-й, 2-й; 1st, 2nd, 3rd, 11th in English.
func (l *Localizer) ordinal(n int) string {
	if l.Lang == Russian {
		return fmt.Sprintf("%d-й", n)
	}
	suffix := "th"
	if n%100 < 11 || n%100 > 13 {
		switch n % 10 {
		case 1:
			suffix = "st"
		case 2:
			suffix = "nd"
		case 3:
			suffix = "rd"
		}
	}
	return fmt.Sprintf("%d%s", n, suffix)
}

// Count writes a large quantity with its digits grouped by thousands:
// 2 000 000 in Russian (no-break spaces), 2,000,000 in English.
func (l *Localizer) Count(n int64) string {
	if l.Lang == Russian {
		return rules.Count(n).Grouped("\u00a0")
	}
	return rules.Count(n).Grouped(",")
}

// decimalComma is a fractional number in a Russian message: written as the
// format's verb asks (%g, %.2f), with a decimal comma.
type decimalComma float64

func (d decimalComma) Format(f fmt.State, verb rune) {
	s := fmt.Sprintf(fmt.FormatString(f, verb), float64(d))
	f.Write([]byte(strings.Replace(s, ".", ",", 1)))
}

// written is an argument already written in the language: it prints as it
// is whatever the format's verb (a count's %d).
type written string

func (w written) Format(f fmt.State, _ rune) { f.Write([]byte(w)) }

// Decimal writes a number with the decimals it has and the language's
// decimal separator: a judge's mark 3,75 (3.75 in English).
func (l *Localizer) Decimal(v float64) string {
	s := strconv.FormatFloat(v, 'f', -1, 64)
	if l.Lang == Russian {
		s = strings.Replace(s, ".", ",", 1)
	}
	return s
}

// Num writes a score or tie-break value: halves as ½ (5½, ½), other
// fractions with the language's decimal separator (a comma in Russian).
func (l *Localizer) Num(v float64) string {
	if text, ok := rules.Halves(v); ok {
		return text
	}
	s := strconv.FormatFloat(v, 'f', 2, 64)
	if l.Lang == Russian {
		s = strings.Replace(s, ".", ",", 1)
	}
	return s
}
