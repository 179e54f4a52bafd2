package guard

import (
	"errors"
	"net/netip"
	"testing"

	"code.dny.dev/ssrf"
)

// Each case is taken from the IANA special-purpose registries (or the RFC
// of the embedding), not from the implementation's output.
var addrCases = []struct {
	addr string
	want *Reason // nil: allowed
	why  string
}{
	{"0.0.0.0", ErrUnspecified, "this host on this network (RFC 791)"},
	{"0.1.2.3", ErrUnspecified, "this network 0.0.0.0/8"},
	{"10.0.0.1", ErrPrivate, "RFC 1918"},
	{"10.255.255.255", ErrPrivate, "RFC 1918, last"},
	{"100.64.0.1", ErrShared, "RFC 6598"},
	{"100.127.255.255", ErrShared, "RFC 6598, last"},
	{"100.128.0.0", nil, "just past the shared space"},
	{"127.0.0.1", ErrLoopback, "RFC 1122"},
	{"127.255.255.254", ErrLoopback, "all of 127/8"},
	{"169.254.169.254", ErrLinkLocal, "cloud metadata, RFC 3927"},
	{"172.16.0.1", ErrPrivate, "RFC 1918"},
	{"172.31.255.255", ErrPrivate, "RFC 1918, last"},
	{"172.32.0.0", nil, "just past 172.16/12"},
	{"192.0.0.8", ErrReserved, "IPv4 dummy address, inside 192.0.0.0/24"},
	{"192.0.0.170", ErrReserved, "NAT64/DNS64 discovery"},
	{"192.0.2.1", ErrDocumentation, "TEST-NET-1"},
	{"192.31.196.1", ErrReserved, "AS112-v4"},
	{"192.52.193.1", ErrReserved, "AMT"},
	{"192.88.99.1", ErrReserved, "6to4 relay anycast"},
	{"192.168.1.1", ErrPrivate, "RFC 1918"},
	{"192.175.48.1", ErrReserved, "AS112 direct delegation"},
	{"198.18.0.1", ErrReserved, "benchmarking"},
	{"198.19.255.255", ErrReserved, "benchmarking, last"},
	{"198.51.100.7", ErrDocumentation, "TEST-NET-2"},
	{"203.0.113.9", ErrDocumentation, "TEST-NET-3"},
	{"224.0.0.1", ErrMulticast, "all hosts"},
	{"239.255.255.255", ErrMulticast, "last multicast"},
	{"240.0.0.1", ErrReserved, "reserved for future use"},
	{"255.255.255.255", ErrReserved, "limited broadcast"},
	{"8.8.8.8", nil, "public"},
	{"93.184.215.14", nil, "public"},
	{"1.1.1.1", nil, "public"},

	{"::", ErrUnspecified, "RFC 4291"},
	{"::1", ErrLoopback, "RFC 4291"},
	{"::ffff:127.0.0.1", ErrLoopback, "IPv4-mapped loopback is dialed as 127.0.0.1"},
	{"::ffff:10.1.2.3", ErrPrivate, "IPv4-mapped private"},
	{"::ffff:169.254.169.254", ErrLinkLocal, "IPv4-mapped metadata"},
	{"::ffff:8.8.8.8", nil, "IPv4-mapped public is dialed as 8.8.8.8"},
	{"::127.0.0.1", ErrLoopback, "IPv4-compatible carrying loopback"},
	{"::10.0.0.1", ErrPrivate, "IPv4-compatible carrying private"},
	{"::8.8.8.8", ErrReserved, "IPv4-compatible is deprecated (RFC 4291)"},
	{"::ffff:0:10.0.0.1", ErrPrivate, "IPv4-translated carrying private"},
	{"::ffff:0:8.8.8.8", ErrReserved, "IPv4-translated, outside global unicast"},
	{"64:ff9b::127.0.0.1", ErrLoopback, "NAT64 carrying loopback"},
	{"64:ff9b::a9fe:a9fe", ErrLinkLocal, "NAT64 carrying 169.254.169.254"},
	{"64:ff9b::192.168.0.1", ErrPrivate, "NAT64 carrying private"},
	{"64:ff9b::8.8.8.8", nil, "NAT64 carrying public: globally reachable per IANA"},
	{"64:ff9b:1::10.0.0.1", ErrPrivate, "local-use NAT64, /96 layout, carrying private"},
	{"64:ff9b:1:a00:1::", ErrPrivate, "local-use NAT64, /48 layout (RFC 6052), carrying 10.0.0.1"},
	{"64:ff9b:1::8.8.8.8", ErrReserved, "local-use NAT64 is not globally reachable"},
	{"2002:7f00:1::", ErrLoopback, "6to4 carrying 127.0.0.1"},
	{"2002:c0a8:101::1", ErrPrivate, "6to4 carrying 192.168.1.1"},
	{"2002:808:808::1", ErrReserved, "6to4 carrying public: 6to4 refused (RFC 7526)"},
	{"2001:0:4136:e378:8000:63bf:f5ff:fffe", ErrPrivate, "Teredo, client 10.0.0.1 (inverted)"},
	{"2001:0:a00:1::1", ErrPrivate, "Teredo, server 10.0.0.1"},
	{"2001:0:4136:e378:8000:63bf:3fff:fdd2", ErrDocumentation, "RFC 4380's example: client 192.0.2.45"},
	{"2001:0:4136:e378:8000:63bf:f7f7:f7f7", ErrReserved, "Teredo, server and client (8.8.8.8) public: Teredo refused"},
	{"2001:db8::1", ErrDocumentation, "RFC 3849"},
	{"3fff::1", ErrDocumentation, "RFC 9637"},
	{"fc00::1", ErrPrivate, "unique local"},
	{"fd12:3456:789a::1", ErrPrivate, "unique local"},
	{"fe80::1", ErrLinkLocal, "link-local"},
	{"febf::1", ErrLinkLocal, "link-local, last /10"},
	{"fec0::1", ErrPrivate, "site-local, deprecated"},
	{"ff02::1", ErrMulticast, "multicast"},
	{"100::1", ErrReserved, "discard-only"},
	{"2001:2::1", ErrReserved, "benchmarking, in 2001::/23"},
	{"2001:10::1", ErrReserved, "ORCHID, in 2001::/23"},
	{"2620:4f:8000::1", ErrReserved, "AS112 direct delegation"},
	{"100:0:0:1::1", ErrReserved, "dummy IPv6 prefix (RFC 9780), outside global unicast"},
	{"2001:1::1", ErrReserved, "port control protocol anycast, in 2001::/23"},
	{"2001:1::2", ErrReserved, "TURN anycast, in 2001::/23"},
	{"2001:1::3", ErrReserved, "DNS-SD service registration anycast, in 2001::/23"},
	{"2001:3::1", ErrReserved, "AMT, in 2001::/23"},
	{"2001:4:112::1", ErrReserved, "AS112-v6, in 2001::/23"},
	{"2001:20::1", ErrReserved, "ORCHIDv2, in 2001::/23"},
	{"2001:30::1", ErrReserved, "DRIP DET, in 2001::/23"},
	{"2001:200::1", nil, "just past 2001::/23: assigned to a registry, public"},
	{"192.0.0.9", ErrReserved, "port control protocol anycast"},
	{"192.0.0.10", ErrReserved, "TURN anycast"},
	{"192.88.99.2", ErrReserved, "6a44 relay anycast"},
	{"169.254.0.0", ErrLinkLocal, "link-local, first"},
	{"192.167.255.255", nil, "just before 192.168/16"},
	{"11.0.0.0", nil, "just past 10/8"},
	{"5f00::1", ErrReserved, "SRv6 SIDs, outside global unicast"},
	{"4000::1", ErrReserved, "outside 2000::/3"},
	{"2606:4700:4700::1111", nil, "public"},
	{"2a00:1450:4001:80b::200e", nil, "public"},
}

