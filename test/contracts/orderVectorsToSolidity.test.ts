import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import {
  orderVectorsOutputPath,
  orderVectorsPath,
  renderOrderVectorsSolidity,
} from "../../scripts/generate/orderVectorsSolidity.js";

test("the Solidity order vector constants match test/vectors/orders.json (run the script if this fails)", () => {
  expect(readFileSync(orderVectorsOutputPath, "utf8")).toBe(
    renderOrderVectorsSolidity(readFileSync(orderVectorsPath, "utf8")),
  );
});

test("malformed orders are left out; every order that builds is rendered", () => {
  const source = renderOrderVectorsSolidity(readFileSync(orderVectorsPath, "utf8"));
  for (const name of ["unknown-chain", "unknown-version", "amount-decimal", "bitcoin-legacy-without-choice"])
    expect(source).not.toContain(`// ${name}\n`);
  for (const name of [
    "live-quote",
    "public-sdk-v2",
    "signed-v1-bitcoin-legacy-ff-prefixed",
    "signature-length-64",
  ])
    expect(source).toContain(`// ${name}\n`);
});

test("a signature that passes the rules but names no signer is refused, not rendered", () => {
  const file = JSON.parse(readFileSync(orderVectorsPath, "utf8")) as { vectors: Record<string, unknown>[] };
  const vector = file.vectors.find((v) => v.name === "signed-v1-evm") as Record<string, unknown>;
  const broken = { ...vector, expected: { ...(vector.expected as object), signer: null } };
  expect(() =>
    renderOrderVectorsSolidity(JSON.stringify({ vectors: [broken] })),
  ).toThrowErrorMatchingInlineSnapshot(
    `[Error: signed-v1-evm: a signature that passes the rules must have a signer]`,
  );
});
