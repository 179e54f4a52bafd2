package shield

import "net/netip"

// AddressCategory names why an address must not be reached from an agent's
// action: the categories of the ssrf class. The empty category is a public
// address.
type AddressCategory string

// The address categories. Each is also the kind of the ssrf signal that
// reports it.
const (
	Public      AddressCategory = ""
	Metadata    AddressCategory = "metadata_address"    // cloud instance metadata services
	Loopback    AddressCategory = "loopback_address"    // 127.0.0.0/8, ::1
	Private     AddressCategory = "private_address"     // RFC 1918, RFC 6598 shared space, fc00::/7
	LinkLocal   AddressCategory = "link_local_address"  // 169.254.0.0/16, fe80::/10
	Unspecified AddressCategory = "unspecified_address" // 0.0.0.0/8, ::
	Reserved    AddressCategory = "reserved_address"    // the other IANA special-purpose blocks
)

// AddressClassifier classifies an IP address for the ssrf class. The same
// rules should decide what an outbound request may dial (DESIGN.md,
// "Outbound requests"), so that the scanner flags exactly the addresses a
// guarded client refuses. Implementations must be safe for concurrent use.
type AddressClassifier interface {
	ClassifyAddr(addr netip.Addr) AddressCategory
}

// AddressClassifierFunc adapts a function to AddressClassifier.
type AddressClassifierFunc func(netip.Addr) AddressCategory

// ClassifyAddr calls f.
func (f AddressClassifierFunc) ClassifyAddr(a netip.Addr) AddressCategory { return f(a) }

// BuiltinAddresses is the classifier a scanner uses when none is
// configured: the IANA IPv4 and IPv6 special-purpose address registries
// (RFC 6890 and its updates), reduced to the categories above, with the
// metadata addresses of the large clouds.
var BuiltinAddresses AddressClassifier = AddressClassifierFunc(classifyBuiltin)

var metadataAddrs = map[netip.Addr]bool{
	netip.MustParseAddr("169.254.169.254"): true, // AWS, GCP, Azure, OCI, DigitalOcean
	netip.MustParseAddr("169.254.170.2"):   true, // AWS ECS task metadata
	netip.MustParseAddr("100.100.100.200"): true, // Alibaba Cloud
	netip.MustParseAddr("fd00:ec2::254"):   true, // AWS IMDS over IPv6
	netip.MustParseAddr("192.0.0.192"):     true, // Oracle Cloud (legacy)
}

type block struct {
	p   netip.Prefix
	cat AddressCategory
}

var blocks = func() []block {
	var bs []block
	add := func(cat AddressCategory, ps ...string) {
		for _, p := range ps {
			bs = append(bs, block{netip.MustParsePrefix(p), cat})
		}
	}
	add(Unspecified, "0.0.0.0/8", "::/128")
	add(Loopback, "127.0.0.0/8", "::1/128")
	add(Private, "10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "100.64.0.0/10", "fc00::/7")
	add(LinkLocal, "169.254.0.0/16", "fe80::/10")
	add(Reserved,
		"192.0.0.0/24", "192.0.2.0/24", "192.88.99.0/24", "198.18.0.0/15",
		"198.51.100.0/24", "203.0.113.0/24", "224.0.0.0/4", "240.0.0.0/4",
		"255.255.255.255/32", "100::/64", "2001::/23", "2001:db8::/32",
		"3fff::/20", "5f00::/16", "ff00::/8", "fec0::/10")
	return bs
}()

func classifyBuiltin(a netip.Addr) AddressCategory {
	a = a.WithZone("")
	if metadataAddrs[a] {
		return Metadata
	}
	if a.Is4In6() {
		return classifyBuiltin(a.Unmap())
	}
	for _, b := range blocks {
		if b.p.Contains(a) {
			return b.cat
		}
	}
	return Public
}
