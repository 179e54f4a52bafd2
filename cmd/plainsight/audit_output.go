package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/plainsight/plainsight/audit"
	"github.com/plainsight/plainsight/fingerprint"
	"github.com/plainsight/plainsight/mcpconfig"
	"github.com/plainsight/plainsight/precall"
	"github.com/plainsight/plainsight/report"
	"github.com/plainsight/plainsight/scan"
	"github.com/plainsight/plainsight/skill"
)

// skillCheck is the check of one skill a client loads.
type skillCheck struct {
	dir    mcpconfig.SkillDir
	path   string
	report *skill.Report
	err    error
}

// checkSkills checks each skill of the folders the clients load.
func checkSkills(dirs []mcpconfig.SkillDir, p scan.Profile) []skillCheck {
	var out []skillCheck
	for _, d := range dirs {
		for _, name := range d.Skills {
			path := filepath.Join(d.Path, name)
			rep, err := skill.CheckProfile(path, p)
			if rep == nil {
				rep = &skill.Report{Dir: path, Passed: err == nil}
			}
			out = append(out, skillCheck{dir: d, path: path, report: rep, err: err})
		}
	}
	return out
}

// target is what a line shows of a server: its command, or its URL
// without credentials. Arguments and env values are not shown.
func target(s mcpconfig.Server) string {
	if s.Transport == mcpconfig.Stdio {
		return s.Command
	}
	return mcpconfig.RedactURL(s.URL)
}

func writeAuditText(w io.Writer, results []audit.Result, skipped []mcpconfig.Skipped, checks []skillCheck, noPin bool) error {
	var b strings.Builder
	widths := [4]int{}
	rows := make([][4]string, len(results))
	for i, r := range results {
		tools := "-"
		if r.Status != audit.Unreachable && r.Status != audit.Refused && r.Status != audit.Disabled && r.Status != audit.NotStarted {
			tools = fmt.Sprintf("%d %s", len(r.Tools), plural(len(r.Tools), "tool", "tools"))
			if n := r.Prompts + r.Resources + r.ResourceTemplates; n > 0 {
				res := r.Resources + r.ResourceTemplates
				tools += fmt.Sprintf(", %d %s, %d %s", r.Prompts, plural(r.Prompts, "prompt", "prompts"), res, plural(res, "resource", "resources"))
			}
		}
		transport := r.Server.Transport
		if r.Routed {
			transport += " via proxy"
		}
		rows[i] = [4]string{visible(r.Server.Client), visible(r.Server.Name), transport, tools}
		for j := 0; j < 4; j++ {
			widths[j] = max(widths[j], len([]rune(rows[i][j])))
		}
	}
	if len(results) == 0 {
		b.WriteString("no MCP servers configured")
		if len(skipped) > 0 {
			b.WriteString(" that could be read")
		}
		b.WriteString("\n")
	}
	for i, r := range results {
		pad := func(s string, n int) string { return s + strings.Repeat(" ", n-len([]rune(s))) }
		fmt.Fprintf(&b, "%s  %s  %s  %s  %s\n", pad(rows[i][0], widths[0]), pad(rows[i][1], widths[1]), pad(rows[i][2], widths[2]), pad(rows[i][3], widths[3]), r.Status)
	}
	for _, r := range results {
		name := visible(r.Server.Client) + " " + visible(r.Server.Name)
		where := visible(r.Server.ConfigPath)
		switch r.Status {
		case audit.Changed:
			fmt.Fprintf(&b, "\n%s (%s): changed since pin version %d\n", name, where, r.PinVersion)
			for _, c := range r.Changes {
				writeAuditChange(&b, c)
			}
		case audit.Unreachable, audit.Refused:
			fmt.Fprintf(&b, "\n%s (%s): %s: %s\n", name, where, r.Status, describeRaw(errors.New(r.Error)))
		case audit.NotStarted:
			fmt.Fprintf(&b, "\n%s (%s): not started\n", name, where)
		}
		if len(r.Findings) > 0 {
			if r.Status != audit.Changed {
				fmt.Fprintf(&b, "\n%s (%s): %d %s\n", name, where, len(r.Findings), plural(len(r.Findings), "finding", "findings"))
			}
			for _, f := range r.Findings {
				at := ""
				if f.Field != "" {
					at = " " + visible(f.Field)
				}
				fmt.Fprintf(&b, "  %s %s: %s %s%s: %s\n", f.Kind, visible(f.Key), f.Source, f.Class, at, f.Excerpt)
			}
		}
		if len(r.Server.Unresolved) > 0 && r.Status != audit.Unreachable {
			fmt.Fprintf(&b, "  unresolved in its configuration: %s\n", visible(strings.Join(r.Server.Unresolved, ", ")))
		}
		if r.Hint != "" && (r.Status != audit.Unreachable || r.Hint != "") {
			fmt.Fprintf(&b, "  hint: %s\n", visible(r.Hint))
		}
	}
	if len(skipped) > 0 {
		b.WriteString("\nnot read:\n")
		for _, s := range skipped {
			name := ""
			if s.Name != "" {
				name = " server " + visible(s.Name)
			}
			fmt.Fprintf(&b, "  %s %s%s: %s\n", s.Client, visible(s.Path), name, describe(s.Err))
		}
	}
	if len(checks) > 0 {
		b.WriteString("\nskills:\n")
		for _, c := range checks {
			state := "passed"
			if !c.report.Passed {
				state = fmt.Sprintf("failed: %d %s, %d %s", c.report.Errors, plural(c.report.Errors, "error", "errors"), c.report.Warnings, plural(c.report.Warnings, "warning", "warnings"))
			}
			if c.err != nil {
				state = "not checked: " + describe(c.err)
			}
			fmt.Fprintf(&b, "  %s %s %s  %s\n", c.dir.Client, c.dir.Scope, visible(c.path), state)
			if !c.report.Passed {
				fmt.Fprintf(&b, "    (plainsight skill %s lists them)\n", visible(c.path))
			}
		}
	}
	if noPin {
		b.WriteString("\nnot pinned (--no-pin): a later audit cannot say what changed\n")
	}
	findings := 0
	for _, r := range results {
		findings += len(r.Findings)
	}
	if findings > 0 {
		fmt.Fprintf(&b, "%d %s in the definitions. %s\n", findings, plural(findings, "finding", "findings"), scan.Note)
	}
	fmt.Fprintf(&b, "note: %s\n", precall.IntegrityNote)
	_, err := io.WriteString(w, b.String())
	return err
}

