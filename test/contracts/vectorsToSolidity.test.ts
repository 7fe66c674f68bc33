import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import {
  outputPath,
  renderVectorsSolidity,
  vectorsPath,
} from "../../scripts/generate/attestationVectorsSolidity.js";

test("the Solidity vector constants match test/vectors/attestations.json (run the script if this fails)", () => {
  expect(readFileSync(outputPath, "utf8")).toBe(renderVectorsSolidity(readFileSync(vectorsPath, "utf8")));
});

test("a vector whose rejection has no onchain error is refused, not skipped", () => {
  const json = JSON.stringify({
    vectors: [
      {
        name: "odd",
        version: "v1",
        signature: "0x",
        solvers: [],
        words: [],
        hash: null,
        digest: null,
        expected: { valid: false, signer: null, reason: null, error: "SomethingElseError" },
      },
    ],
  });
  expect(() => renderVectorsSolidity(json)).toThrowErrorMatchingInlineSnapshot(
    `[Error: odd: no onchain error for SomethingElseError]`,
  );
});
