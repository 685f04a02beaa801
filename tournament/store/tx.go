package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"adiukh/internal/names"
	"adiukh/tournament"
	"adiukh/tournament/account"
)

// busyTimeoutMillis is how long an SQLite connection waits for a lock
// another program holds before it answers SQLITE_BUSY; busyAttempts is how
// many times a transaction that got that answer is run again, so that with
// two servers on one file (or a command beside the server) a write waits
// about a minute, as writes of one server wait for each other, rather than
// fail.
var (
	busyTimeoutMillis = 5000
	busyAttempts      = 12
)

// Update runs fn in one read-write transaction, committed when fn returns nil.
func (s *Store) Update(ctx context.Context, fn func(tx tournament.Tx) error) error {
	return s.run(ctx, s.db, nil, func(t *tx) error { return fn(t) })
}

// View runs fn in one read-only transaction that reads one consistent state:
// on SQLite a read connection (writing through it fails), which reads the
// last committed state while a write goes on; on PostgreSQL a READ ONLY,
// REPEATABLE READ transaction.
func (s *Store) View(ctx context.Context, fn func(tx tournament.Tx) error) error {
	return s.run(ctx, s.read, s.viewOptions(), func(t *tx) error { return fn(t) })
}

func (s *Store) viewOptions() *sql.TxOptions {
	if s.sqlite {
		return &sql.TxOptions{ReadOnly: true}
	}
	return &sql.TxOptions{ReadOnly: true, Isolation: sql.LevelRepeatableRead}
}

// run runs fn in a transaction on db (see retry), or on the connections
// kept for urgent transactions when ctx is urgent; a write transaction
// raises the versions of what it wrote as its last statement
// (raiseVersions).
func (s *Store) run(ctx context.Context, db *gorm.DB, opts *sql.TxOptions, fn func(t *tx) error) error {
	urgent := tournament.Urgent(ctx)
	readOnly := opts != nil && opts.ReadOnly
	if urgent && s.urgent != nil && (readOnly || !s.sqlite) {
		db = s.urgent
	}
	return s.retry(ctx, !readOnly, func() error {
		if s.sqlite && db == s.db {
			if err := s.writer.enter(ctx, urgent); err != nil {
				return err
			}
			defer s.writer.leave()
		}
		w := &writes{}
		var raised map[int64]bool
		// Forgotten once the transaction has ended, whether or not it
		// committed (a commit whose answer was lost may have): a request
		// that comes after the write reads the versions it raised.
		defer func() {
			if raised != nil {
				s.kept.forget(raised, false)
			}
		}()
		return db.WithContext(context.WithValue(ctx, writesKey{}, w)).Transaction(func(db *gorm.DB) error {
			if err := fn(&tx{db: db, readOnly: readOnly, writes: w}); err != nil || readOnly {
				return err
			}
			var err error
			raised, err = s.raiseVersions(db, w)
			return err
		}, opts)
	})
}

// runUnversioned runs a write transaction that changes no data a page
// shows (the sign-in limits): the data version stays.
func (s *Store) runUnversioned(ctx context.Context, fn func(t *tx) error) error {
	return s.retry(ctx, true, func() error {
		if s.sqlite {
			if err := s.writer.enter(ctx, false); err != nil {
				return err
			}
			defer s.writer.leave()
		}
		return s.db.WithContext(ctx).Transaction(func(db *gorm.DB) error { return fn(&tx{db: db}) })
	})
}

// retry runs a transaction again when SQLite answered that another program
// held its lock too long, and maps the store's errors to domain errors. A
// write transaction (writes) that the database refused for want of room or
// permission marks the database as refusing writes, and one that commits
// clears the mark (Ping).
func (s *Store) retry(ctx context.Context, writes bool, transaction func() error) error {
	for attempt := 1; ; attempt++ {
		err := transaction()
		if !s.sqlite || !busy(err) {
			switch {
			case cannotSave(err):
				s.writesRefused.Store(true)
			case err == nil && writes:
				s.writesRefused.Store(false)
			}
			return domainError(err)
		}
		if attempt == busyAttempts {
			return fmt.Errorf("the SQLite file %s stayed locked by another program for %d attempts of %d ms (to run several servers on one database, use PostgreSQL): %w",
				s.path, attempt, busyTimeoutMillis, err)
		}
		select {
		case <-ctx.Done():
			return err
		case <-time.After(time.Duration(attempt) * 10 * time.Millisecond):
		}
	}
}

// tx implements tournament.Tx on one gorm transaction.
type tx struct {
	db       *gorm.DB
	readOnly bool    // inside View
	writes   *writes // what a write transaction wrote (nil outside run)
}

var (
	_ tournament.Store = (*Store)(nil)
	_ tournament.Tx    = (*tx)(nil)
)

func notFound(err error, format string, args ...any) error {
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return tournament.NotFound(format, args...)
	}
	return err
}

