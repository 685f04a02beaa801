package kit

import (
	"time"

	"github.com/gin-gonic/gin"

	"adiukh/tournament"
	"adiukh/tournament/entries"
)

// EventHeader is what every page of one event shows above its tabs.
type EventHeader struct {
	Event     *tournament.Event
	Tab       string
	CanManage bool
	// Judge: the reader judges the event's composition contest, whose
	// jury page only the judges and the director may open.
	Judge bool
	// Following: the signed-in reader follows the event.
	Following bool
	// MyEntry is the signed-in reader's latest entry to the event, whose
	// state the entries tab names; nil when they have none.
	MyEntry *entries.Entry
	// Rated: the lists have rated the event's games; its rating report
	// is a tab.
	Rated bool
	// Regulations: the event has its regulations attached, which the
	// header links.
	Regulations bool
}

// LiveEvery: the public tabs of a running event show new results in place,
// except to its arbiters, whose forms on them must keep what they type,
// every base. An event played live on the site changes by the second:
// its tabs look every onlineLiveEvery at most, so a game's end shows in
// the standings within seconds, and its games tab, which has no form,
// follows the clocks for its arbiters too. 0: the page does not look.
func (head EventHeader) LiveEvery(base time.Duration) time.Duration {
	if head.Event == nil || head.Event.Status != tournament.Running {
		return 0
	}
	if head.Event.Online {
		base = min(base, onlineLiveEvery)
		if head.Tab == "games" {
			return base
		}
	}
	if head.CanManage {
		return 0
	}
	switch head.Tab {
	case "pairings", "standings", "crosstable", "players":
		return base
	}
	return 0
}

// onlineLiveEvery is how often the open tabs of an event played live on
// the site look for news: the page cache answers 304 while nothing changed.
const onlineLiveEvery = 3 * time.Second

// Header is the header of e's pages with tab chosen, for the reader.
func (k *Kit) Header(c *gin.Context, e *tournament.Event, tab string) EventHeader {
	ctx := c.Request.Context()
	u := tournament.UserFromContext(ctx)
	head := EventHeader{Event: e, Tab: tab, CanManage: tournament.CanManage(u, e)}
	// The follow button, the reader's entry and the ratings tab are left
	// out, and the failure logged, rather than the whole page failed.
	var err error
	if u != nil {
		// Only a signed-in reader's pages show it, and those are not cached.
		if head.Following, err = k.Entries.Following(ctx, e.ID, 0); err != nil {
			k.Log.Error("event header: is the reader following", "event", e.ID, "err", err)
		}
		if e.Discipline.PlaysGames() && !e.Discipline.IsTeam() {
			if head.MyEntry, err = k.Entries.MyEntry(ctx, e.ID); err != nil {
				k.Log.Error("event header: the reader's entry", "event", e.ID, "err", err)
			}
		}
	}
	if head.Regulations, err = k.Entries.HasRegulations(ctx, e.ID); err != nil {
		k.Log.Error("event header: has the event regulations", "event", e.ID, "err", err)
	}
	if e.Rated && e.Status == tournament.Finished && k.Ratings != nil {
		if head.Rated, err = k.Ratings.EventRated(ctx, e.ID); err != nil {
			k.Log.Error("event header: the event's rating", "event", e.ID, "err", err)
		}
	}
	if u != nil && !head.CanManage && !e.Discipline.PlaysGames() && k.Composition != nil {
		if cv, err := k.Composition.Contest(ctx, e.ID); err == nil {
			head.Judge = cv.IsJudge
		}
	}
	return head
}
