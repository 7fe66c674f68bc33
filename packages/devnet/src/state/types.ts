import type { OrderData } from "attestkit/orders";
import type { statusSchema } from "attestkit/schemas";
import type { Address, Hex } from "viem";
import type * as z from "zod";
import type { SponsorPayment } from "../quote/planSponsorPayment.js";
import type { DevnetStatus } from "./transitions.js";

/**
 * A payment into the solver, on any chain, as its chain's adapter observes it: a depository's
 * deposit event on an EVM chain, a Bitcoin transaction paying the solver (or a deposit address), a
 * transfer to the exchange's relayer account. The one decision (`decidePayment`) reads only this.
 */
export type Deposit = {
  chainId: number;
  /** The transaction: an EVM hash, a Bitcoin txid (without `0x`), an exchange transfer's hash. */
  txHash: Hex;
  /** The log's index; a Bitcoin transaction's first output paying the solver; 0 on the exchange. */
  logIndex: number;
  /** The block (the exchange: the transfer id; Bitcoin: 0 until confirmed). */
  blockNumber: bigint;
  /** The payer: the credited depositor (`from` of the event), the quote's user on Bitcoin, the sending account index. */
  from: Address;
  /** The token deposited (the zero address for native), Bitcoin's identifier, the exchange's asset index. */
  currency: Address;
  amount: bigint;
  /**
   * The id the payment names: the depository `id` (a request id, or an order id of deposit steps and
   * order payments), a Bitcoin transaction's OP_RETURN binding (or its deposit address's request), an
   * exchange transfer's memo.
   */
  id: Hex;
};

/** A payment the solver sent back: the refund of a deposit. */
export type RefundDetails = {
  chainId: number;
  txHash: string;
  currency: string;
  amount: string;
  recipient: string;
};

/** A call of the fill that reverted: its index and target, and the revert or its transaction. */
export type RevertDetails = {
  index: number;
  to: Address | undefined;
  message?: string | undefined;
  data?: Hex | undefined;
  txHash?: Hex | undefined;
  /** The calls needed more gas than the quote's `txsGasLimit`: they would run out of gas. */
  outOfGas?: boolean | undefined;
};

/** What the solver adds to a request as it goes (the status object's `details`). */
export type RequestDetails = {
  /** Why a payment was not taken as quoted (a request born from a payment, another currency). */
  reason?: string | undefined;
  /** The quoted request a request born from a payment duplicates, or whose id it named. */
  originalRequestId?: Hex | undefined;
  /** The requests born from later payments under this request's id (`DOUBLE_SPEND`). */
  duplicateDeposits?: Hex[] | undefined;
  /** The refund of the whole payment. */
  refund?: RefundDetails | undefined;
  /** The overpayment sent back after the fill. */
  excessRefund?: { chainId: number; txHash: string; amount: string } | undefined;
  /** An open deposit address's fill, priced again for the amount received. */
  requote?:
    | { quotedAmountIn: string; quotedAmountOut: string; amountIn: string; amountOut: string }
    | undefined;
  /** The destination call that reverted. */
  revert?: RevertDetails | undefined;
  /** The fallback route taken instead of reverting destination calls (`useFallbacks`). */
  fallback?: { reason: string; txHashes: Hex[] } | undefined;
  /** The fallback's own transaction that reverted. */
  fallbackRevert?: { txHash: Hex } | undefined;
  /**
   * The market moved between the quote and the fill (`decideFillPrice`): the quoted and the filled (or,
   * refunded `SLIPPAGE`, the market's) output, the move of the rate and the tolerance it was held to.
   */
  priceMove?: PriceMoveDetails | undefined;
  /** The sponsor's payment of the sponsored fees (`subsidizeFees`). */
  feeSponsorship?:
    | {
        actual: {
          sponsorPayment: {
            amount: string;
            address: Address;
            chainId: number;
            payer: Address;
            txHash: Hex;
            status: "success" | "reverted";
          };
        };
      }
    | undefined;
};

