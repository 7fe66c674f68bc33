import { getAddress } from "viem";
import { expect, test } from "vitest";
import { destinationToken, solver } from "../../../../test/support/devnetApi.js";
import { quotedRequest } from "../../../../test/support/devnetRequests.js";
import { user as fixtureUser, testAddress } from "../../../../test/support/fixtures.js";
import { devnetBytes32Encoders } from "../../../attestkit/src/attestation/devnetBytes32Encoder.js";
import { verifyAttestation } from "../../../attestkit/src/attestation/verifyAttestation.js";
import { bitcoin } from "../../../attestkit/src/chains/bitcoin/constants.js";
import { responseSchemas } from "../../../attestkit/src/schemas/responses.js";
import { buildAttestation } from "./buildAttestation.js";

/** A request between the EVM chains, its addresses written in lower case. */
const request = quotedRequest({
  user: fixtureUser,
  recipient: testAddress.toLowerCase() as `0x${string}`,
  destinationCurrency: destinationToken.toLowerCase() as `0x${string}`,
  amountIn: 12_345n,
});

test("default: the v1 tuple (EVM addresses checksummed), signed by the solver", async () => {
  const record = await buildAttestation({ request, version: "v1", solver });
  expect(record.requestData).toEqual({
    originChainId: 31337,
    originUser: getAddress(fixtureUser),
    originCurrency: request.originCurrency,
    originAmount: "12345",
    destinationChainId: 31338,
    destinationUser: testAddress,
  });
  expect(responseSchemas.attestation.parse(record)).toBeTruthy();
  const verdict = await verifyAttestation({
    requestId: request.requestId,
    ...record,
    solvers: [solver.address],
  });
  expect(verdict).toMatchObject({ valid: true, signer: solver.address });
});

test("v2: the destination currency instead of the amount, and a signature of that tuple only", async () => {
  const record = await buildAttestation({ request, version: "v2", solver });
  expect(record.requestData).toEqual({
    originChainId: 31337,
    originUser: getAddress(fixtureUser),
    originCurrency: request.originCurrency,
    destinationChainId: 31338,
    destinationUser: testAddress,
    destinationCurrency: destinationToken,
  });
  const parameters = { requestId: request.requestId, ...record, solvers: [solver.address] };
  expect(await verifyAttestation({ ...parameters, version: "v2" })).toMatchObject({ valid: true });
  // The same words read as v1 are another tuple: not this signature's.
  const asV1 = { ...record.requestData, originAmount: "12345" };
  expect(await verifyAttestation({ ...parameters, requestData: asV1, version: "v1" })).toMatchObject({
    valid: false,
  });
});

test("Bitcoin fields are kept as written (no checksum), and encoded by the devnet's encoders", async () => {
  const fromBitcoin = quotedRequest({
    originChainId: bitcoin.chainId,
    user: "bc1qdqqsq6y7csd0cr3ye45h9lv8ydh777j2wehgl6" as `0x${string}`,
    originCurrency: bitcoin.nativeCurrency as `0x${string}`,
    recipient: testAddress,
  });
  const record = await buildAttestation({ request: fromBitcoin, version: "v1", solver });
  expect(record.requestData).toMatchObject({
    originChainId: bitcoin.chainId,
    originUser: "bc1qdqqsq6y7csd0cr3ye45h9lv8ydh777j2wehgl6",
    originCurrency: bitcoin.nativeCurrency,
  });
  const verdict = await verifyAttestation({
    requestId: fromBitcoin.requestId,
    ...record,
    encoders: devnetBytes32Encoders,
    solvers: [solver.address],
  });
  expect(verdict.valid).toBe(true);
});

test("a low account word (the burn address) is signed as it is, not refused here", async () => {
  const burn = quotedRequest({ recipient: "0x000000000000000000000000000000000000dEaD" });
  const record = await buildAttestation({ request: burn, version: "v1", solver });
  expect(record.requestData.destinationUser).toBe("0x000000000000000000000000000000000000dEaD");
  expect(record.signature).toMatch(/^0x[0-9a-f]{130}$/);
});
