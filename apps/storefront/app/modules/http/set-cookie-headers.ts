/** Response headers that set each of `cookies` (serialised `Set-Cookie` values). */
export function headersSettingCookies(cookies: readonly string[]): Headers {
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return headers;
}
