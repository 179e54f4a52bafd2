package urllist

import (
	"errors"
	"strings"
	"testing"
)

func TestURLListErrors(t *testing.T) {
	for _, in := range []string{
		"evil.example/path\n",
		"two hosts.example\n",
		"ok.example\nuser@host\n",
		strings.Repeat("a", MaxLine+10) + "\n",
	} {
		_, err := Parse(strings.NewReader(in))
		var le *Error
		if !errors.As(err, &le) || !errors.Is(err, ErrInvalid) {
			t.Errorf("%.40q: error %v, want a *Error", in, err)
		}
	}
}

func FuzzParse(f *testing.F) {
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
