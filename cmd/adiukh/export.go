package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/url"
	"os"
	"slices"
	"strings"
	"time"

	"adiukh/tournament"
	"adiukh/tournament/catalog"
	"adiukh/tournament/engines"
	"adiukh/tournament/export"
	"adiukh/tournament/knockout"
	"adiukh/tournament/playoff"
	"adiukh/tournament/report"
	"adiukh/tournament/schedule"
	"adiukh/tournament/teams"
)

func init() {
	commands["export"] = command{phrase("write an event's PDFs, standings, PDN, or the federation export: export KIND --event ID [-o FILE]"), exportCommand}
}

// exportFlags are the flags of every export kind; each kind defines the
// ones it reads.
type exportFlags struct {
	out, lang, format, from, to, dialect string
	event                                int64
	// cfg holds the settings: --db, and --public-url for the kinds that
	// print a link.
	cfg                 *config
	round, board, blank int
	// game is the game of a micro-match board (1 or 2) or of a
	// knockout's match (from 1), 0 for a board of one game.
	game int
	// period is --from and --to as dates (zero when not given).
	period [2]time.Time
}

// define adds one flag, by name, to a kind's flag set; lang is the
// command's language, the default of the document's.
func (f *exportFlags) define(fs *flags, name, lang string) {
	switch name {
	case "event":
		fs.Int64Var(&f.event, "event", 0, "`ID` of the event (required)")
	case "round":
		fs.IntVar(&f.round, "round", 0, "round `N`")
	case "board":
		fs.IntVar(&f.board, "board", 0, "board `B` (required)")
	case "game":
		fs.IntVar(&f.game, "game", 0, "game `G` of a micro-match board (1, or 2 with the colours exchanged) or of a knockout's match (from 1, its tie-break games after its own)")
	case "blank":
		fs.IntVar(&f.blank, "blank", 0, "`N` blank sheets instead of a round's")
	case "lang":
		fs.StringVar(&f.lang, "lang", lang, "`LANGUAGE` of the document: ru or en; by default the language of the command (adiukh --lang, ADIUKH_LANG, LANG)")
	case "public-url":
		fs.bind(f.cfg, "public-url")
	case "dialect":
		fs.StringVar(&f.dialect, "dialect", string(report.PlainCSV), "`DIALECT` of a CSV file: rfc4180 (for programs) or excel (BOM, \";\", decimal comma: opens in a Russian Excel)")
	case "from":
		fs.StringVar(&f.from, "from", "", "first `DATE` (YYYY-MM-DD) of the period; open when not given")
	case "to":
		fs.StringVar(&f.to, "to", "", "last `DATE` (YYYY-MM-DD) of the period; open when not given")
	}
}

// exportKind is one thing `adiukh export` writes.
type exportKind struct {
	summary string
	flags   []string // besides --db, -o and --format
	formats []string // accepted --format values, the default first; nil for a kind with one format
	// formatHelp is the help of --format, naming the formats.
	formatHelp string
	write      func(ctx context.Context, x *export.Exporter, f *exportFlags, loc catalog.Lang, w io.Writer, stderr io.Writer) error
}

