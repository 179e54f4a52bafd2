package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"

	"github.com/plainsight/plainsight/flag"
	"github.com/plainsight/plainsight/guard"
	"github.com/plainsight/plainsight/internal/canon"
	"github.com/plainsight/plainsight/precall"
	"github.com/plainsight/plainsight/scan"
	"github.com/plainsight/plainsight/signature"
	"github.com/plainsight/plainsight/store"
)

// The write routes: each needs a live API key holding its scope (see
// authorize), and acts for the key's owner.

// members are the members of a request object, by name; null is absent.
type members map[string]canon.Value

// readMembers reads obj's members, refusing any not in allowed.
func readMembers(obj canon.Value, prefix string, allowed ...string) (members, error) {
	m := members{}
	for _, mem := range obj.Members {
		ok := false
		for _, a := range allowed {
			ok = ok || a == mem.Key
		}
		if !ok {
			return nil, unknownMember(prefix, mem.Key, allowed)
		}
		if mem.Value.Kind != canon.KindNull {
			m[mem.Key] = mem.Value
		}
	}
	return m, nil
}

// str returns the string member name ("" when absent), an error when it
// is of another type or required and absent.
func (m members) str(name string, required bool) (string, error) {
	v, ok := m[name]
	switch {
	case !ok && required:
		return "", errors.New(name + " is required")
	case !ok:
		return "", nil
	case v.Kind != canon.KindString:
		return "", errors.New(name + " must be a string")
	}
	return v.Str, nil
}

// boolean returns the boolean member name (false when absent).
func (m members) boolean(name string, required bool) (bool, error) {
	v, ok := m[name]
	switch {
	case !ok && required:
		return false, errors.New(name + " is required")
	case !ok:
		return false, nil
	case v.Kind != canon.KindBool:
		return false, errors.New(name + " must be true or false")
	}
	return v.Bool, nil
}

// integer returns the integer member name (0 when absent), at least min.
func (m members) integer(name string, required bool, min int64) (int64, error) {
	v, ok := m[name]
	switch {
	case !ok && required:
		return 0, errors.New(name + " is required")
	case !ok:
		return 0, nil
	case v.Kind != canon.KindNumber || v.Num != float64(int64(v.Num)) || int64(v.Num) < min || v.Num > 1<<53:
		return 0, fmt.Errorf("%s must be an integer from %d", name, min)
	}
	return int64(v.Num), nil
}

// request reads the body as an object with the allowed members; it
// answers the error itself.
func (h *handler) request(w http.ResponseWriter, r *http.Request, allowed ...string) (members, bool) {
	v, ok := h.body(w, r)
	if !ok {
		return nil, false
	}
	m, err := readMembers(v, "", allowed...)
	if err != nil {
		bodyRefusal(w, err)
		return nil, false
	}
	return m, true
}

func invalid(w http.ResponseWriter, err error) {
	bodyRefusal(w, err)
}

