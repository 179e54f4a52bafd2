package guard

import (
	"fmt"
	"net/netip"
	"strings"
)

// Reason is one class of refusal. Each reason is an exported sentinel, so
// that errors.Is(err, guard.ErrPrivate) tests it; its ID names it in
// vectors/precall/urls.json.
type Reason struct {
	id, text string
}

// Error returns the reason's message, prefixed by the package.
func (r *Reason) Error() string { return "guard: " + r.text }

// ID returns the reason's stable name ("private", "loopback", …).
func (r *Reason) ID() string { return r.id }

// The refusal reasons. Every refusal the guard makes wraps exactly one.
var (
	// ErrURL: the URL is missing or malformed (no host, a host no resolver
	// reads the same way twice, credentials in it, a redirect's Location
	// that does not parse).
	ErrURL = &Reason{"malformed_url", "missing or malformed url"}
	// ErrScheme: a scheme other than https, or http for a host that is not
	// loopback by its spelling (§9: http only for a loopback address).
	ErrScheme = &Reason{"scheme", "scheme not allowed (https only; http only for loopback)"}
	// ErrLoopback: a loopback address or name (see the package doc) where
	// the policy refuses loopback, or on a redirect hop from an origin
	// that was not loopback.
	ErrLoopback = &Reason{"loopback", "loopback address"}
	// ErrPrivate: private-use addresses (RFC 1918, unique local fc00::/7,
	// site-local fec0::/10) and names that only a private network resolves
	// (single-label names, .internal, .home.arpa, …).
	ErrPrivate = &Reason{"private", "private address"}
	// ErrLinkLocal: 169.254.0.0/16 and fe80::/10 (where cloud metadata
	// services answer), and .local names (multicast DNS).
	ErrLinkLocal = &Reason{"link_local", "link-local address"}
	// ErrShared: the shared address space 100.64.0.0/10 (carrier NAT).
	ErrShared = &Reason{"shared", "shared address space"}
	// ErrDocumentation: 192.0.2.0/24, 198.51.100.0/24, 203.0.113.0/24,
	// 2001:db8::/32, 3fff::/20, and the .example names.
	ErrDocumentation = &Reason{"documentation", "documentation address"}
	// ErrMulticast: 224.0.0.0/4 and ff00::/8.
	ErrMulticast = &Reason{"multicast", "multicast address"}
	// ErrUnspecified: 0.0.0.0/8 and ::.
	ErrUnspecified = &Reason{"unspecified", "unspecified address"}
	// ErrReserved: every other special-purpose address of the IANA
	// registries, IPv6 outside global unicast, 6to4 and Teredo, and the
	// special-use names .test, .invalid, .onion, .alt and .arpa.
	ErrReserved = &Reason{"reserved", "reserved address"}
	// ErrRedirects: a sixth redirect (§9: at most five hops).
	ErrRedirects = &Reason{"too_many_redirects", "more than five redirects"}
)

// Reasons lists every reason, for harnesses that map vector IDs to
// sentinels.
var Reasons = []*Reason{ErrURL, ErrScheme, ErrLoopback, ErrPrivate, ErrLinkLocal, ErrShared,
	ErrDocumentation, ErrMulticast, ErrUnspecified, ErrReserved, ErrRedirects}

// RefusedError is a refusal: nothing was dialed for the URL it names. A
// server answers it with 422 (§9). It wraps its Reason.
type RefusedError struct {
	// URL is the URL refused: the asked URL, or the redirect hop's.
	URL string
	// Hop is 0 for the asked URL, n for the URL the nth redirect named.
	Hop int
	// Addr is the refused address, when an address was the cause.
	Addr netip.Addr
	// Reason is the class of the refusal.
	Reason *Reason
	// Detail says more, for people (it is not a stable string).
	Detail string
	// Redirects is the chain followed before the refusal.
	Redirects []Redirect
}

// Error describes the refusal for people: the URL, the reason, the
// address and the hop.
func (e *RefusedError) Error() string {
	var b strings.Builder
	b.WriteString("guard: refused ")
	if e.URL != "" {
		fmt.Fprintf(&b, "%q: ", e.URL)
	}
	b.WriteString(e.Reason.text)
	if e.Addr.IsValid() {
		b.WriteString(" " + e.Addr.String())
	}
	if e.Detail != "" {
		b.WriteString(" (" + e.Detail + ")")
	}
	if e.Hop > 0 {
		fmt.Fprintf(&b, " at redirect %d", e.Hop)
	}
	return b.String()
}

// Unwrap returns the reason sentinel.
func (e *RefusedError) Unwrap() error { return e.Reason }

// Redirect is one hop of a redirect chain: From answered Status with a
// Location that resolves to To.
type Redirect struct {
	From   string `json:"from"`
	To     string `json:"to"`
	Status int    `json:"status"`
}
