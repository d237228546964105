import { stepLabels } from "@/components/project/labels";
import type { AgentType } from "@/lib/schemas/project";
import { displayTitle } from "./display-title";

/** Where the founder edited items of these steps ("Brand system › Taglines"): what refreshing them would replace. */
export function editedItemsOf(
  items: Array<{ agentType: AgentType; title: string; kind: string; editedByFounder: boolean }>,
  steps: AgentType[],
): string[] {
  return items
    .filter((item) => item.editedByFounder && steps.includes(item.agentType))
    .map((item) => `${stepLabels[item.agentType].title} › ${displayTitle(item)}`);
}
