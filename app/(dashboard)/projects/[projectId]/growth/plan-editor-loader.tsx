"use client";

import dynamic from "next/dynamic";

// A planned week is an approved one's prelude: its editor (and the plan's schema, with zod,
// that checks it) loads only on the page that shows it, not with every approved week's board.
export const PlanEditor = dynamic(() => import("./plan-editor").then((module) => module.PlanEditor));
