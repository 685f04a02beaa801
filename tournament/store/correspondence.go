package store

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
	"gorm.io/gorm/schema"

	"adiukh/rules"
	"adiukh/tournament"
	"adiukh/tournament/correspondence"
)

// The live rows of correspondence play; migration 2026112250 created their
// tables. Times are stored in UTC, and the deadline also as Unix
// milliseconds, which compare the same way on SQLite and PostgreSQL.

type corrSettingsRow struct {
	EventID       int64 `gorm:"primaryKey;autoIncrement:false"`
	LeaveDays     int
	MaxMoveDays   int
	StartPosition string
	StartSide     int
}

func (corrSettingsRow) TableName() string { return "correspondence_settings" }

type corrGameRow struct {
	ID             int64 `gorm:"primaryKey"`
	BoardGameID    int64
	EventID        int64
	Round          int
	Board          int
	WhiteID        int64
	BlackID        int64
	Status         string
	Position       string
	ToMove         int
	Ply            int
	WhiteBankMs    int64
	BlackBankMs    int64
	TurnStart      time.Time
	TurnMaxMove    int
	DeadlineMs     int64
	OfferBy        int // -1: no offer; else the side
	OfferPly       int
	EndReason      string
	WhitePoints    int
	BlackPoints    int
	Note           string
	WarnedPly      int
	RepetitionFrom int
	StartedAt      time.Time
	EndedAt        *time.Time
	Version        int
	Live           bool
	WhiteShown     *time.Time
	BlackShown     *time.Time
	// WhiteConnection and BlackConnection: Game.Connection.
	WhiteConnection int
	BlackConnection int
	StoppedMs       int64
	MicroGame       int
	StartPosition   string
	// MatchGame: migration 20261127083000-match-games-on-site.
	MatchGame int
	// TimeControl: migration 20261127145500-game-time-control.
	TimeControl string
}

func (corrGameRow) TableName() string { return "correspondence_games" }

// corrRenamedGameRow is a game that had another ID before migration
// 20261126152300 (a micro-match's second game, its board's ID plus 2^40),
// so that a link kept with that ID still finds it.
type corrRenamedGameRow struct {
	FormerID int64 `gorm:"primaryKey;autoIncrement:false"`
	GameID   int64
}

func (corrRenamedGameRow) TableName() string { return "correspondence_renamed_games" }

type corrMoveRow struct {
	ID        int64 `gorm:"primaryKey"`
	GameID    int64
	Ply       int
	Notation  string
	Position  string
	PlayedAt  time.Time
	UsedMs    int64
	DrawOffer bool
	LeftMs    int64
}

func (corrMoveRow) TableName() string { return "correspondence_moves" }

type corrLeaveRow struct {
	ID        int64 `gorm:"primaryKey"`
	EventID   int64
	PlayerID  int64
	FromDate  string
	ToDate    string
	ByArbiter bool
	UserID    int64
	Reason    string
	CreatedAt time.Time
}

func (corrLeaveRow) TableName() string { return "correspondence_leaves" }

type corrNotificationRow struct {
	ID        int64 `gorm:"primaryKey"`
	UserID    int64
	EventID   int64
	GameID    int64
	Kind      string
	Args      string
	CreatedAt time.Time
	Read      bool
	Mailed    bool
}

func (corrNotificationRow) TableName() string { return "correspondence_notifications" }

// Correspondence returns the store of correspondence play, on the same
// database and in the same transactions as the tournament store.
// On PostgreSQL it is also the change feed that tells every instance of
// the games changed on any of them (corrFeed).
func (s *Store) Correspondence() correspondence.Store {
	if s.schema != "" {
		return corrFeed{corrStore{s}}
	}
	return corrStore{s}
}

type corrStore struct{ s *Store }

// Update and View run as the tournament store's do (see Store.Update and
// Store.View): one writer, read-only views, conflicts and SQLite's busy
// answers handled alike.
// On PostgreSQL the games a write transaction changed are told to every
// instance as it commits (tell).
func (c corrStore) Update(ctx context.Context, fn func(tx correspondence.Tx) error) error {
	return c.s.run(ctx, c.s.db, nil, func(t *tx) error {
		ct := &corrTx{tx: t, schema: c.s.schema}
		if err := fn(ct); err != nil {
			return err
		}
		return ct.tell()
	})
}

