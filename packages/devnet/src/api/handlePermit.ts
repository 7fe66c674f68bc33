import { checkPermitAuthorization } from "./checkPermitAuthorization.js";
import { parsePermitRequest } from "./parsePermitRequest.js";
import { submitPermit } from "./submitPermit.js";
import type { DevnetContext } from "./types.js";

/** What `POST /execute/permits` uses of the devnet: the requests, the permits, the EVM chains that take them. */
export type PermitDeps = Pick<DevnetContext, "store" | "permits" | "chains">;

export type HandlePermitParameters = {
  context: PermitDeps;
  /** The `signature` query parameter. */
  signature: string | undefined;
  /** The JSON body: `{kind, requestId, api?}`. */
  body: unknown;
  /** The clock (ms), replaceable in tests. */
  now?: number | undefined;
};

/**
 * Answers `POST /execute/permits?signature=` for a quote made with `usePermit`: checks the body
 * (`kind` `eip3009`, a known request still `waiting` with an authorization), that the authorization
 * has not expired (`permitExpiry`) and that the signature recovers to the user, then submits
 * `receiveWithAuthorization` on the origin token (the solver is the payee). Once the token took it,
 * the deposit is confirmed through the execute API: the request moves to `depositing` (the
 * interface's meaning of that status; `inTxHashes` the authorization's transaction). The solver then
 * deposits the tokens into the depository under the order id, credited to the user (`depositErc20`):
 * that deposit is indexed (`depositing` -> `pending`) and filled like any other. Each authorization is
 * submitted at most once; if the deposit fails after the transfer, the tokens are sent back to the
 * user and the request is `refund` (`details.refund`).
 *
 * @param parameters - {@link HandlePermitParameters}
 * @returns `{message, steps: []}` once the deposit is mined.
 * @throws DevnetApiError 400 `PERMIT_FAILED` (expired, wrong signer, already used, refused on
 * chain), 400 `INVALID_REQUEST` (body), 404 `REQUEST_NOT_FOUND`.
 * @example
 * c.json(await handlePermit({ context, signature: c.req.query("signature"), body }))
 */
export async function handlePermit({ context, signature, body, now = Date.now() }: HandlePermitParameters) {
  const parsed = parsePermitRequest({ body, signature });
  const { request, authorization } = await checkPermitAuthorization({ context, ...parsed, now });
  await submitPermit({ context, ...parsed, request, authorization });
  return { message: "Transaction submitted", steps: [] };
}
