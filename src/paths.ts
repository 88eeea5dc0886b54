import { fileURLToPath } from "node:url";
import { join } from "node:path";

/** The project root, whether running from src/ (tsx) or dist/ (compiled): both sit one level down. */
export const projectRoot = fileURLToPath(new URL("..", import.meta.url));
export const localesDir = join(projectRoot, "locales");
export const migrationsDir = join(projectRoot, "drizzle");
