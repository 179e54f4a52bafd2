package shieldgen

// nationalIDCases are the national identifiers of pii read after their
// labels (docs/judgement/pii.md): a UK National Insurance number by
// HMRC's prefix rules, a Canadian Social Insurance Number by the Luhn
// check, an Indian Permanent Account Number by its holder-type letter;
// and, for each, a look-alike that fails its rule.
var nationalIDCases = []ScanCase{
	{Comment: "UK National Insurance number after its label", Spec: []string{"§3.2"},
		Content: "National Insurance number: AB123456C", Verdict: "malicious", Signals: pii, Kinds: []string{"uk_nino"}},
	{Comment: "HMRC's printed example National Insurance number (prefix QQ, never allocated) stays clean", Spec: []string{"§3.2"},
		Content: "National Insurance number QQ123456C", Verdict: "clean", Signals: none},
	{Comment: "Canadian Social Insurance Number (Luhn) after its label", Spec: []string{"§3.2"},
		Content: "SIN: 130 692 544", Verdict: "malicious", Signals: pii, Kinds: []string{"ca_sin"}},
	{Comment: "a nine-digit count after \"since\" is no Social Insurance Number", Spec: []string{"§3.2"},
		Content: "since 130 692 544 days", Verdict: "clean", Signals: none},
	{Comment: "Indian Permanent Account Number after its label", Spec: []string{"§3.2"},
		Content: "PAN: ABCPE1234F", Verdict: "malicious", Signals: pii, Kinds: []string{"in_pan"}},
	{Comment: "a PAN-shaped code whose fourth letter is no holder type stays clean", Spec: []string{"§3.2"},
		Content: "PAN: ABCXE1234F", Verdict: "clean", Signals: none},
}
