import { SEED_PRINT_FILES, SEED_USERS } from "@kassa/platform/testing";
import { axeViolations } from "./accessibility";
import { expect, type Locator, type Page, type TestInfo, test } from "./fixtures";
import { expectToast, holdPosts, logInByPost, submitAndSettle } from "./support";

/**
 * The print files card ('Tryckfiler', C§2–C§9) on the company screen's media tab, as a company's
 * administrator and one of its buyers use it, with JavaScript on (files sent as soon as they are
 * chosen, a converting state, dialogs) and off (a multipart form, a confirmation section).
 *
 * Both projects run side by side on Nordtrade AB: each uploads files with names of its own and
 * deletes them again, so the company stays within its ten files.
 */

const ADMIN = SEED_USERS.companyAdmin;
const BUYER = SEED_USERS.companyBuyer;
const MEDIA_TAB = `/my-account/company/?company=${SEED_PRINT_FILES.companyId}&tab=media`;

const isJs = (testInfo: TestInfo) => testInfo.project.name === "js-enabled";

/** A 1 × 1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
/** A 72 × 36 pt drawing: a red square beside a blue one. */
const EPS = Buffer.from(
  [
    "%!PS-Adobe-3.0 EPSF-3.0",
    "%%BoundingBox: 0 0 72 36",
    "1 0 0 setrgbcolor 0 0 36 36 rectfill",
    "0 0 1 setrgbcolor 36 0 36 36 rectfill",
    "showpage",
    "%%EOF",
    "",
  ].join("\n"),
  "latin1",
);

async function expectAccessible(page: Page) {
  const found = await axeViolations(page);
  expect(found).toEqual([]);
}

const card = (page: Page) => page.getByTestId("print-files");
const fileRow = (page: Page, name: string) =>
  page.getByTestId("print-file").filter({ has: page.getByText(name, { exact: true }) });
const fileInput = (page: Page) => card(page).getByLabel("Välj filer");

/** Chooses files in the widget: with JavaScript they go at once, without it the form is posted. */
async function upload(
  page: Page,
  js: boolean,
  files: { name: string; mimeType: string; buffer: Buffer }[],
) {
  await fileInput(page).setInputFiles(files);
  if (!js) await submitAndSettle(page, card(page).getByRole("button", { name: "Ladda upp" }));
}

/** The download link's answer, as the browser gets it from the platform's signed URL. */
async function download(page: Page, link: Locator) {
  const href = await link.getAttribute("href");
  if (!href) throw new Error("the download link has no href");
  return { href, response: await page.request.get(href) };
}

test("an administrator uploads a PNG and an EPS, sees the preview, downloads, edits and deletes them", async ({
  page,
}, testInfo) => {
  const js = isJs(testInfo);
  const stamp = `${testInfo.project.name}-${Date.now()}`;
  const png = `e2e-logo-${stamp}.png`;
  const eps = `e2e-emblem-${stamp}.eps`;

  await logInByPost(page, ADMIN.email);
  await page.goto(`/my-account/company/?company=${SEED_PRINT_FILES.companyId}`);
  await page.getByRole("link", { name: "Tryckfiler" }).click();
  await expect(page).toHaveURL(/tab=media/);
  await expect(card(page).getByRole("heading", { name: "Tryckfiler", level: 3 })).toBeVisible();
  // The seed's listed files, without the printer's proof and the hidden old logo (C§5).
  for (const file of [
    SEED_PRINT_FILES.logo,
    SEED_PRINT_FILES.vectorLogo,
    SEED_PRINT_FILES.emblem,
  ]) {
    await expect(fileRow(page, file.filename)).toBeVisible();
  }
  await expect(page.getByText(SEED_PRINT_FILES.proof.filename)).toHaveCount(0);
  await expect(page.getByText(SEED_PRINT_FILES.oldLogo.filename)).toHaveCount(0);
  if (js) await expectAccessible(page);

  // C§4: while a vector file is on its way the zone says it is being converted. The post is held
  // back until that state has been seen.
  const post = js ? await holdPosts(page, "**/my-account/company/**") : undefined;
  await upload(page, js, [
    { name: png, mimeType: "image/png", buffer: PNG },
    { name: eps, mimeType: "application/postscript", buffer: EPS },
  ]);
  if (post) {
    await post.releaseAfter(
      expect(card(page).getByText("Logotypen konverteras och laddas upp…")).toBeVisible(),
    );
  }
  await expectToast(page, "2 filer har laddats upp");
  if (js) await page.unroute("**/my-account/company/**");

  const pngRow = fileRow(page, png);
  const epsRow = fileRow(page, eps);
  await expect(pngRow).toBeVisible();
  await expect(pngRow.getByText("Logotyp: Sekundär")).toBeVisible();
  // The EPS is shown by the PNG the platform drew from it.
  await expect(epsRow.getByText("Konverterad till PNG")).toBeVisible();
  const preview = epsRow.getByRole("img", { name: `Förhandsvisning av ${eps}` });
  await expect(preview).toBeVisible();
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(150);

  // Download: the bytes as uploaded, as an attachment.
  const { href, response } = await download(
    page,
    pngRow.getByRole("link", { name: `Ladda ner ${png}` }),
  );
  expect(response.status()).toBe(200);
  expect(response.headers()["content-disposition"]).toContain("attachment");
  expect(Buffer.from(await response.body()).equals(PNG)).toBe(true);

  // Bad input is named under the drop zone: a type a printer cannot take, a file already there.
  await upload(page, js, [
    { name: `notes-${stamp}.txt`, mimeType: "text/plain", buffer: Buffer.from("hello") },
    { name: png, mimeType: "image/png", buffer: PNG },
  ]);
  const errors = page.locator("#print-file-input-errors");
  await expect(errors.getByText(`notes-${stamp}.txt: filtypen stöds inte`)).toBeVisible();
  await expect(errors.getByText(`${png}: filen har redan laddats upp`)).toBeVisible();
  await expectToast(page, "2 filer kunde inte laddas upp");
  await expect(fileRow(page, png)).toHaveCount(1);

  // The details: logo type and description (C§7 PUT).
  await pngRow.getByLabel(`Ändra uppgifter för ${png}`).click();
  await pngRow.getByLabel("Logotyp").selectOption("alternative");
  await pngRow.getByLabel("Beskrivning").fill("Till tygkassar");
  await submitAndSettle(page, pngRow.getByRole("button", { name: "Spara" }));
  await expectToast(page, "Filens uppgifter har sparats");
  await expect(fileRow(page, png).getByText("Logotyp: Alternativ")).toBeVisible();
  await expect(fileRow(page, png).getByText("Till tygkassar")).toBeVisible();

  // Delete, after C§2's confirmation; the EPS takes its preview with it.
  for (const name of [png, eps]) {
    if (js) {
      await fileRow(page, name)
        .getByRole("button", { name: `Ta bort ${name}` })
        .click();
      const dialog = page.getByRole("dialog", { name: "Ta bort filen?" });
      await expect(
        dialog.getByText(`Är du säker på att du vill ta bort ${name}? Det går inte att ångra.`),
      ).toBeVisible();
      await submitAndSettle(page, dialog.getByRole("button", { name: "Ta bort filen" }));
    } else {
      await fileRow(page, name)
        .getByRole("link", { name: `Ta bort ${name}` })
        .click();
      const section = page.getByTestId("remove-file-section");
      await expect(
        section.getByText(`Är du säker på att du vill ta bort ${name}? Det går inte att ångra.`),
      ).toBeVisible();
      await submitAndSettle(page, section.getByRole("button", { name: "Ta bort filen" }));
    }
    await expectToast(page, "Filen har tagits bort");
    await expect(fileRow(page, name)).toHaveCount(0);
  }
  // A deleted file's URL no longer answers.
  expect((await page.request.get(href)).status()).toBe(404);
});

