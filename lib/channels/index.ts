export * from "./count";
export * from "./fit";
export * from "./resolve";
export * from "./rules";
