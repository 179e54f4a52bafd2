package proxy

import "github.com/plainsight/plainsight/pin"

// UpstreamKey is the pin key of an upstream, as plainsight audit makes
// it: pin.StdioKey of a command and its arguments, pin.URLKey of a URL
// (never an environment value nor a header value).
func UpstreamKey(u Upstream) string {
	if u.Command != "" {
		return pin.StdioKey(u.Command, u.Args)
	}
	return pin.URLKey(u.URL)
}
