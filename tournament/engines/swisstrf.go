package engines

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"math"
	"regexp"
	"slices"
	"strings"
	"time"

	"adiukh/rules"
	"adiukh/tournament"
	"adiukh/tournament/interchange"
	"adiukh/tournament/micromatch"
	"adiukh/tournament/trf"
)

// trfSystem is the TRF-2026 name (092) of the Dutch rules in force.
const trfSystem = "FIDE_DUTCH_2025"

// WriteTRF writes an event as a TRF file as it stands before round
// in.Round: the rounds in in.Rounds (all with results), and for round
// in.Round an entry for each player who will not be paired — requested byes
// (H, Z) and players withdrawn or not yet entered (-) — which is how
// JaVaFo and bbpPairings learn who sits out. Any Dutch engine then pairs
// the file as adiukh pairs the event.
func WriteTRF(w io.Writer, in tournament.PairingInput) error {
	e := in.Event
	tenths := func(v float64) int { return int(math.Round(v * 10)) }
	t := &trf.Tournament{
		TotalRounds: e.Rounds,
		Scoring: []trf.Score{
			{Code: 'W', Points: tenths(e.Scoring.Win)}, {Code: 'D', Points: tenths(e.Scoring.Draw)},
			{Code: 'L', Points: tenths(e.Scoring.Loss)}, {Code: 'Z', Points: 0}, {Code: 'P', Points: tenths(e.Scoring.Bye)},
		},
	}
	switch {
	case e.System == tournament.Swiss && e.Baku:
		t.System = trfSystem + "_BAKU"
	case e.System == tournament.Swiss:
		t.System = trfSystem
	default:
		// A round robin by its English name, as ReadTRF reads it back
		// (trfEventSystem): imported as a Swiss event, it would rank by
		// another system's tie-breaks.
		t.System = string(e.System)
	}
	for _, info := range []struct{ code, text string }{
		{"012", e.Name}, {"022", e.City}, {"042", strings.ReplaceAll(e.StartDate, "-", "/")},
		{"052", strings.ReplaceAll(e.EndDate, "-", "/")}, {"102", e.ChiefArbiter},
	} {
		if info.text != "" {
			t.Info = append(t.Info, trf.InfoLine{Code: info.code, Text: info.text})
		}
	}
	index := make(map[int64]int, len(in.Players))
	for i, p := range in.Players {
		index[p.ID] = i
		tp := trf.Player{StartNo: p.StartNo, Name: p.Name, Rating: p.Rating, Federation: p.Federation, Results: make([]trf.Result, len(in.Rounds))}
		tp.SetPersonal(p.Sex, p.BirthDate, p.BirthYear)
		if id := p.FederationID; id != "" && len(id) <= 11 && strings.Trim(id, "0123456789") == "" {
			tp.FideID = id
		}
		t.SetTitle(&tp, p.Title, e.Game.FMJDTitle(p.Title))
		if p.WithdrawnFrom > 0 {
			t.Extra = append(t.Extra, trf.WithdrawalComment{StartNo: p.StartNo, Round: p.WithdrawnFrom}.String())
		}
		for r := range tp.Results {
			tp.Results[r] = trf.Result{Color: '-', Code: '-'} // no game: absent
		}
		t.Players = append(t.Players, tp)
	}
	for ri, r := range in.Rounds {
		for _, g := range r.Games {
			if g.Result == nil {
				return fmt.Errorf("TRF of event %d: round %d board %d has no result", e.ID, r.Number, g.Board)
			}
			white := &t.Players[index[g.WhiteID]]
			white.Points += tenths(e.Points(*g.Result, true))
			wr, br := trfResults(g)
			white.Results[ri] = wr
			if g.BlackID != 0 {
				black := &t.Players[index[g.BlackID]]
				black.Points += tenths(e.Points(*g.Result, false))
				black.Results[ri] = br
				t.KeepScores(r.Number, white.StartNo, black.StartNo, trfGameScores(micromatch.KeptScores(*g.Result, g.MicroGames)))
			}
		}
	}
	if in.Round <= e.Rounds {
		for i, p := range in.Players {
			switch {
			case !p.PlaysIn(in.Round):
				t.Players[i].Results = append(t.Players[i].Results, trf.Result{Color: '-', Code: '-'})
			case p.OnRequestedBye(in.Round) && p.ByeKind == tournament.HalfByeRequest:
				t.Players[i].Results = append(t.Players[i].Results, trf.Result{Color: '-', Code: 'H'})
			case p.OnRequestedBye(in.Round):
				t.Players[i].Results = append(t.Players[i].Results, trf.Result{Color: '-', Code: 'Z'})
			}
		}
	}
	// TRF has no line for the game: a comment names it, which the
	// engines pass over.
	header := []string{"### game: " + string(e.Game.OrDefault())}
	if e.MicroMatch.On() {
		header = append(header, trf.MicroMatchComment{Draw: string(e.MicroMatch), Count: string(e.MicroCount)}.String())
	}
	t.Extra = append(header, t.Extra...)
	t.InitialColor = 'W'
	if e.BlackFirst {
		t.InitialColor = 'B'
	}
	if e.ForbidSameClub {
		for _, group := range sameClubGroups(in.Players) {
			t.Forbidden = append(t.Forbidden, trf.Forbidden{Players: group})
		}
	}
	return trf.Write(w, t)
}