func (c corrStore) View(ctx context.Context, fn func(tx correspondence.Tx) error) error {
	return c.s.run(ctx, c.s.read, c.s.viewOptions(), func(t *tx) error { return fn(&corrTx{tx: t, schema: c.s.schema}) })
}

// corrTx is a tournament transaction with the correspondence records; its
// own methods take precedence over the tournament ones of the same name.
// schema is the PostgreSQL schema whose games' changes it tells the change
// feed; empty on SQLite. notices are the games it changed and the moves it
// added to them, in the order first changed, to tell as it commits.
type corrTx struct {
	*tx
	schema  string
	notices []*gameNotice
}

var _ correspondence.Tx = (*corrTx)(nil)

func (t *corrTx) User(id int64) (*tournament.User, error) {
	var row userRow
	if err := t.db.First(&row, id).Error; err != nil {
		return nil, notFound(err, "user %d not found", id)
	}
	return rowToUser(&row), nil
}

func (t *corrTx) Settings(eventID int64) (*correspondence.Settings, error) {
	var rows []corrSettingsRow
	if err := t.db.Where("event_id = ?", eventID).Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("read correspondence settings of event %d: %w", eventID, err)
	}
	if len(rows) == 0 {
		return &correspondence.Settings{EventID: eventID, LeaveDays: correspondence.DefaultLeaveDays}, nil
	}
	r := rows[0]
	return &correspondence.Settings{EventID: eventID, LeaveDays: r.LeaveDays, MaxMoveDays: r.MaxMoveDays,
		StartPosition: r.StartPosition, StartSide: rules.Color(r.StartSide)}, nil
}

func (t *corrTx) SaveSettings(s *correspondence.Settings) error {
	row := corrSettingsRow{EventID: s.EventID, LeaveDays: s.LeaveDays, MaxMoveDays: s.MaxMoveDays,
		StartPosition: s.StartPosition, StartSide: int(s.StartSide)}
	err := t.db.Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "event_id"}}, UpdateAll: true}).Create(&row).Error
	if err != nil {
		return fmt.Errorf("save correspondence settings of event %d: %w", s.EventID, err)
	}
	return nil
}

func (t *corrTx) PlayerNames(ids []int64) (map[int64]string, error) {
	out := make(map[int64]string, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	var rows []struct {
		ID   int64
		Name string
	}
	if err := t.db.Model(&playerRow{}).Select("id", "name").Where("id IN ?", ids).Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("read the names of %d players: %w", len(ids), err)
	}
	for _, r := range rows {
		out[r.ID] = r.Name
	}
	return out, nil
}

func (t *corrTx) AccountsOfUser(userID int64) ([]correspondence.Account, error) {
	var rows []playerAccountRow
	if err := t.db.Where("user_id = ?", userID).Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("read the players of user %d: %w", userID, err)
	}
	out := make([]correspondence.Account, len(rows))
	for i, r := range rows {
		out[i] = correspondence.Account{EventID: r.EventID, PlayerID: r.PlayerID, UserID: r.UserID}
	}
	return out, nil
}

func corrGameToRow(g *correspondence.Game) corrGameRow {
	row := corrGameRow{ID: g.ID, BoardGameID: g.BoardGameID, EventID: g.EventID, Round: g.Round, Board: g.Board, WhiteID: g.WhiteID, BlackID: g.BlackID,
		Status: string(g.Status), Position: g.Position, ToMove: int(g.ToMove), Ply: g.Ply,
		WhiteBankMs: g.Bank[rules.White].Milliseconds(), BlackBankMs: g.Bank[rules.Black].Milliseconds(),
		TurnStart: g.TurnStart.UTC(), TurnMaxMove: g.TurnMaxMoveDays, DeadlineMs: g.Deadline.UnixMilli(), OfferBy: -1, OfferPly: g.OfferPly,
		Note: g.Note, WarnedPly: g.WarnedPly, RepetitionFrom: g.RepetitionFrom, StartedAt: g.StartedAt.UTC(), Version: g.Version}
	if g.OfferBy != nil {
		row.OfferBy = int(*g.OfferBy)
	}
	if g.Result != nil {
		row.EndReason, row.WhitePoints, row.BlackPoints = string(g.Result.EndReason), g.Result.White, g.Result.Black
	}
	if !g.EndedAt.IsZero() {
		ended := g.EndedAt.UTC()
		row.EndedAt = &ended
	}
	row.Live = g.Live
	row.WhiteShown, row.BlackShown = optionalTime(g.Shown[rules.White]), optionalTime(g.Shown[rules.Black])
	row.WhiteConnection, row.BlackConnection = g.Connection[rules.White], g.Connection[rules.Black]
	row.StoppedMs = g.Stopped.Milliseconds()
	row.MicroGame, row.StartPosition, row.MatchGame, row.TimeControl = g.MicroGame, g.Start, g.MatchGame, g.TimeControl
	return row
}

