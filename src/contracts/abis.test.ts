import { expect, test } from "vitest";
import { contracts, exportPrefix, readArtifact } from "../../scripts/deploy/generateContractsModule.js";
import * as abis from "./abis.js";
import * as bytecodes from "./bytecodes.js";
import * as entry from "./index.js";

// The global test setup has just built the contracts: the committed module must match that build.

test("exports an ABI and a creation bytecode per contract, nothing else", () => {
  expect(Object.keys(entry).sort()).toEqual(
    Object.keys(contracts)
      .flatMap((name) => [`${exportPrefix(name)}Abi`, `${exportPrefix(name)}Bytecode`])
      .sort(),
  );
  expect(Object.keys(entry).sort()).toEqual([...Object.keys(abis), ...Object.keys(bytecodes)].sort());
});

test.each(Object.entries(contracts))(
  "%s matches the compiled artifact (run `npx tsx scripts/deploy/generateContractsModule.ts` if not)",
  (name, path) => {
    const { abi, bytecode } = readArtifact(path);
    expect((abis as Record<string, unknown>)[`${exportPrefix(name)}Abi`]).toEqual(abi);
    const exported = (bytecodes as Record<string, unknown>)[`${exportPrefix(name)}Bytecode`];
    expect(exported).toBe(bytecode);
    expect(exported).toMatch(/^0x(?:[0-9a-f]{2}){100,}$/);
  },
);

test("the receiver ABI carries every custom error a payment can revert with", () => {
  const errors = abis.attestedDepositReceiverAbi
    .filter((item) => item.type === "error")
    .map((item) => item.name);
  expect(errors).toEqual(
    expect.arrayContaining([
      "AttestationInvalidSignatureLength",
      "AttestationInvalidSignatureV",
      "AttestationInvalidSignatureR",
      "AttestationInvalidSignatureS",
      "AttestationHighSignatureS",
      "AttestationUnrecoverableSignature",
      "DeadlineExpired",
      "OriginChainMismatch",
      "OriginUserMismatch",
      "CurrencyMismatch",
      "AmountMismatch",
      "RecipientNotWhitelisted",
      "RequestAlreadyPaid",
      "SignerNotAllowed",
      "ReceiverPaused",
      "Reentrancy",
    ]),
  );
});
