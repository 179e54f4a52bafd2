package guard

import (
	"net/netip"

	"code.dny.dev/ssrf"
)

// The address rules (§9: "private, link-local or reserved addresses are not
// fetched"). The denied prefixes are code.dny.dev/ssrf's, generated from
// the IANA IPv4 and IPv6 special-purpose address registries; this file
// gives each a reason, and adds what those lists leave to a caller: the
// IPv4 an IPv6 translation form carries, and the IPv4-mapped form.

var (
	loopback4 = netip.MustParsePrefix("127.0.0.0/8")
	loopback6 = netip.IPv6Loopback()
)

// reasons4 names the reason of each of ssrf's IPv4 prefixes. A prefix that
// a later ssrf release adds and this table lacks is refused as reserved
// (TestEveryDeniedPrefixHasAReason keeps the table complete).
var reasons4 = map[netip.Prefix]*Reason{
	netip.MustParsePrefix("0.0.0.0/8"):       ErrUnspecified,   // "this network" (RFC 791)
	netip.MustParsePrefix("10.0.0.0/8"):      ErrPrivate,       // RFC 1918
	netip.MustParsePrefix("100.64.0.0/10"):   ErrShared,        // shared address space (RFC 6598)
	loopback4:                                ErrLoopback,      // RFC 1122
	netip.MustParsePrefix("169.254.0.0/16"):  ErrLinkLocal,     // RFC 3927 (cloud metadata lives here)
	netip.MustParsePrefix("172.16.0.0/12"):   ErrPrivate,       // RFC 1918
	netip.MustParsePrefix("192.0.0.0/24"):    ErrReserved,      // IETF protocol assignments (RFC 6890)
	netip.MustParsePrefix("192.0.2.0/24"):    ErrDocumentation, // TEST-NET-1 (RFC 5737)
	netip.MustParsePrefix("192.31.196.0/24"): ErrReserved,      // AS112-v4 (RFC 7535)
	netip.MustParsePrefix("192.52.193.0/24"): ErrReserved,      // AMT (RFC 7450)
	netip.MustParsePrefix("192.88.99.0/24"):  ErrReserved,      // 6to4 relay anycast (RFC 7526)
	netip.MustParsePrefix("192.168.0.0/16"):  ErrPrivate,       // RFC 1918
	netip.MustParsePrefix("192.175.48.0/24"): ErrReserved,      // AS112 direct delegation (RFC 7534)
	netip.MustParsePrefix("198.18.0.0/15"):   ErrReserved,      // benchmarking (RFC 2544)
	netip.MustParsePrefix("198.51.100.0/24"): ErrDocumentation, // TEST-NET-2 (RFC 5737)
	netip.MustParsePrefix("203.0.113.0/24"):  ErrDocumentation, // TEST-NET-3 (RFC 5737)
	netip.MustParsePrefix("240.0.0.0/4"):     ErrReserved,      // reserved, and the broadcast address (RFC 1112)
	netip.MustParsePrefix("224.0.0.0/4"):     ErrMulticast,     // RFC 1112
}

// rule4 is a prefix as a masked 32-bit value, for a check that costs a
// few nanoseconds per prefix.
type rule4 struct {
	base, mask uint32
	r          *Reason
}

// table4 is ssrf.IPv4DeniedPrefixes with reasons, in ssrf's order.
var table4 = func() []rule4 {
	t := make([]rule4, 0, len(ssrf.IPv4DeniedPrefixes))
	for _, p := range ssrf.IPv4DeniedPrefixes {
		r := reasons4[p]
		if r == nil {
			r = ErrReserved
		}
		mask := ^uint32(0) << (32 - p.Bits())
		if p.Bits() == 0 {
			mask = 0
		}
		t = append(t, rule4{u32(p.Masked().Addr()) & mask, mask, r})
	}
	return t
}()

func u32(a netip.Addr) uint32 {
	b := a.As4()
	return uint32(b[0])<<24 | uint32(b[1])<<16 | uint32(b[2])<<8 | uint32(b[3])
}

// How an IPv6 prefix that carries an IPv4 address carries it.
type embedding uint8

const (
	embedNone     embedding = iota
	embedLast32             // the last 32 bits: IPv4-compatible ::/96, SIIT ::ffff:0:0/96, NAT64 /96 (RFC 6052)
	embed6to4               // bits 16–47 (RFC 3056)
	embedTeredo             // the server at bits 32–63, the client inverted in the last 32 (RFC 4380)
	embedNAT64_48           // RFC 6052's /48 layout (bits 48–63 and 72–87), and the last 32 bits
)

