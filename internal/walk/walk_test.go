package walk

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func write(t *testing.T, dir, name, content string) {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

type seen struct {
	Rel      string
	Kind     Kind
	Len      int
	TooLarge bool
	Target   string
}

func TestWalk(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "b.md", "text")
	write(t, dir, "a/logo.png", "\x89PNG\r\n\x1a\n\x00\x00\u200b")
	write(t, dir, ".git/config", "x")
	write(t, dir, "skip/me.md", "x")
	write(t, dir, "big.txt", strings.Repeat("a", MaxFile-1)+"é") // é straddles the bound
	if err := os.Symlink("b.md", filepath.Join(dir, "link.md")); err != nil {
		t.Fatal(err)
	}
	// The folder named through a link is walked; paths keep the name given.
	named := filepath.Join(t.TempDir(), "named")
	if err := os.Symlink(dir, named); err != nil {
		t.Fatal(err)
	}
	var got []seen
	st, err := Walk(named, &Options{Ignore: func(rel string, dir bool) bool { return rel == "skip" && dir }}, func(f *File) error {
		if f.Path != filepath.Join(named, filepath.FromSlash(f.Rel)) {
			t.Errorf("path %q for %q", f.Path, f.Rel)
		}
		got = append(got, seen{f.Rel, f.Kind, len(f.Data), f.TooLarge, f.Target})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []seen{
		{"a/logo.png", Binary, 0, false, ""},
		{"b.md", Text, 4, false, ""},
		{"big.txt", Text, MaxFile - 1, true, ""},
		{"link.md", Symlink, 0, false, "b.md"},
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("entries (-want +got):\n%s", d)
	}
	if st.Ignored != 1 || st.Skipped != 1 {
		t.Errorf("stats %+v, want 1 ignored, 1 skipped", st)
	}
	var werr *Error
	if _, err := Walk(filepath.Join(dir, "b.md"), nil, func(*File) error { return nil }); !errors.Is(err, ErrNotDir) || !errors.As(err, &werr) {
		t.Errorf("a file: %v, want ErrNotDir", err)
	}
	if _, err := Walk(filepath.Join(dir, "missing"), nil, func(*File) error { return nil }); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a missing folder: %v", err)
	}
	stop := errors.New("stop")
	if _, err := Walk(dir, nil, func(*File) error { return stop }); !errors.Is(err, stop) {
		t.Errorf("a callback's error: %v", err)
	}
}

// counting is a reader that counts the bytes read from it.
type counting struct {
	r io.Reader
	n int
}

func (c *counting) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

// TestBinaryReadNoFurther: a file with a NUL byte in its first SniffLen
// bytes is binary after those bytes, whatever its size; a text file is read
// whole (to MaxFile), its NUL bytes past SniffLen being text.
func TestBinaryReadNoFurther(t *testing.T) {
	for _, tt := range []struct {
		name    string
		content string
		kind    Kind
		most    int // bytes read at most
	}{
		{"binary, 4 MiB", "\x89PNG\x00" + strings.Repeat("x", 4<<20), Binary, SniffLen},
		{"binary, NUL at the sniff's last byte", strings.Repeat("x", SniffLen-1) + "\x00" + strings.Repeat("x", 1<<20), Binary, SniffLen},
		{"text, NUL past the sniff", strings.Repeat("x", SniffLen) + "\x00" + strings.Repeat("x", 1<<20), Text, SniffLen + 1 + 1<<20},
		{"text, short", "short", Text, 5},
		{"empty", "", Text, 0},
	} {
		for _, size := range []int64{int64(len(tt.content)), -1} {
			r := &counting{r: strings.NewReader(tt.content)}
			var f File
			classify(&f, r, size, nil)
			if f.Kind != tt.kind || r.n > tt.most {
				t.Errorf("%s (size %d): kind %v after %d bytes read, want %v after at most %d", tt.name, size, f.Kind, r.n, tt.kind, tt.most)
			}
			if tt.kind == Text && string(f.Data) != tt.content {
				t.Errorf("%s (size %d): %d bytes of text, want %d", tt.name, size, len(f.Data), len(tt.content))
			}
		}
	}
}
