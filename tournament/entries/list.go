package entries

import (
	"context"
	"encoding/csv"
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"

	"adiukh/tournament"
	registration "adiukh/tournament/players"
)

// The arbiter's list of players registered at once: pasted as text, or
// sent by the JSON API line by line. The players of a list come to the
// event all at once, or none of them, through players.AdmitPlayers.

// PlayerLine is one player of a list registered at once, with the line it
// came from (its place in the list when it did not come from text).
type PlayerLine struct {
	Line  int
	Input tournament.PlayerInput
}

// playerColumns are the columns of a pasted player list, in order, and of
// a line of a team's roster on the desk: one order wherever a line of
// players is pasted.
var playerColumns = []string{"name", "rating", "birth_year", "club", "city", "federation_id", "title", "federation"}

// ParsePlayerList reads a pasted list of players, one a line: name, rating,
// birth year, club, city, federation ID, rank or title, federation (RUS);
// only the name is required. Commas,
// semicolons (as spreadsheets in Russian locales export) or tabs (cells
// copied from a spreadsheet) separate the fields, chosen line by line, as a
// list may be pasted from two sources; blank lines and a header line are
// skipped. Every bad line is reported at
// once: the error's Details name each line and field.
func ParsePlayerList(text string) ([]PlayerLine, error) {
	var lines []PlayerLine
	var problems []*tournament.Error
	for i, raw := range strings.Split(text, "\n") {
		n := i + 1
		if strings.TrimSpace(raw) == "" {
			continue
		}
		record, err := lineCells(raw)
		if err != nil {
			problems = append(problems, lineError(n, err))
			continue
		}
		if len(lines) == 0 && len(problems) == 0 && isHeader(record) {
			continue
		}
		in, err := playerRecord(record)
		if err == nil {
			err = registration.CheckDetails(in)
		}
		if err != nil {
			problems = append(problems, lineError(n, err))
			continue
		}
		lines = append(lines, PlayerLine{Line: n, Input: in})
	}
	if len(problems) > 0 {
		return nil, linesInvalid(problems)
	}
	return lines, nil
}

// ParsePlayerLine reads one line of players' cells, as a line of the
// pasted list is read (the same columns and separators, quotes paired): a
// team's roster on the desk is written so, one player a line.
func ParsePlayerLine(raw string) (tournament.PlayerInput, error) {
	record, err := lineCells(raw)
	if err != nil {
		return tournament.PlayerInput{}, err
	}
	return playerRecord(record)
}

// lineCells splits a line into its cells by its separator.
func lineCells(raw string) ([]string, error) {
	r := csv.NewReader(strings.NewReader(raw))
	// Between tabs, spaces are not trimmed by the reader: it would take
	// the tab of an empty cell for space (playerRecord trims cells).
	r.Comma, r.FieldsPerRecord = separator(raw), -1
	r.TrimLeadingSpace = r.Comma != '\t'
	record, err := r.Read()
	if err != nil {
		return nil, quoteError(raw, err)
	}
	return record, nil
}

// separator is the character that separates the fields of a line: the tab
// of cells copied from a spreadsheet, else the semicolon when the line has
// more of them than commas, else the comma.
func separator(line string) rune {
	switch {
	case strings.Contains(line, "\t"):
		return '\t'
	case strings.Count(line, ";") > strings.Count(line, ","):
		return ';'
	}
	return ','
}

// quoteError says what is wrong with the quotes of a line the csv reader
// refused, and at which character (the reader counts bytes).
func quoteError(raw string, err error) *tournament.Error {
	at := 1
	var perr *csv.ParseError
	if errors.As(err, &perr) && perr.Column > 0 {
		at = utf8.RuneCountInString(raw[:min(perr.Column-1, len(raw))]) + 1
	}
	if errors.Is(err, csv.ErrBareQuote) {
		return tournament.Invalid("", "the quotes of the line do not pair up at character %d: a field that does not start with a quote mark has one inside; put the whole field in quotes and double the quote marks in it", at)
	}
	return tournament.Invalid("", "the quotes of the line do not pair up at character %d: a field in quotes is not closed, or text follows its closing quote mark", at)
}

