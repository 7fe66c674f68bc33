import { expect, test } from "vitest";
import * as audit from "./index.js";

test("exports", () => {
  expect(Object.keys(audit).sort()).toMatchInlineSnapshot(`
    [
      "AuditWorkerError",
      "InvalidAuditEntryError",
      "InvalidAuditInputError",
      "InvalidAuditJsonError",
      "InvalidAuditOptionError",
      "NativeSecp256k1UnavailableError",
      "createBatchVerifier",
      "createEntryVerifier",
      "describeAuditError",
      "readAuditInput",
      "summarizeAuditResults",
      "verifyAttestations",
    ]
  `);
});
