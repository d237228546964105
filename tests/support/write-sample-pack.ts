import fs from "node:fs";
import { renderSamplePack } from "./sample-pack";

fs.writeFileSync("docs/sample-launch-pack.md", await renderSamplePack());
console.log("Wrote docs/sample-launch-pack.md");
