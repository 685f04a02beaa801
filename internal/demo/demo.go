// Package demo fills a database with a finished sample event, so that a
// newcomer sees a real event at once: a round robin of 8 players with every
// result entered and four game sheets, the rules' sample game among them.
// The players are persons of the federation's register and the event is
// rated, in a rating period already closed, so the rating lists and the
// players' pages have something to show too.
package demo

import (
	"context"
	"embed"
	"fmt"

	"adiukh/rules"
	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/people"
	registration "adiukh/tournament/players"
	"adiukh/tournament/ratings"
)

// demoGames are game sheets the demo attaches to games: the sample game of
// the rules (§7.2) and three random games played to the final position.
//
//go:embed games/*.txt
var demoGames embed.FS

// demoSheets lists which sheet goes to which pairing (white and black start
// numbers); the result of those games is the score the sheet ends with.
var demoSheets = map[[2]int]string{
	{1, 8}: "games/sample-game.txt",
	{2, 7}: "games/random-g037.txt",
	{5, 3}: "games/random-g015.txt",
	{6, 4}: "games/random-g007.txt",
}

var demoPlayers = []struct {
	surname, given, sex, club, city, region string
	rank                                    string // in Adiukh, as the register keeps it
	born                                    int
}{
	{"Хуажев", "Аслан", "M", "Нарт", "Майкоп", "Адыгея", "КМС", 1988},
	{"Тхагапсова", "Мадина", "F", "Нарт", "Майкоп", "Адыгея", "I", 1995},
	{"Шхалахов", "Руслан", "M", "Ошхамахо", "Нальчик", "Кабардино-Балкария", "КМС", 1979},
	{"Ёлкина", "Светлана", "F", "Эльбрус", "Нальчик", "Кабардино-Балкария", "II", 2001},
	{"Берсиров", "Мурат", "M", "Адыгея", "Адыгейск", "Адыгея", "I", 1992},
	{"Жуков", "Артём", "M", "Кавказ", "Черкесск", "Карачаево-Черкесия", "1ю", 2004},
	{"Кушхова", "Залина", "F", "Адыгея", "Адыгейск", "Адыгея", "", 1998},
	{"Панеш", "Тимур", "M", "Кавказ", "Черкесск", "Карачаево-Черкесия", "2ю", 2008},
}

// demoPeriodEnd is the last day of the rating period the demo closes.
const demoPeriodEnd = "2026-10-31"

// Store is the database the demo fills: events, accounts, the register
// and ratings.
type Store interface {
	tournament.Store
	Accounts() account.Store
	People() people.Store
	Ratings() ratings.Store
}

// Fill creates an administrator account with the e-mail and password, the
// arbiter of a finished, rated event it owns, made by the events service
// of opt (the server's, its zone among them), and closes the rapid rating
// period that rates the event; it returns the event's ID.
func Fill(ctx context.Context, st Store, opt tournament.Options, email, password string) (int64, error) {
	u, err := account.NewService(st.Accounts()).AddUser(ctx, account.NewUser{Email: email, Names: account.Names{Name: "Демо-судья"}, Role: string(tournament.Admin), Password: password})
	if err != nil {
		return 0, fmt.Errorf("create the demo administrator: %w", err)
	}
	ctx = tournament.NewContextWithUser(ctx, u)
	svc := tournament.NewService(st, opt)
	e, err := svc.CreateEvent(ctx, tournament.EventInput{
		Name: ptr("Кубок Адыгеи по адиюх, быстрая игра"), Discipline: ptr(string(tournament.Rapid)), System: ptr(string(tournament.RoundRobin)),
		TimeControl: ptr("8+4"), StartDate: ptr("2026-10-10"), EndDate: ptr("2026-10-11"), City: ptr("Майкоп"),
		Venue: ptr("Шахматно-шашечный клуб"), ChiefArbiter: ptr("Демо-судья"), Rated: ptr(true),
	})
	if err != nil {
		return 0, err
	}
	register := people.NewService(st.People(), people.Options{})
	for _, p := range demoPlayers {
		titles := []tournament.PersonTitle{{Game: tournament.DefaultGame, Title: p.rank}}
		person, err := register.CreatePerson(ctx, people.PersonInput{
			Surname: ptr(p.surname), GivenNames: ptr(p.given), Sex: ptr(p.sex), BirthYear: ptr(p.born),
			Club: ptr(p.club), Region: ptr(p.region), Titles: &titles,
		})
		if err != nil {
			return 0, err
		}
		// The event's rating is the register's, all at the initial
		// rating before the first period.
		in := tournament.PlayerInput{PersonID: &person.ID, City: ptr(p.city)}
		if _, err := registration.NewService(svc).RegisterPlayer(ctx, e.ID, in); err != nil {
			return 0, err
		}
	}
	for n := 1; n <= len(demoPlayers)-1; n++ {
		r, err := svc.PairNextRound(ctx, e.ID)
		if err != nil {
			return 0, err
		}
		if _, err := svc.PublishRound(ctx, e.ID, n); err != nil {
			return 0, err
		}
		for _, g := range r.Games {
			in, err := demoResult(e.ID, e.Game.Rules(), n, g)
			if err != nil {
				return 0, err
			}
			if _, err := svc.RecordResult(ctx, in); err != nil {
				return 0, fmt.Errorf("round %d board %d: %w", n, g.Board, err)
			}
		}
	}
	status := string(tournament.Finished)
	if _, err := svc.UpdateEvent(ctx, e.ID, tournament.EventInput{Status: &status}, ""); err != nil {
		return 0, err
	}
	lists := ratings.NewService(st.Ratings(), ratings.Options{})
	if _, err := lists.ClosePeriod(ctx, ratings.ListOf(e.Discipline), demoPeriodEnd); err != nil {
		return 0, fmt.Errorf("close the demo's rating period: %w", err)
	}
	return e.ID, nil
}

// demoResult makes up a varied but fixed result for a game, or takes it from
// the game's sheet, replayed by the rules of the event's game, when the
// demo has one for that pairing.
func demoResult(eventID int64, game rules.Game, round int, g tournament.Game) (tournament.ResultInput, error) {
	in := tournament.ResultInput{EventID: eventID, Round: round, Board: g.Board, Version: g.Version}
	if name, ok := demoSheets[[2]int{g.WhiteNo, g.BlackNo}]; ok {
		sheet, err := demoGames.ReadFile(name)
		if err != nil {
			return in, err
		}
		rep := game.ValidateGames(string(sheet))[0]
		if !rep.Valid || rep.Result == nil || rep.Reason != rules.EndFinalPosition {
			return in, fmt.Errorf("demo sheet %s is not a complete valid game", name)
		}
		in.Sheet, in.Score, in.EndReason = string(sheet), rep.Result.String(), string(tournament.FinalPosition)
		return in, nil
	}
	scores := []struct{ score, reason string }{
		{"17:7", "final_position"}, {"14:10", "final_position"}, {"12:12", "agreement"},
		{"9:15", "final_position"}, {"24:0", "resignation"}, {"16:8", "final_position"},
	}
	s := scores[(g.WhiteNo*3+g.BlackNo+round)%len(scores)]
	in.Score, in.EndReason = s.score, s.reason
	return in, nil
}

func ptr[T any](v T) *T { return &v }
