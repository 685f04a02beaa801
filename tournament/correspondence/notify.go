package correspondence

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"adiukh/tournament"
	"adiukh/tournament/catalog"
)

// Mailer delivers a notification by e-mail. The domain decides what to
// say and to whom; an adapter (package mail: SMTP) knows how to send.
type Mailer interface {
	Send(ctx context.Context, to, subject, body string) error
}

// mailWithin is how old a notification may be and still be mailed: a
// server that gets a mail server later does not send a backlog.
const mailWithin = 2 * Day

// Text renders the notification in a language of the catalogue ("ru" by
// default, or "en"). Its values never include a move: a notification only
// says that a move was made.
func (n *Notification) Text(lang string) string {
	l, _ := catalog.Parse(lang)
	loc := catalog.For(l)
	return loc.T("notify.text."+string(n.Kind), n.data(loc)...)
}

// Subject is the e-mail subject of the notification.
func (n *Notification) Subject(lang string) string {
	l, _ := catalog.Parse(lang)
	return "adiukh: " + catalog.For(l).T("notify.subject."+string(n.Kind))
}

// data names the notification's values for the catalogue's templates: a
// leave gives the event and its days, a game notification gameArgs and
// what its kind adds (the time left, the score). The deadline and the days
// of leave are written in the language.
func (n *Notification) data(l *catalog.Localizer) []any {
	names := []string{"Event", "White", "Black", "Round", "Deadline", "Extra"}
	if n.Kind == LeaveStarts {
		names = []string{"Event", "From", "To"}
	}
	var kv []any
	for i, a := range n.Args {
		if i >= len(names) {
			continue
		}
		switch {
		case names[i] == "Deadline":
			a = deadlineText(l, a)
		case names[i] == "Extra" && n.Kind == TimeShort:
			a = leftText(l, a)
		case names[i] == "From" || names[i] == "To":
			a = l.Date(a)
		}
		kv = append(kv, names[i], a)
	}
	return kv
}

// deadlineArg keeps a deadline with its event's time zone as RFC 9557
// writes one ("2026-12-03T21:31:00+03:00[Europe/Moscow]"), so that the
// text says it in that zone in each reader's style.
func deadlineArg(at time.Time, zone *time.Location) string {
	return at.In(zone).Format(time.RFC3339) + "[" + zone.String() + "]"
}

// deadlineText writes a kept deadline in the language, in its event's time
// zone: "3 декабря 2026, 21:31 MSK". What is not such a deadline ("—", or
// one kept as UTC text before deadlines kept their zone) stays as it is.
func deadlineText(l *catalog.Localizer, arg string) string {
	stamp, name, ok := strings.Cut(strings.TrimSuffix(arg, "]"), "[")
	if !ok {
		return arg
	}
	at, err := time.Parse(time.RFC3339, stamp)
	if err != nil {
		return arg
	}
	zone, err := time.LoadLocation(name)
	if err != nil {
		return arg
	}
	return l.Time(at, zone)
}

// gameArgs are the values every game notification shows.
func gameArgs(e *tournament.Event, g *Game, players []tournament.Player) []string {
	name := func(id int64) string {
		for _, p := range players {
			if p.ID == id {
				return p.Name
			}
		}
		return "?"
	}
	deadline := "—"
	if g.Status == Running && !g.Deadline.IsZero() {
		deadline = deadlineArg(g.Deadline, e.Location())
	}
	return []string{e.Name, name(g.WhiteID), name(g.BlackID), strconv.Itoa(g.Round), deadline}
}

// leftArg keeps the time left on a move as Go writes a duration, to the
// minute ("29h5m0s"), for leftText to say in each reader's language.
func leftArg(d time.Duration) string {
	return d.Round(time.Minute).String()
}

// leftText says a kept time left as days and hours, or hours and minutes
// under a day: "1 дн. 5 ч", "1 d 5 h". What is not such a time (one kept
// as English text before, "1d 5h") stays as it is.
func leftText(l *catalog.Localizer, arg string) string {
	d, err := time.ParseDuration(arg)
	if err != nil {
		return arg
	}
	if days := int(d / Day); days > 0 {
		return l.T("corr.left_days", "Days", days, "Hours", int(d%Day/time.Hour))
	}
	return l.T("corr.left_hours", "Hours", int(d/time.Hour), "Minutes", int(d%time.Hour/time.Minute))
}

// notifyPlayer puts a notification in the inbox of the account that plays
// for the player; a player without one gets none.
func (s *Service) notifyPlayer(tx Tx, g *Game, playerID int64, kind Kind, args ...string) error {
	if g.Live {
		return nil // both players watch a live game; nobody is mailed about it
	}
	accounts, err := tx.PlayerAccounts(g.EventID)
	if err != nil {
		return err
	}
	return s.notifyUser(tx, g, accounts[playerID].ID, kind, args...)
}

func (s *Service) notifyUser(tx Tx, g *Game, userID int64, kind Kind, args ...string) error {
	if g.Live {
		return nil // both players watch a live game; nobody is mailed about it
	}
	if userID == 0 {
		return nil
	}
	return tx.AddNotification(&Notification{UserID: userID, EventID: g.EventID, GameID: g.ID, Kind: kind, Args: args, CreatedAt: s.now().UTC()})
}

// DeliverMail e-mails the notifications not mailed yet, each once: an
// instance claims one before sending it, and gives it back when sending
// fails, to be tried at the next run. It returns how many were sent.
func (s *Service) DeliverMail(ctx context.Context) (int, error) {
	if s.mailer == nil {
		return 0, nil
	}
	var pending []Notification
	err := s.store.View(ctx, func(tx Tx) (err error) {
		pending, err = tx.Unmailed(100)
		return err
	})
	if err != nil {
		return 0, err
	}
	sent := 0
	oldest := s.now().Add(-mailWithin)
	for i := range pending {
		n := &pending[i]
		var to *tournament.User
		var claimed bool
		err := s.store.Update(ctx, func(tx Tx) (err error) {
			if claimed, err = tx.ClaimMail(n.ID); err != nil || !claimed {
				return err
			}
			to, err = tx.User(n.UserID)
			return err
		})
		if err != nil {
			return sent, err
		}
		if !claimed || n.CreatedAt.Before(oldest) {
			continue
		}
		if err := s.mailer.Send(ctx, to.Email, n.Subject(to.Locale), n.Text(to.Locale)); err != nil {
			if uerr := s.store.Update(ctx, func(tx Tx) error { return tx.UnclaimMail(n.ID) }); uerr != nil {
				return sent, uerr
			}
			return sent, fmt.Errorf("mail notification %d to %s: %w", n.ID, to.Email, err)
		}
		sent++
	}
	return sent, nil
}
