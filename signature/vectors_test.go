package signature

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/plainsight/plainsight/vectors"
)

// vectorFile mirrors schemas/signature_test_schema_v1.json; files are
// decoded strictly, so a field the schema does not know fails the run.
type vectorFile struct {
	Schema         string          `json:"schema"`
	Spec           json.RawMessage `json:"spec"`
	UnicodeVersion string          `json:"unicode_version"`
	NumberOfTests  int             `json:"numberOfTests"`
	Header         []string        `json:"header"`
	Notes          map[string]any  `json:"notes"`
	TestGroups     []struct {
		Type    string          `json:"type"`
		Options json.RawMessage `json:"options"`
		Tests   []vectorTest    `json:"tests"`
	} `json:"testGroups"`
}

type vectorTest struct {
	TcID      int      `json:"tcId"`
	Comment   string   `json:"comment"`
	Spec      []string `json:"spec"`
	Result    string   `json:"result"`
	Flags     []string `json:"flags"`
	Input     *string  `json:"input"`
	InputHex  *string  `json:"inputHex"`
	Error     string   `json:"error"`
	Field     string   `json:"field"`
	CheckIn   string   `json:"checkin"`
	Now       string   `json:"now"`
	Signature string   `json:"signature"`
	Text      string   `json:"text"`
	Candidate string   `json:"candidate"`
	Reports   []struct {
		Owner      string    `json:"owner"`
		Agent      string    `json:"agent"`
		ReceivedAt time.Time `json:"received_at"`
		Text       string    `json:"text"`
	} `json:"reports"`
	Votes []struct {
		Reviewer string    `json:"reviewer"`
		Owner    string    `json:"owner"`
		OptedIn  bool      `json:"opted_in"`
		Hostile  bool      `json:"hostile"`
		At       time.Time `json:"at"`
	} `json:"votes"`
	BenignTexts []string        `json:"benign_texts"`
	Expected    json.RawMessage `json:"expected"`
}

var vectorErrors = map[string]error{
	"ErrSecret": ErrSecret, "ErrTooManyReports": ErrTooManyReports, "ErrMissingField": ErrMissingField,
	"ErrUnknownSourceType": ErrUnknownSourceType, "ErrUnknownCategory": ErrUnknownCategory, "ErrBadDomain": ErrBadDomain,
	"ErrBadTime": ErrBadTime, "ErrSnippetTooLong": ErrSnippetTooLong, "ErrBadRequest": ErrBadRequest,
}

func loadVectors(t *testing.T) map[string]vectorFile {
	t.Helper()
	names, err := fs.Glob(vectors.FS(), "signature/*.json")
	if err != nil || len(names) == 0 {
		t.Fatalf("no signature vectors in the corpus: %v", err)
	}
	out := map[string]vectorFile{}
	for _, name := range names {
		b, err := fs.ReadFile(vectors.FS(), name)
		if err != nil {
			t.Fatal(err)
		}
		dec := json.NewDecoder(bytes.NewReader(b))
		dec.DisallowUnknownFields()
		var f vectorFile
		if err := dec.Decode(&f); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out[name] = f
	}
	for _, want := range []string{"reports", "cleaning", "shingles", "similarity", "confirmation"} {
		if _, ok := out["signature/"+want+".json"]; !ok {
			t.Errorf("signature/%s.json missing from the corpus", want)
		}
	}
	return out
}

func TestVectorLint(t *testing.T) {
	for name, f := range loadVectors(t) {
		if f.Schema != "signature_test_schema_v1.json" || f.UnicodeVersion != "17.0.0" {
			t.Errorf("%s: schema %q, unicode %q", name, f.Schema, f.UnicodeVersion)
		}
		n := 0
		seen := map[int]bool{}
		for _, g := range f.TestGroups {
			for _, tc := range g.Tests {
				n++
				if seen[tc.TcID] {
					t.Errorf("%s: tcId %d repeated", name, tc.TcID)
				}
				seen[tc.TcID] = true
				if len(tc.Spec) == 0 || tc.Comment == "" || len(tc.Flags) != 0 {
					t.Errorf("%s #%d: spec, comment or an undeclared flag", name, tc.TcID)
				}
				if tc.Result == "invalid" && vectorErrors[tc.Error] == nil {
					t.Errorf("%s #%d: unknown error %q", name, tc.TcID, tc.Error)
				}
			}
		}
		if n != f.NumberOfTests {
			t.Errorf("%s: numberOfTests %d, counted %d", name, f.NumberOfTests, n)
		}
	}
}

