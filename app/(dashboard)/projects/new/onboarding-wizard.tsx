"use client";

import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { startCheckout } from "@/app/(dashboard)/projects/actions";
import { channelList } from "@/components/labels";
import { isUpgrade, type UpgradeBody, UpgradeCard } from "@/components/project/upgrade-card";
import {
  answersOf,
  type FeatureRow,
  type FormValues,
  isRequired,
  stepOfField,
  validateStep,
  valuesOf,
  type WizardField,
  wizardSteps,
} from "@/components/project/wizard-steps";
import { Button, Card, CardBody, CardFooter, cx, Field, Input, Notice, Textarea } from "@/components/ui";
import { useOperationAction } from "@/components/use-operation-action";
import { describeError } from "@/lib/actions/form-state";
import { createAndConfirm, discardDraft, saveDraft } from "./actions";

interface Props {
  initialStep: number;
  initialAnswers: Record<string, unknown>;
  savedAt: string | null;
  channelChoices: Array<{ value: string; label: string }>;
}

const reviewStep = wizardSteps.length;
const emptyFeature: FeatureRow = { what: "", who: "", benefit: "" };

/** The onboarding answers in short steps, each checked by the API's own schema, saved on the server as the founder goes. */
export function OnboardingWizard({ initialStep, initialAnswers, savedAt, channelChoices }: Props) {
  const router = useRouter();
  const [stepIndex, setStepIndex] = useState(Math.min(initialStep, reviewStep));
  const [values, setValues] = useState<FormValues>(() => valuesOf(initialAnswers));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string>();
  const [upgrade, setUpgrade] = useState<UpgradeBody>();
  const [saved, setSaved] = useState(savedAt);
  const { pending, run } = useOperationAction();
  const heading = useRef<HTMLHeadingElement>(null);

  const set = (name: string, value: FormValues[string]) => setValues((current) => ({ ...current, [name]: value }));
  const allAnswers = () => {
    const { name, ...onboarding } = answersOf(
      wizardSteps.flatMap((entry) => entry.fields),
      values,
    );
    return { name: name as string | undefined, onboarding };
  };
  const goTo = (index: number) => {
    setStepIndex(index);
    setErrors({});
    setMessage(undefined);
    requestAnimationFrame(() => heading.current?.focus());
  };

  /** Checks the steps up to `last` with their schemas; the first step with errors is shown. */
  const validUpTo = (last: number) => {
    for (let index = 0; index <= last; index++) {
      const { errors: found } = validateStep(index, values);
      if (Object.keys(found).length) {
        goTo(index);
        setErrors(found);
        setMessage("Some answers need another look.");
        return false;
      }
    }
    return true;
  };

  const next = () => {
    if (!validUpTo(stepIndex)) return;
    const target = stepIndex + 1;
    void run(
      () => saveDraft(target, allAnswers()),
      (data) => {
        setSaved(data.draft?.updatedAt ?? null);
        goTo(target);
      },
      {
        refresh: false,
        onFailure: ({ error, retryAfterSeconds }) => {
          goTo(target);
          setMessage(`Your answers could not be saved: ${describeError(error, retryAfterSeconds)}`);
        },
      },
    );
  };

  const confirm = () => {
    if (!validUpTo(reviewStep - 1)) return;
    const { name, onboarding } = allAnswers();
    void run(
      () => createAndConfirm({ name: name ?? String(onboarding.businessName ?? ""), onboarding }),
      (data) => router.push(`/projects/${data.projectId}/launch`),
      {
        refresh: false,
        onFailure: ({ error, retryAfterSeconds }) => {
          if (isUpgrade(error)) return setUpgrade(error);
          const issues = (error.issues as Array<{ path: string; message: string }> | undefined) ?? [];
          if (issues.length) {
            const found: Record<string, string> = {};
            for (const issue of issues) {
              const [, first, second] = issue.path.split(".");
              const field = first === "onboarding" ? second! : first!;
              found[field] ??= issue.message;
            }
            goTo(stepOfField(Object.keys(found)[0]!));
            setErrors(found);
          }
          setMessage(describeError(error, retryAfterSeconds));
        },
      },
    );
  };

  const startOver = () => {
    const reset = () => {
      setValues({});
      setSaved(null);
      goTo(0);
    };
    // Starting over forgets the answers here whatever the server answered (the draft is replaced on the next step anyway).
    void run(() => discardDraft(), reset, { refresh: false, onFailure: reset });
  };

  const current = wizardSteps[stepIndex];
  return (
    <div className="grid gap-6 lg:grid-cols-[14rem_1fr]">
      <nav aria-label="Onboarding steps" className="min-w-0">
        <ol className="flex gap-2 overflow-x-auto pb-1 lg:flex-col lg:gap-1">
          {[...wizardSteps.map((entry) => entry.title), "Review and start"].map((title, index) => (
            <li key={title} className="shrink-0">
              <button
                type="button"
                onClick={() => index < stepIndex && goTo(index)}
                disabled={index > stepIndex || pending}
                aria-current={index === stepIndex ? "step" : undefined}
                className={cx(
                  "flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm whitespace-nowrap",
                  index === stepIndex
                    ? "bg-accent-soft font-semibold text-accent"
                    : index < stepIndex
                      ? "text-ink hover:bg-sunken"
                      : "text-muted",
                )}
              >
                <span
                  aria-hidden
                  className={cx(
                    "grid size-6 place-items-center rounded-full text-xs",
                    index < stepIndex ? "bg-success text-white" : "border border-line bg-surface",
                  )}
                >
                  {index < stepIndex ? "✓" : index + 1}
                </span>
                {title}
              </button>
            </li>
          ))}
        </ol>
      </nav>

      <Card aria-labelledby="wizard-step-title" className="min-w-0">
        <CardBody className="space-y-6">
          <div className="space-y-1">
            <p className="text-sm text-muted">
              Step {stepIndex + 1} of {reviewStep + 1}
              {saved && <span> · answers saved</span>}
            </p>
            <h2
              id="wizard-step-title"
              ref={heading}
              tabIndex={-1}
              className="text-xl font-semibold tracking-tight focus:outline-none"
            >
              {current ? current.title : "Review and start"}
            </h2>
            <p className="text-[15px] text-muted">
              {current ? current.intro : "Check your answers. Confirming creates the project and opens its first step."}
            </p>
          </div>
          {message && <Notice tone="danger">{message}</Notice>}
          {upgrade && <UpgradeCard body={upgrade} startCheckout={startCheckout} />}
          {current ? (
            <div className="space-y-5">
              {current.fields.map((field) => (
                <WizardInput
                  key={field.name}
                  field={field}
                  value={values[field.name]}
                  error={errors[field.name]}
                  onChange={(value) => set(field.name, value)}
                  channelChoices={channelChoices}
                />
              ))}
            </div>
          ) : (
            <ReviewSummary values={values} onEdit={goTo} />
          )}
        </CardBody>
        {/* The step's buttons stick to the bottom of the window: "Save and continue" is on the first screen of a long step. */}
        <CardFooter className="sticky bottom-0 z-20 justify-between bg-surface/95 backdrop-blur">
          <div className="flex gap-2">
            {stepIndex > 0 && (
              <Button variant="secondary" onClick={() => goTo(stepIndex - 1)} disabled={pending}>
                Back
              </Button>
            )}
            {saved && stepIndex === 0 && (
              <Button variant="ghost" onClick={startOver} disabled={pending}>
                Start over
              </Button>
            )}
          </div>
          {current ? (
            <Button onClick={next} disabled={pending}>
              {pending ? "Saving…" : "Save and continue"}
            </Button>
          ) : (
            <Button onClick={confirm} disabled={pending}>
              {pending ? "Creating your project…" : "Confirm and start"}
            </Button>
          )}
        </CardFooter>
      </Card>
    </div>
  );
}

