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
  plainsight keys create --owner ACCOUNT --scope SCOPE[,SCOPE]... [--label TEXT] [--db sqlite:PATH|postgres://...]
  plainsight keys revoke [--db sqlite:PATH|postgres://...] KEY_ID

The API keys of plainsight serve: its write routes need a key holding the
route's scope (Authorization: Bearer psk_...). --db names the same
database as serve's, with the same default (the embedded SQLite file in
the data directory).

create  makes a key acting for ACCOUNT and prints its secret on standard
        output, once: only its SHA-256 is stored, so it cannot be shown
        again. Its id (for revoke), owner and scopes go to standard error.
        Scopes: submit, register, dispute, arbitrate, checkin, review.
revoke  revokes the key with KEY_ID: every request with it is refused from
        then on. A key is revoked once and never deleted.

Exit status: 0 done, 2 a usage error, an unknown scope or key, a key
revoked already, or a database error.

Example:
  KEY=$(plainsight keys create --owner acct_1 --scope submit,checkin --label ci)
  curl -H "Authorization: Bearer $KEY" ...
`

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
	db := fset.String("db", "", "the database")
	owner := fset.String("owner", "", "the account the key acts for")
	scopes := fset.String("scope", "", "the scopes, comma-separated")
	label := fset.String("label", "", "a label for people")
	rest, err := parseInterleaved(fset, args[1:])
	switch {
	case errors.Is(err, flag.ErrHelp):
		fmt.Fprint(stdout, keysUsage)
		return exitClean
	case err != nil:
	case cmd == "create" && len(rest) > 0:
		err = fmt.Errorf("unexpected argument %q", rest[0])
	case cmd == "create" && (*owner == "" || *scopes == ""):
		err = errors.New("--owner and --scope are required")
	case cmd == "revoke" && len(rest) != 1:
		err = errors.New("want one KEY_ID")
	case cmd == "revoke" && (*owner != "" || *scopes != "" || *label != ""):
		err = errors.New("revoke takes only --db and KEY_ID")
	}
	if err != nil {
		fmt.Fprintf(stderr, "plainsight keys %s: %v (see plainsight keys --help)\n", cmd, err)
		return exitError
	}
	ctx := context.Background()
	s, where, err := openServeDB(ctx, *db)
	if err != nil {
		fmt.Fprintf(stderr, "plainsight keys %s: %v\n", cmd, err)
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
			fmt.Fprintf(stderr, "plainsight keys revoke: %v\n", err)
		default:
			fmt.Fprintf(stderr, "plainsight keys revoke: key %s revoked (%s)\n", printable(rest[0]), where)
			return exitClean
		}
		return exitError
	}
	secret, k, err := server.CreateKey(ctx, s, *owner, *label, strings.Split(*scopes, ","), time.Now())
	if err != nil {
		fmt.Fprintf(stderr, "plainsight keys create: %v\n", err)
		return exitError
	}
	fmt.Fprintln(stdout, secret)
	fmt.Fprintf(stderr, "plainsight keys create: key %s for %s, scopes %s (%s); the secret above is shown once, and stored only as its SHA-256\n",
		k.ID, printable(k.Owner), strings.Join(k.Scopes, ","), where)
	return exitClean
}
