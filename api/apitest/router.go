package apitest

import (
	"net/http"

	"adiukh/api"
	"adiukh/tournament/checkin"
	"adiukh/tournament/engines"
	"adiukh/tournament/entries"
	"adiukh/tournament/interchange"
	"adiukh/tournament/knockout"
	"adiukh/tournament/micromatch"
	"adiukh/tournament/people"
	"adiukh/tournament/playercard"
	"adiukh/tournament/playoff"
	"adiukh/tournament/prizelist"
	"adiukh/tournament/ratings"
	"adiukh/tournament/relay"
	"adiukh/tournament/review"
	"adiukh/tournament/schedule"
	"adiukh/tournament/search"
	"adiukh/tournament/store"
	"adiukh/tournament/submissions"
	"adiukh/tournament/swiss"
	"adiukh/tournament/teams"
)

// NewRouter is the site of d as cmd/adiukh wires it: the register of
// people, the rating lists, the entries, the search, the micro-matches and
// the team competitions on d's database when the test gave none, on the
// test's clock; the entries keeping the accounts' pages' parts, as
// `adiukh serve`'s do (WithServices keeps none).
func NewRouter(d api.Deps) http.Handler {
	if st, ok := d.DB.(*store.Store); ok {
		if d.Entries == nil {
			d.Entries = entries.NewService(st.Entries(), entries.Options{Now: d.Now, KeepParts: true})
		}
		d = WithServices(d, st)
	}
	return api.NewRouter(d)
}

// WithServices gives d the services of st that the test gave none of, as
// NewRouter does.
func WithServices(d api.Deps, st *store.Store) api.Deps {
	if d.People == nil {
		d.People = people.NewService(st.People(), people.Options{Now: d.Now})
	}
	if d.Ratings == nil {
		d.Ratings = ratings.NewService(st.Ratings(), ratings.Options{Now: d.Now})
	}
	if d.Entries == nil {
		d.Entries = entries.NewService(st.Entries(), entries.Options{Now: d.Now})
	}
	if d.Search == nil {
		d.Search = search.NewService(st.Search())
	}
	if d.Schedule == nil {
		d.Schedule = schedule.NewService(st, nil)
	}
	if d.Swiss == nil {
		d.Swiss = swiss.NewService(st, d.Events, d.Now)
	}
	if d.Checkin == nil {
		d.Checkin = checkin.NewService(st.Checkin(), d.Now)
	}
	if d.PlayerCards == nil {
		d.PlayerCards = playercard.NewService(st, d.Events)
	}
	if d.Submissions == nil {
		d.Submissions = submissions.NewService(st.Submissions(), d.Events, d.Now)
	}
	if d.Interchange == nil {
		opt := engines.InterchangeOptions()
		opt.Now = d.Now
		d.Interchange = interchange.NewService(st.Interchange(), d.Events, opt)
	}
	if d.Review == nil {
		opt := engines.ReviewOptions()
		opt.Now = d.Now
		d.Review = review.NewService(st.Review(), d.Events, opt)
	}
	if d.Relay == nil {
		d.Relay = relay.NewService(st.Relay(), d.Events, relay.Options{Now: d.Now})
	}
	if d.PrizeLists == nil {
		d.PrizeLists = prizelist.NewService(st.PrizeLists(), d.Events, d.Now)
	}
	if d.Knockout == nil {
		d.Knockout = knockout.NewService(st.Knockout(), d.Now)
	}
	if d.MicroMatches == nil {
		d.MicroMatches = micromatch.NewService(st.MicroMatches(), d.Now)
	}
	if d.Teams == nil {
		opt := engines.TeamOptions()
		opt.Now = d.Now
		d.Teams = teams.NewService(st.Teams(), d.Events, opt)
	}
	if d.Playoffs == nil {
		d.Playoffs = playoff.NewService(st.Playoffs(), d.Events, d.Teams, d.Now)
	}
	return d
}
