package names

import (
	"strings"
	"unicode"
)

// Latin systems a person's name is transliterated by.
const (
	// ICAO is ICAO Doc 9303, the transliteration of Russian passports:
	// Щукин → Shchukin, Юлия → Iuliia. The register's default: the form a
	// person's own documents carry.
	ICAO = "icao"
	// GOST is ГОСТ 7.79-2000 system B, the library standard, which can be
	// read back letter for letter: Щукин → Shhukin, Юлия → Yuliya.
	GOST = "gost"
)

var icaoLetters = map[rune]string{
	'а': "a", 'б': "b", 'в': "v", 'г': "g", 'д': "d", 'е': "e", 'ё': "e", 'ж': "zh", 'з': "z", 'и': "i", 'й': "i",
	'к': "k", 'л': "l", 'м': "m", 'н': "n", 'о': "o", 'п': "p", 'р': "r", 'с': "s", 'т': "t", 'у': "u", 'ф': "f",
	'х': "kh", 'ц': "ts", 'ч': "ch", 'ш': "sh", 'щ': "shch", 'ъ': "ie", 'ы': "y", 'ь': "", 'э': "e", 'ю': "iu", 'я': "ia",
}

var gostLetters = map[rune]string{
	'а': "a", 'б': "b", 'в': "v", 'г': "g", 'д': "d", 'е': "e", 'ё': "yo", 'ж': "zh", 'з': "z", 'и': "i", 'й': "j",
	'к': "k", 'л': "l", 'м': "m", 'н': "n", 'о': "o", 'п': "p", 'р': "r", 'с': "s", 'т': "t", 'у': "u", 'ф': "f",
	'х': "x", 'ц': "cz", 'ч': "ch", 'ш': "sh", 'щ': "shh", 'ъ': "``", 'ы': "y'", 'ь': "`", 'э': "e`", 'ю': "yu", 'я': "ya",
}

// Transliterate writes Cyrillic text in Latin letters by the system (ICAO
// or GOST); other characters stay. A capital letter's Latin form keeps one
// capital (Щ → Shch), or all capitals within a word written in capitals.
func Transliterate(text, system string) string {
	letters := icaoLetters
	if system == GOST {
		letters = gostLetters
	}
	runes := []rune(text)
	var b strings.Builder
	for i, r := range runes {
		lower := unicode.ToLower(r)
		latin, ok := letters[lower]
		if !ok {
			b.WriteRune(r)
			continue
		}
		if system == GOST && lower == 'ц' && i+1 < len(runes) && strings.ContainsRune("еёиыйэюя", unicode.ToLower(runes[i+1])) {
			latin = "c" // ГОСТ 7.79 Б: ц is c before the letters written with i, e, y, j
		}
		if lower != r && latin != "" {
			if wordInCapitals(runes, i) {
				latin = strings.ToUpper(latin)
			} else {
				latin = strings.ToUpper(latin[:1]) + latin[1:]
			}
		}
		b.WriteString(latin)
	}
	return b.String()
}

// wordInCapitals: the letter at i and a neighbouring letter are capitals.
func wordInCapitals(runes []rune, i int) bool {
	for _, j := range []int{i - 1, i + 1} {
		if j >= 0 && j < len(runes) && unicode.IsLetter(runes[j]) {
			return unicode.IsUpper(runes[j])
		}
	}
	return false
}
