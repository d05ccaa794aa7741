import { library } from "@kassa/tsconfig/tsup.mjs";
import { defineConfig } from "tsup";

export default defineConfig(library);
