// Package mcpconfig reads the MCP server configurations of the clients
// people run — Claude Desktop, Claude Code, Cursor, VS Code, Windsurf,
// Zed, Gemini CLI and Codex — and lists the agent-skill folders they load
// (issue 30, item 2). [Discover] finds every configuration in a home
// directory and a project directory; [ReadFile] reads one file of any of
// these formats, detected from its name and then from its members
// ("context_servers": Zed; "servers": VS Code's mcp.json; "mcp": VS
// Code's settings.json; "mcpServers": the common form of Claude Desktop,
// Claude Code, Cursor, Windsurf and Gemini CLI); a .toml file is read as
// Codex's. Each reader cites, beside its code, the documentation its
// locations and members are taken from. [Install] and [Uninstall] rewrite
// a configuration (JSON, JSONC or Codex's TOML) to route its servers
// through `plainsight proxy` and back (issue 30, item 3), changing only
// the servers' own objects or lines.
//
// # Formats
//
// JSON files are read as JSONC, the way VS Code and Zed read theirs: //
// and /* */ comments and a comma before a closing bracket are allowed in
// every file (a client that refuses them would not have started with
// such a file, so reading them costs nothing). A repeated member name
// reads as its last value, as JavaScript's JSON.parse does. Codex's
// config.toml is read by a small strict TOML reader (the grammar of TOML
// 1.0 that such a file is written in; see parseTOML), not a dependency.
//
// # References
//
// A value may name a variable: ${VAR} and ${VAR:-default} in Claude
// Code's files; ${env:VAR} in VS Code's, Cursor's and Windsurf's;
// ${userHome}, ${workspaceFolder}, ${workspaceFolderBasename},
// ${pathSeparator} and ${input:ID} in VS Code's and Cursor's; $VAR and
// ${VAR} in Gemini CLI's; env_vars, bearer_token_env_var and
// env_http_headers in Codex's. Each is resolved as its client resolves
// it, against the environment given, so that a probe of the server sends
// what the client would. What cannot be resolved — an ${input:ID}, which
// the editor asks its user for, a variable that is not set, a name this
// package does not know — is left as written and named in
// Server.Unresolved. The resolved values of Env and Headers may be
// secrets: a Server's String never shows them, and a caller prints their
// names only.
//
// # Bounds
//
// A file is read only up to MaxFileSize (128 MiB: ~/.claude.json
// holds Claude Code's history and is reported at up to 101 MB); a larger one is refused
// with ErrTooLarge. JSON is read at most 64 levels deep, a TOML key at
// most 64 parts and its arrays and inline tables at most 64 levels deep;
// an expanded value at most 1 MiB (past that it is kept as written and
// marked unresolved); a skill folder's first 4096 entries are looked at.
// Each reader is one pass over the file.
//
// # What it does not claim
//
// Only the files named in each reader's comment are read: a client's
// servers installed another way (Claude Desktop's extensions, Zed's and
// VS Code's extension-provided servers, managed or enterprise settings,
// a VS Code profile other than the default, envFile) are not seen, and a
// Zed server an extension starts is listed as skipped. Project files are
// looked for in the directory given, not its parents.
package mcpconfig
