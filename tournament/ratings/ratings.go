// Package ratings keeps the federation's rating lists: standard, rapid and
// blitz. A rating period is closed by an administrator up to a date: it
// takes every rated event of the list finished by then and not yet rated,
// rates their games over the board between persons of the register with
// package rating, publishes the new list and freezes it. A result
// corrected after its period was rated is carried into the next period as
// a correction. docs/ratings.md gives the formula and a worked example.
package ratings

import (
	"context"
	"strings"
	"time"

	"adiukh/rules/games"
	"adiukh/tournament"
	"adiukh/tournament/rating"
)

// The lists and the disciplines whose games count in each; team events'
// board games count in their discipline's list. Correspondence and
// composition are not rated.
const (
	Standard = "standard"
	Rapid    = "rapid"
	Blitz    = "blitz"
)

// Each game keeps lists of its own beside Adiukh's (issue 51): its
// players' ratings are not their Adiukh ones; the register of people is
// shared. A game's lists are named by its prefix (rules.Variant's
// RatingLists): "russian-standard" …

// Lists are the rating lists, in the order pages show them: each game's
// standard, rapid and blitz lists, the games in the registry's order.
var Lists = func() []string {
	var lists []string
	for _, v := range games.All {
		for _, d := range []string{Standard, Rapid, Blitz} {
			lists = append(lists, v.RatingList(d))
		}
	}
	return lists
}()

// ListOfGame is the list an event of the game and discipline counts in;
// "" for none.
func ListOfGame(game tournament.GameKind, d tournament.Discipline) string {
	list := ListOf(d)
	if list == "" {
		return ""
	}
	return game.Variant().RatingList(list)
}

// GameOfList is the game whose events a list rates.
func GameOfList(list string) tournament.GameKind {
	for _, v := range games.All {
		if v.RatingLists != "" && strings.HasPrefix(list, v.RatingLists) {
			return tournament.GameKind(v.Key)
		}
	}
	return tournament.DefaultGame
}

// ListOf is the Adiukh list an event's discipline counts in; "" for none.
func ListOf(d tournament.Discipline) string {
	switch d {
	case tournament.Standard, tournament.StandardTeam:
		return Standard
	case tournament.Rapid, tournament.RapidTeam:
		return Rapid
	case tournament.Blitz, tournament.BlitzTeam:
		return Blitz
	}
	return ""
}

// Period is a closed rating period of one list.
type Period struct {
	ID       int64
	List     string
	Until    string // YYYY-MM-DD: the events finished on or before it
	ClosedAt time.Time
	UserID   int64
	Events   int // events rated in it
	Games    int // games rated, corrections not counted
	// Options are the list's options it was rated with, Initial filled.
	Options rating.Options
}

// AuditEntry is one change to a list's options, kept in the rating lists'
// audit log: who, when, and the options before and after as JSON.
type AuditEntry struct {
	ID        int64
	At        time.Time
	UserID    int64
	UserEmail string
	List      string
	Action    string
	Before    string
	After     string
}

// ActionOptionsSet is the audit log's action of SetOptions.
const ActionOptionsSet = "options.set"

// RatedGame is a game of a rated event as it was rated: its persons and
// score, kept so that a later correction of the result can be carried.
type RatedGame struct {
	GameID           int64
	List             string
	PeriodID         int64 // the last period that counted it: its correction's, or RatedIn
	RatedIn          int64 // the period that rated it
	EventID          int64
	A, B             int64 // the persons of White and Black
	PointsA, PointsB int
}

// Store keeps the lists on the tournament's database.
type Store interface {
	Update(ctx context.Context, fn func(tx Tx) error) error
	View(ctx context.Context, fn func(tx Tx) error) error
}

// Tx is the store inside one transaction: the events, players, rounds and
// persons it rates, and the lists.
type Tx interface {
	Event(id int64) (*tournament.Event, error)
	Events(ownerID int64, all bool) ([]tournament.Event, error)
	Players(eventID int64) ([]tournament.Player, error)
	Rounds(eventID int64) ([]tournament.Round, error)
	Person(id int64) (*tournament.Person, error)
	// PeopleByID reads persons by their IDs.
	PeopleByID(ids []int64) (map[int64]tournament.Person, error)
	// LockList makes closings of one list, and changes of its options,
	// wait for each other.
	LockList(list string) error
	// Options reads a list's options, Initial filled; the defaults of
	// package rating when none were set.
	Options(list string) (rating.Options, error)
	SaveOptions(list string, opt rating.Options) error
	// AddRatingAudit appends to the rating lists' audit log.
	AddRatingAudit(a *AuditEntry) error
	// RatingAudit reads a list's audit log, newest first.
	RatingAudit(list string) ([]AuditEntry, error)
	// States reads a list's published standing of every person in it.
	States(list string) (map[int64]rating.State, error)
	// SaveStates stores the standing of the persons who played.
	SaveStates(list string, states map[int64]rating.State) error
	CreatePeriod(p *Period) error
	// Periods lists a list's periods, newest first.
	Periods(list string) ([]Period, error)
	SaveChanges(periodID int64, changes []rating.Change) error
	// Changes reads a period's changes.
	Changes(periodID int64) ([]rating.Change, error)
	// ChangesOf reads the changes of some persons in a period.
	ChangesOf(periodID int64, personIDs []int64) ([]rating.Change, error)
	// PersonChanges reads the changes of persons in a list with their
	// periods, oldest first.
	PersonChanges(list string, personIDs []int64) ([]Period, []rating.Change, error)
	// MergedInto lists the persons merged into a person, directly or
	// through another, whose merges stand.
	MergedInto(personID int64) ([]int64, error)
	// RatedEvents lists the events rated in any period.
	RatedEvents() (map[int64]bool, error)
	// RatedGames reads the games rated in a list.
	RatedGames(list string) ([]RatedGame, error)
	// RatedGamesByID reads the rated games with these game IDs.
	RatedGamesByID(gameIDs []int64) ([]RatedGame, error)
	// EventRatedGames reads the games of one event rated in any list.
	EventRatedGames(eventID int64) ([]RatedGame, error)
	// SaveRatedGames stores games as rated (in place of what was kept of
	// the same games).
	SaveRatedGames(games []RatedGame) error
}
