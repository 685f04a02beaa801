package auditlog_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"adiukh/tournament"
	"adiukh/tournament/auditlog"
	"adiukh/tournament/catalog"
)

func TestTellsTheLogAsSentences(t *testing.T) {
	moscow, err := time.LoadLocation("Europe/Moscow")
	if err != nil {
		t.Fatal(err)
	}
	players := []tournament.Player{{ID: 11, StartNo: 1, Name: "Берсиров Мурат"}, {ID: 12, StartNo: 2, Name: "Ёлкин Олег"}, {ID: 13, StartNo: 3, Name: "Панеш Тимур"}}
	rounds := []tournament.Round{{Number: 1, Games: []tournament.Game{{Board: 1, WhiteID: 11, BlackID: 12}, {Board: 2, WhiteID: 13}}}}
	at := time.Date(2026, 11, 22, 9, 30, 0, 0, time.UTC)
	entries := []tournament.AuditEntry{
		{At: at, Action: tournament.ActionResultRecord, Subject: "round 1 board 1",
			Before: `{"score":"24:0","end_reason":"final_position","version":2,"sheet":true}`,
			After:  `{"score":"0:24","end_reason":"final_position","version":3,"sheet":true}`, Reason: "перепутаны цвета"},
		{At: at, Action: tournament.ActionResultRecord, Subject: "round 1 board 2", After: `{"score":"","end_reason":"bye","version":1}`},
		{At: at, Action: tournament.ActionPlayerUpdate, Subject: "player 12",
			Before: `{"ID":12,"EventID":1,"StartNo":2,"Name":"Ёлкин Олег","Rating":1800,"WithdrawnFrom":0}`,
			After:  `{"ID":12,"EventID":1,"StartNo":2,"Name":"Ёлкин Олег","Rating":1850,"WithdrawnFrom":3}`},
		{At: at, Action: tournament.ActionRoundPublish, Subject: "round 1", Before: `"draft"`, After: `"published"`},
		{At: at, Action: tournament.ActionEventUpdate, Subject: "event 1",
			Before: `{"Discipline":"rapid","TimeControl":{"BaseMinutes":0,"IncrementSeconds":0},"StartDate":"","Game":"adiukh"}`,
			After:  `{"Discipline":"blitz","TimeControl":{"BaseMinutes":3,"IncrementSeconds":2},"StartDate":"2026-11-22","Game":"russian"}`},
	}
	ru := auditlog.Tell(catalog.For(catalog.Russian), moscow, players, rounds, entries)
	for i, want := range []string{
		"Берсиров Мурат – Ёлкин Олег, тур 1: 24:0 → 0:24, причина: перепутаны цвета",
		"Панеш Тимур, тур 1: свободен от игры (бай)",
		"Участник изменён: Ёлкин Олег",
		"Тур опубликован: тур 1",
		"Параметры изменены",
	} {
		if ru[i].Text != want {
			t.Errorf("line %d: %q, want %q", i, ru[i].Text, want)
		}
	}
	if got, want := ru[0].When, "22 ноября 2026, 12:30 MSK"; got != want {
		t.Errorf("time %q, want %q", got, want)
	}
	if got, want := strings.Join(ru[2].Changes, "; "), "Рейтинг: 1800 → 1850; Выбыл с тура: — → 3"; got != want {
		t.Errorf("changes %q, want %q", got, want)
	}
	if got, want := strings.Join(ru[4].Changes, "; "), "Дисциплина: Быстрая игра → Русские шашки — молниеносная программа; Игра: Адиюх → Русские шашки; Начало: — → 22 ноября 2026; Контроль времени: — → 3+2"; got != want {
		t.Errorf("changes %q, want %q", got, want)
	}
	// A Russian draughts event's standard discipline is named as its rule
	// book names it, never Adiukh's «Адиюх».
	created := tournament.AuditEntry{At: at, Action: tournament.ActionEventCreate, Subject: "event 2", After: `{"Discipline":"standard","Game":"russian"}`}
	if got, want := strings.Join(auditlog.Tell(catalog.For(catalog.Russian), moscow, nil, nil, []tournament.AuditEntry{created})[0].Changes, "; "), "Дисциплина: Русские шашки — классическая программа; Игра: Русские шашки"; got != want {
		t.Errorf("a Russian event created: changes %q, want %q", got, want)
	}
	en := auditlog.Tell(catalog.For(catalog.English), time.UTC, players, rounds, entries)
	if got, want := en[0].Text, "Берсиров Мурат – Ёлкин Олег, round 1: 24:0 → 0:24, reason: перепутаны цвета"; got != want {
		t.Errorf("English %q, want %q", got, want)
	}

	var kept []int
	for i, l := range ru {
		if (auditlog.Filter{Round: 1, Player: 12}).Keep(l) {
			kept = append(kept, i)
		}
	}
	if len(kept) != 1 || kept[0] != 0 {
		t.Errorf("round 1 and player 12 keep lines %v, want [0]", kept)
	}
	if got := auditlog.Rounds(ru); len(got) != 1 || got[0] != 1 {
		t.Errorf("rounds %v, want [1]", got)
	}
}

