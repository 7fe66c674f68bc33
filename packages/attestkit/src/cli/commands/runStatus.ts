import { bitcoin as bitcoinChain } from "../../chains/bitcoin/constants.js";
import { getStatus } from "../../client/actions/getStatus.js";
import { waitForStatus } from "../../client/actions/waitForStatus.js";
import { WaitForStatusTimeoutError } from "../../client/errors/status.js";
import type { StatusResponse } from "../../schemas/index.js";
import { checkRequestIdArgument } from "../checkRequestIdArgument.js";
import { CliError } from "../cliError.js";
import { createServiceClient } from "../createServiceClient.js";
import { exitCodes } from "../exitCodes.js";
import { formatStatusLine } from "../formatStatusLine.js";
import type { Io } from "../io.js";
import type { GlobalOptions } from "../readGlobalOptions.js";
import { reportError } from "../reportError.js";
import { statusStyle } from "../statusStyle.js";
import { styled } from "../styledText.js";

export type StatusOptions = GlobalOptions & {
  watch?: boolean;
  interval: string;
  json?: boolean;
};

/** How long `--watch` follows a request when `--timeout` is not given: 30 minutes. */
const watchTimeoutMs = 1_800_000;

/** Runs `status` and returns its exit code. */
export async function runStatus(requestId: string, options: StatusOptions, io: Io): Promise<number> {
  try {
    checkRequestIdArgument(requestId);
    const intervalMs = milliseconds("--interval", options.interval, 1);
    const { client, call, timeoutMs, explain } = createServiceClient(
      options,
      options.watch ? watchTimeoutMs : undefined,
    );

    if (!options.watch) {
      const status = await getStatus(client, { requestId }, call).catch((error: unknown) => {
        throw explain(error);
      });
      if (options.json) io.out(JSON.stringify(status));
      else printStatus(io, requestId, status);
      return exitCodes.ok;
    }

    let lastLine: string | undefined;
    const final = await waitForStatus(client, {
      requestId,
      intervalMs,
      timeoutMs,
      onUpdate: (status) => {
        lastLine = JSON.stringify(status);
        io.out(options.json ? lastLine : formatStatusLine(status));
      },
    }).catch((error: unknown) => {
      throw watchError(explain(error));
    });
    if (options.json) {
      // `failure` is returned after standing a while, possibly with fields changed since its line.
      if (JSON.stringify(final) !== lastLine) io.out(JSON.stringify(final));
    } else {
      io.out("");
      printStatus(io, requestId, final);
    }
    // waitForStatus returns only final statuses: success, or one of refund, failure, fallback.
    return final.status === "success" ? exitCodes.ok : exitCodes.invalid;
  } catch (error) {
    return reportError({ io, error, json: options.json });
  }
}

/**
 * The watch's time-out in the command line's words: the last status, and a hint that fits the
 * request (a Bitcoin deposit waits for block confirmations; any request can be followed longer
 * with --timeout).
 */
function watchError(error: unknown): unknown {
  if (!(error instanceof WaitForStatusTimeoutError)) return error;
  const last = error.lastStatus;
  const bitcoin = last !== undefined && Number(last.originChainId) === bitcoinChain.chainId;
  return new CliError(
    `Request ${error.requestId} did not reach a final status within ${error.timeoutMs} ms (--timeout).`,
    {
      exitCode: exitCodes.network,
      cause: error,
      metaMessages: [
        `Last status: ${last?.status ?? "none received"}`,
        bitcoin
          ? "A Bitcoin deposit waits for block confirmations (about 10 minutes each): follow it longer with --timeout."
          : `Follow it longer with --timeout (now ${error.timeoutMs} ms), or check it later with attestkit status ${error.requestId}.`,
      ],
    },
  );
}

/** The status as labelled lines. */
function printStatus(io: Io, requestId: string, status: StatusResponse): void {
  const line = (label: string, value: unknown) => io.out(`${label.padEnd(20)}${value}`);
  line("requestId", status.requestId ?? requestId);
  io.out([`${"status".padEnd(20)}`, styled(String(status.status), statusStyle(status.status))]);
  if (status.originChainId != null) line("originChainId", status.originChainId);
  if (status.destinationChainId != null) line("destinationChainId", status.destinationChainId);
  line("inTxHashes", status.inTxHashes?.length ? status.inTxHashes.join(", ") : "(none)");
  line("txHashes", status.txHashes?.length ? status.txHashes.join(", ") : "(none)");
  if (status.updatedAt != null) {
    const ms = Number(status.updatedAt);
    line("updatedAt", Number.isFinite(ms) ? `${new Date(ms).toISOString()} (${ms})` : status.updatedAt);
  }
  line("failReason", status.failReason ?? "N/A");
  line("refundFailReason", status.refundFailReason ?? "N/A");
  if (status.referrer) line("referrer", status.referrer);
  if (status.depositAddress) line("depositAddress", JSON.stringify(status.depositAddress));
  if (status.details) line("details", JSON.stringify(status.details));
}

function milliseconds(flag: string, value: string, min: number): number {
  if (!/^[0-9]+$/.test(value) || Number(value) < min || !Number.isSafeInteger(Number(value)))
    throw new CliError(
      `${flag} must be a whole number of milliseconds >= ${min}, got ${JSON.stringify(value)}.`,
      {
        exitCode: exitCodes.badInput,
      },
    );
  return Number(value);
}
