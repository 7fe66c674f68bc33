import { decodeEventLog, getAddress, padHex, parseAbi, zeroAddress } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { beforeAll, describe, expect, test } from "vitest";
import {
  amount,
  attest,
  deadline,
  deployFixture,
  destinationChainId,
  type Fixture,
  otherKey,
  revertOf,
  solver,
} from "../support/contracts.js";

let f: Fixture;
beforeAll(async () => {
  f = await deployFixture();
});

const depositoryEvents = parseAbi([
  "event RelayNativeDeposit(address from, uint256 amount, bytes32 id)",
  "event RelayErc20Deposit(address from, address token, uint256 amount, bytes32 id)",
]);

describe("payNative", () => {
  test("default", async () => {
    const requestId = f.nextRequestId();
    const { attestation, signature } = await attest({ requestId, requestData: f.requestData() });
    const before = await f.publicClient.getBalance({ address: f.depository.address });
    const hash = await f.receiver.write.payNative([attestation, signature, deadline], {
      account: f.payer.account,
      value: amount,
    });
    const receipt = await f.publicClient.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe("success");
    expect(await f.publicClient.getBalance({ address: f.depository.address })).toBe(before + amount);
    expect(await f.publicClient.getBalance({ address: f.receiver.address })).toBe(0n);
    expect(await f.receiver.read.payerOf([requestId])).toBe(getAddress(f.payer.account.address));

    const [deposit, paid] = receipt.logs;
    if (!deposit) throw new Error("no depository log");
    expect(decodeEventLog({ abi: depositoryEvents, ...deposit })).toEqual({
      eventName: "RelayNativeDeposit",
      args: { from: getAddress(f.receiver.address), amount, id: requestId },
    });
    const events = await f.receiver.getEvents.AttestedDeposit(
      { requestId },
      { blockHash: receipt.blockHash },
    );
    expect(events.map((e) => e.args)).toEqual([
      { requestId, payer: getAddress(f.payer.account.address), currency: zeroAddress, amount },
    ]);
    expect(paid?.topics[1]).toBe(requestId);
  });

  test("the live solver's checksummed and lowercase addresses encode alike", async () => {
    const requestId = f.nextRequestId();
    const { attestation, signature } = await attest({
      requestId,
      requestData: f.requestData({ originUser: f.receiver.address.toLowerCase() }),
    });
    await f.receiver.write.payNative([attestation, signature, deadline], {
      account: f.payer.account,
      value: amount,
    });
    expect(await f.receiver.read.payerOf([requestId])).toBe(getAddress(f.payer.account.address));
  });

  test("amount one less and one more revert with AmountMismatch", async () => {
    const { attestation, signature } = await attest({
      requestId: f.nextRequestId(),
      requestData: f.requestData(),
    });
    for (const value of [amount - 1n, amount + 1n]) {
      expect(
        await revertOf(
          f.receiver.write.payNative([attestation, signature, deadline], { account: f.payer.account, value }),
        ),
      ).toEqual({ errorName: "AmountMismatch", args: [amount, value] });
    }
  });

  test("a replay reverts with RequestAlreadyPaid", async () => {
    const requestId = f.nextRequestId();
    const { attestation, signature } = await attest({ requestId, requestData: f.requestData() });
    await f.receiver.write.payNative([attestation, signature, deadline], {
      account: f.payer.account,
      value: amount,
    });
    expect(
      await revertOf(
        f.receiver.write.payNative([attestation, signature, deadline], {
          account: f.stranger.account,
          value: amount,
        }),
      ),
    ).toEqual({ errorName: "RequestAlreadyPaid", args: [requestId, getAddress(f.payer.account.address)] });
  });

  test("an expired deadline reverts with DeadlineExpired", async () => {
    const { attestation, signature } = await attest({
      requestId: f.nextRequestId(),
      requestData: f.requestData(),
    });
    const block = await f.publicClient.getBlock();
    const error = await revertOf(
      f.receiver.write.payNative([attestation, signature, block.timestamp - 1n], {
        account: f.payer.account,
        value: amount,
      }),
    );
    expect(error.errorName).toBe("DeadlineExpired");
    expect(error.args[0]).toBe(block.timestamp - 1n);
    expect(error.args[1] as bigint).toBeGreaterThan(block.timestamp - 1n);
  });

  test("a wrong chain, receiver or currency reverts with its error", async () => {
    const wrongChain = await attest({
      requestId: f.nextRequestId(),
      requestData: f.requestData({ originChainId: 1 }),
    });
    expect(
      await revertOf(
        f.receiver.write.payNative([wrongChain.attestation, wrongChain.signature, deadline], {
          account: f.payer.account,
          value: amount,
        }),
      ),
    ).toEqual({ errorName: "OriginChainMismatch", args: [1n, BigInt(f.chainId)] });

    const wrongUser = await attest({
      requestId: f.nextRequestId(),
      requestData: f.requestData({ originUser: f.payer.account.address }),
    });
    expect(
      await revertOf(
        f.receiver.write.payNative([wrongUser.attestation, wrongUser.signature, deadline], {
          account: f.payer.account,
          value: amount,
        }),
      ),
    ).toEqual({
      errorName: "OriginUserMismatch",
      args: [
        padHex(f.payer.account.address.toLowerCase() as `0x${string}`, { size: 32 }),
        getAddress(f.receiver.address),
      ],
    });

    const tokenCurrency = await attest({
      requestId: f.nextRequestId(),
      requestData: f.requestData({ originCurrency: f.token.address }),
    });
    expect(
      await revertOf(
        f.receiver.write.payNative([tokenCurrency.attestation, tokenCurrency.signature, deadline], {
          account: f.payer.account,
          value: amount,
        }),
      ),
    ).toEqual({
      errorName: "CurrencyMismatch",
      args: [tokenCurrency.attestation.originCurrency, zeroAddress],
    });
  });

  test("a destination off the whitelist reverts until whitelisted", async () => {
    const user = "0xbeef00000000000000000000000000000000beef";
    const { attestation, signature } = await attest({
      requestId: f.nextRequestId(),
      requestData: f.requestData({ destinationUser: user }),
    });
    const pay = () =>
      f.receiver.write.payNative([attestation, signature, deadline], {
        account: f.payer.account,
        value: amount,
      });
    expect(await revertOf(pay())).toEqual({
      errorName: "RecipientNotWhitelisted",
      args: [BigInt(destinationChainId), padHex(user, { size: 32 })],
    });
    await f.receiver.write.setRecipients([
      [{ chainId: BigInt(destinationChainId), user: padHex(user, { size: 32 }) }],
      true,
    ]);
    await pay();
    expect(await f.receiver.read.payerOf([attestation.requestId])).toBe(getAddress(f.payer.account.address));
  });

  test("a signature by another key reverts with SignerNotAllowed naming it", async () => {
    const other = privateKeyToAccount(otherKey);
    const { attestation, signature } = await attest({
      requestId: f.nextRequestId(),
      requestData: f.requestData(),
      signer: other,
    });
    expect(
      await revertOf(
        f.receiver.write.payNative([attestation, signature, deadline], {
          account: f.payer.account,
          value: amount,
        }),
      ),
    ).toEqual({ errorName: "SignerNotAllowed", args: [other.address] });
  });

  test("malformed signatures revert with the library's errors", async () => {
    const { attestation, signature } = await attest({
      requestId: f.nextRequestId(),
      requestData: f.requestData(),
    });
    const pay = (sig: `0x${string}`) =>
      revertOf(
        f.receiver.write.payNative([attestation, sig, deadline], { account: f.payer.account, value: amount }),
      );
    expect(await pay(signature.slice(0, 130) as `0x${string}`)).toEqual({
      errorName: "AttestationInvalidSignatureLength",
      args: [64n],
    });
    expect(await pay(`${signature}00`)).toEqual({
      errorName: "AttestationInvalidSignatureLength",
      args: [66n],
    });
    expect(await pay(`${signature.slice(0, 130)}1d` as `0x${string}`)).toEqual({
      errorName: "AttestationInvalidSignatureV",
      args: [29],
    });
    const n = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
    const s = BigInt(`0x${signature.slice(66, 130)}`);
    const v = Number.parseInt(signature.slice(130), 16);
    const highS = padHex(`0x${(n - s).toString(16)}`, { size: 32 });
    const twin =
      `${signature.slice(0, 66)}${highS.slice(2)}${(v === 27 ? 28 : 27).toString(16)}` as `0x${string}`;
    expect(await pay(twin)).toEqual({ errorName: "AttestationHighSignatureS", args: [highS] });
    expect(await pay(`0x${"00".repeat(65)}`)).toEqual({
      errorName: "AttestationInvalidSignatureR",
      args: [padHex("0x0", { size: 32 })],
    });
  });

  test("pause blocks payments with ReceiverPaused; non-owners cannot pause", async () => {
    expect(await revertOf(f.receiver.write.setPaused([true], { account: f.stranger.account }))).toEqual({
      errorName: "OwnableUnauthorized",
      args: [getAddress(f.stranger.account.address)],
    });
    await f.receiver.write.setPaused([true]);
    const { attestation, signature } = await attest({
      requestId: f.nextRequestId(),
      requestData: f.requestData(),
    });
    expect(
      await revertOf(
        f.receiver.write.payNative([attestation, signature, deadline], {
          account: f.payer.account,
          value: amount,
        }),
      ),
    ).toEqual({ errorName: "ReceiverPaused", args: [] });
    await f.receiver.write.setPaused([false]);
  });

  test("a rotated solver signs for the receiver; the old one no longer does", async () => {
    const next = privateKeyToAccount(otherKey);
    await f.receiver.write.setPrimarySolver([next.address]);
    try {
      const old = await attest({ requestId: f.nextRequestId(), requestData: f.requestData() });
      expect(
        await revertOf(
          f.receiver.write.payNative([old.attestation, old.signature, deadline], {
            account: f.payer.account,
            value: amount,
          }),
        ),
      ).toEqual({ errorName: "SignerNotAllowed", args: [solver.address] });
      const fresh = await attest({
        requestId: f.nextRequestId(),
        requestData: f.requestData(),
        signer: next,
      });
      await f.receiver.write.payNative([fresh.attestation, fresh.signature, deadline], {
        account: f.payer.account,
        value: amount,
      });
      expect(await f.receiver.read.payerOf([fresh.attestation.requestId])).toBe(
        getAddress(f.payer.account.address),
      );
    } finally {
      await f.receiver.write.setPrimarySolver([solver.address]);
    }
  });

  test("an ERC-1271 contract solver is accepted", async () => {
    const next = privateKeyToAccount(otherKey);
    const wallet = await f.deployContractSolver(next.address);
    await f.receiver.write.setContractSolvers([[wallet.address]]);
    try {
      const { attestation, signature } = await attest({
        requestId: f.nextRequestId(),
        requestData: f.requestData(),
        signer: next,
      });
      await f.receiver.write.payNative([attestation, signature, deadline], {
        account: f.payer.account,
        value: amount,
      });
      expect(await f.receiver.read.payerOf([attestation.requestId])).toBe(
        getAddress(f.payer.account.address),
      );
    } finally {
      await f.receiver.write.setContractSolvers([[]]);
    }
  });

  test("a plain transfer (a refund) is accepted and the owner forwards it to the payer", async () => {
    const requestId = f.nextRequestId();
    const { attestation, signature } = await attest({ requestId, requestData: f.requestData() });
    await f.publicClient.waitForTransactionReceipt({
      hash: await f.receiver.write.payNative([attestation, signature, deadline], {
        account: f.payer.account,
        value: amount,
      }),
    });
    await f.publicClient.waitForTransactionReceipt({
      hash: await f.payer.sendTransaction({ to: f.receiver.address, value: 7n, account: f.payer.account }),
    });
    expect(await f.publicClient.getBalance({ address: f.receiver.address })).toBe(7n);
    const before = await f.publicClient.getBalance({ address: f.payer.account.address });
    await f.publicClient.waitForTransactionReceipt({
      hash: await f.receiver.write.refund([requestId, zeroAddress, amount, 7n]),
    });
    expect(await f.publicClient.getBalance({ address: f.receiver.address })).toBe(0n);
    expect(await f.publicClient.getBalance({ address: f.payer.account.address })).toBe(before + 7n);
  });
});