func rowToCorrGame(r *corrGameRow) correspondence.Game {
	g := correspondence.Game{ID: r.ID, BoardGameID: r.BoardGameID, EventID: r.EventID, Round: r.Round, Board: r.Board, WhiteID: r.WhiteID, BlackID: r.BlackID,
		Status: correspondence.Status(r.Status), Position: r.Position, ToMove: rules.Color(r.ToMove), Ply: r.Ply,
		TurnStart: r.TurnStart.UTC(), TurnMaxMoveDays: r.TurnMaxMove, Deadline: time.UnixMilli(r.DeadlineMs).UTC(), OfferPly: r.OfferPly,
		Note: r.Note, WarnedPly: r.WarnedPly, RepetitionFrom: r.RepetitionFrom, StartedAt: r.StartedAt.UTC(), Version: r.Version}
	g.Bank[rules.White] = time.Duration(r.WhiteBankMs) * time.Millisecond
	g.Bank[rules.Black] = time.Duration(r.BlackBankMs) * time.Millisecond
	if r.OfferBy >= 0 {
		side := rules.Color(r.OfferBy)
		g.OfferBy = &side
	}
	if r.EndReason != "" {
		g.Result = &tournament.Result{White: r.WhitePoints, Black: r.BlackPoints, EndReason: tournament.EndReason(r.EndReason)}
	}
	if r.EndedAt != nil {
		g.EndedAt = r.EndedAt.UTC()
	}
	g.Live = r.Live
	g.Shown = [2]time.Time{rules.White: fromOptional(r.WhiteShown), rules.Black: fromOptional(r.BlackShown)}
	g.Connection = [2]int{rules.White: r.WhiteConnection, rules.Black: r.BlackConnection}
	g.Stopped = time.Duration(r.StoppedMs) * time.Millisecond
	g.MicroGame, g.Start, g.MatchGame, g.TimeControl = r.MicroGame, r.StartPosition, r.MatchGame, r.TimeControl
	return g
}

func (t *corrTx) CreateGames(games []correspondence.Game) error {
	if len(games) == 0 {
		return nil
	}
	rows := make([]corrGameRow, len(games))
	for i := range games {
		rows[i] = corrGameToRow(&games[i])
	}
	if err := t.db.Create(&rows).Error; err != nil {
		return fmt.Errorf("create correspondence games: %w", err)
	}
	for i := range games {
		games[i].ID = rows[i].ID
	}
	return nil
}

func (t *corrTx) Game(id int64) (*correspondence.Game, error) {
	return t.game(t.db, id)
}

// GameAt reads the game with the data version beside it, as a column of
// the same row: a live move's read transaction learns the version of its
// snapshot without a statement more.
func (t *corrTx) GameAt(id int64) (*correspondence.Game, int64, error) {
	var row struct {
		Game        corrGameRow `gorm:"embedded"`
		DataVersion int64
	}
	err := t.db.Model(&corrGameRow{}).Select("correspondence_games.*, (SELECT version FROM data_version WHERE id = 1) AS data_version").
		Where("correspondence_games.id = ?", id).Take(&row).Error
	if err != nil {
		return nil, 0, notFound(err, "game %d not found", id)
	}
	g := rowToCorrGame(&row.Game)
	return &g, row.DataVersion, nil
}

func (t *corrTx) GameVersions(ids []int64) (map[int64]int, error) {
	var rows []struct {
		ID      int64
		Version int
	}
	if err := t.db.Model(&corrGameRow{}).Select("id", "version").Where("id IN ?", ids).Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("read the versions of %d games: %w", len(ids), err)
	}
	out := make(map[int64]int, len(rows))
	for _, r := range rows {
		out[r.ID] = r.Version
	}
	return out, nil
}

