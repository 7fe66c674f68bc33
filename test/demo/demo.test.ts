import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";

// `npm run demo` is the README's main command: it must finish, exit 0 and show every stage.
test("the demo walks the whole cycle and exits 0", () => {
  const root = fileURLToPath(new URL("../../", import.meta.url));
  const run = spawnSync(process.execPath, ["--import", "tsx", "scripts/demo.ts"], {
    cwd: root,
    encoding: "utf8",
    timeout: 90_000,
  });
  expect(run.stderr).not.toMatch(/Error/);
  expect(run.status).toBe(0);
  for (const stage of [
    "1. Devnet",
    "2. Quote",
    "3. Attestation",
    "signer (noble)",
    "4. Onchain check through AttestationVerifier",
    "5. Payment through the receiver",
    "gas used",
    "pending",
    "submitted",
    "success",
    "7. The fill on the destination chain",
    "8. Webhooks received and verified",
    "9. Rejected",
    "SignerNotAllowed",
    "10. Orders (protocol.v2)",
    "signer (noble) 0x",
    "payOrderNative 0x",
    "recipient -> 0x",
    "11. Deposit address",
    "depositing -> pending",
    "12. Permit",
    "authorize (signature)",
    "13. Bitcoin",
    "(OP_RETURN = request id)",
    "14. Payment guard",
    "deposit[0] data.value: amount-mismatch",
    "15. Prices move",
    "failReason SLIPPAGE",
    "every stage held",
  ])
    expect(run.stdout).toContain(stage);
  expect(run.stdout).not.toContain("FAIL");
});