test("a buyer sees, previews and downloads the print files but cannot change them", async ({
  page,
}) => {
  await logInByPost(page, BUYER.email);
  await page.goto(MEDIA_TAB);
  await expect(
    card(page).getByText("Du kan se och ladda ner företagets tryckfiler."),
  ).toBeVisible();
  const logo = fileRow(page, SEED_PRINT_FILES.logo.filename);
  await expect(logo.getByText("Logotyp: Primär")).toBeVisible();
  await expect(fileInput(page)).toHaveCount(0);
  await expect(card(page).getByRole("button", { name: /^Ta bort/ })).toHaveCount(0);
  await expect(card(page).getByRole("link", { name: /^Ta bort/ })).toHaveCount(0);
  await expect(card(page).locator("summary")).toHaveCount(0);
  const { response } = await download(
    page,
    logo.getByRole("link", { name: `Ladda ner ${SEED_PRINT_FILES.logo.filename}` }),
  );
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/png");
});

test("the upload widget is reached by keyboard", async ({ page }) => {
  await logInByPost(page, ADMIN.email);
  await page.goto(MEDIA_TAB);
  await card(page).getByRole("heading", { name: "Tryckfiler", exact: true }).click();
  let reached = false;
  for (let press = 0; press < 10 && !reached; press++) {
    await page.keyboard.press("Tab");
    reached = await fileInput(page).evaluate((input) => input === document.activeElement);
  }
  expect(reached).toBe(true);
  // The zone shows where the focus is.
  const outline = await page
    .getByTestId("drop-zone")
    .evaluate((zone) => getComputedStyle(zone).outlineStyle);
  expect(outline).toBe("solid");
});

for (const language of ["fi", "en"] as const) {
  const texts =
    language === "fi"
      ? { tab: "Painotiedostot", choose: "Valitse tiedostot", download: "Lataa" }
      : { tab: "Print files", choose: "Choose files", download: "Download" };

  test(`the print files card in ${language} passes axe and speaks ${language}`, async ({
    page,
  }, testInfo) => {
    test.skip(!isJs(testInfo), "axe runs as a script in the page");
    await logInByPost(page, ADMIN.email);
    await page.goto(`${MEDIA_TAB}&lng=${language}`);
    await expect(card(page).getByRole("heading", { name: texts.tab, level: 3 })).toBeVisible();
    await expect(card(page).getByLabel(texts.choose)).toBeAttached();
    await expect(
      card(page).getByRole("link", { name: `${texts.download} ${SEED_PRINT_FILES.logo.filename}` }),
    ).toBeVisible();
    await expectAccessible(page);
  });
}
