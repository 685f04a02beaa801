// Command connflood is the load client of scripts/bench-connections: from
// one loopback address (or several) it makes many connection attempts on a server, each
// sending a request and holding its connection kept alive when answered,
// as the fourth probe took a server down with (issue 59); from another
// loopback address it asks the server meanwhile, a new connection a
// request, and measures the answers. It prints both sides' figures and
// exits 1 when the other address was not served, or the flooding address
// held more connections than -cap. With -trickle each flooding connection
// instead sends a form whose body comes one byte every -trickle and holds
// it (issue 65: 52 addresses x 300 slow bodies), and the other address is
// timed for -measure once the flood is in, and must be answered within
// -within each time. It talks to loopback addresses only.
package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

func main() {
	target := flag.String("target", "", "HOST:PORT of the server, on loopback")
	path := flag.String("path", "/healthz", "path each request asks for")
	from := flag.String("from", "127.0.0.2", "loopback address the flood comes from, the first of -addresses")
	addresses := flag.Int("addresses", 1, "loopback addresses the flood comes from, from -from up, attempts dealt among them in turn")
	other := flag.String("other", "127.0.0.3", "loopback address of the client that must be served meanwhile")
	attempts := flag.Int("attempts", 20000, "connection attempts of the flood")
	workers := flag.Int("workers", 64, "attempts made at once")
	every := flag.Duration("every", 20*time.Millisecond, "pause between the other client's requests")
	most := flag.Int("cap", 0, "most connections each flooding address may hold; 0: not checked")
	trickle := flag.Duration("trickle", 0, "send each flooding connection's body one byte every this long, to -form; 0: ask -path and hold the answered connection")
	form := flag.String("form", "/login", "path the slow bodies are posted to, a form the server reads")
	measure := flag.Duration("measure", 10*time.Second, "with -trickle: how long the other address is timed once the flood is in")
	within := flag.Duration("within", 2*time.Second, "with -trickle: the longest the other address may wait for an answer")
	settle := flag.Duration("settle", 6*time.Second, "with -trickle: how long the flood is in before the other address is timed (the server judges a body's rate after 5 s)")
	flag.Parse()
	first, err := netip.ParseAddr(*from)
	if err != nil || !first.Is4() || !first.IsLoopback() {
		fmt.Fprintf(os.Stderr, "connflood: -from %q is not an IPv4 loopback address\n", *from)
		os.Exit(2)
	}
	sources := []netip.Addr{first}
	for len(sources) < *addresses {
		next := sources[len(sources)-1].Next()
		if !next.IsLoopback() {
			fmt.Fprintf(os.Stderr, "connflood: %d addresses from %s leave the loopback network\n", *addresses, first)
			os.Exit(2)
		}
		sources = append(sources, next)
	}
	if ip, err := netip.ParseAddr(*other); err != nil || !ip.IsLoopback() || slices.Contains(sources, ip) {
		fmt.Fprintf(os.Stderr, "connflood: -other %q is not a loopback address apart from the flood's\n", *other)
		os.Exit(2)
	}
	host, _, err := net.SplitHostPort(*target)
	if ip := net.ParseIP(host); err != nil || ip == nil || !ip.IsLoopback() {
		fmt.Fprintf(os.Stderr, "connflood: -target %q is not a loopback HOST:PORT\n", *target)
		os.Exit(2)
	}

	if *trickle > 0 {
		os.Exit(slowFlood(*target, *path, *form, sources, *other, *attempts, *workers, *trickle, *every, *settle, *measure, *within))
	}
	done := make(chan struct{})
	otherDone := make(chan sample)
	go func() { otherDone <- ask(*target, *path, *other, *every, done) }()
	began := time.Now()
	f := flood(*target, *path, sources, *attempts, *workers)
	took := time.Since(began)
	close(done)
	o := <-otherDone
	// What the server holds while the flood's connections are still open.
	open := serverOpen(*target, *other)
	for _, c := range f.held {
		_ = c.Close()
	}

	fmt.Printf("flood from %s (%d addresses): %d attempts in %.1f s (%.0f/s): %d answered and held, %d refused (reset or closed unanswered), %d failed otherwise\n",
		first, len(sources), *attempts, took.Seconds(), float64(*attempts)/took.Seconds(), len(f.held), f.refused, f.dialErrors)
	fmt.Printf("the server held %s connections at the flood's end\n", open)
	fmt.Printf("other address %s meanwhile: %d requests, %d failed; time to answer p50 %v, p99 %v, max %v\n",
		*other, len(o.times)+o.failed, o.failed, o.quantile(0.50), o.quantile(0.99), o.quantile(1))
	bad := false
	if o.failed > 0 || len(o.times) == 0 {
		fmt.Println("FAIL: the other address was not served throughout")
		bad = true
	}
	if *most > 0 && len(f.held) > *most*len(sources) {
		fmt.Printf("FAIL: the flooding addresses held %d connections, more than %d each\n", len(f.held), *most)
		bad = true
	}
	if bad {
		os.Exit(1)
	}
}

type floodResult struct {
	held                []net.Conn
	refused, dialErrors int64
}

