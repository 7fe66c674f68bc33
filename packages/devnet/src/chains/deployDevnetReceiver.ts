import {
  attestationVerifierAbi,
  attestationVerifierBytecode,
  attestedDepositReceiverAbi,
  attestedDepositReceiverBytecode,
} from "attestkit/contracts";
import { type Address, encodeDeployData, encodeFunctionData, type Hex } from "viem";
import type { TransactionSender } from "./createTransactionSender.js";

export type DeployDevnetReceiverParameters = {
  /** The solver's sender: owner of the receiver and the signer it trusts. */
  solver: TransactionSender;
  chainId: number;
  /** Deploys creation code from the solver and answers the address. */
  deploy: (data: Hex) => Promise<Address>;
  /** The depository the receiver forwards payments to. */
  depository: Address;
  /** This chain's slug (`protocol.v2.chainId`): the receiver pays orders whose input names it. */
  chainSlug: string;
};

/**
 * Deploys an origin chain's attestation contracts: the stateless verifier, then a receiver owned by
 * the solver, trusting the solver's signatures, forwarding to the depository and accepting any
 * recipient; then sets its chain slug (`setChainSlug`) so that it pays the orders of this chain's
 * quotes.
 *
 * @param parameters - {@link DeployDevnetReceiverParameters}
 * @returns The verifier's and the receiver's addresses.
 * @throws Error `Devnet receiver configuration failed on chain <chainId>.` when `setChainSlug` reverted.
 * @example
 * const { attestedDepositReceiver } = await deployDevnetReceiver({ solver, chainId, deploy, depository, chainSlug })
 */
export async function deployDevnetReceiver({
  solver,
  chainId,
  deploy,
  depository,
  chainSlug,
}: DeployDevnetReceiverParameters): Promise<{
  attestationVerifier: Address;
  attestedDepositReceiver: Address;
}> {
  const attestationVerifier = await deploy(
    encodeDeployData({ abi: attestationVerifierAbi, bytecode: attestationVerifierBytecode }),
  );
  const attestedDepositReceiver = await deploy(
    encodeDeployData({
      abi: attestedDepositReceiverAbi,
      bytecode: attestedDepositReceiverBytecode,
      args: [solver.address, depository, solver.address, [], [], [], true],
    }),
  );
  const configured = await solver.waitForReceipt(
    await solver.send({
      to: attestedDepositReceiver,
      data: encodeFunctionData({
        abi: attestedDepositReceiverAbi,
        functionName: "setChainSlug",
        args: [chainSlug],
      }),
    }),
  );
  if (configured.status !== "success")
    throw new Error(`Devnet receiver configuration failed on chain ${chainId}.`);
  return { attestationVerifier, attestedDepositReceiver };
}
