/** The UTF-8 byte order mark (U+FEFF encoded), which an input may open with and which is skipped. */
export const utf8Bom: readonly number[] = [0xef, 0xbb, 0xbf];
