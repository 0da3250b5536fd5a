/** Injection token of the validated ServiceConfig. */
export const SERVICE_CONFIG = Symbol('SERVICE_CONFIG');
