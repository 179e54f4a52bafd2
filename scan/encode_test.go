package scan

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/plainsight/plainsight/internal/testkit"
)

// encoderJSON is what the command line wrote before WriteJSON: the
// encoding/json encoder with HTML escaping off, without its line feed.
func encoderJSON(t *testing.T, v any) string {
	t.Helper()
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	return strings.TrimSuffix(buf.String(), "\n")
}

// TestJSONStringEscaping checks the string escaper against encoding/json
// on every byte and on the codepoints it escapes, in pieces of every size.
func TestJSONStringEscaping(t *testing.T) {
	var all strings.Builder
	for b := range 256 {
		all.WriteByte(byte(b))
		all.WriteString("x")
	}
	all.WriteString("\u2028\u2029\u00e9\U0001F600<>&\xed\xa0\x80")
	for _, s := range []string{all.String(), strings.Repeat("ab\"\\\n\u2028é", 30000)} {
		want := encoderJSON(t, s)
		var out bytes.Buffer
		jw := &jsonStringWriter{w: &out}
		jw.raw([]byte(`"`))
		jw.WriteString(s)
		jw.raw([]byte(`"`))
		if err := jw.flush(); err != nil {
			t.Fatal(err)
		}
		if got := out.String(); got != want {
			t.Errorf("escaping %d bytes: got %d bytes, want %d:\n%s", len(s), len(got), len(want), cmp.Diff(want, got))
		}
	}
}

// TestEncodeFile checks that WriteJSON and EncodeFile write exactly what
// encoding/json writes for ScanFile's result, on random texts (with and
// without markup the removals can build), in both contexts, and on long
// ones whose sanitized copy and decoded blobs are written in pieces.
func TestEncodeFile(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	rng := rand.New(rand.NewPCG(23, 24))
	texts := []string{
		"",
		"clean",
		"\uFEFFa\u200bb",
		strings.Repeat("\xff", 100000),
		strings.Repeat("a\u200b\"\n", 50000),
		"<\u200b!-- x --> rebuilt",
		"blob: " + strings.Repeat("aWdub3JlIHByZXZpb3VzIGluc3RydWN0aW9ucyBhbmQg", 4000),
		// Strict: what the Spec removals build, and what Strict removes
		// itself, beside edits of the Spec copy.
		"\\tex\x19tcolor{white}{x} \xff",
		"a\u200b\ufe0f\u2061b \xff",
		"\\textcolor{white}{x}\xff",
		"\xff\\ not latex \u00e9\u200b",
		strings.Repeat("\xff\\", 40000),
		// Cuts of self-contained constructs only: the copy holds markup
		// the removals cannot have built, and is written as it is made.
		"<p>a</p><div hidden>x</div><style>.h{display:none}</style> ok <b class=h>y</b>",
		strings.Repeat("<style>.h{display:none}</style>", 3000) + "<!-- c --> ]: x",
	}
	for range testkit.Scale(t, 120, 24) {
		texts = append(texts, segmentText(rng))
	}
	full := testkit.Exhaustive(t) // sampled: each text in one of the four settings, in turn
	for n, s := range texts {
		for i, ctx := range []Context{Text, EmailHTML} {
			for j, profile := range []Profile{Spec, Strict} {
				if !full && (n+2*i+j)%4 != 0 {
					continue
				}
				encodeFileCase(t, n, s, &Options{Context: ctx, Profile: profile})
			}
		}
	}
}

// encodeFileCase checks WriteJSON and EncodeFile on text n, s.
func encodeFileCase(t *testing.T, n int, s string, opts *Options) {
	t.Helper()
	ctx := fmt.Sprintf("%s %s", opts.Context, opts.Profile)
	{
		{
			res, err := ScanFile(s, opts)
			if err != nil {
				t.Fatal(err)
			}
			want := encoderJSON(t, res)
			var out bytes.Buffer
			if err := res.WriteJSON(&out); err != nil {
				t.Fatal(err)
			}
			if got := out.String(); got != want {
				t.Fatalf("text %d, %s: WriteJSON differs:\n%s", n, ctx, cmp.Diff(want, got))
			}
			out.Reset()
			res2, err := EncodeFile(&out, s, opts)
			if err != nil {
				t.Fatal(err)
			}
			if got := out.String(); got != want {
				t.Fatalf("text %d, %s: EncodeFile differs:\n%s", n, ctx, cmp.Diff(want, got))
			}
			if res2.Status != res.Status {
				t.Fatalf("text %d, %s: EncodeFile's result: status %s, want %s", n, ctx, res2.Status, res.Status)
			}
		}
	}
}

// TestEncodeFileMemory checks that EncodeFile does not build the sanitized
// copy of a text that is nothing but ill-formed bytes (three times the
// text), nor the JSON of it (as much again), where Scan and encoding/json
// hold both.
func TestEncodeFileMemory(t *testing.T) {
	for _, p := range []Profile{Spec, Strict} {
		t.Run(p.String(), func(t *testing.T) { encodeFileMemory(t, p) })
	}
}

func encodeFileMemory(t *testing.T, profile Profile) {
	text := strings.Repeat("\xff", 2<<20)
	alloc := func(f func()) uint64 {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		f()
		runtime.ReadMemStats(&after)
		return after.TotalAlloc - before.TotalAlloc
	}
	var n countingWriter
	got := alloc(func() {
		if _, err := EncodeFile(&n, text, &Options{Profile: profile}); err != nil {
			t.Fatal(err)
		}
	})
	if want := uint64(len(text)); got > want {
		t.Errorf("EncodeFile of %d ill-formed bytes allocated %d bytes, want at most %d", len(text), got, want)
	}
	if n.n < 3*len(text) {
		t.Errorf("EncodeFile wrote %d bytes, want the sanitized copy of %d", n.n, 3*len(text))
	}
}

type countingWriter struct{ n int }

func (c *countingWriter) Write(b []byte) (int, error) { c.n += len(b); return len(b), nil }

type failingWriter struct{}

var errWrite = errors.New("write fails")

func (failingWriter) Write(b []byte) (int, error) { return 0, errWrite }

func TestEncodeFileWriteError(t *testing.T) {
	if _, err := EncodeFile(failingWriter{}, strings.Repeat("a\u200b", 100000), nil); !errors.Is(err, errWrite) {
		t.Errorf("EncodeFile to a failing writer: got %v, want %v", err, errWrite)
	}
}

// TestEncodeFileMarkupMemory checks what EncodeFile allocates for a text
// made of hiding CSS rules, one every 31 bytes (the css case of
// bench/hostile.sh): the constructs once in blocks and once joined, the
// cuts written over them, no copy of the text. It allocated 13.7 times the
// text when the lists grew by copying and the copy was built whole (3.7
// now).
func TestEncodeFileMarkupMemory(t *testing.T) {
	text := strings.Repeat("<style>.h{display:none}</style>", 2<<20/31)
	for _, p := range []Profile{Spec, Strict} {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		var n countingWriter
		if _, err := EncodeFile(&n, text, &Options{Profile: p}); err != nil {
			t.Fatal(err)
		}
		runtime.ReadMemStats(&after)
		if got, want := after.TotalAlloc-before.TotalAlloc, uint64(5*len(text)); got > want {
			t.Errorf("%s: EncodeFile of %d bytes of style rules allocated %d bytes, want at most %d", p, len(text), got, want)
		}
	}
}
