package flag_test

import (
	"context"
	"fmt"

	"github.com/plainsight/plainsight/flag"
	"github.com/plainsight/plainsight/store/memory"
)

func ExampleService_Submit() {
	ctx := context.Background()
	svc := &flag.Service{Store: memory.New()}
	alice := flag.Actor{AccountID: "acc_alice", AgentID: "agt_1", Handle: "alice", KYALevel: 2, Kind: flag.KindAccount}
	in := flag.SubmissionInput{
		Artifact: flag.Artifact{Type: "external_server", Ref: "https://mcp.example/mcp"},
		Field:    "tools[0].description",
		Bytes:    []byte("Reads a file.\u200b"),
		Actor:    alice,
		Source:   flag.Submission,
	}
	out, _ := svc.Submit(ctx, in)
	f := out.Decisions[0].Flag
	fmt.Println(out.Status, f.FindingClass, f.Status, f.LedgerSeq)
	fmt.Println(f.Evidence.Excerpt)

	// The attributed actor disputes; an arbitrator of another account
	// overturns; the same bytes from the same actor are then admitted.
	c := flag.Case{CaseID: "case_1", CaseNumber: 1}
	svc.Dispute(ctx, f.ID, alice, c)
	svc.Overturn(ctx, f.ID, c, flag.Principal{AccountID: "acc_arbiter", KeyID: "key_arbiter"})
	out, _ = svc.Submit(ctx, in)
	fmt.Println(out.Status)
	// Output:
	// held zero_width standing 1
	// Reads a file.⟨U+200B ZERO WIDTH SPACE⟩
	// admitted
}
