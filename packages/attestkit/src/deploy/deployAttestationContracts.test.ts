import { createPublicClient, createWalletClient, http, isAddress } from "viem";
import { expect, test } from "vitest";
import { useDevnet } from "../../../../test/support/devnetHarness.js";
import { attestationVerifierAbi, attestedDepositReceiverAbi } from "../contracts/abis.js";
import { type DeployedContract, deployAttestationContracts } from "./deployAttestationContracts.js";
import { DeployParametersError } from "./errors.js";
import { parseDeployParameters } from "./parseDeployParameters.js";

const { devnet, destination, account: testAccount } = useDevnet();

const clients = () => {
  const rpcUrl = destination().rpcUrl;
  const account = testAccount(5);
  return {
    walletClient: createWalletClient({ account, transport: http(rpcUrl), pollingInterval: 50 }),
    publicClient: createPublicClient({ transport: http(rpcUrl) }),
    account,
  };
};

test("default: a devnet depository, the verifier and a receiver, in order, on any chain", async () => {
  const { walletClient, publicClient, account } = clients();
  const seen: DeployedContract[] = [];
  const parameters = parseDeployParameters({
    owner: account.address,
    depository: "devnet",
    solvers: [devnet().info.solver.address],
    whitelist: [{ chainId: 8453, user: account.address }],
  });
  const result = await deployAttestationContracts({
    walletClient,
    publicClient,
    parameters,
    pollingInterval: 20,
    onDeployed: (deployed) => seen.push(deployed),
  });
  expect(result.chainId).toBe(devnet().info.destinationChainId);
  expect(result.deployer).toBe(account.address);
  expect(seen).toEqual(result.deployments);
  expect(seen.map(({ contract }) => contract)).toEqual([
    "DevnetDepository",
    "AttestationVerifier",
    "AttestedDepositReceiver",
  ]);
  for (const { address } of seen) expect(isAddress(address, { strict: true })).toBe(true);
  expect(
    await publicClient.readContract({
      address: result.receiver,
      abi: attestedDepositReceiverAbi,
      functionName: "primarySolver",
    }),
  ).toBe(devnet().info.solver.address);
  // The verifier works: a zero signature verifies for no solver.
  const tuple = {
    requestId: `0x${"11".repeat(32)}`,
    originChainId: 1n,
    originUser: `0x${"22".repeat(32)}`,
    originCurrency: `0x${"00".repeat(32)}`,
    originAmount: 1n,
    destinationChainId: 2n,
    destinationUser: `0x${"33".repeat(32)}`,
  } as const;
  await expect(
    publicClient.readContract({
      address: result.verifier,
      abi: attestationVerifierAbi,
      functionName: "isValid",
      args: [tuple, `0x${"00".repeat(65)}`, devnet().info.solver.address],
    }),
  ).resolves.toBe(false);
});

test("a given depository without code is refused before anything is sent", async () => {
  const { walletClient, publicClient, account } = clients();
  const nonce = await publicClient.getTransactionCount({ address: account.address });
  await expect(
    deployAttestationContracts({
      walletClient,
      publicClient,
      parameters: parseDeployParameters({ owner: account.address, depository: account.address }),
    }),
  ).rejects.toThrowError(DeployParametersError);
  expect(await publicClient.getTransactionCount({ address: account.address })).toBe(nonce);
});

test("the order settings follow the receiver, from the deployer who is its owner", async () => {
  const { walletClient, publicClient, account } = clients();
  const recipient = "0x90f79bf6eb2c4f870365e785982e1f101e93b906";
  const result = await deployAttestationContracts({
    walletClient,
    publicClient,
    parameters: parseDeployParameters({
      owner: account.address,
      depository: "devnet",
      solvers: [devnet().info.solver.address],
      chainSlug: "base",
      orderWhitelist: [{ chainId: "optimism", recipient }],
    }),
    pollingInterval: 20,
  });
  expect(result.settings.map((s) => s.functionName)).toEqual(["setChainSlug", "setOrderRecipients"]);
  const read = <const f extends "chainSlug" | "isOrderRecipientWhitelisted">(
    functionName: f,
    args: readonly unknown[],
  ) =>
    publicClient.readContract({
      address: result.receiver,
      abi: attestedDepositReceiverAbi,
      functionName,
      args,
    } as never);
  expect(await read("chainSlug", [])).toBe("base");
  expect(await read("isOrderRecipientWhitelisted", ["optimism", recipient])).toBe(true);
  expect(await read("isOrderRecipientWhitelisted", ["base", recipient])).toBe(false);
});

test("order settings for another owner are refused before anything is sent", async () => {
  const { walletClient, publicClient, account } = clients();
  const nonce = await publicClient.getTransactionCount({ address: account.address });
  const error = await deployAttestationContracts({
    walletClient,
    publicClient,
    parameters: parseDeployParameters({
      owner: devnet().info.solver.address,
      depository: "devnet",
      chainSlug: "base",
    }),
  }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(DeployParametersError);
  expect((error as DeployParametersError).field).toBe("chainSlug");
  expect(await publicClient.getTransactionCount({ address: account.address })).toBe(nonce);
  // Without the settings, another owner is fine: the owner sets them later.
  const plain = await deployAttestationContracts({
    walletClient,
    publicClient,
    parameters: parseDeployParameters({ owner: devnet().info.solver.address, depository: "devnet" }),
    pollingInterval: 20,
  });
  expect(plain.settings).toEqual([]);
});
