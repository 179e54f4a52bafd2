package precall

import (
	"errors"
	"fmt"

	"github.com/plainsight/plainsight/fingerprint"
	"github.com/plainsight/plainsight/internal/canon"
)

// The recorded definitions of a fingerprint version are kept as JSON:
// {"server":{"name","version"},"protocol_version","instructions","tools":[{"name","description","inputSchema"}]},
// the strings written as JSON.stringify writes them (a lone surrogate as
// \udxxx), so that what is read back fingerprints exactly as what was
// served.

var errDefinitions = errors.New("precall: recorded definitions cannot be read")

func encodeDefinitions(d *fingerprint.Definitions) ([]byte, error) {
	b := []byte(`{"server":{"name":`)
	var err error
	str := func(s string) {
		if err == nil {
			b, err = canon.AppendString(b, s)
		}
	}
	str(d.Server.Name)
	b = append(b, `,"version":`...)
	if d.Server.Version == nil {
		b = append(b, "null"...)
	} else {
		str(*d.Server.Version)
	}
	b = append(b, `},"protocol_version":`...)
	str(d.ProtocolVersion)
	b = append(b, `,"instructions":`...)
	str(d.Instructions)
	b = append(b, `,"tools":[`...)
	for i, t := range d.Tools {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"name":`...)
		str(t.Name)
		b = append(b, `,"description":`...)
		str(t.Description)
		b = append(b, `,"inputSchema":`...)
		if len(t.InputSchema) == 0 {
			b = append(b, "{}"...)
		} else {
			b = append(b, t.InputSchema...)
		}
		b = append(b, '}')
	}
	b = append(b, "]}"...)
	return b, err
}

func decodeDefinitions(b []byte) (*fingerprint.Definitions, error) {
	v, err := canon.Parse(b, canon.Limits{MaxDepth: 300})
	if err != nil || v.Kind != canon.KindObject {
		return nil, fmt.Errorf("%w: %v", errDefinitions, err)
	}
	d := &fingerprint.Definitions{}
	for _, m := range v.Members {
		switch m.Key {
		case "server":
			for _, sm := range m.Value.Members {
				switch sm.Key {
				case "name":
					d.Server.Name = sm.Value.Str
				case "version":
					if sm.Value.Kind == canon.KindString {
						s := sm.Value.Str
						d.Server.Version = &s
					}
				}
			}
		case "protocol_version":
			d.ProtocolVersion = m.Value.Str
		case "instructions":
			d.Instructions = m.Value.Str
		case "tools":
			raw, err := canon.Marshal(m.Value, canon.SortedUTF16, canon.Limits{MaxDepth: 300})
			if err != nil {
				return nil, fmt.Errorf("%w: %v", errDefinitions, err)
			}
			if d.Tools, err = fingerprint.ParseTools(raw); err != nil {
				return nil, fmt.Errorf("%w: %v", errDefinitions, err)
			}
		}
	}
	return d, nil
}
