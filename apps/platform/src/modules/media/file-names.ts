import { MAX_PRINT_FILE_NAME_LENGTH } from "@kassa/domain";

/**
 * The names company files are kept under. A name is only what the company calls a file (its bytes
 * are stored under a random key), but it is shown, offered as the download's name and used by
 * C§7's PUT to find the file, so it is made plain text and unique within the company.
 */

/** `logo.eps` → `["logo", ".eps"]`; a name without a short extension has none. */
export function splitExtension(name: string): [base: string, extension: string] {
  const match = /^(.+?)(\.[A-Za-z0-9]{1,10})$/.exec(name);
  return match ? [match[1] as string, match[2] as string] : [name, ""];
}

/**
 * A name as sent, made storable: the last part of a path (`C:\fakepath\logo.png` → `logo.png`),
 * without control characters or unpaired surrogates, spaces trimmed, at most
 * `MAX_PRINT_FILE_NAME_LENGTH` characters (the base is shortened, the extension kept). A name with
 * nothing left is `file`.
 */
export function storableFileName(sent: string): string {
  const last = sent.split(/[/\\]/).pop() ?? "";
  const plain = last
    .normalize("NFC")
    .replace(/\p{Cc}/gu, "")
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "")
    .trim();
  const name = plain === "" || /^\.+$/.test(plain) ? "file" : plain;
  if (name.length <= MAX_PRINT_FILE_NAME_LENGTH) return name;
  const [base, extension] = splitExtension(name);
  return `${Array.from(base)
    .slice(0, MAX_PRINT_FILE_NAME_LENGTH - extension.length)
    .join("")}${extension}`;
}

/**
 * ADR 0014: a name the company already uses (without regard to case) becomes `name-2.ext`,
 * `name-3.ext`, … `taken` holds the names in use in lower case; the answer is added to it.
 */
export function uniqueFileName(name: string, taken: Set<string>): string {
  let candidate = name;
  const [base, extension] = splitExtension(name);
  for (let number = 2; taken.has(candidate.toLowerCase()); number++) {
    const suffix = `-${number}${extension}`;
    candidate = `${base.slice(0, MAX_PRINT_FILE_NAME_LENGTH - suffix.length)}${suffix}`;
  }
  taken.add(candidate.toLowerCase());
  return candidate;
}

/** C§4: the PNG drawn from a vector file is named after it, `logo.eps` → `logo.png`. */
export function previewFileName(originalName: string): string {
  return `${splitExtension(originalName)[0]}.png`;
}
