import { reloadConfig } from "@/lib/config";

type Env = Record<string, string | undefined>;

/** Sets the variables (undefined removes one) and reloads the configuration; answers what they were before. */
export function setEnv(env: Env): Env {
  const before = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  reloadConfig();
  return before;
}

/** Runs `work` with the variables set, then puts them and the configuration back, however it ended. */
export async function withEnv<T>(env: Env, work: () => T | Promise<T>): Promise<T> {
  const before = setEnv(env);
  try {
    return await work();
  } finally {
    setEnv(before);
  }
}
