package store

// The tables of team events, created by migration 2026112210-teams.

type teamSettingsRow struct {
	EventID   int64    `gorm:"primaryKey;autoIncrement:false"`
	Event     eventRow `gorm:"constraint:OnDelete:CASCADE"`
	Boards    int      `gorm:"not null"`
	MatchWin  float64  `gorm:"not null"`
	MatchDraw float64  `gorm:"not null"`
	MatchLoss float64  `gorm:"not null"`
	MatchBye  float64  `gorm:"not null"`
	Ranking   string   `gorm:"size:16;not null"`
	TieBreaks string   `gorm:"size:1000;not null"` // IDs joined by ","
	// ColourPreferences is "type_a", "type_b" or "none".
	ColourPreferences string `gorm:"size:16;not null"`
}

func (teamSettingsRow) TableName() string { return "team_settings" }

type teamRow struct {
	ID      int64    `gorm:"primaryKey"`
	EventID int64    `gorm:"not null;index"`
	Event   eventRow `gorm:"constraint:OnDelete:CASCADE"`
	StartNo int      `gorm:"not null"`
	Name    string   `gorm:"size:200;not null"`
	Club    string   `gorm:"size:200;not null"`
	City    string   `gorm:"size:200;not null"`
	Captain string   `gorm:"size:200;not null"`
	// WithdrawnFrom is the first round the team no longer plays; 0 while
	// it stays in the event.
	WithdrawnFrom int `gorm:"not null"`
}

func (teamRow) TableName() string { return "teams" }

// teamMemberRow puts a player on a team's roster at a position (0 = first).
type teamMemberRow struct {
	ID       int64     `gorm:"primaryKey"`
	TeamID   int64     `gorm:"not null;uniqueIndex:idx_team_position"`
	Team     teamRow   `gorm:"constraint:OnDelete:CASCADE"`
	Position int       `gorm:"not null;uniqueIndex:idx_team_position"`
	PlayerID int64     `gorm:"not null;uniqueIndex"`
	Player   playerRow `gorm:"constraint:OnDelete:CASCADE"`
}

func (teamMemberRow) TableName() string { return "team_members" }

type matchRow struct {
	ID         int64    `gorm:"primaryKey"`
	RoundID    int64    `gorm:"not null;uniqueIndex:idx_match_table"`
	Round      roundRow `gorm:"constraint:OnDelete:CASCADE"`
	TableNo    int      `gorm:"not null;uniqueIndex:idx_match_table"`
	HomeTeamID int64    `gorm:"not null;index"`
	HomeTeam   teamRow
	AwayTeamID *int64 `gorm:"index"` // NULL for the bye
	AwayTeam   *teamRow
}

func (matchRow) TableName() string { return "matches" }

// matchBoardRow says who plays on one board of a match; NULL is an empty
// board. The board's game is the round's game numbered
// teams.GameNumber(table, board, boards).
type matchBoardRow struct {
	ID           int64    `gorm:"primaryKey"`
	MatchID      int64    `gorm:"not null;uniqueIndex:idx_match_board"`
	Match        matchRow `gorm:"constraint:OnDelete:CASCADE"`
	Board        int      `gorm:"not null;uniqueIndex:idx_match_board"`
	HomePlayerID *int64
	AwayPlayerID *int64
}

func (matchBoardRow) TableName() string { return "match_boards" }
