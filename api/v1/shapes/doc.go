// Package shapes holds the JSON shapes that several areas of the API
// answer with or read: an answer's fields are named once, here, so that
// areas moved apart answer byte for byte alike. A shape that one area
// alone answers with lives in that area's package.
package shapes

// DeletedView answers the removal of a numbered thing (a player, a draft
// round, a team): its number.
type DeletedView struct {
	Deleted int64 `json:"deleted"`
}

// RemovedView answers the removal of a thing that has no number of its
// own (a person's photo, an event's regulations): what was removed.
type RemovedView struct {
	Deleted string `json:"deleted"`
}
