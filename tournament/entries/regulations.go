package entries

import (
	"bytes"
	"context"
	"fmt"
	"path"
	"strings"
	"unicode/utf8"

	"adiukh/tournament"
)

// MaxRegulationsBytes bounds a regulations PDF: a few pages of text with a
// logo fit well within it.
const MaxRegulationsBytes = 5 << 20

// Audit actions of regulations.
const (
	ActionRegulationsSet    = "regulations.set"
	ActionRegulationsRemove = "regulations.remove"
)

// RegulationsTx keeps events' regulations; the root's part
// (tournament.RegulationsTx) reads them.
type RegulationsTx interface {
	// SetRegulations stores an event's regulations in place of any before.
	SetRegulations(r *tournament.Regulations) error
	// RegulationEvents lists the events that have regulations.
	RegulationEvents() (map[int64]bool, error)
	DeleteRegulations(eventID int64) error
}

// SetRegulations attaches a PDF of the event's regulations, for its
// arbiters; a new one replaces the old. The file must be a PDF (it starts
// %PDF-) of at most MaxRegulationsBytes.
func (s *Service) SetRegulations(ctx context.Context, eventID int64, fileName string, content []byte) (*tournament.Regulations, error) {
	if len(content) == 0 {
		return nil, tournament.Invalid("file", "choose the PDF of the regulations to upload")
	}
	if len(content) > MaxRegulationsBytes {
		return nil, tournament.Invalid("file", "the file is larger than %d MB", MaxRegulationsBytes>>20)
	}
	if !bytes.HasPrefix(content, []byte("%PDF-")) {
		return nil, tournament.Invalid("file", "the regulations must be a PDF file")
	}
	r := &tournament.Regulations{EventID: eventID, FileName: cleanFileName(fileName), Content: content, Size: len(content), UploadedAt: s.now().UTC()}
	err := s.store.Update(ctx, func(tx Tx) error {
		_, u, err := tournament.Manageable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		if err := tx.SetRegulations(r); err != nil {
			return err
		}
		return tournament.Audit(tx, s.now(), u, eventID, ActionRegulationsSet, fmt.Sprintf("event %d", eventID), nil, map[string]any{"file": r.FileName, "bytes": r.Size}, "")
	})
	if err != nil {
		return nil, err
	}
	return r, nil
}

// cleanFileName keeps the last part of an uploaded file's name, printable
// and short, ending in .pdf; "regulations.pdf" when nothing is left.
func cleanFileName(name string) string {
	name = path.Base(strings.ReplaceAll(name, "\\", "/"))
	name = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f || r == '"' || r == '/' {
			return -1
		}
		return r
	}, name)
	for utf8.RuneCountInString(name) > 100 {
		_, size := utf8.DecodeLastRuneInString(name)
		name = name[:len(name)-size]
	}
	name = strings.TrimSpace(name)
	if name == "" || name == "." {
		return "regulations.pdf"
	}
	if !strings.HasSuffix(strings.ToLower(name), ".pdf") {
		name += ".pdf"
	}
	return name
}

// RemoveRegulations takes an event's regulations away, for its arbiters.
func (s *Service) RemoveRegulations(ctx context.Context, eventID int64) error {
	return s.store.Update(ctx, func(tx Tx) error {
		_, u, err := tournament.Manageable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		old, err := tx.Regulations(eventID, false)
		if err != nil {
			return err
		}
		if err := tx.DeleteRegulations(eventID); err != nil {
			return err
		}
		return tournament.Audit(tx, s.now(), u, eventID, ActionRegulationsRemove, fmt.Sprintf("event %d", eventID), map[string]any{"file": old.FileName, "bytes": old.Size}, nil, "")
	})
}

// RegulationsOf reads an event's regulations with the file, for anyone
// who may read the event; ENOTFOUND when it has none.
func (s *Service) RegulationsOf(ctx context.Context, eventID int64) (*tournament.Regulations, error) {
	var r *tournament.Regulations
	err := s.store.View(ctx, func(tx Tx) error {
		if _, err := tournament.Readable(ctx, tx, eventID); err != nil {
			return err
		}
		var err error
		r, err = tx.Regulations(eventID, true)
		return err
	})
	return r, err
}

// HasRegulations tells whether an event has regulations attached, for
// anyone who may read the event: its pages link them.
func (s *Service) HasRegulations(ctx context.Context, eventID int64) (bool, error) {
	has := false
	err := s.store.View(ctx, func(tx Tx) error {
		if _, err := tournament.Readable(ctx, tx, eventID); err != nil {
			return err
		}
		_, err := tx.Regulations(eventID, false)
		if tournament.ErrorCode(err) == tournament.ENOTFOUND {
			return nil
		}
		has = err == nil
		return err
	})
	return has, err
}
