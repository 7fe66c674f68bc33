import { writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { captureIo } from "../../../../../test/support/captureIo.js";
import { makeTempDir } from "../../../../../test/support/tempDir.js";
import { nativeCurrencyAddress } from "../../../../devnet/src/constants.js";
import { createDevnet, type Devnet } from "../../../../devnet/src/createDevnet.js";
import { defaultSolvers } from "../../attestation/constants.js";
import { bitcoin } from "../../chains/bitcoin/constants.js";
import { createClient } from "../../client/createClient.js";
import { runCli } from "../createProgram.js";

let devnet: Devnet;
let requestId: string;
// Another deployment: it serves the devnet's records but is no devnet (no GET /devnet/info).
let proxy: Server;
let proxyUrl: string;
beforeAll(async () => {
  devnet = await createDevnet({ port: 0, log: () => {} });
  const [origin, destination] = devnet.info.chains as [
    Devnet["info"]["chains"][number],
    Devnet["info"]["chains"][number],
  ];
  const quote = await createClient({ network: { baseUrl: devnet.url } }).getQuote({
    user: (devnet.info.testAccounts[1] as { address: string }).address,
    originChainId: origin.chainId,
    destinationChainId: destination.chainId,
    originCurrency: nativeCurrencyAddress,
    destinationCurrency: nativeCurrencyAddress,
    amount: "1000000000000000",
    tradeType: "EXACT_INPUT",
  });
  requestId = quote.requestId as string;
  proxy = createServer(async (request, response) => {
    if (request.url?.startsWith("/devnet/")) {
      response.writeHead(404, { "content-type": "application/json" });
      response.end(JSON.stringify({ message: "not found" }));
      return;
    }
    const upstream = await fetch(`${devnet.url}${request.url}`);
    response.writeHead(upstream.status, { "content-type": "application/json" });
    response.end(await upstream.text());
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => proxy?.close(resolve));
  await devnet?.stop();
});

test("--api is a devnet: its solver is the expected one, and the output says where it came from", async () => {
  const io = captureIo();
  expect(await runCli(["--api", devnet.url, "verify", requestId], io)).toBe(0);
  const text = io.stdout.join("\n");
  expect(text).toContain(
    `expected     ${devnet.info.solver.address}   (the devnet's solver, from ${devnet.url}/devnet/info)`,
  );
  expect(text).toContain("verdict      VALID");
  const json = captureIo();
  expect(await runCli(["--api", devnet.url, "verify", requestId, "--json"], json)).toBe(0);
  expect(json.json()).toMatchObject({
    valid: true,
    expectedSigners: [devnet.info.solver.address],
    solverSource: "devnet",
  });
});

test("--solver wins over the devnet's solver: the live one does not accept a devnet record", async () => {
  const io = captureIo();
  const code = await runCli(
    ["--api", devnet.url, "verify", "--solver", defaultSolvers[0] as string, requestId, "--json"],
    io,
  );
  expect(code).toBe(1);
  expect(io.json()).toMatchObject({ valid: false, reason: "signer-not-allowed", solverSource: "flag" });
});

test("a service that is not a devnet: the live solver, and the hint names the exact --solver", async () => {
  const io = captureIo();
  expect(await runCli(["--api", proxyUrl, "verify", requestId], io)).toBe(1);
  expect(io.stdout.join("\n")).toContain("verdict      INVALID (signer-not-allowed)");
  expect(io.stderr.join("\n")).toContain(`verify with: --solver ${devnet.info.solver.address}`);
  // Following the hint gives the verdict.
  expect(
    await runCli(
      ["--api", proxyUrl, "verify", "--solver", devnet.info.solver.address, requestId],
      captureIo(),
    ),
  ).toBe(0);
});

test("verify --quote against a devnet: chains and solver both come from it", async () => {
  const [origin, destination] = devnet.info.chains as [
    Devnet["info"]["chains"][number],
    Devnet["info"]["chains"][number],
  ];
  const quote = await createClient({ network: { baseUrl: devnet.url } }).getQuote({
    user: (devnet.info.testAccounts[2] as { address: string }).address,
    originChainId: origin.chainId,
    destinationChainId: destination.chainId,
    originCurrency: nativeCurrencyAddress,
    destinationCurrency: nativeCurrencyAddress,
    amount: "1000000000000000",
    tradeType: "EXACT_INPUT",
    includeProtocolData: true,
  });
  const file = join(makeTempDir("verify-quote"), "quote.json");
  writeFileSync(file, JSON.stringify(quote));
  const io = captureIo();
  const code = await runCli(["--api", devnet.url, "verify", "--quote", file, "--json"], io);
  expect(io.stderr).toEqual([]);
  expect(code).toBe(0);
  expect(JSON.parse(io.stdout.at(-1) as string)).toMatchObject({
    valid: true,
    expectedSigners: [devnet.info.solver.address],
    solverSource: "devnet",
  });
});

test("a Bitcoin request: verified by the devnet's own bytes32 rule when read from the devnet; elsewhere refused with advice a CLI user can follow", async () => {
  const [origin] = devnet.info.chains as [Devnet["info"]["chains"][number]];
  const quote = await createClient({ network: { baseUrl: devnet.url } }).getQuote({
    user: (devnet.info.testAccounts[3] as { address: string }).address,
    recipient: (devnet.info.bitcoin as { testWallets: { p2trAddress: string }[] }).testWallets[0]
      ?.p2trAddress,
    originChainId: origin.chainId,
    destinationChainId: bitcoin.chainId,
    originCurrency: nativeCurrencyAddress,
    destinationCurrency: bitcoin.nativeCurrency,
    amount: "10000000000000000",
    tradeType: "EXACT_INPUT",
  });
  const id = quote.requestId as string;
  const json = captureIo();
  expect(await runCli(["--api", devnet.url, "verify", id, "--json"], json)).toBe(0);
  expect(json.json()).toMatchObject({ valid: true, solverSource: "devnet" });
  // Not a devnet: the live service publishes no rule for Bitcoin words, and nothing is guessed.
  const io = captureIo();
  const code = await runCli(["--api", proxyUrl, "verify", "--solver", devnet.info.solver.address, id], io);
  expect(code).toBe(2);
  const err = io.stderr.join("\n");
  expect(err).toContain("which has no published bytes32 encoding");
  expect(err).toContain("attestkit verify REQUEST_ID --api http://127.0.0.1:PORT");
  // The library's own hint names an option of a function, which a CLI user cannot pass.
  expect(err).not.toContain("encoders");
});
