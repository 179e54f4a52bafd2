package urllist

import (
	_ "embed"
	"fmt"
	"net/netip"
	"strings"
	"sync"

	"github.com/plainsight/plainsight/shield/internal/urlhost"
)

// defaultText is the shipped list: published test URLs and out-of-band
// sinks, each with the page that publishes it (issue 27, deliver 4).
//
//go:embed default.txt
var defaultText string

// The kinds of the shipped list's entries: each is the kind of the
// known_bad_url signal a match gives.
const (
	KindTestURL        = "test_url"        // a vendor's published test page for URL blocking
	KindOOBSink        = "oob_sink"        // an out-of-band interaction or DNS-exfiltration catcher
	KindRequestCatcher = "request_catcher" // a public HTTP request bin
	KindTunnelHost     = "tunnel_host"     // an ephemeral tunnel's random public host
)

var defaultKinds = map[string]bool{KindTestURL: true, KindOOBSink: true, KindRequestCatcher: true, KindTunnelHost: true}

// Entry is one line of the shipped list.
type Entry struct {
	Domain string // lower-case ASCII, no trailing dot
	Kind   string // one of the Kind constants
	Source string // the page that publishes the domain (provenance)
}

var defaultList = sync.OnceValues(func() (*List, []Entry) {
	l, entries, err := parseDefault(defaultText)
	if err != nil {
		panic("urllist: shipped list: " + err.Error()) // unreachable: TestDefaultListProvenance parses it
	}
	return l, entries
})

// Default returns the shipped list: the published test URLs (Google Safe
// Browsing's, Mozilla's, SmartScreen's, EICAR's, WICAR's) and out-of-band
// sinks (Burp Collaborator, interactsh's public servers, Canarytokens, DNS
// logs, public request bins, ephemeral tunnels), read from default.txt,
// whose every line names the page that publishes the domain and whose
// header gives the list's date ([DefaultDate]).
//
// Unlike a list read by [Parse], an entry of the shipped list matches its
// domain and every name under it (interaction catchers hand out random
// subdomains: "c58bduhe.oast.pro"), and [List.Match] returns the entry's
// kind (KindOOBSink and the others) instead of known_bad_host or
// known_bad_domain. The List is shared and read-only.
func Default() *List {
	l, _ := defaultList()
	return l
}

// DefaultEntries returns the shipped list's entries in file order.
func DefaultEntries() []Entry {
	_, e := defaultList()
	return append([]Entry(nil), e...)
}

// DefaultDate is the date (YYYY-MM-DD) of the shipped list's last review:
// the "list-date:" line of default.txt.
func DefaultDate() string {
	for _, line := range strings.Split(defaultText, "\n") {
		if d, ok := strings.CutPrefix(line, "# list-date: "); ok {
			return strings.TrimSpace(d)
		}
	}
	return ""
}

// parseDefault reads the shipped list's format: "domain kind source" a
// line, "#" comments.
func parseDefault(text string) (*List, []Entry, error) {
	l := &List{hosts: map[string]bool{}, addrs: map[netip.Addr]bool{}, zones: map[string]string{}, tlds: map[[maxTLD]byte]bool{}}
	var entries []Entry
	for i, line := range strings.Split(text, "\n") {
		s := strings.TrimSpace(line)
		if s == "" || strings.HasPrefix(s, "#") {
			continue
		}
		f := strings.Fields(s)
		if len(f) != 3 {
			return nil, nil, &Error{Line: i + 1, Reason: "want: domain kind source"}
		}
		h := urlhost.Parse(f[0])
		if !h.OK || h.Name == "" || h.Name != f[0] || !strings.Contains(h.Name, ".") {
			return nil, nil, &Error{Line: i + 1, Reason: "not a lower-case domain name"}
		}
		if !defaultKinds[f[1]] {
			return nil, nil, &Error{Line: i + 1, Reason: fmt.Sprintf("unknown kind %q", f[1])}
		}
		if !strings.HasPrefix(f[2], "https://") && !strings.HasPrefix(f[2], "http://") {
			return nil, nil, &Error{Line: i + 1, Reason: "the source is not a URL"}
		}
		if _, dup := l.zones[h.Name]; dup {
			return nil, nil, &Error{Line: i + 1, Reason: "duplicate entry"}
		}
		l.zones[h.Name] = f[1]
		tld := h.Name[strings.LastIndexByte(h.Name, '.')+1:]
		if len(tld) > maxTLD {
			return nil, nil, &Error{Line: i + 1, Reason: "top-level domain longer than 8 bytes"}
		}
		var k [maxTLD]byte
		copy(k[:], tld)
		l.tlds[k] = true
		b := tldBit(tld[0], tld[len(tld)-1], len(tld))
		l.tldBits[b/64] |= 1 << (b % 64)
		entries = append(entries, Entry{Domain: h.Name, Kind: f[1], Source: f[2]})
	}
	return l, entries, nil
}

// maxTLD bounds the top-level domains of the shipped list's entries.
const maxTLD = 8

// HasTLD reports whether label, in any case, is the top-level domain of
// one of the shipped list's entries: a test a scanner can make on every
// dotted word of a text before it reads the word as a name. It is false
// for a list read by [Parse].
func (l *List) HasTLD(label string) bool {
	if len(label) == 0 || len(label) > maxTLD || len(l.tlds) == 0 {
		return false
	}
	b := tldBit(lower(label[0]), lower(label[len(label)-1]), len(label))
	if l.tldBits[b/64]&(1<<(b%64)) == 0 {
		return false // most words: no entry's TLD has these first and last letters and length
	}
	var k [maxTLD]byte
	for i := 0; i < len(label); i++ {
		k[i] = lower(label[i])
	}
	return l.tlds[k]
}

func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// tldBit is the bit of a TLD's first and last byte and length in
// List.tldBits.
func tldBit(first, last byte, n int) uint {
	return (uint(first&31)*32+uint(last&31))*maxTLD + uint(n-1)
}

// maxZoneLabels bounds the suffixes of a name [List.MatchZone] looks up.
const maxZoneLabels = 8

// MatchZone returns the kind and the entry of the shipped list's kind of
// match: the entry that is name or a parent domain of it ("x.y.oast.pro"
// is under "oast.pro"), "" and "" when none is. name is lower-case ASCII
// without a trailing dot. At most eight suffixes are looked up, each a
// map look-up. A list read by [Parse] has no such entries.
func (l *List) MatchZone(name string) (kind, entry string) {
	if len(l.zones) == 0 {
		return "", ""
	}
	s := name
	for range maxZoneLabels {
		if k, ok := l.zones[s]; ok {
			return k, s
		}
		dot := strings.IndexByte(s, '.')
		if dot < 0 {
			return "", ""
		}
		s = s[dot+1:]
	}
	return "", ""
}
