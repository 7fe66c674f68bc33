import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";
import { contracts, deployable } from "../../scripts/deploy/generateContractsModule.js";
import * as abis from "./abis.js";
import * as bytecodes from "./bytecodes.js";
import * as entry from "./index.js";

const lowerFirst = (name: string) => name.charAt(0).toLowerCase() + name.slice(1);
const artifact = (path: string) =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../../artifacts/${path}`, import.meta.url)), "utf8")) as {
    abi: unknown;
    bytecode: string;
  };

test("exports", () => {
  expect(Object.keys(entry).sort()).toMatchInlineSnapshot(`
    [
      "attestationVerifierAbi",
      "attestationVerifierBytecode",
      "attestedDepositReceiverAbi",
      "attestedDepositReceiverBytecode",
      "devnetContractSolverAbi",
      "devnetDepositoryAbi",
      "devnetFeeOnTransferTokenAbi",
      "devnetNoReturnTokenAbi",
      "devnetTokenAbi",
    ]
  `);
});

test.each(Object.entries(contracts))(
  "%s matches the compiled artifact (regenerate if this fails)",
  (name, path) => {
    const { abi, bytecode } = artifact(path);
    expect((abis as Record<string, unknown>)[`${lowerFirst(name)}Abi`]).toEqual(abi);
    const exported = (bytecodes as Record<string, unknown>)[`${lowerFirst(name)}Bytecode`];
    expect(exported).toBe((deployable as readonly string[]).includes(name) ? bytecode : undefined);
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
