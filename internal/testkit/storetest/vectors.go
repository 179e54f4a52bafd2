package storetest

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/plainsight/plainsight/flag"
	"github.com/plainsight/plainsight/ledger"
	"github.com/plainsight/plainsight/scan"
	"github.com/plainsight/plainsight/store"
	"github.com/plainsight/plainsight/vectors"
)

// The structs mirror vectors/schemas/flag_*_schema_v1.json; the files are
// decoded strictly.

type evidenceFile struct {
	Schema         string          `json:"schema"`
	Spec           json.RawMessage `json:"spec"`
	UnicodeVersion string          `json:"unicode_version"`
	NumberOfTests  int             `json:"numberOfTests"`
	Header         []string        `json:"header"`
	Notes          map[string]any  `json:"notes"`
	TestGroups     []struct {
		Type  string         `json:"type"`
		Tests []evidenceTest `json:"tests"`
	} `json:"testGroups"`
}

type evidenceTest struct {
	TcID     int          `json:"tcId"`
	Comment  string       `json:"comment"`
	Spec     []string     `json:"spec"`
	Input    *string      `json:"input"`
	InputHex *string      `json:"inputHex"`
	Context  string       `json:"context"`
	Findings []rawFinding `json:"findings"`
	Expected *struct {
		Flags []evidenceFlag `json:"flags"`
	} `json:"expected"`
	Result string   `json:"result"`
	Error  string   `json:"error"`
	Flags  []string `json:"flags"`
}

type rawFinding struct {
	Class     string `json:"class"`
	Heuristic bool   `json:"heuristic"`
	Excerpt   string `json:"excerpt"`
}

type evidenceFlag struct {
	FindingClass string        `json:"finding_class"`
	Heuristic    bool          `json:"heuristic"`
	Evidence     flag.Evidence `json:"evidence"`
}

type lifecycleFile struct {
	Schema         string          `json:"schema"`
	Spec           json.RawMessage `json:"spec"`
	UnicodeVersion string          `json:"unicode_version"`
	NumberOfTests  int             `json:"numberOfTests"`
	Header         []string        `json:"header"`
	Notes          map[string]any  `json:"notes"`
	TestGroups     []struct {
		Type  string          `json:"type"`
		Tests []lifecycleTest `json:"tests"`
	} `json:"testGroups"`
}

type lifecycleTest struct {
	TcID    int                   `json:"tcId"`
	Comment string                `json:"comment"`
	Spec    []string              `json:"spec"`
	Actors  map[string]flag.Actor `json:"actors"`
	// Principals are who file and decide disputes, by name.
	Principals map[string]principal `json:"principals"`
	Steps      []step               `json:"steps"`
	Final      struct {
		Flags []finalFlag `json:"flags"`
		// Ledger lists the entry types in order.
		Ledger []string `json:"ledger"`
	} `json:"final"`
	Result string   `json:"result"`
	Flags  []string `json:"flags"`
}

type step struct {
	Op       string          `json:"op"`
	Actor    json.RawMessage `json:"actor"` // a name in actors, or an actor object
	Artifact flag.Artifact   `json:"artifact"`
	Field    string          `json:"field"`
	Input    string          `json:"input"`
	Source   flag.Source     `json:"source"`
	Flag     int             `json:"flag"`
	Case     flag.Case       `json:"case"`
	// By names the principal taking a lifecycle step (a name in
	// principals): the decider of an overturn or uphold, and of a dispute
	// filed with it rather than as the actor.
	By     string `json:"by"`
	Expect *struct {
		Gate      flag.GateStatus `json:"gate"`
		Decisions []decision      `json:"decisions"`
		Status    flag.Status     `json:"status"`
		// Entry is the ledger entry a lifecycle step appends.
		Entry *struct {
			Type      string `json:"type"`
			FiledBy   string `json:"filed_by"`
			DecidedBy string `json:"decided_by"`
		} `json:"entry"`
	} `json:"expect"`
	Error     string     `json:"error"`
	ErrorCase *flag.Case `json:"error_case"`
}

type principal struct {
	AccountID string `json:"account_id"`
	KeyID     string `json:"key_id"`
}

