package export

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"adiukh/rules"
	"adiukh/tournament"
	"adiukh/tournament/knockout"
	"adiukh/tournament/playoff"
)

// Skipped is a game with a score sheet that an export left out, and why.
type Skipped struct {
	// Playoff is the play-off event the game was played in, for a game of
	// a play-off the event's file holds; 0 for the event's own games.
	Playoff int64
	// Board is the game's number in its round: a team event's, across its
	// matches (teams.GameNumber), as its results are entered.
	Round, Board int
	// Problem names the move that stopped the sheet's replay.
	Problem rules.Message
}

// Message says which game was left out and why, for the catalogue.
func (s Skipped) Message() rules.Message {
	if s.Playoff != 0 {
		return say("play-off %d, round %d, board %d: the score sheet does not replay (%s)", s.Playoff, s.Round, s.Board, s.Problem)
	}
	return say("round %d, board %d: the score sheet does not replay (%s)", s.Round, s.Board, s.Problem)
}

// pdnBoard is a game as the PDN writes it: its round, its board as the
// event numbers it (a team event's within the match), and in a team event
// the teams of the board's White and Black.
type pdnBoard struct {
	round                *tournament.Round
	game                 *tournament.Game
	board                int
	whiteTeam, blackTeam string
	// day is the day its round was played (RoundDays); zero
	// when not known.
	day time.Time
}

// skipped is the board left out for problem.
func (b *pdnBoard) skipped(problem rules.Message) Skipped {
	return Skipped{Round: b.round.Number, Board: b.game.Board, Problem: problem}
}

// PDN writes every game played in the event's visible rounds as PDN 3.0,
// in round and board order (a team event's match by match, in table
// order), then the games of the play-offs that decided its ties, each
// under the play-off's name. A game's sheet is replayed by the rules and
// written from the replay (full notation, the rules' GameType and
// Variant); the tags name the event, round, board and players as the
// event has them, a team event's games their players' teams too (WhiteTeam
// and BlackTeam, as PGN readers know them), and the result is the one
// entered for the game (where the arbiter accepted one the sheet does not
// show, in ArbiterScore beside the sheet's own). A game without a sheet is
// its tags and result, so that the file holds every game played; so is a
// game whose sheet does not replay, which cannot be written as the game
// that was played, and is returned as skipped. A knockout's board is a
// match: its games are written one by one (matchGamePDN). Forfeits and
// byes were not played and are not written, nor is the lot that decided a
// match.
func (x *Exporter) PDN(ctx context.Context, w io.Writer, eventID int64) ([]Skipped, error) {
	var out strings.Builder
	skipped, err := x.eventPDN(ctx, &out, eventID)
	if err != nil {
		return nil, err
	}
	playoffs, err := x.playoffsOf(ctx, eventID)
	if err != nil {
		return nil, err
	}
	for _, p := range playoffs {
		var games strings.Builder
		more, err := x.eventPDN(ctx, &games, p.EventID)
		if err != nil {
			return nil, err
		}
		for _, s := range more {
			s.Playoff = p.EventID
			skipped = append(skipped, s)
		}
		if out.Len() > 0 && games.Len() > 0 {
			out.WriteString("\n")
		}
		out.WriteString(games.String())
	}
	if _, err := io.WriteString(w, out.String()); err != nil {
		return nil, fmt.Errorf("write PDN: %w", err)
	}
	return skipped, nil
}

// playoffsOf are the play-offs of an individual event of games; none for
// a team event, whose ties no play-off decides.
func (x *Exporter) playoffsOf(ctx context.Context, eventID int64) ([]playoff.Playoff, error) {
	team, err := x.isTeamEvent(ctx, eventID)
	if err != nil || team {
		return nil, err
	}
	return x.playoffs.Of(ctx, eventID)
}