var exportKinds = map[string]exportKind{
	"standings": {
		summary: phrase("standings after --round N (default: after the last finished round); of the teams in a team event; a knockout's PDF is its bracket"),
		flags:   []string{"event", "round", "lang", "dialect"}, formats: []string{"pdf", "csv", "json", "xlsx"},
		formatHelp: phrase("`FORMAT` of the file: pdf, csv, json or xlsx"),
		write: func(ctx context.Context, x *export.Exporter, f *exportFlags, loc catalog.Lang, w, _ io.Writer) error {
			switch f.format {
			case "csv":
				return x.StandingsCSV(ctx, w, report.CSVDialect(f.dialect), loc, f.event, f.round)
			case "json":
				return x.StandingsJSON(ctx, w, f.event, f.round)
			case "xlsx":
				return x.StandingsXLSX(ctx, w, loc, f.event, f.round)
			}
			return x.StandingsPDF(ctx, w, loc, f.event, f.round)
		},
	},
	"crosstable": {
		summary: phrase("crosstable PDF: the grid of a round robin, the progress table of a Swiss event (teams' match scores in a team event), a knockout's bracket"),
		flags:   []string{"event", "lang"},
		write: func(ctx context.Context, x *export.Exporter, f *exportFlags, loc catalog.Lang, w, _ io.Writer) error {
			return x.CrosstablePDF(ctx, w, loc, f.event)
		},
	},
	"boards": {
		summary: phrase("board prizes table PDF of a team event after --round N (default: after the last finished round)"),
		flags:   []string{"event", "round", "lang"},
		write: func(ctx context.Context, x *export.Exporter, f *exportFlags, loc catalog.Lang, w, _ io.Writer) error {
			return x.BoardStandingsPDF(ctx, w, loc, f.event, f.round)
		},
	},
	"matches": {
		summary: phrase("overview PDF of --round N of a team event: every match and the team with the bye"),
		flags:   []string{"event", "round", "lang"},
		write: func(ctx context.Context, x *export.Exporter, f *exportFlags, loc catalog.Lang, w, _ io.Writer) error {
			return x.TeamRoundPDF(ctx, w, loc, f.event, f.round)
		},
	},
	"pairings": {
		summary: phrase("pairing list PDF of --round N; the match cards in a team event"),
		flags:   []string{"event", "round", "lang", "public-url"},
		write: func(ctx context.Context, x *export.Exporter, f *exportFlags, loc catalog.Lang, w, _ io.Writer) error {
			link := ""
			if f.cfg.PublicURL != "" {
				link = fmt.Sprintf("%s/events/%d?round=%d", strings.TrimRight(f.cfg.PublicURL, "/"), f.event, f.round)
			}
			return x.PairingsPDF(ctx, w, loc, f.event, f.round, link)
		},
	},
	"scoresheets": {
		summary: phrase("score sheets PDF of every board of --round N (of a knockout, one for every game of its matches), or --blank N sheets of the event (--event 0: of none)"),
		flags:   []string{"event", "round", "blank", "lang"},
		write: func(ctx context.Context, x *export.Exporter, f *exportFlags, loc catalog.Lang, w, _ io.Writer) error {
			if f.blank > 0 {
				return x.BlankScoreSheetsPDF(ctx, w, loc, f.event, f.blank)
			}
			return x.ScoreSheetsPDF(ctx, w, loc, f.event, f.round)
		},
	},
	"record": {
		summary: phrase("game record PDF of --round N --board B (--game G of a micro-match or of a knockout's match)"),
		flags:   []string{"event", "round", "board", "game", "lang"},
		write: func(ctx context.Context, x *export.Exporter, f *exportFlags, loc catalog.Lang, w, _ io.Writer) error {
			if f.game > 0 {
				return x.BoardGameRecordPDF(ctx, w, loc, f.event, f.round, f.board, f.game)
			}
			return x.GameRecordPDF(ctx, w, loc, f.event, f.round, f.board)
		},
	},
	"pdn": {
		summary: phrase("every game played as PDN 3.0, its moves where it has a score sheet and its result alone where not: the rounds' games, a knockout's match games (tie-break games marked), the games of micro-matches, then the games of the event's play-offs; moves that do not replay are left out and listed"),
		flags:   []string{"event"},
		write: func(ctx context.Context, x *export.Exporter, f *exportFlags, _ catalog.Lang, w, stderr io.Writer) error {
			skipped, err := x.PDN(ctx, w, f.event)
			for _, s := range skipped {
				say(stderr, "adiukh export pdn: the moves that do not replay are left out: %s", s)
			}
			return err
		},
	},
	"trf": {
		summary: phrase("FIDE tournament report file (TRF-16) of the finished rounds"),
		flags:   []string{"event"},
		write: func(ctx context.Context, x *export.Exporter, f *exportFlags, _ catalog.Lang, w, _ io.Writer) error {
			return x.TRF(ctx, w, f.event)
		},
	},
	"federation": {
		summary: phrase("final standings of every event finished between --from and --to (by its last day), with every game; --format games-csv: the games as one table"),
		flags:   []string{"from", "to", "dialect"}, formats: []string{"json", "csv", "games-csv"},
		formatHelp: phrase("`FORMAT` of the file: json, csv, or games-csv (the games as one table)"),
		write: func(ctx context.Context, x *export.Exporter, f *exportFlags, _ catalog.Lang, w, _ io.Writer) error {
			period := f.period
			switch f.format {
			case "csv":
				return x.FederationCSV(ctx, w, report.CSVDialect(f.dialect), period[0], period[1])
			case "games-csv":
				return x.FederationGamesCSV(ctx, w, report.CSVDialect(f.dialect), period[0], period[1])
			}
			return x.FederationJSON(ctx, w, period[0], period[1])
		},
	},
}

func exportUsage(w io.Writer) {
	l := localizer(w)
	say(w, "Usage: adiukh export KIND [flags] [-o FILE] [--db DSN]")
	say(w, "Kinds:")
	names := make([]string, 0, len(exportKinds))
	for name := range exportKinds {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		fmt.Fprintf(w, "  %-12s %s\n", name, l.Sprintf(exportKinds[name].summary))
	}
	say(w, "Run 'adiukh export KIND -h' for its flags.")
}

