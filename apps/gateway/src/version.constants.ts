/** Reported by `GET /api`. Kept equal to the root package.json version (a unit test checks). */
export const PARLEY_VERSION = '0.1.0';
