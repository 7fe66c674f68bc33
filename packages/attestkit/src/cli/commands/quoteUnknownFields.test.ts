import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { captureIo } from "../../../../../test/support/captureIo.js";
import { quoteResponse, routeRequest } from "../../../../../test/support/fixtures.js";
import { makeTempDir } from "../../../../../test/support/tempDir.js";
import { useTestServer } from "../../../../../test/support/useTestServer.js";
import { getQuote } from "../../client/actions/getQuote.js";
import { createBaseClient } from "../../client/createBaseClient.js";
import { InvalidRequestError } from "../../schemas/errors.js";
import { runCli } from "../createProgram.js";

const server = useTestServer();
const user = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";

/** A deposit-address request with the fields the SDK's types added and one no one has made yet. */
const request = {
  ...routeRequest({ user }),
  useDepositAddress: true,
  recoveryAddress: user,
  disableSwapProviderPreference: true,
  subsidizeFees: true,
  sponsoredFeeComponents: ["rent" as const],
  aFieldFromTheFuture: { level: 2, list: ["x", 1, null] },
};

function write(name: string, body: unknown): string {
  const file = join(makeTempDir("quote-fields"), name);
  writeFileSync(file, JSON.stringify(body));
  return file;
}

async function quoteCli(args: string[]) {
  const io = captureIo();
  const code = await runCli(["--api", server.url, "--timeout", "5000", "quote", ...args], io);
  return { code, io };
}

describe("fields the service added: sent exactly as given", () => {
  test("attestkit quote -f FILE: sent, with a warning on stderr for the unknown one only", async () => {
    server.on("POST", "/quote/v2", { body: quoteResponse() });
    const file = write("future.json", request);
    const { code, io } = await quoteCli(["-f", file, "--json"]);
    expect(code).toBe(0);
    expect(server.requests[0]?.body).toEqual({ ...request, includeProtocolData: true });
    expect(io.stderr).toEqual([
      `warning: "aFieldFromTheFuture" of ${file} is not a quote field attestkit knows: sent as given (--strict-fields refuses it).`,
    ]);
  });

  test("getQuote: sent, nothing said", async () => {
    server.on("POST", "/quote/v2", { body: quoteResponse() });
    await getQuote(createBaseClient({ network: { baseUrl: server.url } }), request);
    expect(server.requests[0]?.body).toEqual({ ...request, includeProtocolData: true });
  });
});

describe("a near miss is refused with a suggestion, and nothing is sent", () => {
  const typo = { ...routeRequest({ user }), slipageTolerance: "50" };

  test("attestkit quote -f FILE: exit 2, the field, the suggestion and the flag to send it anyway", async () => {
    const file = write("typo.json", typo);
    const { code, io } = await quoteCli(["-f", file]);
    expect(code).toBe(2);
    const text = io.stderr.join("\n");
    expect(text).toContain(
      `"slipageTolerance" of ${file} is not a field of this endpoint: did you mean "slippageTolerance"?`,
    );
    expect(text).toContain("--allow-field slipageTolerance");
    expect(server.requests).toHaveLength(0);
  });

  test("getQuote: InvalidRequestError with the suggestion", async () => {
    const error = await getQuote(createBaseClient({ network: { baseUrl: server.url } }), typo).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect((error as InvalidRequestError).issues[0]).toMatchObject({
      field: "slipageTolerance",
      suggestion: "slippageTolerance",
    });
    expect(server.requests).toHaveLength(0);
  });

  test("--allow-field sends it as given; the client's allowFields too", async () => {
    server.on("POST", "/quote/v2", { body: quoteResponse() }, { body: quoteResponse() });
    const file = write("allowed.json", typo);
    const { code, io } = await quoteCli(["-f", file, "--allow-field", "slipageTolerance", "--json"]);
    expect(code).toBe(0);
    expect(io.stderr).toEqual([]);
    const client = createBaseClient({ network: { baseUrl: server.url }, allowFields: ["slipageTolerance"] });
    await getQuote(client, typo);
    for (const sent of server.requests) expect(sent.body).toEqual({ ...typo, includeProtocolData: true });
  });
});

describe("strict: nothing unknown is sent", () => {
  test("--strict-fields: exit 2 naming the field, nothing sent", async () => {
    const file = write("strict.json", request);
    const { code, io } = await quoteCli(["-f", file, "--strict-fields"]);
    expect(code).toBe(2);
    expect(io.stderr.join("\n")).toContain(
      `"aFieldFromTheFuture" of ${file} is not a field of this endpoint.`,
    );
    expect(io.stderr.join("\n")).not.toContain("--allow-field");
    expect(server.requests).toHaveLength(0);
  });

  test("unknownFields: refuse", async () => {
    const client = createBaseClient({ network: { baseUrl: server.url }, unknownFields: "refuse" });
    await expect(getQuote(client, request)).rejects.toMatchObject({
      name: "InvalidRequestError",
      field: "aFieldFromTheFuture",
      rule: "unknown-key",
    });
    expect(server.requests).toHaveLength(0);
  });

  test("a client setting that is neither send nor refuse is refused at creation", () => {
    expect(() =>
      createBaseClient({ network: { baseUrl: server.url }, unknownFields: "drop" as never }),
    ).toThrow(/unknownFields/);
    expect(() => createBaseClient({ network: { baseUrl: server.url }, allowFields: [""] })).toThrow(
      /allowFields/,
    );
  });
});
