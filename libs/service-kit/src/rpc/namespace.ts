/** Prefixes a subject with the system's namespace (empty namespace: unchanged). */
export function namespaced(namespace: string, subject: string): string {
  return namespace ? `${namespace}.${subject}` : subject;
}

/** Stream names cannot contain dots; a namespace is made of word characters only. */
export function namespacedStream(namespace: string, stream: string): string {
  return namespace ? `${namespace.toUpperCase()}_${stream}` : stream;
}
