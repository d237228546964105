"use client";

import { useActionState, useState } from "react";
import { FormMessage } from "@/components/form-message";
import { EmptyState, Field, Select, SubmitButton, TextField } from "@/components/ui";
import { idleForm } from "@/lib/actions/form-state";
import { deleteAccountAction, deleteProjectAction } from "../actions";

export function DeleteProjectForm({ projects }: { projects: Array<{ id: string; name: string }> }) {
  const [state, action] = useActionState(deleteProjectAction, idleForm);
  const [selected, setProjectId] = useState(projects[0]?.id ?? "");
  const chosen = projects.find((project) => project.id === selected) ?? projects[0];
  const projectId = chosen?.id ?? "";
  const errors = state.fieldErrors ?? {};
  // Stays mounted when the last project is gone, so its confirmation is still shown.
  if (!chosen) {
    return (
      <div className="space-y-4">
        <FormMessage state={state} successAsToast />
        <EmptyState title="No projects to delete" />
      </div>
    );
  }
  return (
    <form action={action} className="space-y-4" noValidate>
      <FormMessage state={state} successAsToast />
      <Field label="Project" name="projectId" error={errors.id}>
        {(control) => (
          <Select {...control} value={projectId} onChange={(event) => setProjectId(event.target.value)}>
            {projects.map((project) => (
              <option key={project.id} value={project.id}>
                {project.name}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <TextField
        label={
          <>
            Type <strong>{chosen?.name}</strong> to confirm
          </>
        }
        name="confirmName"
        autoComplete="off"
        defaultValue={state.values?.confirmName}
        error={errors.confirmName}
      />
      <SubmitButton variant="danger" pendingLabel="Deleting…">
        Delete this project
      </SubmitButton>
    </form>
  );
}

export function DeleteAccountForm({ email }: { email: string }) {
  const [state, action] = useActionState(deleteAccountAction, idleForm);
  return (
    <form action={action} className="space-y-4" noValidate>
      <FormMessage state={state} successAsToast />
      <TextField
        label={
          <>
            Type your e-mail <strong>{email}</strong> to confirm
          </>
        }
        name="confirmEmail"
        type="email"
        autoComplete="off"
        defaultValue={state.values?.confirmEmail}
        error={state.fieldErrors?.confirmEmail}
      />
      <SubmitButton variant="danger" pendingLabel="Deleting everything…">
        Delete my account and all its data
      </SubmitButton>
    </form>
  );
}
