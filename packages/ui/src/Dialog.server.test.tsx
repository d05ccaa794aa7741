// @vitest-environment node
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Button } from "./Button.js";
import { Dialog } from "./Dialog.js";

// Rendered without a DOM, as on the storefront's server.
describe("Dialog on the server", () => {
  it("renders only its trigger, even when open", () => {
    const closed = renderToString(
      <Dialog trigger={<Button>Öppna</Button>} title="Titel" closeLabel="Stäng">
        Innehåll
      </Dialog>,
    );
    expect(closed).toContain("Öppna");
    expect(closed).not.toContain("Titel");

    const open = renderToString(
      <Dialog open title="Titel" closeLabel="Stäng">
        Innehåll
      </Dialog>,
    );
    expect(open).not.toContain("Titel");
    expect(open).not.toContain("Innehåll");
  });
});
