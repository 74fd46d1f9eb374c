package analysis

import "strings"

// nearest returns the candidate closest to word, for "did you mean" fixes, or
// "" when none is close enough to be a plausible typo. Case and the
// separators '_' and ' ' are forgiven first (`PARALLEL`, `enter_data`,
// `copy_in`), then an edit distance of about a third of the word is allowed.
func nearest(word string, candidates []string) string {
	key := squash(word)
	for _, c := range candidates {
		if squash(c) == key {
			return c
		}
	}
	best, bestDist := "", len(word)/3+1
	if bestDist > 3 {
		bestDist = 3
	}
	for _, c := range candidates {
		if d := editDistance(strings.ToLower(word), c); d < bestDist || (d == bestDist && best == "" && d <= 1) {
			best, bestDist = c, d
		}
	}
	return best
}

func squash(s string) string {
	s = strings.ToLower(s)
	return strings.NewReplacer("_", "", " ", "", "-", "").Replace(s)
}

// editDistance is the optimal-string-alignment distance: insertions,
// deletions, substitutions and adjacent transpositions cost 1.
func editDistance(a, b string) int {
	if len(a) > 64 || len(b) > 64 {
		return 1 << 30 // not a typo of any OpenACC name
	}
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}

// nearestVariable is the name among candidates that name is most likely a
// typo of, "" when none is close: the fewest edits (a third of the name's
// length at most, one for names of three to five letters, and none for
// names of one or two letters, close to too many others), then the longest common prefix (`blocksz`: `blocksize`
// rather than `block`).
func nearestVariable(name string, candidates []string) string {
	limit := min(max(len(name)/3, 1), 3)
	if len(name) <= 2 {
		limit = 0
	}
	best, bestDist, bestPrefix := "", limit+1, -1
	for _, c := range candidates {
		if c == name {
			continue
		}
		d := editDistance(name, c)
		if strings.EqualFold(name, c) {
			d = 0
		}
		p := 0
		for p < len(name) && p < len(c) && name[p] == c[p] {
			p++
		}
		if d <= limit && (d < bestDist || d == bestDist && p > bestPrefix) {
			best, bestDist, bestPrefix = c, d, p
		}
	}
	return best
}
