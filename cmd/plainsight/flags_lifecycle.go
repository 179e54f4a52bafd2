package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"

	psflag "github.com/plainsight/plainsight/flag"
	"github.com/plainsight/plainsight/store"
)

// runFlagStep is `plainsight flags dispute|award`: a §8 lifecycle step on
// the database, for operators, recording the same ledger entries as POST
// /v1/security/flags/{id}/dispute and …/award (issue 28, item 3) — with
// the acting account as "account:<id>" where the routes record the API
// key. dispute is filed for the flag's attributed account (the actor's
// account, or a claimed server's publisher); award applies the arbitration
// award, never by the disputing account (issue 29's self_decision). Exit
// 0 the step taken; 2 a refused step (not_attributed, self_decision,
// decided, wrong_state, case_mismatch), no such flag, a usage or database
// error.
func runFlagStep(args []string, stdout, stderr io.Writer) int {
	cmd := args[0]
	fset := flag.NewFlagSet("flags "+cmd, flag.ContinueOnError)
	fset.SetOutput(io.Discard)
	db := fset.String("db", "", dbFlagHelp)
	format := fset.String("format", "text", "text or json")
	byHelp := "the account filing the dispute: the flag's attributed account (its actor's, or the claimed server's publisher)"
	if cmd == "award" {
		byHelp = "the arbitrating account: never the flag's attributed account nor the one that filed the dispute"
	}
	by := fset.String("by", "", byHelp+"; required")
	var c psflag.Case
	fset.StringVar(&c.CaseID, "case-id", "", "the arbitration case's id; required")
	fset.Int64Var(&c.CaseNumber, "case-number", 0, "the arbitration case's number, from 1; required")
	var decision *string
	if cmd == "award" {
		decision = fset.String("decision", "", "overturn or uphold; required")
	}
	rest, err := parseInterleaved(fset, args[1:])
	switch {
	case err != nil:
	case len(rest) != 1:
		err = errors.New("want one FLAG_ID")
	case *format != "text" && *format != "json":
		err = fmt.Errorf("unknown format %q", *format)
	case *by == "":
		err = errors.New("--by ACCOUNT is required")
	case c.CaseID == "" || c.CaseNumber < 1:
		err = errors.New("--case-id and --case-number (from 1) are required")
	case decision != nil && *decision != "overturn" && *decision != "uphold":
		err = errors.New("--decision is overturn or uphold")
	}
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			writeHelp(stdout, "flags "+cmd, fset)
			return exitClean
		}
		fmt.Fprintf(stderr, "plainsight flags %s: %s (see plainsight flags %s --help)\n", cmd, describe(err), cmd)
		return exitError
	}
	ctx := context.Background()
	s, err := openDB(ctx, *db)
	if err != nil {
		fmt.Fprintf(stderr, "plainsight flags %s: %s\n", cmd, describe(err))
		return exitError
	}
	defer s.Close()
	noteEmpty(stderr, "flags "+cmd, s)
	svc := &psflag.Service{Store: s}
	p := psflag.Principal{AccountID: *by}
	var f psflag.Flag
	switch {
	case cmd == "dispute":
		f, err = svc.DisputeAs(ctx, rest[0], p, c)
	case *decision == "overturn":
		f, err = svc.Overturn(ctx, rest[0], c, p)
	default:
		f, err = svc.Uphold(ctx, rest[0], c, p)
	}
	if err != nil {
		fmt.Fprintf(stderr, "plainsight flags %s: %s%s\n", cmd, stepCode(err), describe(err))
		return exitError
	}
	if *format == "json" {
		b, _ := json.MarshalIndent(f, "", "  ")
		_, err = fmt.Fprintf(stdout, "%s\n", b)
	} else {
		err = writeFlagsText(stdout, []psflag.Flag{f}, true)
	}
	if err != nil {
		fmt.Fprintf(stderr, "plainsight flags %s: writing output: %s\n", cmd, describe(err))
		return exitError
	}
	return exitClean
}

// stepCode is the HTTP routes' error code of a refused step, with a
// separator, or "" for other errors.
func stepCode(err error) string {
	for _, c := range []struct {
		kind error
		code string
	}{
		{psflag.ErrNotFound, "flag_not_found"}, {psflag.ErrNotAttributed, "not_attributed"},
		{psflag.ErrSelfDecision, "self_decision"}, {psflag.ErrDecided, "decided"},
		{psflag.ErrCaseMismatch, "case_mismatch"}, {psflag.ErrWrongState, "wrong_state"},
		{store.ErrConflict, "wrong_state"},
	} {
		if errors.Is(err, c.kind) {
			return c.code + ": "
		}
	}
	return ""
}
