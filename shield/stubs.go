package shield

import "context"

func (s *Scanner) secrets(ctx context.Context, text string, c *collector) error { return nil }
func (s *Scanner) pii(ctx context.Context, text string, c *collector) error     { return nil }
func (s *Scanner) urls(ctx context.Context, text string, c *collector) error    { return nil }

type KeyRing struct{}

func (k *KeyRing) sign(r *Response) (string, error) { return "", nil }

type URLList struct{}
type AddressClassifier interface{}

var BuiltinAddresses AddressClassifier
