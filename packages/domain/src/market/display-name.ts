/**
 * Names from the runtime's CLDR data (`Intl.DisplayNames`), remembered: building a DisplayNames
 * costs far more than asking one, and every page names the markets and languages in its header.
 * The memory is bounded, since codes and languages may come from a request.
 */
const MAX_REMEMBERED = 2_000;
const remembered = new Map<string, string>();

export function displayName(type: "region" | "language", code: string, language: string): string {
  const key = `${type}\u0000${language}\u0000${code}`;
  const known = remembered.get(key);
  if (known !== undefined) return known;
  let name: string;
  try {
    name = new Intl.DisplayNames([language], { type }).of(code) ?? code;
  } catch {
    // An unknown language or code: the code itself is still a name a person can read.
    name = code;
  }
  if (remembered.size >= MAX_REMEMBERED) remembered.clear();
  remembered.set(key, name);
  return name;
}
