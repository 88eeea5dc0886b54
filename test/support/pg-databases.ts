/** PostgreSQL databases for tests and benchmarks: a fresh one per suite or run, dropped afterwards. */
import pg from "pg";

/** A new connection to `url` (the caller ends it); `applicationName` lets a test find it in pg_stat_activity. */
export async function connectTo(url: string, applicationName?: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, application_name: applicationName });
  await client.connect();
  return client;
}

/** A new, empty database on the server of `serverUrl`; its URL. */
export async function createDatabase(serverUrl: string, prefix: string): Promise<string> {
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  const admin = await connectTo(serverUrl);
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops a database made by createDatabase, whoever is still connected. */
export async function dropDatabase(serverUrl: string, url: string): Promise<void> {
  const admin = await connectTo(serverUrl);
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${new URL(url).pathname.slice(1)} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}
