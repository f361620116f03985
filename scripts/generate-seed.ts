import { writeFileSync } from "node:fs";
import { seedSql } from "./seed-sql";

writeFileSync(new URL("../supabase/seed.sql", import.meta.url), seedSql());
console.log("supabase/seed.sql écrit.");
