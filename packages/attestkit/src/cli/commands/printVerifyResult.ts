import { toAttestationWords } from "../../attestation/toAttestationWords.js";
import type { AttestationVersion } from "../../attestation/types.js";
import type { VerifyAttestationReturnType } from "../../attestation/verifyAttestation.js";
import { formatVerdictLine } from "../formatVerdictLine.js";
import type { Io } from "../io.js";
import type { AttestationInput } from "../readAttestationInput.js";
import { describeSource, type ResolveSolversReturnType } from "../resolveSolvers.js";
import { printWords } from "./runEncode.js";
import { signatureParts } from "./signatureParts.js";

export type PrintVerifyResultParameters = {
  io: Io;
  /** `--json`: one JSON object instead of the words, hashes and verdict. */
  json: boolean | undefined;
  /** The attestation verified. */
  input: AttestationInput;
  version: AttestationVersion;
  /** The verdict. */
  result: VerifyAttestationReturnType;
  /** The solvers it was verified against, and where they came from. */
  resolved: ResolveSolversReturnType;
};

/**
 * Prints what `verify` found: one JSON object with `--json`, else each field with its word, the
 * encoding, hash, digest, the signature and its `r`, `s`, `v` (and `yParity`), signer, expected
 * solvers and the verdict. A signer that is not the live
 * solver (when the live solver was the default) gets a hint on standard error: how to verify
 * against it, and when that is right.
 *
 * @param parameters - {@link PrintVerifyResultParameters}
 * @example
 * printVerifyResult({ io, json: options.json, input, version, result, resolved })
 */
export function printVerifyResult({
  io,
  json,
  input,
  version,
  result,
  resolved,
}: PrintVerifyResultParameters): void {
  const { solvers } = resolved;
  const parts = signatureParts(input.signature);
  if (json) {
    io.out(
      JSON.stringify({
        requestId: String(input.requestId).toLowerCase(),
        valid: result.valid,
        signer: result.signer,
        expectedSigners: solvers,
        solverSource: resolved.source,
        encoded: result.encoded,
        hash: result.hash,
        digest: result.digest,
        signature: parts?.signature ?? null,
        r: parts?.r ?? null,
        s: parts?.s ?? null,
        v: parts?.v ?? null,
        yParity: parts?.yParity ?? null,
        ...(result.reason ? { reason: result.reason } : {}),
      }),
    );
  } else {
    printWords(io, toAttestationWords({ ...input, version }), input);
    io.out(`encoded      ${result.encoded}`);
    io.out(`hash         ${result.hash}   keccak256(encoded)`);
    io.out(`digest       ${result.digest}   keccak256("\\x19Ethereum Signed Message:\\n32" || hash)`);
    io.out(`signature    ${parts?.signature ?? String(input.signature)}`);
    if (parts) {
      io.out(`  r          ${parts.r}`);
      io.out(`  s          ${parts.s}`);
      io.out(`  v          ${parts.v}   yParity ${parts.yParity ?? "none (v is not 27, 28, 0 or 1)"}`);
    }
    io.out(`signer       ${result.signer ?? "(none)"}`);
    io.out(`expected     ${solvers.join(", ")}   ${describeSource(resolved)}`);
    io.out(formatVerdictLine(result));
  }
  if (result.reason === "signer-not-allowed" && resolved.source === "default" && result.signer)
    io.err(
      `hint: ${result.signer} signed this, not the live solver. Only if that is the solver of the ` +
        `service the record comes from (another deployment), verify with: --solver ${result.signer}`,
    );
}
