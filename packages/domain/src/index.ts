export * from "./markets.js";
