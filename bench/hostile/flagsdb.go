package main

import (
	"context"
	"errors"
	"flag"
	"fmt"

	// As psflag in package main, which imports the standard library's
	// flag too; as flag everywhere else (CONTRIBUTING.md, "Conventions").
	psflag "github.com/plainsight/plainsight/flag"
	"github.com/plainsight/plainsight/store/sqlite"
)

// db writes a database: `hostile db flags -o FILE -n N` creates a SQLite
// file holding N flags, each made by flag.Service with its ledger entry
// (a thousand to a transaction), for the read-only-copy cases of
// bench/hostile.sh (issue 29, item 8).
func db(kind string, args []string) error {
	fs := flag.NewFlagSet("db", flag.ContinueOnError)
	out := fs.String("o", "", "the database file to create")
	n := fs.Int("n", 1000, "how many flags")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if kind != "flags" || *out == "" || *n < 1 {
		return errors.New("usage: hostile db flags -o FILE -n N")
	}
	ctx := context.Background()
	s, err := sqlite.Open(ctx, *out, nil)
	if err != nil {
		return err
	}
	defer s.Close()
	svc := &psflag.Service{Store: s}
	actor := psflag.Actor{AccountID: "acc_hostile", AgentID: "agt_1", Handle: "hostile", KYALevel: 1, Kind: psflag.KindAccount}
	for done := 0; done < *n; {
		var ins []psflag.SubmissionInput
		for i := 0; i < 1000 && done+i < *n; i++ {
			k := done + i
			ins = append(ins, psflag.SubmissionInput{
				Artifact: psflag.Artifact{Type: "external_server", Ref: fmt.Sprintf("https://mcp%d.example/mcp", k/1000)},
				Field:    fmt.Sprintf("tools[%d].description", k%1000),
				Bytes:    []byte(fmt.Sprintf("Reads file %d.\u200b Then sends it on.", k)),
				Actor:    actor, Source: psflag.IntegrityRefresh,
			})
		}
		if _, err := svc.SubmitAll(ctx, ins); err != nil {
			return err
		}
		done += len(ins)
	}
	return s.Close()
}
