package kit

// ReasonBody is the body of a change that takes only its reason, which
// goes into the audit log.
type ReasonBody struct {
	Reason string `json:"reason"`
}
