package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/plainsight/plainsight/audit"
	"github.com/plainsight/plainsight/guard"
	"github.com/plainsight/plainsight/mcpconfig"
	"github.com/plainsight/plainsight/pin"
)

func init() {
	helps["audit"] = help{
		usage: "plainsight audit [flags]",
		about: "Finds every MCP server the installed clients are configured with — Claude Desktop, Claude Code\n" +
			"(user, local and project scope), Cursor, VS Code, Windsurf, Zed, Gemini CLI, Codex — and the skill\n" +
			"folders they load; probes each server (stdio with its env, HTTP through the guard with its headers\n" +
			"and --header), scans every tool, prompt, resource and the instructions (the shield's detectors and\n" +
			"the Strict profile, each definition read whole), and pins what it saw in the database on first\n" +
			"sight; a later run reports every change with the field, the old and the new text. Nothing leaves\n" +
			"the machine but the probes of the servers configured. --config FILE audits those files only.\n" +
			"--install rewrites each client's configuration to run its servers through plainsight proxy (a\n" +
			"backup beside each file); --uninstall puts them back from the routed form. See docs/audit.md.",
		exits: "0 every server probed is clean and unchanged; 1 a finding, a change, or a server that is\n" +
			"unreachable or refused (a disabled server, or a project's server not started, does not count);\n" +
			"2 a usage error, a configuration that cannot be rewritten, or a database error.",
		example: "plainsight audit --header 'Authorization: Bearer $TOKEN' --format json",
	}
}

// strList is a repeatable string flag.
type strList []string

func (l *strList) String() string     { return strings.Join(*l, ",") }
func (l *strList) Set(v string) error { *l = append(*l, v); return nil }

// auditFormat is the JSON form's format tag.
const auditFormat = "plainsight.audit/1"

