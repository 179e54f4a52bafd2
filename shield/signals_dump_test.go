package shield_test

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plainsight/plainsight/internal/testkit/benchtext"
	"github.com/plainsight/plainsight/scan"
	"github.com/plainsight/plainsight/shield"
)

var (
	signalsOut  = flag.String("signals-out", "", "file: TestSignalsDump writes every response of a corpus there, to compare two builds")
	signalsPool = flag.String("signals-pool", "", "a JSON Lines file of {\"text\": …} records TestSignalsDump adds to its corpus (the labelled pool)")
)

// TestSignalsDump writes, to the file -signals-out names, shield.Scan's
// verdict, scores and signals (as a web page and as a tool's output) and
// package scan's findings (Spec and Strict) for every text of a corpus:
// 16 KiB chunks of Go's comments (benchtext.GoDocs), of BenchmarkScanReal's
// categories (Vim's tutors in every language among them) and of this
// package's test data and vectors, the benchmark
// e-mails and injections paragraph by paragraph, and the records of
// -signals-pool. Built from two trees and run on the same machine, the
// files compare byte for byte (cmp) when a change of speed changed no
// result (docs/judgement/speed.md). Without -signals-out there is nothing
// to write.
func TestSignalsDump(t *testing.T) {
	if *signalsOut == "" {
		t.Skip("no -signals-out file")
	}
	s, err := shield.New(shield.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var texts []string
	add := func(x string) {
		for len(x) > 16<<10 {
			texts = append(texts, x[:16<<10])
			x = x[16<<10:]
		}
		if x != "" {
			texts = append(texts, x)
		}
	}
	docs, _ := benchtext.GoDocs()
	add(docs)
	add(realUsrShareDoc())
	add(realHTML())
	add(realGoComments())
	if tutors, err := benchtext.VimTutors(); err == nil {
		add(tutors) // BenchmarkScanReal's prose-multilingual, whole
	}
	texts = append(texts, realToolLists(t)...)
	for _, f := range []string{"emails.txt", "injection.txt"} {
		b := realTestdata(t, f)
		add(b)
		texts = append(texts, strings.Split(b, "\n\n")...)
	}
	files, _ := filepath.Glob("testdata/*/*")
	vectors, _ := filepath.Glob("../vectors/shield/*")
	for _, p := range append(files, vectors...) {
		if b, err := os.ReadFile(p); err == nil {
			add(string(b))
		}
	}
	if *signalsPool != "" {
		b, err := os.ReadFile(*signalsPool)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(string(b), "\n") {
			var rec struct{ Text string }
			if json.Unmarshal([]byte(line), &rec) == nil && rec.Text != "" {
				texts = append(texts, rec.Text)
			}
		}
	}
	f, err := os.Create(*signalsOut)
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriter(f)
	for i, tx := range texts {
		for _, src := range []shield.Source{shield.SourceWeb, shield.SourceToolOutput} {
			resp, err := s.Scan(context.Background(), shield.Request{Content: tx, Context: shield.Context{Source: src, Direction: shield.Inbound}})
			if err != nil {
				t.Fatal(err)
			}
			b, _ := json.Marshal(struct {
				Verdict   shield.Verdict
				Scores    shield.Scores
				Signals   []shield.Signal
				Truncated bool
			}{resp.Verdict, resp.Scores, resp.Signals, resp.Truncated})
			fmt.Fprintln(w, i, src, string(b))
		}
		for _, p := range []scan.Profile{scan.Spec, scan.Strict} {
			res, err := scan.Scan(tx, &scan.Options{Profile: p})
			if err != nil {
				t.Fatal(err)
			}
			b, _ := json.Marshal(res)
			fmt.Fprintln(w, i, p, string(b))
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d texts", len(texts))
}