func TestVectors(t *testing.T) {
	for name, f := range loadVectors(t) {
		for _, g := range f.TestGroups {
			for _, tc := range g.Tests {
				t.Run(fmt.Sprintf("%s/#%d %s", name, tc.TcID, tc.Comment), func(t *testing.T) {
					switch g.Type {
					case "ReportTest":
						runReports(t, tc)
					case "CleaningTest":
						runCleaning(t, tc)
					case "ShingleTest":
						runShingles(t, tc)
					case "SimilarityTest":
						runSimilarity(t, tc)
					case "ConfirmationTest":
						runConfirmation(t, tc)
					default:
						t.Fatalf("no runner for group type %q", g.Type)
					}
				})
			}
		}
	}
}

func runCleaning(t *testing.T, tc vectorTest) {
	var in string
	switch {
	case tc.Input != nil:
		in = *tc.Input
	case tc.InputHex != nil:
		b, err := hex.DecodeString(*tc.InputHex)
		if err != nil {
			t.Fatal(err)
		}
		in = string(b)
	default:
		t.Fatal("no input")
	}
	got, err := Clean(in)
	if tc.Result == "invalid" {
		if !errors.Is(err, vectorErrors[tc.Error]) {
			t.Fatalf("Clean: error %v, want %s", err, tc.Error)
		}
		var e *Error
		if !errors.As(err, &e) || e.Field != "snippet" || got != "" {
			t.Errorf("refusal %#v, text %q", err, got)
		}
		return
	}
	var want string
	if err := json.Unmarshal(tc.Expected, &want); err != nil {
		t.Fatal(err)
	}
	if err != nil || got != want {
		t.Errorf("Clean: got %q, %v; want %q", got, err, want)
	}
	// Normalize is Clean without the secret check.
	if n := Normalize(in); n != want {
		t.Errorf("Normalize: got %q, want %q", n, want)
	}
	// Cleaning is idempotent.
	if again, err := Clean(got); err != nil || again != got {
		t.Errorf("Clean(Clean(x)) = %q, %v", again, err)
	}
}

func runShingles(t *testing.T, tc vectorTest) {
	var want struct {
		SHA256   string   `json:"sha256"`
		Words    []string `json:"words"`
		Shingles []string `json:"shingles"`
	}
	if err := json.Unmarshal(tc.Expected, &want); err != nil {
		t.Fatal(err)
	}
	fp := NewFingerprint(*tc.Input)
	if got := hex.EncodeToString(fp.SHA256[:]); got != want.SHA256 {
		t.Errorf("sha256 %s, want %s", got, want.SHA256)
	}
	if diff := cmp.Diff(want.Words, Words(*tc.Input), cmp.Comparer(func(a, b []string) bool { return slices.Equal(a, b) })); diff != "" && !(len(want.Words) == 0 && len(Words(*tc.Input)) == 0) {
		t.Errorf("words (-want +got):\n%s", diff)
	}
	got := make([]string, 0)
	for _, h := range fp.Shingles {
		got = append(got, fmt.Sprintf("%016x", h))
	}
	if diff := cmp.Diff(want.Shingles, got); diff != "" {
		t.Errorf("shingles (-want +got):\n%s", diff)
	}
	ws := Words(*tc.Input)
	for i := 0; i+ShingleWords <= len(ws); i++ {
		if h := ShingleHash(ws[i : i+ShingleWords]); !slices.Contains(fp.Shingles, h) {
			t.Errorf("ShingleHash(%v) = %016x not in the set", ws[i:i+ShingleWords], h)
		}
	}
}