// exportCommand writes one document. It reads the database as an
// administrator: whoever can open the database file can read all of it
// anyway, and an arbiter exporting at the venue needs private events and
// draft rounds too.
func exportCommand(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		// The kind is missing: a usage error, told where errors go.
		exportUsage(stderr)
		return 2
	}
	if args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		exportUsage(stdout)
		return 0
	}
	kind, ok := exportKinds[args[0]]
	if !ok {
		say(stderr, "adiukh export: unknown kind %q", args[0])
		exportUsage(stderr)
		return 2
	}
	name := "adiukh export " + args[0]
	fs := newFlags(name, stderr)
	var f exportFlags
	f.cfg = fs.settings("db")
	fs.StringVar(&f.out, "o", "", "write to `FILE` instead of standard output")
	for _, flagName := range kind.flags {
		f.define(fs, flagName, string(localizer(stderr).Lang))
	}
	if kind.formats != nil {
		fs.StringVar(&f.format, "format", kind.formats[0], kind.formatHelp)
	}
	if err := fs.Parse(args[1:]); err != nil {
		return parseStatus(err)
	}
	if err := f.check(kind, args[0]); err != nil {
		fail(stderr, name, err)
		return 2
	}

	st := openExistingStore(stderr, name, f.cfg.DB)
	if st == nil {
		return 1
	}
	defer st.Close()
	ctx := tournament.NewContextWithUser(context.Background(), &tournament.User{Email: "adiukh export", Role: tournament.Admin})
	events := tournament.NewService(st, engines.Options())
	competitions := teams.NewService(st.Teams(), events, engines.TeamOptions())
	x := export.New(events, competitions, schedule.NewService(st, nil),
		knockout.NewService(st.Knockout(), nil), playoff.NewService(st.Playoffs(), events, competitions, nil))
	// The whole document is made before anything is written, so that a
	// failure leaves no half file behind.
	var buf bytes.Buffer
	if err := kind.write(ctx, x, &f, catalog.Lang(f.lang), &buf, stderr); err != nil {
		fail(stderr, name, err)
		return 1
	}
	if f.out == "" {
		if _, err := stdout.Write(buf.Bytes()); err != nil {
			fail(stderr, name, err)
			return 1
		}
		return 0
	}
	if err := os.WriteFile(f.out, buf.Bytes(), 0o644); err != nil {
		fail(stderr, name, err)
		return 1
	}
	return 0
}

// check reports a flag the kind needs and did not get, or a bad value.
func (f *exportFlags) check(kind exportKind, name string) error {
	needs := func(flagName string) bool { return slices.Contains(kind.flags, flagName) }
	switch {
	case needs("event") && f.event <= 0 && !(name == "scoresheets" && f.blank > 0 && f.event == 0):
		return newProblem("--event: give the ID of the event (adiukh serve shows it in the event's address)")
	case needs("blank") && (f.blank < 0 || f.blank > export.MaxBlankSheets):
		return newProblem("--blank: the number of blank sheets is from 1 to %d", export.MaxBlankSheets)
	case needs("round") && f.round < 0:
		return newProblem("--round: a round is numbered from 1, not %d", f.round)
	case needs("round") && name != "standings" && name != "boards" && f.round <= 0 && f.blank == 0:
		return newProblem("--round: give the round's number, from 1")
	case needs("board") && f.board <= 0:
		return newProblem("--board: give the board's number, from 1")
	case needs("game") && f.game < 0:
		return newProblem("--game: games are numbered from 1, not %d", f.game)
	case needs("lang") && f.lang != "ru" && f.lang != "en":
		return newProblem("--lang: documents are printed in ru or en, not %q", f.lang)
	case needs("dialect") && !report.CSVDialect(f.dialect).Valid():
		return newProblem("--dialect: a CSV file is written as rfc4180 or excel, not %q", f.dialect)
	case kind.formats != nil && !slices.Contains(kind.formats, f.format):
		return newProblem("--format: %s is written as %s, not %q", name, strings.Join(kind.formats, ", "), f.format)
	case needs("public-url"):
		if err := checkPublicURL(f.cfg.PublicURL); err != nil {
			return err
		}
	}
	if needs("from") {
		for i, d := range []struct{ name, value string }{{"from", f.from}, {"to", f.to}} {
			if d.value == "" {
				continue
			}
			var err error
			if f.period[i], err = time.Parse(time.DateOnly, d.value); err != nil {
				return newProblem("--%s: %q is not a date; write YYYY-MM-DD", d.name, d.value)
			}
		}
		if from, to := f.period[0], f.period[1]; !from.IsZero() && !to.IsZero() && from.After(to) {
			return newProblem("--from %s is after --to %s: the period is empty", f.from, f.to)
		}
	}
	return nil
}

// checkPublicURL accepts an empty URL or the absolute http(s) address of
// the site, without a query or fragment: pages and printed pairings add
// their paths to it.
func checkPublicURL(raw string) error {
	if raw == "" {
		return nil
	}
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" || u.User != nil {
		return newProblem("--public-url: %q is not the address of a site; write it as https://adiukh.example.org (http or https, no query)", raw)
	}
	return nil
}
