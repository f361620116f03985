/** The backend's error shape (SPEC section 3): what PostgREST, Postgres and the functions answer with. */
export class BackendError extends Error {
  override name = "BackendError";
  readonly details: string;
  readonly hint: string;
  readonly code: string;

  constructor({ message, details, hint, code }: { message: string; details?: string | null; hint?: string | null; code?: string | null }) {
    super(message);
    this.details = details ?? "";
    this.hint = hint ?? "";
    this.code = code ?? "";
  }

  toJSON() {
    return { message: this.message, details: this.details, hint: this.hint, code: this.code };
  }
}

export function toBackendError(error: unknown): BackendError {
  if (error instanceof BackendError) return error;
  if (error && typeof error === "object" && "message" in error) {
    const { message, details, detail, hint, code } = error as Record<string, unknown>;
    return new BackendError({
      message: String(message),
      details: typeof details === "string" ? details : typeof detail === "string" ? detail : "",
      hint: typeof hint === "string" ? hint : "",
      code: typeof code === "string" ? code : "",
    });
  }
  return new BackendError({ message: String(error) });
}
