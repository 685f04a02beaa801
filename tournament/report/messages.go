package report

import "fmt"

// msg is the key of a label; messages holds its Russian and English text.
type msg int

const (
	msgCrosstable msg = iota
	msgProgressAfter
	msgStandingsAfter
	msgStandingsFinal
	msgPairings
	msgScoreSheet
	msgGameRecord
	msgPlace
	msgPlaceShort
	msgStartNo
	msgPlayer
	msgRating
	msgBirthYear
	msgClub
	msgCity
	msgPoints
	msgRoundShort
	msgBoard
	msgWhite
	msgBlack
	msgResult
	msgByeCell
	msgByeBoard
	msgWithdrawn
	msgLegendForfeits
	msgColourWhite
	msgColourBlack
	msgLegendColours
	msgLegendProgress
	msgLegendByes
	msgPage
	msgChiefArbiter
	msgEvent
	msgDiscipline
	msgTimeControl
	msgRound
	msgDate
	msgMoveNo
	msgScore
	msgSignatureWhite
	msgSignatureBlack
	msgSignatureArbiter
	msgStartPosition
	msgFinalPosition
	msgWhiteToMove
	msgBlackToMove
	msgNotationWhite
	msgNotationBlack
	msgMoves
	msgQRCaption
	msgMinutes
	msgSeconds
	msgDays
	msgPerMove
	msgMovesPer
	msgDateFormat
	msgTeam
	msgTeamStandingsAfter
	msgTeamStandingsFinal
	msgTeamCrosstable
	msgTeamProgressAfter
	msgMatchPoints
	msgGamePoints
	msgMatchCard
	msgTable
	msgHome
	msgAway
	msgMatchTotal
	msgCaptainHome
	msgCaptainAway
	msgHomeShort
	msgAwayShort
	msgLegendTeamPoints
	msgLegendTeamCells
	msgTeamList
	msgLegendTeamProgress
	msgBoardStandingsAfter
	msgBoardStandingsFinal
	msgBoardTitle
	msgGames
	msgAdiukhPoints
	msgLegendBoards
	msgTeamRound
	msgPrinted
	msgLegendDirectEncounter
	msgCount
)

