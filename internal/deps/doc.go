// Package deps holds the test that guards the direction of the imports
// docs/architecture.md draws; it has no code of its own.
package deps