func (t *tx) CreateEvent(e *tournament.Event) error {
	row, err := eventToRow(e)
	if err != nil {
		return err
	}
	if err := t.db.Omit("Owner").Create(row).Error; err != nil {
		return fmt.Errorf("create event: %w", err)
	}
	e.ID = row.ID
	return t.indexEvent(e)
}

func (t *tx) Event(id int64) (*tournament.Event, error) {
	var row eventRow
	if err := t.db.First(&row, id).Error; err != nil {
		return nil, notFound(err, "event %d not found", id)
	}
	if row.ParentEventID != 0 && t.writes != nil && !t.readOnly {
		t.writes.parent(row.ID, row.ParentEventID)
	}
	return rowToEvent(&row)
}

// LockEvent takes a row lock on PostgreSQL. SQLite needs none: its write
// transactions begin with BEGIN IMMEDIATE on the one writing connection, so
// they already run one at a time. A View reads one snapshot that no write
// changes, so it needs none either (and a read-only transaction may not
// take one).
//
// The events a write transaction locks are those whose data its
// statements wrote when they do not tell (raiseVersions).
func (t *tx) LockEvent(id int64) error {
	if t.writes != nil && !t.readOnly {
		if t.writes.locked == nil {
			t.writes.locked = map[int64]bool{}
		}
		t.writes.locked[id] = true
	}
	if t.db.Dialector.Name() != "postgres" || t.readOnly {
		return nil
	}
	var row eventRow
	if err := t.db.Clauses(clause.Locking{Strength: "UPDATE"}).Select("id").First(&row, id).Error; err != nil {
		return notFound(err, "event %d not found", id)
	}
	return nil
}

func (t *tx) Events(ownerID int64, all bool) ([]tournament.Event, error) {
	q := t.db.Order("start_date DESC, id DESC")
	if !all {
		q = q.Where("visibility = ? OR owner_id = ?", string(tournament.Public), ownerID)
	}
	var rows []eventRow
	if err := q.Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("list events: %w", err)
	}
	events := make([]tournament.Event, len(rows))
	for i := range rows {
		e, err := rowToEvent(&rows[i])
		if err != nil {
			return nil, err
		}
		events[i] = *e
	}
	return events, nil
}

func (t *tx) UpdateEvent(e *tournament.Event) error {
	row, err := eventToRow(e)
	if err != nil {
		return err
	}
	if err := t.db.Omit("Owner").Save(row).Error; err != nil {
		return fmt.Errorf("update event %d: %w", e.ID, err)
	}
	return t.indexEvent(e)
}

func eventToRow(e *tournament.Event) (*eventRow, error) {
	arbiters, err := json.Marshal(e.Arbiters)
	if err != nil {
		return nil, err
	}
	knockout, err := knockoutToText(e.Knockout)
	if err != nil {
		return nil, err
	}
	return &eventRow{
		ID: e.ID, Name: e.Name, Game: string(e.Game.OrDefault()), Discipline: string(e.Discipline), System: string(e.System), Rounds: e.Rounds,
		TimeControl: e.TimeControl.String(),
		ScoreWin:    e.Scoring.Win, ScoreDraw: e.Scoring.Draw, ScoreLoss: e.Scoring.Loss, ScoreBye: e.Scoring.Bye, ScoreForfeitWin: e.Scoring.ForfeitWin,
		TieBreaks: strings.Join(e.TieBreaks, ","), StartDate: e.StartDate, EndDate: e.EndDate,
		Venue: e.Venue, City: e.City, Region: e.Region, ChiefArbiter: e.ChiefArbiter, Arbiters: string(arbiters),
		Status: string(e.Status), Visibility: string(e.Visibility), ManualStartNumbers: e.ManualStartNumbers,
		ForbidSameClub: e.ForbidSameClub, Baku: e.Baku, BlackFirst: e.BlackFirst, SheetsRequired: e.SheetsRequired, Rated: e.Rated, Online: e.Online, NextRoundAfter: e.NextRoundAfter, TimeZone: e.TimeZone,
		MicroMatch: string(e.MicroMatch), MicroCount: string(e.MicroCount),
		OwnerID: e.OwnerID, CreatedAt: e.CreatedAt,
		Sequence: e.Sequence, ModifiedAt: optionalTime(e.ModifiedAt), CancelReason: e.CancelReason, HiddenAt: optionalTime(e.HiddenAt),
		ReopenedAt: optionalTime(e.ReopenedAt), ReopenReason: e.ReopenReason, ImportedRounds: e.ImportedRounds,
		ParentEventID: e.ParentEventID, Cycles: e.Cycles, Knockout: knockout,
	}, nil
}

