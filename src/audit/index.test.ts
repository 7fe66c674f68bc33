import { expect, test } from "vitest";
import * as audit from "./index.js";

test("exports", () => {
  expect(Object.keys(audit).sort()).toMatchInlineSnapshot(`
    [
      "AuditWorkerError",
      "InvalidAuditEntryError",
      "InvalidAuditJsonError",
      "InvalidAuditOptionError",
      "NativeSecp256k1UnavailableError",
      "createEntryVerifier",
      "describeAuditError",
      "parseAuditInput",
      "summarizeAuditResults",
      "verifyAttestations",
    ]
  `);
});