/** What `RequestDetails.priceMove` records (integers as decimal strings). */
export type PriceMoveDetails = {
  /** The output quoted. */
  quotedAmountOut: string;
  /** The output at the price at fill time: filled (`EXACT_INPUT`, `EXPECTED_OUTPUT`), or too low and refunded. */
  amountOut: string;
  /** The least output the tolerance allowed (`EXACT_OUTPUT`: the quoted output itself). */
  minimumAmountOut: string;
  /** `EXACT_OUTPUT`: what the quoted output cost at fill time, in the input (the solver absorbs up to the tolerance). */
  costAmountIn?: string | undefined;
  /** How the rate (output per input) moved since the quote, basis points (negative: the input buys less). */
  movedBps: string;
  /** The tolerance the fill was held to, basis points. */
  toleranceBps: string;
  /** The fill came after the order's deadline: held to `latePaymentSlippageTolerance`. */
  late?: boolean | undefined;
  /** A fixed-rate quote: filled at its rate whatever the market did. */
  fixedRate?: boolean | undefined;
};

/**
 * What a quote fixed of the price (`pricing` of a quoted request): what a fill at a moved price keeps
 * and how far the price may move (`decideFillPrice`).
 */
export type QuotePricing = {
  tradeType: "EXACT_INPUT" | "EXACT_OUTPUT" | "EXPECTED_OUTPUT";
  /** The slippage tolerance (given or automatic), basis points. */
  slippageBps: bigint;
  /** `latePaymentSlippageTolerance`: the tolerance of a fill after the order's deadline, if given. */
  latePaymentSlippageBps?: bigint | undefined;
  /** The input's and the output's prices at quote time, micro-USD per whole unit. */
  quotedPrices: { in: bigint; out: bigint };
  /** A fixed-rate quote (`fixedRate`): filled at its rate whatever the market does. */
  fixedRate?: boolean | undefined;
};

/**
 * What a quote charged (its `fees` and `feeSponsorship`), kept with the request so that `GET
 * /requests/v3` can answer `data.fees`, `data.appFees` and `data.feeSponsorship` later. Amounts in
 * the origin currency's smallest unit (`computeQuoteAmounts`).
 */
export type QuotedFees = {
  /** The service fee (the live `platform` component). */
  relayerService: bigint;
  /** The relayer gas fee, with any gas top-up and gasless origin gas (the live `execution` component). */
  relayerGas: bigint;
  /** The app fees together. */
  app: bigint;
  /** The part of the fees the sponsor pays (`subsidizeFees`). */
  subsidized: bigint;
  /** The sponsored components (`sponsoredFeeComponents`); empty without `subsidizeFees`. */
  sponsored: ("execution" | "swap" | "relay" | "app")[];
  /** `maxSubsidizationAmount` as asked (micro-USD, decimal), if any. */
  maxSubsidizationAmount?: string | undefined;
};

/**
 * What the solver decided for a request's deposit when it took it (`decidePayment`): kept with the
 * request, so that a restart carries out the same decision (a fill and its excess refund, or a
 * refund for this reason) instead of deciding again at another time.
 */
export type DepositDecision =
  | { type: "fill"; excess: bigint; requote?: bigint | undefined }
  | { type: "refund"; failReason: string; details?: RequestDetails | undefined };

/**
 * A payment the solver made (or was about to make) for a request, written with the request BEFORE it
 * is broadcast: on an EVM chain with the hash of the signed transaction, so a restart can tell from
 * the chain whether it went out (its receipt) and record it; on Bitcoin and the exchange without a
 * hash (the payment carries the request id, found by `ExternalChain.find`).
 */
export type SentPayment = {
  /**
   * `fill`: transaction `index` of the fill (`planFill`); `fallback`: of the fallback route;
   * `refund`: the refund of the deposit; `excess`: the overpayment sent back; `sponsor`: the fee
   * sponsor's payment.
   */
  purpose: "fill" | "fallback" | "refund" | "excess" | "sponsor";
  chainId: number;
  /** The signed transaction's hash (EVM chains); absent on Bitcoin and the exchange. */
  txHash?: Hex | undefined;
  /** The transaction's index in the fill or the fallback route. */
  index?: number | undefined;
  /** A refund's reason (the request's `failReason` once refunded). */
  failReason?: string | undefined;
};

/** One entry of a request's status history. */
export type StatusChange = { status: DevnetStatus; at: number };

/** A call to run on the destination chain after the payout (`txs` of the quote). */
export type DestinationCall = { to: Address; data: Hex; value: bigint };

/**
 * One EIP-7702 authorization of a quote's `authorizationList` (the official SDK's shape): the
 * authority (who signed it) lets the destination chain run `address`'s code as its own. The fill's
 * first transaction carries them (a type-4 transaction); an invalid one is skipped by the chain.
 */