type rule6 struct {
	p     netip.Prefix
	r     *Reason   // the reason when the embedded IPv4 (if any) is not itself refused; nil: allowed
	embed embedding // where an IPv4 sits inside
}

// compiled6 is a rule with its prefix as masked halves.
type compiled6 struct {
	rule6
	m mask128
}

// mask128 is an IPv6 prefix as masked halves.
type mask128 struct{ hi, lo, mhi, mlo uint64 }

func maskOf(p netip.Prefix) mask128 {
	var m mask128
	bits := p.Bits()
	if bits >= 64 {
		m.mhi, m.mlo = ^uint64(0), ^uint64(0)<<(128-bits)
		if bits == 64 {
			m.mlo = 0
		}
	} else {
		m.mhi = ^uint64(0) << (64 - bits)
		if bits == 0 {
			m.mhi = 0
		}
	}
	m.hi, m.lo = halves(p.Masked().Addr())
	m.hi &= m.mhi
	m.lo &= m.mlo
	return m
}

func halves(a netip.Addr) (hi, lo uint64) {
	b := a.As16()
	for i := 0; i < 8; i++ {
		hi = hi<<8 | uint64(b[i])
		lo = lo<<8 | uint64(b[8+i])
	}
	return hi, lo
}

func (m *mask128) contains(hi, lo uint64) bool {
	return hi&m.mhi == m.hi && lo&m.mlo == m.lo
}

// table6 is tried in order; the first prefix holding the address decides.
// Outside 2000::/3 (global unicast) everything is refused, as ssrf does;
// inside it, ssrf's denied prefixes are. The one difference from ssrf's
// defaults: the NAT64 well-known prefix 64:ff9b::/96 with a globally
// reachable IPv4 inside is allowed, as the IANA registry marks it (it is
// what a DNS64 resolver gives an IPv6-only host for any IPv4-only server);
// with a special-purpose IPv4 inside it is refused for that IPv4's reason.
var table6 = []rule6{
	{netip.MustParsePrefix("::/128"), ErrUnspecified, embedNone},
	{netip.MustParsePrefix("::1/128"), ErrLoopback, embedNone},
	{netip.MustParsePrefix("::/96"), ErrReserved, embedLast32},            // IPv4-compatible (RFC 4291, deprecated)
	{netip.MustParsePrefix("::ffff:0:0:0/96"), ErrReserved, embedLast32},  // IPv4-translated (RFC 2765)
	{netip.MustParsePrefix("64:ff9b::/96"), nil, embedLast32},             // NAT64 well-known prefix (RFC 6052)
	{netip.MustParsePrefix("64:ff9b:1::/48"), ErrReserved, embedNAT64_48}, // NAT64 local use (RFC 8215)
	{netip.MustParsePrefix("2001::/32"), ErrReserved, embedTeredo},        // Teredo (RFC 4380)
	{netip.MustParsePrefix("2002::/16"), ErrReserved, embed6to4},          // 6to4 (RFC 3056)
	{netip.MustParsePrefix("2001:db8::/32"), ErrDocumentation, embedNone}, // RFC 3849
	{netip.MustParsePrefix("3fff::/20"), ErrDocumentation, embedNone},     // RFC 9637
	{netip.MustParsePrefix("fc00::/7"), ErrPrivate, embedNone},            // unique local (RFC 4193)
	{netip.MustParsePrefix("fe80::/10"), ErrLinkLocal, embedNone},         // RFC 4291
	{netip.MustParsePrefix("fec0::/10"), ErrPrivate, embedNone},           // site-local (RFC 3879, deprecated)
	{netip.MustParsePrefix("ff00::/8"), ErrMulticast, embedNone},          // RFC 4291
	{netip.MustParsePrefix("100::/64"), ErrReserved, embedNone},           // discard-only (RFC 6666)
	{netip.MustParsePrefix("2001::/23"), ErrReserved, embedNone},          // IETF protocol assignments (RFC 2928)
	{netip.MustParsePrefix("2620:4f:8000::/48"), ErrReserved, embedNone},  // AS112 direct delegation (RFC 7534)
}

