import { firefox } from "@playwright/test";

const b = await firefox.launch({ channel: "moz-firefox", executablePath: "/usr/bin/firefox-esr" });
for (const width of [390, 360, 320]) {
  const p = await b.newPage({ viewport: { width, height: 844 } });
  await p.goto("http://localhost:3500/sv-se");
  await p.getByRole("button", { name: /^Önskelista/ }).waitFor();
  console.log(
    width,
    await p.evaluate(() => {
      const row = document.querySelector("header > div");
      const parts = [...row.children].map(
        (c) => `${c.tagName}:${c.getBoundingClientRect().width.toFixed(0)}`,
      );
      const group = row.querySelector(".ml-auto");
      return [
        document.documentElement.scrollWidth,
        document.documentElement.clientWidth,
        parts.join(" "),
        [...group.children]
          .map((c) => `${c.tagName}:${c.getBoundingClientRect().width.toFixed(0)}`)
          .join(" "),
      ];
    }),
  );
  await p.close();
}
await b.close();
