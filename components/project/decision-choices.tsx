"use client";

import type { ReactNode } from "react";
import { cx, Input } from "@/components/ui";
import type { AgentType, Decisions } from "@/lib/schemas/project";

export type ChosenDecisions = Decisions;

type Positioning = { name: string; statement: string; whyItWorks?: string };
type ValueProposition = { angle: string; statement: string };
type Color = { name: string; hex: string; use?: string };

const listOf = <T,>(value: unknown, check: (entry: Record<string, unknown>) => boolean): T[] =>
  Array.isArray(value)
    ? (value.filter((entry) => entry && typeof entry === "object" && check(entry as Record<string, unknown>)) as T[])
    : [];
const isText = (value: unknown): value is string => typeof value === "string" && value.length > 0;

/** The palette as the decision stores it: names and hex codes, within the decision's 200 characters. */
export const paletteDecision = (colors: Color[]) =>
  colors
    .map((color) => `${color.name} ${color.hex}`)
    .join(", ")
    .slice(0, 200);

/** A row of color swatches with their names and codes. */
export function Swatches({ colors }: { colors: Color[] }) {
  return (
    <ul className="flex flex-wrap gap-3" aria-label="Colors">
      {colors.map((color) => (
        <li key={`${color.name}-${color.hex}`} className="flex items-center gap-2 text-sm">
          <span
            aria-hidden
            className="size-8 rounded-md border border-line"
            style={{ backgroundColor: /^#[0-9a-f]{3,8}$/i.test(color.hex) ? color.hex : "transparent" }}
          />
          <span>
            <span className="font-medium">{color.name}</span> <span className="font-mono text-xs text-muted">{color.hex}</span>
            {color.use && <span className="block text-xs text-muted max-sm:hidden">{color.use}</span>}
          </span>
        </li>
      ))}
    </ul>
  );
}

function ChoiceGroup({ legend, hint, children }: { legend: string; hint?: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-base font-semibold">{legend}</legend>
      {hint && <p className="text-sm text-muted">{hint}</p>}
      <div className="grid gap-2">{children}</div>
    </fieldset>
  );
}

function Choice({
  name,
  checked,
  onSelect,
  children,
}: {
  name: string;
  checked: boolean;
  onSelect: () => void;
  children: ReactNode;
}) {
  return (
    <label
      className={cx(
        "flex cursor-pointer gap-3 rounded-lg border px-3 py-2 sm:px-4 sm:py-3",
        checked ? "border-accent bg-accent-soft/60" : "border-line hover:bg-sunken",
      )}
    >
      <input
        type="radio"
        name={name}
        checked={checked}
        onChange={onSelect}
        className="mt-1 size-4 shrink-0 accent-[var(--color-accent)]"
      />
      <span className="min-w-0 text-[15px]">{children}</span>
    </label>
  );
}

/** Whether a step's output offers any choice (market strategy and brand system do). */
export function hasDecisionChoices(agentType: AgentType, output: Record<string, unknown> | null): boolean {
  if (!output) return false;
  if (agentType === "market-strategist") {
    return (
      listOf(output.positioningOptions, (entry) => isText(entry.statement)).length > 0 ||
      listOf(output.valuePropositions, (entry) => isText(entry.statement)).length > 0
    );
  }
  return agentType === "brand-architect";
}

/**
 * The options an agent offers (positioning, value proposition, brand name, tagline,
 * palette) as choices; what the founder picks is sent as decisions with the approval.
 */
export function DecisionChoices({
  agentType,
  output,
  current,
  chosen,
  onChange,
}: {
  agentType: AgentType;
  output: Record<string, unknown> | null;
  current: Decisions;
  chosen: ChosenDecisions;
  onChange: (next: ChosenDecisions) => void;
}) {
  if (!output) return null;
  const set = (patch: ChosenDecisions) => onChange({ ...chosen, ...patch });
  const none = <span className="text-muted">Decide later</span>;

  if (agentType === "market-strategist") {
    const positions = listOf<Positioning>(output.positioningOptions, (entry) => isText(entry.statement));
    const values = listOf<ValueProposition>(output.valuePropositions, (entry) => isText(entry.statement));
    if (!positions.length && !values.length) return null;
    return (
      <section aria-labelledby="choices-title" className="space-y-6 rounded-lg border border-line bg-canvas p-4 sm:p-5">
        <h3 id="choices-title" className="text-lg font-semibold">
          Your choices
        </h3>
        {positions.length > 0 && (
          <ChoiceGroup
            legend="Positioning"
            hint={current.positioning ? `Current: ${current.positioning.name}` : "Which story do you want to tell?"}
          >
            {/* Below 640 px a statement shows its first lines: the draft above has each one whole. */}
            {positions.map((option) => (
              <Choice
                key={option.name}
                name="positioning"
                checked={chosen.positioning?.statement === option.statement}
                onSelect={() =>
                  set({ positioning: { name: option.name.slice(0, 200), statement: option.statement.slice(0, 1000) } })
                }
              >
                <span className="font-medium">{option.name}</span>
                <span className="block max-sm:line-clamp-2">{option.statement}</span>
              </Choice>
            ))}
            <Choice name="positioning" checked={!chosen.positioning} onSelect={() => set({ positioning: undefined })}>
              {none}
            </Choice>
          </ChoiceGroup>
        )}
        {values.length > 0 && (
          <ChoiceGroup legend="Value proposition">
            {values.map((option) => (
              <Choice
                key={option.statement}
                name="valueProposition"
                checked={chosen.valueProposition?.statement === option.statement}
                onSelect={() =>
                  set({ valueProposition: { angle: option.angle.slice(0, 200), statement: option.statement.slice(0, 1000) } })
                }
              >
                <span className="font-medium">{option.angle}</span>
                <span className="block max-sm:line-clamp-2">{option.statement}</span>
              </Choice>
            ))}
            <Choice
              name="valueProposition"
              checked={!chosen.valueProposition}
              onSelect={() => set({ valueProposition: undefined })}
            >
              {none}
            </Choice>
          </ChoiceGroup>
        )}
      </section>
    );
  }

  if (agentType === "brand-architect") {
    const names = listOf<{ name: string; rationale?: string }>(output.brandNameOptions, (entry) => isText(entry.name));
    const taglines = Array.isArray(output.taglineOptions) ? output.taglineOptions.filter(isText) : [];
    const palette = listOf<Color>(output.palette, (entry) => isText(entry.hex) && isText(entry.name));
    const proposed = paletteDecision(palette);
    const ownPalette = chosen.colorPalette !== undefined && chosen.colorPalette !== proposed;
    return (
      <section aria-labelledby="choices-title" className="space-y-6 rounded-lg border border-line bg-canvas p-4 sm:p-5">
        <h3 id="choices-title" className="text-lg font-semibold">
          Your choices
        </h3>
        {names.length > 0 && (
          <ChoiceGroup legend="Brand name" hint={current.brandName ? `Current: ${current.brandName}` : undefined}>
            {names.map((option) => (
              <Choice
                key={option.name}
                name="brandName"
                checked={chosen.brandName === option.name}
                onSelect={() => set({ brandName: option.name.slice(0, 200) })}
              >
                <span className="font-medium">{option.name}</span>
                {option.rationale && <span className="block text-sm text-muted max-sm:line-clamp-2">{option.rationale}</span>}
              </Choice>
            ))}
            <Choice name="brandName" checked={!chosen.brandName} onSelect={() => set({ brandName: undefined })}>
              {none}
            </Choice>
          </ChoiceGroup>
        )}
        {taglines.length > 0 && (
          <ChoiceGroup legend="Tagline">
            {taglines.map((tagline) => (
              <Choice
                key={tagline}
                name="tagline"
                checked={chosen.tagline === tagline}
                onSelect={() => set({ tagline: tagline.slice(0, 1000) })}
              >
                {tagline}
              </Choice>
            ))}
            <Choice name="tagline" checked={!chosen.tagline} onSelect={() => set({ tagline: undefined })}>
              {none}
            </Choice>
          </ChoiceGroup>
        )}
        {palette.length > 0 && (
          <ChoiceGroup legend="Color palette">
            <Choice
              name="colorPalette"
              checked={chosen.colorPalette === proposed}
              onSelect={() => set({ colorPalette: proposed })}
            >
              <span className="mb-2 block font-medium">The proposed palette</span>
              <Swatches colors={palette} />
            </Choice>
            <Choice
              name="colorPalette"
              checked={ownPalette}
              onSelect={() =>
                set({
                  colorPalette:
                    current.colorPalette && current.colorPalette !== proposed ? current.colorPalette : "My own colors",
                })
              }
            >
              <span className="font-medium">My own palette</span>
              {ownPalette && (
                <span className="mt-2 block">
                  <label htmlFor="own-palette" className="sr-only">
                    Describe your palette
                  </label>
                  <Input
                    id="own-palette"
                    maxLength={200}
                    value={chosen.colorPalette ?? ""}
                    onChange={(event) => set({ colorPalette: event.target.value })}
                    placeholder="Forest green #1f5130 and cream #f6f1e7"
                  />
                </span>
              )}
            </Choice>
            <Choice
              name="colorPalette"
              checked={chosen.colorPalette === undefined}
              onSelect={() => set({ colorPalette: undefined })}
            >
              {none}
            </Choice>
          </ChoiceGroup>
        )}
      </section>
    );
  }
  return null;
}
