package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"adiukh/internal/testcorpus"
	"adiukh/rules/adiukh"
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
	if code != 2 || !strings.Contains(errOut, `adiukh moves: --side «red»: напишите white (белые) или black (чёрные)`) {
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

// TestErrorsInRussian: the errors of backup and restore, of reading a TRF
// file and of a file that is not there are worded in Russian, not in
// English or half in English.
func TestErrorsInRussian(t *testing.T) {
	dir := t.TempDir()
	db, backup, junk := filepath.Join(dir, "adiukh.db"), filepath.Join(dir, "backup.db"), filepath.Join(dir, "junk.db")
	if code, _, errOut := runIn(t, nil, "demo", "--db", db); code != 0 {
		t.Fatalf("demo: %d %s", code, errOut)
	}
	if code, _, errOut := runIn(t, nil, "backup", "--db", db, "-o", backup); code != 0 {
		t.Fatalf("backup: %d %s", code, errOut)
	}
	f := testcorpus.ForCommands(t)
	badStart := filepath.Join(dir, "start.trf")
	sheet, err := os.ReadFile(filepath.Join("testdata", "sample-game.txt"))
	if err != nil {
		t.Fatal(err)
	}
	pdn, finished := filepath.Join(dir, "games.pdn"), filepath.Join(dir, "finished.trf")
	played, err := os.ReadFile(f.Tournament)
	if err != nil {
		t.Fatal(err)
	}
	game := adiukh.ValidateSheet(string(sheet)).PDN()
	for path, text := range map[string]string{junk: "not a database", badStart: "001  bad      A\n", pdn: game + "\n" + game, finished: string(played) + "XXR 5\n"} {
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	stdin = strings.NewReader("длинный пароль\n")
	if code, _, errOut := runIn(t, nil, "user", "add", "--db", db, "--email", "arbiter@example.org", "--role", "arbiter", "--surname", "Хуажев", "--given-names", "Аслан", "--password-stdin"); code != 0 {
		t.Fatalf("user add: %d %s", code, errOut)
	}
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"backup", "--db", db, "-o", backup}, 1, "backup.db уже есть: копия записывается в новый файл"},
		{[]string{"backup", "--db", db, "-o", filepath.Join(dir, "no-such-folder", "b.db")}, 1, "no-such-folder: нет такого файла или папки"},
		{[]string{"restore", "--db", db, "-i", backup}, 1, "adiukh.db уже есть: остановите сервер и добавьте --force"},
		{[]string{"restore", "--db", filepath.Join(dir, "new.db"), "-i", junk}, 1, "junk.db — не база SQLite"},
		{[]string{"restore", "--db", filepath.Join(dir, "new.db"), "-i", filepath.Join(dir, "none.db")}, 1, "копии " + filepath.Join(dir, "none.db") + " нет"},
		{[]string{"backup", "--db", "postgres://db.example.org/adiukh", "-o", backup}, 2, "базу PostgreSQL копируют программой pg_dump"},
		{[]string{"pair", "--trf", finished}, 1, "сыграны все туры (5): следующего тура для жеребьёвки нет"},
		{[]string{"pair", "--trf", badStart}, 1, `строка 1, столбец 5: стартовый номер «bad» — не число`},
		{[]string{"import", "--trf", badStart, "--owner", "arbiter@example.org", "--db", db}, 1, `строка 1, столбец 5: стартовый номер «bad» — не число`},
		{[]string{"validate", filepath.Join(dir, "missing.txt")}, 2, "missing.txt: нет такого файла или папки"},
		{[]string{"pair", "--trf", filepath.Join(dir, "missing.trf")}, 1, "missing.trf: нет такого файла или папки"},
	} {
		code, _, errOut := runIn(t, nil, tc.args...)
		if code != tc.code || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: code %d, %q; want %d and %q", tc.args, code, errOut, tc.code, tc.want)
		}
	}
	_, out, _ := runIn(t, nil, "validate", pdn)
	if !strings.Contains(out, "games.pdn, партия 2 (Ivanov – Petrov): без ошибок") {
		t.Errorf("the games of a PDN file are not named in Russian:\n%s", out)
	}
}
