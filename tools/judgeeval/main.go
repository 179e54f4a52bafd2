// Command judgeeval measures shield's prompt_injection verdicts on a
// labelled pool (the JSON lines of ../shared/datasets/injection/train.jsonl,
// whose README defines the fields): it runs the real shield.Scan on every
// item and prints, by source family and by kind, the share flagged (verdict
// not clean), the share malicious, and recall and precision of both, then
// the worst family and, for each prompt_injection signal kind, how many
// injection and benign items carry it. Flagged counts every class (a
// benign tool output with an e-mail address is flagged by pii); the
// prompt_injection columns count that class's signals alone.
//
//	go run ./tools/judgeeval -data /work/shared/datasets/injection/train.jsonl
//
// The figures are in-sample for anything tuned or trained on the pool (the
// rules' thresholds and the model's weights were): they say how well the
// detector fits the pool, not how it generalises. docs/judgement/injection.md
// says which numbers are honest.
//
// With -benign DIR,... it reads every text file under the directories
// instead (benign prose and code: Go's source tree, /usr/share/doc) in
// chunks of 16 KiB cut at line ends, and prints per directory and class
// the share of chunks with a signal and the share malicious, and the
// signal kinds seen most, so that a false-positive rate has its command:
//
//	go run ./tools/judgeeval -benign "$(go env GOROOT)/src,/usr/share/doc"
//
// With -heldout FILE (the file tools/injtrain -heldout writes: each pool
// item's probability under the model trained without its family) and a
// build tagged noinjmodel, an item also counts as flagged for
// prompt_injection when its held-out probability passes the gate the
// shield applies to the model alone (12 words and more; 0.9, or 0.95
// under 20 words), after the framing's damping (injrules.ModelWeight:
// text about attacks, an operator's rules). That is the honest by-family
// estimate of rules and model together (the rules were still written
// with the pool in view).
//
//	go run ./tools/injtrain -write=false -heldout /tmp/heldout.jsonl
//	go run -tags noinjmodel ./tools/judgeeval -data … -heldout /tmp/heldout.jsonl
//
// With -misses N it also prints up to N missed injections and N flagged
// benign items per family (the tuning view).
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/plainsight/plainsight/shield"
)

// showOf is the -show flag.
var showOf string

// item is the part of a pool line judgeeval reads.
type item struct {
	ID          string `json:"id"`
	Text        string `json:"text"`
	Label       string `json:"label"`
	Kind        string `json:"kind"`
	Carrier     string `json:"carrier"`
	SourceGroup string `json:"source_group"`
}

// sourceOf maps a pool item's carrier to the §3.1 context.source a caller
// would send with such text. Tool descriptions and skills reach a model as
// the result of listing tools or reading a file; system prompts and agent
// instructions are files the operator wrote.
func sourceOf(carrier string) shield.Source {
	switch carrier {
	case "user_message":
		return shield.SourceUserMessage
	case "email":
		return shield.SourceEmail
	case "document":
		return shield.SourceWeb
	case "tool_output", "tool_description":
		return shield.SourceToolOutput
	default: // skill, agent_instructions, system_prompt, code
		return shield.SourceFile
	}
}

// families groups the source groups the pool's README says to hold out
// together; any other group is its own family.
var families = map[string]string{
	"JailbreakBench/artifacts":                  "jailbreak templates",
	"tml-epfl/llm-adaptive-attacks":             "jailbreak templates",
	"xjzzzzzzzz/MCPSafety":                      "tool poisoning",
	"harishsg993010/damn-vulnerable-MCP-server": "tool poisoning",
	"acuvity/mcp-server-everything-wrong":       "tool poisoning",
	"NVIDIA/SkillSpector":                       "tool poisoning",
	"grafana/mcp-grafana":                       "MCP servers",
	"github/github-mcp-server":                  "MCP servers",
	"modelcontextprotocol/servers":              "MCP servers",
	"mongodb-js/mongodb-mcp-server":             "MCP servers",
	"hashicorp/terraform-mcp-server":            "MCP servers",
	"sooperset/mcp-atlassian":                   "MCP servers",
	"firecrawl/firecrawl-mcp-server":            "MCP servers",
	"supabase-community/supabase-mcp":           "MCP servers",
	"exa-labs/exa-mcp-server":                   "MCP servers",
	"microsoft/playwright-mcp":                  "MCP servers",
	"obra/superpowers":                          "skills and agent instructions",
	"K-Dense-AI/claude-scientific-skills":       "skills and agent instructions",
	"trailofbits/skills":                        "skills and agent instructions",
	"OWASP/CheatSheetSeries":                    "documentation",
	"NVIDIA/NeMo-Guardrails":                    "documentation",
	"Giskard-AI/giskard":                        "documentation",
	"debian":                                    "documentation",
	"Aider-AI/aider":                            "documentation",
}

