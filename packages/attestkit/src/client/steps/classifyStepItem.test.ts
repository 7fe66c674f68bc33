import { describe, expect, test } from "vitest";
import { InvalidExchangeTransferError } from "../../chains/exchange/errors.js";
import type { Step } from "../../schemas/index.js";
import { InvalidStepItemError, MissingStepHandlerError } from "../errors/steps.js";
import { classifyStepItem } from "./classifyStepItem.js";
import { parseSteps } from "./parseSteps.js";
import { preflightSteps } from "./preflightSteps.js";

const requestId = `0x${"ab".repeat(32)}`;
const to = "0x1111111111111111111111111111111111111111";
const transfer = (memo = requestId.slice(2)) => ({
  type: "transfer",
  parameters: {
    toAccountIndex: 17,
    assetIndex: 0,
    fromRouteType: 1,
    toRouteType: 1,
    amount: 5,
    usdcFee: 1,
    memo,
  },
});
const step = (kind: string, ...data: unknown[]): Step =>
  parseSteps([
    { id: "deposit", kind, requestId, items: data.map((d) => ({ status: "incomplete", data: d })) },
  ])[0] as Step;
const classify = (kind: string, data: unknown) => {
  const s = step(kind, data);
  return classifyStepItem({ step: s, item: s.items[0] as Step["items"][number], itemIndex: 0 });
};

describe("classifyStepItem", () => {
  test("default: a transaction with its quantities as bigints", () => {
    expect(classify("transaction", { to, data: "0x12", value: "7", chainId: "10", gas: null })).toEqual({
      kind: "transaction",
      data: { to, data: "0x12", value: 7n, chainId: 10, gas: undefined },
    });
  });

  test("each kind", () => {
    expect(classify("transaction", { to, chainId: 1 }).kind).toBe("approval");
    expect(classify("transaction", { psbt: "70736274ff" })).toEqual({
      kind: "psbt",
      data: { psbt: "70736274ff" },
    });
    expect(
      classify("signature", {
        sign: { signatureKind: "eip191", message: "m" },
        post: { endpoint: "/p", method: "POST" },
      }).kind,
    ).toBe("signature");
    const exchange = classify("transaction", { action: transfer() });
    expect(exchange).toMatchObject({
      kind: "exchange",
      transfer: { type: "transfer", parameters: { amount: 5 } },
    });
  });

  test("an unknown shape names the step kind and what was expected", () => {
    const error = (() => {
      try {
        classify("signature", { to, data: "0x", chainId: 1 });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(InvalidStepItemError);
    expect((error as InvalidStepItemError).shortMessage).toBe(
      'Step "deposit" item 0 cannot be executed: unknown item shape for a "signature" step (expected to/data, sign/post, psbt or action).',
    );
  });

  test("data unfit for its kind names the field", () => {
    expect(() => classify("transaction", { to, data: "0x1", chainId: 1 })).toThrow(
      'Step "deposit" item 0 cannot be executed: data is not hex.',
    );
    expect(() => classify("transaction", { to, data: "0x", chainId: 1, maxFeePerGas: "ten" })).toThrow(
      'maxFeePerGas "ten" is not an integer',
    );
  });

  test("a transfer whose memo is not 32 bytes of hex is refused (which id it names is the guard's check)", () => {
    expect(() => classify("transaction", { action: transfer("00".repeat(31)) })).toThrow(
      InvalidExchangeTransferError,
    );
  });
});

describe("preflightSteps", () => {
  const psbt = { psbt: "70736274ff" };
  test("default: known items with their handlers pass", () => {
    expect(() =>
      preflightSteps({
        steps: [step("transaction", { to, data: "0x", chainId: 1 }, psbt, { action: transfer() })],
        handlers: { signPsbt: async () => undefined, submitExchangeTransfer: async () => undefined },
        serviceOrigin: "http://127.0.0.1",
      }),
    ).not.toThrow();
  });

  test("a post or check endpoint off the service is refused before anything runs", () => {
    const signature = (endpoint: string) => ({
      sign: { signatureKind: "eip191", message: "hello" },
      post: { endpoint, method: "POST", body: {} },
    });
    const run = (steps: ReturnType<typeof step>[]) => () =>
      preflightSteps({ steps, handlers: {}, serviceOrigin: "http://127.0.0.1:8787" });
    expect(run([step("signature", signature("/execute/permits"))])).not.toThrow();
    expect(run([step("signature", signature("http://127.0.0.1:8787/execute/permits"))])).not.toThrow();
    for (const endpoint of ["http://127.0.0.1:8545", "//evil.example/x", "https://evil.example/execute"])
      expect(run([step("signature", signature(endpoint))])).toThrow("is not on the service");
    const checked = step("transaction", { to, data: "0x", chainId: 1 });
    (checked.items[0] as { check?: unknown }).check = { endpoint: "http://10.0.0.1/status", method: "GET" };
    expect(run([checked])).toThrow("is not on the service");
  });

  test("a missing handler is named, whichever step needs it", () => {
    const steps = [step("transaction", { to, data: "0x", chainId: 1 }), step("transaction", psbt)];
    expect(() => preflightSteps({ steps, handlers: {}, serviceOrigin: "http://127.0.0.1" })).toThrow(
      MissingStepHandlerError,
    );
    expect(() =>
      preflightSteps({
        steps: [step("transaction", { action: transfer() })],
        handlers: {},
        serviceOrigin: "http://127.0.0.1",
      }),
    ).toThrow('needs the handler "submitExchangeTransfer"');
  });

  test("a broken later item is found before anything runs; complete items are not checked", () => {
    const later = step("transaction", { to: "0x12", data: "0x", chainId: 1 });
    expect(() =>
      preflightSteps({
        steps: [step("transaction", { to, data: "0x", chainId: 1 }), later],
        handlers: {},
        serviceOrigin: "http://127.0.0.1",
      }),
    ).toThrow("to is not an address");
    (later.items[0] as { status: string }).status = "complete";
    expect(() =>
      preflightSteps({ steps: [later], handlers: {}, serviceOrigin: "http://127.0.0.1" }),
    ).not.toThrow();
  });
});
