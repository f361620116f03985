import { createHandler } from "./handler.ts";

Deno.serve(createHandler({ env: Deno.env.get.bind(Deno.env), fetch }));
