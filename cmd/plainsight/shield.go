package main

// The shield commands (the Agent-Shield protocol, package shield):
//
//	plainsight shield scan [--source S] [--direction D] [--tool T] [--keys FILE] [--urls FILE] [--no-default-urls] [--format json|text] [FILE|-]
//	plainsight shield verify-receipt --jwks FILE [--content FILE] [RESPONSE|-]
//	plainsight shield keygen
//	plainsight shield jwks [KEYS|-]
//	plainsight shield receipts list [--db DB] [...] (see shield_receipts.go)
//
// scan prints the §3.2 response of the content of FILE (or standard input)
// as JSON: verdict, scores, engine, receipt, and the signals behind the
// scores. --source (default file) and --direction (default inbound) are the
// request's context; an unknown value is refused. --keys signs the receipt
// with a key ring stored by keygen; --urls is a known_bad_url list file,
// checked besides the shipped list of test URLs and out-of-band sinks
// (shield/urllist's default.txt), which --no-default-urls turns off.
// --format text prints it for people instead (issue 31, item 5): the
// verdict, the scores above zero, a line per signal and the receipt; json
// stays the default, the protocol's own form, byte for byte. It exits 1 when the verdict is malicious, 0 when it is clean or suspicious.
//
// verify-receipt checks the signature of a response (as scan prints it)
// with published keys (a JWKS, as jwks prints it) and, with --content,
// that the receipt's hash is the file's. The response is read strictly
// (receipt.ParseResponse): a member name given twice, or differing from a
// response member only by case, is a malformed receipt. It exits 0 when the receipt
// verifies, 1 when it does not (the error class on standard error).
//
// keygen prints a new key ring (private: store it as a secret); jwks
// prints the public JWKS of a key ring, for publication.

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/plainsight/plainsight/shield"
	"github.com/plainsight/plainsight/shield/receipt"
	"github.com/plainsight/plainsight/shield/urllist"
)

const shieldUsage = `usage:
  plainsight shield scan [--source web|email|tool_output|user_message|agent_message|file] [--direction inbound|outbound] [--tool T] [--keys FILE] [--urls FILE] [--no-default-urls] [--format json|text] [FILE|-]
  plainsight shield verify-receipt --jwks FILE [--content FILE] [RESPONSE|-]
  plainsight shield keygen
  plainsight shield jwks [KEYS|-]
  plainsight shield receipts list [--db DB] [--who W] [--hash H] [--since T] [--until T] [--after SEQ] [--limit N] [--jwks FILE] [--format text|json]
`

func runShield(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, shieldUsage)
		return exitError
	}
	switch args[0] {
	case "scan":
		return runShieldScan(args[1:], stdin, stdout, stderr)
	case "verify-receipt":
		return runShieldVerify(args[1:], stdin, stdout, stderr)
	case "keygen":
		if len(args) > 1 {
			if isHelp(args[1]) {
				writeHelp(stdout, "shield keygen", nil)
				return exitClean
			}
			fmt.Fprintf(stderr, "plainsight shield keygen: unexpected argument %q (see plainsight shield keygen --help)\n", args[1])
			return exitError
		}
		ring, err := receipt.NewKeyRing()
		if err == nil {
			var b []byte
			if b, err = ring.MarshalPrivate(); err == nil {
				_, err = fmt.Fprintf(stdout, "%s\n", b)
			}
		}
		if err != nil {
			fmt.Fprintf(stderr, "plainsight shield keygen: %s\n", describe(err))
			return exitError
		}
		return exitClean
	case "jwks":
		return runShieldJWKS(args[1:], stdin, stdout, stderr)
	case "receipts":
		return runShieldReceipts(args[1:], stdout, stderr)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, shieldUsage)
		return exitClean
	}
	fmt.Fprintf(stderr, "plainsight shield: unknown subcommand %q\n%s", args[0], shieldUsage)
	return exitError
}

