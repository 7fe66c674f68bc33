import { expect, test } from "vitest";
import { chainIds } from "../../../attestkit/src/attestation/constants.js";
import { devnetBytes32Encoders } from "../../../attestkit/src/attestation/devnetBytes32Encoder.js";
import { AccountWordOutOfRangeError } from "../../../attestkit/src/attestation/errors.js";
import { hashAttestation } from "../../../attestkit/src/attestation/hashAttestation.js";
import { hashRawAttestation } from "./hashRawAttestation.js";

const requestId = `0x${"ab".repeat(32)}` as const;
const fields = {
  originChainId: 8453,
  originUser: "0xf3d63166F0Ca56C3c1A3508FcE03Ff0Cf3Fb691e",
  originCurrency: "0x0000000000000000000000000000000000000000",
  destinationChainId: 10,
  destinationUser: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
};

test("default: a tuple the layout rule accepts hashes as hashAttestation hashes it, v1 and v2", () => {
  const v1 = { ...fields, originAmount: "700000000000000000" };
  expect(hashRawAttestation({ version: "v1", requestId, requestData: v1 })).toBe(
    hashAttestation({ requestId, requestData: v1 }),
  );
  const v2 = { ...fields, destinationCurrency: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913" };
  expect(hashRawAttestation({ version: "v2", requestId, requestData: v2 })).toBe(
    hashAttestation({ requestId, requestData: v2, version: "v2" }),
  );
});

test("fields on a VM without a built-in rule go through the encoders given", () => {
  const requestData = {
    ...fields,
    destinationChainId: chainIds.bitcoin,
    destinationUser: "bc1qdqqsq6y7csd0cr3ye45h9lv8ydh777j2wehgl6",
    originAmount: "1",
  };
  const encoders = devnetBytes32Encoders;
  expect(hashRawAttestation({ version: "v1", requestId, requestData, encoders })).toBe(
    hashAttestation({ requestId, requestData, encoders }),
  );
});

test("a low account word (the burn address) is hashed as it is; the verifiers' encoding refuses it", () => {
  for (const destinationUser of [
    "0x000000000000000000000000000000000000dEaD",
    "0x000000000000000000000000000000000000bEEF",
  ]) {
    const requestData = { ...fields, destinationUser, originAmount: "1" };
    expect(hashRawAttestation({ version: "v1", requestId, requestData })).toMatch(/^0x[0-9a-f]{64}$/);
    expect(() => hashAttestation({ requestId, requestData })).toThrow(AccountWordOutOfRangeError);
  }
});