// eventPDN writes the games of one event, as PDN does without its
// play-offs.
func (x *Exporter) eventPDN(ctx context.Context, w *strings.Builder, eventID int64) ([]Skipped, error) {
	d, boards, err := x.pdnBoards(ctx, eventID)
	if err != nil {
		return nil, err
	}
	if d.Event.MicroMatch.On() {
		return microMatchPDN(w, d, boards)
	}
	matches, err := x.matchesOf(ctx, d.Event)
	if err != nil {
		return nil, err
	}
	write := func(pdn string) {
		if w.Len() > 0 {
			w.WriteString("\n")
		}
		w.WriteString(pdn)
	}
	var skipped []Skipped
	for i := range boards {
		b := &boards[i]
		if matches != nil {
			for _, g := range matches[matchKey{b.round.Number, b.game.Board}] {
				pdn, problem, err := matchGamePDN(d, b, g)
				if err != nil {
					return nil, err
				}
				if problem.Format != "" {
					skipped = append(skipped, Skipped{Round: b.round.Number, Board: b.game.Board, Problem: problem})
				}
				if pdn != "" {
					write(pdn)
				}
			}
			continue
		}
		pdn, problem := gamePDN(d, b)
		if problem.Format != "" {
			skipped = append(skipped, b.skipped(problem))
		}
		if pdn == "" {
			if res := b.game.Result; res == nil || !res.Played() {
				continue
			}
			if pdn, err = resultOnlyPDN(d.Event.Game, b.game.Result, pdnTags(d, b)); err != nil {
				return nil, err
			}
		}
		write(pdn)
	}
	return skipped, nil
}

// matchKey names a knockout's match: its round and board.
type matchKey struct{ round, board int }

// matchesOf are the games of a knockout event's matches by match, as its
// bracket shows them; nil for an event of another system, whose boards
// are games (a knockout of teams' too).
func (x *Exporter) matchesOf(ctx context.Context, e *tournament.Event) (map[matchKey][]knockout.GameView, error) {
	if !e.ResultsOnBracket() {
		return nil, nil
	}
	b, err := x.matches.Bracket(ctx, e.ID)
	if err != nil {
		return nil, err
	}
	out := map[matchKey][]knockout.GameView{}
	for _, r := range b.Rounds {
		for _, m := range r.Matches {
			out[matchKey{r.Number, m.Board}] = m.Games
		}
	}
	return out, nil
}

// matchGamePDN is game g of the knockout match on board b, as PDN: Round
// the match's round and the game's number in it ("2.3"), and a tie-break
// game marked by its stage and tempo (TieBreak, TieBreakTempo), without
// the event's TimeControl, which its own games are played at; "" for a
// game not played (a forfeit). A game with a score sheet is its moves, as
// a board's game is (gamePDN); one without, its tags and result. It
// returns the problem that stopped the replay of a sheet that no longer
// replays, whose game is then written as its result alone.
func matchGamePDN(d *tournament.EventData, b *pdnBoard, g knockout.GameView) (string, rules.Message, error) {
	if !g.Result.Played() {
		return "", rules.Message{}, nil
	}
	played, board := *b.game, *b
	played.WhiteID, played.BlackID = g.WhiteID, b.game.WhiteID
	if g.WhiteID == b.game.WhiteID {
		played.BlackID = b.game.BlackID
	}
	res := g.Result
	played.Result = &res
	board.game = &played
	var tags []rules.Header
	for _, t := range pdnTags(d, &board) {
		switch {
		case t.Key == "Round":
			t.Value = fmt.Sprintf("%d.%d", b.round.Number, g.Number)
		case t.Key == "TimeControl" && g.Stage > 0:
			continue
		}
		tags = append(tags, t)
	}
	if g.Stage > 0 {
		tags = append(tags, rules.Header{Key: "TieBreak", Value: strconv.Itoa(g.Stage)})
		if g.Tempo != "" {
			tags = append(tags, rules.Header{Key: "TieBreakTempo", Value: g.Tempo})
		}
	}
	tags = append(tags, rules.Header{Key: "GameType", Value: d.Event.Game.Variant().PDNGameType})
	if sh := g.Sheet; sh != nil {
		// A result corrected since the sheet came in stands against it,
		// as one the arbiter kept against it does.
		overridden := sh.OverrideReason != "" || tournament.SheetDisagreement(res, sh.Report).Format != ""
		pdn, problem := sheetPDN(d.Event.Game, sh.Text, &res, overridden, tags)
		if problem.Format == "" {
			return pdn, rules.Message{}, nil
		}
		text, err := resultOnlyPDN(d.Event.Game, &res, tags)
		return text, problem, err
	}
	text, err := resultOnlyPDN(d.Event.Game, &res, tags)
	return text, rules.Message{}, err
}

// pdnBoards reads the event and its games with two players, round by
// round: an individual event's by board, a team event's match by match
// (through teams.Service), each board with its players' teams. The event
// data's players are a team event's rosters.
func (x *Exporter) pdnBoards(ctx context.Context, eventID int64) (*tournament.EventData, []pdnBoard, error) {
	d, boards, err := x.boardsOf(ctx, eventID)
	if err != nil {
		return nil, nil, err
	}
	days, err := x.days.RoundDays(ctx, eventID)
	if err != nil {
		return nil, nil, err
	}
	for i := range boards {
		boards[i].day = days[boards[i].round.Number]
	}
	return d, boards, nil
}