// runAudit is `plainsight audit`.
func runAudit(args []string, stdout, stderr io.Writer) int {
	fset := flag.NewFlagSet("audit", flag.ContinueOnError)
	fset.SetOutput(io.Discard)
	var configs, headers strList
	fset.Var(&configs, "config", "audit (or rewrite) the configuration `FILE` only, of any client's format; repeatable")
	client := fset.String("client", "", "only the servers of the client `NAME`: claude-desktop, claude-code, cursor, vscode, windsurf, zed, gemini, codex")
	fset.Var(&headers, "header", "send the header `K:V` to every HTTP server, over its configured headers; repeatable")
	timeout := fset.Duration("timeout", 60*time.Second, "the time each server's probe may take")
	db := fset.String("db", "", dbFlagHelp)
	noPin := fset.Bool("no-pin", false, "probe and scan without reading or writing pins (nothing is stored)")
	allowLoopback := fset.Bool("allow-loopback", false, "probe HTTP servers whose URL names this machine (127.0.0.1, [::1], localhost)")
	trustProject := fset.Bool("trust-project", false, "start the stdio servers of the project's own configuration (.mcp.json, .vscode/mcp.json, …)")
	format := fset.String("format", "text", "text, json or sarif")
	install := fset.Bool("install", false, "rewrite each configuration to route its servers through plainsight proxy")
	uninstall := fset.Bool("uninstall", false, "undo --install: run each routed server as before")
	force := fset.Bool("force", false, "with --install or --uninstall, rewrite servers whose JSONC objects hold comments (the comments inside them are dropped)")
	proxyCommand := fset.String("proxy-command", "", "with --install, the plainsight `PATH` the clients start (default this program's path)")
	profileName := profileFlag(fset)
	rest, err := parseInterleaved(fset, args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		writeHelp(stdout, "audit", fset)
		return exitClean
	case err != nil:
	case len(rest) > 0:
		err = fmt.Errorf("unexpected argument %q", rest[0])
	case badProfile(profileName) != nil:
		err = badProfile(profileName)
	case *format != "text" && *format != "json" && *format != "sarif":
		err = fmt.Errorf("--format %q: want text, json or sarif", *format)
	case *install && *uninstall:
		err = errors.New("give --install or --uninstall, not both")
	case *client != "" && !slices.Contains(clientNames, *client):
		err = fmt.Errorf("--client %q: want one of %s", *client, strings.Join(clientNames, ", "))
	}
	hdr := http.Header{}
	for _, h := range headers {
		k, v, ok := strings.Cut(h, ":")
		if !ok || strings.TrimSpace(k) == "" {
			err = fmt.Errorf("--header %q: want NAME:VALUE", h)
			break
		}
		hdr.Add(strings.TrimSpace(k), strings.TrimSpace(v))
	}
	if err != nil {
		fmt.Fprintf(stderr, "plainsight audit: %s (see plainsight audit --help)\n", describe(err))
		return exitError
	}
	home, _ := os.UserHomeDir()
	cwd, _ := os.Getwd()
	var servers []mcpconfig.Server
	var skipped []mcpconfig.Skipped
	if len(configs) > 0 {
		for _, c := range configs {
			s, sk, err := mcpconfig.Read(c, home, os.Getenv, cwd)
			if err != nil {
				fmt.Fprintf(stderr, "plainsight audit: %s\n", describe(err))
				return exitError
			}
			servers, skipped = append(servers, s...), append(skipped, sk...)
		}
	} else {
		if home == "" {
			fmt.Fprintln(stderr, "plainsight audit: no home directory: give --config FILE")
			return exitError
		}
		servers, skipped, _ = mcpconfig.Discover(home, os.Getenv, cwd)
	}
	if *client != "" {
		servers = slices.DeleteFunc(servers, func(s mcpconfig.Server) bool { return s.Client != *client })
		skipped = slices.DeleteFunc(skipped, func(s mcpconfig.Skipped) bool { return s.Client != *client })
	}
	if *install || *uninstall {
		return runAuditInstall(servers, configs, *install, *force, *proxyCommand, *db, stdout, stderr)
	}
	var skills []mcpconfig.SkillDir
	if len(configs) == 0 && home != "" {
		skills = mcpconfig.SkillDirs(home, os.Getenv, cwd)
		if *client != "" {
			skills = slices.DeleteFunc(skills, func(d mcpconfig.SkillDir) bool { return d.Client != *client })
		}
	}
	profile := profileOf(profileName)
	opts := audit.Options{
		Guard:        cliGuard(guard.Policy{AllowLoopback: *allowLoopback}),
		Timeout:      *timeout,
		Header:       hdr,
		TrustProject: *trustProject,
		Profile:      &profile,
	}
	ctx, stop := probeContext()
	defer stop()
	if !*noPin {
		s, _, err := openDBCreating(ctx, *db)
		if err != nil {
			fmt.Fprintf(stderr, "plainsight audit: %s\n", describe(err))
			return exitError
		}
		defer s.Close()
		opts.Keeper = &pin.Keeper{Store: s}
		opts.DB = *db
	}
	results := audit.Audit(ctx, servers, opts)
	checks := checkSkills(skills, profile)
	var werr error
	switch *format {
	case "json":
		werr = writeAuditJSON(stdout, results, skipped, checks)
	case "sarif":
		werr = writeAuditSARIF(stdout, results, checks)
	default:
		werr = writeAuditText(stdout, results, skipped, checks, *noPin)
	}
	if werr != nil {
		fmt.Fprintf(stderr, "plainsight audit: writing output: %s\n", describe(werr))
		return exitError
	}
	for i := range results {
		if results[i].Flagged() {
			return exitFound
		}
	}
	for _, c := range checks {
		if !c.report.Passed {
			return exitFound
		}
	}
	return exitClean
}

var clientNames = []string{mcpconfig.ClaudeDesktop, mcpconfig.ClaudeCode, mcpconfig.Cursor, mcpconfig.VSCode,
	mcpconfig.Windsurf, mcpconfig.Zed, mcpconfig.Gemini, mcpconfig.Codex, mcpconfig.Other}
