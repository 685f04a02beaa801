package api

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/composition"
	"adiukh/tournament/correspondence"
	"adiukh/tournament/engines"
	"adiukh/tournament/entries"
	"adiukh/tournament/interchange"
	"adiukh/tournament/micromatch"
	"adiukh/tournament/people"
	"adiukh/tournament/playercard"
	"adiukh/tournament/ratings"
	"adiukh/tournament/review"
	"adiukh/tournament/schedule"
	"adiukh/tournament/search"
	"adiukh/tournament/store"
	"adiukh/tournament/store/storetest"
	"adiukh/tournament/submissions"
	"adiukh/tournament/swiss"
	"adiukh/tournament/teams"
)

var authzSecret = []byte("the secret of the authorization test")

// The roles every route is tried as, in the order of the expectations.
var authzRoles = []string{"anonymous", "player", "other arbiter", "owner", "admin"}

// authzTable is what every registered route answers each role, on a public
// round-robin event owned by "owner" with round 1 published, reports open
// and a pending report by "player" (who plays board 1). One letter per role
// in the order of authzRoles:
//
//	y  done (2xx, 3xx)
//	c  409: allowed, but the event's state forbids it (round 1 is
//	   published, the report already decided)
//	v  400 or 413: the test's empty body refused as invalid, before or
//	   after the role was checked; nothing changes either way
//	n  refused as not allowed: 401, 403, 429, or a redirect to sign in
//	0  404: hidden, or nothing there for anyone (team routes on an
//	   individual event)
//
// A route registered without a line here fails the test, so a new route
// needs a deliberate answer. A 500 always fails.
var authzTable = map[string]string{
	"POST /events/:id/solving":                                             "n0000",
	"GET /events/:id/solving":                                              "00000",
	"POST /events/:id/solving/problems/:n/answer":                          "n0000",
	"POST /events/:id/solving/problems/:n/answers/:user/ruling":            "n0000",
	"GET /api/v1/events/:id/contest/award.pdf":                             "vvvvv",
	"GET /events/:id/contest":                                              "00000",
	"GET /events/:id/contest/award":                                        "00000",
	"GET /events/:id/contest/entries":                                      "n0000",
	"GET /events/:id/contest/judging":                                      "n0000",
	"POST /contest-claims/:cid/decision":                                   "nvvvv",
	"POST /contest-entries/:eid":                                           "n0000",
	"POST /contest-entries/:eid/withdraw":                                  "nvvvv",
	"POST /events/:id/contest/award":                                       "n0000",
	"POST /events/:id/contest/award/edit":                                  "n0000",
	"POST /events/:id/contest/award/text":                                  "n0000",
	"POST /events/:id/contest/award/final":                                 "n0000",
	"POST /events/:id/contest/claims":                                      "n0000",
	"POST /events/:id/contest/entries":                                     "n0000",
	"POST /events/:id/contest/judges":                                      "n0000",
	"POST /events/:id/contest/marks/:code":                                 "n0000",
	"POST /events/:id/contest/settings":                                    "n0000",
	"POST /events/:id/rounds/:n/sheets":                                    "nnnvv",
	"POST /api/v1/events/:id/rounds/:n/sheets":                             "nvvvv",
	"GET /account":                                                         "nyyyy",
	"POST /account/password":                                               "nvvvv",
	"POST /account/name":                                                   "nvvvv",
	"POST /account/sessions/:sid/end":                                      "n0000",
	"POST /account/sessions/end-others":                                    "nyyyy",
	"POST /account/tokens":                                                 "nyyyy",
	"POST /account/tokens/:tid/revoke":                                     "n00yy",
	"GET /admin/accounts":                                                  "nnnny",
	"GET /admin/accounts/audit":                                            "nnnny",
	"GET /password-reset":                                                  "yyyyy",
	"GET /my":                                                              "nyyyy",
	"GET /my.ics":                                                          "00000",
	"POST /account/calendar":                                               "nyyyy",
	"POST /account/calendar/revoke":                                        "nyyyy",
	"GET /api/v1/people":                                                   "yyyyy",
	"GET /api/v1/ratings/:list":                                            "yyyyy",
	"GET /ratings":                                                         "yyyyy",
	"GET /ratings/:list":                                                   "yyyyy",
	"GET /ratings/:list/list.csv":                                          "yyyyy",
	"GET /ratings/:list/list.xlsx":                                         "yyyyy",
	"GET /ratings/:list/periods/:pid":                                      "00000",
	"POST /ratings/:list/periods":                                          "nnnnv",
	"POST /api/v1/ratings/:list/periods":                                   "nnnnv",
	"GET /api/v1/ratings/:list/next-period":                                "nnnnv",
	"POST /ratings/:list/options":                                          "nnnnv",
	"GET /events/:id/rating":                                               "yyyyy",
	"GET /events/:id/rating.pdf":                                           "yyyyy",
	"GET /ratings/:list/list.pdf":                                          "yyyyy",
	"GET /ratings/:list/periods/:pid/report.pdf":                           "00000",
	"PUT /api/v1/ratings/:list/options":                                    "nnnnv",
	"GET /people":                                                          "yyyyy",
	"GET /people/:pid":                                                     "00000",
	"POST /people":                                                         "nnvvv",
	"POST /people/:pid":                                                    "nnnn0",
	"GET /people-duplicates":                                               "nnnny",
	"POST /people/:pid/claim":                                              "n0000",
	"POST /people/:pid/follow":                                             "n0000",
	"GET /people-claims":                                                   "nnyyy",
	"POST /people-claims/:cid/confirm":                                     "nn000",
	"POST /people-claims/:cid/decline":                                     "nnvvv",
	"POST /people/:pid/merge":                                              "nnnn0",
	"POST /people-merges/:mid/undo":                                        "nnnn0",
	"GET /api/v1/people/:pid":                                              "00000",
	"POST /api/v1/people":                                                  "nnvvv",
	"PATCH /api/v1/people/:pid":                                            "nnnn0",
	"GET /api/v1/people-duplicates":                                        "nnnny",
	"POST /api/v1/people/:pid/merge":                                       "nnnn0",
	"POST /api/v1/people-merges/:mid/undo":                                 "nnnn0",
	"GET /events/:id/regulations.pdf":                                      "00000",
	"POST /events/:id/regulations":                                         "nnnvv",
	"POST /events/:id/regulations/remove":                                  "nnn00",
	"GET /api/v1/events/:id/regulations.pdf":                               "00000",
	"PUT /api/v1/events/:id/regulations":                                   "nvvvv",
	"DELETE /api/v1/events/:id/regulations":                                "nnn00",
	"GET /api/v1/events/:id/openings":                                      "yyyyy",
	"GET /events/:id/openings":                                             "yyyyy",
	"POST /events/:id/openings":                                            "nnncc",
	"POST /events/:id/openings/reset":                                      "nnncc",
	"POST /events/:id/rounds/:n/micro":                                     "nnnvv",
	"PUT /api/v1/events/:id/openings":                                      "nnncc",
	"DELETE /api/v1/events/:id/openings":                                   "nnncc",
	"PUT /api/v1/events/:id/rounds/:n/games/:board/micro/:game":            "nvvvv",
	"POST /events/:id/follow":                                              "nyyyy",
	"POST /events/:id/players/:pid/follow":                                 "nyyyy",
	"POST /events/:id/cancel":                                              "nnnyy",
	"POST /events/:id/reopen":                                              "nnnyy",
	"POST /password-reset":                                                 "vvvvv",
	"GET /password-reset/:token":                                           "vvvvv",
	"POST /password-reset/:token":                                          "vvvvv",
	"POST /admin/accounts":                                                 "nnnnv",
	"POST /admin/accounts/:uid/role":                                       "nnnnv",
	"POST /admin/accounts/:uid/password":                                   "nnnny",
	"DELETE /api/v1/contest-entries/:eid":                                  "n0000",
	"GET /api/v1/events/:id/contest":                                       "vvvvv",
	"GET /api/v1/events/:id/contest/award.pdn":                             "vvvvv",
	"GET /api/v1/events/:id/contest/award":                                 "vvvvv",
	"GET /api/v1/events/:id/contest/judging":                               "nvvvv",
	"GET /api/v1/events/:id/contest/my-entries":                            "nvvvv",
	"POST /api/v1/contest-claims/:cid/decision":                            "nvvvv",
	"POST /api/v1/events/:id/contest/award":                                "nvvvv",
	"POST /api/v1/events/:id/contest/award/final":                          "nvvvv",
	"POST /api/v1/events/:id/contest/claims":                               "nvvvv",
	"POST /api/v1/events/:id/contest/entries":                              "nvvvv",
	"PUT /api/v1/contest-entries/:eid":                                     "n0000",
	"PUT /api/v1/events/:id/contest":                                       "nvvvv",
	"GET /api/v1/events/:id/solving":                                       "vvvvv",
	"GET /api/v1/search":                                                   "yyyyy",
	"PUT /api/v1/events/:id/solving":                                       "nvvvv",
	"POST /api/v1/events/:id/solving/problems/:n/answer":                   "nvvvv",
	"POST /api/v1/events/:id/solving/problems/:n/answers/:user/ruling":     "nvvvv",
	"PUT /api/v1/events/:id/contest/award":                                 "nvvvv",
	"PUT /api/v1/events/:id/contest/award/text":                            "nvvvv",
	"PUT /api/v1/events/:id/contest/judges":                                "nvvvv",
	"PUT /api/v1/events/:id/contest/marks/:code":                           "nvvvv",
	"POST /api/v1/events/:id/contest/entries/:code/accept-cook":            "nvvvv",
	"DELETE /api/v1/events/:id/players/:pid":                               "nnncc",
	"DELETE /api/v1/events/:id/rounds/:n":                                  "nnncc",
	"DELETE /api/v1/tokens/:tid":                                           "n00yy",
	"DELETE /api/v1/users/:email/sessions":                                 "nnnny",
	"GET /api/v1/users":                                                    "nnnny",
	"GET /api/v1/users/audit":                                              "nnnny",
	"POST /api/v1/users":                                                   "nnnnv",
	"PATCH /api/v1/users/:uid":                                             "nnnnv",
	"POST /api/v1/users/:uid/password":                                     "nnnny",
	"GET /":                                                                "yyyyy",
	"GET /api/v1/events":                                                   "yyyyy",
	"GET /api/v1/events/:id":                                               "yyyyy",
	"GET /api/v1/events/:id/audit":                                         "nnnyy",
	"GET /api/v1/events/:id/crosstable":                                    "yyyyy",
	"GET /api/v1/events/:id/crosstable.pdf":                                "yyyyy",
	"GET /api/v1/events/:id/export.trf":                                    "yyyyy",
	"GET /api/v1/events/:id/games.pdn":                                     "yyyyy",
	"GET /api/v1/events/:id/pairing.trf":                                   "yyyyy",
	"GET /api/v1/events/:id/players":                                       "yyyyy",
	"GET /api/v1/events/:id/rounds":                                        "yyyyy",
	"GET /api/v1/events/:id/rounds/:n":                                     "yyyyy",
	"GET /api/v1/events/:id/rounds/:n/cards":                               "vvvvv",
	"GET /api/v1/events/:id/rounds/:n/games/:board/record.pdf":             "00000",
	"GET /api/v1/events/:id/rounds/:n/pairings.pdf":                        "yyyyy",
	"GET /api/v1/events/:id/rounds/:n/scoresheets.pdf":                     "yyyyy",
	"GET /api/v1/events/:id/scoresheets.pdf":                               "yyyyy",
	"GET /api/v1/events/:id/standings":                                     "yyyyy",
	"GET /api/v1/events/:id/standings.csv":                                 "yyyyy",
	"GET /api/v1/events/:id/standings.json":                                "yyyyy",
	"GET /api/v1/events/:id/standings.xlsx":                                "yyyyy",
	"GET /api/v1/events/:id/boards.pdf":                                    "vvvvv",
	"GET /api/v1/events/:id/rounds/:n/matches.pdf":                         "vvvvv",
	"GET /api/v1/events/:id/standings.pdf":                                 "yyyyy",
	"GET /api/v1/events/:id/submissions":                                   "nyyyy",
	"GET /api/v1/events/:id/team-settings":                                 "vvvvv",
	"GET /api/v1/events/:id/teams":                                         "yyyyy",
	"GET /api/v1/federation/export.csv":                                    "yyyyy",
	"GET /api/v1/federation/export.json":                                   "yyyyy",
	"GET /api/v1/federation/games.csv":                                     "yyyyy",
	"GET /api/v1/me":                                                       "nyyyy",
	"GET /api/v1/account":                                                  "nyyyy",
	"GET /api/v1/scoresheets.pdf":                                          "yyyyy",
	"GET /api/v1/team-tiebreaks":                                           "yyyyy",
	"GET /api/v1/tiebreaks":                                                "yyyyy",
	"GET /api/v1/tokens":                                                   "nyyyy",
	"GET /events/:id":                                                      "yyyyy",
	"GET /events/:id/audit":                                                "nnnyy",
	"GET /events/:id/audit.csv":                                            "nnnyy",
	"GET /events/:id/audit.json":                                           "nnnyy",
	"GET /events/:id/crosstable":                                           "yyyyy",
	"GET /events/:id/manage":                                               "nnnyy",
	"GET /events/:id/players/:pid":                                         "yyyyy",
	"GET /people/:pid/photo.jpg":                                           "00000",
	"POST /people/:pid/photo":                                              "n0000",
	"POST /people/:pid/photo/remove":                                       "nnnn0",
	"PUT /api/v1/people/:pid/photo":                                        "nvvvv",
	"DELETE /api/v1/people/:pid/photo":                                     "nnnn0",
	"GET /events/:id/register-matches":                                     "nnnyy",
	"POST /events/:id/register-matches/sure":                               "nnnyy",
	"POST /events/:id/players/:pid/person":                                 "nnnvv",
	"POST /events/:id/players/:pid/person/new":                             "nnnvv",
	"GET /api/v1/events/:id/register-matches":                              "nnnyy",
	"POST /api/v1/events/:id/register-matches/link-sure":                   "nnnyy",
	"PUT /api/v1/events/:id/players/:pid/person":                           "nnnyy",
	"POST /api/v1/events/:id/players/:pid/person":                          "nnnvv",
	"GET /events/:id/players/:pid/edit":                                    "nnnyy",
	"GET /events/:id/rounds/:n/boards/:board":                              "yyyyy",
	"GET /events/:id/rounds/:n/boards/:board/edit":                         "nnnyy",
	"GET /events/:id/rounds/:n/boards/:board/report":                       "nynnn",
	"GET /events/:id/rounds/:n/lineups":                                    "nvvvv",
	"GET /events/:id/rounds/:n/results":                                    "nnnyy",
	"GET /events/:id/standings":                                            "yyyyy",
	"GET /healthz":                                                         "yyyyy",
	"GET /login":                                                           "yyyyy",
	"GET /manage/events/new":                                               "nnyyy",
	"GET /manage/time-control":                                             "nnyyy",
	"GET /metrics":                                                         "yyyyy",
	"GET /readyz":                                                          "yyyyy",
	"GET /search":                                                          "yyyyy",
	"GET /calendar":                                                        "yyyyy",
	"GET /calendar.ics":                                                    "yyyyy",
	"GET /signup":                                                          "yyyyy",
	"POST /signup":                                                         "vvvvv",
	"GET /signup/confirm/:token":                                           "vvvvv",
	"POST /signup/confirm/:token":                                          "vvvvv",
	"POST /admin/signups/:sid/approve":                                     "nnnn0",
	"POST /admin/signups/:sid/reject":                                      "nnnn0",
	"PUT /api/v1/events/:id/entries":                                       "nnnyy",
	"GET /events/:id/entries":                                              "nyyyy",
	"POST /events/:id/entries":                                             "ncccc",
	"POST /events/:id/entries/settings":                                    "nnnyy",
	"POST /events/:id/entries/accept":                                      "nnnyy",
	"POST /events/:id/entries/:eid/accept":                                 "nnn00",
	"POST /events/:id/entries/:eid/decline":                                "nvvvv",
	"POST /events/:id/entries/:eid/withdraw":                               "n0000",
	"POST /api/v1/events/:id/entries":                                      "ncccc",
	"GET /api/v1/events/:id/entries":                                       "nyyyy",
	"POST /api/v1/events/:id/entries/accept":                               "nnnyy",
	"POST /api/v1/events/:id/entries/:eid/accept":                          "nnn00",
	"POST /api/v1/events/:id/entries/:eid/decline":                         "nvvvv",
	"DELETE /api/v1/events/:id/entries/:eid":                               "n0000",
	"POST /events/:id/entries/:eid/withdraw/confirm":                       "nnn00",
	"POST /api/v1/events/:id/entries/:eid/withdraw":                        "n0000",
	"POST /api/v1/events/:id/entries/:eid/withdraw/confirm":                "nnn00",
	"GET /api/v1/me/entries":                                               "nyyyy",
	"POST /events/:id/entries/:eid/withdraw/cancel":                        "n0000",
	"POST /api/v1/events/:id/entries/:eid/withdraw/cancel":                 "n0000",
	"GET /setup/:token":                                                    "00000",
	"GET /static/*file":                                                    "yyyyy",
	"PATCH /api/v1/events/:id":                                             "nnnyy",
	"PATCH /api/v1/events/:id/players/:pid":                                "nnnyy",
	"PATCH /api/v1/events/:id/teams/:team":                                 "nnnvv",
	"DELETE /api/v1/events/:id/teams/:team":                                "nnnvv",
	"POST /api/v1/events":                                                  "nnvvv",
	"POST /api/v1/events/:id/players":                                      "nvvvv",
	"POST /api/v1/events/:id/players/bulk":                                 "nvvvv",
	"POST /api/v1/events/:id/players/renumber":                             "nnncc",
	"POST /api/v1/events/:id/rounds":                                       "nnnyy",
	"POST /api/v1/events/:id/rounds/:n/games/:board/submission":            "nvnnn",
	"POST /api/v1/events/:id/rounds/:n/publish":                            "nnncc",
	"POST /api/v1/events/:id/rounds/:n/swap":                               "nvvvv",
	"POST /api/v1/events/:id/rounds/:n/unpublish":                          "nnnvv",
	"POST /api/v1/events/:id/submissions/:sid/confirm":                     "nnnyy",
	"POST /api/v1/events/:id/submissions/:sid/reject":                      "nnnyy",
	"POST /api/v1/events/:id/teams":                                        "nvvvv",
	"POST /api/v1/events/:id/teams/:team/players":                          "nnnvv",
	"POST /api/v1/events/import.trf":                                       "nvvvv",
	"POST /api/v1/tokens":                                                  "nnnnn",
	"POST /events/:id/finish":                                              "nnncc",
	"POST /events/:id/players":                                             "nnncc",
	"POST /events/:id/players/:pid/account":                                "nnnyy",
	"POST /events/:id/players/:pid/bye":                                    "nnnvv",
	"POST /events/:id/players/:pid/edit":                                   "nnnvv",
	"POST /events/:id/players/:pid/reinstate":                              "nnnyy",
	"POST /events/:id/players/:pid/remove":                                 "nnnyy",
	"POST /events/:id/players/:pid/withdraw":                               "nnnvv",
	"POST /events/:id/players/csv":                                         "nnnvv",
	"POST /events/:id/rounds":                                              "nnnyy",
	"POST /events/:id/rounds/:n/boards/:board/edit":                        "nnnvv",
	"POST /events/:id/rounds/:n/boards/:board/report":                      "nvnnn",
	"POST /events/:id/rounds/:n/delete":                                    "nnncc",
	"POST /events/:id/rounds/:n/lineups/:team":                             "nvvvv",
	"POST /events/:id/rounds/:n/pairing":                                   "nvvvv",
	"POST /events/:id/rounds/:n/publish":                                   "nnncc",
	"POST /events/:id/live/start-position":                                 "nnnvv",
	"POST /events/:id/rounds/:n/results":                                   "nnnvv",
	"POST /events/:id/rounds/:n/start":                                     "nnnyy",
	"POST /events/:id/rounds/:n/swap":                                      "nvvvv",
	"POST /events/:id/rounds/:n/unpublish":                                 "nnnyy",
	"POST /events/:id/settings":                                            "nnnvv",
	"POST /events/:id/submissions":                                         "nnnyy",
	"POST /events/:id/submissions/:sid/decide":                             "nnnyy",
	"POST /events/:id/teams":                                               "nnnvv",
	"POST /events/:id/players/:pid/team":                                   "nnnvv",
	"POST /events/:id/teams/:team":                                         "nnnvv",
	"POST /events/:id/teams/:team/players":                                 "nnnvv",
	"POST /events/:id/teams/:team/reinstate":                               "nnn00",
	"POST /events/:id/teams/:team/remove":                                  "nnn00",
	"POST /events/:id/teams/:team/withdraw":                                "nnnvv",
	"POST /events/:id/team-settings":                                       "nnnvv",
	"POST /events/:id/team-scoring":                                        "nnnvv",
	"POST /login":                                                          "nnnnn",
	"POST /logout":                                                         "yyyyy",
	"POST /manage/events":                                                  "nnvvv",
	"POST /manage/events/import.trf":                                       "nvvvv",
	"POST /setup/:token":                                                   "00000",
	"PUT /api/v1/events/:id/players/:pid/account":                          "nnnyy",
	"PUT /api/v1/events/:id/players/:pid/team":                             "nnnvv",
	"PUT /api/v1/events/:id/players/:pid/bye":                              "nnnvv",
	"PUT /api/v1/events/:id/rounds/:n/games/:board/result":                 "nvvvv",
	"PUT /api/v1/events/:id/rounds/:n/lineups/:team":                       "nvvvv",
	"PUT /api/v1/events/:id/rounds/:n/matches/:table/boards/:board/result": "nvvvv",
	"PUT /api/v1/events/:id/rounds/:n/pairing":                             "nnncc",
	"PUT /api/v1/events/:id/rounds/:n/start":                               "nnnyy",
	"PUT /api/v1/events/:id/submissions/open":                              "nvvvv",
	"PUT /api/v1/events/:id/team-settings":                                 "nnnvv",
	"DELETE /api/v1/events/:id/leave/:lid":                                 "nvvvv",
	"GET /api/v1/events/:id/correspondence":                                "yyyyy",
	"GET /api/v1/events/:id/games":                                         "yyyyy",
	"GET /api/v1/events/:id/games/pdn":                                     "yyyyy",
	"GET /api/v1/events/:id/leave":                                         "yyyyy",
	"GET /api/v1/games/:gid":                                               "yyyyy",
	"GET /api/v1/games/:gid/stream":                                        "yyyyy",
	"GET /api/v1/games/:gid/pdn":                                           "yyyyy",
	"GET /api/v1/me/games":                                                 "nyyyy",
	"GET /api/v1/me/notifications":                                         "nyyyy",
	"GET /events/:id/correspondence":                                       "n0000",
	"GET /events/:id/games":                                                "00000",
	"GET /games/:gid":                                                      "yyyyy",
	"GET /my/games":                                                        "nyyyy",
	"POST /api/v1/events/:id/start":                                        "nvvvv",
	"POST /api/v1/events/:id/players/:pid/withdraw":                        "nvvvv",
	"POST /api/v1/games/:gid/decision":                                     "nvvvv",
	"POST /api/v1/games/:gid/claim":                                        "ncnnn",
	"POST /api/v1/games/:gid/draw":                                         "ncnnn",
	"POST /api/v1/games/:gid/draw/accept":                                  "ncnnn",
	"POST /api/v1/games/:gid/draw/decline":                                 "ncnnn",
	"POST /api/v1/games/:gid/moves":                                        "nvvvv",
	"POST /api/v1/games/:gid/reopen":                                       "nvvvv",
	"POST /api/v1/games/:gid/adjourn":                                      "nvvvv",
	"POST /api/v1/games/:gid/time":                                         "nvvvv",
	"POST /api/v1/games/:gid/resign":                                       "nynnn",
	"POST /api/v1/me/notifications/read":                                   "nyyyy",
	"POST /events/:id/correspondence/settings":                             "n0000",
	"POST /events/:id/correspondence/start":                                "n0000",
	"POST /events/:id/leave":                                               "nvvvv",
	"POST /events/:id/players/:pid/leave":                                  "n0000",
	"POST /games/:gid/decide":                                              "nvvvv",
	"POST /games/:gid/claim":                                               "ncnnn",
	"POST /games/:gid/draw":                                                "ncnnn",
	"POST /games/:gid/draw/accept":                                         "ncnnn",
	"POST /games/:gid/draw/decline":                                        "ncnnn",
	"POST /games/:gid/move":                                                "nvvvv",
	"POST /games/:gid/reopen":                                              "nvvvv",
	"POST /games/:gid/adjourn":                                             "nvvvv",
	"POST /games/:gid/time":                                                "nvvvv",
	"POST /games/:gid/resign":                                              "nvvvv",
	"PUT /api/v1/events/:id/correspondence":                                "nvvvv",
	"PUT /api/v1/events/:id/players/:pid/leave":                            "nvvvv",
	"PUT /api/v1/me/password":                                              "nvvvv",
	"PUT /api/v1/me/name":                                                  "nvvvv",
	"PATCH /api/v1/account":                                                "nyyyy",
}

