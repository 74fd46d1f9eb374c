package device

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"sync"
	"time"
	"unicode/utf8"
)

// Stream names one output of a program.
type Stream int

const (
	Stdout Stream = iota
	Stderr
)

func (s Stream) String() string {
	if s == Stderr {
		return "stderr"
	}
	return "stdout"
}

// RunSpec describes one run of a program built by accls.
type RunSpec struct {
	Path string // the executable
	Args []string
	Dir  string   // working directory; "" is the current one
	Env  []string // nil: os.Environ(); ACCLS_DEVICE and ACCLS_PROFILE are set from Device and ProfilePath
	// Device is the runtime's device selector (ACCLS_DEVICE); "" keeps
	// whatever Env says.
	Device string
	// ProfilePath, when set, makes the runtime write its profile there
	// (ACCLS_PROFILE) and Run parse it into Result.Profile.
	ProfilePath string
	// Timeout kills the program after this long; 0 is no limit.
	Timeout time.Duration
	// Output receives the program's output as it comes, one call at a time,
	// never splitting a UTF-8 sequence. nil discards it.
	Output func(s Stream, text []byte)
	// MaxOutput is the most bytes given to Output (both streams together);
	// the rest is dropped (Result.OutputDropped). 0 is no limit.
	MaxOutput int64
}

// Result is how a run ended.
type Result struct {
	// ExitCode is the exit status; -1 when the program did not exit by itself.
	ExitCode int
	// Signal is the name of the signal that ended the program ("SIGSEGV"),
	// "" when it exited. After a timeout or a cancellation it is SIGKILL.
	Signal    string
	TimedOut  bool
	Cancelled bool
	Wall      time.Duration // from start to exit
	// Profile is the runtime's profile; nil when none was asked for or
	// written (a program killed by a signal writes none).
	Profile       *Profile
	ProfileErr    error // why the profile file could not be parsed, when it exists
	OutputDropped bool
}

// graceAfterExit is how long Run waits for the output pipes to close after the
// program (and its process group) ended.
const graceAfterExit = 2 * time.Second

// Run runs spec until the program exits, ctx is cancelled (the program's whole
// process group is killed: Result.Cancelled) or the time limit passes
// (Result.TimedOut). The error is for a program that could not be started.
func Run(ctx context.Context, spec RunSpec) (*Result, error) {
	env := spec.Env
	if env == nil {
		env = os.Environ()
	}
	env = append([]string(nil), env...)
	if spec.Device != "" {
		env = setEnv(env, "ACCLS_DEVICE", spec.Device)
	}
	if spec.ProfilePath != "" {
		os.Remove(spec.ProfilePath)
		env = setEnv(env, "ACCLS_PROFILE", spec.ProfilePath)
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	errR, errW, err := os.Pipe()
	if err != nil {
		outR.Close()
		outW.Close()
		return nil, err
	}
	cmd := exec.Command(spec.Path, spec.Args...)
	cmd.Dir = spec.Dir
	cmd.Env = env
	cmd.Stdout = outW
	cmd.Stderr = errW
	setProcessGroup(cmd)

	out := &outputSink{f: spec.Output, max: spec.MaxOutput}
	start := time.Now()
	err = cmd.Start()
	outW.Close()
	errW.Close()
	if err != nil {
		outR.Close()
		errR.Close()
		return nil, err
	}
	var readers sync.WaitGroup
	readers.Add(2)
	go out.pump(&readers, Stdout, outR)
	go out.pump(&readers, Stderr, errR)

	// Wait for the exit, a cancellation or the limit.
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	var limit <-chan time.Time
	if spec.Timeout > 0 {
		t := time.NewTimer(spec.Timeout)
		defer t.Stop()
		limit = t.C
	}
	res := &Result{ExitCode: -1}
	var waitErr error
	select {
	case waitErr = <-exited:
	case <-ctx.Done():
		res.Cancelled = true
		killGroup(cmd)
		waitErr = <-exited
	case <-limit:
		res.TimedOut = true
		killGroup(cmd)
		waitErr = <-exited
	}
	res.Wall = time.Since(start)
	// Whatever the program left behind in its group goes too: its output
	// pipes then close.
	killGroup(cmd)
	done := make(chan struct{})
	go func() { readers.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(graceAfterExit):
		// A process outside the group holds the pipes: stop reading.
		outR.Close()
		errR.Close()
		<-done
	}
	outR.Close()
	errR.Close()
	res.OutputDropped = out.dropped

	if st := cmd.ProcessState; st != nil {
		res.ExitCode = st.ExitCode()
		res.Signal = signalOf(st)
	} else if waitErr != nil {
		var ee *exec.ExitError
		if !errors.As(waitErr, &ee) {
			return res, waitErr
		}
	}
	if spec.ProfilePath != "" {
		if b, err := os.ReadFile(spec.ProfilePath); err == nil {
			res.Profile, res.ProfileErr = ParseProfile(b)
		}
	}
	return res, nil
}

// setEnv returns env with name=value (replacing an earlier setting).
func setEnv(env []string, name, value string) []string {
	out := env[:0]
	for _, kv := range env {
		if len(kv) > len(name) && kv[:len(name)] == name && kv[len(name)] == '=' {
			continue
		}
		out = append(out, kv)
	}
	return append(out, name+"="+value)
}

// outputSink hands the program's output to the callback, one call at a
// time, and counts it against the limit.
type outputSink struct {
	f   func(Stream, []byte)
	max int64

	mu      sync.Mutex
	total   int64
	dropped bool
}

func (o *outputSink) pump(wg *sync.WaitGroup, s Stream, r *os.File) {
	defer wg.Done()
	buf := make([]byte, 32<<10)
	var carry []byte // an incomplete UTF-8 sequence at the end of the last read
	for {
		n, err := r.Read(buf[len(carry):])
		if n > 0 {
			chunk := buf[:len(carry)+n]
			keep := incompleteSuffix(chunk)
			o.emit(s, chunk[:len(chunk)-keep])
			carry = append(carry[:0], chunk[len(chunk)-keep:]...)
			copy(buf, carry)
		}
		if err != nil {
			if len(carry) > 0 {
				o.emit(s, carry)
			}
			return
		}
	}
}

func (o *outputSink) emit(s Stream, b []byte) {
	if len(b) == 0 {
		return
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.max > 0 {
		if o.total >= o.max {
			o.dropped = true
			return
		}
		if rest := o.max - o.total; int64(len(b)) > rest {
			b = b[:rest-int64(incompleteSuffix(b[:rest]))]
			o.dropped = true
		}
	}
	o.total += int64(len(b))
	if o.f != nil && len(b) > 0 {
		o.f(s, b)
	}
}

// incompleteSuffix is the length of the start of a UTF-8 sequence that ends
// b without its continuation bytes (0 when b ends on a boundary; invalid
// bytes count as complete).
func incompleteSuffix(b []byte) int {
	for i := 1; i <= 3 && i <= len(b); i++ {
		c := b[len(b)-i]
		if c < 0x80 {
			return 0 // ASCII: complete
		}
		if utf8.RuneStart(c) {
			need := 0
			switch {
			case c&0xE0 == 0xC0:
				need = 2
			case c&0xF0 == 0xE0:
				need = 3
			case c&0xF8 == 0xF0:
				need = 4
			default:
				return 0
			}
			if need > i {
				return i
			}
			return 0
		}
	}
	return 0
}