// submit is POST /v1/security/submissions (scope submit): one field of
// one artifact through the §8 ingestion gate, attributed to the key's
// owner. The answer is the gate's outcome: clean, held (with the flags
// holding it) or admitted.
func (h *handler) submit(w http.ResponseWriter, r *http.Request) {
	key, ok := h.authorize(w, r, store.ScopeSubmit)
	if !ok {
		return
	}
	m, ok := h.request(w, r, "artifact", "field", "content", "context", "agent_id", "handle")
	if !ok {
		return
	}
	var in flag.SubmissionInput
	var content string
	var err error
	a, isObj := m["artifact"]
	switch {
	case !isObj:
		err = errors.New("artifact is required")
	case a.Kind != canon.KindObject:
		err = errors.New("artifact must be an object")
	}
	if err == nil {
		var am members
		if am, err = readMembers(a, "artifact.", "type", "ref", "label"); err == nil {
			if in.Artifact.Type, err = am.str("type", true); err == nil {
				if in.Artifact.Ref, err = am.str("ref", true); err == nil {
					in.Artifact.Label, err = am.str("label", false)
				}
			}
		}
	}
	for _, f := range []struct {
		name     string
		p        *string
		required bool
	}{{"field", &in.Field, true}, {"content", &content, true}, {"context", &in.Context, false},
		{"agent_id", &in.Actor.AgentID, false}, {"handle", &in.Actor.Handle, false}} {
		if err == nil {
			*f.p, err = m.str(f.name, f.required)
		}
	}
	if err != nil {
		invalid(w, err)
		return
	}
	// The evidence hash is of UTF-8 bytes: a lone surrogate is written as
	// U+FFFD, as a client's UTF-8 encoder writes it (see /v2/scan). The
	// gate's scan still sees the lone surrogate itself — a deterministic
	// finding (§2 unassigned_codepoint) that holds the submission; offsets
	// agree, a surrogate and U+FFFD being one codepoint and three bytes
	// either way.
	in.Bytes = []byte(replaceSurrogates(content))
	// The gate scans in the server's profile, as its pre-call checks and
	// registrations do (issue 31, item 2): only findings of the §2–§4
	// classes become flags, so a Strict extension finding is left out.
	res, err := scan.ScanWTF8(content, &scan.Options{Context: scan.Context(in.Context), Profile: h.checker.Profile, OmitSanitized: true})
	if err != nil {
		writeError(w, http.StatusUnprocessableEntity, "invalid_request", "context is text or email_html")
		return
	}
	res.Findings = slices.DeleteFunc(res.Findings, func(f scan.Finding) bool { return f.Extension })
	in.Result = res
	in.Actor.AccountID, in.Actor.Kind = key.Owner, flag.KindAccount
	in.Source = flag.Submission
	out, err := h.flagBatch.Submit(r.Context(), in)
	switch {
	case errors.Is(err, flag.ErrInvalid), errors.Is(err, store.ErrInvalid), errors.Is(err, flag.ErrUnknownClass),
		errors.Is(err, flag.ErrExcerptTooLong), errors.Is(err, flag.ErrActorKind):
		writeError(w, http.StatusUnprocessableEntity, "invalid_request", "the submission breaks a bound or a rule of §8")
	case err != nil:
		h.storeFail(w, r, "submit", err)
	default:
		if out.Decisions == nil {
			out.Decisions = []flag.Decision{}
		}
		writeJSON(w, http.StatusOK, gateAnswer{out, FlagsNote})
	}
}

// register is POST /v1/registry/servers (scope register): the server at
// url probed through the guard and registered (§9 registration), or held
// by deterministic findings in its definitions (the flags stand against
// the URL).
func (h *handler) register(w http.ResponseWriter, r *http.Request) {
	if _, ok := h.authorize(w, r, store.ScopeRegister); !ok {
		return
	}
	m, ok := h.request(w, r, "url", "slug", "page_url", "linked_store_listing")
	if !ok {
		return
	}
	var in precall.RegisterInput
	var err error
	for _, f := range []struct {
		name     string
		p        *string
		required bool
	}{{"url", &in.URL, true}, {"slug", &in.Slug, false}, {"page_url", &in.PageURL, false}, {"linked_store_listing", &in.LinkedStoreListing, false}} {
		if err == nil {
			*f.p, err = m.str(f.name, f.required)
		}
	}
	if err != nil {
		invalid(w, err)
		return
	}
	res, err := h.checker.Register(r.Context(), in)
	var re *guard.RefusedError
	var rd *precall.RedirectError
	switch {
	case errors.As(err, &rd):
		writeError(w, http.StatusUnprocessableEntity, "redirects", "the URL redirects; register the destination instead: "+printableKey(rd.Destination))
	case errors.As(err, &re):
		writeError(w, http.StatusUnprocessableEntity, "refused_"+re.Reason.ID(), re.Error())
	case errors.Is(err, precall.ErrAlreadyRegistered):
		writeError(w, http.StatusConflict, "already_registered", "a server is registered at this URL")
	case errors.Is(err, precall.ErrUnreachable):
		writeError(w, http.StatusBadGateway, "unreachable", "the server could not be probed; nothing was recorded")
	case errors.Is(err, store.ErrInvalid):
		writeError(w, http.StatusUnprocessableEntity, "invalid_request", "the registration breaks a bound of the registry")
	case err != nil:
		h.storeFail(w, r, "register", err)
	case res.Status == precall.RegisterDone:
		writeJSON(w, http.StatusCreated, res)
	default:
		writeJSON(w, http.StatusOK, res)
	}
}