describe("payErc20", () => {
  test("default", async () => {
    const requestId = f.nextRequestId();
    const { attestation, signature } = await attest({
      requestId,
      requestData: f.requestData({ originCurrency: f.token.address }),
    });
    const hash = await f.receiver.write.payErc20([f.token.address, attestation, signature, deadline], {
      account: f.payer.account,
    });
    const receipt = await f.publicClient.waitForTransactionReceipt({ hash });
    const deposit = receipt.logs.find((l) => l.address.toLowerCase() === f.depository.address.toLowerCase());
    if (!deposit) throw new Error("no depository log");
    expect(decodeEventLog({ abi: depositoryEvents, ...deposit })).toEqual({
      eventName: "RelayErc20Deposit",
      args: {
        from: getAddress(f.receiver.address),
        token: getAddress(f.token.address),
        amount,
        id: requestId,
      },
    });
    expect(await f.token.read.balanceOf([f.depository.address])).toBeGreaterThanOrEqual(amount);
    expect(await f.token.read.balanceOf([f.receiver.address])).toBe(0n);
  });

  test("a fee-on-transfer token reverts with AmountMismatch", async () => {
    const fee = await f.deployFeeToken(50n);
    await fee.write.mint([f.payer.account.address, 10n * amount]);
    await fee.write.approve([f.receiver.address, 10n * amount], { account: f.payer.account });
    const { attestation, signature } = await attest({
      requestId: f.nextRequestId(),
      requestData: f.requestData({ originCurrency: fee.address }),
    });
    expect(
      await revertOf(
        f.receiver.write.payErc20([fee.address, attestation, signature, deadline], {
          account: f.payer.account,
        }),
      ),
    ).toEqual({ errorName: "AmountMismatch", args: [amount, amount - (amount * 50n) / 10_000n] });
  });
});