// trfResults writes a game as the two players' TRF entries.
func trfResults(g tournament.Game) (white, black trf.Result) {
	r := *g.Result
	switch r.EndReason {
	case tournament.Bye:
		return trf.Result{Color: '-', Code: 'U'}, trf.Result{}
	case tournament.HalfPointBye:
		return trf.Result{Color: '-', Code: 'H'}, trf.Result{}
	case tournament.ZeroPointBye:
		return trf.Result{Color: '-', Code: 'Z'}, trf.Result{}
	}
	white = trf.Result{Opponent: g.BlackNo, Color: 'w'}
	black = trf.Result{Opponent: g.WhiteNo, Color: 'b'}
	win, loss, draw := byte('1'), byte('0'), byte('=')
	if !r.Played() {
		win, loss, draw = '+', '-', '-'
	}
	switch r.Outcome() {
	case tournament.WhiteWins:
		white.Code, black.Code = win, loss
	case tournament.BlackWins:
		white.Code, black.Code = loss, win
	case tournament.Draw:
		white.Code, black.Code = draw, draw
	default: // a double forfeit
		white.Code, black.Code = '-', '-'
	}
	return white, black
}

// trfGameScores writes results as a TRF's comments keep them.
func trfGameScores(results []tournament.Result) []trf.GameScore {
	out := make([]trf.GameScore, len(results))
	for i, r := range results {
		out[i] = trf.GameScore{Score: r.Score(), EndReason: string(r.EndReason)}
	}
	return out
}

// trfScores reads the score comments of a file (trf.ScoreComment) by
// round and start numbers; a comment that cannot be read is left out, and
// its game's score stays unknown.
func trfScores(extra []string, game tournament.GameKind) map[[3]int]tournament.Result {
	out := map[[3]int]tournament.Result{}
	for _, line := range extra {
		c, ok := trf.ParseScoreComment(line)
		if !ok {
			continue
		}
		res, err := game.ParseResult(c.Score, c.EndReason)
		if err != nil || !res.Played() {
			continue
		}
		out[[3]int{c.Round, c.White, c.Black}] = res
	}
	return out
}

