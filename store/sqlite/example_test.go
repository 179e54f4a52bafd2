package sqlite_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/plainsight/plainsight/flag"
	"github.com/plainsight/plainsight/ledger"
	"github.com/plainsight/plainsight/store/sqlite"
)

func ExampleOpen() {
	ctx := context.Background()
	dir, _ := os.MkdirTemp("", "plainsight")
	defer os.RemoveAll(dir)
	s, err := sqlite.Open(ctx, filepath.Join(dir, "plainsight.db"), nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer s.Close()
	svc := &flag.Service{Store: s}
	out, _ := svc.Submit(ctx, flag.SubmissionInput{
		Artifact: flag.Artifact{Type: "skill", Ref: "example-skill"},
		Field:    "SKILL.md",
		Bytes:    []byte("Summarise the page.\u202e"),
		Actor:    flag.Actor{Kind: flag.KindAnonymous},
		Source:   flag.Submission,
	})
	r, _ := ledger.Verify(ctx, s)
	fmt.Println(out.Status, out.Decisions[0].Flag.FindingClass, r.Entries)
	// Output: held bidi_control 1
}
