/**
 * Renders contracts/libraries/OrderLib.sol, a generated file as a whole: the hand-written library of
 * scripts/generate/templates/OrderLib.template.sol, with its last section, "V1 WALKER (GENERATED)",
 * rendered here in place of the template's `{{ORDER_V1_WALKER}}` line. That section holds the
 * calldata layout of every order struct and the memory layout of `OrderTerms` as named offsets, and
 * `hashWithTerms(Order)`, the assembly that hashes an order v1 straight from calldata and reads its
 * payment terms in the same pass. The structs come from the EIP-712 types of
 * src/orders/constants.ts (the ones the TypeScript verifiers hash with), the terms from the
 * `OrderTerms` declaration above the section.
 *
 * The walker is written out member by member; each step it repeats (check and hash a `bytes`,
 * locate a struct, check an array) is rendered from one template here. As Yul functions the same
 * steps cost an order payment some 1,700 gas (about 50 a call, over 30 calls an order): the legacy
 * code generator neither inlines Yul functions nor optimises an assembly block that names Solidity
 * variables. Written and checked by `npm run generate` (scripts/generate.ts).
 */
import { orderTypesV1, orderTypesV2 } from "../../packages/attestkit/src/orders/constants.js";

type Member = { readonly name: string; readonly type: string };
type Types = Readonly<Record<string, readonly Member[]>>;

/** What `OrderTerms` keeps of a member: the names of the fields it fills. */
type Keep = {
  /** A `bytes`/`string` member's hash, calldata offset and length. */
  hash?: string;
  offset?: string;
  length?: string;
  /** A static member's value. */
  value?: string;
  /** An array's count, and where its element offsets start. */
  count?: string;
  list?: string;
  /** The member's head offset itself (where each element of its list keeps it). */
  head?: string;
};

/**
 * The terms, by `Type.member`. A member inside a list is kept from each element in turn, so the
 * last element's remain, except in the lists of `firstKept`, walked last to first.
 */
const keeps: Readonly<Record<string, Keep>> = {
  "Order.inputs": { count: "inputCount" },
  "Order.fees": { list: "feesOffset" },
  "Input.refunds": { list: "refundsOffset" },
  "InputPayment.chainId": {
    hash: "paymentChainIdHash",
    offset: "paymentChainIdOffset",
    length: "paymentChainIdLength",
  },
  "InputPayment.currency": { offset: "currencyOffset", length: "currencyLength" },
  "InputPayment.amount": { value: "amount" },
  "InputRefund.recipient": { head: "refundRecipientHead" },
  "Output.chainId": {
    hash: "outputChainIdHash",
    offset: "outputChainIdOffset",
    length: "outputChainIdLength",
  },
  "Output.payments": { count: "outputPaymentCount", list: "outputPaymentsOffset" },
  "Output.deadline": { value: "deadline" },
  "Output.calls": { count: "callCount" },
  "OutputPayment.recipient": { hash: "recipientHash", offset: "recipientOffset", length: "recipientLength" },
};

/** Lists walked last to first, so that their first element's terms are the ones kept. */
const firstKept = new Set(["Output.payments"]);

/**
 * The walker's Yul functions: one per struct member (`hashOutput`) and one per list of structs
 * (`hashInputs`), each element written into its list's loop, except for the lists written into
 * their parent and the element types given a function here: so placed, no function's stack is
 * too deep to compile, with or without the optimizer.
 */
const inlineLists = new Set(["Output.payments"]);
const elementFunctions = new Set(["OutputPayment"]);

/** What the templates need: the struct types walked, and the offsets named by a zero constant. */
type Context = { types: Types; zero: ReadonlySet<string> };

/** `solverChainId` -> `SOLVER_CHAIN_ID`. */
const snake = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toUpperCase();
const hex = (n: number) => `0x${n.toString(16).padStart(2, "0")}`;

