package exports

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/v1/kit"
	"adiukh/tournament"
	"adiukh/tournament/catalog"
	"adiukh/tournament/export"
	"adiukh/tournament/report"
)

// handler serves an event's printable and downloadable documents and the
// federation's exports.
type handler struct {
	*kit.Kit
}

// Routes registers the printable and downloadable documents on read. They
// are reads: anyone may fetch those of a public event, as with the JSON
// reads.
func Routes(k *kit.Kit, api *gin.RouterGroup) {
	h := &handler{Kit: k}
	g := api.Group("", h.SessionReader)
	// An event's documents are kept per version of the event, as its pages
	// are: a crowd asking for a big event's PDN or standings makes each
	// once, one request making while the others wait, and a signed-in
	// reader who may not manage the event (a player, a script with a
	// token) is sent the kept one too (issue 65). The parameters named are
	// those each handler reads.
	document := func(fn gin.HandlerFunc, params ...string) gin.HandlerFunc {
		return h.EventDocument(fn, append(params, "lang")...)
	}
	g.GET("/events/:id/standings.pdf", document(h.JSON(h.getStandingsPDF), "round"))
	g.GET("/events/:id/standings.csv", document(h.JSON(h.getStandingsCSV), "round", "dialect"))
	g.GET("/events/:id/standings.json", document(h.JSON(h.getStandingsJSON), "round"))
	g.GET("/events/:id/standings.xlsx", document(h.JSON(h.getStandingsXLSX), "round"))
	g.GET("/events/:id/crosstable.pdf", document(h.JSON(h.getCrosstablePDF)))
	g.GET("/events/:id/prizes.pdf", document(h.JSON(h.getPrizesPDF)))
	g.GET("/events/:id/prizes.csv", document(h.JSON(h.getPrizesCSV), "dialect"))
	g.GET("/events/:id/knockout.pdf", document(h.JSON(h.getBracketPDF)))
	g.GET("/events/:id/boards.pdf", document(h.JSON(h.getBoardStandingsPDF), "round"))
	g.GET("/events/:id/rounds/:n/matches.pdf", document(h.JSON(h.getTeamRoundPDF)))
	g.GET("/events/:id/rounds/:n/pairings.pdf", document(h.JSON(h.getPairingsPDF)))
	g.GET("/events/:id/rounds/:n/scoresheets.pdf", document(h.JSON(h.getScoreSheetsPDF)))
	g.GET("/events/:id/rounds/:n/table-cards.pdf", document(h.JSON(h.getTableCardsPDF)))
	g.GET("/events/:id/scoresheets.pdf", document(h.JSON(h.getEventBlankSheetsPDF), "count"))
	g.GET("/scoresheets.pdf", h.JSON(h.getBlankSheetsPDF))
	g.GET("/events/:id/rounds/:n/games/:board/record.pdf", document(h.JSON(h.getGameRecordPDF), "game"))
	g.GET("/events/:id/games.pdn", document(h.JSON(h.getGamesPDN)))
	g.GET("/events/:id/export.trf", document(h.JSON(h.getTRF)))
	g.GET("/federation/export.json", h.JSON(h.getFederationJSON))
	g.GET("/federation/export.csv", h.JSON(h.getFederationCSV))
	g.GET("/federation/games.csv", h.JSON(h.getFederationGamesCSV))
}

// standingsDocument answers the standings after ?round=N (default: after the
// last finished round) in one of the standings formats.
func (h *handler) standingsDocument(c *gin.Context, contentType, file string, write func(x *export.Exporter, ctx context.Context, w io.Writer, loc catalog.Lang, id int64, round int) error) error {
	ids, loc, err := h.DocumentRequest(c, "id")
	if err != nil {
		return err
	}
	round, err := core.QueryInt(c, "round")
	if err != nil {
		return err
	}
	return h.SendDocument(c, contentType, fmt.Sprintf("event-%d-%s", ids[0], file), func(ctx context.Context, w io.Writer) error {
		return write(h.Exporter, ctx, w, loc, ids[0], round)
	})
}

func (h *handler) getStandingsPDF(c *gin.Context) error {
	return h.standingsDocument(c, kit.PDFType, "standings.pdf", (*export.Exporter).StandingsPDF)
}