// flood makes attempts connection attempts from the addresses sources in
// turn, workers at once; each sends a request and, answered, keeps its
// connection.
func flood(target, path string, sources []netip.Addr, attempts, workers int) floodResult {
	var dialers []*net.Dialer
	for _, ip := range sources {
		dialers = append(dialers, &net.Dialer{LocalAddr: net.TCPAddrFromAddrPort(netip.AddrPortFrom(ip, 0)), Timeout: 10 * time.Second})
	}
	var r floodResult
	var mu sync.Mutex
	var refused, dialErrors atomic.Int64
	next := make(chan *net.Dialer)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for dialer := range next {
				c, err := dialer.Dial("tcp", target)
				if errors.Is(err, syscall.ECONNRESET) {
					// Reset by the server as soon as it accepted, before
					// the dial returned.
					refused.Add(1)
					continue
				}
				if err != nil {
					if dialErrors.Add(1) == 1 {
						fmt.Fprintf(os.Stderr, "connflood: the first failed attempt: %v\n", err)
					}
					continue
				}
				if exchange(c, path) {
					mu.Lock()
					r.held = append(r.held, c)
					mu.Unlock()
					continue
				}
				refused.Add(1)
				_ = c.Close()
			}
		})
	}
	for i := range attempts {
		next <- dialers[i%len(dialers)]
	}
	close(next)
	wg.Wait()
	r.refused, r.dialErrors = refused.Load(), dialErrors.Load()
	return r
}

// exchange sends one request on c and reports whether it was answered 200.
func exchange(c net.Conn, path string) bool {
	_ = c.SetDeadline(time.Now().Add(10 * time.Second))
	if _, err := io.WriteString(c, "GET "+path+" HTTP/1.1\r\nHost: localhost\r\n\r\n"); err != nil {
		return false
	}
	res, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		return false
	}
	_, _ = io.Copy(io.Discard, res.Body)
	_ = res.Body.Close()
	_ = c.SetDeadline(time.Time{})
	return res.StatusCode == http.StatusOK
}

type sample struct {
	times  []time.Duration
	failed int
}

func (s sample) quantile(q float64) time.Duration {
	if len(s.times) == 0 {
		return 0
	}
	t := slices.Clone(s.times)
	slices.Sort(t)
	return t[min(int(q*float64(len(t))), len(t)-1)]
}

// ask sends a request on a new connection from the address from every
// pause until done, timing each from the dial to the answer's end.
func ask(target, path, from string, pause time.Duration, done <-chan struct{}) sample {
	dialer := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}, Timeout: 10 * time.Second}
	var s sample
	for {
		select {
		case <-done:
			return s
		case <-time.After(pause):
		}
		began := time.Now()
		c, err := dialer.Dial("tcp", target)
		if err != nil {
			s.failed++
			continue
		}
		ok := exchange(c, path)
		_ = c.Close()
		if !ok {
			s.failed++
			continue
		}
		s.times = append(s.times, time.Since(began))
	}
}

// serverOpen is the adiukh_connections_open of the server's /metrics, asked
// from the address from; "?" when it cannot be read.
func serverOpen(target, from string) string {
	client := &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{
		DialContext: (&net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}}).DialContext,
	}}
	res, err := client.Get("http://" + target + "/metrics")
	if err != nil {
		return "?"
	}
	defer res.Body.Close()
	lines := bufio.NewScanner(res.Body)
	for lines.Scan() {
		if v, ok := strings.CutPrefix(lines.Text(), "adiukh_connections_open "); ok {
			return v
		}
	}
	return "?"
}

// slowBody is the body each slow connection declares: within the server's
// 256 KB for a form, so that the form is read.
const slowBody = 200 << 10

// slowFlood holds attempts connections from sources, workers at once, each
// sending the head of a form posted to form and then its body one byte
// every trickle; once they have been in for settle, it times the other
// address asking path every pause for measure, and returns the exit status: 1 when any answer
// failed or took longer than within.
func slowFlood(target, path, form string, sources []netip.Addr, other string, attempts, workers int, trickle, pause, settle, measure, within time.Duration) int {
	stop := make(chan struct{})
	var held, failed atomic.Int64
	next := make(chan *net.Dialer)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for dialer := range next {
				c, err := dialer.Dial("tcp", target)
				if err == nil {
					_, err = fmt.Fprintf(c, "POST %s HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: %d\r\n\r\n", form, slowBody)
				}
				if err != nil {
					failed.Add(1)
					if c != nil {
						_ = c.Close()
					}
					continue
				}
				held.Add(1)
				go dribble(c, trickle, stop)
			}
		})
	}
	began := time.Now()
	for i := range attempts {
		next <- &net.Dialer{LocalAddr: net.TCPAddrFromAddrPort(netip.AddrPortFrom(sources[i%len(sources)], 0)), Timeout: 10 * time.Second}
	}
	close(next)
	wg.Wait()
	fmt.Printf("slow flood from %s (%d addresses): %d attempts in %.1f s: %d heads sent and held, one body byte every %v; %d failed\n",
		sources[0], len(sources), attempts, time.Since(began).Seconds(), held.Load(), trickle, failed.Load())
	time.Sleep(settle)
	done := make(chan struct{})
	timer := time.AfterFunc(measure, func() { close(done) })
	defer timer.Stop()
	o := ask(target, path, other, pause, done)
	fmt.Printf("the server held %s connections while the slow bodies came\n", serverOpen(target, other))
	close(stop)
	fmt.Printf("other address %s meanwhile: %d requests, %d failed; time to answer p50 %v, p99 %v, max %v\n",
		other, len(o.times)+o.failed, o.failed, o.quantile(0.50), o.quantile(0.99), o.quantile(1))
	if o.failed > 0 || len(o.times) == 0 || o.quantile(1) > within {
		fmt.Printf("FAIL: the other address was not answered within %v throughout\n", within)
		return 1
	}
	return 0
}

// dribble sends c's body one byte every pause until it is all sent, the
// server closes c, or stop; then closes c.
func dribble(c net.Conn, pause time.Duration, stop <-chan struct{}) {
	defer c.Close()
	tick := time.NewTicker(pause)
	defer tick.Stop()
	for range slowBody {
		select {
		case <-stop:
			return
		case <-tick.C:
		}
		if _, err := c.Write([]byte{'x'}); err != nil {
			return
		}
	}
}
