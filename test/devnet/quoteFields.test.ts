// Quote fields on the devnet, through the client: a field the devnet does not simulate is never
// silently ignored (the x-devnet-not-simulated header and details.devnetNotSimulated name it).
import { type Hex, parseEther } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createClient } from "../../src/client/createClient.js";
import { nativeCurrencyAddress } from "../../src/devnet/constants.js";
import { createDevnet, type Devnet } from "../../src/devnet/createDevnet.js";

let devnet: Devnet;

beforeAll(async () => {
  devnet = await createDevnet({ port: 0, indexIntervalMs: 50, log: () => {} });
});

afterAll(async () => {
  await devnet?.stop();
});

type Chain = Devnet["info"]["chains"][number];
const origin = () => devnet.info.chains[0] as Chain;
const destination = () => devnet.info.chains[1] as Chain;
const account = (index: number) =>
  privateKeyToAccount((devnet.info.testAccounts[index] as { privateKey: Hex }).privateKey);
const client = () => createClient({ network: { baseUrl: devnet.url } });
const intent = (index: number) => ({
  user: account(index).address,
  originChainId: origin().chainId,
  destinationChainId: destination().chainId,
  originCurrency: nativeCurrencyAddress,
  destinationCurrency: nativeCurrencyAddress,
  amount: parseEther("1").toString(),
  tradeType: "EXACT_INPUT" as const,
});

async function post(path: string, body: unknown) {
  const response = await fetch(`${devnet.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    header: response.headers.get("x-devnet-not-simulated"),
    body: (await response.json()) as { details?: Record<string, unknown> },
  };
}

describe("fields the devnet does not simulate are named, never silently ignored", () => {
  test("default: the client's quote carries details.devnetNotSimulated; the header says the same", async () => {
    const quote = await client().getQuote({ ...intent(1), fixedRate: "1", includedSwapSources: ["uniswap"] });
    expect(quote.details?.devnetNotSimulated).toEqual(["includedSwapSources", "fixedRate"]);
    const raw = await post("/quote/v2", { ...intent(1), fixedRate: "1", includedSwapSources: ["uniswap"] });
    expect(raw.status).toBe(200);
    expect(raw.header).toBe("includedSwapSources,fixedRate");
  });

  test("a quote of simulated fields only has neither header nor list", async () => {
    const raw = await post("/quote/v2", {
      ...intent(1),
      refundTo: account(2).address,
      slippageTolerance: "50",
      ttl: 600,
    });
    expect(raw.status).toBe(200);
    expect(raw.header).toBeNull();
    expect(raw.body.details).not.toHaveProperty("devnetNotSimulated");
  });

  test("/price names them too", async () => {
    const raw = await post("/price", { ...intent(1), useExternalLiquidity: true });
    expect(raw.header).toBe("useExternalLiquidity");
    expect(raw.body.details?.devnetNotSimulated).toEqual(["useExternalLiquidity"]);
  });
});
