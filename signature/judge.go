package signature

import (
	"context"

	"github.com/plainsight/plainsight/shield"
)

// A Judge is the second poisoning guard: it says whether a candidate's
// cleaned text reads as an attack. A candidate that a confirmation rule
// would confirm but that the Judge calls benign is not confirmed (rule
// [BenignJudge]). It must not store or log the text.
type Judge func(ctx context.Context, cleaned string) (hostile bool, err error)

// ShieldJudge is the default [Judge]: the text is hostile when the
// shield's default scanner (no signature set: a signature cannot vouch
// for itself) gives it at least one prompt_injection signal, scanned as
// web content coming in. Every category a report can carry
// (instruction_override, data_exfiltration, credential_request,
// payment_request, tool_misuse, persona_hijack) is an instruction to the
// agent, which is what that class detects; a licence header, a README
// paragraph or an install command gives no such signal.
//
// Its strength is the prompt_injection detector's: an attack the
// detector misses cannot become a signature while this judge is on
// (docs/judgement/poisoning-guard.md measures both sides).
func ShieldJudge(ctx context.Context, cleaned string) (bool, error) {
	resp, err := shield.Scan(ctx, shield.Request{Content: cleaned, Context: shield.Context{Source: shield.SourceWeb, Direction: shield.Inbound}})
	if err != nil {
		return false, err
	}
	for _, s := range resp.Signals {
		if s.Class == shield.PromptInjection {
			return true, nil
		}
	}
	return resp.Scores.PromptInjection > 0, nil
}
