import type { Address, Hex } from "viem";

/**
 * The VM of a chain as orders name it (the settlement SDK's names). Each has one rule for turning
 * an address into the `bytes` an order signs (see `encodeOrderAddress`).
 */
export type OrderVmType =
  | "ethereum-vm"
  | "solana-vm"
  | "bitcoin-vm"
  | "tron-vm"
  | "hyperliquid-vm"
  | "lighter-vm";

/**
 * The two published encodings of legacy Bitcoin addresses (`1...` P2PKH, `3...` P2SH) in orders:
 * `ff-prefixed` is `0xff || version || hash160` (22 bytes; the settlement SDK since 0.0.120, so
 * that a legacy payload never collides with a witness program), `unprefixed` is
 * `version || hash160` (21 bytes; older SDKs and the npm predecessor).
 */
export type LegacyBitcoinEncoding = "ff-prefixed" | "unprefixed";

/** What attestkit knows about the service's chains, keyed by slug (`protocol.v2.chainId`). */
export type OrderChains = {
  /** VM type per chain slug, e.g. `{ base: "ethereum-vm", solana: "solana-vm" }`. */
  vmTypes: Readonly<Record<string, OrderVmType>>;
  /** Depository per chain slug, from `/chains` `protocol.v2.depository`. */
  depositories?: Readonly<Record<string, string>> | undefined;
};

/** Options that say how an order's addresses become bytes. */
export type OrderEncodingOptions = {
  /** Chains by slug: at least the VM type of every chain whose addresses the order carries. */
  chains: OrderChains;
  /** Required only when an order holds a legacy Bitcoin address (see {@link LegacyBitcoinEncoding}). */
  legacyBitcoinEncoding?: LegacyBitcoinEncoding | undefined;
};

/** An integer field as the API sends it: decimal digits in a string (deadlines: a JSON number). */
export type OrderInteger = string | number | bigint;

/** `orderData` of version `v1`: what the service returns today. */
export type OrderDataV1 = {
  version: "v1";
  solverChainId: string;
  solver: string;
  salt: OrderInteger;
  inputs: readonly {
    payment: { chainId: string; currency: string; amount: OrderInteger; weight: OrderInteger };
    refunds: readonly {
      chainId: string;
      recipient: string;
      currency: string;
      minimumAmount: OrderInteger;
      deadline: OrderInteger;
      extraData: string;
    }[];
  }[];
  output: {
    chainId: string;
    payments: readonly {
      recipient: string;
      currency: string;
      minimumAmount: OrderInteger;
      expectedAmount: OrderInteger;
    }[];
    calls: readonly string[];
    deadline: OrderInteger;
    extraData: string;
  };
  fees: readonly OrderFeeData[];
};

/** `orderData` of version `v2` (the settlement SDK's `OrderV2`; not yet seen in the API). */
export type OrderDataV2 = {
  version: "v2";
  relayerChainId: string;
  relayer: string;
  salt: OrderInteger;
  deadline: OrderInteger;
  input: { chainId: string; currency: string; amount: OrderInteger };
  refunds: readonly { chainId: string; currency: string; minimumAmount: OrderInteger; recipient: string }[];
  output: {
    chainId: string;
    withdraw: { currency: string; minimumAmount: OrderInteger };
    fill: { currency: string; minimumAmount: OrderInteger; recipient: string; calls: readonly string[] };
  };
  fees: readonly OrderFeeData[];
};

/** A hub fee, the same in both versions. */
export type OrderFeeData = {
  recipientChainId: string;
  recipient: string;
  currencyChainId: string;
  currency: string;
  amount: OrderInteger;
};

/** `orderData` of any supported version, chosen by its `version`. */
export type OrderData = OrderDataV1 | OrderDataV2;

/** `protocol.v2.paymentDetails`: what to pay, where. Not covered by the order id. */
export type PaymentDetails = {
  chainId: string;
  depository: string;
  currency: string;
  amount: OrderInteger;
};

/** The hash of one struct of an order, for auditors. */
export type OrderStructHash = {
  /** Where the struct sits, e.g. `orderData.inputs[0].payment`; the order itself is `orderData`. */
  path: string;
  /** Its EIP-712 type name (`InputPayment`, `Order`, ...). */
  type: string;
  /** `hashStruct` of it. */
  hash: Hex;
};

/** The checks `verifyOrder` runs, in order. */
export type OrderCheckName = "orderId" | "signature" | "signer" | "paymentDetails" | "depository";

/** Why a check failed. */
export type OrderCheckReason =
  | "orderId-mismatch"
  | "invalid-v"
  | "invalid-r"
  | "invalid-s"
  | "high-s"
  | "unrecoverable"
  | "signer-not-allowed"
  | "no-signer"
  | "no-input"
  | "chainId-mismatch"
  | "currency-mismatch"
  | "amount-mismatch"
  | "depository-mismatch"
  | "unknown-depository";

/** One line of the verdict. */
export type OrderCheck = {
  name: OrderCheckName;
  ok: boolean;
  /** Set when `ok` is false. */
  reason?: OrderCheckReason;
  /** What the check required (signed value, recomputed id, known depository, allowed solvers). */
  expected?: string;
  /** What it found. */
  actual?: string;
};

/** The verdict on a quote's order, with every intermediate value. */
export type VerifyOrderResult = {
  /** True only if every check passed. */
  valid: boolean;
  /** The order layout, from `orderData.version`. */
  version: "v1" | "v2";
  /** The order id recomputed from `orderData` (lowercase). */
  orderId: Hex;
  /** The order id the quote gave (lowercase). */
  givenOrderId: Hex;
  /** Every struct hash, children before their parent, the order last. */
  structHashes: OrderStructHash[];
  /** `keccak256("\x19Ethereum Signed Message:\n32" || orderId)`: what the solver's key signed. */
  digest: Hex;
  /** The recovered signer (EIP-55), or null when the signature breaks a rule. */
  signer: Address | null;
  /** Each check, in order: orderId, signature, signer, paymentDetails, depository. */
  checks: OrderCheck[];
  /** The first failed check's reason, when `valid` is false. */
  reason?: OrderCheckReason;
};
