package core

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"runtime/debug"
	"strconv"
	"time"
	"unicode/utf8"

	"github.com/gin-gonic/gin"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"adiukh/internal/connlimit"
	"adiukh/tournament"
)

// DBPools is a database that reports its connection pools by name; the
// store does.
type DBPools interface {
	Pools() map[string]sql.DBStats
}

// metrics are what /metrics exports, on a registry of this router's own.
type metrics struct {
	registry *prometheus.Registry
	requests *prometheus.CounterVec
	duration *prometheus.HistogramVec
}

func newMetrics(d Deps) *metrics {
	m := &metrics{
		registry: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "adiukh_http_requests_total",
			Help: "HTTP requests answered, by method, route pattern and status.",
		}, []string{"method", "route", "status"}),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "adiukh_http_request_duration_seconds",
			Help:    "Time to answer HTTP requests, by method and route pattern.",
			Buckets: []float64{.005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30},
		}, []string{"method", "route"}),
	}
	m.registry.MustRegister(m.requests, m.duration,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	if d.Accounts != nil {
		failures := func(limited bool) func() float64 {
			return func() float64 {
				wrong, refused := d.Accounts.SignInFailures()
				if limited {
					return float64(refused)
				}
				return float64(wrong)
			}
		}
		m.registry.MustRegister(
			prometheus.NewCounterFunc(prometheus.CounterOpts{
				Name: "adiukh_signin_failures_total", Help: "Sign-ins refused for a wrong e-mail or password.",
				ConstLabels: prometheus.Labels{"reason": "wrong"},
			}, failures(false)),
			prometheus.NewCounterFunc(prometheus.CounterOpts{
				Name: "adiukh_signin_failures_total", Help: "Sign-ins refused for a wrong e-mail or password.",
				ConstLabels: prometheus.Labels{"reason": "limited"},
			}, failures(true)),
		)
	}
	if db, ok := d.DB.(DBPools); ok {
		m.registry.MustRegister(newDBPoolCollector(db))
	}
	if d.Connections != nil {
		m.registry.MustRegister(connectionMetrics(d.Connections)...)
	}
	return m
}

// connectionMetrics export what the listener bounding the connections
// holds and refused: refusals rising mean an address at its cap (a flood,
// or a club's NAT to raise it for) or a server at its total.
func connectionMetrics(stats func() connlimit.Stats) []prometheus.Collector {
	refused := func(why string, count func(connlimit.Stats) int64) prometheus.Collector {
		return prometheus.NewCounterFunc(prometheus.CounterOpts{
			Name: "adiukh_connections_refused_total", Help: "Connections closed as soon as accepted: their address held its cap, or the server its total with none idle.",
			ConstLabels: prometheus.Labels{"why": why},
		}, func() float64 { return float64(count(stats())) })
	}
	return []prometheus.Collector{
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "adiukh_connections_open", Help: "Client connections held open.",
		}, func() float64 { return float64(stats().Open) }),
		refused("address", func(s connlimit.Stats) int64 { return s.RefusedAddress }),
		refused("total", func(s connlimit.Stats) int64 { return s.RefusedTotal }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{
			Name: "adiukh_connections_closed_idle_total", Help: "Connections waiting for a request closed early, to make room or as the server filled up.",
		}, func() float64 { return float64(stats().ClosedIdle) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{
			Name: "adiukh_connections_closed_slow_total", Help: "Connections closed while a request body came: an address's bodies below the least rate, to make room, or a body that sent nothing for too long.",
		}, func() float64 { return float64(stats().ClosedSlow) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "adiukh_connections_by_account", Help: "Client connections counted by their signed-in account rather than their address.",
		}, func() float64 { return float64(stats().ByAccount) }),
	}
}

// dbPoolCollector exports the database's connection pools, each by the
// label pool.
type dbPoolCollector struct {
	db                                 DBPools
	open, inUse, idle, waits, waitTime *prometheus.Desc
}

func newDBPoolCollector(db DBPools) *dbPoolCollector {
	d := func(name, help string) *prometheus.Desc {
		return prometheus.NewDesc("adiukh_db_"+name, help, []string{"pool"}, nil)
	}
	return &dbPoolCollector{
		db:       db,
		open:     d("connections_open", "Open database connections."),
		inUse:    d("connections_in_use", "Database connections in use."),
		idle:     d("connections_idle", "Idle database connections."),
		waits:    d("waits_total", "Times a request waited for a database connection."),
		waitTime: d("wait_seconds_total", "Time requests waited for a database connection."),
	}
}

func (c *dbPoolCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{c.open, c.inUse, c.idle, c.waits, c.waitTime} {
		ch <- d
	}
}

func (c *dbPoolCollector) Collect(ch chan<- prometheus.Metric) {
	for pool, s := range c.db.Pools() {
		ch <- prometheus.MustNewConstMetric(c.open, prometheus.GaugeValue, float64(s.OpenConnections), pool)
		ch <- prometheus.MustNewConstMetric(c.inUse, prometheus.GaugeValue, float64(s.InUse), pool)
		ch <- prometheus.MustNewConstMetric(c.idle, prometheus.GaugeValue, float64(s.Idle), pool)
		ch <- prometheus.MustNewConstMetric(c.waits, prometheus.CounterValue, float64(s.WaitCount), pool)
		ch <- prometheus.MustNewConstMetric(c.waitTime, prometheus.CounterValue, s.WaitDuration.Seconds(), pool)
	}
}

