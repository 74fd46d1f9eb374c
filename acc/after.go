package acc

// WordAfter returns the identifier or keyword that starts the C code after
// offset i (blanks, comments and line splices skipped), and its offset; ""
// when the code there does not start with a word (a '{', a '#' line, the end
// of the text). Directive-level checks use it to see what a directive
// governs without parsing the C: `for` after `#pragma acc parallel`.
func WordAfter(text []byte, i int) (string, int) {
	s := &scanner{text: text}
	i = s.skipBlanks(min(max(i, 0), len(text)))
	j := i
	for j < len(text) && isIdentByte(text[j]) {
		j++
	}
	if j == i || isDigit(text[i]) {
		return "", i
	}
	return string(text[i:j]), i
}
