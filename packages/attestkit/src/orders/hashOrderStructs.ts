import { hashStruct } from "viem";
import { orderTypesV1, orderTypesV2 } from "./constants.js";
import {
  type OrderStruct,
  type ToOrderStructErrorType,
  type ToOrderStructParameters,
  toOrderStruct,
} from "./toOrderStruct.js";
import type { OrderStructHash } from "./types.js";

export type HashOrderStructsParameters =
  | ToOrderStructParameters
  | {
      /** The order as `toOrderStruct` returns it, when already at hand. */
      struct: OrderStruct;
    };

/** Every struct hash, children before their parent; the last one is the order id. */
export type HashOrderStructsReturnType = OrderStructHash[];

export type HashOrderStructsErrorType = ToOrderStructErrorType;

type Types = Record<string, readonly { name: string; type: string }[]>;

/**
 * Lists the `hashStruct` of every struct inside an order, for auditors who recompute an order id
 * step by step: each input payment, refund, output payment, fee, ... and last the order itself
 * (whose hash is the order id).
 *
 * @param parameters - {@link HashOrderStructsParameters}
 * @returns `{ path, type, hash }` per struct. {@link HashOrderStructsReturnType}
 * @throws The errors of `toOrderStruct`.
 * @example
 * hashOrderStructs({ orderData, chains }).at(-1) // { path: "orderData", type: "Order", hash: orderId }
 */
export function hashOrderStructs(parameters: HashOrderStructsParameters): HashOrderStructsReturnType {
  const struct = "struct" in parameters ? parameters.struct : toOrderStruct(parameters);
  const types: Types = struct.version === "v1" ? orderTypesV1 : orderTypesV2;
  const out: OrderStructHash[] = [];
  walk(types, "Order", struct as unknown as Record<string, unknown>, "orderData", out);
  return out;
}

function walk(
  types: Types,
  type: string,
  data: Record<string, unknown>,
  path: string,
  out: OrderStructHash[],
) {
  for (const { name, type: fieldType } of types[type] ?? []) {
    const base = fieldType.endsWith("[]") ? fieldType.slice(0, -2) : fieldType;
    if (types[base] === undefined) continue;
    const value = data[name];
    if (fieldType.endsWith("[]"))
      (value as Record<string, unknown>[]).forEach((item, i) => {
        walk(types, base, item, `${path}.${name}[${i}]`, out);
      });
    else walk(types, base, value as Record<string, unknown>, `${path}.${name}`, out);
  }
  out.push({ path, type, hash: hashStruct({ types, primaryType: type, data }) });
}
