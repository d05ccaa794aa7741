export * from "./markets.js";
export * from "./order-limit.js";
