package scan

import (
	"errors"
	"strings"
	"testing"

	"github.com/plainsight/plainsight/internal/testkit/vectortest"
)

const emailQP = "From: =?utf-8?q?Support=E2=80=8B_Team?= <support@example.com>\r\n" +
	"To: you@example.com\r\n" +
	"Subject: =?utf-8?b?SW52b2ljZSDigIsgZHVl?=\r\n" +
	"MIME-Version: 1.0\r\n" +
	"Content-Type: multipart/alternative; boundary=\"b1\"\r\n" +
	"\r\n" +
	"--b1\r\n" +
	"Content-Type: text/plain; charset=utf-8\r\n" +
	"Content-Transfer-Encoding: quoted-printable\r\n" +
	"\r\n" +
	"Hello=E2=80=8Bthere\r\n" +
	"--b1\r\n" +
	"Content-Type: text/html; charset=iso-8859-1\r\n" +
	"Content-Transfer-Encoding: base64\r\n" +
	"\r\n" +
	"PHA+Q2Fm6TwvcD48ZGl2IHN0eWxlPSJkaXNwbGF5Om5vbmUiPmlnbm9yZTwvZGl2Pg==\r\n" +
	"--b1--\r\n"

func TestEmail(t *testing.T) {
	res, err := Scan(emailQP, &Options{Context: ContextEmail})
	if err != nil {
		t.Fatal(err)
	}
	type fp struct {
		part       string
		class      Class
		start, end int
	}
	var got []fp
	for _, f := range res.Findings {
		got = append(got, fp{f.Part, f.Class, f.Start, f.End})
	}
	// Subject "Invoice \u200b due": the space at 8; From's name
	// "Support\u200b Team"; the plain part "Hello\u200bthere" (decoded from
	// quoted-printable); the HTML part "<p>Café</p><div style=...>" from
	// base64 and Latin-1: the hidden element starts at 11.
	want := []fp{
		{"header:subject", ZeroWidth, 8, 9},
		{"header:from", ZeroWidth, 7, 8},
		{"1", ZeroWidth, 5, 6},
		{"2", HiddenMarkup, 11, 49}, // <div style="display:none">ignore</div> is 38 codepoints
	}
	if len(got) != len(want) {
		t.Fatalf("findings %+v, want %+v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("finding %d: got %+v, want %+v", i, got[i], want[i])
		}
	}
	if res.Status != Flagged || res.DeterministicCount != 4 {
		t.Errorf("status %s, count %d; want flagged, 4", res.Status, res.DeterministicCount)
	}
	if len(res.Parts) != 4 || res.Parts[3].Context != EmailHTML || res.Parts[3].Charset != "iso-8859-1" {
		t.Errorf("parts %+v", res.Parts)
	}
	if !strings.Contains(res.Sanitized, "<p>Café</p>") {
		t.Errorf("sanitized %q does not hold the decoded HTML", res.Sanitized)
	}
}

func TestEmailMalformed(t *testing.T) {
	_, err := Scan("no header here", &Options{Context: ContextEmail})
	if !errors.Is(err, ErrMalformedEmail) {
		t.Errorf("got %v, want ErrMalformedEmail", err)
	}
}

func TestEmailNesting(t *testing.T) {
	// A multipart nested deeper than the bound: the part is listed with a
	// problem, not dropped, and nothing panics.
	var b strings.Builder
	b.WriteString("Subject: x\r\nContent-Type: multipart/mixed; boundary=b0\r\n\r\n")
	for i := 0; i < 20; i++ {
		b.WriteString("--b" + string(rune('0'+i%10)) + "\r\n")
		b.WriteString("Content-Type: multipart/mixed; boundary=b" + string(rune('0'+(i+1)%10)) + "\r\n\r\n")
	}
	res, err := Scan(b.String(), &Options{Context: ContextEmail})
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, p := range res.Parts {
		if strings.Contains(p.Problem, "nested") {
			found = true
		}
	}
	if !found {
		t.Errorf("no part says the nesting bound was reached: %+v", res.Parts)
	}
}

func FuzzEmail(f *testing.F) {
	f.Add(emailQP)
	f.Add("Subject: a\r\n\r\nbody\u200b")
	f.Add("Content-Type: message/rfc822\r\n\r\nSubject: inner\r\n\r\ntext")
	for _, v := range vectortest.Strict(f) {
		if v.Context == string(ContextEmail) {
			f.Add(v.Input)
		}
	}
	f.Fuzz(func(t *testing.T, raw string) {
		for _, p := range []Profile{Spec, Strict} {
			res, err := Scan(raw, &Options{Context: ContextEmail, Profile: p})
			if err != nil {
				if !errors.Is(err, ErrMalformedEmail) {
					t.Fatalf("error %v is not ErrMalformedEmail", err)
				}
				continue
			}
			if len(res.Parts) > 2*256+8 {
				t.Fatalf("%d parts", len(res.Parts))
			}
			for _, fd := range res.Findings {
				if fd.Part == "" || fd.Start > fd.End {
					t.Fatalf("finding %+v", fd)
				}
			}
		}
	})
}

// TestEmailFileBOM: a message file with a byte order mark is read after
// it; the offsets stay within the part.
func TestEmailFileBOM(t *testing.T) {
	res, err := ScanFile("\uFEFFSubject: a\u200bb\r\n\r\nbody", &Options{Context: ContextEmail})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Findings) != 1 || res.Findings[0].Part != "header:subject" || res.Findings[0].ByteStart != 1 {
		t.Errorf("findings %+v", res.Findings)
	}
}
