import { randomBytes } from "node:crypto";
import type { RequestOutput } from "attestkit/schemas";
import { type Address, BaseError, bytesToHex, type Hex } from "viem";
import { recoverAuthorizationAddress } from "viem/utils";
import type { TransactionSender, TransactionToSend } from "../chains/createTransactionSender.js";
import { DevnetApiError } from "../errors.js";
import { createRelayedRequest } from "../relayer/createRelayedRequest.js";
import { followRelayedCall } from "../relayer/followRelayedCall.js";
import { relayerSenderOf } from "../relayer/relayerSenderOf.js";
import type { DevnetRequest } from "../state/types.js";
import { executeError } from "./executeError.js";
import { requestNotFound } from "./requestNotFound.js";
import type { ApiChain, DevnetContext } from "./types.js";
import { validateIntegratorRequest } from "./validateIntegratorRequest.js";
import { withExecuteFields } from "./withExecuteFields.js";

/** What `POST /execute` uses of the devnet: its EVM chains, requests, log and clock. */
export type ExecuteDeps = Pick<DevnetContext, "chains" | "store" | "log" | "now">;

export type HandleExecuteParameters = {
  context: ExecuteDeps;
  /** The JSON body. */
  body: unknown;
  /** The caller's `x-api-key` (`apiKeyOf`). */
  apiKey: string | undefined;
};

/** The answer: the live `{message, requestId}`. */
export type HandleExecuteReturnType = { message: string; requestId: Hex };

/**
 * `POST /execute` (gasless execution, the official SDK's API types): the devnet's relayer
 * (`relayer/constants.ts`) sends the caller's call (`executionKind` `rawCalls`: `data.chainId`, `to`,
 * `data`, `value` in wei, an optional EIP-7702 `authorizationList` the transaction carries) and pays
 * its gas and value. In order:
 *
 * 1. the API key: the SDK's types require `x-api-key` (any key on the devnet; 401 without);
 * 2. the body, with the shared schema `execute` the client sends with (400 naming the field; unknown
 *    top-level fields ignored, such as the `originGasOverhead` the SDK's `gaslessBatch` adds);
 * 3. the chain (400 `UNSUPPORTED_CHAIN` for one the devnet does not run); destination calls
 *    (`executionOptions.destinationChainExecutionData.calls`) are 400 `NOT_SIMULATED`;
 * 4. a quote's `requestId`, when given: known (404 `REQUEST_NOT_FOUND`), `waiting`, not itself a
 *    gasless execution and on the call's chain (400 `INVALID_REQUEST`, `UNSUPPORTED_CHAIN`);
 * 5. the call is simulated from the relayer (400 `EXECUTION_REVERTED` with the chain's reason when it
 *    reverts; nothing is sent and no request made);
 * 6. without a `requestId` a request of its own is made (`createRelayedRequest`, `waiting`, the
 *    caller's key and `referrer`); the call is sent, its hash written to the request before the
 *    broadcast; the answer comes once the chain took it, and `followRelayedCall` moves the request
 *    when it is mined (`success`, or `failure` when it reverted). With a quote's `requestId` the
 *    deposit the call makes moves that request as any deposit does.
 *
 * `subsidizeFees` changes nothing: the devnet charges no fee for the relayer's gas.
 *
 * @param parameters - {@link HandleExecuteParameters}
 * @returns `{message: "Transaction submitted", requestId}`. {@link HandleExecuteReturnType}
 * @throws DevnetApiError with `{message, errorCode, error}` as above; 500 `UNKNOWN_ERROR` when the
 * chain refuses the relayer's transaction (the request made for it then ends in `failure`).
 * @example
 * c.json(await handleExecute({ context, body: await readJsonBody(c), apiKey: apiKeyOf(c) }))
 */
export async function handleExecute({
  context,
  body,
  apiKey,
}: HandleExecuteParameters): Promise<HandleExecuteReturnType> {
  if (apiKey === undefined)
    throw executeError({
      status: 401,
      errorCode: "UNAUTHORIZED",
      error: "Unauthorized",
      message: "POST /execute needs an API key (the x-api-key header).",
    });
  const execution = validated(body);
  const chain = chainOrThrow(context, execution);
  const quoted = execution.requestId === undefined ? undefined : quotedOrThrow(context, execution, chain);
  const call: TransactionToSend = {
    to: execution.data.to as Address,
    data: execution.data.data as Hex,
    value: BigInt(execution.data.value),
    authorizationList: execution.data.authorizationList?.map((item) => ({
      ...item,
      address: item.address as Address,
      r: item.r as Hex,
      s: item.s as Hex,
    })),
  };
  const sender = await relayerSenderOf(chain);
  const gas = await simulate(sender, call, execution.requestId);
  const requestId = quoted?.requestId ?? bytesToHex(randomBytes(32));
  if (!quoted)
    context.store.create(
      createRelayedRequest({
        requestId,
        apiKey,
        referrer: execution.executionOptions.referrer,
        chainId: chain.chainId,
        user: await userOf(call),
        relayer: sender.address,
        to: call.to as Address,
        data: call.data as Hex,
        value: call.value as bigint,
        createdAt: (context.now ?? Date.now)(),
      }),
    );
  const txHash = await send(context, sender, { ...call, gas }, quoted ? undefined : requestId);
  void followRelayedCall({ context, chain, sender, requestId, txHash, to: call.to as Address });
  return { message: "Transaction submitted", requestId };
}

