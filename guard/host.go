package guard

import (
	"errors"
	"net"
	"net/netip"
	"strings"

	"golang.org/x/net/idna"
)

// Host is a URL's host as a resolver reads it: an address (written in any
// spelling a resolver accepts) or a name.
type Host struct {
	// Addr is the address, when the host is an address literal; the zero
	// Addr for a name.
	Addr netip.Addr
	// Name is the name in lowercase ASCII (IDNA applied) without a
	// trailing dot; empty for an address.
	Name string
}

// Bounds of a name (RFC 1035).
const (
	maxName  = 253
	maxLabel = 63
)

// errHost is the detail of a host that no resolver reads one way.
var errHost = errors.New("not a host name or address")

// ParseHost reads a host the way a resolver and a URL parser do (the
// WHATWG URL host parser, and inet_aton for IPv4):
//
//   - an IPv6 address, in brackets or not (a zone is refused);
//   - an IPv4 address in any spelling: dotted decimal, octal (0177.0.0.1),
//     hexadecimal (0x7f.0.0.1, 0x7f000001), one to four parts
//     (127.1, 127.0.1, 2130706433), any mix of these, with or without one
//     trailing dot — whenever the last label is a number the whole host
//     must be such an address, otherwise it is malformed;
//   - a name: non-ASCII names are mapped to ASCII by IDNA's lookup profile,
//     as net/http does (so "ⓛocalhost" is "localhost" and fullwidth digits
//     are digits); lowercased; one trailing dot dropped; labels of letters,
//     digits, hyphens and underscores, at most 63 bytes, at most 253 in all.
//
// A malformed host is an error wrapping ErrURL.
func ParseHost(s string) (Host, error) {
	if strings.HasPrefix(s, "[") {
		if !strings.HasSuffix(s, "]") {
			return Host{}, refuse(ErrURL, "unclosed bracket")
		}
		a, err := netip.ParseAddr(s[1 : len(s)-1])
		if err != nil || !a.Is6() {
			return Host{}, refuse(ErrURL, "not an IPv6 address in brackets")
		}
		return addrHost(a)
	}
	if strings.Contains(s, ":") {
		a, err := netip.ParseAddr(s)
		if err != nil || !a.Is6() {
			return Host{}, refuse(ErrURL, errHost.Error())
		}
		return addrHost(a)
	}
	if !isASCII(s) {
		ascii, err := idna.Lookup.ToASCII(s)
		if err != nil {
			return Host{}, refuse(ErrURL, "not a valid internationalized name")
		}
		s = ascii
	}
	s = strings.ToLower(s)
	s = strings.TrimSuffix(s, ".")
	if s == "" || len(s) > maxName {
		return Host{}, refuse(ErrURL, errHost.Error())
	}
	labels := strings.Split(s, ".")
	if isNumber(labels[len(labels)-1]) {
		a, ok := parseIPv4(labels)
		if !ok {
			return Host{}, refuse(ErrURL, "ends in a number but is not an IPv4 address")
		}
		return Host{Addr: a}, nil
	}
	for _, l := range labels {
		if l == "" || len(l) > maxLabel {
			return Host{}, refuse(ErrURL, errHost.Error())
		}
		for i := 0; i < len(l); i++ {
			c := l[i]
			if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
				return Host{}, refuse(ErrURL, errHost.Error())
			}
		}
	}
	return Host{Name: s}, nil
}

