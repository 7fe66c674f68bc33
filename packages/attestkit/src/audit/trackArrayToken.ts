import { type ParsedTokenInfo, TokenType } from "@streamparser/json";
import type { AuditArrayReader } from "./auditArrayReader.js";

/**
 * Follows one token of the array (RFC 8259 grammar, as the tokenizer reports it) before the token
 * parser takes it: the nesting depth, where the current element starts (its first token inside
 * the array), where its space begins (after the array's `[` or last `,`), and the last token's
 * offset. Runs once per token.
 *
 * @param reader - The reader. {@link AuditArrayReader}
 * @param info - The token and its byte offset (from the first byte written).
 * @returns Nothing.
 * @throws What the token parser throws on a token out of place (a TokenParserError).
 * @example
 * tokenizer.onToken = (info) => trackArrayToken(reader, info)
 */
export function trackArrayToken(reader: AuditArrayReader, info: ParsedTokenInfo): void {
  const { token, offset } = info;
  reader.lastToken = offset;
  if (
    reader.depth === 1 &&
    reader.elementStart === -1 &&
    token !== TokenType.COMMA &&
    token !== TokenType.RIGHT_BRACKET
  )
    reader.elementStart = offset;
  if (reader.depth === 1 && token === TokenType.COMMA) reader.boundary = offset + 1;
  if (token === TokenType.LEFT_BRACE || token === TokenType.LEFT_BRACKET) {
    reader.depth++;
    if (reader.depth === 1) reader.boundary = offset + 1;
  } else if (token === TokenType.RIGHT_BRACE || token === TokenType.RIGHT_BRACKET) reader.depth--;
  reader.parser.write(info);
}
