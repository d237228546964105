export * from "./count";
export * from "./fit";
export * from "./rules";
export * from "./resolve";
