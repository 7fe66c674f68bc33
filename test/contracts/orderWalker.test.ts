// The generator of OrderLib.sol's order v1 walker (scripts/generate/orderWalker.ts). Its output is
// checked against the Solidity decoder and an `abi.encode` reference by test/solidity/OrderLib.t.sol.
import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import {
  orderTermsFields,
  orderWalkerBanner,
  renderOrderLib,
  renderOrderWalkerSection,
} from "../../scripts/generate/orderWalker.js";

const source = readFileSync(
  new URL("../../packages/attestkit/contracts/libraries/OrderLib.sol", import.meta.url),
  "utf8",
);
const template = readFileSync(
  new URL("../../scripts/generate/templates/OrderLib.template.sol", import.meta.url),
  "utf8",
);
const section = source.slice(source.indexOf(orderWalkerBanner));

test("default: OrderLib.sol is what the generator renders from its template (run `npm run generate` if not)", () => {
  expect(renderOrderLib(template)).toBe(source);
  // The template is the library's hand-written text: the walker only where its marker stands.
  expect(template).not.toContain(orderWalkerBanner.trim());
  expect(source.replace(section, "")).toContain("library OrderLib {");
});

test("the calldata layout of each struct is named after the EIP-712 types, v2's with a prefix", () => {
  for (const line of [
    "uint256 private constant _ORDER_INPUTS = 0x80;",
    "uint256 private constant _INPUT_REFUND_RECIPIENT = 0x20;",
    "uint256 private constant _INPUT_REFUND_HEAD = 0xc0;",
    "uint256 private constant _OUTPUT_PAYMENT_RECIPIENT = 0x00;",
    "uint256 private constant _FEE_RECIPIENT = 0x20;",
    "uint256 private constant _V2_ORDER_REFUNDS = 0xc0;",
    "uint256 private constant _V2_ORDER_FEES = 0x100;",
    "uint256 private constant _V2_REFUND_RECIPIENT = 0x60;",
  ])
    expect(section).toContain(`    ${line}\n`);
  // `Fee` is the same struct in both versions: named once.
  expect(section).not.toContain("_V2_FEE_");
});

test("the terms' offsets follow the fields of OrderTerms, one word each", () => {
  const fields = orderTermsFields(source);
  expect(fields).toHaveLength(21);
  expect(fields.slice(0, 3)).toEqual(["inputCount", "outputPaymentCount", "deadline"]);
  expect(section).toContain("uint256 private constant _TERMS_INPUT_COUNT = 0x00;");
  expect(section).toContain("uint256 private constant _TERMS_FEES_OFFSET = 0x260;");
});

test("the walker calls a Yul function per struct and per list, never per bytes member", () => {
  const functions = [...section.matchAll(/^ {12}function (\w+)\(/gm)].map((match) => match[1]);
  expect(functions).toEqual([
    "fail",
    "hashInputPayment",
    "hashInputRefunds",
    "hashInputs",
    "hashOutputPayment",
    "hashOutput",
    "hashFees",
  ]);
  // Every `bytes`/`string` member written out from the one template: 17 in the v1 structs.
  expect(section.match(/if or\(gt\(or\(rel, len\), 0xffffffff\)/g)).toHaveLength(17);
});

test("the template must end with the walker's marker, and each terms field the generator fills be declared, one word each", () => {
  expect(() => renderOrderWalkerSection(["inputCount"])).toThrowErrorMatchingInlineSnapshot(
    `[Error: OrderTerms has no field feesOffset]`,
  );
  expect(() =>
    orderTermsFields("\nstruct OrderTerms {\n    uint256 a;\n    bytes b;\n}\n"),
  ).toThrowErrorMatchingInlineSnapshot(`[Error: an OrderTerms field is not one word: bytes b;]`);
  expect(() =>
    renderOrderLib("pragma solidity ^0.8.28;\nlibrary OrderLib {\n}\n"),
  ).toThrowErrorMatchingInlineSnapshot(
    `[Error: the OrderLib template must have a pragma and end with the line "// {{ORDER_V1_WALKER}}"]`,
  );
  // A marker with hand-written text after it would be lost: refused too.
  expect(() =>
    renderOrderLib("pragma solidity ^0.8.28;\nlibrary OrderLib {\n    // {{ORDER_V1_WALKER}}\n}\n"),
  ).toThrowError(/must have a pragma and end with the line/);
});
