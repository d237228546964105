"use client";

// The same plain sentence and way on as every dashboard page, kept inside the project's header and tabs.
export { default } from "../../error";