func (t *corrTx) SecondGames(boardGameIDs []int64) (map[int64]int64, error) {
	var rows []struct {
		ID          int64
		BoardGameID int64
	}
	err := t.db.Model(&corrGameRow{}).Select("id", "board_game_id").Where("micro_game = 2 AND board_game_id IN ?", boardGameIDs).Find(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("read the second games of %d boards: %w", len(boardGameIDs), err)
	}
	out := make(map[int64]int64, len(rows))
	for _, r := range rows {
		out[r.BoardGameID] = r.ID
	}
	return out, nil
}

func (t *corrTx) RenamedGame(former int64) (int64, error) {
	var row corrRenamedGameRow
	if err := t.db.Take(&row, "former_id = ?", former).Error; err != nil {
		return 0, notFound(err, "game %d not found", former)
	}
	return row.GameID, nil
}

// LockGame takes a row lock on PostgreSQL; SQLite runs one transaction at
// a time already (see LockEvent).
func (t *corrTx) LockGame(id int64) (*correspondence.Game, error) {
	db := t.db
	if db.Dialector.Name() == "postgres" {
		db = db.Clauses(clause.Locking{Strength: "UPDATE"})
	}
	return t.game(db, id)
}

func (t *corrTx) game(db *gorm.DB, id int64) (*correspondence.Game, error) {
	var row corrGameRow
	if err := db.First(&row, id).Error; err != nil {
		return nil, notFound(err, "game %d not found", id)
	}
	g := rowToCorrGame(&row)
	return &g, nil
}

// SaveGame is a conditional update on the version, so that of two changes
// made from the same state only the first is kept.
func (t *corrTx) SaveGame(g *correspondence.Game) error {
	row := corrGameToRow(g)
	row.Version = g.Version + 1
	res := t.db.Model(&corrGameRow{}).Where("id = ? AND version = ?", g.ID, g.Version).Select("*").Omit("id").Updates(&row)
	if res.Error != nil {
		return fmt.Errorf("update correspondence game %d: %w", g.ID, res.Error)
	}
	if res.RowsAffected == 0 {
		return tournament.Conflict("ply", "game %d was changed meanwhile; reload it", g.ID)
	}
	g.Version++
	if t.schema != "" {
		// Every instance's watchers hear of it as it commits (tell), with
		// the game as it is stored.
		n := t.notice(g.ID)
		if n.Game == nil {
			n.From = g.Version - 1
		}
		n.Game = &row
	}
	return nil
}

// SaveGames saves the games as SaveGame saves each. On PostgreSQL it is
// one statement, whatever their number: the committer's batch of a round's
// first moves, or of a thousand players opening their games, is a hundred
// games, and a statement each waited a hundred times for the database
// (scheduled among other processes on a busy machine: seconds). SQLite
// runs in the process, where a statement costs no such wait.
func (t *corrTx) SaveGames(games []*correspondence.Game) ([]error, error) {
	outcome := make([]error, len(games))
	if t.schema == "" || len(games) < 2 {
		for i, g := range games {
			err := t.SaveGame(g)
			if err != nil && tournament.ErrorCode(err) != tournament.ECONFLICT {
				return nil, err
			}
			outcome[i] = err
		}
		return outcome, nil
	}
	rows := make([]corrGameRow, len(games))
	var values []map[string]any
	var ids []int64
	first := map[int64]int{} // each game's first place in games
	for i, g := range games {
		if _, ok := first[g.ID]; ok {
			continue // one of two changes made from one version: a conflict, as SaveGame's second
		}
		first[g.ID] = i
		rows[i] = corrGameToRow(g)
		rows[i].Version = g.Version + 1
		values = append(values, gameColumns(&rows[i]))
		ids = append(ids, g.ID)
	}
	payload, err := json.Marshal(values)
	if err != nil {
		return nil, fmt.Errorf("save %d correspondence games: %w", len(games), err)
	}
	// The rows are locked in the order of their IDs first, as every
	// writer of several games locks them: an update's join takes them in
	// an order of its own, and two instances' batches could each wait for
	// a row the other holds.
	var locked []int64
	if err := t.db.Table("correspondence_games").Raw("SELECT id FROM correspondence_games WHERE id IN ? ORDER BY id FOR UPDATE", ids).Scan(&locked).Error; err != nil {
		return nil, fmt.Errorf("lock %d correspondence games: %w", len(ids), err)
	}
	// The rows are read as the table's own row type: each value has its
	// column's type, as a statement's parameter would.
	var saved []int64
	if err := t.db.Table("correspondence_games").Raw(saveGamesQuery, string(payload)).Scan(&saved).Error; err != nil {
		return nil, fmt.Errorf("save %d correspondence games: %w", len(games), err)
	}
	done := make(map[int64]bool, len(saved))
	for _, id := range saved {
		done[id] = true
	}
	for i, g := range games {
		if first[g.ID] != i || !done[g.ID] {
			outcome[i] = tournament.Conflict("ply", "game %d was changed meanwhile; reload it", g.ID)
			continue
		}
		g.Version++
		n := t.notice(g.ID)
		if n.Game == nil {
			n.From = g.Version - 1
		}
		n.Game = &rows[i]
	}
	return outcome, nil
}

