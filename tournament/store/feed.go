package store

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"

	"adiukh/tournament/correspondence"
)

// gamesChannel is the PostgreSQL channel on which a transaction that
// changed a correspondence or live game tells it, as it commits, to every
// instance listening: "schema:game:version", followed by ":" and the
// change (gameNotice) when it fits in a notice.
const gamesChannel = "adiukh_games"

// maxNotice is the most a notice's payload may hold: PostgreSQL refuses
// 8,000 bytes and more.
const maxNotice = 7999

// corrFeed is the correspondence store on PostgreSQL, with the change feed
// that tells every instance of the games changed on any of them
// (LISTEN/NOTIFY): a move made on one instance reaches the watchers on
// another as it commits, not at their next poll.
type corrFeed struct{ corrStore }

var _ correspondence.ChangeFeed = corrFeed{}

// gameNotice is the change a transaction made to one game: the version it
// changed (From), the game as stored at its end and the moves it added.
type gameNotice struct {
	ID    int64         `json:"-"`
	From  int           `json:"f"`
	Game  *corrGameRow  `json:"g"`
	Moves []corrMoveRow `json:"m,omitempty"`
}

// payload is the notice for schema: the game's ID and new version, and the
// change when it fits.
func (n *gameNotice) payload(schema string) string {
	head := fmt.Sprintf("%s:%d:%d", schema, n.ID, n.Game.Version)
	change, err := json.Marshal(n)
	if err != nil || len(head)+1+len(change) > maxNotice {
		return head // the instances read the game
	}
	return head + ":" + string(change)
}

// ListenGames listens on a connection of its own until ctx ends or the
// connection breaks. Tests share one database in several schemas: the
// notices of other schemas are not this store's.
func (c corrFeed) ListenGames(ctx context.Context, ready func(), heard func(correspondence.GameNotice)) error {
	conn, err := pgx.Connect(ctx, c.s.dsn)
	if err != nil {
		return fmt.Errorf("connect the change feed to %s: %w", redact(c.s.dsn), err)
	}
	defer conn.Close(context.Background())
	if _, err := conn.Exec(ctx, "LISTEN "+gamesChannel); err != nil {
		return fmt.Errorf("listen to %s: %w", gamesChannel, err)
	}
	ready()
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return fmt.Errorf("the change feed: %w", err)
		}
		if notice, ok := parseGameNotice(n.Payload, c.s.schema); ok {
			heard(notice)
		}
	}
}

// parseGameNotice reads a notice of gamesChannel for schema. A change it
// cannot read leaves the notice with the game's ID and version alone: the
// game is read then.
func parseGameNotice(payload, schema string) (correspondence.GameNotice, bool) {
	var out correspondence.GameNotice
	rest, found := strings.CutPrefix(payload, schema+":")
	if !found {
		return out, false
	}
	idText, rest, found := strings.Cut(rest, ":")
	if !found {
		return out, false
	}
	versionText, change, _ := strings.Cut(rest, ":")
	id, err := strconv.ParseInt(idText, 10, 64)
	if err != nil {
		return out, false
	}
	version, err := strconv.Atoi(versionText)
	if err != nil {
		return out, false
	}
	out.GameID, out.Version = id, version
	var n gameNotice
	if change == "" || json.Unmarshal([]byte(change), &n) != nil || n.Game == nil || n.Game.ID != id || n.Game.Version != version {
		return out, true
	}
	g := rowToCorrGame(n.Game)
	out.From, out.Game = n.From, &g
	out.Moves = make([]correspondence.Move, len(n.Moves))
	for i := range n.Moves {
		out.Moves[i] = rowToCorrMove(&n.Moves[i])
	}
	return out, true
}