func TestClassifyAddr(t *testing.T) {
	for _, c := range addrCases {
		a := netip.MustParseAddr(c.addr)
		err := ClassifyAddr(a)
		if c.want == nil {
			if err != nil {
				t.Errorf("%s (%s): got %v, want allowed", c.addr, c.why, err)
			}
			continue
		}
		if !errors.Is(err, c.want) {
			t.Errorf("%s (%s): got %v, want %v", c.addr, c.why, err, c.want)
		}
	}
}

func TestCheckAddrLoopbackPolicy(t *testing.T) {
	for _, c := range []struct {
		addr    string
		allowed bool // under AllowLoopback
	}{
		{"127.0.0.1", true},
		{"127.8.9.10", true},
		{"::1", true},
		{"::ffff:127.0.0.1", true},
		{"64:ff9b::127.0.0.1", false}, // a gateway's, not this host's
		{"2002:7f00:1::", false},
		{"::127.0.0.1", false},
		{"10.0.0.1", false},
	} {
		a := netip.MustParseAddr(c.addr)
		if err := CheckAddr(a, Policy{}); !errors.Is(err, ErrLoopback) && !errors.Is(err, ErrPrivate) {
			t.Errorf("%s, loopback refused: got %v", c.addr, err)
		}
		err := CheckAddr(a, Policy{AllowLoopback: true})
		if (err == nil) != c.allowed {
			t.Errorf("%s, loopback allowed: got %v, want allowed=%v", c.addr, err, c.allowed)
		}
	}
}

