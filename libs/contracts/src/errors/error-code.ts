import type { CodeOf, CommonErrors, LegacyErrors } from './common.errors';

/**
 * Every code a service may answer with. A new catalogue joins this union, and the gateway's
 * status table (a `Record<ErrorCode, …>`) then refuses to compile until each code has a status.
 */
export type ErrorCode = CodeOf<typeof CommonErrors> | CodeOf<typeof LegacyErrors>;