export type DestinationAuthorization = {
  chainId: number;
  /** The contract the authority delegates to. */
  address: Address;
  /** The authority's nonce the authorization is valid at. */
  nonce: number;
  yParity: number;
  r: Hex;
  s: Hex;
};

/**
 * A request's deposit address (`useDepositAddress`), as the status object's `depositAddress`: the
 * CREATE2 address of the order id and depositor, its type, the depositor credited by the sweep, and
 * the origin transaction of the transfer into it once seen.
 */
export type DepositAddressInfo = {
  address: Address;
  /** `open`: whatever arrives is filled at a re-quoted price; `strict`: only the quoted amount fills. */
  depositAddressType: "open" | "strict";
  depositor: Address;
  depositTxHash: Hex | null;
  /** `recoveryAddress` of the quote: where the deposit goes if the recipient is blocked (`BLOCKED_WALLET`). */
  recoveryAddress?: string | undefined;
};

/**
 * A self-executed same-chain request: the user's own transaction that moves the funds, as the
 * quote's last step gives it. `POST /transactions/single` matches the reported transaction to it.
 */
export type SelfExecution = {
  /** What it does (`details.operation`): a transfer, a wrap, an unwrap or a swap through the devnet's router. */
  operation: "send" | "wrap" | "unwrap" | "swap";
  to: Address;
  data: Hex;
  value: bigint;
};

/**
 * A call the devnet's relayer sent for the caller (`POST /execute`, gasless execution): the request
 * born from it is `success` once the call is mined with status 1, `failure` when it reverted.
 */
export type RelayedCall = {
  /** The account that sent it: the devnet's relayer. */
  relayer: Address;
  to: Address;
  data: Hex;
  /** Wei, paid by the relayer. */
  value: bigint;
};

/** Everything the devnet knows about one request. */
export type DevnetRequest = {
  requestId: Hex;
  /**
   * The id of the quote's order (`protocol.v2.orderId`): a deposit under it funds this request as
   * one under the request id does. Absent for a request born from a deposit.
   */
  orderId?: Hex | undefined;
  /** The quote's order (`protocol.v2.orderData`), whose struct hash is `orderId`. Absent for a request born from a deposit. */
  orderData?: OrderData | undefined;
  status: DevnetStatus;
  /**
   * Every status the request took, oldest first, with the time (ms) it took it. Kept by the store;
   * absent on records stored before it was kept.
   */
  history?: StatusChange[] | undefined;
  /** The API key the quote was made with: its webhook endpoint gets the events. */
  apiKey: string | undefined;
  referrer: string | null;
  originChainId: number;
  destinationChainId: number;
  user: Address;
  recipient: Address;
  refundTo: Address;
  originCurrency: Address;
  destinationCurrency: Address;
  /** What the user deposits (fees included). */
  amountIn: bigint;
  /** What the recipient gets. */
  amountOut: bigint;
  txs: DestinationCall[];
  /** `Date.now()` at quote time. */
  createdAt: number;
  /** Quote time plus `ttl`, in ms; null without a ttl. */
  expiresAt: number | null;
  inTxHashes: Hex[];
  txHashes: Hex[];
  updatedAt: number;
  failReason: string;
  refundFailReason: string;
  details: RequestDetails | null;
  /** The deposit that funds this request, once indexed. */
  deposit: Deposit | undefined;
  /**
   * What the solver decided for the deposit when it took it; absent before a deposit, and on records
   * stored by a devnet that did not keep it.
   */
  decision?: DepositDecision | undefined;
  /** Every payment the solver made for the request, each written before it was sent. */
  sent?: SentPayment[] | undefined;
  /** The request's deposit address, when quoted with `useDepositAddress`. */
  depositAddress?: DepositAddressInfo | undefined;
  /**
   * A same-chain request the user executes with their own transaction (no order, no deposit, no
   * fill): reported through `POST /transactions/single`, `success` once it is mined.
   */
  selfExecution?: SelfExecution | undefined;
  /** A request of `POST /execute`: the call the relayer sent (no quote, order, deposit or fill). */
  relayed?: RelayedCall | undefined;
  /**
   * The surplus of an exact-output swap paid to the recipient with the output (swept, as live
   * without `enableTrueExactOutput`); absent or 0 when the solver keeps it.
   */
  outputSurplus?: bigint | undefined;
  /** `txsGasLimit`: the total gas the destination calls may use; more reverts them (out of gas). */
  txsGasLimit?: number | undefined;
  /** `authorizationList`: EIP-7702 authorizations the fill's first transaction carries (type 4). */
  authorizationList?: DestinationAuthorization[] | undefined;
  /** `useFallbacks`: a reverting destination call falls back to the plain output (`fallback`). */
  useFallbacks?: boolean | undefined;
  /** The sponsored part of the fees (`subsidizeFees`), origin currency: the sponsor pays it once filled. */
  subsidized?: bigint | undefined;
  /**
   * Where and what the sponsor pays (`planSponsorPayment`) when not the sponsored part in the input on
   * the origin: from Bitcoin or the exchange, its worth in the output on the EVM destination.
   */
  sponsorPayment?: SponsorPayment | undefined;
  /**
   * The request regenerated from this one, which owns its deposit and fill (`supersedeRequest`: an
   * open Bitcoin deposit address that received another amount than quoted).
   */
  supersededByRequestId?: Hex | undefined;
  /** The destination gas top-up (`topupGas`): native currency the fill also sends the recipient. */
  gasTopup?: bigint | undefined;
  /** The quote's `appFees` items with an EVM recipient: each accrues its share once the request succeeds. */
  appFees?: { recipient: Address; bps: bigint }[] | undefined;
  /** The sum of the quote's `appFees` basis points (a deposit address's re-quote charges them again). */
  appFeeBps?: bigint | undefined;
  /**
   * What the quote fixed of the price: a fill is priced again at fill time within its tolerance.
   * Absent for a request born from a deposit, and on records stored before prices moved: filled as quoted.
   */
  pricing?: QuotePricing | undefined;
  /** What the quote charged; absent for a request born from a deposit, and on records stored before it was kept. */
  quotedFees?: QuotedFees | undefined;
};

