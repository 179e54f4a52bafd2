package shield

import (
	"context"
	"net/netip"
	"strconv"
	"strings"

	"golang.org/x/net/publicsuffix"

	"github.com/plainsight/plainsight/guard"
)

// Confidences of the ssrf and known_bad_url signals (see the README's
// calibration table).
var urlConfidence = map[string]float64{
	string(Metadata):     0.95,
	string(LinkLocal):    0.8,
	string(Unspecified):  0.7,
	string(Private):      0.6,
	string(Loopback):     0.5,
	string(Reserved):     0.3,
	"internal_hostname":  0.5,
	"rebinding_hostname": 0.85,
	// A non-public address spelled so that a reader or a filter does not
	// recognise it: an integer, hex or octal IPv4, fewer than four parts,
	// IPv4 inside IPv6, percent-encoding, full-width digits, or a host
	// dressed as userinfo.
	"obfuscated_address": 0.9,

	"known_bad_host":   0.95,
	"known_bad_domain": 0.9,
}

// specialSchemes are the URL schemes whose URLs are looked at: those a
// fetch tool follows, and the classic SSRF gadgets.
var specialSchemes = map[string]bool{
	"http": true, "https": true, "ws": true, "wss": true, "ftp": true,
	"gopher": true, "dict": true, "tftp": true, "ldap": true, "sftp": true,
	"file": true, "jar": true, "netdoc": true,
}

// metadataNames are host names of cloud metadata services.
var metadataNames = map[string]bool{
	"metadata.google.internal": true, "metadata": true,
	"metadata.azure.internal": true, "instance-data": true,
	"instance-data.ec2.internal": true, "metadata.tencentyun.com": true,
	"metadata.goog": true,
}

// rebindingDomains answer with the address spelled in the name
// (10.0.0.1.nip.io resolves to 10.0.0.1).
var rebindingDomains = []string{"nip.io", "sslip.io", "xip.io", "localtest.me", "lvh.me", "vcap.me", "traefik.me"}

// urlDetector adds the ssrf and known_bad_url signals of every URL in
// the text.
type urlDetector struct {
	// list is the known_bad_url list; nil means none.
	list *URLList
	// addrs classifies addresses for the ssrf class.
	addrs AddressClassifier
}

func (d urlDetector) detect(_ context.Context, in *input, addHit func(hit)) error {
	text := in.text
	add := func(class Class, kind string, start, end int) {
		addHit(hit{class: class, kind: kind, conf: urlConfidence[kind], start: start, end: end})
	}
	// A page links to few hosts many times: each host is judged once per
	// scan (up to maxMemo hosts), which also keeps text made of one URL
	// repeated linear at the cost of a map look-up.
	type verdict struct {
		ok         bool
		ssrf, bad  string
		obfuscated bool
	}
	memo := map[string]verdict{}
	const maxMemo = 1024
	findURLs(text, func(u foundURL) {
		v, seen := memo[u.host]
		if !seen {
			h := parseHost(u.host)
			v.ok = h.ok
			if h.ok {
				v.ssrf, v.obfuscated = d.classifyHost(h), h.obfuscated
				if d.list != nil {
					v.bad = d.list.match(h)
				}
			}
			if len(memo) < maxMemo {
				memo[u.host] = v
			}
		}
		if !v.ok {
			return
		}
		if v.ssrf != "" {
			add(SSRF, v.ssrf, u.start, u.end)
			if v.ssrf != "internal_hostname" && (v.obfuscated || u.userinfoHost) {
				add(SSRF, "obfuscated_address", u.start, u.end)
			}
		}
		if v.bad != "" {
			add(KnownBadURL, v.bad, u.start, u.end)
		}
	})
	findBareAddresses(text, func(start, end int, a netip.Addr) {
		if cat := d.addrs.ClassifyAddr(a); cat == Metadata || cat == LinkLocal {
			add(SSRF, string(cat), start, end)
		}
	})
	return nil
}

