import { expect, test } from "vitest";
import { useTestServer } from "../../../../../test/support/useTestServer.js";
import { createDevnetInfo } from "../../../../devnet/src/start/createDevnetInfo.js";
import { InvalidResponseError } from "../../schemas/errors.js";
import { createBaseClient } from "../createBaseClient.js";
import { ApiError } from "../errors/request.js";
import { getDevnetInfo } from "./getDevnetInfo.js";

const server = useTestServer();
const client = () => createBaseClient({ network: { baseUrl: server.url }, retry: false });

const contracts = {
  depository: "0x1111111111111111111111111111111111111111",
  token: "0x2222222222222222222222222222222222222222",
  depositAddressFactory: "0x3333333333333333333333333333333333333333",
} as const;
/** What a devnet answers, built by the devnet's own function. */
const info = createDevnetInfo({
  url: "http://127.0.0.1:8787",
  originChainId: 31337,
  destinationChainId: 31338,
  chains: new Map([
    [
      31337,
      {
        chainId: 31337,
        name: "devnet-origin",
        role: "origin",
        rpcUrl: "http://127.0.0.1:8787/rpc/31337",
        contracts,
      },
    ],
  ]) as unknown as Parameters<typeof createDevnetInfo>[0]["chains"],
  solver: "0xA8893c8Ba6c8ffB1032FfB7b0a13d510fc7e9BfD",
  bitcoinChain: { wallets: [] } as unknown as Parameters<typeof createDevnetInfo>[0]["bitcoinChain"],
});

test("default: GET /devnet/info, read with the schema the devnet's own answer is typed against", async () => {
  server.on("GET", "/devnet/info", { body: info });
  const read = await getDevnetInfo(client());
  expect(read).toEqual(info);
  expect(read.chains[0]?.contracts.token).toBe(contracts.token);
  expect(read.testAccounts[1]?.privateKey).toMatch(/^0x[0-9a-f]{64}$/);
});

test("the live service has no such endpoint: an ApiError 404", async () => {
  server.on("GET", "/devnet/info", { status: 404, body: { message: "Not found" } });
  await expect(getDevnetInfo(client())).rejects.toBeInstanceOf(ApiError);
});

test("an answer that is not a devnet's is refused, naming the field", async () => {
  server.on("GET", "/devnet/info", { body: { ...info, solver: { address: "not hex" } } });
  const error = await getDevnetInfo(client()).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(InvalidResponseError);
  expect(String(error)).toContain("solver.address");
});
