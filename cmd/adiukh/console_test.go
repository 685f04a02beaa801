package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// runIn runs a command with the language environment given.
func runIn(t *testing.T, env map[string]string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	for _, name := range []string{"ADIUKH_LANG", "LC_ALL", "LC_MESSAGES", "LANG"} {
		t.Setenv(name, env[name])
	}
	var out, errOut bytes.Buffer
	code = run(args, &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestCommandsSpeakRussianByDefault(t *testing.T) {
	_, out, _ := runIn(t, nil, "help")
	for _, want := range []string{"Использование: adiukh", "Команды:", "запустить веб-сервер", "проверить бланки записи"} {
		if !strings.Contains(out, want) {
			t.Errorf("help without a language lacks %q:\n%s", want, out)
		}
	}
	code, _, errOut := runIn(t, nil, "moves", "--side", "red")
	if code != 2 || !strings.Contains(errOut, `adiukh moves: --side "red": напишите white (белые) или black (черные)`) {
		t.Errorf("a bad side: code %d, %q", code, errOut)
	}
	_, _, errOut = runIn(t, nil, "moves", "--position", "white: z9; black: a7")
	if !strings.Contains(errOut, "--position: позиция, символ") {
		t.Errorf("a bad position is not explained in Russian: %q", errOut)
	}
	code, _, errOut = runIn(t, nil, "perft", "--nonsense")
	if code != 2 || !strings.Contains(errOut, "параметра -nonsense нет") || !strings.Contains(errOut, "Параметры команды adiukh perft:") || !strings.Contains(errOut, "число полуходов") {
		t.Errorf("an unknown flag: code %d, %q", code, errOut)
	}
}

func TestCommandsChooseTheirLanguage(t *testing.T) {
	cases := []struct {
		env  map[string]string
		args []string
		want string
	}{
		{nil, []string{"--lang", "en", "help"}, "Usage: adiukh"},
		{nil, []string{"--lang=en", "help"}, "Usage: adiukh"},
		{map[string]string{"ADIUKH_LANG": "en"}, []string{"help"}, "Usage: adiukh"},
		{map[string]string{"LANG": "en_GB.UTF-8"}, []string{"help"}, "Usage: adiukh"},
		{map[string]string{"LANG": "en_GB.UTF-8"}, []string{"--lang", "ru", "help"}, "Использование: adiukh"},
		{map[string]string{"ADIUKH_LANG": "ru", "LANG": "en_US.UTF-8"}, []string{"help"}, "Использование: adiukh"},
		{map[string]string{"LANG": "C.UTF-8"}, []string{"help"}, "Использование: adiukh"},
	}
	for _, c := range cases {
		_, out, _ := runIn(t, c.env, c.args...)
		if !strings.Contains(out, c.want) {
			t.Errorf("%v %v: want %q in\n%s", c.env, c.args, c.want, out)
		}
	}
}

func TestValidateReportsInRussian(t *testing.T) {
	dir := t.TempDir()
	sheet := filepath.Join(dir, "bad.txt")
	if err := os.WriteFile(sheet, []byte("1. c3-d4 f6-g5\n2. a1-b2 h8-g7\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ := runIn(t, nil, "validate", sheet)
	if code != 1 || !strings.Contains(out, "ОШИБКИ") || !strings.Contains(out, "строка 2, позиция") || !strings.Contains(out, "полуход 3 (ход 2, белые)") {
		t.Errorf("validate in Russian: code %d\n%s", code, out)
	}
}