// readNamed reads FILE, or standard input for "-" or no name, at most
// limit bytes (more is an error).
func readNamed(rest []string, stdin io.Reader, limit int64) ([]byte, error) {
	if len(rest) > 1 {
		return nil, errors.New("one FILE at most")
	}
	r := stdin
	if len(rest) == 1 && rest[0] != "-" {
		f, err := os.Open(rest[0])
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r = f
	}
	b, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > limit {
		return nil, fmt.Errorf("input longer than %d bytes", limit)
	}
	return b, nil
}

func runShieldScan(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("shield scan", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	source := fs.String("source", "file", "where the content came from: web, email, tool_output, user_message, agent_message or file")
	direction := fs.String("direction", "inbound", "inbound (content reaching the agent) or outbound (content the agent sends)")
	tool := fs.String("tool", "", "the tool whose input or output the content is")
	keys := fs.String("keys", "", "a key ring (plainsight shield keygen) to sign the receipt with; unsigned without it")
	urls := fs.String("urls", "", "a list of known-bad hosts and domains, one a line, to check the content's URLs against")
	noDefault := fs.Bool("no-default-urls", false, "do not check the shipped list of test URLs and out-of-band sinks")
	format := fs.String("format", "json", "json (the §3.2 response, as the protocol's scanners answer it) or text (a line per score and signal, for people)")
	err := fs.Parse(args)
	if err == nil && *format != "json" && *format != "text" {
		err = fmt.Errorf("--format %q: want json or text", *format)
	}
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			writeHelp(stdout, "shield scan", fs)
			return exitClean
		}
		fmt.Fprintf(stderr, "plainsight shield scan: %s\n%s", describe(err), shieldUsage)
		return exitError
	}
	opts := shield.Options{NoDefaultURLs: *noDefault}
	if *keys != "" {
		ring, err := readKeyRing(*keys)
		if err != nil {
			fmt.Fprintf(stderr, "plainsight shield scan: --keys: %s\n", describe(err))
			return exitError
		}
		opts.Signer = ring
	}
	if *urls != "" {
		l, err := urllist.Load(*urls)
		if err != nil {
			fmt.Fprintf(stderr, "plainsight shield scan: --urls: %s\n", describe(err))
			return exitError
		}
		opts.URLs = l
	}
	s, err := shield.New(opts)
	if err != nil {
		fmt.Fprintf(stderr, "plainsight shield scan: %s\n", describe(err))
		return exitError
	}
	content, err := readNamed(fs.Args(), stdin, shield.DefaultMaxContentBytes)
	if err != nil {
		fmt.Fprintf(stderr, "plainsight shield scan: %s\n", describe(err))
		return exitError
	}
	req := shield.Request{Content: string(content), Context: shield.Context{
		Source: shield.Source(*source), Direction: shield.Direction(*direction), Tool: *tool}}
	resp, err := s.Scan(context.Background(), req)
	if err != nil {
		fmt.Fprintf(stderr, "plainsight shield scan: %s\n", describe(err))
		return exitError
	}
	if *format == "text" {
		err = writeShieldText(stdout, resp)
	} else {
		enc := json.NewEncoder(stdout)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		err = enc.Encode(resp)
	}
	if err != nil {
		fmt.Fprintf(stderr, "plainsight shield scan: writing output: %s\n", describe(err))
		return exitError
	}
	if resp.Verdict == shield.Malicious {
		return exitFound
	}
	return exitClean
}

