package skill

import (
	"strings"
	"testing"

	"github.com/plainsight/plainsight/internal/walk"
	"github.com/plainsight/plainsight/scan"
)

// TestFromScanCounts: a file lists at most MaxPerFile results and counts
// every one, ill-formed sequences beyond the scan's own cap included.
func TestFromScanCounts(t *testing.T) {
	data := []byte(strings.Repeat("a\u200b", 700) + strings.Repeat("\xff", 900))
	res, err := scan.ScanFile(string(data), &scanOptions)
	if err != nil {
		t.Fatal(err)
	}
	r := FromScan("f.md", data, res, true)
	if len(r.Results) != MaxPerFile || r.Errors != 700+900+1 || r.Omitted() != 700+900+1-MaxPerFile {
		t.Errorf("%d listed, %d errors, %d omitted", len(r.Results), r.Errors, r.Omitted())
	}
	if CountInvalid([]byte("ok \xe2\x82 \xff\xfe é")) != 3 {
		t.Error("CountInvalid: want 3 (a truncated sequence is one)")
	}
}

func TestNestedAndWalked(t *testing.T) {
	res, _ := scan.Scan("a\u200bb "+"\U000E0041\U000E0042"+" <!-- x -->", nil)
	if got, want := Nested(res.Findings), `zero_width U+200B, unicode_tag U+E0041 U+E0042 spelling "AB", hidden_markup html_comment`; got != want {
		t.Errorf("Nested: %q, want %q", got, want)
	}
	for _, tt := range []struct {
		f     walk.File
		class string
		level Level
	}{
		{walk.File{Rel: "a.png", Kind: walk.Binary}, BinaryFile, Info},
		{walk.File{Rel: "l", Kind: walk.Symlink, Target: "x"}, Symlink, Info},
	} {
		r := Walked(&tt.f)
		if len(r.Results) != 1 || r.Results[0].Class != tt.class || r.Results[0].Level != tt.level || r.Infos != 1 {
			t.Errorf("%+v: %+v", tt.f, r)
		}
	}
	if Walked(&walk.File{Kind: walk.Text}) != nil {
		t.Error("a text file is not passed over")
	}
}

// TestFromScanLeftOut: ill-formed sequences a caller left out of the
// result are not counted.
func TestFromScanLeftOut(t *testing.T) {
	data := []byte("a\u200b \xff\xff")
	res, _ := scan.ScanFile(string(data), &scanOptions)
	res.InvalidUTF8 = nil
	if r := FromScan("f", data, res, false); r.Errors != 1 || r.Omitted() != 0 {
		t.Errorf("%d errors, %d omitted; want 1, 0", r.Errors, r.Omitted())
	}
}