var (
	globalUnicast = ssrf.IPv6GlobalUnicast
	gua           = maskOf(globalUnicast)
	denied6       = func() []mask128 {
		var m []mask128
		for _, p := range ssrf.IPv6DeniedPrefixes {
			m = append(m, maskOf(p))
		}
		return m
	}()
)

// table6 split by global unicast, so that a public address is tried
// against the few prefixes inside 2000::/3 only (order kept).
var inside6, outside6 = func() (in, out []compiled6) {
	for _, r := range table6 {
		c := compiled6{r, maskOf(r.p)}
		if globalUnicast.Overlaps(r.p) {
			in = append(in, c)
		} else {
			out = append(out, c)
		}
	}
	return in, out
}()

// ClassifyAddr says why an address must not be dialed: nil when it may be,
// otherwise one of the reason sentinels (ErrLoopback for a loopback
// address — whether loopback is allowed is a [Policy]'s decision, made by
// [CheckAddr]). An IPv4-mapped IPv6 address (::ffff:a.b.c.d) is classified
// as the IPv4 address it is dialed as. A translation form (NAT64, 6to4,
// Teredo, IPv4-compatible, IPv4-translated) that carries a refused IPv4
// address is refused for that address's reason. It does not allocate.
func ClassifyAddr(a netip.Addr) error {
	if r := classify(a); r != nil {
		return r
	}
	return nil
}

// classify returns the reason as a *Reason (nil: allowed).
func classify(a netip.Addr) *Reason {
	if !a.IsValid() {
		return ErrURL
	}
	a = a.WithZone("").Unmap()
	if a.Is4() {
		return classify4(a)
	}
	hi, lo := halves(a)
	inGUA := gua.contains(hi, lo)
	table := outside6
	if inGUA {
		table = inside6
	}
	for i := range table {
		rl := &table[i]
		if !rl.m.contains(hi, lo) {
			continue
		}
		v4, n := embedded(a, rl.embed)
		for _, x := range v4[:n] {
			// An embedded 0.0.0.0/8 is padding, not a destination.
			if r := classify4(x); r != nil && r != ErrUnspecified {
				return r
			}
		}
		return rl.r
	}
	if !inGUA {
		return ErrReserved
	}
	for i := range denied6 {
		if denied6[i].contains(hi, lo) {
			return ErrReserved // a prefix ssrf added after this table was written
		}
	}
	return nil
}

func classify4(a netip.Addr) *Reason {
	v := u32(a)
	for i := range table4 {
		if v&table4[i].mask == table4[i].base {
			return table4[i].r
		}
	}
	return nil
}

// embedded returns the IPv4 addresses (n of them, at most two) an IPv6
// address carries under a layout.
func embedded(a netip.Addr, e embedding) (v [2]netip.Addr, n int) {
	b := a.As16()
	switch e {
	case embedLast32:
		v[0], n = netip.AddrFrom4([4]byte{b[12], b[13], b[14], b[15]}), 1
	case embed6to4:
		v[0], n = netip.AddrFrom4([4]byte{b[2], b[3], b[4], b[5]}), 1
	case embedTeredo:
		v[0] = netip.AddrFrom4([4]byte{b[4], b[5], b[6], b[7]})
		v[1], n = netip.AddrFrom4([4]byte{^b[12], ^b[13], ^b[14], ^b[15]}), 2
	case embedNAT64_48:
		v[0] = netip.AddrFrom4([4]byte{b[6], b[7], b[9], b[10]})
		v[1], n = netip.AddrFrom4([4]byte{b[12], b[13], b[14], b[15]}), 2
	}
	return v, n
}

// IsLoopback reports whether a is a loopback address as dialed: in
// 127.0.0.0/8, ::1, or an IPv4-mapped form of 127.0.0.0/8 (which the
// system dials as the IPv4 address). A translation form carrying 127.x
// (NAT64, 6to4, …) is not: it is routed to a gateway, not to this host.
func IsLoopback(a netip.Addr) bool {
	a = a.WithZone("").Unmap()
	return loopback4.Contains(a) || a == loopback6
}

// CheckAddr applies ClassifyAddr under a policy: a loopback address is
// allowed when p allows loopback; every other refusal stands.
func CheckAddr(a netip.Addr, p Policy) error {
	r := classify(a)
	if r == nil || (r == ErrLoopback && p.AllowLoopback && IsLoopback(a)) {
		return nil
	}
	return r
}
