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

// The fields after requestId, word by word: a chain id, or an address on the chain of the chain id
// before it (`account`: a user's word, which encodeAttestationNoble refuses below 2^53), or v1's amount.
type Field = { name: string; kind: "chain" | "address" | "account" | "amount" };
const fields: Record<AttestationVersion, readonly Field[]> = {
  v1: [
    { name: "originChainId", kind: "chain" },
    { name: "originUser", kind: "account" },
    { name: "originCurrency", kind: "address" },
    { name: "originAmount", kind: "amount" },
    { name: "destinationChainId", kind: "chain" },
    { name: "destinationUser", kind: "account" },
  ],
  v2: [
    { name: "originChainId", kind: "chain" },
    { name: "originUser", kind: "account" },
    { name: "originCurrency", kind: "address" },
    { name: "destinationChainId", kind: "chain" },
    { name: "destinationUser", kind: "account" },
    { name: "destinationCurrency", kind: "address" },
  ],
};

// A hex digit's value; -1 for anything else. Upper and lower case are told apart for EIP-55.
function nibble(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 97 && code <= 102) return code - 87;
  if (code >= 65 && code <= 70) return code - 55;
  return -1;
}

/**
 * Writes `count` bytes of hex digits from `text` (starting at character `from`) to `out` at `at`.
 * Returns false on a character that is not a hex digit; with `oneCase`, also when both cases of
 * a letter occur (an EIP-55 checksum would have to be checked).
 */
function hexInto(text: string, from: number, count: number, out: Uint8Array, at: number, oneCase: boolean) {
  let lower = false;
  let upper = false;
  for (let i = 0; i < count; i++) {
    const a = text.charCodeAt(from + 2 * i);
    const b = text.charCodeAt(from + 2 * i + 1);
    const hi = nibble(a);
    const lo = nibble(b);
    if (hi < 0 || lo < 0) return false;
    if (oneCase) {
      lower ||= a >= 97 || b >= 97;
      upper ||= (a >= 65 && a <= 70) || (b >= 65 && b <= 70);
    }
    out[at + i] = hi * 16 + lo;
  }
  return !(lower && upper);
}

/** Writes a non-negative safe integer as a big-endian uint256 word. */
function numberWord(value: number, out: Uint8Array, at: number): void {
  out.fill(0, at, at + 32);
  let rest = value;
  for (let i = at + 31; rest > 0; i--) {
    out[i] = rest % 256;
    rest = Math.floor(rest / 256);
  }
}

// Decimal digits only, as parseAmount and parseChainId demand.
const digits = /^[0-9]+$/;

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
  const layout = fields[version];
  // A chain's VM type, looked up once per chain id met.
  const vms = new Map<number, VmType>();
  const vmOf = (chainId: number) => {
    let vm = vms.get(chainId);
    if (vm === undefined) {
      vm = vmTypeOfChain({ chainId, vmTypes });
      vms.set(chainId, vm);
    }
    return vm;
  };
  return (requestId, requestData, out, at) => {
    if (typeof requestId !== "string" || requestId.length !== 66 || requestId.charCodeAt(0) !== 48)
      return false;
    if (requestId.charCodeAt(1) !== 120 || !hexInto(requestId, 2, 32, out, at, false)) return false;
    if (typeof requestData !== "object" || requestData === null) return false;
    const data = requestData as Record<string, unknown>;
    let chainId = 0;
    for (let f = 0; f < layout.length; f++) {
      const { name, kind } = layout[f] as Field;
      const value = data[name];
      const word = at + 32 * (f + 1);
      if (kind === "chain") {
        if (typeof value === "number") {
          if (!Number.isSafeInteger(value) || value < 0) return false;
          chainId = value;
        } else if (typeof value === "string" && value.length <= 15 && digits.test(value))
          chainId = Number(value);
        else return false;
        numberWord(chainId, out, word);
      } else if (kind === "amount") {
        if (typeof value !== "string" || value.length > 77 || !digits.test(value)) return false;
        // Any 77-digit number is below 2^256 (about 1.16 x 10^77).
        if (value.length <= 15) numberWord(Number(value), out, word);
        else {
          const hex = BigInt(value).toString(16).padStart(64, "0");
          hexInto(hex, 0, 32, out, word, false);
        }
      } else {
        if (typeof value !== "string" || value.length !== 42 || vmOf(chainId) !== "evm") return false;
        if (value.charCodeAt(0) !== 48 || value.charCodeAt(1) !== 120) return false;
        out.fill(0, word, word + 12);
        if (!hexInto(value, 2, 20, out, word + 12, true)) return false;
        // A user's word below 2^53 is refused by the general encoder, which says why.
        if (kind === "account") {
          let small = (out[word + 25] as number) < 0x20;
          for (let i = 12; small && i < 25; i++) small = out[word + i] === 0;
          if (small) return false;
        }
      }
    }
    return true;
  };
}
