package entries_test

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/catalog"
	"adiukh/tournament/engines"
	"adiukh/tournament/entries"
	"adiukh/tournament/store/storetest"
)

func TestParsePlayerList(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, text string
		want       []string // names read
		wantErrs   []string // "line field: text" of each bad line
	}{
		{"header and blank lines", "name, rating\n\nИванов Иван, 1900\n  \nПетров Пётр\n", []string{"Иванов Иван", "Петров Пётр"}, nil},
		{"semicolons", "Иванов Иван; 1900; 1990; Нарт; Майкоп; 4100123\n", []string{"Иванов Иван"}, nil},
		{"commas and semicolons line by line", "Хуаде Аслан, 1700\nНехай Бэла; 1600; 2001; Майкоп; Майкоп\nТлехас Мурат, 1650",
			[]string{"Хуаде Аслан", "Нехай Бэла", "Тлехас Мурат"}, nil},
		{"a name alone, then semicolons", "Хуаде Аслан\nНехай Бэла; 1600\nТлехас Мурат; x", nil,
			[]string{`3 rating: "x" is not a whole number`}},
		{"every bad line", "Иванов Иван, x\nПетров Пётр, 1800\nСидоров, 1800, девяностый\n\"Ёлкин\n", nil,
			[]string{`1 rating: "x" is not a whole number`, `3 birth_year: "девяностый" is not a whole number`, "4 : the quotes of the line do not pair up at character 7: a field in quotes is not closed"}},
		{"a quote mark inside a field", "Иван \"Кавычки, 1900\n", nil, []string{"1 : the quotes of the line do not pair up at character 6: a field that does not start with a quote mark has one inside"}},
		{"too many fields", "А, 1, 2000, к, г, 1, кмс, RUS, лишнее\n", nil, []string{"1 : a line has at most 8 fields"}},
		{"a federation", "Иванов Иван; 1900; 1990; Нарт; Майкоп; 4100123; ; RUS\n", []string{"Иванов Иван"}, nil},
		{"a bad federation", "Иванов Иван; 1900; 1990; Нарт; Майкоп; 4100123; ; Россия\n", nil, []string{`1 federation: a federation is three Latin letters, as FMJD lists write it (RUS, NED, SEN); got "Россия"`}},
		// The rank is read by the rule book of the event's game when the
		// list is registered (TestRegisterPlayersAllOrNothing).
		{"a rank", "Иванов Иван; 1900; 1990; Нарт; Майкоп; 4100123; 1 разряд\n", []string{"Иванов Иван"}, nil},
		{"the form's own header", "Фамилия и имя, рейтинг, год рождения, клуб, город, ID федерации\nИванов Иван, 1900\n", []string{"Иванов Иван"}, nil},
		// Cells copied from Excel: tabs between them, and its own header
		// (issue 60, item 6).
		{"an Excel list with its header", "ФИО участника\tРейтинг\tГод рождения\tКлуб\tГород\r\nХуаде Аслан\t1800\t1990\tНарт\tМайкоп\r\nНехай Бэла\t\t2001\t\tАдыгейск\r\n",
			[]string{"Хуаде Аслан", "Нехай Бэла"}, nil},
		{"bad values with bad numbers, at once", "Иванов Иван, x\n, 1700\nПетров Пётр, -5\nСидоров Сидор, 1500, 3001\n", nil,
			[]string{`1 rating: "x" is not a whole number`, "2 name: must not be empty", "3 rating: a rating is between 0 and 4000", "4 birth_year: 3001 is not a birth year"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			lines, err := entries.ParsePlayerList(tc.text)
			var names []string
			for _, l := range lines {
				names = append(names, *l.Input.Name)
			}
			if strings.Join(names, "|") != strings.Join(tc.want, "|") {
				t.Errorf("names = %q, want %q", names, tc.want)
			}
			var e *tournament.Error
			if tc.wantErrs == nil {
				if err != nil {
					t.Errorf("error %v, want none", err)
				}
				return
			}
			if e, _ = err.(*tournament.Error); e == nil || len(e.Details) != len(tc.wantErrs) {
				t.Fatalf("error %#v, want %d line errors", err, len(tc.wantErrs))
			}
			for i, d := range e.Details {
				got := strings.Join([]string{strconv.Itoa(d.Line), d.Field + ":", d.Message}, " ")
				if !strings.HasPrefix(got, tc.wantErrs[i]) {
					t.Errorf("line error %d = %q, want %q…", i, got, tc.wantErrs[i])
				}
			}
		})
	}
}

