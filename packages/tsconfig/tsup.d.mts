/** The shared tsup options of the library packages; spread them into `defineConfig`. */
export interface LibraryOptions {
  readonly entry: string[];
  readonly bundle: false;
  readonly format: "esm"[];
  readonly dts: { entry: string; compilerOptions: { composite: false } };
  readonly sourcemap: true;
  readonly clean: true;
  readonly target: "es2022";
}

export declare const library: LibraryOptions;
