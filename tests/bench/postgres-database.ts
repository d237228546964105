import { randomBytes } from "node:crypto";
import postgres from "postgres";

/** Runs `run` with the URL of a fresh database on the Postgres server at `serverUrl`, dropped afterwards. */
export async function withPostgresDatabase<T>(serverUrl: string, prefix: string, run: (url: string) => Promise<T>): Promise<T> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  try {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return await run(url.toString());
  } finally {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