// authzWorld is the fixture: the accounts with their tokens and sessions.
type authzWorld struct {
	t        *testing.T
	store    *store.Store
	svc      *tournament.Service
	reports  *submissions.Service
	corr     *correspondence.Service
	accounts *account.Service
	handler  http.Handler
	users    map[string]*tournament.User
	tokens   map[string]string
	cookies  map[string]string
}

// event makes the fixture event and returns the values of the path
// parameters that point into it.
func (w *authzWorld) event(visibility string) map[string]string {
	return w.eventFor(visibility, "")
}

// eventFor makes the fixture event for one route: the correspondence game
// and the token to revoke, which take a dozen writes, only when the route
// names them (and for every route when route is "").
func (w *authzWorld) eventFor(visibility, route string) map[string]string {
	w.t.Helper()
	owner := tournament.NewContextWithUser(context.Background(), w.users["owner"])
	str := func(s string) *string { return &s }
	e, err := w.svc.CreateEvent(owner, tournament.EventInput{Name: str("Кубок"), Discipline: str("rapid"), System: str("round-robin"), TimeControl: str("8+4"), Visibility: str(visibility)})
	if err != nil {
		w.t.Fatal(err)
	}
	for _, name := range []string{"Хуаде", "Тлехас", "Нехай", "Ачмиз"} {
		if _, err := w.svc.RegisterPlayer(owner, e.ID, tournament.PlayerInput{Name: str(name)}); err != nil {
			w.t.Fatal(err)
		}
	}
	r, err := w.svc.PairNextRound(owner, e.ID)
	if err != nil {
		w.t.Fatal(err)
	}
	if _, err := w.svc.PublishRound(owner, e.ID, 1); err != nil {
		w.t.Fatal(err)
	}
	if err := w.reports.SetSubmissions(owner, e.ID, true); err != nil {
		w.t.Fatal(err)
	}
	pid := r.Games[0].WhiteID
	if err := w.svc.LinkPlayer(owner, e.ID, pid, w.users["player"].Email); err != nil {
		w.t.Fatal(err)
	}
	params := map[string]string{"id": fmt.Sprint(e.ID), "n": "1", "board": "1", "game": "1", "pid": fmt.Sprint(pid), "team": "1", "table": "1",
		"token": "no-such-setup-token", "file": "/app.js", "email": w.users["bystander"].Email, "lid": "1",
		"user": fmt.Sprint(w.users["player"].ID), "uid": fmt.Sprint(w.users["bystander"].ID)}
	if visibility == string(tournament.Public) {
		player := tournament.NewContextWithUser(context.Background(), w.users["player"])
		sub, err := w.reports.SubmitResult(player, submissions.Input{EventID: e.ID, Round: 1, Board: 1, Score: "17:7", EndReason: "final_position"})
		if err != nil {
			w.t.Fatal(err)
		}
		params["sid"] = fmt.Sprint(sub.ID)
	}
	if route == "" || strings.Contains(route, ":gid") {
		params["gid"] = fmt.Sprint(w.correspondenceGame(visibility))
	}
	if route == "" || strings.Contains(route, ":tid") {
		_, tok, err := w.accounts.CreateToken(context.Background(), account.NewToken{Email: w.users["owner"].Email, Name: "to revoke"})
		if err != nil {
			w.t.Fatal(err)
		}
		params["tid"] = fmt.Sprint(tok.ID)
	}
	// The event is not a composition event: its contest routes refuse it,
	// and there are no contest entries or claims to find.
	params["eid"], params["cid"], params["code"] = "1", "1", "001"
	params["mid"], params["list"] = "1", "rapid"
	return params
}

