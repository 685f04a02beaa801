package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"

	"adiukh/tournament"
	"adiukh/tournament/relay"
)

// The tables of the relay of games played over the board (tournament/relay),
// created by migration 20261127051233-relay.

type relayBoardRow struct {
	ID             int64    `gorm:"primaryKey"`
	EventID        int64    `gorm:"not null;uniqueIndex:idx_relay_boards_board,priority:1"`
	Event          eventRow `gorm:"constraint:OnDelete:CASCADE"`
	Round          int      `gorm:"not null;uniqueIndex:idx_relay_boards_board,priority:2"`
	Board          int      `gorm:"not null;uniqueIndex:idx_relay_boards_board,priority:3"`
	Source         string   `gorm:"size:16;not null"`
	URL            string   `gorm:"size:2000;not null"`
	WholeRound     bool     `gorm:"not null"`
	SourceSince    time.Time
	LastHeard      time.Time
	NextPoll       time.Time `gorm:"index"`
	Failures       int       `gorm:"not null"`
	Status         string    `gorm:"size:16;not null"`
	Stop           string    `gorm:"type:text;not null"`
	StopPly        int       `gorm:"not null"`
	StoppedBy      string    `gorm:"size:16;not null"`
	Plies          string    `gorm:"type:text;not null"`
	ProposedWhite  int       `gorm:"not null"`
	ProposedBlack  int       `gorm:"not null"`
	ProposedReason string    `gorm:"size:32;not null"`
	Version        int       `gorm:"not null"`
	UpdatedAt      time.Time
}

func (relayBoardRow) TableName() string { return "relay_boards" }

type relayOperatorRow struct {
	EventID int64 `gorm:"primaryKey;autoIncrement:false"`
	Round   int   `gorm:"primaryKey;autoIncrement:false"`
	UserID  int64 `gorm:"primaryKey;autoIncrement:false;index"`
}

func (relayOperatorRow) TableName() string { return "relay_operators" }

type relayKeyRow struct {
	Hash      string `gorm:"primaryKey;size:64"`
	EventID   int64  `gorm:"not null;index"`
	Round     int    `gorm:"not null"`
	Kind      string `gorm:"size:16;not null"`
	CreatedBy int64  `gorm:"not null"`
	CreatedAt time.Time
}

func (relayKeyRow) TableName() string { return "relay_keys" }

var _ relay.RelayTx = (*tx)(nil)

// Relay is the store of the relay (tournament/relay).
func (s *Store) Relay() relay.Store { return relayStore{s} }

type relayStore struct{ s *Store }

// The relay's watchers hear of the rounds changed on other instances by
// the versions' feed: a relayed board's write raises its event's version.
var _ relay.WriteFeed = relayStore{}

func (m relayStore) HearWrites(heard func(events map[int64]bool, all bool)) (stop func()) {
	return m.s.HearWrites(heard)
}

func (m relayStore) KeepingVersions() bool { return m.s.KeepingVersions() }

func (m relayStore) Update(ctx context.Context, fn func(tx relay.Tx) error) error {
	return m.s.run(ctx, m.s.db, nil, func(t *tx) error { return fn(t) })
}

func (m relayStore) View(ctx context.Context, fn func(tx relay.Tx) error) error {
	return m.s.run(ctx, m.s.read, m.s.viewOptions(), func(t *tx) error { return fn(t) })
}

func relayBoardToRow(b *relay.Board) (*relayBoardRow, error) {
	plies, err := json.Marshal(b.Plies)
	if err != nil {
		return nil, err
	}
	if b.Plies == nil {
		plies = []byte("[]")
	}
	row := &relayBoardRow{ID: b.ID, EventID: b.EventID, Round: b.Round, Board: b.Board, Source: string(b.Source), URL: b.URL,
		WholeRound: b.WholeRound, SourceSince: b.SourceSince.UTC(), LastHeard: b.LastHeard.UTC(), NextPoll: b.NextPoll.UTC(), Failures: b.Failures,
		Status: string(b.Status), Stop: b.Stop, StopPly: b.StopPly, StoppedBy: b.StoppedBy, Plies: string(plies),
		Version: b.Version, UpdatedAt: b.UpdatedAt.UTC()}
	if p := b.Proposed; p != nil {
		row.ProposedWhite, row.ProposedBlack, row.ProposedReason = p.White, p.Black, string(p.EndReason)
	}
	return row, nil
}

