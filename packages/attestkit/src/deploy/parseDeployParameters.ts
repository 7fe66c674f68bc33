import { type Address, getAddress, type Hex, isAddress } from "viem";
import { toBytes32 } from "../attestation/toBytes32.js";
import { BaseError } from "../errors/BaseError.js";
import { DeployParametersError, type DeployParametersErrorType } from "./errors.js";

/** One whitelisted destination, as written in a parameters file. */
export type RecipientInput = {
  /** Destination chain id (number or decimal string). */
  chainId: number | string;
  /**
   * The destination user: an address of that chain (EVM hex, Solana base58), or the signed
   * 32-byte word itself.
   */
  user: string;
};

/** A whitelisted destination as the receiver stores it. */
export type Recipient = { chainId: bigint; user: Hex };

/** One whitelisted order destination (`AttestedDepositReceiver.setOrderRecipients`). */
export type OrderRecipientEntry = {
  /** The output chain's slug (`/chains` `protocol.v2.chainId`), e.g. `"optimism"`. */
  chainId: string;
  /**
   * The recipient as orders encode it for that chain's VM, as hex: an EVM address as it is, other
   * VMs as `toOrderRecipient` encodes them (Solana: the 32 key bytes).
   */
  recipient: Hex;
};

export type DeployParameters = {
  /** Who configures the receiver. */
  owner: Address;
  /** The depository address, or `"devnet"` to deploy a devnet depository first (local chains). */
  depository: Address | "devnet";
  /** Solvers whose signatures are accepted; the first is the primary (checked at no extra read). */
  solvers: Address[];
  /** ERC-1271 contract solvers (at most 4). */
  contractSolvers: Address[];
  /** Whitelisted destinations. */
  whitelist: Recipient[];
  /** Accept any destination. */
  allowAnyRecipient: boolean;
  /**
   * This chain's slug for order payments (`/chains` `protocol.v2.chainId`, e.g. `"base"`), set on
   * the receiver right after it is deployed (owner-only: the deployer must be the owner). Without
   * it the receiver pays no order until the owner calls `setChainSlug`.
   */
  chainSlug?: string;
  /** Whitelisted order destinations, set after deployment like `chainSlug`. */
  orderWhitelist?: OrderRecipientEntry[];
};

export type ParseDeployParametersErrorType = DeployParametersErrorType;

const fail = (field: string, problem: string) => new DeployParametersError({ field, problem });

const address = (value: unknown, field: string): Address => {
  if (typeof value !== "string" || !isAddress(value, { strict: false }))
    throw fail(field, `is not an EVM address: ${JSON.stringify(value)}`);
  return getAddress(value);
};

const addresses = (value: unknown, field: string): Address[] => {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw fail(field, "is not an array");
  return value.map((item, i) => address(item, `${field}[${i}]`));
};

export type ParseRecipientErrorType = DeployParametersErrorType;

/**
 * Reads one whitelist entry; the user goes through the attestation encoder of its chain, so the
 * stored word is exactly the one the solver signs.
 *
 * @param value - The entry as parsed from JSON.
 * @param field - Its path, for errors (`whitelist[0]`).
 * @returns The chain id and the 32-byte user word. {@link Recipient}
 * @example
 * parseRecipient({ chainId: 8453, user: "0x90F79bf6EB2c4f870365E785982E1f101E93b906" }, "whitelist[0]")
 */
export function parseRecipient(value: unknown, field: string): Recipient {
  const entry = value as Partial<RecipientInput> | null;
  if (typeof entry !== "object" || entry === null || Array.isArray(entry))
    throw fail(field, "is not an object");
  const rawChainId = entry.chainId;
  if (
    !(typeof rawChainId === "number" && Number.isSafeInteger(rawChainId) && rawChainId >= 0) &&
    !(typeof rawChainId === "string" && /^\d+$/.test(rawChainId))
  )
    throw fail(`${field}.chainId`, `is not a chain id: ${JSON.stringify(rawChainId)}`);
  const chainId = BigInt(rawChainId);
  if (typeof entry.user !== "string") throw fail(`${field}.user`, "is not a string");
  if (/^0x[0-9a-fA-F]{64}$/.test(entry.user)) return { chainId, user: entry.user.toLowerCase() as Hex };
  try {
    return { chainId, user: toBytes32({ value: entry.user, chainId, field: `${field}.user` }) };
  } catch (error) {
    const reason = error instanceof BaseError ? error.shortMessage : String(error);
    throw fail(`${field}.user`, `cannot be encoded: ${reason.replace(/\.$/, "")}`);
  }
}