// maxShown bounds the old and new text shown of a change, in codepoints.
const maxShown = 2000

func writeAuditChange(b *strings.Builder, c fingerprint.Change) {
	field := visible(c.Field)
	if field == "" {
		field = "(the whole " + string(c.Kind) + ")"
	}
	renamed := ""
	if c.RenamedFrom != "" {
		renamed = " from " + visible(c.RenamedFrom)
	}
	fmt.Fprintf(b, "  %s %s %s %s%s\n", c.Kind, visible(c.Key), field, c.Op, renamed)
	for _, side := range [][2]string{{"old", c.Old}, {"new", c.New}} {
		if side[1] == "" {
			continue
		}
		text, more := cutRunes(side[1], maxShown)
		suffix := ""
		if more > 0 {
			suffix = fmt.Sprintf(" … %d more", more)
		}
		fmt.Fprintf(b, "    %s: %s%s\n", side[0], text, suffix) // already visible-rendered
	}
}

// auditServerJSON is one server in the JSON form.
type auditServerJSON struct {
	Client     string   `json:"client"`
	Config     string   `json:"config"`
	Name       string   `json:"name"`
	Scope      string   `json:"scope"`
	Project    string   `json:"project,omitempty"`
	Transport  string   `json:"transport"`
	Target     string   `json:"target"`
	Env        []string `json:"env"`
	Headers    []string `json:"headers"`
	Unresolved []string `json:"unresolved"`
	Disabled   bool     `json:"disabled"`
	audit.Result
}

