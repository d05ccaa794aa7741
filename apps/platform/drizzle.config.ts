import { defineConfig } from "drizzle-kit";

// `pnpm db:generate` writes a new SQL migration into drizzle/ after a change to the schema.
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/db/schema.ts",
  out: "./drizzle",
});