// csvDialect reads ?dialect=rfc4180|excel: the plain CSV for programs by
// default, the one Excel opens in Russian (BOM, ";", decimal comma) on
// request; the web pages ask for it in Russian.
func csvDialect(c *gin.Context) (report.CSVDialect, error) {
	d := report.CSVDialect(c.DefaultQuery("dialect", string(report.PlainCSV)))
	if !d.Valid() {
		return "", tournament.Invalid("dialect", "a CSV file is written as %q (for programs) or %q (for Excel), not %q", report.PlainCSV, report.ExcelCSV, d)
	}
	return d, nil
}

func (h *handler) getStandingsCSV(c *gin.Context) error {
	dialect, err := csvDialect(c)
	if err != nil {
		return err
	}
	return h.standingsDocument(c, core.CSVType, "standings.csv", func(x *export.Exporter, ctx context.Context, w io.Writer, loc catalog.Lang, id int64, round int) error {
		return x.StandingsCSV(ctx, w, dialect, loc, id, round)
	})
}

func (h *handler) getStandingsXLSX(c *gin.Context) error {
	return h.standingsDocument(c, kit.XLSXType, "standings.xlsx", func(x *export.Exporter, ctx context.Context, w io.Writer, loc catalog.Lang, id int64, round int) error {
		return x.StandingsXLSX(ctx, w, loc, id, round)
	})
}

func (h *handler) getStandingsJSON(c *gin.Context) error {
	return h.standingsDocument(c, core.JSONType, "standings.json", func(x *export.Exporter, ctx context.Context, w io.Writer, _ catalog.Lang, id int64, round int) error {
		return x.StandingsJSON(ctx, w, id, round)
	})
}

func (h *handler) getCrosstablePDF(c *gin.Context) error {
	ids, loc, err := h.DocumentRequest(c, "id")
	if err != nil {
		return err
	}
	return h.SendDocument(c, kit.PDFType, fmt.Sprintf("event-%d-crosstable.pdf", ids[0]), func(ctx context.Context, w io.Writer) error {
		return h.Exporter.CrosstablePDF(ctx, w, loc, ids[0])
	})
}

// getPrizesPDF answers the prize list for the treasurer: the winners once
// the event is finished, and the prizes.
func (h *handler) getPrizesPDF(c *gin.Context) error {
	ids, loc, err := h.DocumentRequest(c, "id")
	if err != nil {
		return err
	}
	return h.SendDocument(c, kit.PDFType, fmt.Sprintf("event-%d-prizes.pdf", ids[0]), func(ctx context.Context, w io.Writer) error {
		v, err := h.PrizeLists.Read(ctx, ids[0])
		if err != nil {
			return err
		}
		return h.Exporter.PrizeListPDF(w, loc, v)
	})
}

func (h *handler) getPrizesCSV(c *gin.Context) error {
	dialect, err := csvDialect(c)
	if err != nil {
		return err
	}
	ids, loc, err := h.DocumentRequest(c, "id")
	if err != nil {
		return err
	}
	return h.SendDocument(c, core.CSVType, fmt.Sprintf("event-%d-prizes.csv", ids[0]), func(ctx context.Context, w io.Writer) error {
		v, err := h.PrizeLists.Read(ctx, ids[0])
		if err != nil {
			return err
		}
		return h.Exporter.PrizeListCSV(w, dialect, loc, v)
	})
}

// getBoardStandingsPDF answers the board prizes table of a team event
// after ?round=N (default: after the last finished round).
func (h *handler) getBoardStandingsPDF(c *gin.Context) error {
	return h.standingsDocument(c, kit.PDFType, "boards.pdf", func(x *export.Exporter, ctx context.Context, w io.Writer, loc catalog.Lang, id int64, round int) error {
		return x.BoardStandingsPDF(ctx, w, loc, id, round)
	})
}

// getTeamRoundPDF answers the overview of a team round: every match and
// the team with the bye.
func (h *handler) getTeamRoundPDF(c *gin.Context) error {
	ids, loc, err := h.DocumentRequest(c, "id", "n")
	if err != nil {
		return err
	}
	return h.SendDocument(c, kit.PDFType, fmt.Sprintf("event-%d-round-%d-matches.pdf", ids[0], ids[1]), func(ctx context.Context, w io.Writer) error {
		return h.Exporter.TeamRoundPDF(ctx, w, loc, ids[0], int(ids[1]))
	})
}

