package proxy

// WithoutGuard is c forwarding without the guard: the benchmark's
// measure of the proxy's own cost.
func WithoutGuard(c Config) Config {
	c.noGuard = true
	return c
}