func rowToRelayBoard(r *relayBoardRow) (*relay.Board, error) {
	b := &relay.Board{ID: r.ID, EventID: r.EventID, Round: r.Round, Board: r.Board, Source: relay.Source(r.Source), URL: r.URL,
		WholeRound: r.WholeRound, SourceSince: r.SourceSince, LastHeard: r.LastHeard, NextPoll: r.NextPoll, Failures: r.Failures,
		Status: relay.Status(r.Status), Stop: r.Stop, StopPly: r.StopPly, StoppedBy: r.StoppedBy, Version: r.Version, UpdatedAt: r.UpdatedAt}
	if err := json.Unmarshal([]byte(r.Plies), &b.Plies); err != nil {
		return nil, fmt.Errorf("read the moves of relayed board %d: %w", r.ID, err)
	}
	if r.ProposedReason != "" {
		b.Proposed = &tournament.Result{White: r.ProposedWhite, Black: r.ProposedBlack, EndReason: tournament.EndReason(r.ProposedReason)}
	}
	return b, nil
}

func (t *tx) RelayBoards(eventID int64, round int) ([]relay.Board, error) {
	var rows []relayBoardRow
	if err := t.db.Where("event_id = ? AND round = ?", eventID, round).Order("board").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("read the relay of round %d of event %d: %w", round, eventID, err)
	}
	out := make([]relay.Board, 0, len(rows))
	for i := range rows {
		b, err := rowToRelayBoard(&rows[i])
		if err != nil {
			return nil, err
		}
		out = append(out, *b)
	}
	return out, nil
}

func (t *tx) RelayBoard(eventID int64, round, board int) (*relay.Board, error) {
	var rows []relayBoardRow
	if err := t.db.Where("event_id = ? AND round = ? AND board = ?", eventID, round, board).Limit(1).Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("read the relay of round %d board %d: %w", round, board, err)
	}
	if len(rows) == 0 {
		return nil, nil
	}
	return rowToRelayBoard(&rows[0])
}

func (t *tx) SaveRelayBoard(b *relay.Board) error {
	row, err := relayBoardToRow(b)
	if err != nil {
		return err
	}
	if b.ID == 0 {
		row.Version = 1
		if err := t.ofEvent(b.EventID).Omit("Event").Create(row).Error; err != nil {
			return fmt.Errorf("store the relay of round %d board %d: %w", b.Round, b.Board, err)
		}
		b.ID, b.Version = row.ID, 1
		return nil
	}
	res := t.ofEvent(b.EventID).Model(&relayBoardRow{}).Where("id = ? AND version = ?", b.ID, b.Version).Updates(map[string]any{
		"source": row.Source, "url": row.URL, "whole_round": row.WholeRound, "source_since": row.SourceSince, "last_heard": row.LastHeard,
		"next_poll": row.NextPoll, "failures": row.Failures, "status": row.Status, "stop": row.Stop, "stop_ply": row.StopPly,
		"stopped_by": row.StoppedBy, "plies": row.Plies, "proposed_white": row.ProposedWhite, "proposed_black": row.ProposedBlack,
		"proposed_reason": row.ProposedReason, "version": b.Version + 1, "updated_at": row.UpdatedAt,
	})
	if res.Error != nil {
		return fmt.Errorf("update the relay of round %d board %d: %w", b.Round, b.Board, res.Error)
	}
	if res.RowsAffected == 0 {
		return tournament.Conflict("version", "the relay of board %d was changed meanwhile; send it again", b.Board)
	}
	b.Version++
	return nil
}

func (t *tx) RelayHeard(id int64, at time.Time) error {
	var row relayBoardRow
	if err := t.db.Select("event_id").Where("id = ?", id).Limit(1).Find(&row).Error; err != nil {
		return fmt.Errorf("read relayed board %d: %w", id, err)
	}
	if err := t.ofEvent(row.EventID).Model(&relayBoardRow{}).Where("id = ?", id).Updates(map[string]any{"last_heard": at.UTC(), "failures": 0}).Error; err != nil {
		return fmt.Errorf("note relayed board %d heard: %w", id, err)
	}
	return nil
}