// publicPairingsURL is the address of the public pairings page of a round,
// printed as a QR code on the pairing list. It comes from Deps.PublicURL
// only, never from the request's Host header, which any client sets: a
// printed code must not send players to a site someone else chose. Without
// a public URL the list has no code.
func (h *handler) publicPairingsURL(eventID int64, n int) string {
	base := strings.TrimRight(h.PublicURL, "/")
	if base == "" {
		return ""
	}
	return fmt.Sprintf("%s/events/%d?round=%d", base, eventID, n)
}

func (h *handler) getPairingsPDF(c *gin.Context) error {
	ids, loc, err := h.DocumentRequest(c, "id", "n")
	if err != nil {
		return err
	}
	url := h.publicPairingsURL(ids[0], int(ids[1]))
	return h.SendDocument(c, kit.PDFType, fmt.Sprintf("event-%d-round-%d-pairings.pdf", ids[0], ids[1]), func(ctx context.Context, w io.Writer) error {
		return h.Exporter.PairingsPDF(ctx, w, loc, ids[0], int(ids[1]), url)
	})
}

func (h *handler) getScoreSheetsPDF(c *gin.Context) error {
	ids, loc, err := h.DocumentRequest(c, "id", "n")
	if err != nil {
		return err
	}
	return h.SendDocument(c, kit.PDFType, fmt.Sprintf("event-%d-round-%d-scoresheets.pdf", ids[0], ids[1]), func(ctx context.Context, w io.Writer) error {
		return h.Exporter.ScoreSheetsPDF(ctx, w, loc, ids[0], int(ids[1]))
	})
}

// getTableCardsPDF answers the cards set on the tables of round n: one a
// board, or one a player before the round is paired (issue 67).
func (h *handler) getTableCardsPDF(c *gin.Context) error {
	ids, loc, err := h.DocumentRequest(c, "id", "n")
	if err != nil {
		return err
	}
	return h.SendDocument(c, kit.PDFType, fmt.Sprintf("event-%d-round-%d-table-cards.pdf", ids[0], ids[1]), func(ctx context.Context, w io.Writer) error {
		return h.Exporter.TableCardsPDF(ctx, w, loc, ids[0], int(ids[1]))
	})
}

// blankSheets answers ?count=N blank score sheets (default 1) of an event,
// or without one for eventID 0.
func (h *handler) blankSheets(c *gin.Context, eventID int64, loc catalog.Lang, filename string) error {
	count, err := core.QueryInt(c, "count")
	if err != nil {
		return err
	}
	if c.Query("count") == "" {
		count = 1
	}
	return h.SendDocument(c, kit.PDFType, filename, func(ctx context.Context, w io.Writer) error {
		return h.Exporter.BlankScoreSheetsPDF(ctx, w, loc, eventID, count)
	})
}

func (h *handler) getEventBlankSheetsPDF(c *gin.Context) error {
	ids, loc, err := h.DocumentRequest(c, "id")
	if err != nil {
		return err
	}
	return h.blankSheets(c, ids[0], loc, fmt.Sprintf("event-%d-blank-scoresheets.pdf", ids[0]))
}

func (h *handler) getBlankSheetsPDF(c *gin.Context) error {
	loc, err := h.ReportLocale(c)
	if err != nil {
		return err
	}
	return h.blankSheets(c, 0, loc, "blank-scoresheets.pdf")
}

func (h *handler) getGameRecordPDF(c *gin.Context) error {
	ids, loc, err := h.DocumentRequest(c, "id", "n", "board")
	if err != nil {
		return err
	}
	// ?game=1 or 2 names a game of a micro-match board.
	game, err := core.QueryInt(c, "game")
	if err != nil {
		return err
	}
	if game != 0 {
		return h.SendDocument(c, kit.PDFType, fmt.Sprintf("event-%d-round-%d-board-%d-game-%d.pdf", ids[0], ids[1], ids[2], game), func(ctx context.Context, w io.Writer) error {
			return h.Exporter.MicroGameRecordPDF(ctx, w, loc, ids[0], int(ids[1]), int(ids[2]), game)
		})
	}
	return h.SendDocument(c, kit.PDFType, fmt.Sprintf("event-%d-round-%d-board-%d.pdf", ids[0], ids[1], ids[2]), func(ctx context.Context, w io.Writer) error {
		return h.Exporter.GameRecordPDF(ctx, w, loc, ids[0], int(ids[1]), int(ids[2]))
	})
}

