// Types of start.mjs for the TypeScript tests and benchmarks that import it.

/** The VCL the script runs (deploy/varnish/kassa.vcl). */
export declare const VCL_FILE: string;

/** varnishd's path, or undefined when Varnish is not installed. */
export declare function findVarnishd(): string | undefined;

export interface StartVarnishOptions {
  /** Where Varnish listens, `host:port`; port 0 picks a free one. Default `127.0.0.1:6081`. */
  listen?: string;
  /** The storefront, `host:port`. */
  backend: string;
  /** varnishd's work folder (`-n`); default a new temporary one, removed by `stop()`. */
  workDir?: string;
  /** The cache's size (`malloc` storage), e.g. `256m` (the default). */
  memory?: string;
  /** Leave varnishd's own output out of stderr. */
  quiet?: boolean;
}

export interface StartedVarnish {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  url: string;
  /** The work folder: `varnishlog -n <workDir>`, `varnishadm -n <workDir>`. */
  workDir: string;
  /** Settles when varnishd ends, by stop() or on its own. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Stops varnishd (SIGTERM) and removes a temporary work folder. */
  stop(): Promise<void>;
}

export declare function startVarnish(options: StartVarnishOptions): Promise<StartedVarnish>;
