package store

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"

	"adiukh/tournament/correspondence"
)

// gamesChannel is the PostgreSQL channel on which a transaction that
// changed a correspondence or live game tells it, as it commits, to every
// instance listening: "schema:game:version".
const gamesChannel = "adiukh_games"

// corrFeed is the correspondence store on PostgreSQL, with the change feed
// that tells every instance of the games changed on any of them
// (LISTEN/NOTIFY): a move made on one instance reaches the watchers on
// another as it commits, not at their next poll.
type corrFeed struct{ corrStore }

var _ correspondence.ChangeFeed = corrFeed{}

// ListenGames listens on a connection of its own until ctx ends or the
// connection breaks. Tests share one database in several schemas: the
// notices of other schemas are not this store's.
func (c corrFeed) ListenGames(ctx context.Context, ready func(), heard func(gameID int64, version int)) error {
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
		if id, version, ok := parseGameNotice(n.Payload, c.s.schema); ok {
			heard(id, version)
		}
	}
}

// parseGameNotice reads a notice of gamesChannel for schema.
func parseGameNotice(payload, schema string) (id int64, version int, ok bool) {
	rest, found := strings.CutPrefix(payload, schema+":")
	if !found {
		return 0, 0, false
	}
	idText, versionText, found := strings.Cut(rest, ":")
	if !found {
		return 0, 0, false
	}
	id, err := strconv.ParseInt(idText, 10, 64)
	if err != nil {
		return 0, 0, false
	}
	version, err = strconv.Atoi(versionText)
	return id, version, err == nil
}