// boardsOf reads the event's games of either kind as pdnBoards does.
func (x *Exporter) boardsOf(ctx context.Context, eventID int64) (*tournament.EventData, []pdnBoard, error) {
	team, err := x.isTeamEvent(ctx, eventID)
	if err != nil {
		return nil, nil, err
	}
	if !team {
		d, err := x.events.EventData(ctx, eventID)
		if err != nil {
			return nil, nil, err
		}
		var boards []pdnBoard
		for ri := range d.Rounds {
			r := &d.Rounds[ri]
			for gi := range r.Games {
				if g := &r.Games[gi]; !g.IsBye() {
					boards = append(boards, pdnBoard{round: r, game: g, board: g.Board})
				}
			}
		}
		return d, boards, nil
	}
	td, err := x.teams.TeamEventData(ctx, eventID)
	if err != nil {
		return nil, nil, err
	}
	d := &tournament.EventData{Event: td.Event}
	for _, t := range td.Teams {
		d.Players = append(d.Players, t.Roster...)
	}
	var boards []pdnBoard
	for ri := range td.Rounds {
		r := &td.Rounds[ri]
		for _, m := range r.Matches {
			home, away := td.Team(m.HomeID), td.Team(m.AwayID)
			if home == nil || away == nil {
				continue // a bye: no games
			}
			for _, mb := range m.Boards {
				g := mb.Game
				if g == nil || g.IsBye() {
					continue // an empty board: no game
				}
				b := pdnBoard{round: &r.Round, game: g, board: mb.Board, whiteTeam: home.Name, blackTeam: away.Name}
				if g.WhiteID != mb.HomePlayerID {
					b.whiteTeam, b.blackTeam = away.Name, home.Name
				}
				boards = append(boards, b)
			}
		}
	}
	return d, boards, nil
}

// resultOnlyPDN is a played game without moves to write: its tags and
// its result, with the end reason in the game's Termination tag, as the
// rules of its game write a game with no moves.
func resultOnlyPDN(game tournament.GameKind, res *tournament.Result, tags []rules.Header) (string, error) {
	v, err := sheetVerdict(game, nil, "")
	if err != nil {
		return "", err
	}
	// The domain and the rules spell the end reasons alike.
	return withTags(v.PDNWith(rules.Score{White: res.White, Black: res.Black}, rules.EndReason(res.EndReason)), tags), nil
}

// gamePDN is the PDN of a game, replayed by the rules of the event's
// game, with the event's tags in front of the sheet's and the result that
// counts: the one the arbiter entered where the sheet agrees with it or
// gives none; where the arbiter overrode the sheet, the moves keep their
// own ending, which a reader checks them against, and the result that
// counts has tags of its own. It returns the problem that stopped the
// replay instead, when a move does not replay.
func gamePDN(d *tournament.EventData, b *pdnBoard) (string, rules.Message) {
	g := b.game
	if g.Sheet == "" {
		return "", rules.Message{}
	}
	return sheetPDN(d.Event.Game, g.Sheet, g.Result, g.OverrideReason != "", pdnTags(d, b))
}

// sheetPDN is the PDN of a sheet replayed by the rules of game, with tags
// in front of the sheet's and the result res that counts: where the
// arbiter kept res against the sheet (overridden), the moves keep their
// own ending and res is written in tags of its own (gamePDN).
func sheetPDN(game tournament.GameKind, sheet string, res *tournament.Result, overridden bool, tags []rules.Header) (string, rules.Message) {
	v, err := sheetVerdict(game, nil, sheet)
	if err != nil || !v.Replayed {
		if p := problemOf(v.Errors, v.Plies); p.Format != "" {
			return "", p
		}
		return "", say("the score sheet is not valid")
	}
	text := v.PDN
	switch {
	case res != nil && res.Played() && overridden:
		tags = append(tags, rules.Header{Key: "ArbiterScore", Value: res.Score()})
		if res.EndReason != tournament.FinalPosition {
			tags = append(tags, rules.Header{Key: "ArbiterTermination", Value: string(res.EndReason)})
		}
	case res != nil && res.Played():
		// The domain and the rules spell the end reasons alike.
		text = v.PDNWith(rules.Score{White: res.White, Black: res.Black}, rules.EndReason(res.EndReason))
	}
	return withTags(text, tags), rules.Message{}
}