func rowToEvent(r *eventRow) (*tournament.Event, error) {
	tc, err := tournament.ParseTimeControl(r.TimeControl)
	if err != nil {
		return nil, fmt.Errorf("event %d: stored time control: %w", r.ID, err)
	}
	e := &tournament.Event{
		ID: r.ID, Name: r.Name, Game: tournament.GameKind(r.Game).OrDefault(), Discipline: tournament.Discipline(r.Discipline), System: tournament.System(r.System),
		Rounds: r.Rounds, TimeControl: tc,
		Scoring:   tournament.Scoring{Win: r.ScoreWin, Draw: r.ScoreDraw, Loss: r.ScoreLoss, Bye: r.ScoreBye, ForfeitWin: r.ScoreForfeitWin},
		StartDate: r.StartDate, EndDate: r.EndDate, Venue: r.Venue, City: r.City, Region: r.Region, ChiefArbiter: r.ChiefArbiter,
		Status: tournament.EventStatus(r.Status), Visibility: tournament.Visibility(r.Visibility),
		ManualStartNumbers: r.ManualStartNumbers, OwnerID: r.OwnerID, CreatedAt: r.CreatedAt,
		ForbidSameClub: r.ForbidSameClub, Baku: r.Baku, BlackFirst: r.BlackFirst, SheetsRequired: r.SheetsRequired, Rated: r.Rated, Online: r.Online, NextRoundAfter: r.NextRoundAfter, TimeZone: r.TimeZone,
		MicroMatch: tournament.OpeningDraw(r.MicroMatch), MicroCount: tournament.MicroCount(r.MicroCount),
	}
	e.Sequence, e.CancelReason = r.Sequence, r.CancelReason
	if r.ModifiedAt != nil {
		e.ModifiedAt = r.ModifiedAt.UTC()
	}
	if r.HiddenAt != nil {
		e.HiddenAt = r.HiddenAt.UTC()
	}
	if r.ReopenedAt != nil {
		e.ReopenedAt = r.ReopenedAt.UTC()
	}
	e.ReopenReason, e.ImportedRounds = r.ReopenReason, r.ImportedRounds
	e.ParentEventID, e.Cycles = r.ParentEventID, r.Cycles
	if r.TieBreaks != "" {
		e.TieBreaks = strings.Split(r.TieBreaks, ",")
	}
	if err := json.Unmarshal([]byte(r.Arbiters), &e.Arbiters); err != nil {
		return nil, fmt.Errorf("event %d: stored arbiters: %w", r.ID, err)
	}
	if r.Knockout != "" {
		if err := json.Unmarshal([]byte(r.Knockout), &e.Knockout); err != nil {
			return nil, fmt.Errorf("event %d: stored knockout setting: %w", r.ID, err)
		}
	}
	return e, nil
}

func (t *tx) CreatePlayer(p *tournament.Player) error {
	row := playerToRow(p)
	if err := t.db.Omit("Event").Create(row).Error; err != nil {
		return fmt.Errorf("create player: %w", err)
	}
	p.ID = row.ID
	return t.indexPlayer(p)
}

// insertBatch is how many rows one INSERT writes, or values one IN list
// holds: well under SQLite's limit of 32,766 bound values with the widest
// row (games, 15 columns).
const insertBatch = 500

func (t *tx) CreatePlayers(ps []tournament.Player) error {
	rows := make([]*playerRow, len(ps))
	for i := range ps {
		rows[i] = playerToRow(&ps[i])
	}
	if len(rows) == 0 {
		return nil
	}
	if err := t.db.Omit("Event").CreateInBatches(rows, insertBatch).Error; err != nil {
		return fmt.Errorf("create players: %w", err)
	}
	var terms []searchTermRow
	for i, r := range rows {
		ps[i].ID = r.ID
		terms = append(terms, termRows(ps[i].Name, ps[i].EventID, ps[i].ID)...)
	}
	if len(terms) == 0 {
		return nil
	}
	if err := t.db.CreateInBatches(terms, insertBatch).Error; err != nil {
		return fmt.Errorf("search index: %w", err)
	}
	return nil
}

// DiscardEvent removes an event that holds only players and rounds (an
// import that could not finish), with its games, search words and audit
// entries.
func (t *tx) DiscardEvent(id int64) error {
	steps := []struct {
		what  string
		query string
	}{
		{"games", "DELETE FROM games WHERE round_id IN (SELECT id FROM rounds WHERE event_id = ?)"},
		{"rounds", "DELETE FROM rounds WHERE event_id = ?"},
		{"search words", "DELETE FROM search_terms WHERE event_id = ?"},
		{"players", "DELETE FROM players WHERE event_id = ?"},
		{"openings", "DELETE FROM event_openings WHERE event_id = ?"},
		{"knockout games", "DELETE FROM knockout_games WHERE event_id = ?"},
		{"knockout sheets", "DELETE FROM knockout_sheets WHERE event_id = ?"},
		{"audit entries", "DELETE FROM audit_entries WHERE event_id = ?"},
		{"event", "DELETE FROM events WHERE id = ?"},
	}
	for _, step := range steps {
		if err := t.db.Exec(step.query, id).Error; err != nil {
			return fmt.Errorf("discard the %s of event %d: %w", step.what, id, err)
		}
	}
	return nil
}

