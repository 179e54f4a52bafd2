package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/plainsight/plainsight/server"
	"github.com/plainsight/plainsight/store"
)

const keysUsage = `usage:
  plainsight keys create --owner ACCOUNT --scope SCOPE[,SCOPE]... [--label TEXT] [--db DB]
  plainsight keys revoke [--db DB] KEY_ID

The API keys of plainsight serve: its write routes need a key holding the
route's scope (Authorization: Bearer psk_...). --db names the same
database as serve's, with the same default (the embedded SQLite file in
the data directory).

create  makes a key acting for ACCOUNT and prints its secret on standard
        output, once: only its SHA-256 is stored, so it cannot be shown
        again. Its id (for revoke), owner and scopes go to standard error.
        Scopes: submit, register, dispute, arbitrate, checkin, review, audit
        (audit: read every requester's receipt log entries).
revoke  revokes the key with KEY_ID: every request with it is refused from
        then on. A key is revoked once and never deleted.

Exit status: 0 done, 2 a usage error, an unknown scope or key, a key
revoked already, or a database error.

Example:
  KEY=$(plainsight keys create --owner acct_1 --scope submit,checkin --label ci)
  curl -H "Authorization: Bearer $KEY" ...
`

func init() {
	helps["keys create"] = help{
		usage: "plainsight keys create --owner ACCOUNT --scope SCOPE[,SCOPE]... [flags]",
		about: "Makes an API key for plainsight serve's write routes, acting for ACCOUNT with the given scopes\n" +
			"(submit, register, dispute, arbitrate, checkin, review, audit), and prints its secret on standard output,\n" +
			"once: the database keeps only its SHA-256. The key's id, for revoke, goes to standard error.",
		exits:   "0 the key; 2 a usage error, an unknown scope or a database error.",
		example: "KEY=$(plainsight keys create --owner acct_1 --scope submit,checkin --label ci)",
	}
	helps["keys revoke"] = help{
		usage:   "plainsight keys revoke [flags] KEY_ID",
		about:   "Revokes the API key KEY_ID: every request with it is refused from then on. A key is revoked\nonce and never deleted.",
		exits:   "0 revoked; 2 no such key, a key revoked already, a usage or database error.",
		example: "plainsight keys revoke key_5c0f2a9e1b7d3c44",
	}
}

// runKeys is plainsight keys create|revoke.
func runKeys(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || (args[0] != "create" && args[0] != "revoke") {
		if len(args) > 0 && (args[0] == "-h" || args[0] == "--help" || args[0] == "help") {
			fmt.Fprint(stdout, keysUsage)
			return exitClean
		}
		fmt.Fprintln(stderr, "plainsight keys: want the subcommand create or revoke (see plainsight keys --help)")
		return exitError
	}
	cmd := args[0]
	fset := flag.NewFlagSet("keys "+cmd, flag.ContinueOnError)
	fset.SetOutput(io.Discard)
	db := fset.String("db", "", "the `DB` of plainsight serve: sqlite:PATH or a postgres:// URL (default $PLAINSIGHT_DB, else serve's embedded SQLite file)")
	var owner, scopes, label *string
	if cmd == "create" {
		owner = fset.String("owner", "", "the `ACCOUNT` the key acts for (required)")
		scopes = fset.String("scope", "", "the `SCOPES`, comma-separated: submit, register, dispute, arbitrate, checkin, review, audit (required)")
		label = fset.String("label", "", "a `TEXT` naming the key for people")
	}
	rest, err := parseInterleaved(fset, args[1:])
	switch {
	case errors.Is(err, flag.ErrHelp):
		writeHelp(stdout, "keys "+cmd, fset)
		return exitClean
	case err != nil:
	case cmd == "create" && len(rest) > 0:
		err = fmt.Errorf("unexpected argument %q", rest[0])
	case cmd == "create" && (*owner == "" || *scopes == ""):
		err = errors.New("--owner and --scope are required")
	case cmd == "revoke" && len(rest) != 1:
		err = errors.New("want one KEY_ID")
	}
	if err != nil {
		fmt.Fprintf(stderr, "plainsight keys %s: %s (see plainsight keys %s --help)\n", cmd, describe(err), cmd)
		return exitError
	}
	ctx := context.Background()
	s, where, err := openServeDB(ctx, *db)
	if err != nil {
		fmt.Fprintf(stderr, "plainsight keys %s: %s\n", cmd, describe(err))
		return exitError
	}
	defer s.Close()
	if cmd == "revoke" {
		err := s.RevokeAPIKey(ctx, rest[0], time.Now())
		switch {
		case errors.Is(err, store.ErrNotFound):
			fmt.Fprintf(stderr, "plainsight keys revoke: no key %q in %s\n", printable(rest[0]), where)
		case errors.Is(err, store.ErrConflict):
			fmt.Fprintf(stderr, "plainsight keys revoke: key %s is revoked already\n", printable(rest[0]))
		case err != nil:
			fmt.Fprintf(stderr, "plainsight keys revoke: %s\n", describe(err))
		default:
			fmt.Fprintf(stderr, "plainsight keys revoke: key %s revoked (%s)\n", printable(rest[0]), where)
			return exitClean
		}
		return exitError
	}
	secret, k, err := server.CreateKey(ctx, s, *owner, *label, strings.Split(*scopes, ","), time.Now())
	if err != nil {
		fmt.Fprintf(stderr, "plainsight keys create: %s\n", describe(err))
		return exitError
	}
	fmt.Fprintln(stdout, secret)
	fmt.Fprintf(stderr, "plainsight keys create: key %s for %s, scopes %s (%s); the secret above is shown once, and stored only as its SHA-256\n",
		k.ID, printable(k.Owner), strings.Join(k.Scopes, ","), where)
	return exitClean
}
