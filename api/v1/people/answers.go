package people

import (
	"time"

	"adiukh/api/v1/shapes"
)

// The answers of the register of people.

// photoView answers a person's new photo.
type photoView struct {
	Photo     string    `json:"photo"`
	Bytes     int       `json:"bytes"`
	UpdatedAt time.Time `json:"updated_at"`
}

// peopleView is a page of the register's search.
type peopleView struct {
	People []shapes.PersonView `json:"people"`
	Page   int                 `json:"page"`
	More   bool                `json:"more"`
}

// personPageView is a person of the register with the events they played
// and their ratings; Photo is the photo's address, when there is one.
type personPageView struct {
	Person  shapes.PersonView `json:"person"`
	Events  []personEventView `json:"events"`
	Ratings []historyView     `json:"ratings"`
	Photo   string            `json:"photo,omitempty"`
}

// registerMatchView is an event's player with the register's persons who
// may be them, and the split of the player's name the register would take
// for a new person.
type registerMatchView struct {
	Player     shapes.PlayerView `json:"player"`
	Candidates []candidateView   `json:"candidates"`
	Surname    string            `json:"surname"`
	GivenNames string            `json:"given_names"`
	Patronymic string            `json:"patronymic"`
}

// registerMatchesView is every player of an event with their candidates;
// Sure counts the players with one sure candidate.
type registerMatchesView struct {
	Players []registerMatchView `json:"players"`
	Sure    int                 `json:"sure"`
}

// linkedView answers linking the sure matches: how many players.
type linkedView struct {
	Linked int `json:"linked"`
}

// duplicatePairView is two persons of the register who may be one.
type duplicatePairView struct {
	A        shapes.PersonView `json:"a"`
	B        shapes.PersonView `json:"b"`
	Distance int               `json:"distance"`
	Missing  int               `json:"missing"`
}

// duplicatesView lists the register's likely duplicates.
type duplicatesView struct {
	Pairs []duplicatePairView `json:"pairs"`
}

// mergeView answers a merge: the players it moved and where to undo it.
type mergeView struct {
	Merge   int64   `json:"merge"`
	From    int64   `json:"from"`
	Into    int64   `json:"into"`
	Players []int64 `json:"players"`
	Undo    string  `json:"undo"`
}

// undoneView answers the undo of a merge.
type undoneView struct {
	Undone int64 `json:"undone"`
}
