import { keccak256 } from "viem";
import { attestationDigest } from "../../attestation/attestationDigest.js";
import { encodeAttestation } from "../../attestation/encodeAttestation.js";
import {
  type ToAttestationWordsReturnType,
  toAttestationWords,
} from "../../attestation/toAttestationWords.js";
import type { AttestationVersion } from "../../attestation/types.js";
import { exitCodes } from "../exitCodes.js";
import type { Io } from "../io.js";
import { readAttestationInput } from "../readAttestationInput.js";
import { reportError } from "../reportError.js";

export type EncodeOptions = { file: string; requestId?: string; v2?: boolean; json?: boolean };

/** Prints each field as given and as its bytes32 word, in tuple order. */
export function printWords(
  io: Io,
  { words, version }: ToAttestationWordsReturnType,
  input: { requestId: unknown; requestData: Record<string, unknown> },
): void {
  io.out(`tuple        ${version} (${words.map(([name]) => name).join(", ")})`);
  for (const [name, word] of words) {
    const given = name === "requestId" ? input.requestId : input.requestData[name];
    io.out(`  ${name.padEnd(20)} ${String(given)}`);
    io.out(`  ${"".padEnd(20)} -> ${word}`);
  }
}

/** Runs `encode` and returns its exit code. */
export function runEncode(options: EncodeOptions, io: Io): number {
  const version: AttestationVersion = options.v2 ? "v2" : "v1";
  try {
    const input = readAttestationInput({ file: options.file, requestId: options.requestId });
    const parsed = toAttestationWords({ ...input, version });
    const encoded = encodeAttestation({ ...input, version });
    const hash = keccak256(encoded);
    const digest = attestationDigest({ hash });
    if (options.json) {
      io.out(
        JSON.stringify({
          requestId: parsed.words[0]?.[1],
          version,
          words: Object.fromEntries(parsed.words),
          encoded,
          hash,
          digest,
        }),
      );
    } else {
      printWords(io, parsed, input);
      io.out(`encoded      ${encoded}`);
      io.out(`hash         ${hash}`);
      io.out(`digest       ${digest}`);
    }
    return exitCodes.ok;
  } catch (error) {
    return reportError({ io, error, json: options.json });
  }
}
