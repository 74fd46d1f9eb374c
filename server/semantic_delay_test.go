package server

import (
	"testing"
	"time"
)

func TestAdaptiveDelay(t *testing.T) {
	ms := time.Millisecond
	for _, c := range []struct{ configured, lastRun, want time.Duration }{
		{200 * ms, 0, 200 * ms},         // no run yet: the configured delay
		{200 * ms, 40 * ms, 100 * ms},   // a quick run: the floor
		{200 * ms, 100 * ms, 150 * ms},  // 1.5 × the run
		{200 * ms, 300 * ms, 200 * ms},  // a slow run: the configured delay
		{1 * ms, 300 * ms, 1 * ms},      // never more than configured (tests)
		{500 * ms, 1000 * ms, 500 * ms}, // a longer configured delay is the ceiling
	} {
		if got := adaptiveDelay(c.configured, c.lastRun); got != c.want {
			t.Errorf("adaptiveDelay(%v, %v) = %v, want %v", c.configured, c.lastRun, got, c.want)
		}
	}
}
