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
//	plainsight precall [--tool NAME] [--db DB] [--allow-loopback] [--format text|json] URL
//	plainsight registry add|check|list [--db DB] ...
//	plainsight changes [--db DB] [--limit N] [--before CURSOR]
//	plainsight serve [--addr 127.0.0.1:8080] [--db DB] [--allow-loopback]
//	plainsight mcp [--http ADDR] [--db DB] [--allow-loopback] [--public-url URL]
//	plainsight shield scan|verify-receipt|keygen|jwks ...
//	plainsight flags list|show|dispute|award ... | plainsight ledger verify ...
//	plainsight version | --version
//
// Each command's --help (or plainsight help COMMAND) lists its flags with
// what they do, its exit status and an example. Alone, plainsight lists
// the commands, each with what it does, on standard error and exits 2;
// plainsight help prints that list and every command's synopsis on
// standard output. --quiet (or -q) leaves the note line (scan.Note, the
// §12 line) out of the text output of the commands that print one
// (quiet.go). version prints the module
// version (as go install records it, or "(devel)" with the VCS revision)
// and the Unicode version of the character tables.
//
// Every --db takes PATH, sqlite:PATH or a postgres:// URL; without it
// $PLAINSIGHT_DB, else plainsight.db in the data directory, which all
// commands share. A read of a SQLite file that does not exist yet answers
// empty and creates nothing (issue 31, item 4; see db.go). signature list
// and import list the confirmed signatures of the feed and import the
// feed of a trusted instance.
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
// does. A directory is walked as skill walks a package (internal/walk):
// links inside are not followed, version-control folders are skipped,
// binary files are counted and not scanned, and a walked file is read up
// to 16 MiB (one read in part exits 1, and the summary names it). A binary
// file named on the command line is skipped too, with a line saying so,
// except by --format json, whose one result is its scan. The text of a
// mixed_script_confusable finding names the letters of the word's other
// script (U+XXXX and the Unicode name). A file's leading UTF-8 byte order mark is an encoding signature, not
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
// when not given). text lists the server, its instructions, its tools and
// the fingerprint, with what a scan finds in every name, description and
// the instructions beside them (names and descriptions shown visibly);
// json prints {"fingerprint": ..., "input": ...}, input being the
// fingerprint input in its canonical form. An unreachable server, and
// input that is not a tools list, exit 2; a tool list §7 refuses (a tool
// without a name, two of one name), saved or live, exits 1.
// --pin FILE also writes the server's record (package fingerprint's JSON
// form); --check FILE compares the server with a pinned record and prints
// unchanged (exit 0), changed with the §7 diff (exit 1) or unreachable
// (exit 2).
//
// intent hash prints the agent-safe.intent/1 hash ("sha256:" and hex) of a
// binding given as JSON, or with --canonical its canonical JSON; a binding
// the reference would refuse exits 1 with its error code on stderr. intent
// verify checks a binding against its captured hash and its expiry (at
// --now, an RFC 3339 time, if given); a refused binding exits 1 with the
// code (INTENT_HASH_MISMATCH, INTENT_EXPIRED, …) on stderr.
//
// scan and skill take --only and --skip (comma-separated classes), an
// ignore file of gitignore-style paths (./.plainsightignore, or
// --ignore-file), and --baseline FILE, a previous json, jsonl or sarif
// output whose results (matched by path, class and excerpt, not line) are
// suppressed: left out of text, json and github, kept in SARIF with a
// suppression.
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

// version is the command's version when set at link time
// (-ldflags "-X main.version=…"); otherwise the module version from the
// build information is used (see moduleVersion).
var version = "devel"

// commands is what plainsight alone prints (issue 31, item 5): every
// command with what it does, in one line each.
const commands = `plainsight finds hidden content in agent inputs and checks MCP servers.

usage: plainsight COMMAND [flags] [ARG]...

Commands:
  scan         scan files, folders or standard input for hidden content
  skill        check agent skill packages (folders holding a SKILL.md)
  fingerprint  print the §7 fingerprint of an MCP server's tools; pin it, check it
  intent       hash or verify an agent-safe.intent/1 binding
  precall      the §9 check of an MCP server before an agent calls it
  registry     register, re-check, list and claim MCP servers in a registry
  changes      read the §11 feed of definition changes of registered servers
  shield       Agent-Shield: scan content, verify receipts, make keys, list receipts
  flags        list, show, dispute and decide the §8 security flags
  ledger       verify the hash chain of the ledger of flags and claims
  signature    check text against confirmed attack signatures; list, import them
  serve        serve the checks, the registry and the feeds over HTTP
  mcp          serve the checks as MCP tools (stdio or Streamable HTTP)
  keys         create and revoke the API keys of serve
  audit        find, probe, scan and pin every MCP server the installed clients run
  proxy        run an MCP server behind the guard, the receipts and the pins
  approve      show what changed in a pinned MCP server and approve it
  pins         list the pinned MCP servers and what is pending approval
  version      print the version and the Unicode version
  help         print the commands' synopsis, or a command's help

plainsight help prints every command's synopsis; plainsight COMMAND --help (or
plainsight help COMMAND) a command's flags, exit status and an example.
--quiet (-q) leaves the note line out of the text of scan, skill, fingerprint,
precall, registry, changes and signature check.

Exit status: 0 nothing found, 1 a finding (or what the command's help says),
2 a usage or I/O error; plainsight alone exits 2.
`

