package people

import (
	"fmt"
	"testing"
)

// Issue 50.7: the chart's axes are dated. Below the plot, the periods'
// days are labelled from the last back, as many as fit: no two labels
// overlap, none leaves the picture, the last period's is always there.
func TestRatingChartDaysFitBelowThePlot(t *testing.T) {
	for _, periods := range []int{1, 2, 5, 12, 40} {
		var dots []chartDot
		for i := range periods {
			dots = append(dots, chartDot{Rating: 1500 + 10*i, Until: fmt.Sprintf("%d-%02d-28", 2020+i/12, i%12+1)})
		}
		ch := newRatingChart("rapid", 1500, dots)
		if len(ch.Days) == 0 {
			t.Fatalf("%d periods: no day below the plot", periods)
		}
		last := ch.Days[len(ch.Days)-1]
		if want := dots[periods-1].Until; last.Year+"-"+last.M+"-"+last.D != want || last.X != ch.Right {
			t.Errorf("%d periods: the last label is %+v, want %s at the right end %d", periods, last, want, ch.Right)
		}
		prevRight := -1
		for _, d := range ch.Days {
			left := d.X - chartDayWidth/2
			switch d.Anchor {
			case "end":
				left = d.X - chartDayWidth
			case "start":
				left = d.X
			}
			if left < 0 || left+chartDayWidth > ch.Width {
				t.Errorf("%d periods: the label %+v leaves the picture", periods, d)
			}
			if left < prevRight+chartDayGap {
				t.Errorf("%d periods: the label %+v overlaps the one before", periods, d)
			}
			prevRight = left + chartDayWidth
		}
		t.Logf("%d periods: %d days labelled", periods, len(ch.Days))
	}
	if ch := newRatingChart("rapid", 1500, nil); ch != nil {
		t.Errorf("a chart without periods: %+v", ch)
	}
}
