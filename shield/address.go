package shield

import (
	"errors"
	"net/netip"

	"github.com/plainsight/plainsight/guard"
)

// addrCategory names why an address must not be reached from an agent's
// action: the categories of the ssrf class. The empty category is a public
// address.
type addrCategory string

// The address categories. Each is also the kind of the ssrf signal that
// reports it.
const (
	catPublic      addrCategory = ""
	catMetadata    addrCategory = "metadata_address"    // cloud instance metadata services
	catLoopback    addrCategory = "loopback_address"    // 127.0.0.0/8, ::1
	catPrivate     addrCategory = "private_address"     // RFC 1918, RFC 6598 shared space, fc00::/7
	catLinkLocal   addrCategory = "link_local_address"  // 169.254.0.0/16, fe80::/10
	catUnspecified addrCategory = "unspecified_address" // 0.0.0.0/8, ::
	catReserved    addrCategory = "reserved_address"    // the other IANA special-purpose blocks
)

// addressClassifier classifies an IP address for the ssrf class. The same
// rules should decide what an outbound request may dial (docs/server.md,
// "Outbound requests: the guard"), so that the scanner flags exactly the addresses a
// guarded client refuses; [builtinAddresses] is the guard's. Implementations
// must be safe for concurrent use.
type addressClassifier interface {
	ClassifyAddr(addr netip.Addr) addrCategory
}

// addressClassifierFunc adapts a function to addressClassifier.
type addressClassifierFunc func(netip.Addr) addrCategory

// ClassifyAddr calls f.
func (f addressClassifierFunc) ClassifyAddr(a netip.Addr) addrCategory { return f(a) }

// builtinAddresses is the classifier a scanner uses when none is
// configured: the pre-call guard's address rules ([guard.ClassifyAddr]: the
// IANA IPv4 and IPv6 special-purpose registries, IPv4-mapped and
// translation forms judged by the IPv4 they carry), so that the ssrf class
// flags exactly the addresses the guarded client refuses to dial; the
// cloud metadata addresses are told apart from the rest of their
// link-local or private blocks.
var builtinAddresses addressClassifier = addressClassifierFunc(classifyBuiltin)

var metadataAddrs = map[netip.Addr]bool{
	netip.MustParseAddr("169.254.169.254"): true, // AWS, GCP, Azure, OCI, DigitalOcean
	netip.MustParseAddr("169.254.170.2"):   true, // AWS ECS task metadata
	netip.MustParseAddr("169.254.170.23"):  true, // AWS EKS pod identity agent
	netip.MustParseAddr("100.100.100.200"): true, // Alibaba Cloud
	netip.MustParseAddr("fd00:ec2::254"):   true, // AWS IMDS over IPv6
	netip.MustParseAddr("fd00:ec2::23"):    true, // AWS EKS pod identity agent over IPv6
	netip.MustParseAddr("192.0.0.192"):     true, // Oracle Cloud (legacy)
}

func classifyBuiltin(a netip.Addr) addrCategory {
	a = a.WithZone("")
	if metadataAddrs[a] || metadataAddrs[a.Unmap()] {
		return catMetadata
	}
	return category(guard.ClassifyAddr(a))
}

// category maps a guard reason to an address category.
func category(err error) addrCategory {
	switch {
	case err == nil:
		return catPublic
	case errors.Is(err, guard.ErrLoopback):
		return catLoopback
	case errors.Is(err, guard.ErrPrivate), errors.Is(err, guard.ErrShared):
		return catPrivate
	case errors.Is(err, guard.ErrLinkLocal):
		return catLinkLocal
	case errors.Is(err, guard.ErrUnspecified):
		return catUnspecified
	}
	return catReserved // documentation, multicast, reserved
}
