package shield

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net/netip"
	"os"
	"strings"
)

// ErrURLList is returned (wrapped in a *URLListError) for a URL list that
// does not follow the format.
var ErrURLList = errors.New("shield: invalid URL list")

// URLListError reports the line of a URL list at fault.
type URLListError struct {
	Line   int    // 1-based; 0 for the list as a whole
	Reason string // what is wrong, without the line's text
}

// Error says what was refused and why.
func (e *URLListError) Error() string {
	if e.Line == 0 {
		return fmt.Sprintf("%v: %s", ErrURLList, e.Reason)
	}
	return fmt.Sprintf("%v: line %d: %s", ErrURLList, e.Line, e.Reason)
}

// Unwrap returns ErrURLList.
func (e *URLListError) Unwrap() error { return ErrURLList }

// Bounds of a URL list.
const (
	MaxURLListLine    = 4096
	MaxURLListEntries = 1 << 20
)

// URLList is a set of hosts for the known_bad_url class, read from a list
// file. This package ships none: a list is the operator's, with the
// operator's sources, and no list is truth.
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
// only that host. Lines are at most MaxURLListLine bytes, entries at most
// MaxURLListEntries.
//
// A URLList is read-only once built and safe for concurrent use.
type URLList struct {
	hosts map[string]bool
	addrs map[netip.Addr]bool
}

// ParseURLList reads a list in the format above.
func ParseURLList(r io.Reader) (*URLList, error) {
	l := &URLList{hosts: map[string]bool{}, addrs: map[netip.Addr]bool{}}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 512), MaxURLListLine+1)
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
			return nil, &URLListError{Line: line, Reason: "an entry is one host name or address"}
		}
		if a, err := netip.ParseAddr(strings.Trim(s, "[]")); err == nil {
			l.addrs[a.Unmap().WithZone("")] = true
		} else {
			h := parseHost(s)
			if !h.ok || h.name == "" && !h.addr.IsValid() || len(h.name) > 253 {
				return nil, &URLListError{Line: line, Reason: "not a host name"}
			}
			if h.addr.IsValid() {
				l.addrs[h.addr] = true
			} else {
				l.hosts[h.name] = true
			}
		}
		if len(l.hosts)+len(l.addrs) > MaxURLListEntries {
			return nil, &URLListError{Reason: fmt.Sprintf("more than %d entries", MaxURLListEntries)}
		}
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, &URLListError{Line: line + 1, Reason: fmt.Sprintf("line longer than %d bytes", MaxURLListLine)}
		}
		return nil, err
	}
	return l, nil
}

// LoadURLList reads the list file at path.
func LoadURLList(path string) (*URLList, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ParseURLList(f)
}

// Len returns the number of entries.
func (l *URLList) Len() int { return len(l.hosts) + len(l.addrs) }

// match returns the known_bad_url kind of a parsed host, "" for none.
func (l *URLList) match(h host) string {
	if h.addr.IsValid() {
		if l.addrs[h.addr.Unmap().WithZone("")] {
			return "known_bad_host"
		}
		return ""
	}
	if l.hosts[h.name] {
		return "known_bad_host"
	}
	if d := registrable(h.name); d != h.name && l.hosts[d] {
		return "known_bad_domain"
	}
	return ""
}
