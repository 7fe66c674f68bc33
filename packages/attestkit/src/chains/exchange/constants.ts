/** The external exchange route: accounts are referenced by index, not by wallet address. */
export const externalExchange = {
  /** The service's chain id for the external exchange. */
  chainId: 3586256,
  /** The currency identifier of its USDC-perp asset. */
  currency: "0",
  symbol: "USDC (Perp)",
  decimals: 6,
  /** The only action type of withdrawal steps. */
  transferActionType: "transfer",
} as const;
