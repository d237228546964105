"use client";

import { useState } from "react";
import { ProjectLogo } from "@/components/project/project-logo";
import { Button, Notice } from "@/components/ui";
import { useOperationAction } from "@/components/use-operation-action";
import { describeError } from "@/lib/actions/form-state";
import type { ErrorEnvelope } from "@/lib/errors";
import { removeLogo, uploadLogo } from "./actions";

const accepted = ["image/png", "image/jpeg", "image/webp"];
const maxBytes = 512 * 1024;

/** Upload, replace or remove the project's logo; checked here for type and size, and again (by its bytes) on the server. */
export function LogoForm({ projectId, name, url }: { projectId: string; name: string; url: string | null }) {
  const [message, setMessage] = useState<{ tone: "success" | "danger"; text: string }>();
  const { pending, run } = useOperationAction();
  const onFailure = ({ error, retryAfterSeconds }: { error: ErrorEnvelope; retryAfterSeconds?: number }) =>
    setMessage({ tone: "danger", text: describeError(error, retryAfterSeconds) });

  const upload = (form: FormData) => {
    const file = form.get("logo");
    if (!(file instanceof File) || file.size === 0) return setMessage({ tone: "danger", text: "Choose an image first." });
    if (!accepted.includes(file.type)) return setMessage({ tone: "danger", text: "The logo must be a PNG, JPEG or WebP image." });
    if (file.size > maxBytes)
      return setMessage({ tone: "danger", text: `That image is ${Math.ceil(file.size / 1024)} KB; the limit is 512 KB.` });
    run(
      () => uploadLogo(projectId, form),
      () => setMessage({ tone: "success", text: "Logo saved." }),
      { onFailure },
    );
  };

  const remove = () =>
    run(
      () => removeLogo(projectId),
      () => setMessage({ tone: "success", text: "Logo removed." }),
      { onFailure },
    );

  return (
    <form action={upload} className="space-y-4">
      <div className="flex flex-wrap items-center gap-4">
        <ProjectLogo name={name} src={url} />
        <div className="space-y-1">
          <label htmlFor="logo-file" className="block text-sm font-medium">
            Logo image
          </label>
          <input
            id="logo-file"
            name="logo"
            type="file"
            accept={accepted.join(",")}
            aria-describedby="logo-hint"
            className="block text-sm file:mr-3 file:rounded-lg file:border file:border-line file:bg-surface file:px-3 file:py-1.5 file:text-sm"
          />
          <p id="logo-hint" className="text-sm text-muted">
            PNG, JPEG or WebP, up to 512 KB. Square images look best.
          </p>
        </div>
      </div>
      {message && <Notice tone={message.tone}>{message.text}</Notice>}
      <div className="flex gap-2">
        <Button type="submit" disabled={pending}>
          {pending ? "Uploading…" : url ? "Replace logo" : "Upload logo"}
        </Button>
        {url && (
          <Button variant="ghost" onClick={remove} disabled={pending}>
            Remove
          </Button>
        )}
      </div>
    </form>
  );
}