func (t *tx) Players(eventID int64) ([]tournament.Player, error) {
	var rows []playerRow
	if err := t.db.Where("event_id = ?", eventID).Order("start_no, id").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("list players of event %d: %w", eventID, err)
	}
	return playersFromRows(rows), nil
}

// lookalikeWords are the words of a name the store looks for the players
// it may be by (Lookalikes): those of three letters or more, folded, with the
// Latin forms of Cyrillic ones. A name with a Latin word may be a player's
// written in Cyrillic, which no Latin word finds: then it is nil, for every
// player of the event.
func lookalikeWords(name string) []string {
	var out []string
	for _, w := range names.Words(name) {
		latin := names.Fold(names.Transliterate(w, names.ICAO))
		if latin == w && strings.ContainsFunc(w, func(r rune) bool { return r >= 'a' && r <= 'z' }) {
			return nil
		}
		if len([]rune(w)) >= 3 {
			out = append(out, w)
			if latin != w {
				out = append(out, latin)
			}
		}
	}
	return out
}

func (t *tx) Lookalikes(p *tournament.Player) ([]tournament.Player, error) {
	var rows []playerRow
	q := t.db.Where("event_id = ?", p.EventID)
	if words := lookalikeWords(p.Name); len(words) > 0 {
		match, args := []string{"name_key = ?"}, []any{p.SortName()}
		for _, w := range words {
			match, args = append(match, "name_key LIKE ?"), append(args, "%"+escapeLike(w)+"%")
		}
		if p.FederationID != "" {
			match, args = append(match, "LOWER(federation_id) = LOWER(?)"), append(args, p.FederationID)
		}
		q = q.Where("("+strings.Join(match, " OR ")+")", args...)
	}
	if err := q.Order("start_no, id").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("look for players like %q in event %d: %w", p.Name, p.EventID, err)
	}
	return playersFromRows(rows), nil
}

func playersFromRows(rows []playerRow) []tournament.Player {
	players := make([]tournament.Player, len(rows))
	for i, r := range rows {
		players[i] = tournament.Player{
			ID: r.ID, EventID: r.EventID, StartNo: r.StartNo, Name: r.Name, Rating: r.Rating, BirthYear: r.BirthYear,
			Club: r.Club, City: r.City, FederationID: r.FederationID, Federation: r.Federation, Sex: r.Sex, BirthDate: r.BirthDate, Title: r.Title, FirstRound: r.FirstRound, WithdrawnFrom: r.WithdrawnFrom,
			ByeRound: r.ByeRound, ByeKind: tournament.ByeKind(r.ByeKind), PersonID: r.PersonID,
		}
	}
	return players
}

func (t *tx) UpdatePlayer(p *tournament.Player) error {
	if err := t.db.Omit("Event").Save(playerToRow(p)).Error; err != nil {
		return fmt.Errorf("update player %d: %w", p.ID, err)
	}
	return t.indexPlayer(p)
}

func (t *tx) DeletePlayer(p *tournament.Player) error {
	if err := t.db.Delete(&playerRow{}, p.ID).Error; err != nil {
		return fmt.Errorf("delete player %d: %w", p.ID, err)
	}
	return t.index("", p.EventID, p.ID)
}

func playerToRow(p *tournament.Player) *playerRow {
	return &playerRow{
		ID: p.ID, EventID: p.EventID, StartNo: p.StartNo, Name: p.Name, NameKey: p.SortName(), Rating: p.Rating, BirthYear: p.BirthYear,
		Club: p.Club, City: p.City, FederationID: p.FederationID, Federation: p.Federation, Sex: p.Sex, BirthDate: p.BirthDate, Title: p.Title, FirstRound: p.FirstRound, WithdrawnFrom: p.WithdrawnFrom,
		ByeRound: p.ByeRound, ByeKind: string(p.ByeKind), PersonID: p.PersonID,
	}
}

func (t *tx) CountPlayers(eventID int64) (int, error) {
	var n int64
	if err := t.db.Model(&playerRow{}).Where("event_id = ?", eventID).Count(&n).Error; err != nil {
		return 0, fmt.Errorf("count players of event %d: %w", eventID, err)
	}
	return int(n), nil
}

func (t *tx) Player(eventID, playerID int64) (*tournament.Player, error) {
	var rows []playerRow
	if err := t.db.Where("id = ? AND event_id = ?", playerID, eventID).Limit(1).Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("read player %d of event %d: %w", playerID, eventID, err)
	}
	if len(rows) == 0 {
		return nil, tournament.NotFound("player %d not found in event %d", playerID, eventID)
	}
	return &playersFromRows(rows)[0], nil
}

