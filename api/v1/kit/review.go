package kit

// ReasonBody is the body of a decision that needs a reason: a round
// unpublished, an entry refused, a claim decided.
type ReasonBody struct {
	Reason string `json:"reason"`
}
