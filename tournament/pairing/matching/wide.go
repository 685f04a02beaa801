package matching

import (
	"math"
	"math/bits"
)

// Weight is an unsigned integer of a fixed number of 64-bit words, least
// significant word first. The Dutch system packs its quality criteria into
// edge weights of several hundred bits; all weights of one Matcher share one
// width, and arithmetic wraps modulo 2^(64·width) like machine integers.
type Weight []uint64

// NewWeight returns a zero weight of the given number of words.
func NewWeight(words int) Weight { return make(Weight, words) }

// IsZero reports whether w is zero.
func (w Weight) IsZero() bool {
	// Weights are big at the top, so look there first.
	for i := len(w) - 1; i >= 0; i-- {
		if w[i] != 0 {
			return false
		}
	}
	return true
}

// Clear sets w to zero.
func (w Weight) Clear() {
	for i := range w {
		w[i] = 0
	}
}

// Set copies v into w.
func (w Weight) Set(v Weight) { copy(w, v) }

// Shr1 shifts w right by one bit.
func (w Weight) Shr1() {
	for i := 0; i < len(w); i++ {
		w[i] >>= 1
		if i+1 < len(w) {
			w[i] |= w[i+1] << 63
		}
	}
}

// Or sets the low bits of w that are set in x.
func (w Weight) Or(x uint64) { w[0] |= x }

// AddSmall adds x to w.
func (w Weight) AddSmall(x uint64) {
	var c uint64
	w[0], c = bits.Add64(w[0], x, 0)
	for i := 1; c != 0 && i < len(w); i++ {
		w[i], c = bits.Add64(w[i], 0, c)
	}
}

// SubSmall subtracts x from w.
func (w Weight) SubSmall(x uint64) {
	var b uint64
	w[0], b = bits.Sub64(w[0], x, 0)
	for i := 1; b != 0 && i < len(w); i++ {
		w[i], b = bits.Sub64(w[i], 0, b)
	}
}

// Add adds v to w.
func (w Weight) Add(v Weight) {
	var c uint64
	for i := range w {
		w[i], c = bits.Add64(w[i], v[i], c)
	}
}

// Sub subtracts v from w.
func (w Weight) Sub(v Weight) {
	var b uint64
	for i := range w {
		w[i], b = bits.Sub64(w[i], v[i], b)
	}
}

// Cmp compares w and v as unsigned integers: -1, 0 or +1.
func (w Weight) Cmp(v Weight) int {
	for i := len(w) - 1; i >= 0; i-- {
		if w[i] != v[i] {
			if w[i] < v[i] {
				return -1
			}
			return 1
		}
	}
	return 0
}

// AddAt adds x·2^shift to w.
func (w Weight) AddAt(x uint64, shift uint) {
	i, r := int(shift/64), shift%64
	if i >= len(w) {
		return
	}
	lo, hi := x<<r, uint64(0)
	if r != 0 {
		hi = x >> (64 - r)
	}
	var c uint64
	w[i], c = bits.Add64(w[i], lo, 0)
	for i++; i < len(w); i++ {
		w[i], c = bits.Add64(w[i], hi, c)
		hi = 0
		if c == 0 {
			break
		}
	}
}

// approx returns w rounded to a float64 (+Inf beyond its range): x < y
// implies x.approx() ≤ y.approx().
func (w Weight) approx() float64 {
	for i := len(w) - 1; i >= 0; i-- {
		if w[i] != 0 {
			return math.Ldexp(float64(w[i]), 64*i)
		}
	}
	return 0
}
