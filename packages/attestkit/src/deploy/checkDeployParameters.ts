import type { Address, PublicClient } from "viem";
import { getAddress } from "viem";
import { DeployParametersError } from "./errors.js";
import type { DeployParameters } from "./parseDeployParameters.js";

export type CheckDeployParametersParameters = {
  /** What to deploy. */
  parameters: DeployParameters;
  /** The account that will send the transactions. */
  deployer: Address;
  /** Reads the depository's code. */
  publicClient: Pick<PublicClient, "getCode">;
  /** The chain, as the error names it. */
  chainId: number;
};

/**
 * Refuses, before anything is sent, parameters the chain or the deployer cannot honour: order
 * settings (`chainSlug`, `orderWhitelist`) from a deployer that is not the owner (the setters are
 * owner-only), and a given depository without contract code (the receiver's constructor would
 * revert; the error says which field is wrong).
 *
 * @param parameters - {@link CheckDeployParametersParameters}
 * @throws DeployParametersError naming the field.
 * @example
 * await checkDeployParameters({ parameters, deployer: walletClient.account.address, publicClient, chainId })
 */
export async function checkDeployParameters({
  parameters,
  deployer,
  publicClient,
  chainId,
}: CheckDeployParametersParameters): Promise<void> {
  const settingsField =
    parameters.chainSlug !== undefined
      ? "chainSlug"
      : parameters.orderWhitelist?.length
        ? "orderWhitelist"
        : undefined;
  if (settingsField !== undefined && getAddress(parameters.owner) !== getAddress(deployer))
    throw new DeployParametersError({
      field: settingsField,
      problem: `is set after deployment by the owner, but the deployer ${deployer} is not the owner ${parameters.owner}: deploy from the owner, or leave it out and call setChainSlug / setOrderRecipients from the owner`,
    });
  if (parameters.depository === "devnet") return;
  const code = await publicClient.getCode({ address: parameters.depository });
  if (!code || code === "0x")
    throw new DeployParametersError({
      field: "depository",
      problem: `has no contract code on chain ${chainId}: ${parameters.depository}`,
    });
}
