import { ExchangeError } from "./errors.js";
import { hashExchangeApiKey } from "./hashExchangeApiKey.js";
import type { ExchangeLedgerState } from "./types.js";

export type AddExchangeApiKeyParameters = {
  /** An account the ledger holds. */
  accountIndex: number;
  /** At least 16 characters; kept only as its sha256 digest. */
  apiKey: string;
};

/**
 * Gives an existing account another API key. Keys are account-scoped (README, "Keys are
 * account-scoped"): a key already held by another account is refused, the same key again is kept
 * once. The key's digest is journaled before it is added.
 *
 * @param state - The ledger. {@link ExchangeLedgerState}
 * @param parameters - {@link AddExchangeApiKeyParameters}
 * @throws {ExchangeError} `UNKNOWN_ACCOUNT`, `UNAUTHORIZED` (a key under 16 characters) or
 * `FORBIDDEN` (the key belongs to another account).
 * @example
 * addExchangeApiKey(state, { accountIndex: 1001, apiKey: "a second key of 1001" })
 */
export function addExchangeApiKey(
  state: ExchangeLedgerState,
  { accountIndex, apiKey }: AddExchangeApiKeyParameters,
): void {
  if (!state.balances.has(accountIndex))
    throw new ExchangeError({ code: "UNKNOWN_ACCOUNT", field: "accountIndex", value: accountIndex });
  if (typeof apiKey !== "string" || apiKey.length < 16)
    throw new ExchangeError({
      code: "UNAUTHORIZED",
      field: "apiKey",
      detail: "a key has at least 16 characters",
    });
  const owner = state.keyAccounts.get(hashExchangeApiKey(apiKey));
  if (owner !== undefined && owner !== accountIndex)
    throw new ExchangeError({
      code: "FORBIDDEN",
      field: "apiKey",
      detail: `the key belongs to account ${owner}`,
    });
  state.keep({ type: "apiKey", accountIndex, keyHash: hashExchangeApiKey(apiKey) });
  state.keyAccounts.set(hashExchangeApiKey(apiKey), accountIndex);
}
