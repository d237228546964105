import fs from "node:fs";

/**
 * The registry this project is developed against serves only Linux builds of some
 * platform packages (e.g. @next/swc-darwin-arm64), so `npm install` leaves them out of
 * package-lock.json and `npm ci` then refuses the lockfile. This adds the missing
 * optional platform entries (without integrity) so `npm ci` accepts the lockfile here and
 * installs the right binary on macOS and Windows. Run after `npm install`.
 */
type Entry = {
  version?: string;
  optional?: boolean;
  os?: string[];
  cpu?: string[];
  optionalDependencies?: Record<string, string>;
};

const lockfile = JSON.parse(fs.readFileSync("package-lock.json", "utf8")) as { packages: Record<string, Entry> };
const platformOf = (name: string) => ({
  os: [["darwin", "win32", "linux", "freebsd", "android"].find((os) => name.includes(os)) ?? "unknown"],
  cpu: [["arm64", "x64", "ia32", "arm"].find((cpu) => name.includes(cpu)) ?? "unknown"],
});

let added = 0;
for (const entry of Object.values(lockfile.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    if (lockfile.packages[key]) continue;
    lockfile.packages[key] = { version, optional: true, ...platformOf(name) };
    added += 1;
  }
}
const sorted = Object.fromEntries(
  Object.entries(lockfile.packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a < b ? -1 : 1)),
);
fs.writeFileSync("package-lock.json", `${JSON.stringify({ ...lockfile, packages: sorted }, null, 2)}\n`);
console.log(added ? `Added ${added} platform entries to package-lock.json.` : "package-lock.json is complete.");