type decision struct {
	FindingClass string `json:"finding_class"`
	Flag         int    `json:"flag,omitempty"`
	Created      bool   `json:"created"`
	AdmittedBy   int    `json:"admitted_by,omitempty"`
}

type finalFlag struct {
	Flag    int         `json:"flag"`
	Status  flag.Status `json:"status"`
	Dispute *flag.Case  `json:"dispute"`
	Source  flag.Source `json:"source"`
	Actor   string      `json:"actor"`
}

// errorClasses maps the vectors' error names to this implementation's
// sentinels.
var errorClasses = map[string]error{
	"unknown_class":    flag.ErrUnknownClass,
	"heuristic":        flag.ErrHeuristic,
	"excerpt_too_long": flag.ErrExcerptTooLong,
	"actor_kind":       flag.ErrActorKind,
	"invalid":          flag.ErrInvalid,
	"not_found":        flag.ErrNotFound,
	"wrong_state":      flag.ErrWrongState,
	"not_attributed":   flag.ErrNotAttributed,
	"decided":          flag.ErrDecided,
	"case_mismatch":    flag.ErrCaseMismatch,
	"self_decision":    flag.ErrSelfDecision,
}

// knownFlags is the harness's policy for the vectors' flags: all label
// valid tests. A flag missing here fails the run.
var knownFlags = map[string]bool{
	"OneFlagPerClass": true, "HeuristicOnly": true, "ExactBytes": true,
	"Decided": true, "Refresh": true, "Gate": true, "Heuristic": true,
	"SelfDecision": true, "LifecycleEntries": true,
}

