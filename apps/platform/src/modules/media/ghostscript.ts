import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * EPS, AI and PostScript to PNG with Ghostscript (C§4 "vector files converted"), treating every
 * upload as hostile (`platform-contract.md`: `-dSAFER` has had bypasses):
 *
 * - in its own process, so a conversion never blocks the platform's event loop;
 * - `-dSAFER` (no file access beyond its own input and output, no `%pipe%`), `-dNOPAUSE -dBATCH`,
 *   the first page only, at a fixed resolution, its band list in memory (`BandListStorage`), so
 *   that the PNG is the only file it writes;
 * - in an empty temporary folder of its own (also its `TMPDIR`), removed afterwards whatever
 *   happens;
 * - under `prlimit` (util-linux): address space, CPU seconds and the size of any file it writes
 *   capped, no core files. Without `prlimit` nothing is converted (issue 28: it used to run
 *   unlimited then): an EPS could fill the memory or, drawing a huge page, the disk;
 * - killed (SIGKILL) after the time limit; an output larger than the limit is refused (the kernel
 *   stops the process the moment its file passes it: `SIGXFSZ`).
 *
 * A failure is a {@link ConversionError} whose `reason` a caller turns into a message.
 */

export interface ConvertOptions {
  /** Wall-clock limit of one conversion. @default 15000 */
  timeoutMs?: number;
  /** Dots per inch of the PNG. @default 150 */
  resolution?: number;
  /** Address space of the Ghostscript process, in bytes. @default 768 MiB */
  memoryBytes?: number;
  /** The largest PNG accepted, and the largest file Ghostscript may write. @default 20 MiB */
  maxOutputBytes?: number;
  /** @default "gs" (from PATH) */
  ghostscript?: string;
  /** The program that sets the limits. @default "/usr/bin/prlimit" */
  prlimit?: string;
}

export type ConversionFailure =
  | "timeout"
  | "unreadable"
  | "too-large"
  | "no-output"
  /** The limits cannot be set (no `prlimit`): nothing is converted. */
  | "unavailable";

export class ConversionError extends Error {
  override name = "ConversionError" as const;
  constructor(
    readonly reason: ConversionFailure,
    message: string,
  ) {
    super(message);
  }
}

/** Where Debian's util-linux keeps it. */
export const PRLIMIT = "/usr/bin/prlimit";

/** Whether conversions can run under their limits here (`prlimit` is there). */
export function conversionLimitsAvailable(prlimit = PRLIMIT): boolean {
  return existsSync(prlimit);
}

function limitsUnavailable(prlimit: string): ConversionError {
  return new ConversionError(
    "unavailable",
    `The converter cannot run here: ${prlimit} (util-linux), which limits it, is missing`,
  );
}

/** The command line: Ghostscript's arguments behind `prlimit`. */
export function conversionCommand(
  inputPath: string,
  outputPath: string,
  options: Required<ConvertOptions>,
): { file: string; args: string[] } {
  if (!conversionLimitsAvailable(options.prlimit)) throw limitsUnavailable(options.prlimit);
  const gsArgs = [
    "-dSAFER",
    "-dBATCH",
    "-dNOPAUSE",
    "-dQUIET",
    "-dNOPROMPT",
    "-dEPSCrop",
    "-dFirstPage=1",
    "-dLastPage=1",
    // A page too large to draw in one piece is drawn in bands, kept in memory (under the address
    // space limit) rather than in temporary files.
    "-sBandListStorage=memory",
    "-sDEVICE=pngalpha",
    `-r${options.resolution}`,
    `-sOutputFile=${outputPath}`,
    "-f",
    inputPath,
  ];
  const cpuSeconds = Math.max(1, Math.ceil(options.timeoutMs / 1000));
  return {
    file: options.prlimit,
    args: [
      `--as=${options.memoryBytes}`,
      `--cpu=${cpuSeconds}`,
      // No file it writes grows past the largest PNG taken: a huge page cannot fill the disk.
      `--fsize=${options.maxOutputBytes}`,
      "--core=0",
      "--",
      options.ghostscript,
      ...gsArgs,
    ],
  };
}

interface RunResult {
  timedOut: boolean;
  /** Stopped by the file size limit (`SIGXFSZ`). */
  tooLarge: boolean;
  failed: boolean;
  stderr: string;
}

function run(file: string, args: string[], cwd: string, timeoutMs: number) {
  return new Promise<RunResult>((resolve) => {
    execFile(
      file,
      args,
      // No shell; an empty environment but the path and a temporary folder of its own, so nothing
      // of the platform's leaks in.
      {
        cwd,
        timeout: timeoutMs,
        killSignal: "SIGKILL",
        env: { PATH: process.env.PATH ?? "", TMPDIR: cwd },
      },
      (error, _stdout, stderr) => {
        // Killed by the time limit here, or by the CPU limit of prlimit (SIGXCPU, then SIGKILL).
        const signal = error && "signal" in error ? error.signal : null;
        const timedOut =
          Boolean(error && "killed" in error && error.killed) ||
          signal === "SIGXCPU" ||
          signal === "SIGKILL";
        resolve({
          timedOut,
          tooLarge: signal === "SIGXFSZ",
          failed: Boolean(error),
          stderr: String(stderr),
        });
      },
    );
  });
}

/** Converts the first page of an EPS, AI or PostScript file to a PNG. */
export async function convertToPng(
  input: Uint8Array,
  options: ConvertOptions = {},
): Promise<Buffer> {
  const settings: Required<ConvertOptions> = {
    timeoutMs: options.timeoutMs ?? 15_000,
    resolution: options.resolution ?? 150,
    memoryBytes: options.memoryBytes ?? 768 * 1024 * 1024,
    maxOutputBytes: options.maxOutputBytes ?? 20 * 1024 * 1024,
    ghostscript: options.ghostscript ?? "gs",
    prlimit: options.prlimit ?? PRLIMIT,
  };
  // Before anything is written: without its limits, nothing runs.
  if (!conversionLimitsAvailable(settings.prlimit)) throw limitsUnavailable(settings.prlimit);
  const folder = await mkdtemp(join(tmpdir(), "kassa-convert-"));
  try {
    const inputPath = join(folder, "input");
    const outputPath = join(folder, "output.png");
    await writeFile(inputPath, input, { mode: 0o600 });
    const { file, args } = conversionCommand(inputPath, outputPath, settings);
    const result = await run(file, args, folder, settings.timeoutMs);
    if (result.tooLarge) {
      throw new ConversionError("too-large", "The converted picture is too large");
    }
    if (result.timedOut) {
      throw new ConversionError("timeout", "The conversion took too long and was stopped");
    }
    if (result.failed) {
      throw new ConversionError("unreadable", "The file could not be converted");
    }
    const output = await stat(outputPath).catch(() => null);
    if (!output || output.size === 0) {
      throw new ConversionError("no-output", "The file has nothing to draw");
    }
    if (output.size > settings.maxOutputBytes) {
      throw new ConversionError("too-large", "The converted picture is too large");
    }
    return await readFile(outputPath);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * Ghostscript's version, or null when it is not installed: the platform says so when it starts,
 * since without it every EPS, AI and PostScript upload is refused (`conversion_failed`).
 */
export function ghostscriptVersion(ghostscript = "gs"): Promise<string | null> {
  return new Promise((resolve) => {
    execFile(ghostscript, ["--version"], { timeout: 5000 }, (error, stdout) =>
      resolve(error ? null : String(stdout).trim()),
    );
  });
}
