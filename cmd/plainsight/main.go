// Command plainsight scans text for the hidden content that the
// agent-safety formats describe and prints what it found.
//
// Usage:
//
//	plainsight scan [--profile spec|strict] [--context text|email_html|email] [--format text|json|jsonl|github|sarif] [PATH|-]...
//	plainsight skill [--profile spec|strict] [--format text|json|github|sarif] DIR...
//	plainsight fingerprint [--format text|json] URL | -- COMMAND [ARG]... | --from FILE|-
//	plainsight intent hash [--canonical] [FILE|-]
//	plainsight intent verify --hash sha256:... [--now TIME] [FILE|-]
//	plainsight precall [--tool NAME] [--db PATH|postgres://...] [--format text|json] URL
//	plainsight registry add|check|list [--db PATH|postgres://...] ...
//	plainsight changes [--db PATH|postgres://...] [--limit N] [--before CURSOR]
//	plainsight serve [--addr 127.0.0.1:8080] [--db sqlite:PATH|postgres://...] [--allow-loopback]
//	plainsight mcp [--http ADDR] [--db sqlite:PATH|postgres://...] [--allow-loopback]
//	plainsight version
//
// precall answers the pre-call check of §9 for the server at URL;
// registry registers servers in, checks them against and lists the
// external registry of a database (§9, §7); changes reads the §11 feed;
// serve answers them, and scans, over HTTP (package server), refusing
// loopback targets unless --allow-loopback; mcp answers them as MCP tools,
// over stdio or Streamable HTTP. Each prints its own --help.
//
// scan reads each PATH (a file, or a directory walked recursively) or
// standard input ("-", or no PATH at all), and scans it as the scan package
// does. A file's leading UTF-8 byte order mark is an encoding signature, not
// text: it is not a finding, codepoint and UTF-16 offsets count from just
// after it, and byte offsets count from the start of the file.
//
// --profile strict (the default) adds the extension classes of package
// scan's Strict profile to the specification's, with its allow-rules;
// --profile spec scans by the specification exactly (see package scan,
// "Profiles"). skill takes --profile too.
//
// --context email_html replaces base64 blobs in the sanitized copy with
// "[base64_blob]"; text (the default) leaves them. Findings do not depend on
// the context. --context email reads each input as a raw e-mail message and
// scans its Subject, From name and decoded text parts (scan.ContextEmail).
//
// Formats: text (the default) is for people: one line per finding,
// path:line:col, the class, and the visible excerpt, in colour on a
// terminal only. json prints exactly the scan result object for a single
// input. jsonl prints one {"path": ..., "result": {...}} object per line, for
// any number of inputs. github prints GitHub Actions workflow commands, a
// line per finding; sarif one SARIF 2.1.0 log of every input.
//
// skill checks each DIR as an agent skill package (see package skill): text
// is a line per result and a verdict per package; json is one object per
// package ({"skill_dir", "passed", "errors", "warnings", "results"}, an
// array of them for several DIRs); github is GitHub Actions workflow
// commands (::error file=…,line=…,col=…,title=…::…); sarif is one SARIF
// 2.1.0 log. It exits 1 when a package fails (has an error result).
//
// fingerprint prints the tool-definition fingerprint of §7: of a live server
// at URL (probed over MCP Streamable HTTP), of a server started as COMMAND
// (probed over stdio), or of a saved tools/list result (--from, with the
// identity given by --server-name and --server-version, the version null
// when not given). text lists the server, its tools and the fingerprint;
// json prints {"fingerprint": ..., "input": ...}, input being the
// fingerprint input in its canonical form. An unreachable server exits 2;
// a tool list §7 refuses (a tool without a name, two of one name) exits 1.
//
// intent hash prints the agent-safe.intent/1 hash ("sha256:" and hex) of a
// binding given as JSON, or with --canonical its canonical JSON; a binding
// the reference would refuse exits 1 with its error code on stderr. intent
// verify checks a binding against its captured hash and its expiry (at
// --now, an RFC 3339 time, if given); a refused binding exits 1 with the
// code (INTENT_HASH_MISMATCH, INTENT_EXPIRED, …) on stderr.
//
// Exit status: 0 when no input holds a deterministic finding, 1 when one
// does (or holds ill-formed UTF-8) or a binding is refused, 2 on a usage or
// I/O error, with a one-line message on standard error.
package main

import (
	"fmt"
	"io"
	"os"
)

// version is the command's version, set at link time for releases.
var version = "devel"

const usage = `usage:
  plainsight scan [--profile spec|strict] [--context text|email_html|email] [--format text|json|jsonl|github|sarif] [PATH|-]...
  plainsight skill [--profile spec|strict] [--format text|json|github|sarif] DIR...
  plainsight fingerprint [--format text|json] URL
  plainsight fingerprint [--format text|json] -- COMMAND [ARG]...
  plainsight fingerprint [--format text|json] --from FILE|- [--server-name N] [--server-version V]
  plainsight intent hash [--canonical] [FILE|-]
  plainsight intent verify --hash sha256:... [--now TIME] [FILE|-]
  plainsight precall [--tool NAME] [--db PATH|postgres://...] [--format text|json] URL
  plainsight registry add|check|list [--db PATH|postgres://...] ...
  plainsight changes [--db PATH|postgres://...] [--limit N] [--before CURSOR] [--format text|json]
  plainsight shield scan|verify-receipt|keygen|jwks|receipts ...
  plainsight flags list|show ...
  plainsight ledger verify ...
  plainsight signature check [--db PATH] [--format text|json] [FILE|-]
  plainsight serve [--addr 127.0.0.1:8080] [--db sqlite:PATH|postgres://...] [--allow-loopback]
  plainsight mcp [--http ADDR] [--db sqlite:PATH|postgres://...] [--allow-loopback]
  plainsight version
`

// Exit statuses of the CLI contract.
const (
	exitClean = 0
	exitFound = 1
	exitError = 2
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run is the whole command, with its environment passed in so that tests
// can drive it.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, "plainsight: no command (see plainsight help)")
		return exitError
	}
	switch args[0] {
	case "scan":
		return runScan(args[1:], stdin, stdout, stderr)
	case "intent":
		return runIntent(args[1:], stdin, stdout, stderr)
	case "fingerprint":
		return runFingerprint(args[1:], stdin, stdout, stderr)
	case "precall":
		return runPrecall(args[1:], stdout, stderr)
	case "skill":
		return runSkill(args[1:], stdout, stderr)
	case "shield":
		return runShield(args[1:], stdin, stdout, stderr)
	case "flags":
		return runFlags(args[1:], stdout, stderr)
	case "registry":
		return runRegistry(args[1:], stdout, stderr)
	case "changes":
		return runChanges(args[1:], stdout, stderr)
	case "signature":
		return runSignature(args[1:], stdin, stdout, stderr)
	case "ledger":
		return runLedger(args[1:], stdout, stderr)
	case "serve":
		return runServe(args[1:], stdout, stderr)
	case "mcp":
		return runMCP(args[1:], stdin, stdout, stderr)
	case "version":
		fmt.Fprintln(stdout, "plainsight", version)
		return exitClean
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, usage)
		return exitClean
	}
	fmt.Fprintf(stderr, "plainsight: unknown command %q (see plainsight help)\n", args[0])
	return exitError
}
