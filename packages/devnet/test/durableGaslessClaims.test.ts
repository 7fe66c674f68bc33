// With a state directory, a gasless execution's request and the app fee claims history come back
// after a restart: the request with its status and the relayed call, listed as before; the claims with
// their payments, in the same order and pages.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  http,
  parseEther,
  zeroAddress,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, expect, test } from "vitest";
import { checkNoCoinWithoutOwner } from "../../../test/support/checkNoCoinWithoutOwner.js";
import { claimAppFees } from "../../attestkit/src/client/actions/claimAppFees.js";
import { executeGasless } from "../../attestkit/src/client/actions/executeGasless.js";
import { executeSteps } from "../../attestkit/src/client/actions/executeSteps.js";
import { getAppFeeClaims } from "../../attestkit/src/client/actions/getAppFeeClaims.js";
import { getRequests } from "../../attestkit/src/client/actions/getRequests.js";
import { waitForStatus } from "../../attestkit/src/client/actions/waitForStatus.js";
import { createClient } from "../../attestkit/src/client/createClient.js";
import { createDevnet, type Devnet } from "../src/createDevnet.js";

const stateDir = mkdtempSync(join(tmpdir(), "attestkit-state-gasless-"));
const started: Devnet[] = [];
afterAll(async () => {
  for (const devnet of started) await devnet.stop().catch(() => {});
  rmSync(stateDir, { recursive: true, force: true });
});

async function start() {
  const devnet = await createDevnet({ port: 0, indexIntervalMs: 50, log: () => {}, stateDir });
  started.push(devnet);
  const client = createClient({
    network: { baseUrl: devnet.url },
    apiKey: "relay-key",
    solvers: [devnet.info.solver.address],
    trustRoot: devnet.trustRoot,
    retry: false,
  });
  return { devnet, client, origin: devnet.info.chains[0] as Devnet["info"]["chains"][number] };
}

test("default: a relayed request and the claims history are the same after a restart", async () => {
  const app = privateKeyToAccount(generatePrivateKey());
  const first = await start();
  const { client, origin } = first;
  const payer = privateKeyToAccount((first.devnet.info.testAccounts[5] as { privateKey: Hex }).privateKey);
  const wallet = createWalletClient({ account: payer, transport: http(origin.rpcUrl), pollingInterval: 50 });
  const quote = await client.getQuote({
    user: payer.address,
    originChainId: origin.chainId,
    destinationChainId: first.devnet.info.destinationChainId,
    originCurrency: zeroAddress,
    destinationCurrency: zeroAddress,
    amount: parseEther("1").toString(),
    tradeType: "EXACT_INPUT",
    appFees: [{ recipient: app.address, fee: "100" }],
  });
  await executeSteps(client, { quote, wallet, checkIntervalMs: 20 });
  expect((await waitForStatus(client, { requestId: quote.requestId as string, intervalMs: 20 })).status).toBe(
    "success",
  );
  await first.devnet.idle();
  const { steps } = await claimAppFees(client, {
    wallet: app.address,
    chainId: origin.chainId,
    currency: origin.contracts.token,
    recipient: app.address,
    amount: "2000000",
  });
  const appWallet = createWalletClient({ account: app, transport: http(origin.rpcUrl), pollingInterval: 50 });
  await executeSteps(client, {
    quote: { steps } as never,
    verify: false,
    wallet: appWallet,
    checkIntervalMs: 20,
  });

  // approve(0x…01, 1): a call that succeeds, from the relayer.
  const data = encodeFunctionData({
    abi: erc20Abi,
    functionName: "approve",
    args: [`0x${"00".repeat(19)}01`, 1n],
  });
  const { requestId } = await executeGasless(client, {
    executionKind: "rawCalls",
    data: { chainId: origin.chainId, to: origin.contracts.token, data, value: "0" },
    executionOptions: { referrer: "durable-app", subsidizeFees: true },
  });
  const status = await waitForStatus(client, { requestId: requestId as string, intervalMs: 20 });
  expect(status.status).toBe("success");
  const claims = await getAppFeeClaims(client, { wallet: app.address });
  expect(claims.claims.map((c) => [c.status, c.currency?.amount])).toEqual([["success", "2000000"]]);
  await checkNoCoinWithoutOwner(first.devnet);
  await first.devnet.stop();

  const second = await start();
  // The same claims (the logo's URL names the new port).
  const again = await getAppFeeClaims(second.client, { wallet: app.address });
  expect(JSON.stringify(again).replaceAll(second.devnet.url, first.devnet.url)).toBe(JSON.stringify(claims));
  expect(
    await waitForStatus(second.client, { requestId: requestId as string, intervalMs: 20 }),
  ).toMatchObject({
    status: "success",
    inTxHashes: status.inTxHashes,
    txHashes: status.txHashes,
  });
  const listed = await getRequests(second.client, { id: requestId as string });
  expect(listed.requests[0]).toMatchObject({ id: requestId, status: "success" });
  await checkNoCoinWithoutOwner(second.devnet);
});