func addrHost(a netip.Addr) (Host, error) {
	if a.Zone() != "" {
		return Host{}, refuse(ErrURL, "an address with a zone names an interface of this host")
	}
	return Host{Addr: a}, nil
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// isNumber is the WHATWG "ends in a number" test of one label: decimal
// digits, or 0x followed by hexadecimal digits (none is zero).
func isNumber(l string) bool {
	if l == "" {
		return false
	}
	if len(l) >= 2 && l[0] == '0' && (l[1] == 'x' || l[1] == 'X') {
		for i := 2; i < len(l); i++ {
			if !isHex(l[i]) {
				return false
			}
		}
		return true
	}
	for i := 0; i < len(l); i++ {
		if l[i] < '0' || l[i] > '9' {
			return false
		}
	}
	return true
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// parseIPv4 reads one to four numeric parts as inet_aton and the WHATWG
// IPv4 parser do: each part decimal, octal (a leading 0) or hexadecimal
// (0x); every part but the last one byte; the last part fills the bytes
// that remain.
func parseIPv4(labels []string) (netip.Addr, bool) {
	if len(labels) > 4 {
		return netip.Addr{}, false
	}
	var parts [4]uint64
	for i, l := range labels {
		v, ok := parseIPv4Part(l)
		if !ok {
			return netip.Addr{}, false
		}
		parts[i] = v
	}
	n := len(labels)
	for i := 0; i < n-1; i++ {
		if parts[i] > 255 {
			return netip.Addr{}, false
		}
	}
	last := parts[n-1]
	if last >= 1<<(8*(5-n)) {
		return netip.Addr{}, false
	}
	var v uint64
	for i := 0; i < n-1; i++ {
		v |= parts[i] << (8 * (3 - i))
	}
	v |= last
	return netip.AddrFrom4([4]byte{byte(v >> 24), byte(v >> 16), byte(v >> 8), byte(v)}), true
}

// parseIPv4Part reads one part, refusing values past 2^32 early so that a
// long run of digits cannot overflow.
func parseIPv4Part(l string) (uint64, bool) {
	base, digits := uint64(10), l
	switch {
	case len(l) >= 2 && l[0] == '0' && (l[1] == 'x' || l[1] == 'X'):
		base, digits = 16, l[2:]
	case len(l) >= 2 && l[0] == '0':
		base, digits = 8, l[1:]
	case l == "":
		return 0, false
	}
	var v uint64
	for i := 0; i < len(digits); i++ {
		c := digits[i]
		var d uint64
		switch {
		case c >= '0' && c <= '9':
			d = uint64(c - '0')
		case c >= 'a' && c <= 'f':
			d = uint64(c-'a') + 10
		case c >= 'A' && c <= 'F':
			d = uint64(c-'A') + 10
		default:
			return 0, false
		}
		if d >= base {
			return 0, false
		}
		v = v*base + d
		if v > 1<<32 {
			return 0, false
		}
	}
	return v, true
}

// Special-use names (RFC 6761, RFC 6762, RFC 7686, RFC 8375, RFC 9476,
// ICANN's .internal of 2024, and the names ICANN will not delegate after
// its name-collision study: corp, home, mail; lan is in wide use for home
// networks). A name under one of them never names a public server.
var nameSuffixes = []struct {
	suffix string
	r      *Reason
}{
	{"localhost", ErrLoopback},
	{"local", ErrLinkLocal},
	{"internal", ErrPrivate},
	{"home.arpa", ErrPrivate},
	{"corp", ErrPrivate},
	{"home", ErrPrivate},
	{"mail", ErrPrivate},
	{"lan", ErrPrivate},
	{"example", ErrDocumentation},
	{"test", ErrReserved},
	{"invalid", ErrReserved},
	{"onion", ErrReserved},
	{"alt", ErrReserved},
	{"arpa", ErrReserved},
}

// Names of cloud metadata services: link-local addresses under names.
var metadataNames = map[string]bool{
	"metadata.google.internal":   true,
	"metadata.goog":              true,
	"instance-data.ec2.internal": true,
}

// classifyName says why a name is refused before it is resolved: nil when
// it must be resolved to know.
func classifyName(name string) *Reason {
	// A Host built by hand may keep a trailing dot or capitals.
	name = strings.ToLower(strings.TrimSuffix(name, "."))
	if metadataNames[name] {
		return ErrLinkLocal
	}
	for _, s := range nameSuffixes {
		if name == s.suffix || strings.HasSuffix(name, "."+s.suffix) {
			return s.r
		}
	}
	if !strings.Contains(name, ".") {
		// A single label is completed by the host's search domains: it
		// names something on the network the resolver sits in.
		return ErrPrivate
	}
	return nil
}

// IsLoopback reports whether the host is loopback by its spelling: a
// loopback address (see [IsLoopback]), or localhost and names under
// .localhost (RFC 6761).
func (h Host) IsLoopback() bool {
	if h.Addr.IsValid() {
		return IsLoopback(h.Addr)
	}
	n := strings.ToLower(strings.TrimSuffix(h.Name, "."))
	return n == "localhost" || strings.HasSuffix(n, ".localhost")
}

// Classify says why the host is refused without resolving it: nil when
// it may be dialed, or (for a name) when only resolving it can tell;
// otherwise a reason sentinel, ErrLoopback for loopback whatever a
// policy says of it.
func (h Host) Classify() error {
	var r *Reason
	if h.Addr.IsValid() {
		r = classify(h.Addr)
	} else {
		r = classifyName(h.Name)
	}
	if r == nil {
		return nil
	}
	return r
}

// String writes the host as a URL would carry it.
func (h Host) String() string {
	if h.Addr.IsValid() {
		if h.Addr.Is6() {
			return "[" + h.Addr.String() + "]"
		}
		return h.Addr.String()
	}
	return h.Name
}

// CheckHost classifies a host found in text — "10.0.0.1", "0x7f.1",
// "[::1]:8080", "metadata.google.internal" — without resolving or dialing
// anything, loopback refused: nil when nothing in its spelling refuses
// it, else a *RefusedError wrapping one reason (ErrURL when it is no
// host at all). A port, if any, is ignored.
func CheckHost(s string) error {
	host := s
	if h, _, err := net.SplitHostPort(s); err == nil {
		host = h
		if strings.Contains(h, ":") {
			host = "[" + h + "]"
		}
	}
	h, err := ParseHost(host)
	if err != nil {
		return err
	}
	if err := h.Classify(); err != nil {
		return &RefusedError{Reason: err.(*Reason), Addr: h.Addr, Detail: "host " + h.String()}
	}
	return nil
}

func refuse(r *Reason, detail string) *RefusedError {
	return &RefusedError{Reason: r, Detail: detail}
}
