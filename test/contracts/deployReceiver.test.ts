// The Ignition deploy path (scripts/deploy/deployReceiver.ts) with the receiver's order settings,
// on the in-process chain.
import { network } from "hardhat";
import { getAddress } from "viem";
import { expect, test } from "vitest";
import { attestedDepositReceiverAbi } from "../../packages/attestkit/src/contracts/index.js";
import { deployReceiver } from "../../scripts/deploy/deployReceiver.js";
import { DeployParametersError, parseDeployParameters } from "../../scripts/deploy/parseDeployParameters.js";

const recipient = "0x90f79bf6eb2c4f870365e785982e1f101e93b906";

test("default: chainSlug and orderWhitelist are set right after the receiver, by its owner", async () => {
  const connection = await network.create();
  const [deployer] = await connection.viem.getWalletClients();
  const owner = getAddress((deployer as { account: { address: string } }).account.address);
  const deployed = await deployReceiver({
    connection,
    parameters: parseDeployParameters({
      owner,
      depository: "devnet",
      chainSlug: "base",
      orderWhitelist: [{ chainId: "optimism", recipient }],
    }),
  });
  const { receiver } = deployed;
  const publicClient = await connection.viem.getPublicClient();
  // The in-process chain keeps no Ignition journal: the creation transactions are read from its blocks.
  expect(deployed.deployments.map(({ contract, address }) => [contract, address])).toEqual([
    ["DevnetDepository", deployed.depository],
    ["AttestationVerifier", deployed.verifier],
    ["AttestedDepositReceiver", receiver],
  ]);
  for (const { address, hash, gasUsed } of deployed.deployments) {
    const receipt = await publicClient.getTransactionReceipt({ hash });
    expect(receipt.contractAddress?.toLowerCase()).toBe(address.toLowerCase());
    expect(receipt.gasUsed.toString()).toBe(gasUsed);
    expect(receipt.from.toLowerCase()).toBe(deployed.deployer.toLowerCase());
  }
  const read = (functionName: "chainSlug" | "isOrderRecipientWhitelisted", args: readonly unknown[]) =>
    publicClient.readContract({
      address: receiver,
      abi: attestedDepositReceiverAbi,
      functionName,
      args,
    } as never);
  expect(await read("chainSlug", [])).toBe("base");
  expect(await read("isOrderRecipientWhitelisted", ["optimism", recipient])).toBe(true);
  await connection.close();
});

test("order settings for an owner other than the deployer are refused before deploying", async () => {
  const connection = await network.create();
  const publicClient = await connection.viem.getPublicClient();
  const [deployer, other] = await connection.viem.getWalletClients();
  const from = (deployer as { account: { address: `0x${string}` } }).account.address;
  const nonce = await publicClient.getTransactionCount({ address: from });
  const error = await deployReceiver({
    connection,
    parameters: parseDeployParameters({
      owner: (other as { account: { address: string } }).account.address,
      depository: "devnet",
      orderWhitelist: [{ chainId: "optimism", recipient }],
    }),
  }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(DeployParametersError);
  expect((error as DeployParametersError).field).toBe("orderWhitelist");
  expect(await publicClient.getTransactionCount({ address: from })).toBe(nonce);
  await connection.close();
});
