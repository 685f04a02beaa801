// Command memprobe is the client of scripts/memory-of-huge-events: it
// reads the pages and documents of big events from a running server (adiukh
// serve, another process) and tells the server's peak memory and what held
// it. Two subcommands:
//
//	memprobe trf -players 4096 -rounds 60 -out FILE
//
// writes the events' TRF file (testcorpus.WriteBigTRF), for adiukh import;
//
//	memprobe read -base URL -events 1,2 -pid PID [-c 4 -per-kind 20 -doc-rounds first,middle,last]
//
// first asks, -c at a time, for every document of the events (the
// crosstable, the games' PDN, the TRF, the standings in each format, and
// the pairings, score sheets and standings of the rounds -doc-rounds
// names: a 4,096-player round's score sheets take half a minute on a
// loaded machine), the events in turn, so that both
// events' documents are made at once; then walks their pages as a reader
// would: from the event's page, every link that stays within the event
// (standings, crosstable, rounds, players' cards, boards, their documents)
// and the event's JSON, at most -per-kind addresses of one kind per event
// (a kind is the address with its numbers left out: the 4,096 cards are
// one kind; 0: every address). Meanwhile it reads the server's memory
// from /proc/PID/status every 100 ms, and at each new peak the server's
// own account of it (/metrics: the Go heap, the page cache's bytes). It
// prints the answers by kind, the failed ones, the peak (VmHWM) and what
// held it, and exits 1 when an answer failed.
package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"html"
	"io"
	"maps"
	"net/http"
	"os"
	"os/signal"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"adiukh/internal/testcorpus"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: memprobe trf|read [flags]")
		os.Exit(2)
	}
	var err error
	switch os.Args[1] {
	case "trf":
		err = writeTRF(os.Args[2:])
	case "read":
		err = read(os.Args[2:])
	default:
		err = fmt.Errorf("no subcommand %q: trf or read", os.Args[1])
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "memprobe:", err)
		os.Exit(1)
	}
}

func writeTRF(args []string) error {
	fs := flag.NewFlagSet("trf", flag.ExitOnError)
	players := fs.Int("players", 4096, "players (a power of two above the rounds)")
	rounds := fs.Int("rounds", 60, "rounds, every game played")
	out := fs.String("out", "", "the file to write")
	_ = fs.Parse(args)
	f, err := os.Create(*out)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	if err := testcorpus.WriteBigTRF(w, *players, *rounds); err != nil {
		return err
	}
	if err := w.Flush(); err != nil {
		return err
	}
	return f.Close()
}

// probe is one run of read.
type probe struct {
	base    string
	events  []string
	pid     int
	perKind int
	client  *http.Client

	mu      sync.Mutex
	seen    map[string]bool
	kinds   map[string]*kindCount // by kind, of both events
	perEach map[string]int        // addresses queued by event and kind
	failed  []string
	stopped bool // by an interrupt or -for, before every address was read
}

type kindCount struct {
	answers int
	bytes   int64
	slowest time.Duration
}

func read(args []string) error {
	fs := flag.NewFlagSet("read", flag.ExitOnError)
	base := fs.String("base", "http://127.0.0.1:18080", "the server")
	events := fs.String("events", "1,2", "the events' numbers")
	pid := fs.Int("pid", 0, "the server's process")
	c := fs.Int("c", 4, "requests at once")
	perKind := fs.Int("per-kind", 20, "addresses of one kind read at most per event (0: every one)")
	rounds := fs.Int("rounds", 60, "the events' rounds")
	limit := fs.Duration("for", 0, "stop reading after this long and report what was read (0: read all)")
	docRounds := fs.String("doc-rounds", "first,middle,last", "the rounds whose documents are read (numbers, or all)")
	_ = fs.Parse(args)
	p := &probe{base: strings.TrimRight(*base, "/"), events: strings.Split(*events, ","), pid: *pid, perKind: *perKind,
		client: &http.Client{Timeout: 10 * time.Minute}, seen: map[string]bool{}, kinds: map[string]*kindCount{}, perEach: map[string]int{}}
	mem := &memory{pid: *pid, metrics: p.base + "/metrics", client: p.client}
	// An interrupt, or -for, stops the reading: what was read is reported.
	reading, stopReading := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stopReading()
	if *limit > 0 {
		var cancel context.CancelFunc
		reading, cancel = context.WithTimeout(reading, *limit)
		defer cancel()
	}
	ctx, stop := context.WithCancel(context.Background())
	sampled := make(chan struct{})
	go func() {
		mem.sample(ctx)
		close(sampled)
	}()
	start := time.Now()
	p.run(reading, *c, p.documents(roundsOf(*docRounds, *rounds)))
	documents := time.Since(start)
	var pages []string
	for _, e := range p.events {
		pages = append(pages, "/events/"+e, "/events/"+e+"/standings", "/events/"+e+"/crosstable",
			"/api/v1/events/"+e, "/api/v1/events/"+e+"/players", "/api/v1/events/"+e+"/rounds",
			"/api/v1/events/"+e+"/standings", "/api/v1/events/"+e+"/crosstable")
		for r := 1; r <= *rounds; r++ {
			pages = append(pages, fmt.Sprintf("/api/v1/events/%s/rounds/%d", e, r))
		}
	}
	p.run(reading, *c, pages)
	stop()
	if reading.Err() != nil {
		p.stopped = true
	}
	<-sampled
	p.report(os.Stdout, documents, time.Since(start), mem)
	if len(p.failed) > 0 {
		return fmt.Errorf("%d answers failed", len(p.failed))
	}
	return nil
}

