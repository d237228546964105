export * from "./conventions";
export * from "./count";
export * from "./fit";
export * from "./product-hunt";
export * from "./resolve";
export * from "./rules";