/** The request status object (the status endpoint's body and webhook `data`), as the schemas define it. */
export type StatusBody = z.input<typeof statusSchema>;

/** The block a journaled call landed in (a transaction's block; for other calls the latest block after it). */
export type JournaledBlock = {
  number: number;
  /** Seconds. */
  timestamp: number;
  /** Hex, or null before London. */
  baseFeePerGas: string | null;
};

/** One state-changing call made to a chain, in the order the chain accepted them. */
export type JournaledChainCall = {
  chainId: number;
  method: string;
  params: readonly unknown[];
  /** Its block, replayed with the same timestamp and base fee; null while a transaction is pending. */
  block: JournaledBlock | null;
};

/** One account's state in a chain snapshot (hex quantities, storage by slot; zero slots left out). */
export type SnapshotAccount = { balance: Hex; nonce: Hex; code: Hex; storage: Record<string, Hex> };

/**
 * A chain's state at one block, standing for the journal up to `seq`: every account a transaction or
 * an admin call touched since genesis, with its balance, nonce, code and the storage slots it used.
 */
export type ChainSnapshot = {
  chainId: number;
  /** The last journal row whose effects it holds (rows of this chain up to it are compacted away). */
  seq: number;
  /** The block it was read at: restored as the head block, with its number, timestamp and base fee. */
  block: JournaledBlock;
  /** By lowercase address. */
  accounts: Record<string, SnapshotAccount>;
};

/**
 * One block of an EVM chain as the devnet served it, kept in the state database's archive: the
 * header with its transactions as objects (`eth_getBlockByNumber(n, true)`), and the receipt of
 * each of them, in the block's order. JSON-RPC values as the chain gave them (hex quantities).
 */
export type ArchivedBlock = {
  /** The block's number. */
  number: number;
  /** The block's hash (lowercase). */
  hash: string;
  /** The block as served, `transactions` holding the transaction objects. */
  block: { transactions: Record<string, unknown>[] } & Record<string, unknown>;
  /** The receipts of `block.transactions`, in the same order, each with its `logs`. */
  receipts: ({ logs: Record<string, unknown>[] } & Record<string, unknown>)[];
};

/** Which archived logs to read: a block range and, when given, the emitting addresses (lowercase). */
export type ArchivedLogsQuery = {
  fromBlock: number;
  toBlock: number;
  /** Only logs of these addresses; every address when undefined. */
  addresses?: readonly string[] | undefined;
};

