package events

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/v1/kit"
	"adiukh/api/v1/shapes"
	"adiukh/tournament"
	"adiukh/tournament/entries"
)

// playerBody is the body of POST /events/{id}/players and PATCH
// /events/{id}/players/{pid}.
type playerBody struct {
	Name              *string `json:"name"`
	Rating            *int    `json:"rating"`
	BirthYear         *int    `json:"birth_year"`
	Club              *string `json:"club"`
	City              *string `json:"city"`
	FederationID      *string `json:"federation_id"`
	Federation        *string `json:"federation"`
	Title             *string `json:"title"`
	StartNo           *int    `json:"start_no"`
	WithdrawFromRound *int    `json:"withdraw_from_round"`
	Reason            string  `json:"reason"`
}

func (b *playerBody) input() tournament.PlayerInput {
	return tournament.PlayerInput{
		Name: b.Name, Rating: b.Rating, BirthYear: b.BirthYear, Club: b.Club, City: b.City,
		FederationID: b.FederationID, Federation: b.Federation, Title: b.Title, StartNo: b.StartNo, WithdrawFromRound: b.WithdrawFromRound,
	}
}

func (h *handler) getPlayers(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	players, err := h.Events.Players(c.Request.Context(), id)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, playersView{shapes.PlayerViews(players)})
	return nil
}

// newPlayerBody is the body of POST /events/{id}/players: a player who
// looks registered already is refused (409 on confirm_duplicates) until it
// is sent again with confirm_duplicates.
type newPlayerBody struct {
	playerBody
	ConfirmDuplicates bool `json:"confirm_duplicates"`
	// PersonID registers a person of the register, whose details the
	// player takes unless given.
	PersonID *int64 `json:"person_id"`
}

func (h *handler) postPlayer(c *gin.Context) error {
	id, body, err := kit.PathBody[newPlayerBody](c, "id")
	if err != nil {
		return err
	}
	in := body.input()
	in.ConfirmDuplicate = body.ConfirmDuplicates
	in.PersonID = body.PersonID
	p, err := h.Players.RegisterPlayer(c.Request.Context(), id, in)
	if err != nil {
		return err
	}
	c.JSON(http.StatusCreated, shapes.NewPlayerView(p))
	return nil
}

func (h *handler) patchPlayer(c *gin.Context) error {
	ids, body, err := kit.PathIDsBody[playerBody](c, "id", "pid")
	if err != nil {
		return err
	}
	p, err := h.Players.UpdatePlayer(c.Request.Context(), ids[0], ids[1], body.input(), body.Reason)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, shapes.NewPlayerView(p))
	return nil
}

// bulkBody is the body of POST /events/{id}/players/bulk: a list of
// players, or the text of a pasted list (one player a line, as on the
// arbiter's desk). A list with possible duplicates is refused until it is
// sent again with confirm_duplicates.
type bulkBody struct {
	Players           []playerBody `json:"players"`
	CSV               string       `json:"csv"`
	ConfirmDuplicates bool         `json:"confirm_duplicates"`
}

// postPlayers registers a list of players in one transaction: all of them
// or none, with every bad line (its place in players, from 1) named.
func (h *handler) postPlayers(c *gin.Context) error {
	id, body, err := kit.PathBody[bulkBody](c, "id")
	if err != nil {
		return err
	}
	var lines []entries.PlayerLine
	switch {
	case body.CSV != "" && len(body.Players) > 0:
		return tournament.Invalid("csv", "send players or csv, not both")
	case body.CSV != "":
		if lines, err = entries.ParsePlayerList(body.CSV); err != nil {
			return err
		}
	default:
		for i := range body.Players {
			lines = append(lines, entries.PlayerLine{Line: i + 1, Input: body.Players[i].input()})
		}
	}
	players, err := h.Entries.RegisterPlayers(c.Request.Context(), id, lines, body.ConfirmDuplicates)
	if err != nil {
		return err
	}
	c.JSON(http.StatusCreated, playersView{shapes.PlayerViews(players)})
	return nil
}

// deletePlayer removes a player before round 1; ?reason= (required) goes
// into the audit log.
func (h *handler) deletePlayer(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "pid")
	if err != nil {
		return err
	}
	if err := h.Players.RemovePlayer(c.Request.Context(), ids[0], ids[1], c.Query("reason")); err != nil {
		return err
	}
	c.JSON(http.StatusOK, shapes.DeletedView{Deleted: ids[1]})
	return nil
}

func (h *handler) postRenumber(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	players, err := h.Players.RenumberPlayers(c.Request.Context(), id)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, playersView{shapes.PlayerViews(players)})
	return nil
}
