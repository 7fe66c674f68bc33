// A web page the developer opens while the devnet runs tries what a page can do without asking:
// cross-site POSTs that need no preflight (a text/plain body), a websocket to any address, and DNS
// rebinding (a page under its own name, made to resolve to 127.0.0.1). Each attack runs in Chromium
// from a page served by a second loopback server, and fails; the same work done from the devnet's own
// dashboard page succeeds.
import { existsSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import type { Address } from "viem";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { useDevnet } from "../../../test/support/devnetHarness.js";
import { makeTempDir } from "../../../test/support/tempDir.js";
import { nativeCurrencyAddress } from "../src/constants.js";

/** Chromium from Debian's packages (`apt-get install -y chromium`), as the dashboard test uses it. */
const chromiumPath = "/usr/bin/chromium";
/** A name the browser resolves to 127.0.0.1, as a rebinding attacker's DNS would make it. */
const rebindHost = "rebind.attacker.test";

const { devnet, origin } = useDevnet({ indexIntervalMs: 20 });
let attacker: { url: string; server: Server };
let browser: BrowserContext;
/** Chromium's profile: made before the hooks below, so it is removed only after the browser closed. */
const profile = makeTempDir("chromium-attacks");

beforeAll(async () => {
  if (!existsSync(chromiumPath))
    throw new Error(
      `Chromium is missing at ${chromiumPath}: install it with \`apt-get update && apt-get install -y chromium\`.`,
    );
  // The attacker's site: another port of this machine, another origin.
  const server = createServer((_, response) => {
    response.writeHead(200, { "content-type": "text/html" });
    response.end("<!doctype html><title>a page you opened</title><p>nothing to see</p>");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  attacker = { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
  browser = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      `--host-resolver-rules=MAP ${rebindHost} 127.0.0.1`,
    ],
  });
});
afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => (attacker ? attacker.server.close(() => resolve()) : resolve()));
});

const account = (index: number) => (devnet().info.testAccounts[index] as { address: Address }).address;
const quoteBody = () => ({
  user: account(1),
  originChainId: origin().chainId,
  destinationChainId: devnet().info.chains[1]?.chainId,
  originCurrency: nativeCurrencyAddress,
  destinationCurrency: nativeCurrencyAddress,
  amount: "1000000000000000",
  tradeType: "EXACT_INPUT",
});

