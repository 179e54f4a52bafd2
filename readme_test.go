package plainsight_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// mdLink finds the target of a markdown link or image: ](target) or
// ](target "title").
var mdLink = regexp.MustCompile(`\]\(([^)\s]+)(?:\s+"[^"]*")?\)`)

// code matches fenced code blocks and code spans, whose brackets are no
// links.
var code = regexp.MustCompile("(?s)```.*?```|`[^`\n]*`")

// TestReadmeLinks checks the links of the READMEs: each is an https
// address, a fragment of the same page, or a path inside the repository
// that exists. A link outside the repository (../shared/specs, a local
// copy of a specification) works on one machine only; a specification is
// linked at the address it gives for itself.
func TestReadmeLinks(t *testing.T) {
	for _, readme := range []string{"README.md", "vectors/README.md", "CONTRIBUTING.md", "SECURITY.md", "bench/README.md"} {
		src, err := os.ReadFile(readme)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(src), "shared/specs") {
			t.Errorf("%s names shared/specs, a directory outside the repository", readme)
		}
		links := mdLink.FindAllStringSubmatch(code.ReplaceAllString(string(src), ""), -1)
		if len(links) == 0 {
			t.Errorf("%s: no links found", readme)
		}
		for _, m := range links {
			target := m[1]
			switch {
			case strings.HasPrefix(target, "https://"), strings.HasPrefix(target, "#"):
				continue
			case strings.Contains(target, "://"):
				t.Errorf("%s: link %s is not https", readme, target)
				continue
			}
			path, _, _ := strings.Cut(target, "#")
			local := filepath.Join(filepath.Dir(readme), filepath.FromSlash(path))
			rel, err := filepath.Rel(".", local)
			if err != nil || strings.HasPrefix(rel, "..") {
				t.Errorf("%s: link %s leads outside the repository", readme, target)
				continue
			}
			if _, err := os.Stat(local); err != nil {
				t.Errorf("%s: link %s: %v", readme, target, err)
			}
		}
	}
}

// TestContributingCommands checks that what CONTRIBUTING.md tells a
// contributor to run exists: each fuzz line it quotes is in .ci/run, the
// staticcheck it names is the version CI pins, and each folder it names
// for go generate has a go:generate directive.
func TestContributingCommands(t *testing.T) {
	doc, err := os.ReadFile("CONTRIBUTING.md")
	if err != nil {
		t.Fatal(err)
	}
	ci, err := os.ReadFile(".ci/run")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range regexp.MustCompile("`(fuzz \\./[^`]+)`").FindAllStringSubmatch(string(doc), -1) {
		if !strings.Contains(string(ci), "\n"+m[1]+"\n") {
			t.Errorf("CONTRIBUTING.md quotes %q, which .ci/run does not run", m[1])
		}
	}
	pins := regexp.MustCompile(`staticcheck@v[0-9.]+`)
	for _, pin := range pins.FindAllString(string(doc), -1) {
		if !strings.Contains(string(ci), pin) {
			t.Errorf("CONTRIBUTING.md names %s, which .ci/run does not pin", pin)
		}
	}
	gens := regexp.MustCompile(`go generate \./([a-z/]+)/`).FindAllStringSubmatch(string(doc), -1)
	if len(gens) == 0 {
		t.Error("CONTRIBUTING.md names no go generate command")
	}
	for _, m := range gens {
		files, _ := filepath.Glob(filepath.Join(filepath.FromSlash(m[1]), "*.go"))
		found := false
		for _, f := range files {
			src, err := os.ReadFile(f)
			found = found || (err == nil && strings.Contains(string(src), "\n//go:generate "))
		}
		if !found {
			t.Errorf("CONTRIBUTING.md: go generate ./%s/ finds no go:generate directive", m[1])
		}
	}
}

// docPages are the documentation pages whose links and command lines the
// tests check: the README, the pages it links to in docs/, and the other
// top-level documents.
func docPages(t *testing.T) []string {
	t.Helper()
	pages := []string{"README.md", "CONTRIBUTING.md", "SECURITY.md", "vectors/README.md", "bench/README.md"}
	for _, glob := range []string{"docs/*.md", "docs/*/*.md"} {
		m, err := filepath.Glob(glob)
		if err != nil {
			t.Fatal(err)
		}
		pages = append(pages, m...)
	}
	return pages
}

