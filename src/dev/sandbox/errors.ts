import { STATUS_CODES } from "node:http";

/** An error the API answers with: spec error body plus a `code` member (DESIGN.md). */
export class ApiError extends Error {
  override readonly name = "ApiError";
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
  ) {
    super(`${code}: ${detail}`);
  }
}

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance: string;
  code: string;
}

export function problemBody(error: ApiError, instance: string): ProblemBody {
  return {
    type: `https://errors.sandbox.invalid/${error.code}`,
    title: STATUS_CODES[error.status] ?? "Error",
    status: error.status,
    detail: error.detail,
    instance,
    code: error.code,
  };
}

export const badRequest = (code: string, detail: string): ApiError => new ApiError(400, code, detail);
export const notFound = (code: string, detail: string): ApiError => new ApiError(404, code, detail);
export const conflict = (code: string, detail: string): ApiError => new ApiError(409, code, detail);