/** JSON-RPC from this process (no Origin, JSON): how the test reads the chain. */
async function rpc(method: string, params: unknown[]): Promise<unknown> {
  const response = await fetch(`${devnet().url}/rpc/${origin().chainId}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  return ((await response.json()) as { result?: unknown }).result;
}
const requestCount = async () =>
  ((await (await fetch(`${devnet().url}/devnet/requests?limit=200`)).json()) as { requests: unknown[] })
    .requests.length;

/** A fetch the page makes; resolves once the devnet has answered (opaque or not), never throws. */
function pageFetch(page: Page, url: string, init: RequestInit): Promise<{ status: number; text: string }> {
  return page.evaluate(
    async ([url, init]) => {
      try {
        const response = await fetch(url, init);
        return { status: response.status, text: response.type === "opaque" ? "" : await response.text() };
      } catch (error) {
        return { status: -1, text: String(error) };
      }
    },
    [url, init] as const,
  );
}

/** Whether a websocket the page opens to `url` gets through its handshake. */
function pageWebSocket(page: Page, url: string): Promise<"open" | "refused"> {
  return page.evaluate(
    (url) =>
      new Promise<"open" | "refused">((resolve) => {
        const socket = new WebSocket(url);
        socket.onopen = () => {
          socket.close();
          resolve("open");
        };
        socket.onerror = () => resolve("refused");
      }),
    url,
  );
}

describe("from another site's page, every attack fails", () => {
  let page: Page;
  beforeAll(async () => {
    page = await browser.newPage();
    await page.goto(attacker.url);
  });
  afterAll(async () => {
    await page?.close();
  });

  test("default: a cross-site text/plain POST does not create a quote", async () => {
    const before = await requestCount();
    await pageFetch(page, `${devnet().url}/quote/v2`, {
      method: "POST",
      mode: "no-cors",
      body: JSON.stringify(quoteBody()),
    });
    expect(await requestCount()).toBe(before);
  });

  test("a cross-site JSON-RPC call cannot rewrite a test account's balance (hardhat_setBalance)", async () => {
    const victim = account(3);
    const before = await rpc("eth_getBalance", [victim, "latest"]);
    await pageFetch(page, `${devnet().url}/rpc/${origin().chainId}`, {
      method: "POST",
      mode: "no-cors",
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "hardhat_setBalance", params: [victim, "0x0"] }),
    });
    expect(await rpc("eth_getBalance", [victim, "latest"])).toBe(before);
  });

  test("nor its code (hardhat_setCode)", async () => {
    const victim = account(4);
    await pageFetch(page, `${devnet().url}/rpc/${origin().chainId}`, {
      method: "POST",
      mode: "no-cors",
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "hardhat_setCode", params: [victim, "0x6000"] }),
    });
    expect(await rpc("eth_getCode", [victim, "latest"])).toBe("0x");
  });

  test("nor spend as the solver by impersonating it", async () => {
    const thief = "0x000000000000000000000000000000000000dEaD";
    const before = await rpc("eth_getBalance", [thief, "latest"]);
    await pageFetch(page, `${devnet().url}/rpc/${origin().chainId}`, {
      method: "POST",
      mode: "no-cors",
      body: JSON.stringify([
        {
          jsonrpc: "2.0",
          id: 1,
          method: "hardhat_impersonateAccount",
          params: [devnet().info.solver.address],
        },
        {
          jsonrpc: "2.0",
          id: 2,
          method: "eth_sendTransaction",
          params: [{ from: devnet().info.solver.address, to: thief, value: "0xde0b6b3a7640000" }],
        },
      ]),
    });
    expect(await rpc("eth_getBalance", [thief, "latest"])).toBe(before);
  });

  test("a websocket to the status stream is refused", async () => {
    expect(await pageWebSocket(page, devnet().url.replace(/^http/, "ws"))).toBe("refused");
  });

  test("DNS rebinding: under its own name the page reads nothing (no test keys)", async () => {
    const port = new URL(devnet().url).port;
    const rebound = await browser.newPage();
    try {
      const response = await rebound.goto(`http://${rebindHost}:${port}/devnet/info`);
      expect(response?.status()).toBe(403);
      // The page's own origin is now the attacker's name: a same-origin read.
      const read = await pageFetch(rebound, "/devnet/info", {});
      expect(read.status).toBe(403);
      const key = (devnet().info.testAccounts[0] as { privateKey: string }).privateKey;
      expect(`${await rebound.content()}${read.text}`).not.toContain(key.slice(2));
      expect(await pageWebSocket(rebound, `ws://${rebindHost}:${port}/`)).toBe("refused");
    } finally {
      await rebound.close();
    }
  });
});

describe("from the devnet's own dashboard page, the same work succeeds", () => {
  let page: Page;
  beforeAll(async () => {
    page = await browser.newPage();
    await page.goto(devnet().url);
    // The dashboard has drawn itself from the devnet's info.
    await page.locator("#info", { hasText: devnet().info.solver.address }).waitFor();
  });
  afterAll(async () => {
    await page?.close();
  });

  test("a JSON POST creates a quote", async () => {
    const before = await requestCount();
    const answer = await pageFetch(page, "/quote/v2", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(quoteBody()),
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toHaveProperty("requestId");
    expect(await requestCount()).toBe(before + 1);
  });

  test("JSON-RPC serves a wallet's eth_ calls; the chain-admin methods stay refused", async () => {
    const call = (method: string, params: unknown[]) =>
      pageFetch(page, `/rpc/${origin().chainId}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
      }).then((answer) => JSON.parse(answer.text) as { result?: unknown; error?: { code: number } });
    expect((await call("eth_chainId", [])).result).toBe(`0x${origin().chainId.toString(16)}`);
    expect((await call("eth_getBalance", [account(5), "latest"])).result).toMatch(/^0x[0-9a-f]+$/);
    expect((await call("hardhat_setBalance", [account(5), "0x0"])).error?.code).toBe(-32004);
  });

  test("its info and its status stream", async () => {
    const info = await pageFetch(page, "/devnet/info", {});
    expect(info.status).toBe(200);
    expect(JSON.parse(info.text)).toMatchObject({ solver: { address: devnet().info.solver.address } });
    expect(await pageWebSocket(page, devnet().url.replace(/^http/, "ws"))).toBe("open");
  });
});