// fence matches a fenced code block, whose lines are no headings.
var fence = regexp.MustCompile("(?ms)^```.*?^```")

// heading matches a markdown ATX heading.
var heading = regexp.MustCompile(`(?m)^#{1,6}[ \t]+(.+?)[ \t]*$`)

// anchors returns the fragments GitHub gives the headings of a markdown
// page: the heading lowercased, without its punctuation but hyphens and
// underscores, spaces as hyphens, and a second heading of the same text
// suffixed -1, -2, and so on.
func anchors(src string) map[string]bool {
	out := map[string]bool{}
	seen := map[string]int{}
	for _, m := range heading.FindAllStringSubmatch(fence.ReplaceAllString(src, ""), -1) {
		var b strings.Builder
		for _, r := range strings.ToLower(m[1]) {
			switch {
			case r == ' ':
				b.WriteByte('-')
			case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsNumber(r):
				b.WriteRune(r)
			}
		}
		slug := b.String()
		if n := seen[slug]; n > 0 {
			out[slug+"-"+strconv.Itoa(n)] = true
		} else {
			out[slug] = true
		}
		seen[slug]++
	}
	return out
}

// TestDocLinks checks every relative link of the documentation pages: the
// file it names exists inside the repository, and a fragment names a
// heading of the page it leads to (issue 31: one home per fact, linked
// rather than repeated, so a link that leads nowhere loses the fact).
func TestDocLinks(t *testing.T) {
	pages := docPages(t)
	if len(pages) < 10 {
		t.Fatalf("found %d documentation pages, want README.md, docs/ and the others", len(pages))
	}
	for _, page := range pages {
		src, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range mdLink.FindAllStringSubmatch(code.ReplaceAllString(string(src), ""), -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			path, frag, _ := strings.Cut(target, "#")
			local := page
			if path != "" {
				local = filepath.Join(filepath.Dir(page), filepath.FromSlash(path))
			}
			if rel, err := filepath.Rel(".", local); err != nil || strings.HasPrefix(rel, "..") {
				t.Errorf("%s: link %s leads outside the repository", page, target)
				continue
			}
			if _, err := os.Stat(local); err != nil {
				t.Errorf("%s: link %s: %v", page, target, err)
				continue
			}
			if frag == "" || !strings.HasSuffix(local, ".md") {
				continue
			}
			dst, err := os.ReadFile(local)
			if err != nil {
				t.Fatal(err)
			}
			if !anchors(string(dst))[frag] {
				t.Errorf("%s: link %s: %s has no heading #%s", page, target, local, frag)
			}
		}
	}
}

// cmdLine finds a plainsight command line in a code block or span: the
// command (installed, or go run from the clone) after the start of the
// text, a blank, "$(" or "| ".
var cmdLine = regexp.MustCompile(`(?:^|[\s(])(?:go run \./cmd/plainsight|plainsight)[ \t]+([^\n]*)`)

// docFlag matches a long flag in a command line.
var docFlag = regexp.MustCompile(`(?:^|[\s\[|])(--[a-z][a-z0-9-]*)`)

// subWord matches a word that may name a command or subcommand, or
// alternatives of them (add|check|list).
var subWord = regexp.MustCompile(`^[a-z][a-z-]*(?:\|[a-z][a-z-]*)*$`)

// commandLines returns the plainsight command lines of a page: every line
// of a fenced block and every code span that runs plainsight, cut before a
// shell comment, a redirection or the next command of a pipeline or list,
// and split at " | " where the synopsis gives alternatives.
func commandLines(src string) []string {
	var texts []string
	for _, block := range fence.FindAllString(src, -1) {
		texts = append(texts, strings.Split(block, "\n")...)
	}
	for _, span := range regexp.MustCompile("`[^`\n]+`").FindAllString(fence.ReplaceAllString(src, ""), -1) {
		texts = append(texts, strings.Trim(span, "`"))
	}
	var out []string
	for _, text := range texts {
		for _, m := range cmdLine.FindAllStringSubmatch(text, -1) {
			line := m[1]
			for _, stop := range []string{" #", "  (see ", ")", ";", "&&", "||", " > ", " 2>", " < "} {
				line, _, _ = strings.Cut(line, stop)
			}
			out = append(out, strings.TrimSpace(line))
		}
	}
	return out
}

