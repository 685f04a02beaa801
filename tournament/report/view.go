package report

import (
	"time"

	"adiukh/rules"
)

// The view structs below are everything the reports need. They hold display
// data only: the service computes places, tie-break values and final positions
// and copies them in; nothing here is recomputed. Zero values mean "unknown"
// and render as blank (or as a line to fill in by hand on a score sheet).

// Event is the header every report starts with.
type Event struct {
	Name string
	// Discipline is the discipline as the API spells it ("rapid"): the
	// documents print its full name from the catalogue ("Адиюх — быстрая
	// игра").
	Discipline string
	// Game is the game the event is played in, by its key in the
	// registry (rules/games; export.EventView fills it). DisciplineKey is the catalogue
	// key of the discipline's full name as its game names it, GamePoints
	// what the two scores of its played game add up to (24, 2).
	Game          string
	DisciplineKey string
	GamePoints    int
	// Board is the board of the event's game, on which its records'
	// diagrams are drawn (the caller's event names it: no game is the
	// documents' default), and
	// SheetMoves the moves its score sheets have room for (0: 60), so that
	// a game of international draughts has its 10×10 numbered board and
	// the longer sheet its games need.
	Board      rules.Board
	SheetMoves int
	// WinDrawLoss: the game's scores say only who won (Russian draughts'
	// 2:0), so that no document shows its games' Adiukh points, which
	// would be those wins restated as 24:0.
	WinDrawLoss bool
	// Repetitions: the game's draw rules count repeated positions, and
	// its score sheets have a column to mark the repeated moves in.
	Repetitions  bool
	Venue        string
	City         string
	ChiefArbiter string
	StartDate    time.Time
	EndDate      time.Time // zero or equal to StartDate for a one-day event
	Rounds       int       // rounds planned; standings after the last one are final
	TimeControl  TimeControl
	// ID is the event's number in adiukh, SystemID its pairing system as
	// the API spells it ("swiss", "round-robin"; empty for a composition
	// contest, which pairs nobody), Scoring its points table:
	// the federation export carries them. The documents print the system's
	// name from the catalogue ("Швейцарская система").
	ID       int64
	SystemID string
	Scoring  Scoring
	// Printed is when the document is made, printed at the foot of every
	// page so that a paper on the notice board says how current it is;
	// zero prints none.
	Printed time.Time
	// Zone is where the event is played: Printed is written in its time,
	// as the notice board beside it reads the clock; nil writes UTC.
	Zone *time.Location
}

// Scoring is what a win, a draw, a loss, the pairing's bye and a forfeit
// win score in the event's table.
type Scoring struct {
	Win, Draw, Loss, Bye, ForfeitWin float64
}

// TimeControl is the clock setting of the event, e.g. 20 min + 30 s per move
// (§9). A correspondence event gives whole days, e.g. Base 0 and Increment
// 72h for "3 days per move".
type TimeControl struct {
	Base      time.Duration
	Increment time.Duration // added per move
	// Moves is the number of moves Base is for, in a correspondence
	// control like 50 days per 10 moves; 0 otherwise.
	Moves int
}

// Player is one participant as printed in lists and tables.
type Player struct {
	StartNo int // unique within the event; the crosstable and progress table refer to opponents by it
	Name    string
	// Latin is the name in Latin letters, which English documents print
	// first, with the name as written after it; "" when the same.
	Latin        string
	Rating       int // 0 when unrated
	BirthYear    int // 0 when unknown
	Club         string
	City         string
	FederationID string
	// Federation is the three letters of the player's federation (RUS),
	// which lists print beside the name as the FMJD's do; "" when unknown.
	Federation string
	// Title is the sports rank or title as the game's rule book writes it
	// («КМС», «GMI»); names print it before them, as chess-results does.
	Title string
	// LatinTitle is the title as documents in English print it («KMS»).
	LatinTitle string
	Withdrawn  bool
}

// TieBreak is one column of tie-breaks, in the event's order. Its names
// come from the catalogue by its ID: the full name ("Коэффициент Солкофа")
// and the column heading ("Солк.").
type TieBreak struct {
	ID string // stable, e.g. "buchholz"; used as the CSV column and JSON key
}

