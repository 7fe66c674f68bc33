import { orderVmTypeCodes } from "./constants.js";
import { InvalidOrderFieldError, type InvalidOrderFieldErrorType } from "./errors.js";
import { readArray, readObject } from "./internal/readers.js";
import type { OrderChains, OrderVmType } from "./types.js";

export type ToOrderChainsParameters = {
  /** A `GET /chains` answer (`{ chains: [...] }`) or its `chains` array. */
  chains: unknown;
};

export type ToOrderChainsReturnType = OrderChains;

export type ToOrderChainsErrorType = InvalidOrderFieldErrorType;

const longNames: ReadonlySet<string> = new Set(Object.values(orderVmTypeCodes));

/**
 * Builds the slug -> VM type and slug -> depository maps orders need from a `GET /chains` answer:
 * each chain's `protocol.v2.chainId` is its slug, its `vmType` short code (`evm`, `svm`, `bvm`,
 * `tvm`, `hypevm`, `lvm`) names the VM, and `protocol.v2.depository` its depository. Chains without
 * `protocol.v2.chainId`, or whose VM has no published order encoding, are left out, so an order
 * naming them fails with `UnknownOrderChainError` instead of being encoded by a guess.
 *
 * @param parameters - {@link ToOrderChainsParameters}
 * @returns `{ vmTypes, depositories }`. {@link ToOrderChainsReturnType}
 * @throws InvalidOrderFieldError for an answer that is not a list of chain objects, or a slug listed
 * twice with different VM types.
 * @example
 * const chains = toOrderChains({ chains: await client.getChains() })
 * chains.vmTypes.base // "ethereum-vm"
 */
export function toOrderChains({ chains }: ToOrderChainsParameters): ToOrderChainsReturnType {
  const list = Array.isArray(chains) ? chains : readArray("chains", readObject("answer", chains).chains);
  // No prototype: a slug such as "__proto__" is an ordinary key here.
  const vmTypes: Record<string, OrderVmType> = Object.create(null);
  const depositories: Record<string, string> = Object.create(null);
  list.forEach((item, i) => {
    const chain = readObject(`chains[${i}]`, item);
    const protocol = chain.protocol;
    if (protocol === null || typeof protocol !== "object") return;
    const v2 = (protocol as Record<string, unknown>).v2;
    if (v2 === null || typeof v2 !== "object") return;
    const { chainId: slug, depository } = v2 as Record<string, unknown>;
    if (slug === undefined || slug === null) return;
    if (typeof slug !== "string" || slug === "")
      throw new InvalidOrderFieldError({
        field: `chains[${i}].protocol.v2.chainId`,
        value: slug,
        reason: "not a non-empty string",
      });
    const code = chain.vmType;
    const vmType =
      typeof code !== "string"
        ? undefined
        : Object.hasOwn(orderVmTypeCodes, code)
          ? orderVmTypeCodes[code]
          : longNames.has(code)
            ? (code as OrderVmType)
            : undefined;
    if (vmType === undefined) return;
    if (Object.hasOwn(vmTypes, slug) && vmTypes[slug] !== vmType)
      throw new InvalidOrderFieldError({
        field: `chains[${i}].vmType`,
        value: code,
        reason: `slug "${slug}" is already listed as ${vmTypes[slug]}`,
      });
    vmTypes[slug] = vmType;
    if (typeof depository === "string" && depository !== "") depositories[slug] = depository;
  });
  return { vmTypes, depositories };
}