// correspondenceGame starts a correspondence section of the owner where
// "player" has White in the game it returns, to move.
func (w *authzWorld) correspondenceGame(visibility string) int64 {
	w.t.Helper()
	owner := tournament.NewContextWithUser(context.Background(), w.users["owner"])
	str := func(s string) *string { return &s }
	e, err := w.svc.CreateEvent(owner, tournament.EventInput{Name: str("Заочный"), Discipline: str("correspondence"), System: str("round-robin"), TimeControl: str("10d"), Visibility: str(visibility)})
	if err != nil {
		w.t.Fatal(err)
	}
	for i, role := range []string{"player", "bystander"} {
		// The player is number 1, who has White in the Berger table.
		rating := 2000 - 100*i
		p, err := w.svc.RegisterPlayer(owner, e.ID, tournament.PlayerInput{Name: str(role), Rating: &rating})
		if err != nil {
			w.t.Fatal(err)
		}
		if err := w.svc.LinkPlayer(owner, e.ID, p.ID, w.users[role].Email); err != nil {
			w.t.Fatal(err)
		}
	}
	games, err := w.corr.Start(owner, e.ID)
	if err != nil {
		w.t.Fatal(err)
	}
	g := games[0]
	return g.ID
}

// dataVersion is the store's version of every write (WriteVersion).
func (w *authzWorld) dataVersion() int64 {
	w.t.Helper()
	v, err := w.store.WriteVersion(context.Background())
	if err != nil {
		w.t.Fatal(err)
	}
	return v
}

