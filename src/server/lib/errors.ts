/**
 * Typed errors thrown by services; the one error handler (error-handler.ts) maps them to HTTP.
 * `message` is user-facing; `field` names the input at fault when there is one.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}
export class BadRequestError extends AppError {
  constructor(message: string, field?: string) {
    super(400, message, field);
  }
}
export class UnauthorizedError extends AppError {
  /** @param field the credential at fault, when the answer may name it (a two-factor code). */
  constructor(message: string, field?: string) {
    super(401, message, field);
  }
}
export class ForbiddenError extends AppError {
  /** @param field what about the request is refused, when one thing is (`protocol`: plain http). */
  constructor(message: string, field?: string) {
    super(403, message, field);
  }
}
/** Also used for rows of another society: they do not exist for the caller. */
export class NotFoundError extends AppError {
  constructor(message = 'Not found.') {
    super(404, message);
  }
}
export class ConflictError extends AppError {
  /** @param field the input that conflicts, when one does (an email already used). */
  constructor(message: string, field?: string) {
    super(409, message, field);
  }
}
export class TooManyRequestsError extends AppError {
  constructor(
    message: string,
    readonly retryAfterS: number,
  ) {
    super(429, message);
  }
}
/** A dependency the request needs cannot answer now (a name server, the idempotency key store): 503, `Retry-After` seconds. */
export class ServiceUnavailableError extends AppError {
  constructor(
    message: string,
    readonly retryAfterS: number,
  ) {
    super(503, message);
  }
}
/** The body is too large for what it is (an upload over its kind's limit). */
export class PayloadTooLargeError extends AppError {
  constructor(message: string, field?: string) {
    super(413, message, field);
  }
}
/** The body's content is of a type the route does not accept (decided from the bytes, not the name). */
export class UnsupportedMediaError extends AppError {
  constructor(message: string, field?: string) {
    super(415, message, field);
  }
}