// saveGamesQuery saves every column of the games given as a JSON array
// whose stored version is the one before theirs (SaveGame's condition),
// and returns the IDs of those it saved.
var saveGamesQuery = func() string {
	columns := gameColumnNames()
	set := make([]string, len(columns))
	for i, c := range columns {
		set[i] = "v." + c
	}
	return "UPDATE correspondence_games AS g SET (" + strings.Join(columns, ", ") + ") = (" + strings.Join(set, ", ") +
		") FROM json_populate_recordset(NULL::correspondence_games, ?) AS v WHERE g.id = v.id AND g.version = v.version - 1 RETURNING g.id"
}()

// gameColumnNames are the columns SaveGames writes: every one of
// corrGameRow but its ID, in the order of its fields.
func gameColumnNames() []string {
	var names []string
	for _, f := range gameRowSchema().Fields {
		if f.DBName != "" && f.DBName != "id" {
			names = append(names, f.DBName)
		}
	}
	return names
}

// gameColumns is row as a JSON object of its columns, its times to the
// microsecond, as the driver writes them: a game saved by SaveGames reads
// back the same as one saved by SaveGame.
func gameColumns(row *corrGameRow) map[string]any {
	m := map[string]any{}
	v := reflect.ValueOf(row).Elem()
	for _, f := range gameRowSchema().Fields {
		if f.DBName == "" {
			continue
		}
		value := v.FieldByIndex(f.StructField.Index).Interface()
		switch t := value.(type) {
		case time.Time:
			value = t.UTC().Truncate(time.Microsecond).Format(time.RFC3339Nano)
		case *time.Time:
			if t != nil {
				value = t.UTC().Truncate(time.Microsecond).Format(time.RFC3339Nano)
			}
		}
		m[f.DBName] = value
	}
	return m
}

// gameRowSchema is corrGameRow's columns as the ORM maps them.
var gameRowSchema = sync.OnceValue(func() *schema.Schema {
	s, err := schema.Parse(&corrGameRow{}, &sync.Map{}, schema.NamingStrategy{})
	if err != nil {
		panic(fmt.Sprintf("the columns of correspondence_games: %v", err))
	}
	return s
})

// notice is the notice of the game changed in the transaction, begun when
// the game is first changed.
func (t *corrTx) notice(gameID int64) *gameNotice {
	for _, n := range t.notices {
		if n.ID == gameID {
			return n
		}
	}
	n := &gameNotice{ID: gameID}
	t.notices = append(t.notices, n)
	return n
}

// tell tells every instance listening (corrFeed) of the games the
// transaction saved, as it commits, in one statement. The statement is
// marked as the games' own write, which leaves the data version as it is
// (unversioned).
func (t *corrTx) tell() error {
	var payloads []any
	var values []string
	for _, n := range t.notices {
		if n.Game == nil {
			continue // moves of a game not saved: no change to tell
		}
		payloads = append(payloads, n.payload(t.schema))
		values = append(values, "(?)")
	}
	if len(payloads) == 0 {
		return nil
	}
	q := "SELECT pg_notify('" + gamesChannel + "', p) FROM (VALUES " + strings.Join(values, ", ") + ") AS notices(p)"
	if err := t.db.Table("correspondence_games").Exec(q, payloads...).Error; err != nil {
		return fmt.Errorf("tell the instances of %d changed games: %w", len(payloads), err)
	}
	return nil
}

func (t *corrTx) games(q *gorm.DB) ([]correspondence.Game, error) {
	var rows []corrGameRow
	if err := q.Order("event_id, round, board, micro_game, match_game").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("read correspondence games: %w", err)
	}
	out := make([]correspondence.Game, len(rows))
	for i := range rows {
		out[i] = rowToCorrGame(&rows[i])
	}
	return out, nil
}

