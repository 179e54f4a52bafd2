// Package urllist reads the operator's list of known-bad hosts for the
// known_bad_url class of Agent-Shield (§3.2): a [List] parsed from a list
// file ([Parse], [Load]), which a shield.Scanner is configured with
// (shield.Options.URLs), and the shipped list, [Default]: published test
// URLs and out-of-band sinks, each entry with the page that publishes it
// (issue 27). An operator's list is the operator's, with the operator's
// sources; no list is truth.
//
// It was part of package shield until issue 32; the format, the matching
// and the error messages (still prefixed "shield:", as the commands print
// them) are unchanged.
//
// # Bounds
//
// A line is at most [MaxLine] bytes and a list at most [MaxEntries]
// entries; reading is one pass over the lines, each host read as a URL
// parser reads it. [List.Match] is at most two map look-ups and one in the
// Public Suffix List (for the shipped list, at most eight map look-ups).
//
// # What it does not claim
//
// A host on the list is one the operator distrusts, not one proven
// malicious; a host not on it is not thereby safe. Matching is by host
// and registrable domain (the shipped list: by domain and every name
// under it): no path, no query, and no resolution of a name to its
// addresses. The shipped list names public services whose owners publish
// them as test pages or interaction catchers; a self-hosted collaborator
// or request bin on the attacker's own domain is not on it.
package urllist

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net/netip"
	"os"
	"strings"

	"github.com/plainsight/plainsight/shield/internal/urlhost"
)

// ErrInvalid is returned (wrapped in an *Error) for a URL list that does
// not follow the format.
var ErrInvalid = errors.New("shield: invalid URL list")

// Error reports the line of a URL list at fault.
type Error struct {
	Line   int    // 1-based; 0 for the list as a whole
	Reason string // what is wrong, without the line's text
}

// Error says what was refused and why.
func (e *Error) Error() string {
	if e.Line == 0 {
		return fmt.Sprintf("%v: %s", ErrInvalid, e.Reason)
	}
	return fmt.Sprintf("%v: line %d: %s", ErrInvalid, e.Line, e.Reason)
}

// Unwrap returns ErrInvalid.
func (e *Error) Unwrap() error { return ErrInvalid }

// Bounds of a URL list.
const (
	MaxLine    = 4096
	MaxEntries = 1 << 20
)

// List is a set of hosts for the known_bad_url class, read from a list
// file.
//
// # Format
//
// UTF-8 text, one entry per line. A line that is empty or starts with "#"
// (after leading spaces) is a comment; anything after whitespace and "#"
// on a line is a comment too. An entry is a host name (IDNA is applied:
// "bücher.example" and "xn--bcher-kva.example" are one entry; case and a
// trailing dot do not matter) or an IP address (IPv6 without brackets). A
// URL matches an entry when its host is the entry (known_bad_host), or when
// its host's registrable domain, by the Public Suffix List, is the entry
// (known_bad_domain): the entry "evil.example" matches
// "https://login.evil.example/", the entry "login.evil.example" matches
// only that host. Lines are at most MaxLine bytes, entries at most
// MaxEntries.
//
// A List is read-only once built and safe for concurrent use.
type List struct {
	hosts map[string]bool
	addrs map[netip.Addr]bool
	// zones are the shipped list's entries (see [Default]): a domain and
	// every name under it, each with its kind.
	zones map[string]string
	// tlds are the zones' top-level domains, zero-padded.
	tlds map[[maxTLD]byte]bool
	// tldBits has the bit of each TLD's first and last byte and length
	// set (tldBit): a test that rejects most words without hashing.
	tldBits [32 * 32 * maxTLD / 64]uint64
}

// Parse reads a list in the format above.
func Parse(r io.Reader) (*List, error) {
	l := &List{hosts: map[string]bool{}, addrs: map[netip.Addr]bool{}}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 512), MaxLine+1)
	line := 0
	for sc.Scan() {
		line++
		s := sc.Text()
		if line == 1 {
			s = strings.TrimPrefix(s, "\uFEFF")
		}
		if k := strings.Index(s, "#"); k >= 0 && (k == 0 || s[k-1] == ' ' || s[k-1] == '\t') {
			s = s[:k]
		}
		s = strings.TrimSpace(s)
		if s == "" {
			continue
		}
		if strings.ContainsAny(s, " \t/@?") {
			return nil, &Error{Line: line, Reason: "an entry is one host name or address"}
		}
		if a, err := netip.ParseAddr(strings.Trim(s, "[]")); err == nil {
			l.addrs[a.Unmap().WithZone("")] = true
		} else {
			h := urlhost.Parse(s)
			if !h.OK || h.Name == "" && !h.Addr.IsValid() || len(h.Name) > 253 {
				return nil, &Error{Line: line, Reason: "not a host name"}
			}
			if h.Addr.IsValid() {
				l.addrs[h.Addr] = true
			} else {
				l.hosts[h.Name] = true
			}
		}
		if len(l.hosts)+len(l.addrs) > MaxEntries {
			return nil, &Error{Reason: fmt.Sprintf("more than %d entries", MaxEntries)}
		}
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, &Error{Line: line + 1, Reason: fmt.Sprintf("line longer than %d bytes", MaxLine)}
		}
		return nil, err
	}
	return l, nil
}

// Load reads the list file at path.
func Load(path string) (*List, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return Parse(f)
}

// Len returns the number of entries.
func (l *List) Len() int { return len(l.hosts) + len(l.addrs) + len(l.zones) }

// Match returns the known_bad_url kind (the signal's kind) of a host read
// as a URL parser reads it: "known_bad_host" when the host is an entry,
// "known_bad_domain" when its registrable domain is, "" otherwise. name
// is the host's lower-case ASCII name without a trailing dot, or empty
// when addr, the host's address, is valid. For the shipped list
// ([Default]) it returns the kind of the entry the name is under.
func (l *List) Match(name string, addr netip.Addr) string {
	if !addr.IsValid() && len(l.zones) > 0 {
		if k, _ := l.MatchZone(name); k != "" {
			return k
		}
	}
	if addr.IsValid() {
		if l.addrs[addr.Unmap().WithZone("")] {
			return "known_bad_host"
		}
		return ""
	}
	if l.hosts[name] {
		return "known_bad_host"
	}
	if d := urlhost.Registrable(name); d != name && l.hosts[d] {
		return "known_bad_domain"
	}
	return ""
}
