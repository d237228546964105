"use server";

import { countBlanks, fillBlank } from "@/components/blanks/blanks";
import { type ActionResult, runOperation } from "@/lib/actions/run-operation";
import { editContent, getContentItem, listContentVersions } from "@/lib/operations/content";

export async function saveContentItem(itemId: string, body: unknown) {
  const result = await runOperation(editContent, { params: { itemId }, body });
  return result.ok ? { ok: true as const, data: { id: result.data.item.id } } : result;
}

/** The item's title and Markdown, loaded when the founder edits or copies it (the page itself carries only its rendering). */
export async function loadContentItem(itemId: string) {
  const result = await runOperation(getContentItem, { params: { itemId } });
  return result.ok ? { ok: true as const, data: { title: result.data.item.title, body: result.data.item.body } } : result;
}

const noSuchBlank: ActionResult<never> = {
  ok: false,
  error: {
    error: "That blank is no longer in the text: reload the page to see it as it is now.",
    code: "invalid_request",
    retryable: false,
  },
};

/** Fills the item's `index`-th blank with `value`, saved through the content edit; answers how many blanks are left. */
export async function fillContentBlank(itemId: string, index: number, value: string) {
  const loaded = await runOperation(getContentItem, { params: { itemId } });
  if (!loaded.ok) return loaded;
  const body = typeof value === "string" && Number.isInteger(index) ? fillBlank(loaded.data.item.body, index, value) : "";
  if (!body || body === loaded.data.item.body) return noSuchBlank;
  const saved = await runOperation(editContent, { params: { itemId }, body: { body } });
  return saved.ok ? { ok: true as const, data: { blanksLeft: countBlanks(body) } } : saved;
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