func (t *corrTx) Games(eventID int64) ([]correspondence.Game, error) {
	return t.games(t.db.Where("event_id = ?", eventID))
}

func (t *corrTx) GamesOfPlayers(playerIDs []int64) ([]correspondence.Game, error) {
	if len(playerIDs) == 0 {
		return nil, nil
	}
	return t.games(t.db.Where("white_id IN ? OR black_id IN ?", playerIDs, playerIDs))
}

func (t *corrTx) RunningLiveGamesOfPlayers(playerIDs []int64) ([]correspondence.Game, error) {
	if len(playerIDs) == 0 {
		return nil, nil
	}
	return t.games(t.db.Where("live = ? AND status = ? AND (white_id IN ? OR black_id IN ?)", true, string(correspondence.Running), playerIDs, playerIDs))
}

func (t *corrTx) RunningLiveGames() ([]correspondence.Game, error) {
	return t.games(t.db.Where("live = ? AND status = ?", true, string(correspondence.Running)))
}

// liveClockRow is the one row of the live clock's last beat (migration
// live-clock).
type liveClockRow struct {
	ID     int `gorm:"primaryKey;autoIncrement:false"`
	BeatAt time.Time
}

func (liveClockRow) TableName() string { return "live_clock" }

// LiveBeat locks the row on PostgreSQL, so that of two instances beating
// after an outage one gives the time back; SQLite runs one writer.
func (t *corrTx) LiveBeat() (time.Time, error) {
	db := t.db
	if db.Dialector.Name() == "postgres" {
		db = db.Clauses(clause.Locking{Strength: "UPDATE"})
	}
	var rows []liveClockRow
	if err := db.Where("id = 1").Find(&rows).Error; err != nil {
		return time.Time{}, fmt.Errorf("read the live clock's last beat: %w", err)
	}
	if len(rows) == 0 {
		return time.Time{}, nil
	}
	return rows[0].BeatAt, nil
}

func (t *corrTx) SetLiveBeat(at time.Time) error {
	row := liveClockRow{ID: 1, BeatAt: at.UTC()}
	if err := t.db.Clauses(clause.OnConflict{UpdateAll: true}).Create(&row).Error; err != nil {
		return fmt.Errorf("keep the live clock's beat: %w", err)
	}
	return nil
}

func (t *corrTx) DueGames(at time.Time) ([]correspondence.Game, error) {
	return t.games(t.db.Where("status = ? AND deadline_ms <= ?", string(correspondence.Running), at.UnixMilli()))
}

func (t *corrTx) GamesPastEndDate(day string) ([]correspondence.Game, error) {
	return t.games(t.db.Where("status = ? AND event_id IN (?)", string(correspondence.Running),
		t.db.Model(&eventRow{}).Select("id").Where("end_date <> '' AND end_date < ?", day)))
}

func (t *corrTx) AddMove(m *correspondence.Move) error {
	return t.AddMoves([]correspondence.Move{*m})
}

func (t *corrTx) AddMoves(moves []correspondence.Move) error {
	if len(moves) == 0 {
		return nil
	}
	rows := make([]corrMoveRow, len(moves))
	for i, m := range moves {
		rows[i] = corrMoveRow{GameID: m.GameID, Ply: m.Ply, Notation: m.Notation, Position: m.Position,
			PlayedAt: m.PlayedAt.UTC(), UsedMs: m.Used.Milliseconds(), DrawOffer: m.DrawOffer, LeftMs: m.Left.Milliseconds()}
	}
	if err := t.db.Create(&rows).Error; err != nil {
		if len(moves) == 1 {
			return fmt.Errorf("record move %d of game %d: %w", moves[0].Ply, moves[0].GameID, err)
		}
		return fmt.Errorf("record %d moves: %w", len(moves), err)
	}
	if t.schema != "" {
		for _, row := range rows {
			n := t.notice(row.GameID)
			n.Moves = append(n.Moves, row)
		}
	}
	return nil
}

func (t *corrTx) Moves(gameID int64) ([]correspondence.Move, error) {
	var rows []corrMoveRow
	if err := t.db.Where("game_id = ?", gameID).Order("ply").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("read moves of game %d: %w", gameID, err)
	}
	out := make([]correspondence.Move, len(rows))
	for i := range rows {
		out[i] = rowToCorrMove(&rows[i])
	}
	return out, nil
}

