package people

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/jpeg"
	_ "image/png" // a photo may be uploaded as PNG
	"strings"
	"time"

	"adiukh/tournament"
)

// A person of the register may have a photo, for their page and the
// player's card. What is kept is not the upload but a small JPEG made from
// it: a phone's photo of several megabytes becomes a few dozen kilobytes,
// and the re-encoding drops what the file carried besides the picture (the
// place and time it was taken, the camera).

// PersonPhoto is a person's photo as kept: a JPEG at most PhotoSide
// pixels on its longer side.
type PersonPhoto struct {
	PersonID  int64
	Content   []byte // nil when read without it
	UpdatedAt time.Time
}

const (
	// MaxPhotoBytes bounds an uploaded photo: a phone's photo fits.
	MaxPhotoBytes = 8 << 20
	// maxPhotoPixels bounds the picture an upload may decode to, so that a
	// small file cannot claim a huge canvas.
	maxPhotoPixels = 40_000_000
	// PhotoSide is the longer side of a kept photo, in pixels: sharp at
	// the size pages show it on a phone's screen.
	PhotoSide = 480
)

// Register audit actions of photos.
const (
	ActionPersonPhoto       = "person.photo"
	ActionPersonPhotoRemove = "person.photo.remove"
)

// PhotoTx keeps the persons' photos.
type PhotoTx interface {
	// SetPersonPhoto stores a person's photo in place of any before.
	SetPersonPhoto(p *PersonPhoto) error
	// PersonPhoto reads a person's photo, with the picture or without;
	// ENOTFOUND when they have none.
	PersonPhoto(personID int64, withContent bool) (*PersonPhoto, error)
	DeletePersonPhoto(personID int64) error
}

// mayChangePhoto: the federation's administrators change any person's
// photo; a player changes their own, once their account is linked to the
// person.
func mayChangePhoto(ctx context.Context, tx Tx, personID int64) (*tournament.User, error) {
	u := tournament.UserFromContext(ctx)
	switch {
	case u == nil:
		return nil, tournament.Unauthorized("sign in to change a photo of the register")
	case u.Role == tournament.Admin:
		return u, nil
	}
	mine, err := tournament.LinkedPerson(tx, u.ID)
	if err != nil {
		return nil, err
	}
	if mine == nil || mine.ID != personID {
		return nil, tournament.Forbidden("only administrators and the person themselves change a photo of the register")
	}
	return u, nil
}

// SetPersonPhoto keeps a photo of a person: a JPEG or PNG of at most
// MaxPhotoBytes, kept as a JPEG of at most PhotoSide pixels a side.
func (s *Service) SetPersonPhoto(ctx context.Context, personID int64, upload []byte) (*PersonPhoto, error) {
	content, err := photoOf(upload)
	if err != nil {
		return nil, err
	}
	photo := &PersonPhoto{PersonID: personID, Content: content, UpdatedAt: s.now().UTC()}
	err = s.store.Update(ctx, func(tx Tx) error {
		u, err := mayChangePhoto(ctx, tx, personID)
		if err != nil {
			return err
		}
		if _, err := tx.Person(personID); err != nil {
			return err
		}
		if err := tx.SetPersonPhoto(photo); err != nil {
			return err
		}
		return s.registerAudit(tx, u, ActionPersonPhoto, personID, nil, map[string]any{"bytes": len(content)})
	})
	if err != nil {
		return nil, err
	}
	return photo, nil
}

// RemovePersonPhoto takes a person's photo away.
func (s *Service) RemovePersonPhoto(ctx context.Context, personID int64) error {
	return s.store.Update(ctx, func(tx Tx) error {
		u, err := mayChangePhoto(ctx, tx, personID)
		if err != nil {
			return err
		}
		if _, err := tx.PersonPhoto(personID, false); err != nil {
			return err
		}
		if err := tx.DeletePersonPhoto(personID); err != nil {
			return err
		}
		return s.registerAudit(tx, u, ActionPersonPhotoRemove, personID, nil, nil)
	})
}

// PersonPhotoOf reads a person's photo with the picture, for anyone (the
// register is public); ENOTFOUND when they have none.
func (s *Service) PersonPhotoOf(ctx context.Context, personID int64) (*PersonPhoto, error) {
	var p *PersonPhoto
	err := s.store.View(ctx, func(tx Tx) (err error) {
		p, err = tx.PersonPhoto(personID, true)
		return err
	})
	return p, err
}

// photoOf checks an upload and makes the photo kept of it.
func photoOf(upload []byte) ([]byte, error) {
	switch {
	case len(upload) == 0:
		return nil, tournament.Invalid("photo", "choose a photo to upload")
	case len(upload) > MaxPhotoBytes:
		return nil, tournament.Invalid("photo", "the file is larger than %d MB", MaxPhotoBytes>>20)
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(upload))
	if err != nil {
		return nil, tournament.Invalid("photo", "the photo must be a JPEG or PNG picture")
	}
	// The format as people write it: "JPEG", not the image package's
	// "jpeg".
	format = strings.ToUpper(format)
	if cfg.Width*cfg.Height > maxPhotoPixels {
		return nil, tournament.Invalid("photo", "the %s picture is %d×%d pixels; at most %d megapixels", format, cfg.Width, cfg.Height, maxPhotoPixels/1_000_000)
	}
	img, _, err := image.Decode(bytes.NewReader(upload))
	if err != nil {
		return nil, tournament.Invalid("photo", "the %s picture could not be read: it is damaged or cut short", format)
	}
	var out bytes.Buffer
	if err := jpeg.Encode(&out, shrink(img, PhotoSide), &jpeg.Options{Quality: 85}); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// shrink scales a picture down so that its longer side is at most side
// pixels, averaging the source pixels each new pixel covers (a box filter:
// no moiré on a shirt's stripes, and enough for a photo this small); a
// picture small enough is copied as it is. Transparent parts of a PNG
// come out white.
func shrink(src image.Image, side int) image.Image {
	b := src.Bounds()
	w, h := b.Dx(), b.Dy()
	scale := max(float64(w)/float64(side), float64(h)/float64(side), 1)
	nw, nh := max(int(float64(w)/scale), 1), max(int(float64(h)/scale), 1)
	dst := image.NewRGBA(image.Rect(0, 0, nw, nh))
	for y := range nh {
		y0, y1 := b.Min.Y+y*h/nh, b.Min.Y+max((y+1)*h/nh, y*h/nh+1)
		for x := range nw {
			x0, x1 := b.Min.X+x*w/nw, b.Min.X+max((x+1)*w/nw, x*w/nw+1)
			var r, g, bl, n uint64
			for sy := y0; sy < y1; sy++ {
				for sx := x0; sx < x1; sx++ {
					cr, cg, cb, ca := src.At(sx, sy).RGBA()
					// Over white: what is transparent shows the page.
					white := 0xffff - uint64(ca)
					r, g, bl, n = r+uint64(cr)+white, g+uint64(cg)+white, bl+uint64(cb)+white, n+1
				}
			}
			dst.SetRGBA(x, y, color.RGBA{R: uint8(r / n >> 8), G: uint8(g / n >> 8), B: uint8(bl / n >> 8), A: 0xff})
		}
	}
	return dst
}
