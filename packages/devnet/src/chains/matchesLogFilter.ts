/** The address and topics of an `eth_getLogs` filter, as JSON-RPC gives them. */
export type LogFilterCriteria = {
  /** One address or a list (any of them); null, undefined or an empty list: any address. */
  address?: string | readonly string[] | null | undefined;
  /**
   * By position: null (or an empty list) matches any topic, a topic matches itself, a list matches
   * any of its topics. A log with fewer topics than the filter's positions does not match.
   */
  topics?: readonly (string | readonly string[] | null)[] | null | undefined;
};

/** A log's fields the filter reads. */
export type FilteredLog = { address?: unknown; topics?: unknown };

/**
 * Whether a log matches an `eth_getLogs` filter's address and topics, as geth reads them: any of the
 * addresses (case-insensitive); each topic position null, one topic or a list of alternatives, the
 * log holding at least as many topics as the filter names. Pure.
 *
 * @param log - The log (`address`, `topics`).
 * @param criteria - {@link LogFilterCriteria}
 * @returns Whether it matches.
 * @example
 * matchesLogFilter({ address: "0xAb…", topics: [fill, id] }, { topics: [[fill, refund], null] }) // true
 */
export function matchesLogFilter(log: FilteredLog, { address, topics }: LogFilterCriteria): boolean {
  const addresses = address == null ? [] : typeof address === "string" ? [address] : address;
  const logAddress = String(log.address ?? "").toLowerCase();
  if (addresses.length > 0 && !addresses.some((candidate) => candidate.toLowerCase() === logAddress))
    return false;
  const logTopics = Array.isArray(log.topics)
    ? (log.topics as unknown[]).map((topic) => String(topic).toLowerCase())
    : [];
  if (!topics) return true;
  if (topics.length > logTopics.length) return false;
  return topics.every((wanted, position) => {
    if (wanted === null) return true;
    const alternatives = typeof wanted === "string" ? [wanted] : wanted;
    return (
      alternatives.length === 0 || alternatives.some((topic) => topic.toLowerCase() === logTopics[position])
    );
  });
}
