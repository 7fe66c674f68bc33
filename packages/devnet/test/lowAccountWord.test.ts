// A request paid to a low address (the burn address 0x…dEaD: a small integer as a word) completes,
// and the devnet signs its attestation over the raw tuple as the live solver does; every attestkit
// verifier then refuses that tuple by the layout rule instead of the devnet answering 500.
import { encodeAbiParameters, type Hex, keccak256, pad, parseEther, recoverMessageAddress } from "viem";
import { describe, expect, test } from "vitest";
import { useDevnet } from "../../../test/support/devnetHarness.js";
import { attestationAbiV1, attestationAbiV2 } from "../../attestkit/src/attestation/encodeAttestation.js";
import { AccountWordOutOfRangeError } from "../../attestkit/src/attestation/errors.js";
import { verifyAttestationNoble } from "../../attestkit/src/attestation/noble/verifyAttestationNoble.js";
import { verifyAttestation } from "../../attestkit/src/attestation/verifyAttestation.js";
import { waitForStatus } from "../../attestkit/src/client/actions/waitForStatus.js";
import { nativeCurrencyAddress } from "../src/constants.js";

const { devnet, origin, destination, wallet, account, client, reader } = useDevnet();
const burn = "0x000000000000000000000000000000000000dEaD";

type Record = { requestData: { [field: string]: string | number }; signature: Hex };
const word = (address: string) => pad(address.toLowerCase() as Hex, { size: 32 });

describe("a request paid to the burn address", () => {
  let requestId: Hex;
  const signed = async (version: "v1" | "v2") => {
    const response = await fetch(
      `${devnet().url}/requests/${requestId}/signature${version === "v2" ? "/v2" : ""}`,
    );
    return { status: response.status, body: (await response.json()) as Record };
  };

  test("default: completes, and both signature endpoints answer 200", async () => {
    const quote = await client().getQuote({
      user: account(5).address,
      recipient: burn,
      originChainId: origin().chainId,
      destinationChainId: destination().chainId,
      originCurrency: nativeCurrencyAddress,
      destinationCurrency: nativeCurrencyAddress,
      amount: parseEther("0.1").toString(),
      tradeType: "EXACT_INPUT",
    });
    requestId = quote.requestId as Hex;
    // The deposit as the quote's one transaction item gives it.
    const item = quote.steps[0]?.items[0]?.data as { to: Hex; data: Hex; value: string };
    const hash = await wallet(5).sendTransaction({
      to: item.to,
      data: item.data,
      value: BigInt(item.value),
      chain: null,
    });
    expect((await reader(origin()).waitForTransactionReceipt({ hash })).status).toBe("success");
    expect((await waitForStatus(client(), { requestId, intervalMs: 20 })).status).toBe("success");
    for (const version of ["v1", "v2"] as const) {
      const { status, body } = await signed(version);
      expect(status, JSON.stringify(body)).toBe(200);
      expect(body.requestData.destinationUser).toBe(burn);
    }
  });

  test("the signature recovers to the devnet solver over the raw tuple, low account word and all", async () => {
    const { body } = await signed("v1");
    const data = body.requestData;
    const v1 = encodeAbiParameters(attestationAbiV1, [
      requestId,
      BigInt(data.originChainId as number),
      word(data.originUser as string),
      word(data.originCurrency as string),
      BigInt(data.originAmount as string),
      BigInt(data.destinationChainId as number),
      word(burn),
    ]);
    const signer = await recoverMessageAddress({
      message: { raw: keccak256(v1) },
      signature: body.signature,
    });
    expect(signer).toBe(devnet().info.solver.address);

    const v2 = await signed("v2");
    const d2 = v2.body.requestData;
    const encoded = encodeAbiParameters(attestationAbiV2, [
      requestId,
      BigInt(d2.originChainId as number),
      word(d2.originUser as string),
      word(d2.originCurrency as string),
      BigInt(d2.destinationChainId as number),
      word(burn),
      word(d2.destinationCurrency as string),
    ]);
    expect(
      await recoverMessageAddress({ message: { raw: keccak256(encoded) }, signature: v2.body.signature }),
    ).toBe(devnet().info.solver.address);
  });

  test("every verifier refuses it with AccountWordOutOfRangeError on destinationUser", async () => {
    const solvers = [devnet().info.solver.address];
    for (const version of ["v1", "v2"] as const) {
      const { body } = await signed(version);
      const params = { requestId, ...body, version, solvers };
      const refusal = { name: "AccountWordOutOfRangeError", field: "destinationUser", word: word(burn) };
      await expect(verifyAttestation(params)).rejects.toThrow(AccountWordOutOfRangeError);
      await expect(verifyAttestation(params)).rejects.toMatchObject(refusal);
      expect(() => verifyAttestationNoble(params)).toThrow(AccountWordOutOfRangeError);
      // The client's verify option gives the same typed refusal.
      await expect(
        client().getAttestation({ requestId, version, verify: { solvers } }),
      ).rejects.toMatchObject(refusal);
    }
  });
});