function validated(body: unknown): RequestOutput<"execute"> {
  try {
    return validateIntegratorRequest({ endpoint: "execute", input: body });
  } catch (error) {
    if (error instanceof DevnetApiError) throw withExecuteFields(error, error.body.message);
    throw error;
  }
}

function chainOrThrow(context: ExecuteDeps, execution: RequestOutput<"execute">): ApiChain {
  const chain = context.chains.get(Number(execution.data.chainId));
  if (!chain)
    throw executeError({
      status: 400,
      errorCode: "UNSUPPORTED_CHAIN",
      message: `Chain ${execution.data.chainId} is not an EVM chain of the devnet.`,
    });
  if ((execution.executionOptions.destinationChainExecutionData?.calls.length ?? 0) > 0)
    throw executeError({
      status: 400,
      errorCode: "NOT_SIMULATED",
      message:
        "destinationChainExecutionData is not simulated: the devnet's relayer sends the one call of data (a quote's destination calls go in its txs).",
    });
  return chain;
}

function quotedOrThrow(context: ExecuteDeps, execution: RequestOutput<"execute">, chain: ApiChain) {
  const requestId = execution.requestId as Hex;
  const request: DevnetRequest | undefined = context.store.get(requestId);
  if (!request)
    throw withExecuteFields(requestNotFound(requestId, "errorCode"), "REQUEST_NOT_FOUND", requestId);
  const refuse = (errorCode: string, message: string) =>
    executeError({ status: 400, errorCode, message, requestId });
  if (request.relayed)
    throw refuse("INVALID_REQUEST", `Request ${requestId} is a gasless execution's own request.`);
  if (request.status !== "waiting")
    throw refuse(
      "INVALID_REQUEST",
      `Request ${requestId} is ${request.status}, not waiting for its deposit.`,
    );
  if (request.originChainId !== chain.chainId)
    throw refuse(
      "UNSUPPORTED_CHAIN",
      `Request ${requestId} is paid on chain ${request.originChainId}, not ${chain.chainId}.`,
    );
  return request;
}

/** Simulates the call from the relayer: its gas with a fifth more, or the 400 of a revert. */
async function simulate(sender: TransactionSender, call: TransactionToSend, requestId: string | undefined) {
  try {
    return ((await sender.estimateGas(call)) * 12n) / 10n;
  } catch (error) {
    const reason =
      error instanceof BaseError
        ? error.shortMessage
        : error instanceof Error
          ? error.message
          : String(error);
    throw executeError({
      status: 400,
      errorCode: "EXECUTION_REVERTED",
      message: `The call reverts in simulation: ${reason}`,
      requestId,
    });
  }
}

/**
 * Sends the relayer's transaction; for the execution's own request its hash is written before the
 * broadcast, and a send the chain refuses ends the request in `failure`.
 */
async function send(
  context: ExecuteDeps,
  sender: TransactionSender,
  transaction: TransactionToSend,
  ownRequestId: Hex | undefined,
): Promise<Hex> {
  try {
    return await sender.send(
      transaction,
      ownRequestId === undefined
        ? {}
        : { onSigned: (hash) => context.store.update(ownRequestId, { inTxHashes: [hash] }) },
    );
  } catch (error) {
    context.log(`POST /execute: ${error instanceof Error ? error.message : String(error)}`);
    if (ownRequestId !== undefined)
      context.store.transition(ownRequestId, "failure", {
        inTxHashes: [],
        failReason: "UNKNOWN",
        details: { reason: "the chain refused the relayer's transaction" },
      });
    throw executeError({
      status: 500,
      errorCode: "UNKNOWN_ERROR",
      error: "Internal server error",
      message: "The relayer's transaction could not be sent.",
      ...(ownRequestId === undefined ? {} : { requestId: ownRequestId }),
    });
  }
}

/** The account an execution is for: the signer of its first authorization, else the call's target. */
async function userOf(call: TransactionToSend): Promise<Address> {
  const [authorization] = call.authorizationList ?? [];
  if (authorization)
    try {
      return await recoverAuthorizationAddress({ authorization });
    } catch {}
  return call.to as Address;
}