// ReadTRF reads a TRF file as an event to import: a round robin when its
// 092 line says so, else a Swiss event. A TRF records who won, not the
// score: a played game's score and how it ended come from its score
// comment (as WriteTRF writes them) when that agrees with who won, and are
// otherwise unknown (ScoreUnknown: a win's or a draw's points standing for
// the outcome); a forfeit is a forfeit's points.
//
// The file is of the game asked for ("" when none is), which its own
// game comment ("### game: russian", as adiukh writes it) must not
// contradict; a file without one is of the game asked for, or of the
// default game.
func ReadTRF(r io.Reader, asked tournament.GameKind) (*interchange.EventImport, error) {
	t, err := trf.Read(r)
	var syntax *trf.Error
	if errors.As(err, &syntax) {
		return nil, syntaxError(syntax)
	}
	if err != nil {
		return nil, tournament.Invalid("file", "the TRF file cannot be read: %v", err)
	}
	if len(t.Players) == 0 {
		return nil, tournament.Invalid("file", "the TRF file has no players (001 lines)")
	}
	if t.RankOrder {
		return nil, tournament.Invalid("file", "a ranking in file order (XXC rank) cannot be imported: adiukh ranks players by start number")
	}
	if len(t.Forbidden) > 0 || len(t.Accelerations) > 0 {
		return nil, tournament.Invalid("file", "forbidden pairs (XXP, 260) and accelerations (XXA) cannot be imported: adiukh events forbid pairs by club and know the Baku acceleration only")
	}
	imp := &interchange.EventImport{}
	name := "TRF"
	for _, info := range t.Info {
		if info.Code == "012" && strings.TrimSpace(info.Text) != "" {
			name = strings.TrimSpace(info.Text)
		}
	}
	paired := pairedRounds(t.Players)
	rounds := max(t.TotalRounds, paired)
	if rounds == 0 {
		return nil, tournament.Invalid("file", "the file gives no number of rounds (a 142 or XXR line) and no round played")
	}
	discipline, system := string(trfDiscipline(t.Extra)), string(trfEventSystem(t.System))
	baku := strings.HasSuffix(t.System, "BAKU")
	// The initial colour: as the file says (152, XXC), else as round 1 shows.
	initial := t.InitialColor
	if initial == 0 {
		initial = t.InferInitialColor()
	}
	blackFirst := initial == 'B'
	imp.Event = tournament.EventInput{Name: &name, Discipline: &discipline, System: &system, Rounds: &rounds, Baku: &baku, BlackFirst: &blackFirst}
	trfHeader(t.Info, &imp.Event)
	game, err := trfImportGame(trfGame(t.Extra), asked)
	if err != nil {
		return nil, err
	}
	if game != "" {
		name := string(game)
		imp.Event.Game = &name
	}
	micro, microOn := trfMicroMatch(t.Extra)
	if microOn {
		imp.Event.MicroMatch, imp.Event.MicroCount = &micro.Draw, &micro.Count
	}
	scoring, ok, err := trfScoring(t)
	if err != nil {
		return nil, err
	}
	if ok {
		imp.Event.Scoring = &scoring
	}
	titles := trfTitles(t.Extra)
	players := slices.Clone(t.Players)
	slices.SortFunc(players, func(a, b trf.Player) int { return a.StartNo - b.StartNo })
	byNo := make(map[int]*trf.Player, len(players))
	for i := range players {
		p := &players[i]
		if p.StartNo != i+1 {
			return nil, tournament.Invalid("file", "start numbers must run from 1 to %d; %d is missing or repeated", len(players), i+1)
		}
		byNo[p.StartNo] = p
		// FIDE's files write "Surname, Given"; adiukh's names have no comma.
		name := strings.Join(strings.Fields(strings.Replace(p.Name, ",", " ", 1)), " ")
		ip := tournament.Player{StartNo: p.StartNo, Name: name, Rating: p.Rating, FederationID: p.FideID, Federation: p.Federation, FirstRound: 1, Title: titles[p.StartNo]}
		ip.Sex, ip.BirthDate, ip.BirthYear = p.Personal()
		// The title field is taken when it is a title of the event's game
		// (the FMJD's); another sport's (FIDE's GM) is not one.
		if title, err := tournament.ParseTitle(game, p.Title); err == nil && ip.Title == "" {
			ip.Title = title
		}
		if ip.Name == "" {
			return nil, tournament.Invalid("file", "player %d has no name", p.StartNo)
		}
		imp.Players = append(imp.Players, ip)
	}
	scores := trfScores(t.Extra, game)
	microGames := map[[3]int][2]tournament.Result{}
	if microOn {
		microGames = trfMicroGames(t.Extra, game)
	}
	for n := 1; n <= paired; n++ {
		round, err := importRound(byNo, players, n)
		if err != nil {
			return nil, err
		}
		for i := range round.Games {
			g := &round.Games[i]
			r := g.Result
			if r == nil {
				continue
			}
			// Imported in Adiukh's 24 points; another game's are its own.
			r.White, r.Black = r.White*game.GamePoints()/24, r.Black*game.GamePoints()/24
			board := [3]int{n, g.WhiteNo, g.BlackNo}
			if kept, ok := scores[board]; ok && r.EndReason == tournament.ScoreUnknown && kept.Outcome() == r.Outcome() {
				*r = kept
			}
			if games, ok := microGames[board]; ok {
				// The two games are taken when their sum is what the 001
				// lines say of the board: who won, played or forfeited.
				if sum := micromatch.Result(games[0], games[1]); sum.Outcome() == r.Outcome() && sum.Played() == r.Played() {
					g.MicroGames = [2]*tournament.Result{&games[0], &games[1]}
					*r = sum
				}
			}
		}
		imp.Rounds = append(imp.Rounds, round)
	}
	// An entry for the next round, before it is paired, says the player
	// sits it out (as JaVaFo and bbpPairings read it, and as WriteTRF
	// writes it): a half-point bye, or one that scores nothing.
	withdrawals := trfWithdrawals(t.Extra)
	for i, p := range players {
		imp.Players[i].WithdrawnFrom = cmp.Or(withdrawals[p.StartNo], trfWithdrawnFrom(p))
		if len(p.Results) <= paired || p.Results[paired] == (trf.Result{Color: ' ', Code: ' '}) {
			continue
		}
		switch p.Results[paired].Code {
		case '-':
			continue // withdrawn (trfWithdrawnFrom)
		case 'H', '=', 'D':
			imp.Players[i].ByeRound, imp.Players[i].ByeKind = paired+1, tournament.HalfByeRequest
		case 'F', '1', 'W':
			return nil, tournament.Invalid("file", "round %d: player %d sits out with a full point, which adiukh events do not have", paired+1, p.StartNo)
		default:
			imp.Players[i].ByeRound, imp.Players[i].ByeKind = paired+1, tournament.ZeroByeRequest
		}
	}
	for _, b := range t.Byes {
		kind := map[byte]tournament.ByeKind{'H': tournament.HalfByeRequest, 'Z': tournament.ZeroByeRequest}[b.Kind]
		if b.Round != paired+1 || kind == "" {
			return nil, tournament.Invalid("file", "the 240 bye line for round %d: adiukh imports half- and zero-point byes of the next round (%d) only", b.Round, paired+1)
		}
		for _, no := range b.Players {
			if byNo[no] == nil {
				return nil, tournament.Invalid("file", "the 240 bye line names player %d, who is not in the file", no)
			}
			imp.Players[no-1].ByeRound, imp.Players[no-1].ByeKind = paired+1, kind
		}
	}
	return imp, nil
}

