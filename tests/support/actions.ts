/** Helpers to call a route action as Remix would, and to read what it answered. */
export interface ActionAnswer {
  status: number;
  headers: Headers;
  data?: {
    result?: { initialValue?: Record<string, unknown>; error?: Record<string, string[] | null> };
    toast?: { title: string; description?: string } | null;
  };
}

export function formRequest(
  path: string,
  fields: Record<string, string>,
  { headers = {}, method = "POST" }: { headers?: Record<string, string>; method?: string } = {},
): Request {
  return new Request(`http://localhost${path}`, {
    method,
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: method === "GET" ? undefined : new URLSearchParams(fields).toString(),
  });
}

/** Runs an action and turns whatever it returns or throws (Response or `data()`) into status, headers and data. */
export async function callAction(run: () => unknown): Promise<ActionAnswer> {
  let outcome: unknown;
  try {
    outcome = await run();
  } catch (thrown) {
    outcome = thrown;
  }
  if (outcome instanceof Response) return { status: outcome.status, headers: outcome.headers };
  const wrapped = outcome as { type?: string; data: ActionAnswer["data"]; init?: ResponseInit };
  if (wrapped?.type === "DataWithResponseInit") {
    return { status: wrapped.init?.status ?? 200, headers: new Headers(wrapped.init?.headers), data: wrapped.data };
  }
  throw new Error(`Réponse d'action inattendue : ${String(outcome)}`);
}