// classifyHost returns the ssrf kind of a parsed host, "" for none.
// Addresses go to the configured classifier; names are judged by the
// guard's name rules (special-use suffixes, single labels completed by a
// resolver's search list), with the metadata and rebinding names besides.
func (d urlDetector) classifyHost(h host) string {
	if h.addr.IsValid() {
		return string(d.addrs.ClassifyAddr(h.addr))
	}
	name := h.name
	if metadataNames[name] {
		return string(Metadata)
	}
	for _, rd := range rebindingDomains {
		if strings.HasSuffix(name, rd) && len(name) > len(rd) && name[len(name)-len(rd)-1] == '.' {
			if a, ok := embeddedAddr(name[:len(name)-len(rd)-1]); ok && d.addrs.ClassifyAddr(a) != Public {
				return "rebinding_hostname"
			}
		}
	}
	switch category((guard.Host{Name: name}).Classify()) {
	case Public, Reserved:
		// The guard refuses names under .example, .test, .invalid
		// because it must not resolve them; in text they are what
		// documentation writes (RFC 2606), not a way in.
		return ""
	case Loopback:
		return string(Loopback)
	}
	return "internal_hostname"
}

// embeddedAddr finds the IPv4 address at the end of a rebinding name's
// labels ("app.10.0.0.1", "10-0-0-1", "app-127-0-0-1").
func embeddedAddr(s string) (netip.Addr, bool) {
	labels := strings.Split(s, ".")
	if len(labels) >= 4 {
		if a, err := netip.ParseAddr(strings.Join(labels[len(labels)-4:], ".")); err == nil {
			return a, true
		}
	}
	last := labels[len(labels)-1]
	parts := strings.Split(last, "-")
	if len(parts) >= 4 {
		if a, err := netip.ParseAddr(strings.Join(parts[len(parts)-4:], ".")); err == nil {
			return a, true
		}
	}
	return netip.Addr{}, false
}

// foundURL is a URL in the text: its span and its host as written.
type foundURL struct {
	start, end int
	host       string
	// userinfoHost: the userinfo looks like a host ("trusted.com@10.0.0.1"),
	// the trick of a link that reads as one host and goes to another.
	userinfoHost bool
}

func isSchemeChar(b byte) bool { return isAlnum(b) || b == '+' || b == '-' || b == '.' }

// endsAuthority reports whether b ends a URL's authority as a text scanner
// sees it: the path, query or fragment begin, or the URL ends.
func endsAuthority(b byte) bool {
	return b == '/' || b == '\\' || b == '?' || b == '#' || b <= ' ' || b == '"' || b == '\'' ||
		b == '<' || b == '>' || b == '`' || b == ')' || b == '(' || b == ',' || b == ';' || b == '|' || b == '{' || b == '}' || b == '^' || b == 0x7f
}

// findURLs finds scheme://authority URLs of a special scheme.
func findURLs(text string, fn func(foundURL)) {
	from, stop := 0, 0
	for {
		k := strings.Index(text[from:], "://")
		if k < 0 {
			return
		}
		sep := from + k
		from = sep + 3
		s := sep
		for s > 0 && sep-s < 16 && isSchemeChar(text[s-1]) {
			s--
		}
		for s < sep && !isUpper(text[s]) && !isLower(text[s]) {
			s++
		}
		if s == sep || !specialSchemes[strings.ToLower(text[s:sep])] {
			continue
		}
		a := sep + 3
		e := a
		for e < len(text) && e-a < 1024 && !endsAuthority(text[e]) {
			if text[e] == '[' { // an IPv6 literal may hold ':' and '%'
				if j := strings.IndexByte(text[e:min(len(text), e+64)], ']'); j > 0 {
					e += j + 1
					continue
				}
			}
			e++
		}
		auth := text[a:e]
		// Trailing sentence punctuation is not part of the host.
		for len(auth) > 0 && strings.IndexByte(".:!]", auth[len(auth)-1]) >= 0 && !strings.HasSuffix(auth, "]") {
			auth = auth[:len(auth)-1]
		}
		u := foundURL{start: s, host: auth}
		if at := strings.LastIndexByte(auth, '@'); at >= 0 {
			userinfo := auth[:at]
			u.host = auth[at+1:]
			if ui := strings.SplitN(userinfo, ":", 2)[0]; strings.Contains(ui, ".") {
				u.userinfoHost = true
			}
		}
		u.host = stripPort(u.host)
		// The URL's span runs to the end of its path. A URL inside
		// another's path ends where that one does: the scan resumes from
		// the last stop, so that text made of nested URLs is read once.
		if stop < e {
			stop = e
			for stop < len(text) && text[stop] > ' ' && text[stop] != '"' && text[stop] != '\'' && text[stop] != '<' && text[stop] != '>' && text[stop] != '`' {
				stop++
			}
		}
		end := stop
		for end > e && strings.IndexByte(".,;:!?)]}", text[end-1]) >= 0 {
			end--
		}
		u.end = end
		if u.host != "" {
			fn(u)
		}
		from = max(from, e)
	}
}

