// The gas fields of a quote's EVM transaction items, as the live service gives them (every recorded
// item carries maxFeePerGas and maxPriorityFeePerGas; some carry gas): from the origin chain's fee
// data when quoted, and a gas limit where the chain can estimate the item then. Sent exactly as
// given (the official SDK's wallet does so), every item is mined.
import { type Address, type Hex, hexToBigInt, parseEther, zeroAddress } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { expect, test } from "vitest";
import { useDevnet } from "../../../test/support/devnetHarness.js";
import { waitForStatus } from "../../attestkit/src/client/actions/waitForStatus.js";

const { devnet, origin, destination, account, client, reader, wallet } = useDevnet();
type ItemData = {
  to: Address;
  data: Hex;
  value: string;
  gas?: string;
  maxFeePerGas?: string;
  maxPriorityFeePerGas?: string;
};
const itemsOf = (quote: { steps: { items?: unknown[] }[] }) =>
  quote.steps.flatMap((step) => (step.items ?? []) as { data: ItemData }[]).map((item) => item.data);

/** The origin chain's fee data now: the latest base fee and the priority fee it suggests. */
async function feeData() {
  const chain = reader(origin());
  const block = await chain.getBlock();
  const priority = hexToBigInt(await chain.request({ method: "eth_maxPriorityFeePerGas" } as never));
  return { baseFee: block.baseFeePerGas ?? 0n, priority };
}

/** Sends each item with exactly its gas fields, as the official SDK's wallet does; each must be mined. */
async function sendAsGiven(index: number, items: ItemData[]) {
  for (const item of items) {
    const hash = await wallet(index).sendTransaction({
      chain: null,
      to: item.to,
      data: item.data,
      value: BigInt(item.value),
      ...(item.gas === undefined ? {} : { gas: BigInt(item.gas) }),
      maxFeePerGas: BigInt(item.maxFeePerGas as string),
      maxPriorityFeePerGas: BigInt(item.maxPriorityFeePerGas as string),
    });
    expect((await reader(origin()).waitForTransactionReceipt({ hash })).status).toBe("success");
  }
}

const bridge = (index: number, extra: Record<string, unknown>) =>
  client().getQuote({
    user: account(index).address,
    recipient: privateKeyToAccount(generatePrivateKey()).address,
    originChainId: origin().chainId,
    destinationChainId: destination().chainId,
    originCurrency: zeroAddress,
    destinationCurrency: zeroAddress,
    amount: parseEther("1").toString(),
    tradeType: "EXACT_INPUT",
    ...extra,
  });

test("default: a native deposit item carries maxFeePerGas (twice the base fee plus the priority fee), maxPriorityFeePerGas and an estimated gas; sent as given, filled", async () => {
  const { baseFee, priority } = await feeData();
  const quote = await bridge(1, {});
  const [deposit] = itemsOf(quote);
  expect(deposit?.maxPriorityFeePerGas).toBe(priority.toString());
  expect(BigInt(deposit?.maxFeePerGas as string)).toBeGreaterThanOrEqual(baseFee + priority);
  const gas = BigInt(deposit?.gas as string);
  const estimate = await reader(origin()).estimateGas({
    account: account(1).address,
    to: deposit?.to as Address,
    data: deposit?.data as Hex,
    value: BigInt(deposit?.value as string),
  });
  expect(gas).toBe((estimate * 6n) / 5n);
  await sendAsGiven(1, itemsOf(quote));
  await devnet().idle();
  expect(
    (await waitForStatus(client(), { requestId: quote.requestId as string, intervalMs: 20 })).status,
  ).toBe("success");
});

test("a token deposit after its approval: both priced; the approval estimated, the deposit (which needs the approval first) left to the wallet", async () => {
  const user = privateKeyToAccount(generatePrivateKey()).address;
  const quote = await client().getQuote({
    user,
    originChainId: origin().chainId,
    destinationChainId: destination().chainId,
    originCurrency: origin().contracts.token,
    destinationCurrency: destination().contracts.token,
    amount: "5000000",
    tradeType: "EXACT_INPUT",
  });
  expect(quote.steps.map((step) => step.id)).toEqual(["approve", "deposit"]);
  const [approve, deposit] = itemsOf(quote);
  for (const item of [approve, deposit]) {
    expect(item?.maxFeePerGas).toMatch(/^[1-9][0-9]*$/);
    expect(item?.maxPriorityFeePerGas).toMatch(/^[1-9][0-9]*$/);
  }
  expect(approve?.gas).toMatch(/^[1-9][0-9]*$/);
  expect(deposit).not.toHaveProperty("gas");
});

test("gasLimitForDepositSpecifiedTxs keeps its gas; the prices are added beside it", async () => {
  const quote = await bridge(2, { gasLimitForDepositSpecifiedTxs: 100_000 });
  const [deposit] = itemsOf(quote);
  expect(deposit?.gas).toBe("100000");
  expect(deposit?.maxFeePerGas).toMatch(/^[1-9][0-9]*$/);
  await sendAsGiven(2, itemsOf(quote));
  await devnet().idle();
});
