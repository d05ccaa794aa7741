import { PRINT_FILE_PROBLEMS, type PrintFileProblem } from "@kassa/domain";
import type { TranslationKey } from "@kassa/i18n";
import type { PrintFileLimitsView } from "./print-files-view";

type Translate = (key: TranslationKey, options?: Record<string, unknown>) => string;

/**
 * The message of one refused file (C§5 widget messages), in the page's language: the same text
 * whether the browser found the problem before sending or the server after.
 */
export function printFileProblemText(
  t: Translate,
  problem: PrintFileProblem,
  file: string,
  limits: PrintFileLimitsView,
): string {
  const max =
    problem === "too_large" ? limits.maxSizeMb : problem === "too_many" ? limits.maxFiles : "";
  return t(PRINT_FILE_PROBLEMS[problem].key as TranslationKey, { file, max });
}
