import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";
import { parseDeployParameters } from "../../packages/attestkit/src/deploy/parseDeployParameters.js";
import { parseDeployParameters as parseInScripts } from "../../scripts/deploy/parseDeployParameters.js";

const example = JSON.parse(
  readFileSync(
    fileURLToPath(new URL("../../packages/attestkit/deploy/parameters.example.json", import.meta.url)),
    "utf8",
  ),
);

test("reads files exactly like the deploy scripts", () => {
  const variants = [
    example,
    { ...example, depository: "0xe7f1725e7734ce288f8367e1bb143e90bb3f0512", allowAnyRecipient: true },
    { owner: example.owner, depository: "devnet" },
    { ...example, whitelist: [{ chainId: "10", user: `0x${"ab".repeat(32)}` }] },
  ];
  for (const value of variants) expect(parseDeployParameters(value)).toEqual(parseInScripts(value));
});
