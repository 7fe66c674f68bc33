import { type Address, getAddress, isAddress } from "viem";
import * as z from "zod";
import { DevnetApiError } from "../errors.js";
import { buildHistoryRequests } from "../state/buildHistoryRequests.js";
import type { DevnetContext } from "./types.js";

/** Most requests one `POST /devnet/history` adds. */
export const maxHistoryCount = 100_000;

/** The body of `POST /devnet/history`. */
const historyBodySchema = z.strictObject({
  count: z.number().int().min(1).max(maxHistoryCount),
  user: z
    .string()
    .refine((value) => isAddress(value, { strict: false }), "is not an EVM address")
    .optional(),
  users: z.number().int().min(1).max(1000).optional(),
  apiKey: z.string().min(1).optional(),
  referrer: z.string().min(1).optional(),
  seed: z.string().min(1).max(200).optional(),
  spacingMs: z.number().int().min(0).max(86_400_000).optional(),
  endAt: z.number().int().min(0).optional(),
});

export type FillHistoryParameters = {
  /** The request's body, unchecked. */
  body: unknown;
  context: Pick<DevnetContext, "store" | "currencies" | "originChainId" | "destinationChainId">;
  /** The clock, ms: `endAt`'s default. */
  now: () => number;
};

export type FillHistoryReturnType = {
  /** Requests added (an id already taken, the same seed again, adds nothing). */
  added: number;
  /** The first and last request id of the history, oldest first. */
  first: string;
  last: string;
  /** Creation times of the oldest and the newest, ms. */
  from: number;
  to: number;
};

/**
 * Answers `POST /devnet/history` `{count, user?, users?, apiKey?, referrer?, seed?, spacingMs?,
 * endAt?}`: adds `count` settled requests to the devnet at once (`buildHistoryRequests`): USDC
 * bridged from the origin chain to the destination chain, one created every `spacingMs` (default
 * 1000) up to `endAt` (default now), by `user` or by `users` addresses derived from the seed (default
 * 4), quoted with `apiKey` and `referrer` when given. They are listed by `GET /requests/v3` and v2
 * like any request, and `GET /requests/{id}/signature` (and `/v2`) attests them, signed by the
 * devnet's solver. Synthetic: no quote, deposit or fill stands behind them, so no transaction is on
 * any chain and no webhook is sent (`store.importHistory`). The same seed (default `history`) gives
 * the same ids: a second fill with it adds nothing; another seed adds more.
 *
 * @param parameters - {@link FillHistoryParameters}
 * @returns What was added. {@link FillHistoryReturnType}
 * @throws DevnetApiError 400 `INVALID_REQUEST` for a body of another shape.
 * @example
 * app.post("/devnet/history", async (c) => c.json(fillHistory({ body: await readJsonBody(c), context, now: Date.now }), 201))
 */
export function fillHistory({ body, context, now }: FillHistoryParameters): FillHistoryReturnType {
  const parsed = historyBodySchema.safeParse(body);
  if (!parsed.success)
    throw new DevnetApiError({
      status: 400,
      errorCode: "INVALID_REQUEST",
      message: `The body must be {count: 1 to ${maxHistoryCount}, user?, users?, apiKey?, referrer?, seed?, spacingMs?, endAt?}: ${parsed.error.issues
        .map((issue) => `${issue.path.join(".") || "body"} ${issue.message}`)
        .join("; ")}.`,
    });
  const {
    count,
    user,
    users = 4,
    apiKey,
    referrer,
    seed = "history",
    spacingMs = 1000,
    endAt = now(),
  } = parsed.data;
  const usdc = (chainId: number) =>
    context.currencies.find((currency) => currency.chainId === chainId && currency.symbol === "USDC");
  const origin = usdc(context.originChainId);
  const destination = usdc(context.destinationChainId);
  if (!origin || !destination)
    throw new DevnetApiError({
      status: 500,
      errorCode: "INTERNAL",
      message: "The devnet has no USDC to bridge.",
    });
  const requests = buildHistoryRequests({
    count,
    seed,
    endAt,
    spacingMs,
    originChainId: context.originChainId,
    destinationChainId: context.destinationChainId,
    originCurrency: origin.address,
    destinationCurrency: destination.address,
    decimals: origin.decimals,
    user: user === undefined ? undefined : (getAddress(user) as Address),
    users,
    apiKey,
    referrer: referrer ?? null,
  });
  const added = context.store.importHistory(requests);
  const [oldest, newest] = [requests[0], requests.at(-1)] as [
    (typeof requests)[number],
    (typeof requests)[number],
  ];
  return {
    added,
    first: oldest.requestId,
    last: newest.requestId,
    from: oldest.createdAt,
    to: newest.createdAt,
  };
}
