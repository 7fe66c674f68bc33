import { expect, test } from "vitest";
import { parseResponse } from "../../packages/attestkit/src/schemas/parseResponse.js";
import { requestStatuses } from "../../packages/attestkit/src/schemas/statuses.js";
import { validateRequest } from "../../packages/attestkit/src/schemas/validateRequest.js";
import {
  chainsResponse,
  currenciesResponse,
  depositStep,
  priceResponse,
  quoteResponse,
  routeRequest,
  statusResponse,
} from "./fixtures.js";

test("default: every built body is accepted by its schema", () => {
  expect(parseResponse({ endpoint: "quote", body: quoteResponse() }).steps).toHaveLength(1);
  expect(
    parseResponse({ endpoint: "quote", body: quoteResponse([depositStep({ chainId: "10" })]) }).steps[0]
      ?.items[0]?.data,
  ).toMatchObject({ chainId: 10 });
  expect(parseResponse({ endpoint: "price", body: priceResponse }).details?.timeEstimate).toBe("2");
  expect(parseResponse({ endpoint: "chains", body: chainsResponse }).chains).toHaveLength(2);
  expect(parseResponse({ endpoint: "currencies", body: currenciesResponse })).toHaveLength(1);
  for (const status of requestStatuses)
    expect(parseResponse({ endpoint: "status", body: statusResponse(status) }).status).toBe(status);
  expect(validateRequest({ endpoint: "quote", body: routeRequest() })).toMatchObject({ originChainId: 1 });
});

test("loaded bodies are fresh copies: a test that changes one does not change the next", () => {
  const first = quoteResponse();
  first.protocol.v2.orderId = "changed";
  expect(quoteResponse().protocol.v2.orderId).not.toBe("changed");
});
