package server

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/plainsight/plainsight/precall"
	"github.com/prometheus/client_golang/prometheus"
)

// RefreshConfig configures the background refresh of the registry
// (Config.Refresh; issue 33, item 4; plainsight serve --refresh-every).
type RefreshConfig struct {
	// Every makes a registered server whose last check is older than it
	// due for a refresh, run in the background by [Background]. Zero, the
	// default, means no background refresh: a server is checked when a
	// pre-call check asks about it or a feed read re-checks it (§11: at
	// most three a read, older than six hours).
	Every time.Duration
	// Workers bounds the refreshes this instance has in flight; 0 means
	// precall.DefaultRefreshWorkers (8).
	Workers int
	// PerHost bounds those probing one upstream host (host:port); 0 means
	// precall.DefaultRefreshPerHost (2).
	PerHost int
	// Poll is the pause between rounds; 0 means
	// precall.DefaultRefreshPoll (a minute), at most Every.
	Poll time.Duration
}

// ErrNotOurs: Background was given a handler New did not return.
var ErrNotOurs = errors.New("server: not a handler New returned")

// Background runs the background work of h, a handler [New] returned,
// until ctx ends, and returns nil then: the registry's refresh when
// Config.Refresh.Every is set (precall.Refresher: each due server
// refreshed by one instance of those sharing the database, once a round,
// within Workers and PerHost), nothing otherwise. [Serve] runs it for the
// handler it serves; a host that mounts h in its own server runs it
// itself. Each round that checked something is logged with its counts
// (never a URL); a store error of a round is logged and the next round
// runs a Poll later. ErrNotOurs for another handler; precall.ErrNoStore when
// Every is set without a Store.
func Background(ctx context.Context, h http.Handler) error {
	o, ok := h.(*ops)
	if !ok {
		return ErrNotOurs
	}
	f := o.refresher
	if f == nil {
		return nil
	}
	log := o.next.log
	log.Info("background refresh on", "every", f.Every.String(), "workers", f.Workers, "per_host", f.PerHost)
	err := f.Run(ctx, func(st precall.RoundStats, err error) {
		if err != nil {
			log.Error("background refresh", "refreshed", st.Refreshed, "failed", st.Failed, "error", err.Error())
		} else if st.Refreshed+st.Failed > 0 {
			log.Info("background refresh", "refreshed", st.Refreshed, "failed", st.Failed)
		}
	})
	if errors.Is(err, ctx.Err()) {
		return nil
	}
	return err
}

// newRefresher is the Refresher of c over checker, counted in o's
// metrics; nil when c has no Refresh.Every.
func (o *ops) newRefresher(c Config, checker *precall.Checker) *precall.Refresher {
	if c.Refresh.Every <= 0 {
		return nil
	}
	f := &precall.Refresher{Checker: checker, Every: c.Refresh.Every, Workers: c.Refresh.Workers, PerHost: c.Refresh.PerHost, Poll: c.Refresh.Poll}
	if f.Workers <= 0 {
		f.Workers = precall.DefaultRefreshWorkers
	}
	if f.PerHost <= 0 {
		f.PerHost = precall.DefaultRefreshPerHost
	}
	f.Started = func(string) { o.jobsInFlight.Inc() }
	f.Done = func(_ string, _ *precall.Refresh, err error) {
		o.jobsInFlight.Dec()
		if err != nil {
			o.jobs.WithLabelValues("failed").Inc()
			return
		}
		o.jobs.WithLabelValues("done").Inc()
		o.refreshes.WithLabelValues("background").Inc()
	}
	return f
}

// refreshMetrics are the background refresh's collectors, registered
// whether it runs or not (a rate reads zero, not absent).
func refreshMetrics() (*prometheus.CounterVec, prometheus.Gauge) {
	jobs := prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "plainsight_refresh_jobs_total",
		Help: "Background refreshes of registered servers (serve --refresh-every) by outcome: done (unchanged, changed or unreachable) or failed (an error of the store or the context).",
	}, []string{"outcome"})
	jobs.WithLabelValues("done")
	jobs.WithLabelValues("failed")
	return jobs, prometheus.NewGauge(prometheus.GaugeOpts{
		Name: "plainsight_refresh_jobs_in_flight",
		Help: "Background refreshes of registered servers this instance is running.",
	})
}
