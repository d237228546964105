import "server-only";

export { approveCycle, listCycles, planCycle, startGrowth } from "./cycles";
export { editItemDraft, listItemDrafts } from "./item-edits";
export { exportWeekItems } from "./item-export";
export { importItems, previewItemImport } from "./item-import";
export { generateItem, reviewItem } from "./items";
export { submitRetro } from "./retro";
export { serializeCycle, serializeItem, serializeTask } from "./serialize";
export { updateTask } from "./tasks";
