package signature

import (
	"net/netip"
	"strings"
)

// parseIPv6 reports whether s is an IPv6 address in text form (not an
// IPv4 address, which has its own placeholder).
func parseIPv6(s string) bool {
	if !strings.Contains(s, ":") {
		return false
	}
	a, err := netip.ParseAddr(s)
	return err == nil && a.Is6()
}
