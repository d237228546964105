"use server";

import { runOperation } from "@/lib/actions/run-operation";
import {
  editContent,
  fillContentBlank as fillContentBlankOperation,
  getContentItem,
  listContentVersions,
} from "@/lib/operations/content";
import { renderPackImages, updatePackImage } from "@/lib/operations/pack-images";

export async function saveContentItem(itemId: string, body: unknown) {
  const result = await runOperation(editContent, { params: { itemId }, body });
  return result.ok ? { ok: true as const, data: { id: result.data.item.id } } : result;
}

/** The item's title and Markdown, loaded when the founder edits or copies it (the page itself carries only its rendering). */
export async function loadContentItem(itemId: string) {
  const result = await runOperation(getContentItem, { params: { itemId } });
  return result.ok ? { ok: true as const, data: { title: result.data.item.title, body: result.data.item.body } } : result;
}

/** Fills the item's `index`-th blank with `value`; answers how many blanks are left. */
export async function fillContentBlank(itemId: string, index: number, value: string) {
  const result = await runOperation(fillContentBlankOperation, { params: { itemId }, body: { index, value } });
  return result.ok ? { ok: true as const, data: { blanksLeft: result.data.blanksLeft } } : result;
}

/** The item's earlier versions, with its text as it is now to compare them with. */
export async function listItemVersions(itemId: string) {
  const [versions, loaded] = await Promise.all([
    runOperation(listContentVersions, { params: { itemId } }),
    runOperation(getContentItem, { params: { itemId } }),
  ]);
  if (!versions.ok) return versions;
  if (!loaded.ok) return loaded;
  return { ok: true as const, data: { versions: versions.data.versions, current: loaded.data.item.body } };
}

/** The founder's headline and alt text for a brand card, which is drawn again with them. */
export async function savePackImage(imageId: string, body: unknown) {
  const result = await runOperation(updatePackImage, { params: { packImageId: imageId }, body });
  return result.ok ? { ok: true as const, data: { id: result.data.image.id } } : result;
}

/** Draws one brand card (or all five) again from the brand as it is now. */
export async function redrawPackImages(projectId: string, kind?: string) {
  const result = await runOperation(renderPackImages, { params: { id: projectId }, body: kind ? { kind } : {} });
  return result.ok ? { ok: true as const, data: { count: result.data.images.length } } : result;
}
