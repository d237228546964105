"use server";

import { runOperation } from "@/lib/actions/run-operation";
import { editContent, listContentVersions } from "@/lib/operations/content";

export async function saveContentItem(itemId: string, body: unknown) {
  const result = await runOperation(editContent, { params: { itemId }, body });
  return result.ok ? { ok: true as const, data: { id: result.data.item.id } } : result;
}

export async function listItemVersions(itemId: string) {
  return runOperation(listContentVersions, { params: { itemId } });
}
