// Test support: the Solidity AttestationVerifier on an in-process chain, asked what it says about
// seven words and a signature, in a shape the differential run compares with the TypeScript verdict.
import { network } from "hardhat";
import {
  BaseError,
  ContractFunctionRevertedError,
  getAddress,
  getContract,
  type Hex,
  hexToBigInt,
} from "viem";
import { attestationVerifierAbi } from "../../packages/attestkit/src/contracts/index.js";

/** What the onchain verifier said: the custom error of `recoverSigner*`, or its signer, and `isValid*` per solver. */
export type SolidityVerdict = { error: string | null; signer: string | null; valid: boolean[] };

export type SolidityVerifier = {
  check: (input: {
    version: "v1" | "v2";
    words: string[];
    signature: string;
    solvers: string[];
  }) => Promise<SolidityVerdict>;
};

const v1Fields = [
  "requestId",
  "originChainId",
  "originUser",
  "originCurrency",
  "originAmount",
  "destinationChainId",
  "destinationUser",
];
const v2Fields = [
  "requestId",
  "originChainId",
  "originUser",
  "originCurrency",
  "destinationChainId",
  "destinationUser",
  "destinationCurrency",
];
const uintFields = new Set(["originChainId", "originAmount", "destinationChainId"]);

/** Deploys `AttestationVerifier` on a fresh in-process chain and returns its checker. */
export async function createSolidityVerifier(): Promise<SolidityVerifier> {
  const { viem } = await network.create();
  const { address } = (await viem.deployContract("AttestationVerifier" as never)) as { address: Hex };
  const verifier = getContract({
    abi: attestationVerifierAbi,
    address,
    client: await viem.getPublicClient(),
  });

  return {
    async check({ version, words, signature, solvers }) {
      const fields = version === "v2" ? v2Fields : v1Fields;
      const tuple = Object.fromEntries(
        fields.map((name, i) => [name, uintFields.has(name) ? hexToBigInt(words[i] as Hex) : words[i]]),
      ) as never;
      const sig = signature as Hex;
      let error: string | null = null;
      let signer: string | null = null;
      try {
        signer = (
          version === "v2"
            ? await verifier.read.recoverSignerV2([tuple, sig])
            : await verifier.read.recoverSigner([tuple, sig])
        ).toLowerCase();
      } catch (thrown) {
        const reverted =
          thrown instanceof BaseError ? thrown.walk((e) => e instanceof ContractFunctionRevertedError) : null;
        if (!(reverted instanceof ContractFunctionRevertedError)) throw thrown;
        error = reverted.data?.errorName ?? "unknown revert";
      }
      const valid: boolean[] = [];
      for (const solver of solvers) {
        const checksummed = getAddress(solver.toLowerCase());
        valid.push(
          version === "v2"
            ? await verifier.read.isValidV2([tuple, sig, checksummed])
            : await verifier.read.isValid([tuple, sig, checksummed]),
        );
      }
      return { error, signer, valid };
    },
  };
}
