import type {
  RequestsRequest,
  RequestsV2Request,
  requestV2RecordSchema,
  responseSchemas,
} from "attestkit/schemas";
import type * as z from "zod";
import type { DevnetRequest } from "../state/types.js";
import { type HandleRequestsParameters, handleRequests } from "./handleRequests.js";
import { renderCurrency } from "./renderAmount.js";
import { requestAddresses } from "./requestAddresses.js";
import { sameIgnoringCase } from "./sameIgnoringCase.js";

export type HandleRequestsV2Parameters = Omit<
  HandleRequestsParameters,
  "query" | "requireApiKey" | "where"
> & {
  /** The validated query. */
  query: RequestsV2Request;
};

/** The v2 statuses (the SDK's enum): a request `submitted` is still `pending` there, a `fallback` a `refund`. */
const v2Status: Readonly<Record<string, string>> = { submitted: "pending", fallback: "refund" };

/**
 * Answers `GET /requests/v2`, the listing the official SDK's types describe (older than v3, public: no
 * API key needed), from the same selection as `GET /requests/v3` (`handleRequests`): `user` matches
 * any address the request involves (`requestAddresses`): the SDK's "sender or recipient" (the
 * quote's user, the depositor the deposit credits, the recipient), the deposit address and its
 * depositor (the live docs, `features/deposit-addresses.mdx`: deposit-address integrators poll
 * `/requests/v2?user=<deposit address>`), and the refund address (the recipient of a refund);
 * `hash` an origin deposit, a fill or a refund; the other filters, sorting (`createdAt`,
 * `updatedAt`) and `continuation` are v3's. Each record is in the v2 shape:
 * `depositAddress.depositAddressType`, transactions under `hash`, `data.currency` (the input's
 * currency id) and `data.currencyObject`, statuses of the v2 enum (`submitted` reads `pending`),
 * `orderData` with `includeOrderData`, `referrer` only with `includeAuthenticatedData` for the
 * caller's own requests.
 *
 * @param parameters - {@link HandleRequestsV2Parameters}
 * @returns `{ requests, continuation? }`.
 * @example
 * c.json(handleRequestsV2({ requests: store.all(), query, apiKey, currencies, depositoryOf, solver, url }))
 */
export function handleRequestsV2({ query, ...parameters }: HandleRequestsV2Parameters) {
  const { user, hash, includeOrderData, ...shared } = query;
  // `hash`: OR of v3's three hash filters, as `filters` groups; `user`: any address of the request.
  const hashes = [{ depositTxHash: hash }, { fillTxHash: hash }, { refundTxHash: hash }];
  const v3Query: RequestsRequest = {
    ...shared,
    ...(hash !== undefined ? { filters: JSON.stringify(hashes) } : {}),
  };
  const where =
    user === undefined
      ? undefined
      : (request: DevnetRequest) =>
          requestAddresses(request).some((address) => sameIgnoringCase(address, user));
  const page = handleRequests({ ...parameters, query: v3Query, requireApiKey: false, where });
  const byId = new Map<string, DevnetRequest>(
    parameters.requests.map((request) => [request.requestId.toLowerCase(), request]),
  );
  const withOrderData = includeOrderData === true || includeOrderData === "true";
  return {
    requests: page.requests.map((record) => {
      const request = byId.get(record.id.toLowerCase()) as DevnetRequest;
      const currencyIn = parameters.currencies.find(
        (currency) =>
          currency.chainId === request.originChainId &&
          currency.address.toLowerCase() === request.originCurrency.toLowerCase(),
      );
      const transaction = ({ txHash, ...rest }: (typeof record.data.inTxs)[number]) => ({
        hash: txHash,
        ...rest,
      });
      const referrer = record.data.referrer;
      return {
        id: record.id,
        status: v2Status[record.status] ?? record.status,
        user: record.user,
        recipient: record.recipient,
        depositAddress: record.depositAddress
          ? {
              address: record.depositAddress.address,
              depositAddressType: record.depositAddress.type,
              depositor: record.depositAddress.depositor,
              depositTxHash: record.depositAddress.depositTxHash,
            }
          : null,
        data: {
          failReason: record.data.failReason ?? "N/A",
          ...(record.data.refundFailReason ? { refundFailReason: record.data.refundFailReason } : {}),
          ...(record.data.failedTxHash ? { failedTxHash: record.data.failedTxHash } : {}),
          // The official SDK's types carry it in `data` here (top level in `/requests/v3`).
          supersededByRequestId: request.supersededByRequestId ?? null,
          usesExternalLiquidity: false,
          inTxs: record.data.inTxs.map(transaction),
          outTxs: record.data.outTxs.map(transaction),
          ...(currencyIn
            ? {
                currency: currencyIn.groupID,
                currencyObject: renderCurrency({ currency: currencyIn, url: parameters.url }),
              }
            : {}),
        },
        protocol: record.protocol,
        ...(withOrderData && request.orderData !== undefined ? { orderData: request.orderData } : {}),
        ...(referrer !== undefined && referrer !== null ? { referrer } : {}),
        createdAt: record.createdAt,
        updatedAt: record.updatedAt,
      } satisfies z.input<typeof requestV2RecordSchema>;
    }),
    ...(page.continuation !== undefined ? { continuation: page.continuation } : {}),
  } satisfies z.input<typeof responseSchemas.requestsV2>;
}