/** The constant naming a member's head offset (`_INPUT_REFUND_RECIPIENT`), and a struct's head size. */
const at = (type: string, member: string, prefix = "") => `_${prefix}${snake(type)}_${snake(member)}`;
const headSize = (type: string, prefix = "") => `_${prefix}${snake(type)}_HEAD`;
/** The constant naming a terms field's offset in memory (`_TERMS_PAYMENT_CHAIN_ID_HASH`). */
const termsAt = (field: string) => `_TERMS_${snake(field)}`;

/** `base + offset`, the offset named by a constant: an `add` of a named zero is not optimised away. */
const plus = (cx: Context, base: string, offset: string) =>
  cx.zero.has(offset) ? base : `add(${base}, ${offset})`;

/** Where the encoding at `m` keeps member `name` of `type`: word `0x20 + x` for head offset `x`. */
function slotOf(cx: Context, m: string, type: string, name: string): string {
  const index = (cx.types[type] ?? []).findIndex((member) => member.name === name);
  if (index < 0) throw new Error(`${type} has no member ${name}`);
  // One literal: the legacy optimizer does not fold `add(0x20, x)` for a named `x` (some 200 gas an order).
  return `add(${m}, ${hex(0x20 + 32 * index)})`;
}

/** The byte length of `type`'s encoding: its typehash and one word per member. */
const encodedSize = (cx: Context, type: string) => hex(32 * ((cx.types[type] ?? []).length + 1));

type Kind = "text" | "word" | "uint32" | "address" | "texts" | "struct" | "structs";

/** What a member is to the walker (its ABI and EIP-712 encodings follow from it). */
function kindOf(types: Types, type: string): Kind {
  if (type === "string" || type === "bytes") return "text";
  if (type === "uint256") return "word";
  if (type === "uint32") return "uint32";
  if (type === "address") return "address";
  if (type === "bytes[]") return "texts";
  if (type.endsWith("[]") && types[type.slice(0, -2)]) return "structs";
  if (types[type]) return "struct";
  throw new Error(`the order walker has no rule for the type ${type}`);
}

/** The struct a `struct` or `structs` member names. */
const structOf = (type: string) => (type.endsWith("[]") ? type.slice(0, -2) : type);

/** Whether a struct is ABI-encoded as an offset word in its parent's head (a static one would sit in the head). */
function isDynamic(types: Types, type: string): boolean {
  return (types[type] ?? []).some(({ type: t }) => {
    const kind = kindOf(types, t);
    return (
      kind === "text" || kind === "texts" || kind === "structs" || (kind === "struct" && isDynamic(types, t))
    );
  });
}

/** Whether anything under a struct fills the terms as it is walked (its function then takes them, as `t`). */
function keepsUnder(types: Types, type: string): boolean {
  return (types[type] ?? []).some(({ name, type: t }) => {
    const kind = kindOf(types, t);
    const keep = keeps[`${type}.${name}`];
    if (keep && !keep.head && kind !== "structs") return true;
    return (kind === "struct" || kind === "structs") && keepsUnder(types, structOf(t));
  });
}

const termsArg = (cx: Context, type: string, t: string) => (keepsUnder(cx.types, type) ? `, ${t}` : "");
const indent = (lines: string[]) => lines.map((line) => (line ? `    ${line}` : line));
const block = (lines: string[]) => ["{", ...indent(lines), "}"];

// The templates: each step the walker repeats, once. `fail()` reverts with no data, as the ABI
// decoder does.

/**
 * Hashes the `bytes`/`string` member whose offset word is at `head + offset` into `slot`, after the
 * decoder's checks: offset and length below 2^32 (so that no sum here overflows), the bytes inside
 * calldata. The bytes are copied to `scratch` to be hashed; `keep` names the terms it fills in `t`.
 */
