import { CliError } from "./cliError.js";
import { exitCodes } from "./exitCodes.js";
import type { AttestationInput } from "./readAttestationInput.js";

/** Fetches `GET /requests/{id}/signature` (or `/signature/v2`) from the service. */
export async function fetchAttestation({
  api,
  requestId,
  version,
  apiKey,
  timeoutMs = 15_000,
}: {
  api: string;
  requestId: string;
  version: "v1" | "v2";
  apiKey?: string | undefined;
  timeoutMs?: number;
}): Promise<AttestationInput> {
  if (!/^0x[0-9a-fA-F]{64}$/.test(requestId))
    throw new CliError(`REQUEST_ID is not 32 bytes of hex: ${requestId}.`, { exitCode: exitCodes.badInput });
  const url = `${api.replace(/\/+$/, "")}/requests/${requestId}/signature${version === "v2" ? "/v2" : ""}`;
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: "application/json", ...(apiKey ? { "x-api-key": apiKey } : {}) },
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (cause) {
    throw new CliError(`Request to ${url} failed.`, { exitCode: exitCodes.network, cause });
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new CliError(`${url} answered ${response.status} with a body that is not JSON.`, {
      exitCode: exitCodes.network,
    });
  }
  if (!response.ok) {
    const b = (body ?? {}) as { message?: unknown; code?: unknown; errorCode?: unknown };
    const code = b.code ?? b.errorCode;
    throw new CliError(
      `${url} answered ${response.status}${code ? ` ${String(code)}` : ""}: ${String(b.message ?? text)}`,
      {
        exitCode: exitCodes.network,
      },
    );
  }
  const record = (body ?? {}) as Record<string, unknown>;
  if (!record.requestData || typeof record.requestData !== "object")
    throw new CliError(`${url} answered without "requestData".`, { exitCode: exitCodes.network });
  return {
    requestId,
    requestData: record.requestData as Record<string, unknown>,
    signature: record.signature,
  };
}
