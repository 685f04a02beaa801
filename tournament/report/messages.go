package report

import (
	"fmt"

	"adiukh/tournament/catalog"
)

// msg is the key of a label in the catalogue (tournament/catalog), which
// holds its Russian and English text.
type msg string

const (
	msgAuditAt                msg = "report.audit_at"
	msgAuditLocal             msg = "report.audit_local"
	msgAuditUser              msg = "report.audit_user"
	msgAuditAction            msg = "report.audit_action"
	msgAuditSubject           msg = "report.audit_subject"
	msgAuditPlayers           msg = "report.audit_players"
	msgAuditText              msg = "report.audit_text"
	msgAuditChanges           msg = "report.audit_changes"
	msgAuditBefore            msg = "report.audit_before"
	msgAuditAfter             msg = "report.audit_after"
	msgAuditReason            msg = "report.audit_reason"
	msgLegendProgress         msg = "report.legend_progress"
	msgBoardStandingsAfter    msg = "report.board_standings_after"
	msgBoardStandingsFinal    msg = "report.board_standings_final"
	msgBoardTitle             msg = "report.board_title"
	msgGames                  msg = "report.games"
	msgAdiukhPoints           msg = "report.adiukh_points"
	msgLegendBoards           msg = "report.legend_boards"
	msgLegendBoardsByResult   msg = "report.legend_boards_by_result"
	msgRepeatedMark           msg = "report.repeated_mark"
	msgTeamRound              msg = "report.team_round"
	msgPrinted                msg = "report.printed"
	msgMovesPer               msg = "report.moves_per"
	msgLegendDirectEncounter  msg = "report.legend_direct_encounter"
	msgLegendUnscored         msg = "report.legend_unscored"
	msgLegendPlayoff          msg = "report.legend_playoff"
	msgCrosstable             msg = "report.crosstable"
	msgProgressAfter          msg = "report.progress_after"
	msgNotCountedYet          msg = "report.not_counted_yet"
	msgStandingsFinishedGames msg = "report.standings_finished_games"
	msgProgressFinishedGames  msg = "report.progress_finished_games"
	msgNotCountedNone         msg = "crosstable.not_counted_none"
	msgStandingsAfter         msg = "report.standings_after"
	msgStandingsFinal         msg = "report.standings_final"
	msgPairings               msg = "report.pairings"
	msgScoreSheet             msg = "report.score_sheet"
	msgOpening                msg = "report.opening"
	msgRoundOpening           msg = "report.round_opening"
	msgRoundStarts            msg = "report.round_starts"
	msgMicroGame              msg = "report.micro_game"
	msgGameRecord             msg = "report.game_record"
	msgPlace                  msg = "report.place"
	msgPlaceShort             msg = "report.place_short"
	msgStartNo                msg = "report.start_no"
	msgPlayer                 msg = "report.player"
	msgRating                 msg = "report.rating"
	msgBirthYear              msg = "report.birth_year"
	msgClub                   msg = "report.club"
	msgTitleColumn            msg = "report.title_column"
	msgTitleField             msg = "report.file_col.title"
	msgCity                   msg = "report.city"
	msgPoints                 msg = "report.points"
	msgRoundShort             msg = "report.round_short"
	msgBoard                  msg = "report.board"
	msgWhite                  msg = "report.white"
	msgBlack                  msg = "report.black"
	msgResult                 msg = "report.result"
	msgColourWhite            msg = "report.colour_white"
	msgColourBlack            msg = "report.colour_black"
	msgByeCell                msg = "report.bye_cell"
	msgByeBoard               msg = "report.bye_board"
	msgWithdrawn              msg = "report.withdrawn"
	msgLegendForfeits         msg = "report.legend_forfeits"
	msgLegendColours          msg = "report.legend_colours"
	msgLegendByes             msg = "report.legend_byes"
	msgPage                   msg = "report.page"
	msgChiefArbiter           msg = "report.chief_arbiter"
	msgEvent                  msg = "report.event"
	msgDiscipline             msg = "report.discipline"
	msgTimeControl            msg = "report.time_control"
	msgRound                  msg = "report.round"
	msgDate                   msg = "report.date"
	msgMoveNo                 msg = "report.move_no"
	msgScore                  msg = "report.score"
	msgSignatureWhite         msg = "report.signature_white"
	msgSignatureBlack         msg = "report.signature_black"
	msgSignatureArbiter       msg = "report.signature_arbiter"
	msgStartPosition          msg = "report.start_position"
	msgFinalPosition          msg = "report.final_position"
	msgLastPosition           msg = "report.last_position"
	msgWhiteToMove            msg = "report.white_to_move"
	msgBlackToMove            msg = "report.black_to_move"
	msgNotationWhite          msg = "report.notation_white"
	msgNotationBlack          msg = "report.notation_black"
	msgMoves                  msg = "report.moves"
	msgQRCaption              msg = "report.qr_caption"
	msgMinutes                msg = "report.minutes"
	msgSeconds                msg = "report.seconds"
	msgDays                   msg = "report.days"
	msgPerMove                msg = "report.per_move"
	msgDateFormat             msg = "report.date_format"
	msgTeam                   msg = "report.team"
	msgTeamStandingsAfter     msg = "report.team_standings_after"
	msgTeamStandingsFinal     msg = "report.team_standings_final"
	msgTeamCrosstable         msg = "report.team_crosstable"
	msgTeamProgressAfter      msg = "report.team_progress_after"
	msgMatchPoints            msg = "report.match_points"
	msgGamePoints             msg = "report.game_points"
	msgMatchCard              msg = "report.match_card"
	msgTable                  msg = "report.table"
	msgHome                   msg = "report.home"
	msgAway                   msg = "report.away"
	msgMatchTotal             msg = "report.match_total"
	msgCaptainHome            msg = "report.captain_home"
	msgCaptainAway            msg = "report.captain_away"
	msgHomeShort              msg = "report.home_short"
	msgAwayShort              msg = "report.away_short"
	msgLegendTeamPoints       msg = "report.legend_team_points"
	msgLegendTeamCells        msg = "report.legend_team_cells"
	msgTeamList               msg = "report.team_list"
	msgPlayerList             msg = "report.player_list"
	msgOverride               msg = "report.override"
	msgOverrideSheetScore     msg = "report.override_sheet_score"
	msgHalfPointByeBoard      msg = "reason.half_point_bye"
	msgZeroPointByeBoard      msg = "reason.zero_point_bye"
	msgBoardStandings         msg = "report.board_standings"
	msgLegendTeamProgress     msg = "report.legend_team_progress"
	msgRatingList             msg = "report.rating_list"
	msgRatingAfterPeriod      msg = "report.rating_after_period"
	msgRatingNotPublished     msg = "report.rating_not_published"
	msgRatingOptions          msg = "report.rating_options"
	msgRatingScoreWinDraw     msg = "report.rating_score_win_draw"
	msgRatingScoreShare       msg = "report.rating_score_share"
	msgRatingFilter           msg = "report.rating_filter"
	msgRatingSearch           msg = "report.rating_search"
	msgRatingRegion           msg = "report.rating_region"
	msgRatingInRegion         msg = "report.rating_in_region"
	msgRatingInClub           msg = "report.rating_in_club"
	msgRatingSex              msg = "report.rating_sex"
	msgRatingAge              msg = "report.rating_age"
	msgRatingID               msg = "report.rating_id"
	msgRatingChange           msg = "report.rating_change"
	msgRatingGames            msg = "report.rating_games"
	msgRatingKNext            msg = "report.rating_k_next"
	msgRatingNoRows           msg = "report.rating_no_rows"
	msgRatingPeriodReport     msg = "report.rating_period_report"
	msgRatingLegend           msg = "report.rating_legend"
	msgRatingEventReport      msg = "report.rating_event_report"
	msgRatingEventUnlinked    msg = "report.rating_event_unlinked"
	msgRatingEventNotRated    msg = "report.rating_event_not_rated"
	msgRatingEventPending     msg = "report.rating_event_pending"
	msgRatingEventPeriod      msg = "report.rating_event_period"
	msgRatingEventLegend      msg = "report.rating_event_legend"
	msgRatingCorrection       msg = "report.rating_correction"
	msgRatingGamePlace        msg = "report.rating_game_place"
	msgRatingAfter            msg = "report.rating_after"
	msgRatingOpponent         msg = "report.rating_opponent"
)

// disciplineName is the full name of an event's discipline in the
// language, with its game ("Русские шашки — быстрая программа"); "" for
// none.
func disciplineName(loc catalog.Lang, e Event) string {
	switch {
	case e.Discipline == "":
		return ""
	case e.DisciplineKey != "":
		return catalog.For(loc).T(e.DisciplineKey)
	}
	return catalog.For(loc).T("discipline_full." + e.Discipline)
}

// systemName is a pairing system's name in the language, "" for none (a
// composition contest).
func systemName(loc catalog.Lang, id string) string {
	if id == "" {
		return ""
	}
	return catalog.For(loc).T("system_full." + id)
}

// text returns the label in the locale's language, formatted with args when
// the label has verbs.
func text(loc catalog.Lang, m msg, args ...any) string {
	s := catalog.For(loc).T(string(m))
	if len(args) > 0 {
		return fmt.Sprintf(s, args...)
	}
	return s
}