func decodeStrict(t *testing.T, name string, v any) {
	t.Helper()
	raw, err := fs.ReadFile(vectors.FS(), name)
	if err != nil {
		t.Fatalf("%v: the flag vectors are missing", err)
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

func checkFlags(t *testing.T, flags []string) {
	for _, f := range flags {
		if !knownFlags[f] {
			t.Fatalf("flag %q has no policy in this harness", f)
		}
	}
}

func testVectors(t *testing.T, o Opener) {
	var ev evidenceFile
	decodeStrict(t, "flag/evidence.json", &ev)
	n := 0
	for _, g := range ev.TestGroups {
		for _, tc := range g.Tests {
			n++
			t.Run(fmt.Sprintf("evidence.json/#%d %s", tc.TcID, tc.Comment), func(t *testing.T) {
				checkFlags(t, tc.Flags)
				runEvidence(t, o, g.Type, &tc)
			})
		}
	}
	var lf lifecycleFile
	decodeStrict(t, "flag/lifecycle.json", &lf)
	for _, g := range lf.TestGroups {
		for _, tc := range g.Tests {
			n++
			t.Run(fmt.Sprintf("lifecycle.json/#%d %s", tc.TcID, tc.Comment), func(t *testing.T) {
				checkFlags(t, tc.Flags)
				runLifecycle(t, o, &tc)
			})
		}
	}
	if n != ev.NumberOfTests+lf.NumberOfTests || n == 0 {
		t.Errorf("ran %d flag vectors, the files declare %d", n, ev.NumberOfTests+lf.NumberOfTests)
	}
}

func runEvidence(t *testing.T, o Opener, typ string, tc *evidenceTest) {
	s := o.New(t)
	c := ctx(t)
	var field []byte
	switch {
	case tc.Input != nil:
		field = []byte(*tc.Input)
	case tc.InputHex != nil:
		var err error
		if field, err = hex.DecodeString(*tc.InputHex); err != nil {
			t.Fatal(err)
		}
	default:
		t.Fatal("no input")
	}
	in := flag.SubmissionInput{Artifact: srv, Field: "description", Bytes: field, Actor: alice, Source: flag.Submission, Context: tc.Context}
	switch typ {
	case "FlagEvidenceTest":
	case "FlagFindingsTest":
		res := &scan.Result{}
		for _, f := range tc.Findings {
			res.Findings = append(res.Findings, scan.Finding{Class: scan.Class(f.Class), Heuristic: f.Heuristic, Excerpt: f.Excerpt})
		}
		in.Result = res
	default:
		t.Fatalf("unknown test group type %q", typ)
	}
	out, err := service(s).Submit(c, in)
	switch tc.Result {
	case "valid":
		if err != nil {
			t.Fatalf("Submit: %v", err)
		}
		got := []evidenceFlag{}
		for _, d := range out.Decisions {
			if d.Flag == nil || !d.Created {
				t.Fatalf("decision %+v: want a created flag", d)
			}
			got = append(got, evidenceFlag{string(d.Flag.FindingClass), d.Flag.Heuristic, d.Flag.Evidence})
			if d.Flag.Context != tc.Context {
				t.Errorf("flag context %q, want %q", d.Flag.Context, tc.Context)
			}
		}
		want := tc.Expected.Flags
		if want == nil {
			want = []evidenceFlag{}
		}
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("flags (-want +got):\n%s", d)
		}
		mustVerify(t, s, int64(len(got)))
	case "invalid":
		want, ok := errorClasses[tc.Error]
		if !ok {
			t.Fatalf("unknown error class %q", tc.Error)
		}
		if !errors.Is(err, want) {
			t.Errorf("Submit: got %v, want %s", err, tc.Error)
		}
		if n, m := countFlags(t, s), countEntries(t, s); n != 0 || m != 0 {
			t.Errorf("refused input wrote %d flags and %d ledger entries", n, m)
		}
	default:
		t.Fatalf("result %q has no policy", tc.Result)
	}
}

func runLifecycle(t *testing.T, o Opener, tc *lifecycleTest) {
	s := o.New(t)
	c := ctx(t)
	svc := service(s)
	var ids []string // flag n is ids[n-1]
	num := map[string]int{}
	actor := func(raw json.RawMessage) flag.Actor {
		var name string
		if json.Unmarshal(raw, &name) == nil {
			a, ok := tc.Actors[name]
			if !ok {
				t.Fatalf("unknown actor %q", name)
			}
			return a
		}
		var a flag.Actor
		if err := json.Unmarshal(raw, &a); err != nil {
			t.Fatalf("actor %s: %v", raw, err)
		}
		return a
	}
	principalOf := func(name string) flag.Principal {
		p, ok := tc.Principals[name]
		if name != "" && !ok {
			t.Fatalf("unknown principal %q", name)
		}
		return flag.Principal{AccountID: p.AccountID, KeyID: p.KeyID}
	}
	flagID := func(n int) string {
		if n < 1 || n > len(ids) {
			t.Fatalf("step names flag %d; %d created so far", n, len(ids))
		}
		return ids[n-1]
	}
	for i, st := range tc.Steps {
		nFlags, nEntries := countFlags(t, s), countEntries(t, s)
		var err error
		var got flag.Flag
		var out flag.Outcome
		switch st.Op {
		case "submit":
			out, err = svc.Submit(c, flag.SubmissionInput{Artifact: st.Artifact, Field: st.Field, Bytes: []byte(st.Input), Actor: actor(st.Actor), Source: st.Source})
		case "dispute":
			if st.By != "" {
				got, err = svc.DisputeAs(c, flagID(st.Flag), principalOf(st.By), st.Case)
			} else {
				got, err = svc.Dispute(c, flagID(st.Flag), actor(st.Actor), st.Case)
			}
		case "overturn":
			got, err = svc.Overturn(c, flagID(st.Flag), st.Case, principalOf(st.By))
		case "uphold":
			got, err = svc.Uphold(c, flagID(st.Flag), st.Case, principalOf(st.By))
		default:
			t.Fatalf("step %d: unknown op %q", i, st.Op)
		}
		if st.Error != "" {
			want, ok := errorClasses[st.Error]
			if !ok {
				t.Fatalf("step %d: unknown error class %q", i, st.Error)
			}
			if !errors.Is(err, want) {
				t.Errorf("step %d (%s): got %v, want %s", i, st.Op, err, st.Error)
			}
			var fe *flag.Error
			if st.ErrorCase != nil && (!errors.As(err, &fe) || fe.Case == nil || *fe.Case != *st.ErrorCase) {
				t.Errorf("step %d (%s): error %v does not name case %v", i, st.Op, err, *st.ErrorCase)
			}
			if n, m := countFlags(t, s), countEntries(t, s); n != nFlags || m != nEntries {
				t.Errorf("step %d (%s): a refused step wrote records", i, st.Op)
			}
			continue
		}
		if err != nil {
			t.Fatalf("step %d (%s): %v", i, st.Op, err)
		}
		if st.Expect == nil {
			t.Fatalf("step %d: neither expect nor error", i)
		}
		if st.Op != "submit" {
			if got.Status != st.Expect.Status {
				t.Errorf("step %d (%s): status %s, want %s", i, st.Op, got.Status, st.Expect.Status)
			}
			if we := st.Expect.Entry; we != nil {
				checkStepEntry(t, s, i, st.Op, got.ID, we.Type, we.FiledBy, we.DecidedBy)
			}
			continue
		}
		gotDs := []decision{}
		for _, d := range out.Decisions {
			gd := decision{FindingClass: string(d.Class), Created: d.Created}
			switch {
			case d.Flag != nil && d.Created:
				ids = append(ids, d.Flag.ID)
				num[d.Flag.ID] = len(ids)
				gd.Flag = len(ids)
			case d.Flag != nil:
				gd.Flag = num[d.Flag.ID]
			case d.OverturnedBy != nil:
				gd.AdmittedBy = num[d.OverturnedBy.ID]
			}
			gotDs = append(gotDs, gd)
		}
		want := st.Expect.Decisions
		if want == nil {
			want = []decision{}
		}
		if out.Status != st.Expect.Gate {
			t.Errorf("step %d: gate %s, want %s", i, out.Status, st.Expect.Gate)
		}
		if d := cmp.Diff(want, gotDs); d != "" {
			t.Errorf("step %d: decisions (-want +got):\n%s", i, d)
		}
	}
	var finals []finalFlag
	all, err := s.ListFlags(c, store.FlagQuery{})
	if err != nil {
		t.Fatal(err)
	}
	names := map[flag.Actor]string{}
	for name, a := range tc.Actors {
		names[a] = name
	}
	for _, sf := range all {
		f, _ := svc.Get(c, sf.ID)
		finals = append(finals, finalFlag{Flag: num[f.ID], Status: f.Status, Dispute: f.Dispute, Source: f.Source, Actor: names[f.Actor]})
	}
	if d := cmp.Diff(tc.Final.Flags, finals, cmpopts.EquateEmpty()); d != "" {
		t.Errorf("final flags (-want +got):\n%s", d)
	}
	var types []string
	if err := s.LedgerEntries(c, 1, func(e store.LedgerEntry) error { types = append(types, e.Type); return nil }); err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(tc.Final.Ledger, types, cmpopts.EquateEmpty()); d != "" {
		t.Errorf("ledger entry types (-want +got):\n%s", d)
	}
	if _, err := ledger.Verify(c, s); err != nil {
		t.Error(err)
	}
}

// checkStepEntry checks the entry a lifecycle step appended: the ledger's
// head, of type typ, naming the flag, and recording who filed or decided.
func checkStepEntry(t *testing.T, s store.Store, i int, op, id, typ, filedBy, decidedBy string) {
	t.Helper()
	head, err := s.LedgerHead(ctx(t))
	if err != nil {
		t.Fatalf("step %d (%s): %v", i, op, err)
	}
	e, err := ledger.Decode(head)
	if err != nil {
		t.Fatalf("step %d (%s): %v", i, op, err)
	}
	var d struct {
		FlagID    string  `json:"flag_id"`
		FiledBy   *string `json:"filed_by"`
		DecidedBy *string `json:"decided_by"`
	}
	if err := json.Unmarshal(e.Data, &d); err != nil {
		t.Fatalf("step %d (%s): entry data: %v", i, op, err)
	}
	str := func(p *string) string {
		if p == nil {
			return ""
		}
		return *p
	}
	if e.Type != typ || d.FlagID != id || str(d.FiledBy) != filedBy || str(d.DecidedBy) != decidedBy {
		t.Errorf("step %d (%s): entry %s for %s filed_by %q decided_by %q; want %s for %s filed_by %q decided_by %q",
			i, op, e.Type, d.FlagID, str(d.FiledBy), str(d.DecidedBy), typ, id, filedBy, decidedBy)
	}
}
