import { lookup } from 'node:dns/promises';
import type { ResolvedAddress, Resolve } from './target-check';

/** A resolver that does not answer is a failed check, not a held-up delivery pass or a timed-out request. */
const LOOKUP_TIMEOUT_MS = 2000;

/** The operating system's resolver (hosts file included), every address in its order. */
export const systemResolve: Resolve = async (hostname) => {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer from the resolver within ${LOOKUP_TIMEOUT_MS} ms`)),
      LOOKUP_TIMEOUT_MS,
    );
  });
  try {
    const answers = await Promise.race([lookup(hostname, { all: true, verbatim: true }), timedOut]);
    return answers.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }) satisfies ResolvedAddress);
  } finally {
    clearTimeout(timer);
  }
};
