// Package accounts is the area of the pages of accounts: signing in and
// out, the first administrator's setup link, sign-up, the password reset,
// the account page (name, password, sessions, API tokens, the personal
// calendar's address) and the administrator's accounts and their audit.
package accounts

import (
	"github.com/gin-gonic/gin"

	"adiukh/api/web/kit"
)

// handler serves the pages of accounts over the shared kit.
type handler struct {
	*kit.Kit
	setupLink *setupLink
}

// Routes registers the pages of accounts: public to every reader,
// signedIn behind the sign-in gate.
func Routes(k *kit.Kit, public, signedIn gin.IRoutes) {
	h := &handler{Kit: k, setupLink: &setupLink{token: k.SetupToken}}
	public.GET("/login", h.Page(h.loginPage))
	public.POST("/login", h.Page(h.login))
	public.POST("/logout", h.Page(h.logout))
	public.GET("/setup/:token", h.Page(h.setupPage))
	public.POST("/setup/:token", h.Page(h.setup))

	signedIn.GET("/account", h.Page(h.accountPage))
	signedIn.POST("/account/name", h.Page(h.changeName))
	signedIn.POST("/account/password", h.Page(h.changePassword))
	signedIn.POST("/account/sessions/:sid/end", h.Page(h.endSession))
	signedIn.POST("/account/sessions/end-others", h.Page(h.endOtherSessions))
	signedIn.POST("/account/tokens", h.Page(h.createToken))
	signedIn.POST("/account/tokens/:tid/revoke", h.Page(h.revokeToken))
	signedIn.POST("/account/calendar", h.Page(h.newFeedToken))
	signedIn.POST("/account/calendar/revoke", h.Page(h.revokeFeedToken))
	signedIn.GET("/admin/accounts", h.Page(h.accountsPage))
	signedIn.POST("/admin/accounts", h.Page(h.addAccount))
	signedIn.POST("/admin/accounts/:uid/role", h.Page(h.changeRole))
	signedIn.POST("/admin/accounts/:uid/password", h.Page(h.resetPassword))
	signedIn.GET("/admin/accounts/audit", h.Page(h.accountsAudit))

	// Sign-up: the form, the confirmation link and the administrator's
	// approval on the accounts page.
	public.GET("/signup", h.Page(h.signupPage))
	public.POST("/signup", h.Page(h.signup))
	public.GET("/signup/confirm/:token", h.Page(h.confirmSignupPage))
	public.POST("/signup/confirm/:token", h.Page(h.confirmSignup))
	signedIn.POST("/admin/signups/:sid/approve", h.Page(h.decideSignup(true)))
	signedIn.POST("/admin/signups/:sid/reject", h.Page(h.decideSignup(false)))

	// The password reset by a mailed link: the form that asks for the
	// link, and the link's form for a new password.
	public.GET("/password-reset", h.Page(h.passwordResetPage))
	public.POST("/password-reset", h.Page(h.requestPasswordReset))
	public.GET("/password-reset/:token", h.Page(h.newPasswordPage))
	public.POST("/password-reset/:token", h.Page(h.setPasswordWithLink))
}
