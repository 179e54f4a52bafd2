package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"time"

	"github.com/plainsight/plainsight/intent"
)

// runIntent is `plainsight intent hash [--canonical] [FILE|-]`: it prints
// the binding's "sha256:" hash, or with --canonical its canonical JSON.
// A refused binding exits 1 with its error code on stderr.
func runIntent(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "verify" {
		return runIntentVerify(args[1:], stdin, stdout, stderr)
	}
	if len(args) > 0 && (args[0] == "-h" || args[0] == "-help" || args[0] == "--help") {
		writeHelp(stdout, "intent hash", nil)
		fmt.Fprintln(stdout)
		writeHelp(stdout, "intent verify", nil)
		return exitClean
	}
	if len(args) == 0 || args[0] != "hash" {
		fmt.Fprintln(stderr, "plainsight intent: want the subcommand hash or verify (see plainsight help)")
		return exitError
	}
	fset := flag.NewFlagSet("intent hash", flag.ContinueOnError)
	fset.SetOutput(io.Discard)
	canonical := fset.Bool("canonical", false, "print the canonical JSON instead of the hash")
	paths, err := parseInterleaved(fset, args[1:])
	if err == nil && len(paths) > 1 {
		err = errors.New("one FILE at most")
	}
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			writeHelp(stdout, "intent hash", fset)
			return exitClean
		}
		fmt.Fprintf(stderr, "plainsight intent hash: %s (see plainsight help)\n", describe(err))
		return exitError
	}
	in := scanInput{path: "-", stdin: true}
	if len(paths) == 1 && paths[0] != "-" {
		in = scanInput{path: paths[0]}
	}
	data, release, err := readInput(in, stdin, maxBindingSize)
	if err != nil {
		fmt.Fprintf(stderr, "plainsight intent hash: %s\n", describe(err))
		return exitError
	}
	defer release()
	var out []byte
	if *canonical {
		out, err = intent.Canonical(data)
	} else {
		var h string
		h, err = intent.Hash(data)
		out = []byte(h)
	}
	var refused *intent.Error
	switch {
	case errors.As(err, &refused):
		fmt.Fprintf(stderr, "plainsight intent hash: %s\n", describe(err))
		return exitFound
	case err != nil:
		fmt.Fprintf(stderr, "plainsight intent hash: %s\n", describe(err))
		return exitError
	}
	if _, err := fmt.Fprintf(stdout, "%s\n", out); err != nil {
		fmt.Fprintf(stderr, "plainsight intent hash: writing output: %s\n", describe(err))
		return exitError
	}
	return exitClean
}

// runIntentVerify is `plainsight intent verify --hash H [--now TIME]
// [FILE|-]`: the executor's check of a binding against the hash captured
// with it — the hash, the protocol version, the expiry. A process that
// exits cannot remember executions, so the replay check is the library's
// (intent.Verifier with a ReplayGuard), not this command's.
func runIntentVerify(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fset := flag.NewFlagSet("intent verify", flag.ContinueOnError)
	fset.SetOutput(io.Discard)
	hash := fset.String("hash", "", "the hash captured with the binding (sha256:...)")
	nowFlag := fset.String("now", "", "check expiry at this RFC 3339 time instead of the clock")
	paths, err := parseInterleaved(fset, args)
	if err == nil && len(paths) > 1 {
		err = errors.New("one FILE at most")
	}
	if err == nil && *hash == "" {
		err = errors.New("--hash is required")
	}
	now := time.Now
	if err == nil && *nowFlag != "" {
		var t time.Time
		t, err = time.Parse(time.RFC3339Nano, *nowFlag)
		if err != nil {
			err = fmt.Errorf("--now %q: want an RFC 3339 time, such as 2026-07-01T12:00:00Z", *nowFlag)
		}
		now = func() time.Time { return t }
	}
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			writeHelp(stdout, "intent verify", fset)
			return exitClean
		}
		fmt.Fprintf(stderr, "plainsight intent verify: %s (see plainsight help)\n", describe(err))
		return exitError
	}
	in := scanInput{path: "-", stdin: true}
	if len(paths) == 1 && paths[0] != "-" {
		in = scanInput{path: paths[0]}
	}
	data, release, err := readInput(in, stdin, maxBindingSize)
	if err != nil {
		fmt.Fprintf(stderr, "plainsight intent verify: %s\n", describe(err))
		return exitError
	}
	defer release()
	v := &intent.Verifier{Now: now}
	if _, err := v.Verify(context.Background(), data, *hash); err != nil {
		fmt.Fprintf(stderr, "plainsight intent verify: %s\n", describe(err))
		var refused *intent.Error
		if errors.As(err, &refused) {
			return exitFound
		}
		return exitError
	}
	fmt.Fprintln(stdout, "verified:", *hash)
	return exitClean
}