// roundsOf reads -doc-rounds: numbers, first, middle, last, or all.
func roundsOf(list string, rounds int) []int {
	var numbers []int
	for name := range strings.SplitSeq(list, ",") {
		switch name {
		case "all":
			for r := 1; r <= rounds; r++ {
				numbers = append(numbers, r)
			}
		case "first":
			numbers = append(numbers, 1)
		case "middle":
			numbers = append(numbers, (rounds+1)/2)
		case "last":
			numbers = append(numbers, rounds)
		default:
			if r, err := strconv.Atoi(name); err == nil {
				numbers = append(numbers, r)
			}
		}
	}
	slices.Sort(numbers)
	return slices.Compact(numbers)
}

// documents are the addresses of every document of the events (those of a
// round for the rounds given), the events in turn, each document's kinds
// one after the other.
func (p *probe) documents(rounds []int) []string {
	var docs []string
	add := func(document string) {
		for _, e := range p.events {
			docs = append(docs, "/api/v1/events/"+e+document)
		}
	}
	add("/games.pdn")
	add("/crosstable.pdf")
	add("/export.trf")
	add("/scoresheets.pdf?count=4")
	for _, f := range []string{"pdf", "csv", "json", "xlsx"} {
		add("/standings." + f)
	}
	for _, r := range rounds {
		add(fmt.Sprintf("/rounds/%d/pairings.pdf", r))
		add(fmt.Sprintf("/rounds/%d/scoresheets.pdf", r))
		for _, f := range []string{"pdf", "csv", "json", "xlsx"} {
			add(fmt.Sprintf("/standings.%s?round=%d", f, r))
		}
	}
	return docs
}

// run reads the addresses and every link of theirs within an event, c at
// a time, until none is left.
func (p *probe) run(ctx context.Context, c int, addresses []string) {
	queue := make(chan string, 1<<20)
	var pending sync.WaitGroup
	enqueue := func(a string) {
		if p.admit(a) {
			pending.Add(1)
			queue <- a
		}
	}
	for _, a := range addresses {
		enqueue(a)
	}
	var workers sync.WaitGroup
	for range c {
		workers.Go(func() {
			for a := range queue {
				if ctx.Err() == nil {
					for _, link := range p.get(ctx, a) {
						enqueue(link)
					}
				}
				pending.Done()
			}
		})
	}
	pending.Wait()
	close(queue)
	workers.Wait()
}

var number = regexp.MustCompile(`[0-9]+`)

// kind is an address with its numbers left out and its query's values:
// /events/N/players/N, /events/N/standings?page=.
func kind(address string) string {
	path, query, _ := strings.Cut(address, "?")
	k := number.ReplaceAllString(path, "N")
	if query != "" {
		var names []string
		for pair := range strings.SplitSeq(query, "&") {
			name, _, _ := strings.Cut(pair, "=")
			names = append(names, name)
		}
		slices.Sort(names)
		k += "?" + strings.Join(names, "&")
	}
	return k
}

// event is the event an address is of: its first number.
func event(address string) string { return number.FindString(address) }

// admit tells whether to read address: within the events, new, and below
// its kind's bound.
func (p *probe) admit(address string) bool {
	e := event(address)
	if !slices.Contains(p.events, e) || !(strings.HasPrefix(address, "/events/"+e) || strings.HasPrefix(address, "/api/v1/events/"+e)) {
		return false
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.seen[address] {
		return false
	}
	key := e + " " + kind(address)
	if p.perKind > 0 && p.perEach[key] >= p.perKind {
		return false
	}
	p.seen[address] = true
	p.perEach[key]++
	return true
}

var href = regexp.MustCompile(`href="(/[^"#]*)"`)

// get reads address whole and returns the links of a page.
func (p *probe) get(ctx context.Context, address string) []string {
	start := time.Now()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, p.base+address, nil)
	if err != nil {
		p.fail(address, err.Error())
		return nil
	}
	resp, err := p.client.Do(req)
	if ctx.Err() != nil {
		return nil // stopped: not a failure of the server
	}
	if err != nil {
		p.fail(address, err.Error())
		return nil
	}
	defer resp.Body.Close()
	page := strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html")
	var body []byte
	var n int64
	if page {
		body, err = io.ReadAll(resp.Body)
		n = int64(len(body))
	} else {
		n, err = io.Copy(io.Discard, resp.Body)
	}
	took := time.Since(start)
	switch {
	case ctx.Err() != nil:
		return nil
	case err != nil:
		p.fail(address, fmt.Sprintf("%d bytes, then %v", n, err))
		return nil
	case resp.StatusCode != http.StatusOK:
		p.fail(address, resp.Status)
		return nil
	}
	p.mu.Lock()
	k := p.kinds[kind(address)]
	if k == nil {
		k = &kindCount{}
		p.kinds[kind(address)] = k
	}
	k.answers++
	k.bytes += n
	k.slowest = max(k.slowest, took)
	p.mu.Unlock()
	var links []string
	for _, m := range href.FindAllSubmatch(body, -1) {
		links = append(links, html.UnescapeString(string(m[1])))
	}
	return links
}

