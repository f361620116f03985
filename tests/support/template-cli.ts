/**
 * `tsx tests/support/template-cli.ts DATA_DIR`: gives DATA_DIR a copy of the migrated and seeded template
 * (tests/support/templates.ts), as the browser tests' servers start from (scripts/e2e-server.sh).
 */
import { copyTemplateInto } from "./templates";

const [dataDir] = process.argv.slice(2);
if (!dataDir) {
  console.error("Usage : tsx tests/support/template-cli.ts DOSSIER_DE_DONNÉES");
  process.exit(2);
}
await copyTemplateInto(dataDir);