function hashText(
  cx: Context,
  head: string,
  offset: string,
  slot: string,
  scratch: string,
  t: string,
  keep?: Keep,
) {
  const lines = [
    `let rel := calldataload(${plus(cx, head, offset)})`,
    `let data := add(add(${head}, rel), 0x20)`,
    "let len := calldataload(sub(data, 0x20))",
    "if or(gt(or(rel, len), 0xffffffff), gt(add(data, len), calldatasize())) { fail() }",
    `calldatacopy(${scratch}, data, len)`,
  ];
  if (keep?.hash)
    lines.push(
      `let x := keccak256(${scratch}, len)`,
      `mstore(${slot}, x)`,
      `mstore(${termsSlot(cx, t, keep.hash)}, x)`,
    );
  else lines.push(`mstore(${slot}, keccak256(${scratch}, len))`);
  if (keep?.offset) lines.push(`mstore(${termsSlot(cx, t, keep.offset)}, data)`);
  if (keep?.length) lines.push(`mstore(${termsSlot(cx, t, keep.length)}, len)`);
  return lines;
}

/** Checks the array whose offset word is at `head + offset`: `items` (its words, after the count) and `n`. */
const checkArray = (cx: Context, head: string, offset: string) => [
  `let off := calldataload(${plus(cx, head, offset)})`,
  `let items := add(add(${head}, off), 0x20)`,
  "let n := calldataload(sub(items, 0x20))",
  "if or(gt(or(off, n), 0xffffffff), gt(add(items, shl(5, n)), calldatasize())) { fail() }",
];

/** Locates the struct whose offset word is at `head + offset` as `name`, its `size`-byte head inside calldata. */
const locateStruct = (cx: Context, name: string, rel: string, head: string, offset: string, size: string) => [
  `let ${rel} := calldataload(${plus(cx, head, offset)})`,
  `let ${name} := add(${head}, ${rel})`,
  `if or(gt(${rel}, 0xffffffff), gt(add(${name}, ${size}), calldatasize())) { fail() }`,
];

/** A loop over `i` in `[0, n)`, or from `n` down when the first element's terms are kept. */
const loop = (lastToFirst: boolean, body: string[]) =>
  lastToFirst
    ? ["for { let i := n } i {} {", ...indent(["i := sub(i, 1)", ...body]), "}"]
    : ["for { let i := 0 } lt(i, n) { i := add(i, 1) } {", ...indent(body), "}"];

/** Where the terms at `t` keep `field`. */
const termsSlot = (cx: Context, t: string, field: string) => plus(cx, t, termsAt(field));

/** Keeps a checked list's count and location (`n`, `items`) in the terms. */
const keepChecked = (cx: Context, keep: Keep | undefined, t: string) => [
  ...(keep?.count ? [`mstore(${termsSlot(cx, t, keep.count)}, n)`] : []),
  ...(keep?.list ? [`mstore(${termsSlot(cx, t, keep.list)}, items)`] : []),
];

/** Keeps a list's location and count in the terms, read again from its offset word (checked already). */
function keepList(cx: Context, keep: Keep, head: string, offset: string, t: string): string[] {
  const off = `calldataload(${plus(cx, head, offset)})`;
  return [
    ...(keep.list ? [`mstore(${termsSlot(cx, t, keep.list)}, add(add(${head}, ${off}), 0x20))`] : []),
    ...(keep.count ? [`mstore(${termsSlot(cx, t, keep.count)}, calldataload(add(${head}, ${off})))`] : []),
  ];
}

/** Where one struct is read and written: its head `p`, its encoding `m`, the memory `above` it, the terms `t`. */
type Frame = { p: string; m: string; above: string; t: string };

/**
 * Encodes struct `type` at `p` (head checked) at `m`: each member checked, a static one copied, a
 * dynamic one replaced by its hash. A run of plain `uint256` members is copied at once.
 */
