/**
 * What must finish before the process stops (an e-mail being sent, a backup being written): server.js runs these
 * hooks on SIGTERM and SIGINT, with the requests under way, before it exits. The set lives on globalThis, under a
 * name server.js reads too, since server.js is not part of the build.
 */
type ShutdownHook = () => Promise<void>;

const hooks: Set<ShutdownHook> = ((globalThis as { [key: symbol]: Set<ShutdownHook> })[
  Symbol.for("codeparrain.shutdown-hooks")
] ??= new Set());

/** Runs `hook` when the server stops; the returned function removes it. */
export function onShutdown(hook: ShutdownHook): () => void {
  hooks.add(hook);
  return () => hooks.delete(hook);
}

/** Runs every hook and waits for them all, whatever each one gives. */
export async function runShutdownHooks(): Promise<void> {
  await Promise.allSettled([...hooks].map((hook) => hook()));
}
