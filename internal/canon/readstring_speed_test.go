package canon

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"
)

// readStringBytewise is readString as it was before its eight-byte pass
// (issue 33, item 5), kept for TestReadStringSame.
func (p *parser) readStringBytewise() (string, error) {
	d := p.data
	start := p.pos + 1
	i := start
	for i < len(d) {
		c := d[i]
		switch {
		case c == '"':
			p.pos = i + 1
			return p.src[start:i], nil
		case c == '\\':
			return p.readEscaped(start, i)
		case c < 0x20:
			return "", p.fail(ErrSyntax, i)
		case c < utf8.RuneSelf:
			i++
		default:
			r, size := utf8.DecodeRune(d[i:])
			if r == utf8.RuneError && size == 1 {
				return "", p.fail(ErrInvalidUTF8, i)
			}
			i += size
		}
	}
	return "", p.fail(ErrSyntax, i)
}

// TestReadStringSame: readString returns the string, the position after
// it and the error of the byte-by-byte reading, on random strings of
// ASCII runs of every length around eight, quotes, escapes, control
// characters, bytes 0x7f and 0x80, multi-byte and invalid UTF-8, cut
// anywhere.
func TestReadStringSame(t *testing.T) {
	pieces := []string{"a", "abcdefg", "abcdefgh", "abcdefghi", strings.Repeat("x", 23), " ", "~", "\x7f", "\x1f", "\x00", "\t", "\n",
		`\"`, `\\`, `\n`, `\u0041`, `\ud800`, `\u`, `\`, `"`, "é", "日本", "\U0001F600", "\xff", "\xe2\x80", "\x80", "!", "#", "[", "]", "^", "`", "]"}
	r := rand.New(rand.NewPCG(33, 7))
	quoted := 0
	for n := 0; n < 200000; n++ {
		var b strings.Builder
		b.WriteString(`"`)
		for k := r.IntN(12); k > 0; k-- {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		if r.IntN(4) > 0 {
			b.WriteString(`"`)
		}
		for k := r.IntN(3); k > 0; k-- {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		data := []byte(b.String())
		p1, p2 := newParser(data, Limits{}), newParser(data, Limits{})
		s1, e1 := p1.readString()
		s2, e2 := p2.readStringBytewise()
		if s1 != s2 || p1.pos != p2.pos || fmt.Sprint(e1) != fmt.Sprint(e2) {
			t.Fatalf("%q: %q at %d (%v), want %q at %d (%v)", data, s1, p1.pos, e1, s2, p2.pos, e2)
		}
		if e2 == nil {
			quoted++
		}
		p1.release()
		p2.release()
	}
	if quoted < 20000 {
		t.Fatalf("only %d strings read without error", quoted)
	}
}

// BenchmarkReadString16K reads a 16 KiB string of prose, the new and
// the byte-by-byte reading in turn.
func BenchmarkReadString16K(b *testing.B) {
	data := []byte(`"` + strings.Repeat("the forecast for the city calls for light rain, ", 16<<10/48) + `"`)
	for _, c := range []struct {
		name string
		read func(*parser) (string, error)
	}{{"eight", (*parser).readString}, {"bytewise", (*parser).readStringBytewise}} {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				p := newParser(data, Limits{})
				if _, err := c.read(&p); err != nil {
					b.Fatal(err)
				}
				p.release()
			}
		})
	}
}