func runSimilarity(t *testing.T, tc vectorTest) {
	var want struct {
		Shared            int     `json:"shared"`
		SignatureShingles int     `json:"signature_shingles"`
		TextShingles      int     `json:"text_shingles"`
		Jaccard           float64 `json:"jaccard"`
		Containment       float64 `json:"containment"`
		NearDuplicate     bool    `json:"near_duplicate"`
		Match             bool    `json:"match"`
	}
	if err := json.Unmarshal(tc.Expected, &want); err != nil {
		t.Fatal(err)
	}
	s, x := Shingles(tc.Signature), Shingles(tc.Text)
	if len(s) != want.SignatureShingles || len(x) != want.TextShingles || intersect(s, x) != want.Shared {
		t.Errorf("counts %d %d %d, want %d %d %d", len(s), len(x), intersect(s, x), want.SignatureShingles, want.TextShingles, want.Shared)
	}
	if j := Similarity(s, x); math.Abs(j-want.Jaccard) > 1e-12 {
		t.Errorf("jaccard %v, want %v", j, want.Jaccard)
	}
	if c := Containment(s, x); math.Abs(c-want.Containment) > 1e-12 {
		t.Errorf("containment %v, want %v", c, want.Containment)
	}
	if nd := nearDuplicate(s, x); nd != want.NearDuplicate {
		t.Errorf("near-duplicate %v, want %v", nd, want.NearDuplicate)
	}
	if m := Matches(s, x); m != want.Match {
		t.Errorf("match %v, want %v", m, want.Match)
	}
	// The same through the index.
	ms, err := NewIndex([]Signature{{ID: "s1", Category: "other", Shingles: s}}).Check(tc.Text)
	if err != nil || (len(ms) == 1) != want.Match {
		t.Errorf("index: %v, %v; want match %v", ms, err, want.Match)
	}
}

func runConfirmation(t *testing.T, tc vectorTest) {
	var want struct {
		Confirmed bool `json:"confirmed"`
		Rule      Rule `json:"rule"`
		Owners    int  `json:"owners"`
	}
	if err := json.Unmarshal(tc.Expected, &want); err != nil {
		t.Fatal(err)
	}
	var ss []Sighting
	for _, r := range tc.Reports {
		ss = append(ss, Sighting{Owner: r.Owner, ReceivedAt: r.ReceivedAt, Shingles: Shingles(r.Text)})
	}
	var vs []Vote
	for _, v := range tc.Votes {
		vs = append(vs, Vote{Reviewer: v.Reviewer, Owner: v.Owner, OptedIn: v.OptedIn, Hostile: v.Hostile, At: v.At})
	}
	var corpus *Corpus
	if tc.BenignTexts != nil {
		corpus = corpus.With(tc.BenignTexts...)
	}
	d := Decide(Shingles(tc.Candidate), ss, vs, corpus)
	if d.Confirmed != want.Confirmed || d.Rule != want.Rule || d.Owners != want.Owners {
		t.Errorf("got %+v, want %+v", d, want)
	}
}

func runReports(t *testing.T, tc vectorTest) {
	now, err := time.Parse(time.RFC3339, tc.Now)
	if err != nil {
		t.Fatal(err)
	}
	rs, err := ParseReports(strings.NewReader(tc.CheckIn))
	if err == nil {
		rs, err = ValidateReports(rs, now)
	}
	if tc.Result == "invalid" {
		var e *Error
		if !errors.Is(err, vectorErrors[tc.Error]) || !errors.As(err, &e) || e.Field != tc.Field {
			t.Fatalf("error %v, want %s naming %s", err, tc.Error, tc.Field)
		}
		return
	}
	if err != nil {
		t.Fatal(err)
	}
	var want struct {
		SourceDomains []string `json:"source_domains"`
	}
	if err := json.Unmarshal(tc.Expected, &want); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range rs {
		got = append(got, r.SourceDomain)
	}
	if diff := cmp.Diff(want.SourceDomains, got); diff != "" {
		t.Errorf("source domains (-want +got):\n%s", diff)
	}
}