// messages has both spellings of every label; a test checks none is missing.
var messages = [msgCount]struct{ ru, en string }{
	msgCrosstable:       {"Турнирная таблица", "Crosstable"},
	msgProgressAfter:    {"Таблица по турам после %d-го тура", "Progress table after round %d"},
	msgStandingsAfter:   {"Положение участников после %d-го тура", "Standings after round %d"},
	msgStandingsFinal:   {"Итоговое положение участников", "Final standings"},
	msgPairings:         {"Жеребьёвка %d-го тура", "Pairings of round %d"},
	msgScoreSheet:       {"Бланк записи партии", "Score sheet"},
	msgGameRecord:       {"Запись партии", "Game record"},
	msgPlace:            {"Место", "Place"},
	msgPlaceShort:       {"М", "Pl"},
	msgStartNo:          {"№", "No"},
	msgPlayer:           {"Участник", "Player"},
	msgRating:           {"Рейт.", "Rtg"},
	msgBirthYear:        {"Г. р.", "Born"},
	msgClub:             {"Клуб", "Club"},
	msgCity:             {"Город", "City"},
	msgPoints:           {"Очки", "Pts"},
	msgRoundShort:       {"%d тур", "Rd %d"},
	msgBoard:            {"Доска", "Board"},
	msgWhite:            {"Белые", "White"},
	msgBlack:            {"Чёрные", "Black"},
	msgResult:           {"Результат", "Result"},
	msgByeCell:          {"бай", "bye"},
	msgByeBoard:         {"свободен от игры (бай)", "bye"},
	msgWithdrawn:        {"выбыл", "withdrawn"},
	msgLegendForfeits:   {"+:− и −:+ — неявка (24:0), −:− — двойная неявка (0:0)", "+:− and −:+ forfeit (24:0), −:− double forfeit (0:0)"},
	msgColourWhite:      {"б", "w"},
	msgColourBlack:      {"ч", "b"},
	msgLegendColours:    {"б — белые, ч — чёрные", "w White, b Black"},
	msgLegendProgress:   {"в клетке — место соперника в этой таблице, ○ белыми, ● чёрными, и счёт партии", "a cell holds the opponent's place in this table, ○ White, ● Black, and the score"},
	msgLegendByes:       {"бай +, бай =, бай − — свободен от игры с очками за победу, ничью, поражение; — не играл в туре", "bye +, bye =, bye − a bye scoring a win, a draw, a loss; — not paired in the round"},
	msgPage:             {"стр. %d из %s", "page %d of %s"},
	msgChiefArbiter:     {"Главный судья", "Chief arbiter"},
	msgEvent:            {"Соревнование", "Event"},
	msgDiscipline:       {"Дисциплина", "Discipline"},
	msgTimeControl:      {"Контроль времени", "Time control"},
	msgRound:            {"Тур", "Round"},
	msgDate:             {"Дата", "Date"},
	msgMoveNo:           {"№", "No"},
	msgScore:            {"Счёт партии", "Score"},
	msgSignatureWhite:   {"Подпись белых", "White's signature"},
	msgSignatureBlack:   {"Подпись чёрных", "Black's signature"},
	msgSignatureArbiter: {"Подпись судьи", "Arbiter's signature"},
	msgStartPosition:    {"Начальная позиция", "Start position"},
	msgFinalPosition:    {"Конечная позиция", "Final position"},
	msgWhiteToMove:      {"ход белых", "White to move"},
	msgBlackToMove:      {"ход чёрных", "Black to move"},
	// The position notation of §7.2 is spelled as the rules spell it.
	msgNotationWhite: {"белые", "white"},
	msgNotationBlack: {"черные", "black"},
	msgMoves:         {"Ходы", "Moves"},
	msgQRCaption:     {"Жеребьёвка и результаты онлайн", "Pairings and results online"},
	msgMinutes:       {"мин", "min"},
	msgSeconds:       {"с", "s"},
	msgDays:          {"дн.", "days"},
	msgPerMove:       {"ход", "move"},
	msgMovesPer:      {"ходов", "moves"},
	msgDateFormat:    {"02.01.2006", "2 Jan 2006"},

	msgTeam:                {"Команда", "Team"},
	msgTeamStandingsAfter:  {"Положение команд после %d-го тура", "Team standings after round %d"},
	msgTeamStandingsFinal:  {"Итоговое положение команд", "Final team standings"},
	msgTeamCrosstable:      {"Турнирная таблица команд", "Team crosstable"},
	msgTeamProgressAfter:   {"Таблица команд по турам после %d-го тура", "Team progress table after round %d"},
	msgMatchPoints:         {"КО", "MP"},
	msgGamePoints:          {"ИО", "GP"},
	msgMatchCard:           {"Протокол матча", "Match card"},
	msgTable:               {"Стол", "Table"},
	msgHome:                {"Хозяева", "Home"},
	msgAway:                {"Гости", "Away"},
	msgMatchTotal:          {"Итог матча", "Match total"},
	msgCaptainHome:         {"Капитан хозяев", "Home captain"},
	msgCaptainAway:         {"Капитан гостей", "Away captain"},
	msgHomeShort:           {"х", "h"},
	msgAwayShort:           {"г", "a"},
	msgLegendTeamPoints:    {"КО — командные очки, ИО — игровые очки", "MP match points, GP game points"},
	msgLegendTeamCells:     {"в клетке — игровые очки матча (3:1)", "a cell holds the match's game points (3:1)"},
	msgTeamList:            {"Команды", "Teams"},
	msgBoardStandingsAfter: {"Результаты по доскам после %d-го тура", "Board standings after round %d"},
	msgBoardStandingsFinal: {"Итоговые результаты по доскам", "Final board standings"},
	msgBoardTitle:          {"Доска %d", "Board %d"},
	msgGames:               {"Партий", "Games"},
	msgAdiukhPoints:        {"Адиюх", "Adiukh"},
	msgLegendBoards:        {"места на доске — по проценту набранных очков, затем по числу партий и сумме очков адиюх; неявки засчитаны", "places on a board go by the percentage of points scored, then by games played and Adiukh points; forfeits count"},
	msgTeamRound:           {"Матчи %d-го тура", "Matches of round %d"},
	msgPrinted:             {"напечатано %s", "printed %s"},
	msgLegendDirectEncounter: {"%s — очки в партиях с участниками, равными по очкам; место решают встречи внутри группы, равной по очкам и всем показателям перед этим, а оставшаяся равной подгруппа сравнивается снова только внутри себя (в швейцарской системе — лишь когда разрыв нельзя отыграть несыгранными партиями), поэтому порядок может отличаться от чисел столбца",
		"%s — points scored against the players equal on points; places are decided by the games within the group equal on points and every earlier tie-break, and a subgroup still equal is compared again among itself only (in a Swiss event only where the games not played cannot close the gap), so the order may differ from the column's numbers"},
	msgLegendTeamProgress: {"в клетке — соперник, х/г — хозяева или гости, игровые очки матча; бай — свободен от игры", "a cell holds the opponent, h/a home or away, and the match's game points; bye a round without a match"},
}

// text returns the label in the locale's language, formatted with args when
// the label has verbs.
func text(loc Locale, m msg, args ...any) string {
	s := messages[m].ru
	if loc == English {
		s = messages[m].en
	}
	if len(args) > 0 {
		return fmt.Sprintf(s, args...)
	}
	return s
}