// TestEveryDeniedPrefixHasAReason: ssrf's lists are the source; a prefix
// added there must be named here, and every one is refused, first and last
// address.
func TestEveryDeniedPrefixHasAReason(t *testing.T) {
	for _, p := range ssrf.IPv4DeniedPrefixes {
		if reasons4[p] == nil {
			t.Errorf("ssrf denies %v, which has no reason here", p)
		}
		for _, a := range []netip.Addr{p.Addr(), last(p)} {
			if ClassifyAddr(a) == nil {
				t.Errorf("%v (in ssrf's %v) allowed", a, p)
			}
		}
	}
	for _, p := range ssrf.IPv6DeniedPrefixes {
		for _, a := range []netip.Addr{p.Addr(), last(p)} {
			if ClassifyAddr(a) == nil {
				t.Errorf("%v (in ssrf's %v) allowed", a, p)
			}
		}
	}
	if len(reasons4) != len(ssrf.IPv4DeniedPrefixes) {
		t.Errorf("%d reasons for %d prefixes", len(reasons4), len(ssrf.IPv4DeniedPrefixes))
	}
}

func last(p netip.Prefix) netip.Addr {
	b := p.Masked().Addr().AsSlice()
	for i := p.Bits(); i < len(b)*8; i++ {
		b[i/8] |= 0x80 >> (i % 8)
	}
	a, _ := netip.AddrFromSlice(b)
	return a
}

// agreesWithSSRF is the invariant of the fuzz target and the table: what
// this package allows, ssrf allows too, except the two documented
// departures (IPv4-mapped addresses judged as IPv4, public NAT64).
func agreesWithSSRF(a netip.Addr) bool {
	g := ssrf.New(ssrf.WithAnyPort())
	if ClassifyAddr(a) != nil || g.SafeAddr(a) == nil {
		return true
	}
	return a.Is4In6() || netip.MustParsePrefix("64:ff9b::/96").Contains(a)
}

func TestAgreesWithSSRF(t *testing.T) {
	for _, c := range addrCases {
		a := netip.MustParseAddr(c.addr)
		if !agreesWithSSRF(a) {
			t.Errorf("%s allowed here, refused by ssrf", c.addr)
		}
	}
}