// outcome sends the route's request as role and classifies the answer.
func (w *authzWorld) outcome(method, pattern string, params map[string]string, role string) (byte, *httptest.ResponseRecorder) {
	path := pattern
	for _, part := range strings.Split(pattern, "/") {
		if len(part) > 1 && (part[0] == ':' || part[0] == '*') {
			v, ok := params[part[1:]]
			if !ok {
				w.t.Fatalf("%s %s: no test value for %s", method, pattern, part)
			}
			path = strings.Replace(path, part, strings.TrimPrefix(v, "/"), 1)
		}
	}
	if pattern == "/logout" && role != "anonymous" {
		// Logging out ends the session it is sent with: use a spare one.
		value, err := w.accounts.StartSession(context.Background(), w.users[role])
		if err != nil {
			w.t.Fatal(err)
		}
		defer func(c string) { w.cookies[role] = c }(w.cookies[role])
		w.cookies[role] = core.NewSessions(authzSecret).Seal(value)
	}
	var body *strings.Reader
	contentType := "application/json"
	if strings.HasPrefix(pattern, "/api/") {
		body = strings.NewReader("{}")
	} else {
		body = strings.NewReader("")
		contentType = "application/x-www-form-urlencoded"
	}
	if method == http.MethodGet {
		body = strings.NewReader("")
	}
	req := httptest.NewRequest(method, path, body)
	if strings.HasSuffix(pattern, "/stream") {
		// A stream answers until the reader leaves: leave after its first
		// event.
		ctx, cancel := context.WithTimeout(req.Context(), 200*time.Millisecond)
		defer cancel()
		req = req.WithContext(ctx)
	}
	req.Header.Set("Content-Type", contentType)
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	if role != "anonymous" {
		if strings.HasPrefix(pattern, "/api/") {
			req.Header.Set("Authorization", "Bearer "+w.tokens[role])
		}
		req.AddCookie(&http.Cookie{Name: core.SessionCookie, Value: w.cookies[role]})
	}
	rec := httptest.NewRecorder()
	w.handler.ServeHTTP(rec, req)
	switch code := rec.Code; {
	case code >= 500:
		return '!', rec
	case code == http.StatusNotFound:
		return '0', rec
	case code == http.StatusBadRequest || code == http.StatusRequestEntityTooLarge:
		return 'v', rec
	case code == http.StatusConflict:
		return 'c', rec
	case code == http.StatusUnauthorized || code == http.StatusForbidden || code == http.StatusTooManyRequests,
		code == http.StatusSeeOther && strings.HasPrefix(rec.Header().Get("Location"), "/login"):
		return 'n', rec
	}
	return 'y', rec
}

