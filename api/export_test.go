package api

// RoutesOf is the router's routes in a stable order, for the sweeps of
// package api_test (the matrix of every game's pages).
var RoutesOf = routesOf

// ServeStream serves a stream's request until its first event, for the
// sweeps of package api_test.
var ServeStream = serveStream