func stripPort(h string) string {
	if strings.HasPrefix(h, "[") {
		if j := strings.IndexByte(h, ']'); j > 0 {
			return h[:j+1]
		}
		return h
	}
	if j := strings.LastIndexByte(h, ':'); j >= 0 {
		return h[:j]
	}
	return h
}

// host is a URL host read as a WHATWG URL parser reads it.
type host struct {
	ok         bool
	name       string     // lower-case ASCII name, no trailing dot (when not an address)
	addr       netip.Addr // when the host is an address in any spelling
	obfuscated bool       // spelled other than the canonical dotted quad or RFC 5952 form
}

// parseHost reads a host as the pre-call guard does ([guard.ParseHost]:
// the WHATWG URL host parser's IPv4 forms, IPv6 in brackets, IDNA's
// mapping of names, so full-width digits and ideographic full stops become
// ASCII), after percent-decoding it as a URL parser does for a special
// scheme. It notes a non-canonical spelling: anything but the dotted quad
// or the RFC 5952 form of an address, IPv4 inside IPv6, or percent-encoding.
func parseHost(raw string) host {
	var h host
	s := raw
	if strings.IndexByte(s, '%') >= 0 && !strings.HasPrefix(s, "[") {
		d, ok := percentDecode(s)
		if !ok {
			return h
		}
		s, h.obfuscated = d, true
	}
	gh, err := guard.ParseHost(s)
	if err != nil {
		return h // a URL parser refuses it: nothing is fetched
	}
	h.ok = true
	if !gh.Addr.IsValid() {
		h.name = gh.Name
		return h
	}
	h.addr = gh.Addr
	written := strings.TrimSuffix(strings.ToLower(s), ".")
	if written != gh.String() || gh.Addr.Is4In6() {
		h.obfuscated = true
	}
	if _, ok := embedded4(gh.Addr); ok {
		h.obfuscated = true
	}
	return h
}

// embedded4 returns the IPv4 address inside an IPv6 address of the
// IPv4-mapped, NAT64 (64:ff9b::/96) or IPv4-compatible (::a.b.c.d) forms.
func embedded4(a netip.Addr) (netip.Addr, bool) {
	b := a.As16()
	nat64 := netip.MustParsePrefix("64:ff9b::/96")
	compat := netip.MustParsePrefix("::/96")
	if a.Is4In6() || nat64.Contains(a) || compat.Contains(a) && a != netip.IPv6Unspecified() && a != netip.IPv6Loopback() {
		return netip.AddrFrom4([4]byte{b[12], b[13], b[14], b[15]}), true
	}
	return netip.Addr{}, false
}

func percentDecode(s string) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '%' {
			b.WriteByte(s[i])
			continue
		}
		if i+2 >= len(s) {
			return "", false
		}
		v, err := strconv.ParseUint(s[i+1:i+3], 16, 8)
		if err != nil {
			return "", false
		}
		b.WriteByte(byte(v))
		i += 2
	}
	return b.String(), true
}

// findBareAddresses finds dotted-quad IPv4 addresses written outside a
// URL (a word boundary on both sides, not part of a longer dotted number).
func findBareAddresses(text string, fn func(start, end int, a netip.Addr)) {
	for i := 0; i < len(text); i++ {
		if !isDigit(text[i]) || i > 0 && (isAlnum(text[i-1]) || text[i-1] == '.' || text[i-1] == '/') {
			continue
		}
		j := i
		for j < len(text) && (isDigit(text[j]) || text[j] == '.') && j-i < 16 {
			j++
		}
		end := j
		for end > i && text[end-1] == '.' {
			end--
		}
		if j < len(text) && isAlnum(text[j]) || strings.Count(text[i:end], ".") != 3 {
			i = j
			continue
		}
		if a, err := netip.ParseAddr(text[i:end]); err == nil {
			fn(i, end, a)
		}
		i = j
	}
}

// Registrable returns the registrable domain (eTLD+1) of a host name by the
// Public Suffix List of golang.org/x/net/publicsuffix, or the name itself
// when it has none.
func registrable(name string) string {
	d, err := publicsuffix.EffectiveTLDPlusOne(name)
	if err != nil {
		return name
	}
	return d
}
