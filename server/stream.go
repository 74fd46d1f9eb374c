package server

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strconv"
	"sync"

	"go.lsp.dev/jsonrpc2"
)

const (
	// maxMessage is the largest message body the stream accepts; the body of a
	// larger one is skipped and answered with an error.
	maxMessage = 1 << 30
	// maxHeaderLine is the longest header line; longer lines are garbage.
	maxHeaderLine = 4 << 10
)

// stream is a jsonrpc2.Stream with LSP's Content-Length framing that survives
// malformed input: a bad header or a body that is not JSON-RPC is answered
// with an error response (id null) and the stream goes on with the next
// message, where jsonrpc2's own stream would end the connection.
type stream struct {
	in     *bufio.Reader
	closer io.Closer // closes the input, if it can be closed

	wmu sync.Mutex // serializes writes of whole messages
	out io.Writer

	log *slog.Logger
}

func newStream(in io.Reader, out io.Writer, log *slog.Logger) *stream {
	s := &stream{in: bufio.NewReaderSize(in, 64<<10), out: out, log: log}
	if c, ok := in.(io.Closer); ok {
		s.closer = c
	}
	return s
}

// Read returns the next well-formed message. It returns an error only when
// the input ends or fails.
func (s *stream) Read(ctx context.Context) (jsonrpc2.Message, int64, error) {
	for {
		if err := ctx.Err(); err != nil {
			return nil, 0, err
		}
		body, n, err := s.readFrame()
		if err != nil {
			var bad *frameError
			if errors.As(err, &bad) {
				s.log.Warn("bad message framing", "error", bad.msg)
				s.writeError(jsonrpc2.InvalidRequest, bad.msg)
				if bad.resync {
					// Without a length the body cannot be found: skip
					// ahead to what looks like the next header.
					s.resync()
				}
				continue
			}
			return nil, n, err
		}
		if !json.Valid(body) {
			s.log.Warn("message is not JSON", "length", len(body))
			s.writeError(jsonrpc2.ParseError, "message is not valid JSON")
			continue
		}
		msg, err := jsonrpc2.DecodeMessage(body)
		if err != nil {
			s.log.Warn("message is not JSON-RPC", "error", err)
			s.writeError(jsonrpc2.InvalidRequest, "message is not a JSON-RPC 2.0 request, notification or response")
			continue
		}
		return msg, n, nil
	}
}

// frameError is a framing problem the stream recovers from.
type frameError struct {
	msg    string
	resync bool // the input must be resynchronized
}

func (e *frameError) Error() string { return e.msg }

// readFrame reads one header block and its body. When the header block is
// broken it skips to the next line that begins a header block again and
// reports a frameError (the caller resynchronizes); other errors end the
// stream.
func (s *stream) readFrame() ([]byte, int64, error) {
	var total int64
	length := int64(-1)
	problem := ""
	sawHeader := false
	for {
		line, err := s.readLine()
		total += int64(len(line))
		if err != nil {
			if err == io.EOF && (sawHeader || len(line) > 0) {
				err = io.ErrUnexpectedEOF
			}
			return nil, total, err
		}
		line = bytes.TrimRight(line, "\r\n")
		if len(line) == 0 {
			if !sawHeader {
				continue // stray blank lines between messages
			}
			break
		}
		sawHeader = true
		name, value, ok := bytes.Cut(line, []byte(":"))
		if !ok {
			if problem == "" {
				problem = fmt.Sprintf("invalid header line %q", truncate(line, 60))
			}
			continue
		}
		if !bytes.EqualFold(bytes.TrimSpace(name), []byte("Content-Length")) {
			continue // Content-Type and unknown headers
		}
		n, err := strconv.ParseInt(string(bytes.TrimSpace(value)), 10, 64)
		if err != nil || n < 0 {
			if problem == "" {
				problem = fmt.Sprintf("invalid Content-Length %q", truncate(value, 30))
			}
			continue
		}
		length = n
	}
	switch {
	case problem != "" && length < 0:
		return nil, total, &frameError{problem, true}
	case length < 0:
		return nil, total, &frameError{"missing Content-Length header", true}
	case length > maxMessage:
		n, err := io.CopyN(io.Discard, s.in, length)
		total += n
		if err != nil {
			return nil, total, io.ErrUnexpectedEOF
		}
		return nil, total, &frameError{msg: fmt.Sprintf("message longer than %d bytes", maxMessage)}
	}
	var body []byte
	var err error
	if length <= 1<<20 {
		body = make([]byte, length)
		_, err = io.ReadFull(s.in, body)
	} else {
		// Grow with what arrives rather than trusting a large length.
		body, err = io.ReadAll(io.LimitReader(s.in, length))
		if err == nil && int64(len(body)) < length {
			err = io.ErrUnexpectedEOF
		}
	}
	total += int64(len(body))
	if err != nil {
		if err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
		return nil, total, err
	}
	if problem != "" {
		return nil, total, &frameError{msg: problem}
	}
	return body, total, nil
}

