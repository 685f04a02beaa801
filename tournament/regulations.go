package tournament

import "time"

// Regulations is the document of an event's rules that its arbiter
// attaches for players to read before they enter: a PDF, shown in the
// calendar and on the event's pages. Package entries keeps it; the desk
// reads whether the event has one (Desk.Regulations).
type Regulations struct {
	EventID    int64
	FileName   string
	Content    []byte // nil when read without it
	Size       int
	UploadedAt time.Time
}

// RegulationsTx reads an event's regulations.
type RegulationsTx interface {
	// Regulations reads an event's regulations, with the file's content
	// or without; ENOTFOUND when it has none.
	Regulations(eventID int64, withContent bool) (*Regulations, error)
}