// Colour is the side a player had in a game.
type Colour int

const (
	NoColour Colour = iota // a bye, or unknown
	White
	Black
)

// ResultKind tells how a game ended, as far as the tables need to know. The
// kinds after NotPlayed match those of tournament/standings one for one.
type ResultKind int

const (
	// NotPlayed is a game without a result yet: an empty cell.
	NotPlayed ResultKind = iota
	// Played is a result on the board or by resignation, time, an arbiter's
	// decision or agreement: Own:Opponent, adding up to 24 (§5).
	Played
	// Forfeit is a game one side did not turn up for: 24:0 or 0:24, printed
	// as +:− / −:+ so that it does not read as a game won on the board.
	Forfeit
	// DoubleForfeit is a game neither side turned up for: 0:0, printed −:−.
	DoubleForfeit
	// Unscored is a game imported without its score, only who won: Own
	// and Opponent stand for the outcome (24:0, 12:12) and it prints
	// 1:0, ½:½ or 0:1, so that no reader takes them for checkers won.
	Unscored
	// PairingBye is the pairing-allocated bye of an odd field; the kinds
	// from here on have no opponent and ignore Own and Opponent. A bye
	// prints as "бай +", "бай =" or "бай −" by what it scores.
	PairingBye
	// HalfPointBye is a bye the player asked for that scores a draw.
	HalfPointBye
	// ZeroPointBye is a bye the player asked for that scores nothing.
	ZeroPointBye
	// Absent is a round the player was not paired in (withdrawn, late entry): "—".
	Absent
)

// GameScore is the result of one game from one player's point of view, in
// Adiukh points (17:7 means this player scored 17).
type GameScore struct {
	Kind     ResultKind
	Own      int
	Opponent int
	// Shown is the result as its event shows it where that is not its
	// points: a 1-½-0 event's 1:0 or ½:½ for a Russian game's 2:0 or
	// 1:1; "" to print the points.
	Shown string
}

// Standings is the table of an event after a round. The same value feeds the
// standings PDF, CSV and JSON, the round-robin crosstable and the Swiss
// progress table.
type Standings struct {
	Event      Event
	AfterRound int // the round these standings are after; also the number of round columns in the progress table
	// EveryFinishedGame: every finished game counts, whatever its round
	// (correspondence play); the titles say so rather than a round.
	EveryFinishedGame bool
	TieBreaks         []TieBreak
	Rows              []StandingsRow // in order of place
	// Points is what a game's two scores add up to: Adiukh's 24 when 0,
	// a Russian game's 2, a micro-match's 4.
	Points int
	// ForfeitShown is a forfeit win as the event shows it where that is
	// not in the game's points (1:0 in a 1-½-0 event); "" otherwise.
	ForfeitShown string
	// Incomplete are the tie-breaks that leave out UnscoredGames games
	// whose score is unknown (imported without it): a note says so.
	Incomplete    []TieBreak
	UnscoredGames int
}

// StandingsRow is one player's line.
type StandingsRow struct {
	Place     int
	PlaceLast int // last place of a shared group (3 for "2–3"); 0 or Place when not shared
	Player    Player
	Points    float64   // game points in the event's scoring, as the event shows them (e.g. 2/1/0 or 1/½/0)
	TieBreaks []float64 // one per Standings.TieBreaks, in the same order
	Games     []PlayerGame
	// Playoff: a play-off decided the place among the players tied with
	// this one, not the tie-breaks (the standings page marks it too).
	Playoff bool
}

// PlayerGame is one game (or bye) of a player, for the crosstable and the
// progress table. A double round robin has two games against each opponent.
type PlayerGame struct {
	Round    int
	Opponent int // the opponent's start number; 0 for a bye or absence
	Colour   Colour
	Score    GameScore
}

// Pairings is the pairing list of one round.
type Pairings struct {
	Event Event
	Round int
	Date  time.Time
	// Starts is when the round starts at the boards, in the event's zone,
	// as its arbiter set it; when set it is printed instead of Date.
	Starts    time.Time
	PublicURL string // address of the public pairings page, printed as a QR code; empty prints none
	Boards    []Board
	// Points is what a board's two scores add up to: Adiukh's 24 when 0,
	// a Russian game's 2, a micro-match's 4 (the sum of its two games).
	Points int
	// Opening is the opening the round's micro-matches are played from,
	// as OpeningLine writes it; empty when none was drawn for the round.
	Opening string
}