/**
 * Validates a deploy parameters object (the parsed JSON file that `attestkit deploy` and
 * `scripts/deploy` read).
 *
 * @param value - The parsed JSON.
 * @returns The typed parameters. {@link DeployParameters}
 * @example
 * parseDeployParameters(JSON.parse(readFileSync("node_modules/attestkit/deploy/parameters.example.json", "utf8")))
 */
export type ParseOrderRecipientErrorType = DeployParametersErrorType;

/**
 * Reads one order whitelist entry: a slug and the recipient's order bytes as hex.
 *
 * @param value - The entry as parsed from JSON.
 * @param field - Its path, for errors (`orderWhitelist[0]`).
 * @returns The entry. {@link OrderRecipientEntry}
 * @example
 * parseOrderRecipient({ chainId: "optimism", recipient: "0x90F79bf6EB2c4f870365E785982E1f101E93b906" }, "orderWhitelist[0]")
 */
export function parseOrderRecipient(value: unknown, field: string): OrderRecipientEntry {
  const entry = value as Partial<Record<"chainId" | "recipient", unknown>> | null;
  if (typeof entry !== "object" || entry === null || Array.isArray(entry))
    throw fail(field, "is not an object");
  if (typeof entry.chainId !== "string" || entry.chainId === "")
    throw fail(`${field}.chainId`, `is not a chain slug: ${JSON.stringify(entry.chainId)}`);
  if (typeof entry.recipient !== "string" || !/^0x([0-9a-fA-F]{2})+$/.test(entry.recipient))
    throw fail(
      `${field}.recipient`,
      `is not the recipient's order bytes as 0x hex: ${JSON.stringify(entry.recipient)} (encode non-EVM addresses with toOrderRecipient)`,
    );
  return { chainId: entry.chainId, recipient: entry.recipient.toLowerCase() as Hex };
}

export function parseDeployParameters(value: unknown): DeployParameters {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw fail("(root)", "is not an object");
  const raw = value as Record<string, unknown>;
  const solvers = addresses(raw.solvers, "solvers");
  const contractSolvers = addresses(raw.contractSolvers, "contractSolvers");
  if (contractSolvers.length > 4) throw fail("contractSolvers", "has more than 4 entries");
  const whitelist = raw.whitelist ?? [];
  if (!Array.isArray(whitelist)) throw fail("whitelist", "is not an array");
  const allowAnyRecipient = raw.allowAnyRecipient ?? false;
  if (typeof allowAnyRecipient !== "boolean") throw fail("allowAnyRecipient", "is not a boolean");
  const parsed: DeployParameters = {
    owner: address(raw.owner, "owner"),
    depository: raw.depository === "devnet" ? "devnet" : address(raw.depository, "depository"),
    solvers,
    contractSolvers,
    whitelist: whitelist.map((entry, i) => parseRecipient(entry, `whitelist[${i}]`)),
    allowAnyRecipient,
  };
  if (raw.chainSlug !== undefined) {
    if (typeof raw.chainSlug !== "string" || raw.chainSlug === "")
      throw fail("chainSlug", `is not a chain slug: ${JSON.stringify(raw.chainSlug)}`);
    parsed.chainSlug = raw.chainSlug;
  }
  if (raw.orderWhitelist !== undefined) {
    if (!Array.isArray(raw.orderWhitelist)) throw fail("orderWhitelist", "is not an array");
    parsed.orderWhitelist = raw.orderWhitelist.map((entry, i) =>
      parseOrderRecipient(entry, `orderWhitelist[${i}]`),
    );
  }
  return parsed;
}