// writeShieldText prints a response for people (issue 31, item 5): the
// verdict, the scores that are not zero, a line per signal (its class,
// kind, confidence and position, never the content) and the receipt.
func writeShieldText(w io.Writer, r shield.Response) error {
	var b strings.Builder
	fmt.Fprintf(&b, "verdict: %s\n", r.Verdict)
	var scores []string
	for _, s := range []struct {
		name string
		v    float64
	}{{"prompt_injection", r.Scores.PromptInjection}, {"ssrf", r.Scores.SSRF}, {"secrets", r.Scores.Secrets}, {"pii", r.Scores.PII}, {"known_bad_url", r.Scores.KnownBadURL}} {
		if s.v != 0 {
			scores = append(scores, fmt.Sprintf("%s %.2f", s.name, s.v))
		}
	}
	if len(scores) == 0 {
		scores = []string{"all 0"}
	}
	fmt.Fprintf(&b, "scores: %s\n", strings.Join(scores, ", "))
	for _, s := range r.Signals {
		where := fmt.Sprintf("codepoints %d-%d", s.Start, s.End)
		if s.Field != "" {
			where = "field " + printable(s.Field) + " " + where
		}
		fmt.Fprintf(&b, "  %s %s (confidence %.2f) at %s\n", s.Class, printable(s.Kind), s.Confidence, where)
	}
	if r.Truncated {
		fmt.Fprintf(&b, "  (signals cut at %d; the scores count every signal)\n", len(r.Signals))
	}
	signed := "unsigned"
	if r.Receipt.Signature != "" {
		signed = "signed"
	}
	fmt.Fprintf(&b, "receipt: %s %s %s, %s (engine %s %s)\n", r.Receipt.ScanID, r.Receipt.ContentHash, r.Receipt.Timestamp, signed, r.Engine.ID, r.Engine.Version)
	_, err := io.WriteString(w, b.String())
	return err
}

func runShieldVerify(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("shield verify-receipt", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	jwksPath := fs.String("jwks", "", "the scanner's published keys (a JWKS); required")
	contentPath := fs.String("content", "", "the content scanned, to check that the receipt names it")
	if err := fs.Parse(args); err != nil || *jwksPath == "" {
		if errors.Is(err, flag.ErrHelp) {
			writeHelp(stdout, "shield verify-receipt", fs)
			return exitClean
		}
		if err == nil {
			err = errors.New("--jwks is required")
		}
		fmt.Fprintf(stderr, "plainsight shield verify-receipt: %s\n%s", describe(err), shieldUsage)
		return exitError
	}
	jb, err := os.ReadFile(*jwksPath)
	if err != nil {
		fmt.Fprintf(stderr, "plainsight shield verify-receipt: %s\n", describe(err))
		return exitError
	}
	keys, err := receipt.ParseJWKS(jb)
	if err != nil {
		fmt.Fprintf(stderr, "plainsight shield verify-receipt: --jwks: %s\n", describe(err))
		return exitError
	}
	rb, err := readNamed(fs.Args(), stdin, 64<<20)
	if err != nil {
		fmt.Fprintf(stderr, "plainsight shield verify-receipt: %s\n", describe(err))
		return exitError
	}
	if !json.Valid(rb) {
		fmt.Fprintf(stderr, "plainsight shield verify-receipt: the response is not JSON\n")
		return exitError
	}
	// Read strictly: a response that encoding/json reads one way and
	// another reader another (a repeated or case-folded member) does not
	// verify (issue 29).
	resp, err := receipt.VerifyJSON(rb, keys)
	if err != nil {
		fmt.Fprintf(stderr, "plainsight shield verify-receipt: %s\n", describe(err))
		return exitFound
	}
	if *contentPath != "" {
		cb, err := os.ReadFile(*contentPath)
		if err != nil {
			fmt.Fprintf(stderr, "plainsight shield verify-receipt: %s\n", describe(err))
			return exitError
		}
		if !receipt.ContentMatches(resp.Receipt, string(cb)) {
			fmt.Fprintf(stderr, "plainsight shield verify-receipt: %s is not the content the receipt names\n", *contentPath)
			return exitFound
		}
	}
	fmt.Fprintf(stdout, "ok %s %s %s\n", resp.Receipt.ScanID, resp.Verdict, resp.Receipt.ContentHash)
	return exitClean
}

func runShieldJWKS(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 && isHelp(args[0]) {
		writeHelp(stdout, "shield jwks", nil)
		return exitClean
	}
	b, err := readNamed(args, stdin, 1<<20)
	if err == nil {
		var ring *receipt.KeyRing
		if ring, err = receipt.LoadKeyRing(b); err == nil {
			if b, err = ring.JWKS(); err == nil {
				_, err = fmt.Fprintf(stdout, "%s\n", b)
			}
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "plainsight shield jwks: %s\n", describe(err))
		return exitError
	}
	return exitClean
}

// isHelp reports whether an argument asks for help.
func isHelp(a string) bool { return a == "-h" || a == "--help" || a == "-help" }
