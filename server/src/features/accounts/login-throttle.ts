/** Wrong passwords one address may try on one account before it has to wait. */
export const LOGIN_FREE_FAILURES = 5;
/** The first wait; each further wrong password from the same address doubles it. */
export const LOGIN_BACKOFF_BASE_MS = 30_000;
export const LOGIN_BACKOFF_MAX_MS = 60 * 60_000;
/** After a day without a wrong password an address starts afresh on the account. */
export const LOGIN_FAILURES_FORGOTTEN_MS = 24 * 60 * 60_000;
const SWEEP_EVERY_MS = 10 * 60_000;

interface Failures {
  count: number;
  lastAt: number;
}

/**
 * Wrong passwords counted per account and client address together, so guessing from one address
 * slows only that address: the owner, from any other address, still gets in. Accounts are keyed
 * by the address typed, known or not, so the waits tell nothing about who has an account. Kept
 * in process, like the other limits (README: counted per node).
 */
export function createLoginThrottle() {
  const byAccount = new Map<string, Map<string, Failures>>();
  const keyOf = (email: string) => email.trim().toLowerCase();
  const sweep = setInterval(() => {
    const forgotten = Date.now() - LOGIN_FAILURES_FORGOTTEN_MS;
    for (const [account, byAddress] of byAccount) {
      for (const [address, failures] of byAddress) if (failures.lastAt < forgotten) byAddress.delete(address);
      if (byAddress.size === 0) byAccount.delete(account);
    }
  }, SWEEP_EVERY_MS);
  sweep.unref();

  function current(email: string, address: string): Failures | undefined {
    const failures = byAccount.get(keyOf(email))?.get(address);
    return failures && Date.now() - failures.lastAt < LOGIN_FAILURES_FORGOTTEN_MS ? failures : undefined;
  }

  return {
    /** How long this address must wait before trying this account again; 0: it may try now. */
    waitMs(email: string, address: string): number {
      const failures = current(email, address);
      if (!failures || failures.count < LOGIN_FREE_FAILURES) return 0;
      const backoff = Math.min(
        LOGIN_BACKOFF_BASE_MS * 2 ** (failures.count - LOGIN_FREE_FAILURES),
        LOGIN_BACKOFF_MAX_MS,
      );
      return Math.max(0, failures.lastAt + backoff - Date.now());
    },
    failed(email: string, address: string): void {
      const account = keyOf(email);
      const byAddress = byAccount.get(account) ?? new Map<string, Failures>();
      byAccount.set(account, byAddress);
      byAddress.set(address, { count: (current(email, address)?.count ?? 0) + 1, lastAt: Date.now() });
    },
    succeeded(email: string, address: string): void {
      byAccount.get(keyOf(email))?.delete(address);
    },
    /** A password reset proves the owner; nobody need wait for the guesses made before it. */
    clearAccount(email: string): void {
      byAccount.delete(keyOf(email));
    },
    close: () => clearInterval(sweep),
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
