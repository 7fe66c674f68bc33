// POST /currencies/v1 and /currencies/v2 on a running devnet: defaultList keeps the default list (what
// GET /chains features), and useExternalSearch finds an ERC-20 the devnet does not list by reading
// it from its chain, unverified, as the live service's third-party search finds a token it has not
// indexed.
import { type Address, getAddress } from "viem";
import { expect, test } from "vitest";
import { useDevnet } from "../../../test/support/devnetHarness.js";
import { createClient } from "../../attestkit/src/client/createClient.js";
import { devnetTokenAbi } from "../src/contracts/abis.js";
import { devnetTokenBytecode } from "../src/contracts/bytecodes.js";

const { devnet, origin, destination, reader, wallet } = useDevnet();
const client = () => createClient({ network: { baseUrl: devnet().url }, retry: false });
const symbols = (groups: { symbol?: string | null | undefined; chainId?: number | null | undefined }[][]) =>
  groups.map((group) => group.map((currency) => `${currency.chainId}:${currency.symbol}`));

/** A token of the test's own, on the origin chain: no devnet list names it. */
async function deployGold(): Promise<Address> {
  const hash = await wallet(4).deployContract({
    abi: devnetTokenAbi,
    bytecode: devnetTokenBytecode,
    args: ["Devnet Gold", "GLD", 9],
    chain: null,
  });
  const receipt = await reader(origin()).waitForTransactionReceipt({ hash, pollingInterval: 50 });
  return getAddress(receipt.contractAddress as Address);
}

test("default: defaultList is the default list, what GET /chains features; a full search adds WETH", async () => {
  const chainIds = [origin().chainId];
  const full = symbols(await client().getCurrencies({ chainIds }));
  expect(full).toEqual([
    [`${origin().chainId}:ETH`],
    [`${origin().chainId}:USDC`],
    [`${origin().chainId}:WETH`],
  ]);
  expect(symbols(await client().getCurrencies({ chainIds, defaultList: true }))).toEqual([
    [`${origin().chainId}:ETH`],
    [`${origin().chainId}:USDC`],
  ]);
  const { chains } = await client().getChains();
  const chain = chains.find((c) => c.id === origin().chainId);
  expect(chain?.featuredTokens?.map((token) => token.symbol)).toEqual(["USDC"]);
  expect(chain?.erc20Currencies?.map((token) => token.symbol)).toEqual(["USDC", "WETH"]);
});

test("useExternalSearch: a token the devnet does not list, read from its chain, unverified", async () => {
  const gold = await deployGold();
  expect(await client().getCurrencies({ address: gold })).toEqual([]);
  const found = await client().getCurrencies({ address: gold, useExternalSearch: true });
  expect(found).toEqual([
    [
      {
        groupID: `${origin().chainId}:${gold.toLowerCase()}`,
        chainId: origin().chainId,
        address: gold,
        symbol: "GLD",
        name: "Devnet Gold",
        decimals: 9,
        vmType: "evm",
        metadata: { verified: false, isNative: false },
      },
    ],
  ]);
  // By tokens, and with a term it matches; not on a chain where it is not a contract; never as verified.
  expect(
    await client().getCurrencies({ tokens: [`${origin().chainId}:${gold}`], useExternalSearch: true }),
  ).toEqual(found);
  expect(await client().getCurrencies({ address: gold, term: "gold", useExternalSearch: true })).toEqual(
    found,
  );
  expect(await client().getCurrencies({ address: gold, term: "silver", useExternalSearch: true })).toEqual(
    [],
  );
  expect(
    await client().getCurrencies({
      address: gold,
      chainIds: [destination().chainId],
      useExternalSearch: true,
    }),
  ).toEqual([]);
  expect(await client().getCurrencies({ address: gold, verified: true, useExternalSearch: true })).toEqual(
    [],
  );
  // A listed currency is answered from the list, once.
  const usdc = await client().getCurrencies({
    address: origin().contracts.token,
    chainIds: [origin().chainId],
    useExternalSearch: true,
  });
  expect(symbols(usdc)).toEqual([[`${origin().chainId}:USDC`]]);
  // /currencies/v2: the same search, one flat list.
  const response = await fetch(`${devnet().url}/currencies/v2`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ address: gold, useExternalSearch: true }),
  });
  expect(await response.json()).toEqual([expect.objectContaining({ address: gold, symbol: "GLD" })]);
});