func names(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

func writeAuditJSON(w io.Writer, results []audit.Result, skipped []mcpconfig.Skipped, checks []skillCheck) error {
	type skippedJSON struct {
		Client string `json:"client"`
		Path   string `json:"path"`
		Name   string `json:"name,omitempty"`
		Error  string `json:"error"`
	}
	type skillJSON struct {
		Client   string `json:"client"`
		Scope    string `json:"scope"`
		Dir      string `json:"dir"`
		Passed   bool   `json:"passed"`
		Errors   int    `json:"errors"`
		Warnings int    `json:"warnings"`
		Error    string `json:"error,omitempty"`
	}
	out := struct {
		Format  string            `json:"format"`
		Servers []auditServerJSON `json:"servers"`
		Skipped []skippedJSON     `json:"skipped"`
		Skills  []skillJSON       `json:"skills"`
		Flagged int               `json:"flagged"`
		Note    string            `json:"note"`
	}{Format: auditFormat, Servers: []auditServerJSON{}, Skipped: []skippedJSON{}, Skills: []skillJSON{}, Note: precall.IntegrityNote}
	for _, r := range results {
		s := r.Server
		unresolved := s.Unresolved
		if unresolved == nil {
			unresolved = []string{}
		}
		out.Servers = append(out.Servers, auditServerJSON{Client: s.Client, Config: s.ConfigPath, Name: s.Name, Scope: s.Scope,
			Project: s.Project, Transport: s.Transport, Target: target(s), Env: names(s.Env), Headers: names(s.Headers),
			Unresolved: unresolved, Disabled: s.Disabled, Result: r})
		if r.Flagged() {
			out.Flagged++
		}
	}
	for _, s := range skipped {
		out.Skipped = append(out.Skipped, skippedJSON{s.Client, s.Path, s.Name, s.Err.Error()})
	}
	for _, c := range checks {
		j := skillJSON{Client: c.dir.Client, Scope: c.dir.Scope, Dir: c.path, Passed: c.report.Passed, Errors: c.report.Errors, Warnings: c.report.Warnings}
		if c.err != nil {
			j.Error = c.err.Error()
		}
		out.Skills = append(out.Skills, j)
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(out)
}

// lineOf is the line of path where the server name is first named (its
// member name, or Codex's table header), 1 when it is not found.
func lineOf(path, name string) int {
	f, err := os.Open(path)
	if err != nil {
		return 1
	}
	defer f.Close()
	quoted, _ := json.Marshal(name)
	sc := bufio.NewScanner(io.LimitReader(f, mcpconfig.MaxFileSize))
	sc.Buffer(make([]byte, 64<<10), mcpconfig.MaxFileSize)
	for n := 1; sc.Scan(); n++ {
		line := sc.Bytes()
		if bytes.Contains(line, quoted) || bytes.Contains(line, []byte("[mcp_servers."+name+"]")) {
			return n
		}
	}
	return 1
}

func writeAuditSARIF(w io.Writer, results []audit.Result, checks []skillCheck) error {
	sw := report.NewSARIF(w, nil)
	for _, r := range results {
		s := r.Server
		line := lineOf(s.ConfigPath, s.Name)
		prefix := fmt.Sprintf("MCP server %s of %s", visible(s.Name), s.Client)
		var rs []skill.Result
		for _, c := range r.Changes {
			msg := fmt.Sprintf("%s: %s %s %s %s since it was pinned", prefix, c.Kind, visible(c.Key), visible(c.Field), c.Op)
			if c.Old != "" {
				t, _ := cutRunes(c.Old, 500)
				msg += "; old: " + t
			}
			if c.New != "" {
				t, _ := cutRunes(c.New, 500)
				msg += "; new: " + t
			}
			rs = append(rs, skill.Result{Level: skill.Error, Class: report.DefinitionChanged, File: s.ConfigPath, Line: line, Column: 1, Message: msg})
		}
		for _, f := range r.Findings {
			res := skill.Result{Level: skill.Error, Class: f.Class, File: s.ConfigPath, Line: line, Column: 1, Excerpt: f.Excerpt,
				Message: fmt.Sprintf("%s: %s %s: %s", prefix, f.Kind, visible(f.Key), f.Class)}
			if f.Source == "shield" {
				res.Class = report.DefinitionFlagged
				res.Message = fmt.Sprintf("%s: %s %s: the shield finds %s (%s)", prefix, f.Kind, visible(f.Key), f.Class, f.Verdict)
				if f.Verdict != "malicious" {
					res.Level = skill.Warning
				}
			} else if heuristic(f.Class) {
				res.Level = skill.Warning
			}
			rs = append(rs, res)
		}
		if len(rs) > 0 {
			if err := sw.File(&report.File{Path: s.ConfigPath, Results: rs}); err != nil {
				return err
			}
		}
	}
	for _, c := range checks {
		if err := report.WriteSkill(sw, c.report, nil, ""); err != nil {
			return err
		}
	}
	return sw.Close()
}

// heuristic says whether a scan class is one of the heuristic ones.
func heuristic(class string) bool {
	switch scan.Class(class) {
	case scan.InstructionLike, scan.MixedScriptConfusable, scan.InstructionJudged:
		return true
	}
	return false
}

// runAuditInstall is --install and --uninstall: each configuration that
// names a server (or each --config) is rewritten, with a backup beside it.
func runAuditInstall(servers []mcpconfig.Server, configs []string, install, force bool, proxyCommand, db string, stdout, stderr io.Writer) int {
	var paths []string
	for _, c := range configs {
		if !slices.Contains(paths, c) {
			paths = append(paths, c)
		}
	}
	var project []string
	for _, s := range servers {
		switch {
		case slices.Contains(paths, s.ConfigPath) || slices.Contains(project, s.ConfigPath):
		case s.Scope == mcpconfig.ScopeProject && len(configs) == 0:
			// A project's file is the repository's, shared with whoever
			// clones it: routing it through this machine's plainsight
			// path is a choice made by naming it.
			project = append(project, s.ConfigPath)
		default:
			paths = append(paths, s.ConfigPath)
		}
	}
	for _, p := range project {
		fmt.Fprintf(stdout, "%s: left: a project's own file (name it with --config to rewrite it)\n", visible(p))
	}
	p := mcpconfig.Proxy{Command: proxyCommand, DB: db}
	if install && p.Command == "" {
		exe, err := os.Executable()
		if err != nil {
			fmt.Fprintf(stderr, "plainsight audit: the path of this program: %s (give --proxy-command)\n", describe(err))
			return exitError
		}
		p.Command = exe
	}
	code := exitClean
	for _, path := range paths {
		st, err := os.Stat(path)
		var data []byte
		if err == nil && st.Size() > mcpconfig.MaxFileSize {
			err = mcpconfig.ErrTooLarge
		}
		if err == nil {
			data, err = os.ReadFile(path)
		}
		var out []byte
		var rws []mcpconfig.Rewrite
		if err == nil {
			if install {
				out, rws, err = mcpconfig.Install(path, data, p, force)
			} else {
				out, rws, err = mcpconfig.Uninstall(path, data, force)
			}
		}
		if err != nil {
			fmt.Fprintf(stderr, "plainsight audit: %s: %s\n", visible(path), describe(err))
			code = exitError
			continue
		}
		for _, rw := range rws {
			name := visible(rw.Name)
			if rw.Project != "" {
				name = visible(rw.Project) + " " + name
			}
			reason := ""
			if rw.Reason != "" {
				reason = " (" + rw.Reason + ")"
			}
			fmt.Fprintf(stdout, "%s: %s %s%s\n", visible(path), name, rw.Action, reason)
		}
		if out == nil {
			continue
		}
		backup := path + ".plainsight-backup-" + time.Now().UTC().Format("20060102T150405.000Z")
		if err := os.WriteFile(backup, data, st.Mode().Perm()); err != nil {
			fmt.Fprintf(stderr, "plainsight audit: the backup %s: %s (the file is not rewritten)\n", visible(backup), describe(err))
			code = exitError
			continue
		}
		if err := replaceFile(path, out, st.Mode().Perm()); err != nil {
			fmt.Fprintf(stderr, "plainsight audit: %s: %s\n", visible(path), describe(err))
			code = exitError
			continue
		}
		fmt.Fprintf(stdout, "%s: rewritten; the file as it was is %s\n", visible(path), visible(backup))
	}
	return code
}

// replaceFile replaces path with data whole or not at all.
func replaceFile(path string, data []byte, mode os.FileMode) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".plainsight-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Chmod(mode); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
