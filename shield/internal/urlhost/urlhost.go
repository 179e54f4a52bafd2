// Package urlhost reads the host of a URL as a WHATWG URL parser and the
// pre-call guard read it, for the ssrf detector of package shield and the
// known_bad_url lists of package shield/urllist, which must read a host
// the same way.
//
// # Bounds
//
// Parse reads its input once and calls guard.ParseHost once; Registrable
// is one look-up in the Public Suffix List compiled into
// golang.org/x/net/publicsuffix.
//
// # What it does not claim
//
// It resolves nothing: a name is judged by its spelling.
package urlhost

import (
	"net/netip"
	"strconv"
	"strings"

	"golang.org/x/net/publicsuffix"

	"github.com/plainsight/plainsight/guard"
)

// Host is a URL host read as a WHATWG URL parser reads it.
type Host struct {
	// OK: a URL parser accepts the host (else nothing is fetched, and the
	// other fields are empty, Obfuscated aside).
	OK bool
	// Name is the lower-case ASCII name, without a trailing dot, when the
	// host is not an address.
	Name string
	// Addr is the address, when the host is one in any spelling.
	Addr netip.Addr
	// Obfuscated: spelled other than the canonical dotted quad or RFC 5952
	// form (another IPv4 form, IPv4 inside IPv6, percent-encoding).
	Obfuscated bool
}

// Parse reads a host as the pre-call guard does ([guard.ParseHost]:
// the WHATWG URL host parser's IPv4 forms, IPv6 in brackets, IDNA's
// mapping of names, so full-width digits and ideographic full stops become
// ASCII), after percent-decoding it as a URL parser does for a special
// scheme. It notes a non-canonical spelling: anything but the dotted quad
// or the RFC 5952 form of an address, IPv4 inside IPv6, or percent-encoding.
func Parse(raw string) Host {
	var h Host
	s := raw
	// An IPv6 zone identifier, written "%25" and the zone in a URL (RFC
	// 6874: http://[fe80::1%25eth0]/), names an interface of the host
	// itself for a link-local address, the one kind it is defined for
	// (curl and Go's net/url dial it); the address without it is what is
	// dialled. A zone on another address stays refused, as a WHATWG
	// parser refuses every zone.
	if strings.HasPrefix(s, "[") && strings.HasSuffix(s, "]") {
		if k := strings.IndexByte(s, '%'); k > 0 {
			if a, err := netip.ParseAddr(s[1:k]); err == nil && a.Is6() && a.IsLinkLocalUnicast() {
				s = s[:k] + "]"
			}
		}
	}
	if strings.IndexByte(s, '%') >= 0 && !strings.HasPrefix(s, "[") {
		d, ok := percentDecode(s)
		if !ok {
			return h
		}
		s, h.Obfuscated = d, true
	}
	gh, err := guard.ParseHost(s)
	if err != nil {
		return h // a URL parser refuses it: nothing is fetched
	}
	h.OK = true
	if !gh.Addr.IsValid() {
		h.Name = gh.Name
		return h
	}
	h.Addr = gh.Addr
	written := strings.TrimSuffix(strings.ToLower(s), ".")
	if written != gh.String() || gh.Addr.Is4In6() {
		h.Obfuscated = true
	}
	if _, ok := embedded4(gh.Addr); ok {
		h.Obfuscated = true
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

// Registrable returns the registrable domain (eTLD+1) of a host name by the
// Public Suffix List of golang.org/x/net/publicsuffix, or the name itself
// when it has none.
func Registrable(name string) string {
	d, err := publicsuffix.EffectiveTLDPlusOne(name)
	if err != nil {
		return name
	}
	return d
}