function WizardInput({
  field,
  value,
  error,
  onChange,
  channelChoices,
}: {
  field: WizardField;
  value: FormValues[string] | undefined;
  error?: string;
  onChange: (value: FormValues[string]) => void;
  channelChoices: Props["channelChoices"];
}) {
  const required = isRequired(field.name);
  if (field.kind === "channels") {
    const chosen = (value as string[] | undefined) ?? [];
    return (
      <fieldset className="space-y-2" aria-describedby={error ? `field-${field.name}-error` : undefined}>
        <legend className="text-sm font-medium">
          {field.label}{" "}
          <span className="text-muted">
            ({chosen.length} of {channelChoices.length} chosen)
          </span>
        </legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {channelChoices.map((choice) => (
            <label
              key={choice.value}
              className="flex items-center gap-2 rounded-lg border border-line px-3 py-2 text-sm has-[:checked]:border-accent has-[:checked]:bg-accent-soft"
            >
              <input
                type="checkbox"
                name={field.name}
                value={choice.value}
                checked={chosen.includes(choice.value)}
                onChange={(event) =>
                  onChange(event.target.checked ? [...chosen, choice.value] : chosen.filter((entry) => entry !== choice.value))
                }
                className="size-4 accent-[var(--color-accent)]"
              />
              {choice.label}
            </label>
          ))}
        </div>
        {error && (
          <p id={`field-${field.name}-error`} role="alert" className="text-sm font-medium text-danger">
            {error}
          </p>
        )}
      </fieldset>
    );
  }
  if (field.kind === "features") {
    const rows = (value as FeatureRow[] | undefined)?.length ? (value as FeatureRow[]) : [emptyFeature];
    const update = (index: number, patch: Partial<FeatureRow>) =>
      onChange(rows.map((row, at) => (at === index ? { ...row, ...patch } : row)));
    return (
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium">
          {field.label} <span className="text-muted">(up to {field.items})</span>
        </legend>
        {rows.map((row, index) => (
          <div key={index} className="space-y-3 rounded-lg border border-line p-4">
            <p className="text-sm font-medium text-muted">Feature {index + 1}</p>
            <Field label="What it does" name={`features-${index}-what`} maxLength={1000} error={index === 0 ? error : undefined}>
              {(control) => (
                <Input {...control} value={row.what} onChange={(event) => update(index, { what: event.target.value })} />
              )}
            </Field>
            <div className="grid gap-3 sm:grid-cols-2">
              <Field label="Who it is for" name={`features-${index}-who`} maxLength={200}>
                {(control) => (
                  <Input {...control} value={row.who} onChange={(event) => update(index, { who: event.target.value })} />
                )}
              </Field>
              <Field label="The benefit" name={`features-${index}-benefit`} maxLength={1000}>
                {(control) => (
                  <Input {...control} value={row.benefit} onChange={(event) => update(index, { benefit: event.target.value })} />
                )}
              </Field>
            </div>
            {rows.length > 1 && (
              <Button variant="ghost" size="sm" onClick={() => onChange(rows.filter((_, at) => at !== index))}>
                Remove feature {index + 1}
              </Button>
            )}
          </div>
        ))}
        {rows.length < (field.items ?? 4) && (
          <Button variant="secondary" size="sm" onClick={() => onChange([...rows, emptyFeature])}>
            Add a feature
          </Button>
        )}
      </fieldset>
    );
  }
  if (field.kind === "list") {
    const text = (value as string | undefined) ?? "";
    const count = text.split("\n").filter((line) => line.trim()).length;
    return (
      <Field
        label={field.label}
        name={field.name}
        required={required}
        error={error}
        hint={`${field.hint ?? ""} ${count} of ${field.items} entries, each up to ${field.max} characters.`}
      >
        {(control) => (
          <Textarea {...control} maxLength={undefined} rows={3} value={text} onChange={(event) => onChange(event.target.value)} />
        )}
      </Field>
    );
  }
  const text = (value as string | undefined) ?? "";
  return (
    <Field label={field.label} name={field.name} required={required} error={error} hint={field.hint} maxLength={field.max}>
      {(control) =>
        field.kind === "textarea" ? (
          <Textarea
            {...control}
            rows={4}
            placeholder={field.placeholder}
            value={text}
            onChange={(event) => onChange(event.target.value)}
          />
        ) : (
          <Input {...control} placeholder={field.placeholder} value={text} onChange={(event) => onChange(event.target.value)} />
        )
      }
    </Field>
  );
}

