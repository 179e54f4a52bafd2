package signature

import (
	"slices"
	"time"
)

// Confirmation rules (Shield method 1.0, "When a report becomes a
// signature").
const (
	// ConfirmOwners: at least 3 different owners report near-duplicates…
	ConfirmOwners = 3
	// ConfirmWindow: …within 14 days.
	ConfirmWindow = 14 * 24 * time.Hour
	// ReviewOwners: at least 5 reviewers from 5 different owners…
	ReviewOwners = 5
	// ReviewAgreement: …agree at 80 % or more (counted exactly as
	// 5·hostile ≥ 4·votes).
	ReviewAgreement = 0.8
	// PoisonShare: a candidate with 50 % or more of its shingles in the
	// benign corpus is never confirmed (counted exactly: 2·n ≥ |S|).
	PoisonShare = 0.5
)

// Sighting is one report of a candidate as the confirmation rule sees it:
// who reported it, when the service received it, and its shingles.
//
// The window is measured on ReceivedAt, the service's clock, not on the
// report's observed_at, which the reporter chooses and could backdate to
// gather old reports into one window.
type Sighting struct {
	Owner      string
	ReceivedAt time.Time
	Shingles   []uint64
}

// Vote is one reviewer's answer to a review job.
type Vote struct {
	Reviewer string // the reviewing agent
	Owner    string // its owner
	// OptedIn is whether the reviewer's agent opted into review jobs; a
	// vote without it is not counted (and a store refuses it).
	OptedIn bool
	Hostile bool // the reviewer agrees the text is an attack of its category
	At      time.Time
}

// Rule names which way a candidate was confirmed, or why not.
type Rule string

// The outcomes of [Decide].
const (
	ByReports    Rule = "reports"       // ≥ 3 owners, near-duplicates, 14 days
	ByReview     Rule = "review"        // ≥ 5 owners' reviewers at ≥ 80 %
	BenignCorpus Rule = "benign_corpus" // the poisoning guard refused it
	// BenignJudge: the second guard (a [Judge], in the [Service] only)
	// found no attack in it.
	BenignJudge   Rule = "benign_judge"
	NotConfirmed  Rule = "not_confirmed" // neither rule holds yet
	NoFingerprint Rule = "no_shingles"   // nothing to compare
)

// Decision is the outcome of the confirmation rules for one candidate.
type Decision struct {
	Confirmed bool
	Rule      Rule
	// Owners is the largest number of different owners with
	// near-duplicate reports inside one 14-day window.
	Owners int
	// HostileOwners and VotingOwners count the review votes, one per
	// owner.
	HostileOwners, VotingOwners int
	// BenignShared is how many of the candidate's shingles are in the
	// benign corpus.
	BenignShared int
}

// Decide applies the confirmation rules to a candidate with the given
// shingles: the poisoning guard first (a candidate with half or more of
// its shingles in corpus is never confirmed, whatever the reports and
// votes), then the reports rule, then the review rule, which counts no
// vote of an owner among the sightings' (a reporter is no reviewer of its
// own report). A nil corpus is an empty one.
func Decide(candidate []uint64, sightings []Sighting, votes []Vote, corpus *Corpus) Decision {
	var d Decision
	if len(candidate) == 0 {
		d.Rule = NoFingerprint
		return d
	}
	d.Owners = windowOwners(candidate, sightings)
	reporters := map[string]bool{}
	for _, s := range sightings {
		reporters[s.Owner] = true
	}
	d.HostileOwners, d.VotingOwners = countVotes(votes, reporters)
	d.BenignShared = corpus.Shared(candidate)
	switch {
	case 2*d.BenignShared >= len(candidate):
		d.Rule = BenignCorpus
	case d.Owners >= ConfirmOwners:
		d.Confirmed, d.Rule = true, ByReports
	case d.HostileOwners >= ReviewOwners && 5*d.HostileOwners >= 4*d.VotingOwners:
		d.Confirmed, d.Rule = true, ByReview
	default:
		d.Rule = NotConfirmed
	}
	return d
}

// windowOwners returns the largest number of different owners whose
// reports are near-duplicates of the candidate (Similarity ≥ 0.8) and
// were received within one window of ConfirmWindow (last − first ≤ 14
// days). An owner counts once however many agents or reports it has.
func windowOwners(candidate []uint64, sightings []Sighting) int {
	var near []Sighting
	for _, s := range sightings {
		if s.Owner != "" && nearDuplicate(candidate, s.Shingles) {
			near = append(near, s)
		}
	}
	slices.SortStableFunc(near, func(a, b Sighting) int { return a.ReceivedAt.Compare(b.ReceivedAt) })
	count := map[string]int{}
	best := 0
	for lo, hi := 0, 0; hi < len(near); hi++ {
		count[near[hi].Owner]++
		for near[hi].ReceivedAt.Sub(near[lo].ReceivedAt) > ConfirmWindow {
			if count[near[lo].Owner]--; count[near[lo].Owner] == 0 {
				delete(count, near[lo].Owner)
			}
			lo++
		}
		best = max(best, len(count))
	}
	return best
}

// countVotes counts the votes of opted-in reviewers, one per owner: an
// owner's earliest vote is its vote (ties: the first given), whatever
// its other agents say later. An owner that reported the candidate is no
// reviewer of it: its votes are not counted, for or against (issue 29;
// the Service refuses them with ErrSelfReview, and this keeps a vote cast
// before its owner's report from counting).
func countVotes(votes []Vote, reporters map[string]bool) (hostile, total int) {
	vs := slices.Clone(votes)
	slices.SortStableFunc(vs, func(a, b Vote) int { return a.At.Compare(b.At) })
	seen := map[string]bool{}
	for _, v := range vs {
		if !v.OptedIn || v.Owner == "" || seen[v.Owner] || reporters[v.Owner] {
			continue
		}
		seen[v.Owner] = true
		total++
		if v.Hostile {
			hostile++
		}
	}
	return hostile, total
}