// eventsOwn are the tags of a sheet that the event knows better, or that
// name another site's game: lidraughts' Site, its players' Elo, its clock
// (180+2) and the moment its game was played (UTCDate, UTCTime, beside the
// event's Date) are not this event's, nor are its players' titles. A
// sheet's own are left out; the event writes those it has (pdnTags).
var eventsOwn = []string{"Site", "WhiteTitle", "BlackTitle", "WhiteElo", "BlackElo", "TimeControl", "UTCDate", "UTCTime"}

// withTags puts tags in front of a PDN game's, replacing those of the same
// name and leaving out the game's own tags the event knows better.
func withTags(pdn string, tags []rules.Header) string {
	var b strings.Builder
	for _, t := range tags {
		fmt.Fprintf(&b, "[%s %q]\n", t.Key, t.Value)
	}
	lines := strings.SplitAfter(pdn, "\n")
	for i, line := range lines {
		key, _, isTag := strings.Cut(strings.TrimPrefix(line, "["), " ")
		if !strings.HasPrefix(line, "[") || !isTag {
			b.WriteString(strings.Join(lines[i:], ""))
			break
		}
		if !slices.ContainsFunc(tags, func(t rules.Header) bool { return t.Key == key }) && !slices.Contains(eventsOwn, key) {
			b.WriteString(line)
		}
	}
	return b.String()
}

// pdnTags are the tags the event knows better than the sheet does.
func pdnTags(d *tournament.EventData, b *pdnBoard) []rules.Header {
	g := b.game
	e := d.Event
	site := e.Venue
	if e.City != "" && site != "" {
		site = e.City + ", " + site
	} else if e.City != "" {
		site = e.City
	}
	tags := []rules.Header{{Key: "Event", Value: e.Name}}
	if site != "" {
		tags = append(tags, rules.Header{Key: "Site", Value: site})
	}
	date := pdnDate(e)
	if !b.day.IsZero() {
		date = b.day.Format("2006.01.02")
	}
	tags = append(tags, rules.Header{Key: "Date", Value: date})
	tags = append(tags, rules.Header{Key: "Round", Value: strconv.Itoa(b.round.Number)}, rules.Header{Key: "Board", Value: strconv.Itoa(b.board)})
	if p := d.Player(g.WhiteID); p != nil {
		tags = append(tags, rules.Header{Key: "White", Value: p.Name})
	}
	if p := d.Player(g.BlackID); p != nil {
		tags = append(tags, rules.Header{Key: "Black", Value: p.Name})
	}
	if b.whiteTeam != "" {
		tags = append(tags, rules.Header{Key: "WhiteTeam", Value: b.whiteTeam}, rules.Header{Key: "BlackTeam", Value: b.blackTeam})
	}
	for _, side := range []struct {
		title, elo string
		id         int64
	}{{"WhiteTitle", "WhiteElo", g.WhiteID}, {"BlackTitle", "BlackElo", g.BlackID}} {
		p := d.Player(side.id)
		if p == nil {
			continue
		}
		// PDN takes its player tags from PGN (WhiteTitle, WhiteElo) and
		// leaves out a tag with no value.
		if p.Title != "" {
			tags = append(tags, rules.Header{Key: side.title, Value: p.Title})
		}
		if p.Rating > 0 {
			tags = append(tags, rules.Header{Key: side.elo, Value: strconv.Itoa(p.Rating)})
		}
	}
	if tc := e.TimeControl.PDN(); tc != "" {
		tags = append(tags, rules.Header{Key: "TimeControl", Value: tc})
	}
	return tags
}

// setTags puts tags in front of a sheet's headers, replacing those of the
// same name.
func setTags(sh *rules.Sheet, tags []rules.Header) {
	kept := slices.DeleteFunc(slices.Clone(sh.Headers), func(h rules.Header) bool {
		return slices.ContainsFunc(tags, func(t rules.Header) bool { return t.Key == h.Key })
	})
	sh.Headers = append(tags, kept...)
}

// pdnDate is the date of a game whose round's day is not known, as PDN
// writes it (YYYY.MM.DD, "??" for what is not known): the day of a one-day
// event; of a longer one, as much as its first and last days share.
func pdnDate(e *tournament.Event) string {
	if d := roundDate(e); !d.IsZero() {
		return d.Format("2006.01.02")
	}
	start, end := parseDate(e.StartDate), parseDate(e.EndDate)
	switch {
	case start.IsZero() || end.IsZero() || start.Year() != end.Year():
		return "????.??.??"
	case start.Month() != end.Month():
		return start.Format("2006") + ".??.??"
	}
	return start.Format("2006.01") + ".??"
}

