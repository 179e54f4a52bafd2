package shield

import (
	"errors"
	"net/netip"

	"github.com/plainsight/plainsight/guard"
)

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
// guarded client refuses; [BuiltinAddresses] is the guard's. Implementations
// must be safe for concurrent use.
type AddressClassifier interface {
	ClassifyAddr(addr netip.Addr) AddressCategory
}

// AddressClassifierFunc adapts a function to AddressClassifier.
type AddressClassifierFunc func(netip.Addr) AddressCategory

// ClassifyAddr calls f.
func (f AddressClassifierFunc) ClassifyAddr(a netip.Addr) AddressCategory { return f(a) }

// BuiltinAddresses is the classifier a scanner uses when none is
// configured: the pre-call guard's address rules ([guard.ClassifyAddr]: the
// IANA IPv4 and IPv6 special-purpose registries, IPv4-mapped and
// translation forms judged by the IPv4 they carry), so that the ssrf class
// flags exactly the addresses the guarded client refuses to dial; the
// cloud metadata addresses are told apart from the rest of their
// link-local or private blocks.
var BuiltinAddresses AddressClassifier = AddressClassifierFunc(classifyBuiltin)

var metadataAddrs = map[netip.Addr]bool{
	netip.MustParseAddr("169.254.169.254"): true, // AWS, GCP, Azure, OCI, DigitalOcean
	netip.MustParseAddr("169.254.170.2"):   true, // AWS ECS task metadata
	netip.MustParseAddr("169.254.170.23"):  true, // AWS EKS pod identity agent
	netip.MustParseAddr("100.100.100.200"): true, // Alibaba Cloud
	netip.MustParseAddr("fd00:ec2::254"):   true, // AWS IMDS over IPv6
	netip.MustParseAddr("fd00:ec2::23"):    true, // AWS EKS pod identity agent over IPv6
	netip.MustParseAddr("192.0.0.192"):     true, // Oracle Cloud (legacy)
}

func classifyBuiltin(a netip.Addr) AddressCategory {
	a = a.WithZone("")
	if metadataAddrs[a] || metadataAddrs[a.Unmap()] {
		return Metadata
	}
	return category(guard.ClassifyAddr(a))
}

// category maps a guard reason to an address category.
func category(err error) AddressCategory {
	switch {
	case err == nil:
		return Public
	case errors.Is(err, guard.ErrLoopback):
		return Loopback
	case errors.Is(err, guard.ErrPrivate), errors.Is(err, guard.ErrShared):
		return Private
	case errors.Is(err, guard.ErrLinkLocal):
		return LinkLocal
	case errors.Is(err, guard.ErrUnspecified):
		return Unspecified
	}
	return Reserved // documentation, multicast, reserved
}