function encodeMembers(cx: Context, type: string, { p, m, above, t }: Frame, from = 0): string[] {
  const lines: string[] = [];
  const members = (cx.types[type] ?? []).slice(from);
  const plain = (member: Member | undefined) =>
    member !== undefined && kindOf(cx.types, member.type) === "word" && !keeps[`${type}.${member.name}`];
  for (let i = 0; i < members.length; i++) {
    const { name, type: memberType } = members[i] as Member;
    const path = `${type}.${name}`;
    const offset = at(type, name);
    const slot = slotOf(cx, m, type, name);
    const keep = keeps[path];
    const kind = kindOf(cx.types, memberType);
    if (plain(members[i])) {
      let last = i;
      while (plain(members[last + 1])) last++;
      const run = members.slice(i, last + 1).map((member) => member.name);
      lines.push(
        run.length === 1
          ? `mstore(${slot}, calldataload(${plus(cx, p, offset)})) // ${name}`
          : `calldatacopy(${slot}, ${plus(cx, p, offset)}, ${hex(32 * run.length)}) // ${run.join(", ")}`,
      );
      i = last;
    } else if (kind === "word" || kind === "uint32" || kind === "address") {
      const check = {
        word: [],
        uint32: [`if gt(${name}, 0xffffffff) { fail() } // a uint32`],
        address: [`if shr(160, ${name}) { fail() } // an address: its 20 bytes, left-padded`],
      }[kind];
      lines.push(
        ...block([
          `let ${name} := calldataload(${plus(cx, p, offset)})`,
          ...check,
          `mstore(${slot}, ${name})`,
          ...(keep?.value ? [`mstore(${termsSlot(cx, t, keep.value)}, ${name})`] : []),
        ]),
      );
    } else if (kind === "text")
      lines.push(...block([`// ${name}`, ...hashText(cx, p, offset, slot, above, t, keep)]));
    else if (kind === "struct")
      lines.push(
        ...block([
          `// ${name}`,
          ...locateStruct(cx, "q", "rel", p, offset, headSize(memberType)),
          `mstore(${slot}, hash${memberType}(q, ${above}${termsArg(cx, memberType, t)}))`,
        ]),
      );
    else if (kind === "texts")
      lines.push(
        ...block([
          `// ${name}: each element hashed into its own word`,
          ...checkArray(cx, p, offset),
          ...keepChecked(cx, keep, t),
          `let scratch := add(${above}, shl(5, n))`,
          ...loop(false, hashText(cx, "items", "shl(5, i)", `add(${above}, shl(5, i))`, "scratch", t)),
          `mstore(${slot}, keccak256(${above}, shl(5, n)))`,
        ]),
      );
    else if (inlineLists.has(path))
      lines.push(
        ...block([
          `// ${name}`,
          ...inlineList(cx, path, structOf(memberType), { p, m, above, t }),
          `mstore(${slot}, keccak256(${above}, shl(5, n)))`,
        ]),
      );
    else {
      const element = structOf(memberType);
      const terms = termsArg(cx, element, t);
      lines.push(`mstore(${slot}, hash${element}s(${p}, ${offset}, ${above}${terms}))`);
      if (keep && !terms) lines.push(...keepList(cx, keep, p, offset, t));
    }
  }
  return lines;
}

/** A list of `element` structs written into its parent: element hashes at `above`, each hashed by its own function. */
function inlineList(cx: Context, path: string, element: string, { p, above, t }: Frame): string[] {
  if (!elementFunctions.has(element))
    throw new Error(`${path} is written into its parent: ${element} needs a function`);
  const [type, name] = path.split(".") as [string, string];
  const lastToFirst = firstKept.has(path);
  return [
    ...checkArray(cx, p, at(type, name)),
    ...keepChecked(cx, keeps[path], t),
    `let e := add(${above}, shl(5, n))`,
    ...(lastToFirst ? [`// Last to first, so that the terms keep element 0's.`] : []),
    ...loop(lastToFirst, [
      ...locateStruct(cx, "q", "eoff", "items", "shl(5, i)", headSize(element)),
      `mstore(add(${above}, shl(5, i)), hash${element}(q, e${termsArg(cx, element, t)}))`,
    ]),
  ];
}

