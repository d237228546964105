"use client";

import { type FormEvent, useState } from "react";
import { Button, Field, Input, Select, useToast } from "@/components/ui";
import { useOperationAction } from "@/components/use-operation-action";
import { describeError } from "@/lib/actions/form-state";
import { saveProjectBasics } from "./actions";

const languages = [
  { tag: "en", name: "English" },
  { tag: "de", name: "Deutsch" },
  { tag: "fr", name: "Français" },
  { tag: "es", name: "Español" },
  { tag: "pt", name: "Português" },
];

/** The project's name and the language its agents write in. */
export function BasicsForm({ projectId, name, language }: { projectId: string; name: string; language: string }) {
  const toast = useToast();
  const [draftName, setName] = useState(name);
  const [draftLanguage, setLanguage] = useState(language);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { pending, run } = useOperationAction();
  const options = languages.some((entry) => entry.tag === language)
    ? languages
    : [...languages, { tag: language, name: language }];

  const save = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    void run(
      () => saveProjectBasics(projectId, { name: draftName.trim(), language: draftLanguage }),
      () => toast("Project saved."),
      {
        onFailure: (result) => {
          const found: Record<string, string> = {};
          for (const issue of (result.error.issues as Array<{ path: string; message: string }> | undefined) ?? [])
            found[issue.path.split(".").at(-1)!] ??= issue.message;
          if (!found.name && !found.language) found.name = describeError(result.error, result.retryAfterSeconds);
          setErrors(found);
        },
      },
    );
  };

  return (
    <form onSubmit={save} className="grid gap-4 sm:grid-cols-2">
      <Field label="Project name" name="project-name" maxLength={200} error={errors.name} required>
        {(control) => <Input {...control} value={draftName} onChange={(event) => setName(event.target.value)} />}
      </Field>
      <Field
        label="Language the agents write in"
        name="project-language"
        error={errors.language}
        hint="Drafts from now on; earlier drafts stay as they are."
      >
        {(control) => (
          <Select {...control} value={draftLanguage} onChange={(event) => setLanguage(event.target.value)}>
            {options.map((entry) => (
              <option key={entry.tag} value={entry.tag}>
                {entry.name}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <div className="sm:col-span-2">
        <Button type="submit" disabled={pending}>
          {pending ? "Saving…" : "Save"}
        </Button>
      </div>
    </form>
  );
}
