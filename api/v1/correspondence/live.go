package correspondence

import (
	"encoding/json"
	"fmt"
	"io"
	"sync"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/tournament"
	"adiukh/tournament/catalog"
	"adiukh/tournament/correspondence"
)

// Live games push each change to the players and spectators watching
// them, as server-sent events: one stream per game, one-way (moves go by
// POST /games/{gid}/moves, which a retry may repeat safely), through every
// proxy that passes HTTP, and reconnected by the browser on its own
// (docs/online.md says why not WebSocket).

// streamGame answers GET /games/{gid}/stream: the game, then again after
// every change, each as an event "game" with the body of GET /games/{gid}
// and the game's version as its ID (core.Push: a client that comes back
// with the version it last saw is sent the game at once only when it
// changed meanwhile; the watch is registered before the game is read). A
// player who opens it has shown up for the game, and is connected to it
// while it is open (Connect); a newer stream of theirs of the same game
// replaces it. A spectator over the limits of open streams is refused with
// 429 and Retry-After; the page then asks for the game every few seconds.
func (h *handler) streamGame(c *gin.Context) error {
	gid, err := core.PathInt(c, "gid")
	if err != nil {
		return err
	}
	seen, err := core.LastSeen(c)
	if err != nil {
		return err
	}
	ctx := c.Request.Context()
	player, err := h.Correspondence.Plays(ctx, gid)
	if err != nil {
		return err
	}
	var account int64
	if u := tournament.UserFromContext(ctx); u != nil {
		account = u.ID
	}
	slot, err := h.OpenStream(core.ClientAddress(c), account, gid, player)
	if err != nil {
		return err
	}
	defer slot.Release()
	if player {
		// The opponent's page shows the player connected while the
		// stream is open; the stream's first event says so already.
		leave, err := h.Correspondence.Connect(ctx, gid)
		if err != nil {
			return err
		}
		defer leave()
	}
	defer h.events.watch(gid)()
	lang := core.JSONLang(c)
	return core.Push(c, slot, seen, core.PushChannel[*correspondence.View]{
		Subscribe: func() core.Subscription[*correspondence.View] {
			f := h.Correspondence.Subscribe(gid, player)
			return core.Subscription[*correspondence.View]{
				Changes: f.Changes,
				Read:    f.Read,
				Next: func(version int64) (*correspondence.View, bool) {
					v := f.Next(int(version))
					return v, v != nil
				},
				Stop: f.Stop,
			}
		},
		Version: func(v *correspondence.View) int64 { return int64(v.Version) },
		Write: func(w io.Writer, v *correspondence.View) error {
			body, err := h.events.event(lang, v)
			if err == nil {
				_, err = w.Write(body)
			}
			return err
		},
	})
}

// eventCache keeps each watched game's newest event, per language, for
// as long as somebody watches it: the two thousand spectators of a game
// are sent the bytes made once.
type eventCache struct {
	mu    sync.Mutex
	games map[int64]*cachedGame
}

// cachedGame is the newest version of a game as events, by language, and
// how many streams watch it.
type cachedGame struct {
	watchers int
	view     *correspondence.View
	events   map[catalog.Lang][]byte
}

func newEventCache() *eventCache {
	return &eventCache{games: map[int64]*cachedGame{}}
}

// watch counts a stream of the game in; the function it returns counts it
// out, and forgets the game after its last stream.
func (ec *eventCache) watch(gameID int64) func() {
	ec.mu.Lock()
	defer ec.mu.Unlock()
	g := ec.games[gameID]
	if g == nil {
		g = &cachedGame{}
		ec.games[gameID] = g
	}
	g.watchers++
	return func() {
		ec.mu.Lock()
		defer ec.mu.Unlock()
		if g.watchers--; g.watchers == 0 {
			delete(ec.games, gameID)
		}
	}
}

// event is the server-sent event of version v of a watched game in lang.
// The watchers of a game share the newest version (correspondence.Following):
// it is made once per language; any other (a stream's own first read) is
// made for its stream alone.
func (ec *eventCache) event(lang catalog.Lang, v *correspondence.View) ([]byte, error) {
	ec.mu.Lock()
	defer ec.mu.Unlock()
	g := ec.games[v.ID]
	if g == nil {
		return gameEvent(lang, v)
	}
	if g.view == nil || g.view.Version < v.Version {
		g.view, g.events = v, map[catalog.Lang][]byte{}
	}
	if g.view != v {
		return gameEvent(lang, v)
	}
	if b, ok := g.events[lang]; ok {
		return b, nil
	}
	b, err := gameEvent(lang, v)
	if err == nil {
		g.events[lang] = b
	}
	return b, err
}

// gameEvent is version v of a game as a server-sent event "game" whose ID
// is the version.
func gameEvent(lang catalog.Lang, v *correspondence.View) ([]byte, error) {
	body, err := json.Marshal(newCorrGameView(catalog.For(lang), v))
	if err != nil {
		return nil, err
	}
	return fmt.Appendf(nil, "event: game\nid: %d\ndata: %s\n\n", v.Version, body), nil
}