// trfWithdrawals reads the withdrawal comments of a file
// (trf.WithdrawalComment): the round each player withdrew from, by start
// number.
func trfWithdrawals(extra []string) map[int]int {
	out := map[int]int{}
	for _, line := range extra {
		if c, ok := trf.ParseWithdrawalComment(line); ok {
			out[c.StartNo] = c.Round
		}
	}
	return out
}

// trfWithdrawnFrom is the round a player of a file withdrew from: the
// first of the rounds, up to the player's last entry, in which the player
// was absent ("0000 - -": WriteTRF's entry for the next round of a
// withdrawn player, and how other programs write the rounds after a
// withdrawal); 0 when the last entry is not an absence.
func trfWithdrawnFrom(p trf.Player) int {
	absent := func(r trf.Result) bool { return r.Opponent == 0 && r.Code == '-' }
	from := len(p.Results)
	for from > 0 && absent(p.Results[from-1]) {
		from--
	}
	if from == len(p.Results) {
		return 0
	}
	return from + 1
}

// trfMicroMatch is the micro-match setting a file's comment keeps
// (trf.MicroMatchComment); ok is false when it keeps none, as another
// program's file: an event of single games.
func trfMicroMatch(extra []string) (c trf.MicroMatchComment, ok bool) {
	for _, line := range extra {
		if c, ok := trf.ParseMicroMatchComment(line); ok {
			return c, true
		}
	}
	return c, false
}

