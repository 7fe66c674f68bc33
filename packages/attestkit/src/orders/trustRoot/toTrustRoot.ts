import { orderVmTypeCodes } from "../constants.js";
import { InvalidTrustRootError, type InvalidTrustRootErrorType } from "../errors.js";
import type { OrderVmType } from "../types.js";
import type { TrustedChain, TrustRoot } from "./types.js";

export type ToTrustRootParameters = {
  /**
   * A `GET /chains` answer (`{ chains: [...] }`) or its array, saved from a source the caller trusts
   * (never the answer of the service being paid through: the guard's whole point is not to believe it).
   */
  chains: unknown;
};

export type ToTrustRootReturnType = TrustRoot;

export type ToTrustRootErrorType = InvalidTrustRootErrorType;

/** The `contracts` keys an approval may name (top level and under `v3`). */
const spenderKeys = ["approvalProxy", "erc20Router"] as const;
const longNames: ReadonlySet<string> = new Set(Object.values(orderVmTypeCodes));

/**
 * Turns a saved chain list into a trust root: for each chain with a numeric `id`, a slug
 * (`protocol.v2.chainId`) and a VM with an order encoding, its depository (`protocol.v2.depository`)
 * and its approval spenders (`contracts.approvalProxy`, `erc20Router`, and their `v3` versions).
 * Chains without a slug or with another VM are left out. It is the caller's act of trust, made
 * explicit: the guard never reads `/chains` by itself.
 *
 * @param parameters - {@link ToTrustRootParameters}
 * @returns The trust root. {@link ToTrustRootReturnType}
 * @throws InvalidTrustRootError when the answer is not a list of chain objects.
 * @example
 * const trustRoot = toTrustRoot({ chains: JSON.parse(readFileSync("chains.json", "utf8")) })
 */
export function toTrustRoot({ chains }: ToTrustRootParameters): ToTrustRootReturnType {
  const list = Array.isArray(chains) ? chains : (chains as { chains?: unknown } | null)?.chains;
  if (!Array.isArray(list))
    throw new InvalidTrustRootError({
      field: "chains",
      reason: "not a GET /chains answer (no chains array)",
    });
  const result: TrustedChain[] = [];
  for (const [index, item] of list.entries()) {
    if (item === null || typeof item !== "object")
      throw new InvalidTrustRootError({ field: `chains[${index}]`, reason: "not an object" });
    const chain = toTrustedChain(item as Record<string, unknown>);
    if (chain !== undefined) result.push(chain);
  }
  return { chains: result };
}

function toTrustedChain(chain: Record<string, unknown>): TrustedChain | undefined {
  const v2 = objectAt(objectAt(chain, "protocol"), "v2");
  const slug = v2?.chainId;
  const vmType = vmTypeOf(chain.vmType);
  if (typeof chain.id !== "number" || typeof slug !== "string" || slug === "" || vmType === undefined)
    return undefined;
  const contracts = objectAt(chain, "contracts");
  const spenders = new Set<string>();
  for (const group of [contracts, objectAt(contracts, "v3")])
    for (const key of spenderKeys) {
      const address = group?.[key];
      if (typeof address === "string" && address !== "") spenders.add(address.toLowerCase());
    }
  const depository = typeof v2?.depository === "string" && v2.depository !== "" ? v2.depository : undefined;
  return {
    id: chain.id,
    slug,
    vmType,
    ...(depository === undefined ? {} : { depository }),
    ...(vmType === "ethereum-vm" && spenders.size > 0 ? { spenders: [...spenders] } : {}),
  };
}

function vmTypeOf(code: unknown): OrderVmType | undefined {
  if (typeof code !== "string") return undefined;
  if (Object.hasOwn(orderVmTypeCodes, code)) return orderVmTypeCodes[code];
  return longNames.has(code) ? (code as OrderVmType) : undefined;
}

function objectAt(value: unknown, key: string): Record<string, unknown> | undefined {
  if (value === null || typeof value !== "object") return undefined;
  const inner = (value as Record<string, unknown>)[key];
  return inner !== null && typeof inner === "object" ? (inner as Record<string, unknown>) : undefined;
}