func (t *tx) RelayStamps(rounds []relay.RoundKey) (map[relay.RoundKey]int64, error) {
	out := map[relay.RoundKey]int64{}
	byEvent := map[int64][]int{}
	for _, k := range rounds {
		byEvent[k.EventID] = append(byEvent[k.EventID], k.Round)
		out[k] = 0
	}
	for eventID, ns := range byEvent {
		var rows []struct {
			Round int
			Sum   int64
			Count int64
		}
		if err := t.db.Model(&relayBoardRow{}).Select("round, SUM(version) AS sum, COUNT(*) AS count").
			Where("event_id = ? AND round IN ?", eventID, ns).Group("round").Scan(&rows).Error; err != nil {
			return nil, fmt.Errorf("read the relay's stamps of event %d: %w", eventID, err)
		}
		for _, r := range rows {
			// Every save raises a board's version; a new board adds one.
			out[relay.RoundKey{EventID: eventID, Round: r.Round}] = r.Sum + r.Count
		}
	}
	return out, nil
}

func (t *tx) DuePolls(now time.Time) ([]relay.Board, error) {
	var rows []relayBoardRow
	if err := t.db.Where("source = ? AND next_poll <= ? AND stopped_by <> ?", string(relay.Poll), now.UTC(), "arbiter").
		Order("event_id, round, board").Limit(1000).Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("read the polled sources due: %w", err)
	}
	out := make([]relay.Board, 0, len(rows))
	for i := range rows {
		b, err := rowToRelayBoard(&rows[i])
		if err != nil {
			return nil, err
		}
		out = append(out, *b)
	}
	return out, nil
}

func (t *tx) ClaimPoll(id int64, was, next time.Time) (bool, error) {
	var row relayBoardRow
	if err := t.db.Select("event_id").Where("id = ?", id).Limit(1).Find(&row).Error; err != nil {
		return false, fmt.Errorf("read relayed board %d: %w", id, err)
	}
	res := t.ofEvent(row.EventID).Model(&relayBoardRow{}).Where("id = ? AND next_poll = ?", id, was.UTC()).Update("next_poll", next.UTC())
	if res.Error != nil {
		return false, fmt.Errorf("claim the read of relayed board %d: %w", id, res.Error)
	}
	return res.RowsAffected == 1, nil
}

func (t *tx) RelayOperators(eventID int64, round int) ([]int64, error) {
	var ids []int64
	if err := t.db.Model(&relayOperatorRow{}).Where("event_id = ? AND round = ?", eventID, round).Order("user_id").Pluck("user_id", &ids).Error; err != nil {
		return nil, fmt.Errorf("read the operators of round %d: %w", round, err)
	}
	return ids, nil
}

func (t *tx) SetRelayOperator(eventID int64, round int, userID int64, named bool) error {
	row := relayOperatorRow{EventID: eventID, Round: round, UserID: userID}
	var err error
	if named {
		err = t.ofEvent(eventID).Create(&row).Error
	} else {
		err = t.ofEvent(eventID).Where("event_id = ? AND round = ? AND user_id = ?", eventID, round, userID).Delete(&relayOperatorRow{}).Error
	}
	if err != nil {
		return fmt.Errorf("set an operator of round %d: %w", round, err)
	}
	return nil
}

func (t *tx) CreateRelayKey(k *relay.Key) error {
	row := relayKeyRow{Hash: k.Hash, EventID: k.EventID, Round: k.Round, Kind: string(k.Kind), CreatedBy: k.CreatedBy, CreatedAt: k.CreatedAt.UTC()}
	if err := t.ofEvent(k.EventID).Create(&row).Error; err != nil {
		return fmt.Errorf("store a relay key: %w", err)
	}
	return nil
}

func (t *tx) RelayKey(hash string) (*relay.Key, error) {
	var row relayKeyRow
	err := t.db.Where("hash = ?", hash).Take(&row).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, tournament.NotFound("no such relay key")
	}
	if err != nil {
		return nil, fmt.Errorf("read a relay key: %w", err)
	}
	return &relay.Key{Hash: row.Hash, EventID: row.EventID, Round: row.Round, Kind: relay.Source(row.Kind), CreatedBy: row.CreatedBy, CreatedAt: row.CreatedAt}, nil
}
