/**
 * Errors that are the test file's or the runner's, never the server's: they must not be mistaken for
 * an operation's error (which an `expectError` could then accept).
 */

/** A test asked for something this runner does not implement, or named an entity that is not there. */
export class RunnerError extends Error {}

/** A failed testRunner assertion (assertCollectionExists, ...): reported as the test's difference. */
export class AssertionFailure extends Error {}