func rowToCorrMove(r *corrMoveRow) correspondence.Move {
	return correspondence.Move{GameID: r.GameID, Ply: r.Ply, Notation: r.Notation, Position: r.Position,
		PlayedAt: r.PlayedAt.UTC(), Used: time.Duration(r.UsedMs) * time.Millisecond, DrawOffer: r.DrawOffer,
		Left: time.Duration(r.LeftMs) * time.Millisecond}
}

func (t *corrTx) AddLeave(l *correspondence.Leave) error {
	row := corrLeaveRow{EventID: l.EventID, PlayerID: l.PlayerID, FromDate: l.From, ToDate: l.To, ByArbiter: l.ByArbiter,
		UserID: l.UserID, Reason: l.Reason, CreatedAt: l.CreatedAt.UTC()}
	if err := t.db.Create(&row).Error; err != nil {
		return fmt.Errorf("book leave: %w", err)
	}
	l.ID = row.ID
	return nil
}

func (t *corrTx) Leaves(eventID int64) ([]correspondence.Leave, error) {
	var rows []corrLeaveRow
	if err := t.db.Where("event_id = ?", eventID).Order("from_date, id").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("read leave of event %d: %w", eventID, err)
	}
	out := make([]correspondence.Leave, len(rows))
	for i, r := range rows {
		out[i] = correspondence.Leave{ID: r.ID, EventID: r.EventID, PlayerID: r.PlayerID, From: r.FromDate, To: r.ToDate,
			ByArbiter: r.ByArbiter, UserID: r.UserID, Reason: r.Reason, CreatedAt: r.CreatedAt.UTC()}
	}
	return out, nil
}

func (t *corrTx) DeleteLeave(id int64) error {
	if err := t.db.Delete(&corrLeaveRow{}, id).Error; err != nil {
		return fmt.Errorf("cancel leave %d: %w", id, err)
	}
	return nil
}

func (t *corrTx) AddNotification(n *correspondence.Notification) error {
	args, err := json.Marshal(n.Args)
	if err != nil {
		return err
	}
	row := corrNotificationRow{UserID: n.UserID, EventID: n.EventID, GameID: n.GameID, Kind: string(n.Kind), Args: string(args), CreatedAt: n.CreatedAt.UTC()}
	if err := t.db.Create(&row).Error; err != nil {
		return fmt.Errorf("write notification: %w", err)
	}
	n.ID = row.ID
	return nil
}

func (t *corrTx) notifications(q *gorm.DB) ([]correspondence.Notification, error) {
	var rows []corrNotificationRow
	if err := q.Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("read notifications: %w", err)
	}
	out := make([]correspondence.Notification, len(rows))
	for i, r := range rows {
		out[i] = correspondence.Notification{ID: r.ID, UserID: r.UserID, EventID: r.EventID, GameID: r.GameID,
			Kind: correspondence.Kind(r.Kind), CreatedAt: r.CreatedAt.UTC(), Read: r.Read, Mailed: r.Mailed}
		if err := json.Unmarshal([]byte(r.Args), &out[i].Args); err != nil {
			return nil, fmt.Errorf("notification %d: %w", r.ID, err)
		}
	}
	return out, nil
}

func (t *corrTx) Inbox(userID int64, limit int) ([]correspondence.Notification, error) {
	return t.notifications(t.db.Where("user_id = ?", userID).Order("id DESC").Limit(limit))
}

func (t *corrTx) MarkRead(userID int64, ids []int64) error {
	if len(ids) == 0 {
		return nil
	}
	if err := t.db.Model(&corrNotificationRow{}).Where("user_id = ? AND id IN ?", userID, ids).Update("read", true).Error; err != nil {
		return fmt.Errorf("mark notifications read: %w", err)
	}
	return nil
}

func (t *corrTx) Unmailed(limit int) ([]correspondence.Notification, error) {
	return t.notifications(t.db.Where("mailed = ?", false).Order("id").Limit(limit))
}

func (t *corrTx) ClaimMail(id int64) (bool, error) {
	res := t.db.Model(&corrNotificationRow{}).Where("id = ? AND mailed = ?", id, false).Update("mailed", true)
	if res.Error != nil {
		return false, fmt.Errorf("claim notification %d: %w", id, res.Error)
	}
	return res.RowsAffected == 1, nil
}

func (t *corrTx) UnclaimMail(id int64) error {
	return t.db.Model(&corrNotificationRow{}).Where("id = ?", id).Update("mailed", false).Error
}
