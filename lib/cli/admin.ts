import path from "node:path";
import { config } from "@/lib/config";
import { findAccountByEmail } from "@/lib/db/accounts";
import { type Database, openDatabase } from "@/lib/db/client";
import { planSchema } from "@/lib/schemas/common";
import { activatePlan, grantFreePlan } from "@/lib/services/billing";
import { describeAccount } from "@/lib/services/me";

const usage = `Usage:
  npm run admin -- plan <email> <free|pro|studio>   put an account on a plan (no payment)
  npm run admin -- usage <email>                    show an account's plan, limits and usage

With the embedded database, stop the server first: PGlite allows one process at a time.`;

async function accountOrExit(db: Database, email: string | undefined) {
  const account = email ? await findAccountByEmail(db, email) : undefined;
  if (!account) throw new Error(email ? `No account with the e-mail ${email}.` : usage);
  return account;
}

async function main(args: string[]) {
  const [command, email, plan] = args;
  if (command !== "plan" && command !== "usage") throw new Error(usage);
  const database = await openDatabase({ url: config().databaseUrl, dataDir: path.join(config().dataDir, "pglite") });
  try {
    const { db } = database;
    let account = await accountOrExit(db, email);
    if (command === "plan") {
      const parsed = planSchema.safeParse(plan);
      if (!parsed.success) throw new Error(`Unknown plan '${plan}'. ${usage}`);
      if (parsed.data === "free") await grantFreePlan(db, { accountId: account.id });
      else await activatePlan(db, { accountId: account.id, plan: parsed.data, provider: "local", status: "active" });
      account = await accountOrExit(db, email);
    }
    const { account: summary, limits, usage: counts, billing } = await describeAccount({ db, account, now: new Date() });
    console.log(JSON.stringify({ account: summary, limits, usage: counts, billing }, null, 2));
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