// observe logs every request once it is answered (method, route pattern,
// path, status, duration, signed-in user) and counts it for /metrics.
func (h *Server) observe(c *gin.Context) {
	start := time.Now()
	c.Next()
	// The route is a registered pattern, never the path, and the method one
	// of a closed set: nothing a client sends can add a label to /metrics.
	route := c.FullPath()
	if route == "" {
		route = "unmatched"
	}
	method := methodLabel(c.Request.Method)
	elapsed := time.Since(start)
	status := c.Writer.Status()
	h.metrics.requests.WithLabelValues(method, route, statusLabel(status)).Inc()
	h.metrics.duration.WithLabelValues(method, route).Observe(elapsed.Seconds())
	var user string
	if u := tournament.UserFromContext(c.Request.Context()); u != nil {
		user = u.Email
	}
	h.Log.LogAttrs(c.Request.Context(), levelOf(status), "request",
		slog.String("method", clip(c.Request.Method)), slog.String("route", route), slog.String("path", clip(c.Request.URL.Path)),
		slog.Int("status", status), slog.Duration("duration", elapsed), slog.String("user", user),
		slog.String("client", c.ClientIP()), slog.Int("bytes", c.Writer.Size()))
}

// statusLabels are the labels of the statuses an answer can have, made
// once rather than per request.
var statusLabels = func() []string {
	labels := make([]string, 600)
	for i := range labels {
		labels[i] = strconv.Itoa(i)
	}
	return labels
}()

func statusLabel(status int) string {
	if status >= 0 && status < len(statusLabels) {
		return statusLabels[status]
	}
	return strconv.Itoa(status)
}

// knownMethods are the methods a metric label names; any other is "other".
var knownMethods = map[string]bool{
	http.MethodGet: true, http.MethodHead: true, http.MethodPost: true, http.MethodPut: true,
	http.MethodPatch: true, http.MethodDelete: true, http.MethodOptions: true,
}

func methodLabel(method string) string {
	if knownMethods[method] {
		return method
	}
	return "other"
}

// maxLoggedText bounds what the log keeps of a request's own text (its
// method, its path): enough to see what was asked, not a megabyte per line.
const maxLoggedText = 256

// clip shortens s to maxLoggedText bytes, cut at a character boundary.
func clip(s string) string {
	if len(s) <= maxLoggedText {
		return s
	}
	cut := maxLoggedText
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

// recoverPanic turns a panic in a handler into a logged 500: the stack goes
// to the structured log, the client gets a bare internal error.
func (h *Server) recoverPanic(c *gin.Context) {
	defer func() {
		r := recover()
		if r == nil {
			return
		}
		if err, ok := r.(error); ok && errors.Is(err, http.ErrAbortHandler) {
			panic(r)
		}
		h.Log.Error("panic", "method", c.Request.Method, "path", c.Request.URL.Path, "panic", fmt.Sprint(r), "stack", string(debug.Stack()))
		if c.Writer.Written() {
			c.Abort()
			return
		}
		h.Fail(c, fmt.Errorf("panic: %v", r))
	}()
	c.Next()
}

// noSniff stops browsers from guessing a type other than the one sent, on
// every answer: JSON, PDF, CSV and pages alike.
func noSniff(c *gin.Context) {
	c.Writer.Header()["X-Content-Type-Options"] = nosniff // shared, set without copying, as Header.Set would name it
	c.Next()
}

var nosniff = []string{"nosniff"}

// RoutesOps registers the health checks and the metrics. /healthz says the
// process answers; /readyz also asks the database, so that a load balancer
// sends no requests to an instance that cannot reach it, or whose database
// refuses writes (a full disk): the store's Ping tries a write then, and
// /readyz is ready again by itself once one commits.
func (h *Server) RoutesOps(r *gin.Engine) {
	r.GET("/healthz", func(c *gin.Context) {
		c.JSON(http.StatusOK, gin.H{"status": "ok"})
	})
	r.GET("/readyz", func(c *gin.Context) {
		ctx, cancel := context.WithTimeout(c.Request.Context(), 2*time.Second)
		defer cancel()
		if err := h.DB.Ping(ctx); err != nil {
			status := "database unavailable"
			if tournament.ErrorCode(err) == tournament.EUNAVAILABLE {
				status = "database refuses writes"
			}
			h.Log.Warn("readiness check: "+status, "err", err)
			c.JSON(http.StatusServiceUnavailable, gin.H{"status": status})
			return
		}
		c.JSON(http.StatusOK, gin.H{"status": "ok"})
	})
	metricsHandler := promhttp.HandlerFor(h.metrics.registry, promhttp.HandlerOpts{})
	r.GET("/metrics", func(c *gin.Context) { metricsHandler.ServeHTTP(c.Writer, c.Request) })
}

// levelOf is the log level of an answer: server errors stand out.
func levelOf(status int) slog.Level {
	if status >= 500 {
		return slog.LevelError
	}
	return slog.LevelInfo
}
