import { keccak_256 } from "@noble/hashes/sha3.js";

/** Struct name -> its members `{ name, type }`, in encoding order. */
export type TypesNoble = Readonly<Record<string, readonly { name: string; type: string }[]>>;

/**
 * A typed-data value as the noble encoder takes it: `string` text, `bytes` and `address` as
 * bytes (an address is 20), `uintN` as bigint, arrays as arrays, structs as objects.
 */
export type ValueNoble =
  | string
  | bigint
  | Uint8Array
  | readonly ValueNoble[]
  | { readonly [key: string]: ValueNoble };

const utf8 = new TextEncoder();

/** A member string that is not `type name` pairs in parentheses (a caller's type list, not an order's field). */
export type ParseTypesNobleErrorType = Error;

/**
 * Parses EIP-712 member strings such as `Fee(string recipientChainId,bytes recipient)` into types.
 *
 * @param members - One `Name(type name,...)` string per struct.
 * @returns The types.
 * @example
 * parseTypesNoble(["Mail(string contents)"]) // { Mail: [{ name: "contents", type: "string" }] }
 */
export function parseTypesNoble(members: readonly string[]): TypesNoble {
  const types: Record<string, { name: string; type: string }[]> = {};
  for (const member of members) {
    const open = member.indexOf("(");
    if (open < 1 || !member.endsWith(")")) throw new Error(`not an EIP-712 member string: ${member}`);
    types[member.slice(0, open)] = member
      .slice(open + 1, -1)
      .split(",")
      .map((field) => {
        const [type, name, ...rest] = field.split(" ");
        if (!type || !name || rest.length > 0) throw new Error(`bad member "${field}" in ${member}`);
        return { name, type };
      });
  }
  return types;
}

const baseType = (type: string) => (type.endsWith("[]") ? type.slice(0, -2) : type);

/**
 * `encodeType` of EIP-712: the primary type's member string, then those of every struct it
 * references (directly or not), sorted by name.
 *
 * @param types - The types.
 * @param primaryType - The struct to encode.
 * @returns The text whose keccak256 is the typehash.
 * @example
 * encodeTypeNoble(types, "Input") // "Input(InputPayment payment,InputRefund[] refunds)InputPayment(...)InputRefund(...)"
 */
export function encodeTypeNoble(types: TypesNoble, primaryType: string): string {
  const found = new Set<string>();
  const visit = (name: string) => {
    for (const { type } of types[name] ?? []) {
      const base = baseType(type);
      if (types[base] !== undefined && base !== primaryType && !found.has(base)) {
        found.add(base);
        visit(base);
      }
    }
  };
  visit(primaryType);
  return [primaryType, ...[...found].sort()]
    .map((name) => `${name}(${(types[name] ?? []).map((m) => `${m.type} ${m.name}`).join(",")})`)
    .join("");
}

// Type hashes by types object and struct name: the order types are module constants, and hashing
// their type strings again for every struct of every order was half of a devnet quote's time.
const typeHashes = new WeakMap<TypesNoble, Map<string, Uint8Array>>();

/** keccak256 of `encodeType`, computed once per types object and struct. */
function typeHashNoble(types: TypesNoble, primaryType: string): Uint8Array {
  let byName = typeHashes.get(types);
  if (byName === undefined) {
    byName = new Map();
    typeHashes.set(types, byName);
  }
  let hash = byName.get(primaryType);
  if (hash === undefined) {
    hash = keccak_256(utf8.encode(encodeTypeNoble(types, primaryType)));
    byName.set(primaryType, hash);
  }
  return hash;
}

/** Called for every struct hashed, children before their parent. */
export type OnStructNoble = (path: string, type: string, hash: Uint8Array) => void;

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

function uintWord(value: bigint, bits: number): Uint8Array {
  if (value < 0n || value >> BigInt(bits) !== 0n) throw new RangeError(`${value} does not fit uint${bits}`);
  const word = new Uint8Array(32);
  let rest = value;
  for (let i = 31; i >= 0 && rest > 0n; i--, rest >>= 8n) word[i] = Number(rest & 0xffn);
  return word;
}

/** `encodeData` of one member: 32 bytes. */
function encodeField(
  types: TypesNoble,
  type: string,
  value: ValueNoble,
  path: string,
  onStruct?: OnStructNoble,
) {
  if (types[type] !== undefined)
    return hashStructNoble({
      types,
      primaryType: type,
      data: value as Record<string, ValueNoble>,
      path,
      onStruct,
    });
  if (type.endsWith("[]")) {
    const item = type.slice(0, -2);
    const words: Uint8Array[] = (value as readonly ValueNoble[]).map((element, i) =>
      encodeField(types, item, element, `${path}[${i}]`, onStruct),
    );
    return keccak_256(concat(words));
  }
  if (type === "string") return keccak_256(utf8.encode(value as string));
  if (type === "bytes") return keccak_256(value as Uint8Array);
  if (type === "address") {
    const bytes = value as Uint8Array;
    if (bytes.length !== 20) throw new RangeError(`an address is 20 bytes, not ${bytes.length}`);
    const word = new Uint8Array(32);
    word.set(bytes, 12);
    return word;
  }
  const uint = /^uint(\d+)$/.exec(type);
  if (uint) return uintWord(value as bigint, Number(uint[1]));
  throw new Error(`type ${type} is not supported here`);
}

export type HashStructNobleParameters = {
  types: TypesNoble;
  primaryType: string;
  data: { readonly [key: string]: ValueNoble };
  /** Where the struct sits, for `onStruct` (default `""`). */
  path?: string | undefined;
  /** Receives every struct hash computed on the way, children first. */
  onStruct?: OnStructNoble | undefined;
};

/**
 * A struct or type the types do not define, or a value that does not fit its type (a `uint` out of
 * range, an address not 20 bytes): the order readers check every field first, so from them it is a bug.
 */
export type HashStructNobleErrorType = Error | RangeError;

/**
 * `hashStruct` of EIP-712, by hand: `keccak256(typeHash || encodeData(member_1) || ...)`, where
 * strings and bytes are hashed, addresses and integers are 32-byte words, arrays hash the
 * concatenation of their elements' encodings and nested structs are their own `hashStruct`.
 *
 * @param parameters - {@link HashStructNobleParameters}
 * @returns The 32-byte struct hash.
 * @example
 * hashStructNoble({ types, primaryType: "Order", data: message })
 */
export function hashStructNoble({
  types,
  primaryType,
  data,
  path = "",
  onStruct,
}: HashStructNobleParameters): Uint8Array {
  const members = types[primaryType];
  if (members === undefined) throw new Error(`unknown struct ${primaryType}`);
  const words: Uint8Array[] = [typeHashNoble(types, primaryType)];
  for (const { name, type } of members)
    words.push(encodeField(types, type, data[name] as ValueNoble, `${path}.${name}`, onStruct));
  const hash = keccak_256(concat(words));
  onStruct?.(path, primaryType, hash);
  return hash;
}
