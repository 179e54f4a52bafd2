package precall

import (
	"slices"
	"testing"

	"github.com/plainsight/plainsight/fingerprint"
	"github.com/plainsight/plainsight/scan"
	"github.com/plainsight/plainsight/store/memory"
)

// everythingURL is the data default of gzip-file-as-resource in npm
// @modelcontextprotocol/server-everything@2026.8.31: §4 reads it as a
// base64 run, the Strict profile as a URL (issue 31, item 2).
const everythingURL = "https://raw.githubusercontent.com/modelcontextprotocol/servers/refs/heads/main/README.md"

// TestScannedFields: every string of a definition, schema keys and values
// at every depth included, in order, each with its place; returning
// false stops.
func TestScannedFields(t *testing.T) {
	tools, err := fingerprint.ParseTools([]byte(`[{"name":"a","description":"d","inputSchema":{"type":"object","properties":{"x/y":{"default":"v","enum":["e0","e1"]}}}},{"name":"b"}]`))
	if err != nil {
		t.Fatal(err)
	}
	d := &fingerprint.Definitions{Tools: tools, Instructions: "use a"}
	var got []string
	ScannedFields(d, func(f ScannedField) bool {
		tool := "-"
		if f.Tool != nil {
			tool = *f.Tool
		}
		got = append(got, tool+" "+f.Field+" "+f.Path+" "+f.Text)
		return true
	})
	want := []string{
		"a name  a", "a description  d",
		"a input_schema_key /properties properties", "a input_schema_key /properties/x~1y x/y",
		"a input_schema_key /properties/x~1y/default default", "a input_schema /properties/x~1y/default v",
		"a input_schema_key /properties/x~1y/enum enum", "a input_schema /properties/x~1y/enum/0 e0", "a input_schema /properties/x~1y/enum/1 e1",
		"a input_schema_key /type type", "a input_schema /type object",
		"b name  b", // §7: an omitted schema is the empty object
		"- instructions  use a",
	}
	if !slices.Equal(got, want) {
		t.Errorf("fields\n got %q\nwant %q", got, want)
	}
	n := 0
	ScannedFields(d, func(ScannedField) bool { n++; return n < 3 })
	if n != 3 {
		t.Errorf("stopped after %d fields, want 3", n)
	}
}

// TestCheckerProfile: the Checker's Profile chooses the profile of the
// answer's scan and of the flags Register records; Strict reads the
// server-everything URL as a name, Spec as a base64 run. A Strict
// extension finding (variation selectors carrying text) holds the
// registration and records no flag (§8: a flag's class is of §2–§4).
func TestCheckerProfile(t *testing.T) {
	srv := newLive(t, "everything", nil, tool{"gzip-file-as-resource", "Compresses a file.", `{"type":"object","properties":{"data":{"type":"string","default":"` + everythingURL + `"}}}`})
	for _, p := range []scan.Profile{scan.Strict, scan.Spec} {
		c := checker(t, memory.New(), newClock())
		c.Profile = p
		a, err := c.Check(t.Context(), srv.URL, "")
		if err != nil {
			t.Fatal(err)
		}
		res := mustRegister(t, c, srv.URL, "everything")
		switch p {
		case scan.Strict:
			if a.Scan.Status != ScanClean || res.Status != RegisterDone || len(res.FlagIDs) != 0 {
				t.Errorf("strict: scan %+v, register %+v", a.Scan, res)
			}
		case scan.Spec:
			if a.Scan.Status != ScanFlagged || len(a.Scan.Findings) != 1 || a.Scan.Findings[0].Path != "/properties/data/default" || a.Scan.Findings[0].Finding.Class != scan.Base64Blob {
				t.Errorf("spec: scan %+v", a.Scan)
			}
			if res.Status != RegisterHeld || len(res.FlagIDs) != 1 {
				t.Errorf("spec: register %+v", res)
			}
		}
	}
	// GlassWorm-style selectors after a letter: no §2 class, a Strict
	// extension finding.
	vs := newLive(t, "selectors", nil, tool{"t", "x\U000E0158\U000E0159y", `{"type":"object"}`})
	c := checker(t, memory.New(), newClock())
	c.Profile = scan.Strict
	res := mustRegister(t, c, vs.URL, "selectors")
	if res.Status != RegisterHeld || len(res.FlagIDs) != 0 || len(res.Findings) != 1 || !res.Findings[0].Finding.Extension {
		t.Errorf("strict extension finding: %+v", res)
	}
}
