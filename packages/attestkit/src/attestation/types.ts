import type { Address, Hex } from "viem";

/** Virtual-machine families of the service's chains (the interface's `vmType` values). */
export type VmType = "bvm" | "evm" | "svm" | "tvm" | "tonvm" | "hypevm" | "lvm";

/**
 * Which signed tuple: `v1` is `GET /requests/{id}/signature` (with `originAmount`), `v2` is
 * `GET /requests/{id}/signature/v2` (with `destinationCurrency`, no amount).
 */
export type AttestationVersion = "v1" | "v2";

/** A chain id as it appears in request data: a number, or a decimal string in some traffic. */
export type ChainIdInput = number | bigint | string;

/** `requestData` of the v1 signature endpoint. */
export type RequestDataV1 = {
  originChainId: ChainIdInput;
  originUser: string;
  originCurrency: string;
  /** Integer in the currency's smallest unit, as a decimal string. */
  originAmount: string | bigint;
  destinationChainId: ChainIdInput;
  destinationUser: string;
  /** Returned by the live service but not part of the signed tuple. */
  originTransferDestination?: string | null | undefined;
};

/** `requestData` of the v2 signature endpoint. */
export type RequestDataV2 = {
  originChainId: ChainIdInput;
  originUser: string;
  originCurrency: string;
  destinationChainId: ChainIdInput;
  destinationUser: string;
  destinationCurrency: string;
  originAmount?: string | bigint | undefined;
  originTransferDestination?: string | null | undefined;
};

export type RequestData = RequestDataV1 | RequestDataV2;

/** Turns one request-data string into its 32-byte word, for a VM whose rule is not built in. */
export type Bytes32Encoder = (
  value: string,
  context: { field: string; chainId: bigint; vmType: VmType },
) => Hex;

/** Options that say how string fields become `bytes32`. */
export type EncodingOptions = {
  /**
   * VM type per chain id, overriding the built-in table (see `vmTypeOfChain`). Chains not listed
   * there are EVM.
   */
  vmTypes?: Readonly<Record<string, VmType>> | undefined;
  /** Encoders for VMs that have no published rule (Bitcoin, Tron, ...), keyed by VM type. */
  encoders?: Readonly<Partial<Record<VmType, Bytes32Encoder>>> | undefined;
};

/** The signed tuple as its seven 32-byte words, in signing order. */
export type AttestationWords = {
  version: AttestationVersion;
  /** `[name, word]` pairs in the order they are ABI-encoded. */
  words: readonly (readonly [name: string, word: Hex])[];
};

/** Why a well-formed attestation is not valid. */
export type AttestationInvalidReason =
  | "signer-not-allowed"
  | "invalid-v"
  | "high-s"
  | "invalid-r"
  | "invalid-s"
  | "unrecoverable";

export type VerifyAttestationResult = {
  /** True only if the signature recovers to one of the allowed solvers. */
  valid: boolean;
  /** The recovered signer, or null when the signature does not recover. */
  signer: Address | null;
  /** The ABI-encoded tuple. */
  encoded: Hex;
  /** keccak256 of the encoded tuple: the 32-byte message the solver signs. */
  hash: Hex;
  /** EIP-191 digest of `hash`: what ecrecover sees. */
  digest: Hex;
  /** Set when `valid` is false. */
  reason?: AttestationInvalidReason;
};
