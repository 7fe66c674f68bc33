import type { AttestationVersion } from "../../attestation/types.js";
import type { ExplainReport } from "../../explain/types.js";
import type { Line } from "../styledText.js";
import { explainVerdictLine } from "./explainVerdictLine.js";
import { labelledLine } from "./labelledLine.js";

/**
 * One attestation in the `explain` report: each field with the word it encodes to, the hash, the
 * digest, the signer against the expected solvers and the verdict; or why there is none.
 *
 * @param report - The report. {@link ExplainReport}
 * @param version - Which attestation: `v1` or `v2`.
 * @returns The lines.
 * @example
 * for (const line of attestationSectionLines(report, "v1")) io.out(line)
 */
export function attestationSectionLines(report: ExplainReport, version: AttestationVersion): Line[] {
  const part = report.attestation[version];
  const heading = ["", `attestation ${version}`];
  if (!part.available || part.unjudged) return [...heading, `  (${part.error})`];
  return [
    ...heading,
    ...part.words.flatMap(({ name, word }) => {
      const given = name === "requestId" ? report.requestId : part.requestData?.[name];
      return [labelledLine(name, String(given)), labelledLine("", `-> ${word}`)];
    }),
    labelledLine("hash", part.hash),
    labelledLine("digest", part.digest),
    labelledLine("signer", part.signer ?? "(none)"),
    labelledLine("expected", report.attestation.solvers.join(", ")),
    explainVerdictLine(part.valid, part.reason),
  ];
}
