import { expect, test } from "vitest";
import { WaitForStatusTimeoutError } from "./status.js";

test("WaitForStatusTimeoutError carries the last status", () => {
  const lastStatus = { status: "pending", inTxHashes: ["0x1"] };
  const error = new WaitForStatusTimeoutError({ requestId: "0xab", timeoutMs: 100, lastStatus });
  expect(error.lastStatus).toBe(lastStatus);
  expect(error.message).toMatchInlineSnapshot(`
    "Request 0xab did not reach a final status within 100 ms.

    Last status: pending
    Bitcoin deposits need block confirmations (about 10 minutes each): raise \`timeoutMs\` for them.
    Version: attestkit@0.1.0"
  `);
  expect(
    new WaitForStatusTimeoutError({ requestId: "0xab", timeoutMs: 1, lastStatus: undefined }).metaMessages[0],
  ).toBe("Last status: none received");
});
