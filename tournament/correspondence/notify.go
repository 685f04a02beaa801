package correspondence

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"adiukh/tournament"
)

// Mailer delivers a notification by e-mail. The domain decides what to
// say and to whom; an adapter (package mail: SMTP) knows how to send.
type Mailer interface {
	Send(ctx context.Context, to, subject, body string) error
}

// mailWithin is how old a notification may be and still be mailed: a
// server that gets a mail server later does not send a backlog.
const mailWithin = 2 * Day

// messages are the notification texts by kind, Russian and English. The
// arguments are gameArgs (event, White, Black, round, deadline) and, after
// them, what the kind adds. None of them is a move: a notification only
// says that a move was made.
var messages = map[Kind][2]string{
	YourMove: {"Ваш ход в партии %[2]s — %[3]s (%[1]s, тур %[4]s). Контрольный срок: %[5]s.",
		"Your move in game %[2]s – %[3]s (%[1]s, round %[4]s). Deadline: %[5]s."},
	DrawOffered: {"Соперник предлагает ничью в партии %[2]s — %[3]s (%[1]s, тур %[4]s).",
		"Your opponent offers a draw in game %[2]s – %[3]s (%[1]s, round %[4]s)."},
	DrawDeclined: {"Предложение ничьей в партии %[2]s — %[3]s (%[1]s, тур %[4]s) отклонено.",
		"The draw offer in game %[2]s – %[3]s (%[1]s, round %[4]s) was declined."},
	TimeShort: {"Время на исходе: осталось %[6]s на ход в партии %[2]s — %[3]s (%[1]s, тур %[4]s), срок %[5]s.",
		"Time is running out: %[6]s left for your move in game %[2]s – %[3]s (%[1]s, round %[4]s), deadline %[5]s."},
	GameOver: {"Партия %[2]s — %[3]s (%[1]s, тур %[4]s) окончена: %[6]s.",
		"Game %[2]s – %[3]s (%[1]s, round %[4]s) is over: %[6]s."},
	Adjudicate: {"Партия %[2]s — %[3]s (%[1]s, тур %[4]s) передана судье на присуждение.",
		"Game %[2]s – %[3]s (%[1]s, round %[4]s) goes to the arbiter for adjudication."},
	LeaveStarts: {"Отпуск в соревновании %[1]s с %[2]s по %[3]s: в эти дни ваши часы стоят во всех партиях.",
		"Leave in %[1]s from %[2]s to %[3]s: your clocks stand still on those days in all your games."},
}

// Text renders the notification in a locale ("ru" by default, or "en").
func (n *Notification) Text(locale string) string {
	m, ok := messages[n.Kind]
	if !ok {
		return string(n.Kind)
	}
	format := m[0]
	if locale == "en" {
		format = m[1]
	}
	args := make([]any, len(n.Args))
	for i, a := range n.Args {
		args[i] = a
	}
	return fmt.Sprintf(format, args...)
}

// Subject is the e-mail subject of the notification.
func (n *Notification) Subject(locale string) string {
	subjects := map[Kind][2]string{
		YourMove: {"Ваш ход", "Your move"}, DrawOffered: {"Предложение ничьей", "Draw offered"},
		DrawDeclined: {"Ничья отклонена", "Draw declined"}, TimeShort: {"Время на исходе", "Time is running out"},
		GameOver: {"Партия окончена", "Game over"}, Adjudicate: {"Присуждение", "Adjudication"}, LeaveStarts: {"Отпуск", "Leave"},
	}
	s := subjects[n.Kind]
	if locale == "en" {
		return "adiukh: " + s[1]
	}
	return "adiukh: " + s[0]
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
		deadline = g.Deadline.UTC().Format("2006-01-02 15:04 UTC")
	}
	return []string{e.Name, name(g.WhiteID), name(g.BlackID), strconv.Itoa(g.Round), deadline}
}

// formatLeft writes a span as days and hours.
func formatLeft(d time.Duration) string {
	days, hours := int(d/Day), int(d%Day/time.Hour)
	if days > 0 {
		return fmt.Sprintf("%dd %dh", days, hours)
	}
	return fmt.Sprintf("%dh %dm", hours, int(d%time.Hour/time.Minute))
}

// notifyPlayer puts a notification in the inbox of the account that plays
// for the player; a player without one gets none.
func (s *Service) notifyPlayer(tx Tx, g *Game, playerID int64, kind Kind, args ...string) error {
	accounts, err := tx.PlayerAccounts(g.EventID)
	if err != nil {
		return err
	}
	return s.notifyUser(tx, g, accounts[playerID].ID, kind, args...)
}

func (s *Service) notifyUser(tx Tx, g *Game, userID int64, kind Kind, args ...string) error {
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
