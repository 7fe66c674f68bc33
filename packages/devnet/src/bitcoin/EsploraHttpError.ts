/**
 * An answer other than 2xx, sent as Esplora sends its errors: a plain-text body with the status
 * (400 for bad input, 404 for an unknown block, transaction or output). `answerEsploraError` turns
 * it into the answer.
 */
export class EsploraHttpError extends Error {
  constructor(
    readonly status: 400 | 404,
    message: string,
  ) {
    super(message);
  }
}
