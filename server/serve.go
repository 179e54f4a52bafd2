package server

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"time"
)

// The timeouts of the http.Server that [Serve] runs.
const (
	// ReadHeaderTimeout bounds reading a request's headers (slow clients).
	ReadHeaderTimeout = 5 * time.Second
	// ReadTimeout bounds reading a whole request, body included.
	ReadTimeout = 30 * time.Second
	// WriteTimeout bounds a request from the end of its headers to the end
	// of its answer: a pre-call check or a feed read probes servers, each
	// call at most six seconds.
	WriteTimeout = 2 * time.Minute
	// IdleTimeout bounds a kept-alive connection between requests.
	IdleTimeout = 2 * time.Minute
	// RequestTimeout ends a request's context, so that a handler still
	// probing stops and answers before WriteTimeout closes the connection.
	RequestTimeout = WriteTimeout - 10*time.Second
	// ShutdownTimeout bounds the wait for in-flight requests once Serve's
	// context ends.
	ShutdownTimeout = WriteTimeout + 5*time.Second
	// MaxHeaderBytes caps a request's headers.
	MaxHeaderBytes = 64 << 10
)

// Serve answers HTTP on ln with h, under the timeouts above (each
// request's context ending after RequestTimeout), until ctx
// ends; then it stops accepting connections, waits for the requests in
// flight to finish (at most ShutdownTimeout) and returns nil. Any other
// end is the server's error. For a handler New returned it also runs
// [Background] (the background refresh of Config.Refresh) until then,
// and waits for it to stop.
func Serve(ctx context.Context, ln net.Listener, h http.Handler, log *slog.Logger) error {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	bctx, stopBackground := context.WithCancel(ctx)
	background := make(chan error, 1)
	go func() { background <- Background(bctx, h) }()
	defer func() {
		stopBackground()
		if err := <-background; err != nil && !errors.Is(err, ErrNotOurs) {
			log.Error("background work", "error", err.Error())
		}
	}()
	srv := &http.Server{
		Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			ctx, cancel := context.WithTimeout(r.Context(), RequestTimeout)
			defer cancel()
			h.ServeHTTP(w, r.WithContext(ctx))
		}),
		ReadHeaderTimeout: ReadHeaderTimeout,
		ReadTimeout:       ReadTimeout,
		WriteTimeout:      WriteTimeout,
		IdleTimeout:       IdleTimeout,
		MaxHeaderBytes:    MaxHeaderBytes,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down: finishing requests in flight")
	sctx, cancel := context.WithTimeout(context.Background(), ShutdownTimeout)
	defer cancel()
	err := srv.Shutdown(sctx)
	if serr := <-done; !errors.Is(serr, http.ErrServerClosed) && err == nil {
		err = serr
	}
	return err
}
