// Shared setup of the contract tests: a fresh in-process chain with the depository, the verifier,
// a receiver and test tokens, plus helpers that sign with the TypeScript library.

import { devnetDepositoryAbi } from "attestkit/contracts";
import { network } from "hardhat";
import {
  type Abi,
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  getContract,
  type Hex,
  padHex,
  zeroAddress,
} from "viem";
import { type PrivateKeyAccount, privateKeyToAccount } from "viem/accounts";
import { hashAttestation } from "../../packages/attestkit/src/attestation/hashAttestation.js";
import {
  type AttestationStruct,
  toAttestationStruct,
} from "../../packages/attestkit/src/attestation/toAttestationStruct.js";
import type { RequestDataV1 } from "../../packages/attestkit/src/attestation/types.js";
import {
  attestationVerifierAbi,
  attestedDepositReceiverAbi,
} from "../../packages/attestkit/src/contracts/index.js";
import { devnetTokenAbi } from "../../packages/devnet/src/contracts/abis.js";
import { devnetContractSolverAbi, devnetFeeOnTransferTokenAbi } from "./generated/abis.js";

/** Test solver key (never a real solver). */
export const solverKey = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d" as const;
export const otherKey = "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a" as const;
export const solver = privateKeyToAccount(solverKey);
export const destinationChainId = 8453;
export const destinationUser = "0xd00d00000000000000000000000000000000d00d" as const;
export const amount = 10n ** 18n;
export const deadline = 2n ** 40n;

/** The attestation struct as the contracts' ABI takes it. */
export type { AttestationStruct };

/**
 * Builds request data as the signature endpoint returns it, encodes and hashes it with the
 * TypeScript library, and signs the hash as a raw EIP-191 message.
 */
export async function attest(parameters: {
  requestId: Hex;
  requestData: RequestDataV1;
  signer?: PrivateKeyAccount;
}): Promise<{ attestation: AttestationStruct; signature: Hex; hash: Hex }> {
  const { requestId, requestData, signer = solver } = parameters;
  const hash = hashAttestation({ requestId, requestData });
  const signature = await signer.signMessage({ message: { raw: hash } });
  const attestation = toAttestationStruct({ requestId, requestData });
  return { attestation, signature, hash };
}

/** Deploys the contracts on a fresh in-process chain. */
export async function deployFixture() {
  const connection = await network.create();
  const { viem } = connection;
  const publicClient = await viem.getPublicClient();
  const [owner, payer, stranger] = await viem.getWalletClients();
  if (!owner || !payer || !stranger) throw new Error("the in-process chain has too few accounts");
  const chainId = await publicClient.getChainId();
  // Typed through the generated ABIs, so the tests type-check without the build's declarations.
  const deploy = async <const abi extends Abi>(abi: abi, name: string, args: readonly unknown[] = []) => {
    const { address } = (await viem.deployContract(name as never, args as never)) as { address: Address };
    return getContract({ abi, address, client: { public: publicClient, wallet: owner } });
  };
  const depository = await deploy(devnetDepositoryAbi, "DevnetDepository", [owner.account.address]);
  const receiver = await deploy(attestedDepositReceiverAbi, "AttestedDepositReceiver", [
    owner.account.address,
    depository.address,
    solver.address,
    [],
    [],
    [{ chainId: BigInt(destinationChainId), user: padHex(destinationUser, { size: 32 }) }],
    false,
  ]);
  const verifier = await deploy(attestationVerifierAbi, "AttestationVerifier");
  const token = await deploy(devnetTokenAbi, "DevnetToken", ["Test", "TST", 18]);
  await token.write.mint([payer.account.address, 1000n * amount]);
  await token.write.approve([receiver.address, 2n ** 256n - 1n], { account: payer.account });
  const deployFeeToken = (feeBps: bigint) =>
    deploy(devnetFeeOnTransferTokenAbi, "DevnetFeeOnTransferToken", [feeBps]);
  const deployContractSolver = (signer: Address) =>
    deploy(devnetContractSolverAbi, "DevnetContractSolver", [signer]);

  let counter = 0;
  /** Request data for a payment to `receiver` on this chain; override any field. */
  const requestData = (overrides: Partial<RequestDataV1> = {}): RequestDataV1 => ({
    originChainId: chainId,
    originUser: receiver.address,
    originCurrency: zeroAddress,
    originAmount: amount.toString(),
    destinationChainId,
    destinationUser,
    ...overrides,
  });
  const nextRequestId = (): Hex => padHex(`0x${(++counter).toString(16)}beef`, { size: 32 });
  return {
    connection,
    viem,
    publicClient,
    owner,
    payer,
    stranger,
    chainId,
    depository,
    receiver,
    verifier,
    token,
    deployFeeToken,
    deployContractSolver,
    requestData,
    nextRequestId,
  };
}

/** The decoded custom error of a reverted call: its name and arguments. */
export async function revertOf(
  promise: Promise<unknown>,
): Promise<{ errorName: string; args: readonly unknown[] }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof BaseError) {
      const reverted = error.walk((e) => e instanceof ContractFunctionRevertedError);
      if (reverted instanceof ContractFunctionRevertedError && reverted.data) {
        return { errorName: reverted.data.errorName, args: reverted.data.args ?? [] };
      }
    }
    throw error;
  }
  throw new Error("expected a revert, the call succeeded");
}

export type Fixture = Awaited<ReturnType<typeof deployFixture>>;
export type { Address };