func (p *probe) fail(address, why string) {
	p.mu.Lock()
	p.failed = append(p.failed, address+": "+why)
	p.mu.Unlock()
}

// memory follows the server's memory: /proc/PID/status, and /metrics at
// each new peak of VmRSS.
type memory struct {
	pid     int
	metrics string
	client  *http.Client

	peakRSS  int64 // kB
	atPeak   map[string]float64
	peakTime time.Time
	hwm      int64 // kB, VmHWM as last read
	last     map[string]float64
}

// heldBy are the figures of /metrics that tell what holds the memory.
var heldBy = []string{
	"adiukh_page_cache_bytes",
	"go_memstats_heap_inuse_bytes",
	"go_memstats_heap_idle_bytes",
	"go_memstats_heap_released_bytes",
	"go_memstats_stack_inuse_bytes",
	"go_memstats_sys_bytes",
	"go_memstats_next_gc_bytes",
}

func (m *memory) sample(ctx context.Context) {
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	for {
		rss, hwm, err := status(m.pid)
		if err == nil {
			m.hwm = hwm
			if rss > m.peakRSS {
				m.peakRSS, m.peakTime = rss, time.Now()
				if figures, err := m.read(); err == nil {
					m.atPeak = figures
				}
			}
		}
		select {
		case <-ctx.Done():
			m.last, _ = m.read()
			return
		case <-tick.C:
		}
	}
}

// status reads VmRSS and VmHWM (kB) of process pid.
func status(pid int) (rss, hwm int64, err error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, 0, err
	}
	for line := range strings.Lines(string(b)) {
		name, value, _ := strings.Cut(line, ":")
		kB, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(value), " kB"), 10, 64)
		switch name {
		case "VmRSS":
			rss = kB
		case "VmHWM":
			hwm = kB
		}
	}
	if hwm == 0 {
		return 0, 0, errors.New("no VmHWM in /proc/" + strconv.Itoa(pid) + "/status")
	}
	return rss, hwm, nil
}

// read takes the figures of heldBy from /metrics.
func (m *memory) read() (map[string]float64, error) {
	resp, err := m.client.Get(m.metrics)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	figures := map[string]float64{}
	lines := bufio.NewScanner(resp.Body)
	for lines.Scan() {
		name, value, ok := strings.Cut(lines.Text(), " ")
		if ok && slices.Contains(heldBy, name) {
			figures[name], _ = strconv.ParseFloat(value, 64)
		}
	}
	return figures, lines.Err()
}

func (p *probe) report(w io.Writer, documents, all time.Duration, m *memory) {
	fmt.Fprintf(w, "events %s: documents read in %.0f s, all in %.0f s\n", strings.Join(p.events, ", "), documents.Seconds(), all.Seconds())
	if p.stopped {
		fmt.Fprintln(w, "stopped before every address was read (an interrupt or -for)")
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "%-52s %8s %10s %9s\n", "kind", "answers", "MB", "slowest")
	for _, k := range slices.Sorted(maps.Keys(p.kinds)) {
		c := p.kinds[k]
		fmt.Fprintf(w, "%-52s %8d %10.1f %8.2fs\n", k, c.answers, float64(c.bytes)/1e6, c.slowest.Seconds())
	}
	fmt.Fprintf(w, "\nfailed: %d\n", len(p.failed))
	for i, f := range p.failed {
		if i == 20 {
			fmt.Fprintf(w, "  … and %d more\n", len(p.failed)-20)
			break
		}
		fmt.Fprintln(w, "  "+f)
	}
	fmt.Fprintf(w, "\nserver %d: peak resident (VmHWM) %d MB; VmRSS sampled at most %d MB\n", m.pid, m.hwm/1024, m.peakRSS/1024)
	for _, at := range []struct {
		name    string
		figures map[string]float64
	}{{"at the sampled peak", m.atPeak}, {"at the end", m.last}} {
		f := at.figures
		if f == nil {
			continue
		}
		mb := func(name string) float64 { return f[name] / (1 << 20) }
		fmt.Fprintf(w, "%s: heap in use %.0f MB (of which the page cache %.0f MB), heap idle and not returned %.0f MB, stacks %.0f MB, all from the system %.0f MB, next collection at %.0f MB\n",
			at.name, mb("go_memstats_heap_inuse_bytes"), mb("adiukh_page_cache_bytes"),
			mb("go_memstats_heap_idle_bytes")-mb("go_memstats_heap_released_bytes"), mb("go_memstats_stack_inuse_bytes"),
			mb("go_memstats_sys_bytes"), mb("go_memstats_next_gc_bytes"))
	}
}
