import { hexInto } from "../../attestation/noble/hexInto.js";
import type { AttestationVersion, EncodingOptions, VmType } from "../../attestation/types.js";
import { vmTypeOfChain } from "../../attestation/vmTypeOfChain.js";

/** The encoded tuple's length: seven 32-byte words in both versions. */
export const encodedEntryBytes = 224;

/**
 * Writes an entry's signed tuple into `out` at `at` (224 bytes) when every field has its common
 * form; returns false, having decided nothing, for anything else.
 */
export type EntryEncoder = (requestId: unknown, requestData: unknown, out: Uint8Array, at: number) => boolean;

export type CreateEntryEncoderParameters = {
  version?: AttestationVersion | undefined;
  vmTypes?: EncodingOptions["vmTypes"];
};

// The request data fields the tuple reads, by name (a property read per field, not a keyed one).
type RequestFields = {
  originChainId?: unknown;
  originUser?: unknown;
  originCurrency?: unknown;
  originAmount?: unknown;
  destinationChainId?: unknown;
  destinationUser?: unknown;
  destinationCurrency?: unknown;
};

// A loop: for a few bytes, cheaper than a call of TypedArray.prototype.fill.
function zero(out: Uint8Array, at: number, count: number): void {
  for (let i = 0; i < count; i++) out[at + i] = 0;
}

/** Writes a non-negative safe integer as a big-endian uint256 word. */
function numberWord(value: number, out: Uint8Array, at: number): void {
  zero(out, at, 32);
  let rest = value;
  for (let i = at + 31; rest > 0; i--) {
    out[i] = rest % 256;
    rest = Math.floor(rest / 256);
  }
}

/** Whether `text` is one or more ASCII decimal digits (what parseAmount and parseChainId accept). */
function isDigits(text: string): boolean {
  if (text.length === 0) return false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 48 || code > 57) return false;
  }
  return true;
}

/**
 * Writes decimal digits (checked by the caller, at most 77 of them: below 2^256) as a big-endian
 * uint256 word: the word times 10^k plus the next k digits, seven digits at a time (each step's
 * products stay below 2^53, so the arithmetic on doubles is exact).
 */
function decimalWord(digits: string, out: Uint8Array, at: number): void {
  zero(out, at, 32);
  // The word's bytes from `top` to its end may be nonzero.
  let top = at + 31;
  for (let pos = 0; pos < digits.length; ) {
    const length = Math.min(7, digits.length - pos);
    let carry = 0;
    for (let k = 0; k < length; k++) carry = carry * 10 + digits.charCodeAt(pos + k) - 48;
    const scale = 10 ** length;
    for (let i = at + 31; i >= top || carry > 0; i--) {
      const value = (out[i] as number) * scale + carry;
      out[i] = value % 256;
      carry = Math.floor(value / 256);
      if (i < top) top = i;
    }
    pos += length;
  }
}

/** The chain id written at `at` as its word, or -1 for any other form than a safe integer or short decimal string. */
function chainWord(value: unknown, out: Uint8Array, at: number): number {
  let id: number;
  if (typeof value === "number") {
    if (!Number.isSafeInteger(value) || value < 0) return -1;
    id = value;
  } else if (typeof value === "string" && value.length <= 15 && isDigits(value)) id = Number(value);
  else return -1;
  numberWord(id, out, at);
  return id;
}

/**
 * An EVM address of one case written at `at` as its word; false for anything else. A user's word
 * (`account`) below 2^53 is refused by the general encoder, which says why: false here too.
 */
function addressWord(value: unknown, account: boolean, out: Uint8Array, at: number): boolean {
  if (typeof value !== "string" || value.length !== 42) return false;
  if (value.charCodeAt(0) !== 48 || value.charCodeAt(1) !== 120) return false;
  zero(out, at, 12);
  if (!hexInto(value, 2, 20, out, at + 12, true)) return false;
  if (!account) return true;
  if ((out[at + 25] as number) >= 0x20) return true;
  for (let i = 12; i < 25; i++) if (out[at + i] !== 0) return true;
  return false;
}

/** An amount of decimal digits written at `at` as its word; false for anything else. */
function amountWord(value: unknown, out: Uint8Array, at: number): boolean {
  // Any 77-digit number is below 2^256 (about 1.16 x 10^77).
  if (typeof value !== "string" || value.length > 77 || !isDigits(value)) return false;
  if (value.length <= 15) numberWord(Number(value), out, at);
  else decimalWord(value, out, at);
  return true;
}

/**
 * Builds the bulk audit's encoder for the common entry: a hex `requestId`, chain ids as numbers or
 * short decimal strings, EVM addresses in one case (no EIP-55 checksum to check), an amount of
 * decimal digits. It writes exactly the bytes `encodeAttestationNoble` returns for such an entry
 * (test/differential and its unit test hold it to that), without the per-field words, objects and
 * big integers that make the general encoder slower; an entry of any other form (another VM, a
 * checksummed address, a bad field) makes it return false, and the caller runs
 * `encodeAttestationNoble`, which encodes it or throws the error that names the field.
 *
 * @param parameters - {@link CreateEntryEncoderParameters}
 * @returns The encoder. {@link EntryEncoder}
 * @example
 * const encode = createEntryEncoder({ version: "v1" })
 * if (!encode(requestId, requestData, out, 0)) encoded = encodeAttestationNoble(...).encoded
 */
export function createEntryEncoder({ version = "v1", vmTypes }: CreateEntryEncoderParameters): EntryEncoder {
  // A chain's VM type, looked up once per chain id met.
  const vms = new Map<number, VmType>();
  const isEvm = (chainId: number) => {
    let vm = vms.get(chainId);
    if (vm === undefined) {
      vm = vmTypeOfChain({ chainId, vmTypes });
      // Bounded: an input of many chain ids looks each one up again.
      if (vms.size < 256) vms.set(chainId, vm);
    }
    return vm === "evm";
  };
  const v1 = version === "v1";
  return (requestId, requestData, out, at) => {
    if (typeof requestId !== "string" || requestId.length !== 66) return false;
    if (requestId.charCodeAt(0) !== 48 || requestId.charCodeAt(1) !== 120) return false;
    if (!hexInto(requestId, 2, 32, out, at)) return false;
    if (typeof requestData !== "object" || requestData === null) return false;
    const data = requestData as RequestFields;
    // v1: requestId, originChainId, originUser, originCurrency, originAmount, destinationChainId,
    // destinationUser; v2: no amount, destinationCurrency last.
    const origin = chainWord(data.originChainId, out, at + 32);
    if (origin < 0 || !isEvm(origin)) return false;
    if (!addressWord(data.originUser, true, out, at + 64)) return false;
    if (!addressWord(data.originCurrency, false, out, at + 96)) return false;
    if (v1 && !amountWord(data.originAmount, out, at + 128)) return false;
    const destination = chainWord(data.destinationChainId, out, at + (v1 ? 160 : 128));
    if (destination < 0 || !isEvm(destination)) return false;
    if (!addressWord(data.destinationUser, true, out, at + (v1 ? 192 : 160))) return false;
    return v1 || addressWord(data.destinationCurrency, false, out, at + 192);
  };
}