// trfMicroGames reads the micro-match comments of a file
// (trf.MicroComment) by round and the board's start numbers; a comment
// whose games cannot be read as games of the event's game is left out, and
// its board keeps what the 001 lines say.
func trfMicroGames(extra []string, game tournament.GameKind) map[[3]int][2]tournament.Result {
	out := map[[3]int][2]tournament.Result{}
	for _, line := range extra {
		c, ok := trf.ParseMicroComment(line)
		if !ok {
			continue
		}
		var games [2]tournament.Result
		for i, kept := range c.Games {
			res, err := game.ParseResult(kept.Score, kept.EndReason)
			if err != nil || res.EndReason.IsBye() {
				ok = false
			}
			games[i] = res
		}
		if ok {
			out[[3]int{c.Round, c.White, c.Black}] = games
		}
	}
	return out
}

// trfTitles reads the title comments of a file (trf.TitleComment) by
// start number: the ranks the 001 line's title field cannot carry.
func trfTitles(extra []string) map[int]string {
	out := map[int]string{}
	for _, line := range extra {
		if c, ok := trf.ParseTitleComment(line); ok {
			out[c.StartNo] = c.Title
		}
	}
	return out
}

// trfImportGame is the game of an imported file: the one its comment
// names (inFile) and the one the import asks for, which must be the same
// when both are given.
func trfImportGame(inFile, asked tournament.GameKind) (tournament.GameKind, error) {
	switch {
	case asked == "":
		return inFile, nil
	case inFile == "":
		return asked, nil
	case inFile.OrDefault() != asked.OrDefault():
		return "", tournament.Invalid("game", "the file is of %s (its \"### game:\" comment), not of %s as the import asks", inFile, asked)
	}
	return inFile, nil
}

// trfDiscipline is the discipline a file's comment names ("###
// discipline: correspondence", as adiukh writes every event's TRF);
// standard play when it names none or one that cannot be imported (a
// team's).
func trfDiscipline(extra []string) tournament.Discipline {
	for _, line := range extra {
		if text, ok := strings.CutPrefix(line, "### discipline:"); ok {
			if d, err := tournament.ParseDiscipline(strings.TrimSpace(text)); err == nil && !d.IsTeam() && d.PlaysGames() {
				return d
			}
		}
	}
	return tournament.Standard
}

// trfGame is the game a file's comment names ("### game: russian", as
// adiukh writes every event's TRF); "" when it names none, which is the
// default game (another program's file).
func trfGame(extra []string) tournament.GameKind {
	for _, line := range extra {
		if text, ok := strings.CutPrefix(line, "### game:"); ok {
			if game, err := tournament.ParseGameKind(text); err == nil {
				return game
			}
		}
	}
	return ""
}

