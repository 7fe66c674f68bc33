import type { Address, Hex } from "viem";
import { encodeOrderAddress } from "./encodeOrderAddress.js";
import {
  type InvalidOrderAddressErrorType,
  type InvalidOrderFieldErrorType,
  type LegacyBitcoinEncodingRequiredErrorType,
  type MissingOrderFieldErrorType,
  type UnknownOrderChainErrorType,
  UnsupportedOrderVersionError,
  type UnsupportedOrderVersionErrorType,
} from "./errors.js";
import {
  present,
  readArray,
  readEvmAddress,
  readHexBytes,
  readObject,
  readString,
  readUint,
} from "./internal/readers.js";
import { orderVmTypeOf } from "./orderVmTypeOf.js";
import type { OrderEncodingOptions, OrderVmType } from "./types.js";

/** A hub fee as the Solidity `OrderFee` struct takes it. */
export type OrderFeeStruct = {
  recipientChainId: string;
  recipient: Hex;
  currencyChainId: string;
  currency: Hex;
  amount: bigint;
};

/** An order v1 as the Solidity `Order` struct (and EIP-712 `Order`) takes it: addresses as bytes. */
export type OrderStructV1 = {
  version: "v1";
  solverChainId: string;
  solver: Address;
  salt: bigint;
  inputs: {
    payment: { chainId: string; currency: Hex; amount: bigint; weight: bigint };
    refunds: {
      chainId: string;
      recipient: Hex;
      currency: Hex;
      minimumAmount: bigint;
      deadline: number;
      extraData: Hex;
    }[];
  }[];
  output: {
    chainId: string;
    payments: { recipient: Hex; currency: Hex; minimumAmount: bigint; expectedAmount: bigint }[];
    deadline: number;
    calls: Hex[];
    extraData: Hex;
  };
  fees: OrderFeeStruct[];
};

/** An order v2 as the Solidity `OrderV2` struct (and EIP-712 `Order` of v2) takes it. */
export type OrderStructV2 = {
  version: "v2";
  relayerChainId: string;
  relayer: Address;
  salt: bigint;
  deadline: number;
  input: { chainId: string; currency: Hex; amount: bigint };
  refunds: { chainId: string; currency: Hex; minimumAmount: bigint; recipient: Hex }[];
  output: {
    chainId: string;
    withdraw: { currency: Hex; minimumAmount: bigint };
    fill: { currency: Hex; minimumAmount: bigint; recipient: Hex; calls: Hex[] };
  };
  fees: OrderFeeStruct[];
};

export type OrderStruct = OrderStructV1 | OrderStructV2;

export type ToOrderStructParameters = OrderEncodingOptions & {
  /** `protocol.v2.orderData` as the quote returned it. */
  orderData: unknown;
};

export type ToOrderStructReturnType = OrderStruct;

export type ToOrderStructErrorType =
  | MissingOrderFieldErrorType
  | InvalidOrderFieldErrorType
  | UnsupportedOrderVersionErrorType
  | UnknownOrderChainErrorType
  | InvalidOrderAddressErrorType
  | LegacyBitcoinEncodingRequiredErrorType;

const uint256 = { bits: 256 } as const;
const salt = { bits: 256, hex: true } as const;
const uint32 = { bits: 32, number: true } as const;

/**
 * Turns an API `orderData` into the struct the contracts take and the typed data the order id is
 * the `hashStruct` of: every address becomes the bytes of its chain's VM, every integer a bigint
 * (deadlines a number). The layout follows `orderData.version`.
 *
 * Fields are read in EIP-712 encoding order, depth first; a chain slug is resolved as soon as it
 * is read, so the first malformed field (or unknown slug) in that order is the one reported.
 *
 * @param parameters - {@link ToOrderStructParameters}
 * @returns The struct. {@link ToOrderStructReturnType}
 * @throws A typed error naming the field (see {@link ToOrderStructErrorType}).
 * @example
 * const order = toOrderStruct({ orderData: quote.protocol.v2.orderData, chains })
 * await publicClient.readContract({ address: verifier, abi: orderVerifierAbi,
 *   functionName: "isValidOrder", args: [order, orderSignature, solver] })
 */
export function toOrderStruct(parameters: ToOrderStructParameters): ToOrderStructReturnType {
  const order = readObject("orderData", parameters.orderData);
  const version = present("orderData.version", order.version);
  if (version === "v1") return toV1(order, new Reader(parameters));
  if (version === "v2") return toV2(order, new Reader(parameters));
  throw new UnsupportedOrderVersionError({ value: version });
}

/** Reads fields under a path, with the chains and the legacy Bitcoin choice at hand. */
class Reader {
  constructor(private readonly options: OrderEncodingOptions) {}
  vm(field: string, chainId: string): OrderVmType {
    return orderVmTypeOf({ chainId, chains: this.options.chains, field });
  }
  chain(object: Record<string, unknown>, path: string, key: string): { slug: string; vmType: OrderVmType } {
    const field = `${path}.${key}`;
    const slug = readString(field, object[key]);
    return { slug, vmType: this.vm(field, slug) };
  }
  address(object: Record<string, unknown>, path: string, key: string, vmType: OrderVmType): Hex {
    return encodeOrderAddress({
      value: object[key],
      vmType,
      field: `${path}.${key}`,
      legacyBitcoinEncoding: this.options.legacyBitcoinEncoding,
    });
  }
}

function list<T>(
  value: unknown,
  path: string,
  read: (item: Record<string, unknown>, path: string) => T,
): T[] {
  return readArray(path, value).map((item, i) => read(readObject(`${path}[${i}]`, item), `${path}[${i}]`));
}

