package people_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"strings"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/catalog"
	"adiukh/tournament/people"
	"adiukh/tournament/store/storetest"
)

// TestPersonPhotos: an administrator and the person's own linked account
// upload a photo, an arbiter and another player may not; what is kept is a
// small JPEG without the upload's metadata, a transparent PNG on white; a
// file that is no picture, or claims a huge canvas, is refused before it is
// decoded; the photo is removed, and each change is in the register's log.
func TestPersonPhotos(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			_, register := services(st)
			arbiter := arbiterContext(t, st)
			admin := adminContext(t, st)
			ann := playerAccount(t, st, "ann@example.org", "Анна")
			other := playerAccount(t, st, "bob@example.org", "Борис")
			person, err := register.CreatePerson(arbiter, people.PersonInput{Surname: ptr("Тлехас"), GivenNames: ptr("Анна")})
			if err != nil {
				t.Fatal(err)
			}
			claim, err := register.ClaimPerson(ann, person.ID)
			if err != nil {
				t.Fatal(err)
			}
			if err := register.DecideClaim(arbiter, claim.ID, true, ""); err != nil {
				t.Fatal(err)
			}

			photo := jpegWithExif(t, 1200, 900)
			_, err = register.SetPersonPhoto(arbiter, person.ID, photo)
			wantCode(t, "an arbiter uploads a photo", err, tournament.EFORBIDDEN)
			_, err = register.SetPersonPhoto(other, person.ID, photo)
			wantCode(t, "another player uploads a photo", err, tournament.EFORBIDDEN)
			_, err = register.SetPersonPhoto(context.Background(), person.ID, photo)
			wantCode(t, "an anonymous upload", err, tournament.EUNAUTHORIZED)
			if v, _ := register.PersonPage(other, person.ID); v.CanChangePhoto || v.Photo != nil {
				t.Errorf("another player's view: may change %v, photo %v", v.CanChangePhoto, v.Photo)
			}

			kept, err := register.SetPersonPhoto(ann, person.ID, photo)
			if err != nil {
				t.Fatal(err)
			}
			img, err := jpeg.Decode(bytes.NewReader(kept.Content))
			if err != nil {
				t.Fatal(err)
			}
			if b := img.Bounds(); b.Dx() != people.PhotoSide || b.Dy() != people.PhotoSide*3/4 {
				t.Errorf("kept photo %v, want %d×%d", b, people.PhotoSide, people.PhotoSide*3/4)
			}
			if bytes.Contains(kept.Content, []byte("Exif")) || bytes.Contains(kept.Content, []byte("GPS")) {
				t.Error("the kept photo still carries the upload's metadata")
			}
			if len(kept.Content) >= len(photo) {
				t.Errorf("kept %d bytes of %d uploaded", len(kept.Content), len(photo))
			}
			if v, _ := register.PersonPage(ann, person.ID); !v.CanChangePhoto || v.Photo == nil || v.Photo.Content != nil {
				t.Errorf("Ann's view of her page: may change %v, photo %+v", v.CanChangePhoto, v.Photo)
			}
			if got, err := register.PersonPhotoOf(context.Background(), person.ID); err != nil || !bytes.Equal(got.Content, kept.Content) {
				t.Errorf("the photo read back: %v", err)
			}

			var transparent bytes.Buffer
			if err := png.Encode(&transparent, image.NewNRGBA(image.Rect(0, 0, 40, 30))); err != nil {
				t.Fatal(err)
			}
			kept, err = register.SetPersonPhoto(admin, person.ID, transparent.Bytes())
			if err != nil {
				t.Fatal(err)
			}
			img, _ = jpeg.Decode(bytes.NewReader(kept.Content))
			if r, g, b, _ := img.At(20, 15).RGBA(); r>>8 < 250 || g>>8 < 250 || b>>8 < 250 || img.Bounds().Dx() != 40 {
				t.Errorf("a small transparent PNG: %v, colour %d %d %d, want kept at its size on white", img.Bounds(), r>>8, g>>8, b>>8)
			}

			for what, upload := range map[string][]byte{
				"no file":      nil,
				"not a photo":  []byte("%PDF-1.4 not a picture"),
				"a huge PNG":   hugePNGHeader(20000, 20000),
				"a cut JPEG":   photo[:len(photo)/2],
				"over the cap": make([]byte, people.MaxPhotoBytes+1),
			} {
				_, err := register.SetPersonPhoto(admin, person.ID, upload)
				if e, ok := err.(*tournament.Error); !ok || e.Code != tournament.EINVALID || e.Field != "photo" {
					t.Errorf("%s: %v, want EINVALID at photo", what, err)
				}
				if what == "a huge PNG" && !strings.Contains(err.Error(), "megapixels") {
					t.Errorf("a huge PNG refused for another reason: %v", err)
				}
				// The picture's format is named as people write it, not as
				// Go's image package does ("jpeg").
				if format := map[string]string{"a huge PNG": "PNG", "a cut JPEG": "JPEG"}[what]; format != "" {
					if text := catalog.For(catalog.Russian).Phrase(err.(*tournament.Error)); !strings.Contains(text, " "+format+" ") {
						t.Errorf("%s: %q does not name the format %s", what, text, format)
					}
				}
			}

			wantCode(t, "another player removes the photo", register.RemovePersonPhoto(other, person.ID), tournament.EFORBIDDEN)
			if err := register.RemovePersonPhoto(ann, person.ID); err != nil {
				t.Fatal(err)
			}
			_, err = register.PersonPhotoOf(context.Background(), person.ID)
			wantCode(t, "the removed photo", err, tournament.ENOTFOUND)
			wantCode(t, "removing it twice", register.RemovePersonPhoto(ann, person.ID), tournament.ENOTFOUND)
		})
	}
}

// jpegWithExif is a w×h JPEG with an EXIF segment naming a place, as a
// phone's camera writes.
func jpegWithExif(t *testing.T, w, h int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.Set(x, y, color.RGBA{R: uint8(x), G: uint8(y), B: 128, A: 255})
		}
	}
	var plain bytes.Buffer
	if err := jpeg.Encode(&plain, img, nil); err != nil {
		t.Fatal(err)
	}
	exif := append([]byte("Exif\x00\x00"), []byte("GPS 44.6N 40.1E Maikop")...)
	segment := []byte{0xff, 0xe1, 0, 0}
	binary.BigEndian.PutUint16(segment[2:], uint16(len(exif)+2))
	out := append([]byte{}, plain.Bytes()[:2]...) // SOI
	out = append(out, segment...)
	out = append(out, exif...)
	return append(out, plain.Bytes()[2:]...)
}

// hugePNGHeader is the start of a PNG that claims a w×h canvas.
func hugePNGHeader(w, h uint32) []byte {
	out := []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR")
	out = binary.BigEndian.AppendUint32(out, w)
	out = binary.BigEndian.AppendUint32(out, h)
	out = append(out, 8, 2, 0, 0, 0)
	return binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(out[12:]))
}
