import "server-only";

export { attachItemImage } from "./attach";
export { attachItemCard } from "./attach-card";
export { listItemImages } from "./list";
export { removeItemImage } from "./remove";
export { updateItemImage } from "./update";
export { uploadItemImage } from "./upload";
