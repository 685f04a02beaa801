package catalog

import (
	"fmt"
	"io"
	"strings"
)

// Println writes one line of a command in the language: format is the
// message's ID in the catalogue, and errors among the arguments are
// explained (Explain).
func (l *Localizer) Println(w io.Writer, format string, args ...any) {
	for i, a := range args {
		if err, ok := a.(error); ok {
			args[i] = l.Explain(err)
		}
	}
	fmt.Fprintln(w, l.Sprintf(format, args...))
}

// CommandLanguage picks the language of a command's messages: --lang ru|en
// before the command, else ADIUKH_LANG, else the locale of the environment
// (LC_ALL, LC_MESSAGES, LANG), Russian by default as on the pages. It
// returns the arguments without the --lang flag. getenv reads the
// environment (os.Getenv): the command, not the catalogue, knows where its
// settings come from.
func CommandLanguage(args []string, getenv func(string) string) (Lang, []string) {
	lang := environmentLanguage(getenv)
	for len(args) > 0 {
		name, value, hasValue := strings.Cut(strings.TrimLeft(args[0], "-"), "=")
		if !strings.HasPrefix(args[0], "-") || name != "lang" {
			break
		}
		if !hasValue && len(args) > 1 {
			value, args = args[1], args[1:]
		}
		if l, ok := Parse(value); ok {
			lang = l
		}
		args = args[1:]
	}
	return lang, args
}

func environmentLanguage(getenv func(string) string) Lang {
	if l, ok := Parse(getenv("ADIUKH_LANG")); ok {
		return l
	}
	for _, name := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		v := strings.ToLower(getenv(name))
		switch {
		case strings.HasPrefix(v, "en"):
			return English
		case strings.HasPrefix(v, "ru"):
			return Russian
		}
	}
	return Russian
}
