package urllist

import (
	"strings"
	"testing"
)

// FuzzParseURLList: a list parses into at most one entry a line, or fails
// with an error, never a panic.
func FuzzParseURLList(f *testing.F) {
	f.Add("# c\nevil.example # x\n10.0.0.1\n[::1]\nBÜCHER.example.\n")
	f.Add("a b\n")
	f.Add("\uFEFFxn--bcher-kva.example\n0x7f.1\n")
	f.Fuzz(func(t *testing.T, in string) {
		l, err := Parse(strings.NewReader(in))
		if err != nil {
			return
		}
		if l.Len() > strings.Count(in, "\n")+1 {
			t.Fatalf("%d entries from %d lines", l.Len(), strings.Count(in, "\n")+1)
		}
	})
}