// flagCase reads {"case_id", "case_number"} and the further members.
func flagCase(m members) (flag.Case, error) {
	var c flag.Case
	var err error
	if c.CaseID, err = m.str("case_id", true); err != nil {
		return c, err
	}
	c.CaseNumber, err = m.integer("case_number", true, 1)
	return c, err
}

// flagStep answers the outcome of a lifecycle step of package flag.
func (h *handler) flagStep(w http.ResponseWriter, r *http.Request, f flag.Flag, err error) {
	switch {
	case errors.Is(err, flag.ErrNotFound):
		writeError(w, http.StatusNotFound, "flag_not_found", "no flag has this id")
	case errors.Is(err, flag.ErrNotAttributed):
		writeError(w, http.StatusForbidden, "not_attributed", "only the attributed actor may dispute a flag (§8)")
	case errors.Is(err, flag.ErrSelfDecision):
		writeError(w, http.StatusForbidden, "self_decision", "a dispute is not decided by the key that filed it nor by the flag's attributed account")
	case errors.Is(err, flag.ErrDecided):
		writeError(w, http.StatusConflict, "decided", "the dispute was decided; it is not reopened (§8)")
	case errors.Is(err, flag.ErrCaseMismatch):
		writeError(w, http.StatusConflict, "case_mismatch", "the award is not for the flag's dispute case")
	case errors.Is(err, flag.ErrWrongState), errors.Is(err, store.ErrConflict):
		writeError(w, http.StatusConflict, "wrong_state", "the flag is not in the state this step needs")
	case errors.Is(err, flag.ErrInvalid), errors.Is(err, store.ErrInvalid):
		writeError(w, http.StatusUnprocessableEntity, "invalid_request", "the case breaks a bound")
	case err != nil:
		h.storeFail(w, r, "flag step", err)
	default:
		writeJSON(w, http.StatusOK, f)
	}
}

// dispute is POST /v1/security/flags/{id}/dispute (scope dispute): the
// key's owner, who must be the flag's attributed account, disputes it
// with an arbitration case (§8: standing → disputed).
func (h *handler) dispute(w http.ResponseWriter, r *http.Request) {
	key, ok := h.authorize(w, r, store.ScopeDispute)
	if !ok {
		return
	}
	m, ok := h.request(w, r, "case_id", "case_number")
	if !ok {
		return
	}
	c, err := flagCase(m)
	if err != nil {
		invalid(w, err)
		return
	}
	// The entry records the key as filed_by (issue 29).
	f, err := (&flag.Service{Store: h.store, Now: h.clock}).DisputeAs(r.Context(), r.PathValue("id"),
		flag.Principal{AccountID: key.Owner, KeyID: key.ID}, c)
	h.flagStep(w, r, f, err)
}

// award is POST /v1/security/flags/{id}/award (scope arbitrate): the
// award of the flag's dispute case, overturning or upholding it (§8:
// disputed → overturned | standing). The key decides: its entry records
// it as decided_by, and a key of the flag's attributed account, or the key
// that filed the dispute, is refused (403 self_decision, issue 29).
func (h *handler) award(w http.ResponseWriter, r *http.Request) {
	key, ok := h.authorize(w, r, store.ScopeArbitrate)
	if !ok {
		return
	}
	m, ok := h.request(w, r, "case_id", "case_number", "decision")
	if !ok {
		return
	}
	c, err := flagCase(m)
	var decision string
	if err == nil {
		decision, err = m.str("decision", true)
	}
	if err == nil && decision != "overturn" && decision != "uphold" {
		err = errors.New("decision is overturn or uphold")
	}
	if err != nil {
		invalid(w, err)
		return
	}
	svc := &flag.Service{Store: h.store, Now: h.clock}
	by := flag.Principal{AccountID: key.Owner, KeyID: key.ID}
	var f flag.Flag
	if decision == "overturn" {
		f, err = svc.Overturn(r.Context(), r.PathValue("id"), c, by)
	} else {
		f, err = svc.Uphold(r.Context(), r.PathValue("id"), c, by)
	}
	h.flagStep(w, r, f, err)
}

