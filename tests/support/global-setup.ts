/**
 * The integration run's set-up, once before all its workers: the embedded template (tests/support/templates.ts),
 * which the workers then find by its key, and the Postgres cluster the files share, with its template database,
 * handed to them by `provide`.
 */
import { startPostgres } from "./postgres-server";
import { pgliteTemplate } from "./templates";
import type { TestProject } from "vitest/node";

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const [, postgres] = await Promise.all([pgliteTemplate(), startPostgres()]);
  project.provide("sharedPostgres", { port: postgres.port, version: postgres.version });
  return () => postgres.stop();
}
