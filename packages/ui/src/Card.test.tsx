import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Card } from "./Card.js";

describe("Card", () => {
  it("is a section named by its title, with a footer", () => {
    render(
      <Card
        title="Kolla din e-post"
        headingLevel={1}
        footer={<a href="/login/">Till inloggningen</a>}
      >
        <p>Vi har skickat en länk till anna@example.se.</p>
      </Card>,
    );
    const card = screen.getByRole("region", { name: "Kolla din e-post" });
    expect(screen.getByRole("heading", { level: 1, name: "Kolla din e-post" })).toBeTruthy();
    expect(card.textContent).toContain("Vi har skickat en länk");
    expect(screen.getByRole("link", { name: "Till inloggningen" })).toBeTruthy();
    expect(card.getAttribute("data-tone")).toBe("default");
    expect(card.querySelector("svg")).toBeNull();
  });

  it("uses a level 2 heading by default and shows the tone with colour and icon", () => {
    const { container } = render(
      <Card title="Lösenordet är uppdaterat" tone="success" className="max-w-md">
        Du kan logga in nu.
      </Card>,
    );
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe("Lösenordet är uppdaterat");
    const card = container.firstElementChild as HTMLElement;
    expect(card.className).toContain("border-emerald-200");
    expect(card.className).toContain("max-w-md");
    expect(card.querySelector("svg[aria-hidden='true']")).not.toBeNull();
  });

  it("renders without a title or heading", () => {
    const { container } = render(
      <Card tone="error" headingLevel={3}>
        Länken har gått ut.
      </Card>,
    );
    expect(screen.queryByRole("heading")).toBeNull();
    const card = container.firstElementChild as HTMLElement;
    expect(card.hasAttribute("aria-labelledby")).toBe(false);
    expect(card.className).toContain("border-red-200");
  });
});
