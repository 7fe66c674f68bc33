import { network } from "hardhat";
import { createPublicClient, http } from "viem";
import { expect, test } from "vitest";
import { assertTransientStorage } from "./assertTransientStorage.js";
import { deployAttestationContracts } from "./deployAttestationContracts.js";
import { TransientStorageUnsupportedError } from "./errors.js";
import { parseDeployParameters } from "./parseDeployParameters.js";

const chainWith = async (hardfork: string) =>
  (await network.create({ override: { hardfork } as never })).viem;

test("default: a Cancun chain passes", async () => {
  const viem = await chainWith("cancun");
  await expect(
    assertTransientStorage({ publicClient: await viem.getPublicClient() }),
  ).resolves.toBeUndefined();
});

test("a chain without EIP-1153 is refused with the chain id and what to do", async () => {
  const viem = await chainWith("shanghai");
  const publicClient = await viem.getPublicClient();
  const error = await assertTransientStorage({ publicClient }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(TransientStorageUnsupportedError);
  expect((error as TransientStorageUnsupportedError).chainId).toBe(await publicClient.getChainId());
  expect((error as Error).message).toContain("Cancun");
});

test("deployAttestationContracts refuses such a chain before sending anything", async () => {
  const viem = await chainWith("shanghai");
  const publicClient = await viem.getPublicClient();
  const [walletClient] = await viem.getWalletClients();
  if (!walletClient) throw new Error("no account");
  const nonce = await publicClient.getTransactionCount({ address: walletClient.account.address });
  const parameters = parseDeployParameters({
    owner: walletClient.account.address,
    depository: "devnet",
    solvers: ["0xf70da97812cb96acdf810712aa562db8dfa3dbef"],
    whitelist: [],
  });
  await expect(deployAttestationContracts({ walletClient, publicClient, parameters })).rejects.toBeInstanceOf(
    TransientStorageUnsupportedError,
  );
  expect(await publicClient.getTransactionCount({ address: walletClient.account.address })).toBe(nonce);
});

test("an unreachable node is a network error, not a verdict on the chain", async () => {
  const publicClient = createPublicClient({ transport: http("http://127.0.0.1:9", { retryCount: 0 }) });
  const error = await assertTransientStorage({ publicClient }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(Error);
  expect(error).not.toBeInstanceOf(TransientStorageUnsupportedError);
});