func (t *tx) CountNumberedBefore(p *tournament.Player) (int, error) {
	// Names compare byte by byte, as Go compares them: SQLite's default
	// collation does; PostgreSQL is told to.
	key := "name_key"
	if t.db.Dialector.Name() == "postgres" {
		key = `name_key COLLATE "C"`
	}
	var n int64
	err := t.db.Model(&playerRow{}).
		Where("event_id = ? AND (rating > ? OR (rating = ? AND "+key+" <= ?))", p.EventID, p.Rating, p.Rating, p.SortName()).
		Count(&n).Error
	if err != nil {
		return 0, fmt.Errorf("place a newcomer in event %d: %w", p.EventID, err)
	}
	return int(n), nil
}

func (t *tx) ShiftStartNumbers(eventID int64, from int) error {
	err := t.db.Model(&playerRow{}).Where("event_id = ? AND start_no >= ?", eventID, from).
		Update("start_no", gorm.Expr("start_no + 1")).Error
	if err != nil {
		return fmt.Errorf("renumber players of event %d: %w", eventID, err)
	}
	return nil
}

func (t *tx) CreateRound(r *tournament.Round) error {
	warnings, err := warningsToText(r.Warnings)
	if err != nil {
		return err
	}
	openings, err := openingsToText(r.Openings)
	if err != nil {
		return err
	}
	row := roundRow{EventID: r.EventID, Number: r.Number, Status: string(r.Status), Warnings: warnings, Openings: openings, StartsAt: optionalTime(r.StartsAt)}
	if err := t.db.Omit("Event").Create(&row).Error; err != nil {
		if uniqueViolation(err) {
			return tournament.Conflict("", "round %d was paired meanwhile", r.Number)
		}
		return fmt.Errorf("create round %d: %w", r.Number, err)
	}
	r.ID = row.ID
	return t.AddGames(r, r.Games)
}

func (t *tx) AddGames(r *tournament.Round, games []tournament.Game) error {
	if len(games) == 0 {
		return nil
	}
	rows := make([]*gameRow, len(games))
	for i := range games {
		g := &games[i]
		g.RoundID, g.Version = r.ID, 1
		var err error
		if rows[i], err = gameToRow(g); err != nil {
			return err
		}
	}
	if err := t.db.CreateInBatches(rows, insertBatch).Error; err != nil {
		return fmt.Errorf("create the boards of round %d: %w", r.Number, err)
	}
	for i := range rows {
		games[i].ID = rows[i].ID
	}
	return nil
}

func (t *tx) CountRounds(eventID int64) (int, error) {
	var n int64
	if err := t.db.Model(&roundRow{}).Where("event_id = ?", eventID).Count(&n).Error; err != nil {
		return 0, fmt.Errorf("count rounds of event %d: %w", eventID, err)
	}
	return int(n), nil
}

func (t *tx) Rounds(eventID int64) ([]tournament.Round, error) {
	rounds, err := t.RoundHeads(eventID)
	if err != nil || len(rounds) == 0 {
		return nil, err
	}
	ids := make([]int64, len(rounds))
	index := make(map[int64]int, len(rounds))
	for i, r := range rounds {
		ids[i], index[r.ID] = r.ID, i
	}
	// Each round's games are sized once, by a count per round, and scanned
	// straight into them: the rows found by gorm were a slice grown row by
	// row (and a *Game allocated a row), 260 MB allocated to read the
	// 122,880 games of a 4,096-player, 60-round event for the 28 MB kept.
	var counts []struct {
		RoundID int64
		Games   int
	}
	if err := t.db.Model(&gameRow{}).Select("round_id", "COUNT(*) AS games").Where("round_id IN ?", ids).Group("round_id").Find(&counts).Error; err != nil {
		return nil, fmt.Errorf("count games of event %d: %w", eventID, err)
	}
	for _, c := range counts {
		rounds[index[c.RoundID]].Games = make([]tournament.Game, 0, c.Games)
	}
	// Two columns, scanned into a row of two: a playerRow is 800 bytes.
	var numbers []struct {
		ID      int64
		StartNo int
	}
	if err := t.db.Model(&playerRow{}).Select("id", "start_no").Where("event_id = ?", eventID).Find(&numbers).Error; err != nil {
		return nil, fmt.Errorf("list start numbers of event %d: %w", eventID, err)
	}
	startNo := make(map[int64]int, len(numbers))
	for _, p := range numbers {
		startNo[p.ID] = p.StartNo
	}
	rows, err := t.db.Model(&gameRow{}).Select(gameRowColumns).Where("round_id IN ?", ids).Order("round_id, board").Rows()
	if err != nil {
		return nil, fmt.Errorf("list games of event %d: %w", eventID, err)
	}
	defer rows.Close()
	for rows.Next() {
		var row gameRow
		if err := scanGame(rows, &row); err != nil {
			return nil, fmt.Errorf("list games of event %d: %w", eventID, err)
		}
		r := &rounds[index[row.RoundID]]
		r.Games = append(r.Games, tournament.Game{})
		g := &r.Games[len(r.Games)-1]
		if err := fillGame(&row, g); err != nil {
			return nil, err
		}
		g.WhiteNo, g.BlackNo = startNo[g.WhiteID], startNo[g.BlackID]
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list games of event %d: %w", eventID, err)
	}
	return rounds, nil
}

