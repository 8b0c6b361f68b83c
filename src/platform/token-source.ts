/**
 * The access token a client sends, which may be replaced while a run goes on: platform tokens expire
 * (10 hours), and a token file mounted from a secret store is rewritten with a fresh one.
 */
export interface TokenSource {
  /** The token to send now. */
  current(): string;
  /**
   * A request sent with `rejected` was refused (401/403): the token to try instead, or undefined when
   * there is none (the run stops, TOKEN_REJECTED). Concurrent callers share one look.
   */
  renew(rejected: string): Promise<string | undefined>;
  /** Every token held so far, to keep out of any text. */
  secrets(): readonly string[];
}

/** A token that never changes. */
export function fixedToken(token: string): TokenSource {
  return { current: () => token, renew: async () => undefined, secrets: () => [token] };
}

/**
 * A token `reread` may replace once per rejection: a token unlike every one held before is taken, else
 * (the same, none, an error) it ends. A request refused with an already replaced token goes on.
 */
export function renewableToken(initial: string, reread: () => string | undefined): TokenSource {
  let token = initial;
  const held = [initial];
  let pending: Promise<string | undefined> | undefined;
  return {
    current: () => token,
    secrets: () => held,
    renew(rejected) {
      if (rejected !== token) return Promise.resolve(token);
      pending ??= Promise.resolve()
        .then(() => {
          const next = reread();
          if (next === undefined || held.includes(next)) return undefined;
          token = next;
          held.push(next);
          return next;
        })
        .catch(() => undefined)
        .finally(() => {
          pending = undefined;
        });
      return pending;
    },
  };
}