func familyOf(group string) string {
	if f, ok := families[group]; ok {
		return f
	}
	return group
}

// tally counts one row of the tables.
type tally struct {
	pos, neg           int // items labelled injection, benign
	flagTP, flagFP     int // flagged (verdict not clean)
	blockTP, blockFP   int // malicious
	piTP, piFP         int // with a prompt_injection signal
	misses, falseFlags []string
}

func (t *tally) add(it item, v shield.Verdict, pi bool, keep int) {
	flagged, blocked := v != shield.Clean, v == shield.Malicious
	if it.Label == "injection" {
		if pi {
			t.piTP++
		}
		t.pos++
		if flagged {
			t.flagTP++
		} else if len(t.misses) < keep {
			t.misses = append(t.misses, it.ID+" "+short(it.Text))
		}
		if blocked {
			t.blockTP++
		}
		return
	}
	t.neg++
	if pi {
		t.piFP++
	}
	if flagged {
		t.flagFP++
		if len(t.falseFlags) < keep {
			t.falseFlags = append(t.falseFlags, it.ID+" "+short(it.Text))
		}
	}
	if blocked {
		t.blockFP++
	}
}

func short(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 160 {
		s = s[:160] + "…"
	}
	return fmt.Sprintf("%q", s)
}

func pct(a, b int) string {
	if b == 0 {
		return "—"
	}
	return fmt.Sprintf("%.1f %%", 100*float64(a)/float64(b))
}

func (t *tally) row(name string) string {
	return fmt.Sprintf("| %s | %d / %d | %s | %s | %s | %s | %s | %s | %s | %s |", name, t.pos, t.neg,
		pct(t.flagTP, t.pos), pct(t.flagFP, t.neg), pct(t.flagTP, t.flagTP+t.flagFP), pct(t.piTP, t.pos), pct(t.piFP, t.neg),
		pct(t.blockTP, t.pos), pct(t.blockFP, t.neg), pct(t.blockTP, t.blockTP+t.blockFP))
}

const header = "| %s | injection / benign | recall (flagged) | benign flagged | precision (flagged) | recall (prompt_injection signal) | benign with a prompt_injection signal | recall (malicious) | benign malicious | precision (malicious) |\n|---|---|---|---|---|---|---|---|---|---|"

func main() {
	data := flag.String("data", "", "the labelled pool (JSON lines)")
	misses := flag.Int("misses", 0, "print up to this many misses and false flags per family")
	show := flag.String("show", "", "print the prompt_injection signals of the items of this kind (or id)")
	heldout := flag.String("heldout", "", "with a build tagged noinjmodel: the held-out model probabilities tools/injtrain -heldout wrote")
	benign := flag.String("benign", "", "instead of -data: comma-separated directories of benign text, read in 16 KiB chunks")
	flag.Parse()
	showOf = *show
	if *benign != "" {
		if err := runBenign(strings.Split(*benign, ","), os.Stdout); err != nil {
			fmt.Fprintln(os.Stderr, "judgeeval:", err)
			os.Exit(1)
		}
		return
	}
	if *data == "" {
		fmt.Fprintln(os.Stderr, "judgeeval: -data or -benign is required")
		os.Exit(2)
	}
	showOf = *show
	if *heldout != "" {
		if modelBuilt {
			fmt.Fprintln(os.Stderr, "judgeeval: -heldout needs the shield without its model: go run -tags noinjmodel ./tools/judgeeval …")
			os.Exit(2)
		}
		m, err := readHeldout(*heldout)
		if err != nil {
			fmt.Fprintln(os.Stderr, "judgeeval:", err)
			os.Exit(1)
		}
		heldoutProb = m
	}
	if err := run(*data, *misses, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "judgeeval:", err)
		os.Exit(1)
	}
}