// gameRowColumns are a gameRow's columns in the order scanGame reads them.
var gameRowColumns = []string{"id", "round_id", "board", "white_id", "black_id", "end_reason", "white_points", "black_points",
	"sheet", "sheet_report", "override_reason", "version", "micro_games", "micro_sheets"}

// scanGame reads the row of gameRowColumns rows stands on into r.
func scanGame(rows *sql.Rows, r *gameRow) error {
	var black sql.NullInt64
	if err := rows.Scan(&r.ID, &r.RoundID, &r.Board, &r.WhiteID, &black, &r.EndReason, &r.WhitePoints, &r.BlackPoints,
		&r.Sheet, &r.SheetReport, &r.OverrideReason, &r.Version, &r.MicroGames, &r.MicroSheets); err != nil {
		return err
	}
	if black.Valid {
		r.BlackID = &black.Int64
	}
	return nil
}

func rowToRound(r *roundRow) (*tournament.Round, error) {
	round := &tournament.Round{ID: r.ID, EventID: r.EventID, Number: r.Number, Status: tournament.RoundStatus(r.Status)}
	if r.StartsAt != nil {
		round.StartsAt = r.StartsAt.UTC()
	}
	var err error
	if round.Warnings, err = textToWarnings(r.Warnings); err != nil {
		return nil, fmt.Errorf("round %d of event %d: stored warnings: %w", r.Number, r.EventID, err)
	}
	if round.Openings, err = textToOpenings(r.Openings); err != nil {
		return nil, fmt.Errorf("round %d of event %d: stored openings: %w", r.Number, r.EventID, err)
	}
	return round, nil
}

func (t *tx) Board(eventID int64, round, board int) (*tournament.Round, error) {
	var rows []roundRow
	if err := t.db.Where("event_id = ? AND number = ?", eventID, round).Limit(1).Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("read round %d of event %d: %w", round, eventID, err)
	}
	var games []gameRow
	if len(rows) > 0 {
		if err := t.db.Where("round_id = ? AND board = ?", rows[0].ID, board).Limit(1).Find(&games).Error; err != nil {
			return nil, fmt.Errorf("read board %d of round %d of event %d: %w", board, round, eventID, err)
		}
	}
	if len(games) == 0 {
		return nil, tournament.NotFound("board %d of round %d not found", board, round)
	}
	r, err := rowToRound(&rows[0])
	if err != nil {
		return nil, err
	}
	g, err := rowToGame(&games[0])
	if err != nil {
		return nil, err
	}
	var numbers []playerRow
	if err := t.db.Select("id", "start_no").Where("id IN ?", []int64{g.WhiteID, g.BlackID}).Find(&numbers).Error; err != nil {
		return nil, fmt.Errorf("read the start numbers of board %d: %w", board, err)
	}
	for _, p := range numbers {
		switch p.ID {
		case g.WhiteID:
			g.WhiteNo = p.StartNo
		case g.BlackID:
			g.BlackNo = p.StartNo
		}
	}
	r.Games = []tournament.Game{*g}
	return r, nil
}

func (t *tx) RoundHeads(eventID int64) ([]tournament.Round, error) {
	var rows []roundRow
	if err := t.db.Where("event_id = ?", eventID).Order("number").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("list rounds of event %d: %w", eventID, err)
	}
	rounds := make([]tournament.Round, len(rows))
	for i := range rows {
		r, err := rowToRound(&rows[i])
		if err != nil {
			return nil, err
		}
		rounds[i] = *r
	}
	return rounds, nil
}

func (t *tx) PlayerGames(eventID, playerID int64) ([]tournament.Game, error) {
	var rows []gameRow
	rounds := t.db.Model(&roundRow{}).Select("id").Where("event_id = ?", eventID)
	if err := t.db.Where("round_id IN (?) AND (white_id = ? OR black_id = ?)", rounds, playerID, playerID).Order("round_id, board").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("read the games of player %d of event %d: %w", playerID, eventID, err)
	}
	games := make([]tournament.Game, 0, len(rows))
	for i := range rows {
		g, err := rowToGame(&rows[i])
		if err != nil {
			return nil, err
		}
		games = append(games, *g)
	}
	return games, nil
}

func (t *tx) UpdateRoundStatus(r *tournament.Round) error {
	if err := t.db.Model(&roundRow{}).Where("event_id = ? AND id = ?", r.EventID, r.ID).Update("status", string(r.Status)).Error; err != nil {
		return fmt.Errorf("update round %d: %w", r.Number, err)
	}
	return nil
}