function hexList(value: unknown, path: string): Hex[] {
  return readArray(path, value).map((item, i) => readHexBytes(`${path}[${i}]`, item));
}

function fee(r: Reader) {
  return (f: Record<string, unknown>, path: string): OrderFeeStruct => {
    const recipientChain = r.chain(f, path, "recipientChainId");
    const recipient = r.address(f, path, "recipient", recipientChain.vmType);
    const currencyChain = r.chain(f, path, "currencyChainId");
    return {
      recipientChainId: recipientChain.slug,
      recipient,
      currencyChainId: currencyChain.slug,
      currency: r.address(f, path, "currency", currencyChain.vmType),
      amount: readUint(`${path}.amount`, f.amount, uint256),
    };
  };
}

function toV1(o: Record<string, unknown>, r: Reader): OrderStructV1 {
  const solverChainId = readString("orderData.solverChainId", o.solverChainId);
  const solver = readEvmAddress("orderData.solver", o.solver) as Address;
  const saltValue = readUint("orderData.salt", o.salt, salt);
  const inputs = list(o.inputs, "orderData.inputs", (input, path) => {
    const p = readObject(`${path}.payment`, input.payment);
    const paymentPath = `${path}.payment`;
    const chain = r.chain(p, paymentPath, "chainId");
    const payment = {
      chainId: chain.slug,
      currency: r.address(p, paymentPath, "currency", chain.vmType),
      amount: readUint(`${paymentPath}.amount`, p.amount, uint256),
      weight: readUint(`${paymentPath}.weight`, p.weight, uint256),
    };
    const refunds = list(input.refunds, `${path}.refunds`, (refund, refundPath) => {
      const refundChain = r.chain(refund, refundPath, "chainId");
      return {
        chainId: refundChain.slug,
        recipient: r.address(refund, refundPath, "recipient", refundChain.vmType),
        currency: r.address(refund, refundPath, "currency", refundChain.vmType),
        minimumAmount: readUint(`${refundPath}.minimumAmount`, refund.minimumAmount, uint256),
        deadline: Number(readUint(`${refundPath}.deadline`, refund.deadline, uint32)),
        extraData: readHexBytes(`${refundPath}.extraData`, refund.extraData),
      };
    });
    return { payment, refunds };
  });
  const out = readObject("orderData.output", o.output);
  const outChain = r.chain(out, "orderData.output", "chainId");
  const output = {
    chainId: outChain.slug,
    payments: list(out.payments, "orderData.output.payments", (payment, path) => ({
      recipient: r.address(payment, path, "recipient", outChain.vmType),
      currency: r.address(payment, path, "currency", outChain.vmType),
      minimumAmount: readUint(`${path}.minimumAmount`, payment.minimumAmount, uint256),
      expectedAmount: readUint(`${path}.expectedAmount`, payment.expectedAmount, uint256),
    })),
    deadline: Number(readUint("orderData.output.deadline", out.deadline, uint32)),
    calls: hexList(out.calls, "orderData.output.calls"),
    extraData: readHexBytes("orderData.output.extraData", out.extraData),
  };
  const fees = list(o.fees, "orderData.fees", fee(r));
  return { version: "v1", solverChainId, solver, salt: saltValue, inputs, output, fees };
}

function toV2(o: Record<string, unknown>, r: Reader): OrderStructV2 {
  const relayerChainId = readString("orderData.relayerChainId", o.relayerChainId);
  const relayer = readEvmAddress("orderData.relayer", o.relayer) as Address;
  const saltValue = readUint("orderData.salt", o.salt, salt);
  const deadline = Number(readUint("orderData.deadline", o.deadline, uint32));
  const i = readObject("orderData.input", o.input);
  const inChain = r.chain(i, "orderData.input", "chainId");
  const input = {
    chainId: inChain.slug,
    currency: r.address(i, "orderData.input", "currency", inChain.vmType),
    amount: readUint("orderData.input.amount", i.amount, uint256),
  };
  const refunds = list(o.refunds, "orderData.refunds", (refund, path) => {
    const chain = r.chain(refund, path, "chainId");
    return {
      chainId: chain.slug,
      currency: r.address(refund, path, "currency", chain.vmType),
      minimumAmount: readUint(`${path}.minimumAmount`, refund.minimumAmount, uint256),
      recipient: r.address(refund, path, "recipient", chain.vmType),
    };
  });
  const out = readObject("orderData.output", o.output);
  const outChain = r.chain(out, "orderData.output", "chainId");
  const w = readObject("orderData.output.withdraw", out.withdraw);
  const withdraw = {
    currency: r.address(w, "orderData.output.withdraw", "currency", outChain.vmType),
    minimumAmount: readUint("orderData.output.withdraw.minimumAmount", w.minimumAmount, uint256),
  };
  const f = readObject("orderData.output.fill", out.fill);
  const fill = {
    currency: r.address(f, "orderData.output.fill", "currency", outChain.vmType),
    minimumAmount: readUint("orderData.output.fill.minimumAmount", f.minimumAmount, uint256),
    recipient: r.address(f, "orderData.output.fill", "recipient", outChain.vmType),
    calls: hexList(f.calls, "orderData.output.fill.calls"),
  };
  const fees = list(o.fees, "orderData.fees", fee(r));
  return {
    version: "v2",
    relayerChainId,
    relayer,
    salt: saltValue,
    deadline,
    input,
    refunds,
    output: { chainId: outChain.slug, withdraw, fill },
    fees,
  };
}
