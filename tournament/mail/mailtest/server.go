// Package mailtest is an SMTP server for tests: it listens on a local port
// inside the test process and keeps the messages it receives.
package mailtest

import (
	"bufio"
	"net"
	"strings"
	"sync"
	"testing"
)

// Message is one message received.
type Message struct {
	From string
	To   []string
	Data string // headers and body as sent, lines ending in CRLF
}

// Server is a minimal SMTP server (RFC 5321: HELO/EHLO, MAIL, RCPT, DATA,
// RSET, NOOP, QUIT), enough for net/smtp.
type Server struct {
	Addr string
	ln   net.Listener
	mu   sync.Mutex
	msgs []Message
	wg   sync.WaitGroup
}

// Start listens on 127.0.0.1 at a free port until the test ends.
func Start(t testing.TB) *Server {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := &Server{Addr: ln.Addr().String(), ln: ln}
	s.wg.Add(1)
	go s.serve()
	t.Cleanup(func() {
		ln.Close()
		s.wg.Wait()
	})
	return s
}

// Messages returns what was received so far.
func (s *Server) Messages() []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Message(nil), s.msgs...)
}

func (s *Server) serve() {
	defer s.wg.Done()
	for {
		conn, err := s.ln.Accept()
		if err != nil {
			return
		}
		s.wg.Add(1)
		go func() {
			defer s.wg.Done()
			defer conn.Close()
			s.session(conn)
		}()
	}
}

func (s *Server) session(conn net.Conn) {
	r := bufio.NewReader(conn)
	reply := func(line string) bool {
		_, err := conn.Write([]byte(line + "\r\n"))
		return err == nil
	}
	reply("220 mailtest ready")
	var msg Message
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return
		}
		cmd := strings.ToUpper(strings.TrimSpace(line))
		switch {
		case strings.HasPrefix(cmd, "EHLO"):
			reply("250-mailtest")
			reply("250 8BITMIME")
		case strings.HasPrefix(cmd, "HELO"), strings.HasPrefix(cmd, "NOOP"):
			reply("250 ok")
		case strings.HasPrefix(cmd, "MAIL FROM:"):
			msg = Message{From: address(line)}
			reply("250 ok")
		case strings.HasPrefix(cmd, "RCPT TO:"):
			msg.To = append(msg.To, address(line))
			reply("250 ok")
		case cmd == "DATA":
			reply("354 end with .")
			var data strings.Builder
			for {
				l, err := r.ReadString('\n')
				if err != nil {
					return
				}
				if l == ".\r\n" {
					break
				}
				data.WriteString(strings.TrimPrefix(l, "."))
			}
			msg.Data = data.String()
			s.mu.Lock()
			s.msgs = append(s.msgs, msg)
			s.mu.Unlock()
			reply("250 queued")
		case cmd == "RSET":
			msg = Message{}
			reply("250 ok")
		case cmd == "QUIT":
			reply("221 bye")
			return
		default:
			reply("502 not implemented")
		}
	}
}

// address reads the <address> of a MAIL or RCPT command.
func address(line string) string {
	start, end := strings.Index(line, "<"), strings.LastIndex(line, ">")
	if start < 0 || end < start {
		return ""
	}
	return line[start+1 : end]
}