// playerRecord reads the cells of one line; an empty number is left out.
func playerRecord(record []string) (tournament.PlayerInput, error) {
	cell := func(k int) string {
		if k < len(record) {
			return strings.TrimSpace(record[k])
		}
		return ""
	}
	if len(record) > len(playerColumns) {
		return tournament.PlayerInput{}, tournament.Invalid("", "a line has at most %d fields (%s); got %d", len(playerColumns), strings.Join(playerColumns, ", "), len(record))
	}
	in := tournament.PlayerInput{Name: ptr(cell(0)), Club: ptr(cell(3)), City: ptr(cell(4)), FederationID: ptr(cell(5)), Title: ptr(cell(6)), Federation: ptr(cell(7))}
	for _, num := range []struct {
		col int
		to  **int
	}{{1, &in.Rating}, {2, &in.BirthYear}} {
		v := cell(num.col)
		if v == "" {
			continue
		}
		n, err := strconv.Atoi(v)
		if err != nil {
			return in, tournament.Invalid(playerColumns[num.col], "%q is not a whole number", v)
		}
		*num.to = &n
	}
	return in, nil
}

// isHeader recognises a header line: its first cell names the column as
// the form does ("Фамилия и имя") or as spreadsheets head it, or its second
// names the rating, whatever the first says ("Спортсмен", "Ф. И. О.").
func isHeader(record []string) bool {
	switch headerWords(record[0]) {
	case "name", "full name", "player", "имя", "фио", "ф.и.о.", "ф. и. о.", "фамилия", "фамилия, имя", "фамилия и имя", "фамилия имя", "участник", "спортсмен":
		return true
	}
	if len(record) < 2 {
		return false
	}
	switch headerWords(record[1]) {
	case "rating", "рейтинг", "рейтинг фшр", "rtg", "эло", "elo":
		return true
	}
	return false
}

// headerWords is a header cell in lower case, its spaces made single.
func headerWords(cell string) string {
	return strings.Join(strings.Fields(strings.ToLower(cell)), " ")
}

// lineError places a problem of one line; a domain error keeps its field.
func lineError(line int, err error) *tournament.Error {
	var e *tournament.Error
	if !errors.As(err, &e) {
		e = tournament.Invalid("", "%v", err)
	}
	c := *e
	c.Line = line
	return &c
}

func linesInvalid(problems []*tournament.Error) *tournament.Error {
	e := tournament.Invalid("players", "%d lines of the list have errors; nothing was registered", len(problems))
	e.Details = problems
	return e
}

