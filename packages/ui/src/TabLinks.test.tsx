import { render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { TabLinks } from "./TabLinks.js";

const tabs = [
  { id: "basic", label: "Företagsinformation", href: "?tab=basic" },
  { id: "media", label: "Media", href: "?tab=media" },
  { id: "users", label: "Användare", href: "?tab=users", disabled: true },
];

function RouterLink(props: { to?: string; href?: string; children?: ReactNode }) {
  return (
    <a href={props.href} data-to={props.to}>
      {props.children}
    </a>
  );
}

describe("TabLinks", () => {
  it("renders the tabs as links in a named navigation, the current one marked", () => {
    render(<TabLinks label="Företagets flikar" tabs={tabs} current="basic" />);
    const nav = screen.getByRole("navigation", { name: "Företagets flikar" });
    const links = within(nav).getAllByRole("link");
    const enabled = links.filter((link) => link.getAttribute("aria-disabled") !== "true");
    expect(enabled.map((link) => link.textContent)).toEqual(["Företagsinformation", "Media"]);
    expect(links[0]?.getAttribute("aria-current")).toBe("page");
    expect(links[0]?.getAttribute("href")).toBe("?tab=basic");
    expect(links[1]?.hasAttribute("aria-current")).toBe(false);
  });

  it("announces a disabled tab as a disabled link that leads nowhere (A§2)", () => {
    render(<TabLinks label="Företagets flikar" tabs={tabs} current="basic" />);
    const users = screen.getByRole("link", { name: "Användare" });
    expect(users.getAttribute("aria-disabled")).toBe("true");
    expect(users.hasAttribute("href")).toBe(false);
    // Not in the tab order (an anchor without an address is not focusable): nothing to follow.
    expect(users.hasAttribute("tabindex")).toBe(false);
  });

  it("gives a router link both href and to", () => {
    render(
      <TabLinks
        label="Flikar"
        tabs={tabs.slice(0, 1)}
        current="basic"
        linkComponent={RouterLink}
      />,
    );
    expect(screen.getByRole("link").getAttribute("data-to")).toBe("?tab=basic");
  });
});
