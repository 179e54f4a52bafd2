package guard

import (
	"net/netip"
	"net/url"
	"strconv"
	"strings"
)

// Policy decides what the address rules leave to the embedding program:
// whether loopback may be probed. The zero Policy refuses loopback — what a
// server (plainsight serve, plainsight mcp, a host mounting them) must do,
// since a loopback probe reaches the services of the machine that runs it.
// The command line allows it: the person at the keyboard names what to
// probe on their own machine.
type Policy struct {
	// AllowLoopback allows 127.0.0.0/8, ::1, localhost and names under
	// .localhost, and http for them, for a URL that names one of them —
	// except on a redirect hop whose origin was not loopback, which is
	// always refused. A name that resolves to a loopback address is
	// refused whatever AllowLoopback says (issue 29).
	AllowLoopback bool
}

// Target is a URL the rules allow, before resolution.
type Target struct {
	// URL is the parsed URL (scheme in lowercase).
	URL *url.URL
	// Host is its host as a resolver reads it.
	Host Host
	// Port is the port to dial: the URL's, else 443 for https, 80 for http.
	Port uint16
	// Addrs, filled by [Guard.Check], are the addresses the host resolved
	// to, every one allowed.
	Addrs []netip.Addr
}

// CheckURL applies the rules that need no resolution to a URL (§9): an
// absolute http or https URL with a host and no credentials; https, or
// http for a host that is loopback by its spelling when p allows loopback;
// a host that is no refused address in any spelling and no special-use
// name. It returns a *RefusedError wrapping one reason, or the target.
func CheckURL(raw string, p Policy) (*Target, error) {
	t, err := checkURL(raw, p)
	if err != nil {
		err.URL = raw
		return nil, err
	}
	return t, nil
}

func checkURL(raw string, p Policy) (*Target, *RefusedError) {
	if strings.TrimSpace(raw) == "" {
		return nil, refuse(ErrURL, "no url")
	}
	u, err := url.Parse(raw)
	if err != nil {
		return nil, refuse(ErrURL, "does not parse")
	}
	switch {
	case u.Scheme == "":
		return nil, refuse(ErrURL, "not an absolute url")
	case u.Scheme != "http" && u.Scheme != "https":
		return nil, refuse(ErrScheme, "scheme "+u.Scheme)
	case u.Opaque != "" || u.Host == "":
		return nil, refuse(ErrURL, "no host")
	case u.User != nil:
		return nil, refuse(ErrURL, "credentials in the url")
	}
	host := u.Hostname()
	if strings.HasPrefix(u.Host, "[") {
		host = "[" + host + "]"
	}
	h, perr := ParseHost(host)
	if perr != nil {
		return nil, perr.(*RefusedError)
	}
	port := uint16(443)
	if u.Scheme == "http" {
		port = 80
	}
	if ps := u.Port(); ps != "" {
		n, err := strconv.ParseUint(ps, 10, 16)
		if err != nil || n == 0 {
			return nil, refuse(ErrURL, "port "+ps)
		}
		port = uint16(n)
	} else if strings.HasSuffix(u.Host, ":") {
		return nil, refuse(ErrURL, "empty port")
	}
	t := &Target{URL: u, Host: h, Port: port}
	if r := classifyHost(h); r != nil && !(r == ErrLoopback && p.AllowLoopback && h.IsLoopback()) {
		return nil, &RefusedError{Reason: r, Addr: h.Addr, Detail: "host " + h.String()}
	}
	if u.Scheme == "http" && !(p.AllowLoopback && h.IsLoopback()) {
		return nil, refuse(ErrScheme, "http to a host that is not loopback")
	}
	return t, nil
}

func classifyHost(h Host) *Reason {
	if h.Addr.IsValid() {
		return classify(h.Addr)
	}
	return classifyName(h.Name)
}
