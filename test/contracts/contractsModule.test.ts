import { expect, test } from "vitest";
import * as abis from "../../packages/attestkit/src/contracts/abis.js";
import * as bytecodes from "../../packages/attestkit/src/contracts/bytecodes.js";
import * as entry from "../../packages/attestkit/src/contracts/index.js";
import * as devnetAbis from "../../packages/devnet/src/contracts/abis.js";
import * as devnetBytecodes from "../../packages/devnet/src/contracts/bytecodes.js";
import {
  contracts,
  contractsOf,
  exportPrefix,
  readArtifact,
} from "../../scripts/generate/contractsModule.js";
import * as testAbis from "../support/generated/abis.js";
import * as testBytecodes from "../support/generated/bytecodes.js";

const allAbis: Record<string, unknown> = { ...abis, ...devnetAbis, ...testAbis };
const allBytecodes: Record<string, unknown> = { ...bytecodes, ...devnetBytecodes, ...testBytecodes };

// The global test setup has just built the contracts: the committed module must match that build.

test("exports an ABI and a creation bytecode per public contract, nothing else", () => {
  expect(Object.keys(entry).sort()).toEqual(
    contractsOf("public")
      .flatMap((name) => [`${exportPrefix(name)}Abi`, `${exportPrefix(name)}Bytecode`])
      .sort(),
  );
  expect(Object.keys(entry).sort()).toEqual([...Object.keys(abis), ...Object.keys(bytecodes)].sort());
});

test.each(Object.entries(contracts))(
  "%s matches the compiled artifact (run `npm run generate` if not)",
  (name, { artifact }) => {
    const { abi, bytecode } = readArtifact(artifact);
    expect(allAbis[`${exportPrefix(name)}Abi`]).toEqual(abi);
    const exported = allBytecodes[`${exportPrefix(name)}Bytecode`];
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

test("the devnet's contracts and the test doubles are not exported; the reference depository is", () => {
  expect(contractsOf("public")).toContain("DevnetDepository");
  for (const name of [...contractsOf("devnet"), ...contractsOf("test")]) {
    expect(Object.keys(entry), name).not.toContain(`${exportPrefix(name)}Abi`);
    expect(Object.keys(entry), name).not.toContain(`${exportPrefix(name)}Bytecode`);
  }
  expect(contractsOf("devnet")).toEqual([
    "DevnetToken",
    "DevnetEip3009Token",
    "DevnetDepositAddressFactory",
    "DevnetWeth",
    "DevnetSwapRouter",
    "DevnetMulticall3",
  ]);
});
