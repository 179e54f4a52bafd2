// Package skills holds the agent skills of the repository, embedded, so
// that a server can serve them (issue 28, item 7; the agent-safety
// formats, version 1: "the habit as an installable skill").
//
// A skill is a folder with SKILL.md at its top, as the skill proposal
// reads one (package skill checks it). plainsight-precall teaches an agent
// to run the pre-call check before trusting a tool and to scan what it
// reads, with the command line's, the HTTP routes' and the MCP tools'
// forms; its URLs name [DefaultBase], the address plainsight serve listens
// on by default, which [PrecallFor] replaces with a server's own.
package skills

import (
	_ "embed"
	"strings"
)

// PrecallName is the name of the pre-call skill, its folder and the name
// in its front matter.
const PrecallName = "plainsight-precall"

// DefaultBase is the base URL the repository's SKILL.md names: where
// plainsight serve listens without --addr.
const DefaultBase = "http://127.0.0.1:8080"

//go:embed plainsight-precall/SKILL.md
var precall string

// Precall returns plainsight-precall/SKILL.md as the repository holds it.
func Precall() string { return precall }

// defaultNote is the line of the repository's SKILL.md that says which
// address it names; servedNote replaces it in a server's copy.
const (
	defaultNote = "This copy names the address `plainsight serve` listens on by default; a plainsight server serves the skill at `/.well-known/agent-skills/plainsight-precall/SKILL.md` with its own address in its place.\n"
	servedNote  = "This copy was served by that server, at `/.well-known/agent-skills/plainsight-precall/SKILL.md`.\n"
)

// PrecallFor returns plainsight-precall/SKILL.md with every URL under
// DefaultBase moved under base (a server's public URL, "https://host",
// a trailing slash dropped), and the line that says the text names the
// default address replaced by one that says which server served it. An
// empty base leaves the text as it is.
func PrecallFor(base string) string {
	base = strings.TrimRight(base, "/")
	if base == "" {
		return precall
	}
	return strings.ReplaceAll(strings.Replace(precall, defaultNote, servedNote, 1), DefaultBase, base)
}