// The entries of correspondence play and of composition contests, and the
// reasons the server writes itself, read in the reader's language.
func TestTellsCorrespondenceAndCompositionEntries(t *testing.T) {
	players := []tournament.Player{{ID: 11, StartNo: 1, Name: "Берсиров Мурат"}, {ID: 12, StartNo: 2, Name: "Ёлкин Олег"}}
	rounds := []tournament.Round{{Number: 2, Games: []tournament.Game{{Board: 1, WhiteID: 12, BlackID: 11}}}}
	at := time.Date(2026, 11, 22, 9, 30, 0, 0, time.UTC)
	entries := []tournament.AuditEntry{
		{At: at, Action: "correspondence.resign", Subject: "game 7 (round 2 board 1)", Reason: tournament.Note("note.game.resigned.black")},
		{At: at, Action: "correspondence.move", Subject: "game 7 (round 2 board 1)"},
		{At: at, Action: "correspondence.leave", Subject: "player 2 (Ёлкин Олег)", Reason: "болезнь"},
		{At: at, Action: "composition.entry_submit", Subject: "entry A3"},
		{At: at, Action: "composition.solving_answer", Subject: "problem 2"},
		{At: at, Action: tournament.ActionPlayerCreate, Subject: "player 11", Reason: tournament.Note("note.players.list", 21)},
	}
	for _, c := range []struct {
		lang catalog.Lang
		want []string
	}{
		{catalog.Russian, []string{
			"Сдача: Ёлкин Олег – Берсиров Мурат, тур 2, причина: чёрные сдались",
			"Ход: Ёлкин Олег – Берсиров Мурат, тур 2",
			"Отпуск: Ёлкин Олег, причина: болезнь",
			"Произведение прислано: № A3",
			"Решение участника: задача 2",
			"Участник зарегистрирован: Берсиров Мурат, причина: список из 21 участника",
		}},
		{catalog.English, []string{
			"Resignation: Ёлкин Олег – Берсиров Мурат, round 2, reason: Black resigned",
			"Move: Ёлкин Олег – Берсиров Мурат, round 2",
			"Leave: Ёлкин Олег, reason: болезнь",
			"Entry submitted: No. A3",
			"Solution submitted: problem 2",
			"Player registered: Берсиров Мурат, reason: a list of 21 players",
		}},
	} {
		lines := auditlog.Tell(catalog.For(c.lang), time.UTC, players, rounds, entries)
		for i, want := range c.want {
			if lines[i].Text != want {
				t.Errorf("%s line %d: %q, want %q", c.lang, i, lines[i].Text, want)
			}
		}
		if got := lines[0].Players; len(got) != 2 || got[0] != 12 || got[1] != 11 {
			t.Errorf("%s: the resignation concerns players %v, want [12 11]", c.lang, got)
		}
		if got := lines[2].Players; len(got) != 1 || got[0] != 12 {
			t.Errorf("%s: the leave concerns players %v, want [12]", c.lang, got)
		}
	}
}

// A composition contest pairs nobody: its creation and changes name no
// pairing system, rounds or points per game, which it is stored with all
// the same; once it becomes an event of games they are named as new.
func TestCompositionEventNamesNoPairing(t *testing.T) {
	at := time.Date(2026, 11, 22, 9, 30, 0, 0, time.UTC)
	contest := tournament.Event{ID: 4, Name: "Конкурс этюдов", Discipline: tournament.Composition, System: tournament.RoundRobin,
		Scoring: tournament.Scoring{Win: 1, Draw: 0.5, ForfeitWin: 1, Bye: 1}, Status: tournament.Registration, Visibility: tournament.Public}
	renamed := contest
	renamed.Name = "Конкурс этюдов 2026"
	games := renamed
	games.Discipline, games.System, games.Rounds = tournament.Standard, tournament.Swiss, 7
	snapshot := func(e tournament.Event) string {
		b, err := json.Marshal(e)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	entries := []tournament.AuditEntry{
		{At: at, Action: tournament.ActionEventCreate, Subject: "event 4", After: snapshot(contest)},
		{At: at, Action: tournament.ActionEventUpdate, Subject: "event 4", Before: snapshot(contest), After: snapshot(renamed)},
		{At: at, Action: tournament.ActionEventUpdate, Subject: "event 4", Before: snapshot(renamed), After: snapshot(games)},
	}
	for _, c := range []struct {
		lang catalog.Lang
		want [][]string
	}{
		{catalog.Russian, [][]string{
			{"Дисциплина: Шашечная композиция", "Название: Конкурс этюдов", "Статус: Регистрация", "Видимость: Открытый"},
			{"Название: Конкурс этюдов → Конкурс этюдов 2026"},
			{"Дисциплина: Шашечная композиция → Адиюх", "Число туров: — → 7", "Очки за партию: — → Бай (свободен от игры) 1, Ничья ½, Победа по неявке 1, Поражение 0, Победа 1", "Система проведения: — → Швейцарская система"},
		}},
		{catalog.English, [][]string{
			{"Discipline: Composition", "Name: Конкурс этюдов", "Status: Registration", "Visibility: Public"},
			{"Name: Конкурс этюдов → Конкурс этюдов 2026"},
			{"Discipline: Composition → Standard", "Rounds: — → 7", "Points per game: — → Bye 1, Draw ½, Win by forfeit 1, Loss 0, Win 1", "Pairing system: — → Swiss"},
		}},
	} {
		lines := auditlog.Tell(catalog.For(c.lang), time.UTC, nil, nil, entries)
		for i, want := range c.want {
			if got := strings.Join(lines[i].Changes, " | "); got != strings.Join(want, " | ") {
				t.Errorf("%s line %d: %q, want %q", c.lang, i, got, strings.Join(want, " | "))
			}
		}
	}
}
