/**
 * Consensus and relay-policy numbers of the devnet's Bitcoin chain. The consensus values are
 * Bitcoin's; the policy values are Bitcoin Core's defaults unless the comment says otherwise.
 */
export const bitcoinRules = {
  /** 21 million BTC in satoshis: no output, and no sum of outputs, may exceed it. */
  maxMoney: 2_100_000_000_000_000n,
  /** Block weight limit (BIP141). */
  maxBlockWeight: 4_000_000,
  /** Largest standard transaction weight (policy). */
  maxStandardTxWeight: 400_000,
  /** Smallest standard transaction size without witness (policy, CVE-2017-12842). */
  minStandardTxNonWitnessSize: 65,
  /** Largest standard OP_RETURN output script, opcode included (policy `-datacarriersize` 80 + 3). */
  maxOpReturnScriptSize: 83,
  /** Blocks a coinbase output waits before it can be spent. */
  coinbaseMaturity: 100,
  /** Dust relay fee in satoshis per 1000 virtual bytes (policy `-dustrelayfee`). */
  dustRelayFeePerKvB: 3000n,
  /** Minimum relay fee rate in satoshis per virtual byte (policy `-minrelaytxfee`, 1000 sat/kvB). */
  minRelayFeeRate: 1n,
  /** Regtest's proof-of-work limit in compact form: about one header hash in two meets it. */
  regtestBits: 0x207fffff,
  /** Block header version: BIP9 version bits with no deployment signalled. */
  blockVersion: 0x20000000,
  /** Block subsidy before the first halving: 50 BTC. */
  initialSubsidy: 5_000_000_000n,
  /** Blocks between halvings on regtest. */
  regtestHalvingInterval: 150,
  /** Standard transaction versions (policy; version 3 is TRUC, accepted here without TRUC's extra limits). */
  standardVersions: [1, 2, 3] as readonly number[],
  /** `nSequence` bit that disables the input's relative lock time (BIP68). */
  sequenceLockTimeDisableFlag: 0x8000_0000,
  /** `nSequence` bit that makes the relative lock time count 512-second units instead of blocks (BIP68). */
  sequenceLockTimeTypeFlag: 0x0040_0000,
  /** `nSequence` bits holding the relative lock time value (BIP68). */
  sequenceLockTimeMask: 0x0000_ffff,
  /** Lock times below this are block heights, at or above it Unix times. */
  lockTimeThreshold: 500_000_000,
} as const;

/**
 * The devnet's fixed fee rate, in satoshis per virtual byte, used by the deposit PSBT builder and
 * answered by `GET /fee-estimates` for every target. Twice the minimum relay fee rate.
 */
export const devnetBitcoinFeeRate = 2n;

/** Default block interval of the devnet's Bitcoin chain: a block every second. */
export const defaultBitcoinBlockTimeMs = 1000;

/** Default balance of each test wallet address at genesis: 10 BTC. */
export const defaultBitcoinWalletBalance = 1_000_000_000n;

/** Where the devnet API is meant to mount the Esplora-compatible sub-app. */
export const esploraPathPrefix = "/bitcoin/api";
