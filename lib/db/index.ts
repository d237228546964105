export * from "./client";
export * as tables from "./schema";
