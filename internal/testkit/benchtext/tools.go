package benchtext

import (
	"encoding/json"
	"fmt"
	"strings"
)

// benchTools are MCP tool definitions written by this project in the
// shape real servers publish (a filesystem, a code host, a database, a
// calendar, a browser…): descriptions of a sentence or a paragraph,
// parameters with descriptions, enums, defaults, examples and
// annotations. None is copied from a server.
var benchTools = []string{
	`{"name":"read_file","title":"Read file","description":"Read the complete contents of a file from the file system. Handles various text encodings and provides detailed error messages if the file cannot be read. Use this tool when you need to examine the contents of a single file. Only works within allowed directories.","inputSchema":{"type":"object","properties":{"path":{"type":"string","description":"Absolute or workspace-relative path of the file to read."},"encoding":{"type":"string","enum":["utf-8","latin-1","utf-16"],"default":"utf-8","description":"Text encoding of the file."},"head":{"type":"integer","minimum":1,"description":"If set, return only the first N lines."}},"required":["path"],"additionalProperties":false},"annotations":{"title":"Read file","readOnlyHint":true,"openWorldHint":false}}`,
	`{"name":"write_file","title":"Write file","description":"Create a new file or completely overwrite an existing file with new content. Use with caution as it will overwrite existing files without warning. Handles text content with proper encoding.","inputSchema":{"type":"object","properties":{"path":{"type":"string","description":"Path of the file to write."},"content":{"type":"string","description":"The text to write to the file."},"create_dirs":{"type":"boolean","default":false,"description":"Create missing parent directories."}},"required":["path","content"]},"annotations":{"destructiveHint":true,"idempotentHint":true}}`,
	`{"name":"list_directory","description":"Get a detailed listing of all files and directories in a specified path. Results clearly distinguish between files and directories with [FILE] and [DIR] prefixes. This tool is essential for understanding directory structure and finding specific files within a directory.","inputSchema":{"type":"object","properties":{"path":{"type":"string","description":"Directory to list."},"sort_by":{"type":"string","enum":["name","size","modified"],"default":"name"}},"required":["path"]}}`,
	`{"name":"search_code","title":"Search code","description":"Search for code across repositories of the organisation. Supports qualifiers such as language:go, path:internal/ and repo:owner/name. Returns file paths, line numbers and the matching lines, at most 100 results per page.","inputSchema":{"type":"object","properties":{"query":{"type":"string","description":"Search query with optional qualifiers.","examples":["func main language:go","TODO path:docs/"]},"page":{"type":"integer","minimum":1,"default":1},"per_page":{"type":"integer","minimum":1,"maximum":100,"default":30}},"required":["query"]},"annotations":{"readOnlyHint":true,"openWorldHint":true}}`,
	`{"name":"create_issue","description":"Create a new issue in a repository. The issue is opened with the given title and body (Markdown). Labels and assignees must already exist in the repository; unknown ones are rejected.","inputSchema":{"type":"object","properties":{"owner":{"type":"string","description":"Repository owner (user or organisation)."},"repo":{"type":"string","description":"Repository name."},"title":{"type":"string","description":"Issue title."},"body":{"type":"string","description":"Issue body in Markdown."},"labels":{"type":"array","items":{"type":"string"},"description":"Labels to apply."},"assignees":{"type":"array","items":{"type":"string"}}},"required":["owner","repo","title"]}}`,
	`{"name":"query","title":"Run SQL query","description":"Run a read-only SQL query against the connected PostgreSQL database and return the rows as JSON. Statements that modify data are refused. Large results are cut to the first 500 rows; use LIMIT and OFFSET to page.","inputSchema":{"type":"object","properties":{"sql":{"type":"string","description":"The SQL statement to run.","examples":["SELECT id, name FROM customers WHERE created_at > now() - interval '7 days'"]},"timeout_ms":{"type":"integer","default":5000,"maximum":60000}},"required":["sql"]},"outputSchema":{"type":"object","properties":{"rows":{"type":"array","items":{"type":"object"}},"truncated":{"type":"boolean"}}},"annotations":{"readOnlyHint":true}}`,
	`{"name":"list_events","description":"List the events of a calendar between two dates, in the calendar's time zone. Recurring events are expanded into single occurrences. Declined events are left out unless include_declined is true.","inputSchema":{"type":"object","properties":{"calendar_id":{"type":"string","default":"primary","description":"Calendar identifier; primary is the user's main calendar."},"time_min":{"type":"string","format":"date-time","description":"Start of the range (RFC 3339)."},"time_max":{"type":"string","format":"date-time","description":"End of the range (RFC 3339)."},"include_declined":{"type":"boolean","default":false}},"required":["time_min","time_max"]}}`,
	`{"name":"send_message","title":"Send message","description":"Post a message to a channel or a direct conversation. Mentions use the form <@user>. Messages longer than 4000 characters are split. The message is sent as the connected user, so confirm the text with the user before sending anything on their behalf.","inputSchema":{"type":"object","properties":{"channel":{"type":"string","description":"Channel name or ID, e.g. #general."},"text":{"type":"string","description":"Message text (Markdown subset)."},"thread_ts":{"type":"string","description":"Reply in this thread."}},"required":["channel","text"]},"annotations":{"destructiveHint":false,"openWorldHint":true}}`,
	`{"name":"browser_navigate","description":"Navigate the browser to a URL and wait until the page has loaded. Returns the final URL after redirects, the page title and an accessibility snapshot of the visible page.","inputSchema":{"type":"object","properties":{"url":{"type":"string","format":"uri","description":"The URL to open."},"wait_until":{"type":"string","enum":["load","domcontentloaded","networkidle"],"default":"load"}},"required":["url"]}}`,
	`{"name":"fetch","description":"Fetches a URL from the internet and optionally extracts its contents as markdown. Although originally you did not have internet access, and were advised to refuse and tell the user this, this tool now grants you internet access. Now you can fetch the most up-to-date information and let the user know that.","inputSchema":{"type":"object","properties":{"url":{"type":"string","format":"uri","description":"URL to fetch"},"max_length":{"type":"integer","default":5000,"exclusiveMinimum":0,"exclusiveMaximum":1000000,"description":"Maximum number of characters to return."},"start_index":{"type":"integer","default":0,"minimum":0,"description":"On return output starting at this character index, useful if a previous fetch was truncated and more context is required."},"raw":{"type":"boolean","default":false,"description":"Get the actual HTML content of the requested page, without simplification."}},"required":["url"]}}`,
	`{"name":"create_entities","description":"Create multiple new entities in the knowledge graph. Each entity has a name, a type and a list of observations; an entity whose name already exists is left as it is.","inputSchema":{"type":"object","properties":{"entities":{"type":"array","items":{"type":"object","properties":{"name":{"type":"string","description":"The name of the entity"},"entityType":{"type":"string","description":"The type of the entity"},"observations":{"type":"array","items":{"type":"string"},"description":"An array of observation contents associated with the entity"}},"required":["name","entityType","observations"]}}},"required":["entities"]}}`,
	`{"name":"git_commit","description":"Record changes to the repository: commits the staged changes with the given message. Fails when nothing is staged. The author is taken from the repository's configuration.","inputSchema":{"type":"object","properties":{"repo_path":{"type":"string","description":"Path to the Git repository."},"message":{"type":"string","description":"Commit message; the first line is the subject."},"signoff":{"type":"boolean","default":false}},"required":["repo_path","message"]},"annotations":{"destructiveHint":false,"idempotentHint":false}}`,
}

// ToolList returns a tools/list result (JSON, {"tools": [...]}) of at
// least n bytes, or of all the tools when n is small: the project's tool
// definitions, repeated with numbered names when n asks for more.
func ToolList(n int) string {
	var b strings.Builder
	b.WriteString(`{"tools":[`)
	for i := 0; b.Len() < n || i < len(benchTools); i++ {
		t := benchTools[i%len(benchTools)]
		if round := i / len(benchTools); round > 0 {
			var m map[string]any
			if err := json.Unmarshal([]byte(t), &m); err != nil {
				panic(err)
			}
			name, _ := m["name"].(string)
			t = strings.Replace(t, `"name":"`+name+`"`, fmt.Sprintf(`"name":"%s_%d"`, name, round), 1)
		}
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(t)
	}
	b.WriteString(`],"nextCursor":"eyJwYWdlIjoyfQ"}`)
	return b.String()
}
