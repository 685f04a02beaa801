package rules

import (
	"slices"
	"strings"
)

// Title is a sports rank or title («разряд», «звание») as the rule book
// writes it: a rank of the sport of шашки given in Russia («КМС», «I»,
// «1ю») or a title of the FMJD («GMI»). Events and the register store its
// Notation and print it as it is.
type Title struct {
	Notation string
	// Level orders titles in lists and picks the highest a person holds:
	// higher is higher; a national rank and an FMJD title of a like
	// standing share a level.
	Level int
	// FMJD: a title of the FMJD, which a TRF carries in its title field;
	// a national rank travels in our own record of the file.
	FMJD bool
	// Latin is how documents in English print a national rank («KMS» for
	// «КМС»); "" when the notation is in Latin letters already.
	Latin string
	// forms are the other ways people type it, folded as Parse folds
	// what it reads.
	forms []string
}

// Titles is the vocabulary of a game's events, highest first.
type Titles []Title

// NationalTitles are the ranks and titles of the sport of шашки in
// Russia, as the Unified All-Russian Sports Classification writes them:
// the titles ГР, МСМК, МС, the candidate master КМС, the adult ranks I,
// II, III and the youth ranks 1ю, 2ю, 3ю.
var NationalTitles = Titles{
	{Notation: "ГР", Latin: "GR", Level: 100, forms: []string{"гроссмейстер", "гроссмейстер россии", "gr"}},
	{Notation: "МСМК", Latin: "MSMK", Level: 90, forms: []string{"мастер спорта международного класса", "msmk"}},
	{Notation: "МС", Latin: "MS", Level: 80, forms: []string{"мастер спорта", "мастер спорта россии", "ms"}},
	{Notation: "КМС", Latin: "KMS", Level: 70, forms: []string{"кандидат в мастера спорта", "kms"}},
	{Notation: "I", Level: 60, forms: []string{"1", "1р", "первый"}},
	{Notation: "II", Level: 50, forms: []string{"2", "2р", "второй"}},
	{Notation: "III", Level: 40, forms: []string{"3", "3р", "третий"}},
	{Notation: "1ю", Latin: "1j", Level: 30, forms: []string{"первый ю", "1юн", "iю"}},
	{Notation: "2ю", Latin: "2j", Level: 20, forms: []string{"второй ю", "2юн", "iiю"}},
	{Notation: "3ю", Latin: "3j", Level: 10, forms: []string{"третий ю", "3юн", "iiiю"}},
}

// FMJDTitles are the FMJD's titles, the women's in their own forms.
var FMJDTitles = Titles{
	{Notation: "GMI", Level: 95, FMJD: true, forms: []string{"international grandmaster", "международный гроссмейстер", "гми"}},
	{Notation: "GMIF", Level: 85, FMJD: true, forms: []string{"woman international grandmaster", "международный гроссмейстер среди женщин"}},
	{Notation: "MI", Level: 85, FMJD: true, forms: []string{"international master", "международный мастер", "ми"}},
	{Notation: "MIF", Level: 75, FMJD: true, forms: []string{"woman international master", "международный мастер среди женщин"}},
	{Notation: "MF", Level: 75, FMJD: true, forms: []string{"fmjd master", "мастер фмжд", "мф"}},
	{Notation: "MFF", Level: 65, FMJD: true, forms: []string{"woman fmjd master", "мастер фмжд среди женщин"}},
	{Notation: "CMF", Level: 65, FMJD: true, forms: []string{"candidate master fmjd", "кандидат в мастера фмжд", "кмф"}},
	{Notation: "CMFF", Level: 55, FMJD: true, forms: []string{"woman candidate master fmjd"}},
}

// Parse reads a title as people type it — «КМС», «кмс», «1 разряд», «I
// юн.», «гроссмейстер», «gmi» — into the title; ok is false when it is
// none of these.
func (ts Titles) Parse(text string) (t Title, ok bool) {
	key := foldTitle(text)
	if key == "" {
		return Title{}, false
	}
	for _, t := range ts {
		if foldTitle(t.Notation) == key || slices.ContainsFunc(t.forms, func(f string) bool { return foldTitle(f) == key }) {
			return t, true
		}
	}
	return Title{}, false
}

// Level is the level of the title with that notation; 0 for none or one
// the vocabulary does not have.
func (ts Titles) Level(notation string) int {
	i := slices.IndexFunc(ts, func(t Title) bool { return t.Notation == notation })
	if i < 0 {
		return 0
	}
	return ts[i].Level
}

// Notations lists the titles as the rule book writes them, highest first,
// for the message that names what is accepted.
func (ts Titles) Notations() string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = t.Notation
	}
	return strings.Join(out, ", ")
}

// foldTitle makes the ways of typing a title compare: case and ё folded,
// points and dashes as spaces, the words «разряд», «спортивный», «звание»
// dropped, «юн.», «юношеский» as «ю», Roman I–III as digits, the words
// then joined without spaces («I юн.» and «1ю» both fold to "1ю").
func foldTitle(text string) string {
	text = strings.NewReplacer("ё", "е", ".", " ", "-", " ", "—", " ").Replace(strings.ToLower(text))
	var words []string
	for _, w := range strings.Fields(text) {
		switch w {
		case "разряд", "спортивный", "звание":
		case "юн", "юношеский":
			words = append(words, "ю")
		case "i":
			words = append(words, "1")
		case "ii":
			words = append(words, "2")
		case "iii":
			words = append(words, "3")
		default:
			words = append(words, w)
		}
	}
	return strings.Join(words, "")
}

// LatinNotation is how documents in English print a rank or title stored
// as notation: a national rank's Latin form, the FMJD's titles and the
// adult ranks (I, II, III) as they are.
func LatinNotation(notation string) string {
	for _, t := range NationalTitles {
		if t.Notation == notation && t.Latin != "" {
			return t.Latin
		}
	}
	return notation
}
