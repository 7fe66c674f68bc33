import { expect, test } from "vitest";
import { priceResponse, routeRequest } from "../../../../../test/support/fixtures.js";
import { useTestServer } from "../../../../../test/support/useTestServer.js";
import { InvalidRequestError } from "../../schemas/errors.js";
import { createBaseClient } from "../createBaseClient.js";
import { ApiError } from "../errors/request.js";
import { getPrice } from "./getPrice.js";

const server = useTestServer();
const client = (referrer?: string) =>
  createBaseClient({
    network: { baseUrl: server.url },
    retry: { delay: 1 },
    ...(referrer ? { referrer } : {}),
  });

test("default: posts to /price with the client's referrer", async () => {
  server.on("POST", "/price", { body: priceResponse });
  const price = await getPrice(client("my-app"), routeRequest());
  expect(price.details?.timeEstimate).toBe("2");
  expect(price.fees?.app).toBeNull();
  expect(server.requests[0]?.body).toEqual({ ...routeRequest(), referrer: "my-app" });
});

test("a rule break is refused before sending", async () => {
  const error = await getPrice(client(), routeRequest({ amount: "-1" })).catch((e: unknown) => e);
  expect(error).toMatchObject({ name: "InvalidRequestError", endpoint: "price", field: "amount" });
  expect(error).toBeInstanceOf(InvalidRequestError);
  expect(server.requests).toHaveLength(0);
});

test("503 SERVICE_UNAVAILABLE is retried, then succeeds", async () => {
  server.on(
    "POST",
    "/price",
    { status: 503, body: { message: "Service unavailable", errorCode: "SERVICE_UNAVAILABLE" } },
    { body: priceResponse },
  );
  await getPrice(client(), routeRequest());
  expect(server.requests).toHaveLength(2);
});

test("a 503 storm ends in an ApiError with the code", async () => {
  server.on("POST", "/price", {
    status: 503,
    body: { message: "Price fetch failed", errorCode: "PRICE_FETCH_FAILED" },
  });
  const error = await getPrice(client(), routeRequest()).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  expect(error).toMatchObject({ status: 503, code: "PRICE_FETCH_FAILED" });
  expect(server.requests).toHaveLength(4); // 1 + 3 retries by default
});
