package v1

// The small answers of the API, each a typed view so that its fields are
// named once and documented where they are written.

// cookView answers the director's acceptance of a cook: the work's code
// and the reason it was accepted for.
type cookView struct {
	Code         string `json:"code"`
	CookAccepted string `json:"cook_accepted"`
}
