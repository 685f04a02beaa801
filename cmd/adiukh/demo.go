package main

import (
	"context"
	"crypto/rand"
	"embed"
	"encoding/base64"
	"flag"
	"fmt"
	"io"

	"adiukh/rules"
	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/engines"
	"adiukh/tournament/store"
)

func init() {
	commands["demo"] = command{"fill the database with a finished sample event to look around", demo}
}

// demoGames are game sheets the demo attaches to games: the sample game of
// the rules (§7.2) and three random games played to the final position.
//
//go:embed demogames/*.txt
var demoGames embed.FS

// demoSheets lists which sheet goes to which pairing (white and black start
// numbers); the result of those games is the score the sheet ends with.
var demoSheets = map[[2]int]string{
	{1, 8}: "demogames/sample-game.txt",
	{2, 7}: "demogames/random-g037.txt",
	{5, 3}: "demogames/random-g015.txt",
	{6, 4}: "demogames/random-g007.txt",
}

var demoPlayers = []struct {
	name, club, city string
	rating, born     int
}{
	{"Хуажев Аслан", "Нарт", "Майкоп", 2105, 1988},
	{"Тхагапсова Мадина", "Нарт", "Майкоп", 2040, 1995},
	{"Шхалахов Руслан", "Ошхамахо", "Нальчик", 1990, 1979},
	{"Ёлкина Светлана", "Эльбрус", "Нальчик", 1955, 2001},
	{"Берсиров Мурат", "Адыгея", "Адыгейск", 1930, 1992},
	{"Жуков Артём", "Кавказ", "Черкесск", 1880, 2004},
	{"Кушхова Залина", "Адыгея", "Адыгейск", 1835, 1998},
	{"Панеш Тимур", "Кавказ", "Черкесск", 1790, 2008},
}

// demo creates an arbiter and a finished round robin of 8 players with every
// result entered, four of them with game sheets.
func demo(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("demo", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dsn := fs.String("db", envOr("ADIUKH_DB", "adiukh.db"), "SQLite `FILE` or postgres:// URL (env ADIUKH_DB)")
	email := fs.String("email", "demo-arbiter@example.org", "e-mail `ADDRESS` of the demo arbiter to create")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	st, err := store.Open(*dsn)
	if err != nil {
		fmt.Fprintf(stderr, "adiukh demo: %v\n", err)
		return 1
	}
	defer st.Close()
	password := randomPassword()
	id, err := fillDemo(context.Background(), st, *email, password)
	if err != nil {
		fmt.Fprintf(stderr, "adiukh demo: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "demo event %d created in %s\narbiter: %s, password: %s\nstart the server with: adiukh serve --db %s\n", id, *dsn, *email, password, *dsn)
	return 0
}

func randomPassword() string {
	b := make([]byte, 12)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

func fillDemo(ctx context.Context, st *store.Store, email, password string) (int64, error) {
	u, err := account.NewService(st).AddUser(ctx, account.NewUser{Email: email, Name: "Демо-судья", Role: string(tournament.ArbiterRole), Password: password})
	if err != nil {
		return 0, fmt.Errorf("create the demo arbiter: %w", err)
	}
	ctx = tournament.NewContextWithUser(ctx, u)
	svc := tournament.NewService(st, engines.Options())
	e, err := svc.CreateEvent(ctx, tournament.EventInput{
		Name: ptrTo("Кубок Адыгеи по адиюх, быстрая игра"), Discipline: ptrTo(string(tournament.Rapid)), System: ptrTo(string(tournament.RoundRobin)),
		TimeControl: ptrTo("8+4"), StartDate: ptrTo("2026-10-10"), EndDate: ptrTo("2026-10-11"), City: ptrTo("Майкоп"),
		Venue: ptrTo("Шахматно-шашечный клуб"), ChiefArbiter: ptrTo("Демо-судья"),
	})
	if err != nil {
		return 0, err
	}
	for _, p := range demoPlayers {
		in := tournament.PlayerInput{Name: ptrTo(p.name), Club: ptrTo(p.club), City: ptrTo(p.city), Rating: ptrTo(p.rating), BirthYear: ptrTo(p.born)}
		if _, err := svc.RegisterPlayer(ctx, e.ID, in); err != nil {
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
			in, err := demoResult(e.ID, n, g)
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
	return e.ID, nil
}

// demoResult makes up a varied but fixed result for a game, or takes it from
// the game's sheet when the demo has one for that pairing.
func demoResult(eventID int64, round int, g tournament.Game) (tournament.ResultInput, error) {
	in := tournament.ResultInput{EventID: eventID, Round: round, Board: g.Board, Version: g.Version}
	if name, ok := demoSheets[[2]int{g.WhiteNo, g.BlackNo}]; ok {
		sheet, err := demoGames.ReadFile(name)
		if err != nil {
			return in, err
		}
		rep := rules.ValidateSheet(string(sheet))
		if !rep.Valid || rep.Score == nil {
			return in, fmt.Errorf("demo sheet %s is not a complete valid game", name)
		}
		in.Sheet, in.Score, in.EndReason = string(sheet), rep.Score.String(), string(tournament.FinalPosition)
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

func ptrTo[T any](v T) *T { return &v }
