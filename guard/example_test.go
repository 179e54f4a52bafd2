package guard_test

import (
	"errors"
	"fmt"

	"github.com/plainsight/plainsight/guard"
)

func ExampleCheckURL() {
	for _, u := range []string{
		"https://mcp.example.com/mcp",
		"http://mcp.example.com/mcp",
		"https://0xa9.0xfe.0xa9.0xfe/latest/meta-data/",
		"http://2130706433:8080/mcp",
		"https://[64:ff9b::10.0.0.1]/",
	} {
		// A server's policy: loopback refused.
		_, err := guard.CheckURL(u, guard.Policy{})
		var r *guard.Reason
		if errors.As(err, &r) {
			fmt.Printf("%s: refused, %s\n", u, r.ID())
		} else {
			fmt.Printf("%s: allowed\n", u)
		}
	}
	// Output:
	// https://mcp.example.com/mcp: allowed
	// http://mcp.example.com/mcp: refused, scheme
	// https://0xa9.0xfe.0xa9.0xfe/latest/meta-data/: refused, link_local
	// http://2130706433:8080/mcp: refused, loopback
	// https://[64:ff9b::10.0.0.1]/: refused, private
}

func ExampleCheckHost() {
	for _, h := range []string{"0x7f.1", "metadata.google.internal", "[::ffff:192.168.0.1]:80", "example.org"} {
		err := guard.CheckHost(h)
		fmt.Println(h, errors.Is(err, guard.ErrLoopback), errors.Is(err, guard.ErrLinkLocal), errors.Is(err, guard.ErrPrivate), err == nil)
	}
	// Output:
	// 0x7f.1 true false false false
	// metadata.google.internal false true false false
	// [::ffff:192.168.0.1]:80 false false true false
	// example.org false false false true
}
