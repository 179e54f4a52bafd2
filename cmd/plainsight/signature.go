package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/plainsight/plainsight/server"
	"github.com/plainsight/plainsight/signature"
)

const signatureUsage = `usage:
  plainsight signature check [--db DB] [--format text|json] [FILE|-]
  plainsight signature list [--db DB] [--format text|json]
  plainsight signature import [--db DB] [--from NAME] [--corpus PATH] FILE|-
  plainsight signature corpus add [--corpus PATH] [--db DB] FILE...
  plainsight signature corpus show [--corpus PATH] [--db DB]

DB is PATH or sqlite:PATH of a SQLite file, or a postgres:// URL; default
$PLAINSIGHT_DB, else plainsight.db in the data directory. A database that
does not exist yet holds no signatures: check and list answer so (exit 0)
and create nothing; import creates it.

Exit status: check 0 no match, 1 a match; list 0; import 0 imported, 1 a
signature refused by the poisoning guard (the others imported); 2 a usage,
I/O or database error.
`

// runSignature is `plainsight signature check`: a text (a file, or stdin
// for - or no argument; at most 16 KiB) checked against the confirmed
// community signatures of a local store (--db, $PLAINSIGHT_DB or the
// default database; one that does not exist yet holds none). json prints {"matches": [{"id", "category",
// "similarity"}]}; text one line per match. Exit 0 with no match, 1 with a
// match, 2 on a usage or I/O error. The text is read into memory, checked
// and never written anywhere; an error message never quotes it.
func runSignature(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "corpus" {
		return runCorpus(args[1:], stdout, stderr)
	}
	if len(args) > 0 && args[0] == "list" {
		return runSignatureList(args[1:], stdout, stderr) // signature_feed.go
	}
	if len(args) > 0 && args[0] == "import" {
		return runSignatureImport(args[1:], stdin, stdout, stderr)
	}
	if len(args) == 0 || args[0] != "check" {
		if len(args) > 0 && (args[0] == "-h" || args[0] == "--help" || args[0] == "help") {
			fmt.Fprint(stdout, signatureUsage)
			return exitClean
		}
		fmt.Fprintln(stderr, "plainsight signature: want the subcommand check, list, import or corpus (see plainsight signature --help)")
		return exitError
	}
	fset := flag.NewFlagSet("signature check", flag.ContinueOnError)
	fset.SetOutput(io.Discard)
	db := fset.String("db", "", dbFlagHelp)
	format := fset.String("format", "text", "text or json")
	rest, err := parseInterleaved(fset, args[1:])
	switch {
	case err != nil:
	case len(rest) > 1:
		err = errors.New("want at most one FILE")
	case *format != "text" && *format != "json":
		err = fmt.Errorf("unknown format %q", *format)
	}
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			writeHelp(stdout, "signature check", fset)
			return exitClean
		}
		fmt.Fprintf(stderr, "plainsight signature check: %s (see plainsight signature --help)\n", describe(err))
		return exitError
	}
	in := stdin
	if len(rest) == 1 && rest[0] != "-" {
		f, err := os.Open(rest[0])
		if err != nil {
			fmt.Fprintf(stderr, "plainsight signature check: %s\n", describe(err))
			return exitError
		}
		defer f.Close()
		in = f
	}
	text, err := io.ReadAll(io.LimitReader(in, signature.MaxCheckBytes+1))
	if err != nil {
		fmt.Fprintf(stderr, "plainsight signature check: reading the text: %s\n", describe(err))
		return exitError
	}
	if len(text) > signature.MaxCheckBytes {
		fmt.Fprintf(stderr, "plainsight signature check: the text is over %d bytes\n", signature.MaxCheckBytes)
		return exitError
	}
	ctx := context.Background()
	s, err := openDB(ctx, *db)
	if err != nil {
		fmt.Fprintf(stderr, "plainsight signature check: %s\n", describe(err))
		return exitError
	}
	defer s.Close()
	noteEmpty(stderr, "signature check", s)
	ss, ok := s.(signature.Store)
	if !ok {
		fmt.Fprintf(stderr, "plainsight signature check: this store has no signatures\n")
		return exitError
	}
	svc := signature.NewService(ss, signature.Options{})
	matches, err := svc.Check(ctx, string(text))
	var held int
	if err == nil {
		var x *signature.Index
		if x, err = svc.Index(ctx); err == nil {
			held = x.Len()
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "plainsight signature check: %s\n", describe(err))
		return exitError
	}
	if *format == "json" {
		if matches == nil {
			matches = []signature.Match{}
		}
		b, _ := json.Marshal(struct {
			Matches []signature.Match `json:"matches"`
			Note    string            `json:"note"` // §12, as POST /api/v1/shield/check
		}{matches, server.CheckNote})
		fmt.Fprintf(stdout, "%s\n", b)
	} else {
		for _, m := range matches {
			fmt.Fprintf(stdout, "%s\t%s\t%.3f\n", m.ID, m.Category, m.Similarity)
		}
		switch {
		case held == 0:
			// Issue 31, item 4: say that nothing could match.
			fmt.Fprintln(stdout, "no match: the database holds no confirmed signatures (see plainsight signature import)")
		case len(matches) == 0:
			fmt.Fprintf(stdout, "no match among %d confirmed signatures\n", held)
		}
		fmt.Fprintf(stdout, "note: %s\n", server.CheckNote)
	}
	if len(matches) > 0 {
		return exitFound
	}
	return exitClean
}
