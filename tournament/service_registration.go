package tournament

import (
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"adiukh/internal/names"
)

// PlayerLine is one player of a list registered at once, with the line it
// came from (its place in the list when it did not come from text).
type PlayerLine struct {
	Line  int
	Input PlayerInput
}

// playerColumns are the columns of a pasted player list, in order.
var playerColumns = []string{"name", "rating", "birth_year", "club", "city", "federation_id"}

// ParsePlayerList reads a pasted list of players, one a line: name, rating,
// birth year, club, city, federation ID; only the name is required. Commas
// or semicolons (as spreadsheets in Russian locales export) separate the
// fields, chosen line by line, as a list may be pasted from two sources;
// blank lines and a header line are skipped. Every bad line is reported at
// once: the error's Details name each line and field.
func ParsePlayerList(text string) ([]PlayerLine, error) {
	var lines []PlayerLine
	var problems []*Error
	for i, raw := range strings.Split(text, "\n") {
		n := i + 1
		if strings.TrimSpace(raw) == "" {
			continue
		}
		r := csv.NewReader(strings.NewReader(raw))
		r.Comma, r.FieldsPerRecord, r.TrimLeadingSpace = separator(raw), -1, true
		record, err := r.Read()
		if err != nil {
			problems = append(problems, lineError(n, quoteError(raw, err)))
			continue
		}
		if len(lines) == 0 && len(problems) == 0 && isHeaderName(record[0]) {
			continue
		}
		in, err := playerRecord(record)
		if err == nil {
			err = in.applyDetails(&Player{})
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

// separator is the character that separates the fields of a line: the
// semicolon when the line has more of them than commas, else the comma.
func separator(line string) rune {
	if strings.Count(line, ";") > strings.Count(line, ",") {
		return ';'
	}
	return ','
}

// quoteError says what is wrong with the quotes of a line the csv reader
// refused, and at which character (the reader counts bytes).
func quoteError(raw string, err error) *Error {
	at := 1
	var perr *csv.ParseError
	if errors.As(err, &perr) && perr.Column > 0 {
		at = utf8.RuneCountInString(raw[:min(perr.Column-1, len(raw))]) + 1
	}
	if errors.Is(err, csv.ErrBareQuote) {
		return Invalid("", "the quotes of the line do not pair up at character %d: a field that does not start with a quote mark has one inside; put the whole field in quotes and double the quote marks in it", at)
	}
	return Invalid("", "the quotes of the line do not pair up at character %d: a field in quotes is not closed, or text follows its closing quote mark", at)
}

// playerRecord reads the cells of one line; an empty number is left out.
func playerRecord(record []string) (PlayerInput, error) {
	cell := func(k int) string {
		if k < len(record) {
			return strings.TrimSpace(record[k])
		}
		return ""
	}
	if len(record) > len(playerColumns) {
		return PlayerInput{}, Invalid("", "a line has at most %d fields (%s); got %d", len(playerColumns), strings.Join(playerColumns, ", "), len(record))
	}
	in := PlayerInput{Name: ptrTo(cell(0)), Club: ptrTo(cell(3)), City: ptrTo(cell(4)), FederationID: ptrTo(cell(5))}
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
			return in, Invalid(playerColumns[num.col], "%q is not a whole number", v)
		}
		*num.to = &n
	}
	return in, nil
}

func ptrTo[T any](v T) *T { return &v }

// isHeaderName recognises the first cell of a header line, as the form
// names the column ("Фамилия и имя") or as spreadsheets head it.
func isHeaderName(cell string) bool {
	switch strings.Join(strings.Fields(strings.ToLower(cell)), " ") {
	case "name", "full name", "player", "имя", "фио", "ф.и.о.", "фамилия", "фамилия, имя", "фамилия и имя", "фамилия имя", "участник":
		return true
	}
	return false
}

// lineError places a problem of one line; an *Error keeps its field.
func lineError(line int, err error) *Error {
	var e *Error
	if !errors.As(err, &e) {
		e = Invalid("", "%v", err)
	}
	c := *e
	c.Line = line
	return &c
}

func linesInvalid(problems []*Error) *Error {
	e := Invalid("players", "%d lines of the list have errors; nothing was registered", len(problems))
	e.Details = problems
	return e
}

// RegisterPlayers enters a list of players in one transaction: all of them
// or, when a line is wrong, none, with every bad line named. A player who
// looks registered already, or twice in the list (names equal up to case
// and ё/е, or the same federation ID), is only entered when the caller
// confirms the duplicates; until then the answer is ECONFLICT on
// confirm_duplicates listing them. A player whose federation ID is in the
// register is linked to that person (linkPeople). The players are
// numbered as RegisterPlayer numbers one.
func (s *Service) RegisterPlayers(ctx context.Context, eventID int64, lines []PlayerLine, confirmDuplicates bool) ([]Player, error) {
	if len(lines) == 0 {
		return nil, Invalid("players", "the list has no players")
	}
	var problems []*Error
	for _, l := range lines {
		switch {
		case l.Input.Name == nil:
			problems = append(problems, lineError(l.Line, Invalid("name", "is required")))
		case l.Input.StartNo != nil:
			problems = append(problems, lineError(l.Line, Invalid("start_no", "a list is numbered by rating or after the players registered; give start numbers one by one")))
		case l.Input.WithdrawFromRound != nil && *l.Input.WithdrawFromRound != 0:
			problems = append(problems, lineError(l.Line, Invalid("withdraw_from_round", "a new player cannot be withdrawn; register, then withdraw")))
		default:
			if err := l.Input.applyDetails(&Player{}); err != nil {
				problems = append(problems, lineError(l.Line, err))
			}
		}
	}
	if len(problems) > 0 {
		return nil, linesInvalid(problems)
	}
	var added []Player
	err := s.store.Update(ctx, func(tx Tx) error {
		e, u, err := manageable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		players, rounds, err := playersAndRounds(tx, eventID)
		if err != nil {
			return err
		}
		if err := registrationOpen(e, len(rounds)); err != nil {
			return err
		}
		var ids []int64
		for _, l := range lines {
			p := Player{EventID: eventID, FirstRound: len(rounds) + 1, StartNo: len(players) + 1}
			if err := l.Input.applyDetails(&p); err != nil {
				return lineError(l.Line, err)
			}
			players = append(players, p)
		}
		if !confirmDuplicates {
			if dup := duplicates(players[:len(players)-len(lines)], players[len(players)-len(lines):], lines); dup != nil {
				return dup
			}
		}
		existing, fresh := players[:len(players)-len(lines)], players[len(players)-len(lines):]
		if err := linkToRegister(tx, e, existing, fresh); err != nil {
			return err
		}
		if err := tx.CreatePlayers(fresh); err != nil {
			return err
		}
		for _, p := range fresh {
			ids = append(ids, p.ID)
		}
		if len(rounds) == 0 && !e.ManualStartNumbers {
			if err := renumber(tx, players); err != nil {
				return err
			}
		}
		reason := Note("note.players.list", len(lines))
		if confirmDuplicates {
			reason = Note("note.players.list_duplicates_confirmed", len(lines))
		}
		for _, id := range ids {
			p := findPlayer(players, id)
			added = append(added, *p)
			if err := Audit(tx, s.now(), u, eventID, ActionPlayerCreate, fmt.Sprintf("player %d", p.ID), nil, p, reason); err != nil {
				return err
			}
		}
		return nil
	})
	return added, err
}

// registrationOpen says why an event takes no more players, or nil.
func registrationOpen(e *Event, paired int) error {
	switch {
	case e.Status == Finished:
		return Conflict("", "event %d is finished", e.ID)
	case e.Discipline.IsTeam():
		return Invalid("discipline", "the players of a team event are registered with their team's roster")
	case paired > 0 && e.System.IsRoundRobin():
		return Conflict("", "a round robin cannot take a late entry once round 1 is paired: the Berger table is fixed by the number of players")
	}
	return nil
}

// duplicates lists the new players that look like a registered player or
// like an earlier line of the list: a warning the arbiter confirms, as two
// namesakes may well play.
func duplicates(registered, added []Player, lines []PlayerLine) *Error {
	var found []*Error
	for i := range added {
		p := &added[i]
		if q := lookalike(registered, p); q != nil {
			found = append(found, lineError(lines[i].Line, Conflict(q.field, "%s looks like %s, already registered with start number %d", p.Name, q.p.Name, q.p.StartNo)))
			continue
		}
		if q := lookalike(added[:i], p); q != nil {
			found = append(found, lineError(lines[i].Line, Conflict(q.field, "%s looks like %s on line %d of the list", p.Name, q.p.Name, lines[q.index].Line)))
		}
	}
	if len(found) == 0 {
		return nil
	}
	e := Conflict("confirm_duplicates", "%d players of the list may be registered twice; check them, then confirm to register them all the same", len(found))
	e.Details = found
	return e
}

// notRegisteredYet refuses a newcomer who looks like a registered player,
// until the arbiter confirms it.
func notRegisteredYet(tx PlayerTx, p *Player) error {
	found, err := tx.Lookalikes(p)
	if err != nil {
		return err
	}
	if q := lookalike(found, p); q != nil {
		return Conflict("confirm_duplicates", "%s looks like %s, already registered with start number %d; check, then confirm to register the player all the same", p.Name, q.p.Name, q.p.StartNo)
	}
	return nil
}

type match struct {
	p     *Player
	index int
	field string // what they share: "name" or "federation_id"
}

// lookalike finds the first of players with p's federation ID, p's name
// up to case and ё/е, or, unless both have federation IDs (which tell
// them apart), a name that may be p's as the register reads names
// (names.Match: the words in any order, ё = е, a missing patronymic, a
// slip in a word, Cyrillic or Latin).
func lookalike(players []Player, p *Player) *match {
	for i := range players {
		q := &players[i]
		switch {
		case p.FederationID != "" && strings.EqualFold(p.FederationID, q.FederationID):
			return &match{q, i, "federation_id"}
		case sameName(p.Name, q.Name):
			return &match{q, i, "name"}
		}
		if _, ok := names.Match(p.Name, q.Name); ok && (p.FederationID == "" || q.FederationID == "") {
			return &match{q, i, "name"}
		}
	}
	return nil
}

// LookalikeWords are the words of a name a store looks for the players it
// may be by (Lookalikes): those of three letters or more, folded, with the
// Latin forms of Cyrillic ones. A name with a Latin word may be a player's
// written in Cyrillic, which no Latin word finds: then it is nil, for every
// player of the event.
func LookalikeWords(name string) []string {
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

// sameName compares names as people read them: case, ё/е and the spaces
// between words do not matter.
func sameName(a, b string) bool {
	return FoldName(a) == FoldName(b)
}

// FoldName folds a name as people read it: case, ё/е and the spaces
// between words do not matter. The register's searches compare names so.
func FoldName(s string) string {
	s = strings.ReplaceAll(strings.ToLower(s), "ё", "е")
	return strings.Join(strings.Fields(s), " ")
}

// samePerson reports whether two entries are one person: linked to the
// same person of the register, the same federation ID, or, unless both
// have federation IDs (then namesakes are told apart by them), the same
// name.
func samePerson(a, b *Player) bool {
	if a.PersonID != 0 && a.PersonID == b.PersonID {
		return true
	}
	if a.FederationID != "" && b.FederationID != "" {
		return strings.EqualFold(a.FederationID, b.FederationID)
	}
	return sameName(a.Name, b.Name)
}
