package shield

type KeyRing struct{}

func (k *KeyRing) sign(r *Response) (string, error) { return "", nil }