func newAuthzWorld(t *testing.T) *authzWorld {
	st := storetest.SQLite(t)
	w := &authzWorld{t: t, store: st, svc: tournament.NewService(st, engines.Options()), accounts: account.NewServiceWith(st.Accounts(), account.Options{PasswordCost: account.MinPasswordCost}),
		users: map[string]*tournament.User{}, tokens: map[string]string{}, cookies: map[string]string{}}
	roles := map[string]tournament.Role{"bystander": tournament.ArbiterRole, "player": tournament.PlayerRole, "other arbiter": tournament.ArbiterRole, "owner": tournament.ArbiterRole, "admin": tournament.Admin}
	w.reports = submissions.NewService(st.Submissions(), w.svc, nil)
	w.corr = correspondence.NewService(st.Correspondence(), correspondence.Options{Pairing: engines.Options().Pairing})
	deps := Deps{DB: st, Events: w.svc, Accounts: w.accounts, Log: slog.New(slog.DiscardHandler), Secret: authzSecret, Correspondence: w.corr,
		Composition: composition.NewService(st.Composition(), composition.Options{}), People: people.NewService(st.People(), people.Options{}),
		Ratings: ratings.NewService(st.Ratings(), ratings.Options{}), Entries: entries.NewService(st.Entries(), entries.Options{}),
		Search: search.NewService(st.Search()), Teams: teams.NewService(st.Teams(), w.svc, engines.TeamOptions()), MicroMatches: micromatch.NewService(st.MicroMatches(), nil), Submissions: w.reports,
		PlayerCards: playercard.NewService(st, w.svc), Schedule: schedule.NewService(st, nil), Swiss: swiss.NewService(st, w.svc, nil), Interchange: interchange.NewService(st.Interchange(), w.svc, engines.InterchangeOptions()),
		Review: review.NewService(st.Review(), w.svc, engines.ReviewOptions())}
	w.handler = NewRouter(deps)
	seal := core.NewSessions(authzSecret)
	for _, role := range append(authzRoles[1:], "bystander") {
		u, err := w.accounts.AddUser(context.Background(), account.NewUser{Email: strings.ReplaceAll(role, " ", "-") + "@example.org", Role: string(roles[role]), Password: "пароль роли"})
		if err != nil {
			t.Fatal(err)
		}
		w.users[role] = u
		if w.tokens[role], _, err = w.accounts.CreateToken(context.Background(), account.NewToken{Email: u.Email}); err != nil {
			t.Fatal(err)
		}
		value, err := w.accounts.StartSession(context.Background(), u)
		if err != nil {
			t.Fatal(err)
		}
		w.cookies[role] = seal.Seal(value)
	}
	return w
}

