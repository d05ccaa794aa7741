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
 *   the first page only, at a fixed resolution;
 * - in an empty temporary folder of its own, removed afterwards whatever happens;
 * - under `prlimit` when the machine has it: address space and CPU seconds capped, no core files;
 * - killed (SIGKILL) after the time limit; an output larger than the limit is refused.
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
  /** The largest PNG accepted. @default 20 MiB */
  maxOutputBytes?: number;
  /** @default "gs" (from PATH) */
  ghostscript?: string;
}

export type ConversionFailure = "timeout" | "unreadable" | "too-large" | "no-output";

export class ConversionError extends Error {
  override name = "ConversionError" as const;
  constructor(
    readonly reason: ConversionFailure,
    message: string,
  ) {
    super(message);
  }
}

const PRLIMIT = "/usr/bin/prlimit";

/** The command line: Ghostscript's arguments, behind `prlimit` when it is there. */
export function conversionCommand(
  inputPath: string,
  outputPath: string,
  options: Required<Omit<ConvertOptions, "maxOutputBytes">>,
): { file: string; args: string[] } {
  const gsArgs = [
    "-dSAFER",
    "-dBATCH",
    "-dNOPAUSE",
    "-dQUIET",
    "-dNOPROMPT",
    "-dEPSCrop",
    "-dFirstPage=1",
    "-dLastPage=1",
    "-sDEVICE=pngalpha",
    `-r${options.resolution}`,
    `-sOutputFile=${outputPath}`,
    "-f",
    inputPath,
  ];
  if (!existsSync(PRLIMIT)) return { file: options.ghostscript, args: gsArgs };
  const cpuSeconds = Math.max(1, Math.ceil(options.timeoutMs / 1000));
  return {
    file: PRLIMIT,
    args: [
      `--as=${options.memoryBytes}`,
      `--cpu=${cpuSeconds}`,
      "--core=0",
      "--",
      options.ghostscript,
      ...gsArgs,
    ],
  };
}

function run(file: string, args: string[], cwd: string, timeoutMs: number) {
  return new Promise<{ timedOut: boolean; failed: boolean; stderr: string }>((resolve) => {
    execFile(
      file,
      args,
      // No shell; an empty environment but the path, so nothing of the platform's leaks in.
      { cwd, timeout: timeoutMs, killSignal: "SIGKILL", env: { PATH: process.env.PATH ?? "" } },
      (error, _stdout, stderr) => {
        // Killed by the time limit here, or by the CPU limit of prlimit (SIGXCPU, then SIGKILL).
        const signal = error && "signal" in error ? error.signal : null;
        const timedOut =
          Boolean(error && "killed" in error && error.killed) ||
          signal === "SIGXCPU" ||
          signal === "SIGKILL";
        resolve({ timedOut, failed: Boolean(error), stderr: String(stderr) });
      },
    );
  });
}

/** Converts the first page of an EPS, AI or PostScript file to a PNG. */
export async function convertToPng(
  input: Uint8Array,
  options: ConvertOptions = {},
): Promise<Buffer> {
  const settings = {
    timeoutMs: options.timeoutMs ?? 15_000,
    resolution: options.resolution ?? 150,
    memoryBytes: options.memoryBytes ?? 768 * 1024 * 1024,
    ghostscript: options.ghostscript ?? "gs",
  };
  const maxOutputBytes = options.maxOutputBytes ?? 20 * 1024 * 1024;
  const folder = await mkdtemp(join(tmpdir(), "kassa-convert-"));
  try {
    const inputPath = join(folder, "input");
    const outputPath = join(folder, "output.png");
    await writeFile(inputPath, input, { mode: 0o600 });
    const { file, args } = conversionCommand(inputPath, outputPath, settings);
    const result = await run(file, args, folder, settings.timeoutMs);
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
    if (output.size > maxOutputBytes) {
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