// readLine reads one line, at most maxHeaderLine bytes of it; the rest of a
// longer line is discarded.
func (s *stream) readLine() ([]byte, error) {
	line, err := s.in.ReadSlice('\n')
	if err == bufio.ErrBufferFull || (err == nil && len(line) > maxHeaderLine) {
		keep := append([]byte(nil), line[:min(len(line), maxHeaderLine)]...)
		for err == bufio.ErrBufferFull {
			_, err = s.in.ReadSlice('\n')
		}
		return keep, err
	}
	return append([]byte(nil), line...), err
}

// resync discards input up to the next "Content-Length" (case-insensitively,
// anywhere: the next header may follow a body without a line break), leaving
// it unread.
func (s *stream) resync() {
	const key = "content-length"
	for {
		if _, err := s.in.Peek(1); err != nil {
			return // EOF: the next Read reports it
		}
		buf, _ := s.in.Peek(s.in.Buffered())
		if i := indexFold(buf, key); i >= 0 {
			s.in.Discard(i)
			return
		}
		// Keep a tail that may be the start of the key.
		n := len(buf) - (len(key) - 1)
		if n <= 0 {
			// Too little buffered to decide: wait for more input.
			if _, err := s.in.Peek(len(key)); err != nil {
				s.in.Discard(s.in.Buffered())
				return
			}
			continue
		}
		s.in.Discard(n)
	}
}

// indexFold is the index of the first ASCII-case-insensitive occurrence of
// the lower-case key in b, or -1.
func indexFold(b []byte, key string) int {
	for i := 0; i+len(key) <= len(b); i++ {
		if (b[i]|0x20) == key[0] && bytes.EqualFold(b[i:i+len(key)], []byte(key)) {
			return i
		}
	}
	return -1
}

// Write sends one message.
func (s *stream) Write(_ context.Context, msg jsonrpc2.Message) (int64, error) {
	var data []byte
	var err error
	if m, ok := msg.(json.Marshaler); ok {
		// jsonrpc2's messages marshal themselves; calling that directly
		// spares encoding/json's second pass over the output.
		data, err = m.MarshalJSON()
	} else {
		data, err = json.Marshal(msg)
	}
	if err != nil {
		return 0, fmt.Errorf("marshaling message: %w", err)
	}
	return s.writeFrame(data)
}

func (s *stream) writeFrame(data []byte) (int64, error) {
	buf := make([]byte, 0, len(data)+32)
	buf = append(buf, "Content-Length: "...)
	buf = strconv.AppendInt(buf, int64(len(data)), 10)
	buf = append(buf, "\r\n\r\n"...)
	buf = append(buf, data...)
	s.wmu.Lock()
	defer s.wmu.Unlock()
	n, err := s.out.Write(buf)
	return int64(n), err
}

// writeError answers a message that could not be read: its id is unknown, so
// the response has id null (JSON-RPC 2.0 §5).
func (s *stream) writeError(code jsonrpc2.Code, message string) {
	data, _ := json.Marshal(struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      *int            `json:"id"`
		Error   *jsonrpc2.Error `json:"error"`
	}{"2.0", nil, jsonrpc2.NewError(code, message)})
	if _, err := s.writeFrame(data); err != nil {
		s.log.Warn("writing an error response", "error", err)
	}
}

// Close closes the input (when it can be closed), which ends a blocked Read.
func (s *stream) Close() error {
	if s.closer != nil {
		return s.closer.Close()
	}
	return nil
}

func truncate(b []byte, n int) string {
	if len(b) > n {
		return string(b[:n]) + "…"
	}
	return string(b)
}
