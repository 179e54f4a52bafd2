package proxy

import (
	"encoding/json"
	"net/url"
)

// UpstreamKey is the pin key of an upstream, as package pin makes it
// (pin.StdioKey for a command, pin.URLKey for a URL): never an
// environment value nor a header value.
func UpstreamKey(u Upstream) string {
	if u.Command != "" {
		b, _ := json.Marshal(append([]string{u.Command}, u.Args...))
		return "stdio:" + string(b)
	}
	v, err := url.Parse(u.URL)
	if err != nil {
		return "url:"
	}
	v.User, v.Fragment, v.RawFragment = nil, "", ""
	return "url:" + v.String()
}