func (t *tx) UpdateRoundStart(r *tournament.Round) error {
	if err := t.db.Model(&roundRow{}).Where("id = ?", r.ID).Update("starts_at", optionalTime(r.StartsAt)).Error; err != nil {
		return fmt.Errorf("update the start of round %d: %w", r.Number, err)
	}
	return nil
}

func (t *tx) DeleteRound(r *tournament.Round) error {
	if err := t.db.Where("round_id = ?", r.ID).Delete(&gameRow{}).Error; err != nil {
		return fmt.Errorf("delete games of round %d: %w", r.Number, err)
	}
	if err := t.db.Delete(&roundRow{}, r.ID).Error; err != nil {
		return fmt.Errorf("delete round %d: %w", r.Number, err)
	}
	return nil
}

// UpdateGame writes the game only where the stored version is the one the
// change was based on, so of two concurrent updates the second fails.
func (t *tx) UpdateGame(g *tournament.Game) error {
	row, err := gameToRow(g)
	if err != nil {
		return err
	}
	// A game's row does not name its event: its round does. Told, the
	// result of a live game, whose transaction locks no event, makes that
	// event's pages again, not every event's (raiseVersions).
	var round roundRow
	if err := t.db.Select("event_id").Where("id = ?", g.RoundID).Limit(1).Find(&round).Error; err != nil {
		return fmt.Errorf("read the event of game %d: %w", g.ID, err)
	}
	res := t.ofEvent(round.EventID).Model(&gameRow{}).Where("id = ? AND version = ?", g.ID, g.Version).Updates(map[string]any{
		"end_reason": row.EndReason, "white_points": row.WhitePoints, "black_points": row.BlackPoints,
		"sheet": row.Sheet, "sheet_report": row.SheetReport, "override_reason": row.OverrideReason,
		"micro_games": row.MicroGames, "micro_sheets": row.MicroSheets, "version": g.Version + 1,
	})
	if res.Error != nil {
		return fmt.Errorf("update game %d: %w", g.ID, res.Error)
	}
	if res.RowsAffected == 0 {
		return tournament.Conflict("version", "board %d was changed meanwhile (version %d is out of date); reload it and enter the result again", g.Board, g.Version)
	}
	g.Version++
	return nil
}

func gameToRow(g *tournament.Game) (*gameRow, error) {
	row := &gameRow{ID: g.ID, RoundID: g.RoundID, Board: g.Board, WhiteID: g.WhiteID, Sheet: g.Sheet, OverrideReason: g.OverrideReason, Version: g.Version}
	if g.BlackID != 0 {
		black := g.BlackID
		row.BlackID = &black
	}
	if g.Result != nil {
		row.EndReason, row.WhitePoints, row.BlackPoints = string(g.Result.EndReason), g.Result.White, g.Result.Black
	}
	if g.SheetReport != nil {
		b, err := json.Marshal(g.SheetReport)
		if err != nil {
			return nil, err
		}
		row.SheetReport = string(b)
	}
	if g.MicroGames != [2]*tournament.Result{} {
		b, err := json.Marshal(g.MicroGames)
		if err != nil {
			return nil, err
		}
		row.MicroGames = string(b)
	}
	if g.MicroSheets != [2]tournament.MicroSheet{} {
		b, err := json.Marshal(g.MicroSheets)
		if err != nil {
			return nil, err
		}
		row.MicroSheets = string(b)
	}
	return row, nil
}

func rowToGame(r *gameRow) (*tournament.Game, error) {
	g := &tournament.Game{}
	if err := fillGame(r, g); err != nil {
		return nil, err
	}
	return g, nil
}

// fillGame sets the zero game g to the one r stores.
func fillGame(r *gameRow, g *tournament.Game) error {
	*g = tournament.Game{ID: r.ID, RoundID: r.RoundID, Board: r.Board, WhiteID: r.WhiteID, Sheet: r.Sheet, OverrideReason: r.OverrideReason, Version: r.Version}
	if r.BlackID != nil {
		g.BlackID = *r.BlackID
	}
	if r.EndReason != "" {
		g.Result = &tournament.Result{White: r.WhitePoints, Black: r.BlackPoints, EndReason: tournament.EndReason(r.EndReason)}
	}
	if r.SheetReport != "" {
		g.SheetReport = &tournament.SheetReport{}
		if err := json.Unmarshal([]byte(r.SheetReport), g.SheetReport); err != nil {
			return fmt.Errorf("game %d: stored sheet report: %w", r.ID, err)
		}
	}
	if r.MicroGames != "" {
		if err := json.Unmarshal([]byte(r.MicroGames), &g.MicroGames); err != nil {
			return fmt.Errorf("game %d: stored micro-match games: %w", r.ID, err)
		}
	}
	if r.MicroSheets != "" {
		if err := json.Unmarshal([]byte(r.MicroSheets), &g.MicroSheets); err != nil {
			return fmt.Errorf("game %d: stored micro-match sheets: %w", r.ID, err)
		}
	}
	return nil
}

