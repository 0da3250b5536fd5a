/**
 * The outcome of a shared rule: the normalised value, or why it is refused. Rules stay pure;
 * the owning service turns a problem into its own error code.
 */
export type Checked<T> = { value: T } | { problem: string };