// TestAuthorizationOfEveryRoute tries every registered route as every role
// and compares with authzTable, which names every route and only those.
func TestAuthorizationOfEveryRoute(t *testing.T) {
	t.Parallel()
	routes := routesOf(t)
	seen := map[string]bool{}
	for _, r := range routes {
		seen[r.Method+" "+r.Path] = true
	}
	for key := range authzTable {
		if !seen[key] {
			t.Errorf("authzTable has %s, which no longer exists", key)
		}
	}
	// The routes are tried in shards, each in a world of its own (its own
	// database), side by side: most of the time goes to setting up the
	// fresh event of every write.
	const shards = 4
	for shard := range shards {
		t.Run(fmt.Sprintf("shard %d", shard+1), func(t *testing.T) {
			t.Parallel()
			w := newAuthzWorld(t)
			shared := w.event(string(tournament.Public))
			for i, r := range routes {
				if i%shards != shard {
					continue
				}
				w.checkRoute(r.Method, r.Path, shared)
			}
		})
	}
}

// checkRoute tries one route as every role and compares with authzTable.
// Reads share one event; a write gets a fresh one after a role's request
// changed anything (the data version tells), so that what one role changed
// does not decide another's answer, while the refusals, most of the
// answers, share one.
func (w *authzWorld) checkRoute(method, path string, shared map[string]string) {
	t := w.t
	key := method + " " + path
	want, ok := authzTable[key]
	if !ok {
		t.Errorf("route %s has no line in authzTable: say what each role may do", key)
		return
	}
	got := make([]byte, len(authzRoles))
	params, changed := shared, true
	for i, role := range authzRoles {
		if method != http.MethodGet && changed {
			params = w.eventFor(string(tournament.Public), path)
		}
		before := w.dataVersion()
		var rec *httptest.ResponseRecorder
		got[i], rec = w.outcome(method, path, params, role)
		changed = w.dataVersion() != before
		if got[i] == '!' {
			t.Errorf("%s as %s: status %d\n%.300s", key, role, rec.Code, rec.Body.String())
		}
	}
	if string(got) != want {
		t.Errorf("%-70s got %s, want %s (roles: %s)", key, got, want, strings.Join(authzRoles, ", "))
	}
}

// A private event is hidden on every route that names it: whoever may not
// manage it gets 404 (or is sent to sign in), as if it did not exist.
func TestPrivateEventHiddenOnEveryRoute(t *testing.T) {
	t.Parallel()
	w := newAuthzWorld(t)
	private := w.event(string(tournament.Private))
	private["sid"] = "1"
	for _, r := range routesOf(t) {
		if r.Method != http.MethodGet || !strings.Contains(r.Path, "/events/:id") {
			continue
		}
		for _, role := range authzRoles[:3] {
			if got, rec := w.outcome(r.Method, r.Path, private, role); got != '0' && got != 'n' {
				t.Errorf("GET %s of a private event as %s: status %d, want it hidden", r.Path, role, rec.Code)
			}
		}
	}
}

// routesOf lists the router's routes in a stable order.
func routesOf(t *testing.T) gin.RoutesInfo {
	t.Helper()
	routes := newEngine(Deps{Log: slog.New(slog.DiscardHandler)}).Routes()
	sort.Slice(routes, func(i, j int) bool {
		return routes[i].Method+routes[i].Path < routes[j].Method+routes[j].Path
	})
	return routes
}