// outcome is a check-in report's outcome in its wire form.
type outcome struct {
	ReportID    string `json:"report_id"`
	CandidateID string `json:"candidate_id"`
	Status      string `json:"status"`
	Rule        string `json:"rule"`
}

// checkInResponse is the answer of POST /api/v1/shield/checkin.
type checkInResponse struct {
	Outcomes   []outcome    `json:"outcomes"`
	ShieldFeed feedResponse `json:"shield_feed"`
}

// signatureRefusal answers a refusal of package signature: 422 with the
// class's code (the message names the field, never the snippet).
func (h *handler) signatureRefusal(w http.ResponseWriter, r *http.Request, op string, err error) {
	codes := []struct {
		kind error
		code string
	}{
		{signature.ErrTooManyReports, "too_many_reports"}, {signature.ErrMissingField, "missing_field"},
		{signature.ErrUnknownSourceType, "unknown_source_type"}, {signature.ErrUnknownCategory, "unknown_category"},
		{signature.ErrBadDomain, "bad_domain"}, {signature.ErrBadTime, "bad_time"},
		{signature.ErrSnippetTooLong, "snippet_too_long"}, {signature.ErrSecret, "secret"},
		{signature.ErrTooShort, "too_short"}, {signature.ErrNotOptedIn, "not_opted_in"},
		{signature.ErrSelfReview, "self_review"}, // issue 29: a reporter reviews none of its own
		{signature.ErrBadRequest, "invalid_request"},
	}
	var se *signature.Error
	for _, c := range codes {
		if errors.Is(err, c.kind) {
			msg := c.kind.Error()
			if errors.As(err, &se) && se.Field != "" {
				msg += " (" + se.Field + ")"
			}
			writeError(w, http.StatusUnprocessableEntity, c.code, msg)
			return
		}
	}
	switch {
	case errors.Is(err, store.ErrNotFound):
		writeError(w, http.StatusNotFound, "not_found", "no such candidate or review job")
	case errors.Is(err, store.ErrDuplicate):
		writeError(w, http.StatusConflict, "duplicate", "this review job has its vote")
	case errors.Is(err, store.ErrInvalid):
		writeError(w, http.StatusUnprocessableEntity, "invalid_request", "the request breaks a bound, or the vote is not the job's")
	default:
		h.storeFail(w, r, op, err)
	}
}

