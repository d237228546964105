import { isRequired, wizardSteps } from "@/components/project/wizard-steps";
import { Notice, PageHeader } from "@/components/ui";
import { readOperation } from "@/lib/actions/run-operation";
import { channelRules } from "@/lib/channels/rules";
import { getMe } from "@/lib/operations/account";
import { getOnboardingDraft } from "@/lib/operations/dashboard";
import { channels } from "@/lib/schemas/growth";
import { OnboardingWizard } from "./onboarding-wizard";

export const metadata = { title: "New project" };

const inWords = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];
const count = (value: number) => inWords[value] ?? String(value);
/** What the stepper counts ("Step 1 of 7": the questions, then the review) and how many answers are required. */
const steps = wizardSteps.length + 1;
const required = wizardSteps.flatMap((step) => step.fields).filter((field) => isRequired(field.name)).length;

export default async function NewProjectPage() {
  const [me, { draft }] = await Promise.all([readOperation(getMe), readOperation(getOnboardingDraft)]);
  const channelChoices = channels.map((channel) => ({ value: channel, label: channelRules[channel].label }));
  return (
    <>
      <PageHeader
        eyebrow="New project"
        title="Tell us about your launch"
        description={`${count(steps)[0]!.toUpperCase()}${count(steps).slice(1)} short steps, the last a review of your answers. Only ${count(required)} answers are required; every other one makes the drafts more yours. Your answers are saved at each step.`}
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
