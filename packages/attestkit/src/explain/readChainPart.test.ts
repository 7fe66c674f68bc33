import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "vitest";
import { readChainPart } from "./readChainPart.js";

const hash = `0x${"ab".repeat(32)}` as const;
const base = {
  part: "deposit",
  hash,
  rpcUrls: new Map<number, string>(),
  vmTypes: new Map<number, string>(),
};

test("a chain of another VM is never sent an EVM call: by GET /chains' vmType, else the known non-EVM chains", async () => {
  let calls = 0;
  const fetch: typeof globalThis.fetch = async () => {
    calls++;
    throw new Error("no call expected");
  };
  const rpcUrls = new Map([
    [8253038, "http://127.0.0.1:9/"],
    [792703809, "http://127.0.0.1:9/"],
  ]);
  const fromChains = await readChainPart({
    ...base,
    chainId: 8253038,
    rpcUrls,
    vmTypes: new Map([[8253038, "bvm"]]),
    fetch,
  });
  expect(fromChains.unjudged).toEqual({
    part: "deposit",
    reason: "not-evm",
    message: "chain 8253038 is a bvm chain: its transactions are not read over EVM JSON-RPC",
    chainId: 8253038,
  });
  // GET /chains did not answer: Solana is known to be svm all the same.
  const known = await readChainPart({ ...base, chainId: 792703809, rpcUrls, fetch });
  expect(known.unjudged).toMatchObject({ reason: "not-evm", chainId: 792703809 });
  expect(calls).toBe(0);
});

test("an EVM chain with no RPC URL, or a hash no EVM chain has, is said as such", async () => {
  expect((await readChainPart({ ...base, chainId: 1 })).unjudged).toEqual({
    part: "deposit",
    reason: "no-rpc-url",
    message: "no RPC URL for chain 1",
    chainId: 1,
  });
});

test("an RPC that fails is a part not judged naming the chain and the URL, never an error", async () => {
  const server = createServer((_request, response) => {
    response.writeHead(500, { "content-type": "text/plain" });
    response.end("down");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  try {
    const { unjudged, transaction } = await readChainPart({
      ...base,
      chainId: 10,
      rpcUrls: new Map([[10, url]]),
    });
    expect(transaction).toBeUndefined();
    expect(unjudged).toMatchObject({ part: "deposit", reason: "rpc-failed", chainId: 10, url });
    expect(unjudged?.message).toMatch(new RegExp(`^chain 10's RPC at ${url} failed: \\S`));
    expect(unjudged?.message).not.toContain("\n");
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});
