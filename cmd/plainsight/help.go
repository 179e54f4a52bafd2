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
		exits:   "0 nothing deterministic found; 1 a deterministic finding, ill-formed UTF-8 or a file too large to\nread whole; 2 a usage or I/O error (a one-line message on standard error).",
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
			"the server with a saved record.",
		exits: "0 a fingerprint (with --check: unchanged); 1 a tool list §7 refuses — a tool without a name, two\n" +
			"of one name — or, with --check, changed; 2 a usage error, input that is not a tools list (not\nJSON, one page of several), or an unreachable server.",
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