/** `hashX(p, m[, t]) -> h`: struct `X` at `p`, encoded at `m`. */
function structFunction(cx: Context, type: string): string[] {
  const terms = termsArg(cx, type, "t");
  return [
    `// \`${type}\` at \`p\`, encoded at \`m\`${terms ? ", its terms kept in `t`" : ""}.`,
    `function hash${type}(p, m${terms}) -> h {`,
    ...indent([
      `let above := add(m, ${encodedSize(cx, type)})`,
      ...encodeMembers(cx, type, { p: "p", m: "m", above: "above", t: "t" }),
      `mstore(m, ${snake(type)}_TYPEHASH)`,
      `h := keccak256(m, ${encodedSize(cx, type)})`,
    ]),
    "}",
  ];
}

/**
 * `hashXs(base, at, m[, t]) -> h`: the list of `X` at the offset word `base + at`, its element
 * hashes at `m`, then one element's encoding `e`, the typehash written once for all of them.
 */
function listFunction(cx: Context, path: string, element: string): string[] {
  const terms = termsArg(cx, element, "t");
  const size = headSize(element);
  const own = elementFunctions.has(element);
  return [
    `// \`${element}[]\` at the offset word \`base + at\`: element hashes at \`m\`, then one element's encoding.`,
    `function hash${element}s(base, at, m${terms}) -> h {`,
    ...indent([
      ...checkArray(cx, "base", "at"),
      ...(terms ? keepChecked(cx, keeps[path], "t") : []),
      "let e := add(m, shl(5, n))",
      ...(own
        ? []
        : [`let above := add(e, ${encodedSize(cx, element)})`, `mstore(e, ${snake(element)}_TYPEHASH)`]),
      ...loop(firstKept.has(path), [
        ...locateStruct(cx, "p", "eoff", "items", "shl(5, i)", size),
        ...(own
          ? [`mstore(add(m, shl(5, i)), hash${element}(p, e${terms}))`]
          : [
              ...encodeMembers(cx, element, { p: "p", m: "e", above: "above", t: "t" }),
              `mstore(add(m, shl(5, i)), keccak256(e, ${encodedSize(cx, element)}))`,
            ]),
      ]),
      "h := keccak256(m, shl(5, n))",
    ]),
    "}",
  ];
}

/** The Yul functions under `type`, children first, each once. */
function functionsUnder(cx: Context, type: string, seen: Set<string>): string[] {
  const out: string[] = [];
  for (const { name, type: memberType } of cx.types[type] ?? []) {
    const kind = kindOf(cx.types, memberType);
    if (kind !== "struct" && kind !== "structs") continue;
    const child = structOf(memberType);
    if (!isDynamic(cx.types, child))
      throw new Error(`${child} is a static struct: the order walker reads offsets`);
    out.push(...functionsUnder(cx, child, seen));
    if ((kind === "struct" || elementFunctions.has(child)) && !seen.has(child)) {
      seen.add(child);
      out.push(...structFunction(cx, child));
    }
    const path = `${type}.${name}`;
    if (kind === "structs" && !inlineLists.has(path) && !seen.has(`${child}[]`)) {
      seen.add(`${child}[]`);
      out.push(...listFunction(cx, path, child));
    }
  }
  return out;
}

/** The body of `hashWithTerms(Order)`'s assembly: the functions, then the order itself. */
function walker(cx: Context): string[] {
  if (cx.types.Order?.[0]?.name !== "version") throw new Error("an order's first member must be its version");
  const size = encodedSize(cx, "Order");
  const slot = slotOf(cx, "m", "Order", "version");
  return [
    "function fail() {",
    "    revert(0x00, 0x00)",
    "}",
    ...functionsUnder(cx, "Order", new Set()),
    "// `Order` at `o`, encoded at `m`, its members' encodings above. Nothing past its version is",
    "// read before the version is known to be v1's.",
    "let m := mload(0x40)",
    `let above := add(m, ${size})`,
    `if gt(add(o, ${headSize("Order")}), calldatasize()) { fail() }`,
    ...block(["// version", ...hashText(cx, "o", at("Order", "version"), slot, "above", "terms")]),
    `versionOk := eq(mload(${slot}), VERSION_V1_HASH)`,
    "if versionOk {",
    ...indent([
      ...encodeMembers(cx, "Order", { p: "o", m: "m", above: "above", t: "terms" }, 1),
      "mstore(m, ORDER_TYPEHASH)",
      `orderId := keccak256(m, ${size})`,
      ...Object.entries(keeps).flatMap(([path, keep]) =>
        keep.head
          ? [`mstore(${termsSlot(cx, "terms", keep.head)}, ${at(...(path.split(".") as [string, string]))})`]
          : [],
      ),
    ]),
    "}",
  ];
}