func FuzzClassifyAddr(f *testing.F) {
	for _, c := range addrCases {
		b := netip.MustParseAddr(c.addr).As16()
		f.Add(b[:])
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		a, ok := netip.AddrFromSlice(b)
		if !ok {
			return
		}
		if !agreesWithSSRF(a) {
			t.Errorf("%v allowed here, refused by ssrf", a)
		}
		if got, want := classify(a), classifyRef(a); got != want {
			t.Errorf("%v: classified %v, the plain reference says %v", a, got, want)
		}
		if IsLoopback(a) && !errors.Is(ClassifyAddr(a), ErrLoopback) {
			t.Errorf("%v is loopback but classified %v", a, ClassifyAddr(a))
		}
		if err := CheckAddr(a, Policy{AllowLoopback: true}); err != nil && IsLoopback(a) {
			t.Errorf("%v loopback refused under AllowLoopback: %v", a, err)
		}
	})
}

func BenchmarkClassifyAddr(b *testing.B) {
	for _, c := range []struct{ name, addr string }{
		{"public4", "93.184.215.14"},
		{"private4", "192.168.1.1"},
		{"public6", "2a00:1450:4001:80b::200e"},
		{"teredo", "2001:0:4136:e378:8000:63bf:f5ff:fffe"},
		{"mapped", "::ffff:8.8.8.8"},
	} {
		a := netip.MustParseAddr(c.addr)
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = CheckAddr(a, Policy{})
			}
		})
	}
}

// BenchmarkSSRFSafeAddr is code.dny.dev/ssrf's own check of the same
// addresses, for a ratio measured in the same run.
func BenchmarkSSRFSafeAddr(b *testing.B) {
	g := ssrf.New(ssrf.WithAnyPort())
	for _, c := range []struct{ name, addr string }{
		{"public4", "93.184.215.14"},
		{"private4", "192.168.1.1"},
		{"public6", "2a00:1450:4001:80b::200e"},
	} {
		a := netip.MustParseAddr(c.addr)
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = g.SafeAddr(a)
			}
		})
	}
}

// classifyRef is the rules with netip.Prefix.Contains and nothing
// precomputed: the masked tables must agree with it.
func classifyRef(a netip.Addr) *Reason {
	a = a.WithZone("").Unmap()
	ref4 := func(a netip.Addr) *Reason {
		for _, p := range ssrf.IPv4DeniedPrefixes {
			if p.Contains(a) {
				if r := reasons4[p]; r != nil {
					return r
				}
				return ErrReserved
			}
		}
		return nil
	}
	if a.Is4() {
		return ref4(a)
	}
	for _, rl := range table6 {
		if !rl.p.Contains(a) {
			continue
		}
		v4, n := embedded(a, rl.embed)
		for _, x := range v4[:n] {
			if r := ref4(x); r != nil && r != ErrUnspecified {
				return r
			}
		}
		return rl.r
	}
	if !ssrf.IPv6GlobalUnicast.Contains(a) {
		return ErrReserved
	}
	for _, p := range ssrf.IPv6DeniedPrefixes {
		if p.Contains(a) {
			return ErrReserved
		}
	}
	return nil
}

func TestClassifyMatchesReference(t *testing.T) {
	for _, c := range addrCases {
		a := netip.MustParseAddr(c.addr)
		if got, want := classify(a), classifyRef(a); got != want {
			t.Errorf("%s: %v, reference %v", c.addr, got, want)
		}
	}
	for _, p := range append(append([]netip.Prefix{}, ssrf.IPv4DeniedPrefixes...), ssrf.IPv6DeniedPrefixes...) {
		for _, a := range []netip.Addr{p.Addr(), last(p), p.Addr().Prev(), last(p).Next()} {
			if a.IsValid() && classify(a) != classifyRef(a) {
				t.Errorf("%v (edge of %v): %v, reference %v", a, p, classify(a), classifyRef(a))
			}
		}
	}
	for _, r := range table6 {
		for _, a := range []netip.Addr{r.p.Addr(), last(r.p), r.p.Addr().Prev(), last(r.p).Next()} {
			if a.IsValid() && classify(a) != classifyRef(a) {
				t.Errorf("%v (edge of %v): %v, reference %v", a, r.p, classify(a), classifyRef(a))
			}
		}
	}
}