const usage = `usage:
  plainsight scan [--profile spec|strict] [--context text|email_html|email] [--format text|json|jsonl|github|sarif] [SUPPRESSION] [PATH|-]...
  plainsight skill [--profile spec|strict] [--format text|json|github|sarif] [SUPPRESSION] DIR...
  plainsight fingerprint [--surface] [--profile spec|strict] [--format text|json] [--pin FILE|--check FILE] URL
  plainsight fingerprint [--surface] [--profile spec|strict] [--format text|json] [--pin FILE|--check FILE] -- COMMAND [ARG]...
  plainsight fingerprint [--surface] [--profile spec|strict] [--format text|json] [--pin FILE|--check FILE] --from FILE|- [--server-name N] [--server-version V]
  plainsight intent hash [--canonical] [FILE|-]
  plainsight intent verify --hash sha256:... [--now TIME] [FILE|-]
  plainsight precall [--tool NAME] [--db DB] [--allow-loopback] [--profile spec|strict] [--format text|json] URL
  plainsight registry add|check|list [--db DB] ...
  plainsight changes [--db DB] [--limit N] [--before CURSOR] [--profile spec|strict] [--fail-on-change] [--format text|json]
  plainsight shield scan|verify-receipt|keygen|jwks|receipts ...
  plainsight flags list|show|dispute|award ...
  plainsight ledger verify ...
  plainsight signature check [--db DB] [--format text|json] [FILE|-]
  plainsight signature list|import [--db DB] ...
  plainsight signature corpus add|show [--corpus PATH] [--db DB] ...
  plainsight serve [--addr 127.0.0.1:8080] [--db DB] [--allow-loopback] [--profile spec|strict] ...
  plainsight mcp [--http ADDR] [--db DB] [--allow-loopback] [--public-url URL] [--profile spec|strict] ...
  plainsight keys create|revoke ...
  plainsight audit [--config FILE]... [--client NAME] [--header K:V]... [--format text|json|sarif] [--install|--uninstall]
  plainsight proxy [--db DB] [--listen ADDR] [--header 'N: V']... [--policy FILE] (--upstream URL | -- COMMAND [ARG]...)
  plainsight approve [--db DB] [--by NAME] [--tool NAME]... [--prompt NAME]... [--resource URI]... [--resource-template URITEMPLATE]... KEY
  plainsight pins [--db DB] [--format text|json]
  plainsight version | --version

SUPPRESSION: [--only CLASS,...] [--skip CLASS,...] [--ignore-file FILE] [--baseline FILE]

` + dbUsage + `
plainsight COMMAND --help (or plainsight help COMMAND) lists a command's flags, exit status
and an example.
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
	args, quiet := cutQuiet(args)
	if quiet {
		q := &quietWriter{w: stdout}
		defer q.flush()
		stdout = q
	}
	if len(args) == 0 {
		// Alone, the command lists the commands: a usage error all the
		// same, so that a script whose command word went missing does not
		// pass.
		fmt.Fprint(stderr, commands)
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
	case "keys":
		return runKeys(args[1:], stdout, stderr)
	case "audit":
		return runAudit(args[1:], stdout, stderr)
	case "proxy":
		return runProxy(args[1:], stdin, stdout, stderr)
	case "approve":
		return runApprove(args[1:], stdout, stderr)
	case "pins":
		return runPins(args[1:], stdout, stderr)
	case "version", "--version", "-version":
		if len(args) > 1 && (args[1] == "-h" || args[1] == "-help" || args[1] == "--help") {
			writeHelp(stdout, "version", nil)
			return exitClean
		}
		fmt.Fprintln(stdout, versionLine())
		return exitClean
	case "help", "-h", "-help", "--help":
		if len(args) > 1 {
			// plainsight help COMMAND is COMMAND --help.
			return run(append(args[1:], "--help"), stdin, stdout, stderr)
		}
		fmt.Fprint(stdout, commands+"\n"+usage)
		return exitClean
	}
	fmt.Fprintf(stderr, "plainsight: unknown command %q (see plainsight help)\n", args[0])
	return exitError
}