func TestRegisterPlayersAllOrNothing(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			ctx := storetest.Arbiter(t, st)
			svc, list := services(st, engines.Options())
			e, _ := storetest.Event(t, ctx, svc, "swiss", 5, "Ёлкин Олег")
			parse := func(text string) []entries.PlayerLine {
				lines, err := entries.ParsePlayerList(text)
				if err != nil {
					t.Fatal(err)
				}
				return lines
			}
			// A bad rating on line 3 registers nobody and names every bad line.
			// (The JSON API sends the lines as they are; a pasted list is
			// checked as it is read.)
			var lines []entries.PlayerLine
			for i, p := range []struct {
				name   string
				rating int
			}{{"Иванов Иван", 1900}, {"Петров Пётр", 1800}, {"Сидоров Сидор", 5000}, {"Абрегов", -1}} {
				lines = append(lines, entries.PlayerLine{Line: i + 1, Input: tournament.PlayerInput{Name: &p.name, Rating: &p.rating}})
			}
			_, err := list.RegisterPlayers(ctx, e.ID, lines, false)
			var ierr *tournament.Error
			if ierr, _ = err.(*tournament.Error); ierr == nil || ierr.Code != tournament.EINVALID || len(ierr.Details) != 2 || ierr.Details[0].Line != 3 || ierr.Details[1].Field != "rating" {
				t.Fatalf("a list with bad ratings on lines 3 and 4: %#v; want EINVALID naming both", err)
			}
			if n := len(startNumbers(t, ctx, svc, e.ID)); n != 1 {
				t.Fatalf("after a refused list %d players are registered, want 1", n)
			}
			// Ranks an Adiukh event does not know are told line by line,
			// all at once, and register nobody.
			_, err = list.RegisterPlayers(ctx, e.ID, parse("Иванов Иван, 1900, , , , , мастер\nПетров Пётр, 1800, , , , , КМС\nСидоров Сидор, 1700, , , , , GMI\n"), false)
			if ierr, _ = err.(*tournament.Error); ierr == nil || len(ierr.Details) != 2 || ierr.Details[0].Line != 1 || ierr.Details[1].Line != 3 || ierr.Details[1].Field != "title" {
				t.Fatalf("a list with unknown ranks on lines 1 and 3: %v; want EINVALID naming both at title", err)
			}
			if n := len(startNumbers(t, ctx, svc, e.ID)); n != 1 {
				t.Fatalf("after a list with unknown ranks %d players are registered, want 1", n)
			}

			// Duplicates wait for a confirmation: a registered name up to ё/е
			// and case, and a federation ID twice in the list.
			text := "Иванов Иван, 1900, , , , 4100123, кмс\nелкин  олег\nПетров Пётр, 1800, , , , 4100123\n"
			_, err = list.RegisterPlayers(ctx, e.ID, parse(text), false)
			ierr, _ = err.(*tournament.Error)
			if ierr == nil || ierr.Code != tournament.ECONFLICT || ierr.Field != "confirm_duplicates" || len(ierr.Details) != 2 {
				t.Fatalf("a list with duplicates: %v; want ECONFLICT on confirm_duplicates with two lines", err)
			}
			if d := ierr.Details; d[0].Line != 2 || d[0].Field != "name" || !strings.Contains(d[0].Message, "start number 1") || d[1].Line != 3 || d[1].Field != "federation_id" || !strings.Contains(d[1].Message, "line 1") {
				t.Errorf("duplicates = %v %v; want line 2 like start number 1 by name, line 3 like line 1 by federation ID", d[0], d[1])
			}
			if n := len(startNumbers(t, ctx, svc, e.ID)); n != 1 {
				t.Fatalf("an unconfirmed list registered players: %d, want 1", n)
			}
			added, err := list.RegisterPlayers(ctx, e.ID, parse(text), true)
			if err != nil {
				t.Fatal(err)
			}
			if len(added) != 3 || added[0].Title != "КМС" {
				t.Errorf("confirmed list registered %+v; want 3 players, the first a КМС", added)
			}
			// By rating: Ёлкин 2000, Иванов 1900, Петров 1800, then "елкин олег"
			// as typed (its doubled space made single), beside "Ёлкин Олег".
			if got := startNumbers(t, ctx, svc, e.ID); got["Ёлкин Олег"] != 1 || got["Иванов Иван"] != 2 || got["Петров Пётр"] != 3 || got["елкин олег"] != 4 {
				t.Errorf("start numbers after the confirmed list: %v", got)
			}
			audit, err := svc.Audit(ctx, e.ID)
			if err != nil {
				t.Fatal(err)
			}
			if last := audit[len(audit)-1]; last.Action != tournament.ActionPlayerCreate || !strings.Contains(catalog.For(catalog.English).Message(tournament.NoteMessage(last.Reason)), "duplicates confirmed") {
				t.Errorf("last audit entry %+v; want a registration noting the confirmed duplicates", last)
			}
		})
	}
}

func startNumbers(t *testing.T, ctx context.Context, svc *tournament.Service, eventID int64) map[string]int {
	t.Helper()
	players, err := svc.Players(ctx, eventID)
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]int{}
	for _, p := range players {
		m[p.Name] = p.StartNo
	}
	return m
}

// A rank written before the name in a pasted list is the player's rank,
// not an initial, and the eighth column is the federation (issue 64).
func TestRegisterPlayersRankBeforeName(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			ctx := storetest.Arbiter(t, st)
			svc, list := services(st, engines.Options())
			e, _ := storetest.Event(t, ctx, svc, "swiss", 5, "Ёлкин Олег")
			lines, err := entries.ParsePlayerList("I Набоков Иван, 1500, , , , , , rus\nКМС Хуаде Аслан Муратович, 1400\nИ Петров, 1300\n")
			if err != nil {
				t.Fatal(err)
			}
			ranked, err := list.RegisterPlayers(ctx, e.ID, lines, false)
			if err != nil {
				t.Fatal(err)
			}
			if p := ranked[0]; p.Name != "Набоков Иван" || p.Title != "I" || p.Federation != "RUS" {
				t.Errorf("«I Набоков Иван, …, rus» registered as %q, title %q, federation %q; want «Набоков Иван», I, RUS", p.Name, p.Title, p.Federation)
			}
			if p := ranked[1]; p.Name != "Хуаде Аслан Муратович" || p.Title != "КМС" {
				t.Errorf("«КМС Хуаде Аслан Муратович» registered as %q, title %q", p.Name, p.Title)
			}
			if p := ranked[2]; p.Name != "И Петров" || p.Title != "" {
				t.Errorf("«И Петров» registered as %q, title %q; want the name as typed", p.Name, p.Title)
			}
		})
	}
}
