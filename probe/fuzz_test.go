package probe

import (
	"bytes"
	"errors"
	"testing"
)

// FuzzEventStream checks the reading of a server's event stream for any
// bytes: no panic, an answer only when a data field held the response to
// the request, and every failure one of the package's error classes.
func FuzzEventStream(f *testing.F) {
	for _, s := range []string{
		"event: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\n\n",
		"data: {\"jsonrpc\":\"2.0\",\"method\":\"x\"}\n\ndata: [{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":1,\"message\":\"m\"}}]\n\n",
		": comment\r\ndata: {\"id\":\r\ndata: 1,\"result\":1}\r\n\r\n",
		"data: not json\n\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		tr := &httpRPC{maxBody: 4096}
		res, err := tr.fromStream(bytes.NewReader(body), 1)
		switch {
		case err == nil:
			if len(res) == 0 || !bytes.Contains(body, []byte("data:")) {
				t.Fatalf("an answer %q from %q", res, body)
			}
		case !errors.Is(err, ErrProtocol) && !errors.Is(err, ErrRPC) && !errors.Is(err, ErrTooLarge) && !errors.Is(err, ErrTransport):
			t.Fatalf("error of no class: %v", err)
		}
	})
}
