package main

// plainsight shield receipts list [--db DB] [--who W] [--hash sha256:…]
// [--since T] [--until T] [--after SEQ] [--limit N] [--format text|json]
//
// list prints the receipt log of conformance Level 3 kept in the database
// (package shield/receiptstore), oldest first: one line per entry in text
// (sequence number, time, who, tool, direction, verdict, outcome, scan_id,
// content_hash; "report" after it for an outcome the enforcer reported
// on a scan logged before, as plainsight serve's POST
// /v2/receipts/{scan_id}/outcome appends one), or one JSON object per
// line with --format json ("report": true for those). --since
// and --until (RFC 3339) select From ≤ time < Until; --after continues a
// page after the sequence number it ended at. --jwks checks each entry's
// signed receipt against published keys and says "signature ok",
// "signature FAILED (why)" or "unsigned" (an entry without a scan). Every
// string read from the database is printed visibly (a control or bidi
// character Go-quoted). It exits 0; 1 when --jwks is given and a signature
// fails or a scanned entry is unsigned; 2 on an error.

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"time"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/plainsight/plainsight/shield"
	"github.com/plainsight/plainsight/shield/receipt"
	"github.com/plainsight/plainsight/shield/receiptstore"
	"github.com/plainsight/plainsight/store"
)

const receiptsUsage = `usage:
  plainsight shield receipts list [--db DB] [--who W] [--hash sha256:HEX] [--since RFC3339] [--until RFC3339] [--after SEQ] [--limit N] [--jwks FILE] [--format text|json]
`

func runShieldReceipts(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] != "list" {
		if len(args) > 0 && (args[0] == "help" || args[0] == "-h" || args[0] == "--help") {
			fmt.Fprint(stdout, receiptsUsage)
			return exitClean
		}
		fmt.Fprint(stderr, "plainsight shield receipts: want the subcommand list\n"+receiptsUsage)
		return exitError
	}
	fset := flag.NewFlagSet("shield receipts list", flag.ContinueOnError)
	fset.SetOutput(io.Discard)
	db := fset.String("db", "", dbFlagHelp)
	var q store.ReceiptQuery
	fset.StringVar(&q.Who, "who", "", "only this requester's entries")
	fset.StringVar(&q.ContentHash, "hash", "", "only the entries of this content hash")
	since := fset.String("since", "", "only entries at or after this time (RFC 3339)")
	until := fset.String("until", "", "only entries before this time (RFC 3339)")
	fset.Int64Var(&q.After, "after", 0, "only entries after this sequence number")
	fset.IntVar(&q.Limit, "limit", 100, "at most this many entries (1–1000)")
	format := fset.String("format", "text", "text or json")
	jwksPath := fset.String("jwks", "", "published keys (a JWKS) to check each entry's signature with")
	err := fset.Parse(args[1:])
	if err == nil && fset.NArg() > 0 {
		err = fmt.Errorf("unexpected argument %q", fset.Arg(0))
	}
	if err == nil && (q.Limit < 1 || q.Limit > store.MaxListLimit || q.After < 0) {
		err = fmt.Errorf("--limit is 1–%d and --after not negative", store.MaxListLimit)
	}
	if err == nil && *format != "text" && *format != "json" {
		err = fmt.Errorf("unknown format %q", *format)
	}
	for _, tv := range []struct {
		s string
		t *time.Time
	}{{*since, &q.From}, {*until, &q.To}} {
		if err == nil && tv.s != "" {
			if *tv.t, err = time.Parse(time.RFC3339Nano, tv.s); err != nil {
				err = fmt.Errorf("%q is not an RFC 3339 time", tv.s)
			}
		}
	}
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			writeHelp(stdout, "shield receipts list", fset)
			return exitClean
		}
		fmt.Fprintf(stderr, "plainsight shield receipts list: %s\n%s", describe(err), receiptsUsage)
		return exitError
	}
	var keys *receipt.PublicKeys
	if *jwksPath != "" {
		jb, err := os.ReadFile(*jwksPath)
		if err == nil {
			keys, err = receipt.ParseJWKS(jb)
		}
		if err != nil {
			fmt.Fprintf(stderr, "plainsight shield receipts list: --jwks: %s\n", describe(err))
			return exitError
		}
	}
	ctx := context.Background()
	s, err := openDB(ctx, *db)
	if err != nil {
		fmt.Fprintf(stderr, "plainsight shield receipts list: %s\n", describe(err))
		return exitError
	}
	defer s.Close()
	noteEmpty(stderr, "shield receipts list", s)
	recs, err := receiptstore.New(s).List(ctx, q)
	if err != nil {
		fmt.Fprintf(stderr, "plainsight shield receipts list: %s\n", describe(err))
		return exitError
	}
	code := exitClean
	for _, r := range recs {
		e := r.Entry
		sig := ""
		if keys != nil {
			sig = "signature ok"
			resp := shield.Response{Verdict: e.Verdict, Scores: e.Scores, Engine: e.Engine, Receipt: e.Receipt}
			if e.Receipt.ScanID == "" && e.Receipt.Signature == "" {
				sig = "unsigned"
			} else if err := receipt.Verify(resp, keys); err != nil {
				sig, code = "signature FAILED ("+err.Error()+")", exitFound
			}
		}
		if *format == "json" {
			b, _ := json.Marshal(struct {
				Seq       int64  `json:"seq"`
				At        string `json:"at"`
				Entry     any    `json:"entry"`
				Report    bool   `json:"report,omitempty"`
				Signature string `json:"signature_check,omitempty"`
			}{r.Seq, r.At.UTC().Format(time.RFC3339Nano), e, r.Report, sig})
			_, err = fmt.Fprintf(stdout, "%s\n", visibleJSON(b))
		} else {
			if sig != "" {
				sig = "  " + visible(sig)
			}
			if r.Report {
				sig = "  report" + sig
			}
			_, err = fmt.Fprintf(stdout, "%d  %s  %s  %s  %s  %s  %s  %s  %s%s\n", r.Seq, r.At.UTC().Format("2006-01-02T15:04:05.000Z"),
				visible(e.Who), orDash(visible(e.Tool)), visible(string(e.Direction)), orDash(visible(string(e.Verdict))),
				visible(string(e.Outcome)), orDash(visible(e.Receipt.ScanID)), orDash(visible(e.Receipt.ContentHash)), sig)
		}
		if err != nil {
			fmt.Fprintf(stderr, "plainsight shield receipts list: writing output: %s\n", describe(err))
			return exitError
		}
	}
	return code
}

// visibleJSON escapes, as \uXXXX, every character of JSON text that is
// neither graphic nor a space (a bidi control, a format character): the
// same JSON value, which no terminal can be made to show otherwise.
// encoding/json has already escaped the C0 controls.
func visibleJSON(b []byte) []byte {
	var out []byte
	for i, r := range string(b) {
		if r == ' ' || (unicode.IsGraphic(r) && !unicode.Is(unicode.Cf, r)) {
			if out != nil {
				out = utf8.AppendRune(out, r)
			}
			continue
		}
		if out == nil {
			out = append([]byte{}, b[:i]...)
		}
		for _, u := range utf16.Encode([]rune{r}) {
			out = fmt.Appendf(out, "\\u%04x", u)
		}
	}
	if out == nil {
		return b
	}
	return out
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