// skippedHeader lists the games a PDN export left out, as "round R board B"
// ("play-off E round R board B" for a game of the play-off event E)
// separated by "; ", so that a script can tell the file is not complete.
const skippedHeader = "X-Adiukh-Skipped-Games"

func (h *handler) getGamesPDN(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	return h.SendDocument(c, kit.PDNType, fmt.Sprintf("event-%d-games.pdn", id), func(ctx context.Context, w io.Writer) error {
		skipped, err := h.Exporter.PDN(ctx, w, id)
		if err != nil {
			return err
		}
		if len(skipped) > 0 {
			games := make([]string, len(skipped))
			for i, s := range skipped {
				games[i] = fmt.Sprintf("round %d board %d", s.Round, s.Board)
				if s.Playoff != 0 {
					games[i] = fmt.Sprintf("play-off %d %s", s.Playoff, games[i])
				}
			}
			core.HeaderAfterBody(c, skippedHeader, strings.Join(games, "; "))
		}
		return nil
	})
}

func (h *handler) getTRF(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	return h.SendDocument(c, kit.TRFType, fmt.Sprintf("event-%d.trf", id), func(ctx context.Context, w io.Writer) error {
		return h.Exporter.TRF(ctx, w, id)
	})
}

// federationPeriod reads ?from= and ?to= (YYYY-MM-DD, each optional).
func federationPeriod(c *gin.Context) (from, to time.Time, err error) {
	for _, p := range []struct {
		name string
		out  *time.Time
	}{{"from", &from}, {"to", &to}} {
		s := c.Query(p.name)
		if s == "" {
			continue
		}
		if *p.out, err = time.Parse(time.DateOnly, s); err != nil {
			return time.Time{}, time.Time{}, tournament.Invalid(p.name, "%q is not a date; write YYYY-MM-DD", s)
		}
	}
	return from, to, nil
}

func (h *handler) getFederationJSON(c *gin.Context) error {
	from, to, err := federationPeriod(c)
	if err != nil {
		return err
	}
	return h.SendDocument(c, core.JSONType, "federation-export.json", func(ctx context.Context, w io.Writer) error {
		return h.Exporter.FederationJSON(ctx, w, from, to)
	})
}

func (h *handler) getFederationCSV(c *gin.Context) error {
	from, to, err := federationPeriod(c)
	if err != nil {
		return err
	}
	dialect, err := csvDialect(c)
	if err != nil {
		return err
	}
	return h.SendDocument(c, core.CSVType, "federation-export.csv", func(ctx context.Context, w io.Writer) error {
		return h.Exporter.FederationCSV(ctx, w, dialect, from, to)
	})
}

func (h *handler) getFederationGamesCSV(c *gin.Context) error {
	from, to, err := federationPeriod(c)
	if err != nil {
		return err
	}
	dialect, err := csvDialect(c)
	if err != nil {
		return err
	}
	return h.SendDocument(c, core.CSVType, "federation-games.csv", func(ctx context.Context, w io.Writer) error {
		return h.Exporter.FederationGamesCSV(ctx, w, dialect, from, to)
	})
}

// getBracketPDF answers a knockout event's bracket.
func (h *handler) getBracketPDF(c *gin.Context) error {
	ids, loc, err := h.DocumentRequest(c, "id")
	if err != nil {
		return err
	}
	b, err := h.Brackets.Bracket(c.Request.Context(), ids[0])
	if err != nil {
		return err
	}
	return h.SendDocument(c, kit.PDFType, fmt.Sprintf("event-%d-knockout.pdf", ids[0]), func(ctx context.Context, w io.Writer) error {
		return h.Exporter.BracketPDF(w, loc, b)
	})
}