// trfEventSystem reads the pairing system of a 092 line: the round robins
// as adiukh writes them (their English names) or as TRF-16's free text
// says them ("Individual: round robin"); anything else is read as the
// Swiss system the Dutch rules pair.
func trfEventSystem(text string) tournament.System {
	s := strings.ToLower(strings.NewReplacer("-", " ", "_", " ").Replace(text))
	switch {
	case strings.Contains(s, "double round robin"), strings.Contains(s, "двухкругов"):
		return tournament.DoubleRoundRobin
	case strings.Contains(s, "round robin"), strings.Contains(s, "кругов"):
		return tournament.RoundRobin
	}
	return tournament.Swiss
}

// trfDateLayouts are the ways TRF files write the dates of 042 and 052:
// TRF-16 asks for YYYY/MM/DD, and Russian programs write DD.MM.YYYY.
var trfDateLayouts = []string{"2006/01/02", "2006-01-02", "2006.01.02", "02.01.2006", "02/01/2006"}

// trfTimeControl reads "90 min + 30 s per move" (as the export writes the
// 122 line) or "90+30" as minutes and seconds per move.
var trfTimeControl = regexp.MustCompile(`^\s*(\d+)\s*(?:min|мин|'|m)?\.?\s*(?:\+\s*(\d+))?`)

// trfHeader copies what the header lines say of the event: its city (022),
// dates (042, 052), chief arbiter (102), deputies (112) and time control
// (122). A line it cannot read is left for the arbiter to fill in.
func trfHeader(info []trf.InfoLine, in *tournament.EventInput) {
	var arbiters []string
	for _, line := range info {
		text := strings.TrimSpace(line.Text)
		if text == "" {
			continue
		}
		switch line.Code {
		case "022":
			in.City = &text
		case "042", "052":
			for _, layout := range trfDateLayouts {
				if d, err := time.Parse(layout, text); err == nil {
					date := d.Format(time.DateOnly)
					if line.Code == "042" {
						in.StartDate = &date
					} else {
						in.EndDate = &date
					}
					break
				}
			}
		case "102":
			in.ChiefArbiter = &text
		case "112":
			arbiters = append(arbiters, text)
		case "122":
			if tc, err := tournament.ParseTimeControl(text); err == nil && tc.InDays() {
				in.TimeControl = &text // a correspondence control, 10d or 50d/10
				continue
			}
			if m := trfTimeControl.FindStringSubmatch(text); m != nil {
				tc := m[1]
				if m[2] != "" {
					tc += "+" + m[2]
				}
				in.TimeControl = &tc
			}
		}
	}
	if len(arbiters) > 0 {
		in.Arbiters = &arbiters
	}
}

// pairedRounds is the number of rounds in which the pairing paired anyone;
// entries after them mark who sits out the next round.
func pairedRounds(players []trf.Player) int {
	n := 0
	for _, p := range players {
		for r, res := range p.Results {
			if res.Paired() {
				n = max(n, r+1)
			}
		}
	}
	return n
}

// syntaxError keeps the place and the message ID of a TRF syntax error, so
// that the web shows it translated.
func syntaxError(e *trf.Error) *tournament.Error {
	msg := rules.Message{Format: e.Format, Args: e.Args}
	if e.Column > 0 {
		return tournament.Invalid("file", "line %d, column %d: %s", e.Line, e.Column, msg)
	}
	return tournament.Invalid("file", "line %d: %s", e.Line, msg)
}

// trfScoring reads the scoring of the 162 line and the BB lines, as the
// pairing reads them: W, D, L, and the pairing-allocated bye (162 P, BBU; a
// win when not given). ok is false when the file gives no scoring. Points
// for an absence or a forfeit loss (Z, BBZ, BBF) must be 0: adiukh scores
// them so.
func trfScoring(t *trf.Tournament) (s tournament.Scoring, ok bool, err error) {
	s = tournament.Scoring{Win: 1, Draw: 0.5}
	bye := -1.0
	lines := append(slices.Clone(t.Scoring), t.PointLines...)
	for i, l := range lines {
		v := float64(l.Points) / 10
		code := l.Code
		if i >= len(t.Scoring) && code == 'U' {
			code = 'P' // BBU is 162's P
		}
		switch code {
		case 'W':
			s.Win = v
		case 'D':
			s.Draw = v
		case 'L':
			s.Loss = v
		case 'P':
			bye = v
		case 'Z', 'F':
			if l.Points != 0 {
				return s, false, tournament.Invalid("file", "an absence or a forfeit loss scoring %g points cannot be imported: adiukh scores them 0", v)
			}
		}
	}
	s.Bye, s.ForfeitWin = s.Win, s.Win
	if bye >= 0 {
		s.Bye = bye
	}
	return s, len(lines) > 0, nil
}

