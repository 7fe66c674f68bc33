import { devnetDepositoryAbi } from "attestkit/contracts";
import { decodeFunctionData } from "viem";
import { describe, expect, test } from "vitest";
import type { QuoteRequest } from "../../../attestkit/src/schemas/index.js";
import { responseSchemas } from "../../../attestkit/src/schemas/responses.js";
import { stepItemKind } from "../../../attestkit/src/schemas/steps.js";
import { devnetSolverAddress, nativeCurrencyAddress } from "../constants.js";
import { devnetTokenAbi } from "../contracts/abis.js";
import { buildQuoteOrder } from "./buildQuoteOrder.js";
import { buildQuoteSteps } from "./buildQuoteSteps.js";
import { devnetCurrencies } from "./devnetCurrencies.js";
import { priceQuote } from "./priceQuote.js";
import { renderPriceBody } from "./renderPriceBody.js";
import { renderQuoteBody } from "./renderQuoteBody.js";

const token = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const depository = "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512";
const requestId = `0x${"12".repeat(32)}` as const;
const orderId = `0x${"0d".repeat(32)}` as const;
const user = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
const currencies = devnetCurrencies({
  chains: [
    { chainId: 31337, token },
    { chainId: 31338, token },
  ],
});
const nativeIn = currencies[0] as (typeof currencies)[number];
const priced = (overrides: Partial<QuoteRequest> = {}) =>
  priceQuote({
    body: {
      user,
      originChainId: 31337,
      destinationChainId: 31338,
      originCurrency: token,
      destinationCurrency: token,
      amount: "1000000",
      tradeType: "EXACT_INPUT",
      ...overrides,
    },
    chainIds: [31337, 31338],
    currencies,
  });
const order = () =>
  buildQuoteOrder({
    priced: priced(),
    originSlug: "devnet-origin",
    destinationSlug: "devnet-destination",
    solver: devnetSolverAddress,
    salt: `0x${"5a".repeat(32)}`,
    deadline: 1_700_000_000,
  });
const reads = { gasPrice: 2n, userBalance: 5n, needsApproval: false };
const url = "http://127.0.0.1:8787";

describe("buildQuoteSteps", () => {
  test("default: one deposit through the depository under the order id, checked at the status endpoint by request id", () => {
    const [deposit, ...rest] = buildQuoteSteps({
      priced: priced(),
      requestId,
      orderId,
      depository,
      needsApproval: false,
    });
    expect(rest).toEqual([]);
    expect(deposit).toMatchObject({ id: "deposit", kind: "transaction", requestId });
    const item = deposit?.items[0];
    expect(item && "check" in item ? item.check : undefined).toEqual({
      endpoint: `/intents/status/v3?requestId=${requestId}`,
      method: "GET",
    });
    expect(stepItemKind({ stepKind: "transaction", data: item?.data })).toBe("transaction");
    expect(decodeFunctionData({ abi: devnetDepositoryAbi, data: item?.data.data as `0x${string}` })).toEqual({
      functionName: "depositErc20",
      args: [user, token, 1_000_000n, orderId],
    });
    expect(item?.data.value).toBe("0");
  });

  test("a native deposit carries the value", () => {
    const [deposit] = buildQuoteSteps({
      priced: priced({ originCurrency: nativeCurrencyAddress, amount: "10000000000000000" }),
      requestId,
      orderId,
      depository,
      needsApproval: false,
    });
    expect(deposit?.items[0]?.data.value).toBe("10000000000000000");
    expect(
      decodeFunctionData({ abi: devnetDepositoryAbi, data: deposit?.items[0]?.data.data as `0x${string}` }),
    ).toEqual({
      functionName: "depositNative",
      args: [user, orderId],
    });
  });

  test("a short allowance puts an unchecked approval of the input first", () => {
    const steps = buildQuoteSteps({ priced: priced(), requestId, orderId, depository, needsApproval: true });
    expect(steps.map((step) => step.id)).toEqual(["approve", "deposit"]);
    const approve = steps[0]?.items[0];
    expect(approve && "check" in approve).toBe(false);
    expect(approve?.data.to).toBe(token);
    expect(decodeFunctionData({ abi: devnetTokenAbi, data: approve?.data.data as `0x${string}` })).toEqual({
      functionName: "approve",
      args: [depository, 1_000_000n],
    });
  });
});

describe("render", () => {
  test("default: the quote body is accepted by the quote response schema", () => {
    const orderData = order();
    const body = renderQuoteBody({
      priced: priced(),
      reads,
      nativeIn,
      url,
      requestId,
      steps: buildQuoteSteps({ priced: priced(), requestId, orderId, depository, needsApproval: false }),
      orderId,
      orderData,
      depository,
    });
    const quote = responseSchemas.quote.parse(body);
    expect(quote.requestId).toBe(requestId);
    expect(quote.steps[0]?.requestId).toBe(requestId);
    expect(quote.protocol?.v2).toEqual({
      orderId,
      orderData,
      // inputs[0].payment, and the depository the order does not cover.
      paymentDetails: {
        chainId: "devnet-origin",
        depository: depository.toLowerCase(),
        currency: token.toLowerCase(),
        amount: "1000000",
      },
      hubType: "onchain",
    });
    expect(quote.protocol?.v2?.orderSignature).toBeUndefined();
    expect(quote.fees?.gas?.amount).toBe(String(70_000n * 2n));
    expect(quote.details?.userBalance).toBe("5");
  });

  test("the price body: an approval adds its gas; a bridge keeps the group", () => {
    const body = renderPriceBody({
      priced: priced(),
      reads: { ...reads, needsApproval: true },
      nativeIn,
      url,
    });
    expect(responseSchemas.price.parse(body).fees?.gas?.amount).toBe(String(120_000n * 2n));
    expect(body.details.operation).toBe("bridge");
    expect(
      renderPriceBody({
        priced: priced({ destinationCurrency: nativeCurrencyAddress }),
        reads,
        nativeIn,
        url,
      }).details.operation,
    ).toBe("swap");
  });

  test("sponsorship is spread over the selected components in order, up to each total", () => {
    const sponsoredQuote = priced({ subsidizeFees: true, maxSubsidizationAmount: "10500" });
    const { feeSponsorship, protocol } = renderQuoteBody({
      priced: sponsoredQuote,
      reads,
      nativeIn,
      url,
      requestId,
      steps: [],
      orderId,
      orderData: order(),
      depository,
      orderSignature: "0xabcd",
    });
    expect(protocol.v2.orderSignature).toBe("0xabcd");
    expect(feeSponsorship.quoted.capHit).toBe(true);
    expect(feeSponsorship.quoted.components.execution?.sponsored.amount).toBe("10000");
    expect(feeSponsorship.quoted.components.relay?.sponsored.amount).toBe("500");
    expect(feeSponsorship.quoted.components.app?.sponsored.amount).toBe("0");
    expect(feeSponsorship.actual.sponsorPayment).toEqual({
      amount: "10500",
      address: sponsoredQuote.currencyIn.address,
      chainId: 31337,
    });
  });
});
