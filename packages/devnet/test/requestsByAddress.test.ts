// A request is found by every address it involves, in both listings, as the live filters find it:
// GET /requests/v3 by `user` (the quote's user, the depositor the deposit credits, the deposit
// address's depositor), `recipient`, `depositAddress` and `term` (any of them, the refund address
// too); GET /requests/v2 by `user` (the sender or the recipient in the SDK's words, and the deposit
// address, which the live docs tell deposit-address integrators to pass as `user`; the refund
// address, the recipient of a refund) and `depositAddress`. Two real requests: a strict
// deposit-address request with a refund address, paid by a transfer into its address, and a
// depository request with a refund address, paid by another account as its own depositor.
import {
  type Address,
  decodeFunctionData,
  encodeFunctionData,
  getAddress,
  type Hex,
  keccak256,
  parseEther,
  toHex,
} from "viem";
import { beforeAll, describe, expect, test } from "vitest";
import { useDevnet } from "../../../test/support/devnetHarness.js";
import { waitForStatus } from "../../attestkit/src/client/actions/waitForStatus.js";
import { createClient } from "../../attestkit/src/client/createClient.js";
import { devnetDepositoryAbi } from "../../attestkit/src/contracts/abis.js";
import { nativeCurrencyAddress } from "../src/constants.js";

const { devnet, origin, destination, reader, account, wallet } = useDevnet();
const client = () => createClient({ network: { baseUrl: devnet().url }, apiKey: "listings", retry: false });
/** An address no other request of this file (or devnet account) involves. */
const addressOf = (role: string) => getAddress(keccak256(toHex(`requestsByAddress:${role}`)).slice(0, 42));

type Involved = { requestId: Hex; addresses: Record<string, Address> };
let viaDepositAddress: Involved;
let paidByAnother: Involved;

/** A quote for a native bridge of 0.01 ETH from the origin to the destination. */
function quote(user: Address, fields: Record<string, unknown>) {
  return client().getQuote({
    user,
    originChainId: origin().chainId,
    destinationChainId: destination().chainId,
    originCurrency: nativeCurrencyAddress,
    destinationCurrency: nativeCurrencyAddress,
    amount: parseEther("0.01").toString(),
    tradeType: "EXACT_INPUT",
    ...fields,
  });
}

async function settle(requestId: Hex, hash: Hex) {
  expect((await reader(origin()).waitForTransactionReceipt({ hash })).status).toBe("success");
  await devnet().idle();
  expect((await waitForStatus(client(), { requestId, intervalMs: 20 })).status).toBe("success");
}

/** A strict deposit-address request of account 1, paid by account 4's plain transfer into the address. */
async function payThroughDepositAddress(): Promise<Involved> {
  const user = account(1).address;
  const recipient = addressOf("deposit-address recipient");
  const refundTo = addressOf("deposit-address refundTo");
  const q = await quote(user, { recipient, refundTo, useDepositAddress: true, strict: true });
  const depositAddress = q.steps[0]?.depositAddress as Address;
  const requestId = q.steps[0]?.requestId as Hex;
  const hash = await wallet(4).sendTransaction({
    to: depositAddress,
    value: parseEther("0.01"),
    chain: null,
  });
  await settle(requestId, hash);
  return { requestId, addresses: { user, recipient, refundTo, depositAddress } };
}

/** A depository request of account 2, paid by account 5 naming itself the depositor (`depositNative(depositor, id)`). */
async function payAsAnotherDepositor(): Promise<Involved> {
  const user = account(2).address;
  const depositor = account(5).address;
  const recipient = addressOf("depository recipient");
  const refundTo = addressOf("depository refundTo");
  const q = await quote(user, { recipient, refundTo });
  const requestId = q.steps[0]?.requestId as Hex;
  const item = q.steps.at(-1)?.items[0]?.data as { to: Address; data: Hex; value: string };
  const { functionName, args } = decodeFunctionData({ abi: devnetDepositoryAbi, data: item.data });
  expect(functionName).toBe("depositNative");
  const hash = await wallet(5).sendTransaction({
    to: item.to,
    value: BigInt(item.value),
    data: encodeFunctionData({
      abi: devnetDepositoryAbi,
      functionName: "depositNative",
      args: [depositor, (args as readonly [Address, Hex])[1]],
    }),
    chain: null,
  });
  await settle(requestId, hash);
  return { requestId, addresses: { user, depositor, recipient, refundTo } };
}

beforeAll(async () => {
  viaDepositAddress = await payThroughDepositAddress();
  paidByAnother = await payAsAnotherDepositor();
});

const v3 = async (query: Record<string, string>) =>
  (await client().getRequests(query)).requests.map((request) => request.id);
const v2 = async (query: Record<string, string>) =>
  (await client().getRequestsV2(query)).requests.map((request) => request.id);

describe("GET /requests/v3", () => {
  test("default: user finds the quote's user, and the depositor another account paid as", async () => {
    expect(await v3({ user: viaDepositAddress.addresses.user as Address })).toEqual([
      viaDepositAddress.requestId,
    ]);
    expect(await v3({ user: paidByAnother.addresses.user as Address })).toEqual([paidByAnother.requestId]);
    expect(await v3({ user: paidByAnother.addresses.depositor as Address })).toEqual([
      paidByAnother.requestId,
    ]);
  });

  test("recipient and depositAddress find theirs", async () => {
    expect(await v3({ recipient: viaDepositAddress.addresses.recipient as Address })).toEqual([
      viaDepositAddress.requestId,
    ]);
    expect(await v3({ recipient: paidByAnother.addresses.recipient as Address })).toEqual([
      paidByAnother.requestId,
    ]);
    expect(await v3({ depositAddress: viaDepositAddress.addresses.depositAddress as Address })).toEqual([
      viaDepositAddress.requestId,
    ]);
  });

  test.each(["user", "depositor", "recipient", "refundTo", "depositAddress"])(
    "term finds a request by its %s",
    async (role) => {
      for (const { requestId, addresses } of [viaDepositAddress, paidByAnother]) {
        const address = addresses[role];
        if (address === undefined) continue;
        expect(await v3({ term: address.toLowerCase() })).toEqual([requestId]);
      }
    },
  );
});

describe("GET /requests/v2", () => {
  test.each(["user", "depositor", "recipient", "refundTo", "depositAddress"])(
    "user finds a request by its %s",
    async (role) => {
      for (const { requestId, addresses } of [viaDepositAddress, paidByAnother]) {
        const address = addresses[role];
        if (address === undefined) continue;
        expect(await v2({ user: address })).toEqual([requestId]);
      }
    },
  );

  test("depositAddress finds its request; user still ANDs with hash", async () => {
    expect(await v2({ depositAddress: viaDepositAddress.addresses.depositAddress as Address })).toEqual([
      viaDepositAddress.requestId,
    ]);
    const [status] = (await client().getRequestsV2({ id: paidByAnother.requestId })).requests;
    const hash = status?.data?.inTxs?.[0]?.hash as Hex;
    expect(await v2({ user: paidByAnother.addresses.refundTo as Address, hash })).toEqual([
      paidByAnother.requestId,
    ]);
    expect(await v2({ user: viaDepositAddress.addresses.refundTo as Address, hash })).toEqual([]);
  });
});