func run(path string, keep int, w io.Writer) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	s, err := shield.New(shield.Options{})
	if err != nil {
		return err
	}
	all := &tally{}
	byFamily, byKind := map[string]*tally{}, map[string]*tally{}
	type kindCount struct{ pos, neg int }
	bySignal := map[string]*kindCount{}
	get := func(m map[string]*tally, k string) *tally {
		if m[k] == nil {
			m[k] = &tally{}
		}
		return m[k]
	}
	var elapsed []time.Duration
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 16<<20)
	for sc.Scan() {
		var it item
		if err := json.Unmarshal(sc.Bytes(), &it); err != nil {
			return err
		}
		if it.Label != "injection" && it.Label != "benign" {
			continue
		}
		req := shield.Request{Content: it.Text, Context: shield.Context{Source: sourceOf(it.Carrier), Direction: shield.Inbound}}
		t0 := time.Now()
		resp, err := s.Scan(context.Background(), req)
		elapsed = append(elapsed, time.Since(t0))
		if err != nil {
			return fmt.Errorf("%s: %w", it.ID, err)
		}
		if showOf != "" && (it.Kind == showOf || it.ID == showOf) {
			fmt.Fprintf(w, "SHOW %s %s %v %.3f %s\n", it.ID, it.Label, resp.Verdict, resp.Scores.PromptInjection, short(it.Text))
			for _, sg := range resp.Signals {
				if sg.Class == shield.PromptInjection {
					fmt.Fprintf(w, "       %s %.3f %q\n", sg.Kind, sg.Confidence, short(it.Text[sg.ByteStart:sg.ByteEnd]))
				}
			}
		}
		v := resp.Verdict
		pi := false
		for _, sg := range resp.Signals {
			pi = pi || sg.Class == shield.PromptInjection
		}
		if heldoutProb != nil {
			p, ok := heldoutProb[it.ID]
			if !ok {
				return fmt.Errorf("%s: no held-out probability", it.ID)
			}
			if !pi && heldoutFlags(p, it.Text) {
				pi = true
				if v == shield.Clean {
					v = shield.Suspicious
				}
			}
		}
		all.add(it, v, pi, 0)
		get(byFamily, familyOf(it.SourceGroup)).add(it, v, pi, keep)
		get(byKind, it.Kind).add(it, v, pi, 0)
		seen := map[string]bool{}
		for _, sg := range resp.Signals {
			if sg.Class != shield.PromptInjection || seen[sg.Kind] {
				continue
			}
			seen[sg.Kind] = true
			if bySignal[sg.Kind] == nil {
				bySignal[sg.Kind] = &kindCount{}
			}
			if it.Label == "injection" {
				bySignal[sg.Kind].pos++
			} else {
				bySignal[sg.Kind].neg++
			}
		}
	}
	if err := sc.Err(); err != nil {
		return err
	}
	fmt.Fprintf(w, "%d items from %s; in-sample for everything tuned or trained on this pool.\n\n", all.pos+all.neg, path)
	fmt.Fprintf(w, header+"\n", "all")
	fmt.Fprintln(w, all.row("all"))
	fmt.Fprintln(w)
	fams := sortedKeys(byFamily)
	fmt.Fprintf(w, header+"\n", "family")
	worst, worstScore := "", 2.0
	for _, k := range fams {
		t := byFamily[k]
		fmt.Fprintln(w, t.row(k))
		// The worst family for prompt_injection: the lowest of its signal
		// recall (when it has injections) and 1 − the share of its benign
		// items with a signal (when it has benign items).
		score := 1.0
		if t.pos > 0 {
			score = min(score, float64(t.piTP)/float64(t.pos))
		}
		if t.neg > 0 {
			score = min(score, 1-float64(t.piFP)/float64(t.neg))
		}
		if score < worstScore {
			worst, worstScore = k, score
		}
	}
	fmt.Fprintf(w, "\nworst family for prompt_injection: %s (min of signal recall and 1 − benign with a signal: %.1f %%)\n\n", worst, 100*worstScore)
	fmt.Fprintf(w, header+"\n", "kind")
	for _, k := range sortedKeys(byKind) {
		fmt.Fprintln(w, byKind[k].row(k))
	}
	fmt.Fprintln(w, "\n| signal kind | injection items | benign items | precision |\n|---|---|---|---|")
	sigs := make([]string, 0, len(bySignal))
	for k := range bySignal {
		sigs = append(sigs, k)
	}
	slices.Sort(sigs)
	for _, k := range sigs {
		c := bySignal[k]
		fmt.Fprintf(w, "| `%s` | %d | %d | %s |\n", k, c.pos, c.neg, pct(c.pos, c.pos+c.neg))
	}
	slices.Sort(elapsed)
	if n := len(elapsed); n > 0 {
		fmt.Fprintf(w, "\nshield.Scan per item: p50 %v, p99 %v, max %v\n", elapsed[n/2], elapsed[n*99/100], elapsed[n-1])
	}
	if keep > 0 {
		for _, k := range fams {
			t := byFamily[k]
			for _, m := range t.misses {
				fmt.Fprintf(w, "MISS %s: %s\n", k, m)
			}
			for _, m := range t.falseFlags {
				fmt.Fprintf(w, "FP   %s: %s\n", k, m)
			}
		}
	}
	return nil
}

func sortedKeys(m map[string]*tally) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}
