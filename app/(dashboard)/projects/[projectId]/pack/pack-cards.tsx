"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Badge, Button, buttonClasses, Card, CardBody, Notice, TextAreaField, TextField } from "@/components/ui";
import { describeError } from "@/lib/actions/form-state";
import type { ErrorEnvelope } from "@/lib/errors";
import { redrawPackImages, savePackImage } from "./actions";

export interface PackCardView {
  id: string;
  kind: string;
  label: string;
  headline: string;
  alt: string;
  edited: boolean;
  width: number;
  height: number;
  url: string | null;
  error: string | null;
}

type Answer = { ok: true } | { ok: false; error: ErrorEnvelope };

/** One brand card: its thumbnail, size and alt text; the founder edits the headline and alt text, draws it again or downloads it. */
function PackCard({ card, projectId }: { card: PackCardView; projectId: string }) {
  const router = useRouter();
  const [editing, setEditing] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [pending, start] = useTransition();
  const run = (work: () => Promise<Answer>, after?: () => void) =>
    start(async () => {
      setFailure(undefined);
      const result = await work().catch(() => null);
      if (!result) return setFailure("The connection dropped before an answer came back. Try again.");
      if (!result.ok) return setFailure(describeError(result.error));
      after?.();
      router.refresh();
    });
  const save = (form: FormData) =>
    run(
      () => savePackImage(card.id, { headline: String(form.get("headline") ?? ""), alt: String(form.get("alt") ?? "") }),
      () => setEditing(false),
    );
  return (
    <Card aria-label={card.label} className="overflow-hidden">
      <div className="flex aspect-[4/3] items-center justify-center bg-sunken p-3">
        {card.url ? (
          // biome-ignore lint/performance/noImgElement: a signed storage URL, drawn as it is
          <img
            src={card.url}
            alt={card.alt}
            width={card.width}
            height={card.height}
            className="max-h-full w-auto max-w-full rounded shadow-sm"
          />
        ) : (
          <p className="text-sm text-muted">Not drawn yet</p>
        )}
      </div>
      <CardBody className="space-y-3">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="text-sm font-semibold">{card.label}</h3>
          <span className="text-xs text-muted">
            {card.width}×{card.height}
          </span>
          {card.edited && <Badge>Your words</Badge>}
        </div>
        {card.error && <Notice tone="danger">{card.error}</Notice>}
        {editing ? (
          <form action={save} className="space-y-3">
            <TextField label="Headline" name="headline" defaultValue={card.headline} required maxLength={300} />
            <TextAreaField
              label="Alt text"
              name="alt"
              defaultValue={card.alt}
              required
              maxLength={1000}
              rows={3}
              hint="What a screen reader says instead of the image."
            />
            <div className="flex gap-2">
              <Button type="submit" size="sm" disabled={pending}>
                {pending ? "Drawing…" : "Save and redraw"}
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setEditing(false)} disabled={pending}>
                Cancel
              </Button>
            </div>
          </form>
        ) : (
          <>
            <p className="text-sm">
              <span className="text-muted">Alt text: </span>
              {card.alt}
            </p>
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" size="sm" onClick={() => setEditing(true)} disabled={pending}>
                Edit words
              </Button>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => run(() => redrawPackImages(projectId, card.kind))}
                disabled={pending}
              >
                {pending ? "Drawing…" : "Redraw"}
              </Button>
              {card.url && (
                <a href={card.url} download={`${card.kind}.png`} className={buttonClasses("ghost", "sm")}>
                  Download PNG
                </a>
              )}
            </div>
          </>
        )}
        {failure && <Notice tone="danger">{failure}</Notice>}
      </CardBody>
    </Card>
  );
}

/** The pack's brand cards, drawn from the brand system: for link previews, feeds, Product Hunt and profile headers. */
export function PackCards({ cards, projectId }: { cards: PackCardView[]; projectId: string }) {
  return (
    <section aria-labelledby="pack-cards" className="space-y-3">
      <div>
        <h2 id="pack-cards" className="text-lg font-semibold">
          Brand cards
        </h2>
        <p className="text-sm text-muted">
          Drawn from your name, tagline, palette and logo, each with alt text. Edit the words and redraw, or download them.
        </p>
      </div>
      {/* On a phone the cards are one row to swipe through, so the pack does not grow by five screens. */}
      <div className="-mx-1 flex snap-x snap-mandatory items-start gap-4 overflow-x-auto px-1 pb-2 sm:mx-0 sm:grid sm:grid-cols-2 sm:overflow-visible sm:px-0 sm:pb-0 xl:grid-cols-3">
        {cards.map((card) => (
          <div key={card.id} className="w-[80%] max-w-sm shrink-0 snap-start sm:w-auto sm:max-w-none">
            <PackCard card={card} projectId={projectId} />
          </div>
        ))}
      </div>
    </section>
  );
}
