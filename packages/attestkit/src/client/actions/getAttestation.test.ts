import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, test } from "vitest";
import { requestId, user, zeroAddress } from "../../../../../test/support/fixtures.js";
import { useTestServer } from "../../../../../test/support/useTestServer.js";
import { InvalidSignatureLengthError } from "../../attestation/errors.js";
import { hashAttestation } from "../../attestation/hashAttestation.js";
import { InvalidRequestError } from "../../schemas/errors.js";
import { createBaseClient } from "../createBaseClient.js";
import { ApiError } from "../errors/request.js";
import { getAttestation } from "./getAttestation.js";

const server = useTestServer();
const client = () => createBaseClient({ network: { baseUrl: server.url }, retry: false });

// A stand-in solver key; the live solver's key is not ours.
const solver = privateKeyToAccount("0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba");

const v1Data = {
  originChainId: 1,
  originUser: user,
  originCurrency: zeroAddress,
  originAmount: "1000000000000000",
  originTransferDestination: null,
  destinationChainId: 8453,
  destinationUser: user,
};
const v2Data = {
  originChainId: 1,
  originUser: user,
  originCurrency: zeroAddress,
  destinationChainId: 8453,
  destinationUser: user,
  destinationCurrency: zeroAddress,
};

async function signed(requestData: Record<string, unknown>, version: "v1" | "v2") {
  const hash = hashAttestation({ requestId, requestData, version });
  return { requestData, signature: await solver.signMessage({ message: { raw: hash } }) };
}

test("default: v1 path, record returned as is", async () => {
  const record = await signed(v1Data, "v1");
  server.on("GET", `/requests/${requestId}/signature`, { body: record });
  const result = await getAttestation(client(), { requestId });
  expect(result.signature).toBe(record.signature);
  expect(result.requestData).toMatchObject({ originAmount: "1000000000000000", destinationChainId: 8453 });
  expect(result).not.toHaveProperty("verification");
});

test("v2 path", async () => {
  server.on("GET", `/requests/${requestId}/signature/v2`, { body: await signed(v2Data, "v2") });
  const result = await getAttestation(client(), { requestId, version: "v2" });
  expect(result.requestData.destinationCurrency).toBe(zeroAddress);
  expect(server.requests[0]?.path).toBe(`/requests/${requestId}/signature/v2`);
});

describe("verify", () => {
  test("a record signed by an allowed solver is valid", async () => {
    server.on("GET", `/requests/${requestId}/signature`, { body: await signed(v1Data, "v1") });
    const result = await getAttestation(client(), { requestId, verify: { solvers: [solver.address] } });
    expect(result.verification).toMatchObject({ valid: true, signer: solver.address });
  });

  test("v2 verifies over the v2 tuple", async () => {
    server.on("GET", `/requests/${requestId}/signature/v2`, { body: await signed(v2Data, "v2") });
    const result = await getAttestation(client(), {
      requestId,
      version: "v2",
      verify: { solvers: [solver.address] },
    });
    expect(result.verification.valid).toBe(true);
  });

  test("verify: true trusts only the live solver", async () => {
    server.on("GET", `/requests/${requestId}/signature`, { body: await signed(v1Data, "v1") });
    const result = await getAttestation(client(), { requestId, verify: true });
    expect(result.verification).toMatchObject({
      valid: false,
      signer: solver.address,
      reason: "signer-not-allowed",
    });
  });

  test("a tampered amount no longer recovers the solver", async () => {
    const record = await signed(v1Data, "v1");
    server.on("GET", `/requests/${requestId}/signature`, {
      body: { ...record, requestData: { ...record.requestData, originAmount: "1000000000000001" } },
    });
    const result = await getAttestation(client(), { requestId, verify: { solvers: [solver.address] } });
    expect(result.verification.valid).toBe(false);
    expect(result.verification.signer).not.toBe(solver.address);
  });

  test("a malformed signature throws the attestation core's typed error", async () => {
    server.on("GET", `/requests/${requestId}/signature`, {
      body: { requestData: v1Data, signature: "0x1234" },
    });
    await expect(getAttestation(client(), { requestId, verify: true })).rejects.toBeInstanceOf(
      InvalidSignatureLengthError,
    );
  });
});

test("error body with code (signature endpoint shape)", async () => {
  server.on("GET", `/requests/${requestId}/signature`, {
    status: 404,
    body: { message: "Request not found", code: "NOT_FOUND" },
  });
  const error = await getAttestation(client(), { requestId }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  expect(error).toMatchObject({ status: 404, code: "NOT_FOUND" });
});

test("a request id that is not 32 bytes of hex is refused before sending", async () => {
  await expect(getAttestation(client(), { requestId: "../chains" })).rejects.toBeInstanceOf(
    InvalidRequestError,
  );
  await expect(getAttestation(client(), { requestId, version: "v3" as "v1" })).rejects.toMatchObject({
    field: "version",
  });
  expect(server.requests).toHaveLength(0);
});
