import { encodeFunctionData, type Hex, isAddressEqual, recoverTypedDataAddress } from "viem";
import { devnetDepositoryAbi, devnetEip3009TokenAbi } from "../../contracts/devnet/abis.js";
import { DevnetApiError } from "../errors.js";
import { permitTypedData } from "../quote/buildPermitStep.js";
import { requestNotFound } from "./requestNotFound.js";
import type { ApiChain, DevnetContext } from "./types.js";

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

/** Gas of `receiveWithAuthorization` and of the solver's `depositErc20`. */
const authorizationGas = 150_000n;

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
  const { kind, requestId } = (body ?? {}) as { kind?: unknown; requestId?: unknown };
  if (kind !== "eip3009")
    throw invalid("INVALID_REQUEST", `kind must be "eip3009" (the kind of the quote's signature step).`);
  if (typeof requestId !== "string" || !/^0x[0-9a-fA-F]{64}$/.test(requestId))
    throw invalid("INVALID_REQUEST", "requestId must be 0x and 64 hex digits.");
  if (typeof signature !== "string" || !/^0x[0-9a-fA-F]{130}$/.test(signature))
    throw invalid("PERMIT_FAILED", "signature must be a 65-byte hex signature (?signature=0x...).");
  const request = context.store.get(requestId as Hex);
  if (!request) throw requestNotFound(requestId, "errorCode");
  const authorization = context.permits.get(request.requestId);
  if (!authorization) throw invalid("PERMIT_FAILED", `Request ${requestId} was not quoted with usePermit.`);
  if (request.status !== "waiting" || context.permits.isSubmitted(request.requestId))
    throw invalid("PERMIT_FAILED", `The authorization of request ${requestId} was already submitted.`);
  if (BigInt(Math.floor(now / 1000)) >= authorization.validBefore)
    throw invalid(
      "PERMIT_FAILED",
      `The authorization expired at ${authorization.validBefore} (permitExpiry); request a new quote.`,
    );
  const signer = await recoverTypedDataAddress({
    ...permitTypedData(authorization),
    signature: signature as Hex,
  });
  if (!isAddressEqual(signer, authorization.from))
    throw invalid(
      "PERMIT_FAILED",
      `The signature is by ${signer}, the authorization is ${authorization.from}'s.`,
    );

  const chain = context.chains.get(authorization.chainId) as ApiChain;
  // Kept before anything is sent: a second post, even after a restart, finds it submitted.
  if (!context.permits.markSubmitted(request.requestId))
    throw invalid("PERMIT_FAILED", `The authorization of request ${requestId} was already submitted.`);
  const receivedHash = await send(
    chain,
    encodeFunctionData({
      abi: devnetEip3009TokenAbi,
      functionName: "receiveWithAuthorization",
      args: [
        authorization.from,
        authorization.to,
        authorization.value,
        authorization.validAfter,
        authorization.validBefore,
        authorization.nonce,
        signature as Hex,
      ],
    }),
    authorization.token,
  );
  if (!receivedHash) {
    context.permits.release(request.requestId);
    throw invalid("PERMIT_FAILED", "The token refused the authorization.");
  }
  // The deposit is confirmed through the execute API: `depositing`, before the deposit that the
  // indexer takes (`depositing` -> `pending`) is sent, so the order of statuses never races it.
  context.store.transition(request.requestId, "depositing", { inTxHashes: [receivedHash] });
  const deposited = await send(
    chain,
    encodeFunctionData({
      abi: devnetDepositoryAbi,
      functionName: "depositErc20",
      args: [authorization.from, authorization.token, authorization.value, authorization.nonce],
    }),
    chain.contracts.depository,
  );
  if (!deposited) {
    // Fail closed: the tokens go back to the user who authorized them.
    const refundHash = await send(
      chain,
      encodeFunctionData({
        abi: devnetEip3009TokenAbi,
        functionName: "transfer",
        args: [authorization.from, authorization.value],
      }),
      authorization.token,
    );
    context.store.transition(request.requestId, "refund", {
      failReason: "UNKNOWN",
      ...(refundHash ? { txHashes: [refundHash] } : {}),
      details: {
        reason: "the deposit of the authorized tokens failed; they were sent back",
        ...(refundHash
          ? {
              refund: {
                chainId: chain.chainId,
                txHash: refundHash,
                currency: authorization.token,
                amount: authorization.value.toString(),
                recipient: authorization.from,
              },
            }
          : {}),
      },
    });
    throw invalid("PERMIT_FAILED", "The deposit of the authorized tokens failed; they were sent back.");
  }
  void chain.indexer.scan();
  return { message: "Transaction submitted", steps: [] };
}

/** Sends a solver transaction and waits for it: its hash when mined with status 1, else undefined. */
async function send(chain: ApiChain, data: Hex, to: `0x${string}`): Promise<Hex | undefined> {
  try {
    const hash = await chain.sender.send({ to, data, gas: authorizationGas });
    return (await chain.sender.waitForReceipt(hash)).status === "success" ? hash : undefined;
  } catch {
    return undefined;
  }
}

function invalid(errorCode: string, message: string) {
  return new DevnetApiError({ status: 400, errorCode, message });
}