// checkIn is POST /api/v1/shield/checkin (scope checkin): up to five
// reports of an agent of the key's owner (Shield method 1.0, "What agents
// report"), and the feed's changes after feed_since — the check-in's
// shield_feed. Any refused report refuses the whole check-in; a snippet
// refused for a secret is neither stored nor logged nor quoted.
//
// The body is decoded by encoding/json (the reports' wire form is package
// signature's), so a lone surrogate in a snippet is read as U+FFFD, which
// cleaning would remove anyway; a member given twice or spelt with
// another case, which encoding/json would take, is refused first.
func (h *handler) checkIn(w http.ResponseWriter, r *http.Request) {
	key, ok := h.authorize(w, r, store.ScopeCheckIn)
	if !ok {
		return
	}
	b, err := io.ReadAll(http.MaxBytesReader(w, r.Body, min(h.maxBody, signature.MaxCheckInBytes+4096)))
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) {
		writeError(w, http.StatusRequestEntityTooLarge, "body_too_large", fmt.Sprintf("a check-in is at most %d bytes", mbe.Limit))
		return
	} else if err != nil {
		writeError(w, http.StatusBadRequest, "invalid_body", "the body could not be read")
		return
	}
	var req struct {
		AgentID   string          `json:"agent_id"`
		Reports   json.RawMessage `json:"reports"`
		FeedSince int64           `json:"feed_since"`
	}
	if err := checkInMembers(b); err != nil {
		writeError(w, http.StatusBadRequest, "invalid_json", err.Error())
		return
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil || dec.More() || !strings.HasPrefix(strings.TrimSpace(string(b)), "{") {
		writeError(w, http.StatusBadRequest, "invalid_json", "the body is not a check-in object: {\"agent_id\", \"reports\", \"feed_since\"}")
		return
	}
	if req.AgentID == "" || req.FeedSince < 0 {
		invalid(w, errors.New("agent_id is required, and feed_since is 0 or the next_since of a previous check-in"))
		return
	}
	var reports []signature.Report
	if len(req.Reports) > 0 && string(req.Reports) != "null" {
		if reports, err = signature.ParseReports(bytes.NewReader(req.Reports)); err != nil {
			h.signatureRefusal(w, r, "checkin", err)
			return
		}
	}
	resp := checkInResponse{Outcomes: []outcome{}}
	if len(reports) > 0 {
		outs, err := h.signatures().CheckIn(r.Context(), key.Owner, req.AgentID, reports)
		if err != nil {
			h.signatureRefusal(w, r, "checkin", err)
			return
		}
		for _, o := range outs {
			resp.Outcomes = append(resp.Outcomes, outcome{o.ReportID, o.CandidateID, o.Status, string(o.Rule)})
		}
	}
	es, err := h.signatures().Feed(r.Context(), req.FeedSince, 0)
	if err != nil {
		h.storeFail(w, r, "checkin feed", err)
		return
	}
	resp.ShieldFeed = feedResponse{Changes: es, NextSince: req.FeedSince}
	if len(es) > 0 {
		resp.ShieldFeed.NextSince = es[len(es)-1].Seq
	}
	writeJSON(w, http.StatusOK, resp)
}

// reviewJob is POST /api/v1/shield/review-jobs (scope review): a review
// job for an agent of the key's owner that opted into review jobs; the
// candidate's text is in untrusted_snippet and nowhere else.
func (h *handler) reviewJob(w http.ResponseWriter, r *http.Request) {
	key, ok := h.authorize(w, r, store.ScopeReview)
	if !ok {
		return
	}
	m, ok := h.request(w, r, "candidate_id", "agent_id", "opted_in")
	if !ok {
		return
	}
	cand, err := m.str("candidate_id", true)
	var agent string
	var opted bool
	if err == nil {
		agent, err = m.str("agent_id", true)
	}
	if err == nil {
		opted, err = m.boolean("opted_in", true)
	}
	if err != nil {
		invalid(w, err)
		return
	}
	job, err := h.signatures().CreateReviewJob(r.Context(), cand, key.Owner, agent, opted)
	if err != nil {
		h.signatureRefusal(w, r, "review job", err)
		return
	}
	writeJSON(w, http.StatusCreated, job)
}

// voteResponse is the answer of a review vote.
type voteResponse struct {
	CandidateID string `json:"candidate_id"`
	Status      string `json:"status"`
}

// vote is POST /api/v1/shield/review-jobs/{job}/vote (scope review): the
// answer to a review job, by the agent and owner it was given to.
func (h *handler) vote(w http.ResponseWriter, r *http.Request) {
	key, ok := h.authorize(w, r, store.ScopeReview)
	if !ok {
		return
	}
	m, ok := h.request(w, r, "candidate_id", "agent_id", "hostile")
	if !ok {
		return
	}
	cand, err := m.str("candidate_id", true)
	var agent string
	var hostile bool
	if err == nil {
		agent, err = m.str("agent_id", true)
	}
	if err == nil {
		hostile, err = m.boolean("hostile", true)
	}
	if err != nil {
		invalid(w, err)
		return
	}
	status, err := h.signatures().Vote(r.Context(), r.PathValue("job"), cand, key.Owner, agent, hostile)
	if err != nil {
		h.signatureRefusal(w, r, "vote", err)
		return
	}
	writeJSON(w, http.StatusOK, voteResponse{CandidateID: cand, Status: status})
}