// Board is one pairing. With Bye set, White holds the player who has a bye
// (Result.Kind says which) and Black is unused.
type Board struct {
	Number      int
	White       Player
	Black       Player
	WhitePoints float64 // points before the round
	BlackPoints float64
	Bye         bool
	// ByeRequested marks a bye the player asked for (half-point or
	// zero-point), as against the one the pairing gives.
	ByeRequested bool
	Result       GameScore // White's point of view; NotPlayed on a list printed before the round
	// Opening is the opening drawn for this board's micro-match, when each
	// board has its own.
	Opening string
}

// ScoreSheet is the data pre-filled on one score sheet (бланк записи партии).
// Every zero field is left as a line to fill in by hand, so ScoreSheet{} is a
// blank sheet and ScoreSheet{Event: e} a blank sheet of event e.
type ScoreSheet struct {
	Event Event
	Round int
	// Table is the match's table in a team event, 0 otherwise; Board is
	// then the board within the match (1–4), as on the match card.
	Table int
	Board int
	Date  time.Time
	White Player
	Black Player
	// WhiteTeam and BlackTeam name the players' teams on the sheets of a
	// team match; empty in an individual event.
	WhiteTeam string
	BlackTeam string
	// Game is the game of a micro-match (1, or 2 with the colours
	// exchanged), 0 for a game of its own; Opening the opening it is
	// played from, as OpeningLine writes it.
	Game    int
	Opening string
	// Match marks a game of a knockout's match: Game is its number in the
	// match, and TieBreak names the tempo of a tie-break game's stage
	// ("rapid", "blitz", "deciding"; "" for the match's own games).
	Match    bool
	TieBreak string
	// Moves are the plies of a game whose sheet came in, from White's
	// first (a micro-match game's opening first), written into the grid;
	// Score its result, White's first ("1:1"), written into the boxes.
	// Empty, the sheet is left to fill in at the board.
	Moves []string
	Score string
}

// GameRecord is one game with its moves and positions.
type GameRecord struct {
	Event Event
	Round int
	Board int
	Date  time.Time
	White Player
	Black Player
	Start *Position // nil for the initial position, which is not drawn
	Moves []string  // the plies in order, as recorded (full or short notation); the first is the side to move in Start
	Final Position
	// Ended tells whether Final is a final position (§5.1: the side to
	// move has no move); a game resigned, lost on time or decided by the
	// arbiter stops short of one, and the diagram is labelled so.
	Ended  bool
	Result GameScore // White's point of view
	// EndReason is how the game ended ("resignation", "time", …), printed
	// beside the score; "" when it ended in its final position.
	EndReason string
	// Override is the arbiter's reason for a result the sheet does not
	// show, and SheetScore what the sheet's final position gives ("18:6";
	// "" when it ends elsewhere): the record says both beside the result.
	Override   string
	SheetScore string
	// Game is the game of a micro-match (1, or 2 with the colours
	// exchanged), 0 for a game of its own; Opening the opening it was
	// played from, as OpeningLine writes it.
	Game    int
	Opening string
	// Match marks a game of a knockout's match: Game is its number in the
	// match, and TieBreak names the tempo of a tie-break game's stage.
	Match    bool
	TieBreak string
}

// Position is a board position: the towers on it and the side to move.
type Position struct {
	ToMove Colour
	Towers []Tower
	// Flat: a position of Russian draughts, whose pieces are single men
	// and kings (Own 1, Other 0), drawn flat; Kings lists the squares of
	// its kings.
	Flat  bool
	Kings []string
}

// Tower is what stands on one square (§2): a block of the owner's colour on
// top of at most one block of the other colour, written e5-2/1 in the rules'
// notation (§7.2): owner's count 2, other colour 1.
type Tower struct {
	Square string // e.g. "e5"; one of the 32 dark squares
	Owner  Colour // the colour of the top checker
	Own    int    // checkers of the owner's colour, at least 1
	Other  int    // checkers of the other colour underneath
}
