/**
 * The path and query (`/reset-password/?token=…`) of the newest link to `path` in the mails the
 * platform at `platformUrl` keeps for `email` (its outbox, `/dev/mail.json`). Mails are written by
 * a job a moment after the call that asks for them, so the outbox is read again for up to 10 s.
 */
export async function mailLinkTo(
  platformUrl: string,
  email: string,
  path: string,
): Promise<string> {
  for (let attempt = 0; attempt < 40; attempt++) {
    const response = await fetch(`${platformUrl}/dev/mail.json?to=${encodeURIComponent(email)}`);
    const mails = (await response.json()) as { text: string }[];
    for (const mail of mails) {
      const match = mail.text.match(new RegExp(`https?://[^\\s"<>]*${path}\\?token=[^\\s"<>]+`));
      if (match) {
        const url = new URL(match[0]);
        return `${url.pathname}${url.search}`;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no ${path} link to ${email}`);
}
