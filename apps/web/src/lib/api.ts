import type { QueryFunction } from "@tanstack/react-query";

/**
 * A failed call. `message` is the spec's `STATUS: body` (status text when the body is empty);
 * `code` and `serverMessage` come from the API's JSON error body when there is one.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = "ApiError";
    try {
      const parsed: unknown = JSON.parse(body);
      if (parsed && typeof parsed === "object") {
        const record = parsed as Record<string, unknown>;
        if (typeof record.code === "string") this.code = record.code;
        if (typeof record.message === "string") this.serverMessage = record.message;
      }
    } catch {
      // plain-text body: message already carries it
    }
  }
  readonly code: string | undefined;
  readonly serverMessage: string | undefined;
}

async function throwIfNotOk(res: Response): Promise<void> {
  if (!res.ok) throw new ApiError(res.status, await res.text(), res.statusText);
}

/** Sends cookies; JSON bodies as JSON, FormData as multipart. Non-ok responses throw ApiError. */
export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  const isForm = typeof FormData !== "undefined" && data instanceof FormData;
  const res = await fetch(url, {
    method,
    credentials: "include",
    headers: data !== undefined && !isForm ? { "Content-Type": "application/json" } : undefined,
    body: data === undefined ? undefined : isForm ? data : JSON.stringify(data),
  });
  await throwIfNotOk(res);
  return res;
}

/** Typed JSON helper over apiRequest. */
export async function apiJson<T>(method: string, url: string, data?: unknown): Promise<T> {
  const res = await apiRequest(method, url, data);
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}

export type UnauthorizedBehavior = "returnNull" | "throw";

/** Default query function: key segments joined with "/" form the GET path (spec §7). */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    const res = await fetch(queryKey.join("/"), { credentials: "include" });
    if (on401 === "returnNull" && res.status === 401) return null;
    await throwIfNotOk(res);
    return (await res.json()) as T;
  };
}

/** Error text for a toast: the server's message when it sent one, otherwise the raw error. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  if (error instanceof Error) return error.message;
  return String(error);
}
