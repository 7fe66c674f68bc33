import * as z from "zod";
import { InvalidTrustRootError, type InvalidTrustRootErrorType } from "../errors.js";
import { publishedTrustRoot } from "./publishedTrustRoot.js";
import type { ResolvedTrustRoot, TrustedChain, TrustRoot } from "./types.js";

export type ResolveTrustRootParameters = {
  /** The caller's trust root: its chains replace the published ones of the same id. */
  trustRoot?: TrustRoot | undefined;
  /** Start from the published chains (default true); false trusts only `trustRoot`. */
  published?: boolean | undefined;
};

export type ResolveTrustRootReturnType = ResolvedTrustRoot;

export type ResolveTrustRootErrorType = InvalidTrustRootErrorType;

/** 0x and 40 hex digits. */
const evmAddressPattern = /^0x[0-9a-fA-F]{40}$/;
const evmAddress = z.string().regex(evmAddressPattern, { message: "must be 0x and 40 hex digits" });
const hash = z.string().regex(/^0x[0-9a-fA-F]{64}$/, { message: "must be 0x and 64 hex digits" });
const depositAddressRule = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("create2"), factory: evmAddress, initCodeHash: hash }),
  z.strictObject({
    kind: z.literal("derive"),
    derive: z.custom<(parameters: { orderId: `0x${string}`; depositor: string }) => string>(
      (value) => typeof value === "function",
      { message: "must be a function" },
    ),
  }),
]);
const trustedChain = z.strictObject({
  id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  slug: z.string().min(1),
  vmType: z.enum(["ethereum-vm", "solana-vm", "bitcoin-vm", "tron-vm", "hyperliquid-vm", "lighter-vm"]),
  depository: z.string().min(1).optional(),
  spenders: z.array(evmAddress).optional(),
  depositAddress: depositAddressRule.optional(),
  wrappedNative: evmAddress.optional(),
  exchangeRouteType: z.number().int().nonnegative().optional(),
});
const trustRootSchema = z.strictObject({ chains: z.array(trustedChain) });

/**
 * Reads the payment guard's trust root: the published chains (`publishedTrustRoot`), each replaced
 * by the caller's chain of the same id. Nothing in it comes from the service. A chain's EVM
 * depository must be an address; one slug names one chain id.
 *
 * @param parameters - {@link ResolveTrustRootParameters}
 * @returns The chains by id and by slug, and the slug maps orders are hashed with. {@link ResolveTrustRootReturnType}
 * @throws InvalidTrustRootError naming the field of the caller's trust root that is malformed.
 * @example
 * const root = resolveTrustRoot({ trustRoot: { chains: [{ id: 31337, slug: "local", vmType: "ethereum-vm", depository }] } })
 * root.byId.get(8453)?.depository // "0x4cd00e387622c35bddb9b4c962c136462338bc31"
 */
export function resolveTrustRoot({
  trustRoot,
  published = true,
}: ResolveTrustRootParameters = {}): ResolveTrustRootReturnType {
  const given = trustRoot === undefined ? [] : parseChains(trustRoot);
  const byId = new Map<number, TrustedChain>();
  for (const chain of published ? publishedTrustRoot.chains : []) byId.set(chain.id, chain);
  for (const chain of given) byId.set(chain.id, chain);
  const bySlug = new Map<string, TrustedChain>();
  const vmTypes: Record<string, TrustedChain["vmType"]> = Object.create(null);
  const depositories: Record<string, string> = Object.create(null);
  for (const chain of byId.values()) {
    const other = bySlug.get(chain.slug);
    if (other !== undefined)
      throw new InvalidTrustRootError({
        field: `chains[id ${chain.id}].slug`,
        reason: `"${chain.slug}" already names chain ${other.id}`,
      });
    bySlug.set(chain.slug, chain);
    vmTypes[chain.slug] = chain.vmType;
    if (chain.depository !== undefined) depositories[chain.slug] = chain.depository;
  }
  return { byId, bySlug, order: { vmTypes, depositories } };
}

/** The caller's chains, checked field by field; an id listed twice is refused. */
function parseChains(trustRoot: TrustRoot): TrustedChain[] {
  const parsed = trustRootSchema.safeParse(trustRoot);
  if (!parsed.success) {
    const issue = parsed.error.issues[0] as z.core.$ZodIssue;
    throw new InvalidTrustRootError({
      field: issue.path.map(String).join(".") || "(root)",
      reason: issue.message,
    });
  }
  const chains = parsed.data.chains as TrustedChain[];
  const seen = new Set<number>();
  for (const [index, chain] of chains.entries()) {
    if (seen.has(chain.id))
      throw new InvalidTrustRootError({
        field: `chains[${index}].id`,
        reason: `chain ${chain.id} is listed twice`,
      });
    seen.add(chain.id);
    if (
      chain.vmType === "ethereum-vm" &&
      chain.depository !== undefined &&
      !evmAddressPattern.test(chain.depository)
    )
      throw new InvalidTrustRootError({
        field: `chains[${index}].depository`,
        reason: "an EVM depository must be 0x and 40 hex digits",
      });
  }
  return chains;
}