// microMatchPDN writes the games of a micro-match event: each board's two
// games, the second with the colours exchanged, as PDN 3.0 games of
// GameType 25 that start from the drawn opening's position (FEN, with the
// opening's name and moves in tags of their own) and carry the game's
// result: with the moves played after the opening where the game's score
// sheet came in, replayed from the opening by the rules of the event's
// game. A sheet whose moves do not replay leaves its game without moves,
// and is returned as skipped. As an ordinary event's, a game not played
// (a forfeit, a game of a round still going on) is not written.
func microMatchPDN(b *strings.Builder, d *tournament.EventData, boards []pdnBoard) ([]Skipped, error) {
	var skipped []Skipped
	for i := range boards {
		for game := range 2 {
			text, problem, err := microGamePDN(d, &boards[i], game)
			if err != nil {
				return nil, err
			}
			if problem.Format != "" {
				skipped = append(skipped, boards[i].skipped(problem))
			}
			if text == "" {
				continue
			}
			if b.Len() > 0 {
				b.WriteString("\n")
			}
			b.WriteString(text)
		}
	}
	return skipped, nil
}

// microGamePDN is game 0 or 1 of a micro-match board as PDN, or the game
// without its moves and the problem that stopped its sheet's replay; ""
// for a game not played.
func microGamePDN(d *tournament.EventData, b *pdnBoard, game int) (string, rules.Message, error) {
	g, r := b.game, b.round
	played, board := *g, *b
	board.game = &played
	if game == 1 {
		// The second game exchanges the colours.
		played.WhiteID, played.BlackID = g.BlackID, g.WhiteID
		board.whiteTeam, board.blackTeam = b.blackTeam, b.whiteTeam
	}
	tags := pdnTags(d, &board)
	for j := range tags {
		if tags[j].Key == "Round" {
			tags[j].Value = fmt.Sprintf("%d.%d", r.Number, game+1)
		}
	}
	tags = append(tags, rules.Header{Key: "GameType", Value: d.Event.Game.Variant().PDNGameType})
	o := r.OpeningOf(g.Board)
	if o != nil {
		tags = append(tags, rules.Header{Key: "Opening", Value: fmt.Sprintf("%d. %s", o.Number, o.Name)},
			rules.Header{Key: "OpeningMoves", Value: o.MoveText()},
			rules.Header{Key: "FEN", Value: o.FEN})
	}
	result := "*"
	res := g.MicroGames[game]
	if res != nil && res.EndReason != tournament.DoubleForfeit {
		result = strings.ReplaceAll(res.Score(), ":", "-")
	}
	sheet := &g.MicroSheets[game]
	moves, problem := microMoves(d.Event.Game, o, sheet.Sheet)
	switch {
	case moves != "" && res != nil && res.Played() && sheet.OverrideReason != "":
		// As for a board: the moves keep their own ending, and the result
		// the arbiter accepted against them has a tag of its own.
		tags = append(tags, rules.Header{Key: "ArbiterScore", Value: res.Score()})
		return withTags(moves, tags), problem, nil
	case moves != "":
		tags = append(tags, rules.Header{Key: "Result", Value: result})
		if body := strings.TrimRight(moves, "\n"); strings.HasSuffix(body, " *") || strings.HasSuffix(body, "\n*") {
			moves = body[:len(body)-1] + result + "\n"
		}
		return withTags(moves, tags), problem, nil
	case res == nil || !res.Played():
		return "", problem, nil
	}
	text, err := resultOnlyPDN(d.Event.Game, res, tags)
	return text, problem, err
}

// microMoves is the PDN of a micro-match game's sheet from its opening's
// position ("" without a sheet), or the problem that stopped its replay.
func microMoves(game tournament.GameKind, o *tournament.DrawnOpening, sheet string) (string, rules.Message) {
	if sheet == "" {
		return "", rules.Message{}
	}
	v, err := sheetVerdict(game, o, sheet)
	switch {
	case err != nil:
		return "", say("the score sheet is not valid")
	case !v.Replayed:
		for _, p := range v.Errors {
			if p.Ply > 0 {
				return "", say("line %d, move %d: %s", p.Line, p.MoveNumber, p.Detail)
			}
		}
		return "", say("the score sheet is not valid")
	}
	if o == nil {
		return v.PDN, rules.Message{}
	}
	return v.PDNAfterOpening, rules.Message{}
}
