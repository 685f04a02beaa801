package standings

import "math"

// ratingDifference is FIDE's conversion from a percentage score p (index,
// 0–100) to a rating difference dp (Handbook B.02, table 8.1.a), as C.07
// uses it for the tournament performance rating.
var ratingDifference = [101]int{
	-800,
	-677, -589, -538, -501, -470, -444, -422, -401, -383, -366,
	-351, -336, -322, -309, -296, -284, -273, -262, -251, -240,
	-230, -220, -211, -202, -193, -184, -175, -166, -158, -149,
	-141, -133, -125, -117, -110, -102, -95, -87, -80, -72,
	-65, -57, -50, -43, -36, -29, -21, -14, -7, 0,
	7, 14, 21, 29, 36, 43, 50, 57, 65, 72,
	80, 87, 95, 102, 110, 117, 125, 133, 141, 149,
	158, 166, 175, 184, 193, 202, 211, 220, 230, 240,
	251, 262, 273, 284, 296, 309, 322, 336, 351, 366,
	383, 401, 422, 444, 470, 501, 538, 589, 677, 800,
}

// averageRating is the rounded mean of the ratings (half up), 0 for none.
func averageRating(ratings []int) int {
	if len(ratings) == 0 {
		return 0
	}
	sum := 0
	for _, r := range ratings {
		sum += r
	}
	return int(math.Floor(float64(sum)/float64(len(ratings)) + 0.5))
}

// performanceRating is ARO + dp(p), p being the share of the rating points
// (win 1, draw ½, loss 0) scored in the rated games, rounded to a whole
// percent (C.07, TPR).
func performanceRating(ratings []int, ratingPoints float64) int {
	if len(ratings) == 0 {
		return 0
	}
	percent := int(math.Floor(100*ratingPoints/float64(len(ratings)) + 0.5))
	return averageRating(ratings) + ratingDifference[percent]
}
