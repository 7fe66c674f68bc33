import { sha256 } from "@noble/hashes/sha2.js";
import { hex, utf8 } from "@scure/base";

/** An asset of the exchange ledger. */
export type ExchangeAsset = { assetIndex: number; symbol: string; decimals: number };

/** The assets the devnet exchange knows: USDC-perp, the interface's currency `0` of chain 3586256. */
export const exchangeAssets: readonly ExchangeAsset[] = [
  { assetIndex: 0, symbol: "USDC (Perp)", decimals: 6 },
];

/** The asset `usdcFee` is paid in. */
export const usdcAssetIndex = 0;

/** Route types of an account's balances: 0 the perpetuals account, 1 the spot account. */
export const exchangeRouteTypes = { perp: 0, spot: 1 } as const;

/** Largest amount or balance, in smallest units: the exchange keeps them as signed 64-bit integers. */
export const maxExchangeAmount = 2n ** 63n - 1n;

/**
 * The API key of a devnet exchange account: a PUBLIC TEST KEY, the hex of sha256("attestkit devnet
 * exchange api key <accountIndex> (test key)").
 *
 * @param accountIndex - The account.
 * @returns 64 hex digits.
 */
export function devnetExchangeApiKey(accountIndex: number): string {
  return hex.encode(sha256(utf8.decode(`attestkit devnet exchange api key ${accountIndex} (test key)`)));
}

/** A funded devnet account: its index, its API key and its USDC-perp balance (route 0). */
export type ExchangeTestAccount = { accountIndex: number; apiKey: string; balance: bigint };

/** The solver's relayer account (`toAccountIndex` of withdrawals), with 1,000,000,000 USDC of liquidity. */
export const exchangeSolverAccount: ExchangeTestAccount = {
  accountIndex: 1000,
  apiKey: devnetExchangeApiKey(1000),
  balance: 1_000_000_000n * 10n ** 6n,
};

/** Ten funded test accounts, indexes 1001 to 1010, with 1,000,000 USDC each on route 0. */
export const exchangeTestAccounts: readonly ExchangeTestAccount[] = Array.from({ length: 10 }, (_, i) => ({
  accountIndex: 1001 + i,
  apiKey: devnetExchangeApiKey(1001 + i),
  balance: 1_000_000n * 10n ** 6n,
}));
