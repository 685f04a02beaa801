// Package report renders what an arbiter prints and what a federation loads:
// crosstables, Swiss progress tables, standings, pairing lists, score sheets
// (бланки записи партии) and game records as A4 PDFs, and standings as CSV
// and JSON.
//
// It renders from the plain view structs defined in view.go and knows nothing
// about the store, the pairing systems or the rules engine: the service fills
// the views (places, tie-break values, final positions are computed there) and
// this package only lays them out. Every word comes from the one catalogue
// (tournament/catalog) in the document's language, a catalog.Lang: labels,
// and the names of disciplines, systems and tie-breaks, which arrive as
// their IDs.
//
// # Filling the views
//
//   - Event: tournament.Event's fields; dates parsed from "YYYY-MM-DD"
//     (time.DateOnly), TimeControl{Base: minutes × time.Minute, Increment:
//     seconds × time.Second}, the discipline and the system as the API
//     spells them.
//   - Standings: one StandingsRow per standings.Row, in its order: Place and
//     PlaceLast from Rank and RankLast, Points from Score, TieBreaks from
//     Row.TieBreaks in the event's tie-break order (TieBreak.ID from the
//     standings registry). Player.Withdrawn when WithdrawnFrom > 0.
//   - PlayerGame (crosstable and progress table only): one per round the
//     player was in, from that player's side: Kind as in standings.Kind
//     (Played, Forfeit, DoubleForfeit, PairingBye, HalfPointBye,
//     ZeroPointBye, Absent), Own:Opponent in Adiukh points.
//   - GameRecord: the moves as plies and the final position from the rules
//     replay of the game sheet; Start only when the game did not begin from
//     the initial position.
//
// Every function renders into its own document, so any number of reports may
// be rendered at once from different goroutines. Input a report cannot print
// faithfully (a score that does not add up to 24, a tower on a light square,
// an unknown opponent) is refused with an error naming the row, game or tower.
package report
