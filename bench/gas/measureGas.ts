/**
 * Measures the gas of attested payments and order payments on the in-process chain and computes,
 * for each, the floor: the sum of the parts of the receiver's overhead that no implementation can
 * avoid.
 *
 * overhead = payNative - directDepositNative (order: payOrderNative - the same direct deposit under
 * the order id), where the direct deposit is a user calling the depository itself (no validation).
 * All figures are `receipt.gasUsed`.
 */

import { devnetDepositoryAbi } from "attestkit/contracts";
import { network } from "hardhat";
import { type Abi, type Address, getContract, type Hex, hexToBytes, keccak256, parseAbi, toHex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { hashAttestation } from "../../packages/attestkit/src/attestation/hashAttestation.js";
import { toAttestationStruct } from "../../packages/attestkit/src/attestation/toAttestationStruct.js";
import { attestedDepositReceiverAbi } from "../../packages/attestkit/src/contracts/index.js";
import { toOrderPayment } from "../../packages/attestkit/src/orders/toOrderPayment.js";
import { toOrderRecipient } from "../../packages/attestkit/src/orders/toOrderRecipient.js";
import type { OrderStructV1 } from "../../packages/attestkit/src/orders/toOrderStruct.js";
import { devnetTokenAbi } from "../../packages/devnet/src/contracts/abis.js";

/** The parts of the OpenZeppelin baseline the bench calls (it is never shipped, so not generated). */
const ozBaselineAbi = parseAbi([
  "struct Attestation { bytes32 requestId; uint256 originChainId; bytes32 originUser; bytes32 originCurrency; uint256 originAmount; uint256 destinationChainId; bytes32 destinationUser; }",
  "function setWhitelisted(uint256 chainId, bytes32 user, bool allowed)",
  "function payNative(Attestation attestation, bytes signature, uint256 deadline) payable",
]);

/** One itemised part of the floor. */
export type FloorItem = { name: string; gas: number; why: string };

export type MeasureGasReturnType = {
  directDepositNative: number;
  payNative: number;
  payErc20: number;
  directDepositErc20: number;
  ozBaselinePayNative: number;
  overhead: number;
  floor: number;
  ozBaselineOverhead: number;
  overheadOverFloor: number;
  overheadOverOzBaseline: number;
  floorItems: FloorItem[];
  /** The direct deposit under the order id (the order payment's baseline). */
  orderDirectDepositNative: number;
  payOrderNative: number;
  payOrderErc20: number;
  /** The SDK's v2 layout of the same order (`payOrderV2Native`, `payOrderV2Erc20`). */
  payOrderV2Native: number;
  payOrderV2Erc20: number;
  orderOverhead: number;
  orderFloor: number;
  orderOverheadOverFloor: number;
  orderFloorItems: FloorItem[];
};

// A fixed, well-known test key (never a real solver).
const SOLVER_KEY = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d" as const;
const DESTINATION_CHAIN_ID = 8453n;
const DESTINATION_ADDRESS = "0xa11ce0000000000000000000000000000000b0b0" as const;
/** The recipient as its bytes32 word, for the whitelist. */
const DESTINATION_USER = `0x${DESTINATION_ADDRESS.slice(2).padStart(64, "0")}` as const;
const AMOUNT = 10n ** 18n;
/** The orders' fill deadline (`output.deadline`, a uint32): far ahead. */
const ORDER_DEADLINE = 2 ** 32 - 1;

/** This chain's slug for the order payments, and the orders' output chain. */
const ORDER_SLUG = "base";
const ORDER_OUTPUT_SLUG = "optimism";
const orderChains = { vmTypes: { base: "ethereum-vm", optimism: "ethereum-vm" } } as const;

/** Calldata gas under the Istanbul schedule: 4 per zero byte, 16 per non-zero byte. */
export function calldataGas(data: Hex): number {
  let gas = 0;
  for (const byte of hexToBytes(data)) gas += byte === 0 ? 4 : 16;
  return gas;
}

/** Gas of one `keccak256` over `bytes` bytes: 30 plus 6 per (started) 32-byte word. */
export function keccakGas(bytes: number): number {
  return 30 + 6 * Math.ceil(bytes / 32);
}

/**
 * The `keccak256` gas an order v1's id needs at least: every EIP-712 `string`/`bytes` member hashed
 * once, every struct as its typehash and members (32 bytes each), every array as its elements'
 * words, then the 60-byte EIP-191 message of the digest. Counted from the struct, so it follows
 * the order's shape.
 */
export function orderHashingGas(order: OrderStructV1): number {
  const text = (s: string) => keccakGas(new TextEncoder().encode(s).length);
  const data = (hex: string) => keccakGas((hex.length - 2) / 2);
  const struct = (members: number) => keccakGas(32 * (members + 1));
  const array = (elements: number) => keccakGas(32 * elements);
  let gas = text(order.version) + text(order.solverChainId) + struct(7);
  for (const input of order.inputs) {
    const p = input.payment;
    gas += text(p.chainId) + data(p.currency) + struct(4);
    for (const r of input.refunds)
      gas += text(r.chainId) + data(r.recipient) + data(r.currency) + data(r.extraData) + struct(6);
    gas += array(input.refunds.length) + struct(2);
  }
  gas += array(order.inputs.length);
  const out = order.output;
  gas += text(out.chainId) + data(out.extraData) + struct(5);
  for (const p of out.payments) gas += data(p.recipient) + data(p.currency) + struct(4);
  gas += array(out.payments.length);
  for (const call of out.calls) gas += data(call);
  gas += array(out.calls.length);
  for (const f of order.fees)
    gas +=
      text(f.recipientChainId) + data(f.recipient) + text(f.currencyChainId) + data(f.currency) + struct(5);
  gas += array(order.fees.length);
  return gas + keccakGas(60); // The digest: "\x19Ethereum Signed Message:\n32" || orderId.
}

/**
 * Deploys the depository, both receivers and a token on a fresh in-process chain and measures.
 *
 * @returns The gas figures, the itemised floor and the two ratios.
 */
export async function measureGas(): Promise<MeasureGasReturnType> {
  const { viem } = await network.create();
  const publicClient = await viem.getPublicClient();
  const [deployer, payer] = await viem.getWalletClients();
  if (!deployer || !payer) throw new Error("the in-process chain has no accounts");
  const solver = privateKeyToAccount(SOLVER_KEY);
  const chainId = BigInt(await publicClient.getChainId());

  const deploy = async <const abi extends Abi>(abi: abi, name: string, args: readonly unknown[] = []) => {
    const { address } = (await viem.deployContract(name as never, args as never)) as { address: Address };
    return getContract({ abi, address, client: { public: publicClient, wallet: deployer } });
  };
  const depository = await deploy(devnetDepositoryAbi, "DevnetDepository", [deployer.account.address]);
  const receiver = await deploy(attestedDepositReceiverAbi, "AttestedDepositReceiver", [
    deployer.account.address,
    depository.address,
    solver.address,
    [],
    [],
    [{ chainId: DESTINATION_CHAIN_ID, user: DESTINATION_USER }],
    false,
  ]);
  const baseline = await deploy(ozBaselineAbi, "OzAttestedReceiver", [
    deployer.account.address,
    depository.address,
    solver.address,
  ]);
  await baseline.write.setWhitelisted([DESTINATION_CHAIN_ID, DESTINATION_USER, true]);
  const token = await deploy(devnetTokenAbi, "DevnetToken", ["Test", "TST", 18]);
  await token.write.mint([payer.account.address, 100n * AMOUNT]);

  let counter = 0;
  const nextRequestId = (): Hex => keccak256(toHex(`gas-bench-request-${counter++}`));
  // Attestations are built, hashed and turned into the contract struct by the library itself.
  const attest = async (user: Address, currency: Address, requestId: Hex) => {
    const requestData = {
      originChainId: chainId,
      originUser: user,
      originCurrency: currency,
      originAmount: AMOUNT,
      destinationChainId: DESTINATION_CHAIN_ID,
      destinationUser: DESTINATION_ADDRESS,
    };
    const signature = await solver.signMessage({
      message: { raw: hashAttestation({ requestId, requestData }) },
    });
    return { attestation: toAttestationStruct({ requestId, requestData }), signature };
  };
  const deadline = 2n ** 40n;
  const gasOf = async (hash: Hex) => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new Error(`transaction ${hash} reverted`);
    const tx = await publicClient.getTransaction({ hash });
    return { gas: Number(receipt.gasUsed), input: tx.input };
  };
  const asPayer = { account: payer.account } as const;

  // Warm-up of every account the measured calls touch, so each figure is a steady-state payment
  // (e.g. the depository's first token balance write is a one-off 20,000).
  const native: Address = "0x0000000000000000000000000000000000000000";
  {
    const w = await attest(receiver.address, native, nextRequestId());
    await gasOf(
      await receiver.write.payNative([w.attestation, w.signature, deadline], { ...asPayer, value: AMOUNT }),
    );
    await token.write.approve([receiver.address, 2n ** 255n], asPayer);
    await token.write.approve([depository.address, 2n ** 255n], asPayer);
    const e = await attest(receiver.address, token.address, nextRequestId());
    await gasOf(
      await receiver.write.payErc20([token.address, e.attestation, e.signature, deadline], asPayer),
    );
  }

  // The same request id for the three native measurements keeps their calldata alike.
  const requestId = nextRequestId();
  const direct = await gasOf(
    await depository.write.depositNative(["0x0000000000000000000000000000000000000000", requestId], {
      ...asPayer,
      value: AMOUNT,
    }),
  );
  const ours = await attest(receiver.address, native, requestId);
  const payNative = await gasOf(
    await receiver.write.payNative([ours.attestation, ours.signature, deadline], {
      ...asPayer,
      value: AMOUNT,
    }),
  );
  const oz = await attest(baseline.address, native, requestId);
  const ozPay = await gasOf(
    await baseline.write.payNative([oz.attestation, oz.signature, deadline], { ...asPayer, value: AMOUNT }),
  );
  const erc20 = await attest(receiver.address, token.address, nextRequestId());
  const payErc20 = await gasOf(
    await receiver.write.payErc20([token.address, erc20.attestation, erc20.signature, deadline], asPayer),
  );
  const directErc20 = await gasOf(
    await depository.write.depositErc20(
      ["0x0000000000000000000000000000000000000000", token.address, AMOUNT, nextRequestId()],
      asPayer,
    ),
  );

  const floorItems: FloorItem[] = [
    {
      name: "calldata",
      gas: calldataGas(payNative.input) - calldataGas(direct.input),
      why: "the attestation, signature and deadline bytes (4 gas per zero byte, 16 per non-zero) beyond the direct call's",
    },
    {
      name: "replaySstore",
      gas: 2100 + 20000,
      why: "marking the request id paid: a cold slot (2,100) set from zero to non-zero (20,000)",
    },
    {
      name: "ecrecover",
      gas: 3000 + 100,
      why: "the ecrecover precompile (3,000) and the STATICCALL to it (precompiles are warm: 100)",
    },
    {
      name: "whitelistRead",
      gas: 2100,
      why: "one cold SLOAD of the (destinationChainId, destinationUser) whitelist slot",
    },
    {
      name: "solverSetRead",
      gas: 2100,
      why: "one cold SLOAD of the owner-managed solver set, required for rotation without redeploy (the paused and any-recipient flags share this slot)",
    },
    {
      name: "depositoryValueCall",
      gas: 2600 + 9000 - 2300,
      why: "CALL to the depository: cold account (2,600) plus value transfer (9,000), less the 2,300 stipend the callee spends for free and returns; in the direct deposit the value rides on the transaction itself",
    },
    {
      name: "hashing",
      gas: 30 + 6 * 7 + (30 + 6 * 2),
      why: "keccak256 of the 7-word tuple (30 + 6*7) and of the 60-byte EIP-191 message (30 + 6*2)",
    },
    {
      name: "paymentEvent",
      gas: 375 + 4 * 375 + 8 * 32,
      why: "the required event: request id, payer and currency indexed (what indexers filter on) and the amount as data, so a full payment can be told from dust: LOG4 with one data word (375 + 4*375 + 8*32)",
    },
  ];
  const floor = floorItems.reduce((sum, item) => sum + item.gas, 0);

  // Orders: the receiver configured with this chain's slug and the orders' destination.
  await receiver.write.setChainSlug([ORDER_SLUG]);
  const destination = toOrderRecipient({
    chainId: ORDER_OUTPUT_SLUG,
    recipient: DESTINATION_ADDRESS,
    chains: orderChains,
  });
  await receiver.write.setOrderRecipients([[destination], true]);
  let orderCounter = 0;
  // An order shaped like the live service's (one input with a refund on each chain, one output
  // payment, no calls, no fees), signed by the bench solver.
  const order = async (currency: Address) => {
    const extraData = "0x000000000000000000000000b92fe925dc43a0ecde6c8b1a2709c170ec4fff4f";
    const refund = (chainId: string, refundCurrency: Address) => ({
      chainId,
      recipient: payer.account.address,
      currency: refundCurrency,
      minimumAmount: "0",
      deadline: ORDER_DEADLINE,
      extraData,
    });
    const orderData = {
      version: "v1",
      solverChainId: ORDER_SLUG,
      solver: solver.address,
      salt: keccak256(toHex(`gas-bench-order-${orderCounter++}`)),
      inputs: [
        {
          payment: { chainId: ORDER_SLUG, currency, amount: AMOUNT.toString(), weight: "1" },
          refunds: [refund(ORDER_SLUG, currency), refund(ORDER_OUTPUT_SLUG, native)],
        },
      ],
      output: {
        chainId: ORDER_OUTPUT_SLUG,
        payments: [
          {
            recipient: DESTINATION_ADDRESS,
            currency: "0x0379e228f6887c6f18bf394042ecaf81b308cb2e",
            minimumAmount: "4401605382885926480310",
            expectedAmount: "4446066043319117656878",
          },
        ],
        calls: [],
        deadline: ORDER_DEADLINE,
        extraData,
      },
      fees: [],
    };
    const unsigned = toOrderPayment({ orderData, orderSignature: "0x", chains: orderChains });
    const orderSignature = await solver.signMessage({ message: { raw: unsigned.orderId } });
    return toOrderPayment({ orderData, orderSignature, chains: orderChains });
  };
  const payOrder = async (payment: Awaited<ReturnType<typeof order>>) =>
    gasOf(
      await payer.sendTransaction({
        to: receiver.address,
        data: payment.data,
        value: payment.value,
        account: payer.account,
        chain: payer.chain,
      }),
    );
  await payOrder(await order(native)); // Warm-up, as above.
  await payOrder(await order(token.address));

  // The same order in the settlement SDK's v2 layout: one refund to the payer on this chain. Its
  // salts come after the v1 orders', and the v1 payments warmed every account it touches.
  const orderV2 = async (currency: Address) => {
    const orderData = {
      version: "v2",
      relayerChainId: ORDER_SLUG,
      relayer: solver.address,
      salt: keccak256(toHex(`gas-bench-order-${orderCounter++}`)),
      deadline: ORDER_DEADLINE,
      input: { chainId: ORDER_SLUG, currency, amount: AMOUNT.toString() },
      refunds: [{ chainId: ORDER_SLUG, currency, minimumAmount: "0", recipient: payer.account.address }],
      output: {
        chainId: ORDER_OUTPUT_SLUG,
        withdraw: { currency: "0x0379e228f6887c6f18bf394042ecaf81b308cb2e", minimumAmount: "1" },
        fill: {
          currency: "0x0379e228f6887c6f18bf394042ecaf81b308cb2e",
          minimumAmount: "4401605382885926480310",
          recipient: DESTINATION_ADDRESS,
          calls: [],
        },
      },
      fees: [],
    };
    const unsigned = toOrderPayment({ orderData, orderSignature: "0x", chains: orderChains });
    const orderSignature = await solver.signMessage({ message: { raw: unsigned.orderId } });
    return toOrderPayment({ orderData, orderSignature, chains: orderChains });
  };
  const nativeOrder = await order(native);
  const orderDirect = await gasOf(
    await depository.write.depositNative([native, nativeOrder.orderId], { ...asPayer, value: AMOUNT }),
  );
  const payOrderNative = await payOrder(nativeOrder);
  const payOrderErc20 = await payOrder(await order(token.address));
  const payOrderV2Native = await payOrder(await orderV2(native));
  const payOrderV2Erc20 = await payOrder(await orderV2(token.address));
  const orderStruct = nativeOrder.call.args[0] as OrderStructV1;
  const orderFloorItems: FloorItem[] = [
    {
      name: "calldata",
      gas: calldataGas(payOrderNative.input) - calldataGas(orderDirect.input),
      why: "the order struct (ABI-encoded: every string, bytes and array with its offset and length), the signature and the selector beyond the direct call's",
    },
    {
      name: "replaySstore",
      gas: 2100 + 20000,
      why: "marking the order id paid: a cold slot (2,100) set from zero to non-zero (20,000)",
    },
    {
      name: "ecrecover",
      gas: 3000 + 100,
      why: "the ecrecover precompile (3,000) and the STATICCALL to it (100)",
    },
    {
      name: "whitelistRead",
      gas: 2100,
      why: "one cold SLOAD of the (output chain slug, recipient bytes) order whitelist slot",
    },
    {
      name: "configRead",
      gas: 2100,
      why: "one cold SLOAD of the owner-managed solver set (the paused and any-recipient flags share it)",
    },
    {
      name: "slugRead",
      gas: 2100,
      why: "one cold SLOAD of this chain's slug hash: owner-settable (a slug is the service's name, not the chain id), so in storage",
    },
    {
      name: "depositoryValueCall",
      gas: 2600 + 9000 - 2300,
      why: "CALL to the depository: cold account (2,600) plus value transfer (9,000), less the 2,300 stipend",
    },
    {
      name: "hashing",
      gas: orderHashingGas(orderStruct),
      why: "keccak256 of the order id's EIP-712 encoding (each string and bytes member, each struct's typehash and members, each array's words) and of the 60-byte EIP-191 message: 30 + 6 per word each",
    },
    {
      name: "paymentEvent",
      gas: 375 + 4 * 375 + 8 * 32,
      why: "OrderPaid: order id, payer and currency indexed, the amount as data: LOG4 with one data word",
    },
  ];
  const orderFloor = orderFloorItems.reduce((sum, item) => sum + item.gas, 0);
  const orderOverhead = payOrderNative.gas - orderDirect.gas;
  const overhead = payNative.gas - direct.gas;
  const ozBaselineOverhead = ozPay.gas - direct.gas;
  const round = (x: number) => Math.round(x * 10_000) / 10_000;
  return {
    directDepositNative: direct.gas,
    payNative: payNative.gas,
    payErc20: payErc20.gas,
    directDepositErc20: directErc20.gas,
    ozBaselinePayNative: ozPay.gas,
    overhead,
    floor,
    ozBaselineOverhead,
    overheadOverFloor: round(overhead / floor),
    overheadOverOzBaseline: round(overhead / ozBaselineOverhead),
    floorItems,
    orderDirectDepositNative: orderDirect.gas,
    payOrderNative: payOrderNative.gas,
    payOrderErc20: payOrderErc20.gas,
    payOrderV2Native: payOrderV2Native.gas,
    payOrderV2Erc20: payOrderV2Erc20.gas,
    orderOverhead,
    orderFloor,
    orderOverheadOverFloor: round(orderOverhead / orderFloor),
    orderFloorItems,
  };
}
