import { Notice, PageHeader } from "@/components/ui";
import { readOperation } from "@/lib/actions/run-operation";
import { channelRules } from "@/lib/channels/rules";
import { getMe } from "@/lib/operations/account";
import { getOnboardingDraft } from "@/lib/operations/dashboard";
import { channels } from "@/lib/schemas/growth";
import { OnboardingWizard } from "./onboarding-wizard";

export const metadata = { title: "New project" };

export default async function NewProjectPage() {
  const [me, { draft }] = await Promise.all([readOperation(getMe), readOperation(getOnboardingDraft)]);
  const channelChoices = channels.map((channel) => ({ value: channel, label: channelRules[channel].label }));
  return (
    <>
      <PageHeader
        eyebrow="New project"
        title="Tell us about your launch"
        description="Six short steps. Only three answers are required; every other one makes the drafts more yours. Your answers are saved at each step."
      />
      {me.usage.projects >= me.limits.projects && (
        <Notice tone="warning" title="Your plan's projects are all in use" className="mb-6">
          You can still write your answers now; creating the project will ask you to upgrade.
        </Notice>
      )}
      <OnboardingWizard
        initialStep={draft?.step ?? 0}
        initialAnswers={{ ...(draft?.answers.onboarding ?? {}), ...(draft?.answers.name ? { name: draft.answers.name } : {}) }}
        savedAt={draft?.updatedAt ?? null}
        channelChoices={channelChoices}
      />
    </>
  );
}
