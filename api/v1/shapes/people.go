package shapes

import (
	"time"

	"adiukh/tournament"
)

// PersonView is a person of the register as the API shows them.
type PersonView struct {
	ID              int64  `json:"id"`
	FederationID    string `json:"federation_id"`
	Surname         string `json:"surname"`
	GivenNames      string `json:"given_names"`
	Patronymic      string `json:"patronymic"`
	LatinSurname    string `json:"latin_surname"`
	LatinGivenNames string `json:"latin_given_names"`
	LatinSystem     string `json:"latin_system"`
	Sex             string `json:"sex,omitempty"`
	BirthYear       int    `json:"birth_year,omitempty"`
	Club            string `json:"club"`
	Region          string `json:"region"`
	Rank            string `json:"rank"`
	Federation      string `json:"federation,omitempty"`
	// Titles are the person's ranks and titles, each of a game.
	Titles     []PersonTitleView `json:"titles"`
	MergedInto int64             `json:"merged_into,omitempty"`
	CreatedAt  time.Time         `json:"created_at"`
}

// NewPersonView is p as the API shows them.
func NewPersonView(p *tournament.Person) PersonView {
	return PersonView{ID: p.ID, FederationID: p.FederationID, Surname: p.Surname, GivenNames: p.GivenNames, Patronymic: p.Patronymic,
		LatinSurname: p.LatinSurname, LatinGivenNames: p.LatinGivenNames, LatinSystem: p.LatinSystem, Sex: p.Sex,
		BirthYear: p.BirthYear, Club: p.Club, Region: p.Region, Rank: p.Rank, Federation: p.Federation, Titles: personTitleViews(p.Titles), MergedInto: p.MergedInto, CreatedAt: p.CreatedAt}
}

// PersonTitleView is a rank or title of a person in a game, as answered
// and as sent: the date awarded (YYYY-MM-DD) and the body may be empty.
type PersonTitleView struct {
	Game      string `json:"game"`
	Title     string `json:"title"`
	Awarded   string `json:"awarded"`
	AwardedBy string `json:"awarded_by"`
}

// personTitleViews are titles as the API shows them.
func personTitleViews(titles []tournament.PersonTitle) []PersonTitleView {
	out := make([]PersonTitleView, len(titles))
	for i, t := range titles {
		out[i] = PersonTitleView{Game: string(t.Game), Title: t.Title, Awarded: t.Awarded, AwardedBy: t.AwardedBy}
	}
	return out
}

// PlayerView is an event's player as the API shows them: the event's own
// lists, a withdrawal and the register's matches answer with it.
type PlayerView struct {
	ID                int64  `json:"id"`
	StartNo           int    `json:"start_no"`
	Name              string `json:"name"`
	Rating            int    `json:"rating"`
	BirthYear         int    `json:"birth_year,omitempty"`
	Club              string `json:"club"`
	City              string `json:"city"`
	FederationID      string `json:"federation_id"`
	Federation        string `json:"federation,omitempty"`
	Title             string `json:"title,omitempty"`
	FirstRound        int    `json:"first_round"`
	WithdrawFromRound int    `json:"withdraw_from_round,omitempty"`
	PersonID          int64  `json:"person_id,omitempty"`
}

// NewPlayerView is p as the API shows them.
func NewPlayerView(p *tournament.Player) PlayerView {
	return PlayerView{
		ID: p.ID, StartNo: p.StartNo, Name: p.Name, Rating: p.Rating, BirthYear: p.BirthYear, Club: p.Club,
		City: p.City, FederationID: p.FederationID, Federation: p.Federation, Title: p.Title, FirstRound: p.FirstRound, WithdrawFromRound: p.WithdrawnFrom, PersonID: p.PersonID,
	}
}

// PlayerViews are players as the API shows them.
func PlayerViews(players []tournament.Player) []PlayerView {
	views := make([]PlayerView, len(players))
	for i := range players {
		views[i] = NewPlayerView(&players[i])
	}
	return views
}