func (t *tx) AddAudit(a *tournament.AuditEntry) error {
	row := auditRow{
		EventID: a.EventID, At: a.At, UserID: a.UserID, UserEmail: a.UserEmail, Action: a.Action,
		Subject: a.Subject, Before: a.Before, After: a.After, Reason: a.Reason,
	}
	if err := t.db.Omit("Event").Create(&row).Error; err != nil {
		return fmt.Errorf("write audit entry: %w", err)
	}
	a.ID = row.ID
	return nil
}

func (t *tx) Audit(eventID int64) ([]tournament.AuditEntry, error) {
	var rows []auditRow
	if err := t.db.Where("event_id = ?", eventID).Order("id").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("read audit log of event %d: %w", eventID, err)
	}
	return auditEntries(rows), nil
}

func (t *tx) AuditOf(eventID int64, subjects []string) ([]tournament.AuditEntry, error) {
	if len(subjects) == 0 {
		return nil, nil
	}
	var rows []auditRow
	if err := t.db.Where("event_id = ? AND subject IN ?", eventID, subjects).Order("id").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("read audit log of event %d: %w", eventID, err)
	}
	return auditEntries(rows), nil
}

func auditEntries(rows []auditRow) []tournament.AuditEntry {
	entries := make([]tournament.AuditEntry, len(rows))
	for i, r := range rows {
		entries[i] = tournament.AuditEntry{
			ID: r.ID, EventID: r.EventID, At: r.At, UserID: r.UserID, UserEmail: r.UserEmail, Action: r.Action,
			Subject: r.Subject, Before: r.Before, After: r.After, Reason: r.Reason,
		}
	}
	return entries
}

func (t accountTx) CreateUser(u *tournament.User) error {
	var n int64
	if err := t.db.Model(&userRow{}).Where("email = ?", u.Email).Count(&n).Error; err != nil {
		return fmt.Errorf("look up user %s: %w", u.Email, err)
	}
	if n > 0 {
		return tournament.Conflict("email", "a user with e-mail %s already exists", u.Email)
	}
	row := userRow{Email: u.Email, Name: u.Name, Surname: u.Surname, GivenNames: u.GivenNames, Patronymic: u.Patronymic, Sex: u.Sex, Role: string(u.Role), PasswordHash: u.PasswordHash, Locale: u.Locale, CreatedAt: u.CreatedAt}
	if err := t.db.Create(&row).Error; err != nil {
		if uniqueViolation(err) {
			// Added by another transaction since the check above.
			return tournament.Conflict("email", "a user with e-mail %s already exists", u.Email)
		}
		return fmt.Errorf("create user %s: %w", u.Email, err)
	}
	u.ID = row.ID
	return nil
}

func (t *tx) UserByEmail(email string) (*tournament.User, error) {
	var row userRow
	if err := t.db.Where("email = ?", email).First(&row).Error; err != nil {
		return nil, notFound(err, "no user with e-mail %s", email)
	}
	return rowToUser(&row), nil
}

func rowToUser(r *userRow) *tournament.User {
	return &tournament.User{ID: r.ID, Email: r.Email, Name: r.Name, Surname: r.Surname, GivenNames: r.GivenNames, Patronymic: r.Patronymic, Sex: r.Sex, Role: tournament.Role(r.Role), PasswordHash: r.PasswordHash, Locale: r.Locale, CreatedAt: r.CreatedAt}
}

func (t accountTx) CreateToken(tok *account.Token) error {
	row := tokenRow{UserID: tok.UserID, Hash: tok.Hash, Name: tok.Name, CreatedAt: tok.CreatedAt}
	if !tok.ExpiresAt.IsZero() {
		row.ExpiresAt = &tok.ExpiresAt
	}
	if err := t.db.Omit("User").Create(&row).Error; err != nil {
		return fmt.Errorf("create token: %w", err)
	}
	tok.ID = row.ID
	return nil
}

func (t accountTx) TokenByHash(hash string) (*account.Token, *tournament.User, error) {
	var row tokenRow
	if err := t.db.Preload("User").Where("hash = ?", hash).First(&row).Error; err != nil {
		return nil, nil, notFound(err, "unknown token")
	}
	return rowToToken(&row), rowToUser(&row.User), nil
}

func rowToToken(r *tokenRow) *account.Token {
	tok := &account.Token{ID: r.ID, UserID: r.UserID, Hash: r.Hash, Name: r.Name, CreatedAt: r.CreatedAt}
	if r.ExpiresAt != nil {
		tok.ExpiresAt = *r.ExpiresAt
	}
	return tok
}