/** The calldata layout of each struct of `types`, as constants (`prefix` tells v2's from v1's). */
function layout(types: Types, prefix: string, skip: ReadonlySet<string> = new Set()): string[] {
  return Object.entries(types).flatMap(([type, members]) =>
    skip.has(type)
      ? []
      : [
          "",
          `// \`${type}\`${prefix ? " (v2)" : ""}: ${members.map(({ name }) => `\`${name}\``).join(", ")}.`,
          ...members.map(
            ({ name }, i) => `uint256 private constant ${at(type, name, prefix)} = ${hex(32 * i)};`,
          ),
          `uint256 private constant ${headSize(type, prefix)} = ${hex(32 * members.length)};`,
        ],
  );
}

/** The banner line that opens the generated section, which runs to the end of the library. */
export const orderWalkerBanner = "    /*                   V1 WALKER (GENERATED)                    */";

/**
 * The fields of `OrderTerms` as OrderLib.sol declares them, each one word in memory, in order.
 *
 * @param source - The text of contracts/libraries/OrderLib.sol.
 * @returns The field names.
 */
export function orderTermsFields(source: string): string[] {
  const body = /\nstruct OrderTerms \{\n([\s\S]*?)\n\}/.exec(source)?.[1];
  if (!body) throw new Error("OrderLib.sol declares no struct OrderTerms");
  return body
    .split("\n")
    .filter((line) => !/^\s*(\/\/|$)/.test(line))
    .map((line) => {
      const field = /^\s*(?:uint256|bytes32) (\w+);$/.exec(line)?.[1];
      if (!field) throw new Error(`an OrderTerms field is not one word: ${line.trim()}`);
      return field;
    });
}

/**
 * The generated section, from its banner to the library's closing brace.
 *
 * @param termsFields - The fields of `OrderTerms`, in order ({@link orderTermsFields}).
 * @returns Its text.
 */
export function renderOrderWalkerSection(termsFields: readonly string[]): string {
  for (const keep of Object.values(keeps))
    for (const field of Object.values(keep))
      if (!termsFields.includes(field)) throw new Error(`OrderTerms has no field ${field}`);
  const cx: Context = {
    types: orderTypesV1,
    zero: new Set([
      ...Object.entries(orderTypesV1).map(([type, members]) => at(type, members[0]?.name ?? "")),
      ...termsFields.slice(0, 1).map(termsAt),
    ]),
  };
  return [
    "    /*´:°•.°+.*•´.*:˚.°*.˚•´.°:°•.°•.*•´.*:˚.°*.˚•´.°:°•.°+.*•´.*:*/",
    orderWalkerBanner,
    "    /*.•°:°.´+˚.*°.˚:*.´•*.+°.•°:´*.´•*.•°.•°:°.´:•˚°.*°.˚:*.´+°.•*/",
    "",
    "    // Rendered by scripts/generate/orderWalker.ts from the EIP-712 types of src/orders/constants.ts",
    "    // and the fields of `OrderTerms`.",
    "",
    "    // The calldata layout of each struct: its ABI head holds one word per member, in declaration",
    "    // order (`*_HEAD` bytes in all); a dynamic member's word is an offset from the start of the",
    "    // head. Its EIP-712 encoding is its typehash, then one word per member in the same order: the",
    "    // member at head offset `x` is encoding word `0x20 + x`.",
    ...indent(layout(orderTypesV1, "")),
    ...indent(layout(orderTypesV2, "V2_", new Set(["Fee"]))),
    "",
    "    // `OrderTerms` in memory: one word per field, in declaration order.",
    ...termsFields.map((field, i) => `    uint256 private constant ${termsAt(field)} = ${hex(32 * i)};`),
    "",
    "    /// @dev Returns the id of an order v1 and its payment terms, read in one pass over calldata.",
    '    /// Reverts with `OrderUnsupportedVersion` unless `o.version` is `"v1"` (rule 1), and with a',
    "    /// plain revert (rule 2) when an offset, a length or a count is 2^32 or more or reaches past",
    "    /// the end of calldata, a `uint32` deadline is 2^32 or more, or `solver` is not a clean address.",
    "    ///",
    "    /// Assembly, because Solidity's checked accessors re-validate every nested offset on each",
    "    /// access (some 350 gas each, 30 and more per order): this reads each offset once, with the",
    "    /// decoder's bounds. The ABI layout walked, for a struct whose head starts at `p`: a static",
    "    /// member is its word in the head; a dynamic member's head word is an offset relative to `p`;",
    "    /// `bytes` and `string` are a length word then the bytes; an array is a length word, then one",
    "    /// word per element (for dynamic elements, an offset relative to the first of those words).",
    "    /// Every `bytes`/`string` member is checked (offset and length below 2^32, so no sum",
    "    /// overflows; the bytes end inside calldata), copied to scratch memory and hashed. Memory: a",
    "    /// struct's encoding is written at `m` (its typehash, then one word per member) and its",
    "    /// children use the memory `above` it, so nothing still to be hashed is overwritten; a list's",
    "    /// element hashes come first, then one element's encoding, reused by each element in turn.",
    "    /// `m` starts at the free memory pointer, which is never moved (nothing is allocated).",
    "    /// Written out member by member by scripts/generate/orderWalker.ts: as calls to Yul functions,",
    "    /// its repeated steps would cost an order payment some 1,700 gas more.",
    "    function hashWithTerms(Order calldata o) internal pure returns (bytes32 orderId, OrderTerms memory terms) {",
    "        bool versionOk;",
    "        /// @solidity memory-safe-assembly",
    "        assembly {",
    ...indent(indent(indent(walker(cx)))),
    "        }",
    "        if (!versionOk) revert OrderUnsupportedVersion(o.version);",
    "    }",
    "}",
    "",
  ].join("\n");
}

/** Where the template's walker goes: a line of its own, at the end of the library's body. */
const walkerMarker = "    // {{ORDER_V1_WALKER}}";

/** The notice under the pragma: the file is generated, and what to edit instead. */
const generatedNotice = [
  "",
  "// Generated by `npm run generate` (scripts/generate/orderWalker.ts) from",
  "// scripts/generate/templates/OrderLib.template.sol and the EIP-712 types of src/orders/constants.ts.",
  "// Edit the template or the generator, not this file: `npm run generate -- --check` fails on a hand edit.",
];

/**
 * OrderLib.sol as it must be: the template, a notice that the file is generated, and the walker in
 * place of the template's marker line.
 *
 * @param template - The text of scripts/generate/templates/OrderLib.template.sol.
 * @returns The text of contracts/libraries/OrderLib.sol.
 */
export function renderOrderLib(template: string): string {
  const lines = template.split("\n");
  const marker = lines.indexOf(walkerMarker);
  const pragma = lines.findIndex((line) => line.startsWith("pragma solidity"));
  if (marker < 1 || pragma < 0 || lines.slice(marker + 1).some((line) => line.trim() !== ""))
    throw new Error(
      `the OrderLib template must have a pragma and end with the line "${walkerMarker.trim()}"`,
    );
  const head = [...lines.slice(0, pragma + 1), ...generatedNotice, ...lines.slice(pragma + 1, marker)];
  return `${head.join("\n")}\n${renderOrderWalkerSection(orderTermsFields(template))}`;
}