/** A webhook delivery as stored: the outbox's record, plus the API key that signs it. */
export type StoredDelivery = {
  id: string;
  requestId: string;
  apiKey: string;
  /** The outbox's record (`WebhookDelivery`), as JSON. */
  record: Record<string, unknown>;
};

/** One entry of a journal, with its sequence number (unique across every journal of the file). */
export type JournalEntry = { seq: number; value: unknown };

export type StateDatabase = {
  /** The database file. */
  path: string;
  getMeta: (key: string) => unknown;
  setMeta: (key: string, value: unknown) => void;
  /** Every stored request, as saved (bigints restored). */
  loadRequests: () => unknown[];
  /**
   * Every stored request with its key (the request id, lowercase), as saved (bigints restored), for
   * a reader that names the row a value came from (`readRequests`).
   */
  loadRequestRows: () => { id: string; value: unknown }[];
  saveRequest: (requestId: string, request: unknown) => void;
  /** Every stored delivery, oldest first. */
  loadDeliveries: () => StoredDelivery[];
  saveDelivery: (delivery: StoredDelivery) => void;
  /** Every journaled chain call (of one chain, when given), in order, with its sequence number. */
  loadChainCalls: (chainId?: number) => (JournaledChainCall & { seq: number })[];
  /** Appends a call; returns its sequence number. */
  appendChainCall: (call: JournaledChainCall) => number;
  /** Records the block a pending transaction was mined in. */
  setChainCallBlock: (seq: number, block: JournaledBlock) => void;
  /** Drops the chain journal (a first start that died before its contracts were deployed). */
  clearChainCalls: () => void;
  /** The latest snapshot of a chain, if one was taken. */
  loadChainSnapshot: (chainId: number) => ChainSnapshot | undefined;
  /**
   * Stores a chain's snapshot in one transaction with the receipts of the transactions it covers
   * (`receipts`, the chain's JSON-RPC receipts by hash) and drops the journal rows of that chain up to
   * `snapshot.seq`, but for the methods in `keep` (calls that change no account: they are replayed).
   */
  saveChainSnapshot: (parameters: {
    snapshot: ChainSnapshot;
    receipts: readonly { hash: string; receipt: unknown }[];
    keep: readonly string[];
  }) => void;
  /** The stored receipt of a transaction a snapshot covers (the restored chain no longer has it). */
  findChainReceipt: (chainId: number, hash: string) => unknown;
  /** The highest archived block of a chain, or undefined when none is archived. */
  archivedChainHead: (chainId: number) => number | undefined;
  /**
   * Archives one block of a chain with its transactions, receipts and logs, in one transaction
   * (replacing a block of the same number). Blocks are archived in order, each after its parent.
   */
  archiveChainBlock: (chainId: number, archived: ArchivedBlock) => void;
  /** An archived block, by number or by hash (any case); undefined when not archived. */
  findArchivedBlock: (
    chainId: number,
    by: { number: number } | { hash: string },
  ) => ArchivedBlock["block"] | undefined;
  /** An archived transaction and its receipt, by hash (any case); undefined when not archived. */
  findArchivedTransaction: (
    chainId: number,
    hash: string,
  ) => { transaction: Record<string, unknown>; receipt: Record<string, unknown> } | undefined;
  /** Drops the archived blocks of a chain after `number` (an `evm_revert` took them off the chain), with their transactions and logs. */
  dropArchivedBlocksAfter: (chainId: number, number: number) => void;
  /** The archived logs of a block range (and addresses), in chain order (block, then log index). */
  loadArchivedLogs: (chainId: number, query: ArchivedLogsQuery) => Record<string, unknown>[];
  /**
   * Appends an entry to a named journal (`bitcoin`, `exchange`, `permits`, `appFees`): one row,
   * written in its own transaction, on disk when the call returns. Returns its sequence number.
   */
  appendEntry: (journal: string, value: unknown) => number;
  /**
   * Every entry of a journal, oldest first (bigints restored).
   *
   * @throws {CorruptStateError} For a row that is not JSON, naming the file and the row.
   */
  loadEntries: (journal: string) => JournalEntry[];
  /**
   * Runs `write` (synchronous calls of this database) as one transaction: on disk together when it
   * returns, or not at all when the process dies before (or `write` throws: rolled back). Inside a
   * transaction, a nested call just runs `write`.
   */
  transaction: <result>(write: () => result) => result;
  close: () => void;
};
