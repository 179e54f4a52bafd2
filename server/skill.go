package server

import (
	"net/http"

	"github.com/plainsight/plainsight/skills"
)

// skillPath is where the pre-call skill is served: the agent-safety
// formats' "/.well-known/agent-skills/…/SKILL.md" (issue 28, item 7).
const skillPath = "/.well-known/agent-skills/" + skills.PrecallName + "/SKILL.md"

// skillHandler is GET /.well-known/agent-skills/plainsight-precall/SKILL.md:
// the repository's skill (package skills) with its URLs under base,
// Config.PublicURL. Without one the text names plainsight serve's default
// address as the repository's does: the request's Host is the caller's
// text and is never written into the skill.
func skillHandler(base string) http.HandlerFunc {
	body := []byte(skills.PrecallFor(base))
	return func(w http.ResponseWriter, r *http.Request) {
		hd := w.Header()
		hd.Set("Content-Type", "text/markdown; charset=utf-8")
		hd.Set("X-Content-Type-Options", "nosniff")
		hd.Set("Cache-Control", "no-cache")
		w.WriteHeader(http.StatusOK)
		w.Write(body)
	}
}