function ReviewSummary({ values, onEdit }: { values: FormValues; onEdit: (step: number) => void }) {
  return (
    <div className="space-y-5">
      {wizardSteps.map((entry, index) => {
        const answers = answersOf(entry.fields, values);
        return (
          <section key={entry.id} aria-labelledby={`review-${entry.id}`} className="rounded-lg border border-line p-4">
            <div className="mb-2 flex items-center justify-between gap-3">
              <h3 id={`review-${entry.id}`} className="font-semibold">
                {entry.title}
              </h3>
              <Button variant="ghost" size="sm" onClick={() => onEdit(index)} aria-label={`Edit ${entry.title}`}>
                Edit
              </Button>
            </div>
            <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[12rem_1fr]">
              {entry.fields
                .filter((field) => answers[field.name] !== undefined)
                .map((field) => (
                  <div key={field.name} className="contents">
                    <dt className="text-muted">{field.label}</dt>
                    <dd className="break-words">
                      {field.kind === "channels" ? channelList(answers[field.name] as string[]) : display(answers[field.name])}
                    </dd>
                  </div>
                ))}
            </dl>
            {Object.keys(answers).length === 0 && <p className="text-sm text-muted">Nothing here yet; that is fine.</p>}
          </section>
        );
      })}
    </div>
  );
}

function display(answer: unknown): string {
  if (Array.isArray(answer))
    return answer
      .map((entry) => (typeof entry === "object" && entry ? (entry as { what: string }).what : String(entry)))
      .join(", ");
  return String(answer);
}
