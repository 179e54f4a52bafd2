package main

import (
	"flag"
	"fmt"
	"io"
	"runtime/debug"
	"strings"

	"github.com/plainsight/plainsight/scan"
)

// help is what a subcommand's --help prints besides its flags.
type help struct {
	usage, about, exits, example string
}

var helps = map[string]help{
	"version": {
		usage:   "plainsight version | --version",
		about:   "Prints the module version (as go install recorded it, or (devel) with the VCS revision) and the\nUnicode version of the character tables.",
		exits:   "0.",
		example: "plainsight version",
	},
	"scan": {
		usage: "plainsight scan [flags] [PATH|-]...",
		about: "Scans each file, each directory (walked recursively) or standard input (\"-\", or no PATH) for the\n" +
			"hidden content of the agent-safety formats: invisible and control characters, hidden markup,\n" +
			"base64 payloads, and (labelled heuristic) confusable words and agent-directed instructions.",
		exits: "0 nothing deterministic found (a binary file, named or walked, is skipped: a line says so);\n" +
			"1 a deterministic finding, ill-formed UTF-8 or a file too large to read whole (the summary names\n" +
			"it); 2 a usage or I/O error (a one-line message on standard error).",
		example: "plainsight scan --format sarif --baseline old.sarif . > plainsight.sarif",
	},
	"skill": {
		usage: "plainsight skill [flags] DIR...",
		about: "Checks each DIR as an agent skill package (SKILL.md, references, scripts): every text file for\n" +
			"invisible and hidden content, with errors, warnings and info as the skill proposal levels them.",
		exits:   "0 every package passed; 1 a package failed (has an error result); 2 a usage error or a folder\nthat cannot be read.",
		example: "plainsight skill --format github .claude/skills/deploy",
	},
	"fingerprint": {
		usage: "plainsight fingerprint [flags] URL | -- COMMAND [ARG]... | --from FILE|-",
		about: "Prints the §7 tool-definition fingerprint of an MCP server — live over Streamable HTTP (URL),\n" +
			"started over stdio (after --), or from a saved tools/list result (--from) — with its tools, its\n" +
			"instructions and what a scan finds in them. --pin saves the server's record; --check compares\n" +
			"the server with a saved record and shows each change: the field, the old and the new text\n" +
			"(invisible characters written out) and what a scan finds in the new text. --surface uses the\n" +
			"extended profile instead (plainsight's, not §7's): every field of every tool (title,\n" +
			"annotations, outputSchema, _meta text), the prompts, resources and resource templates, and the\n" +
			"instructions; --check reads the profile from the record.",
		exits: "0 a fingerprint (with --check: unchanged); 1 a list the profile refuses — a tool without a\n" +
			"name, two of one name — or, with --check, changed; 2 a usage error, input that is not a list\n(not JSON, one page of several), or an unreachable server.",
		example: "plainsight fingerprint --check weather.pin.json https://weather.example/mcp",
	},
	"intent hash": {
		usage:   "plainsight intent hash [flags] [FILE|-]",
		about:   "Prints the agent-safe.intent/1 hash (\"sha256:\" and hex) of a binding given as JSON, or its\ncanonical JSON.",
		exits:   "0 the hash; 1 a binding the reference refuses, not JSON included (its error code, such as\nINVALID_JSON, on standard error); 2 a usage or I/O error.",
		example: "plainsight intent hash binding.json",
	},
	"intent verify": {
		usage:   "plainsight intent verify --hash sha256:... [flags] [FILE|-]",
		about:   "Checks a binding against the hash captured with it, its protocol version and its expiry.",
		exits:   "0 verified; 1 refused (INTENT_HASH_MISMATCH, INTENT_EXPIRED, … on standard error); 2 a usage\nor I/O error.",
		example: "plainsight intent verify --hash sha256:3f1c… --now 2026-01-01T00:00:00Z binding.json",
	},
	"flags list": {
		usage:   "plainsight flags list [flags]",
		about:   "Lists the §8 security flags recorded in the database, oldest first, with their status\n(standing, disputed, overturned).",
		exits:   "0 the list (empty included); 2 a usage or database error.",
		example: "plainsight flags list --db plainsight.db --artifact https://mcp.example.com/mcp --status standing",
	},
	"flags show": {
		usage:   "plainsight flags show [flags] FLAG_ID",
		about:   "Shows one flag: its artifact, class, evidence excerpt, source and status history.",
		exits:   "0 the flag; 2 no such flag, a usage or database error.",
		example: "plainsight flags show --db plainsight.db 01a22fa2-4de9-73e3-b362-fa3dc07f4ddb",
	},
	"flags dispute": {
		usage:   "plainsight flags dispute --by ACCOUNT --case-id ID --case-number N [flags] FLAG_ID",
		about:   "Files the dispute of a standing flag for its attributed account (the actor's account, or the\npublisher of a claimed server), with its arbitration case: standing → disputed, recorded as a\nsecurity.flag_disputed ledger entry filed by account:ACCOUNT (§8; the HTTP route records the key).",
		exits:   "0 disputed; 2 refused (not_attributed, decided, wrong_state), no such flag, a usage or database error.",
		example: "plainsight flags dispute --db plainsight.db --by acct_publisher --case-id case_12 --case-number 12 flg_0123456789abcdef0123",
	},
	"flags award": {
		usage:   "plainsight flags award --by ACCOUNT --case-id ID --case-number N --decision overturn|uphold [flags] FLAG_ID",
		about:   "Applies the arbitration award of a disputed flag's case: overturn (disputed → overturned, a\nsecurity.flag_overturned ledger entry) or uphold (disputed → standing, security.flag_upheld),\ndecided by account:ACCOUNT — the operator arbitrating, never the disputing account (self_decision).",
		exits:   "0 decided; 2 refused (self_decision, case_mismatch, decided, wrong_state), no such flag, a usage or database error.",
		example: "plainsight flags award --db plainsight.db --by acct_operator --case-id case_12 --case-number 12 --decision overturn flg_0123456789abcdef0123",
	},
	"ledger verify": {
		usage:   "plainsight ledger verify [flags]",
		about:   "Verifies the hash chain of the ledger that records every flag and status change: each entry's\nhash, and each link to the entry before it.",
		exits:   "0 the chain is intact; 1 it is broken (the first bad entry is named); 2 a usage or database error.",
		example: "plainsight ledger verify --db plainsight.db",
	},
	"signature check": {
		usage:   "plainsight signature check [flags] [FILE|-]",
		about:   "Checks a text against the community signatures in the database (Shield method 1.0) and prints\neach match: its id, category and similarity; without a match, how many signatures it holds.",
		exits:   "0 no signature matches (a database that does not exist yet holds none); 1 a signature matches;\n2 a usage or database error.",
		example: "plainsight signature check --db plainsight.db message.txt",
	},
	"signature list": {
		usage:   "plainsight signature list [flags]",
		about:   "Lists the confirmed signatures of the database's feed that are not retired: id, category,\nowners, shingle count, when it was recorded and, for an imported one, where from; never text.\njson prints the whole feed as GET /api/v1/shield/feed answers it, which signature import reads.",
		exits:   "0 the list (empty included: a database that does not exist yet holds none); 2 a usage or\ndatabase error.",
		example: "plainsight signature list --db plainsight.db --format json > feed.json",
	},
	"signature import": {
		usage: "plainsight signature import [flags] FILE|-",
		about: "Appends the feed of a trusted instance (its GET /api/v1/shield/feed answer, or its signature list\n" +
			"--format json) to this database's feed: an operator action, each imported change noted\n" +
			"\"imported from NAME\" in the local feed. The method's confirmation rule is the other instance's;\n" +
			"its poisoning guard is applied here (a signature with half or more of its shingles in the benign\n" +
			"corpus is refused). Signatures already active are skipped. Creates the database when missing.",
		exits:   "0 imported; 1 a signature refused by the poisoning guard (the others imported); 2 a usage or I/O\nerror, a malformed feed (nothing imported), or a database error.",
		example: "plainsight signature import --db plainsight.db --from vrai.example feed.json",
	},
	"signature corpus add": {
		usage:   "plainsight signature corpus add [flags] FILE...",
		about:   "Adds the shingles of each file (benign text of your own: documentation, templates, licences) to\nthe operator's benign corpus, which the poisoning guard consults beside the shipped one; no text\nis kept, only 64-bit shingle hashes. A server reads the corpus when it starts.",
		exits:   "0 added; 2 a usage or I/O error, or a corpus file that is malformed.",
		example: "plainsight signature corpus add --db plainsight.db docs/*.md",
	},
	"signature corpus show": {
		usage:   "plainsight signature corpus show [flags]",
		about:   "Prints the operator's benign corpus file and the number of shingles in it and in the shipped corpus.",
		exits:   "0 shown; 2 a usage or I/O error, or a corpus file that is malformed.",
		example: "plainsight signature corpus show --db plainsight.db",
	},
	"shield scan": {
		usage:   "plainsight shield scan [flags] [FILE|-]",
		about:   "Scans content as an Agent-Shield scanner does (protocol v0.1) and prints the response: verdict,\nfindings and a signed receipt (with --keys). --format json (the default) prints the §3.2 response\nobject; --format text a line per score, signal and the receipt, for people.",
		exits:   "0 a verdict other than malicious; 1 malicious; 2 a usage or I/O error.",
		example: "plainsight shield scan --source email --keys shield-keys.json message.eml",
	},
	"shield verify-receipt": {
		usage:   "plainsight shield verify-receipt --jwks FILE [flags] [RESPONSE|-]",
		about:   "Verifies the receipt of an Agent-Shield response against the scanner's published keys, and with\n--content that it names the content given.",
		exits:   "0 verified; 1 a signature or content that does not match; 2 a usage or I/O error.",
		example: "plainsight shield verify-receipt --jwks jwks.json --content message.eml response.json",
	},
	"shield keygen": {
		usage:   "plainsight shield keygen",
		about:   "Prints a new key ring (private keys, JSON) for signing receipts. Keep it secret; publish its\nJWKS (plainsight shield jwks).",
		exits:   "0 a key ring; 2 a usage error.",
		example: "plainsight shield keygen > shield-keys.json",
	},
	"shield jwks": {
		usage:   "plainsight shield jwks [KEYS|-]",
		about:   "Prints the public keys of a key ring as a JWKS, for verifiers.",
		exits:   "0 the JWKS; 2 a usage or I/O error, or a file that is not a key ring.",
		example: "plainsight shield jwks shield-keys.json > jwks.json",
	},
	"shield receipts list": {
		usage:   "plainsight shield receipts list [--db DB] [flags]",
		about:   "Lists the receipts log: every Agent-Shield scan decision recorded in the database, oldest first.",
		exits:   "0 the list; 1 an entry whose signature does not verify (with --jwks); 2 a usage or database error.",
		example: "plainsight shield receipts list --db plainsight.db --since 2026-12-01T00:00:00Z --jwks jwks.json",
	},
	"registry add": {
		usage: "plainsight registry add [flags] URL",
		about: "Probes the MCP server at URL through the guard and registers it in the external registry (§9):\n" +
			"fingerprint version 1 and its definitions recorded, publisher status unclaimed. Deterministic\n" +
			"findings in its tool names, descriptions, schemas or instructions become flags standing against\n" +
			"the URL and hold the registration. A URL that redirects is not registered: the reason names the\n" +
			"destination to register instead. Creates the SQLite file when it is missing. A URL that names\n" +
			"loopback only with --allow-loopback; a name that resolves to loopback is always refused.",
		exits:   "0 registered; 1 held by findings; 2 a refused URL, an unreachable or redirecting server, a server\nalready registered, or a usage error.",
		example: "plainsight registry add --db plainsight.db --slug search https://mcp.example.com/mcp",
	},
	"registry check": {
		usage: "plainsight registry check [flags] URL",
		about: "Runs the integrity check of a registered server: unchanged, changed (the next fingerprint version\n" +
			"and a change event, recorded in one transaction) or unreachable (never unchanged). A URL that\n" +
			"names loopback only with --allow-loopback; a name that now resolves to loopback is refused and\n" +
			"the server unreachable, its loopback definitions never recorded as its next version.",
		exits:   "0 unchanged; 1 changed, or new flags from the check; 2 a refused URL, an unreachable server, a server not registered, or a\nusage error.",
		example: "plainsight registry check --db plainsight.db https://mcp.example.com/mcp",
	},
	"registry list": {
		usage: "plainsight registry list [flags]",
		about: "Lists the registered servers in registration order, each with its §10 warnings: tools another\n" +
			"registered server offers under the same name with another definition.",
		exits:   "0 the list; 2 a usage or database error.",
		example: "plainsight registry list --db plainsight.db --format json",
	},
	"registry claim": {
		usage: "plainsight registry claim --account ACCOUNT [flags] URL",
		about: "Issues a challenge for ACCOUNT to claim the registered server at URL (publisher status unclaimed\n" +
			"until the publisher proves control of its domain): a token to serve as a line of\n" +
			"https://HOST/.well-known/plainsight-claim.txt or as the TXT record _plainsight-claim.HOST, valid for\n" +
			"24 hours and stored only as its hash. A new challenge replaces the account's earlier one.",
		exits:   "0 the challenge; 2 a server not registered or claimed, a usage or database error.",
		example: "plainsight registry claim --db plainsight.db --account acct_publisher https://mcp.example.com/mcp",
	},
	"registry verify": {
		usage: "plainsight registry verify --account ACCOUNT [flags] URL",
		about: "Looks for ACCOUNT's challenge token at the well-known HTTPS path of the server's host (through the\n" +
			"guard, no redirect followed), else in its TXT record, and claims the server: publisher status\n" +
			"claimed, ACCOUNT its publisher, a registry.server_claimed ledger entry; its flags are then the\n" +
			"publisher's to dispute.",
		exits:   "0 claimed; 1 the token was not found; 2 a server not registered or claimed by another account, no\nlive challenge, a usage or database error.",
		example: "plainsight registry verify --db plainsight.db --account acct_publisher https://mcp.example.com/mcp",
	},
}

