import type { Address, Hex } from "viem";

/**
 * The devnet solver's private key: a fixed, public TEST key (keccak256 of the text "attestkit devnet
 * solver (test key, never fund on a real chain)"). It signs attestations, owns the depositories and
 * sends fills and refunds. Never send real funds to its address.
 */
export const devnetSolverPrivateKey: Hex =
  "0xdaa50189605f00c4b828f02b5775dc103115d27d528bbbe5897458c3fc8ca680";

/** Address of {@link devnetSolverPrivateKey}. */
export const devnetSolverAddress: Address = "0xA8893c8Ba6c8ffB1032FfB7b0a13d510fc7e9BfD";

/**
 * The devnet fee sponsor's private key: a fixed, public TEST key (keccak256 of the text "attestkit
 * devnet sponsor (test key, never fund on a real chain)"). It pays the sponsored part of the fees of
 * `subsidizeFees` requests once they are filled. Never send real funds to its address.
 */
export const devnetSponsorPrivateKey: Hex =
  "0x4cdf767937b246b85ec40245b21314a31dc5aeb9d40060bc9328d55485e068b2";

/** Address of {@link devnetSponsorPrivateKey}. */
export const devnetSponsorAddress: Address = "0x71A065df91E5F615E0A1D53771Bf4dBaAA75411A";

/**
 * Funded test accounts: the first ten accounts of the public development mnemonic
 * `test test test test test test test test test test test junk` (the same keys every Hardhat and
 * Anvil chain uses). Written out because deriving them costs ~20 ms each at every start.
 */
export const devnetTestAccounts: readonly { address: Address; privateKey: Hex }[] = [
  {
    address: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
    privateKey: "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80",
  },
  {
    address: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
    privateKey: "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d",
  },
  {
    address: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
    privateKey: "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a",
  },
  {
    address: "0x90F79bf6EB2c4f870365E785982E1f101E93b906",
    privateKey: "0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6",
  },
  {
    address: "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65",
    privateKey: "0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a",
  },
  {
    address: "0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc",
    privateKey: "0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba",
  },
  {
    address: "0x976EA74026E726554dB657fA54763abd0C3a0aa9",
    privateKey: "0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e",
  },
  {
    address: "0x14dC79964da2C08b23698B3D3cc7Ca32193d9955",
    privateKey: "0x4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356",
  },
  {
    address: "0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f",
    privateKey: "0xdbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97",
  },
  {
    address: "0xa0Ee7A142d267C1f36714E4a8F75612F20a79720",
    privateKey: "0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6",
  },
];

/** The development mnemonic the test accounts come from. */
export const devnetMnemonic = "test test test test test test test test test test test junk";

/** Native balance of each test account on each chain: 10,000 ETH. */
export const testAccountNativeBalance = 10_000n * 10n ** 18n;

/** Test-token (USDC) balance minted to each test account on each chain: 1,000,000 USDC. */
export const testAccountTokenBalance = 1_000_000n * 10n ** 6n;

/**
 * The owner of each chain's `receiver` (`GET /devnet/info` `receiverOwner`): test account 0, a
 * public TEST key, so that code run against the devnet configures the receiver (its whitelists) as
 * an integrator configures their own.
 */
export const devnetReceiverOwner = devnetTestAccounts[0] as { address: Address; privateKey: Hex };

/** The solver's native balance on each chain: 1,000,000 ETH of fill liquidity. */
export const solverNativeBalance = 1_000_000n * 10n ** 18n;

/** Test tokens held by each depository for token fills: 1,000,000,000 USDC. */
export const depositoryTokenLiquidity = 1_000_000_000n * 10n ** 6n;

/** The all-zero address: the EVM native currency's identifier. */
export const nativeCurrencyAddress: Address = "0x0000000000000000000000000000000000000000";

/**
 * The slugs of the devnet's chains, by role: each chain's `name` and `protocol.v2.chainId` in
 * `GET /chains`, the chain ids of its orders (`solverChainId`, `inputs[].payment.chainId`,
 * `output.chainId`, ...), and the slug the origin receiver is configured with (`setChainSlug`).
 * The live service's slugs are names (`base`, `arbitrum`); these say what the chain is for.
 */
export const devnetChainSlugs = { origin: "devnet-origin", destination: "devnet-destination" } as const;

/**
 * The window of a quote that names no `ttl`, in seconds: one hour. Every order needs a deadline
 * (the solver signs it and the order receiver enforces it), and the live default is not published.
 */
export const defaultQuoteTtlSeconds = 3_600;

/** Default HTTP port of the devnet. */
export const defaultDevnetPort = 8787;

/**
 * How long an orphaned deposit (one no request can claim: an unknown or missing id) waits before it
 * is refunded (`ORPHANED_DEPOSIT_REFUND`), ms of the solver's clock: 30 s, a devnet choice (the live
 * service publishes no window), long enough to see the orphan `pending`, short enough to see it
 * refunded while one watches.
 */
export const defaultOrphanRefundDelayMs = 30_000;

/** The largest request body the devnet reads, API and JSON-RPC alike: 1 MiB. A longer one is answered 413. */
export const defaultMaxBodyBytes = 1_048_576;

/** Where the devnet mounts the external exchange's transfer API (chain 3586256). */
export const exchangePathPrefix = "/exchange/api";

/**
 * Satoshis above which the devnet waits for 2 confirmations of a Bitcoin deposit instead of 1 (the
 * interface's high-value rule): 1 BTC by default.
 */
export const defaultBitcoinHighValueThreshold = 100_000_000n;

/** The devnet solver's Bitcoin liquidity, paid to its address at genesis: 100 BTC. */
export const devnetBitcoinSolverFunding = 10_000_000_000n;

/** The slug (`name`, `protocol.v2.chainId`) of the devnet's Bitcoin chain: how its orders name it. */
export const devnetBitcoinSlug = "devnet-bitcoin";

/** The slug of the devnet's external exchange. */
export const devnetExchangeSlug = "devnet-exchange";

/**
 * How the devnet's orders encode a legacy Bitcoin address (a P2SH user's `3…`, as its refund
 * recipient): `ff-prefixed`, `0xff || version || hash160`, the settlement SDK's since 0.0.120. A
 * client verifying such an order passes the same choice (`legacyBitcoinEncoding`).
 */
export const devnetLegacyBitcoinEncoding = "ff-prefixed" as const;
