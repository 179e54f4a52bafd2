package mailparts

import (
	"errors"
	"strings"
	"testing"
)

func TestBounds(t *testing.T) {
	// More parts than MaxParts: the rest is not read, and the last part says so.
	var b strings.Builder
	b.WriteString("Content-Type: multipart/mixed; boundary=x\r\n\r\n")
	for range MaxParts + 10 {
		b.WriteString("--x\r\nContent-Type: text/plain\r\n\r\nhi\r\n")
	}
	b.WriteString("--x--\r\n")
	parts, err := Read([]byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	if len(parts) != MaxParts || !strings.Contains(parts[len(parts)-1].Problem, "parts") {
		t.Errorf("%d parts, last problem %q", len(parts), parts[len(parts)-1].Problem)
	}
}

func TestUnknownCharset(t *testing.T) {
	parts, err := Read([]byte("Content-Type: text/plain; charset=x-none\r\n\r\nabc"))
	if err != nil {
		t.Fatal(err)
	}
	if len(parts) != 1 || parts[0].Text != "abc" || parts[0].Problem == "" {
		t.Errorf("parts %+v: want the bytes as they are, with a problem", parts)
	}
}

func TestBadBase64(t *testing.T) {
	parts, err := Read([]byte("Content-Type: text/plain\r\nContent-Transfer-Encoding: base64\r\n\r\naGVsbG8=!!!"))
	if err != nil {
		t.Fatal(err)
	}
	if len(parts) != 1 || parts[0].Text != "hello" || parts[0].Problem == "" {
		t.Errorf("parts %+v: want what decoded, with a problem", parts)
	}
}

func TestMalformed(t *testing.T) {
	_, err := Read([]byte("no header"))
	var e *Error
	if !errors.Is(err, ErrMalformed) || !errors.As(err, &e) {
		t.Errorf("got %v, want an *Error wrapping ErrMalformed", err)
	}
}

// FuzzRead: no panic; at most MaxParts parts; the decoded texts together
// within three times MaxDecoded (see Bounds); an error only ErrMalformed.
func FuzzRead(f *testing.F) {
	f.Add("Subject: x\r\n\r\nbody")
	f.Add("Content-Type: multipart/mixed; boundary=b\r\n\r\n--b\r\nContent-Type: message/rfc822\r\n\r\nSubject: in\r\n\r\nx\r\n--b--")
	f.Add("Content-Type: text/html; charset=koi8-r\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n=C1=C2=\r\n")
	f.Fuzz(func(t *testing.T, raw string) {
		parts, err := Read([]byte(raw))
		if err != nil {
			if !errors.Is(err, ErrMalformed) {
				t.Fatalf("error %v", err)
			}
			return
		}
		if len(parts) > MaxParts {
			t.Fatalf("%d parts", len(parts))
		}
		n := 0
		for _, p := range parts {
			if p.ID == "" && p.Problem == "" {
				t.Fatalf("a part with no id: %+v", p)
			}
			if p.ContentType != "header" {
				n += len(p.Text)
			}
		}
		if n > 3*MaxDecoded {
			t.Fatalf("%d bytes decoded", n)
		}
	})
}
