import type { ServerResponse } from 'node:http';
import type { ProblemDetails, ProblemFieldError } from '../../src/contract';

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  411: 'Length Required',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  416: 'Range Not Satisfiable',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** An error that becomes an RFC 9457 problem details response. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly extra: { errors?: ProblemFieldError[]; [member: string]: unknown } = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
  }

  toProblem(): ProblemDetails & Record<string, unknown> {
    return {
      type: 'about:blank',
      title: TITLES[this.status] ?? 'Error',
      status: this.status,
      detail: this.detail,
      ...this.extra,
    };
  }
}

export const notFound = (what: string): HttpError => new HttpError(404, `${what} was not found.`);

export function sendProblem(res: ServerResponse, error: HttpError): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = JSON.stringify(error.toProblem());
  res.writeHead(error.status, {
    ...error.headers,
    'Content-Type': 'application/problem+json',
    'Content-Length': Buffer.byteLength(body),
  });
  res.end(body);
}
