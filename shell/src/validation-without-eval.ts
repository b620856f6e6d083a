// zod 4 compiles object schemas with `new Function` where a page allows it, and finds out by trying
// when a schema is created: under our Content-Security-Policy (no 'unsafe-eval') the try is
// refused, and Chromium reports a policy violation on every page whose code creates a schema (the
// login forms). `jitless` skips the try; validation is the same, only not compiled. zod keeps this
// setting on globalThis, so it also holds for the copy of zod a remote bundles: the shell sets it
// before any remote loads.
import { config } from 'zod/v4/core';

config({ jitless: true });
