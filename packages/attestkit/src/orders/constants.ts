import type { Address } from "viem";
import type { OrderVmType } from "./types.js";

/**
 * EIP-712 types of an order v1 (what the service returns today), fields in encoding order. The
 * order id is `hashStruct` of `Order` under these types, with no domain.
 */
export const orderTypesV1 = {
  Order: [
    { name: "version", type: "string" },
    { name: "solverChainId", type: "string" },
    { name: "solver", type: "address" },
    { name: "salt", type: "uint256" },
    { name: "inputs", type: "Input[]" },
    { name: "output", type: "Output" },
    { name: "fees", type: "Fee[]" },
  ],
  Input: [
    { name: "payment", type: "InputPayment" },
    { name: "refunds", type: "InputRefund[]" },
  ],
  InputPayment: [
    { name: "chainId", type: "string" },
    { name: "currency", type: "bytes" },
    { name: "amount", type: "uint256" },
    { name: "weight", type: "uint256" },
  ],
  InputRefund: [
    { name: "chainId", type: "string" },
    { name: "recipient", type: "bytes" },
    { name: "currency", type: "bytes" },
    { name: "minimumAmount", type: "uint256" },
    { name: "deadline", type: "uint32" },
    { name: "extraData", type: "bytes" },
  ],
  Output: [
    { name: "chainId", type: "string" },
    { name: "payments", type: "OutputPayment[]" },
    { name: "deadline", type: "uint32" },
    { name: "calls", type: "bytes[]" },
    { name: "extraData", type: "bytes" },
  ],
  OutputPayment: [
    { name: "recipient", type: "bytes" },
    { name: "currency", type: "bytes" },
    { name: "minimumAmount", type: "uint256" },
    { name: "expectedAmount", type: "uint256" },
  ],
  Fee: [
    { name: "recipientChainId", type: "string" },
    { name: "recipient", type: "bytes" },
    { name: "currencyChainId", type: "string" },
    { name: "currency", type: "bytes" },
    { name: "amount", type: "uint256" },
  ],
} as const;

/** EIP-712 types of an order v2 (the settlement SDK's `OrderV2`), fields in encoding order. */
export const orderTypesV2 = {
  Order: [
    { name: "version", type: "string" },
    { name: "relayerChainId", type: "string" },
    { name: "relayer", type: "address" },
    { name: "salt", type: "uint256" },
    { name: "deadline", type: "uint32" },
    { name: "input", type: "Input" },
    { name: "refunds", type: "Refund[]" },
    { name: "output", type: "Output" },
    { name: "fees", type: "Fee[]" },
  ],
  Input: [
    { name: "chainId", type: "string" },
    { name: "currency", type: "bytes" },
    { name: "amount", type: "uint256" },
  ],
  Refund: [
    { name: "chainId", type: "string" },
    { name: "currency", type: "bytes" },
    { name: "minimumAmount", type: "uint256" },
    { name: "recipient", type: "bytes" },
  ],
  Output: [
    { name: "chainId", type: "string" },
    { name: "withdraw", type: "Withdraw" },
    { name: "fill", type: "Fill" },
  ],
  Withdraw: [
    { name: "currency", type: "bytes" },
    { name: "minimumAmount", type: "uint256" },
  ],
  Fill: [
    { name: "currency", type: "bytes" },
    { name: "minimumAmount", type: "uint256" },
    { name: "recipient", type: "bytes" },
    { name: "calls", type: "bytes[]" },
  ],
  Fee: orderTypesV1.Fee,
} as const;

/** The published depository of the EVM chains (S8 `addresses.mdx`); `/chains` may name another. */
export const evmDepository: Address = "0x4cd00e387622c35bddb9b4c962c136462338bc31";

/**
 * The `/chains` `vmType` short codes and the order VM type each stands for (the service's docs
 * table). Codes outside it (`tonvm`, `suivm`, ...) have no published order encoding and are left out.
 */
export const orderVmTypeCodes: Readonly<Record<string, OrderVmType>> = {
  evm: "ethereum-vm",
  svm: "solana-vm",
  bvm: "bitcoin-vm",
  tvm: "tron-vm",
  hypevm: "hyperliquid-vm",
  lvm: "lighter-vm",
};
