package guard

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"time"
)

// transport checks each request's URL, follows redirects by hand (§9) and
// caps the answer's body.
type transport struct {
	g     *Guard
	inner http.RoundTripper
}

func (t *transport) RoundTrip(req *http.Request) (*http.Response, error) {
	origin, rerr := checkURL(req.URL.String(), t.g.Policy)
	if rerr != nil {
		rerr.URL = req.URL.String()
		closeBody(req)
		return nil, rerr
	}
	// §9 and issue 21: a hop may reach loopback only when the URL first
	// asked was loopback itself, and the policy allows loopback.
	hopPolicy := Policy{AllowLoopback: t.g.Policy.AllowLoopback && origin.Host.IsLoopback()}
	// The timeout runs until the answering response's headers, over every
	// hop; the body is then the caller's to bound (and cancel releases the
	// context when it is closed).
	ctx, cancel := context.WithCancel(req.Context())
	timer := time.AfterFunc(t.g.timeout(), cancel)
	stop := func() { timer.Stop(); cancel() }
	var hops []Redirect
	cur := req.WithContext(ctx)
	for hop := 0; ; hop++ {
		p := t.g.Policy
		if hop > 0 {
			p = hopPolicy
		}
		resp, err := t.inner.RoundTrip(cur.WithContext(withPolicy(ctx, p)))
		if err != nil {
			stop()
			var re *RefusedError
			if errors.As(err, &re) {
				re.URL, re.Hop, re.Redirects = cur.URL.String(), hop, hops
				return nil, re
			}
			if tr, ok := req.Context().Value(traceKey{}).(*Trace); ok && len(hops) > 0 {
				tr.record(hops, "") // redirected, then landed nowhere
			}
			return nil, err
		}
		loc := resp.Header.Get("Location")
		if !isRedirect(resp.StatusCode) || loc == "" {
			if tr, ok := req.Context().Value(traceKey{}).(*Trace); ok {
				tr.record(hops, cur.URL.String())
			}
			if !timer.Stop() {
				resp.Body.Close()
				cancel()
				return nil, fmt.Errorf("guard: no response within %v", t.g.timeout())
			}
			resp.Body = &capped{r: resp.Body, n: t.g.maxBody(), max: t.g.maxBody(), done: cancel}
			if resp.ContentLength > t.g.maxBody() {
				resp.Body.Close()
				return nil, fmt.Errorf("%w: content length %d over %d", ErrTooLarge, resp.ContentLength, t.g.maxBody())
			}
			return resp, nil
		}
		_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
		resp.Body.Close()
		fail := func(err error) (*http.Response, error) { stop(); return nil, err }
		next, err := cur.URL.Parse(loc)
		if err != nil {
			return fail(&RefusedError{URL: loc, Hop: hop + 1, Reason: ErrURL, Detail: "a Location that does not parse", Redirects: hops})
		}
		hops = append(hops, Redirect{From: cur.URL.String(), To: next.String(), Status: resp.StatusCode})
		if hop == MaxRedirects {
			return fail(&RefusedError{URL: next.String(), Hop: hop + 1, Reason: ErrRedirects, Redirects: hops})
		}
		tgt, rerr := checkURL(next.String(), hopPolicy)
		if rerr != nil {
			rerr.URL, rerr.Hop, rerr.Redirects = next.String(), hop+1, hops
			return fail(rerr)
		}
		// The hop's name is resolved and checked before it is sent: a
		// pooled connection (opened for an earlier request under the
		// origin's policy) is never dialed again, so the dial-time check
		// alone would not see it.
		if _, err := t.g.resolve(ctx, tgt.Host, hopPolicy); err != nil {
			var re *RefusedError
			if errors.As(err, &re) {
				re.URL, re.Hop, re.Redirects = next.String(), hop+1, hops
				return fail(re)
			}
			// Redirected to a name that does not resolve: the chain is
			// kept, as for a hop that could not be reached.
			if tr, ok := req.Context().Value(traceKey{}).(*Trace); ok {
				tr.record(hops, "")
			}
			return fail(err)
		}
		nreq, err := redirected(cur, next, resp.StatusCode)
		if err != nil {
			return fail(err)
		}
		cur = nreq
	}
}

func isRedirect(code int) bool {
	switch code {
	case http.StatusMovedPermanently, http.StatusFound, http.StatusSeeOther,
		http.StatusTemporaryRedirect, http.StatusPermanentRedirect:
		return true
	}
	return false
}

// redirected builds the request for the next hop as net/http's client
// does: 307 and 308 repeat the method and body, the others turn into GET
// (HEAD stays HEAD); credentials are not sent to another host.
func redirected(prev *http.Request, next *url.URL, code int) (*http.Request, error) {
	method, body := prev.Method, prev.GetBody
	if code != http.StatusTemporaryRedirect && code != http.StatusPermanentRedirect {
		if method != http.MethodHead {
			method = http.MethodGet
		}
		body = nil
	}
	var rc io.ReadCloser
	if body != nil {
		var err error
		if rc, err = body(); err != nil {
			return nil, fmt.Errorf("guard: replaying the request body: %w", err)
		}
	} else if method == prev.Method && prev.Body != nil && prev.Body != http.NoBody {
		return nil, errors.New("guard: a redirect asks for the request body again, and it cannot be replayed")
	}
	r, err := http.NewRequestWithContext(prev.Context(), method, next.String(), rc)
	if err != nil {
		return nil, &RefusedError{URL: next.String(), Reason: ErrURL, Detail: err.Error()}
	}
	if rc != nil {
		r.GetBody, r.ContentLength = prev.GetBody, prev.ContentLength
	}
	r.Header = prev.Header.Clone()
	if next.Host != prev.URL.Host {
		for _, k := range []string{"Authorization", "Proxy-Authorization", "Www-Authenticate", "Cookie", "Cookie2"} {
			r.Header.Del(k)
		}
	}
	if rc == nil {
		r.Header.Del("Content-Type")
		r.Header.Del("Content-Length")
	}
	return r, nil
}

func closeBody(r *http.Request) {
	if r.Body != nil {
		r.Body.Close()
	}
}

// capped fails a read past max bytes with ErrTooLarge.
type capped struct {
	r      io.ReadCloser
	n, max int64
	done   func() // called on Close
}

func (c *capped) Read(p []byte) (int, error) {
	if c.n <= 0 {
		// One byte more tells a body of exactly max bytes from a longer one.
		var one [1]byte
		n, err := c.r.Read(one[:])
		if n > 0 {
			return 0, fmt.Errorf("%w: over %d bytes", ErrTooLarge, c.max)
		}
		return 0, err
	}
	if int64(len(p)) > c.n {
		p = p[:c.n]
	}
	n, err := c.r.Read(p)
	c.n -= int64(n)
	return n, err
}

func (c *capped) Close() error {
	err := c.r.Close()
	if c.done != nil {
		c.done()
	}
	return err
}

// CloseIdleConnections closes the pooled connections (http.Client's
// method of the same name calls it).
func (t *transport) CloseIdleConnections() {
	if c, ok := t.inner.(interface{ CloseIdleConnections() }); ok {
		c.CloseIdleConnections()
	}
}