// quietHelps are the helps of the commands whose text ends with a note,
// which --quiet leaves out (quiet.go).
var quietHelps = map[string]bool{
	"scan": true, "skill": true, "fingerprint": true, "signature check": true,
	"registry add": true, "registry check": true, "registry list": true, "registry claim": true, "registry verify": true,
}

// writeHelp prints a subcommand's help: usage, what it does, its flags
// with their descriptions, its exit status and an example.
func writeHelp(w io.Writer, name string, fset *flag.FlagSet) {
	h := helps[name]
	var b strings.Builder
	fmt.Fprintf(&b, "usage: %s\n\n%s\n", h.usage, h.about)
	if fset != nil {
		b.WriteString("\nFlags:\n")
		fset.VisitAll(func(f *flag.Flag) {
			arg, text := flag.UnquoteUsage(f)
			fmt.Fprintf(&b, "  --%s", f.Name)
			if arg != "" {
				fmt.Fprintf(&b, " %s", arg)
			}
			fmt.Fprintf(&b, "\n        %s", text)
			if f.DefValue != "" && f.DefValue != "false" {
				fmt.Fprintf(&b, " (default %q)", f.DefValue)
			}
			b.WriteString("\n")
		})
		if quietHelps[name] {
			b.WriteString(quietHelp)
		}
	}
	fmt.Fprintf(&b, "\nExit status: %s\n\nExample:\n  %s\n", h.exits, h.example)
	io.WriteString(w, b.String())
}

// moduleVersion is the version of the module the command was built from:
// what `go install …@v0.x.y` records ("v0.x.y"), a version set at link
// time, or "(devel)" for a build from a checkout, with its VCS revision
// when the build recorded one.
func moduleVersion() string {
	if version != "" && version != "devel" {
		return version
	}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "(devel)"
	}
	v := info.Main.Version
	if v == "" {
		v = "(devel)"
	}
	if v == "(devel)" {
		rev, modified := "", false
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.modified":
				modified = s.Value == "true"
			}
		}
		if rev != "" {
			v += " " + rev[:min(len(rev), 12)]
			if modified {
				v += "+modified"
			}
		}
	}
	return v
}

// versionLine is what `plainsight version` prints.
func versionLine() string {
	return fmt.Sprintf("plainsight %s (Unicode %s)", moduleVersion(), scan.UnicodeVersion)
}