// TestDocCommands checks that every plainsight command line of the README
// and the docs/ pages names a real command and real flags: each command
// (and subcommand, or each of a|b alternatives) answers --help with a usage
// that names it, and each --flag of the line is in that usage text or, for
// a line that names the parent alone, the parent's (issue 31: "a test keeps
// the README's commands and the CLI's --help in agreement").
func TestDocCommands(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "plainsight")
	if out, err := exec.Command("go", "build", "-o", bin, "./cmd/plainsight").CombinedOutput(); err != nil {
		t.Fatalf("go build ./cmd/plainsight: %v\n%s", err, out)
	}
	helps := map[string]string{} // command words → usage text, "" when there is none
	help := func(words []string) string {
		key := strings.Join(words, " ")
		if h, ok := helps[key]; ok {
			return h
		}
		out, err := exec.Command(bin, append(append([]string{}, words...), "--help")...).Output()
		h := string(out)
		usage, _, _ := strings.Cut(h, "\n\n")
		if err != nil || !strings.Contains(usage+" ", "plainsight "+key+" ") {
			h = ""
		}
		helps[key] = h
		return h
	}
	checked := 0
	for _, page := range docPages(t) {
		if !strings.HasPrefix(page, "docs/") && page != "README.md" {
			continue
		}
		src, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		var last []string // the words of the previous line's command, for "| revoke ..." and "| -- COMMAND"
		for _, line := range commandLines(string(src)) {
			for i, seg := range strings.Split(line, " | ") {
				fields := strings.Fields(seg)
				if len(fields) == 0 {
					continue
				}
				if strings.HasPrefix(seg, "--version") || fields[0] == "plainsight" {
					// "version | --version", "keygen | plainsight shield jwks".
					if fields[0] == "plainsight" {
						fields = fields[1:]
					} else {
						continue
					}
				} else if i > 0 {
					switch {
					case strings.HasPrefix(fields[0], "-"), strings.HasPrefix(fields[0], "["):
						fields = append(append([]string{}, last...), fields...)
					case len(last) > 0 && help(append(append([]string{}, last[:len(last)-1]...), fields[0])) != "":
						fields = append(append([]string{}, last[:len(last)-1]...), fields...)
					default:
						continue // another program in a pipeline
					}
				}
				if len(fields) == 0 || fields[0] == strings.ToUpper(fields[0]) {
					continue // a placeholder: plainsight COMMAND --help
				}
				if fields[0] == "--help" || fields[0] == "--version" {
					checked++
					continue // the program's own flags
				}
				// The longest run of command words that the CLI knows.
				var words []string
				var texts []string
				for n := 1; n <= len(fields) && n <= 3 && subWord.MatchString(fields[n-1]); n++ {
					var got []string
					for _, alt := range strings.Split(fields[n-1], "|") {
						if h := help(append(append([]string{}, words...), alt)); h != "" {
							got = append(got, h)
						}
					}
					if len(got) == 0 {
						break
					}
					if len(got) != len(strings.Split(fields[n-1], "|")) {
						t.Errorf("%s: %q: not every one of %s is a command of plainsight %s", page, line, fields[n-1], strings.Join(words, " "))
					}
					words = append(words, strings.Split(fields[n-1], "|")[0])
					texts = got
				}
				if len(words) == 0 {
					t.Errorf("%s: %q names no plainsight command", page, seg)
					continue
				}
				last = words
				checked++
				rest := strings.Join(fields[len(words):], " ")
				rest, _, _ = strings.Cut(rest+" ", " -- ") // what follows -- is the child's
				for _, f := range docFlag.FindAllStringSubmatch(rest, -1) {
					known := f[1] == "--help" // every command's
					for _, h := range texts {
						known = known || regexp.MustCompile(regexp.QuoteMeta(f[1])+`\b`).MatchString(h)
					}
					if !known {
						t.Errorf("%s: %q: plainsight %s --help has no flag %s", page, line, strings.Join(words, " "), f[1])
					}
				}
			}
		}
	}
	t.Logf("checked %d command lines", checked)
	if checked < 50 {
		t.Errorf("checked %d command lines, want the README's and docs/' dozens", checked)
	}
}