// RegisterPlayers enters a list of players in one transaction: all of them
// or, when a line is wrong, none, with every bad line named. A player who
// looks registered already, or twice in the list (names equal up to case
// and ё/е, or the same federation ID), is only entered when the caller
// confirms the duplicates; until then the answer is ECONFLICT on
// confirm_duplicates listing them. A player whose federation ID is in the
// register is linked to that person (players.AdmitPlayers). The
// players are numbered as players.Service.RegisterPlayer numbers one.
func (s *Service) RegisterPlayers(ctx context.Context, eventID int64, lines []PlayerLine, confirmDuplicates bool) ([]tournament.Player, error) {
	if len(lines) == 0 {
		return nil, tournament.Invalid("players", "the list has no players")
	}
	var problems []*tournament.Error
	for _, l := range lines {
		switch {
		case l.Input.Name == nil:
			problems = append(problems, lineError(l.Line, tournament.Invalid("name", "is required")))
		case l.Input.StartNo != nil:
			problems = append(problems, lineError(l.Line, tournament.Invalid("start_no", "a list is numbered by rating or after the players registered; give start numbers one by one")))
		case l.Input.WithdrawFromRound != nil && *l.Input.WithdrawFromRound != 0:
			problems = append(problems, lineError(l.Line, tournament.Invalid("withdraw_from_round", "a new player cannot be withdrawn; register, then withdraw")))
		default:
			if err := registration.CheckDetails(l.Input); err != nil {
				problems = append(problems, lineError(l.Line, err))
			}
		}
	}
	if len(problems) > 0 {
		return nil, linesInvalid(problems)
	}
	var added []tournament.Player
	err := s.store.Update(ctx, func(tx Tx) error {
		e, u, err := tournament.Manageable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		players, err := tx.Players(eventID)
		if err != nil {
			return err
		}
		paired, err := tx.CountRounds(eventID)
		if err != nil {
			return err
		}
		if err := registration.RegistrationOpen(e, paired); err != nil {
			return err
		}
		// The titles are read by the rule book of the event's game,
		// known only now; every line at fault is told at once.
		var wrong []*tournament.Error
		for _, l := range lines {
			p := tournament.Player{EventID: eventID, FirstRound: paired + 1, StartNo: len(players) + 1}
			if err := registration.ApplyDetails(rankBeforeName(l.Input, e.Game), &p, e.Game); err != nil {
				wrong = append(wrong, lineError(l.Line, err))
			}
			players = append(players, p)
		}
		if len(wrong) > 0 {
			return linesInvalid(wrong)
		}
		if !confirmDuplicates {
			if dup := duplicates(players[:len(players)-len(lines)], players[len(players)-len(lines):], lines); dup != nil {
				return dup
			}
		}
		reason := tournament.Note("note.players.list", len(lines))
		if confirmDuplicates {
			reason = tournament.Note("note.players.list_duplicates_confirmed", len(lines))
		}
		added, err = registration.AdmitPlayers(tx, s.now(), e, u, players, len(lines), paired, reason)
		return err
	})
	return added, err
}

// rankBeforeName reads a rank written before the name («I Набоков Иван»,
// «КМС Хуаде Аслан»), as Russian lists often put it, as the player's
// title when the line gives none: kept in the name, the rank would be
// taken for an initial or a surname. A name of two words keeps its first
// (a surname and a given name).
func rankBeforeName(in tournament.PlayerInput, game tournament.GameKind) tournament.PlayerInput {
	if in.Name == nil || (in.Title != nil && strings.TrimSpace(*in.Title) != "") {
		return in
	}
	words := strings.Fields(*in.Name)
	if len(words) < 3 {
		return in
	}
	title, err := tournament.ParseTitle(game, words[0])
	if err != nil {
		return in
	}
	name := strings.Join(words[1:], " ")
	in.Name, in.Title = &name, &title
	return in
}

// duplicates lists the new players that look like a registered player or
// like an earlier line of the list: a warning the arbiter confirms, as two
// namesakes may well play.
func duplicates(registered, added []tournament.Player, lines []PlayerLine) *tournament.Error {
	var found []*tournament.Error
	for i := range added {
		p := &added[i]
		if j, field := registration.Lookalike(registered, p); j >= 0 {
			q := &registered[j]
			found = append(found, lineError(lines[i].Line, tournament.Conflict(field, "%s looks like %s, already registered with start number %d", p.Name, q.Name, q.StartNo)))
			continue
		}
		if j, field := registration.Lookalike(added[:i], p); j >= 0 {
			found = append(found, lineError(lines[i].Line, tournament.Conflict(field, "%s looks like %s on line %d of the list", p.Name, added[j].Name, lines[j].Line)))
		}
	}
	if len(found) == 0 {
		return nil
	}
	e := tournament.Conflict("confirm_duplicates", "%d players of the list may be registered twice; check them, then confirm to register them all the same", len(found))
	e.Details = found
	return e
}

func ptr[T any](v T) *T { return &v }