// importRound builds round n from the players' entries; both sides of a
// game must name each other.
func importRound(byNo map[int]*trf.Player, players []trf.Player, n int) (tournament.Round, error) {
	r := tournament.Round{Number: n, Status: tournament.Done}
	var byes []tournament.Game
	for _, p := range players {
		if n > len(p.Results) {
			continue
		}
		res := p.Results[n-1]
		if res.Opponent == 0 {
			g := tournament.Game{WhiteNo: p.StartNo}
			switch res.Code {
			case 'U', '+':
				g.Result = &tournament.Result{EndReason: tournament.Bye}
			case 'H':
				g.Result = &tournament.Result{EndReason: tournament.HalfPointBye}
			case 'Z':
				g.Result = &tournament.Result{EndReason: tournament.ZeroPointBye}
			case 'F':
				return r, tournament.Invalid("file", "round %d: player %d has a full-point bye (F), which adiukh events do not have", n, p.StartNo)
			default:
				continue // absent
			}
			byes = append(byes, g)
			continue
		}
		opp := byNo[res.Opponent]
		if opp == nil || len(opp.Results) < n || opp.Results[n-1].Opponent != p.StartNo {
			return r, tournament.Invalid("file", "round %d: player %d's opponent %d does not name him back", n, p.StartNo, res.Opponent)
		}
		if res.Color == 'b' || (res.Color != 'w' && p.StartNo > res.Opponent) {
			continue // entered from the white side
		}
		if res.Code == ' ' && opp.Results[n-1].Code == ' ' {
			// A game still played: the round goes on.
			r.Games = append(r.Games, tournament.Game{WhiteNo: p.StartNo, BlackNo: res.Opponent})
			r.Status = tournament.Published
			continue
		}
		result, err := importResult(res.Code, opp.Results[n-1].Code)
		if err != nil {
			return r, tournament.Invalid("file", "round %d, players %d and %d: %v", n, p.StartNo, res.Opponent, err)
		}
		r.Games = append(r.Games, tournament.Game{WhiteNo: p.StartNo, BlackNo: res.Opponent, Result: &result})
	}
	r.Games = append(r.Games, byes...)
	for i := range r.Games {
		r.Games[i].Board = i + 1
	}
	return r, nil
}

func importResult(white, black byte) (tournament.Result, error) {
	switch {
	case white == '-' && black == '-':
		return tournament.Result{EndReason: tournament.DoubleForfeit}, nil
	case white == '+' && black == '-':
		return tournament.Result{White: 24, EndReason: tournament.Forfeit}, nil
	case white == '-' && black == '+':
		return tournament.Result{Black: 24, EndReason: tournament.Forfeit}, nil
	case strings.IndexByte("1W", white) >= 0 && strings.IndexByte("0L", black) >= 0:
		return tournament.Result{White: 24, EndReason: tournament.ScoreUnknown}, nil
	case strings.IndexByte("0L", white) >= 0 && strings.IndexByte("1W", black) >= 0:
		return tournament.Result{Black: 24, EndReason: tournament.ScoreUnknown}, nil
	case strings.IndexByte("=D", white) >= 0 && strings.IndexByte("=D", black) >= 0:
		return tournament.Result{White: 12, Black: 12, EndReason: tournament.ScoreUnknown}, nil
	}
	return tournament.Result{}, fmt.Errorf("results %q and %q do not fit together", white, black)
}
