import { expect, test } from "vitest";
import * as deploy from "./index.js";

test("exports", () => {
  expect(Object.keys(deploy).sort()).toMatchInlineSnapshot(`
    [
      "DeployParametersError",
      "DeploymentFailedError",
      "MissingContractError",
      "StaleDeploymentError",
      "TransientStorageUnsupportedError",
      "assertTransientStorage",
      "deployAttestationContracts",
      "parseDeployParameters",
      "parseOrderRecipient",
      "parseRecipient",
    ]
  `);
});
