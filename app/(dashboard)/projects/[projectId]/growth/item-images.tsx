"use client";

import { type ChangeEvent, useEffect, useRef, useState } from "react";
import { channelLabel } from "@/components/growth/channel-badge";
import type { GrowthItem } from "@/components/growth/types";
import { Button, cx, Notice, Textarea } from "@/components/ui";
import { useOperationAction } from "@/components/use-operation-action";
import type { NetworkView } from "@/lib/networks/provider";
import { maxAltLength, maxItemImageBytes, maxItemImages } from "@/lib/schemas/item-image-limits";
import {
  attachItemCardAction,
  itemImagesAction,
  removeItemImageAction,
  updateItemImageAction,
  uploadItemImageAction,
} from "./actions";

type Summary = NonNullable<GrowthItem["images"]>[number];
type Image = Summary & { url?: string };

/** The longest side a picture keeps when the browser shrinks it before sending (a network shows less). */
const shrinkSide = 2048;

/**
 * The picture as the upload takes it: as chosen when small enough, else drawn smaller in
 * the browser as JPEG, so a phone photo fits the 750 KB an upload carries.
 */
async function shrunk(file: File): Promise<File> {
  if (file.size <= maxItemImageBytes && ["image/png", "image/jpeg", "image/webp"].includes(file.type)) return file;
  const bitmap = await createImageBitmap(file).catch(() => null);
  if (!bitmap) return file; // not a picture the browser reads: the server says why
  for (const [side, quality] of [
    [shrinkSide, 0.85],
    [1600, 0.8],
    [1200, 0.75],
  ] as const) {
    const scale = Math.min(1, side / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement("canvas");
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext("2d")!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", quality));
    if (blob && blob.size <= maxItemImageBytes) return new File([blob], "image.jpg", { type: "image/jpeg" });
  }
  return file;
}

/** How often, and how many times, an image the writer is describing is read again for its alt text. */
const draftReadMs = 2000;
const draftReads = 30;

/** How the network lays a post's images out: one full width, two side by side, three or four as a grid. */
function layoutOf(count: number) {
  if (count <= 1) return "grid-cols-1";
  if (count === 2) return "grid-cols-2";
  return "grid-cols-2 grid-rows-2";
}

/**
 * A post's images as its network shows them under the text, with their alt text (required
 * before the post goes out), uploads (at most four), moves and removals. The images keep
 * their own state: an item answered by another action does not carry them. An upload the
 * writer describes (a model is configured) is read again until its alt text lands; the
 * founder's words, typed meanwhile, stay in the field and are kept by the server.
 */
export function ItemImages({ item, networks, editable }: { item: GrowthItem; networks: NetworkView[]; editable: boolean }) {
  const [images, setImages] = useState<Image[]>(item.images ?? []);
  const [alts, setAlts] = useState<Record<string, string>>({});
  const [drafting, setDrafting] = useState<string[]>([]);
  const { pending, error, setError, run } = useOperationAction();
  const input = useRef<HTMLInputElement>(null);
  const network = networks.find((view) => view.channels.includes(item.channel));
  const limit = network?.limits.images;
  const id = `images-${item.id}`;

  // URLs are short-lived and not on the board's items: read them when the panel shows.
  useEffect(() => {
    if (!item.images?.length) return;
    let live = true;
    void itemImagesAction(item.id).then((result) => {
      if (live && result.ok) setImages(result.data.images);
    });
    return () => {
      live = false;
    };
  }, [item.id, item.images?.length]);

  const reload = async () => {
    const result = await itemImagesAction(item.id);
    if (result.ok) setImages(result.data.images);
    return result.ok ? result.data.images : null;
  };

  // The writer's alt text lands a few seconds after the upload: read the images again until it
  // has (or the image is gone, or a minute passed: the field then asks the founder). Reads, not
  // the project's event stream: that ends while the job is still queued (nothing runs yet).
  const draftingKey = drafting.join(",");
  // biome-ignore lint/correctness/useExhaustiveDependencies: one round of reads per set of images being described.
  useEffect(() => {
    if (drafting.length === 0) return;
    let reads = 0;
    const timer = setInterval(async () => {
      reads++;
      const current = await reload();
      const waiting = current
        ? drafting.filter((imageId) => current.some((image) => image.id === imageId && image.alt.trim() === ""))
        : drafting;
      if (waiting.length < drafting.length || reads >= draftReads) setDrafting(reads >= draftReads ? [] : waiting);
    }, draftReadMs);
    return () => clearInterval(timer);
  }, [draftingKey]);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    const form = new FormData();
    form.set("image", await shrunk(file));
    await run(
      () => uploadItemImageAction(item.id, form),
      (data) => {
        void reload();
        if (data.altDrafting) setDrafting((current) => [...current, data.image.id]);
      },
      { refresh: false },
    );
  };
  const addCard = () => run(() => attachItemCardAction(item.id), reload, { refresh: false });
  const saveAlt = (image: Image) => {
    const alt = alts[image.id];
    if (alt === undefined || alt.trim() === image.alt) return;
    void run(
      () => updateItemImageAction(item.id, image.id, { alt }),
      (data) => setImages((current) => current.map((other) => (other.id === image.id ? { ...other, ...data.image } : other))),
      { refresh: false },
    );
  };
  const move = (image: Image) =>
    run(() => updateItemImageAction(item.id, image.id, { position: image.position - 1 }), reload, { refresh: false });
  const remove = (image: Image) => run(() => removeItemImageAction(item.id, image.id), reload, { refresh: false });

  if (!editable && images.length === 0) return null;
  const missing = images.filter((image) => (alts[image.id] ?? image.alt).trim() === "");
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3" data-testid="item-images">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h4 id={`${id}-title`} className="text-sm font-semibold">
          Images{" "}
          {images.length > 0 && (
            <span className="font-normal text-muted">
              ({images.length} of {maxItemImages})
            </span>
          )}
        </h4>
        {editable && images.length < maxItemImages && (
          <>
            <input
              ref={input}
              id={`${id}-file`}
              type="file"
              accept="image/png,image/jpeg,image/webp"
              className="sr-only"
              onChange={choose}
              aria-label="Add an image"
            />
            <span className="flex gap-2">
              <Button size="sm" variant="secondary" disabled={pending} onClick={addCard}>
                Add a brand card
              </Button>
              <Button size="sm" variant="secondary" disabled={pending} onClick={() => input.current?.click()}>
                {pending ? "Working…" : "Add an image"}
              </Button>
            </span>
          </>
        )}
      </div>
      {images.length > 0 && (
        <div
          className={cx("grid gap-1 overflow-hidden rounded-xl border border-line", layoutOf(images.length))}
          role="group"
          data-testid="image-preview"
          data-count={images.length}
          aria-label={`As ${network?.label ?? channelLabel(item.channel)} shows it`}
        >
          {images.map((image, index) => (
            <div
              key={image.id}
              className={cx(
                "relative bg-sunken",
                images.length === 1 ? "" : "aspect-square",
                images.length === 3 && index === 0 && "row-span-2 aspect-auto",
              )}
              style={
                images.length === 1 ? { aspectRatio: `${image.width} / ${Math.max(image.height, 1)}`, maxHeight: 480 } : undefined
              }
            >
              {image.url ? (
                // biome-ignore lint/performance/noImgElement: a short-lived signed URL, not an optimizable asset.
                <img src={image.url} alt={image.alt} className="absolute inset-0 size-full object-cover" />
              ) : null}
              {image.alt.trim() === "" &&
                (drafting.includes(image.id) ? (
                  <span className="absolute left-2 top-2 rounded bg-sunken px-1.5 py-0.5 text-xs font-semibold">Describing…</span>
                ) : (
                  <span className="absolute left-2 top-2 rounded bg-danger px-1.5 py-0.5 text-xs font-semibold text-white">
                    No alt text
                  </span>
                ))}
            </div>
          ))}
        </div>
      )}
      {editable && images.length > 0 && (
        <ol className="space-y-3" aria-label="Alt text of each image">
          {images.map((image) => {
            const field = `${id}-alt-${image.id}`;
            const empty = (alts[image.id] ?? image.alt).trim() === "";
            const beingDescribed = drafting.includes(image.id);
            return (
              <li key={image.id} className="space-y-1.5">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <label htmlFor={field} className="text-sm font-medium">
                    Alt text of image {image.position} <span className="text-danger">(required)</span>
                  </label>
                  <div className="flex gap-1">
                    {image.position > 1 && (
                      <Button size="sm" variant="ghost" disabled={pending} onClick={() => move(image)}>
                        Move earlier
                      </Button>
                    )}
                    <Button size="sm" variant="ghost" disabled={pending} onClick={() => remove(image)}>
                      Remove image {image.position}
                    </Button>
                  </div>
                </div>
                <Textarea
                  id={field}
                  rows={2}
                  maxLength={maxAltLength}
                  aria-invalid={(empty && !beingDescribed) || undefined}
                  aria-describedby={empty ? `${field}-why` : undefined}
                  placeholder="What the image shows, for people who cannot see it"
                  value={alts[image.id] ?? image.alt}
                  onChange={(event) => setAlts({ ...alts, [image.id]: event.target.value })}
                  onBlur={() => saveAlt(image)}
                />
                {empty && (
                  <p id={`${field}-why`} className={cx("text-sm", beingDescribed ? "text-muted" : "text-danger")}>
                    {beingDescribed
                      ? "The writer is describing this image from the picture and the post; what you write first is kept."
                      : "Describe this image for people who can't see it: the post waits for this before it can be scheduled or published."}
                  </p>
                )}
              </li>
            );
          })}
        </ol>
      )}
      {missing.length > 0 && (
        <p className="text-sm text-danger">
          {missing.length === 1 ? `Image ${missing[0]!.position} needs` : "Each image needs"} alt text before the post can be
          scheduled.
        </p>
      )}
      {images.length > 0 && network && !limit && (
        <p className="text-sm text-muted">
          {network.label} does not take images from Launchloop yet: remove them to schedule it, or post it by hand with them.
        </p>
      )}
      {error && (
        <Notice tone="danger">
          {error}{" "}
          <button type="button" className="underline" onClick={() => setError(null)}>
            Dismiss
          </button>
        </Notice>
      )}
    </section>
  );
}
