/** The Bitcoin route of the service: chain id, native currency identifier and unit. */
export const bitcoin = {
  /** The service's chain id for Bitcoin mainnet. */
  chainId: 8253038,
  /**
   * The currency identifier of native BTC. It is a bech32 string but not a spendable address
   * (its program is 19 bytes), so it is compared as an identifier, never validated as an address.
   */
  nativeCurrency: "bc1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqmql8k8",
  symbol: "BTC",
  /** Amounts are in satoshis: 1 BTC = 100000000. */
  decimals: 8,
} as const;

/** Address prefixes per Bitcoin network. Signet uses the testnet prefixes. */
export const bitcoinNetworks = {
  mainnet: { bech32: "bc", pubKeyHash: 0x00, scriptHash: 0x05 },
  testnet: { bech32: "tb", pubKeyHash: 0x6f, scriptHash: 0xc4 },
  regtest: { bech32: "bcrt", pubKeyHash: 0x6f, scriptHash: 0xc4 },
} as const;

/** The interface's guidance for Bitcoin deposits to a deposit address. */
export const bitcoinGuidance = {
  /** Blocks the service waits for: 1 typically, 2 when the amount exceeds the per-currency threshold. */
  confirmations: { typical: 1, highValue: 2 },
  /** Blocks to allow before calling a deposit-address transaction stalled. */
  stallBlocks: { typical: { min: 2, max: 3 }, highValue: { min: 3, max: 4 } },
  /** Block time: about 10 minutes on average, 30 to 50 minutes at worst. */
  blockTimeSeconds: { average: 600, slow: { min: 1800, max: 3000 } },
} as const;
